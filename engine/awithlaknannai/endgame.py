"""Endgame tables: the exact value of every position with few pieces (standard library).

The tables (built by ``tools/endgame_tables.py``, a retrograde analysis) hold, for the
rulesets ``culin``, ``open``, ``bent`` and ``ludii`` and every position of the 25-point
board with at most :data:`MAX_PIECES` pieces (at least one of each side, either side to
move), the value for the side to move with perfect play (win, draw, loss) and the number
of plies to the end, the winner hurrying and the loser delaying.

What the values leave out, and why:

* **The stall rule is left out.** The rules end the game after 40 moves in a row without a
  capture (:mod:`.rulesets`); the tables ignore that counter, so a value is what the
  pieces alone decide. A table's win may need more quiet moves than the counter allows
  (:meth:`Verdict.beyond_stall` says when it may); the page says so.
* **A line that repeats for ever is a draw**: a position neither side can force to an end
  is a draw, the reading usual for endgame tables (Schaeffer et al., Chinook's tables).
* The end is that of the rules: a side with no pieces, or no legal move on its turn,
  has lost.

File format (one file per ruleset, ``<ruleset>.egtb`` in :data:`DEFAULT_DIR`, or given as
bytes to :func:`install`): :data:`MAGIC`; four bytes (big-endian) giving the length of a
JSON header ``{"ruleset", "points", "pieces", "slices": [[nb, nw, offset, length], ...]}``;
then one xz stream (:mod:`lzma`) per *slice* (``nb`` black and ``nw`` white pieces), at
``offset`` bytes after the header. A slice holds one byte per position, first the positions
with Black to move, then with White to move, each at its index: ``rank(black) * C(25 - nb, nw)
+ rank(white)``, where ``rank(black)`` is the combinatorial (colex) rank of Black's
points among the 25 points (``sum C(p_i, i + 1)`` over the points ``p_0 < p_1 < ...``)
and ``rank(white)`` that of White's points among the points Black leaves empty,
renumbered 0, 1, ... in board order. A byte is 0 for a draw, otherwise the plies to the
end plus one: an odd number of plies is a win for the side to move, an even number a loss.

Only one of each pair of mirror images is stored: turning the board over (top and bottom
rows exchanged, the middle row kept) and exchanging the colours and the side to move gives
a position of the same value (the boards and the rules are symmetric; the builder checks
it on every slice). So slices with more black than white pieces are stored whole, slices
with as many of each only with Black to move, and the others are read through the mirror.
"""

from __future__ import annotations

import json
import lzma
import os
from dataclasses import dataclass
from math import comb
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core import EngineError

from .kernel import after
from .moves import Move, tables_for
from .position import Position
from .rulesets import STALL_LIMIT, Ruleset, get_ruleset

if TYPE_CHECKING:
    from .game import Game

MAGIC = b"AWEG\x01"
RULESETS_WITH_TABLES = ("culin", "open", "bent", "ludii")
MAX_PIECES = 6
"""The most pieces (both sides together) a position in the tables has."""

DEFAULT_DIR = Path(os.environ.get("AWITHLAKNANNAI_TABLES", Path(__file__).parent / "tables"))
"""Where :func:`table` looks for the files (``AWITHLAKNANNAI_TABLES`` overrides it)."""

WIN, DRAW, LOSS = "win", "draw", "loss"


class TableError(EngineError):
    """A position or ruleset the endgame tables do not cover."""

    kind = "endgame"


def file_name(ruleset: str) -> str:
    return f"{ruleset}.egtb"


@dataclass(frozen=True)
class Verdict:
    """The exact value of a position for the side to move: ``value`` "win", "draw" or
    "loss", ``plies`` to the end with perfect play (None for a draw)."""

    value: str
    plies: int | None

    @property
    def moves(self) -> int | None:
        """The winner's or loser's own moves to the end (``plies`` counted for one side)."""
        return None if self.plies is None else (self.plies + 1) // 2

    def beyond_stall(self, quiet: int = 0) -> bool:
        """True when the line may run into the 40-move rule: more plies than the quiet
        moves left from counter ``quiet`` (a capture on the way would reset it; the table
        does not say whether one comes, so this is the cautious reading)."""
        return self.plies is not None and self.plies > STALL_LIMIT - quiet

    def flipped(self) -> Verdict:
        """The value one ply earlier, for the side that made the move leading here."""
        if self.value == DRAW:
            return self
        assert self.plies is not None
        return Verdict(LOSS if self.value == WIN else WIN, self.plies + 1)

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "plies": self.plies}

    @classmethod
    def from_code(cls, code: int) -> Verdict:
        if code == 0:
            return cls(DRAW, None)
        plies = code - 1
        return cls(WIN if plies % 2 else LOSS, plies)


