"""PDF printables, A4 and US Letter, in English and French (made at build time).

``write_pdfs(out_dir)`` writes, for each paper size and language:

- each board (``zohn-ahl-cloth``, ``zohn-ahl-square``, ``mosona-lined``, ``mosona-open``,
  ``kolowis``): the printable sheet of :mod:`build_scripts.printables` on page 1, a rules
  card on page 2 -- the start, the throws or the moves, the water or the captures, the end,
  and the source each ruleset follows;
- ``zohn-ahl-sticks``: the four stick dice to cut out, then the throw tables with the
  origin of each (four plain sticks in Culin; the marked *sahe* in Mooney's account);
- a worksheet per lesson (``worksheet-stick-dice-odds``, ``worksheet-two-accounts``,
  ``worksheet-forced-captures``, ``worksheet-probability-lab``): the exercises of the
  lesson's student page (``docs/students/``), read from its Markdown so that page and sheet
  never drift apart: the page's opening (the throw tables, the notation of throws), the
  premise a section gives its exercises, the passages the two-accounts lesson compares, and
  each exercise with its board drawn by the engine across the text width and room to write
  what it asks; the odds lesson and the probability lab add a tally sheet, the two-accounts
  lesson its comparison table with empty columns;
- an answer key per lesson (``answer-key-...``): each exercise of the teacher page
  (``docs/teachers/``) with its answer and explanation (the answer blocks, which the build
  checks with the engine, and the folded notes, their tables as tables; for an open task,
  the teacher page's words on it), then the answers to the exit ticket.

File names: ``{name}-{paper}.pdf`` (English) and ``{name}-{paper}-fr.pdf``. The throw
tables are computed by the engine (:mod:`engine.zohn_ahl.throws`), never typed in.

Made with ReportLab (page layout, text, tables) and svglib (the engine's SVG drawings into
ReportLab drawings), both on PyPI and pinned in ``requirements.txt``. The standard PDF
fonts (Helvetica, Courier) cover the Latin-1 letters of both languages; a character they
cannot show stops the build with the text that holds it, rather than printing a blank.
"""

from __future__ import annotations

import html
import io
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from svglib.svglib import svg2rlg

from build_scripts import answer_fields, printables, ruleset_names
from build_scripts import words as build_words
from build_scripts.answer_blocks import OUTCOME_FR, asked_form
from build_scripts.french_typography import french_spacing
from build_scripts.games import BOARDS, SHEETS, Card, Game
from build_scripts.lab_figures import LabFigures
from build_scripts.page_language import source_name
from engine.words import LANGUAGES, ruleset_name, table_name
from engine.zohn_ahl.throws import Throw, earns_extra, value

ROOT = Path(__file__).resolve().parent.parent


PAPERS = {"a4": A4, "letter": LETTER}
LESSONS = ("stick-dice-odds", "two-accounts", "forced-captures", "probability-lab")
STUDENTS = ROOT / "docs" / "students"
TEACHERS = ROOT / "docs" / "teachers"


class PrintableError(Exception):
    """A printable cannot be made (the message names the sheet and the reason)."""


# ---------------------------------------------------------------------------- styles

INK = colors.HexColor("#2b2118")
SOFT = colors.HexColor("#5d554c")
RULE = colors.HexColor("#8a7f72")
STYLE = {
    "title": ParagraphStyle(
        "title", fontName="Helvetica-Bold", fontSize=16, leading=20, textColor=INK, spaceAfter=6
    ),
    "h2": ParagraphStyle(
        "h2",
        fontName="Helvetica-Bold",
        fontSize=11.5,
        leading=14,
        textColor=INK,
        spaceBefore=8,
        spaceAfter=3,
    ),
    "body": ParagraphStyle(
        "body", fontName="Helvetica", fontSize=10, leading=13, textColor=INK, spaceAfter=4
    ),
    "h3": ParagraphStyle(
        "h3",
        fontName="Helvetica-Bold",
        fontSize=10.5,
        leading=13,
        textColor=INK,
        spaceBefore=5,
        spaceAfter=2,
    ),
    "cell": ParagraphStyle("cell", fontName="Helvetica", fontSize=10, leading=12, textColor=INK),
    "quote": ParagraphStyle(
        "quote",
        fontName="Helvetica",
        fontSize=10,
        leading=13,
        textColor=INK,
        leftIndent=8 * mm,
        spaceAfter=4,
    ),
    "item": ParagraphStyle(
        "item",
        fontName="Helvetica",
        fontSize=10,
        leading=13,
        textColor=INK,
        leftIndent=5 * mm,
        bulletIndent=1 * mm,
        spaceAfter=2,
    ),
    "small": ParagraphStyle("small", fontName="Helvetica", fontSize=8, leading=10, textColor=SOFT),
}


