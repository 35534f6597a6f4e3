"""Student mode, as a student and a reader meet it in headless Chromium on the built site:
the pages for students show no aid that could answer an exercise (no Chances panel, no
Hint, no Engine's view, no rings on the pieces that may move or must capture) and still
play, refusing an illegal tap in words that do not give the answer away; their navigation
leads to no page for teachers and no answer key. Elsewhere the aids are still there, and
each illegal tap says what is wrong ("That is White's piece", "No piece on m4", ...).

One warm context for the module; the pages of one language are reached by following
links (instant navigation), as a reader does, so Python starts once per language."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from test_e2e_support import USABLE, engine_record, follow, wait_ready

pytestmark = pytest.mark.browser

STUDENT_PAGES = ("stick-dice-odds", "two-accounts", "forced-captures", "probability-lab")
RULES = "/awithlaknannai/rules/"
RULES_BOARD = "board-mosona-lined"
CHAIN = "WW.W..../W.W.....W/.B..BB.B B 0"  # Black must capture: b2xt3xt5 or b8xt8

# what the boards say, by language
WORDS = {
    "en": {
        "white": "That is White's piece.",
        "empty": "No piece on m4.",
        "stuck": "This piece has no move now.",
        "must": "A capture is compulsory: choose a piece that can leap.",
        "awl": ("That is Red's awl.", "That is Green's awl."),
        "captures": "must capture",
        "teachers": "For teachers",
        "answer-2": "Answer to exercise 2",
    },
    "fr": {
        "white": "C’est un pion des Blancs.",
        "empty": "Aucun pion sur m4.",
        "stuck": "Ce pion n’a aucun coup possible maintenant.",
        "must": "La prise est obligatoire\u00a0: choisissez un pion qui peut sauter.",
        "awl": ("C’est l’alène de Rouge.", "C’est l’alène de Vert."),
        "captures": "doivent prendre",
        "teachers": "Pour les enseignants",
        "answer-2": "Réponse à l’exercice 2",
    },
}


def live(board) -> str:
    return board.locator("[data-role=live]").text_content()


def tap(board, name: str) -> None:
    board.locator(f'[data-point="{name}"]').first.click()


def said(page, board, text: str) -> None:
    """Wait until the board's live region says ``text``."""
    page.wait_for_function(
        "([b, t]) => b.querySelector('[data-role=live]').textContent === t",
        arg=[board.element_handle(), text],
    )


# The probability lab's exercise 5 is about watching the chances move: its block asks for
# the panel itself (`chances: on`), and a block's own key wins over the page's default.
ASKED_FOR_CHANCES = "chances-lab"


def no_aids_shown(page) -> None:
    """Nothing on the page's boards that could answer an exercise (but what a block asks
    for itself), once the reader has scrolled to each board the page shows (each is then
    set up and playable)."""
    for board_id in page.locator(".board[data-game]").evaluate_all("bs => bs.map(b => b.id)"):
        if page.locator(f"#{board_id}").is_visible():
            wait_ready(page, f"#{board_id}")
    assert page.locator(f".board:not(#{ASKED_FOR_CHANCES}) details.za-chances").count() == 0
    assert page.locator('.board [data-action="hint"]:visible').count() == 0
    assert page.locator('.board [data-action="analysis"]:visible').count() == 0
    assert page.locator('.board [data-action="review"]:visible').count() == 0
    rings = ".aw-ring.is-movable, .aw-ring.is-must, .aw-ring.is-target, .aw-ring.is-hint"
    assert page.locator(rings).count() == 0


def student_navigation(page, lang: str) -> list[str]:
    """The addresses the site navigation of the page leads to; none is for teachers."""
    nav = page.locator("nav.md-nav--primary")
    hrefs = [a.get_attribute("href") or "" for a in nav.locator("a[href]").all()]
    assert any("students/" in h or h in ("./", "../") for h in hrefs), hrefs
    for h in hrefs:
        assert "teachers/" not in h and "printables" not in h and "answer-key" not in h, h
    assert WORDS[lang]["teachers"] not in nav.text_content()
    heads = page.locator('link[rel="prev"], link[rel="next"]').all()
    assert all("teachers/" not in (x.get_attribute("href") or "") for x in heads)
    return hrefs