def index(black: int, white: int, nb: int, nw: int) -> int:
    """A placement's index in its slice (see the module docstring)."""
    rb = rw = cb = cw = 0
    for p in range(25):
        if black >> p & 1:
            cb += 1
            rb += comb(p, cb)
        elif white >> p & 1:
            cw += 1
            rw += comb(p - cb, cw)
    return rb * comb(25 - nb, nw) + rw


class Table:
    """The endgame table of one ruleset, decompressed one slice at a time on demand."""

    def __init__(self, data: bytes) -> None:
        if data[: len(MAGIC)] != MAGIC:
            raise ValueError("not an Awithlaknannai endgame table")
        size = int.from_bytes(data[len(MAGIC) : len(MAGIC) + 4], "big")
        start = len(MAGIC) + 4
        header = json.loads(data[start : start + size])
        self.ruleset: str = header["ruleset"]
        self.pieces: int = header["pieces"]
        self._data = data
        self._base = start + size
        self._where = {(nb, nw): (off, length) for nb, nw, off, length in header["slices"]}
        self._slices: dict[tuple[int, int], bytes] = {}

    def slice(self, nb: int, nw: int) -> bytes:
        got = self._slices.get((nb, nw))
        if got is None:
            off, length = self._where[(nb, nw)]
            start = self._base + off
            got = self._slices[(nb, nw)] = lzma.decompress(self._data[start : start + length])
        return got

    def code(self, black: int, white: int, to_move: int) -> int:
        nb, nw = black.bit_count(), white.bit_count()
        if nb < nw or (nb == nw and to_move == 1):
            # only one of two mirror images is stored: turn the board over
            black, white, to_move = _vflip(white), _vflip(black), 1 - to_move
            nb, nw = nw, nb
        data = self.slice(nb, nw)
        n = comb(25, nb) * comb(25 - nb, nw)
        return data[to_move * n + index(black, white, nb, nw)]


def _vflip(x: int) -> int:
    """The placement with the top and bottom rows exchanged."""
    return ((x & 0xFF) << 17) | (x & (0x1FF << 8)) | ((x >> 17) & 0xFF)


_TABLES: dict[str, Table] = {}


def install(ruleset: str, data: Any) -> Table:
    """Use ``data`` (a table file's bytes; in the page, the JavaScript ``Uint8Array`` the
    worker fetched) as the table of ``ruleset``."""
    if not isinstance(data, bytes):
        to_py = getattr(data, "to_py", None)
        data = bytes(to_py() if to_py is not None else data)
    t = Table(data)
    if t.ruleset != ruleset:
        raise ValueError(f"this table is for ruleset {t.ruleset}, not {ruleset}")
    _TABLES[ruleset] = t
    return t


def available(ruleset: str | Ruleset) -> bool:
    """True when ``ruleset`` has tables and they are loaded or can be read from disk."""
    name = get_ruleset(ruleset).name
    return name in _TABLES or (
        name in RULESETS_WITH_TABLES and (DEFAULT_DIR / file_name(name)).exists()
    )


def table(ruleset: str | Ruleset) -> Table:
    """The table of ``ruleset``; TableError when it has none."""
    name = get_ruleset(ruleset).name
    t = _TABLES.get(name)
    if t is not None:
        return t
    if name not in RULESETS_WITH_TABLES:
        raise TableError(
            f"ruleset {name!r} has no endgame tables: they cover "
            + ", ".join(RULESETS_WITH_TABLES)
            + f" up to {MAX_PIECES} pieces",
            input=name,
        )
    path = DEFAULT_DIR / file_name(name)
    try:
        data = path.read_bytes()
    except OSError:
        raise TableError(
            f"the endgame table of ruleset {name!r} is not installed", input=name
        ) from None
    return install(name, data)


def covers(position: Position) -> bool:
    """True when ``position`` (any counter) is within the tables' reach."""
    return (
        position.ruleset.name in RULESETS_WITH_TABLES
        and sum(position.counts) <= MAX_PIECES
        and available(position.ruleset)
    )


def _value(t: Table, own: int, enemy: int, side: int) -> Verdict:
    """The verdict of a placement, the end of the game included."""
    if not own:
        return Verdict(LOSS, 0)
    if not enemy:
        return Verdict(WIN, 0)
    black, white = (own, enemy) if side == 0 else (enemy, own)
    return Verdict.from_code(t.code(black, white, side))


