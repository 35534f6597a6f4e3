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
        table(lang)["zohn-ahl"]["side"] if game == "zohn-ahl" else list(page["colourName"])
    )
    side = max(names, key=len)
    values = {
        "side": side,
        "other": side,
        "victim": side,
        "name": side,
        "group": max(page["colourGroup"], key=len),
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
