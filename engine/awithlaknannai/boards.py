"""The two Awithlaknannai boards: their points, coordinates, lines and leap tables.

Geometry is that of ``spec/awithlaknannai.md`` ("Boards"):

* **Mosona** (*awithlaknan mosona*, Culin 1907 p. 801, fig. 1112; point count from Wikipedia,
  "the middle row has 9 intersection points, and the two outer rows have 8 each"):
  t1..t8 at (0..7, +1), b1..b8 at (0..7, -1), m1 at (0, 0), m2..m8 at (0.5 .. 6.5, 0),
  m9 at (7, 0). Lines: the middle row m1-...-m9; each crossing m_j (j = 2..8) joined to
  t_{j-1}, t_j, b_{j-1}, b_j; the ends m1-t1, m1-b1, m9-t8, m9-b8; and, on the **lined**
  board only, the outer rows t1-...-t8 and b1-...-b8 (Wikipedia: "one version has lines
  missing between the intersection points of the outer rows"). 54 lines (lined), 40 (open).
* **Kolowis** (*kolowis awithlaknannai*, Culin 1907 p. 801, fig. 1111, as the Digital
  Ludeme Project reads it: 16 points in each outer row, 15 in the middle): t1..t16 and
  b1..b16 at (0..15, +-1), m1..m15 at (0.5..14.5, 0), each m_j joined to t_j, t_{j+1},
  b_j, b_{j+1}, the middle row chained, the outer rows chained. No end points, 104 lines.
  (Bell's 16-17-16 board is not played: the specification follows the DLP reading.)

Rows are named as the first player (Black, at the bottom) sees the board: **t** top,
**m** middle, **b** bottom, numbered from the left.

Point numbers: a point's index is its place in :attr:`Board.points`, which lists the
rows top to bottom, each from the left: exactly the order of the position notation.
The engine uses these small integers (and bit masks over them) internally; names only
appear at the API edge.

Leap tables are computed, not typed in:

* ``straight_leaps[a]``: pairs ``(b, c)`` with a-b and b-c lines, a, b, c collinear and b
  between a and c (the specification: the start, the leapt point and the landing point lie on one
  line, the leapt point between the two).
* ``bent_leaps[a]``: pairs ``(b, c)`` with a-b and b-c lines, c != a and c not joined to a
  (ruleset ``bent``: Wikipedia's "the leap need not be in a straight line as long as it
  follows the pattern on the board", read literally).
"""

from __future__ import annotations

Leaps = tuple[tuple[tuple[int, int], ...], ...]
"""Per point ``a``, the leaps from it: ``(b, c)``, over ``b`` to land on ``c`` (indices)."""


