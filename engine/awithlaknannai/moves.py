"""Moves: the value type, its notation, and the fast move generator.

Notation (``spec/awithlaknannai.md``, "Notation"):

* a step is ``b4-m5`` (from, to);
* a leap, or a chain of leaps, lists the landing points after ``x``: ``m6xm4xm2``;
* where two different pieces could be leapt on the way to the same landing point (only
  under ruleset ``bent``), the leapt point is written in brackets before the landing
  point: ``t2x(m2)b2``. The long form with brackets is always accepted, on any leap.

Two text forms, each with its one reader, as python-chess pairs a move's UCI text (no
board needed) with its SAN (read in a position):

* ``str(move)`` and :meth:`Move.parse`, the move as a value: every leapt point known is
  written in brackets (``m4x(m5)m6``), so the text names the same move in every position
  and ``Move.parse(str(move)) == move`` for every move (a parsed short form keeps its
  unknown leapt points unknown, and writes them unbracketed again).
* :meth:`engine.awithlaknannai.game.Game.notation` and
  :meth:`engine.awithlaknannai.game.Game.parse_move`, the move in a position (what the
  command line, records and the page show): a leap is bracketed only where, at that
  moment of the chain, two different enemy pieces could be leapt to reach that same
  landing point (the specification's words, read leap by leap; pieces leapt earlier in
  the chain are gone and do not count). Two moves with the same path differ first at
  some leap, and both get brackets there, so the canonical form always names exactly one
  legal move, and ``game.parse_move(game.notation(move)) is move``.

The generator works on bit masks over point indices (see :mod:`.boards`): steps are
grouped by index shift, leaps by their pair of shifts, so a whole side's steps in one
direction cost a few integer operations. Move objects are interned per board and leap
shape: the generator hands out the same object every time, so making moves costs no
allocation in the hot path.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, cast

from engine.core import MoveError

from .kernel import leap_landings

if TYPE_CHECKING:
    from engine.awithlaknannai.boards import Board
    from engine.awithlaknannai.rulesets import Ruleset

_POINT = r"[tmb][1-9][0-9]?"
_STEP_RE = re.compile(rf"^({_POINT})-({_POINT})$")
_LEAP_RE = re.compile(rf"^({_POINT})((?:x(?:\({_POINT}\))?{_POINT})+)$")
_SEG_RE = re.compile(rf"x(?:\(({_POINT})\))?({_POINT})")

_FORMS = (
    "expected a step like 'b4-m5' or a leap chain like 'm6xm4xm2' "
    "(a leapt point may be written in brackets: 't2x(m2)b2')"
)


class Move:
    """One move: a step, or a whole leap chain.

    ``path``: the point names, from then each landing (a step has two). ``captured``: the
    leapt points in order (empty for a step); in a Move made by :meth:`parse` from the
    short form, a leapt point not written in brackets is ``None`` until a game resolves
    it (:meth:`engine.awithlaknannai.game.Game.parse_move`). Moves compare by path and
    captured points.

    Moves handed out by a game are interned and also carry index data for the bitboard
    kernel (:mod:`.kernel`) and the fast paths built on it: ``ids`` (path as point
    indices), ``cap_ids`` (leapt points as indices), ``from_bit`` / ``to_bit`` (bit of the
    from / to point), ``moved_bits`` (their exclusive or: 0 for a chain back to its
    start), ``leapt_bits`` (bit mask of the leapt points), ``tables`` (the
    :class:`MoveTables` that made it; None for a move made from its text).
    """

    __slots__ = (
        "path",
        "captured",
        "ids",
        "cap_ids",
        "from_bit",
        "to_bit",
        "moved_bits",
        "leapt_bits",
        "tables",
        "_hash",
    )

    def __init__(self, path: Iterable[str], captured: Iterable[str | None] = ()) -> None:
        self.path: tuple[str, ...] = tuple(path)
        self.captured: tuple[str | None, ...] = tuple(captured)
        if len(self.path) < 2:
            raise MoveError(f"a move needs at least two points, got {self.path!r}", input=self.path)
        if self.captured and len(self.captured) != len(self.path) - 1:
            raise MoveError(
                f"a leap chain over {len(self.captured)} points needs "
                f"{len(self.captured) + 1} points in its path, got {self.path!r}",
                input=self.path,
            )
        self.ids: tuple[int, ...] | None = None  # set when a MoveTables interns the move
        self.cap_ids: tuple[int, ...] | None = None
        self.from_bit = self.to_bit = self.moved_bits = self.leapt_bits = 0
        self.tables: MoveTables | None = None
        self._hash = hash((self.path, self.captured))

    @property
    def is_capture(self) -> bool:
        """True for a leap (chain)."""
        return bool(self.captured)

    @property
    def from_point(self) -> str:
        return self.path[0]

    @property
    def to_point(self) -> str:
        return self.path[-1]

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Move):
            return NotImplemented
        return self.path == other.path and self.captured == other.captured

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    def written(self, brackets: Sequence[bool]) -> str:
        """The notation, bracketing leap ``i`` (when its leapt point is known) when
        ``brackets[i]`` is true: the one writer of both text forms (the game chooses the
        brackets of its canonical notation)."""
        if not self.captured:
            return f"{self.path[0]}-{self.path[1]}"
        out = [self.path[0]]
        for i, land in enumerate(self.path[1:]):
            over = self.captured[i]
            out.append(f"x({over}){land}" if over is not None and brackets[i] else f"x{land}")
        return "".join(out)

    def __str__(self) -> str:
        """The move as a value: every leapt point known in brackets (``m4x(m5)m6``)."""
        return self.written([True] * len(self.captured))

    def to_dict(self) -> dict[str, list[str | None]]:
        return {"path": list(self.path), "captured": list(self.captured)}

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move's notation (syntax only: no board, no position).

        Raises MoveError quoting ``text`` when it is not a step ``a-b`` or a leap chain
        ``axbxc`` (brackets allowed). Point names are checked against a board only by
        the game.
        """
        if not isinstance(text, str):
            raise MoveError(f"{text!r} is not a move: {_FORMS}", input=text)
        s = text.strip()
        quoted = repr(s) if len(s) <= 60 else repr(s[:57] + "…")
        m = _STEP_RE.match(s)
        if m:
            if m.group(1) == m.group(2):
                raise MoveError(
                    f"{quoted} is not a move: a step must go to another point", input=text
                )
            return cls((m.group(1), m.group(2)))
        m = _LEAP_RE.match(s)
        if m:
            path = [m.group(1)]
            caps: list[str | None] = []
            for over, land in _SEG_RE.findall(m.group(2)):
                path.append(land)
                caps.append(over or None)
            return cls(path, caps)
        raise MoveError(f"{quoted} is not a move: {_FORMS}", input=text)


