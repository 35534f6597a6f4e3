"""Wording: phrasings found wrong once stay out of the pages, the interface words and the
printables, in each language; one French term per concept (the table of CONTRIBUTING.md);
French spacing in the PDFs (their text extracted with pypdf)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from build_scripts import printable_pdfs
from build_scripts.html_text import visible_text
from engine.words import table

ROOT = Path(__file__).resolve().parents[2]

# Exact phrasings that overstated a source or were wrong in their language. Case matters
# only where the capital is the fault ("Tribu").
BANNED: dict[str, list[str]] = {
    "en": [
        "told Stevenson the game came from Mexico and the Zuni changed",
        "neither names the Kiowa women who explained",
        "from preschool to college level",
        "also written Ka'igwu or Gaigwu",
        "made Zohn Ahl one of the best-known",
        "a painted cloth",
        "the ethnologist Stewart Culin",
        "recorded by Stevenson in 1903",
        "Zohn Ahl as Culin records it",
        "round the Kiowa cloth",
        "Murray's drawing",
        "reading machine",
        "the rest of the lesson",
        "likely but unchecked",
    ],
    "fr": [
        "Des autres lecteurs",
        "machine à lire",
        "il n'existe pas une culture",
        "une une marque",
        "telle que les Noirs",
        "des anciens zunis",
        "Tribu",
        "toile kiowa (variante",
        "de l'école maternelle",
        "Ka'igwu",
        "l'ethnologue Stewart Culin",
        "tel que le rapporte Culin",
        "dessin de Murray",
        "le reste de la séance",
        "probable, mais non vérifié",
    ],
}
CASE_SENSITIVE = {"Tribu"}


def french_terms() -> dict[str, list[str]]:
    """French term -> the words that must not stand for its concept (CONTRIBUTING.md)."""
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    section = text.split("## French terms", 1)[1].split("\n## ", 1)[0]
    out = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0] not in ("concept", "---"):
            out[cells[2]] = [w.strip() for w in cells[3].split(",") if w.strip()]
    return out


def _found(word: str, text: str) -> bool:
    """Whether ``word`` stands in ``text``, either apostrophe (' or ’) matching either."""
    flags = 0 if word in CASE_SENSITIVE or word[:1].isupper() else re.I
    word, text = word.replace("’", "'"), text.replace("’", "'")
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text, flags) is not None


def _strings(value) -> list[str]:
    if isinstance(value, dict):
        return [s for item in value.values() for s in _strings(item)]
    if isinstance(value, (list, tuple)):
        return [s for item in value for s in _strings(item)]
    return [value] if isinstance(value, str) else []


def _pages(site_dir: Path, lang: str) -> dict[str, str]:
    base = site_dir / "fr" if lang == "fr" else site_dir
    pages = sorted(p for p in base.rglob("index.html") if "assets" not in p.parts)
    if lang == "en":
        pages = [p for p in pages if "fr" not in p.relative_to(site_dir).parts[:1]]
    return {
        p.relative_to(site_dir).as_posix(): " ".join(
            visible_text(p.read_text(encoding="utf-8")).split()
        )
        for p in pages
    }


def _pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(path).pages)


def _pdfs(site_dir: Path, lang: str) -> dict[str, str]:
    return {
        name: _pdf_text(site_dir / "printables" / printable_pdfs.file_name(name, paper, lang))
        for name, paper, pdf_lang in printable_pdfs.documents()
        if pdf_lang == lang and paper == "a4"
    }


def test_the_french_terms_table_is_read():
    terms = french_terms()
    assert terms["toile"] == ["étoffe"] and "jet" in terms["lancer"]
    assert len(terms) >= 15


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_banned_phrasing_in_pages_words_or_pdfs(site_dir, lang):
    banned = list(BANNED[lang])
    if lang == "fr":
        banned += [word for words in french_terms().values() for word in words]
    words = " | ".join(_strings(table(lang)))
    where = {
        **_pages(site_dir, lang),
        "engine/words": words,
        **{f"PDF {n}": " ".join(t.split()) for n, t in _pdfs(site_dir, lang).items()},
    }
    found = [
        (word, place) for place, text in where.items() for word in banned if _found(word, text)
    ]
    assert not found, found[:20]


def test_a_french_page_sets_a_ruleset_s_name_apart():
    """A ruleset keeps its English code name in French, set apart as code or in
    guillemets: "variante printable" would read as French words."""
    names = "kiowa|culin|printable|globe|open|bent|ludii|kolowis"
    bad = []
    for page in sorted((ROOT / "docs").rglob("*.fr.md")):
        text = page.read_text(encoding="utf-8")
        for match in re.finditer(rf"\b[Vv]ariantes? ({names})\b", text):
            bad.append((page.name, text[max(0, match.start() - 20) : match.end() + 10]))
    assert not bad, bad


def test_french_quotations_nest_curly_quotes_not_straight_ones(site_dir):
    bad = {}
    for page, text in _pages(site_dir, "fr").items():
        nested = [q for q in re.findall(r"«[^»]*»", text) if '"' in q]
        if nested:
            bad[page] = nested[:3]
    assert not bad, bad


def test_the_french_pdfs_keep_french_spacing_and_guillemets(site_dir):
    """No line of a French PDF starts with a high punctuation mark, ``%`` or the second
    group of a number, and none ends with an opening guillemet: the spaces before them
    are no-break spaces. The marks are spaced, and quotations use « »."""
    bad = []
    for name, text in _pdfs(site_dir, "fr").items():
        for pattern in (
            r"\n[:;?!»%]",
            r"«\n",
            r"(?<![\d.,/])\d{1,3}\n\d{3}(?!\d)",
            r"[^\W\d_][:;?!»]",
            r"«\w",
            "[“”]",
        ):
            for match in re.finditer(pattern, text):
                bad.append((name, text[max(0, match.start() - 25) : match.end() + 15]))
    assert not bad, bad[:10]


def test_a_french_paragraph_in_a_pdf_never_breaks_before_a_colon(tmp_path):
    """A long French paragraph, set in a narrow column again and again, keeps each colon
    and each number whole on its line."""
    story = [
        printable_pdfs._para(
            "Le camp " * k + "gagne : 12 000 jetons ; et ensuite ? " * 40, lang="fr"
        )
        for k in range(1, 12)
    ]
    data = printable_pdfs._build(story, "a4", "test", "fr", False)
    text = _pdf_text_bytes(data)
    assert text.count(":") >= 400
    assert not re.search(r"\n[:;?]", text), "a line starts with a mark"
    assert not re.search(r"12\n000", text), "a number broken across lines"


def _pdf_text_bytes(data: bytes) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages)