def probe(position: Position) -> Verdict:
    """The exact value of ``position`` for the side to move (its counter is ignored).

    A side with no pieces, or no move, has lost in 0 plies; when the side to move's
    opponent has no pieces left the game is over and the side to move has won (0 plies).
    TableError when the ruleset has no tables or the position has too many pieces."""
    n = sum(position.counts)
    name = position.ruleset.name
    if name not in RULESETS_WITH_TABLES:
        raise TableError(
            f"ruleset {name!r} has no endgame tables (this position has {n} pieces; the "
            f"tables cover rulesets {', '.join(RULESETS_WITH_TABLES)} up to {MAX_PIECES} "
            "pieces)",
            input=name,
        )
    if n > MAX_PIECES:
        raise TableError(
            f"'{position}' has {n} pieces: the endgame tables hold positions with at most "
            f"{MAX_PIECES}",
            input=str(position),
        )
    t = table(position.ruleset)
    side = position.to_move
    own, enemy = (position.black, position.white)[side], (position.black, position.white)[1 - side]
    return _value(t, own, enemy, side)


def children(position: Position) -> list[tuple[Move, Verdict]]:
    """Each legal move (the counter ignored) with the verdict of the position it leads to,
    for the side to move there."""
    rs = position.ruleset
    side = position.to_move
    own = (position.black, position.white)[side]
    enemy = (position.black, position.white)[1 - side]
    if not own or not enemy:
        return []
    gen = tables_for(rs)
    t = table(rs)
    out = []
    for mv in gen.generate(own, enemy, rs.compulsory, rs.multiple):
        e, o, _quiet = after(mv, own, enemy, 0)
        out.append((mv, _value(t, e, o, 1 - side)))
    return out


def best(position: Position) -> tuple[Verdict, list[Move]]:
    """The verdict and every move that keeps it: for a win, those winning soonest; for a
    loss, those losing latest; for a draw, those keeping the draw."""
    v = probe(position)
    kids = children(position)
    keep = [mv for mv, c in kids if c.flipped() == v]
    return v, keep


def best_notations(position: Position) -> tuple[Verdict, list[str]]:
    """:func:`best` with the moves in the notation of the command line's ``moves``
    (canonical, sorted by point names)."""
    from .game import Game, notation_sort_key

    v, moves = best(position)
    game = Game(
        position.ruleset,
        Position(position.ruleset, position.black, position.white, position.to_move, 0),
    )
    return v, sorted((game.notation(m) for m in moves), key=notation_sort_key)


def score(verdict: Verdict, win: int) -> int:
    """The verdict as a search score for the side to move (``win`` minus the plies for a
    win, its negative for a loss, 0 for a draw), the scale of :mod:`.ai`."""
    if verdict.plies is None:
        return 0
    return win - verdict.plies if verdict.value == WIN else -(win - verdict.plies)


def judge(game: Any) -> dict[str, Any] | None:
    """The tables' verdict on a game's position, for the page; None when the position is
    not in the tables (or the game is over, or the tables are not loaded).

    ``{"value", "plies", "winner": 0|1|None, "stall": bool}``: ``winner`` the side that
    wins with perfect play; ``stall`` true when the rules' stall may decide instead of the
    table (a win or loss needing more plies than the quiet moves left before the 40-move
    rule, or a draw under ``stall="majority"``), so the verdict is not exact for the game.
    """
    if game.finished:
        return None
    position = game.position
    if not covers(position):
        return None
    v = probe(position)
    side = position.to_move
    winner = None if v.value == DRAW else side if v.value == WIN else 1 - side
    stall = v.beyond_stall(game.quiet) if v.plies is not None else game.stall != "draw"
    return {"value": v.value, "plies": v.plies, "winner": winner, "stall": stall}


def exact(game: Any) -> Verdict | None:
    """The tables' verdict when it is exact under the game's own rules (stall included),
    else None (see :func:`judge`)."""
    j = judge(game)
    if j is None or j["stall"]:
        return None
    return Verdict(j["value"], j["plies"])


def line(game: Any, limit: int) -> list[Move]:
    """The tables' line from the game's position: at each ply the first of the best moves
    in notation order, until the end or ``limit`` plies. The game is not changed."""
    from .game import notation_sort_key

    g = game.copy()
    out: list[Move] = []
    while len(out) < limit and not g.finished and covers(g.position):
        _, moves = best(g.position)
        legal = g.legal_moves()
        moves = [m for m in moves if m in legal]
        if not moves:
            break
        m = min(moves, key=lambda mv: notation_sort_key(g.notation(mv)))
        out.append(m)
        g.push(m)
    return out


def missing_table(game: Game) -> str | None:
    """The ruleset of ``game`` if the tables cover it but its table is not loaded yet and
    the game has few enough pieces for it, else None (for
    :func:`engine.protocol.tables.wanted`)."""
    name = game.ruleset.name
    if name not in RULESETS_WITH_TABLES or name in _TABLES:
        return None
    return name if sum(game.counts) <= MAX_PIECES else None
