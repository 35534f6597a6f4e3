"""Each graded claim has one grade and comes from named works: the build fails, naming the
page, on a grade that conflicts with the claim's or a footnote crediting another work, on
Culin's zohn ahl and Mooney's tsoñä made one game without a hedge, and on a figure from a
dated source without its date."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from site_build_tools import copy_project, run_build

from build_scripts import claims

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

FOOTNOTE = (
    "[^m]: The Digital Ludeme Project's summary of Stevenson (grade {grade}). "
    "{{{{claim: mexico-origin}}}} [Sources](../sources/index.md#{work})."
)


def _pages():
    return sorted(p for p in DOCS.rglob("*.md"))


def test_every_page_of_the_site_passes():
    found = {
        p.relative_to(DOCS).as_posix(): claims.page_problems(
            p.read_text(encoding="utf-8"), p.relative_to(DOCS).as_posix()
        )
        for p in _pages()
    }
    assert not {page: problems for page, problems in found.items() if problems}
    assert not claims.registry_problems(DOCS)
    wording = {
        p.relative_to(DOCS).as_posix(): claims.wording_problems(p.read_text(encoding="utf-8"))
        for p in _pages()
    }
    assert not {page: problems for page, problems in wording.items() if problems}


def test_a_grade_that_conflicts_with_the_claim_is_refused():
    good = FOOTNOTE.format(grade="T", work="stevenson-1903")
    assert claims.page_problems(good, "awithlaknannai/history.md") == []
    bad = claims.page_problems(FOOTNOTE.format(grade="P", work="stevenson-1903"), "a/b.md")
    assert len(bad) == 1 and "grade P conflicts with claim mexico-origin" in bad[0]


def test_a_footnote_crediting_another_work_is_refused():
    bad = claims.page_problems(FOOTNOTE.format(grade="T", work="culin-1907"), "a/b.md")
    assert len(bad) == 1 and "#culin-1907" in bad[0] and "mexico-origin" in bad[0]
    # the same link written from a page of the sources folder
    text = "Older men said so (grade T). {{claim: mexico-origin}} [x](index.md#culin-1907)"
    assert claims.page_problems(text, "sources/disagreements.md")


def test_a_grade_without_a_claim_or_an_unknown_claim_is_refused():
    assert "without a claim" in claims.page_problems("Wikipedia says so (grade T).", "x.md")[0]
    assert "without a claim" in claims.page_problems("Selon Stevenson (niveau P\\*).", "x.fr.md")[0]
    unknown = claims.page_problems("So (grade T). {{claim: no-such-claim}}", "x.md")
    assert "unknown claim 'no-such-claim'" in unknown[0]
    # a grade in code is not a claim
    assert claims.page_problems("```text\n(grade T)\n```\n", "x.md") == []
    assert claims.page_problems("Write `(grade T)` after it.", "x.md") == []


def test_the_works_cited_must_bear_out_each_claims_grade(tmp_path):
    (tmp_path / "sources").mkdir()
    text = (DOCS / "sources" / "index.md").read_text(encoding="utf-8")
    entry = re.search(r"### Stevenson 1903.*?(?=\n### )", text, re.S).group(0)
    changed = entry.replace("(grade T)", "(grade S)")
    assert changed != entry
    (tmp_path / "sources" / "index.md").write_text(text.replace(entry, changed), encoding="utf-8")
    found = claims.registry_problems(tmp_path)
    assert any("'mexico-origin'" in line and "#stevenson-1903" in line for line in found), found


def test_every_claim_is_made_in_both_languages_on_the_same_pages():
    used: dict[str, set[tuple[str, str]]] = {name: set() for name in claims.CLAIMS}
    for page in _pages():
        rel = page.relative_to(DOCS).as_posix()
        lang = "fr" if rel.endswith(".fr.md") else "en"
        base = rel.replace(".fr.md", ".md")
        for name in re.findall(r"\{\{claim: ?([a-z0-9-]+)\}\}", page.read_text(encoding="utf-8")):
            used[name].add((base, lang))
    assert all(used.values()), [name for name, where in used.items() if not where]
    for name, where in used.items():
        english = {base for base, lang in where if lang == "en"}
        french = {base for base, lang in where if lang == "fr"}
        assert english == french, name


def test_zohn_ahl_and_tsona_made_one_game_without_a_hedge_is_refused():
    said = "Culin's zohn ahl and Mooney's tsoñä made one game without a hedge"
    for text in (
        "The name, in Culin's glosses, means creek and wood. The Kiowa also called it "
        "*tsoñä*, the awl game, according to James Mooney.",
        "When Culin and Mooney wrote down the same Kiowa game and did not agree, what can we know?",
        "Selon Culin, le nom signifie ruisseau. D'après Mooney, les Kiowas l'appelaient "
        "aussi *tsoñä*.",
        "Culin et Mooney ont noté le même jeu.",
    ):
        found = claims.wording_problems(text)
        assert len(found) == 1 and said in found[0], (text, found)
    for text in (
        "Mooney wrote down a Kiowa awl game, *tsoñä*, which is often taken for the same game "
        "as Culin's zohn ahl, though it may be a separate one.",
        "When Culin and Mooney wrote down a Kiowa game (or perhaps two games), what can we know?",
        "Are Culin's zohn ahl and Mooney's tsoñä one game?",
        "Le tsoñä de Mooney et le zohn ahl de Culin sont peut-être un seul jeu.",
        # one writer alone is not the slip: Mooney's two names of his own game
        "Mooney gives nebäkuthana beside the Kiowa *tsoñä* as a name of the same game.",
        # nor a quotation in code
        "`Culin and Mooney describe the same game`",
    ):
        assert claims.wording_problems(text) == [], text


def test_a_figure_from_a_dated_source_without_its_date_is_refused():
    qmul = "a figure from Queen Mary University of London's impact case study (2014)"
    ana = "a figure from the Administration for Native Americans' profile"
    bad = claims.wording_problems(
        "A study with Queen Mary University of London reports 200 people learning Kiowa."
    )
    assert len(bad) == 1 and qmul in bad[0], bad
    assert not claims.wording_problems(
        "A study with Queen Mary University of London reported in 2014 that 200 people "
        "were learning Kiowa."
    )
    # the source named in a footnote the sentence calls; its towns are what it reports
    page = (
        "The programme teaches in Anadarko, Carnegie and Tulsa.[^ana]\n\n"
        "[^ana]: Administration for Native Americans, profile of the Kiowa Tribe.\n"
    )
    bad = claims.wording_problems(page)
    assert len(bad) == 1 and ana in bad[0] and "Anadarko" in bad[0], bad
    assert not claims.wording_problems(page.replace("profile of", "undated profile of"))
    assert not claims.wording_problems(
        "Vingt locuteurs (Administration for Native Americans, un profil non daté)."
    )
    # naming the source without one of its figures is no slip
    assert not claims.wording_problems("See the Administration for Native Americans' profile.")


def test_markers_are_removed_but_code_that_shows_one_is_kept():
    text = "Said (grade T). {{claim: mexico-origin}}\n\n```markdown\n(grade T). {{claim: x}}\n```\n"
    assert (
        claims.strip_markers(text)
        == "Said (grade T).\n\n```markdown\n(grade T). {{claim: x}}\n```\n"
    )


def test_no_claim_marker_reaches_a_built_page(site_dir):
    """Only the authoring page shows one, as an example in code."""
    for page in site_dir.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        if "authoring" in page.parts:
            html = re.sub(r"<pre.*?</pre>", "", html, flags=re.S)
        assert "{{claim" not in html, page


@pytest.mark.parametrize(
    "old, new, said",
    [
        (
            '[^wiki]: Wikipedia, "Zohn Ahl" (grade T).',
            '[^wiki]: Wikipedia, "Zohn Ahl" (grade P).',
            "grade P conflicts with claim wikipedia-zohn-ahl",
        ),
        (
            "[Sources](../sources/index.md#rules-route-and-layout). {{claim: printable-sheet}}",
            "[Sources](../sources/index.md#mooney-1896). {{claim: printable-sheet}}",
            "#mooney-1896",
        ),
        (
            "Mooney's account, often taken for one of the same game, explains",
            "Culin's zohn ahl and Mooney's tsoñä are the same game. Mooney's account explains",
            "Culin's zohn ahl and Mooney's tsoñä made one game without a hedge",
        ),
    ],
)
def test_the_build_fails_naming_the_page(tmp_path, old, new, said):
    """A trimmed copy of the project: the page, the works cited it links to, the home
    page (the other pages come first in the build, the probability lab's among them)."""
    project = copy_project(
        tmp_path / "project", pages=["zohn-ahl/equipment.md", "sources/index.md"]
    )
    page = project / "docs" / "zohn-ahl" / "equipment.md"
    text = page.read_text(encoding="utf-8")
    assert old in text
    page.write_text(text.replace(old, new), encoding="utf-8")
    proc = run_build(project, tmp_path / "site")
    output = proc.stdout + proc.stderr
    assert proc.returncode != 0, output[-3000:]
    assert "zohn-ahl/equipment.md" in output and said in output, output[-3000:]
