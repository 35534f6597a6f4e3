"""The games whose blocks a page may hold, in one table: for each game, the name of its
board block (the engine's name of the game too), how such a block's text becomes the
board's settings, and the further blocks the game brings (its sticks alone, its puzzles).

The fences (:mod:`build_scripts.fences`) read this table and nothing else to know which
blocks exist and who renders each: a new game's blocks are one entry here, beside its
reading of a block (:mod:`build_scripts.board_blocks`), with no change to the fences or to
the plugin. A game's rulesets are those its block accepts (``ZOHN_AHL_RULESETS``,
``AWITHLAKNANNAI_RULESETS``), checked by the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from build_scripts.board_blocks import (
    awithlaknannai_config,
    render_sticks,
    zohn_ahl_config,
)
from build_scripts.puzzle_blocks import render_puzzles

BoardSettings = Callable[[str, bool, bool, bool], dict[str, Any]]
"""A board block's text, whether its page is for teachers, the page's default for the
boards' aids and whether its page is for students -> the board's settings (raises ``BlockError`` or ``EngineError``)."""

Block = Callable[[str, str, set[str]], str]
"""A further block's text, the page's language and the ids already on the page -> its
HTML (adds its id to them)."""


@dataclass(frozen=True)
class Game:
    name: str
    """The board block's name, ```` ```zohn-ahl ````, and the game's in the engine."""
    board: BoardSettings
    blocks: Mapping[str, Block] = field(default_factory=dict)
    """The game's further blocks, by name."""


GAMES = (
    Game(
        "zohn-ahl",
        lambda text, lesson, aids, student: zohn_ahl_config(text, aids=aids, student=student),
        {"zohn-ahl-sticks": render_sticks},
    ),
    Game(
        "awithlaknannai",
        lambda text, lesson, aids, student: awithlaknannai_config(
            text, lesson=lesson, aids=aids, student=student
        ),
        {"awithlaknannai-puzzles": render_puzzles},
    ),
)

BOARDS = {game.name: game for game in GAMES}
"""The games by their board block's name."""

BLOCKS = {name: render for game in GAMES for name, render in game.blocks.items()}
"""Every game's further blocks, by name."""
