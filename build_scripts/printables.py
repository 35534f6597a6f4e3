"""Printable sheets: every board and the stick dice, as A4 and US Letter SVG pages.

``write_printables(out_dir)`` writes one SVG per sheet, paper size and language into
``out_dir`` and returns ``[(path, size_in_bytes), ...]``; the site build's
plugin calls it after the build, and ``python -m build_scripts.printables OUT_DIR`` does the
same from the shell.

File names: ``{sheet}-{paper}.svg`` (English) and ``{sheet}-{paper}-fr.svg`` (French), with
``sheet`` a sheet of the games' table (:mod:`build_scripts.games`: ``zohn-ahl-cloth``,
``zohn-ahl-square``, ``mosona-lined``, ``mosona-open``, ``kolowis``, ``zohn-ahl-sticks``),
its words in ``SHEETS``, and ``paper`` ``a4`` or ``letter``.

Every page is portrait, sized in real units (``width="210mm" height="297mm"``, or
``"8.5in" "11in"``), with a viewBox in quarter millimetres, so it prints at true size from
any browser or viewer. The long Awithlaknannai boards are laid along the page's length
(the whole sheet is drawn turned a quarter turn), so they print large without changing the
printer's orientation. The boards are the engine's own drawings
(``engine.zohn_ahl.svg``, ``engine.awithlaknannai.svg``) without pieces: players use their
own awls or pointers, counters and pieces (beans, buttons, coins). Each sheet carries a
short credit line naming the source of the reconstruction. The same sheets also go into
PDFs, each with a rules card (:mod:`build_scripts.printable_pdfs`).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

from build_scripts import words as build_words
from build_scripts.french_typography import french_spacing
from engine.svg import COLOURS as C
from engine.svg import el, esc, num, text
from engine.words import DEFAULT_LANGUAGE, LANGUAGES
from engine.zohn_ahl import svg as za_svg

Q = 4  # user units per millimetre

#: Paper sizes in millimetres and as written in the SVG's width/height.
PAPERS = {
    "a4": (210.0, 297.0, "210mm", "297mm"),
    "letter": (215.9, 279.4, "8.5in", "11in"),
}

SITE = build_words.section("printables-footer")

#: Sheet slug -> {language: (title, instructions, credit)}, from the build's words
#: (section ``printables``: slug -> (title, instructions, credit) in each language).
SHEETS = {
    slug: {lang: build_words.section("printables")[lang][slug] for lang in LANGUAGES}
    for slug in build_words.section("printables")[DEFAULT_LANGUAGE]
}

FONT = "sans-serif"


def _nest(svg_text: str, x: float, y: float, w: float, h: float) -> str:
    """Place a complete ``<svg>`` document inside another, at (x, y) with size (w, h)."""
    assert svg_text.startswith("<svg ")
    return (
        f'<svg x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" '
        + svg_text[len("<svg ") :]
    )


def _view_box(svg_text: str) -> tuple[float, float]:
    head = svg_text[: svg_text.index(">")]
    vb = head.split('viewBox="', 1)[1].split('"', 1)[0].split()
    return float(vb[2]), float(vb[3])


def _wrap(lines: list[str], chars: int) -> list[str]:
    """``lines`` wrapped at ``chars`` characters, at ordinary spaces only (a no-break space
    of French spacing keeps a colon or a number's digits on its line)."""
    out = []
    for para in lines:
        words, line = [w for w in re.split(r"[ \t\r\n]+", para) if w], ""
        for w in words:
            if line and len(line) + 1 + len(w) > chars:
                out.append(line)
                line = w
            else:
                line = f"{line} {w}" if line else w
        if line:
            out.append(line)
    return out


def _frame(
    w: float, h: float, title: str, notes: list[str], credit: str, lang: str, body_top: float
) -> tuple[str, float, float]:
    """Heading, notes and credit of a sheet w x h (user units); returns the markup and
    the bottom of the free area for the drawing."""
    if lang == "fr":  # no-break spaces the PDFs' standard fonts have (U+00A0, not U+202F)

        def spaced(line: str) -> str:
            return french_spacing(line).replace("\u202f", "\u00a0")

        title, credit, notes = spaced(title), spaced(credit), [spaced(n) for n in notes]
    m = 12 * Q
    parts = [
        text(
            m,
            m + 7 * Q,
            title,
            {
                "font-size": num(6.2 * Q),
                "font-weight": "bold",
                "fill": C["ink"],
                "font-family": FONT,
            },
        )
    ]
    y = m + 7 * Q + 6.5 * Q
    chars = int((w - 2 * m) / (1.85 * Q))
    for line in _wrap(notes, chars):
        parts.append(
            text(m, y, line, {"font-size": num(3.6 * Q), "fill": C["ink"], "font-family": FONT})
        )
        y += 5 * Q
    credit_lines = _wrap([credit, SITE[lang]], int((w - 2 * m) / (1.45 * Q)))
    cy = h - m - (len(credit_lines) - 1) * 4 * Q
    bottom = cy - 8 * Q
    parts.append(
        el(
            "line",
            {
                "x1": num(m),
                "y1": num(cy - 5.5 * Q),
                "x2": num(w - m),
                "y2": num(cy - 5.5 * Q),
                "stroke": C["ground-edge"],
                "stroke-width": num(0.3 * Q),
            },
        )
    )
    for line in credit_lines:
        parts.append(
            text(
                m,
                cy,
                line,
                {
                    "font-size": num(2.8 * Q),
                    "fill": C["ink-soft"],
                    "font-family": FONT,
                    "class": "credit",
                },
            )
        )
        cy += 4 * Q
    return "".join(parts), max(y + 2 * Q, body_top), bottom


def _page(paper: str, lang: str, title: str, body: str) -> str:
    pw, ph, ws, hs = PAPERS[paper]
    return el(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "width": ws,
            "height": hs,
            "viewBox": f"0 0 {num(pw * Q)} {num(ph * Q)}",
            "lang": lang,
            "role": "img",
            "class": "printable",
        },
        el("title", None, esc(title)),
        el("rect", {"width": num(pw * Q), "height": num(ph * Q), "fill": "#ffffff"}),
        body,
    )


