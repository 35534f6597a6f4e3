"""Zohn Ahl in the page, as a person plays it: in headless Chromium, on the built site."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from test_e2e_support import (
    NOTE_REQUESTS,
    USABLE,
    asked,
    boards_on,
    engine_record,
    game_link,
    wait_ready,
)

pytestmark = pytest.mark.browser

PAGE = "/zohn-ahl/"


def open_board(visit, path=PAGE, record=None):
    page = visit.page()
    page.add_init_script(NOTE_REQUESTS)
    if record is None:
        page.goto(visit.base + path)
    else:
        bid = boards_on(visit.base, path, "zohn-ahl")[0]["id"]
        page.goto(f"{visit.base}{path}?game-{bid}={quote(record)}")
    board = wait_ready(page, '.board[data-game="zohn-ahl"]')
    return page, board


def throw_enabled(page, board):
    page.wait_for_function(
        "b => { const t = b.querySelector('[data-action=throw]');"
        f" return {USABLE}(t) || b.querySelector('.board-turn').textContent.includes('wins'); }}",
        arg=board.element_handle(),
    )


def log_items(board):
    return board.locator(".za-log li:not(.za-empty)").count()


def test_throw_button_has_its_name_and_says_what_happened(visit):
    page, board = open_board(visit)
    board.locator('select[data-action="opponent"]').select_option("person")
    throw = board.get_by_role("button", name=re.compile("Throw"))
    assert throw.count() == 1
    throw_enabled(page, board)
    before = log_items(board)
    throw.click()
    page.wait_for_function(
        f"b => b.querySelectorAll('.za-log li:not(.za-empty)').length > {before}",
        arg=board.element_handle(),
    )
    said = board.locator("[data-role=live]").text_content()
    assert re.search(r"(No marks|mark|marks) up", said), said
    # the sticks are described in words, the sahe told apart
    sticks = board.locator(".za-sticks-svg").get_attribute("aria-label")
    assert "sahe" in sticks and ("marked side up" in sticks or "plain side up" in sticks)
    assert board.locator('[data-stick="3"][data-sahe="true"]').count() == 1


def test_the_board_is_played_on_the_drawing_the_page_came_with(visit):
    """The first view places the pieces on the board the build drew into the page: no
    second drawing replaces it, and the throws move the awls on it."""
    page = visit.page()
    page.add_init_script(
        """document.addEventListener("DOMContentLoaded", () => {
        window.__built = document.querySelector('.board[data-game="zohn-ahl"] .board-svg svg'); });"""
    )
    page.goto(visit.base + PAGE)
    board = wait_ready(page, '.board[data-game="zohn-ahl"]')
    board.locator('select[data-action="opponent"]').select_option("person")
    awls = "() => [...window.__built.querySelectorAll('[data-awl]')].map((a) => a.dataset.on)"
    where = page.evaluate(awls)
    throw = board.get_by_role("button", name=re.compile("Throw"))
    for _ in range(20):  # until a throw moves an awl
        throw_enabled(page, board)
        throw.click()
        throw_enabled(page, board)
        if page.evaluate(awls) != where:
            break
    assert page.evaluate(awls) != where
    assert page.evaluate("() => window.__built.isConnected")
    assert board.locator(".board-svg svg").count() == 1


def test_a_board_back_at_its_own_drawing_takes_it_from_the_page(visit):
    """A board shown another game's board (a link's game with other counters) asks the
    engine for that drawing; back to its block's game, it takes the drawing of its request
    from the page (the other board of the page starts from it), not from the engine, and
    shows that game's counters."""
    path = "/teachers/probability-lab/"
    first, second = (b["id"] for b in boards_on(visit.base, path, "zohn-ahl")[:2])
    two = engine_record("zohn-ahl.new", {"options": {"ruleset": "kiowa", "counters": 2}})
    four = engine_record("zohn-ahl.new", {"options": {"ruleset": "kiowa", "counters": 4}})
    page = visit.page()
    page.add_init_script(NOTE_REQUESTS)
    page.goto(game_link(visit.base, path, first, two))
    board = wait_ready(page, f"#{first}")
    box = board.locator("[data-role=board]")
    own = page.locator(f"#{second} [data-role=board]").get_attribute("data-args")
    assert '"counters":4' in own and '"counters":2' in box.get_attribute("data-args")
    drawn = page.evaluate(asked("c === 'svg'"))
    assert [d["options"]["counters"] for d in drawn] == [2]
    page.evaluate("(href) => { location.href = href; }", game_link(visit.base, path, first, four))
    page.wait_for_function("([b, own]) => b.dataset.args === own", arg=[box.element_handle(), own])
    throw_enabled(page, board)
    assert page.evaluate(asked("c === 'svg'")) == drawn
    # each pile: the 4-counter drawing's room for all 8 counters of the game, 4 of them shown
    piles = board.evaluate(
        """b => [...b.querySelectorAll('.za-counters[data-side]')].map((pile) => {
        const sticks = [...pile.querySelectorAll('[data-counter]')];
        return [sticks.length, sticks.filter((s) => !s.hasAttribute('visibility')).length]; })"""
    )
    assert piles == [[8, 4], [8, 4]]


