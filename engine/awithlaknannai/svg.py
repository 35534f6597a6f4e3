"""SVG drawing of an Awithlaknannai board (Mosona lined or open, Kolowis) and its pieces.

``board_svg(ruleset, position=None, *, lang="en", flip=False, title=None)`` returns a
complete ``<svg>`` document as a string: viewBox-based, deterministic (same input, same
bytes), ``<title>``/``<desc>`` in English or French, colours inline (readable and printable
without the site's CSS), class names for the site's CSS.

Geometry comes from ``engine.awithlaknannai.boards`` (one source of truth: points, their
coordinates, the lines); while that module is missing, the coordinates of
``shared/rules/awithlaknannai.md`` are used (the same numbers). One board unit is 70 px, so
the two close points at each end of Mosona's middle row (m1-m2 and m8-m9, half a unit
apart) keep their pieces apart.

Orientation: Black (side 0, moves first) at the bottom, points numbered from the left as
Black sees the board, as the rules file says. ``flip=True`` turns the board half a turn,
so White sits at the bottom and reads its own left to right.

Pieces: Black is a near-black disc with a light ring inside it; White an off-white disc
with a dark outline and a dark centre dot. They differ by fill, outline and mark, so they
read in greyscale print and for colour-blind readers.

Class names and data attributes (for the site's CSS and scripts)
-----------------------------------------------------------------
- ``svg.aw-board`` (+ ``aw-board-mosona``, ``aw-board-mosona-open``, ``aw-board-kolowis``,
  ``aw-flipped`` when flipped); ``data-ruleset``, ``data-board``, ``data-flip``,
  ``data-to-move`` ("B"/"W") when a position is given.
- ``.aw-ground`` the background; ``line.aw-line`` each line, ``data-line="m1-m2"``.
- ``g.aw-point`` each point: ``data-point="b4"``, ``data-x``/``data-y`` (its centre in
  the viewBox), ``data-piece`` ("B", "W" or ""), a ``<title>`` ("b4, black piece";
  French "b4, pion noir"; "m5, empty" / "m5, vide"), ``circle.aw-hit`` (transparent, radius
  14: a 28 px target at natural size) and ``circle.aw-dot`` (the visible point).
- ``g.aw-piece`` (+ ``aw-black`` / ``aw-white``) ``data-piece="B|W"``,
  ``data-at`` (its point; only points carry ``data-point``, so ``[data-point]`` selects
  exactly the points); drawn around (0, 0), placed with ``transform="translate(x y)"``;
  the pieces layer ``g.aw-pieces`` has ``pointer-events="none"`` so a click reaches the
  point underneath.
- ``text.aw-label`` the point names (inside ``g.aw-labels``); ``g.aw-legend``.
"""

from __future__ import annotations

from ..core import PositionError, RulesetError
from ..svg import COLOURS as C, check_lang, el, esc, num, svg_document, text

U = 70          # px per board unit
MARGIN = 46     # around the board
LEGEND_H = 34   # under the board
HIT_R = 14      # point target radius (28 px across)
PIECE_R = 16.5

#: Which board each ruleset is played on (``shared/rules/awithlaknannai.md``).
BOARD_OF_RULESET = {"culin": "mosona", "open": "mosona-open", "bent": "mosona",
                    "ludii": "mosona", "kolowis": "kolowis"}

WORDS = {
    "en": {
        "black": "Black", "white": "White",
        "black_piece": "black piece", "white_piece": "white piece", "empty": "empty",
        "board": {"mosona": "Mosona board, lined", "mosona-open": "Mosona board, open",
                  "kolowis": "Kolowis Awithlaknannai board"},
        "title": "Awithlaknannai: {board}",
        "shape": "{n} points in three rows ({rows}) joined by {l} lines.",
        "count": "Black {b} pieces, White {w} pieces.",
        "to_move": "{side} to move.",
        "bottom": "{side} plays from the bottom of the picture.",
        "first": "moves first",
    },
    "fr": {
        "black": "Noirs", "white": "Blancs",
        "black_piece": "pion noir", "white_piece": "pion blanc", "empty": "vide",
        "board": {"mosona": "plateau Mosona, avec lignes",
                  "mosona-open": "plateau Mosona, ouvert",
                  "kolowis": "plateau de Kolowis Awithlaknannai"},
        "title": "Awithlaknannai : {board}",
        "shape": "{n} points sur trois rangées ({rows}) reliés par {l} lignes.",
        "count": "Noirs {b} pions, Blancs {w} pions.",
        "to_move": "Aux {side_lower} de jouer.",
        "bottom": "Les {side_lower} jouent depuis le bas de l'image.",
        "first": "commencent",
    },
}


