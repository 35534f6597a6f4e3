"""Lesson plans a teacher can run: standards, a compelling question, objectives, assessment,
supports and context on every teacher page; a student page with the same exercises and
boards and no answers; an anchor for every exercise on both pages; a link to an exercise
opens its board set up as the lesson says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_e2e_support import wait_ready

from build_scripts.answer_fields import without_after
from engine.awithlaknannai import Position, get_ruleset

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
LESSONS = ("stick-dice-odds", "two-accounts", "forced-captures", "probability-lab")
PAGES = [(lesson, lang) for lesson in LESSONS for lang in ("en", "fr")]

STANDARDS = {
    ("stick-dice-odds", "en"): ["7.SP.C.5", "7.SP.C.6", "7.SP.C.7", "7.SP.C.8", "S-MD.A"],
    ("two-accounts", "en"): [
        "RH.6-8.1",
        "RH.6-8.6",
        "RH.9-10.6",
        "RH.11-12.6",
        "D2.His.6.6-8",
        "D2.His.6.9-12",
        "D2.His.10.9-12",
    ],
    ("forced-captures", "en"): ["MP1", "MP3", "MP7", "Mathematical Practice"],
    ("stick-dice-odds", "fr"): ["cycle 4", "probabilités"],
    ("two-accounts", "fr"): ["cycle 4", "Analyser et comprendre un document", "lycée"],
    ("forced-captures", "fr"): ["cycles 3 et 4", "raisonner"],
    ("probability-lab", "en"): ["S-CP.A.2", "S-MD.A.3", "S-MD.A.4", "S-IC.A.2", "7.SP.C.5–8"],
    ("probability-lab", "fr"): ["seconde", "première", "espérance", "échantillonnage"],
}
CONTEXT = {
    "stick-dice-odds": "Kiowa",
    "two-accounts": "Kiowa",
    "forced-captures": "Zuni",
    "probability-lab": "Kiowa",
}


def _md(folder: str, lesson: str, lang: str) -> str:
    name = f"{lesson}.md" if lang == "en" else f"{lesson}.fr.md"
    return (DOCS / folder / name).read_text(encoding="utf-8")


def _section(text: str, anchor: str) -> str:
    match = re.search(rf"^## .*\{{ #{anchor} \}}\n(.*?)(?=^## )", text, flags=re.M | re.S)
    assert match, f"no section #{anchor}"
    return match.group(1)


def _exercises(text: str) -> list[str]:
    return re.findall(r"^#{2,6} .*\{ #(exercise-[0-9a-z]+) \}\s*$", text, flags=re.M)


def _blocks(text: str) -> dict[str, str]:
    """Board id -> the board block's text."""
    out = {}
    for body in re.findall(r"^```(?:zohn-ahl|awithlaknannai)\n(.*?)^```", text, flags=re.M | re.S):
        found = re.search(r"^id: (\S+)$", body, flags=re.M)
        if found:
            out[found.group(1)] = body
    return out


@pytest.mark.parametrize("lesson, lang", PAGES)
def test_teacher_page_has_a_lesson_plan(lesson, lang):
    text = _md("teachers", lesson, lang)
    for anchor in (
        "compelling-question",
        "standards",
        "objectives",
        "materials",
        "background",
        "steps",
        "assessment",
        "differentiation",
        "discussion",
    ):
        assert _section(text, anchor).strip(), anchor
    standards = " ".join(_section(text, "standards").split())
    for code in STANDARDS[(lesson, lang)]:
        assert code in standards, code
    assert "Native Knowledge 360" in standards
    assessment = _section(text, "assessment")
    assert re.search(r"\*\*(Exit ticket|Billet de sortie)\*\*", assessment)
    assert re.search(r"^\|.*\|$", assessment, flags=re.M), "no rubric table"
    assert CONTEXT[lesson] in _section(text, "background")
    assert f"../students/{lesson}.md" in text, "no link to the student page"
    assert "../printables.md#worksheets" in _section(text, "materials")


def _minutes(text: str) -> tuple[int, int]:
    """The lesson's stated time, in minutes, as (shortest, longest)."""
    line = re.search(r"\*\*(?:Time|Durée)\*\* ([^·]+)", text).group(1)
    sessions = re.search(r"(two|deux) (?:sessions|séances) (?:of|de) (\d+) minutes", line)
    if sessions:
        return 2 * int(sessions.group(2)), 2 * int(sessions.group(2))
    numbers = [int(n) for n in re.findall(r"\d+", line)]
    return min(numbers), max(numbers)


