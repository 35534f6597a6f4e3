"""SVG drawings for Zohn Ahl: the board (the 40-space cloth or the 28-space square) and the
four stick dice.

``board_svg(options_or_ruleset, state=None, *, lang="en", title=None)`` and
``sticks_svg(throw=None, *, lang="en")`` return a complete ``<svg>`` document as a string:
viewBox-based (it scales to its container), deterministic (same input, same bytes), with
``<title>`` and ``<desc>`` in English or French, every colour inline (readable and printable
without the site's CSS) and class names for the site's CSS to restyle.

The two boards (reconstruction choices; the works are cited in ``spec/README.md``)
----------------------------------------------------------------------------------

*The 40-space cloth* (rulesets ``kiowa`` and ``culin``) follows Culin's "awl cloth" as the
Wikipedia article "Zohn Ahl" and Culin 1907 (as transcribed) describe it: a ring of 40
points in four groups of ten, counted 1..20 on each half; the **creek** is the space between
two parallel lines, between the points 20|21 (north) and 40|1 (south); the **dry branches**
are the corresponding spaces between parallel lines at right angles, between 10|11 (west)
and 30|31 (east); the flat **ahl stone** lies in the centre (the sticks are struck on it).
Culin's own figure was not seen (only transcriptions): the even ring of points and the
shape of the lines are our drawing, not a copy of it.

*The 28-space square* (rulesets ``printable`` and ``globe``) follows a printable rules
sheet (a square of 28 spaces; the creek or torrent north and south, a torrent river running
from top to bottom, the dry gullies east and west, a dry river bed) and Le Globe Joueur's
"Zohn Al" (24 plain spaces, 2 rivers, 2 ravines; the hills drawn as half circles are not
spaces). The
square is drawn as a 9 x 9 ring with the corners cut (seven spaces per quarter); the
layout of those sheets' own drawings was not seen.

Numbering. ``data-space`` is always the *physical* index = side 0's own numbering
(1..40 on the cloth, 0..27 on the square). Side 0 (red) goes clockwise from just left of the
south creek, side 1 (green) anticlockwise from just right of it, as Le Globe Joueur puts
the red and green pieces; side 1's own space u is side 0's 41-u (cloth) or (28-u) mod 28
(square), as ``spec/zohn-ahl.md`` says (the drawing calls the engine's own
``rulesets.physical_space``/``own_space``, so there is one mapping). Each space shows side 0's number outside
the ring and side 1's number inside it.

The awls. Side 0 is drawn as a vermillion disc with a white centre, side 1 as a bluish green
diamond with white stripes (Okabe-Ito colours; the shapes and marks tell them apart without
colour, in print and for colour-blind readers). The colours follow Le Globe Joueur's red
and green pieces; Culin's awls are plain awls.

Class names (for the site's CSS) and data attributes
----------------------------------------------------
- ``svg.za-board`` (+ ``za-board-40`` or ``za-board-28``), ``data-ruleset``, ``data-spaces``.
- ``.za-cloth`` the background; ``.za-track`` the lines joining the spaces.
- ``g.za-space`` each space: ``data-space`` (physical index), ``data-name`` (English key:
  ``"space 12"``, ``"south creek"``, ``"north torrent"``, ``"west gully"``, ``"east
  ravine"``...), ``data-own0``/``data-own1`` (the space in each side's numbering); extra
  classes ``za-creek`` (creek/torrent/river spaces), ``za-dry`` (gully/ravine spaces),
  ``za-start``; it holds a ``circle`` (cloth) or ``rect`` (square) with class
  ``za-mark`` and a ``<title>`` in the chosen language.
- ``.za-label-0`` / ``.za-label-1`` the numbers of side 0 / side 1.
- ``.za-creek-lines``, ``.za-dry-lines`` the parallel lines; ``.za-river``, ``.za-gully``
  the river and dry bed of the square; ``.za-stone`` the ahl stone; ``.za-hill`` the
  Globe board's hills; ``.za-caption`` the feature names.
- ``g.za-awl`` (+ ``za-awl-0`` / ``za-awl-1``) ``data-awl="0|1"``, ``data-on`` (the
  physical space; only spaces carry ``data-space``) and ``data-own``; drawn around (0, 0) and placed with ``transform="translate(x y)"``, so
  a script can move it to any space's centre (read the mark's ``cx``/``cy``, or ``x``/``y``
  plus half the size, or ``data-x``/``data-y`` on the space group).
- ``g.za-counters`` (``data-side``, ``data-count``) the counter sticks each side holds;
  ``g.za-legend``.
- Sticks: ``svg.za-sticks``; ``g.za-stick`` ``data-stick="0..3"``, ``data-marked``,
  ``data-sahe`` (index 3 only); classes ``za-stick-marked`` / ``za-stick-plain-side``,
  ``za-sahe``; ``.za-groove`` the painted grooves.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from ..core import PositionError, RulesetError, ThrowError
from ..svg import COLOURS as C
from ..svg import check_lang, el, esc, num, polar, svg_document, text
from ..words import section
from .rulesets import Options, Ruleset, get_ruleset, own_space, physical_space
from .throws import Throw

DrawnOptions = Options | Ruleset | str | dict[str, Any] | None
"""What a drawing accepts for the game: a ruleset name, an ``Options``, a ``Ruleset``, a
dict with a ``"ruleset"`` key, or None for the default."""

Layout = dict[int, tuple[float, float, float, float]]
"""Physical index -> (x, y, nx, ny): centre of the space and the outward unit normal."""

Sticks = tuple[bool, bool, bool, bool]
"""The four sticks, three plain then the sahe: True for the flat, grooved side up."""


@runtime_checkable
class _Serialisable(Protocol):
    """A position that says itself as a dict (a ``State``)."""

    def to_dict(self) -> Mapping[str, Any]: ...


@runtime_checkable
class _HasSticks(Protocol):
    """A throw (a ``Throw``): its four sticks."""

    @property
    def sticks(self) -> Sequence[object]: ...


# ---------------------------------------------------------------------------------------
# rulesets and positions (duck-typed so the drawing works from names, dicts or objects)

WORDS: dict[str, dict[str, Any]] = section("zohn-ahl")
"""The words drawn into the board in each language (the tables of :mod:`engine.words`)."""


def _w(lang: str, key: str, **kw: str | int) -> str:
    s: str = WORDS[lang][key]
    if "side" in kw:
        kw.setdefault("side_lower", str(kw["side"]).lower())
    return s.format(**kw) if kw else s


def _resolve(options_or_ruleset: DrawnOptions) -> tuple[Ruleset, int]:
    """(Ruleset, counters a side) from a name, a dict, an ``Options`` or a ``Ruleset``;
    validated by ``engine.zohn_ahl.rulesets`` (RulesetError / OptionError)."""
    obj = options_or_ruleset
    if isinstance(obj, Ruleset):
        return obj, Options().counters
    if obj is None:
        opts = Options()
    elif isinstance(obj, str):
        opts = Options(ruleset=obj)
    elif isinstance(obj, (dict, Options)):
        opts = Options.from_dict(obj)
    else:
        raise RulesetError(f"{obj!r} is not a Zohn Ahl ruleset or options", input=repr(obj))
    return get_ruleset(opts.ruleset), opts.counters


def _state_dict(state: object) -> dict[str, Any]:
    if state is None:
        return {}
    if isinstance(state, dict):
        return state
    if isinstance(state, _Serialisable):
        return dict(state.to_dict())
    return {
        k: getattr(state, k)
        for k in ("awls", "counters", "to_move", "winner", "skip")
        if hasattr(state, k)
    }


def _awls_of(rules: Ruleset, state: dict[str, Any]) -> tuple[int, int]:
    awls = state.get("awls")
    if awls is None:
        return rules.start, rules.start
    awls = tuple(awls)
    if len(awls) != 2:
        raise PositionError(f"{awls!r} is not a pair of awl spaces", input=repr(awls))
    for side in (0, 1):
        physical_space(rules, side, awls[side])  # validates the space
    return awls


# ---------------------------------------------------------------------------------------
# geometry

SIZE = 560
CX = CY = SIZE / 2
RING = 196  # radius of the cloth's ring of points
CELL = 48  # grid unit of the square board
BOX = 40  # a square board space


def layout(spaces: int) -> Layout:
    """Physical index -> (x, y, nx, ny): centre of the space and the outward unit normal."""
    out: dict[int, tuple[float, float, float, float]] = {}
    if spaces == 40:
        for s in range(1, 41):
            q, i = divmod(s - 1, 10)
            bearing = 180 + q * 90 + 9 + i * 8
            x, y = polar(CX, CY, RING, bearing)
            a = math.radians(bearing)
            out[s] = (x, y, math.sin(a), -math.cos(a))
        return out
    quarter = [(0, 4), (-1, 4), (-2, 4), (-3, 4), (-4, 3), (-4, 2), (-4, 1)]
    normals = [(0, 1)] * 4 + [(-1, 0)] * 3
    for q in range(4):
        for i, ((gx, gy), (nx, ny)) in enumerate(zip(quarter, normals)):
            for _ in range(q):  # rotate 90 degrees clockwise
                gx, gy, nx, ny = -gy, gx, -ny, nx
            out[q * 7 + i] = (CX + gx * CELL, CY + gy * CELL, nx, ny)
    return out


def _special_names(rules: Ruleset) -> dict[int, str]:
    if rules.spaces == 40:
        return {}
    if rules.name == "globe":
        return {0: "south river", 14: "north river", 7: "west ravine", 21: "east ravine"}
    return {0: "south creek", 14: "north torrent", 7: "west gully", 21: "east gully"}


# ---------------------------------------------------------------------------------------
# pieces


def awl_marker(side: int, scale: float = 1.0) -> str:
    """The awl's marker drawn around (0, 0): side 0 a disc with a white centre, side 1 a
    diamond with two white stripes."""
    r = 13 * scale
    if side == 0:
        return el(
            "circle",
            {
                "r": num(r),
                "fill": C["side0"],
                "stroke": C["side0-dark"],
                "stroke-width": num(2.2 * scale),
            },
        ) + el("circle", {"r": num(4.2 * scale), "fill": "#ffffff"})
    d = r * 1.18
    body = el(
        "polygon",
        {
            "points": f"0,{num(-d)} {num(d)},0 0,{num(d)} {num(-d)},0",
            "fill": C["side1"],
            "stroke": C["side1-dark"],
            "stroke-width": num(2.2 * scale),
            "stroke-linejoin": "round",
        },
    )
    # two white stripes across the diamond (chords at y = -d/3 and +d/3)
    stripes = []
    for yy in (-d / 3, d / 3):
        half = d - abs(yy) - 2.2 * scale
        stripes.append(
            el(
                "line",
                {
                    "x1": num(-half),
                    "y1": num(yy),
                    "x2": num(half),
                    "y2": num(yy),
                    "stroke": "#ffffff",
                    "stroke-width": num(2.6 * scale),
                    "stroke-linecap": "round",
                },
            )
        )
    return body + "".join(stripes)


def _counter_pile(
    side: int,
    count: int,
    x: float,
    y: float,
    lang: str,
    anchor: str,
    room: int | None = None,
) -> str:
    """A side's counters: short sticks in rows of ten, the side's marker and the number.

    With ``room`` (the page's board), ``room`` sticks (``data-counter`` 0, 1, ...) and a
    label for every count from 0 to ``room`` (``data-count``) are drawn, those beyond
    ``count`` hidden: the page shows a side's counters by showing the first sticks and the
    label of that count."""
    sticks = []
    per_row = 10
    for i in range(count if room is None else room):
        row, col = divmod(i, per_row)
        sx = (x + 20 + col * 7) if anchor == "start" else (x - 20 - col * 7)
        sy = y - row * 22
        sticks.append(
            el(
                "line",
                {
                    "x1": num(sx),
                    "y1": num(sy - 8),
                    "x2": num(sx),
                    "y2": num(sy + 8),
                    "stroke": C["wood-edge"],
                    "stroke-width": "3.2",
                    "stroke-linecap": "round",
                    "data-counter": None if room is None else i,
                    "visibility": "hidden" if room is not None and i >= count else None,
                },
            )
        )
    labels = []
    for n in (count,) if room is None else range(room + 1):
        label = _w(lang, "counter") if n == 1 else _w(lang, "counters", n=n)
        labels.append(
            text(
                x + (12 if anchor == "start" else -12),
                y + 30,
                _w(lang, "labelled", name=_w(lang, "side")[side], value=label),
                {
                    "font-size": "11",
                    "fill": C["ink"],
                    "text-anchor": anchor,
                    "font-family": "sans-serif",
                    "data-count": None if room is None else n,
                    "visibility": "hidden" if room is not None and n != count else None,
                },
            )
        )
    return el(
        "g",
        {"class": "za-counters", "data-side": side, "data-count": count},
        el("g", {"transform": f"translate({num(x)} {num(y + 26)})"}, awl_marker(side, 0.55)),
        *labels,
        *sticks,
    )


# ---------------------------------------------------------------------------------------
# the board


@functools.lru_cache(maxsize=16)
def _static_board(name: str, lang: str) -> str:
    """Everything on the board that does not change during a game (the cloth or square,
    its features, the spaces and their numbers, the legend), drawn once per ruleset and
    language: the same bytes as drawing it afresh."""
    rules = get_ruleset(name)
    spaces = rules.spaces
    geo = layout(spaces)
    special = _special_names(rules)
    W = WORDS[lang]

    parts: list[str] = []
    parts.append(
        el(
            "rect",
            {
                "class": "za-cloth",
                "x": "4",
                "y": "4",
                "width": SIZE - 8,
                "height": SIZE - 8,
                "rx": "18",
                "fill": C["ground"],
                "stroke": C["ground-edge"],
                "stroke-width": "2",
            },
        )
    )
    if spaces == 40:
        parts.append(_cloth_features(lang))
    else:
        parts.append(_square_features(rules, geo, lang))

    # the spaces
    marks = []
    for p in sorted(geo):
        x, y, nx, ny = geo[p]
        own1 = own_space(rules, 1, p)
        key = special.get(p, f"space {p}")
        cls = ["za-space"]
        fill, stroke = C["ground"], C["ink"]
        if key.endswith(("creek", "torrent", "river")):
            cls.append("za-creek")
            fill, stroke = C["water-fill"], C["water"]
        elif key.endswith(("gully", "ravine")):
            cls.append("za-dry")
            fill, stroke = C["dry-fill"], C["dry"]
        if p in (physical_space(rules, 0, rules.start), physical_space(rules, 1, rules.start)):
            cls.append("za-start")
        if key.startswith("space "):
            local = _w(lang, "space", n=p)
        else:
            local = W[key]
        tip = (
            _w(lang, "labelled", name=local, value=f"{W['side'][0]} {p}, {W['side'][1]} {own1}")
            if spaces == 40 or key.startswith("space ")
            else f"{local} ({W['side'][0]} {p}, {W['side'][1]} {own1})"
        )
        if spaces == 40:
            mark = el(
                "circle",
                {
                    "class": "za-mark",
                    "cx": num(x),
                    "cy": num(y),
                    "r": "8.5",
                    "fill": fill,
                    "stroke": stroke,
                    "stroke-width": "2.2",
                },
            )
        else:
            mark = el(
                "rect",
                {
                    "class": "za-mark",
                    "x": num(x - BOX / 2),
                    "y": num(y - BOX / 2),
                    "width": BOX,
                    "height": BOX,
                    "rx": "6",
                    "fill": fill,
                    "stroke": stroke,
                    "stroke-width": "2",
                },
            )
        marks.append(
            el(
                "g",
                {
                    "class": " ".join(cls),
                    "data-space": p,
                    "data-name": key,
                    "data-own0": p,
                    "data-own1": own1,
                    "data-x": num(x),
                    "data-y": num(y),
                },
                el("title", None, esc(tip)),
                mark,
            )
        )
    parts.append(el("g", {"class": "za-spaces"}, *marks))

    # the numbers: side 0 outside, side 1 inside
    off_out, off_in = (21, 22) if spaces == 40 else (BOX / 2 + 11, BOX / 2 + 11)
    lab0, lab1 = [], []
    for p in sorted(geo):
        x, y, nx, ny = geo[p]
        style = {
            "font-size": "11",
            "text-anchor": "middle",
            "dominant-baseline": "central",
            "font-family": "sans-serif",
        }
        lab0.append(
            text(x + nx * off_out, y + ny * off_out, str(p), {**style, "fill": C["side0-dark"]})
        )
        lab1.append(
            text(
                x - nx * off_in,
                y - ny * off_in,
                str(own_space(rules, 1, p)),
                {**style, "fill": C["side1-dark"], "font-style": "italic"},
            )
        )
    parts.append(el("g", {"class": "za-label-0", "aria-hidden": "true"}, *lab0))
    parts.append(el("g", {"class": "za-label-1", "aria-hidden": "true"}, *lab1))

    # legend (top corners) and counters (bottom corners)
    parts.append(_legend(lang))
    return "".join(parts)


def board_svg(
    options_or_ruleset: DrawnOptions = "kiowa",
    state: _Serialisable | dict[str, Any] | None = None,
    *,
    lang: str = "en",
    title: str | None = None,
    pieces: bool = True,
    for_page: bool = False,
) -> str:
    """The board of ``options_or_ruleset`` (a ruleset name, an ``Options``, a ``Ruleset``
    or a dict with a ``"ruleset"`` key) with the awls where ``state`` has them (a ``State``,
    a dict with ``awls``/``counters``..., or None for the start). ``pieces=False`` leaves
    out the awls and the counters (the printable sheets). ``for_page=True`` (the
    page's board, drawn once per ruleset and number of counters) draws in each side's pile
    every counter of the game, those beyond the side's count hidden, and the pile's words
    for every count: the page shows each state by moving the awls and showing the counters
    (``_counter_pile``), the awls of a shared space side by side as the page puts them
    (board scripts, zohn-ahl-render.js). Its ``<desc>`` describes the board alone, not where the pieces
    stand (the page moves them and tells each state in words beside the drawing, so a
    description of one state would go stale). Returns the SVG text."""
    check_lang(lang)
    rules, n_counters = _resolve(options_or_ruleset)
    name, spaces = rules.name, rules.spaces
    st = _state_dict(state)
    awls = _awls_of(rules, st)
    counters = tuple(st.get("counters") or (n_counters, n_counters))
    geo = layout(spaces)
    special = _special_names(rules)
    W = WORDS[lang]

    parts: list[str] = [_static_board(name, lang)]
    if pieces:
        room = 2 * n_counters if for_page else None
        parts.append(_counter_pile(0, int(counters[0]), 26, SIZE - 58, lang, "start", room))
        parts.append(_counter_pile(1, int(counters[1]), SIZE - 26, SIZE - 58, lang, "end", room))

    # the awls
    phys = [physical_space(rules, side, awls[side]) for side in (0, 1)]
    for side in (0, 1) if pieces else ():
        x, y, nx, ny = geo[phys[side]]
        scale = 1.0
        if phys[0] == phys[1] and for_page:  # sharing a space, as the page places them
            x += -11 if side == 0 else 11
        elif phys[0] == phys[1]:  # sharing a space: side by side
            shift = 11 if side == 0 else -11  # side 0 towards its own way round
            x, y = x - ny * shift, y + nx * shift
            scale = 0.8
        parts.append(
            el(
                "g",
                {
                    "class": f"za-awl za-awl-{side}",
                    "data-awl": side,
                    "data-on": phys[side],
                    "data-own": awls[side],
                    "transform": f"translate({num(x)} {num(y)})",
                },
                el("title", None, esc(W["awl"][side])),
                awl_marker(side, scale),
            )
        )

    # words
    if title is None:
        title = W["title40"] if spaces == 40 else W["title28"]
    desc = [
        W["desc40"]
        if spaces == 40
        else W["desc28"].format(
            s=W[special[0]],
            n=W[special[14]],
            w=W[special[7]],
            start=W["start_" + name],
            e=W[special[21]],
        )
    ]
    desc.append(W["numbers"].format(d0=W["dir"][0], d1=W["dir"][1]))
    if not for_page:  # where the pieces stand
        for side in (0, 1) if pieces else ():
            desc.append(_w(lang, "awl_at", awl=W["awl"][side], own=awls[side], phys=phys[side]))
        if pieces:
            desc.append(W["counts"].format(c0=counters[0], c1=counters[1]))
        if st.get("winner") is not None:
            desc.append(_w(lang, "winner", side=W["side"][int(st["winner"])]))
        elif st.get("to_move") is not None:
            desc.append(_w(lang, "to_move", side=W["side"][int(st["to_move"])]))
        for side, due in enumerate(st.get("skip") or ()):
            if due:
                desc.append(_w(lang, "skip", side=W["side"][side]))
    return svg_document(
        (0, 0, SIZE, SIZE),
        "".join(parts),
        title=title,
        desc=" ".join(desc),
        lang=lang,
        cls=f"za-board za-board-{spaces}",
        extra={"data-ruleset": name, "data-spaces": spaces},
    )


def _legend(lang: str) -> str:
    W = WORDS[lang]
    out = []
    for side, (x, anchor) in enumerate(((28, "start"), (SIZE - 28, "end"))):
        out.append(el("g", {"transform": f"translate({num(x)} 32)"}, awl_marker(side, 0.7)))
        tx = x + 16 if anchor == "start" else x - 16
        out.append(
            text(
                tx,
                28,
                W["side"][side],
                {
                    "font-size": "13",
                    "font-weight": "bold",
                    "fill": C["ink"],
                    "text-anchor": anchor,
                    "font-family": "sans-serif",
                },
            )
        )
        out.append(
            text(
                tx,
                43,
                W["dir"][side],
                {
                    "font-size": "10.5",
                    "fill": C["ink-soft"],
                    "text-anchor": anchor,
                    "font-family": "sans-serif",
                },
            )
        )
    return el("g", {"class": "za-legend"}, *out)


def _caption(x: float, y: float, words: str, rotate: float = 0) -> str:
    attrs = {
        "font-size": "11",
        "fill": C["ink-soft"],
        "text-anchor": "middle",
        "dominant-baseline": "central",
        "font-family": "sans-serif",
        "letter-spacing": "0.5",
        "class": "za-caption",
    }
    if rotate:
        attrs["transform"] = f"rotate({num(rotate)} {num(x)} {num(y)})"
    return text(x, y, words, attrs)


def _cloth_features(lang: str) -> str:
    """The ring's four arcs, the creek (N, S), the dry branches (W, E), the ahl stone."""
    W = WORDS[lang]
    out = []
    # four arcs of the track, each through its ten points
    for q in range(4):
        b0 = 180 + q * 90 + 9
        b1 = b0 + 72
        x0, y0 = polar(CX, CY, RING, b0)
        x1, y1 = polar(CX, CY, RING, b1)
        out.append(
            el(
                "path",
                {
                    "class": "za-track",
                    "d": f"M{num(x0)} {num(y0)} A{RING} {RING} 0 0 1 {num(x1)} {num(y1)}",
                    "fill": "none",
                    "stroke": C["ink"],
                    "stroke-width": "1.6",
                },
            )
        )
    # creek (north and south) and dry branches (west and east): parallel lines across the
    # gap, with the space between them shaded
    half, reach = 13, 34
    for bearing, kind in ((0, "creek"), (180, "creek"), (270, "dry"), (90, "dry")):
        a = math.radians(bearing)
        ux, uy = math.sin(a), -math.cos(a)  # along the radius
        px, py = -uy, ux  # across it
        cx, cy = CX + ux * RING, CY + uy * RING
        p1 = (cx - ux * reach, cy - uy * reach)
        p2 = (cx + ux * reach, cy + uy * reach)
        quad = [
            (p1[0] + px * half, p1[1] + py * half),
            (p2[0] + px * half, p2[1] + py * half),
            (p2[0] - px * half, p2[1] - py * half),
            (p1[0] - px * half, p1[1] - py * half),
        ]
        colour = C["water"] if kind == "creek" else C["dry"]
        fill = C["water-fill"] if kind == "creek" else C["dry-fill"]
        g = [
            el(
                "polygon",
                {
                    "points": " ".join(f"{num(x)},{num(y)}" for x, y in quad),
                    "fill": fill,
                    "stroke": "none",
                },
            )
        ]
        for sgn in (1, -1):
            g.append(
                el(
                    "line",
                    {
                        "x1": num(p1[0] + px * half * sgn),
                        "y1": num(p1[1] + py * half * sgn),
                        "x2": num(p2[0] + px * half * sgn),
                        "y2": num(p2[1] + py * half * sgn),
                        "stroke": colour,
                        "stroke-width": "2.4",
                        "stroke-linecap": "round",
                    },
                )
            )
        if kind == "creek":  # a gentle wave along the water
            w = []
            steps = 8
            for i in range(steps + 1):
                t = -reach + 2 * reach * i / steps
                off = 3.2 * math.sin(i * math.pi / 2)
                w.append((cx + ux * t + px * off, cy + uy * t + py * off))
            g.append(
                el(
                    "polyline",
                    {
                        "points": " ".join(f"{num(x)},{num(y)}" for x, y in w),
                        "fill": "none",
                        "stroke": colour,
                        "stroke-width": "1.2",
                        "stroke-linejoin": "round",
                        "opacity": "0.8",
                    },
                )
            )
        else:  # dry: a few pebbles
            for t, off in ((-18, -5), (-4, 4), (12, -3), (24, 5)):
                g.append(
                    el(
                        "circle",
                        {
                            "cx": num(cx + ux * t + px * off),
                            "cy": num(cy + uy * t + py * off),
                            "r": "1.8",
                            "fill": C["dry"],
                        },
                    )
                )
        cls = "za-creek-lines" if kind == "creek" else "za-dry-lines"
        out.append(el("g", {"class": cls}, *g))
        word = W["creek"] if kind == "creek" else W["dry"]
        lx, ly = CX + ux * (RING + 50), CY + uy * (RING + 50)
        out.append(
            _caption(lx, ly, word, rotate=0 if kind == "creek" else (-90 if bearing == 270 else 90))
        )
    # the ahl stone
    stone = (
        "M{0} {1} C{2} {3} {4} {5} {6} {7} C{8} {9} {10} {11} {12} {13} "
        "C{14} {15} {16} {17} {0} {1}Z"
    )
    pts = [
        CX - 52,
        CY + 6,
        CX - 50,
        CY - 30,
        CX - 10,
        CY - 40,
        CX + 30,
        CY - 32,
        CX + 66,
        CY - 24,
        CX + 60,
        CY + 22,
        CX + 24,
        CY + 34,
        CX - 12,
        CY + 44,
        CX - 54,
        CY + 36,
    ]
    out.append(
        el(
            "path",
            {
                "class": "za-stone",
                "d": stone.format(*(num(v) for v in pts)),
                "fill": C["stone"],
                "stroke": C["stone-edge"],
                "stroke-width": "2",
                "opacity": "0.85",
            },
        )
    )
    out.append(
        _caption(CX + 4, CY - 2, W["stone"]).replace(f'fill="{C["ink-soft"]}"', 'fill="#ffffff"')
    )
    return "".join(out)


def _square_features(rules: Ruleset, geo: Layout, lang: str) -> str:
    """The river (north to south) and the dry bed (west to east) of the square board, the
    track joining the spaces, and the Globe board's hills."""
    W = WORDS[lang]
    out = []
    # track: a thin line through the space centres
    ring = [geo[p][:2] for p in range(28)] + [geo[0][:2]]
    out.append(
        el(
            "polyline",
            {
                "class": "za-track",
                "points": " ".join(f"{num(x)},{num(y)}" for x, y in ring),
                "fill": "none",
                "stroke": C["ink"],
                "stroke-width": "1.4",
                "stroke-linejoin": "round",
            },
        )
    )
    half = 12
    top, bottom = CY - 4 * CELL, CY + 4 * CELL
    left, right = CX - 4 * CELL, CX + 4 * CELL
    # dry bed, west to east
    out.append(
        el(
            "g",
            {"class": "za-gully"},
            el(
                "rect",
                {
                    "x": num(left),
                    "y": num(CY - half),
                    "width": num(right - left),
                    "height": num(2 * half),
                    "fill": C["dry-fill"],
                },
            ),
            el(
                "line",
                {
                    "x1": num(left),
                    "y1": num(CY - half),
                    "x2": num(right),
                    "y2": num(CY - half),
                    "stroke": C["dry"],
                    "stroke-width": "1.8",
                    "stroke-dasharray": "6 4",
                },
            ),
            el(
                "line",
                {
                    "x1": num(left),
                    "y1": num(CY + half),
                    "x2": num(right),
                    "y2": num(CY + half),
                    "stroke": C["dry"],
                    "stroke-width": "1.8",
                    "stroke-dasharray": "6 4",
                },
            ),
        )
    )
    # river, north to south, with a wave
    wave = []
    steps = 24
    for i in range(steps + 1):
        y = top + (bottom - top) * i / steps
        wave.append((CX + 3.5 * math.sin(i * math.pi / 2), y))
    out.append(
        el(
            "g",
            {"class": "za-river"},
            el(
                "rect",
                {
                    "x": num(CX - half),
                    "y": num(top),
                    "width": num(2 * half),
                    "height": num(bottom - top),
                    "fill": C["water-fill"],
                },
            ),
            el(
                "line",
                {
                    "x1": num(CX - half),
                    "y1": num(top),
                    "x2": num(CX - half),
                    "y2": num(bottom),
                    "stroke": C["water"],
                    "stroke-width": "2",
                },
            ),
            el(
                "line",
                {
                    "x1": num(CX + half),
                    "y1": num(top),
                    "x2": num(CX + half),
                    "y2": num(bottom),
                    "stroke": C["water"],
                    "stroke-width": "2",
                },
            ),
            el(
                "polyline",
                {
                    "points": " ".join(f"{num(x)},{num(y)}" for x, y in wave),
                    "fill": "none",
                    "stroke": C["water"],
                    "stroke-width": "1.2",
                    "opacity": "0.8",
                },
            ),
        )
    )
    if rules.name == "globe":  # hills in the cut corners
        for gx, gy in ((-1, 1), (-1, -1), (1, -1), (1, 1)):
            hx, hy = CX + gx * 4 * CELL, CY + gy * 4 * CELL
            r = CELL * 0.62
            # a half circle whose flat side faces outward from the corner
            sx, sy = hx - gx * r * 0.9, hy
            ex, ey = hx, hy - gy * r * 0.9
            sweep = 1 if gx * gy < 0 else 0
            out.append(
                el(
                    "path",
                    {
                        "class": "za-hill",
                        "d": f"M{num(sx)} {num(sy)} A{num(r)} {num(r)} 0 0 "
                        f"{sweep} {num(ex)} {num(ey)}",
                        "fill": "none",
                        "stroke": C["dry"],
                        "stroke-width": "1.6",
                    },
                )
            )
    # captions outside the special spaces
    special = _special_names(rules)
    for p, key in special.items():
        x, y, nx, ny = geo[p]
        d = BOX / 2 + 30
        rot = 0 if nx == 0 else (-90 if nx < 0 else 90)
        out.append(_caption(x + nx * d, y + ny * d, W[key], rotate=rot))
    return "".join(out)


# ---------------------------------------------------------------------------------------
# the sticks


def _parse_throw(throw: _HasSticks | str | Sequence[object] | None) -> Sticks | None:
    if throw is None:
        return None
    if isinstance(throw, _HasSticks):
        return _four(throw.sticks)
    if isinstance(throw, str):
        return _four(Throw.parse(throw).sticks)
    seq = tuple(throw)
    if len(seq) != 4 or any(v not in (0, 1, True, False) for v in seq):
        raise ThrowError(
            f"{throw!r} is not a throw: expected four values 0 or 1 "
            "(three plain sticks, then the sahe)",
            input=repr(throw),
        )
    return _four(seq)


def _four(sticks: Sequence[object]) -> Sticks:
    """Four sticks as booleans (the caller has checked there are four)."""
    a, b, c, d = sticks
    return bool(a), bool(b), bool(c), bool(d)


STICK_L, STICK_H = 250, 24


def stick_face(
    marked: bool, sahe: bool, x: float, y: float, length: float = STICK_L, height: float = STICK_H
) -> str:
    """One face of a stick as drawn by ``sticks_svg`` and the printable cut-out sheet:
    the flat side with its painted grooves (``marked``) or the rounded side."""
    out = []
    r = height / 2
    if marked:
        out.append(
            el(
                "rect",
                {
                    "x": num(x),
                    "y": num(y),
                    "width": num(length),
                    "height": num(height),
                    "rx": num(r * 0.5),
                    "fill": C["wood"],
                    "stroke": C["wood-edge"],
                    "stroke-width": "1.6",
                },
            )
        )
        if sahe:
            # one lengthwise groove painted green, with a zigzag band: a different
            # pattern from the plain sticks' cross grooves
            m = y + height / 2
            out.append(
                el(
                    "line",
                    {
                        "class": "za-groove",
                        "x1": num(x + 16),
                        "y1": num(m),
                        "x2": num(x + length - 16),
                        "y2": num(m),
                        "stroke": C["groove-sahe"],
                        "stroke-width": "3",
                        "stroke-linecap": "round",
                    },
                )
            )
            zz = []
            n = 16
            for i in range(n + 1):
                zx = x + 30 + (length - 60) * i / n
                zy = m + (-height * 0.3 if i % 2 else height * 0.3)
                zz.append((zx, zy))
            out.append(
                el(
                    "polyline",
                    {
                        "class": "za-groove",
                        "points": " ".join(f"{num(a)},{num(b)}" for a, b in zz),
                        "fill": "none",
                        "stroke": C["groove-sahe"],
                        "stroke-width": "1.8",
                        "stroke-linejoin": "round",
                    },
                )
            )
        else:
            # cross grooves painted red, in three groups
            for gcx in (0.22, 0.5, 0.78):
                for k in (-1, 0, 1):
                    gx = x + length * gcx + k * 6
                    out.append(
                        el(
                            "line",
                            {
                                "class": "za-groove",
                                "x1": num(gx),
                                "y1": num(y + 4),
                                "x2": num(gx),
                                "y2": num(y + height - 4),
                                "stroke": C["groove-red"],
                                "stroke-width": "2.4",
                                "stroke-linecap": "round",
                            },
                        )
                    )
    else:
        out.append(
            el(
                "rect",
                {
                    "x": num(x),
                    "y": num(y),
                    "width": num(length),
                    "height": num(height),
                    "rx": num(r),
                    "fill": C["wood-round"],
                    "stroke": C["wood-edge"],
                    "stroke-width": "1.6",
                },
            )
        )
        # a highlight along the curve and a few grain lines
        out.append(
            el(
                "line",
                {
                    "x1": num(x + r),
                    "y1": num(y + height * 0.32),
                    "x2": num(x + length - r),
                    "y2": num(y + height * 0.32),
                    "stroke": "#e6c99a",
                    "stroke-width": "3",
                    "stroke-linecap": "round",
                    "opacity": "0.8",
                },
            )
        )
        for fy, a, b in ((0.62, 0.12, 0.55), (0.74, 0.4, 0.9), (0.55, 0.6, 0.85)):
            out.append(
                el(
                    "line",
                    {
                        "x1": num(x + length * a),
                        "y1": num(y + height * fy),
                        "x2": num(x + length * b),
                        "y2": num(y + height * fy),
                        "stroke": C["wood-edge"],
                        "stroke-width": "0.8",
                        "opacity": "0.6",
                    },
                )
            )
        if sahe:
            # the sahe's rounded side: two bands near the ends
            for bx in (0.1, 0.9):
                gx = x + length * bx
                for k in (-3, 3):
                    out.append(
                        el(
                            "line",
                            {
                                "x1": num(gx + k),
                                "y1": num(y + 1.5),
                                "x2": num(gx + k),
                                "y2": num(y + height - 1.5),
                                "stroke": C["groove-sahe"],
                                "stroke-width": "2.4",
                            },
                        )
                    )
    return "".join(out)


def sticks_svg(
    throw: _HasSticks | str | Sequence[object] | None = None,
    *,
    lang: str = "en",
    title: str | None = None,
) -> str:
    """The four stick dice: three plain sticks then the sahe (index 3). ``throw`` is a
    ``Throw``, a code such as ``"0101"`` (1 = flat, grooved side up) or four booleans;
    None shows the flat, grooved sides of all four.

    Drawing choices (after Wikipedia's "Zohn Ahl" and Mooney 1896): split sticks, flat and grooved on one side, rounded on
    the other; the three plain sticks' grooves painted red, the sahe's green (Mooney's
    "green line"; other accounts say blue or black). The sahe's grooves also differ in
    *pattern* (a lengthwise groove and zigzag, not cross grooves) and its rounded side
    carries two bands (the sources say the round sides were "usually also distinguished"
    without saying how), and it is labelled "sahe"."""
    check_lang(lang)
    W = WORDS[lang]
    sticks = _parse_throw(throw)
    shown = sticks if sticks is not None else (True, True, True, True)
    parts = []
    x0, y0, gap = 18, 18, 20
    for i, marked in enumerate(shown):
        y = y0 + i * (STICK_H + gap)
        sahe = i == 3
        cls = (
            "za-stick "
            + ("za-stick-marked" if marked else "za-stick-plain-side")
            + (" za-sahe" if sahe else "")
        )
        name = W["sahe"] if sahe else _w(lang, "stick", n=i + 1)
        face = W["flat"] if marked else W["round"]
        parts.append(
            el(
                "g",
                {
                    "class": cls,
                    "data-stick": i,
                    "data-marked": bool(marked),
                    "data-sahe": True if sahe else None,
                },
                el("title", None, esc(_w(lang, "labelled", name=name, value=face))),
                stick_face(bool(marked), sahe, x0, y),
                text(
                    x0 + STICK_L + 14,
                    y + STICK_H / 2 - 6,
                    name,
                    {
                        "font-size": "13",
                        "font-weight": "bold" if sahe else None,
                        "fill": C["ink"],
                        "dominant-baseline": "central",
                        "font-family": "sans-serif",
                    },
                ),
                text(
                    x0 + STICK_L + 14,
                    y + STICK_H / 2 + 9,
                    face,
                    {
                        "font-size": "10",
                        "fill": C["ink-soft"],
                        "dominant-baseline": "central",
                        "font-family": "sans-serif",
                    },
                ),
            )
        )
    height = y0 * 2 + 4 * STICK_H + 3 * gap
    desc = W["sticks_desc"] + " "
    if sticks is None:
        desc += W["sticks_none"]
    else:
        code = "".join("1" if s else "0" for s in sticks)
        desc += W["sticks_throw"].format(
            code=code,
            k=sum(sticks),
            sahe=W["sahe_up"] if sticks[3] else W["sahe_down"] if sum(sticks) else "",
        )
    extra = {"data-throw": "".join("1" if s else "0" for s in sticks) if sticks else None}
    return svg_document(
        (0, 0, 400, height),
        "".join(parts),
        title=title or W["sticks_title"],
        desc=desc,
        lang=lang,
        cls="za-sticks",
        extra=extra,
    )


def page_sticks_svg(
    throw: Throw | str | None = None, *, lang: str = "en", board: str = "za"
) -> str:
    """The four sticks of a board on the page, drawn to tumble and land: upright, each
    with its marked face (``.za-face-marks``, crossed grooves on the sahe) shown by the
    page's style sheet when the stick's ``is-marked`` class is set. ``throw`` (None: not
    thrown yet) sets the faces shown; the page sets them for each throw and says them in
    words (``aria-label``). The plain sticks are numbered 1 to 3, the fourth is the sahe.
    ``board`` (the board's element id) starts the ids of the two groove patterns
    (``{board}-marks``, ``{board}-marks-sahe``), so that each board of a page has its own."""
    check_lang(lang)
    sticks = _parse_throw(throw)
    page = section("page")[lang]
    mark_id = esc(f"{board}-marks")
    marks = (
        f'<defs><pattern id="{mark_id}" width="12" height="12" patternUnits="userSpaceOnUse">'
        '<path d="M0 8 L6 2 L12 8" fill="none" stroke="currentColor" stroke-width="2.2"/>'
        "</pattern>"
        f'<pattern id="{mark_id}-sahe" width="10" height="10" patternUnits="userSpaceOnUse">'
        '<path d="M1 1 L9 9 M9 1 L1 9" fill="none" stroke="currentColor" stroke-width="1.8"/>'
        "</pattern></defs>"
    )
    parts = [marks]
    for i in range(4):
        x = 14 + i * 56
        sahe = i == 3
        marked = bool(sticks[i]) if sticks is not None else False
        body = [
            el("rect", {"class": "za-wood", "x": x, "y": 8, "width": 36, "height": 118, "rx": 16}),
            el(
                "rect",
                {
                    "class": "za-face-marks",
                    "x": x + 5,
                    "y": 20,
                    "width": 26,
                    "height": 94,
                    "rx": 10,
                    "fill": f"url(#{mark_id}{'-sahe' if sahe else ''})",
                },
            ),
        ]
        if sahe:
            body.append(
                el(
                    "g",
                    {"class": "za-sahe-sign"},
                    el("circle", {"cx": x + 18, "cy": 67, "r": 11}),
                    el("path", {"d": f"M{x + 10} 59 L{x + 26} 75 M{x + 26} 59 L{x + 10} 75"}),
                )
            )
        parts.append(
            el(
                "g",
                {
                    "class": "za-stick"
                    + (" za-sahe" if sahe else "")
                    + (" is-marked" if marked else ""),
                    "data-stick": i,
                    "data-marked": "true" if marked else "false",
                    "data-sahe": "true" if sahe else None,
                },
                el("g", {"class": "za-stick-body"}, *body),
                text(
                    x + 18,
                    144,
                    "sahe" if sahe else str(i + 1),
                    {"class": "za-stick-label", "text-anchor": "middle"},
                ),
            )
        )
    return el(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "viewBox": "0 0 236 150",
            "class": "za-sticks-svg",
            "role": "img",
            "aria-label": page["sticksNone"] if sticks is None else page["sticksLabel"],
        },
        *parts,
    )