class Board:
    """A board: named points with coordinates, the lines joining them, and leap tables.

    Attributes: ``name`` ("mosona", "mosona-open", "kolowis"), ``title``, ``points``
    (tuple of names in notation order), ``index`` ({name: int}), ``coords`` ({name:
    (x, y)} floats, x to the right, y up; all halves, so exact), ``lines`` (tuple of
    name pairs), ``neighbours`` (tuple, per point index, of neighbour indices),
    ``straight_leaps`` / ``bent_leaps`` (tuple, per point index, of ``(over, land)``
    index pairs), ``rows`` (three tuples of point indices: t, m, b), ``start`` (the
    starting placement as two bit masks, Black then White), ``lined`` (outer rows
    joined).
    """

    def __init__(
        self,
        name: str,
        title: str,
        outer: int,
        middle_halves: list[int],
        lines: list[tuple[str, str]],
        lined: bool,
        description: str,
    ):
        self.name = name
        self.title = title
        self.lined = lined
        self.description = description
        top = [f"t{i}" for i in range(1, outer + 1)]
        mid = [f"m{j}" for j in range(1, len(middle_halves) + 1)]
        bot = [f"b{i}" for i in range(1, outer + 1)]
        self.points = tuple(top + mid + bot)
        self.size = len(self.points)
        self.index = {p: i for i, p in enumerate(self.points)}
        # Every coordinate is a whole or a half: counted in halves, the geometry of the
        # leaps is exact in integers.
        halves = {}
        for i, p in enumerate(top):
            halves[p] = (2 * i, 2)
        for p, x in zip(mid, middle_halves):
            halves[p] = (x, 0)
        for i, p in enumerate(bot):
            halves[p] = (2 * i, -2)
        self._halves = halves
        self.coords = {p: (x / 2, y / 2) for p, (x, y) in halves.items()}
        seen = set()
        clean = []
        for a, b in lines:
            key = frozenset((a, b))
            if a == b or key in seen or a not in self.index or b not in self.index:
                raise ValueError(f"bad line {a}-{b} on board {name}")
            seen.add(key)
            clean.append((a, b))
        self.lines = tuple(clean)
        nb: list[set[int]] = [set() for _ in self.points]
        for a, b in self.lines:
            nb[self.index[a]].add(self.index[b])
            nb[self.index[b]].add(self.index[a])
        self.neighbours = tuple(tuple(sorted(s)) for s in nb)
        self.rows = (
            tuple(range(0, outer)),
            tuple(range(outer, outer + len(mid))),
            tuple(range(outer + len(mid), self.size)),
        )
        self.row_names = ("t", "m", "b")
        self.full = (1 << self.size) - 1
        self.straight_leaps = self._straight()
        self.bent_leaps = self._bent()
        # Start (specification, "Start"; Wikipedia): each side fills its outer row and the
        # middle points on its own right; the centre of the middle row stays empty.
        # Black (bottom) sees the board as named, so its right is the high numbers;
        # White (top) faces the other way, so its right is the low numbers.
        centre = len(mid) // 2  # 0-based: m5 of 9, m8 of 15
        black = 0
        white = 0
        for i in self.rows[2]:
            black |= 1 << i
        for i in self.rows[0]:
            white |= 1 << i
        for k, i in enumerate(self.rows[1]):
            if k > centre:
                black |= 1 << i
            elif k < centre:
                white |= 1 << i
        self.start = (black, white)
        self.pieces_each = black.bit_count()

    def _straight(self) -> Leaps:
        out: list[tuple[tuple[int, int], ...]] = []
        for a in range(self.size):
            ax, ay = self._halves[self.points[a]]
            found = []
            for b in self.neighbours[a]:
                bx, by = self._halves[self.points[b]]
                for c in self.neighbours[b]:
                    if c == a:
                        continue
                    cx, cy = self._halves[self.points[c]]
                    cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx)
                    dot = (bx - ax) * (cx - bx) + (by - ay) * (cy - by)
                    if cross == 0 and dot > 0:
                        found.append((b, c))
            out.append(tuple(found))
        return tuple(out)

    def _bent(self) -> Leaps:
        out: list[tuple[tuple[int, int], ...]] = []
        for a in range(self.size):
            found = []
            for b in self.neighbours[a]:
                for c in self.neighbours[b]:
                    if c != a and c not in self.neighbours[a]:
                        found.append((b, c))
            out.append(tuple(found))
        return tuple(out)

    def leaps(self, shape: str) -> Leaps:
        """The leap table for ``shape`` "straight" or "bent"."""
        return self.straight_leaps if shape == "straight" else self.bent_leaps

    def joined(self, a: str, b: str) -> bool:
        """True when points ``a`` and ``b`` (names) are joined by a line."""
        return self.index[b] in self.neighbours[self.index[a]]

    def __repr__(self) -> str:
        return f"Board({self.name!r}: {self.size} points, {len(self.lines)} lines)"


def _mosona(lined: bool) -> Board:
    lines = []
    for j in range(1, 9):
        lines.append((f"m{j}", f"m{j + 1}"))
    for j in range(2, 9):
        for p in (f"t{j - 1}", f"t{j}", f"b{j - 1}", f"b{j}"):
            lines.append((f"m{j}", p))
    lines += [("m1", "t1"), ("m1", "b1"), ("m9", "t8"), ("m9", "b8")]
    if lined:
        for i in range(1, 8):
            lines.append((f"t{i}", f"t{i + 1}"))
            lines.append((f"b{i}", f"b{i + 1}"))
    middle_halves = [0] + [2 * j - 3 for j in range(2, 9)] + [14]
    if lined:
        return Board(
            "mosona",
            "Awithlaknan mosona (outer rows lined)",
            8,
            middle_halves,
            lines,
            True,
            "25 points in rows of 8, 9 and 8; 54 lines, the outer rows joined (Wikipedia).",
        )
    return Board(
        "mosona-open",
        "Awithlaknan mosona (outer rows open)",
        8,
        middle_halves,
        lines,
        False,
        "25 points in rows of 8, 9 and 8; 40 lines, no lines along the outer rows "
        "(the other board version in Wikipedia).",
    )


def _kolowis() -> Board:
    lines = []
    for j in range(1, 15):
        lines.append((f"m{j}", f"m{j + 1}"))
    for j in range(1, 16):
        for p in (f"t{j}", f"t{j + 1}", f"b{j}", f"b{j + 1}"):
            lines.append((f"m{j}", p))
    for i in range(1, 16):
        lines.append((f"t{i}", f"t{i + 1}"))
        lines.append((f"b{i}", f"b{i + 1}"))
    middle_halves = [2 * j - 1 for j in range(1, 16)]
    return Board(
        "kolowis",
        "Kolowis awithlaknannai",
        16,
        middle_halves,
        lines,
        True,
        "47 points in rows of 16, 15 and 16; 104 lines (Culin 1907 fig. 1111 as the "
        "Digital Ludeme Project reads it).",
    )


BOARDS = {"mosona": _mosona(True), "mosona-open": _mosona(False), "kolowis": _kolowis()}
