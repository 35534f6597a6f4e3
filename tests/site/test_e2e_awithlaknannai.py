"""Awithlaknannai in the page, as a person plays it: in headless Chromium, on the built site.

Positions are loaded through the link mechanism (the page address holds the record, made
here by the same engine), so no test-only page is needed.
"""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from test_e2e_support import NOTE_REQUESTS, USABLE, asked, boards_on, engine_record, wait_ready

pytestmark = pytest.mark.browser

PAGE = "/awithlaknannai/"
# Black's only move is the chain m2xm4xm6 (over m3, then m5); b8 could step, but must not.
CHAIN = ".......W/.BW.W..../.......B B 0"


def point(board, name):
    return board.locator(f'[data-point="{name}"]')


def leap_the_chain(board):
    """Click Black's chain of two leaps, m2 over m3 to m4 over m5 to m6, point by point."""
    for p in ("m2", "m4", "m6"):
        point(board, p).click()


def name_of(board, name):
    return point(board, name).get_attribute("aria-label")


def moves_text(board):
    return board.locator(".aw-movelist").text_content()


def open_with(visit, record, init_script=None):
    """Open a page with a two-player board holding `record`, through the address (as a
    copied link would): a board set up for people, so that no computer moves first (with
    ``init_script`` run before the page's own)."""
    for path in ("/awithlaknannai/rules/", PAGE, "/authoring/"):
        two = [
            b
            for b in boards_on(visit.base, path, "awithlaknannai")
            if b["config"].get("opponent") == "person"
        ]
        if two:
            break
    assert two, "no two-player Awithlaknannai board found on the site's pages"
    bid = two[0]["id"]
    page = visit.page()
    if init_script:
        page.add_init_script(init_script)
    page.goto(f"{visit.base}{path}?game-{bid}={quote(record)}")
    board = wait_ready(page, f"#{bid}")
    return page, board


def open_page(visit, init_script=None, path=PAGE):
    """Open the Awithlaknannai page (``path``; with ``init_script`` run before the page's
    own) and wait for its first board: ``(page, board)``."""
    page = visit.page()
    if init_script:
        page.add_init_script(init_script)
    page.goto(visit.base + path)
    return page, wait_ready(page, '.board[data-game="awithlaknannai"]')


def as_person(board):
    board.locator('select[data-action="opponent"]').select_option("person")


def test_points_have_accessible_names(visit):
    page, board = open_page(visit)
    as_person(board)
    board.locator('button[data-action="new"]').click()
    page.wait_for_function(
        f"b => {USABLE}(b.querySelector('[data-action=new]'))", arg=board.element_handle()
    )
    assert name_of(board, "b4").startswith("b4, black piece")
    assert name_of(board, "t4").startswith("t4, white piece")
    assert name_of(board, "m5").startswith("m5, empty")
    # every point can take the focus
    tabindex = board.locator("[data-point]").evaluate_all(
        "ps => ps.map(p => p.getAttribute('tabindex'))"
    )
    assert len(tabindex) > 20 and set(tabindex) <= {"0", "-1"}, tabindex
    assert board.get_by_role("button", name=re.compile(r"^m5, empty")).count() == 1


def test_french_page_names_points_in_french(visit):
    page, board = open_page(visit, path="/fr" + PAGE)
    as_person(board)
    board.locator('button[data-action="new"]').click()
    page.wait_for_function(
        f"b => {USABLE}(b.querySelector('[data-action=new]'))", arg=board.element_handle()
    )
    assert name_of(board, "b4").startswith("b4, pion noir")
    assert name_of(board, "m5").startswith("m5, vide")


def test_the_turn_line_says_must_capture_only_where_the_ruleset_makes_it_compulsory(visit):
    """Whether a side must capture is the engine's answer: under ludii capture is optional,
    so a capture available, even every legal move a capture (White after b5-m5: t4xb5 or
    t6xb5), is no obligation; under culin a capture available must be made."""
    record = engine_record("awithlaknannai.new", {"ruleset": "ludii", "moves": "b5-m5"})
    page, board = open_with(visit, record)
    as_person(board)
    turn = board.locator(".board-turn").text_content()
    assert "White to move" in turn and "must capture" not in turn, turn
    assert board.locator(".aw-ring.is-must").count() == 0
    assert board.locator(".aw-ring.is-movable").count() == 2  # t4 and t6 may leap
    record = engine_record("awithlaknannai.new", {"ruleset": "culin", "moves": "m6-m5 m4xm6"})
    page, board = open_with(visit, record)
    as_person(board)
    turn = board.locator(".board-turn").text_content()
    assert "Black must capture" in turn, turn
    assert board.locator(".aw-ring.is-must").count() == 1  # m7xm5 only
    # the move is announced in the words the engine names, with the pieces it took
    point(board, "m7").click()
    point(board, "m5").click()
    page.wait_for_function(
        "b => b.querySelector('[data-role=live]').textContent"
        ".startsWith('Black plays m7xm5 (one piece taken). White to move')",
        arg=board.element_handle(),
    )