def answer_exercise_2(page, lang: str, answer: str) -> None:
    box = page.get_by_role("textbox", name=WORDS[lang]["answer-2"], exact=True)
    box.fill(answer)
    box.press("Enter")
    page.locator("[data-answer-field='2'] .answer-feedback:not(:empty)").wait_for()


def check_forced_captures(page, lang: str) -> None:
    """Exercise 4 (Black must capture m7xm5) and exercise 1 (the start), without aids."""
    w = WORDS[lang]
    answer_exercise_2(page, lang, "m4xm6")  # exercise 4's board starts from its answer
    page.locator("#exchange").wait_for(state="visible")
    exchange = wait_ready(page, "#exchange")
    turn = exchange.locator(".board-turn").text_content()
    assert w["captures"] not in turn, turn  # the turn line does not say a capture is due
    tap(exchange, "t4")
    said(page, exchange, w["white"])
    tap(exchange, "m4")
    said(page, exchange, w["empty"])
    tap(exchange, "b5")  # could step to m4 or m5 but for the compulsory capture
    said(page, exchange, w["stuck"])
    opening = wait_ready(page, "#opening")
    tap(opening, "b1")  # hemmed in at the start: the same words
    said(page, opening, w["stuck"])
    no_aids_shown(page)
    # the one legal move is accepted, point by point, with no ring but the reader's own
    tap(exchange, "m7")
    page.wait_for_function(
        "b => b.querySelector('.aw-ring.is-selected') !== null", arg=exchange.element_handle()
    )
    assert exchange.locator(".aw-ring.is-target").count() == 0
    assert "m5" not in re.sub(r"m7", "", live(exchange))  # the destination is not named
    tap(exchange, "m5")
    page.wait_for_function(
        "b => b.querySelector('.aw-movelist').textContent.includes('m7xm5')",
        arg=exchange.element_handle(),
    )
    no_aids_shown(page)


def check_zohn_ahl(page, lang: str, selector: str) -> None:
    """A Zohn Ahl board without its Chances panel: a throw plays; a tap on the other
    side's awl is refused in words."""
    board = wait_ready(page, selector)
    assert board.locator("details.za-chances").count() == 0
    before = board.locator(".za-log li:not(.za-empty)").count()
    board.locator('[data-action="throw"]').click()
    page.wait_for_function(
        f"b => b.querySelectorAll('.za-log li:not(.za-empty)').length > {before} && "
        f"{USABLE}(b.querySelector('[data-action=throw]'))",
        arg=board.element_handle(),
    )
    # the side to throw taps the other side's awl (no longer on the same space as its own)
    mover = int(board.locator(".za-side.is-turn").get_attribute("data-side"))
    other = 1 - mover
    board.locator(f'[data-awl="{other}"]').click(force=True)
    said(page, board, WORDS[lang]["awl"][other])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_student_pages_show_no_aid_and_still_play(visit, lang):
    prefix = "" if lang == "en" else "/fr"
    page = visit.page()
    page.goto(f"{visit.base}{prefix}/students/")
    student_navigation(page, lang)
    for name in STUDENT_PAGES:
        follow(page, f"{visit.base}{prefix}/students/{name}/")
        wait_ready(page)
        student_navigation(page, lang)
        if name == "forced-captures":
            check_forced_captures(page, lang)
        elif name == "two-accounts":
            check_zohn_ahl(page, lang, "#play-kiowa")
        elif name == "probability-lab":
            asked = wait_ready(page, f"#{ASKED_FOR_CHANCES}")
            page.wait_for_function(
                "b => b.querySelector('details.za-chances[open]') !== null",
                arg=asked.element_handle(),
            )
        no_aids_shown(page)
        # the text links no page for teachers and no answer key
        hrefs = page.locator("article a[href]").evaluate_all("as => as.map(a => a.href)")
        assert not [h for h in hrefs if "/teachers/" in h or "answer-key" in h], hrefs


