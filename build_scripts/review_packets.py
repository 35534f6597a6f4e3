"""A review packet for each nation: what the site says of it and its game, for the nation's
own institutions to read and answer (as a page and as PDFs in A4 and US Letter).

``packet(docs_dir, nation, lang)`` gathers, numbered one after another:

- **statements**: every claim of the claims table (:data:`build_scripts.claims.CLAIMS`)
  about the nation and its game, each with its grade, the works it comes from (their
  headings in the works cited) and every passage that makes it (the page, and the
  paragraph, list item or table row that carries the claim's marker), read from the pages'
  Markdown;
- **choices**: what the site chose where the sources are silent, the items that follow
  "The site's choices" (and the choices common to all rulesets) on the page *Which source
  each ruleset follows*, under the game's heading;
- **drawings**: the printable sheets of the game (the boards the engine draws, and for
  Zohn Ahl the stick dice) and the schematic map, each with the credit line it prints.

Which nation a claim is about is :data:`NATION_OF`; a claim of the table missing from it
stops the build (``PacketError``), so that no new claim can be left out of both packets.

The page of a packet (``docs/reviews/{nation}.md`` and its French twin) holds the cover
letter, written by hand, and the marker ``{{review-packet: kiowa}}`` where the numbered
items go: ``markdown(...)`` writes them. ``pdf(...)`` prints the same letter and items,
with ruled room for a reply after each one, with the layout of the other printables
(:mod:`build_scripts.printable_pdfs`). The plugin calls these through
:mod:`build_scripts.review_build`.
"""

from __future__ import annotations

import html
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Flowable, KeepTogether, Spacer

from build_scripts import claims, corrections, games, printable_pdfs, printables, ruleset_names
from build_scripts import words as build_words
from build_scripts.games import GAMES
from build_scripts.page_language import folder, source_name
from build_scripts.reviews import NATIONS, page_title
from engine.words import LANGUAGES

WORDS = build_words.section("review-packets")

#: The claim -> the nation its statement is about.
NATION_OF: dict[str, str] = {
    "culin-1898-set": "kiowa",
    "culin-1898-rules": "kiowa",
    "culin-1907-zohn-ahl": "kiowa",
    "culin-awl-ahl": "kiowa",
    "mooney-awl-game": "kiowa",
    "mooney-rules": "kiowa",
    "dlp-nebakuthana": "kiowa",
    "bell-zohn-ahl": "kiowa",
    "wikipedia-zohn-ahl": "kiowa",
    "printable-sheet": "kiowa",
    "globe-rules": "kiowa",
    "globe-guadal": "kiowa",
    "wikipedia-kiowa": "kiowa",
    "cushing-tasholiwe": "zuni",
    "mexico-origin": "zuni",
    "hunt-game-paraphrase": "zuni",
    "wikipedia-alquerque": "zuni",
    "murray-figure": "zuni",
    "kolowis-start-bell": "zuni",
    "kolowis-start-ludii": "zuni",
}

#: The nation -> its game's printable sheets (the games' table's, :mod:`build_scripts.games`).
SHEETS = {game.nation: tuple(game.sheets) for game in GAMES}
#: The nation -> to whom its packet goes (for the publisher; the letters name them too).
RECIPIENTS = {
    "kiowa": "the Kiowa Tribe's language and culture program (the Kiowa Language and "
    "Culture Revitalization Program), Carnegie, Oklahoma",
    "zuni": "the Pueblo of Zuni, its Historic Preservation Office, and the A:shiwi A:wan "
    "Museum and Heritage Center, Zuni, New Mexico",
}
RULESETS_PAGE = "sources/rulesets"
#: The kind of an item -> the section of the packet it stands in.
SECTION_OF = {
    "statement": "statements",
    "choice": "choices",
    "sheet": "drawings",
    "map": "drawings",
}
MAP_PAGE = "map"
#: The game's name (its pages' folder, its heading's anchor on the rulesets page) -> its nation.
GAME_HEADING = {game.name: game.nation for game in GAMES}
MARKER = re.compile(r"^\{\{review-packet: ?([a-z]+)\}\}\s*$", re.M)
REPLY_MARKER = "{{review-reply-to}}"
_FOOTNOTE = re.compile(r"^\[\^([^\]]+)\]:")
_HEADING = re.compile(r"^(#{1,6}) (.+?)(?: \{ #([\w-]+) \})?\s*$")


