"""The words of the interface: one table per language, with the same keys in each."""

from __future__ import annotations

import re
import string

import pytest

from build_scripts import words as build_words
from engine import words
from engine.awithlaknannai import svg as aw_svg
from engine.zohn_ahl import svg as za_svg

# The interface's words (what the engine draws and the page says) and the words only the
# build writes: both kinds of table obey the same rules.
TABLES = pytest.mark.parametrize("tables", [words, build_words], ids=["engine", "build"])
# A word deliberately empty: the rules card's throw table says nothing after a throw that
# gives no other throw.
EMPTY = {("pdfs", "again-no")}


def leaves(table, path=()):
    """Every (path, text) of a table, through nested dicts and lists."""
    if isinstance(table, dict):
        for key, value in table.items():
            yield from leaves(value, (*path, key))
    elif isinstance(table, list | tuple):
        for i, value in enumerate(table):
            yield from leaves(value, (*path, i))
    else:
        yield path, table


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@TABLES
def test_every_key_exists_in_every_language(tables):
    en, fr = (dict(leaves(tables.table(lang))) for lang in words.LANGUAGES)
    assert sorted(map(str, en.keys() - fr.keys())) == [], "missing in French"
    assert sorted(map(str, fr.keys() - en.keys())) == [], "missing in English"


@TABLES
@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_every_word_is_text_and_not_empty(tables, lang):
    bad = [
        path
        for path, text in leaves(tables.table(lang))
        if not isinstance(text, str) or (not text.strip() and path not in EMPTY)
    ]
    assert bad == []


# Where French grammar needs another form of a value than English does, the code gives
# both (``side_lower`` beside ``side``, ``group`` - "les Noirs" - beside ``name``).
SAME_VALUE = {"side_lower": "side", "group": "name"}
# A template may leave out a value its language says otherwise ("d'une case", not "1").
LEFT_OUT = {("page", "narrate", "move", "one"): {"count"}}


@TABLES
def test_the_languages_fill_the_same_values_into_each_template(tables):
    en, fr = (dict(leaves(tables.table(lang))) for lang in words.LANGUAGES)
    differ = {}
    for path, text in en.items():
        a = {SAME_VALUE.get(n, n) for n in placeholders(text)}
        b = {SAME_VALUE.get(n, n) for n in placeholders(fr[path])}
        if a - LEFT_OUT.get(path, set()) != b - LEFT_OUT.get(path, set()):
            differ[path] = (sorted(a), sorted(b))
    assert differ == {}


@TABLES
def test_unknown_language_is_refused_naming_it(tables):
    with pytest.raises(ValueError, match="'de'"):
        tables.table("de")


@pytest.fixture
def fresh_drawings():
    """The boards' unchanging parts are drawn once per language and kept: forget them
    before and after a test that changes a word, so each drawing reads the table again."""
    kept = (za_svg._static_board, aw_svg._static_board)
    for cached in kept:
        cached.cache_clear()
    yield
    for cached in kept:
        cached.cache_clear()


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_the_boards_draw_the_tables_words(monkeypatch, fresh_drawings, lang):
    """A word changed in the table is what the drawings say: nothing else holds it."""
    monkeypatch.setitem(words.table(lang)["zohn-ahl"], "stone", "STONE-WORD")
    monkeypatch.setitem(words.table(lang)["awithlaknannai"], "empty", "EMPTY-WORD")
    assert "STONE-WORD" in za_svg.board_svg("kiowa", lang=lang)
    assert "EMPTY-WORD" in aw_svg.board_svg("culin", lang=lang)


def test_no_interface_word_left_outside_the_tables():
    """The modules that draw or label boards hold no word table of their own."""
    from build_scripts import labels

    assert labels.LABELS == words.section("board")
    assert za_svg.WORDS == words.section("zohn-ahl")
    assert aw_svg.WORDS == words.section("awithlaknannai")
    for module in (za_svg, aw_svg, labels):
        source = open(module.__file__, encoding="utf-8").read()
        assert not re.search(r'^\s*"fr"\s*:\s*\{', source, re.M), module.__name__


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_each_button_name_contains_its_visible_words(lang):
    """A speech-input user says what they see (WCAG 2.5.3, label in name): a button's
    accessible name holds its visible text."""
    board = words.table(lang)["board"]
    for key in board:
        if key.endswith("-name"):
            visible = board[key.removesuffix("-name")]
            assert visible.lower() in board[key].lower(), (key, visible, board[key])


def test_no_build_word_left_outside_the_tables():
    """The modules that write pages, printables, charts and lab figures read their words
    from the tables too: none holds a French table of its own."""
    from build_scripts import (
        corrections,
        grades,
        lab,
        offline,
        printable_pdfs,
        printables,
        puzzle_blocks,
    )
    from engine.awithlaknannai import graph
    from engine.zohn_ahl import chances, charts

    assert charts.WORDS == words.section("charts")
    assert corrections.WORDS == build_words.section("corrections")
    modules = (corrections, grades, lab, offline, printable_pdfs, printables, puzzle_blocks)
    for module in (*modules, graph, chances, charts):
        source = open(module.__file__, encoding="utf-8").read()
        assert not re.search(r'^\s*"fr"\s*:', source, re.M), module.__name__
