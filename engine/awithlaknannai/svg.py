"""SVG drawing of an Awithlaknannai board (Mosona lined or open, Kolowis) and its pieces.

``board_svg(ruleset, position=None, *, lang="en", flip=False, title=None)`` returns a
complete ``<svg>`` document as a string: viewBox-based, deterministic (same input, same
bytes), ``<title>``/``<desc>`` in English or French, colours inline (readable and printable
without the site's CSS), class names for the site's CSS.

Geometry comes from the ruleset's ``Board`` (``engine.awithlaknannai.boards``, the one
source of truth: points, their coordinates, the lines, as ``spec/awithlaknannai.md``
gives them) and pieces from ``Position``. One board unit is 70 px, so
the two close points at each end of Mosona's middle row (m1-m2 and m8-m9, half a unit
apart) keep their pieces apart.

Orientation: Black (side 0, moves first) at the bottom, points numbered from the left as
Black sees the board, as the specification says. ``flip=True`` turns the board half a turn,
so White sits at the bottom and reads its own left to right.

Pieces: Black is a near-black disc with a light ring inside it; White an off-white square
with rounded corners, a dark outline and a dark centre dot. They differ by shape, fill,
outline and mark, so they read in greyscale print and for colour-blind readers. (The
records describe the pieces only by colour; the shapes are the site's.)

Class names and data attributes (for the site's CSS and scripts)
-----------------------------------------------------------------
- ``svg.aw-board`` (+ ``aw-board-mosona``, ``aw-board-mosona-open``, ``aw-board-kolowis``,
  ``aw-flipped`` when flipped); ``data-ruleset``, ``data-board``, ``data-flip``,
  ``data-to-move`` ("B"/"W") when a position is given; on the board without pieces (the
  page's), ``data-turned-note``: the phrase (JSON, ``engine.view.Phrase``) that says where
  the rows go when the page turns the board a quarter (:func:`turned_note`).
- ``.aw-ground`` the background; ``path.aw-lines`` the lines, one segment (``M x1 y1 L x2
  y2``) each, named in the same order by ``data-lines="m1-m2 m2-m3 …"``; ``path.aw-dots``
  the visible points, one circle each.
- ``g.aw-point`` each point: ``data-point="b4"``, ``data-x``/``data-y`` (its centre in
  the viewBox), ``data-piece`` ("B", "W" or ""), a ``<title>`` ("b4, black piece";
  French "b4, pion noir"; "m5, empty" / "m5, vide"), ``circle.aw-hit`` (transparent, radius
  14: a 28 px target at natural size).
- ``g.aw-piece-shape`` (in ``<defs>`` of the board without pieces) one piece of each side:
  ``data-piece`` its letter, ``data-side`` its side's name key (the view's ``sides``).
- ``g.aw-piece`` (+ ``aw-black`` / ``aw-white``) ``data-piece="B|W"``,
  ``data-at`` (its point; only points carry ``data-point``, so ``[data-point]`` selects
  exactly the points); drawn around (0, 0), placed with ``transform="translate(x y)"``;
  the pieces layer ``g.aw-pieces`` has ``pointer-events="none"`` so a click reaches the
  point underneath.
- ``text.aw-label`` the point names (inside ``g.aw-labels``); ``g.aw-legend``.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from ..core import PositionError
from ..svg import COLOURS as C
from ..svg import check_lang, el, esc, num, svg_document, text
from ..view import Phrase
from ..words import section
from .boards import Board
from .position import Position
from .rulesets import Ruleset, get_ruleset
from .session import SIDES


@runtime_checkable
class _Placed(Protocol):
    """A position that says what stands on a point (a ``Position``)."""

    def piece_at(self, point: str) -> str | None: ...


DrawnPosition = _Placed | str | dict[str, str | None] | None
"""What a drawing accepts for the pieces: a ``Position``, its text, ``{point: "B"|"W"}``,
or None for the start."""

U = 70  # px per board unit
MARGIN = 46  # around the board
LEGEND_H = 44  # under the board
HIT_R = 14  # point target radius (28 px across)
DOT_R = 5  # the visible point's radius
PIECE_R = 16.5

WORDS: dict[str, dict[str, Any]] = section("awithlaknannai")
"""The words drawn into the board in each language (the tables of :mod:`engine.words`)."""


# ---------------------------------------------------------------------------------------
# geometry


def _resolve(ruleset: Ruleset | str | dict[str, Any] | None) -> Ruleset:
    """The ``Ruleset`` from a name, a Ruleset or ``{"ruleset": name}``."""
    if ruleset is None:
        ruleset = "culin"
    if isinstance(ruleset, dict):
        return get_ruleset(ruleset.get("ruleset", "culin"))
    return get_ruleset(ruleset)


def _rows(board: Board) -> dict[str, list[str]]:
    """Point names per row letter, each row from the left."""
    return {key: [board.points[i] for i in row] for key, row in zip("tmb", board.rows)}


def _pieces_of(rs: Ruleset, position: DrawnPosition) -> tuple[dict[str, str], int | None]:
    """{point: "B"|"W"} and the side to move (0, 1 or None) of ``position``."""
    if position is None:
        position = Position.start(rs)
    elif isinstance(position, str):
        position = Position.parse(position, rs)
    elif isinstance(position, dict):
        bad = [
            p
            for p, v in position.items()
            if p not in rs.board.index or v not in ("B", "W", None, "")
        ]
        if bad:
            raise PositionError(
                f"{bad[0]!r} -> {position[bad[0]]!r}: expected a point of the "
                f"{rs.board.name} board and 'B', 'W' or None",
                input=repr(position),
            )
        return {p: v for p, v in position.items() if v}, None
    if not isinstance(position, _Placed):
        raise PositionError(f"{position!r} is not a position", input=repr(position))
    pieces = {}
    for p in rs.board.points:
        v = position.piece_at(p)
        if v:
            pieces[p] = v
    to_move: int | None = getattr(position, "to_move", None)
    return pieces, to_move


# ---------------------------------------------------------------------------------------
# drawing


def piece_marker(colour: str, scale: float = 1.0) -> str:
    """A piece drawn around (0, 0): ``"B"`` a disc, ``"W"`` a rounded square."""
    r = PIECE_R * scale
    if colour == "B":
        return el(
            "circle",
            {
                "r": num(r),
                "fill": C["black-piece"],
                "stroke": "#000000",
                "stroke-width": num(1.5 * scale),
            },
        ) + el(
            "circle",
            {
                "r": num(r * 0.55),
                "fill": "none",
                "stroke": "#e8e2d4",
                "stroke-width": num(2.2 * scale),
            },
        )
    side = r * 0.86  # half the side of a square about as large as the disc
    return el(
        "rect",
        {
            "x": num(-side),
            "y": num(-side),
            "width": num(2 * side),
            "height": num(2 * side),
            "rx": num(side * 0.3),
            "fill": C["white-piece"],
            "stroke": C["black-piece"],
            "stroke-width": num(2.6 * scale),
        },
    ) + el("circle", {"r": num(r * 0.22), "fill": C["black-piece"]})


@functools.lru_cache(maxsize=32)
def _static_board(rs_name: str, flip: bool, width: float, height: float) -> str:
    """The ground, the lines and the point names of ``rs_name``'s board, which no move
    changes: drawn once per ruleset and orientation (the same bytes as drawn afresh)."""
    geo = get_ruleset(rs_name).board
    xs = [c[0] for c in geo.coords.values()]
    ys = [c[1] for c in geo.coords.values()]
    minx, maxx, miny, maxy = min(xs), max(xs), min(ys), max(ys)

    def at(p: str) -> tuple[float, float]:
        x, y = geo.coords[p]
        if flip:
            x, y = maxx + minx - x, maxy + miny - y
        return MARGIN + (x - minx) * U, MARGIN + (maxy - y) * U

    parts = [
        el(
            "rect",
            {
                "class": "aw-ground",
                "x": "2",
                "y": "2",
                "width": num(width - 4),
                "height": num(height - 4),
                "rx": "14",
                "fill": C["ground"],
                "stroke": C["ground-edge"],
                "stroke-width": "2",
            },
        )
    ]
    # the lines as one path, a segment each (``data-lines`` names them in the same order),
    # and the points' dots as one path, a circle each: two elements, not one per line and
    # per point (a page of eight boards lays out and paints several hundred fewer)
    ends = [(a, b, at(a), at(b)) for a, b in geo.lines]
    parts.append(
        el(
            "path",
            {
                "class": "aw-lines",
                "data-lines": " ".join(f"{a}-{b}" for a, b, _, _ in ends),
                "d": "".join(
                    f"M{num(x1)} {num(y1)}L{num(x2)} {num(y2)}" for _, _, (x1, y1), (x2, y2) in ends
                ),
                "fill": "none",
                "stroke": C["ink"],
                "stroke-width": "2.6",
                "stroke-linecap": "round",
            },
        )
    )
    parts.append(
        el(
            "path",
            {
                "class": "aw-dots",
                "d": "".join(
                    f"M{num(x - DOT_R)} {num(y)}a{DOT_R} {DOT_R} 0 1 0 {2 * DOT_R} 0"
                    f"a{DOT_R} {DOT_R} 0 1 0 {-2 * DOT_R} 0"
                    for x, y in map(at, geo.points)
                ),
                "fill": C["ink"],
            },
        )
    )

    # point names: outer rows outside the board, middle points in the gap above them
    # (straight up is the one direction free of lines), end points beside them
    labels = []
    top_row = "b" if flip else "t"
    for p in geo.points:
        x, y = at(p)
        if p[0] == "m":
            if geo.coords[p][0] in (minx, maxx):  # an end point: beside it
                left = (geo.coords[p][0] == minx) != flip
                lx, ly, anchor = (x - 24, y, "end") if left else (x + 24, y, "start")
            else:
                lx, ly, anchor = x, y - U * 0.42, "middle"
        else:
            up = p[0] == top_row
            lx, ly, anchor = x, (y - 28 if up else y + 29), "middle"
        labels.append(
            text(
                lx,
                ly,
                p,
                {"class": "aw-label", "text-anchor": anchor, "dominant-baseline": "central"},
            )
        )
    parts.append(
        el(
            "g",
            {
                "class": "aw-labels",
                "font-size": "11.5",
                "font-family": "sans-serif",
                "fill": C["ink-soft"],
                "stroke": C["ground"],
                "stroke-width": "3.5",
                "paint-order": "stroke",
                "stroke-linejoin": "round",
                "aria-hidden": "true",
            },
            *labels,
        )
    )

    return "".join(parts)


def board_svg(
    ruleset: Ruleset | str | dict[str, Any] | None = "culin",
    position: DrawnPosition = None,
    *,
    lang: str = "en",
    flip: bool = False,
    title: str | None = None,
    pieces_drawn: bool = True,
) -> str:
    """The board of ``ruleset`` (a name, a ``Ruleset`` or ``{"ruleset": name}``) with the
    pieces of ``position`` (a ``Position``, its text notation, a ``{point: "B"|"W"}`` dict,
    or None for the start); ``flip`` puts White at the bottom. Returns the SVG text.

    ``pieces_drawn=False`` draws the board without what changes during a game (the page's
    board, drawn once per ruleset): no pieces, the points named only, an empty piece layer
    and, in ``<defs>``, one piece of each colour (``.aw-piece-shape[data-piece]``) that the
    page copies to place the pieces of each position."""
    check_lang(lang)
    W = WORDS[lang]
    rs = _resolve(ruleset)
    rs_name, geo = rs.name, rs.board
    board_name = geo.name
    pieces, to_move = _pieces_of(rs, position) if pieces_drawn else ({}, None)

    xs = [c[0] for c in geo.coords.values()]
    ys = [c[1] for c in geo.coords.values()]
    minx, maxx, miny, maxy = min(xs), max(xs), min(ys), max(ys)
    width = (maxx - minx) * U + 2 * MARGIN
    height = (maxy - miny) * U + 2 * MARGIN + LEGEND_H

    def at(p: str) -> tuple[float, float]:
        x, y = geo.coords[p]
        if flip:
            x, y = maxx + minx - x, maxy + miny - y
        return MARGIN + (x - minx) * U, MARGIN + (maxy - y) * U

    parts = [_static_board(rs_name, flip, width, height)]

    # points (the click/tap targets)
    pts = []
    for p in geo.points:
        x, y = at(p)
        v = pieces.get(p, "")
        what = W["black_piece"] if v == "B" else W["white_piece"] if v == "W" else W["empty"]
        name = f"{p}, {what}" if pieces_drawn else p
        pts.append(
            el(
                "g",
                {
                    "class": "aw-point",
                    "data-point": p,
                    "data-x": num(x),
                    "data-y": num(y),
                    "data-piece": v,
                },
                el("title", None, esc(name)),
                el(
                    "circle",
                    {
                        "class": "aw-hit",
                        "cx": num(x),
                        "cy": num(y),
                        "r": HIT_R,
                        "fill": "#ffffff",
                        "fill-opacity": "0",
                    },
                ),
            )
        )
    parts.append(el("g", {"class": "aw-points"}, *pts))

    # pieces
    pcs = []
    for p in geo.points:
        piece = pieces.get(p)
        if not piece:
            continue
        x, y = at(p)
        pcs.append(
            el(
                "g",
                {
                    "class": "aw-piece " + ("aw-black" if piece == "B" else "aw-white"),
                    "data-piece": piece,
                    "data-at": p,
                    "transform": f"translate({num(x)} {num(y)})",
                },
                piece_marker(piece),
            )
        )
    parts.append(el("g", {"class": "aw-pieces", "pointer-events": "none"}, *pcs))
    if not pieces_drawn:
        shapes = [
            el(
                "g",
                {"class": "aw-piece-shape", "data-piece": s["colour"], "data-side": s["name"]},
                piece_marker(s["colour"]),
            )
            for s in SIDES
        ]
        parts.append(el("defs", None, *shapes))

    # legend: the side at the bottom on the left
    ly = height - LEGEND_H / 2 - 6
    order = ("W", "B") if flip else ("B", "W")
    leg = []
    lx: float = MARGIN - 10
    for v in order:
        name = W["black"] if v == "B" else W["white"]
        if v == "B":
            name += f" ({W['first']})"
        leg.append(
            el("g", {"transform": f"translate({num(lx + 9)} {num(ly)})"}, piece_marker(v, 0.6))
        )
        leg.append(text(lx + 24, ly, name, {"dominant-baseline": "central"}))
        lx += 40 + 7.2 * len(name)
    parts.append(
        el(
            "g",
            {
                "class": "aw-legend",
                "font-size": "12.5",
                "font-family": "sans-serif",
                "fill": C["ink"],
            },
            *leg,
        )
    )

    rows = _rows(geo)
    nb = sum(1 for v in pieces.values() if v == "B")
    nw = sum(1 for v in pieces.values() if v == "W")
    board_words = W["board"][board_name]
    if title is None:
        title = W["title"].format(board=board_words)
    desc = [
        board_words[0].upper()
        + board_words[1:]
        + ": "
        + W["shape"].format(
            n=len(geo.points), l=len(geo.lines), rows=", ".join(str(len(rows[k])) for k in "tmb")
        ),
    ]
    if pieces_drawn:
        desc.append(W["count"].format(b=nb, w=nw))
    if to_move is not None:
        side = W["black"] if to_move == 0 else W["white"]
        desc.append(W["to_move"].format(side=side, side_lower=side.lower()))
    bottom = W["white"] if flip else W["black"]
    desc.append(W["bottom"].format(side=bottom, side_lower=bottom.lower()))
    cls = f"aw-board aw-board-{board_name}" + (" aw-flipped" if flip else "")
    return svg_document(
        (0, 0, width, height),
        "".join(parts),
        title=title,
        desc=" ".join(desc),
        lang=lang,
        cls=cls,
        extra={
            "data-ruleset": rs_name,
            "data-board": board_name,
            "data-flip": bool(flip),
            "data-to-move": None if to_move is None else ("B" if to_move == 0 else "W"),
            "data-turned-note": (
                None if pieces_drawn else json.dumps(turned_note(at), separators=(",", ":"))
            ),
        },
    )


def turned_note(at: Callable[[str], tuple[float, float]]) -> Phrase:
    """The words under a board the page turns a quarter clockwise to fit a narrow screen
    (the drawing's (x, y) shown at (its height - y, x)): which outer row is on the right
    and which on the left, and whether a row's points are numbered from the top or the
    bottom, read from where ``at`` draws t1, t2 and b1 (``turned.note`` of the page's word
    tables, its values the rows' and the direction's keys)."""
    (t1x, t1y), (t2x, _), (_, b1y) = at("t1"), at("t2"), at("b1")
    t_right = t1y < b1y
    return {
        "key": "turned.note",
        "values": {
            "right": {"key": "turned.rowT" if t_right else "turned.rowB"},
            "left": {"key": "turned.rowB" if t_right else "turned.rowT"},
            "from": {"key": "turned.fromTop" if t2x > t1x else "turned.fromBottom"},
        },
    }