class PacketError(Exception):
    """A packet cannot be made (the message says which claim, page or item)."""


@dataclass(frozen=True)
class Passage:
    page: str
    """The page's path under ``docs/`` in the packet's language (``zohn-ahl/names.fr.md``)."""
    title: str
    text: str
    """The passage as one line of Markdown: links, markers and list marks taken out."""


@dataclass(frozen=True)
class Statement:
    claim: str
    what: str
    grade: str
    works: tuple[str, ...]
    """The headings, in the works cited, of the works the claim comes from."""
    passages: tuple[Passage, ...]


@dataclass(frozen=True)
class Choice:
    topic: str
    text: str


@dataclass(frozen=True)
class Sheet:
    slug: str
    title: str
    credit: str


@dataclass(frozen=True)
class Packet:
    nation: str
    lang: str
    statements: tuple[Statement, ...]
    choices: tuple[Choice, ...]
    sheets: tuple[Sheet, ...]
    map_svg: str
    """The schematic map, the drawing of the map page."""

    @property
    def map_desc(self) -> str:
        """What the schematic map marks, in the words of its own description."""
        match = re.search(r"<desc[^>]*>(.*?)</desc>", self.map_svg, flags=re.S)
        return " ".join(html.unescape(match.group(1)).split()) if match else ""


def unassigned_claims() -> list[str]:
    """Claims of the table that :data:`NATION_OF` does not give a nation (or a wrong one)."""
    wrong = [name for name in claims.CLAIMS if NATION_OF.get(name) not in NATIONS]
    stale = [name for name in NATION_OF if name not in claims.CLAIMS]
    return wrong + stale


def _plain(markdown: str, lang: str) -> str:
    """One block of a page as one line: links as their text, no markers, no list marks."""
    text = ruleset_names.expand(claims.strip_markers(markdown), lang)
    text = re.sub(r"^\s*!!!.*$", "", text, flags=re.M)
    text = re.sub(r"^\s*(?:>\s?)+", "", text, flags=re.M)
    text = re.sub(r"^\s*(?:[-*+]|\d+\.)\s+", "", text, flags=re.M)
    text = re.sub(r"^\[\^[^\]]+\]:\s*", "", text)
    text = re.sub(r"\[\^[^\]]+\]", "", text)
    text = re.sub(r"\s*\[Sources\]\([^)]*sources/index\.md[^)]*\)\.?", "", text)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<[^>]+>", "", text)
    text = re.sub(r"\{[:#.][^}]*\}", "", text)
    if text.lstrip().startswith("|"):
        cells = [c.strip() for c in text.strip().strip("|").split("|")]
        text = " — ".join(c for c in cells if c)
    return " ".join(text.split())


def _is_for_authors(markdown: str) -> bool:
    head = markdown.split("\n---", 1)[0] if markdown.startswith("---") else ""
    return bool(re.search(r"^audience:\s*authors\s*$", head, flags=re.M))


def _pages(docs_dir: Path, lang: str) -> list[str]:
    """The readers' pages in ``lang``, the games' own pages first."""
    found = []
    for path in docs_dir.rglob("*.md"):
        rel = path.relative_to(docs_dir).as_posix()
        translated = next((o for o in LANGUAGES if o != "en" and rel.endswith(f".{o}.md")), "en")
        if translated != lang:
            continue
        if rel.startswith("reviews/") or _is_for_authors(path.read_text(encoding="utf-8")):
            continue
        found.append(rel)
    return sorted(found, key=lambda rel: (rel.split("/")[0] not in GAME_HEADING, rel))


