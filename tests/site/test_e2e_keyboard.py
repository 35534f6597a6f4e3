"""Whole games played with the keyboard only, in headless Chromium, on the built site.

The reader asks for reduced motion (so no animation slows the game down), the computer
plays at its weakest level, and a listener in the page counts every moment the focus
leaves the board for the page body: there must be none, from the first key to the end.
"""

from __future__ import annotations

import sys
from urllib.parse import quote, unquote

import pytest
from test_e2e_support import READY_MS, ROOT, USABLE, Visit, board_id, engine_record, wait_ready

pytestmark = pytest.mark.browser

MAX_KEYS = 400  # "a few hundred key presses at most" for a whole game

# Counts focus losses: a focusout with nowhere to go (relatedTarget null) while the
# element losing the focus is on a board, unless the page itself lost the focus.
WATCH_FOCUS = """() => {
  window.__focusLost = [];
  document.addEventListener('focusout', (e) => {
    if (e.relatedTarget || !e.target.closest || !e.target.closest('.board')) return;
    setTimeout(() => {
      if (document.hasFocus() && (document.activeElement === document.body || !document.activeElement))
        window.__focusLost.push(e.target.outerHTML.slice(0, 80));
    }, 0);
  }, true);
}"""


@pytest.fixture
def keyboard_visit(browser, e2e_url, warm_context):
    warm_context.check()
    v = Visit(browser, e2e_url, warm=warm_context, reduced_motion="reduce")
    yield v
    off = v.off_origin()
    v.close()
    assert not off, f"requests left the site's origin: {off}"
    assert not v.errors, f"errors in the page: {v.errors}"


def _engine():
    sys.path.insert(0, str(ROOT))
    from engine import protocol

    return protocol


def fragment_record(page, bid):
    """The record the page keeps in its address for board `bid` (None when none)."""
    hash_ = page.evaluate("location.hash").lstrip("#")
    for part in hash_.split("&"):
        key, _, value = part.partition("=")
        if key == f"game-{bid}" and value:
            return unquote(value)
    return None


def focus_on_board(page, bid):
    return page.evaluate(f"!!(document.activeElement && document.activeElement.closest('#{bid}'))")


def test_a_whole_awithlaknannai_game_against_the_computer_by_keyboard(keyboard_visit):
    protocol = _engine()
    page = keyboard_visit.page()
    page.goto(keyboard_visit.base + "/awithlaknannai/")
    board = wait_ready(page, '.board[data-game="awithlaknannai"]')
    bid = board.get_attribute("id")
    # the setting: against the computer at its weakest level, a new game (set up with
    # the form controls; the game itself is played from the keyboard only)
    board.locator('select[data-action="opponent"]').select_option("computer")
    board.locator('select[data-action="level"]').select_option("random")
    board.locator('select[data-action="ruleset"]').select_option("culin")
    board.locator('[data-action="new"]').click()
    page.wait_for_function(
        f"b => {USABLE}(b.querySelector('[data-action=new]'))", arg=board.element_handle()
    )
    page.evaluate(WATCH_FOCUS)
    # Tab into the board from the control before it: the first stop is one of its points
    board.locator('select[data-action="opponent"]').focus()
    keys = 0
    for _ in range(40):
        page.keyboard.press("Shift+Tab")
        keys += 1
        if page.evaluate(f"!!document.activeElement.closest('#{bid} [data-point]')"):
            break
    focused = lambda: page.evaluate("document.activeElement.getAttribute('data-point')")  # noqa: E731
    assert focused() is not None

    def press(key):
        nonlocal keys
        page.keyboard.press(key)
        keys += 1
        assert focus_on_board(page, bid), f"after {key}, the focus left the board"

    def go_to(target):
        row = {"t": 0, "m": 1, "b": 2}
        for _ in range(40):
            now = focused()
            if now == target:
                return
            if row[now[0]] < row[target[0]]:
                press("ArrowDown")
            elif row[now[0]] > row[target[0]]:
                press("ArrowUp")
            else:
                press("ArrowRight" if int(now[1:]) < int(target[1:]) else "ArrowLeft")
        raise AssertionError(f"could not reach {target} with the arrow keys (at {focused()})")

    mine = 0
    turn = board.locator(".board-turn")
    while True:
        page.wait_for_function(
            "b => { const t = b.querySelector('.board-turn').textContent;"
            " return t.includes('Game over') || (t.startsWith('Black') && !t.includes('thinking')); }",
            arg=board.element_handle(),
            timeout=READY_MS,
        )
        if "Game over" in turn.text_content():
            break
        record = (
            fragment_record(page, bid)
            or protocol.dispatch("awithlaknannai.new", {"ruleset": "culin"})["record"]
        )
        view = protocol.dispatch("awithlaknannai.load", {"record": record})
        assert view["to_move"] == 0, "the page says Black is to move"
        move = protocol.dispatch(
            "awithlaknannai.ai",
            {"record": record, "level": "medium", "seed": mine, "node_limit": 3000},
        )["move"]
        before = len(view["history"])
        for p in move["path"]:
            go_to(p)
            press("Enter")
        mine += 1
        # the move is made and said in words
        page.wait_for_function(
            f"b => b.querySelectorAll('.aw-movelist .aw-move').length > {before}",
            arg=board.element_handle(),
            timeout=READY_MS,
        )
        assert (
            move["notation"] in board.locator("[data-role=live]").text_content()
            or move["notation"] in board.locator(".aw-movelist").text_content()
        )
        assert keys <= MAX_KEYS, f"{keys} key presses and the game is not over"
    said = board.locator("[data-role=live]")
    assert said.get_attribute("aria-live") == "polite"
    assert "Game over" in said.text_content()
    assert "plays" in said.text_content()
    assert focus_on_board(page, bid)
    assert page.evaluate("window.__focusLost") == []
    assert mine >= 5 and keys <= MAX_KEYS