def _latin1(text: str, where: str, lang: str = "en") -> str:
    """``text`` (French spacing added in French) in the PDF fonts' letters: the narrow
    no-break space becomes a no-break space; anything else they lack is refused. In French,
    a quotation within a quotation (curly quotes inside guillemets on the page) takes
    guillemets too, as the French PDFs use no other quotation marks."""
    if lang == "fr":
        text = french_spacing(text)
        text = re.sub(r"\u201c\s*", "\u00ab\u00a0", text)
        text = re.sub(r"\s*\u201d", "\u00a0\u00bb", text)
    text = text.replace("\u202f", "\u00a0").replace("\u2009", " ")
    for char in text:
        if (
            ord(char) > 0xFF
            and char not in "\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u2022\u00b7"
        ):
            raise PrintableError(f"{where}: {char!r} in {text[:60]!r} is not in the PDF fonts")
    return text


def _markup(markdown: str) -> str:
    """One paragraph of the site's Markdown as ReportLab's paragraph markup."""
    text = markdown.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = re.sub(r"\s*\{\{\s*claim:[^}]*\}\}", "", text)
    text = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", text)
    text = re.sub(r"`([^`]+)`", r'<font face="Courier">\1</font>', text)
    text = re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", text)
    text = re.sub(r"\*([^*]+)\*", r"<i>\1</i>", text)
    text = re.sub(r"\^(\d+)", r"<super>\1</super>", text)  # (1/3)^4: a power, raised
    return " ".join(text.split())


def _para(text: str, style: str = "body", where: str = "", lang: str = "en") -> Paragraph:
    return Paragraph(_latin1(text, where, lang), STYLE[style])


class Drawing(Flowable):
    """An SVG drawing scaled to fit ``width`` x ``height`` (points), keeping its shape."""

    def __init__(self, svg_text: str, width: float, height: float):
        super().__init__()
        drawing = svg2rlg(io.StringIO(svg_text))
        if drawing is None:
            raise PrintableError("svglib could not read a drawing made by the engine")
        self.drawing = drawing
        scale = min(width / self.drawing.width, height / self.drawing.height)
        self.drawing.scale(scale, scale)
        self.width, self.height = self.drawing.width * scale, self.drawing.height * scale

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        from reportlab.graphics import renderPDF

        renderPDF.draw(self.drawing, self.canv, 0, 0)


def _lines(count: int, width: float) -> Table:
    """Ruled lines to write on (7.5 mm apart, a little wider than college ruling)."""
    table = Table([[""]] * count, colWidths=[width], rowHeights=[7.5 * mm] * count)
    table.setStyle(TableStyle([("LINEBELOW", (0, 0), (-1, -1), 0.4, RULE)]))
    return table


def _grid(
    rows: list[list[Flowable | str]],
    widths: list[float],
    header: bool = True,
    height: list[float | None] | None = None,
) -> Table:
    table = Table(rows, colWidths=widths, rowHeights=height, repeatRows=1 if header else 0)
    style = [
        ("GRID", (0, 0), (-1, -1), 0.5, RULE),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("FONT", (0, 0), (-1, -1), "Helvetica", 10),
    ]
    if header:
        style += [
            ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#f1ebe1")),
            ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 10),
        ]
    table.setStyle(TableStyle(style))
    return table


# ------------------------------------------------------------------------ documents


class _Doc(BaseDocTemplate):
    """Two page layouts: ``sheet`` (a printable sheet, edge to edge) and ``text``."""

    def __init__(
        self, target: io.BytesIO, paper: str, title: str, lang: str, sheet_first: bool
    ) -> None:
        size = PAPERS[paper]
        super().__init__(
            target,
            pagesize=size,
            title=title,
            author="Zohn Ahl & Awithlaknannai",
            lang=lang,
            leftMargin=16 * mm,
            rightMargin=16 * mm,
            topMargin=15 * mm,
            bottomMargin=15 * mm,
            invariant=True,  # no time stamp or random file id: the same bytes every build
        )
        full = Frame(0, 0, size[0], size[1], 0, 0, 0, 0, id="full")
        text = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="text")
        templates = [PageTemplate("sheet", [full]), PageTemplate("text", [text])]
        self.addPageTemplates(templates if sheet_first else templates[::-1])