def passages(docs_dir: Path, lang: str) -> dict[str, list[Passage]]:
    """Claim -> every passage of the readers' pages in ``lang`` that makes it."""
    out: dict[str, list[Passage]] = {}
    for rel in _pages(docs_dir, lang):
        markdown = (docs_dir / rel).read_text(encoding="utf-8")
        title = None
        found = claims.blocks(markdown)
        for block in found:
            for name in claims._MARKER.findall(block):
                if title is None:
                    stem = rel.removesuffix(".md").removesuffix(f".{lang}")
                    title = page_title(docs_dir, f"{stem}.md", lang)
                text = _plain(block, lang)
                note = _FOOTNOTE.match(block)
                # a footnote's statements are the passages that call it, each with the note
                calls = [b for b in found if note and f"[^{note.group(1)}]" in b and b != block]
                texts = [f"{_plain(b, lang)} [{text}]" for b in calls] or [text]
                out.setdefault(name, []).extend(Passage(rel, title, one) for one in texts)
    return out


def work_titles(docs_dir: Path, lang: str) -> dict[str, str]:
    """Anchor -> the heading of that entry of the works cited in ``lang``."""
    text = (docs_dir / source_name(claims.WORKS_CITED.removesuffix(".md"), lang)).read_text(
        encoding="utf-8"
    )
    out = {}
    for line in text.splitlines():
        match = _HEADING.match(line)
        if match and match.group(3):
            out[match.group(3)] = match.group(2).replace("*", "").strip()
    return out


def choices(docs_dir: Path, lang: str) -> dict[str, list[Choice]]:
    """Nation -> the site's choices where the sources are silent, from the page *Which
    source each ruleset follows*: the items after its "The site's choices" lines, and
    those of its section of choices common to all rulesets."""
    lead = WORDS[lang]["choices-lead"]
    text = ruleset_names.expand(
        (docs_dir / source_name(RULESETS_PAGE, lang)).read_text(encoding="utf-8"), lang
    )
    out: dict[str, list[Choice]] = {nation: [] for nation in NATIONS}
    nation: str | None = None
    topic, level, current = "", None, None

    def flush() -> None:
        nonlocal current
        if current is not None and nation:
            out[nation].append(Choice(topic, _plain(current, lang)))
        current = None

    for line in text.splitlines():
        heading = _HEADING.match(line)
        if heading:
            flush()
            depth, title, anchor = len(heading.group(1)), heading.group(2), heading.group(3)
            if depth == 2:
                nation = GAME_HEADING.get(anchor or "")
            topic = title.replace("*", "").strip()
            level = 0 if depth == 3 and anchor == "common" else None
            continue
        stripped = line.lstrip()
        indent = len(line) - len(stripped)
        if not stripped or nation is None:
            continue
        if stripped.removeprefix("- ").startswith(lead):
            flush()
            level = indent + 4 if stripped.startswith("- ") else indent
        elif level is not None and stripped.startswith("- ") and indent == level:
            flush()
            current = stripped[2:]
        elif level is not None and current is not None and indent > level:
            current += " " + stripped
        else:
            flush()
            if level is not None and indent <= level:
                level = None
    flush()
    return out


def packet(docs_dir: Path, nation: str, lang: str) -> Packet:
    """Everything the site says and draws of ``nation`` and its game, in ``lang``."""
    wrong = unassigned_claims()
    if wrong:
        raise PacketError(
            "claims with no nation in build_scripts/review_packets.py NATION_OF (or no "
            f"longer in build_scripts/claims.py): {', '.join(wrong)}"
        )
    made = passages(docs_dir, lang)
    titles = work_titles(docs_dir, lang)
    statements = []
    for name, claim in claims.CLAIMS.items():
        if NATION_OF[name] != nation:
            continue
        if not made.get(name):
            raise PacketError(f"claim {name!r} is made on no page in {lang}")
        works = tuple(titles.get(work, work) for work in claim.works)
        statements.append(Statement(name, claim.what, claim.grade, works, tuple(made[name])))
    found = choices(docs_dir, lang)[nation]
    if not found:
        raise PacketError(
            f"{source_name(RULESETS_PAGE, lang)}: no choices found under the heading of "
            f"{nation}'s game (the lines after {WORDS[lang]['choices-lead']!r})"
        )
    sheets = tuple(
        Sheet(slug, printables.SHEETS[slug][lang][0], printables.SHEETS[slug][lang][2])
        for slug in SHEETS[nation]
    )
    return Packet(nation, lang, tuple(statements), tuple(found), sheets, map_svg(docs_dir, lang))


