"""The site's app icon, drawn at build time: an SVG and PNGs, with the standard library only.

The motif is abstract and drawn from the game's own equipment, not from any picture of a
people: a circuit of forty points in four arcs of ten, parted at each quarter -- the way the
Zohn Ahl cloth is counted, its points parted by the creek and the dry branches (Stewart
Culin, *Games of the North American Indians*, 1907) -- around the four throwing sticks,
light on the site's brown. The count of points is an approximation of a drawing that is
not reproduced here. The motif stays inside the central circle of 80 % that a "maskable"
icon may show, so one drawing serves every shape a system cuts icons into.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

BACKGROUND = (0x5D, 0x40, 0x37)  # the theme's brown, dark enough for light marks (AA contrast)
FOREGROUND = (0xF5, 0xEC, 0xD9)
SIZES = (192, 512)


def _points() -> list[tuple[float, float, float]]:
    """(x, y, radius) of the forty points, in a unit square; a gap at each cardinal point."""
    points = []
    for arc in range(4):
        for i in range(10):
            angle = math.radians(arc * 90 + 9 + i * 8)
            points.append((0.5 + 0.35 * math.cos(angle), 0.5 + 0.35 * math.sin(angle), 0.022))
    return points


def _sticks() -> list[tuple[float, float, float, float, float]]:
    """(x1, y1, x2, y2, half width) of the four sticks, in a unit square."""
    return [(0.5 + dx, 0.35, 0.5 + dx, 0.65, 0.022) for dx in (-0.105, -0.035, 0.035, 0.105)]


def svg() -> str:
    """The icon as an SVG document (a unit of 100 user units)."""
    fill = "#%02x%02x%02x" % FOREGROUND
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">',
        '<rect width="100" height="100" fill="#%02x%02x%02x"/>' % BACKGROUND,
        f'<g fill="{fill}">',
    ]
    parts += [
        f'<circle cx="{100 * x:.2f}" cy="{100 * y:.2f}" r="{100 * r:.2f}"/>'
        for x, y, r in _points()
    ]
    parts.append("</g>")
    parts += [
        f'<line x1="{100 * x1:.2f}" y1="{100 * y1:.2f}" x2="{100 * x2:.2f}" y2="{100 * y2:.2f}" '
        f'stroke="{fill}" stroke-width="{200 * w:.2f}" stroke-linecap="round"/>'
        for x1, y1, x2, y2, w in _sticks()
    ]
    parts.append("</svg>\n")
    return "".join(parts)


def _raster(size: int) -> list[bytearray]:
    """Rows of RGB pixels: the background, then each shape blended by its coverage (the
    distance from the pixel's centre to the shape's edge, which smooths the edges)."""
    rows = [bytearray(BACKGROUND * size) for _ in range(size)]

    def paint(x: int, y: int, coverage: float) -> None:
        if coverage <= 0:
            return
        coverage = min(coverage, 1.0)
        row, at = rows[y], 3 * x
        for k in range(3):
            row[at + k] = round(row[at + k] * (1 - coverage) + FOREGROUND[k] * coverage)

    for cx, cy, r in _points():
        cx, cy, r = cx * size, cy * size, r * size
        for y in range(int(cy - r - 1), int(cy + r + 2)):
            for x in range(int(cx - r - 1), int(cx + r + 2)):
                paint(x, y, r - math.hypot(x + 0.5 - cx, y + 0.5 - cy) + 0.5)
    for x1, y1, x2, y2, w in _sticks():
        x1, y1, x2, y2, w = (v * size for v in (x1, y1, x2, y2, w))
        for y in range(int(min(y1, y2) - w - 1), int(max(y1, y2) + w + 2)):
            for x in range(int(min(x1, x2) - w - 1), int(max(x1, x2) + w + 2)):
                px, py = x + 0.5, y + 0.5
                t = max(0.0, min(1.0, (py - y1) / (y2 - y1))) if y2 != y1 else 0.0
                paint(
                    x, y, w - math.hypot(px - (x1 + t * (x2 - x1)), py - (y1 + t * (y2 - y1))) + 0.5
                )
    return rows


def png(size: int) -> bytes:
    """The icon as a ``size`` x ``size`` PNG (8-bit RGB)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    raw = b"".join(b"\0" + bytes(row) for row in _raster(size))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def write_icons(folder: Path) -> list[dict[str, str]]:
    """Write ``icon.svg`` and ``icon-<size>.png`` into ``folder``; return the manifest's
    ``icons`` entries (``src`` relative to ``folder``)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "icon.svg").write_text(svg(), encoding="utf-8")
    icons = [{"src": "icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}]
    for size in SIZES:
        target = folder / f"icon-{size}.png"
        data = png(size)
        if not target.is_file() or target.read_bytes() != data:
            target.write_bytes(data)
        icons.append(
            {
                "src": target.name,
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": "any maskable",
            }
        )
    return icons