def _fit(svg_text: str, x0: float, y0: float, x1: float, y1: float) -> str:
    """Nest a drawing centred in the box (x0, y0)-(x1, y1), as large as fits."""
    vw, vh = _view_box(svg_text)
    s = min((x1 - x0) / vw, (y1 - y0) / vh)
    w, h = vw * s, vh * s
    return _nest(svg_text, x0 + (x1 - x0 - w) / 2, y0 + (y1 - y0 - h) / 2, w, h)


def board_sheet(
    slug: str, board: Callable[..., str], paper: str, lang: str, *, along: bool = False
) -> str:
    """One board sheet: ``board``, the engine's drawing of the board without pieces (called
    with the language and the sheet's title, ``lang=`` and ``title=``), upright on the
    page, or laid along it (``along``, a long board)."""
    title, notes, credit = SHEETS[slug][lang]
    pw, ph = PAPERS[paper][0] * Q, PAPERS[paper][1] * Q
    drawing = board(lang=lang, title=title)
    m = 12 * Q
    if not along:
        frame, top, bottom = _frame(pw, ph, title, notes, credit, lang, 0)
        return _page(paper, lang, title, frame + _fit(drawing, m, top, pw - m, bottom))
    # the long boards: lay the sheet along the page (a quarter turn)
    frame, top, bottom = _frame(ph, pw, title, notes, credit, lang, 0)
    inner = frame + _fit(drawing, m, top, ph - m, bottom)
    return _page(
        paper, lang, title, el("g", {"transform": f"translate({num(pw)} 0) rotate(90)"}, inner)
    )


