"""The pages on small screens, the lab's form controls, and the language switch that keeps
the reader's place (Chromium)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from site_visits import built_pages, play_a_move, wait_playable
from test_e2e_support import READY_MS

pytestmark = pytest.mark.browser

PHONES = [{"width": 320, "height": 640}, {"width": 390, "height": 844}]

# How far the page reaches beyond the screen's right edge, and the widest elements there.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > width + 1 && e.getClientRects().length)
    .filter(e => !e.closest('.md-sidebar, .md-search, .md-header, .md-nav'))
    .filter(e => { // what a box of its own scrolls does not widen the page
      for (let n = e.parentElement; n && n !== document.body; n = n.parentElement)
        if (getComputedStyle(n).overflowX !== 'visible') return false;
      return true;
    })
    .map(e => e.tagName.toLowerCase() + (e.className && typeof e.className === 'string'
      ? '.' + e.className.trim().split(/\\s+/).join('.') : ''))
    .slice(0, 5);
  return {extra: document.documentElement.scrollWidth - width, wide};
}"""


def _public_pages(site_dir) -> list[str]:
    return [p for p in built_pages(site_dir) if p not in ("404.html", "fr/404.html")]


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_no_public_page_is_wider_than_a_phone(browser, site_dir, site_url, size):
    """Nothing makes a reader scroll sideways at 320 or 390 px (the boards are given their
    width and drawn before the check: their scripts run; Python is not needed)."""
    context = browser.new_context(viewport=size, has_touch=True, service_workers="block")
    context.route("**/pyodide/**", lambda route: route.abort())
    page = context.new_page()
    too_wide = {}
    try:
        for path in _public_pages(site_dir):
            page.goto(site_url + path, wait_until="load")
            found = page.evaluate(OVERFLOW)
            if found["extra"] > 0:
                too_wide[path] = found
    finally:
        context.close()
    assert not too_wide, f"pages wider than {size['width']} px: {too_wide}"