def _build(
    story: list[Flowable], paper: str, title: str, lang: str, starts_with_sheet: bool
) -> bytes:
    out = io.BytesIO()
    _Doc(out, paper, title, lang, starts_with_sheet).build(story)
    data = out.getvalue()
    # ReportLab stamps the creation time: a fixed date keeps rebuilds byte-identical
    return re.sub(rb"/(CreationDate|ModDate) \(D:[^)]*\)", rb"/\1 (D:20000101000000+00'00')", data)


def _sheet_page(svg_text: str, paper: str) -> list[Flowable]:
    size = PAPERS[paper]
    return [Drawing(svg_text, size[0], size[1]), NextPageTemplate("text"), PageBreak()]


# ------------------------------------------------------------------- the throw tables

WORDS = build_words.section("pdfs")


def throw_rows(tables: tuple[str, ...], lang: str) -> list[list[str]]:
    """The value of 0..4 marks in each table, and when it throws again, from the engine."""
    w = WORDS[lang]
    header = [w["marks"]] + [table_name(t, lang) for t in tables]
    rows = [header]
    for k in range(5):
        throws = [t for t in Throw.all() if str(t).count("1") == k]
        cells = [str(k)]
        for table in tables:
            values = {value(t, table) for t in throws}
            extra = [earns_extra(t, table) for t in throws]
            again = "again-yes" if all(extra) else "again-no" if not any(extra) else "again-sahe"
            if len(values) != 1:
                raise PrintableError(f"table {table}: {k} marks have several values")
            cells.append(f"{values.pop()}{w[again]}")
        rows.append(cells)
    return rows


# ---------------------------------------------------------------------- rules cards

CARDS = build_words.section("rules-cards")
CARD_WORDS = build_words.section("rules-card-headings")


def rules_card(sheet: str, lang: str) -> list[Flowable]:
    """The rules card of a sheet whose card has rules (:class:`build_scripts.games.Card`)."""
    w = WORDS[lang]
    game, drawn = SHEETS[sheet]
    card = drawn.card
    title = printables.SHEETS[sheet][lang][0]
    story = [
        _para(
            f"{w['rules']}: {title}" if lang == "en" else f"{w['rules']} : {title}",
            "title",
            sheet,
            lang,
        )
    ]
    for key, text in CARDS[lang][str(card.rules)]:
        text = text.format_map(_ruleset_names(game, lang))  # ({kiowa}: by name, not by id)
        heading = CARD_WORDS[lang].get(key, w[key]) if card.moves else w[key]
        story += [_para(heading, "h2", sheet, lang), _para(text, "body", sheet, lang)]
        if key == "start" and card.tables:
            story += [_para(w["throws"], "h2", sheet, lang), _throw_table(card.tables, lang)]
    story += [_para(w["recon"], "h2", sheet, lang), _para(w["recon-text"], "small", sheet, lang)]
    return story


def _ruleset_names(game: Game, lang: str) -> dict[str, str]:
    """Each of the game's rulesets' display name, by id, for the rules cards' ``{kiowa}``."""
    return {r: ruleset_name(game.name, r, lang) for r in game.rulesets}


def throws_card(sheet: str, card: Card, lang: str) -> list[Flowable]:
    """The page after a sheet whose card has no rules: the throw tables and the note on
    where the sticks come from."""
    w = WORDS[lang]
    return [
        _para(w["throws"], "title", sheet, lang),
        _throw_table(card.tables, lang),
        Spacer(1, 5 * mm),
        _para(STICKS_NOTE[lang].format(table_culin=table_name("culin", lang)), "body", sheet, lang),
    ]


def _throw_table(tables: tuple[str, ...], lang: str) -> Table:
    rows = throw_rows(tables, lang)
    width = 178 * mm
    cells = [[Paragraph(_latin1(c, "throws", lang), STYLE["cell"]) for c in row] for row in rows]
    return _grid(cells, [32 * mm] + [(width - 32 * mm) / len(tables)] * len(tables))