def test_the_move_list_is_in_the_rows_the_engine_gives(visit):
    """A game whose start has White to move: its first move is in White's column of row 1
    (after "…"), the next opens row 2, as the record numbers them."""
    record = engine_record(
        "awithlaknannai.new",
        {"position": "WWWBB.WW/WW....BBB/BB.....B W 0", "moves": "t7xb6 b2-b3"},
    )
    page, board = open_with(visit, record)
    rows = board.locator(".aw-movelist li").evaluate_all(
        "lis => lis.map(li => li.textContent.replace(/\\s+/g, ' ').trim())"
    )
    assert rows == ["1. … t7xb6", "2. b2-b3"], rows


def test_click_a_compulsory_chain_point_by_point(visit):
    record = engine_record("awithlaknannai.new", {"ruleset": "culin", "position": CHAIN})
    page, board = open_with(visit, record)
    as_person(board)
    assert "must capture" in board.locator(".board-turn").text_content()
    # a piece that could only step is refused, and the reader is told why
    point(board, "b8").click()
    said = board.locator("[data-role=live]").text_content()
    assert said == "A capture is compulsory: choose a piece that can leap.", said
    point(board, "m2").click()
    assert "possible destination" in name_of(board, "m4")
    assert "possible destination" not in name_of(board, "m3")
    point(board, "m4").click()
    # mid-chain: the next landing point is offered, the move is not played yet
    assert "possible destination" in name_of(board, "m6")
    assert moves_text(board).strip().startswith("No moves")
    point(board, "m6").click()
    page.wait_for_function(
        "b => b.querySelector('.aw-movelist').textContent.includes('m2xm4xm6')",
        arg=board.element_handle(),
    )
    assert name_of(board, "m3").startswith("m3, empty")
    assert name_of(board, "m5").startswith("m5, empty")
    assert name_of(board, "m6").startswith("m6, black piece")
    assert "White" in board.locator(".board-turn").text_content()


def test_undo_and_redo(visit):
    record = engine_record("awithlaknannai.new", {"ruleset": "culin", "position": CHAIN})
    page, board = open_with(visit, record)
    as_person(board)
    leap_the_chain(board)
    page.wait_for_function(
        "b => b.querySelector('.aw-movelist').textContent.includes('m2xm4xm6')",
        arg=board.element_handle(),
    )
    board.get_by_role("button", name="Undo").click()
    page.wait_for_function(
        "b => !b.querySelector('.aw-movelist').textContent.includes('m2xm4xm6')",
        arg=board.element_handle(),
    )
    assert name_of(board, "m2").startswith("m2, black piece")
    assert name_of(board, "m3").startswith("m3, white piece")
    board.get_by_role("button", name="Redo").click()
    page.wait_for_function(
        "b => b.querySelector('.aw-movelist').textContent.includes('m2xm4xm6')",
        arg=board.element_handle(),
    )
    assert name_of(board, "m6").startswith("m6, black piece")


# The page's first move is sent with an action its position has no move of, as a view
# gone stale would send it (the page's requests are noted, as sent).
STALE_FIRST_ACTION = (
    NOTE_REQUESTS
    + """;(() => {
  let stale = true;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (stale && message && message.cmd === 'awithlaknannai.play') {
      stale = false;
      message = { ...message, args: { ...message.args, action: 99 } };
    }
    return post.call(this, message, ...rest);
  };
})()"""
)