def map_svg(docs_dir: Path, lang: str) -> str:
    """The schematic map's drawing, as the map page holds it (with its description)."""
    text = (docs_dir / source_name(MAP_PAGE, lang)).read_text(encoding="utf-8")
    match = re.search(r"<svg\b.*?</svg>", text, flags=re.S)
    if not match or "<desc" not in match.group(0):
        raise PacketError(f"{source_name(MAP_PAGE, lang)}: no map drawing with a <desc>")
    return match.group(0)


def reply_to(where: dict[str, str], lang: str) -> str:
    """Where replies go: the correction addresses the publisher set (the plugin's
    ``corrections``), or that none is set yet."""
    w = WORDS[lang]
    if corrections.is_placeholder(where):
        return str(w["reply-to-none"])
    shown = [f"<{where['email']}>" if where.get("email") else "", where.get("issues") or ""]
    return str(w["reply-to"].format(where=" · ".join(s for s in shown if s)))


def items(found: Packet) -> list[tuple[str, str, object]]:
    """``[(number, kind, item), ...]``: the packet's items numbered 1, 2, 3... in order
    (``kind``: statement, choice, sheet or map)."""
    out: list[tuple[str, str, object]] = []
    for kind, group in (
        ("statement", found.statements),
        ("choice", found.choices),
        ("sheet", found.sheets),
    ):
        out += [(str(len(out) + i + 1), kind, item) for i, item in enumerate(group)]
    out.append((str(len(out) + 1), "map", None))
    return out


# ---------------------------------------------------------------------------- the page


def _link(page: str, here: str) -> str:
    return posixpath.relpath(page, posixpath.dirname(here))


def markdown(found: Packet, here: str, printable_href: str) -> str:
    """The numbered items of ``found`` as Markdown for the page ``here`` (its path under
    ``docs/``); ``printable_href``: the folder of the printable sheets, from the page."""
    w = WORDS[found.lang]
    suffix = "" if found.lang == "en" else f"-{found.lang}"
    out = []
    seen: set[str] = set()
    for number, kind, item in items(found):
        section = SECTION_OF[kind]
        if section not in seen:
            seen.add(section)
            out += [f"## {w[section]} {{ #{section} }}", "", w[section + "-intro"], ""]
        out += [f"### {w['item']} {number} {{ #item-{number} }}", ""]
        if isinstance(item, Statement):
            if found.lang == "en":
                out += [f"*{w['claim']}*: {item.what}.", ""]
            for passage in item.passages:
                page = _link(passage.page.replace(f".{found.lang}.md", ".md"), here)
                out += [f"> {passage.text}", ">", f"> — [{passage.title}]({page})", ""]
            out += [
                w["source-line"].format(
                    works="; ".join(f"*{work}*" for work in item.works), grade=item.grade
                ),
                "",
            ]
        elif isinstance(item, Choice):
            out += [f"*{item.topic}*: {item.text}", ""]
        elif isinstance(item, Sheet):
            src = f"{printable_href}{item.slug}-a4{suffix}.svg"
            out += [
                f"**{item.title}.** {item.credit}",
                "",
                f'<img class="review-sheet" src="{html.escape(src)}" '
                f'alt="{html.escape(w["sheet-alt"].format(title=item.title))}" '
                'width="210" height="297" loading="lazy">',
                "",
            ]
        else:
            out += [w["map"].format(href=_link(f"{MAP_PAGE}.md", here), desc=found.map_desc), ""]
        out += [f'<div class="review-reply" role="note">{html.escape(w["reply"])}</div>', ""]
    return "\n".join(out)


# ---------------------------------------------------------------------------- the PDFs


def _letter(page_markdown: str, lang: str, where: str) -> list[Flowable]:
    """The cover letter: the page's Markdown before the items, as paragraphs."""
    para = printable_pdfs._para
    out: list[Flowable] = []
    for block in re.split(r"\n\s*\n", page_markdown):
        block = block.strip()
        if not block or MARKER.match(block) or block.startswith("<"):
            continue
        heading = _HEADING.match(block)
        if heading and "\n" not in block:
            style = "title" if len(heading.group(1)) == 1 else "h2"
            out.append(para(printable_pdfs._markup(heading.group(2)), style, where, lang))
            continue
        if re.match(r"^\s*[-*] ", block):
            for entry in re.split(r"\n(?=\s*[-*] )", block):
                text = printable_pdfs._markup(re.sub(r"^\s*[-*] ", "", entry))
                out.append(para(f"<bullet>&bull;</bullet>{text}", "item", where, lang))
            continue
        out.append(para(printable_pdfs._markup(block), "body", where, lang))
    return out


