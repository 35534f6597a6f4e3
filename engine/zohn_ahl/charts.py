"""Charts of the solved game, drawn as self-contained SVG: the win chance along a game, and
the distribution of a game's length (or any other set of curves).

Every chart tells its series apart without colour: each has its own line pattern (solid,
dashed, dotted...) and marker shape (circle, square, triangle...), named in a legend;
``<title>`` and ``<desc>`` give a text alternative that states the figures. Colours come
from CSS classes (``chart-series-0`` ...) with a fallback in the drawing itself.
"""

from __future__ import annotations

import math
from html import escape

from engine.words import section
from engine.zohn_ahl.svg import WORDS as BOARD_WORDS

__all__ = ["line_chart", "win_chart", "percent", "whole_percent", "WORDS"]

WORDS = section("charts")

_DASHES = ("", "7 4", "2 3", "10 3 2 3", "5 2 1 2 1 2")
_COLOURS = ("#b3261e", "#1e6b3a", "#1f4e9c", "#7a4b00", "#5b2a86")


def whole_percent(x: float) -> str:
    """A chance (0 to 1) as a whole percentage's figure ("48"), "<1" and ">99" at the ends
    (never 0 or 100 for a chance that is not)."""
    value = 100.0 * x
    if 0 < value < 0.5:
        return "<1"
    if 99.5 <= value < 100:
        return ">99"
    return str(round(value))


def percent(x: float, lang: str = "en") -> str:
    """A chance as a whole percentage ("48%", French "48 %"), with "<1%"/">99%" at the ends."""
    text = whole_percent(x)
    return f"{text}\u202f%" if lang == "fr" else f"{text}%"


def _marker(shape: int, x: float, y: float, r: float = 3.2) -> str:
    shape %= 5
    if shape == 0:
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}"/>'
    if shape == 1:
        return f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r}" height="{2 * r}"/>'
    if shape == 2:
        return (
            f'<path d="M{x:.1f} {y - r - 0.6:.1f} L{x + r:.1f} {y + r:.1f} '
            f'L{x - r:.1f} {y + r:.1f} Z"/>'
        )
    if shape == 3:
        return (
            f'<path d="M{x:.1f} {y - r - 0.8:.1f} L{x + r + 0.8:.1f} {y:.1f} '
            f'L{x:.1f} {y + r + 0.8:.1f} L{x - r - 0.8:.1f} {y:.1f} Z"/>'
        )
    return (
        f'<path d="M{x - r:.1f} {y - r:.1f} L{x + r:.1f} {y + r:.1f} '
        f'M{x + r:.1f} {y - r:.1f} L{x - r:.1f} {y + r:.1f}" fill="none" stroke-width="1.8"/>'
    )


