"""Present on a projector and a laptop (1920x1080, 1366x768), in both languages: the
longest messages of each game fit their boxes and cover nothing, and the Awithlaknannai
board fills the screen; on a phone, a Mosona board turned to fit says where its rows went,
the classmate panel keeps the Zohn Ahl board in sight, the rulesets' tables need no
sideways scrolling, the sahe's two faces differ and the French labels are spaced
(Chromium)."""

from __future__ import annotations

import re
import sys

import pytest
from test_e2e_support import READY_MS, ROOT, wait_ready

sys.path.insert(0, str(ROOT))
from engine.words import table  # noqa: E402

pytestmark = pytest.mark.browser

SCREENS = {"1920x1080": (1920, 1080), "1366x768": (1366, 768)}
PAGES = {"zohn-ahl": "zohn-ahl/", "awithlaknannai": "awithlaknannai/rules/"}


def _filled(template: str, lang: str, game: str) -> str:
    """A template of the page's words with its values the longest a game gives them."""
    page = table(lang)["page"]
    names = (
        table(lang)["zohn-ahl"]["side"] if game == "zohn-ahl" else list(page["colourName"].values())
    )
    side = max(names, key=len)
    values = {
        "side": side,
        "other": side,
        "victim": side,
        "name": side,
        "group": max(page["colourGroup"].values(), key=len),
        "kind": "x" * 12,
        "count": "12",
        "to": "38",
        "marks": "",
        "value": "10",
        "point": "m12",
        "landing": "m12",
        "victims": "m11, t11",
        "targets": "m10, m12",
        "n": "3",
    }
    return re.sub(r"\{(\w+)\}", lambda m: values.get(m.group(1), m.group(1)), template)


def longest_messages(lang: str, game: str) -> list[str]:
    """The longest things a board of `game` says after a turn, as its scripts put them
    together: for Zohn Ahl, a thrower's name, the longest throw, a move and the two longest
    things that follow it (zohn-ahl.js joins a throw's events with spaces); for
    Awithlaknannai, each of its longest sentences."""
    page = table(lang)["page"]
    if game == "zohn-ahl":
        narrate = page["narrate"]
        marks = max((m["sahe"] for m in page["marksUp"]), key=len)
        throw = narrate["throw"]["again"].replace("{marks}", marks)
        events = sorted(
            (v for k, v in narrate.items() if isinstance(v, str) and k not in ("other",)),
            key=lambda v: len(_filled(v, lang, game)),
        )
        said = [
            _filled(t, lang, game)
            for t in (throw, narrate["move"]["other"], events[-1], events[-2], narrate["turn"])
        ]
        name = max(table(lang)["zohn-ahl"]["side"], key=len)
        return [" ".join([name, *said])]
    keys = ("twoVictims", "mustCapture", "chooseVictim", "mustLeap", "selected")
    found = [_filled(page[k], lang, game) for k in keys]
    found += [_filled(v, lang, game) for v in page["notTarget"].values()]
    return sorted(found, key=len)[-3:]


# Each visible part of a presented board: its box, and whether its words overflow it.
PARTS = """b => [...b.children].filter((e) => {
    const s = getComputedStyle(e);
    const r = e.getBoundingClientRect();
    return s.display !== 'none' && s.visibility !== 'hidden' && r.width > 0 && r.height > 0;
  }).map((e) => {
    const r = e.getBoundingClientRect();
    return {name: e.className.baseVal === undefined ? e.className : e.className.baseVal,
            left: r.left, top: r.top, right: r.right, bottom: r.bottom,
            over: Math.max(e.scrollHeight - e.clientHeight, e.scrollWidth - e.clientWidth)};
  })"""


def _problems(parts: list[dict], width: int, height: int) -> list[str]:
    wrong = []
    for p in parts:
        if p["over"] > 1:
            wrong.append(f"{p['name']}: its words overflow it by {p['over']} px")
        if p["bottom"] > height + 1 or p["right"] > width + 1 or p["top"] < -1:
            wrong.append(f"{p['name']}: off the screen ({p})")
    for i, a in enumerate(parts):
        for b in parts[i + 1 :]:
            across = min(a["right"], b["right"]) - max(a["left"], b["left"])
            down = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
            if across > 1 and down > 1:
                wrong.append(f"{a['name']} and {b['name']} overlap by {across:.0f}x{down:.0f} px")
    return wrong


# The browser's whole screen cannot be resized: the boards are presented over the window
# instead (as where the whole screen is refused), the same layout, so that one page is
# measured at each size.
NO_WHOLE_SCREEN = """(() => {
  delete Element.prototype.requestFullscreen;
  Object.defineProperty(Document.prototype, 'fullscreenEnabled', {get: () => false});
})()"""