def story(found: Packet, page_markdown: str, paper: str, site_url: str) -> list[Flowable]:
    """The PDF's flowables: the letter, then every item with room for a reply."""
    lang, w = found.lang, WORDS[found.lang]
    para, markup = printable_pdfs._para, printable_pdfs._markup
    where = f"the review packet for {found.nation} ({lang})"
    width = printable_pdfs.PAPERS[paper][0] - 32 * mm
    letter, _, _ = MARKER.split(page_markdown, maxsplit=1)
    out = _letter(letter, lang, where)
    seen: set[str] = set()
    base = site_url.rstrip("/") + "/"
    for number, kind, item in items(found):
        section = SECTION_OF[kind]
        if section not in seen:
            seen.add(section)
            out += [
                CondPageBreak(60 * mm),
                para(w[section], "h2", where, lang),
                para(markup(w[section + "-intro"]), "body", where, lang),
            ]
        body: list[Flowable] = [para(f"{w['item']} {number}", "h3", where, lang)]
        if isinstance(item, Statement):
            if lang == "en":
                body.append(para(f"<i>{w['claim']}</i>: {markup(item.what)}.", "body", where))
            for passage in item.passages:
                url = base + page_url(passage.page, lang)
                body += [
                    para(markup(passage.text), "quote", where, lang),
                    para(
                        f"{markup(passage.title)} ({html.escape(url)})",
                        "small",
                        where,
                        lang,
                    ),
                    Spacer(1, 1.5 * mm),
                ]
            line = w["source-line"].format(
                works="; ".join(f"*{work}*" for work in item.works), grade=item.grade
            )
            body.append(para(markup(line), "body", where, lang))
        elif isinstance(item, Choice):
            text = f"<i>{markup(item.topic)}</i>: {markup(item.text)}"
            body.append(para(text, "body", where, lang))
        elif isinstance(item, Sheet):
            body += [
                para(f"<b>{markup(item.title)}.</b> {markup(item.credit)}", "body", where, lang),
                printable_pdfs.Drawing(printables_svg(item.slug, paper, lang), width, 120 * mm),
            ]
        else:
            body += [
                para(markup(w["map-print"].format(desc=found.map_desc)), "body", where, lang),
                printable_pdfs.Drawing(found.map_svg, width, 110 * mm),
            ]
        body += [para(w["reply-print"], "small", where, lang), printable_pdfs._lines(4, width)]
        out.append(KeepTogether(body))
        out.append(Spacer(1, 3 * mm))
    return out


def page_url(page: str, lang: str) -> str:
    """The address of ``page`` (its path under ``docs/`` in ``lang``) below the site's root:
    ``zohn-ahl/names.fr.md`` -> ``fr/zohn-ahl/names/``, ``zohn-ahl/index.md`` -> ``zohn-ahl/``."""
    stem = page.removesuffix(".md").removesuffix(f".{lang}")
    stem = "" if stem == "index" else stem.removesuffix("/index")
    return folder(lang) + (stem + "/" if stem else "")


def printables_svg(slug: str, paper: str, lang: str) -> str:
    """The printable sheet ``slug`` as the site prints it."""
    return games.SHEETS[slug][1].draw(paper, lang)


def file_name(nation: str, paper: str, lang: str) -> str:
    """``review-packet-kiowa-a4.pdf``, ``review-packet-zuni-letter-fr.pdf``."""
    return printable_pdfs.file_name(f"review-packet-{nation}", paper, lang)


def pdf(found: Packet, page_markdown: str, paper: str, site_url: str) -> bytes:
    """The packet as a PDF on ``paper`` (``a4`` or ``letter``)."""
    title = WORDS[found.lang]["title"][found.nation]
    return printable_pdfs._build(
        story(found, page_markdown, paper, site_url), paper, title, found.lang, False
    )