STICKS_NOTE = build_words.section("sticks-note")


# ------------------------------------------------------------------------ worksheets


#: Sections of a student page, besides its opening, that go on the worksheet whole because
#: its exercises need them (the two-accounts lesson reads and compares the passages).
PAPER_SECTIONS = {"two-accounts": ("the-passages",)}

#: Ruled lines under an exercise, where the three of the default are not enough for what it
#: asks; "throws" is a table of the throws grouped by marks (all sixteen, four digits each),
#: "chi-square" a table of the counts got and expected and each column's term.
ROOM: dict[str, dict[str, int | str]] = {
    "stick-dice-odds": {"exercise-2": "throws"},
    "two-accounts": {"exercise-1": 5, "exercise-3": 5},
    "forced-captures": {"exercise-1": 4},
    "probability-lab": {"exercise-3": "chi-square", "exercise-4": 5},
}

#: The tallest a worksheet's board may be: two exercises with their boards fit on a page of
#: either paper (a Mosona board is as wide as the text on A4, nearly so on Letter).
BOARD_HEIGHT = 84 * mm

#: The probability lab's tables an exercise reads (``build_scripts.lab``'s parts, for fair
#: sticks and 4 counters a side, as the lab shows before it is recomputed).
LAB_TABLES = {"probability-lab": {"exercise-6": "comeback", "exercise-7": "rulesets"}}

HEADING = re.compile(r"^#{2,6} (.+?) \{ #([a-z0-9-]+) \}\s*$", re.M)
BOARD_NAMES = "|".join(re.escape(name) for name in BOARDS)
"""The board blocks' names (the games'), as a pattern's alternatives."""


def _sections(
    text: str, keep: Callable[[str], bool]
) -> Iterator[tuple[int, list[re.Match[str]], str]]:
    """Each section of a lesson page's Markdown ``text`` whose heading's anchor ``keep``
    accepts: the index of its heading among ``marks`` (every heading with an anchor),
    ``marks``, and the text up to the next heading."""
    marks = list(HEADING.finditer(text))
    for i, match in enumerate(marks):
        if keep(match.group(2)):
            end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
            yield i, marks, text[match.end() : end]


def _is_exercise(anchor: str) -> bool:
    return anchor.startswith("exercise-")


def _student_page(lesson: str, lang: str) -> str:
    # the rulesets and tables by their names, as the page shows them
    return ruleset_names.expand(
        (STUDENTS / source_name(lesson, lang)).read_text(encoding="utf-8"), lang
    )