# ---------------------------------------------------------------------------------------
# geometry

class _Geometry:
    """Points (in order), coordinates (x right, y up) and lines of one board."""

    def __init__(self, name, points, coords, lines):
        self.name = name
        self.points = tuple(points)
        self.coords = dict(coords)
        self.lines = tuple(tuple(l) for l in lines)


def _fallback_geometry(name: str) -> _Geometry:
    """The boards as ``shared/rules/awithlaknannai.md`` gives them (used only while
    ``engine.awithlaknannai.boards`` is not importable)."""
    if name in ("mosona", "mosona-open"):
        pts, co, ln = [], {}, []
        for j in range(1, 9):
            co[f"t{j}"] = (j - 1, 1)
        co["m1"] = (0, 0)
        for j in range(2, 9):
            co[f"m{j}"] = (j - 1.5, 0)
        co["m9"] = (7, 0)
        for j in range(1, 9):
            co[f"b{j}"] = (j - 1, -1)
        pts = [f"t{j}" for j in range(1, 9)] + [f"m{j}" for j in range(1, 10)] + \
              [f"b{j}" for j in range(1, 9)]
        ln += [(f"m{j}", f"m{j + 1}") for j in range(1, 9)]
        for j in range(2, 9):
            ln += [(f"m{j}", f"t{j - 1}"), (f"m{j}", f"t{j}"),
                   (f"m{j}", f"b{j - 1}"), (f"m{j}", f"b{j}")]
        ln += [("m1", "t1"), ("m1", "b1"), ("m9", "t8"), ("m9", "b8")]
        if name == "mosona":
            ln += [(f"t{j}", f"t{j + 1}") for j in range(1, 8)]
            ln += [(f"b{j}", f"b{j + 1}") for j in range(1, 8)]
        return _Geometry(name, pts, co, ln)
    if name == "kolowis":
        co = {}
        for j in range(1, 17):
            co[f"t{j}"] = (j - 1, 1)
            co[f"b{j}"] = (j - 1, -1)
        for j in range(1, 16):
            co[f"m{j}"] = (j - 0.5, 0)
        pts = [f"t{j}" for j in range(1, 17)] + [f"m{j}" for j in range(1, 16)] + \
              [f"b{j}" for j in range(1, 17)]
        ln = [(f"m{j}", f"m{j + 1}") for j in range(1, 15)]
        for j in range(1, 16):
            ln += [(f"m{j}", f"t{j}"), (f"m{j}", f"t{j + 1}"),
                   (f"m{j}", f"b{j}"), (f"m{j}", f"b{j + 1}")]
        ln += [(f"t{j}", f"t{j + 1}") for j in range(1, 16)]
        ln += [(f"b{j}", f"b{j + 1}") for j in range(1, 16)]
        return _Geometry(name, pts, co, ln)
    raise RulesetError(f"{name!r} is not an Awithlaknannai board", input=name)


def geometry(board_name: str) -> _Geometry:
    """The geometry of ``board_name`` ("mosona", "mosona-open", "kolowis")."""
    try:
        from .boards import BOARDS  # type: ignore
    except ImportError:
        return _fallback_geometry(board_name)
    if board_name not in BOARDS:
        raise RulesetError(f"{board_name!r} is not an Awithlaknannai board: expected one "
                           "of " + ", ".join(sorted(BOARDS)), input=board_name)
    b = BOARDS[board_name]
    return _Geometry(board_name, b.points, b.coords, b.lines)


def _resolve(ruleset) -> tuple[str, str]:
    """(ruleset name, board name) from a name, a Ruleset or a dict."""
    if ruleset is None:
        ruleset = "culin"
    if isinstance(ruleset, dict):
        ruleset = ruleset.get("ruleset", "culin")
    if isinstance(ruleset, str):
        if ruleset not in BOARD_OF_RULESET:
            raise RulesetError(f"{ruleset!r} is not an Awithlaknannai ruleset: expected one "
                               "of " + ", ".join(sorted(BOARD_OF_RULESET)), input=ruleset)
        return ruleset, BOARD_OF_RULESET[ruleset]
    board = getattr(ruleset, "board", None)
    name = getattr(ruleset, "name", None)
    if board is None or name is None:
        raise RulesetError(f"{ruleset!r} is not an Awithlaknannai ruleset",
                           input=repr(ruleset))
    board_name = board if isinstance(board, str) else board.name
    return name, board_name


def _rows(geo: _Geometry) -> dict[str, list[str]]:
    rows: dict[str, list[str]] = {"t": [], "m": [], "b": []}
    for p in geo.points:
        rows[p[0]].append(p)
    for r in rows.values():
        r.sort(key=lambda p: int(p[1:]))
    return rows