def test_other_pages_keep_their_aids_and_say_why_a_tap_is_refused(visit):
    record = engine_record("awithlaknannai.new", {"ruleset": "culin", "position": CHAIN})
    page = visit.page()
    page.goto(f"{visit.base}{RULES}?game-{RULES_BOARD}={quote(record)}")
    board = wait_ready(page, f"#{RULES_BOARD}")
    board.locator('select[data-action="opponent"]').select_option("person")
    assert board.locator('[data-action="hint"]').is_visible()
    assert board.locator('[data-action="analysis"]').is_visible()
    page.wait_for_function(
        "b => b.querySelectorAll('.aw-ring.is-must').length === 2", arg=board.element_handle()
    )
    assert "must capture" in board.locator(".board-turn").text_content()
    tap(board, "b5")  # a piece that could step, barred by the compulsory capture
    said(page, board, WORDS["en"]["must"])
    tap(board, "t1")
    said(page, board, WORDS["en"]["white"])
    tap(board, "m4")
    said(page, board, WORDS["en"]["empty"])
    # a chosen piece's wrong landing: with the aids on, the right one is named
    tap(board, "b2")
    tap(board, "b3")
    said(page, board, "b3 is not a destination: the one marked is t3.")
    # the navigation of a page that is not for students still leads to the teachers
    nav = page.locator("nav.md-nav--primary")
    assert nav.locator('a[href*="teachers/"]').count() > 0
    # a Zohn Ahl board elsewhere still offers its Chances panel
    follow(page, f"{visit.base}/zohn-ahl/rules/")
    za = wait_ready(page, '.board[data-game="zohn-ahl"]')
    page.wait_for_function(
        "b => b.querySelector('details.za-chances') !== null", arg=za.element_handle()
    )


def test_the_students_lab_keeps_the_exercises_answers_to_the_student(visit):
    """On the students' lab page the bias control still works the rulesets out again, but
    the throws keep the figures of fair sticks (exercise 2 asks for them with other sticks)
    and the tally adds up the class's counts without the expected counts or the chi-square
    (exercise 3 asks for those)."""
    page = visit.page()
    page.goto(visit.base + "/students/probability-lab/")
    two_marks = page.locator(".lab-marks td[data-k='2']")
    again = page.locator(".lab-extra[data-table='culin']")
    fair = (two_marks.text_content(), again.text_content())
    assert fair == ("3/8", "Chance of throwing again: 1/8")
    assert page.locator(".lab-fixed").is_visible()
    first = page.locator(".lab-rulesets tr[data-ruleset='kiowa'] td[data-k='first']")
    before = first.text_content()
    page.wait_for_function(
        "() => !document.querySelector(\"[data-lab='bias']\").disabled", timeout=240_000
    )
    page.locator("input[data-lab='bias']").fill("3/5")
    page.locator("select[data-lab='counters']").select_option("1")
    page.get_by_role("button", name="Work it out again").click()
    page.wait_for_function(
        "() => /Done/.test(document.querySelector(\"[data-lab='status']\").textContent)",
        timeout=480_000,
    )
    assert first.text_content() != before  # the instrument answered for the new sticks
    assert (two_marks.text_content(), again.text_content()) == fair
    assert page.locator(".lab-tally td[data-role='share']").first.text_content() == "1/16"
    counts = {"0": "10", "1": "40", "2": "60", "3": "40", "4": "10"}
    for k, v in counts.items():
        page.locator(f".lab-tally input[data-k='{k}']").fill(v)
    verdict = page.locator("[data-lab='verdict']").text_content()
    assert verdict.strip() == "160 throws in all.", verdict
    assert page.locator(".lab-tally [data-role='expected']").count() == 0


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_exercise_board_offers_no_computer_and_no_ruleset_and_later_parts_wait(visit, lang):
    """On a page for students the computer is offered only where the exercise is to play
    it, no ruleset can be chosen, and the parts of exercise 6 that start after one of
    Black's captures (the list part 1 asks for) open once parts 1 and 2 are right."""
    prefix = "" if lang == "en" else "/fr"
    page = visit.page()
    page.goto(f"{visit.base}{prefix}/students/forced-captures/")
    wait_ready(page, "#fork")
    boards = page.locator(".board")
    ids = boards.evaluate_all("bs => bs.map(b => b.id)")
    assert len(ids) == 8, ids
    for board_id in ids:
        board = page.locator(f"#{board_id}")
        if not board.is_visible():
            # a board the page keeps shut (it starts from an earlier answer) is not set up
            assert board.get_attribute("data-mounted") is None, board_id
            continue
        wait_ready(page, f"#{board_id}")  # (scrolled to, as a reader does, and playable)
        offered = board.locator('select[data-action="opponent"] option').evaluate_all(
            "os => os.map(o => o.value)"
        )
        computer = {"computer", "cvc"} & set(offered)
        assert computer == ({"computer"} if board_id == "play-easy" else set()), (board_id, offered)
        assert board.locator('select[data-action="ruleset"]').is_hidden(), board_id
    label = (
        "Answer to exercise 6, part {} of 5"
        if lang == "en"
        else "Réponse à l’exercice 6, partie {} sur 5"
    )
    later = page.locator('[data-answer-field="6.3"]')
    assert later.locator('[data-answer-part="locked"]').is_visible()
    assert later.locator(".answer-hint").is_hidden() and later.locator("input").is_hidden()
    for part, answer in ((1, "b3xt4 b6xt5 b3xb5xt6"), (2, "b3xb5xt6")):
        box = page.get_by_role("textbox", name=label.format(part), exact=True)
        box.fill(answer)
        box.press("Enter")
        page.wait_for_function(
            "id => document.querySelector(`[data-answer-field='${id}']`).classList.contains('answer-right')",
            arg=f"6.{part}",
        )
    later.locator(".answer-hint").wait_for(state="visible")
    assert "b3xt4" in later.locator(".answer-hint").inner_text()
    assert later.locator('[data-answer-part="locked"]').is_hidden()
    page.get_by_role("textbox", name=label.format(3), exact=True).fill("t3xt5")


