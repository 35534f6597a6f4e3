"""The PDF printables in the built site: valid PDFs of the right paper size, with the rules
card, the throw tables the engine computes, the right credit for the stick dice, the
worksheets' exercises, and a first page that renders to a drawing."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from build_scripts import printable_pdfs
from engine.zohn_ahl.throws import Throw, earns_extra, value

ROOT = Path(__file__).resolve().parents[2]
SIZES = {"a4": (595.3, 841.9), "letter": (612.0, 792.0)}


@pytest.fixture(scope="module")
def folder(site_dir) -> Path:
    return site_dir / "printables"


def _text(path: Path) -> str:
    return " ".join(" ".join(page.extract_text() or "" for page in PdfReader(path).pages).split())


def test_every_pdf_is_in_the_site_with_its_paper_size(folder):
    documents = printable_pdfs.documents()
    lessons = len(printable_pdfs.LESSONS)
    assert lessons == 4 and len(documents) == (5 + 1 + 2 * lessons) * 2 * 2
    for name, paper, lang in documents:
        path = folder / printable_pdfs.file_name(name, paper, lang)
        assert path.read_bytes().startswith(b"%PDF-"), path
        reader = PdfReader(path)
        lesson_sheet = name.startswith(("worksheet", "answer-key"))
        assert len(reader.pages) >= (1 if lesson_sheet else 2), path
        for page in reader.pages:
            width, height = float(page.mediabox.width), float(page.mediabox.height)
            assert (round(width, 1), round(height, 1)) == SIZES[paper], (path, width, height)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_board_comes_with_its_rules_card(folder, lang):
    path = folder / printable_pdfs.file_name("zohn-ahl-cloth", "a4", lang)
    card = " ".join((PdfReader(path).pages[1].extract_text() or "").split())
    assert ("Rules card" if lang == "en" else "Fiche de règles") in card
    for word in {
        "en": ["Start", "The throws", "The water", "Source", "Wikipedia", "Culin 1898"],
        "fr": ["Départ", "Les lancers", "L'eau", "Source", "Wikipédia", "Culin 1898"],
    }[lang]:
        assert word in card, word
    square = _text(folder / printable_pdfs.file_name("zohn-ahl-square", "letter", lang))
    assert "Zohn Ahl Rules, Route and Layout" in square and "Globe Joueur" in square
    mosona = _text(folder / printable_pdfs.file_name("mosona-lined", "a4", lang))
    assert "Stevenson 1903" in mosona and "Culin 1907" in mosona


def test_the_throw_tables_are_the_engine_s(folder):
    rows = printable_pdfs.throw_rows(("sahe", "globe", "culin"), "en")
    for k, row in enumerate(rows[1:]):
        for table, cell in zip(("sahe", "globe", "culin"), row[1:]):
            throws = [t for t in Throw.all() if str(t).count("1") == k]
            assert cell.startswith(str(value(throws[0], table))), (table, k, cell)
            assert ("throw again" in cell) == any(earns_extra(t, table) for t in throws)
    text = _text(folder / "zohn-ahl-sticks-a4.pdf")
    for row in rows[1:]:
        for cell in row[1:]:
            assert cell in text, cell


def test_the_stick_dice_credit_culin_with_plain_sticks_and_mooney_with_the_sahe(folder):
    text = _text(folder / "zohn-ahl-sticks-letter.pdf")
    assert "none of them special" in text
    assert re.search(r"sahe.{0,80}Mooney", text)
    assert not re.search(r"Culin[^.]{0,40}sahe", text)


@pytest.mark.parametrize("lesson", printable_pdfs.LESSONS)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_worksheets_hold_the_student_page_s_exercises(folder, lesson, lang):
    text = _text(folder / printable_pdfs.file_name(f"worksheet-{lesson}", "a4", lang))
    for exercise in printable_pdfs.exercises(lesson, lang):
        assert exercise["title"] in text, exercise["title"]
    assert ("Name" if lang == "en" else "Nom") in text
    if lesson in ("stick-dice-odds", "probability-lab"):
        assert ("Tally sheet" if lang == "en" else "Feuille de relevé") in text
    if lesson == "two-accounts":
        assert "Culin (1898, 1907)" in text and "Mooney (1896)" in text


@pytest.mark.parametrize("lesson", printable_pdfs.LESSONS)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_answer_key_holds_every_checked_answer_of_the_teacher_page(folder, lesson, lang):
    teacher = ROOT / "docs" / "teachers" / (f"{lesson}.md" if lang == "en" else f"{lesson}.fr.md")
    page = teacher.read_text(encoding="utf-8")
    text = _text(folder / printable_pdfs.file_name(f"answer-key-{lesson}", "letter", lang))
    assert ("Answer key" if lang == "en" else "Corrigé") in text
    exercises = re.findall(r"^#{2,6} (Ex\w+ \w+) \{ #exercise-", page, flags=re.M)
    assert exercises
    for title in exercises:
        assert title in text, title
    answers = re.findall(r"^```answer\n(?:.*\n)*?answer: (.+)$", page, flags=re.M)
    for answer in answers:
        assert " ".join(answer.split()) in text, answer
    if lesson == "probability-lab":
        assert answers and "216/625" in text and "97/625" in text
        assert "81/625" in text  # the exit ticket's answers


def test_the_pdfs_are_the_same_on_every_build(tmp_path):
    first = printable_pdfs.make_pdf("mosona-open", "a4", "fr")
    assert first == printable_pdfs.make_pdf("mosona-open", "a4", "fr")


def _dark_share(pgm: bytes) -> float:
    """The share of dark pixels in a binary PGM (P5) image."""
    header = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", pgm)
    assert header, pgm[:20]
    pixels = pgm[header.end() :]
    return sum(1 for p in pixels if p < 200) / len(pixels)


@pytest.mark.parametrize(
    "name", ["zohn-ahl-cloth-a4.pdf", "worksheet-forced-captures-letter-fr.pdf"]
)
def test_the_first_page_renders_to_a_drawing(folder, tmp_path, name):
    if not shutil.which("pdftoppm"):
        pytest.skip("pdftoppm (poppler-utils) is not installed; .ci/run installs it")
    out = tmp_path / "page"
    subprocess.run(
        [
            "pdftoppm",
            "-gray",
            "-r",
            "30",
            "-f",
            "1",
            "-l",
            "1",
            "-singlefile",
            str(folder / name),
            str(out),
        ],
        check=True,
        timeout=120,
    )
    image = out.with_suffix(".pgm").read_bytes()
    width, height = map(int, re.match(rb"P5\s+(\d+)\s+(\d+)", image).groups())
    assert abs(width / height - (595.3 / 841.9 if "a4" in name else 612 / 792)) < 0.01
    assert 0.01 < _dark_share(image) < 0.6, "the page is blank or solid"
