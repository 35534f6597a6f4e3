"""The pages on the screens of a classroom (every page narrowed to a phone, every board
page on every screen, both in the shared visit of every page; the long board after a move
and Present on a phone and on wide screens), the lab's form controls, and the language
switch that keeps the reader's place (Chromium)."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator

import pytest
from chromium import PersistentContext
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from site_visits import (
    BOARDS,
    PHONES,
    SCREENS,
    SETTLE,
    SLOW_MACHINE,
    allow_slow_start,
    board_problems,
    board_shots,
    built_pages,
    play_a_move,
    wait_playable,
)
from test_e2e_support import READY_MS, boards_on, follow, game_link

pytestmark = pytest.mark.browser


def _public_pages(site_dir) -> list[str]:
    return [p for p in built_pages(site_dir) if p not in ("404.html", "fr/404.html")]


def test_no_public_page_is_wider_than_a_phone(every_page):
    """Nothing makes a reader scroll sideways at 390 or 320 px: each page of the visit of
    every page (site_visits.visit_every_page), its boards playable, the window narrowed
    to one phone then the other."""
    public = {rel: seen for rel, seen in every_page.items() if not rel.endswith("404.html")}
    phones = [name for name, size in SCREENS.items() if size in PHONES]
    assert len(public) > 40 and all(
        [n for n in seen.screens if n in phones] == ["390x844", "320x640"]
        for seen in public.values()
    )
    too_wide = {
        f"{rel} at {width} px": found
        for rel, seen in public.items()
        for width, found in seen.too_wide.items()
    }
    assert not too_wide, f"pages wider than the phone: {too_wide}"


def _settle(page) -> None:
    """Two frames: what a resize makes the boards redraw is laid out."""
    page.evaluate(SETTLE)


# ---- the boards on every screen of a classroom --------------------------------------------

# The screens Present is tried on: a phone with touch (whose browser refuses the whole
# screen: Present covers the window), and a projector, where Space is tried too (a
# computer move). Each group: (its screens, touch, the screen Present is tried on, and
# whether Space is tried there). Every board page on every screen is measured in the visit
# of every page (site_visits.visit_every_page).
GROUPS = {
    "phones": (["390x844", "320x640"], True, "390x844", False),
    "wide": (["1366x768", "1920x1080", "768x1024"], False, "1920x1080", True),
}

NO_WHOLE_SCREEN = """(() => {
  delete Element.prototype.requestFullscreen;
  Object.defineProperty(Document.prototype, 'fullscreenEnabled', {get: () => false});
})()"""

# The presented board: how much of the window it covers, whether anything else shows,
# the size of its status line.
PRESENTED = """(b) => {
  const r = b.getBoundingClientRect();
  const spots = [[0.05, 0.05], [0.5, 0.5], [0.95, 0.95], [0.95, 0.05], [0.05, 0.95]];
  const others = spots.map(([x, y]) => document.elementFromPoint(innerWidth * x, innerHeight * y))
    .filter((e) => e && !b.contains(e)).map((e) => e.tagName.toLowerCase() + '.' + e.className);
  return {
    presenting: b.classList.contains('is-presenting'),
    whole: document.fullscreenElement === b,
    across: r.width / innerWidth, down: r.height / innerHeight,
    others,
    status: parseFloat(getComputedStyle(b.querySelector('.board-turn')).fontSize) / innerHeight,
  };
}"""


def _all_playable(page) -> None:
    for board in page.locator(".board[data-game]").all():
        assert wait_playable(page, board), f"{page.url}: {board.get_attribute('id')} did not start"


def _present(page, board, *, space: str | None) -> list[str]:
    """Present `board` with its button, check it, press Space (`space`: what must change
    then, a JavaScript test of the board), leave with Escape; what went wrong."""
    wrong = []
    before = board.bounding_box()
    board.locator("[data-action=present]").click()
    page.wait_for_function("b => b.classList.contains('is-presenting')", arg=board.element_handle())
    # presented once the browser has answered the request for the whole screen (granted,
    # or the window instead): until then the keyboard is still on the Present button,
    # where Space would press it again
    page.wait_for_function(
        "b => (document.fullscreenElement === b || b.classList.contains('is-presenting-window'))"
        " && (b.getBoundingClientRect().width >= 0.9 * innerWidth"
        " || b.getBoundingClientRect().height >= 0.9 * innerHeight)",
        arg=board.element_handle(),
    )
    seen = board.evaluate(PRESENTED)
    if seen["others"]:
        wrong.append(f"the page shows beside the presented board: {seen['others']}")
    if seen["status"] < 1 / 30:
        wrong.append(f"the status line is {seen['status']:.3f} of the screen's height")
    if space:
        was = board.evaluate(f"b => ({space})(b, null)")
        page.keyboard.press(" ")
        page.wait_for_function(
            f"([b, was]) => ({space})(b, was) === true", arg=[board.element_handle(), was]
        )
    page.keyboard.press("Escape")
    page.wait_for_function(
        "b => !b.classList.contains('is-presenting') && !document.fullscreenElement"
        " && !document.documentElement.classList.contains('has-presented-board')",
        arg=board.element_handle(),
    )
    after = board.bounding_box()
    if abs(after["width"] - before["width"]) > 1:
        wrong.append(f"after Escape the board is {after['width']} px wide, not {before['width']}")
    return wrong


# what Space does on a presented board: a throw more in the log, or a move more in the list
THROWN = """(b, was) => { const n = b.querySelectorAll('.za-log li:not(.za-empty)').length;
  return was === null ? n : n > was; }"""
MOVED = """(b, was) => { const n = b.querySelectorAll('.aw-movelist .aw-move').length;
  return was === null ? n : n > was; }"""


def test_every_board_fits_every_screen(every_page):
    """On each screen of a classroom (320x640, 390x844, 768x1024, 1366x768, 1920x1080),
    every board page of both languages, its boards playable and one of each kind played
    (the visit of every page, the window resized to each screen): nothing wider than the
    screen, no point's target under 24 px, Zohn Ahl's cloth, sticks and Throw button on
    screen together."""
    with_boards = {rel: seen for rel, seen in every_page.items() if seen.boards}
    assert len(with_boards) > 20 and any(rel.startswith("fr/") for rel in with_boards)
    assert all(seen.screens == list(SCREENS) for seen in with_boards.values())
    wrong = {
        f"{rel} at {screen}": problems
        for rel, seen in with_boards.items()
        for screen, problems in seen.board_problems.items()
    }
    shots = [shot for seen in with_boards.values() for shot in seen.shots]
    assert not wrong, f"{wrong}; screenshots of those boards: {shots}"


@pytest.mark.parametrize("group", list(GROUPS))
def test_a_long_board_after_a_move_fits_and_presents(
    browser, site_url, warm_context, group, tmp_path
):
    """On a phone with touch and on wide screens: a move on the long Kolowis board keeps
    it within every screen of the group; Present fills the screen (over the window where
    the whole screen is refused) and Escape gives the page back, there and, the next page
    followed as a link, on a Zohn Ahl board, where Space throws. (Touch is a browser's
    own: the phones get one, with a profile on disk as a reader's browser has; the wide
    screens are pages of the warm context.)"""
    names, touch, present_on, space_too = GROUPS[group]
    if touch:
        own = PersistentContext(
            browser, viewport=SCREENS[names[0]], has_touch=touch, service_workers="block"
        )
        allow_slow_start(own.context)
        own.context.add_init_script(NO_WHOLE_SCREEN)
        page = own.first_page
        close = own.close
    else:
        warm_context.check()
        page = warm_context.context.new_page()
        page.add_init_script(SLOW_MACHINE)
        page.set_viewport_size(SCREENS[names[0]])

        def close() -> None:
            page.close()
            warm_context.reset()

    page.set_default_timeout(READY_MS)
    artefacts = tmp_path / "artefacts"
    wrong: dict[str, list[str]] = {}
    shots: list[str] = []

    def judge(where: str, problems: list[str], name: str) -> None:
        if problems:
            wrong[f"{where} at {name}"] = problems
            shots.extend(
                board_shots(page, artefacts, f"{name}-{where.strip('/').replace('/', '_')}")
            )

    try:
        page.goto(site_url + "awithlaknannai/rules/")
        _all_playable(page)
        kolowis = page.locator("#board-kolowis")
        play_a_move(page, kolowis)
        for name in names:
            page.set_viewport_size(SCREENS[name])
            _settle(page)
            problems = board_problems(page.evaluate(BOARDS))
            judge(
                "awithlaknannai/rules/ (a move played)",
                [p for p in problems if "kolowis" in p],
                name,
            )
        page.set_viewport_size(SCREENS[present_on])
        _settle(page)
        space = MOVED if space_too else None
        judge("awithlaknannai/rules/ (presented)", _present(page, kolowis, space=space), present_on)

        follow(page, site_url + "zohn-ahl/")
        _all_playable(page)
        board = page.locator(".board[data-game=zohn-ahl]").first
        judge("zohn-ahl/ (presented)", _present(page, board, space=THROWN), present_on)
    finally:
        if wrong:
            print(f"screenshots of the boards that failed ({group}): {artefacts}")
        close()
    assert not wrong, f"{wrong}; screenshots: {shots}"


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


# An init script: each time a page's start marks the body as switching colours (the mark
# that turns every transition off, and restyles every element as it comes and goes).
NOTE_SWITCHING = """(() => {
  window.__switching = 0;
  new MutationObserver((records) => {
    for (const r of records) if (r.oldValue === null) window.__switching++;   // the mark set
  }).observe(document, {subtree: true, attributes: true, attributeOldValue: true,
                        attributeFilter: ['data-md-color-switching']});
})()"""
SCHEME = """() => ({
  scheme: document.body.dataset.mdColorScheme,
  media: document.body.dataset.mdColorMedia,
  shown: [...document.querySelectorAll('form[data-md-palette] label')].filter(l => !l.hidden).map(l => l.title),
  switching: document.body.hasAttribute('data-md-color-switching'),
  colorScheme: [...document.querySelectorAll('meta[name=color-scheme]')].map(m => m.content),
  themeColor: [...document.querySelectorAll('meta[name=theme-color]')].map(m => m.content),
  header: getComputedStyle(document.querySelector('.md-header')).backgroundColor,
  js: document.documentElement.className,
})"""


def _hex(css: str) -> str:
    return "#" + "".join(f"{int(float(c)):02x}" for c in re.findall(r"[\d.]+", css))


def test_the_colour_toggle_switches_the_scheme_and_the_next_pages_start_in_it(visit):
    """The page starts in the scheme of the reader's system (or the one they chose, kept
    from page to page), its toggle offering the other; the toggle (a click, or Enter)
    switches it, and the browser's colour <meta>s follow the header. No page's start
    marks the body as switching colours: only the reader's switch does."""
    page = visit.page()
    page.add_init_script(NOTE_SWITCHING)
    page.emulate_media(color_scheme="light")
    page.goto(visit.base + "/about/")
    seen = page.evaluate(SCHEME)
    assert seen["scheme"] == "default" and seen["shown"] == ["Dark mode"], seen
    assert seen["colorScheme"] == ["light"] and seen["themeColor"] == [_hex(seen["header"])], seen
    assert "js" in seen["js"].split() and "no-js" not in seen["js"].split(), seen
    assert page.evaluate("window.__switching") == 0

    page.locator("form[data-md-palette] label:not([hidden])").click()
    page.wait_for_function("() => !document.body.hasAttribute('data-md-color-switching')")
    seen = page.evaluate(SCHEME)
    assert seen["scheme"] == "slate" and seen["shown"] == ["Light mode"], seen
    assert seen["colorScheme"] == ["dark"] and seen["themeColor"] == [_hex(seen["header"])], seen
    assert page.evaluate("window.__switching") == 1

    # the choice is kept: the next page (a board page, with the system still light)
    # starts dark, and the instant navigation from it keeps one of each <meta>
    page.goto(visit.base + "/zohn-ahl/history/")
    seen = page.evaluate(SCHEME)
    assert seen["scheme"] == "slate" and seen["shown"] == ["Light mode"], seen
    assert page.evaluate("window.__switching") == 0
    follow(page, visit.base + "/zohn-ahl/rules/")
    seen = page.evaluate(SCHEME)
    assert seen["scheme"] == "slate" and len(seen["colorScheme"]) == len(seen["themeColor"]) == 1

    # Enter on the toggle goes to the next option (back to light)
    page.locator("#__palette_1").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.body.dataset.mdColorScheme === 'default'")
    assert page.evaluate(SCHEME)["shown"] == ["Dark mode"]