FORGET_FORCED_CAPTURES = """() => Object.keys(localStorage)
  .filter((k) => k.startsWith('answers:forced-captures:'))
  .forEach((k) => localStorage.removeItem(k))"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_board_that_starts_from_exercise_2s_answer_opens_once_it_is_right(visit, lang):
    """Exercise 4's board starts after White's forced reply, exercise 2's answer: until
    exercise 2 is right it is out of the page (not shown, not in the accessible tree), a
    sentence in its place; a wrong answer leaves it shut; the right one opens it, playable,
    and says so in its feedback (a live region), and it stays open after a reload (the
    answers are kept on the device). The teachers' page shows it from the start."""
    prefix = "" if lang == "en" else "/fr"
    caption = (
        "After Black's m6-m5 and White's reply. Black to move."
        if lang == "en"
        else "Après m6-m5 des Noirs et la réponse des Blancs. Les Noirs ont le trait."
    )
    page = visit.page()
    page.goto(f"{visit.base}{prefix}/students/forced-captures/")
    page.evaluate(FORGET_FORCED_CAPTURES)
    page.reload()
    wait_ready(page, "#forced-reply")
    board = page.get_by_role("group", name=caption, exact=True)
    locked = page.locator('.board-after [data-board-part="locked"]')
    assert board.count() == 0 and page.locator("#exchange").is_hidden()
    assert locked.is_visible()
    assert ("exercise 2" if lang == "en" else "l’exercice 2") in locked.inner_text()
    tree = page.locator(".board-after").aria_snapshot()  # the sentence alone
    assert "m6" not in tree and caption not in tree, tree
    answer_exercise_2(page, lang, "m4-m5")  # not the forced reply: still shut
    assert page.locator("[data-answer-field='2'].answer-wrong").count() == 1
    assert board.count() == 0 and locked.is_visible()
    feedback = page.locator("[data-answer-field='2'] .answer-feedback[role=status]")
    opened = "is open now" if lang == "en" else "est ouvert maintenant"
    assert opened not in feedback.inner_text()  # a wrong answer opens nothing, says nothing of it
    answer_exercise_2(page, lang, "m4xm6")
    assert page.locator("[data-answer-field='2'].answer-right").count() == 1
    board.wait_for(state="visible")
    assert locked.is_hidden()
    # what a screen reader hears: the right answer, and that what starts from it is open
    assert opened in feedback.inner_text(), feedback.inner_text()
    wait_ready(page, "#exchange")
    page.reload()
    wait_ready(page, "#exchange")
    assert board.is_visible() and locked.is_hidden()
    page.evaluate(FORGET_FORCED_CAPTURES)
    page.goto(f"{visit.base}{prefix}/teachers/forced-captures/")
    wait_ready(page, "#exchange")
    assert page.get_by_role("group", name=caption, exact=True).is_visible()
    assert page.locator(".board-after").count() == 0
