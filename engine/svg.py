"""The small SVG toolkit both games' drawings share: escaping, numbers, elements.

Everything returns plain strings, so a drawing is deterministic (the same input gives the
same bytes on CPython 3.11 and in Pyodide) and needs no dependency. Attributes are written
in the order given; ``None`` values are left out; ``True``/``False`` become ``"true"`` and
``"false"`` (the form ``data-*`` attributes use).

The drawings themselves live in ``engine.zohn_ahl.svg`` and ``engine.awithlaknannai.svg``;
``build_scripts/printables.py`` wraps them into paper-sized sheets.

Shared palette (Okabe and Ito's colour-blind safe set for the two sides, natural tones for
the cloth and the wood): see ``COLOURS``. Every colour is an inline presentation attribute,
so an SVG reads and prints without the site's CSS; the site's CSS may override them through
the class names each module documents.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

SVG_NS = "http://www.w3.org/2000/svg"

#: Colours shared by the drawings. The two side colours are Okabe-Ito vermillion and
#: bluish green; the sides always differ by shape and mark as well, never by colour alone.
COLOURS = {
    "ground": "#f6efdf",  # unbleached cotton / paper
    "ground-edge": "#d9ccb0",
    "ink": "#4a3a2a",  # dark brown ink for lines and text
    "ink-soft": "#6b5b47",  # labels (5.7:1 on the ground)
    "water": "#0072b2",  # Okabe-Ito blue: creek, torrent, river
    "water-fill": "#cfe3ef",
    "dry": "#96703a",  # ochre: dry branches, gullies, ravines
    "dry-fill": "#ecdcb8",
    "stone": "#9a948a",
    "stone-edge": "#6f6a61",
    "side0": "#d55e00",  # Okabe-Ito vermillion (red awl)
    "side0-dark": "#8a3c00",
    "side1": "#009e73",  # Okabe-Ito bluish green (green awl)
    "side1-dark": "#00583f",
    "wood": "#e3c99a",  # split willow or elm, flat side
    "wood-round": "#c49a63",  # rounded side
    "wood-edge": "#7b5a33",
    "groove-red": "#c0392b",
    "groove-sahe": "#1f6f5c",
    "black-piece": "#1d1d1b",
    "white-piece": "#fbfaf5",
}


def esc(text: object) -> str:
    """Escape text for XML character data and double-quoted attribute values."""
    s = str(text)
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def num(x: float, places: int = 2) -> str:
    """A short, stable number: at most ``places`` decimals, no trailing zeros, no ``-0``."""
    r = round(float(x), places)
    if r == 0:
        return "0"
    s = f"{r:.{places}f}".rstrip("0").rstrip(".")
    return s


def _attr_value(value: object) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, float):
        return num(value)
    return esc(value)


def attrs(items: Mapping[str, object] | None = None, **kw: object) -> str:
    """Serialise attributes: ``items`` in order, then keywords (``_`` becomes ``-``,
    a trailing ``_`` is dropped so ``class_`` gives ``class``)."""
    out = []
    merged: list[tuple[str, object]] = list((items or {}).items())
    merged += [(k.rstrip("_").replace("_", "-"), v) for k, v in kw.items()]
    for name, value in merged:
        if value is None:
            continue
        out.append(f' {name}="{_attr_value(value)}"')
    return "".join(out)


def el(tag: str, items: Mapping[str, object] | None = None, *children: str, **kw: object) -> str:
    """An element as a string; children are already-serialised strings (use ``esc`` for
    text). Without children the element is self-closed."""
    a = attrs(items, **kw)
    body = "".join(c for c in children if c)
    if not body:
        return f"<{tag}{a}/>"
    return f"<{tag}{a}>{body}</{tag}>"


def text(
    x: float, y: float, content: str, items: Mapping[str, object] | None = None, **kw: object
) -> str:
    """A ``<text>`` element with escaped content."""
    base: dict[str, object] = {"x": num(x), "y": num(y)}
    base.update(items or {})
    return el("text", base, esc(content), **kw)


def points(pts: Iterable[tuple[float, float]]) -> str:
    """``points``/path coordinates: ``x,y x,y ...``."""
    return " ".join(f"{num(x)},{num(y)}" for x, y in pts)


def polar(cx: float, cy: float, r: float, bearing_deg: float) -> tuple[float, float]:
    """The point at compass ``bearing_deg`` (0 = up/north, clockwise) and distance ``r``
    from (cx, cy), in screen coordinates (y down)."""
    a = math.radians(bearing_deg)
    return cx + r * math.sin(a), cy - r * math.cos(a)


def svg_document(
    view_box: tuple[float, float, float, float],
    body: str,
    *,
    title: str,
    desc: str,
    lang: str = "en",
    cls: str | None = None,
    width: str | None = None,
    height: str | None = None,
    extra: Mapping[str, object] | None = None,
    doc_id: str | None = None,
) -> str:
    """The ``<svg>`` root: viewBox-based, with ``<title>`` and ``<desc>`` first (the
    accessible name and description, ``role="img"``). ``width``/``height`` are only set for
    fixed-size documents (the printables); otherwise the drawing scales to its container."""
    x, y, w, h = view_box
    tid = f"{doc_id}-title" if doc_id else None
    did = f"{doc_id}-desc" if doc_id else None
    root: dict[str, object] = {
        "xmlns": SVG_NS,
        "viewBox": f"{num(x)} {num(y)} {num(w)} {num(h)}",
        "width": width,
        "height": height,
        "class": cls,
        "lang": lang,
        "role": "img",
        "id": doc_id,
        "aria-labelledby": f"{tid} {did}" if doc_id else None,
    }
    root.update(extra or {})
    return el(
        "svg", root, el("title", {"id": tid}, esc(title)), el("desc", {"id": did}, esc(desc)), body
    )


def check_lang(lang: str) -> str:
    """The drawings speak English and French; anything else is an OptionError."""
    if lang not in ("en", "fr"):
        from .core import OptionError

        raise OptionError(
            f"{lang!r} is not a supported language: expected 'en' or 'fr'", input=lang
        )
    return lang
