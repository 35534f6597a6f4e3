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
from build_scripts.answer_blocks import asked_form
from build_scripts.lab_figures import LabFigures
from engine.zohn_ahl.throws import Throw, earns_extra, value

ROOT = Path(__file__).resolve().parents[2]
LAB = LabFigures()
"""The lab's figures, worked out once for the tests of this module."""
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
        "fr": ["Départ", "Les lancers", "L’eau", "Source", "Wikipédia", "Culin 1898"],
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
    blocks = re.findall(r"^```answer\n(.*?)^```", page, flags=re.M | re.S)
    for block, answer in zip(blocks, answers, strict=True):
        pairs = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        # an outcome after moves is keyed by the move its field asks for
        asked = asked_form(pairs["check"], answer, pairs.get("moves"))
        wanted = asked.split(" (")[0] if asked else answer
        assert " ".join(wanted.split()) in text, answer
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


def _render(pdf: Path, out: Path, page: int = 1, dpi: int = 30) -> bytes:
    """Page ``page`` of ``pdf`` rendered to a grey image by pdftoppm (a PGM)."""
    if not shutil.which("pdftoppm"):
        pytest.skip("pdftoppm (poppler-utils) is not installed; .ci/run installs it")
    args = ["pdftoppm", "-gray", "-r", str(dpi), "-f", str(page), "-l", str(page)]
    subprocess.run([*args, "-singlefile", str(pdf), str(out)], check=True, timeout=120)
    return out.with_suffix(".pgm").read_bytes()


@pytest.mark.parametrize("lesson", printable_pdfs.LESSONS)
def test_every_worksheet_has_an_answer_key_in_both_sizes_and_languages(folder, tmp_path, lesson):
    for paper in ("a4", "letter"):
        for lang in ("en", "fr"):
            path = folder / printable_pdfs.file_name(f"answer-key-{lesson}", paper, lang)
            assert path.is_file(), path
            image = _render(path, tmp_path / f"{paper}-{lang}")
            width, height = map(int, re.match(rb"P5\s+(\d+)\s+(\d+)", image).groups())
            assert abs(width / height - SIZES[paper][0] / SIZES[paper][1]) < 0.01, path
            assert 0.005 < _dark_share(image) < 0.6, f"{path.name}: the page is blank or solid"
            # the key answers every exercise the worksheet asks, in the worksheet's words
            text = _text(path)
            for exercise in printable_pdfs.exercises(lesson, lang):
                assert exercise["title"] in text, (path.name, exercise["title"])


def _font_sizes(path: Path) -> dict[int, list[tuple[float, str]]]:
    """Every piece of text of a PDF with the size it is printed at (points): the font size
    scaled by the text matrix and the transformation matrix in force, page by page."""
    sizes: dict[int, list[tuple[float, str]]] = {}
    for number, page in enumerate(PdfReader(path).pages, 1):
        found: list[tuple[float, str]] = []

        def visit(text, cm, tm, font_dict, font_size, found=found):
            if not text.strip():
                return
            # the text matrix, then the transformation matrix: the height of a glyph
            b = tm[1] * cm[0] + tm[3] * cm[2]
            d = tm[1] * cm[1] + tm[3] * cm[3]
            found.append((font_size * (b * b + d * d) ** 0.5, text.strip()))

        page.extract_text(visitor_text=visit)
        sizes[number] = found
    return sizes


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("lesson", printable_pdfs.LESSONS)
def test_no_worksheet_prints_smaller_than_8_pt_and_its_text_is_10_pt(folder, lesson, lang, paper):
    path = folder / printable_pdfs.file_name(f"worksheet-{lesson}", paper, lang)
    sizes = [s for page in _font_sizes(path).values() for s in page]
    assert len(sizes) > 20, path
    smallest = min(sizes)
    assert smallest[0] >= 8 - 0.05, (path.name, smallest)
    if lesson != "forced-captures":  # no board drawn: every word is the sheet's own text
        assert smallest[0] >= 10 - 0.05, (path.name, smallest)
    else:  # the boards' point labels are the only text under 10 pt
        small = {text for size, text in sizes if size < 10 - 0.05}
        assert small and all(re.fullmatch(r"[a-z]\d|[tmb]\d+|\d+|[A-Za-z]", t) for t in small), (
            path.name,
            sorted(small)[:10],
        )


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_boards_of_a_worksheet_span_the_text_width(paper):
    frame_width = printable_pdfs.PAPERS[paper][0] - 32 * 72 / 25.4
    story = printable_pdfs.worksheet("forced-captures", "en", frame_width)
    drawings = [
        flowable
        for item in story
        for flowable in getattr(item, "_content", [item])
        if isinstance(flowable, printable_pdfs.Drawing)
    ]
    boards = printable_pdfs.exercises("forced-captures", "en")
    assert len(drawings) == sum(1 for ex in boards if "after:" not in ex["block"][1])
    for drawing in drawings:
        assert drawing.width > 0.95 * frame_width, (drawing.width, frame_width)


