"""WCAG 2.2's new level-AA criteria, checked in headless Chromium on the built site:

- 2.4.11 Focus Not Obscured: tabbing through a long page, forwards and backwards
  (links, headings' permalinks, footnotes, board controls and points), no part of the
  focused element is under the sticky header (the page keeps room for it with
  ``scroll-padding-top``, docs/assets/css/extra.css).
- 2.5.7 Dragging Movements: every board action is a click (or tap) or a key: a move on
  each game by clicks and by keys, and no board listens for a drag or a pointer's move.
- 2.5.8 Target Size (Minimum): every target on the pages of each kind, at a phone's and
  a laptop's size, is at least 24 by 24 CSS pixels, or one of the criterion's exceptions
  holds: *inline* (a link in a sentence, whose size the line of text sets), or *spacing*
  (a circle of 24 px diameter centred on the target's box meets no other target and no
  other small target's circle).
"""

from __future__ import annotations

import pytest
from test_e2e_support import READY_MS, USABLE, come_near, wait_ready

pytestmark = pytest.mark.browser

# Each kind of page: home (two boards), a history page (footnotes), a board page of each
# game, a student page with eight boards, the class results page, a French page.
KINDS = (
    "/",
    "/zohn-ahl/history/",
    "/zohn-ahl/",
    "/awithlaknannai/",
    "/students/forced-captures/",
    "/teachers/results/",
    "/fr/zohn-ahl/rules/",
)
SCREENS = ((390, 844), (1366, 768))

# (a board the page keeps shut, a students' board waiting for an earlier answer, is not
# on the screen: it is set up when it opens)
ALL_BOARDS_READY = """() => [...document.querySelectorAll('.board[data-game]')]
  .filter((b) => b.checkVisibility())
  .every((b) => b.dataset.ready === 'true' || b.dataset.ready === 'error')"""


def open_kind(visit, path, width, height):
    page = visit.page()
    page.set_viewport_size({"width": width, "height": height})
    page.goto(visit.base + path)
    # (every board set up: scrolled to, as a reader comes to each, then back to the top)
    for board in page.locator(".board[data-game]:visible").all():
        come_near(board)
    page.wait_for_function(ALL_BOARDS_READY, timeout=READY_MS)
    page.evaluate("scrollTo(0, 0)")
    return page


# ---------------------------------------------------------------------- 2.4.11

