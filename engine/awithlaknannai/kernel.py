"""The bitboard kernel: the two operations every fast path is built from.

A position, seen by the side to move, is three integers: ``own`` and ``enemy`` (bit masks
over the board's point indices, :mod:`.boards`) and ``quiet`` (moves in a row without a
capture). Everything that searches or counts moves (the game's moves and perft, the
computer, the analysis, the puzzles, the endgame tables and the tools that build them)
works on these triples through two functions, written here once:

* :func:`leap_landings`, the leap step: for each class of leaps (pieces of the class's
  mask leap over the point ``s1`` further to the point ``s2`` further again), where the
  side's pieces can land: over an enemy piece, onto an empty point;
* :func:`after`, the apply: the triple after a move, seen by the side that moves next.

A :class:`~.moves.Move` handed out by :class:`~.moves.MoveTables` carries what
:func:`after` needs as public fields: ``moved_bits`` (the bits of its from and to points,
none for a chain that ends where it began) and ``leapt_bits``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .moves import Move

__all__ = ["LeapClass", "after", "leap_landings"]

#: One class of leaps: (mask of the points it leaps from, shift to the leapt point, shift
#: from there to the landing point, the interned single-leap moves by landing point).
LeapClass = tuple[int, int, int, Sequence["Move"]]


def leap_landings(
    classes: Sequence[LeapClass], own: int, enemy: int, empty: int
) -> list[tuple[int, int, Sequence[Move]]]:
    """For every class of ``classes`` with a leap for ``own`` over ``enemy`` onto ``empty``:
    (its landing points as a mask, its second shift, its moves by landing point). The
    leapt pieces of a class are its landing points shifted back by the second shift."""
    out = []
    for mask, s1, s2, moves in classes:
        x = own & mask
        if x:
            x = (x << s1 if s1 > 0 else x >> -s1) & enemy
            if x:
                x = (x << s2 if s2 > 0 else x >> -s2) & empty
                if x:
                    out.append((x, s2, moves))
    return out


def after(move: Move, own: int, enemy: int, quiet: int) -> tuple[int, int, int]:
    """The position after ``move`` (one of the legal moves of ``own``), seen by the side
    that moves next: (its pieces, the mover's pieces, the quiet count: 0 after a capture,
    one more after a step)."""
    leapt = move.leapt_bits  # the leapt pieces are the enemy's, the landing point empty:
    if leapt:  # exclusive or takes them off, and moves the piece, in one operation each
        return enemy ^ leapt, own ^ move.moved_bits, 0
    return enemy, own ^ move.moved_bits, quiet + 1
