"""Student mode at build time: which aids a board's config turns on (the block's own key,
then its ``aids``, then the page's front matter, then where the page lives), a bad value
refused naming the file and the line, and the built pages for students without a link to
the teachers' pages or an answer key (in their navigation or their text)."""

from __future__ import annotations

import html as html_lib
import json
import re
from pathlib import Path

import pytest
from site_build_tools import copy_project, run_build

from build_scripts.block_syntax import BlockError
from build_scripts.board_blocks import awithlaknannai_config, zohn_ahl_config
from build_scripts.fences import BlockFailure, FenceRenderer, render_block

STUDENT = "docs/students/forced-captures.md"
TEACHER = "docs/teachers/forced-captures.md"
READING = "docs/awithlaknannai/rules.md"


def _config(language: str, text: str, src_path: str) -> dict:
    out = render_block(language, text, "en", set(), 1, src_path)
    raw = re.search(r'data-config="([^"]*)"', out).group(1)
    return json.loads(html_lib.unescape(raw))


def _aids(config: dict) -> tuple[bool, bool, bool]:
    return config["aids"], config["hint"], config["analysis"]


def test_the_page_decides_by_default():
    # (aids, hint, analysis)
    assert _aids(_config("awithlaknannai", "", STUDENT)) == (False, False, False)
    assert _aids(_config("awithlaknannai", "", TEACHER)) == (True, False, False)
    assert _aids(_config("awithlaknannai", "", READING)) == (True, True, True)
    za = _config("zohn-ahl", "", STUDENT)
    assert za["aids"] is False and za["chances_offered"] is False
    za = _config("zohn-ahl", "", READING)
    assert za["aids"] is True and za["chances_offered"] is True


def test_a_blocks_own_keys_win_over_the_page():
    assert _aids(_config("awithlaknannai", "aids: on", STUDENT)) == (True, True, True)
    assert _aids(_config("awithlaknannai", "hint: on", STUDENT)) == (False, True, False)
    assert _aids(_config("awithlaknannai", "aids: off", READING)) == (False, False, False)
    assert _aids(_config("awithlaknannai", "aids: off\nanalysis: on", READING)) == (
        False,
        False,
        True,
    )
    # a teacher's page keeps hint and analysis off even with the rings on
    assert _aids(_config("awithlaknannai", "aids: on", TEACHER)) == (True, False, False)
    # a block that asks for the Chances panel has it, closed or open
    assert _config("zohn-ahl", "chances: off", STUDENT)["chances_offered"] is True
    assert _config("zohn-ahl", "chances: on", STUDENT)["chances"] == "on"
    assert zohn_ahl_config("aids: off")["chances_offered"] is False


def test_a_bad_aids_value_in_a_block_names_the_line():
    with pytest.raises(
        BlockError, match=r"line 2 of the block: aids 'maybe' is not one of: on, off"
    ):
        awithlaknannai_config("ruleset: culin\naids: maybe")
    with pytest.raises(BlockError, match=r"aids 'yes'"):
        zohn_ahl_config("aids: yes")


def test_the_front_matter_sets_the_page_default_and_a_bad_one_names_the_file():
    renderer = FenceRenderer()
    # YAML reads a bare on/off as true/false: both spellings are the same
    for value, aids in ((False, False), ("off", False), (True, True), ("on", True)):
        assert renderer.begin_page(READING, "en", "", {"aids": value}).aids is aids
        assert renderer.begin_page(STUDENT, "en", "", {"aids": value}).aids is aids
    assert renderer.begin_page(STUDENT, "en", "", {}).aids is False
    with pytest.raises(BlockFailure, match=r"^docs/students/x\.md: front matter aids 'maybe'"):
        renderer.begin_page("docs/students/x.md", "en", "", {"aids": "maybe"})


def test_a_bad_aids_value_fails_the_build_naming_the_file(tmp_path):
    project = copy_project(tmp_path / "project")
    page = project / "docs" / "students" / "aa-broken.md"
    page.write_text("---\naids: sometimes\n---\n\n# Broken\n\n```zohn-ahl\n```\n", encoding="utf-8")
    proc = run_build(project, tmp_path / "site")
    output = proc.stdout + proc.stderr
    assert proc.returncode != 0, output[-3000:]
    line = next((ln for ln in output.splitlines() if "docs/students/aa-broken.md" in ln), None)
    assert line is not None, output[-3000:]
    assert "aids 'sometimes' is not one of: on, off" in line, line


def _hrefs(html: str, start: str, end: str) -> list[str]:
    i = html.index(start)
    return re.findall(r'href="([^"]*)"', html[i : html.index(end, i)])