HEADER_BOTTOM = "document.querySelector('.md-header').getBoundingClientRect().bottom"
# The heading `id` is at the top of the screen, just below the header.
AT_TOP = f"""id => {{
  const h = document.getElementById(id);
  if (!h) return false;
  const gap = h.getBoundingClientRect().top - {HEADER_BOTTOM};
  return gap >= -2 && gap < 80;
}}"""


def _not_at_top(page, anchor):
    where = page.evaluate(
        "() => [location.href.slice(0, 120), scrollY, [...document.querySelectorAll("
        "'article [id]:is(h1, h2, h3)')].map(h => h.id + ':' + "
        "Math.round(h.getBoundingClientRect().top)).join(' ')]"
    )
    return AssertionError(f"#{anchor} is not at the top of the screen: {where}")


def _wait_at_top(page, anchor):
    try:
        page.wait_for_function(AT_TOP, arg=anchor)
    except PlaywrightTimeout:
        raise _not_at_top(page, anchor) from None


# The reader brings the heading `id` just below the header, where the switch reads the
# section being read (its top within 16 px of the header's bottom), and it stays there for
# two frames: what is drawn above it after the scroll (a font, a board's status line) moves
# it down, and the reader would scroll again.
SCROLL_TO_TOP = f"""async id => {{
  const h = document.getElementById(id);
  const gap = () => h.getBoundingClientRect().top - {HEADER_BOTTOM};
  const frame = () => new Promise(r => requestAnimationFrame(() => r()));
  for (let i = 0; i < 50; i += 1) {{
    window.scrollTo({{top: scrollY + gap(), behavior: 'instant'}});
    await frame(); await frame();
    if (gap() >= -2 && gap() <= 12) return true;
  }}
  return false;
}}"""


