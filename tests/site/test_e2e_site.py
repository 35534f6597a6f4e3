"""The boards across pages: links, saved games, one Python per visit, nothing off the origin."""

from __future__ import annotations

from urllib.parse import quote, urlsplit

import pytest
from playwright.sync_api import expect
from site_visits import axe_findings, play_a_move
from test_e2e_support import USABLE, Visit, board_id, boards_on, wait_ready

pytestmark = pytest.mark.browser

AW = "/awithlaknannai/"
ZA = "/zohn-ahl/"


def aw_board(page):
    board = wait_ready(page, '.board[data-game="awithlaknannai"]')
    board.locator('select[data-action="opponent"]').select_option("person")
    return board


def label(board, name):
    return board.locator(f'[data-point="{name}"]').get_attribute("aria-label")


def play(page, board, *points, expect):
    for p in points:
        board.locator(f'[data-point="{p}"]').click()
    page.wait_for_function(
        f"b => b.querySelector('.aw-movelist').textContent.includes({expect!r})",
        arg=board.element_handle(),
    )


def test_copied_link_reopens_the_same_position(visit):
    page = visit.page()
    page.goto(visit.base + AW)
    board = aw_board(page)
    board.locator('[data-action="new"]').click()
    page.wait_for_function(
        f"b => {USABLE}(b.querySelector('[data-action=new]'))", arg=board.element_handle()
    )
    play(page, board, "m6", "m5", expect="m6-m5")
    play(page, board, "m4", "m6", expect="m4xm6")
    board.locator('[data-action="link"]').click()
    link = board.locator(".board-link").input_value()
    # the same page, the game in the fragment (never sent to a server, so never cut short)
    assert link.startswith(f"{visit.base}{AW}#game-") and "?" not in link
    labels = {p: label(board, p) for p in ("m4", "m5", "m6", "b5")}
    bid = board.get_attribute("id")
    # another reader, with nothing saved, opens the link (the saved game is cleared)
    page.close()
    visit.warm.reset()
    page2 = visit.page()
    page2.goto(link)
    board2 = wait_ready(page2, f"#{bid}")
    assert "m6-m5" in board2.locator(".aw-movelist").text_content()
    assert "m4xm6" in board2.locator(".aw-movelist").text_content()
    for p, said in labels.items():
        assert label(board2, p) == said


def test_reload_resumes_the_game(visit):
    page = visit.page()
    page.goto(visit.base + AW)
    board = aw_board(page)
    board.locator('[data-action="new"]').click()
    page.wait_for_function(
        f"b => {USABLE}(b.querySelector('[data-action=new]'))", arg=board.element_handle()
    )
    play(page, board, "b5", "m5", expect="b5-m5")
    # the bare address (no game in it): the saved game comes back from localStorage
    page.goto(visit.base + AW)
    board = wait_ready(page, '.board[data-game="awithlaknannai"]')
    assert (
        board.locator(".aw-movelist").text_content().strip().startswith("1.b5-m5")
        or "b5-m5" in board.locator(".aw-movelist li").first.text_content()
    )


def test_tampered_link_shows_a_message_and_a_fresh_board(visit):
    page = visit.page()
    bid = boards_on(visit.base, AW, "awithlaknannai")[0]["id"]
    bad = '[Game "awithlaknannai"]\n[Ruleset "culin"]\n\n1. m6-m5 m4xm6 2. t1xb8'
    page.goto(f"{visit.base}{AW}?game-{bid}={quote(bad)}#{bid}")
    board = wait_ready(page, f"#{bid}")
    status = board.locator("[data-role=status]")
    assert status.is_visible()
    assert "could not be read" in status.text_content()
    assert "t1xb8" in status.text_content()  # the engine's own words, quoting the bad move
    assert "No moves" in board.locator(".aw-movelist").text_content()
    assert label(board, "m5").startswith("m5, empty")
    # the #anchor still points at the board
    assert page.evaluate("location.hash") == f"#{bid}"


def test_tampered_saved_game_shows_a_message(visit):
    page = visit.page()
    page.goto(visit.base + ZA)
    bid = board_id(page, "zohn-ahl")
    # the board has opened its game first: a board still starting would read the changed
    # record itself, say so and forget it, and the reload would then find nothing saved
    wait_ready(page, f"#{bid}")
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)",
        [
            f"zaa:{page.evaluate('location.pathname')}:{bid}",
            '[Game "zohn-ahl"]\n[Ruleset "nope"]\n1111',
        ],
    )
    page.reload()
    board = wait_ready(page, f"#{bid}")
    text = board.locator("[data-role=status]").text_content()
    assert "saved game could not be read" in text and "nope" in text
    assert not board.locator('[data-action="throw"]').is_disabled()