def start_pieces(geo: _Geometry) -> dict[str, str]:
    """The start (rules file): Black the b-row and the middle points on its right, White
    the t-row and the middle points on its left; the centre point empty."""
    rows = _rows(geo)
    mid = rows["m"]
    half = len(mid) // 2
    out = {p: "B" for p in rows["b"]}
    out.update({p: "W" for p in rows["t"]})
    out.update({p: "W" for p in mid[:half]})
    out.update({p: "B" for p in mid[half + 1:]})
    return out


def _pieces_of(geo: _Geometry, ruleset_name: str, position) -> tuple[dict, int | None]:
    """{point: "B"|"W"} and the side to move (0, 1 or None) of ``position``."""
    if position is None:
        return start_pieces(geo), 0
    if hasattr(position, "piece_at"):
        pieces = {}
        for p in geo.points:
            v = position.piece_at(p)
            if v:
                pieces[p] = v
        return pieces, getattr(position, "to_move", None)
    if isinstance(position, str):
        try:
            from .position import Position  # type: ignore
        except ImportError:
            return _parse_position(geo, position)
        return _pieces_of(geo, ruleset_name, Position.parse(position, ruleset_name))
    if isinstance(position, dict):
        return {p: v for p, v in position.items() if v in ("B", "W")}, None
    raise PositionError(f"{position!r} is not a position", input=repr(position))


def _parse_position(geo: _Geometry, textpos: str) -> tuple[dict, int | None]:
    """A small reader of the rules file's position notation (used only while
    ``engine.awithlaknannai.position`` is missing)."""
    fields = textpos.split()
    rows = _rows(geo)
    cells = fields[0].split("/") if fields else []
    if len(cells) != 3:
        raise PositionError(f"{textpos!r} is not a position: expected three rows "
                            "separated by '/'", input=textpos)
    pieces = {}
    for key, cell in zip("tmb", cells):
        if len(cell) != len(rows[key]) or any(c not in "BW." for c in cell):
            raise PositionError(f"{textpos!r} is not a position: row {key!r} should have "
                                f"{len(rows[key])} characters B, W or '.'", input=textpos)
        for p, c in zip(rows[key], cell):
            if c != ".":
                pieces[p] = c
    to_move = None
    if len(fields) > 1:
        if fields[1] not in ("B", "W"):
            raise PositionError(f"{textpos!r}: the side to move must be B or W",
                                input=textpos)
        to_move = 0 if fields[1] == "B" else 1
    return pieces, to_move


# ---------------------------------------------------------------------------------------
# drawing

def piece_marker(colour: str, scale: float = 1.0) -> str:
    """A piece drawn around (0, 0): ``"B"`` or ``"W"``."""
    r = PIECE_R * scale
    if colour == "B":
        return (el("circle", {"r": num(r), "fill": C["black-piece"], "stroke": "#000000",
                              "stroke-width": num(1.5 * scale)})
                + el("circle", {"r": num(r * 0.55), "fill": "none", "stroke": "#e8e2d4",
                                "stroke-width": num(2.2 * scale)}))
    return (el("circle", {"r": num(r), "fill": C["white-piece"], "stroke": C["black-piece"],
                          "stroke-width": num(2.6 * scale)})
            + el("circle", {"r": num(r * 0.22), "fill": C["black-piece"]}))