def _scroll_to_top(page, anchor):
    if not page.evaluate(SCROLL_TO_TOP, anchor):
        raise _not_at_top(page, anchor)


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
    """Switch the page's language as a reader does, and wait until the other page (a full
    load) has arrived."""
    page.hover(".md-select button")
    page.click(f".md-select a[hreflang='{lang}']")
    page.wait_for_url(lambda url: ("/fr/" in url) == (lang == "fr"))
    page.wait_for_function(
        "l => document.documentElement && document.documentElement.lang === l", arg=lang
    )


def test_the_language_switch_keeps_the_section_and_the_game(visit):
    page = visit.page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(visit.base + "/awithlaknannai/rules/")
    board = page.locator(".board[data-game]").first
    board_id = board.get_attribute("id")
    # every board of the page playable: a board that starts later loses its status line,
    # and what is below it moves up (the switch reads the section at the top to 16 px)
    assert all(wait_playable(page, b) for b in page.locator(".board[data-game]").all())
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
    _scroll_to_top(page, english)

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


@contextlib.contextmanager
def _runtime_held(browser, url: str, width: int, height: int) -> Iterator[tuple]:
    """``(page, release)``: ``url`` opened in a fresh context of that screen size, Python's
    WebAssembly held back once asked for (so the boards stay as they are while Python
    starts) until ``release()``."""
    context = browser.new_context(
        viewport={"width": width, "height": height}, service_workers="block"
    )
    held = []
    context.route("**/pyodide.asm.wasm", lambda route: held.append(route))

    def release() -> None:
        assert held, "the runtime's request was not held"
        for route in held:
            route.continue_()

    try:
        page = context.new_page()
        wasm = lambda r: r.url.endswith("pyodide.asm.wasm")  # noqa: E731
        with context.expect_event("request", wasm):
            page.goto(url)
        yield page, release
    finally:
        context.close()


