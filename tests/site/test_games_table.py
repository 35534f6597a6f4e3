"""The games' table (:mod:`build_scripts.games`) is the one place that says which games a
site has: the plugin's steps name no game, a game entered in the table alone has its board
block read and drawn, and each game's rulesets, words and sheets are the engine's and the
word tables' own."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from build_scripts import fences, games, printables
from build_scripts import words as build_words
from build_scripts.board_blocks import BoardDrawing
from build_scripts.labels import label
from engine import awithlaknannai, zohn_ahl
from engine.words import LANGUAGES, table

ROOT = Path(__file__).resolve().parents[2]

#: The modules that hold a game's own code, which the table points to: the two games'
#: readings and drawings of a block, the puzzles and the answer checks (with the engine's
#: commands of their game), the Zohn Ahl lab, the answer fields and the student pages'
#: links of an Awithlaknannai board, and the engine's files of each game the runtime copies.
GAME_MODULES = {
    "games",
    "board_blocks",
    "puzzle_blocks",
    "answer_blocks",
    "answer_fields",
    "student_nav",
    "lab",
    "lab_figures",
    "runtime",
}


def _named_games(path: Path, names: set[str]) -> list[tuple[int, str]]:
    """The string constants of a module's code (its docstrings aside) that name a game or
    one of its engine's commands (``zohn-ahl``, ``awithlaknannai.new``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            docstrings.add(id(body[0].value))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and (node.value in names or node.value.split(".")[0] in names)
    ]


def test_no_step_of_the_plugin_names_a_game():
    names = set(games.BOARDS)
    steps = [
        path
        for path in sorted((ROOT / "build_scripts").glob("*.py"))
        if path.stem not in GAME_MODULES
    ]
    assert len(steps) > 20
    named = {path.name: found for path in steps if (found := _named_games(path, names))}
    assert named == {}, "these steps name a game; give the table what they need to know"


def _fake_board(text: str, lesson: bool, aids: bool, student: bool) -> dict[str, object]:
    return {"game": "fox-and-geese", "id": None, "caption": text.strip() or None, "view": {}}


FAKE = games.Game(
    "fox-and-geese",
    _fake_board,
    BoardDrawing(
        lambda config, lang, element_id: (f'<svg data-lang="{lang}"></svg>', None),
        lambda config, lang: {"game": "fox-and-geese", "lang": lang, "static": True},
        lambda config: [("new", False), ("link", False)],
        {"rulesets": ("cross",)},
    ),
    ("cross",),
    "{ruleset}",
    "nobody",
)


def test_a_game_entered_in_the_table_alone_has_its_board_block_read_and_drawn(monkeypatch):
    drawn: list[dict[str, object]] = []

    def svg(command: str, args: dict[str, object]) -> dict[str, str]:
        drawn.append(args)
        return {"svg": "<svg></svg>"}

    monkeypatch.setitem(games.BOARDS, FAKE.name, FAKE)
    monkeypatch.setattr("build_scripts.board_blocks.protocol.dispatch", svg)
    html = fences.render_block("fox-and-geese", "caption: A fox", "fr", set(), 3)
    assert 'data-game="fox-and-geese"' in html and 'id="fox-and-geese-3"' in html
    assert '<svg data-lang="fr"></svg>' in html and "A fox" in html
    assert "&quot;rulesets&quot;:[&quot;cross&quot;]" in html
    assert html.count('class="board-button"') == 2 and 'data-action="link"' in html
    assert drawn == [{"game": "fox-and-geese", "lang": "fr", "static": True}]


@pytest.mark.parametrize("game", games.GAMES, ids=lambda game: game.name)
def test_a_game_s_rulesets_are_its_engine_s_and_have_their_words(game):
    engine = {"zohn-ahl": zohn_ahl, "awithlaknannai": awithlaknannai}[game.name]
    assert game.rulesets == tuple(engine.RULESETS)
    for lang in LANGUAGES:
        words = table(lang)["page"]
        assert set(words["rulesetNames"][game.name]) == set(game.rulesets), lang
        assert set(words["rulesetSources"][game.name]) == set(game.rulesets), lang
        assert label(lang, game.name) != game.name, lang


def test_every_sheet_of_the_table_has_its_words_and_every_sheet_s_words_a_drawing():
    cards = build_words.section("rules-cards")
    assert set(printables.SHEETS) == set(games.SHEETS)
    for name, (game, sheet) in games.SHEETS.items():
        assert name in game.sheets
        for lang in LANGUAGES:
            assert len(printables.SHEETS[name][lang]) == 3, (name, lang)
            if sheet.card.rules is not None:
                assert sheet.card.rules in cards[lang], (name, lang)
