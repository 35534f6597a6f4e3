"""Readers meet every ruleset and stick table by its name ("Culin's reading"), never by
its id (``culin``): in the built pages, in the printables and in what the board and the
lab say while they run.

The ids are of two kinds, and are matched differently:

* ids no page writes as an ordinary word, matched as lowercase whole words wherever a
  reader can see them: ``culin``, ``ludii``, ``globe``. Their capitalised forms are names
  in their own right and pass (Culin the author, the Ludii program, Le Globe Joueur);
* ids that are also words of the pages: ``open``, ``printable``, ``bent``, ``kiowa`` (in
  French the adjective: "la tribu kiowa"), ``kolowis`` (Culin's "kolowis awithlaknannai")
  and the stick table ``sahe`` (also the name of the special stick). They are matched only
  where an id leaks: right after a word that introduces a ruleset or a table ("ruleset
  open", "variante « kiowa »", "Table sahe", "barème sahe"), alone in brackets or quotes
  ("(printable)", "« bent »"), or as the whole text of a label: a menu option, a table
  cell, an entry of the table of contents (a heading written as code loses its code
  there). "The open board", "a printable sheet", "bent leaps" and "the sahe" are prose.

Visible text is everything a reader sees or hears: the text of the page outside ``<code>``
and ``<pre>`` (and scripts and styles), and the ``title``, ``aria-label`` and ``alt``
attributes. A menu option's ``value`` is not seen and keeps the id, as links, block options,
the command line and the authoring page (left out) do.
"""

from __future__ import annotations

import re
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

from build_scripts import ruleset_names
from engine.words import ruleset_name, ruleset_source, table_name

DISTINCT = ("culin", "ludii", "globe")
ORDINARY = ("open", "printable", "bent", "kiowa", "kolowis", "sahe")
_DISTINCT = re.compile(r"\b(" + "|".join(DISTINCT) + r")\b")
_INTRO = r"(?i:rulesets?|rules|variantes?|règles|tables?|barème|table de lancers)"
_QUOTE_OPEN, _QUOTE_CLOSE = r"[«“\"'(\[]", r"[»”\"')\]]"
_ORDINARY = re.compile(
    rf"\b{_INTRO}\s*[«“\"']?\s*({'|'.join(ORDINARY)})\b"
    rf"|{_QUOTE_OPEN}\s*({'|'.join(ORDINARY)})\s*{_QUOTE_CLOSE}"
)
_WHOLE = re.compile(rf"\s*({'|'.join(DISTINCT + ORDINARY)})\s*")
_URL = re.compile(r"\S+://\S+|\b[\w.-]+\.(?:games|org|com|net|fr)\b\S*")
# the elements whose whole text is a label: an id there is an id, whatever the word
_LABELS = frozenset({"option", "th", "td", "caption", "label", "button", "li", "figcaption"})
_HIDDEN = frozenset({"code", "pre", "script", "style", "kbd", "samp", "textarea"})
_SEEN_ATTRIBUTES = ("title", "aria-label", "alt")
AUTHORS_PAGES = {"authoring"}


def leaks(text: str, whole: bool = False) -> list[str]:
    """The ruleset or table ids in ``text``, a piece of what a reader sees; ``whole``: the
    text is all of a label (a menu option, a table cell)."""
    text = _URL.sub(" ", text)
    found = [m.group(0) for m in _DISTINCT.finditer(text)]
    found += [m.group(0) for m in _ORDINARY.finditer(text)]
    if whole and _WHOLE.fullmatch(text) and not found:
        found.append(text.strip())
    return found