def test_a_move_list_is_a_line_high_before_its_board_is_playable(browser, site_url):
    """On a phone, while Python starts, each Awithlaknannai board's empty move list is
    already as high as "No moves yet": the text below the boards moves less when they
    become playable. (Their loading line still gives way to the turn line, whose heights
    differ with the words.) A board further down the page is set up as the reader
    scrolls to it."""
    heights = "bs => bs.map(b => b.querySelector('.aw-moves').getBoundingClientRect().height)"
    with _runtime_held(browser, site_url + "awithlaknannai/rules/", 390, 844) as (page, release):
        boards = page.locator(".board[data-game]")
        boards.first.scroll_into_view_if_needed()
        page.wait_for_function("() => document.querySelectorAll('.board .aw-movelist').length >= 1")
        for board in boards.all():
            board.scroll_into_view_if_needed()
        page.wait_for_function("() => document.querySelectorAll('.board .aw-movelist').length == 3")
        page.evaluate(SETTLE)
        assert boards.evaluate_all("bs => bs.every(b => b.dataset.ready !== 'true')")
        before = boards.evaluate_all(heights)
        release()
        assert all(wait_playable(page, b) for b in boards.all())
        page.evaluate(SETTLE)
        assert boards.locator(".aw-empty").all_text_contents() == ["No moves yet."] * 3
        assert boards.evaluate_all(heights) == before