def sticks_sheet(paper: str, lang: str) -> str:
    """The cut-out sheet: per stick one strip, the flat grooved face above a dashed fold
    line and the rounded face below it (mirrored, so it is the right way round once
    folded), cut lines around."""
    title, notes, credit = SHEETS["zohn-ahl-sticks"][lang]
    pw, ph = PAPERS[paper][0] * Q, PAPERS[paper][1] * Q
    frame, top, bottom = _frame(pw, ph, title, notes, credit, lang, 0)
    words = za_svg.WORDS[lang]
    length, face = 170 * Q, 17 * Q
    x = (pw - length) / 2
    gap = min(16 * Q, (bottom - top - 4 * 2 * face) / 4)
    parts = [frame]
    y = top + gap * 0.7
    for i in range(4):
        sahe = i == 3
        name = words["sahe"] if sahe else za_svg._w(lang, "stick", n=i + 1)
        parts.append(
            text(
                x,
                y - 2.2 * Q,
                name,
                {
                    "font-size": num(3.4 * Q),
                    "fill": C["ink"],
                    "font-family": FONT,
                    "font-weight": "bold" if sahe else None,
                },
            )
        )
        g = [
            za_svg.stick_face(True, sahe, x, y, length, face),
            el(
                "g",
                {"transform": f"translate(0 {num(2 * y + 2 * face)}) scale(1 -1)"},
                za_svg.stick_face(False, sahe, x, y, length, face),
            ),
            # cut line round the strip, fold line across the middle
            el(
                "rect",
                {
                    "x": num(x),
                    "y": num(y),
                    "width": num(length),
                    "height": num(2 * face),
                    "fill": "none",
                    "stroke": "#222222",
                    "stroke-width": num(0.35 * Q),
                    "class": "cut",
                },
            ),
            el(
                "line",
                {
                    "x1": num(x - 4 * Q),
                    "y1": num(y + face),
                    "x2": num(x + length + 4 * Q),
                    "y2": num(y + face),
                    "stroke": "#222222",
                    "stroke-width": num(0.3 * Q),
                    "stroke-dasharray": f"{Q * 2} {Q * 1.5}",
                    "class": "fold",
                },
            ),
        ]
        parts.append(
            el("g", {"class": "stick", "data-stick": i, "data-sahe": True if sahe else None}, *g)
        )
        y += 2 * face + gap
    # a small key to the lines
    ky = y - gap + 9 * Q
    key_words = {"en": ("cut", "fold"), "fr": ("couper", "plier")}[lang]
    parts.append(
        el(
            "line",
            {
                "x1": num(x),
                "y1": num(ky),
                "x2": num(x + 12 * Q),
                "y2": num(ky),
                "stroke": "#222222",
                "stroke-width": num(0.35 * Q),
            },
        )
    )
    parts.append(
        text(
            x + 14 * Q,
            ky + 1.2 * Q,
            key_words[0],
            {"font-size": num(3.2 * Q), "fill": C["ink"], "font-family": FONT},
        )
    )
    parts.append(
        el(
            "line",
            {
                "x1": num(x + 40 * Q),
                "y1": num(ky),
                "x2": num(x + 52 * Q),
                "y2": num(ky),
                "stroke": "#222222",
                "stroke-width": num(0.3 * Q),
                "stroke-dasharray": f"{Q * 2} {Q * 1.5}",
            },
        )
    )
    parts.append(
        text(
            x + 54 * Q,
            ky + 1.2 * Q,
            key_words[1],
            {"font-size": num(3.2 * Q), "fill": C["ink"], "font-family": FONT},
        )
    )
    return _page(paper, lang, title, "".join(parts))


def file_name(slug: str, paper: str, lang: str) -> str:
    return f"{slug}-{paper}{'' if lang == 'en' else '-' + lang}.svg"


def write_printables(out_dir: str | Path) -> list[tuple[str, int]]:
    """Write every sheet, paper and language into ``out_dir`` (created if needed);
    return ``[(path, bytes), ...]`` in a fixed order. Each sheet is drawn as the games'
    table says (:data:`build_scripts.games.SHEETS`)."""
    # (imported here: the table names this module's drawings)
    from build_scripts.games import SHEETS as DRAWN

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for slug in SHEETS:
        for paper in PAPERS:
            for lang in LANGUAGES:
                svg = DRAWN[slug][1].draw(paper, lang)
                data = ('<?xml version="1.0" encoding="UTF-8"?>\n' + svg + "\n").encode("utf-8")
                path = out / file_name(slug, paper, lang)
                if not path.exists() or path.read_bytes() != data:
                    path.write_bytes(data)
                written.append((str(path), len(data)))
    return written


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m build_scripts.printables OUT_DIR", file=sys.stderr)
        return 2
    for path, size in write_printables(argv[0]):
        print(f"{size:>8}  {os.path.relpath(path)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