def _contrast(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    def luminance(rgb):
        channels = [c / 255 for c in rgb[:3]]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _rgb(css: str) -> tuple[float, ...]:
    return tuple(float(x) for x in re.findall(r"[\d.]+", css)[:3])


LOOK = """e => {
  const s = getComputedStyle(e);
  let bg = 'rgb(255, 255, 255)';
  for (let n = e; n; n = n.parentElement) {
    const c = getComputedStyle(n).backgroundColor;
    if (c && c !== 'transparent' && !c.startsWith('rgba(0, 0, 0, 0)')) { bg = c; break; }
  }
  return {border: s.borderTopWidth, style: s.borderTopStyle, color: s.borderTopColor,
          outline: s.outlineWidth, outlineStyle: s.outlineStyle, outlineColor: s.outlineColor,
          page: getComputedStyle(document.body).backgroundColor, bg};
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_labs_controls_have_a_border_and_a_focus_ring(visit, scheme):
    page = visit.page()
    page.emulate_media(color_scheme=scheme)
    page.goto(visit.base + "/teachers/probability-lab/")
    assert page.evaluate("document.body.dataset.mdColorScheme") == (
        "slate" if scheme == "dark" else "default"
    )
    bias = page.locator("input[data-lab=bias]")
    button = page.locator("button[data-lab=recompute]")
    page.wait_for_function("e => !e.disabled", arg=bias.element_handle(), timeout=READY_MS)
    for control in (bias, page.locator("select[data-lab=counters]"), button):
        look = control.evaluate(LOOK)
        assert look["style"] == "solid" and float(look["border"].rstrip("px")) >= 1, look
        # a border a reader can see against the page (WCAG 1.4.11: 3:1)
        assert _contrast(_rgb(look["color"]), _rgb(look["page"])) >= 3, look
    # the focus ring, reached with the keyboard
    bias.click()
    for control in (bias, page.locator("select[data-lab=counters]"), button):
        if control is not bias:
            page.keyboard.press("Tab")
        assert control.evaluate("e => e === document.activeElement")
        look = control.evaluate(LOOK)
        assert look["outlineStyle"] == "solid", look
        assert float(look["outline"].rstrip("px")) >= 2, look
        assert _contrast(_rgb(look["outlineColor"]), _rgb(look["page"])) >= 3, look


HEADER_BOTTOM = "document.querySelector('.md-header').getBoundingClientRect().bottom"
# The heading `id` is at the top of the screen, just below the header.
AT_TOP = f"""id => {{
  const h = document.getElementById(id);
  if (!h) return false;
  const gap = h.getBoundingClientRect().top - {HEADER_BOTTOM};
  return gap >= -2 && gap < 80;
}}"""


def _wait_at_top(page, anchor):
    try:
        page.wait_for_function(AT_TOP, arg=anchor)
    except PlaywrightTimeout:
        where = page.evaluate(
            "() => [location.href.slice(0, 120), scrollY, [...document.querySelectorAll("
            "'article [id]:is(h1, h2, h3)')].map(h => h.id + ':' + "
            "Math.round(h.getBoundingClientRect().top)).join(' ')]"
        )
        raise AssertionError(f"#{anchor} is not at the top of the screen: {where}") from None


def _game(page, board_id):
    return page.evaluate(
        """id => {
          for (const part of location.hash.slice(1).split('&')) {
            const at = part.indexOf('=');
            if (at > 0 && decodeURIComponent(part.slice(0, at)) === 'game-' + id)
              return decodeURIComponent(part.slice(at + 1));
          }
          return null;
        }""",
        board_id,
    )


def _switch(page, lang):
    page.hover(".md-select button")
    page.click(f".md-select a[hreflang='{lang}']")
    page.wait_for_function("l => document.documentElement.lang === l", arg=lang)


def test_the_language_switch_keeps_the_section_and_the_game(visit):
    page = visit.page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(visit.base + "/awithlaknannai/rules/")
    board = page.locator(".board[data-game]").first
    board_id = board.get_attribute("id")
    assert wait_playable(page, board)
    play_a_move(page, board)
    page.wait_for_function("id => location.hash.includes('game-' + id)", arg=board_id)
    game = _game(page, board_id)

    # the reader scrolls to a section below the board (one that can reach the top)
    headings = page.evaluate(
        f"""b => [...document.querySelectorAll('article h2[data-anchor-fr]')]
          .filter(h => b.compareDocumentPosition(h) & Node.DOCUMENT_POSITION_FOLLOWING)
          .filter(h => h.getBoundingClientRect().top + scrollY - {HEADER_BOTTOM}
                       < document.documentElement.scrollHeight - innerHeight)
          .map(h => [h.id, h.dataset.anchorFr])""",
        board.element_handle(),
    )
    assert headings, "no section below the board"
    english, french = headings[0]
    page.evaluate(
        f"id => window.scrollTo(0, scrollY + document.getElementById(id)"
        f".getBoundingClientRect().top - {HEADER_BOTTOM})",
        english,
    )
    _wait_at_top(page, english)

    _switch(page, "fr")
    assert "/fr/awithlaknannai/rules/" in page.url
    _wait_at_top(page, french)
    assert page.evaluate("id => document.getElementById(id).dataset.anchorEn", french) == english
    board = page.locator(f"#{board_id}")
    assert wait_playable(page, board)
    assert _game(page, board_id) == game, "the game did not come along"

    _switch(page, "en")
    assert "/fr/" not in page.url
    _wait_at_top(page, english)
    assert wait_playable(page, page.locator(f"#{board_id}"))
    assert _game(page, board_id) == game


def test_headings_pair_up_in_every_built_page(site_dir):
    """Each English heading names its French twin, and the twin names it back."""
    for path in _public_pages(site_dir):
        if path.startswith("fr/"):
            continue
        english = (site_dir / path / "index.html").read_text(encoding="utf-8")
        french = (site_dir / "fr" / path / "index.html").read_text(encoding="utf-8")
        there = dict(re.findall(r'<h[1-6] id="([^"]+)" data-anchor-en="([^"]+)"', french))
        here = re.findall(r'<h[1-6] id="([^"]+)" data-anchor-fr="([^"]+)"', english)
        assert here, f"{path}: no heading names its French twin"
        for anchor, twin in here:
            assert there.get(twin) == anchor, f"{path}: #{anchor} -> #{twin} does not lead back"


def test_a_section_near_the_end_comes_back_after_two_switches(browser, site_url):
    """Near the end of a page a section cannot reach the top of a large screen: the section
    the switch landed on is still the one a switch back carries."""
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, service_workers="block")
    page = context.new_page()
    try:
        page.goto(site_url + "zohn-ahl/history/")
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        _switch(page, "fr")
        anchor = page.evaluate("location.hash.slice(1)")
        assert anchor, "the section did not come along"
        # the French page's content may arrive just after its language is set
        page.wait_for_function("id => document.getElementById(id) !== null", arg=anchor)
        back = page.evaluate("id => document.getElementById(id).dataset.anchorEn", anchor)
        _switch(page, "en")
        assert page.evaluate("location.hash.slice(1)") == back
    finally:
        context.close()