# What the focused element shows: a grid of points over its box (inside the viewport);
# for each, whether the topmost element there is the sticky header. An element with no
# box, or off the screen (the theme's closed drawer on a phone), reports nothing; "left"
# when the focus is out of the page's body and footer (the walk is over: the header's
# search, once it has the focus, lays its overlay over the page).
UNDER_HEADER = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const header = document.querySelector('.md-header');
  if (!el.closest('.md-main, .md-footer')) return 'left';
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return null;
  if (r.right <= 0 || r.left >= innerWidth) return null;  // in a closed drawer, off the screen
  const covered = [];
  for (let i = 0; i <= 4; i++) for (let j = 0; j <= 4; j++) {
    const x = Math.min(Math.max(r.left + 1 + (r.width - 2) * i / 4, 0), innerWidth - 1);
    const y = Math.min(Math.max(r.top + 1 + (r.height - 2) * j / 4, 0), innerHeight - 1);
    const top = document.elementFromPoint(x, y);
    if (top && header.contains(top)) covered.push([Math.round(x), Math.round(y)]);
  }
  const what = el.outerHTML.slice(0, 90);
  return { what, covered, top: Math.round(r.top), headerBottom: Math.round(header.getBoundingClientRect().bottom) };
}"""

# The long pages tabbed through: footnotes and permalinks; a board page; a student page.
LONG_PAGES = ("/zohn-ahl/history/", "/awithlaknannai/", "/students/forced-captures/")
TABS = 160  # key presses each way, from the top of the article and from the end of the page
# (the top of the page's text: the navigation before it is the theme's, and on a phone
# a closed drawer that the keyboard walks through unseen)
START_AT_THE_ARTICLE = """() => {
  const article = document.querySelector('article');
  window.scrollTo(0, 0);
  article.tabIndex = -1;
  article.focus();
}"""


@pytest.mark.parametrize("width,height", SCREENS, ids=["phone", "laptop"])
def test_the_focused_element_is_never_under_the_sticky_header(visit, width, height):
    hidden, seen = [], set()
    for path in LONG_PAGES:
        for key in ("Tab", "Shift+Tab"):
            page = open_kind(visit, path, width, height)
            if key == "Tab":  # from the top of the article, forwards
                page.evaluate(START_AT_THE_ARTICLE)
            else:  # from the end of the page, backwards
                page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
                page.locator(".md-footer a, .md-footer button").last.focus()
            for _ in range(TABS):
                page.keyboard.press(key)
                found = page.evaluate(UNDER_HEADER)
                if found is None:
                    continue
                if found == "left":
                    break  # out of the page's body and footer: into the header
                seen.add(found["what"])
                if found["covered"]:
                    hidden.append(f"{path} {width}x{height} {key}: {found}")
            page.close()
    # the walk reached the kinds of element the criterion is about
    assert any('"headerlink' in w for w in seen), "no heading permalink was focused"
    assert any("footnote-backref" in w for w in seen), "no footnote back-link was focused"
    assert any("board-button" in w or "data-point" in w for w in seen), "no board control"
    assert not hidden, "focused elements under the header:\n" + "\n".join(hidden[:20])


# ---------------------------------------------------------------------- 2.5.7

# Notes every listener added for a drag or a pointer's move, on or inside a board.
NOTE_DRAG_LISTENERS = """(() => {
  window.__dragListeners = [];
  const add = EventTarget.prototype.addEventListener;
  const kinds = /^(drag|dragstart|dragend|dragover|dragenter|drop|pointermove|mousemove|touchmove)$/;
  EventTarget.prototype.addEventListener = function (type, ...rest) {
    if (kinds.test(type) && this instanceof Element && this.closest('.board'))
      window.__dragListeners.push(type + ' on ' + this.outerHTML.slice(0, 60));
    return add.call(this, type, ...rest);
  };
})()"""


def _no_drag(page):
    assert page.evaluate("window.__dragListeners") == []
    assert page.locator('.board [draggable="true"]').count() == 0


def test_an_awithlaknannai_move_is_two_clicks_or_two_keys_never_a_drag(visit):
    page = visit.page()
    page.add_init_script(NOTE_DRAG_LISTENERS)
    page.goto(visit.base + "/awithlaknannai/")
    board = wait_ready(page, '.board[data-game="awithlaknannai"]')
    board.locator('select[data-action="opponent"]').select_option("person")
    page.wait_for_function(
        f"b => {USABLE}(b.querySelector('[data-action=new]'))", arg=board.element_handle()
    )
    moves = board.locator(".aw-movelist")
    # by clicks (a tap is a click): the piece, then the point it goes to
    board.locator('[data-point="m6"]').click()
    board.locator('[data-point="m5"]').click()
    page.wait_for_function(
        "m => m.textContent.includes('m6-m5')", arg=moves.element_handle(), timeout=READY_MS
    )
    # by keys: White's capture m4xm6, each point given the focus and chosen with Enter
    board.locator('[data-point="m4"]').focus()
    page.keyboard.press("Enter")
    board.locator('[data-point="m6"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "m => m.textContent.includes('m4xm6')", arg=moves.element_handle(), timeout=READY_MS
    )
    # and the board's buttons by a key too: Undo takes the capture back
    board.locator('button[data-action="undo"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "m => !m.textContent.includes('m4xm6')", arg=moves.element_handle(), timeout=READY_MS
    )
    _no_drag(page)


def test_a_zohn_ahl_throw_is_a_click_or_a_key_never_a_drag(visit):
    """The board's one action of its own, the throw: by a click, by Enter on its button,
    and by the T key; each throw goes into the game's record (the page's address)."""
    page = visit.page()
    page.add_init_script(NOTE_DRAG_LISTENERS)
    page.goto(visit.base + "/zohn-ahl/")
    board = wait_ready(page, '.board[data-game="zohn-ahl"]')
    throw = board.locator('button[data-action="throw"]')
    for press in ("click", "Enter", "T"):
        page.wait_for_function(f"b => {USABLE}(b)", arg=throw.element_handle(), timeout=READY_MS)
        before = page.evaluate("location.hash")
        if press == "click":
            throw.click()
        else:
            throw.focus()
            page.keyboard.press(press)
        page.wait_for_function("h => location.hash !== h", arg=before, timeout=READY_MS)
    _no_drag(page)


# ---------------------------------------------------------------------- 2.5.8

# Every target of the page, measured: its box in the page's coordinates, whether it is
# inline in running text (the criterion's "inline" exception), and a few words to name it.
TARGETS = """() => {
  const sel = 'a[href], button, input:not([type=hidden]), select, textarea, summary, ' +
    'label[for], [tabindex]:not([tabindex="-1"]), [role=button], [data-point]';
  const out = [];
  for (const el of document.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.pointerEvents === 'none') continue;
    if (r.right <= 0 || r.left >= document.documentElement.scrollWidth) continue;  // off-canvas
    const hiddenBox = el.closest('[hidden], [inert], [aria-hidden=true]');
    if (hiddenBox && !el.closest('svg')) continue;
    // clipped away by a scrolling or hiding ancestor (a closed drawer, a visually hidden text)
    let clipped = false;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflow === 'visible' && s.clip === 'auto') continue;
      const b = a.getBoundingClientRect();
      if (r.right <= b.left || r.left >= b.right || r.bottom <= b.top || r.top >= b.bottom) { clipped = true; break; }
    }
    if (clipped) continue;
    let inline = false;
    if (style.display === 'inline' && el.tagName === 'A') {
      let block = el.parentElement;
      while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
      const own = (el.textContent || '').trim().length;
      inline = !!block && (block.textContent || '').trim().length > own + 1;
    }
    out.push({ x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height, inline,
      what: el.outerHTML.slice(0, 100), index: out.length, path: [] });
    el.dataset.targetIndex = String(out.length - 1);
  }
  // which target lies inside which (a point's hit area inside its group, say)
  for (const el of document.querySelectorAll('[data-target-index]')) {
    const i = Number(el.dataset.targetIndex);
    for (let a = el.parentElement; a; a = a.parentElement)
      if (a.dataset && a.dataset.targetIndex) out[i].path.push(Number(a.dataset.targetIndex));
    delete el.dataset.targetIndex;
  }
  return out;
}"""

MIN = 24.0


def _distance_to_box(cx: float, cy: float, t: dict) -> float:
    dx = max(t["x"] - cx, 0.0, cx - (t["x"] + t["w"]))
    dy = max(t["y"] - cy, 0.0, cy - (t["y"] + t["h"]))
    return (dx * dx + dy * dy) ** 0.5


def too_small(targets: list[dict]) -> list[str]:
    """The targets under 24 x 24 px for which neither exception holds (2.5.8)."""
    small = [t for t in targets if (t["w"] < MIN - 0.01 or t["h"] < MIN - 0.01) and not t["inline"]]
    centre = {t["index"]: (t["x"] + t["w"] / 2, t["y"] + t["h"] / 2) for t in targets}
    small_ids = {t["index"] for t in small}
    failed = []
    for t in small:
        cx, cy = centre[t["index"]]
        for other in targets:
            o = other["index"]
            if o == t["index"] or o in t["path"] or t["index"] in other["path"]:
                continue  # the same control: one target inside the other
            meets_box = _distance_to_box(cx, cy, other) < MIN / 2 - 0.01
            ox, oy = centre[o]
            meets_circle = o in small_ids and ((cx - ox) ** 2 + (cy - oy) ** 2) ** 0.5 < MIN - 0.01
            if meets_box or meets_circle:
                failed.append(
                    f"{t['w']:.0f}x{t['h']:.0f} {t['what']}  (its circle meets "
                    f"{other['w']:.0f}x{other['h']:.0f} {other['what'][:60]})"
                )
                break
    return failed


def test_the_spacing_exception_is_measured_as_the_criterion_says():
    box = {"w": 30.0, "h": 30.0, "inline": False, "path": []}
    small = {"w": 16.0, "h": 16.0, "inline": False, "path": []}
    # a small target whose 24 px circle stays clear of a big one: passes
    assert not too_small(
        [
            {**small, "x": 0, "y": 0, "index": 0, "what": "a"},
            {**box, "x": 24, "y": 0, "index": 1, "what": "b"},
        ]
    )
    # 3 px closer, its circle (radius 12 from its centre at 8) reaches x = 20 < 21: fails
    assert too_small(
        [
            {**small, "x": 0, "y": 0, "index": 0, "what": "a"},
            {**box, "x": 19, "y": 0, "index": 1, "what": "b"},
        ]
    )
    # two small targets 23 px apart centre to centre: their circles meet
    assert too_small(
        [
            {**small, "x": 0, "y": 0, "index": 0, "what": "a"},
            {**small, "x": 23, "y": 0, "index": 1, "what": "b"},
        ]
    )
    # ... 24 px apart they do not
    assert not too_small(
        [
            {**small, "x": 0, "y": 0, "index": 0, "what": "a"},
            {**small, "x": 24, "y": 0, "index": 1, "what": "b"},
        ]
    )
    # a link in a sentence is exempt whatever its size
    assert not too_small(
        [
            {**small, "inline": True, "x": 0, "y": 0, "index": 0, "what": "a"},
            {**small, "x": 10, "y": 0, "index": 1, "what": "b"},
        ][:1]
    )


def test_every_target_is_24_px_or_spaced_on_every_kind_of_page(visit):
    failed = []
    measured = 0
    for width, height in SCREENS:
        for path in KINDS:
            page = open_kind(visit, path, width, height)
            targets = page.evaluate(TARGETS)
            measured += len(targets)
            failed += [f"{path} {width}x{height}: {f}" for f in too_small(targets)]
            page.close()
    assert measured > 500
    assert not failed, f"{len(failed)} targets too small and too close:\n" + "\n".join(failed[:40])