def test_a_whole_zohn_ahl_game_against_the_computer_by_keyboard(keyboard_visit):
    page = keyboard_visit.page()
    page.goto(keyboard_visit.base + "/zohn-ahl/")
    bid = board_id(page, "zohn-ahl")
    record = engine_record("zohn-ahl.new", {"options": {"ruleset": "kiowa", "counters": 1}})
    board = wait_ready(page, f"#{bid}")
    # a one-counter game, through the address (as a followed link gives it)
    page.evaluate("([h]) => { location.hash = h; }", [f"game-{bid}={quote(record, safe='')}"])
    page.wait_for_function(
        "b => b.querySelector('.za-sides').textContent.includes('Red: 1 counter')",
        arg=board.element_handle(),
    )
    board.locator('select[data-action="opponent"]').select_option("computer")
    page.evaluate(WATCH_FOCUS)
    throw = board.locator('[data-action="throw"]')
    throw.focus()
    keys = 0
    made = 0
    while True:
        # the reader's turn (Throw usable) or the end of the game
        page.wait_for_function(
            "b => { const t = b.querySelector('[data-action=throw]');"
            " return b.querySelector('.board-turn').textContent.includes('wins')"
            f" || {USABLE}(t); }}",
            arg=board.element_handle(),
            timeout=READY_MS,
        )
        if "wins" in board.locator(".board-turn").text_content():
            break
        before = board.locator(".za-log li:not(.za-empty)").count()
        page.keyboard.press("t" if keys % 2 else "Enter")
        keys += 1
        assert keys <= MAX_KEYS, f"{keys} key presses and the game is not over"
        page.wait_for_function(
            f"b => b.querySelectorAll('.za-log li:not(.za-empty)').length > {before}",
            arg=board.element_handle(),
            timeout=READY_MS,
        )
        made += 1
        # the throw is said in words, and the focus stays on the Throw button
        assert (
            "up" in board.locator("[data-role=live]").text_content().lower()
            or "marks" in board.locator("[data-role=live]").text_content()
        )
        assert page.evaluate("document.activeElement.dataset.action") == "throw"
    assert "wins the game" in board.locator("[data-role=live]").text_content()
    assert page.evaluate("document.activeElement.dataset.action") == "throw"
    assert page.evaluate("window.__focusLost") == []
    assert throw.is_disabled()
    assert made >= 1
    # the rest of the board is still reachable from there: Tab goes on to Undo
    page.keyboard.press("Tab")
    assert focus_on_board(page, bid)


