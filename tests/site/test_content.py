"""The content as a reader and a teacher meet it: every page in both languages, no broken
internal link or anchor, lessons with what a teacher needs, and a lesson link that opens
its exercise set up as the lesson says."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest
from test_e2e_support import wait_ready

from engine.awithlaknannai import Position, get_ruleset

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
# a lesson: a teachers' page with a students' twin (not the index, not the class results)
LESSONS = sorted(
    p
    for p in (DOCS / "teachers").glob("*.md")
    if not p.name.startswith("index") and (DOCS / "students" / p.name).is_file()
)


def _pages(suffix_fr: bool) -> set[Path]:
    pages = {p.relative_to(DOCS) for p in DOCS.rglob("*.md")}
    return {p for p in pages if p.name.endswith(".fr.md") == suffix_fr}


def test_every_english_page_has_its_french_twin_and_back():
    english = _pages(False)
    french = {p.with_name(p.name.replace(".fr.md", ".md")) for p in _pages(True)}
    assert english, "no pages found"
    assert english - french == set(), "English pages without a French twin"
    assert french - english == set(), "French pages without an English original"


# ------------------------------------------------------------------ links in the built site


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        for name in ("href", "src"):
            value = attrs.get(name)
            if value and tag in ("a", "link", "script", "img", "iframe", "source"):
                self.links.append(value)


def _parse(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def _target(site_dir: Path, page: Path, link: str):
    """The file and fragment an internal link points to, or None for another site."""
    base = "http://site.invalid/" + page.relative_to(site_dir).as_posix()
    url = urlsplit(urljoin(base, link))
    if url.scheme not in ("http", "https") or url.netloc != "site.invalid":
        return None
    path = site_dir / unquote(url.path).lstrip("/")
    if url.path.endswith("/") or path.is_dir():
        path = path / "index.html"
    return path, unquote(url.fragment)


def test_no_broken_internal_link_or_anchor_in_either_language(site_dir):
    pages = sorted(site_dir.rglob("*.html"))
    assert any("/fr/" in p.as_posix() for p in pages), "no French pages built"
    parsed = {p: _parse(p) for p in pages}
    broken = []
    for page, links in list(parsed.items()):
        if page.name == "404.html":
            continue  # its links are written for any depth of address
        for link in links.links:
            target = _target(site_dir, page, link)
            if target is None:
                continue
            path, fragment = target
            where = f"{page.relative_to(site_dir)}: {link}"
            if not path.exists():
                broken.append(f"{where} (no file)")
            elif fragment and path.suffix == ".html":
                if path not in parsed:
                    parsed[path] = _parse(path)
                if fragment not in parsed[path].ids:
                    broken.append(f"{where} (no anchor #{fragment})")
    assert not broken, "\n".join(broken)


# ------------------------------------------------------------------------------- lessons

LESSON_PARTS = {
    "en": [
        r"\*\*Grades?\*\*",
        r"\*\*Time\*\*",
        r"\{ #objectives \}",
        r"\{ #materials \}",
        r"\{ #steps \}",
        r"\{ #discussion \}",
    ],
    "fr": [
        r"\*\*Niveau\*\*",
        r"\*\*Durée\*\*",
        r"\{ #objectives \}",
        r"\{ #materials \}",
        r"\{ #steps \}",
        r"\{ #discussion \}",
    ],
}


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.name)
def test_each_lesson_has_what_a_teacher_needs(lesson):
    language = "fr" if lesson.name.endswith(".fr.md") else "en"
    text = lesson.read_text(encoding="utf-8")
    missing = [part for part in LESSON_PARTS[language] if not re.search(part, text)]
    assert not missing, f"{lesson.name} lacks {missing}"
    assert re.search(r"^```(zohn-ahl|awithlaknannai)\n(.*\n)*?id: ", text, flags=re.M), (
        f"{lesson.name} has no board with an id to link to"
    )


def test_there_are_at_least_three_lessons_in_each_language():
    assert len([p for p in LESSONS if not p.name.endswith(".fr.md")]) >= 3
    assert len([p for p in LESSONS if p.name.endswith(".fr.md")]) >= 3


def _block(markdown: Path, board_id: str) -> dict[str, str]:
    text = markdown.read_text(encoding="utf-8")
    for body in re.findall(r"^```awithlaknannai\n(.*?)^```", text, flags=re.M | re.S):
        fields = dict(line.split(":", 1) for line in body.splitlines() if ":" in line)
        fields = {k.strip(): v.split("#")[0].strip() for k, v in fields.items()}
        if fields.get("id") == board_id:
            return fields
    raise AssertionError(f"no awithlaknannai block with id {board_id!r} in {markdown}")


@pytest.mark.browser
@pytest.mark.parametrize(
    "address, source",
    [
        ("teachers/forced-captures/#chain", "teachers/forced-captures.md"),
        ("fr/teachers/forced-captures/#fork", "teachers/forced-captures.fr.md"),
    ],
)
def test_a_lesson_link_opens_its_exercise_set_up_as_the_lesson_says(visit, address, source):
    board_id = address.rsplit("#", 1)[1]
    block = _block(DOCS / source, board_id)
    ruleset = get_ruleset(block["ruleset"])
    position = Position.parse(block["position"], ruleset)

    page = visit.page()
    page.goto(visit.base + "/" + address)
    board = wait_ready(page, f"#{board_id}")
    assert board.is_visible()
    french = address.startswith("fr/")
    words = {
        "B": "pion noir" if french else "black piece",
        "W": "pion blanc" if french else "white piece",
        None: "vide" if french else "empty",
    }
    for point in ruleset.board.points:
        name = board.locator(f'[data-point="{point}"]').get_attribute("aria-label")
        expected = f"{point}, {words[position.piece_at(point)]}"
        assert name.startswith(expected), (point, name, expected)
