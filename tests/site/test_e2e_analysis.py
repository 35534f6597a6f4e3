"""The engine's judgement on Awithlaknannai boards, used as a reader would, in headless
Chromium on the built site: the hint, the evaluation, the review of a finished game, and
the puzzles (a right answer accepted, a wrong one refuted).

Positions are opened through the link mechanism (the page address holds the record, made
here by the same engine), as a copied link would open them.
"""

from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest
from test_e2e_support import engine_record, wait_ready

pytestmark = pytest.mark.browser

RULES = "/awithlaknannai/rules/"
BOARD = "board-mosona-lined"  # a two-player board on the rules page
CHAIN = "WW.W..../W.W.....W/.B..BB.B B 0"  # Black must capture: b2xt3xt5 or b8xt8
# White has one piece left in the corner; b3-b2 shuts it in (a finished game after it)
TRAP = "WBB...../BB......./B.B..... B 0"


def open_record(visit, record, path=RULES, bid=BOARD):
    page = visit.page()
    page.goto(f"{visit.base}{path}?game-{bid}={quote(record)}")
    return page, wait_ready(page, f"#{bid}")


def until(page, board, script):
    page.wait_for_function(f"b => {script}", arg=board.element_handle())


def path_of(notation):
    """The points a move visits: 'b4-m5' -> [b4, m5]; 'b2xt3xt5' -> [b2, t3, t5]."""
    return re.split(r"[-x]", re.sub(r"\([a-z0-9]+\)", "", notation))


def play(board, notation):
    for p in path_of(notation):
        board.locator(f'[data-point="{p}"]').click()


def test_hint_names_the_compulsory_captures(visit):
    record = engine_record("awithlaknannai.new", {"ruleset": "culin", "position": CHAIN})
    page, board = open_record(visit, record)
    hint = board.get_by_role("button", name=re.compile("hint", re.I))
    hint.click()
    until(page, board, "b.querySelector('[data-role=hint]').textContent.includes('must capture')")
    text = board.locator("[data-role=hint]").text_content()
    assert "b2xt3xt5" in text and "b8xt8" in text
    # the engine's move is ringed on the board, not only named
    assert board.locator(".aw-ring.is-hint").count() >= 2


def test_engine_view_shows_evaluation_and_line(visit):
    record = engine_record("awithlaknannai.new", {"ruleset": "culin", "position": TRAP})
    page, board = open_record(visit, record)
    button = board.locator('[data-action="analysis"]')
    assert button.get_attribute("aria-pressed") == "false"
    button.click()
    until(page, board, "b.querySelector('[data-role=best-line]').textContent.includes('b3-b2')")
    assert button.get_attribute("aria-pressed") == "true"
    assert "forced win in 1 move" in board.locator("[data-role=evaluation]").text_content()
    assert "Black" in board.locator(".aw-eval-bar").get_attribute("aria-label")


def test_review_grades_a_finished_game(visit):
    # a short game that Black wins: b3-b4 lets White's piece out for a move, b1xb3 ends it
    record = engine_record(
        "awithlaknannai.new",
        {"ruleset": "culin", "position": TRAP, "moves": "b3-b4 t1xb2 b1xb3"},
    )
    page, board = open_record(visit, record)
    review = board.get_by_role("button", name=re.compile("Review the finished game"))
    review.click()
    until(page, board, "b.querySelectorAll('.aw-review-move').length === 3")
    items = board.locator(".aw-review-move")
    grades = [items.nth(i).get_attribute("data-grade") for i in range(3)]
    assert all(g in ("best", "good", "inaccuracy", "mistake", "blunder") for g in grades)
    assert grades[2] == "best"  # b1xb3 wins at once
    assert "b1xb3" in items.nth(2).text_content()
    assert grades[0] != "best"  # b3-b2 won at once
    # what the review says of it, in words: its grade, and the computer's choice
    said = items.nth(0).locator(".aw-review-grade").text_content()
    assert said.startswith(" — ") and "the computer preferred b3-b2" in said, said
    # the graph is there, with a text alternative
    graph = board.locator(".aw-review-graph svg")
    assert graph.get_attribute("role") == "img"
    assert "3 moves" in graph.locator("desc").text_content()
    assert "Black:" in board.locator(".aw-review-status").text_content()
    # its title is a heading one level below the page's heading before it (none skipped)
    levels = page.evaluate(
        """t => { const all = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')];
        const i = all.indexOf(t); return [all[i - 1].tagName, t.tagName]; }""",
        board.locator(".aw-review-title").element_handle(),
    )
    assert int(levels[1][1]) == int(levels[0][1]) + 1, levels
    # the engine's line at a graded move, replayed step by step
    if board.locator('[data-action="best-line"]').count():
        board.locator('[data-action="best-line"]').first.click()
        until(
            page, board, "b.querySelector('.aw-line-step') && b.querySelector('.aw-line-board svg')"
        )
        board.locator('[data-action="line-forward"]').click()
        until(page, board, "b.querySelector('.aw-line-step').textContent.startsWith('Step 1')")


def test_lesson_boards_have_no_hint(visit):
    page = visit.page()
    page.goto(visit.base + "/teachers/forced-captures/")
    board = wait_ready(page, "#chain")
    assert board.locator('[data-action="hint"]').count() == 0
    assert board.locator('[data-action="analysis"]').count() == 0


def _puzzle(page, number):
    section = page.locator(f"#puzzle-{number}")
    board = wait_ready(page, f"#puzzle-{number}-board")
    cfg = json.loads(board.get_attribute("data-config"))
    return section, board, cfg["puzzle"]


def test_puzzle_accepts_its_answer(visit):
    page = visit.page()
    page.goto(visit.base + "/awithlaknannai/puzzles/#puzzle-2")
    section, board, puzzle = _puzzle(page, 2)
    play(board, puzzle["solution"])
    until(page, board, "b.dataset.puzzle === 'solved'")
    verdict = section.locator("[data-role=verdict]").text_content()
    assert verdict.startswith("Right") and puzzle["solution"] in verdict


def test_puzzle_refuses_a_wrong_answer_and_shows_the_refutation(visit):
    page = visit.page()
    page.goto(visit.base + "/awithlaknannai/puzzles/")
    section, board, puzzle = _puzzle(page, 1)
    view_moves = page.evaluate(
        """async () => {
            const m = await import('/assets/js/engine-client.js');
            const c = m.getEngine();
            const b = document.getElementById('puzzle-1-board');
            const cfg = JSON.parse(b.dataset.config);
            const v = await c.call('awithlaknannai.load', { record: cfg.record });
            return v.legal.map((x) => x.notation);
        }"""
    )
    wrong = next(m for m in view_moves if m != puzzle["solution"] and "(" not in m)
    play(board, wrong)
    until(page, board, "b.dataset.puzzle === 'wrong' && !!b.dataset.refutation")
    verdict = section.locator("[data-role=verdict]").text_content()
    assert verdict.startswith("Not this one") and wrong in verdict
    reply = board.get_attribute("data-refutation")
    assert reply in verdict
    # the refutation is played on the board
    until(page, board, f"b.querySelector('.aw-movelist').textContent.includes({json.dumps(reply)})")
    # and the puzzle can be tried again
    section.get_by_role("button", name=re.compile("Try again")).click()
    until(
        page,
        board,
        "!b.dataset.puzzle && b.querySelector('.aw-movelist').textContent.includes('No moves')",
    )
