"""Pages written for readers: no internal words, grades explained where they appear,
French spacing, a correction link on every page, and the context pages (map, timeline,
glossary) in both languages with every glossary link leading to its entry."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import parse_qs, unquote, urljoin, urlsplit

import pytest
from mkdocs.exceptions import PluginError
from site_build_tools import copy_project, run_build

from build_scripts import corrections, french_typography, glossary, grades, public_words

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def _pages(site_dir: Path):
    return sorted(p for p in site_dir.rglob("index.html") if "assets" not in p.parts)


def _page(src_uri: str, url: str = "x/", locale: str = "en", meta=None):
    return SimpleNamespace(
        file=SimpleNamespace(src_uri=src_uri, locale=locale),
        url=url,
        meta=meta or {},
        title="A page",
    )


# ------------------------------------------------------------------------- internal words


@pytest.mark.parametrize(
    "planted",
    [
        "See seed " + "003 for the rules.",  # (split: the planted word is the test's alone)
        "Voir le texte 004.",
        "the project's founding texts",
        "Run `make serve` first.",
        "see the README",
        "option `gully: cross`",
        "the file 01_SOURCE/source_verification.json",
    ],
)
def test_an_internal_word_stops_the_page_naming_it(planted):
    html = f"<p>A fine paragraph.</p><p>{planted}</p>"
    with pytest.raises(PluginError) as info:
        public_words.check_public_page(html, _page("zohn-ahl/rules.fr.md"))
    message = str(info.value)
    assert "docs/zohn-ahl/rules.fr.md" in message
    assert public_words.problems(planted)[0].split(" (")[0].strip("'") in message


def test_ordinary_prose_and_the_authors_page_pass():
    prose = "<p>Culin 1907, p. 801; Wikipedia, \u201cZohn Ahl\u201d; 1000 throws; the seed of a game.</p>"
    assert public_words.check_public_page(prose, _page("a.md")) == prose
    internal = "<p>Run <code>make serve</code>.</p>"
    authors = _page("authoring.md", meta={"audience": "authors"})
    assert public_words.check_public_page(internal, authors) == internal


def test_a_planted_term_fails_the_real_build_naming_the_page(tmp_path):
    """In the French build, after the English one: a trimmed copy of the project (the
    planted page and the home page) spares the other pages' English build."""
    project = copy_project(tmp_path / "project", pages=["aa-notes.md"])
    (project / "docs" / "aa-notes.md").write_text("# Notes\n\nAll fine.\n", encoding="utf-8")
    (project / "docs" / "aa-notes.fr.md").write_text(
        "# Notes\n\nLes règles viennent des textes fondateurs du projet.\n", encoding="utf-8"
    )
    proc = run_build(project, tmp_path / "site")
    output = proc.stdout + proc.stderr
    assert proc.returncode != 0, output[-3000:]
    assert "docs/aa-notes.fr.md" in output and "textes fondateurs" in output, output[-3000:]


def test_no_built_public_page_has_an_internal_word(site_dir):
    bad = {}
    for page in _pages(site_dir):
        if page.parent.name == "authoring":
            continue
        html = page.read_text(encoding="utf-8")
        main = html.split("<article", 1)[-1].split("</article>", 1)[0]
        found = public_words.problems(re.sub(r"<[^>]+>", " ", main))
        if found:
            bad[str(page.relative_to(site_dir))] = found
    assert not bad, bad


def test_the_authoring_page_is_built_but_not_in_the_readers_navigation(site_dir):
    index = json.loads((site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))
    found = {doc["location"].split("#")[0] for doc in index["docs"]}
    assert "about/" in found and "fr/about/" in found
    assert not {"authoring/", "fr/authoring/"} & found, "the readers' search finds it"
    for lang in ("", "fr/"):
        assert (site_dir / lang / "authoring" / "index.html").is_file()
        for page in ("index.html", "about/index.html", "zohn-ahl/rules/index.html"):
            html = (site_dir / lang / page).read_text(encoding="utf-8")
            nav = html[html.index("md-nav--primary") : html.index('class="md-content"')]
            assert "authoring/" not in nav, f"{lang}{page} lists the authoring page"
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert "(docs/authoring.md)" in readme


# ------------------------------------------------------------------------------- grades


