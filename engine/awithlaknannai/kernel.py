"""The bitboard kernel: the two operations every fast path is built from.

A position, seen by the side to move, is three integers: ``own`` and ``enemy`` (bit masks
over the board's point indices, :mod:`.boards`) and ``quiet`` (moves in a row without a
capture). Everything that searches or counts moves (the game's moves and perft, the
computer, the analysis, the puzzles, the endgame tables and the tools that build them)
works on these triples through two functions, written here once:

* :func:`leap_step`, the leap step: where pieces on ``sources`` land when they leap over
  the point ``s1`` further (an enemy piece) to the point ``s2`` further again (an empty
  point); :func:`leap_landings` takes it over every class of leaps of a board;
* :func:`after`, the apply: the triple after a move, seen by the side that moves next.

Both are written with bit operations alone (shifts by a fixed amount, and, exclusive or),
with no test of the masks they are given (only of the move's own constants): they are
typed for one position's integers, and give the same answer, element by element, for
numpy arrays of many positions' masks, which is how the tool that builds the endgame
tables calls them.

A :class:`~.moves.Move` handed out by :class:`~.moves.MoveTables` carries what
:func:`after` needs as public fields: ``moved_bits`` (the bits of its from and to points,
none for a chain that ends where it began) and ``leapt_bits``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .moves import Move

__all__ = ["LeapClass", "after", "leap_landings", "leap_step"]

#: One class of leaps: (mask of the points it leaps from, shift to the leapt point, shift
#: from there to the landing point, the interned single-leap moves by landing point).
LeapClass = tuple[int, int, int, Sequence["Move"]]


def leap_step(sources: int, s1: int, s2: int, enemy: int, empty: int) -> int:
    """The landing points of the pieces on ``sources`` that leap over an ``enemy`` piece
    ``s1`` points further onto an ``empty`` point ``s2`` further again (shifts of either
    sign; the leapt pieces are the landings shifted back by ``s2``)."""
    x = (sources << s1 if s1 > 0 else sources >> -s1) & enemy
    return (x << s2 if s2 > 0 else x >> -s2) & empty


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
            x = leap_step(x, s1, s2, enemy, empty)
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