def test_a_warning_stays_through_the_computers_throw_and_goes_with_the_readers(visit):
    """A warning (here: a link the engine cannot read, the game on the board kept) is
    still there after the computer's throw, which may come before it is read; the
    reader's own next throw takes it away."""
    page = visit.page()
    page.goto(visit.base + ZA)
    bid = board_id(page, "zohn-ahl")
    board = wait_ready(page, f"#{bid}")
    throw = board.locator('[data-action="throw"]')
    log = board.locator(".za-log li:not(.za-empty)")
    side_1_to_move = board.locator(".za-side-1.is-turn")
    for _ in range(20):  # the reader throws for the first side until the turn passes
        if side_1_to_move.count():
            break
        count = log.count()
        throw.click()
        expect(log).to_have_count(count + 1, timeout=30_000)
    assert side_1_to_move.count()
    page.evaluate("id => { location.hash = `game-${id}=not%20a%20record`; }", bid)
    status = board.locator("[data-role=status]")
    expect(status).to_have_attribute("data-kind", "error", timeout=30_000)
    warning = status.text_content()
    count = log.count()
    board.locator('select[data-action="opponent"]').select_option("computer")
    expect(log).not_to_have_count(count, timeout=30_000)  # the computer has thrown
    assert status.text_content() == warning and status.get_attribute("data-kind") == "error"
    expect(board.locator(".za-side-0.is-turn")).to_have_count(1, timeout=30_000)
    count = log.count()
    throw.click()
    expect(log).not_to_have_count(count, timeout=30_000)
    expect(status).to_have_text("")


def test_a_second_page_reuses_the_running_python(visit):
    page = visit.page()
    page.goto(visit.base + ZA)
    wait_ready(page, '.board[data-game="zohn-ahl"]')
    page.evaluate("window.__e2e_mark = 1")
    # follow a link in the site's navigation (navigation.instant keeps the page's scripts)
    page.locator('a[href$="awithlaknannai/"]:visible').first.click()
    page.wait_for_url("**/awithlaknannai/")
    wait_ready(page, '.board[data-game="awithlaknannai"]')
    wasm = [u for u in visit.requests if u.endswith("pyodide.asm.wasm")]
    assert len(wasm) == 1, wasm
    engines = [u for u in visit.workers if "engine-worker" in u]
    assert len(engines) == 1, engines
    # the same page, not a reload: the script state of the first page is still there
    assert page.evaluate("window.__e2e_mark") == 1


def test_pages_without_a_board_load_no_python(visit):
    page = visit.page()
    page.goto(visit.base + "/sources/")
    page.wait_for_load_state("networkidle")
    assert page.locator(".board[data-game]").count() == 0
    assert not [
        u for u in visit.requests if "pyodide" in u or "engine-worker" in u or "runtime" in u
    ]
    assert not [u for u in visit.workers if "engine-worker" in u]


def test_a_restarted_worker_keeps_the_game(visit):
    page = visit.page()
    page.goto(visit.base + AW)
    board = aw_board(page)
    board.locator('[data-action="new"]').click()
    page.wait_for_function(
        f"b => {USABLE}(b.querySelector('[data-action=new]'))", arg=board.element_handle()
    )
    play(page, board, "m6", "m5", expect="m6-m5")
    # the worker is replaced (as after a crash or a hang): the next move still knows the game
    page.evaluate(
        "import(document.querySelector('script[src*=\"boards.js\"]').src"
        ".replace(/boards\\.js.*$/, 'engine-client.js')).then(m => m.getEngine().restart())"
    )
    play(page, board, "m4", "m6", expect="m4xm6")
    assert "m6-m5" in board.locator(".aw-movelist").text_content()
    assert len([u for u in visit.workers if "engine-worker" in u]) == 2


def test_every_board_page_stays_on_the_origin(every_page):
    """Every page with a board, its boards started and a move made on each kind (the shared
    visit of every page): not one request leaves the page's origin."""
    with_boards = {rel: seen for rel, seen in every_page.items() if seen.boards}
    assert len(with_boards) > 20 and "zohn-ahl/" in with_boards and "fr/zohn-ahl/" in with_boards
    assert {
        rel: (s.started, s.boards) for rel, s in with_boards.items() if s.started != s.boards
    } == {}
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(with_boards["zohn-ahl/"].requests[0]))
    elsewhere = {
        rel: [u for u in seen.requests if not u.startswith((origin + "/", "data:", "blob:"))]
        for rel, seen in with_boards.items()
    }
    assert {rel: urls for rel, urls in elsewhere.items() if urls} == {}
    # the engine's own requests are among those seen (the runtime, from the same origin)
    assert any(u.endswith("pyodide.asm.wasm") for s in with_boards.values() for u in s.requests)