def _nice_step(span: float, ticks: int = 6) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving at most about ``ticks`` ticks."""
    raw = span / max(1, ticks)
    power = 10.0 ** math.floor(math.log10(raw)) if raw > 0 else 1.0
    for m in (1, 2, 5, 10):
        if m * power >= raw:
            return m * power
    return 10 * power


def line_chart(
    series: list[tuple[str, list[tuple[float, float]]]],
    *,
    title: str,
    desc: str,
    x_label: str,
    y_label: str,
    y_max: float = 1.0,
    y_percent: bool = True,
    lang: str = "en",
    width: int = 640,
    height: int = 300,
    markers_every: int = 0,
    chart_id: str = "chart",
    midline: float | None = None,
    x_from: float | None = None,
) -> str:
    """An SVG line chart. ``series`` is ``[(name, [(x, y), ...]), ...]``; the i-th series has
    the i-th line pattern and marker shape. ``desc`` is the text alternative."""
    left, right, top, bottom = 58, 16, 40, 44
    legend_h = 18 * ((len(series) + 1) // 2)
    height += legend_h
    plot_w = width - left - right
    plot_h = height - top - bottom - legend_h
    xs = [x for _, pts in series for x, _ in pts] or [0, 1]
    x_min, x_max = min(xs), max(xs)
    if x_from is not None:
        x_min = min(x_min, x_from)
    if x_max == x_min:
        x_max = x_min + 1

    def px(x: float) -> float:
        return left + (x - x_min) / (x_max - x_min) * plot_w

    def py(y: float) -> float:
        return top + plot_h - (y / y_max) * plot_h

    ident = escape(chart_id, quote=True)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'class="chart" role="img" aria-labelledby="{ident}-title {ident}-desc">',
        f'<title id="{ident}-title">{escape(title)}</title>',
        f'<desc id="{ident}-desc">{escape(desc)}</desc>',
        '<g class="chart-axes" stroke="currentColor" fill="none" stroke-width="1">',
        f'<path d="M{left} {top} V{top + plot_h} H{left + plot_w}"/>',
        "</g>",
        '<g class="chart-grid" stroke="currentColor" stroke-opacity="0.18" stroke-width="1">',
    ]
    labels = ['<g class="chart-labels" fill="currentColor" font-size="12">']
    y_step = _nice_step(y_max, 5) if not y_percent else 0.25 * y_max
    y = 0.0
    while y <= y_max + 1e-12:
        out.append(f'<path d="M{left} {py(y):.1f} H{left + plot_w}"/>')
        text = percent(y / y_max if y_max != 1 else y, lang) if y_percent else _num(y, lang)
        labels.append(
            f'<text x="{left - 6}" y="{py(y) + 4:.1f}" text-anchor="end">{escape(text)}</text>'
        )
        y += y_step
    x_step = _nice_step(x_max - x_min, 8)
    x = x_min
    while x <= x_max + 1e-9:
        labels.append(
            f'<text x="{px(x):.1f}" y="{top + plot_h + 16}" text-anchor="middle">'
            f"{escape(_num(x, lang))}</text>"
        )
        out.append(f'<path d="M{px(x):.1f} {top + plot_h} v4"/>')
        x += x_step
    out.append("</g>")
    if midline is not None:
        out.append(
            f'<path class="chart-mid" d="M{left} {py(midline):.1f} H{left + plot_w}" '
            'stroke="currentColor" stroke-opacity="0.5" stroke-dasharray="1 3" fill="none"/>'
        )
    labels.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{top + plot_h + 34}" text-anchor="middle">'
        f"{escape(x_label)}</text>"
    )
    labels.append(
        f'<text x="14" y="{top + plot_h / 2:.1f}" text-anchor="middle" '
        f'transform="rotate(-90 14 {top + plot_h / 2:.1f})">{escape(y_label)}</text>'
    )
    labels.append("</g>")
    out.extend(labels)
    for i, (name, pts) in enumerate(series):
        colour = _COLOURS[i % len(_COLOURS)]
        dash = _DASHES[i % len(_DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        d = " ".join(
            f"{'M' if n == 0 else 'L'}{px(x):.1f} {py(y):.1f}" for n, (x, y) in enumerate(pts)
        )
        out.append(
            f'<g class="chart-series chart-series-{i}" data-series="{escape(name, quote=True)}" '
            f'stroke="{colour}" fill="{colour}">'
        )
        out.append(f'<path d="{d}" fill="none" stroke-width="2.2"{dash_attr}/>')
        every = markers_every or max(1, len(pts) // 40)
        for n, (x, y) in enumerate(pts):
            if n % every == 0 or n == len(pts) - 1:
                out.append(_marker(i, px(x), py(y)))
        out.append("</g>")
    # legend: a sample of each line with its marker and name
    for i, (name, _) in enumerate(series):
        colour = _COLOURS[i % len(_COLOURS)]
        dash = _DASHES[i % len(_DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        lx = left + (i % 2) * (plot_w / 2)
        ly = top + plot_h + 52 + 18 * (i // 2)
        out.append(
            f'<g class="chart-legend chart-series-{i}" stroke="{colour}" fill="{colour}">'
            f'<path d="M{lx:.1f} {ly - 4} h34" stroke-width="2.2"{dash_attr}/>'
            f"{_marker(i, lx + 17, ly - 4)}"
            f'<text x="{lx + 42:.1f}" y="{ly}" stroke="none" fill="currentColor" '
            f'font-size="12">{escape(name)}</text></g>'
        )
    out.append(
        f'<text class="chart-title" x="{left}" y="20" fill="currentColor" font-size="14" '
        f'font-weight="bold">{escape(title)}</text>'
    )
    out.append("</svg>")
    return "".join(out)


def _num(x: float, lang: str) -> str:
    text = f"{x:g}" if abs(x) < 1e6 else f"{x:.3g}"
    return text.replace(".", ",") if lang == "fr" else text


def win_chart(chances: list[float], lang: str = "en", chart_id: str = "za-chances") -> str:
    """The win-chance graph of a game: ``chances[i]`` is side 0's chance after throw i
    (``chances[0]``: the start). Side 0 solid with round markers, side 1 dashed with
    square markers; the text alternative states the start, now, highest and lowest."""
    W = WORDS[lang]
    side0, side1 = BOARD_WORDS[lang]["side"]
    n = len(chances) - 1
    s0 = [(float(i), c) for i, c in enumerate(chances)]
    s1 = [(float(i), 1.0 - c) for i, c in enumerate(chances)]
    if n == 0:
        desc = W["win_desc_start"].format(
            side0=side0,
            side1=side1,
            start=percent(chances[0], lang),
            other=percent(1 - chances[0], lang),
        )
    else:
        high = max(range(n + 1), key=lambda i: chances[i])
        low = min(range(n + 1), key=lambda i: chances[i])
        desc = W["win_desc"].format(
            side0=side0,
            side1=side1,
            start=percent(chances[0], lang),
            now=percent(chances[-1], lang),
            n=n,
            throws=W["throw"] if n == 1 else W["throws"],
            high=percent(chances[high], lang),
            high_at=high,
            low=percent(chances[low], lang),
            low_at=low,
        )
    return line_chart(
        [(f"{side0} ({W['line']})", s0), (f"{side1} ({W['dashed']})", s1)],
        title=W["win_title"],
        desc=desc,
        x_label=W["throws"],
        y_label=W["chance"],
        lang=lang,
        chart_id=chart_id,
        midline=0.5,
        height=260,
    )