def _open(visit, path: str):
    page = visit.page()
    page.set_default_timeout(READY_MS)
    page.add_init_script(NO_WHOLE_SCREEN)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(visit.base + path)
    return page


def _present(page, board) -> None:
    board.locator("[data-action=present]").click()
    page.wait_for_function(
        "b => b.classList.contains('is-presenting')"
        " && (document.fullscreenElement === b || b.classList.contains('is-presenting-window'))",
        arg=board.element_handle(),
    )
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", list(PAGES))
def test_presented_messages_fit_their_boxes(visit, game, lang):
    """On a projector and a laptop, a presented board's longest messages (after a real
    turn, then the longest the game's words make, set in its message box) stay in their
    boxes, inside the screen, over no other part of the board."""
    page = _open(visit, ("/fr/" if lang == "fr" else "/") + PAGES[game])
    board = wait_ready(page, f".board[data-game={game}]")
    _present(page, board)
    # a real turn: Space makes the board's main move (a throw, or the computer's move)
    live = board.locator(".board-live")
    page.keyboard.press(" ")
    page.wait_for_function("e => e.textContent.trim().length > 0", arg=live.element_handle())
    wrong: dict[str, list[str]] = {}
    for name, (width, height) in SCREENS.items():
        page.set_viewport_size({"width": width, "height": height})
        for said in [live.text_content(), *longest_messages(lang, game)]:
            live.evaluate("(e, t) => { e.textContent = t; }", said)
            page.evaluate(
                "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
            )
            problems = _problems(board.evaluate(PARTS), width, height)
            if problems:
                wrong[f"{name}, {said[:60]!r}... ({len(said)} characters)"] = problems
    assert not wrong, wrong