def test_a_grade_becomes_an_abbreviation_linked_to_the_key():
    out = grades.link_grades(
        "<p>Wikipedia (grade T); Murray (grades P* and S).</p><p><code>grade T</code></p>",
        "en",
        "../sources/#grades",
    )
    assert out.count('href="../sources/#grades"') == 3
    assert re.search(r'<abbr title="grade T: a tertiary source[^"]*">grade T</abbr>', out)
    assert '<abbr title="grade S: a modern' in out
    assert "<code>grade T</code>" in out


def test_every_grade_on_the_built_pages_is_explained_and_linked(site_dir):
    for page in [
        site_dir / "zohn-ahl" / "rules" / "index.html",
        site_dir / "fr" / "zohn-ahl" / "rules" / "index.html",
    ]:
        html = page.read_text(encoding="utf-8")
        links = re.findall(r'<a class="grade" href="([^"]+)"><abbr title="([^"]+)">', html)
        assert links, page
        for href, title in links:
            assert urljoin("http://s/" + page.relative_to(site_dir).as_posix(), href).endswith(
                ("/sources/#grades",)
            ), href
            assert len(title) > 20, title


# -------------------------------------------------------------------- French typography


@pytest.mark.parametrize(
    "source, expected",
    [
        (
            "Règle : on relance ; jamais ? Oui !",
            "Règle\u00a0: on relance\u202f; jamais\u202f? Oui\u202f!",
        ),
        ("« ruisseau »", "«\u202fruisseau\u202f»"),
        ("Note: voir", "Note\u00a0: voir"),
        ("http://exemple.org/?a=1 à 08:50", "http://exemple.org/?a=1 à 08:50"),
    ],
)
def test_french_spacing_in_prose(source, expected):
    assert french_typography.french_spacing(f"<p>{source}</p>") == f"<p>{expected}</p>"


def test_french_spacing_leaves_code_attributes_and_drawings_alone():
    html = (
        '<p title="a : b"><code>gully : cross</code> <a href="x?y=1">lien</a> ?</p>'
        "<svg><text>a : b</text></svg><script>if (a ? b : c) {}</script>"
    )
    out = french_typography.french_spacing(html)
    assert '<p title="a : b"><code>gully : cross</code>' in out
    assert "<svg><text>a : b</text></svg><script>if (a ? b : c) {}</script>" in out
    assert "lien</a>\u202f?" in out


def test_built_french_pages_have_french_spacing(site_dir):
    pages = [p for p in _pages(site_dir / "fr")]
    assert len(pages) > 10
    bad = {
        str(p.relative_to(site_dir)): french_typography.problems(p.read_text(encoding="utf-8"))
        for p in pages
    }
    bad = {page: found[:5] for page, found in bad.items() if found}
    assert not bad, bad
    text = (site_dir / "fr" / "sources" / "index.html").read_text(encoding="utf-8")
    assert "«\u202f" in text and "\u00a0:" in text


# ---------------------------------------------------------------------------- corrections


def test_placeholder_addresses_count_as_not_configured(capsys):
    assert corrections.is_placeholder({"email": "corrections@example.org", "issues": ""})
    assert corrections.is_placeholder({"email": "", "issues": ""})
    assert not corrections.is_placeholder({"email": "site@kiowa-games.net", "issues": ""})
    config = {"plugins": [{"heritage-games": {"corrections": {"email": "x@example.org"}}}]}
    corrections.warn_if_unconfigured(config, set())
    assert "CORRECTIONS ARE NOT CONFIGURED" in capsys.readouterr().err


def test_correction_links_carry_the_page_title_and_address():
    where = {"email": "fix@site.net", "issues": "https://tracker.net/p/issues/new"}
    (issue, _), (mail, _) = corrections.links(where, "Rules", "https://s.net/zohn-ahl/rules/", "en")
    query = parse_qs(urlsplit(issue).query)
    assert query["title"] == ["Correction: Rules"]
    assert "https://s.net/zohn-ahl/rules/" in query["body"][0]
    assert mail.startswith("mailto:fix@site.net?")
    assert "https://s.net/zohn-ahl/rules/" in unquote(mail)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_correction_has_the_same_form_whatever_the_channel(lang):
    where = {"email": "fix@site.net", "issues": "https://tracker.net/p/issues/new"}
    (issue, _), (mail, _) = corrections.links(where, "Règles", "https://s.net/r/", lang)
    issue_body = parse_qs(urlsplit(issue).query)["body"][0]
    mail_body = parse_qs(urlsplit(mail).query)["body"][0]
    assert issue_body == mail_body
    passage, wrong = (
        ("The passage", "What is wrong") if lang == "en" else ("Le passage", "ne va pas")
    )
    assert "https://s.net/r/" in issue_body and passage in issue_body and wrong in issue_body