def _by_point(table: list[Move | None]) -> tuple[Move, ...]:
    """A table of moves by arrival point. Its unset entries stay None: the generators read
    only the points of their masks, whose entries are all set, hence the narrower type."""
    return cast(tuple[Move, ...], tuple(table))


class MoveTables:
    """Precomputed tables for one board and one leap shape, and the move generator.

    ``steps_left`` / ``steps_right``: ``(source mask, shift, table)`` per index shift,
    where ``table[to]`` is the interned step Move arriving at ``to``. ``leap_classes``:
    ``(source mask, s1, s2, table)`` per pair of shifts (over = from + s1, land = over +
    s2), ``table[land]`` the interned single-leap Move. ``leaps[p]``: ``(over, land,
    over_bit, land_bit)`` per point, for chains.
    """

    def __init__(self, board: Board, shape: str) -> None:
        self.board = board
        self.shape = shape
        self.full = board.full
        names = board.points
        n = board.size
        table = board.leaps(shape)
        self.leaps = tuple(tuple((b, c, 1 << b, 1 << c) for b, c in table[a]) for a in range(n))
        # geometric ambiguity: how many points can be leapt from a to c
        overs: dict[tuple[int, int], list[int]] = {}
        for a in range(n):
            for b, c in table[a]:
                overs.setdefault((a, c), []).append(b)
        self.ambiguous = {k: tuple(v) for k, v in overs.items() if len(v) > 1}
        self._interned: dict[tuple[tuple[int, ...], tuple[int, ...]], Move] = {}
        self.names = names
        # per shift: (mask of the source points, the moves by arrival point)
        steps: dict[int, tuple[list[int], list[Move | None]]] = {}
        for a in range(n):
            for b in board.neighbours[a]:
                s = b - a
                entry = steps.setdefault(s, ([0], [None] * n))
                entry[0][0] |= 1 << a
                entry[1][b] = self.intern((a, b), ())
        self.steps_left = tuple(
            (m[0], s, _by_point(t)) for s, (m, t) in sorted(steps.items()) if s > 0
        )
        self.steps_right = tuple(
            (m[0], -s, _by_point(t)) for s, (m, t) in sorted(steps.items()) if s < 0
        )
        classes: dict[tuple[int, int], tuple[list[int], list[Move | None]]] = {}
        for a in range(n):
            for b, c in table[a]:
                key = (b - a, c - b)
                entry = classes.setdefault(key, ([0], [None] * n))
                entry[0][0] |= 1 << a
                entry[1][c] = self.intern((a, c), (b,))
        self.leap_classes = tuple(
            (m[0], s1, s2, _by_point(t)) for (s1, s2), (m, t) in sorted(classes.items())
        )

    def intern(self, path_ids: tuple[int, ...], cap_ids: tuple[int, ...]) -> Move:
        """The one Move object for this path and these leapt points (indices)."""
        key = (path_ids, cap_ids)
        mv = self._interned.get(key)
        if mv is not None:
            return mv
        names = self.names
        mv = Move([names[i] for i in path_ids], [names[i] for i in cap_ids])
        mv.ids = path_ids
        mv.cap_ids = cap_ids
        mv.from_bit = 1 << path_ids[0]
        mv.to_bit = 1 << path_ids[-1]
        mv.moved_bits = mv.from_bit ^ mv.to_bit  # 0 for a chain back to its start
        cap = 0
        for b in cap_ids:
            cap |= 1 << b
        mv.leapt_bits = cap
        mv.tables = self
        if len(self._interned) < 200000:
            self._interned[key] = mv
        return mv

    # -- generation -------------------------------------------------------------------

    def single_leaps(self, own: int, enemy: int, empty: int) -> list[Move]:
        out = []
        for x, _s2, tab in leap_landings(self.leap_classes, own, enemy, empty):
            while x:
                low = x & -x
                out.append(tab[low.bit_length() - 1])
                x ^= low
        return out

    def steps(self, own: int, empty: int) -> list[Move]:
        out = []
        for mask, s, tab in self.steps_left:
            x = ((own & mask) << s) & empty
            while x:
                low = x & -x
                out.append(tab[low.bit_length() - 1])
                x ^= low
        for mask, s, tab in self.steps_right:
            x = ((own & mask) >> s) & empty
            while x:
                low = x & -x
                out.append(tab[low.bit_length() - 1])
                x ^= low
        return out

    def chains(self, own: int, enemy: int, singles: list[Move]) -> list[Move]:
        """Extend each single leap into every maximal chain (rule 'multiple')."""
        out = []
        leaps = self.leaps
        intern = self.intern
        for first in singles:
            ids, cap_ids = first.ids, first.cap_ids
            assert ids is not None and cap_ids is not None, "an interned move"
            a, c = ids
            b = cap_ids[0]
            en = enemy & ~(1 << b)
            occ = (own & ~(1 << a)) | en
            found: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
            stack: list[tuple[int, int, int, tuple[int, ...], tuple[int, ...]]] = [
                (c, en, occ, (a, c), (b,))
            ]
            while stack:
                p, en, occ, path, caps = stack.pop()
                more = False
                for ob, lc, obit, lbit in leaps[p]:
                    if en & obit and not occ & lbit:
                        more = True
                        stack.append((lc, en & ~obit, occ & ~obit, path + (lc,), caps + (ob,)))
                if not more:
                    found.append((path, caps))
            if len(found) == 1 and len(found[0][1]) == 1:
                out.append(first)
            else:
                found.sort()
                for path, caps in found:
                    out.append(intern(path, caps))
        return out

    def brackets(self, move: Move, enemy: int) -> list[bool]:
        """Which leaps of ``move`` need their leapt point in brackets, ``enemy`` being the
        opponent's pieces before the move: those where, at that moment of the chain, two
        different enemy pieces could be leapt to reach the same landing point."""
        need = []
        ids, cap_ids = move.ids, move.cap_ids
        assert ids is not None and cap_ids is not None, "an interned move"
        for i, over in enumerate(cap_ids):
            overs = self.ambiguous.get((ids[i], ids[i + 1]))
            need.append(overs is not None and sum(1 for b in overs if enemy >> b & 1) > 1)
            enemy &= ~(1 << over)
        return need

    def generate(self, own: int, enemy: int, compulsory: bool, multiple: bool) -> list[Move]:
        """Every legal move of the side owning ``own`` (no end-of-game checks)."""
        empty = self.full & ~(own | enemy)
        leaps = self.single_leaps(own, enemy, empty)
        if leaps:
            if multiple:
                leaps = self.chains(own, enemy, leaps)
            if compulsory:
                return leaps
            return self.steps(own, empty) + leaps
        return self.steps(own, empty)

    def count(self, own: int, enemy: int, compulsory: bool, multiple: bool) -> int:
        """The number of legal moves (same rules as :meth:`generate`)."""
        empty = self.full & ~(own | enemy)
        if multiple:
            leaps = self.single_leaps(own, enemy, empty)
            if leaps:
                n = len(self.chains(own, enemy, leaps))
                if compulsory:
                    return n
                return n + self._count_steps(own, empty)
            return self._count_steps(own, empty)
        n = 0
        for x, _s2, _tab in leap_landings(self.leap_classes, own, enemy, empty):
            n += x.bit_count()
        if n and compulsory:
            return n
        return n + self._count_steps(own, empty)

    def _count_steps(self, own: int, empty: int) -> int:
        n = 0
        for mask, s, _tab in self.steps_left:
            n += (((own & mask) << s) & empty).bit_count()
        for mask, s, _tab in self.steps_right:
            n += (((own & mask) >> s) & empty).bit_count()
        return n


_TABLES: dict[tuple[str, str], MoveTables] = {}


def tables_for(ruleset: Ruleset) -> MoveTables:
    """The (cached) move tables of a ruleset's board and leap shape."""
    key = (ruleset.board.name, ruleset.leap)
    t = _TABLES.get(key)
    if t is None:
        t = _TABLES[key] = MoveTables(ruleset.board, ruleset.leap)
    return t