def test_a_move_travels_as_its_action_and_a_refused_one_keeps_the_game(visit):
    record = engine_record("awithlaknannai.new", {"ruleset": "culin", "position": CHAIN})
    page, board = open_with(visit, record, STALE_FIRST_ACTION)
    as_person(board)
    leap_the_chain(board)
    page.wait_for_function(
        "b => b.querySelector('.board-status').dataset.kind === 'error'",
        arg=board.element_handle(),
    )
    status = board.locator(".board-status").text_content()
    assert "99" in status and "action" in status and "is kept" in status, status
    # the game on the board is the one it had: nothing moved, nothing kept in its place
    assert moves_text(board).strip().startswith("No moves")
    assert name_of(board, "m2").startswith("m2, black piece")
    # the same move, chosen again, is sent by its action and made
    leap_the_chain(board)
    page.wait_for_function(
        "b => b.querySelector('.aw-movelist').textContent.includes('m2xm4xm6')",
        arg=board.element_handle(),
    )
    plays = page.evaluate(asked("c === 'awithlaknannai.play'"))
    assert [sorted(args) for args in plays] == [["action", "record", "since"]] * 2
    assert plays[0]["action"] == 99 and plays[1]["action"] == 0
    assert plays[0]["record"] == plays[1]["record"]


DRAWINGS = asked("c === 'svg'")  # the drawings the page asked of its engine
SEARCHES = asked("c.endsWith('.ai')") + ".length"  # the computer's searches it asked for


def test_a_board_starts_from_the_drawing_in_the_page(visit):
    page, board = open_page(visit, NOTE_REQUESTS)
    # the build drew the empty boards into the page: the engine is asked to draw none
    assert page.evaluate(DRAWINGS) == []
    assert name_of(board, "b1").startswith("b1, black piece")
    assert name_of(board, "m5").startswith("m5, empty")
    # turned round, the board needs a drawing the page does not hold: the engine draws it
    board.locator('[data-action="flip"]').click()
    page.wait_for_function(f"() => {DRAWINGS}.length === 1")
    drawn = page.evaluate(f"{DRAWINGS}[0]")
    assert drawn["flip"] is True and drawn["static"] is True
    as_person(board)
    black_steps_to_m5(page, board, "m6-m5")
    assert name_of(board, "m5").startswith("m5, black piece")


def black_steps_to_m5(page, board, then):
    """Once the board is usable, Black steps m6-m5; waits until the move list shows ``then``."""
    page.wait_for_function(
        f"b => {USABLE}(b.querySelector('[data-action=new]'))", arg=board.element_handle()
    )
    point(board, "m6").click()
    point(board, "m5").click()
    page.wait_for_function(
        "([b, then]) => b.querySelector('.aw-movelist').textContent.includes(then)",
        arg=[board.element_handle(), then],
    )


def test_play_a_move_against_the_computer(visit):
    page, board = open_page(visit)
    board.locator('select[data-action="opponent"]').select_option("computer")
    board.locator('select[data-action="level"]').select_option("easy")
    board.locator('button[data-action="new"]').click()
    # White's only answer is the capture m4xm6: the computer plays it
    black_steps_to_m5(page, board, "m4xm6")
    assert name_of(board, "m6").startswith("m6, white piece")
    assert name_of(board, "m5").startswith("m5, empty")
    assert "Black" in board.locator(".board-turn").text_content()


def test_stop_the_computer_and_page_stays_responsive(visit):
    page = visit.page()
    # the page's clock can be run ahead: any delay the computer would wait out is over at once
    page.clock.install()
    page.add_init_script(NOTE_REQUESTS)
    page.goto(visit.base + PAGE)
    board = wait_ready(page, '.board[data-game="awithlaknannai"]')
    before = page.evaluate(SEARCHES)
    board.locator('select[data-action="level"]').select_option("hard")
    board.locator('select[data-action="opponent"]').select_option("cvc")
    stop = board.get_by_role("button", name=re.compile("Stop"))
    page.wait_for_function(
        "b => b.querySelector('.board-turn').textContent.includes('thinking')",
        arg=board.element_handle(),
    )
    page.wait_for_function(f"() => {SEARCHES} > {before}")
    # the page answers while the computer thinks in the worker
    assert page.evaluate("1 + 1") == 2
    stop.click()
    page.wait_for_function(
        "b => b.querySelector('[data-role=live]').textContent.includes('Stopped')",
        arg=board.element_handle(),
    )
    moves, searches = moves_text(board), page.evaluate(SEARCHES)
    # a minute of the page's time goes by: the computer asks for no other move and plays none
    page.clock.run_for(60_000)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert page.evaluate(SEARCHES) == searches, "the computer went on after Stop"
    assert moves_text(board) == moves, "the computer went on playing after Stop"
    assert "thinking" not in board.locator(".board-turn").text_content()
    assert board.locator('select[data-action="opponent"]').input_value() == "person"