class _Reader(HTMLParser):
    """The visible text of a page, element by element, with the ids it leaks."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.hidden = 0
        self.texts: list[list[str]] = []  # the text of each open label element
        self.found: list[str] = []
        self.prose: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in _SEEN_ATTRIBUTES and value:
                self.found += [f"{tag}[{name}]: {hit} in {value!r}" for hit in leaks(value)]
        if tag in ("br", "img", "input", "meta", "link", "hr", "wbr", "source"):
            return
        self.stack.append(tag)
        if tag in _HIDDEN:
            self.hidden += 1
        if tag in _LABELS:
            self.texts.append([])

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.stack:
            return
        while self.stack:
            top = self.stack.pop()
            if top in _HIDDEN:
                self.hidden -= 1
            if top in _LABELS:
                text = "".join(self.texts.pop())
                self.found += [f"<{top}>: {hit!r}" for hit in leaks(text, whole=True)]
            if top == tag:
                break

    def handle_data(self, data: str) -> None:
        if self.hidden:
            return
        self.prose.append(data)
        for text in self.texts:
            text.append(data)

    def close(self) -> None:
        super().close()
        # prose is read joined, so "Table" and "sahe" in two elements are read together
        text = " ".join(" ".join(self.prose).split())
        for hit in dict.fromkeys(leaks(text)):
            at = text.find(hit)
            self.found.append(f"{hit!r} in “…{text[max(0, at - 50) : at + 50]}…”")
        self.found = list(dict.fromkeys(self.found))


def page_leaks(html: str) -> list[str]:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader.found


# --------------------------------------------------------------- the matcher, on its own


@pytest.mark.parametrize(
    "html",
    [
        "<p>Mosona without lines (ruleset open), two players.</p>",
        "<p>Le Mosona sans lignes (variante « open »), à deux joueurs.</p>",
        "<table><tr><th>Table sahe</th></tr></table>",
        "<p>The <em>printable</em> board, see (printable).</p>",
        "<p>Awithlaknannai Mosona, ruleset culin: you play Black.</p>",
        "<select><option value='bent'>bent</option></select>",
        "<td>kiowa</td>",
        "<ul><li><a href='#culin'>culin</a></li></ul>",
        "<p>Le Mosona (variante « kiowa »).</p>",
        "<div role='group' aria-label='Awithlaknannai board (ludii)'></div>",
        "<p>Working out globe (3 of 10)…</p>",
    ],
)
def test_an_id_where_a_reader_sees_it_is_found(html):
    assert page_leaks(html), html


@pytest.mark.parametrize(
    "html",
    [
        "<p>Culin (1907) saw two Zuni boards; the Kiowa Tribe; Le Globe Joueur's rules.</p>",
        "<p>The open board, a printable sheet, bent leaps, and the sahe, the marked stick.</p>",
        "<p>The rules as Ludii reads them; the serpent kolowisi; the Kolowis board.</p>",
        "<p>La tribu kiowa ; Culin donne le nom kolowis awithlaknannai.</p>",
        "<table><tr><td>Kolowis</td><td>Sahe</td></tr></table>",
        "<p>Wikipedia's \"Kiowa\" article; l'article « Kiowa » de Wikipédia.</p>",
        "<p>Write <code>ruleset: culin</code> in the block.</p><pre>table: sahe</pre>",
        "<select><option value='culin'>Culin's board, capture compulsory</option></select>",
        "<p>See https://ludii.games/details.php?keyword=Zohn%20Ahl for the program.</p>",
        "<p><a href='../sources/rulesets/#kiowa'>Wikipedia's 40-space cloth</a></p>",
    ],
)
def test_names_prose_and_code_pass(html):
    assert page_leaks(html) == [], html


# ------------------------------------------------------------- the pages' markers


def _page(src_uri: str):
    return SimpleNamespace(file=SimpleNamespace(src_uri=src_uri, locale=None, src_path=src_uri))


def test_a_marker_becomes_the_name_a_link_in_prose_and_plain_in_a_caption():
    markdown = (
        "Play {{ruleset: zohn-ahl/kiowa}} with {{table: culin}}.\n"
        "```zohn-ahl\ncaption: {{ruleset: zohn-ahl/culin}}, two sides.\n```\n"
        "## {{ruleset: awithlaknannai/open}} { #open }\n"
    )
    out = ruleset_names.named_rulesets(markdown, _page("students/x.fr.md"))
    kiowa = ruleset_name("zohn-ahl", "kiowa", "fr")
    assert f'Play [{kiowa}](../sources/rulesets.md#kiowa "' in out
    assert ruleset_source("zohn-ahl", "kiowa", "fr").split(",")[0].replace('"', "") in out
    assert f"with {table_name('culin', 'fr')}." in out
    assert f"caption: {ruleset_name('zohn-ahl', 'culin', 'fr')}, two sides." in out
    assert f"## {ruleset_name('awithlaknannai', 'open', 'fr')} {{ #open }}" in out
    assert "{{" not in out


@pytest.mark.parametrize(
    "marker", ["{{ruleset: zohn-ahl/open}}", "{{ruleset: kiowa}}", "{{table: kiowa}}"]
)
def test_a_marker_that_names_nothing_stops_the_build_naming_the_page(marker):
    with pytest.raises(PluginError) as info:
        ruleset_names.named_rulesets(f"See {marker}.", _page("zohn-ahl/rules.md"))
    assert "docs/zohn-ahl/rules.md" in str(info.value)
    assert marker.split(":")[1].strip(" }").split("/")[-1] in str(info.value)


# ------------------------------------------------------------------- every built page


def _public_pages(site_dir: Path) -> list[Path]:
    pages = []
    for path in sorted(site_dir.rglob("*.html")):
        parts = path.relative_to(site_dir).parts
        if "assets" in parts or AUTHORS_PAGES.intersection(parts):
            continue
        pages.append(path)
    return pages


def test_no_public_page_shows_a_ruleset_id(site_dir):
    pages = _public_pages(site_dir)
    assert len(pages) > 40, "the build's pages were not found"
    problems = []
    for path in pages:
        for leak in page_leaks(path.read_text(encoding="utf-8")):
            problems.append(f"{path.relative_to(site_dir)}: {leak}")
    assert problems == [], "\n".join(problems)


def test_no_printable_shows_a_ruleset_id(site_dir):
    pdfs = sorted(site_dir.rglob("*.pdf"))
    assert pdfs, "the build's printables were not found"
    problems = []
    for pdf in pdfs:
        text = subprocess.run(
            ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
        ).stdout
        # a PDF has no code elements: an id in Courier is still an id to a reader
        problems += [f"{pdf.name}: {hit}" for hit in leaks(" ".join(text.split()))]
    assert problems == [], "\n".join(problems)


# ---------------------------------------------------- what the board and the lab say


@pytest.mark.browser
def test_the_board_and_the_lab_name_their_rulesets(visit):
    from test_e2e_support import wait_ready

    from engine.words import ruleset_name

    page = visit.page()
    page.goto(visit.base + "/awithlaknannai/rules/")
    board = wait_ready(page, "#board-mosona-lined")
    menu = board.locator('select[data-action="ruleset"]')
    labels = menu.locator("option").all_text_contents()
    assert labels == [
        ruleset_name("awithlaknannai", r, "en")
        for r in ("culin", "open", "bent", "ludii", "kolowis")
    ]
    menu.select_option("bent")  # by its value: the id stays in the menu's values
    bent = ruleset_name("awithlaknannai", "bent", "en")
    page.wait_for_function(
        "([sel, name]) => (document.querySelector(sel).getAttribute('aria-label') || '')"
        ".includes(name)",
        arg=[f"#{board.get_attribute('id')} svg.board-drawing", bent],
    )
    said = page.evaluate(
        """sel => { const b = document.querySelector(sel);
        return [b.innerText, ...[...b.querySelectorAll('[aria-label],[title]')].map(
          (e) => `${e.getAttribute('aria-label') || ''} ${e.getAttribute('title') || ''}`)]; }""",
        f"#{board.get_attribute('id')}",
    )
    assert [hit for text in said for hit in leaks(text)] == [], said

    # the lab says which ruleset it is working out, by its name
    page.goto(visit.base + "/teachers/probability-lab/")
    page.wait_for_function(
        "() => !document.querySelector(\"[data-lab='bias']\").disabled", timeout=240_000
    )
    page.locator("input[data-lab='bias']").fill("2/3")
    page.locator("select[data-lab='counters']").select_option("2")
    page.get_by_role("button", name="Work it out again").click()
    kiowa = ruleset_name("zohn-ahl", "kiowa", "en")
    status = page.locator("[data-lab='status']")
    page.wait_for_function(
        "name => document.querySelector(\"[data-lab='status']\").textContent.includes(name)",
        arg=kiowa,
        timeout=240_000,
    )
    assert leaks(status.text_content()) == [], status.text_content()