def test_a_board_says_in_plain_words_when_python_cannot_start(browser, site_dir, serve):
    # .wasm served with the wrong type: Pyodide never finishes, the 20-second limit speaks
    base = serve(site_dir, wasm_type="application/octet-stream").rstrip("/")
    v = Visit(browser, base)
    try:
        page = v.page()
        page.goto(base + ZA)
        board = page.locator('.board[data-game="zohn-ahl"]').first
        page.wait_for_function(
            "b => b.dataset.ready === 'error'", arg=board.element_handle(), timeout=60_000
        )
        status = board.locator("[data-role=status]")
        assert status.is_visible()
        assert (
            "could not be played" in status.text_content()
            or "cannot be played" in status.text_content()
        )
        assert board.locator('[data-action="throw"]').is_disabled()
        assert board.locator('[data-action="retry"]').is_visible()
        assert board.locator("[data-role=board] svg").is_visible()  # the picture still stands
        assert not v.off_origin()
    finally:
        v.close()


def test_loading_state_then_playable(cold_visit):
    # (a fresh browser: Python's first start, the one a reader waits for longest)
    visit = cold_visit
    page = visit.page()
    page.goto(visit.base + ZA, wait_until="domcontentloaded")
    board = page.locator('.board[data-game="zohn-ahl"]').first
    # Python takes seconds to start: until then the board says so and its controls wait
    assert board.get_attribute("data-ready") != "true"
    assert "Loading" in board.locator("[data-role=status]").text_content()
    assert board.locator('[data-action="throw"]').is_disabled()
    wait_ready(page, '.board[data-game="zohn-ahl"]')
    assert (
        board.locator('[data-action="throw"]').is_enabled()
        or "computer" in board.locator(".board-turn").text_content()
    )
    assert not board.locator("[data-role=status]").is_visible()


# An init script: the moments each board is mounted and becomes playable, in order.
NOTE_BOARDS = """(() => {
  window.__boards = [];
  new MutationObserver((changes) => {
    for (const c of changes) {
      const b = c.target;
      if (b.classList && b.classList.contains('board')) window.__boards.push([b.id, c.attributeName, b.getAttribute(c.attributeName)]);
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-mounted', 'data-ready'] });
})()"""
LESSON = "/teachers/forced-captures/"  # a lesson of eight boards, one under the other
STUDENT = "/students/forced-captures/"  # the same lesson for students
MOUNTED = (
    "() => [...document.querySelectorAll('.board')].filter(b => b.dataset.mounted).map(b => b.id)"
)


@pytest.mark.parametrize("fragment", ["", "#trap"])
def test_the_boards_near_the_view_come_to_life_and_the_others_wait(visit, fragment):
    """A board is set up as the reader comes near it: the one in view plays, and a board
    far down the page stays the build's drawing (no script has touched it) until the
    reader scrolls to it, then plays too."""
    page = visit.page()
    page.add_init_script(NOTE_BOARDS)
    page.goto(visit.base + LESSON + fragment)
    order = page.evaluate("[...document.querySelectorAll('.board')].map(b => b.id)")
    assert len(order) == 8
    in_view, far = (order[-1], order[0]) if fragment else (order[0], order[-1])
    if not fragment:
        page.locator(f"#{in_view}").scroll_into_view_if_needed()
    wait_ready(page, f"#{in_view}")
    page.wait_for_timeout(500)  # (a board the page would set up anyway has begun by now)
    assert far not in page.evaluate(MOUNTED)
    far_board = page.locator(f"#{far}")
    # the far board is drawn: its pieces stand on its points before any set-up
    assert far_board.locator(".aw-piece").count() > 0
    assert far_board.get_attribute("data-ready") == "false"
    # a board waiting for the reader (its drawing a tab stop) is nothing serious for axe-core
    blocking = [
        f["id"] for f in axe_findings(page, f"#{far}") if f["impact"] in ("serious", "critical")
    ]
    assert not blocking, blocking
    far_board.scroll_into_view_if_needed()
    wait_ready(page, f"#{far}")
    events = page.evaluate("window.__boards")
    assert events.index([far, "data-mounted", "true"]) > events.index(
        [in_view, "data-ready", "true"]
    )
    assert play_a_move(page, far_board)


def test_a_board_just_below_the_first_screen_waits_for_the_reader_to_move(visit):
    """As the page opens, only a board in view is set up: one just below the first screen
    stays the build's drawing until the reader scrolls (a little, not to it), then it is
    set up, a quarter of a screen ahead of the view, and plays."""
    page = visit.page()
    page.set_viewport_size({"width": 412, "height": 823})
    page.goto(visit.base + "/zohn-ahl/")
    board = page.locator(".board[data-game]").first
    top = board.evaluate("b => b.getBoundingClientRect().top + scrollY")
    # the window's bottom 60 px above the board: within a quarter of a screen of it
    height = round(top) - 60
    assert height > 400, top
    page.set_viewport_size({"width": 412, "height": height})
    page.goto(visit.base + "/zohn-ahl/")
    page.wait_for_timeout(1000)  # (a board the page would set up has begun by now)
    assert board.get_attribute("data-mounted") is None
    assert board.evaluate("b => b.getBoundingClientRect().top") > height
    page.mouse.wheel(0, 20)
    page.wait_for_function("b => b.dataset.mounted === 'true'", arg=board.element_handle())
    assert board.evaluate("b => b.getBoundingClientRect().top") > height  # (not yet in view)
    wait_ready(page, ".board[data-game]")
    assert play_a_move(page, board)