def test_keyboard_only(visit):
    page, board = open_page(visit)
    bid = board.get_attribute("id")
    as_person(board)
    # Tab into the board: the first stop on the board is one of its points
    board.locator('select[data-action="opponent"]').focus()
    page.keyboard.press("Shift+Tab")
    for _ in range(40):
        if page.evaluate(f"!!document.activeElement.closest('#{bid} [data-point]')"):
            break
        page.keyboard.press("Shift+Tab")
    focused = lambda: page.evaluate("document.activeElement.getAttribute('data-point')")  # noqa: E731
    assert focused() is not None

    def go_to(target):
        # arrow keys along rows and columns: at most a few dozen presses
        for _ in range(40):
            now = focused()
            if now == target:
                return
            row = {"t": 0, "m": 1, "b": 2}
            if row[now[0]] < row[target[0]]:
                page.keyboard.press("ArrowDown")
            elif row[now[0]] > row[target[0]]:
                page.keyboard.press("ArrowUp")
            else:
                page.keyboard.press("ArrowRight" if int(now[1:]) < int(target[1:]) else "ArrowLeft")
        raise AssertionError(f"could not reach {target} with the arrow keys (at {focused()})")

    go_to("m6")
    page.keyboard.press("Enter")
    go_to("m5")
    page.keyboard.press("Space")
    page.wait_for_function(
        "b => b.querySelector('.aw-movelist').textContent.includes('m6-m5')",
        arg=board.element_handle(),
    )
    go_to("m4")
    page.keyboard.press("Enter")
    go_to("m6")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "b => b.querySelector('.aw-movelist').textContent.includes('m4xm6')",
        arg=board.element_handle(),
    )


def test_ruleset_chosen_in_the_page_redraws_the_board(visit):
    page, board = open_page(visit)
    as_person(board)
    board.locator('select[data-action="ruleset"]').select_option("kolowis")
    page.wait_for_function(
        "b => b.querySelectorAll('[data-point]').length === 47", arg=board.element_handle()
    )
    assert name_of(board, "m8").startswith("m8, empty")
    assert name_of(board, "t16").startswith("t16, white piece")


def test_game_end_is_announced(visit):
    # Black's chain takes White's last two pieces.
    record = engine_record(
        "awithlaknannai.new", {"ruleset": "culin", "position": "......../.BW.W..../.......B B 0"}
    )
    page, board = open_with(visit, record)
    as_person(board)
    leap_the_chain(board)
    page.wait_for_function(
        "b => b.querySelector('.board-turn').textContent.includes('Game over')",
        arg=board.element_handle(),
    )
    text = board.locator(".board-turn").text_content()
    assert "Black wins" in text and "no pieces" in text


def test_computer_against_computer_plays_on(visit):
    page, board = open_page(visit)
    board.locator('select[data-action="level"]').select_option("random")
    board.locator('select[data-action="opponent"]').select_option("cvc")
    # several moves by each side, with nobody clicking (no game ends in four moves)
    page.wait_for_function(
        "b => b.querySelectorAll('.aw-movelist .aw-move').length >= 4",
        arg=board.element_handle(),
    )
    played = [m.text_content().strip() for m in board.locator(".aw-movelist .aw-move").all()]
    assert len(played) >= 4 and all(played), played
    assert "Game over" not in board.locator(".board-turn").text_content()
    # it is still playing: Stop is offered, and stops it
    stop = board.get_by_role("button", name=re.compile("Stop"))
    assert stop.is_enabled()
    stop.click()
    page.wait_for_function(
        "b => b.querySelector('[data-role=live]').textContent.includes('Stopped')",
        arg=board.element_handle(),
    )


