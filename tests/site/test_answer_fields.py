"""The students' answer fields as the build pairs them with the teachers' answer blocks
(build_scripts/answer_fields.py): what each lesson's fields are, and a broken pairing
failing the build with the file named. No browser, no whole build: the hook's functions
on the real pages and on small pages written for the test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

from build_scripts import answer_fields as af
from build_scripts import answer_keys as keys

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

TEACHER = """# A lesson

#### Exercise 1 { #exercise-1 }

What is the probability of four marks?

```answer
game: zohn-ahl
table: sahe
check: probability
event: value 6
answer: {answer}
```

#### Exercise 2 { #exercise-2 }

Talk about it.
"""
STUDENT = """# A lesson

#### Exercise 1 { #exercise-1 }

What is the probability of four marks?

#### Exercise 2 { #exercise-2 }

Talk about it.
"""


def _write(docs: Path, name: str, text: str) -> None:
    path = docs / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _lesson(tmp_path: Path, student: str = STUDENT, fr_answer: str = "1/16") -> Path:
    docs = tmp_path / "docs"
    _write(docs, "teachers/odds.md", TEACHER.replace("{answer}", "1/16"))
    _write(docs, "teachers/odds.fr.md", TEACHER.replace("{answer}", fr_answer))
    _write(docs, "students/odds.md", student)
    _write(docs, "students/odds.fr.md", student)
    return docs


def test_every_lesson_pairs_its_answers_and_keeps_paper_space_elsewhere():
    lessons = af.lessons(DOCS)
    assert set(lessons) == {"stick-dice-odds", "two-accounts", "forced-captures", "probability-lab"}
    odds = lessons["stick-dice-odds"]
    assert [f.id for f in odds.fields] == ["3a", "3b", "3c", "3d", "4a", "4b", "5a", "5b", "5c"]
    assert odds.tally and lessons["probability-lab"].tally and not lessons["two-accounts"].tally
    forced = {f.id: f for f in lessons["forced-captures"].fields}
    assert forced["5.2"].kind == "move" and forced["5.2"].answers == ["b2xt3xt5"]
    assert forced["8.1"].answers == ["b3-b2"]  # the winning move, found by the engine
    assert "7" not in {f.exercise for f in forced.values()}  # a game: paper space
    numbers = {lesson.number for lesson in lessons.values()}
    assert len(numbers) == len(lessons)


def test_the_built_student_page_holds_hashes_not_answers():
    lesson = af.lessons(DOCS)["stick-dice-odds"]
    markdown = (DOCS / "students" / "stick-dice-odds.md").read_text(encoding="utf-8")
    out = af.student_markdown(markdown, lesson, "en", "docs/students/stick-dice-odds.md", DOCS)
    assert out.count('class="answer-field"') == 9
    assert 'for="answer-3b">Answer to exercise 3b</label>' in out
    assert "3/8" not in out and "43/81" not in out
    f3b = next(f for f in lesson.fields if f.id == "3b")
    assert keys.answer_hash(lesson.salt(f3b), "3/8") in out
    assert out.count("data-tally-form") == 1
    assert out.rstrip().endswith("</div>") and "## Hand in { #hand-in }" in out
    fr = (DOCS / "students" / "stick-dice-odds.fr.md").read_text(encoding="utf-8")
    out_fr = af.student_markdown(fr, lesson, "fr", "docs/students/stick-dice-odds.fr.md", DOCS)
    assert "Réponse à l’exercice 3b" in out_fr and "## Rendre son travail { #hand-in }" in out_fr


def test_a_student_page_without_the_exercise_of_an_answer_fails_naming_the_file(tmp_path):
    docs = _lesson(tmp_path, student=STUDENT.replace("{ #exercise-1 }", "{ #exercise-one }"))
    lesson = af.lessons(docs)["odds"]
    with pytest.raises(PluginError, match=r"docs/students/odds.md: .*exercise 1"):
        af.student_markdown(
            STUDENT.replace("{ #exercise-1 }", "{ #exercise-one }"),
            lesson,
            "en",
            "docs/students/odds.md",
            docs,
        )


def test_a_student_exercise_without_a_teachers_twin_fails_naming_the_file(tmp_path):
    extra = STUDENT + "\n#### Exercise 3 { #exercise-3 }\n\nMore.\n"
    docs = _lesson(tmp_path, student=extra)
    lesson = af.lessons(docs)["odds"]
    with pytest.raises(PluginError, match=r"docs/students/odds.md: exercise 3 has no twin"):
        af.student_markdown(extra, lesson, "en", "docs/students/odds.md", docs)


BOARD_AFTER = """
```zohn-ahl
id: later
after: {after}
caption: A board that starts from exercise 1's answer.
```
"""


def test_a_board_after_an_exercise_waits_for_it_and_its_block_loses_the_line(tmp_path):
    student = STUDENT + BOARD_AFTER.replace("{after}", "1")
    docs = _lesson(tmp_path, student=student)
    lesson = af.lessons(docs)["odds"]
    out = af.student_markdown(student, lesson, "en", "docs/students/odds.md", docs)
    start = out.index('<div class="board-after" data-after="1" markdown="1">')
    assert out.index("```zohn-ahl", start) < out.index("</div>\n</div>", start)
    assert "opens once you have exercise 1 right" in out
    assert 'data-board-part="board" hidden' in out and "after:" not in out
    out_fr = af.student_markdown(student, lesson, "fr", "docs/students/odds.fr.md", docs)
    assert "s’ouvre quand l’exercice 1 est juste" in out_fr
    # the worksheet's drawing takes the block without the line
    assert af.without_after("id: later\nafter: 1\ncaption: x") == "id: later\ncaption: x"


@pytest.mark.parametrize("after", ["3", "2", "1.2", "one"])
def test_a_board_after_no_earlier_answer_fails_naming_the_file(tmp_path, after):
    """A name that is no exercise of the lesson, an exercise without an answer, a part the
    exercise does not have: the build stops, naming the file, the line and the name."""
    student = STUDENT + BOARD_AFTER.replace("{after}", after)
    docs = _lesson(tmp_path, student=student)
    lesson = af.lessons(docs)["odds"]
    with pytest.raises(
        PluginError, match=rf"docs/students/odds.md, line 13: after: '{re.escape(after)}' names no"
    ):
        af.student_markdown(student, lesson, "en", "docs/students/odds.md", docs)


def test_a_board_cannot_wait_for_its_own_exercise(tmp_path):
    student = STUDENT.replace(
        "What is the probability of four marks?\n",
        "What is the probability of four marks?\n" + BOARD_AFTER.replace("{after}", "1"),
    )
    docs = _lesson(tmp_path, student=student)
    lesson = af.lessons(docs)["odds"]
    with pytest.raises(PluginError, match=r"docs/students/odds.md, line 9: after: '1' names no"):
        af.student_markdown(student, lesson, "en", "docs/students/odds.md", docs)


def test_a_french_key_that_differs_from_the_english_one_fails_naming_both(tmp_path):
    docs = _lesson(tmp_path, fr_answer="2/32")  # the same number: accepted
    assert af.lessons(docs)["odds"].fields[0].answers == ["1/16"]
    docs = _lesson(tmp_path / "b", fr_answer="1/8")
    with pytest.raises(PluginError, match=r"teachers/odds.fr.md"):
        af.lessons(docs)


def test_an_answer_the_engine_refuses_fails_naming_the_teachers_page(tmp_path):
    docs = tmp_path / "docs"
    _write(docs, "teachers/odds.md", TEACHER.replace("{answer}", "1/8"))
    _write(docs, "students/odds.md", STUDENT)
    with pytest.raises(
        PluginError, match=r"docs/teachers/odds.md, exercise 1, line 7: .*wrong answer"
    ):
        af.lessons(docs)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_built_results_page_offers_every_lesson_by_its_plain_title(site_dir, lang):
    import re

    base = site_dir / "fr" if lang == "fr" else site_dir
    html = (base / "teachers" / "results" / "index.html").read_text(encoding="utf-8")
    options = re.findall(r'<option value="([\w-]+)">(.*?)</option>', html)
    assert [slug for slug, _ in options] == sorted(af.lessons(DOCS))
    for slug, title in options:
        assert "<" not in title, (slug, title)  # no link inside a choice of a list
    assert "data-class-results=" in html and "<!-- class-results -->" not in html