def test_student_pages_link_no_teachers_page_and_no_answer_key(site_dir: Path):
    pages = sorted((site_dir / "students").rglob("index.html")) + sorted(
        (site_dir / "fr" / "students").rglob("index.html")
    )
    assert len(pages) == 10
    for path in pages:
        html = path.read_text(encoding="utf-8")
        nav = _hrefs(html, '<nav class="md-nav md-nav--primary"', "md-sidebar--secondary")
        text = _hrefs(html, "<article", "</article>")
        heads = re.findall(r'<link rel="(?:prev|next)" href="([^"]*)"', html)
        assert any("glossary" in h for h in nav), path  # the reading pages stay
        for href in nav + text + heads:
            assert "teachers/" not in href and "answer-key" not in href, (path, href)
        for href in nav:
            assert "printables" not in href, (path, href)
    # the teachers' pages stay in the navigation of the other pages
    home = (site_dir / "index.html").read_text(encoding="utf-8")
    assert any(
        "teachers/" in h
        for h in _hrefs(home, '<nav class="md-nav md-nav--primary"', "md-sidebar--secondary")
    )


def test_a_student_page_linking_the_answers_is_refused():
    from build_scripts.student_nav import answer_links, left_out

    text = (
        '<a href="../../teachers/forced-captures/#exercise-2">the answer</a>'
        '<a href="../../printables/#worksheets">the worksheet</a>'
        '<a href="../../answer-key-forced-captures-a4.pdf">the key</a>'
        '<a href="../two-accounts/">the next lesson</a>'
    )
    assert answer_links(text) == [
        "../../teachers/forced-captures/#exercise-2",
        "../../answer-key-forced-captures-a4.pdf",
    ]
    assert [left_out(p) for p in ("teachers/index.md", "printables.fr.md", "glossary.md")] == [
        True,
        True,
        False,
    ]


def _offers(language: str, text: str, src_path: str) -> tuple[object, object]:
    config = _config(language, text, src_path)
    return config["opponents"], config.get("rulesets")


def test_a_student_pages_boards_offer_only_the_blocks_ruleset_and_opponent():
    aw = "ruleset: bent\nopponent: person\n"
    assert _offers("awithlaknannai", aw, STUDENT) == (["person"], ["bent"])
    assert _offers("awithlaknannai", "opponent: easy\n", STUDENT) == (
        ["person", "computer"],
        ["culin"],
    )
    assert _offers("zohn-ahl", "opponent: person\n", STUDENT) == (["person"], None)
    # elsewhere every choice stays
    opponents, rulesets = _offers("awithlaknannai", aw, TEACHER)
    assert opponents is None and rulesets is not None and len(rulesets) > 1
    assert _offers("zohn-ahl", "", READING) == (None, None)


def test_a_student_page_board_that_could_answer_its_exercise_is_refused(tmp_path):
    from types import SimpleNamespace

    from mkdocs.exceptions import PluginError

    from build_scripts.student_nav import answering_boards, check_student_links

    fixed = render_block("awithlaknannai", "id: fork\nopponent: person\n", "en", set(), 1, STUDENT)
    assert answering_boards(fixed) == []
    loose = render_block("awithlaknannai", "id: fork\nopponent: person\n", "en", set(), 1, TEACHER)
    found = answering_boards(loose)
    assert len(found) == 2 and all(f.startswith("fork: offers the ") for f in found), found
    page = SimpleNamespace(file=SimpleNamespace(src_uri="students/forced-captures.md"))
    with pytest.raises(PluginError, match=r"^students/forced-captures\.md: a board .*fork: "):
        check_student_links(loose, page)  # type: ignore[arg-type]
    assert check_student_links(fixed, page) == fixed  # type: ignore[arg-type]


def test_a_part_that_starts_after_moves_opens_once_the_parts_before_it_are_right():
    from build_scripts.answer_fields import lessons

    fields = {f.id: f for f in lessons(Path("docs"))["forced-captures"].fields}
    assert [fields[i].after for i in ("6.1", "6.2", "6.3", "6.4", "6.5")] == [
        [],
        [],
        ["6.1", "6.2"],
        ["6.1", "6.2"],
        ["6.1", "6.2"],
    ]
    assert fields["8.2"].after == ["8.1"] and fields["4"].after == []


def test_the_student_pages_name_no_answer_of_their_exercises(site_dir: Path):
    """The built pages for students hold no answer of the lesson in their visible text: not
    in an exercise's words, a board's caption or move list, or a part's label (a part that
    starts after an answer holds it hidden until that answer is right)."""
    answers = ("m4xm6", "m7xm5", "b2xt3xt5", "b3xb5xt6", "b3xt4", "b6xt5", "b3-b2", "t1xb1")
    for lang in ("", "fr/"):
        html = (site_dir / lang / "students/forced-captures/index.html").read_text("utf-8")
        article = html[html.index("<article") : html.index("</article>")]
        shown = re.sub(r'<p class="answer-hint"[^>]*hidden>.*?</p>', "", article, flags=re.S)
        shown = re.sub(r"<template.*?</template>|data-[a-z-]+=\"[^\"]*\"", "", shown, flags=re.S)
        for move in answers:
            assert move not in shown, (lang, move)