# Where the focus is: in the theme's navigation drawer, in the page's text, or elsewhere
# (the skip link, the header).
FOCUS_IS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return 'body';
  if (el.closest('.md-sidebar--primary')) return 'drawer';
  if (el.closest('.md-content')) return 'content';
  return 'other';
}"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_on_a_phone_the_closed_drawer_is_out_of_the_tab_order_and_its_button_opens_it(visit, lang):
    """At 390x844 the theme's navigation is a drawer off the screen: closed, Tab from the
    top of the page goes from the header to the page's first link without entering it;
    its menu button is a named button in the Tab order that Enter opens (the focus then
    on the drawer's first link, every Tab inside it) and Escape closes (the focus back on
    the button); opened with a tap, its links come in the Tab order after the button."""
    prefix = "" if lang == "en" else "/fr"
    page = visit.page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{visit.base}{prefix}/zohn-ahl/history/")
    first = page.locator(".md-content a[href]").first
    path = []
    for _ in range(30):
        page.keyboard.press("Tab")
        path.append(page.evaluate(FOCUS_IS))
        if path[-1] == "content":
            break
    assert path[-1] == "content" and "drawer" not in path, path
    assert first.evaluate("el => el === document.activeElement")
    drawer = page.locator(".md-sidebar--primary")
    assert drawer.is_hidden()
    button = page.get_by_role("button", name="Navigation", exact=True)
    assert button.get_attribute("aria-expanded") == "false"
    button.focus()
    page.keyboard.press("Enter")
    drawer.wait_for(state="visible")
    assert button.get_attribute("aria-expanded") == "true"
    page.wait_for_function("() => document.activeElement.closest('.md-sidebar--primary')")
    for _ in range(3):
        page.keyboard.press("Tab")
        assert page.evaluate(FOCUS_IS) == "drawer"
    page.keyboard.press("Escape")
    drawer.wait_for(state="hidden")
    assert button.evaluate("el => el === document.activeElement")
    assert button.get_attribute("aria-expanded") == "false"
    button.click()  # a tap
    drawer.wait_for(state="visible")
    path = []
    for _ in range(12):
        page.keyboard.press("Tab")
        path.append(page.evaluate(FOCUS_IS))
        if path[-1] != "other":
            break
    assert path[-1] == "drawer", path


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_table_wider_than_a_phone_is_scrolled_from_the_keyboard(visit, lang):
    """On a phone a lesson's long table scrolls sideways in its wrapper: the keyboard
    reaches the wrapper (a region named by the heading it stands under) and the arrow keys
    scroll it; on a projector's width the same table fits and the wrapper is no stop."""
    prefix = "" if lang == "en" else "/fr"
    page = visit.page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{visit.base}{prefix}/teachers/two-accounts/")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.md-typeset__scrollwrap')]"
        ".some(w => w.scrollWidth > w.clientWidth + 1 && w.tabIndex === 0)"
    )
    wide = page.locator(".md-typeset__scrollwrap[tabindex='0']")
    names = [wide.nth(i).get_attribute("aria-label") for i in range(wide.count())]
    assert len(set(names)) == len(names), names  # two regions are told apart by their names
    for i in range(wide.count()):
        wrap = wide.nth(i)
        name = wrap.get_attribute("aria-label") or ""
        assert wrap.get_attribute("role") == "region" and name.strip(), wrap.inner_html()[:200]
        assert "¶" not in name
    wrap = wide.first
    wrap.focus()
    assert wrap.evaluate("w => w.scrollLeft") == 0
    page.keyboard.press("ArrowRight")
    page.wait_for_function("w => w.scrollLeft > 0", arg=wrap.element_handle())
    scrolls = page.evaluate(
        "() => [...document.querySelectorAll('.md-typeset__scrollwrap')]"
        ".filter(w => w.scrollWidth > w.clientWidth + 1).length"
    )
    assert scrolls == wide.count()
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.wait_for_function(
        "() => [...document.querySelectorAll('.md-typeset__scrollwrap')]"
        ".every(w => (w.scrollWidth > w.clientWidth + 1) === w.hasAttribute('tabindex'))"
    )