def test_a_board_far_down_comes_to_life_when_the_keyboard_reaches_it(visit):
    """On a student page of eight boards, a board far from the view takes the keyboard's
    focus before it is set up; the focus sets it up without the page scrolling, and the
    focus goes on to the board's own first point; the board plays."""
    page = visit.page()
    page.goto(visit.base + STUDENT)
    boards = page.locator(".board[data-game]")
    far = boards.last
    far_id = far.get_attribute("id")
    assert far_id not in page.evaluate(MOUNTED)
    at = page.evaluate("scrollY")
    # (where the page stood when the board began its set-up: the focus, handed on to the
    # board's first point once it is playable, scrolls the page to it then)
    page.evaluate(
        """b => {
          window.__setUpAt = null;
          new MutationObserver(() => { if (window.__setUpAt === null) window.__setUpAt = scrollY; })
            .observe(b, { attributes: true, attributeFilter: ['data-mounted'] });
          b.querySelector('[data-role=board]').focus({ preventScroll: true });
        }""",
        far.element_handle(),
    )
    page.wait_for_function("() => window.__setUpAt !== null")
    assert page.evaluate("window.__setUpAt") == at  # (set up by the focus, not by scrolling)
    wait_ready(page, f"#{far_id}")
    focused = page.evaluate(
        "b => b.contains(document.activeElement) && document.activeElement.dataset.point || null",
        far.element_handle(),
    )
    assert focused, "the focus left the board once it was set up"
    assert play_a_move(page, far)


def _a_game_on_the_last_board(visit) -> tuple[str, str, str]:
    """A move played on the student page's last board, scrolled to as a reader does: the
    board's id, the address's fragment that holds the game, and the move list shown."""
    page = visit.page()
    page.goto(visit.base + STUDENT)
    far = page.locator(".board[data-game]").last
    far_id = far.get_attribute("id")
    far.scroll_into_view_if_needed()
    wait_ready(page, f"#{far_id}")
    play_a_move(page, far)
    fragment = page.evaluate("() => location.hash")
    assert f"game-{far_id}=" in fragment, f"the move did not go into the address: {fragment}"
    return far_id, fragment, far.locator(".aw-movelist").text_content()


def test_a_game_link_to_a_board_far_down_opens_its_game(visit):
    """A game link names a board further down the page: that board is set up at once
    (not when the reader scrolls to it) and shows the link's game."""
    far_id, fragment, moves = _a_game_on_the_last_board(visit)
    other = visit.page()
    other.goto(visit.base + STUDENT + fragment)
    board = other.locator(f"#{far_id}")
    other.wait_for_function("b => !!b.dataset.mounted", arg=board.element_handle())
    assert other.evaluate("scrollY") == 0  # (set up for the address, not by scrolling)
    wait_ready(other, f"#{far_id}")
    assert board.locator(".aw-movelist").text_content() == moves


def test_a_game_link_followed_on_the_open_page_sets_up_the_board_it_names(visit):
    """The page is open at its top; the reader follows a game link to its last board (the
    address's fragment changes): that board, not set up yet, is set up without the page
    scrolling, opens the link's game and is playable."""
    far_id, fragment, moves = _a_game_on_the_last_board(visit)
    other = visit.page()
    other.goto(visit.base + STUDENT)
    board = other.locator(f"#{far_id}")
    assert board.get_attribute("data-mounted") is None
    other.evaluate("h => { location.hash = h; }", fragment)
    other.wait_for_function("b => !!b.dataset.mounted", arg=board.element_handle())
    assert other.evaluate("scrollY") == 0  # (set up for the address, not by scrolling)
    wait_ready(other, f"#{far_id}")
    assert board.locator(".aw-movelist").text_content() == moves


def test_print_keeps_the_board_and_drops_the_controls(visit):
    page = visit.page()
    page.goto(visit.base + AW)
    board = wait_ready(page, '.board[data-game="awithlaknannai"]')
    page.emulate_media(media="print")
    assert board.locator("[data-role=board] svg").is_visible()
    assert not board.locator("[data-role=controls]").is_visible()
    assert not board.locator('select[data-action="opponent"]').is_visible()
