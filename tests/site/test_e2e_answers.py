"""The students' answer fields, the hand-in code with its QR code, and the teachers'
class results page, in Chromium as a student and a teacher use them: few page loads, in
the process's warm context (the pages' answers need no Python; the boards beside them
start it from the kept snapshot).

The QR code is decoded from a screenshot of what the page drew, by the npm package
``jsqr`` (pinned in package.json) under Node."""

from __future__ import annotations

import base64
import io
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
JSQR = ROOT / "node_modules" / "jsqr" / "dist" / "jsQR.js"
DECODE = """
const jsQR = require(%s);
let text = "";
process.stdin.on("data", (c) => { text += c; });
process.stdin.on("end", () => {
  const {width, height, data} = JSON.parse(text);
  const found = jsQR(new Uint8ClampedArray(Buffer.from(data, "base64")), width, height);
  process.stdout.write(found ? found.data : "");
});
"""


def decode_qr(png: bytes) -> str:
    from PIL import Image

    node = shutil.which("node")
    if node is None or not JSQR.is_file():
        pytest.skip("Node.js and node_modules/jsqr are needed to read the QR code")
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    payload = {
        "width": image.width,
        "height": image.height,
        "data": base64.b64encode(image.tobytes()).decode("ascii"),
    }
    proc = subprocess.run(
        [node, "-e", DECODE % json.dumps(str(JSQR))],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


def _feedback(page, field: str) -> str:
    return page.locator(f"#answer-{field}-feedback").inner_text()


def _check(page, field: str, text: str) -> None:
    before = _feedback(page, field)
    box = page.get_by_role("textbox", name=f"Answer to exercise {field}", exact=True)
    box.fill(text)
    box.press("Enter")
    page.wait_for_function(
        "([id, before]) => document.getElementById(`answer-${id}-feedback`).textContent !== before",
        arg=[field, before],
    )


def test_a_student_answers_hands_in_and_the_teacher_reads_the_code(visit):
    page = visit.page()
    page.goto(visit.base + "/students/stick-dice-odds/")
    page.locator("[data-hand-in] output").filter(has_text=re.compile("-")).wait_for()
    # the page holds no answer in plain text
    html = page.content()
    assert "3/8" not in html and "16/81" not in html and "43/81" not in html

    # a wrong answer, a nudge that does not give the answer, then the right one
    _check(page, "3b", "0.3")
    wrong = _feedback(page, "3b")
    assert "Not yet" in wrong and "1 tries" not in wrong and "3/8" not in wrong
    _check(page, "3b", "37,5 %")
    assert _feedback(page, "3b") == "Right, on try 2."
    _check(page, "3a", "6.25%")
    assert _feedback(page, "3a") == "Right!"
    _check(page, "5a", "0.198")
    assert _feedback(page, "5a") == "Right!"
    _check(page, "4a", "one eighth")
    assert "is not a number" in _feedback(page, "4a")

    # the pair's tally and the name go into the code
    for marks, count in enumerate((1, 9, 11, 8, 3)):
        page.locator(f'input[data-marks="{marks}"]').fill(str(count))
    page.get_by_text("32 throws in all.").wait_for()
    page.get_by_role("textbox", name="Your name or initials (optional)").fill("AK")
    code_box = page.locator("[data-hand-in] output")
    page.wait_for_function(
        "() => document.querySelector('[data-hand-in] canvas').dataset.code === "
        "document.querySelector('[data-hand-in] output').textContent"
    )
    code = code_box.inner_text()
    assert re.fullmatch(r"([0-9A-HJKMNP-TV-Z]{4}-)+[0-9A-HJKMNP-TV-Z]{1,4}", code), code
    assert page.get_by_text("3 of 9 answers right, 2 of them on the first try.").is_visible()
    qr = page.locator("[data-hand-in] canvas")
    qr.scroll_into_view_if_needed()
    assert decode_qr(qr.screenshot()) == code

    # a reload keeps the answers, the tries, the tally, the name and so the code
    page.reload()
    page.wait_for_function(
        "code => document.querySelector('[data-hand-in] output').textContent === code", arg=code
    )
    assert _feedback(page, "3b") == "Right, on try 2."
    assert page.locator("#answer-3b").input_value() == "37,5 %"
    assert page.locator('input[data-marks="1"]').input_value() == "9"

    # the teacher pastes it among junk, a typo, a duplicate and another lesson's code
    other = page.evaluate(
        "async () => (await import('/assets/js/answers/hand-in-code.js'))"
        ".encode({lesson: 9, version: 1, tries: [1]})"
    )
    typo = code[:5] + ("B" if code[5] != "B" else "C") + code[6:]
    lines = ["Homework of class 7B", code.lower(), typo, other, "", code]
    results = visit.page()
    results.goto(visit.base + "/teachers/results/")
    results.get_by_role("combobox", name="Lesson").select_option(label="The odds of the stick dice")
    results.get_by_role("textbox", name="Hand-in codes, one per line").fill("\n".join(lines))
    results.get_by_role("button", name="Read the codes").click()
    table = results.locator(".class-results-grid")
    table.wait_for()
    row = table.locator("tbody tr").first
    assert row.locator("th").inner_text() == "AK"
    cells = row.locator("td").all_text_contents()  # a mark for the eye, words for the ear
    assert cells[:3] == ["\u2713right, first try", "\u27132right, try 2", "\u2013not answered"]
    assert cells[6] == "\u2713right, first try"  # 5a
    header = table.locator("thead th a").nth(1)
    assert header.inner_text() == "3b" and header.get_attribute("aria-label") == "Exercise 3b"
    assert table.locator("tbody tr").count() == 1
    bad = results.locator(".class-results-bad li").all_inner_texts()
    assert len(bad) == 4, bad
    assert bad[0].startswith("Line 1") and "not a hand-in code" in bad[0]
    assert bad[1].startswith("Line 3") and "typo, probably at character 5 (group 2)" in bad[1]
    assert bad[2].startswith("Line 4") and "another lesson: Forced captures" in bad[2]
    assert bad[3].startswith("Line 6") and "the same code as line 2" in bad[3]
    tally = results.locator(".class-results-tally")
    assert tally.locator("tbody tr").first.locator("td").all_inner_texts() == [
        "1",
        "9",
        "11",
        "8",
        "3",
    ]
    assert tally.locator("tbody tr").nth(1).locator("td").all_inner_texts() == [
        "2.0",
        "8.0",
        "12.0",
        "8.0",
        "2.0",
    ]
    assert "Chi-square: 1.21" in results.locator(".class-results-chi").inner_text()
    missed = results.locator(".class-results-missed a").first
    assert missed.get_attribute("href") == "../stick-dice-odds/#exercise-3c"

    # a reload keeps the table until the teacher clears it
    results.reload()
    results.locator(".class-results-grid tbody tr").first.wait_for()
    results.get_by_role("button", name="Clear the table").click()
    results.get_by_text("Cleared.").wait_for()
    assert results.locator(".class-results-grid").count() == 0


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_right_capture_with_a_wrong_leapt_point_is_a_wrong_try_that_says_so(visit, lang):
    """Exercise 2 of the forced captures (one capture, m4xm6 over m5): written long with
    the right point it is right; with another point in brackets it is refused, naming it."""
    page = visit.page()
    page.goto(visit.base + ("" if lang == "en" else "/fr") + "/students/forced-captures/")
    box = page.locator("#answer-2")
    feedback = page.locator("#answer-2-feedback")
    for text, says in (
        ("m4x(b5)m6", {"en": "a point in brackets", "fr": "un point entre parenthèses"}[lang]),
        ("m4x(m5)m6", {"en": "Right", "fr": "Juste"}[lang]),
    ):
        before = feedback.inner_text()
        box.fill(text)
        box.press("Enter")
        page.wait_for_function(
            "([el, was]) => el.textContent !== was", arg=[feedback.element_handle(), before]
        )
        assert says in feedback.inner_text(), (text, feedback.inner_text())
    assert "2" in feedback.inner_text()  # the refused try counted: right on the second


def test_a_close_answer_with_too_few_digits_is_asked_for_more_without_a_try(visit):
    page = visit.page()
    page.goto(visit.base + "/students/stick-dice-odds/")
    page.locator("[data-hand-in] output").filter(has_text=re.compile("-")).wait_for()
    hint = page.locator("#answer-5c-hint").inner_text()
    assert "at least three places" in hint, hint  # the field says the precision it wants
    _check(page, "5c", "53%")
    said = _feedback(page, "5c")
    assert "more digits" in said and "not counted as a try" in said and "43" not in said, said
    _check(page, "5c", "53.1 %")
    assert _feedback(page, "5c") == "Right!"  # the nudge cost no try


def test_a_chain_stopped_early_is_told_that_a_piece_goes_on_leaping(visit):
    page = visit.page()
    page.goto(visit.base + "/students/forced-captures/")
    page.locator("[data-hand-in] output").filter(has_text=re.compile("-")).wait_for()
    box = page.get_by_role("textbox", name="Answer to exercise 5, part 2 of 2", exact=True)
    box.fill("b2xt3")
    box.press("Enter")
    feedback = page.locator("#answer-5-2-feedback")
    feedback.filter(has_text="must go on leaping while it can").wait_for()
    assert "t5" not in feedback.inner_text()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_lessons_run_sheet_gives_the_student_page_to_project_and_the_papers(visit, lang):
    prefix = "" if lang == "en" else "/fr"
    page = visit.page()
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{visit.base}{prefix}/teachers/forced-captures/")
    sheet = page.locator("[data-run-sheet]")
    address = f"{visit.base}{prefix}/students/forced-captures/"
    sheet.locator('[data-run-sheet-part="address"]').filter(has_text=address).wait_for()
    canvas = sheet.locator('[data-run-sheet-part="qr"]')
    page.wait_for_function("c => c.dataset.text !== undefined", arg=canvas.element_handle())
    canvas.scroll_into_view_if_needed()
    assert decode_qr(canvas.screenshot()) == address
    # the worksheet and the key, both papers, are there
    suffix = "" if lang == "en" else "-fr"
    hrefs = sheet.locator("a[download]").evaluate_all("as => as.map(a => a.href)")
    assert hrefs == [
        f"{visit.base}/printables/{kind}-forced-captures-{paper}{suffix}.pdf"
        for kind in ("worksheet", "answer-key")
        for paper in ("a4", "letter")
    ]
    for href in hrefs:
        assert page.request.get(href).status == 200, href
    assert "5" in sheet.inner_text()  # the minutes kept for handing in
    # shown to the class: the code alone, most of the screen's height
    sheet.locator('[data-run-sheet-part="present"]').click()
    figure = sheet.locator('[data-run-sheet-part="figure"]')
    page.wait_for_function(
        "f => f.classList.contains('is-presenting')", arg=figure.element_handle()
    )
    box = canvas.bounding_box()
    assert box["height"] >= 0.75 * 768 * 0.9, box
    page.keyboard.press("Escape")
    page.wait_for_function(
        "f => !f.classList.contains('is-presenting')", arg=figure.element_handle()
    )
    # the results page, this lesson chosen
    sheet.locator('a[href*="results/?lesson=forced-captures"]').click()
    page.wait_for_url(re.compile(r"/teachers/results/\?lesson=forced-captures$"))
    page.wait_for_function(
        "() => document.querySelector('#results-lesson')?.value === 'forced-captures'"
    )
