"""A position: where the pieces stand, whose turn it is, and the quiet-move counter.

Notation (``spec/awithlaknannai.md``): the three rows top to bottom (t, m, b),
``B`` Black, ``W`` White, ``.`` empty, separated by ``/``; a space; the side to move
(``B`` or ``W``); a space; the number of moves since the last capture (0 to 40). The
start of Mosona: ``WWWWWWWW/WWWW.BBBB/BBBBBBBB B 0``.

Checks made when reading (each a PositionError quoting the text and saying what is
wrong): three rows of the ruleset's board's lengths (8/9/8 on Mosona, 16/15/16 on
Kolowis), only ``B``, ``W`` and ``.``, the side ``B`` or ``W``, the counter a whole number
0..40, at least one piece on the board, and no side with more pieces than it starts with
(12 on Mosona, 23 on Kolowis): a position no game can reach in that way is refused.
"""

from __future__ import annotations

from typing import Any, Literal

from engine.core import PositionError

from .boards import Board
from .rulesets import STALL_LIMIT, Ruleset, get_ruleset

BLACK = 0
WHITE = 1
SIDE_LETTERS = ("B", "W")
SIDE_NAMES = ("Black", "White")


class Position:
    """An immutable position on a ruleset's board.

    Positions compare equal when they place the same pieces on the same points with the
    same side to move and counter (so a position of ``culin`` equals the same placement
    under ``open``: both Mosona boards have the same points, only their lines differ).

    ``black`` and ``white`` are bit masks over point indices (see
    :mod:`engine.awithlaknannai.boards`), ``to_move`` 0 (Black) or 1 (White), ``quiet``
    the moves since the last capture.
    """

    __slots__ = ("ruleset", "black", "white", "to_move", "quiet")

    def __init__(
        self, ruleset: str | Ruleset, black: int, white: int, to_move: int = BLACK, quiet: int = 0
    ) -> None:
        self.ruleset = get_ruleset(ruleset)
        self.black = black
        self.white = white
        self.to_move = to_move
        self.quiet = quiet

    @property
    def board(self) -> Board:
        return self.ruleset.board

    @classmethod
    def start(cls, ruleset: str | Ruleset = "culin") -> Position:
        """The starting position of ``ruleset`` (Black to move, counter 0)."""
        rs = get_ruleset(ruleset)
        black, white = rs.board.start
        return cls(rs, black, white, BLACK, 0)

    @property
    def counts(self) -> tuple[int, int]:
        """(Black's pieces, White's pieces)."""
        return (self.black.bit_count(), self.white.bit_count())

    def piece_at(self, point: str) -> str | None:
        """ "B", "W" or None for the point named ``point``; PositionError for no such point."""
        board = self.ruleset.board
        i = board.index.get(point)
        if i is None:
            raise PositionError(f"{point!r} is not a point of the {board.title} board", input=point)
        if self.black >> i & 1:
            return "B"
        if self.white >> i & 1:
            return "W"
        return None

    def pieces(self) -> dict[str, Literal["B", "W"]]:
        """{point name: "B" or "W"} for every occupied point."""
        out: dict[str, Literal["B", "W"]] = {}
        for i, name in enumerate(self.ruleset.board.points):
            if self.black >> i & 1:
                out[name] = "B"
            elif self.white >> i & 1:
                out[name] = "W"
        return out

    def key(self) -> tuple[int, int, int, int]:
        return (self.black, self.white, self.to_move, self.quiet)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.ruleset.board.points == other.ruleset.board.points and self.key() == other.key()

    def __hash__(self) -> int:
        return hash((self.ruleset.board.size,) + self.key())

    def __repr__(self) -> str:
        return f"Position({str(self)!r}, {self.ruleset.name!r})"

    def __str__(self) -> str:
        board = self.ruleset.board
        rows = []
        for row in board.rows:
            chars = []
            for i in row:
                if self.black >> i & 1:
                    chars.append("B")
                elif self.white >> i & 1:
                    chars.append("W")
                else:
                    chars.append(".")
            rows.append("".join(chars))
        return f"{'/'.join(rows)} {SIDE_LETTERS[self.to_move]} {self.quiet}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "position": str(self),
            "to_move": self.to_move,
            "quiet": self.quiet,
            "counts": list(self.counts),
            "pieces": self.pieces(),
        }

    @classmethod
    def parse(cls, text: str, ruleset: str | Ruleset = "culin") -> Position:
        """Read a position in the specification's notation for ``ruleset``'s board."""
        rs = ruleset if isinstance(ruleset, Ruleset) else get_ruleset(ruleset)
        board = rs.board
        lengths = "/".join(str(len(r)) for r in board.rows)
        if not isinstance(text, str):
            raise PositionError(
                f"{text!r} is not a position: expected text like '{cls.start(rs)}'", input=text
            )
        q = repr(text) if len(text) <= 60 else repr(text[:57] + "…")
        parts = text.split()
        if len(parts) != 3:
            raise PositionError(
                f"{q} is not a position: expected three parts separated by spaces "
                f"(the rows, the side to move, the moves since the last capture), like "
                f"'{cls.start(rs)}'",
                input=text,
            )
        rows_text, side, counter = parts
        rows = rows_text.split("/")
        if len(rows) != 3:
            raise PositionError(
                f"{q} is not a position: expected three rows separated by '/', found {len(rows)}",
                input=text,
            )
        black = white = 0
        for r, (row_text, row) in enumerate(zip(rows, board.rows)):
            name = board.row_names[r]
            if len(row_text) != len(row):
                raise PositionError(
                    f"{q} is not a position on the {board.title} board: row {r + 1} "
                    f"({name}) has {len(row_text)} points, the board needs rows of {lengths}",
                    input=text,
                )
            for ch, i in zip(row_text, row):
                if ch == "B":
                    black |= 1 << i
                elif ch == "W":
                    white |= 1 << i
                elif ch != ".":
                    raise PositionError(
                        f"{q} is not a position: {ch!r} at {board.points[i]} is not "
                        f"B (black), W (white) or . (empty)",
                        input=text,
                    )
        if side not in SIDE_LETTERS:
            raise PositionError(
                f"{q} is not a position: the side to move {side!r} must be B or W", input=text
            )
        if (
            not counter.isdigit()
            or not counter.isascii()
            or len(counter) > 3
            or int(counter) > STALL_LIMIT
        ):
            raise PositionError(
                f"{q} is not a position: the counter {counter[:10]!r} must be a whole number "
                f"of moves since the last capture, 0 to {STALL_LIMIT}",
                input=text,
            )
        pos = cls(rs, black, white, SIDE_LETTERS.index(side), int(counter))
        nb, nw = pos.counts
        if nb + nw == 0:
            raise PositionError(
                f"{q} is not a position: there are no pieces on the board", input=text
            )
        for side_name, n in (("Black", nb), ("White", nw)):
            if n > board.pieces_each:
                raise PositionError(
                    f"{q} is not a position: {side_name} has {n} pieces, more than the "
                    f"{board.pieces_each} each side starts with on the {board.title} board",
                    input=text,
                )
        return pos