def exercises(lesson: str, lang: str) -> list[dict[str, Any]]:
    """The exercises of a lesson's student page: ``[{"anchor", "title", "section", "intro",
    "paragraphs", "table", "block"}]``, in page order. ``section`` is the heading of the
    section the exercise opens and ``intro`` the Markdown of that section before it (the premise the section's exercises share, such as
    "Suppose every stick shows its mark 2 times in 3"), empty for the other exercises;
    ``block`` is the first board block after the exercise heading (its language and text),
    ``table`` the first Markdown table."""
    path = STUDENTS / source_name(lesson, lang)
    text = _student_page(lesson, lang)
    out = []
    for i, marks, body in _sections(text, _is_exercise):
        match = marks[i]
        intro = section = ""
        if i > 0 and not _is_exercise(marks[i - 1].group(2)):
            intro = text[marks[i - 1].end() : match.start()]
            section = marks[i - 1].group(1)
        block = re.search(rf"^```({BOARD_NAMES})\n(.*?)^```", body, re.M | re.S)
        table = [
            [cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in body.splitlines()
            if line.startswith("|") and not re.match(r"^\|[-| ]+\|$", line.strip())
        ]
        prose = re.sub(r"^```.*?^```", "", body, flags=re.M | re.S)
        paragraphs = [
            " ".join(p.split())
            for p in prose.split("\n\n")
            if p.strip() and not p.lstrip().startswith(("|", "#", "<"))
        ]
        out.append(
            {
                "anchor": match.group(2),
                "title": match.group(1),
                "section": section,
                "intro": intro.strip(),
                "paragraphs": paragraphs,
                "table": table,
                "block": (block.group(1), block.group(2)) if block else None,
            }
        )
    if not out:
        raise PrintableError(f"{path.relative_to(ROOT)}: no exercise headings")
    return out


def premises(lesson: str, lang: str) -> list[tuple[str, str]]:
    """The Markdown a worksheet carries before the exercises: the student page's opening
    from the lesson's question on (the throw tables, the notation of throws, the rules of
    the capture lesson) and the sections of ``PAPER_SECTIONS``,
    each as ``(title, markdown)`` with an empty title for the opening."""
    text = _student_page(lesson, lang)
    body = text.split("\n", 1)[1]
    opening = body[: body.index("\n## ")] if "\n## " in body else body
    # from the lesson's question on: the background before it is the student page's own
    question = re.search(r"^\*\*(The question|La question)", opening, re.M)
    out = [("", opening[question.start() :] if question else opening)]
    wanted = PAPER_SECTIONS.get(lesson, ())
    for i, marks, section in _sections(text, wanted.__contains__):
        out.append((marks[i].group(1), section))
    return out


def _blocks(markdown: str, where: str, lang: str, frame_width: float) -> list[Flowable]:
    """Paragraphs, quotations, lists and tables of the site's Markdown as flowables; board
    blocks, raw HTML, headings and the lines that point to the worksheet itself are left
    out (the sheet is that worksheet)."""
    markdown = re.sub(r"^```.*?^```\n?", "", markdown, flags=re.M | re.S)
    story: list[Flowable] = []
    for chunk in re.split(r"\n\s*\n", markdown):
        lines = [line.rstrip() for line in chunk.strip().splitlines()]
        if not lines or lines[0].startswith(("<", "#")) or "printables.md" in chunk:
            continue
        if re.match(r"^\*(Student page|Page élève)", lines[0]):
            continue
        if all(line.startswith("|") for line in lines):
            rows = [
                [cell.strip() for cell in line.strip().strip("|").split("|")]
                for line in lines
                if not re.match(r"^\|[-| :]+\|$", line.strip())
            ]
            # each column as wide as its longest cell asks, within limits
            asks = [
                min(max(len(row[i]) if i < len(row) else 0 for row in rows), 36) + 4
                for i in range(len(rows[0]))
            ]
            widths = [frame_width * a / sum(asks) for a in asks]
            cells: list[list[Flowable | str]] = [
                [Paragraph(_latin1(_markup(c), where, lang), STYLE["cell"]) for c in row]
                for row in rows
            ]
            story += [_grid(cells, widths), Spacer(1, 3 * mm)]
        elif lines[0].startswith(">"):
            quoted = "\n".join(line.lstrip(">").strip() for line in lines)
            for part in re.split(r"\n\s*\n", quoted):
                if part.strip():
                    story.append(_para(_markup(part), "quote", where, lang))
        elif lines[0].startswith("- "):
            for item in re.split(r"^- ", "\n".join(lines), flags=re.M):
                if item.strip():
                    text = _latin1(_markup(item), where, lang)
                    story.append(Paragraph(text, STYLE["item"], bulletText="\u2022"))
        else:
            story.append(_para(_markup(chunk), "body", where, lang))
    return story


def _board(block: tuple[str, str], lang: str, width: float, height: float) -> Drawing:
    name, text = block
    game = BOARDS[name]
    config = game.board(text, False, True, False)
    board, _ = game.drawing.svgs(config, lang, "board")
    return Drawing(board, width, height)


def _lab_table(part: str, lang: str, frame_width: float, figures: LabFigures) -> list[Flowable]:
    """The first table of a part of the probability lab, with its caption, as the lab's
    page shows it before any recomputation."""
    from build_scripts import lab

    markup = lab.render(part, lang, 4, figures=figures)
    table = re.search(r"<table.*?</table>", markup, re.S)
    if table is None:
        raise PrintableError(f"the lab's part {part!r} has no table")

    def plain(cell: str) -> str:
        return " ".join(html.unescape(re.sub(r"<[^>]+>", "", cell)).split())

    caption = re.search(r"<caption>(.*?)</caption>", table.group(0), re.S)
    rows = [
        [plain(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table.group(0), re.S)
    ]
    where = f"lab table {part} ({lang})"
    first = frame_width * 0.3
    cells: list[list[Flowable | str]] = [
        [Paragraph(_latin1(html.escape(c), where, lang), STYLE["cell"]) for c in row]
        for row in rows
    ]
    story: list[Flowable] = []
    if caption:
        story.append(_para(html.escape(plain(caption.group(1))), "body", where, lang))
    widths = [first] + [(frame_width - first) / (len(rows[0]) - 1)] * (len(rows[0]) - 1)
    return story + [_grid(cells, widths), Spacer(1, 2 * mm)]


def _room(lesson: str, anchor: str, lang: str, frame_width: float) -> Flowable:
    """The room to write an exercise's answer in (``ROOM``)."""
    room = ROOM.get(lesson, {}).get(anchor, 4 if lesson == "two-accounts" else 3)
    w = WORDS[lang]
    if room == "chi-square":
        head = [w["marks"], w["count-got"], w["count-expected"], w["chi-term"]]
        rows = [head] + [[str(k), "", "", ""] for k in range(5)] + [[w["total"], "", "", ""]]
        table = _grid(
            [[Paragraph(_latin1(c, "chi-square", lang), STYLE["cell"]) for c in r] for r in rows],
            [32 * mm] + [(frame_width - 32 * mm) / 3] * 3,
            height=[None] + [9 * mm] * 6,
        )
        return KeepTogether([table, _lines(3, frame_width)])
    if room != "throws":
        return _lines(int(room), frame_width)
    rows = [[w["marks"], w["throws-listed"]]] + [[str(k), ""] for k in range(5)]
    return _grid(
        [[Paragraph(_latin1(c, "throws", lang), STYLE["cell"]) for c in r] for r in rows],
        [32 * mm, frame_width - 32 * mm],
        height=[None] + [14 * mm] * 5,
    )


def worksheet(
    lesson: str, lang: str, frame_width: float, figures: LabFigures | None = None
) -> list[Flowable]:
    """A lesson's worksheet; ``figures``: the lab's, the build's (``None``: worked out here)."""
    figures = LabFigures() if figures is None else figures
    w = WORDS[lang]
    title = _student_page(lesson, lang).splitlines()[0].lstrip("# ").strip()
    where = f"worksheet {lesson} ({lang})"
    colon = "\u00a0:" if lang == "fr" else ":"
    head = Table(
        [[w["name"] + colon, "", w["date"] + colon, ""]],
        colWidths=[18 * mm, frame_width * 0.5, 16 * mm, frame_width * 0.5 - 34 * mm],
    )
    head.setStyle(
        TableStyle(
            [
                ("LINEBELOW", (1, 0), (1, 0), 0.4, RULE),
                ("LINEBELOW", (3, 0), (3, 0), 0.4, RULE),
                ("FONT", (0, 0), (-1, -1), "Helvetica", 10),
            ]
        )
    )
    story = [
        _para(
            f"{w['worksheet']}: {title}" if lang == "en" else f"{w['worksheet']} : {title}",
            "title",
            where,
            lang,
        ),
        head,
        Spacer(1, 4 * mm),
    ]
    for heading, markdown in premises(lesson, lang):
        if heading:
            story.append(_para(_markup(heading), "h2", where, lang))
        story += _blocks(markdown, where, lang, frame_width)
    if lesson in ("stick-dice-odds", "probability-lab"):
        story += _tally(lang, frame_width)
    for ex in exercises(lesson, lang):
        part = []
        section = re.sub(r"^\d+\.\s*", "", ex["section"])
        if ex["intro"]:  # the section's heading, its premise, then the exercise
            part.append(_para(_markup(section), "h2", where, lang))
            part += _blocks(ex["intro"], where, lang, frame_width)
            part += [_para(_markup(ex["title"]), "h3", where, lang)]
        elif section:  # one heading: the exercise and what its section is about
            colon = "\u00a0: " if lang == "fr" else ": "
            part += [_para(_markup(ex["title"] + colon + section), "h2", where, lang)]
        else:
            part += [_para(_markup(ex["title"]), "h2", where, lang)]
        part += [_para(_markup(p), "body", where, lang) for p in ex["paragraphs"]]
        if ex["table"]:
            rows = ex["table"]
            widths = [frame_width * 0.34] + [frame_width * 0.66 / (len(rows[0]) - 1)] * (
                len(rows[0]) - 1
            )
            cells = [
                [Paragraph(_latin1(_markup(c), where, lang), STYLE["cell"]) for c in row]
                for row in rows
            ]
            part.append(_grid(cells, widths, height=[None] + [13 * mm] * (len(rows) - 1)))
        if ex["anchor"] in LAB_TABLES.get(lesson, {}):
            part += _lab_table(LAB_TABLES[lesson][ex["anchor"]], lang, frame_width, figures)
        if ex["block"] and lesson == "forced-captures":
            gated = answer_fields.after_names(ex["block"][1])
            if gated:  # its position would give away the answer it starts from
                names = ", ".join(n.removeprefix("exercise-") for n in gated)
                part.append(_para(w["board-after"].format(id=names), "body", where, lang))
            else:
                part.append(_board(ex["block"], lang, frame_width, BOARD_HEIGHT))
        part.append(_room(lesson, ex["anchor"], lang, frame_width))
        story += [CondPageBreak(60 * mm), KeepTogether(part)]
    return story


#: Sections of a teacher page, besides the exercise's own, that answer part of it: the
#: two-accounts lesson discusses exercise 1's "why might they differ?" in a step of its own.
ANSWER_SECTIONS = {"two-accounts": {"exercise-1": ("why-might-they-differ",)}}


#: The words of a teacher page that point at its board, left out of a key on paper.
BOARD_BELOW = re.compile(r" (?:with|on) the board below| (?:avec|sur) le plateau ci-dessous")


def answers(lesson: str, lang: str) -> list[dict[str, Any]]:
    """The answer key of a lesson's teacher page: ``[{"title", "answers"}]``, one per
    exercise in page order (``answers``: Markdown, each answer block's answer and
    explanation and each folded note; for an open task without them, the teacher page's
    words on it), then the exit ticket's."""
    path = TEACHERS / source_name(lesson, lang)
    text = ruleset_names.expand(path.read_text(encoding="utf-8"), lang)
    out = []
    for i, marks, body in _sections(text, _is_exercise):
        match = marks[i]
        found = []
        for block in re.findall(r"^```answer\n(.*?)^```", body, re.M | re.S):
            pairs = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
            # the answer in the form its field asks for (a move, not the game's outcome)
            answer = asked_form(pairs["check"], pairs["answer"], pairs.get("moves"))
            if answer and lang == "fr":
                answer = answer.replace(pairs["answer"], OUTCOME_FR.get(pairs["answer"], ""))
            found.append(f"**{answer or pairs['answer']}**. {pairs.get('explain', '')}".strip())
        for note in re.findall(r"^\?\?\? note.*\n((?:    .*\n|\n)+)", body, re.M):
            found.append("\n".join(line[4:] for line in note.splitlines()).strip())
        if not found:  # an open task: what the teacher page says to look for
            prose = re.sub(r"^```.*?^```", "", body, flags=re.M | re.S)
            # (the page's board is not on paper)
            prose = re.sub(BOARD_BELOW, "", prose)
            found = [
                p.strip()
                for p in prose.split("\n\n")
                if p.strip() and not p.startswith(("Board id", "Identifiant"))
            ]
        for extra in ANSWER_SECTIONS.get(lesson, {}).get(match.group(2), ()):
            section = re.search(
                rf"^#{{2,6}} .+? \{{ #{extra} \}}\s*$(.*?)(?=^#{{2,6}} |\Z)", text, re.M | re.S
            )
            if section is None:
                raise PrintableError(f"{path.relative_to(ROOT)}: no section #{extra}")
            found.append(section.group(1).strip())
        out.append({"title": match.group(1), "answers": found})
    ticket = re.search(
        r"^(?:Answers to the exit ticket|Réponses du billet de sortie|Answers|Réponses) ?:"
        r"(.*?)(?:\n\n|\Z)",
        text,
        re.M | re.S,
    )
    if ticket:
        out.append({"title": WORDS[lang]["exit-ticket"], "answers": [ticket.group(1).strip()]})
    if not out:
        raise PrintableError(f"{path.relative_to(ROOT)}: no exercise headings")
    return out


def answer_key(lesson: str, lang: str, frame_width: float) -> list[Flowable]:
    w = WORDS[lang]
    title = (
        (STUDENTS / (f"{lesson}.md" if lang == "en" else f"{lesson}.fr.md"))
        .read_text(encoding="utf-8")
        .splitlines()[0]
        .lstrip("# ")
        .strip()
    )
    where = f"answer key {lesson} ({lang})"
    colon = " : " if lang == "fr" else ": "
    story = [_para(f"{w['answer-key']}{colon}{title}", "title", where, lang)]
    for ex in answers(lesson, lang):
        part = [_para(_markup(ex["title"]), "h2", where, lang)]
        for answer in ex["answers"]:
            part += _blocks(answer, where, lang, frame_width)
        story.append(KeepTogether(part))
    return story


def _tally(lang: str, frame_width: float) -> list[Flowable]:
    w = WORDS[lang]
    rows = [[w["marks"], w["tally-col"], w["total"], w["with-sahe"], w["class"]]]
    for k in range(5):
        rows.append([str(k), "", "", "", ""])
    cells = [[Paragraph(_latin1(c, "tally", lang), STYLE["cell"]) for c in row] for row in rows]
    widths = [24 * mm, frame_width - 24 * mm - 3 * 30 * mm, 30 * mm, 30 * mm, 30 * mm]
    return [
        _para(w["tally"], "h2", "tally", lang),
        _grid(cells, widths, height=[None] + [12 * mm] * 5),
        Spacer(1, 4 * mm),
    ]


# --------------------------------------------------------------------------- output


def file_name(name: str, paper: str, lang: str) -> str:
    return f"{name}-{paper}{'' if lang == 'en' else '-' + lang}.pdf"


def documents() -> list[tuple[str, str, str]]:
    """``[(name, paper, lang), ...]``: every PDF, in a fixed order."""
    names = (
        [sheet for sheet in printables.SHEETS if sheet in SHEETS]
        + [f"worksheet-{lesson}" for lesson in LESSONS]
        + [f"answer-key-{lesson}" for lesson in LESSONS]
    )
    return [(name, paper, lang) for name in names for paper in PAPERS for lang in LANGUAGES]


def make_pdf(name: str, paper: str, lang: str, figures: LabFigures | None = None) -> bytes:
    """The PDF ``name`` (:func:`documents`); ``figures``: the lab's, the build's."""
    frame_width = PAPERS[paper][0] - 32 * mm
    if name in SHEETS:
        drawn = SHEETS[name][1]
        card = rules_card(name, lang) if drawn.card.rules else throws_card(name, drawn.card, lang)
        story = _sheet_page(drawn.draw(paper, lang), paper) + card
        return _build(story, paper, printables.SHEETS[name][lang][0], lang, True)
    if name.startswith("answer-key-"):
        lesson = name.removeprefix("answer-key-")
        return _build(answer_key(lesson, lang, frame_width), paper, name, lang, False)
    lesson = name.removeprefix("worksheet-")
    return _build(worksheet(lesson, lang, frame_width, figures), paper, name, lang, False)


def write_pdfs(out_dir: str | Path, figures: LabFigures | None = None) -> list[tuple[str, int]]:
    """Write every PDF into ``out_dir``; return ``[(path, bytes), ...]``. ``figures``: the
    lab's, the build's (``None``: worked out here, once for every PDF)."""
    figures = LabFigures() if figures is None else figures
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, paper, lang in documents():
        try:
            data = make_pdf(name, paper, lang, figures)
        except PrintableError:
            raise
        except Exception as err:  # noqa: BLE001 - name the sheet whatever went wrong
            raise PrintableError(f"{file_name(name, paper, lang)}: {err}") from err
        path = out / file_name(name, paper, lang)
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
        written.append((str(path), len(data)))
    return written


def write_site_pdfs(site_dir: Path, figures: LabFigures | None = None) -> None:
    """Write the PDFs into the site's ``printables/`` folder (the plugin does it once, after
    the last language's build: a page that fails the build in any language fails it before
    the PDFs are drawn, and the offline copy lists them)."""
    from mkdocs.exceptions import PluginError

    try:
        write_pdfs(site_dir / "printables", figures)
    except PrintableError as err:
        raise PluginError(f"Printable PDFs: {err}") from None


if __name__ == "__main__":
    for path, size in write_pdfs(sys.argv[1] if len(sys.argv) > 1 else "printables"):
        print(f"{size:>8}  {path}")