def test_a_real_address_gives_a_link_and_a_placeholder_a_notice():
    real = corrections.footer_html({"email": "fix@site.net", "issues": ""}, "T", "u", "en", "a")
    assert 'class="corrections-link" href="mailto:fix@site.net?' in real
    assert "not set" not in real
    for where in ({"email": "corrections@example.org", "issues": ""}, {"email": "", "issues": ""}):
        notice = corrections.footer_html(where, "T", "u", "fr", "a")
        assert "corrections-link" not in notice and "example.org" not in notice
        assert "Aucune adresse de correction" in notice


def test_a_student_pages_foot_links_how_corrections_are_handled_without_the_notice():
    where = {"email": "corrections@example.org", "issues": ""}
    foot = corrections.footer_html(where, "T", "u", "en", "../../about/#corrections", student=True)
    assert "not set" not in foot and "<strong>" not in foot and "corrections-not-set" not in foot
    assert '<a href="../../about/#corrections">How corrections are handled</a>' in foot


def test_every_built_page_says_where_corrections_stand(site_dir):
    """The test build keeps the placeholder: every page says no address is set, and links
    to how corrections are handled; a page for students only links how they are handled."""
    wrong = []
    for page in _pages(site_dir):
        html = page.read_text(encoding="utf-8")
        rel = page.parent.relative_to(site_dir).as_posix()
        student = re.search(r"(^|/)students(/|$)", rel) is not None
        notice = re.search(
            r'<aside class="corrections( corrections-not-set)?"[^>]*>(.*?)</aside>', html, re.S
        )
        if (
            not notice
            or "example.org" in html
            or "#corrections" not in notice.group(2)
            or (notice.group(1) is None) != student
        ):
            wrong.append(rel)
    assert not wrong, wrong


# ------------------------------------------------------------------------- context pages


class _Ids(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.links = set(), []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and "glossary-term" in (attrs.get("class") or ""):
            self.links.append(attrs["href"])


def _parse(path: Path) -> _Ids:
    parser = _Ids()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


@pytest.mark.parametrize("lang", ["", "fr"])
def test_map_timeline_and_glossary_exist_in_both_languages(site_dir, lang):
    base = site_dir / lang if lang else site_dir
    html = (base / "map" / "index.html").read_text(encoding="utf-8")
    assert '<svg class="schematic-map"' in html and "Carnegie" in html and "Zuni" in html
    assert re.search(r'<svg class="schematic-map"[^>]*role="img"[^>]*aria-labelledby=', html)
    timeline = (base / "timeline" / "index.html").read_text(encoding="utf-8")
    for year in ("1896", "1898", "1903", "1907", "1952"):
        assert year in timeline
    entries = _parse(base / "glossary" / "index.html").ids
    assert set(glossary.TERMS) <= entries, set(glossary.TERMS) - entries


def test_glossary_links_lead_to_their_entries(site_dir):
    links = 0
    for page in _pages(site_dir):
        for href in _parse(page).links:
            target = urlsplit(urljoin("http://s/" + page.relative_to(site_dir).as_posix(), href))
            path = site_dir / target.path.lstrip("/") / "index.html"
            in_french = page.relative_to(site_dir).parts[0] == "fr"
            assert target.path.startswith("/fr/glossary/" if in_french else "/glossary/"), (
                page,
                href,
            )
            assert target.fragment in _parse(path).ids, (page, href)
            links += 1
    assert links > 50


def test_a_glossary_term_is_linked_once_and_never_inside_code_or_a_link():
    html = (
        "<h2>Awl</h2><p>The <code>awl</code>, an <a href='x'>awl</a>, an awl, "
        "another awl.</p><div class='board'><p>creek</p></div><p>The creek.</p>"
    )
    out = glossary.link_terms(html, "en", "../glossary/")
    assert out.count('href="../glossary/#awl"') == 1
    assert 'an <a class="glossary-term" href="../glossary/#awl">awl</a>, another awl' in out
    assert "<div class='board'><p>creek</p></div><p>The <a class=\"glossary-term\"" in out