@pytest.mark.parametrize(
    "lang, said",
    [
        ("en", "starts from your answer to exercise 2, so it is not printed here"),
        ("fr", "part de votre réponse à l’exercice 2 : il n’est donc pas imprimé ici"),
    ],
)
def test_the_worksheet_does_not_print_a_board_that_gives_an_earlier_answer_away(folder, lang, said):
    """Exercise 4's board starts from the position exercise 2 asks for (on the page it opens
    once exercise 2 is right): printed beside it, it would show that answer. The sheet says
    so in its place (the sheet's drawings are counted above)."""
    text = " ".join(
        _text(folder / printable_pdfs.file_name("worksheet-forced-captures", "a4", lang)).split()
    )
    assert said in text.replace("\u00a0", " ")


@pytest.mark.parametrize(
    "lang, premise, first",
    [
        ("en", "Suppose every stick shows its mark 2 times in 3.", "Exercise 5a"),
        ("fr", "Supposons que chaque bâtonnet montre sa marque 2 fois sur 3.", "Exercice 5a"),
    ],
)
def test_the_stick_dice_worksheet_carries_the_premise_of_exercise_5(folder, lang, premise, first):
    page = ROOT / "docs" / "students" / f"stick-dice-odds{'' if lang == 'en' else '.fr'}.md"
    section = page.read_text(encoding="utf-8").split("{ #unfair-sticks }", 1)[1]
    assert premise in " ".join(section.split(first)[0].split())  # the student page's premise
    for paper in ("a4", "letter"):
        path = folder / printable_pdfs.file_name("worksheet-stick-dice-odds", paper, lang)
        text = _text(path).replace("\u00a0", " ")
        assert premise in text, path.name
        assert text.index(premise) < text.index(first), path.name
        # the values exercises 3 to 5 ask about (the page's throw tables), and how a throw
        # is written, as the student page gives them before its first section
        assert "Mooney" in text.split(first)[0].split(premise)[0], path.name
        assert "0001" in text, path.name


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_throws_of_exercise_2_have_a_row_per_number_of_marks(folder, lang):
    text = _text(folder / printable_pdfs.file_name("worksheet-stick-dice-odds", "a4", lang))
    assert printable_pdfs.WORDS[lang]["throws-listed"] in text


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_two_accounts_worksheet_carries_the_passages(folder, lang):
    text = _text(folder / printable_pdfs.file_name("worksheet-two-accounts", "letter", lang))
    assert "awl cloth" in text and "counts 10" in text and "{{" not in text


@pytest.mark.parametrize("lesson", printable_pdfs.LESSONS)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_teacher_page_and_the_printables_page_link_the_answer_key(site_dir, lesson, lang):
    prefix = site_dir if lang == "en" else site_dir / "fr"
    for page in (prefix / "teachers" / lesson / "index.html", prefix / "printables" / "index.html"):
        html = page.read_text(encoding="utf-8")
        for paper in ("a4", "letter"):
            name = printable_pdfs.file_name(f"answer-key-{lesson}", paper, lang)
            links = re.findall(rf'href="([^"]*/)?{re.escape(name)}"', html)
            assert links, (page, name)
            for link in links:
                assert (page.parent / link / name).resolve().is_file(), (page, link, name)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_two_accounts_key_answers_why_the_accounts_differ(folder, lang):
    """Exercise 1 asks for two reasons; the teacher page answers them in a step of its own."""
    page = ROOT / "docs" / "teachers" / f"two-accounts{'' if lang == 'en' else '.fr'}.md"
    step = page.read_text(encoding="utf-8").split("{ #why-might-they-differ }", 1)[1]
    first_sentence = " ".join(step.strip().split("\n\n")[0].split())[:40]
    text = _text(folder / printable_pdfs.file_name("answer-key-two-accounts", "a4", lang))
    assert first_sentence.replace("\u00a0", " ") in text.replace("\u00a0", " "), first_sentence


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_lab_worksheet_prints_the_tables_exercises_6_and_7_read(folder, lang):
    """Exercises 6 and 7 read the lab's tables: the worksheet prints them as the lab's page
    shows them before any recomputation (fair sticks, 4 counters a side)."""
    from build_scripts import lab

    name = printable_pdfs.file_name("worksheet-probability-lab", "a4", lang)
    text = _text(folder / name).replace("\u00a0", " ")
    for part in ("comeback", "rulesets"):
        cells = re.findall(r"<td[^>]*>([^<]+)</td>", lab.render(part, lang, 4, figures=LAB))
        assert len(cells) >= 10, part
        for cell in cells:
            assert " ".join(cell.replace("\u202f", " ").replace("\u00a0", " ").split()) in text