def test_bent_leap_asks_which_piece_to_take(visit):
    # under `bent`, t4 reaches b4 by leaping m4 or m5: the reader chooses
    record = engine_record(
        "awithlaknannai.new", {"ruleset": "bent", "position": "WWWWWWWW/W..BBBBBB/B...BBBB W 0"}
    )
    page, board = open_with(visit, record)
    as_person(board)
    point(board, "t4").click()
    point(board, "b4").click()
    assert "Two pieces can be leapt" in board.locator("[data-role=live]").text_content()
    assert moves_text(board).strip().startswith("No moves")
    point(board, "m4").click()
    # the chain goes on from b4, back to t4 over m5
    assert "possible destination" in name_of(board, "t4")
    point(board, "t4").click()
    page.wait_for_function(
        "b => b.querySelector('.aw-movelist').textContent.includes('t4x(m4)b4xt4')",
        arg=board.element_handle(),
    )
    assert name_of(board, "m4").startswith("m4, empty") and name_of(board, "m5").startswith(
        "m5, empty"
    )


def test_a_long_game_on_the_board_is_the_game_its_record_holds(visit):
    # the computer plays both sides for a while; the board then shows the same moves, and
    # takes them back the same way, as the board opened afresh from the game's record
    record = engine_record("awithlaknannai.new", {"ruleset": "culin"})
    page, board = open_with(visit, record)
    board.locator('select[data-action="opponent"]').select_option("cvc")  # then the level is open
    board.locator('select[data-action="level"]').select_option("random")
    page.wait_for_function(
        "b => b.querySelectorAll('.aw-movelist li:not(.aw-empty)').length >= 8 "
        "|| b.querySelector('.board-turn').textContent.includes('Game over')",
        arg=board.element_handle(),
        timeout=120_000,
    )
    stop = board.get_by_role("button", name=re.compile("Stop"))
    if stop.is_enabled():
        stop.click()
    page.wait_for_function(
        f"b => {USABLE}(b.querySelector('[data-action=new]'))", arg=board.element_handle()
    )
    as_person(board)
    played, turn = moves_text(board), board.locator(".board-turn").text_content()
    board.get_by_role("button", name="Undo").click()
    page.wait_for_function(
        "([b, t]) => b.querySelector('.aw-movelist').textContent !== t",
        arg=[board.element_handle(), played],
    )
    undone = moves_text(board)
    board.get_by_role("button", name="Redo").click()
    page.wait_for_function(
        "([b, t]) => b.querySelector('.aw-movelist').textContent === t",
        arg=[board.element_handle(), played],
    )
    # the same game, opened from its record (the page's address keeps it)
    page.reload()
    board = wait_ready(page, f"#{board.get_attribute('id')}")
    assert moves_text(board) == played
    assert board.locator(".board-turn").text_content() == turn
    board.get_by_role("button", name="Undo").click()
    page.wait_for_function(
        "([b, t]) => b.querySelector('.aw-movelist').textContent !== t",
        arg=[board.element_handle(), played],
    )
    assert moves_text(board) == undone


def test_an_exercise_s_caption_follows_the_position_inline_and_presented(visit):
    """The caption of an exercise says the block's position; after a move it says the
    position on the board (never "The start of Mosona. Black to move." beside a turn line
    that says White must capture), on the page and while the board is presented."""
    page = visit.page()
    page.goto(visit.base + "/teachers/forced-captures/")
    board = wait_ready(page, "#opening")
    caption = board.locator("[data-role=caption]")
    assert caption.text_content() == "The start of Mosona. Black to move."
    point(board, "m6").click()
    point(board, "m5").click()
    page.wait_for_function(
        "b => b.querySelector('.aw-movelist').textContent.includes('m6-m5')",
        arg=board.element_handle(),
    )
    # the turn line may say more (with the aids, that White must capture): the caption says
    # only what the position is
    assert "White must capture" in board.locator(".board-turn").text_content()
    assert caption.text_content() == "The board after 1 move. White to move."
    board.locator("[data-action=present]").click()
    page.wait_for_function("b => b.classList.contains('is-presenting')", arg=board.element_handle())
    assert caption.is_visible()
    point(board, "m4").click()
    point(board, "m6").click()
    page.wait_for_function(
        "b => b.querySelector('.aw-movelist').textContent.includes('m4xm6')",
        arg=board.element_handle(),
    )
    assert caption.text_content() == "The board after 2 moves. Black to move."
    page.keyboard.press("Escape")
    for _ in range(2):
        board.locator("[data-action=undo]").click()
        page.wait_for_function(
            f"b => {USABLE}(b.querySelector('[data-action=new]'))", arg=board.element_handle()
        )
    page.wait_for_function(
        "c => c.textContent === 'The start of Mosona. Black to move.'",
        arg=caption.element_handle(),
    )
