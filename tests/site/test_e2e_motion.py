"""Readers who ask for less motion get none: no animation runs on a board, neither the
page's scripts nor the style sheet's, while a capture is due, a leap chain is played or
the sticks are thrown."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from test_e2e_support import Visit, engine_record, follow, wait_ready

pytestmark = pytest.mark.browser

# Black's only move is the chain m2xm4xm6 (a compulsory capture, marked on the board)
CHAIN = ".......W/.BW.W..../.......B B 0"

# every animation that runs or has run on the page since the watch began: each CSS
# animation or transition that starts (their start events), each one the scripts ask for
# (Element.animate), and those seen running by a look every 20 ms
WATCH = """() => { window.__animations = 0;
  const count = () => { window.__animations += document.getAnimations().filter(a => a.playState === 'running').length; };
  window.__watch = setInterval(count, 20);
  for (const type of ['animationstart', 'transitionrun'])
    document.addEventListener(type, () => { window.__animations += 1; }, true);
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    const animation = animate.apply(this, args);
    if (animation.effect && animation.effect.getComputedTiming().activeDuration > 0) window.__animations += 1;
    return animation;
  }; }"""
# resolves after the next two frames: what the last change set in motion has started
NEXT_FRAMES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


@pytest.fixture
def calm_visit(browser, e2e_url, warm_context):
    warm_context.check()
    v = Visit(browser, e2e_url, warm=warm_context, reduced_motion="reduce")
    yield v
    v.close()
    assert not v.errors, v.errors


def test_no_animation_with_reduced_motion(calm_visit):
    page = calm_visit.page()
    page.goto(calm_visit.base + "/awithlaknannai/rules/")
    bid = page.evaluate("""() => [...document.querySelectorAll('.board[data-game="awithlaknannai"]')]
        .find(b => JSON.parse(b.dataset.config || '{}').opponent === 'person').id""")
    record = engine_record("awithlaknannai.new", {"ruleset": "culin", "position": CHAIN})
    board = wait_ready(page, f"#{bid}")
    page.evaluate("([h]) => { location.hash = h; }", [f"game-{bid}={quote(record, safe='')}"])
    page.wait_for_function(
        "b => b.querySelector('.board-turn').textContent.includes('must capture')",
        arg=board.element_handle(),
    )
    page.evaluate(WATCH)
    assert "must capture" in board.locator(".board-turn").text_content()
    for p in ("m2", "m4", "m6"):
        board.locator(f'[data-point="{p}"]').click()
    page.wait_for_function(
        "b => b.querySelector('.aw-movelist').textContent.includes('m2xm4xm6')",
        arg=board.element_handle(),
    )
    page.evaluate(NEXT_FRAMES)
    assert page.evaluate("window.__animations") == 0
    follow(page, "/zohn-ahl/")
    board = wait_ready(page, '.board[data-game="zohn-ahl"]')
    board.locator('select[data-action="opponent"]').select_option("person")
    page.evaluate(WATCH)
    board.locator('[data-action="throw"]').click()
    page.wait_for_function(
        "b => b.querySelectorAll('.za-log li:not(.za-empty)').length >= 1",
        arg=board.element_handle(),
    )
    page.evaluate(NEXT_FRAMES)
    assert page.evaluate("window.__animations") == 0
