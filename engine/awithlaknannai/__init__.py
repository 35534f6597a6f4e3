"""Awithlaknannai (Zuni): awithlaknan mosona and kolowis awithlaknannai.

Every ruleset is a reconstruction from outsiders' records around 1900 (Culin 1907,
Stevenson 1903) and later readings (Wikipedia's "Awithlaknannai Mosona", the Digital
Ludeme Project); see :mod:`.rulesets` for each one's sources and choices and
``spec/awithlaknannai.md`` for the rules this package implements.

Public API: :data:`BOARDS` / :class:`Board` (geometry), :data:`RULESETS` /
:class:`Ruleset` / :func:`get_ruleset`, :class:`Position`, :class:`Move`, :class:`Game`
(legal moves, push/pop, outcome, perft; and the one game API of :mod:`engine.game_api`),
:func:`random_playout`, :class:`Record`. The fast paths (the computer, the analysis, the
puzzles, the endgame tables, the tools) work on bitboards through :mod:`.kernel`.
"""

from .boards import BOARDS, Board
from .game import Game, MoveAfterEndError, notation_sort_key, random_playout
from .moves import Move
from .position import BLACK, WHITE, Position
from .record import Record
from .rulesets import (
    DEFAULT_RULESET,
    RULESETS,
    STALL_LIMIT,
    STALLS,
    Ruleset,
    check_stall,
    get_ruleset,
)

__all__ = [
    "BOARDS",
    "Board",
    "Game",
    "MoveAfterEndError",
    "notation_sort_key",
    "random_playout",
    "Move",
    "BLACK",
    "WHITE",
    "Position",
    "Record",
    "DEFAULT_RULESET",
    "RULESETS",
    "STALL_LIMIT",
    "STALLS",
    "Ruleset",
    "check_stall",
    "get_ruleset",
]
