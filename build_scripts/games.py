"""The games a site's pages may hold, in one table: for each game, the name of its board
block (the engine's name of the game too), how such a block's text becomes the board's
settings and how the board is drawn, its rulesets (the engine's), the further blocks it
brings (its sticks alone, its puzzles), the checks of its answer blocks, the nation whose
game it is and its printable sheets.

The plugin's steps read this table and nothing else to know which games exist: the fences
(:mod:`build_scripts.fences`) which blocks there are and who renders each, the answer
blocks (:mod:`build_scripts.answer_blocks`) which checks a game has, the ruleset markers
(:mod:`build_scripts.ruleset_names`) where a ruleset's entry is, the printables
(:mod:`build_scripts.printables`, :mod:`build_scripts.printable_pdfs`) which sheets to draw
and what their second page holds, the nations' review (:mod:`build_scripts.reviews`,
:mod:`build_scripts.review_packets`) whose game a page is about. A new game is its engine
package, its reading and drawing of a block (as :mod:`build_scripts.board_blocks` has for
these two), its words and one entry here; a new ruleset is the engine's, and its words.

The words stay in the word tables, under the game's name: its rulesets' names and sources
(``rulesetNames``, ``rulesetSources`` of :mod:`engine.words`), its board's accessible name
(:mod:`build_scripts.labels`), its sheets' titles (section ``printables`` of
:mod:`build_scripts.words`, by the sheet's name) and its rules cards (``rules-cards``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from build_scripts import answer_blocks
from build_scripts.block_syntax import Pairs
from build_scripts.board_blocks import (
    AWITHLAKNANNAI_DRAWING,
    AWITHLAKNANNAI_RULESETS,
    ZOHN_AHL_DRAWING,
    ZOHN_AHL_RULESETS,
    BoardDrawing,
    awithlaknannai_config,
    render_sticks,
    zohn_ahl_config,
)
from build_scripts.printables import board_sheet, sticks_sheet
from build_scripts.puzzle_blocks import render_puzzles
from engine.awithlaknannai import svg as aw_svg
from engine.zohn_ahl import svg as za_svg

BoardSettings = Callable[[str, bool, bool, bool], dict[str, Any]]
"""A board block's text, whether its page is for teachers, the page's default for the
boards' aids and whether its page is for students -> the board's settings (raises ``BlockError`` or ``EngineError``)."""

Block = Callable[[str, str, set[str], dict[str, Any]], str]
"""A further block's text, the page's language, the ids already on the page (it adds its
own) and what the build's blocks of its name remember (empty at the start of each build)
-> its HTML."""


@dataclass(frozen=True)
class Answers:
    """The checks of a game's answer blocks (:mod:`build_scripts.answer_blocks`)."""

    checks: tuple[str, ...]
    """The values of the block's ``check`` line."""
    check: Callable[[Pairs, str, str, int], str]
    """The block's keys, its check, its answer and the answer's line -> the answer as a key
    gives it (raises ``BlockError`` for a wrong answer)."""


@dataclass(frozen=True)
class Card:
    """The second page of a sheet's PDF (:mod:`build_scripts.printable_pdfs`)."""

    rules: str | None
    """The rules card's words (section ``rules-cards``), written with the rulesets' names;
    ``None``: no rules but the throw tables, with the note on where the sticks come from."""
    tables: tuple[str, ...] = ()
    """The throw tables (the engine's), after the card's start (or alone)."""
    moves: bool = False
    """The card's ``throws`` and ``water`` are a game of moves' moves and captures
    (section ``rules-card-headings``)."""


@dataclass(frozen=True)
class Sheet:
    """A printable sheet (:mod:`build_scripts.printables`): its title, notes and credit are
    the build's words (section ``printables``, by the sheet's name)."""

    draw: Callable[[str, str], str]
    """The paper (``a4``, ``letter``) and the language -> the sheet's SVG."""
    card: Card