def test_a_zohn_ahl_game_from_a_link_shows_no_start_before_its_own_counters(browser, site_url):
    """A Zohn Ahl game opened from a link, while Python starts: the places of the two
    sides, of the awls and of the counters drawn at build time are kept but blank (the
    start's would be wrong), then the board shows the game's own."""
    from engine import protocol

    options = {"ruleset": "kiowa", "counters": 4}
    view = protocol.dispatch("zohn-ahl.new", {"options": options})
    throws = iter(["1111", "0000", "1000", "0100", "1100", "0010"] * 40)
    while view["state"]["counters"] == [4, 4] and not view["state"]["finished"]:
        view = protocol.dispatch(
            "zohn-ahl.throw", {"record": view["record"], "throw": next(throws)}
        )
    counters = view["state"]["counters"]
    assert counters != [4, 4], view["state"]
    board_id = boards_on(site_url, "/zohn-ahl/", "zohn-ahl")[0]["id"]
    link = game_link(site_url, "/zohn-ahl/", board_id, view["record"])
    sides = f"#{board_id} .za-sides"
    with _runtime_held(browser, link, 390, 844) as (page, release):
        panel = page.locator(sides)
        panel.wait_for(state="attached")
        hidden = "e => getComputedStyle(e).visibility === 'hidden'"
        for part in (sides, f"#{board_id} .za-awl", f"#{board_id} .za-counters"):
            assert all(page.locator(part).evaluate_all(f"es => es.map({hidden})")), part
        assert panel.bounding_box()["height"] > 20  # (its place kept: the cloth stays put)
        release()
        assert wait_playable(page, page.locator(f"#{board_id}"))
        assert panel.is_visible()
        for part in (f"#{board_id} .za-awl", f"#{board_id} .za-counters"):
            assert page.locator(part).first.is_visible(), part
        said = panel.inner_text()
        assert f"Red: {counters[0]} counter" in said and f"Green: {counters[1]} counter" in said, (
            said
        )