@pytest.mark.parametrize("lesson, lang", PAGES)
def test_the_steps_and_the_exit_ticket_fill_the_stated_time(lesson, lang):
    """Every step says how long it takes, and the steps with the exit ticket add up to the
    time the lesson states (no "the rest of the lesson")."""
    text = _md("teachers", lesson, lang)
    steps = re.findall(r"^### \d+\. .*$", _section(text, "steps"), flags=re.M)
    assert steps
    minutes = []
    for step in steps:
        if re.search(r"\((?:optional|facultatif)", step):
            continue
        found = re.search(r"\((\d+) minutes\)", step)
        assert found, f"a step without its minutes: {step}"
        minutes.append(int(found.group(1)))
    ticket = re.search(r"\*\*(?:Exit ticket|Billet de sortie)\*\* \((\d+) minutes", text)
    assert ticket, "the exit ticket says how long it takes"
    total = sum(minutes) + int(ticket.group(1))
    shortest, longest = _minutes(text)
    assert shortest <= total <= longest, (total, shortest, longest)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_lesson_is_in_the_lessons_table_and_the_students_index(lang):
    suffix = ".md" if lang == "en" else ".fr.md"
    teachers = (DOCS / "teachers" / f"index{suffix}").read_text(encoding="utf-8")
    students = (DOCS / "students" / f"index{suffix}").read_text(encoding="utf-8")
    rows = [line for line in teachers.splitlines() if line.startswith("| [")]
    for lesson in LESSONS:
        row = next((r for r in rows if f"]({lesson}.md)" in r), None)
        assert row, f"{lesson} is not in the lessons table"
        assert f"(../students/{lesson}.md)" in row
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert len(cells) == 6 and all(cells), row
        assert f"]({lesson}.md)" in students


@pytest.mark.parametrize("lesson, lang", PAGES)
def test_student_page_has_the_exercises_and_boards_but_no_answers(lesson, lang):
    teacher, student = _md("teachers", lesson, lang), _md("students", lesson, lang)
    assert "```answer" in teacher
    assert "```answer" not in student
    assert "??? " not in student and "!!! note" not in student
    assert _exercises(teacher) and _exercises(student) == _exercises(teacher)
    assert len(set(_exercises(student))) == len(_exercises(student)), "an anchor twice"
    teacher_boards, student_boards = _blocks(teacher), _blocks(student)
    assert student_boards, "no board on the student page"
    for board_id, body in student_boards.items():
        # (but for the after: line of a board that waits for an earlier answer)
        same = without_after(teacher_boards.get(board_id, "")) == without_after(body)
        assert board_id in teacher_boards and same, f"board {board_id} differs from the lesson's"
    assert CONTEXT[lesson] in student


def test_the_answers_in_the_teacher_pages_never_reach_a_student_page(site_dir):
    for lesson, lang in PAGES:
        base = site_dir / "fr" if lang == "fr" else site_dir
        teacher = (base / "teachers" / lesson / "index.html").read_text(encoding="utf-8")
        student = (base / "students" / lesson / "index.html").read_text(encoding="utf-8")
        assert 'class="answer' in teacher or "admonition" in teacher
        explains = re.findall(r'class="answer-explain"[^>]*>(.*?)<', teacher)
        for explain in explains:
            assert explain.strip()[:40] not in student, explain


@pytest.mark.parametrize("lesson, lang", PAGES)
def test_every_exercise_anchor_is_in_both_built_pages(site_dir, lesson, lang):
    anchors = _exercises(_md("teachers", lesson, lang))
    base = site_dir / "fr" if lang == "fr" else site_dir
    for folder in ("teachers", "students"):
        html = (base / folder / lesson / "index.html").read_text(encoding="utf-8")
        ids = set(re.findall(r'\bid="([^"]+)"', html))
        assert set(anchors) <= ids, (folder, set(anchors) - ids)


def _board_after(text: str, anchor: str) -> str:
    """The id of the first board after the exercise heading ``anchor``."""
    rest = text[text.index(f"{{ #{anchor} }}") :]
    return re.search(r"^```awithlaknannai\n(?:.*\n)*?id: (\S+)", rest, flags=re.M).group(1)


@pytest.mark.browser
@pytest.mark.parametrize(
    "address, source",
    [
        ("students/forced-captures/#exercise-6", "students/forced-captures.md"),
        ("fr/students/forced-captures/#exercise-5", "students/forced-captures.fr.md"),
    ],
)
def test_a_link_to_an_exercise_opens_its_board_as_the_lesson_sets_it(visit, address, source):
    text = (DOCS / source).read_text(encoding="utf-8")
    board_id = _board_after(text, address.rsplit("#", 1)[1])
    fields = dict(
        line.split(": ", 1) for line in _blocks(text)[board_id].splitlines() if ": " in line
    )
    ruleset = get_ruleset(fields["ruleset"])
    position = Position.parse(fields["position"], ruleset)

    page = visit.page()
    page.goto(visit.base + "/" + address)
    assert page.locator(f"#{address.rsplit('#', 1)[1]}").is_visible()
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
        assert name.startswith(f"{point}, {words[position.piece_at(point)]}"), (point, name)
