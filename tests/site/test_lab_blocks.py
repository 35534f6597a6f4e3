"""The probability lab's blocks (```` ```zohn-ahl-lab ````): rendered from the solver at
build time, refused loudly (naming the file and the line) when malformed."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

from build_scripts import lab


def page(path: str, **meta: object) -> SimpleNamespace:
    return SimpleNamespace(file=SimpleNamespace(src_path=path, src_uri=path), meta=meta)


def test_a_block_becomes_static_tables_in_the_page_language():
    md = "# Lab\n\n```zohn-ahl-lab\npart: dice\n```\n\nAfter.\n"
    en = lab.lab_markdown(md, page("teachers/lab.md"))
    assert "```zohn-ahl-lab" not in en and "After." in en
    assert 'data-lab="dice"' in en and "Chance of throwing again: 3/8" in en
    fr = lab.lab_markdown(md, page("teachers/lab.fr.md"))
    assert "Chance de relancer : 3/8" in fr


def test_a_block_shown_inside_another_fence_is_left_alone():
    md = "````markdown\n```zohn-ahl-lab\npart: nonsense\n```\n````\n"
    assert lab.lab_markdown(md, page("authoring.md")) == md


def test_the_comeback_table_grows_with_the_counters():
    html = lab.render("comeback", "en", 2)
    assert len(re.findall(r"<tr><th scope='row'>\d</th>", html)) == 3


@pytest.mark.parametrize(
    "body,quoted",
    [
        ("part: everything", "'everything'"),
        ("part: dice\nspeed: 3", "'speed: 3'"),
        ("part: rulesets\ncounters: 9", "'9'"),
        ("part: tally\naids: maybe", "'maybe'"),
        ("", "None"),
    ],
)
def test_a_bad_block_stops_the_build_naming_the_file_and_line(body, quoted):
    md = f"Intro\n\n```zohn-ahl-lab\n{body}\n```\n"
    with pytest.raises(PluginError) as info:
        lab.lab_markdown(md, page("teachers/bad.md"))
    message = str(info.value)
    assert "teachers/bad.md" in message and "line 3" in message and quoted in message


def test_the_build_figures_are_the_engines_for_fair_sticks():
    # the page shows the build's blocks again when the reader asks for fair sticks: they
    # must be what the engine answers for that bias
    from engine import protocol

    html = lab.render("rulesets", "en", 4)
    rows = re.findall(
        r"<tr data-ruleset='([\w-]+)' data-gully='([\w-]+)'>.*?"
        r"<td data-k='first'>([^<]*)</td><td data-k='length'>([^<]*)</td>"
        r"<td data-k='lap'>([^<]*)</td><td data-k='per_lap'>([^<]*)</td>",
        html,
    )
    assert len(rows) == 5
    for ruleset, gully, first, length, lap, per_lap in rows:
        reply = protocol.dispatch(
            "zohn-ahl.lab", {"bias": "0.5", "ruleset": ruleset, "gully": gully, "counters": 4}
        )
        f = reply["variants"][0]
        assert reply["bias"] == "1/2"
        assert first == f"{100 * f['first']:.2f}%"
        assert length == f"{f['expected_throws']:.1f}"
        assert lap == lab.percent(f["lap_chance_f"], "en")
        assert per_lap == f"{f['throws_per_lap']:.1f}"
    comeback = lab.render("comeback", "en", 4)
    cells = re.findall(r"<td>([^<]*)</td>", comeback)
    reply = protocol.dispatch("zohn-ahl.lab", {"bias": "1/2", "counters": 4})
    expected = [lab.percent(f["comeback"][k], "en") for k in range(1, 8) for f in reply["variants"]]
    assert cells == expected


TALLY_AND_DICE = "```zohn-ahl-lab\npart: dice\n```\n\n```zohn-ahl-lab\npart: tally\n```\n"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_on_a_students_page_the_throws_stay_fair_and_the_tally_only_counts(lang):
    path = "students/lab.md" if lang == "en" else "students/lab.fr.md"
    html = lab.lab_markdown(TALLY_AND_DICE, page(path))
    dice, tally = html.split('data-lab="tally"')
    # the throws: marked as left alone by the bias control, and saying so in words
    assert 'data-lab="dice" data-counters="4" data-aids="off"' in dice
    assert lab.W[lang]["fixed_fair"] in dice.replace("&#x27;", "'")
    # the tally: the counts and the shares, not the counts to expect
    assert 'data-aids="off"' in tally and "data-role='share'" in tally
    assert "data-role='expected'" not in tally and lab.W[lang]["expected_count"] not in tally
    # elsewhere (and on a student page that asks for them) the aids are there
    for other in (page("teachers/lab.md"), page("students/lab.md", aids="on")):
        html = lab.lab_markdown(TALLY_AND_DICE, other)
        assert 'data-aids="off"' not in html and "data-role='expected'" in html
    html = lab.lab_markdown(
        TALLY_AND_DICE.replace("part: tally", "part: tally\naids: on"), page(path)
    )
    dice, tally = html.split('data-lab="tally"')
    assert 'data-aids="off"' in dice and "data-role='expected'" in tally


def test_a_bad_front_matter_aids_names_the_page():
    with pytest.raises(PluginError, match=r"students/lab\.md.*'sometimes'"):
        lab.lab_markdown(TALLY_AND_DICE, page("students/lab.md", aids="sometimes"))
