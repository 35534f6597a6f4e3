"""Every graded claim of the site, with its one grade and the works it comes from (a step of the site's plugin, :mod:`build_scripts.plugin`).

A page that grades a statement ("(grade T)", "(niveau P\\*)") names the claim it makes with
a marker in the same paragraph, list item, table row or footnote::

    older Zuni men told her the game came from Mexico (grade T). {{claim: mexico-origin}}

The marker is removed from the page; ``CLAIMS`` below is the one place that holds each
claim's grade and the entries of the works cited (``sources/index.md``, by anchor) it comes
from. The build fails, naming the page and the claim, when

- a page grades a statement without naming a claim, or names a claim that is not listed;
- a grade written next to a claim differs from the claim's grade (so one claim cannot
  carry two grades on two pages);
- a link to the works cited next to a claim points to an entry the claim is not from
  (a footnote cannot credit the wrong work);
- a claim's grade does not appear in the entry of the works cited it points to, in either
  language (the works cited and this table cannot drift apart).

The works cited page itself grades the parts of each work and is read, not checked, here.

Two slips that no grade shows are refused too, on every page (the works cited included):

- Culin's *zohn ahl* and Mooney's *tsoñä* said, without a hedge, to be one game: a sentence
  of a passage that names both writers (or both games) and calls them "the same game",
  "one game", or says the Kiowa "also called it" the other, must keep the doubt of the
  sources in the same sentence ("often taken for", "perhaps", "whether", a question...);
  Wikipedia has the two "often equated (or possibly confounded)", and who collected
  Culin's material is not known;
- a figure from a dated source without its date: a passage that gives what one of the
  ``DATED`` sources reports (a figure, the towns of a programme) and names the source, in
  its text or in a footnote it calls, must say the date, or that the source gives none.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from mkdocs.exceptions import PluginError

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.pages import Page

WORKS_CITED = "sources/index.md"


@dataclass(frozen=True)
class Claim:
    grade: str
    works: tuple[str, ...]
    """Anchors of the works cited entries the claim comes from (any of them may be linked)."""
    what: str
    """The claim in a few words, for the people who write pages."""


CLAIMS: dict[str, Claim] = {
    # Zohn Ahl: the old records
    "culin-1898-set": Claim(
        "P",
        ("culin-1898", "dlp"),
        "Culin 1898's list of the set and the opening of the entry, as the Digital Ludeme "
        "Project quotes them",
    ),
    "culin-1898-rules": Claim(
        "T",
        ("culin-1898", "dlp"),
        "the rules of Culin 1898 (four counters a side, what a lap, the creek and a capture "
        "cost), known only through the Digital Ludeme Project's summary",
    ),
    "culin-1907-zohn-ahl": Claim(
        "P*",
        ("culin-1907", "other"),
        "Culin 1907 on zohn ahl (glosses, numbering, creek, dry branches, throws, players), "
        "through a third party's transcription",
    ),
    "culin-awl-ahl": Claim(
        "U",
        ("culin-1907",),
        "whether Culin changed 'awl' to 'ahl' on purpose",
    ),
    "cushing-tasholiwe": Claim(
        "P",
        ("culin-1898", "dlp"),
        "Ta'sho'-li-we, after Cushing, in Culin 1898, quoted by the Digital Ludeme Project",
    ),
    "mooney-awl-game": Claim(
        "P",
        ("mooney-1896", "dlp"),
        "the opening of Mooney's awl-game passage, quoted (from an OCR) by the Digital "
        "Ludeme Project",
    ),
    "mooney-rules": Claim(
        "T",
        ("mooney-1896", "dlp"),
        "Mooney's rules (the sahe's green line, the throw of six, the creek, the counters), "
        "through the Digital Ludeme Project's summary",
    ),
    "dlp-nebakuthana": Claim(
        "T",
        ("dlp", "other"),
        "the Digital Ludeme Project's 'Nebakuthana' record and La Parole du Geste on who "
        "played the awl game",
    ),
    "bell-zohn-ahl": Claim(
        "U", ("bell",), "whether Bell describes Zohn Ahl, and the 'torrent' wording"
    ),
    # Zohn Ahl: the modern retellings
    "wikipedia-zohn-ahl": Claim(
        "T",
        ("wikipedia-zohn-ahl", "modern-retellings", "other"),
        "Wikipedia's 'Zohn Ahl' (the 40-space cloth, the sticks, the sahe 'green', the "
        "creek at space 20, the names)",
    ),
    "printable-sheet": Claim(
        "T",
        ("rules-route-and-layout", "modern-retellings"),
        "the printable rules sheet 'Zohn Ahl Rules, Route and Layout'",
    ),
    "globe-rules": Claim(
        "T",
        ("le-globe-joueur", "modern-retellings"),
        "Le Globe Joueur's French rules 'Zohn Al'",
    ),
    "globe-guadal": Claim(
        "U",
        ("le-globe-joueur",),
        "Le Globe Joueur's 'guadal' for the red marks, a word found in no other source",
    ),
    # The Kiowa today
    "wikipedia-kiowa": Claim(
        "T", ("other",), "Wikipedia's 'Kiowa' (the spelling Cáuigú, the language family)"
    ),
    # Awithlaknannai
    "mexico-origin": Claim(
        "T",
        ("stevenson-1903", "dlp"),
        "older Zuni men told Stevenson the game came from Mexico (the Digital Ludeme "
        "Project's summary; not read in her words)",
    ),
    "hunt-game-paraphrase": Claim(
        "U",
        ("stevenson-1903",),
        "in Mexico many stones played against one and the Zuni made the sides equal (a "
        "Basque-language paraphrase of Stevenson)",
    ),
    "wikipedia-alquerque": Claim(
        "T",
        ("other", "wikipedia-awithlaknannai-mosona"),
        "Wikipedia: the Spanish are thought to have brought alquerque, without proof",
    ),
    "murray-figure": Claim(
        "S",
        ("seville-2000", "murray-1952"),
        "a figure labelled 'Awithlaknannai' in Murray 1952 lacks the outer lines (Seville)",
    ),
    "kolowis-start-bell": Claim(
        "S",
        ("seville-2000",),
        "Bell's Kolowis leaves the centre and both ends of the middle row empty (Seville)",
    ),
    "kolowis-start-ludii": Claim(
        "T", ("dlp",), "Ludii's Kolowis leaves the centre and the leftmost point empty"
    ),
}

_CODE = r"P\\?\*|S/T|[PSTU]"
_GRADE = re.compile(
    rf"\b(?:grades?|niveaux?)\s+({_CODE})(?![\w/*])"
    rf"(?:(?:,|\s+and|\s+et|\s+ou|\s+or)\s+({_CODE})(?![\w/*]))?"
)
_GRADED = re.compile(rf"\b(?:grades?|graded|niveaux?|notées?)\s+({_CODE})(?![\w/*])")
_MARKER = re.compile(r"\{\{claim: ?([a-z0-9-]+)\}\}")
_MARKER_OUT = re.compile(r"[ \t]*\n?[ \t]*\{\{claim: ?[a-z0-9-]+\}\}")
_LINK = re.compile(r"\]\(([^)\s]+?)(?:#([\w-]+))?\)|href=\"([^\"#]*)#([\w-]+)\"")
_HEADING = re.compile(r"^(#{1,6}) .*?\{ #([\w-]+) \}\s*$")
_STARTS_BLOCK = re.compile(r"^(\[\^[^\]]+\]:|\s*(?:[-*+]|\d+\.) |\s*\|)")


@dataclass(frozen=True)
class DatedSource:
    """A source whose figures go stale: a passage that reports them must carry ``dated``."""

    name: str
    cited: re.Pattern[str]
    """How a passage names the source."""
    reports: re.Pattern[str]
    """What the source is quoted for (a figure, a list of towns)."""
    dated: re.Pattern[str]
    """Its date, or words that say it has none."""


_FIGURE = r"\d|\b(?:twenty|thirty|hundred|thousand|vingt|trente|cent|cents|mille)\b"
_UNDATED = r"undated|date is not given|unknown date|non daté|ne donne pas sa date|sans date"
DATED: tuple[DatedSource, ...] = (
    DatedSource(
        "Queen Mary University of London's impact case study (2014)",
        re.compile(r"Queen Mary|QMUL|REF ?2014"),
        re.compile(_FIGURE, re.I),
        re.compile(r"2014"),
    ),
    DatedSource(
        "the Administration for Native Americans' profile of the Kiowa Tribe (undated)",
        re.compile(r"Administration for Native Americans|\bANA\b"),
        re.compile(_FIGURE + r"|Anadarko", re.I),
        re.compile(_UNDATED, re.I),
    ),
)

_CULIN_SIDE = re.compile(r"\bCulin|\bzohn ahl\b", re.I)
_MOONEY_SIDE = re.compile(r"\bMooney|tso[ñn]ä|\btsona\b", re.I)
_ONE_GAME = re.compile(
    r"\b(?:the same (?:Kiowa )?game|one game|a single game|also called it|also known as"
    r"|même jeu|un seul jeu|appelaient aussi|aussi appelé)\b",
    re.I,
)
_HEDGE = re.compile(
    r"\b(?:often|perhaps|possibly|may|might|whether|if|not certain|uncertain|unsettled"
    r"|taken for|equated|confounded|souvent|peut-être|pas certain|incertain|si|s'il|s’il"
    r"|assimilés?|confondus?|confond|tient pour|tranchent)\b",
    re.I,
)
_ASKS = re.compile(
    r"^(?![*_\s]*(?:when|since|because|quand|lorsque|puisque|comme)\b).*\?[*_\s]*$", re.I
)
"""A question that asks (the identity in doubt), not one that takes it as given in a
"when..." clause ("When two outsiders wrote down the same game, what...?")."""
_FOOTNOTE_DEF = re.compile(r"^\[\^([^\]]+)\]:")
_FOOTNOTE_REF = re.compile(r"\[\^([^\]]+)\](?!:)")
_NOT_PROSE = re.compile(r"`[^`\n]+`|\]\([^)]*\)|<[^>]+>|https?://\S+|\[\^[^\]]+\]:?|\{[^}]*\}")


def _sentences(text: str) -> list[str]:
    """The sentences of ``text`` (a clause after a semicolon counts as one), its lines
    joined; a footnote reference stays with the sentence it ends."""
    return [s for s in re.split(r"(?<=[.!?;])\s+", " ".join(text.split())) if s]


def wording_problems(markdown: str) -> list[str]:
    """Unhedged "the same game" between zohn ahl and tsoñä, and figures of a dated source
    without their date, in one page (empty when there are none)."""
    found = []
    parts = blocks(markdown)
    notes = {
        m.group(1): " ".join(part.split()) for part in parts if (m := _FOOTNOTE_DEF.match(part))
    }
    for block in parts:
        prose = " ".join(_NOT_PROSE.sub(" ", block).split())
        if _CULIN_SIDE.search(prose) and _MOONEY_SIDE.search(prose):
            for sentence in _sentences(prose):
                hedged = _HEDGE.search(sentence) or _ASKS.match(sentence)
                if _ONE_GAME.search(sentence) and not hedged:
                    found.append(
                        "Culin's zohn ahl and Mooney's tsoñä made one game without a hedge "
                        f"(the sources say they are often taken for one, perhaps wrongly) at "
                        f"“{sentence[:90]}”"
                    )
        whole = " ".join(block.split())
        for sentence in _sentences(block):
            called = [notes[name] for name in _FOOTNOTE_REF.findall(sentence) if name in notes]
            said = " ".join(_NOT_PROSE.sub(" ", sentence).split())
            for source in DATED:
                if (
                    source.cited.search(" ".join([sentence, *called]))
                    and source.reports.search(said)
                    and not source.dated.search(" ".join([whole, *called]))
                ):
                    found.append(
                        f"a figure from {source.name} without its date (say when, or that "
                        f"the source gives no date) at “{said[:90]}”"
                    )
    return found


def _code(grade: str) -> str:
    return grade.replace("\\", "")


def blocks(markdown: str) -> list[str]:
    """The paragraphs, list items, table rows and footnotes of ``markdown`` (code left out)."""
    out: list[list[str]] = []
    fence = None
    current: list[str] = []
    for line in markdown.splitlines():
        stripped = line.strip()
        if fence:
            if stripped.startswith(fence):
                fence = None
            continue
        if stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
            current = []
            continue
        if not stripped or _STARTS_BLOCK.match(line) or _HEADING.match(line):
            current = []
            if not stripped:
                continue
        if not current:
            out.append(current)
        current.append(line)
    return ["\n".join(lines) for lines in out]


def works_linked(block: str, src_uri: str) -> set[str]:
    """Anchors of the works cited that ``block`` links to, from the page ``src_uri``."""
    found = set()
    for path, anchor, href, href_anchor in _LINK.findall(block):
        target, name = (path, anchor) if path else (href, href_anchor)
        if not name or "://" in target:
            continue
        resolved = posixpath.normpath(posixpath.join(posixpath.dirname(src_uri), target))
        if resolved in (WORKS_CITED, WORKS_CITED.replace(".md", ".fr.md")):
            found.add(name)
    return found


def page_problems(markdown: str, src_uri: str) -> list[str]:
    """What is wrong with the graded claims of one page (empty when nothing is)."""
    if src_uri in (WORKS_CITED, WORKS_CITED.replace(".md", ".fr.md")):
        return []
    found = []
    for block in blocks(markdown):
        names = _MARKER.findall(block)
        prose = re.sub(r"`[^`\n]+`", "", block)  # a grade shown as code is not a claim
        written = {_code(g) for pair in _GRADE.findall(prose) for g in pair if g}
        start = " ".join(block.split())[:70]
        unknown = [name for name in names if name not in CLAIMS]
        for name in unknown:
            found.append(f"unknown claim {name!r} (not in build_scripts/claims.py) at “{start}…”")
        claims = [CLAIMS[name] for name in names if name in CLAIMS]
        if written and not names:
            found.append(
                f"grade {', '.join(sorted(written))} without a claim: name it with "
                f"{{{{claim: ...}}}} (build_scripts/claims.py) at “{start}…”"
            )
            continue
        if not claims:
            continue
        grades = {claim.grade for claim in claims}
        for grade in sorted(written - grades):
            found.append(
                f"grade {grade} conflicts with claim {', '.join(names)} "
                f"(grade {', '.join(sorted(grades))} in build_scripts/claims.py) at “{start}…”"
            )
        works = {work for claim in claims for work in claim.works}
        for work in sorted(works_linked(block, src_uri) - works):
            found.append(
                f"the link to the works cited #{work} credits a work claim "
                f"{', '.join(names)} is not from ({', '.join(sorted(works))}) at “{start}…”"
            )
    return found


def works_cited_grades(text: str) -> dict[str, set[str]]:
    """Anchor -> the grades written in that entry of the works cited, with those of the
    introduction of the section around it ("All four are graded T")."""
    lines = text.splitlines()
    heads = [
        (i, len(m.group(1)), m.group(2))
        for i, line in enumerate(lines)
        if (m := _HEADING.match(line))
    ]
    out: dict[str, set[str]] = {}
    intro: dict[str, set[str]] = {}
    for n, (i, level, anchor) in enumerate(heads):
        end = next((j for j, lv, _ in heads[n + 1 :] if lv <= level), len(lines))
        first_child = heads[n + 1][0] if n + 1 < len(heads) else len(lines)
        intro[anchor] = {
            _code(g) for g in _GRADED.findall("\n".join(lines[i : min(end, first_child)]))
        }
        parent = next((a for _, lv, a in reversed(heads[:n]) if lv < level), None)
        own = {_code(g) for g in _GRADED.findall("\n".join(lines[i:end]))}
        out[anchor] = own | (intro[parent] if parent else set())
    return out


def registry_problems(docs_dir: Path) -> list[str]:
    """Claims whose grade or works the works cited (both languages) do not bear out."""
    found = []
    for name in (WORKS_CITED, WORKS_CITED.replace(".md", ".fr.md")):
        path = Path(docs_dir) / name
        if not path.is_file():
            continue
        entries = works_cited_grades(path.read_text(encoding="utf-8"))
        for claim_name, claim in CLAIMS.items():
            for work in claim.works:
                if work not in entries:
                    found.append(f"{name}: claim {claim_name!r} points to #{work}, no such entry")
                elif claim.grade not in entries[work]:
                    found.append(
                        f"{name}: claim {claim_name!r} has grade {claim.grade}, but the entry "
                        f"#{work} gives only {', '.join(sorted(entries[work])) or 'none'}"
                    )
    return found


def strip_markers(markdown: str) -> str:
    """``markdown`` without its claim markers (code blocks, which may show one, kept)."""
    parts = re.split(r"(^(?:```|~~~).*?^(?:```|~~~)[^\n]*$)", markdown, flags=re.M | re.S)
    return "".join(part if i % 2 else _MARKER_OUT.sub("", part) for i, part in enumerate(parts))


def check_registry(config: MkDocsConfig) -> None:
    """Fail the build when the claims and the works cited disagree."""
    found = registry_problems(Path(config["docs_dir"]))
    if found:
        raise PluginError("Claims and works cited disagree:\n  " + "\n  ".join(found))


def checked_markdown(markdown: str, page: Page) -> str:
    """The page's Markdown without its claim markers; the build fails on a graded claim
    that does not match the registry, or on a wording the sources do not support."""
    found = page_problems(markdown, page.file.src_uri) + wording_problems(markdown)
    if found:
        raise PluginError(
            f"{page.file.src_uri}: graded claims that do not match build_scripts/claims.py:\n  "
            + "\n  ".join(found)
        )
    return strip_markers(markdown)
