"""The named rulesets of Awithlaknannai, each a reconstruction, with its source.

The written accounts (Culin 1907 p. 801; Stevenson 1903 pp. 496-497; Wikipedia's
"Awithlaknannai Mosona", after Culin) agree on the board, the start and the jump capture, and
leave open whether capture is compulsory, whether a piece may capture several times in
one move, the shape of a leap, and how the game ends. ``spec/awithlaknannai.md``
fixes one reading per ruleset; this module holds them as data:

=========  =============  =====  ==========  ========  ========
name       board          lines  capture     multiple  leap
=========  =============  =====  ==========  ========  ========
culin      Mosona         lined  compulsory  yes       straight
open       Mosona         open   compulsory  yes       straight
bent       Mosona         lined  compulsory  yes       bent
ludii      Mosona         lined  optional    no        straight
kolowis    Kolowis        lined  compulsory  yes       straight
=========  =============  =====  ==========  ========  ========

Choices every ruleset shares (all from the specification unless said otherwise):

* Black (bottom) moves first; the centre of the middle row starts empty (Wikipedia;
  Stevenson: "The stones are placed on all the intersections ... except the central
  one. The first player moves to the center, where his "man" is jumped").
* A leapt piece is removed at once (specification, "Moves"), so during a chain its point is
  empty: it cannot be leapt again, and the leaping piece may land there later in the
  chain. The leaping piece's own starting point is empty once it has left it.
* The end: a side with no pieces, or no legal move on its turn, has lost. After 40 moves
  in a row without a capture the game ends (the engine's reading of Wikipedia's "when no
  more captures can be made by either player, the game ends"): a draw, or with the option
  ``stall="majority"`` the side with more pieces wins (equal numbers: a draw). The engine
  checks, in this order: a side without pieces; 40 quiet moves; no legal move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import OptionError, RulesetError

from .boards import BOARDS, Board

STALLS = ("draw", "majority")
"""Values of the ``stall`` option: what 40 moves in a row without a capture mean."""

STALL_LIMIT = 40
"""Moves in a row without a capture (20 by each side) that end the game."""


@dataclass(frozen=True, eq=False)
class Ruleset:
    """One reading of the rules: a board and three switches.

    ``compulsory``: a side that can leap must leap (any piece, any path; it need not take
    the most). ``multiple``: a piece that has leapt must go on leaping while it can, the
    whole chain being one move. ``leap``: "straight" or "bent" (see
    :mod:`engine.awithlaknannai.boards`).
    """

    name: str
    title: str
    board: Board
    compulsory: bool
    multiple: bool
    leap: str
    source: str
    description: str

    def __repr__(self) -> str:
        return f"Ruleset({self.name!r})"

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "board": self.board.name,
            "compulsory": self.compulsory,
            "multiple": self.multiple,
            "leap": self.leap,
            "source": self.source,
            "description": self.description,
        }


RULESETS = {
    "culin": Ruleset(
        "culin",
        "Awithlaknan mosona (Culin)",
        BOARDS["mosona"],
        True,
        True,
        "straight",
        "Wikipedia, 'Awithlaknannai Mosona' (after Culin 1907 p. 801 and fig. 1112).",
        "The default. The 25-point board with lines along the outer rows. Capture is "
        "compulsory (Wikipedia; Culin's account of the opening, where the second player "
        "jumps the piece moved to the centre, suggests it) and a piece that has leapt goes "
        "on leaping while it can. A leap is straight: the jumped piece and the landing "
        "point lie on one line (the specification's reading; Wikipedia's 'need not be in a "
        "straight line' is ruleset bent).",
    ),
    "open": Ruleset(
        "open",
        "Awithlaknan mosona, open outer rows",
        BOARDS["mosona-open"],
        True,
        True,
        "straight",
        "Wikipedia, 'Awithlaknannai Mosona': 'one version has lines missing between the intersection points of the "
        "outer rows'. A figure labelled 'Awithlaknannai' in Murray 1952 (fig. 32) lacks them "
        "too, as Adrian Seville reported in 2000, without saying which of Culin's boards it shows.",
        "As culin, on the board without lines along the outer rows: pieces on the outer "
        "rows can only move towards the middle row.",
    ),
    "bent": Ruleset(
        "bent",
        "Awithlaknan mosona, bent leaps",
        BOARDS["mosona"],
        True,
        True,
        "bent",
        "Wikipedia's wording taken literally: 'The leap need not be in a straight line as "
        "long as the leap follows the pattern on the board.'",
        "As culin, but a leap may turn at the jumped point: it lands on any point joined to "
        "the jumped point by a line, other than the starting point and not joined to it. "
        "This allows a capture on the very first move, which Culin's account of the "
        "opening does not.",
    ),
    "ludii": Ruleset(
        "ludii",
        "Awithlaknan mosona (Digital Ludeme Project)",
        BOARDS["mosona"],
        False,
        False,
        "straight",
        "The Digital Ludeme Project's reading (Ludii, 'Awithlaknan Mosona'): capture is "
        "optional and a move is one step or one leap.",
        "The 25-point lined board; a side may step instead of capturing, and a piece "
        "leaps once per move.",
    ),
    "kolowis": Ruleset(
        "kolowis",
        "Kolowis awithlaknannai",
        BOARDS["kolowis"],
        True,
        True,
        "straight",
        "Culin 1907 p. 801, fig. 1111 ('played like the preceding'), with the board as the "
        "Digital Ludeme Project reads the figure (16, 15 and 16 points) and the capture "
        "rules of culin, Wikipedia's reading of the small board.",
        "The long board of the serpent kolowisi, 23 pieces a side; the rules of culin. "
        "Only the centre point m8 starts empty (Ludii also leaves an end point empty and "
        "Bell, as Seville reports, both ends; the specification keeps only the centre).",
    ),
}

DEFAULT_RULESET = "culin"


def get_ruleset(name: object) -> Ruleset:
    """The ruleset called ``name`` (a Ruleset passes through); RulesetError otherwise."""
    if isinstance(name, Ruleset):
        return name
    if isinstance(name, str) and name in RULESETS:
        return RULESETS[name]
    raise RulesetError(
        f"{name!r} is not an Awithlaknannai ruleset: expected one of " + ", ".join(RULESETS),
        input=name,
    )


def check_stall(stall: object) -> str:
    """Validate the ``stall`` option ("draw" or "majority"); OptionError otherwise."""
    if stall in STALLS:
        return stall
    raise OptionError(
        f"{stall!r} is not a stall option: expected 'draw' or 'majority' "
        "(what 40 moves in a row without a capture mean)",
        input=stall,
    )