def board_svg(ruleset="culin", position=None, *, lang: str = "en", flip: bool = False,
              title: str | None = None) -> str:
    """The board of ``ruleset`` (a name, a ``Ruleset`` or ``{"ruleset": name}``) with the
    pieces of ``position`` (a ``Position``, its text notation, a ``{point: "B"|"W"}`` dict,
    or None for the start); ``flip`` puts White at the bottom. Returns the SVG text."""
    check_lang(lang)
    W = WORDS[lang]
    rs_name, board_name = _resolve(ruleset)
    geo = geometry(board_name)
    pieces, to_move = _pieces_of(geo, rs_name, position)

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

    parts = [el("rect", {"class": "aw-ground", "x": "2", "y": "2", "width": num(width - 4),
                         "height": num(height - 4), "rx": "14", "fill": C["ground"],
                         "stroke": C["ground-edge"], "stroke-width": "2"})]
    lines = []
    for a, b in geo.lines:
        (x1, y1), (x2, y2) = at(a), at(b)
        lines.append(el("line", {"class": "aw-line", "data-line": f"{a}-{b}",
                                 "x1": num(x1), "y1": num(y1), "x2": num(x2), "y2": num(y2)}))
    parts.append(el("g", {"class": "aw-lines", "stroke": C["ink"], "stroke-width": "2.6",
                          "stroke-linecap": "round"}, *lines))

    # point names: outer rows outside the board, middle points in the gap above them
    # (straight up is the one direction free of lines), end points beside them
    labels = []
    top_row = "b" if flip else "t"
    for p in geo.points:
        x, y = at(p)
        if p[0] == "m":
            if geo.coords[p][0] in (minx, maxx):           # an end point: beside it
                left = (geo.coords[p][0] == minx) != flip
                lx, ly, anchor = (x - 24, y, "end") if left else (x + 24, y, "start")
            else:
                lx, ly, anchor = x, y - U * 0.42, "middle"
        else:
            up = p[0] == top_row
            lx, ly, anchor = x, (y - 28 if up else y + 29), "middle"
        labels.append(text(lx, ly, p, {"class": "aw-label", "text-anchor": anchor,
                                       "dominant-baseline": "central"}))
    parts.append(el("g", {"class": "aw-labels", "font-size": "11.5",
                          "font-family": "sans-serif", "fill": C["ink-soft"],
                          "stroke": C["ground"], "stroke-width": "3.5",
                          "paint-order": "stroke", "stroke-linejoin": "round",
                          "aria-hidden": "true"}, *labels))

    # points (the click/tap targets)
    pts = []
    for p in geo.points:
        x, y = at(p)
        v = pieces.get(p, "")
        what = W["black_piece"] if v == "B" else W["white_piece"] if v == "W" else W["empty"]
        pts.append(el("g", {"class": "aw-point", "data-point": p, "data-x": num(x),
                            "data-y": num(y), "data-piece": v},
                      el("title", None, esc(f"{p}, {what}")),
                      el("circle", {"class": "aw-hit", "cx": num(x), "cy": num(y),
                                    "r": HIT_R, "fill": "#ffffff", "fill-opacity": "0"}),
                      el("circle", {"class": "aw-dot", "cx": num(x), "cy": num(y),
                                    "r": "5", "fill": C["ink"]})))
    parts.append(el("g", {"class": "aw-points"}, *pts))

    # pieces
    pcs = []
    for p in geo.points:
        v = pieces.get(p)
        if not v:
            continue
        x, y = at(p)
        pcs.append(el("g", {"class": "aw-piece " + ("aw-black" if v == "B" else "aw-white"),
                            "data-piece": v, "data-at": p,
                            "transform": f"translate({num(x)} {num(y)})"},
                      piece_marker(v)))
    parts.append(el("g", {"class": "aw-pieces", "pointer-events": "none"}, *pcs))

    # legend: the side at the bottom on the left
    ly = height - LEGEND_H + 2
    order = ("W", "B") if flip else ("B", "W")
    leg = []
    lx = MARGIN - 10
    for v in order:
        name = W["black"] if v == "B" else W["white"]
        if v == "B":
            name += f" ({W['first']})"
        leg.append(el("g", {"transform": f"translate({num(lx + 9)} {num(ly)})"},
                      piece_marker(v, 0.6)))
        leg.append(text(lx + 24, ly, name, {"dominant-baseline": "central"}))
        lx += 40 + 7.2 * len(name)
    parts.append(el("g", {"class": "aw-legend", "font-size": "12.5",
                          "font-family": "sans-serif", "fill": C["ink"]}, *leg))

    rows = _rows(geo)
    nb = sum(1 for v in pieces.values() if v == "B")
    nw = sum(1 for v in pieces.values() if v == "W")
    board_words = W["board"][board_name]
    if title is None:
        title = W["title"].format(board=board_words)
    desc = [board_words[0].upper() + board_words[1:] + ": " +
            W["shape"].format(n=len(geo.points), l=len(geo.lines),
                              rows=", ".join(str(len(rows[k])) for k in "tmb")),
            W["count"].format(b=nb, w=nw)]
    if to_move is not None:
        side = W["black"] if to_move == 0 else W["white"]
        desc.append(W["to_move"].format(side=side, side_lower=side.lower()))
    bottom = W["white"] if flip else W["black"]
    desc.append(W["bottom"].format(side=bottom, side_lower=bottom.lower()))
    cls = f"aw-board aw-board-{board_name}" + (" aw-flipped" if flip else "")
    return svg_document((0, 0, width, height), "".join(parts), title=title,
                        desc=" ".join(desc), lang=lang, cls=cls,
                        extra={"data-ruleset": rs_name, "data-board": board_name,
                               "data-flip": bool(flip),
                               "data-to-move": None if to_move is None else
                               ("B" if to_move == 0 else "W")})