def test_keyboard_throws(visit):
    page, board = open_board(visit)
    board.locator('select[data-action="opponent"]').select_option("person")
    throw_enabled(page, board)
    # Tab to the Throw button and press Space; then the T key from within the board
    board.locator('[data-action="throw"]').focus()
    page.keyboard.press("Space")
    page.wait_for_function(
        "b => b.querySelectorAll('.za-log li:not(.za-empty)').length >= 1",
        arg=board.element_handle(),
    )
    throw_enabled(page, board)
    board.locator('[data-action="throw"]').focus()
    page.keyboard.press("t")
    page.wait_for_function(
        "b => b.querySelectorAll('.za-log li:not(.za-empty)').length >= 2",
        arg=board.element_handle(),
    )


def near_the_end(counters=1, seed=20261125):
    """The record of a game (made by the engine, from fixed throws) one throw before the
    throw that ended it: the game the reader finishes on the page."""
    import random

    from engine import protocol

    rnd = random.Random(seed)
    options = {"ruleset": "kiowa", "counters": counters}
    view = protocol.dispatch("zohn-ahl.new", {"options": options})
    throws = []
    while not view["state"]["finished"]:
        throws.append("".join(rnd.choice("01") for _ in range(4)))
        view = protocol.dispatch("zohn-ahl.throw", {"record": view["record"], "throw": throws[-1]})
    assert len(throws) >= 3
    return engine_record("zohn-ahl.new", {"options": options, "throws": " ".join(throws[:-1])})


def test_play_a_one_counter_game_to_its_end_then_replay_it(visit):
    # a game prepared up to one throw before its end (its earlier throws are the engine's
    # business, tested in CPython): the reader throws until someone wins
    record = near_the_end()
    page, board = open_board(visit, record=record)
    board.locator('select[data-action="opponent"]').select_option("person")
    board.locator('[data-action="speed"]').click()
    assert board.locator('[data-action="speed"]').get_attribute("aria-pressed") == "true"
    throw = board.get_by_role("button", name=re.compile("Throw"))
    for _ in range(400):
        throw_enabled(page, board)
        if "wins" in board.locator(".board-turn").text_content():
            break
        throw.click()
    else:
        raise AssertionError("no winner after 400 throws")
    turn = board.locator(".board-turn").text_content()
    assert re.search(r"(Red|Green) wins", turn)
    assert throw.is_disabled()
    assert "wins the game" in board.locator("[data-role=live]").text_content()
    # the winner holds both counters
    winner = "Red" if "Red wins" in turn else "Green"
    assert f"{winner}: 2 counters" in board.locator(".za-sides").text_content()
    n = log_items(board)
    # replay it throw by throw from its record
    board.get_by_role("button", name="Replay").click()
    page.wait_for_function(
        "b => b.querySelector('.za-replay-label').textContent.includes('start')",
        arg=board.element_handle(),
    )
    assert "Red: 1 counter" in board.locator(".za-sides").text_content()
    board.locator('[data-action="replay-next"]').click()
    page.wait_for_function(
        f"b => b.querySelector('.za-replay-label').textContent.includes('throw 1 of {n}')",
        arg=board.element_handle(),
    )
    board.locator('[data-action="replay-last"]').click()
    page.wait_for_function(
        f"b => b.querySelector('.za-replay-label').textContent.includes('throw {n} of {n}')",
        arg=board.element_handle(),
    )
    assert f"{winner}: 2 counters" in board.locator(".za-sides").text_content()