def test_an_awithlaknannai_game_from_a_link_shows_no_start_before_its_own_pieces(browser, site_url):
    """An Awithlaknannai game opened from a link, while Python starts: the pieces drawn
    at build time (the block's start) are hidden, their places kept; then the board shows
    the game's own pieces."""
    from engine import protocol

    # two moves: Black (the reader) to move, so the computer makes none meanwhile
    view = protocol.dispatch("awithlaknannai.new", {"ruleset": "culin", "moves": "m6-m5 m4xm6"})
    board_id = boards_on(site_url, "/awithlaknannai/", "awithlaknannai")[0]["id"]
    link = game_link(site_url, "/awithlaknannai/", board_id, view["record"])
    pieces = f"#{board_id} .aw-pieces"
    with _runtime_held(browser, link, 1366, 768) as (page, release):
        page.locator(f"#{board_id}.is-opening-game").wait_for(state="attached")  # (built)
        assert page.locator(pieces).evaluate("g => getComputedStyle(g).visibility") == "hidden"
        release()
        assert wait_playable(page, page.locator(f"#{board_id}"))
        assert page.locator(pieces).is_visible()
        # White's piece stands where it leapt to, none where it left nor on the piece taken
        on = "p => !!document.querySelector(`#BOARD .aw-piece[data-at='${p}']`)"
        on = on.replace("BOARD", board_id)
        assert page.evaluate(on, "m6")
        assert not page.evaluate(on, "m4") and not page.evaluate(on, "m5")


def test_the_zohn_ahl_cloth_stays_in_place_when_its_board_becomes_playable(browser, site_url):
    """While Python starts, a Zohn Ahl board already shows its two sides as the game
    starts, and its loading line stands where the turn will be said: on a phone and on a
    Chromebook the cloth is where it will be once the board is playable."""
    screens = ({"width": 1366, "height": 768}, {"width": 390, "height": 844})
    # the cloth's top once the page's fonts are in and it has stood still for five frames
    # (a busy machine may lay a resize out over more frames than an idle one)
    cloth = """async () => {
      await document.fonts.ready;
      const top = () => Math.round(document.querySelector(
        '.board[data-game="zohn-ahl"] .board-svg').getBoundingClientRect().top + scrollY);
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      let last = top(), still = 0;
      for (let n = 0; still < 5; n++) {
        if (n > 600) throw new Error(`the cloth never stood still (last at ${last} px)`);
        await frame();
        const now = top();
        still = now === last ? still + 1 : 0;
        last = now;
      }
      return last;
    }"""
    sides = "() => document.querySelector('.board[data-game=\"zohn-ahl\"] .za-sides').innerText"

    def tops() -> list[int]:
        found = []
        for size in screens:
            page.set_viewport_size(size)
            page.evaluate(SETTLE)
            found.append(page.evaluate(cloth))
        return found

    with _runtime_held(browser, site_url + "zohn-ahl/", 1366, 768) as (page, release):
        board = page.locator('.board[data-game="zohn-ahl"]').first
        page.wait_for_function(
            "() => document.querySelectorAll('.board[data-game=\"zohn-ahl\"] .za-side').length == 2"
        )
        assert board.get_attribute("data-ready") != "true"
        assert "Red: 4 counters" in page.evaluate(sides)
        assert "Loading" in board.locator("[data-role=status]").text_content()
        before = tops()
        release()
        assert wait_playable(page, board)
        assert board.locator("[data-role=status]").is_hidden()
        assert tops() == before