@pytest.mark.parametrize("board_id", ["first", "board-kolowis"])
def test_the_presented_awithlaknannai_board_fills_the_screen(visit, board_id):
    """Presented, the Awithlaknannai drawing takes at least 85 % of the screen's width
    or of its height, on a projector and a laptop."""
    page = _open(visit, "/awithlaknannai/rules/")
    selector = ".board[data-game=awithlaknannai]" + ("" if board_id == "first" else f"#{board_id}")
    board = wait_ready(page, selector)
    _present(page, board)
    svg = board.locator(".board-svg svg")
    for name, (width, height) in SCREENS.items():
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(
            "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )
        box = svg.bounding_box()
        assert box is not None
        across, down = box["width"] / width, box["height"] / height
        assert max(across, down) >= 0.85, (
            f"{name}: the board takes {across:.0%} of the width, {down:.0%} of the height"
        )
        assert _problems(board.evaluate(PARTS), width, height) == []


PHONE = {"width": 390, "height": 844}
USABLE_THROW = (
    "b => { const t = b.querySelector('[data-action=throw]');"
    " return !!t && !t.disabled && t.getAttribute('aria-disabled') !== 'true'; }"
)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_turned_mosona_board_says_where_its_rows_went(visit, lang):
    """On a phone the Mosona board runs down the screen: the line under it names the
    side each row went to, as the drawing shows them, and follows the board turned round."""
    page = visit.page()
    page.set_default_timeout(READY_MS)
    page.set_viewport_size(PHONE)
    page.goto(visit.base + ("/fr" if lang == "fr" else "") + "/awithlaknannai/rules/")
    board = wait_ready(page, ".board[data-game=awithlaknannai]")
    words = table(lang)["page"]["turned"]
    note = board.locator(".aw-turned-note")
    assert board.locator(".board-svg svg").get_attribute("data-turned") == "true"
    for _ in range(2):
        where = board.evaluate(
            """b => { const at = (n) => b.querySelector(`[data-point="${n}"]`).getBoundingClientRect();
              return {tRight: at('t1').left > at('b1').left, down: at('t2').top > at('t1').top}; }"""
        )
        right, left = (
            (words["rowT"], words["rowB"]) if where["tRight"] else (words["rowB"], words["rowT"])
        )
        expected = (
            words["note"]
            .replace("{right}", right)
            .replace("{left}", left)
            .replace("{from}", words["fromTop"] if where["down"] else words["fromBottom"])
        )
        assert note.is_visible()
        assert note.text_content() == expected
        board.locator("[data-action=flip]").click()
        page.wait_for_function(
            "([b, was]) => b.querySelector('.aw-turned-note').textContent !== was",
            arg=[board.element_handle(), expected],
        )
    # on a wide screen the board is drawn as the words name its rows, and no line is shown
    page.set_viewport_size({"width": 1366, "height": 768})
    page.wait_for_function(
        "b => b.querySelector('.board-svg svg').dataset.turned === 'false'",
        arg=board.element_handle(),
    )
    assert not note.is_visible()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_classmate_panel_is_short_on_a_phone(visit, lang):
    """On a phone, once the turn passes to the classmate after one throw, the panel gives
    the link and Copy in a few lines, and the QR code only when asked (a button that says whether it
    is shown); asked for, the code is drawn."""
    page = visit.page()
    page.set_default_timeout(READY_MS)
    page.set_viewport_size(PHONE)
    page.goto(visit.base + ("/fr" if lang == "fr" else "") + "/zohn-ahl/")
    board = wait_ready(page, "#zohn-ahl-play")
    board.locator('[data-action="opponent"]').select_option("classmate")
    share = board.locator(".board-mate-share")
    # (a turn of one throw, the common case: a throw that earns another lengthens the news
    # by a clause, so a game whose first throw earned one is begun again, up to 40 times)
    for _ in range(40):
        board.locator('[data-action="throw"]').click()
        page.wait_for_function(
            "b => b.querySelectorAll('.za-log li:not(.za-empty)').length > 0"
            " && (b.querySelector('.board-mate-share:not([hidden])') ||"
            f" ({USABLE_THROW})(b))",
            arg=board.element_handle(),
        )
        if share.is_visible():
            break
        board.locator('[data-action="new"]').click()
        page.wait_for_function(
            f"b => !b.querySelector('.za-log li:not(.za-empty)') && ({USABLE_THROW})(b)",
            arg=board.element_handle(),
        )
    assert share.is_visible()
    code = board.locator("[data-action=mate-qr]")
    qr = board.locator(".board-mate-qr")
    page.wait_for_function("c => !!c.dataset.link", arg=qr.element_handle())
    assert code.is_visible() and code.get_attribute("aria-expanded") == "false"
    assert not qr.is_visible()
    panel = board.locator(".board-mate").bounding_box()
    said = " | ".join(board.locator(".board-mate").inner_text().split("\n"))
    assert panel is not None and panel["height"] < 0.35 * PHONE["height"], (panel, said)
    words = table(lang)["page"]["classmate"]
    assert code.text_content() == words["showCode"]
    code.click()
    assert qr.is_visible() and code.get_attribute("aria-expanded") == "true"
    assert code.text_content() == words["hideCode"]
    code.click()
    assert not qr.is_visible()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_rulesets_tables_fit_a_phone(visit, lang):
    """At 390 px the Zohn Ahl rulesets' tables need no sideways scrolling: no cell is cut."""
    page = visit.page()
    page.set_viewport_size(PHONE)
    page.goto(visit.base + ("/fr" if lang == "fr" else "") + "/zohn-ahl/rules/")
    tables = page.locator("article table")
    assert tables.count() >= 2
    for t in tables.all():
        wide = t.evaluate(
            """t => { const box = t.closest('.md-typeset__scrollwrap') || t.parentElement;
              return {scroll: t.scrollWidth, shown: t.clientWidth, room: box.clientWidth,
                      words: [...t.querySelectorAll('td, th')].filter((c) => c.scrollWidth > c.clientWidth + 1).length}; }"""
        )
        assert wide["scroll"] <= wide["shown"] + 1 and wide["words"] == 0, wide


def test_the_sahe_shows_its_sign_on_its_marked_face_only(visit):
    """The sahe's sign (a crossed circle) on its marked face; its plain face without it."""
    page = visit.page()
    page.set_default_timeout(READY_MS)
    page.goto(visit.base + "/zohn-ahl/")
    board = wait_ready(page, "#zohn-ahl-play")
    sahe = board.locator(".board-sticks .za-sahe")
    seen = set()
    for _ in range(16):
        if len(seen) == 2:
            break
        count = board.locator(".za-log li:not(.za-empty)").count()
        board.locator('[data-action="throw"]').click()
        page.wait_for_function(
            f"([b, n]) => b.querySelectorAll('.za-log li:not(.za-empty)').length > n"
            f" && ({USABLE_THROW})(b)",
            arg=[board.element_handle(), count],
        )
        marked = sahe.get_attribute("data-marked") == "true"
        assert sahe.locator(".za-sahe-sign").is_visible() == marked
        seen.add(marked)
    assert seen == {True, False}, "sixteen throws did not show both faces of the sahe"


def test_the_french_board_labels_are_spaced_as_the_cards():
    """The French drawing's labels put a no-break space before the colon, as the cards do."""
    from engine.zohn_ahl.svg import board_svg, sticks_svg

    drawn = board_svg("kiowa", lang="fr") + sticks_svg("0101", lang="fr")
    labels = re.findall(r">([^<>]*:[^<>]*)<", drawn)
    assert labels
    assert all(re.search(r"\u00a0:", s) and not re.search(r"[^\u00a0]:", s) for s in labels), labels