def test_against_the_computer(visit):
    page, board = open_board(visit)
    board.locator('select[data-action="opponent"]').select_option("computer")
    board.locator('[data-action="speed"]').click()
    throw = board.get_by_role("button", name=re.compile("Throw"))
    # Red (the person) throws until the turn passes; then Green's throws come by themselves
    for _ in range(50):
        throw_enabled(page, board)
        before = log_items(board)
        throw.click()
        page.wait_for_function(
            f"b => b.querySelectorAll('.za-log li:not(.za-empty)').length > {before}",
            arg=board.element_handle(),
        )
        if "Green" in board.locator(".za-log").text_content():
            break
    page.wait_for_function(
        "b => [...b.querySelectorAll('.za-log li')].some(li => /Green|to throw/.test(li.textContent))",
        arg=board.element_handle(),
    )
    throw_enabled(page, board)
    assert (
        "Red to throw" in board.locator(".board-turn").text_content()
        or "wins" in board.locator(".board-turn").text_content()
    )


def test_french_page(visit):
    page, board = open_board(visit, "/fr" + PAGE)
    board.locator('select[data-action="opponent"]').select_option("person")
    throw = board.get_by_role("button", name=re.compile("Throw"))
    assert throw.count() == 1
    throw_enabled(page, board)
    throw.click()
    page.wait_for_function(
        "b => b.querySelectorAll('.za-log li:not(.za-empty)').length >= 1",
        arg=board.element_handle(),
    )
    said = board.locator("[data-role=live]").text_content()
    assert re.search(r"marque|Marque", said), said
    assert "bâtonnet" in board.locator(".za-sticks-svg").get_attribute("aria-label")
    # the board was drawn from the drawing the build put in the page, in French
    assert page.evaluate(asked("c === 'svg'")) == []
    assert board.locator("[data-space]").count() > 0


@pytest.mark.parametrize(
    "lang, words",
    [
        (
            "",
            [
                "Four marks up: six, throw again",
                "Red lands on the near bank of the creek and falls in: back to the start, one counter to Green",
            ],
        ),
        (
            "/fr",
            [
                "Quatre marques\u00a0: six, on relance",
                "Rouge arrive sur la rive du ruisseau et tombe dedans\u00a0: retour au départ, un jeton pour Vert",
            ],
        ),
    ],
)
def test_a_game_from_a_link_is_told_throw_by_throw(visit, lang, words):
    # the specification's first worked example: 6 and again, 10 and again, 3 lands on 20
    record = engine_record(
        "zohn-ahl.new", {"options": {"ruleset": "kiowa"}, "throws": "1111 0000 1110"}
    )
    page, board = open_board(visit, lang + PAGE, record=record)
    board.locator("details.board-log summary").click()
    log = board.locator(".za-log").text_content()
    for w in words:
        assert w in log, log
    sides = board.locator(".za-sides").text_content()
    assert ("Red: 3 counters" in sides and "Green: 5 counters" in sides) or (
        "Rouge\u00a0: 3 jetons" in sides and "Vert\u00a0: 5 jetons" in sides
    ), sides


def test_a_board_played_by_teams_says_whose_throw_it_is(visit):
    """The engine names the member whose throw it is (the block's teams, sent with each
    request): the caption, the sides' panel and the log's rows say it."""
    from test_e2e_support import engine_reply

    path = "/authoring/"
    found = [b for b in boards_on(visit.base, path, "zohn-ahl") if b["config"].get("teams")]
    bid, teams = found[0]["id"], found[0]["config"]["teams"]
    args = {"options": {"ruleset": "globe"}, "throws": "0110 0110 0110", "teams": teams}
    view = engine_reply("zohn-ahl.new", args)  # the same engine the page runs
    from engine.zohn_ahl import narration

    page = visit.page()
    page.goto(f"{visit.base}{path}?game-{bid}={quote(view['record'])}")
    board = wait_ready(page, f"#{bid}")
    caption = narration.say([view["turns"][-1]["caption"]], "en")[0]
    assert view["turns"][-1].get("member")
    assert board.locator(".board-turn").text_content() == caption
    assert board.locator(".za-side.is-turn .za-note").text_content() == caption
    who = board.locator(".za-log .za-who").all_text_contents()
    members = [t["member"] for t in view["turns"][:-1]]
    assert [w.split("(")[-1].rstrip("):") for w in who] == members, who
