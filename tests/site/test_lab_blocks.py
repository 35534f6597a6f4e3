"""The probability lab's blocks (```` ```zohn-ahl-lab ````): rendered from the solver at
build time, refused loudly (naming the file and the line) when malformed."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

from build_scripts import lab


def page(path: str) -> SimpleNamespace:
    return SimpleNamespace(file=SimpleNamespace(src_path=path, src_uri=path))


def test_a_block_becomes_static_tables_in_the_page_language():
    md = "# Lab\n\n```zohn-ahl-lab\npart: dice\n```\n\nAfter.\n"
    en = lab.on_page_markdown(md, page("teachers/lab.md"), None, None)
    assert "```zohn-ahl-lab" not in en and "After." in en
    assert 'data-lab="dice"' in en and "Chance of throwing again: 3/8" in en
    fr = lab.on_page_markdown(md, page("teachers/lab.fr.md"), None, None)
    assert "Chance de relancer : 3/8" in fr


def test_a_block_shown_inside_another_fence_is_left_alone():
    md = "````markdown\n```zohn-ahl-lab\npart: nonsense\n```\n````\n"
    assert lab.on_page_markdown(md, page("authoring.md"), None, None) == md


def test_the_comeback_table_grows_with_the_counters():
    html = lab.render("comeback", "en", 2)
    assert len(re.findall(r"<tr><th scope='row'>\d</th>", html)) == 3


@pytest.mark.parametrize(
    "body,quoted",
    [
        ("part: everything", "'everything'"),
        ("part: dice\nspeed: 3", "'speed: 3'"),
        ("part: rulesets\ncounters: 9", "'9'"),
        ("", "None"),
    ],
)
def test_a_bad_block_stops_the_build_naming_the_file_and_line(body, quoted):
    md = f"Intro\n\n```zohn-ahl-lab\n{body}\n```\n"
    with pytest.raises(PluginError) as info:
        lab.on_page_markdown(md, page("teachers/bad.md"), None, None)
    message = str(info.value)
    assert "teachers/bad.md" in message and "line 3" in message and quoted in message