@dataclass(frozen=True)
class Game:
    name: str
    """The board block's name, ```` ```zohn-ahl ````, the game's in the engine, its pages'
    folder (``docs/zohn-ahl/``) and the anchor of its part of the rulesets page."""
    board: BoardSettings
    drawing: BoardDrawing
    """How its board is drawn: the engine's SVGs, its buttons, its menus' choices."""
    rulesets: tuple[str, ...]
    """Its rulesets' ids, as the engine lists them (its ``RULESETS``)."""
    ruleset_anchor: str
    """The anchor of a ruleset's entry on the rulesets page (``{ruleset}``: its id)."""
    nation: str
    """The nation whose game it is: the nation's review covers the game's pages, its part
    of the rulesets page and its sheets (:mod:`build_scripts.reviews`,
    :mod:`build_scripts.review_packets`)."""
    blocks: Mapping[str, Block] = field(default_factory=dict)
    """The game's further blocks, by name."""
    answers: Answers | None = None
    sheets: Mapping[str, Sheet] = field(default_factory=dict)
    """Its printable sheets, by name, in the order the nation's review packet shows them."""


def _zohn_ahl_sheet(name: str, ruleset: str) -> Callable[[str, str], str]:
    """A cloth of ``ruleset``, upright on the page."""
    return partial(board_sheet, name, partial(za_svg.board_svg, ruleset, pieces=False))


def _mosona_sheet(name: str, ruleset: str) -> Callable[[str, str], str]:
    """A board of ``ruleset``, laid along the page (a long board)."""
    return partial(board_sheet, name, partial(aw_svg.board_svg, ruleset, {}), along=True)


GAMES = (
    Game(
        "zohn-ahl",
        lambda text, lesson, aids, student: zohn_ahl_config(text, aids=aids, student=student),
        ZOHN_AHL_DRAWING,
        ZOHN_AHL_RULESETS,
        "{ruleset}",
        "kiowa",
        {"zohn-ahl-sticks": render_sticks},
        Answers(answer_blocks.ZA_CHECKS, answer_blocks.zohn_ahl_answer),
        {
            "zohn-ahl-cloth": Sheet(
                _zohn_ahl_sheet("zohn-ahl-cloth", "kiowa"),
                Card("zohn-ahl-cloth", ("sahe", "culin")),
            ),
            "zohn-ahl-square": Sheet(
                _zohn_ahl_sheet("zohn-ahl-square", "printable"),
                Card("zohn-ahl-square", ("sahe", "globe")),
            ),
            "zohn-ahl-sticks": Sheet(sticks_sheet, Card(None, ("sahe", "globe", "culin"))),
        },
    ),
    Game(
        "awithlaknannai",
        lambda text, lesson, aids, student: awithlaknannai_config(
            text, lesson=lesson, aids=aids, student=student
        ),
        AWITHLAKNANNAI_DRAWING,
        AWITHLAKNANNAI_RULESETS,
        "awithlaknannai",
        "zuni",
        {"awithlaknannai-puzzles": render_puzzles},
        Answers(answer_blocks.AW_CHECKS, answer_blocks.awithlaknannai_answer),
        {
            "mosona-lined": Sheet(
                _mosona_sheet("mosona-lined", "culin"), Card("mosona", moves=True)
            ),
            "mosona-open": Sheet(_mosona_sheet("mosona-open", "open"), Card("mosona", moves=True)),
            "kolowis": Sheet(_mosona_sheet("kolowis", "kolowis"), Card("mosona", moves=True)),
        },
    ),
)

BOARDS = {game.name: game for game in GAMES}
"""The games by their board block's name."""

BLOCKS = {name: render for game in GAMES for name, render in game.blocks.items()}
"""Every game's further blocks, by name."""

ANSWERS = {game.name: game.answers for game in GAMES if game.answers is not None}
"""The games that have answer blocks, by name: their checks."""

SHEETS = {name: (game, sheet) for game in GAMES for name, sheet in game.sheets.items()}
"""Every game's printable sheets by name, each with its game."""

NATIONS = {game.nation: game for game in GAMES}
"""The games by the nation whose game each is."""
