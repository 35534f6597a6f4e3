"""Two devices play one game by links (the opponent "a classmate on another device"):
two browser contexts, each with its own storage, pass the game back and forth through
the links each page shows. Each refuses to move the other's side; an old link, a link
for the other device and a changed link are explained and the game on the board stays;
the QR code beside the link holds the same link (read back with the npm library jsQR)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from chromium import PersistentContext
from site_visits import axe_findings
from test_e2e_support import (
    READY_MS,
    USABLE,
    VIEWPORT,
    Visit,
    WarmContext,
    engine_record,
    game_link,
    wait_ready,
)

pytestmark = pytest.mark.browser

HERE = Path(__file__).resolve().parent
AW = "/awithlaknannai/"
AW_BOARD = "play-mosona"
ZA = "/zohn-ahl/"
ZA_BOARD = "zohn-ahl-play"


# WARM_UP of test_e2e_support, begun and left running (its promise kept in the page)
START = """([url, limit]) => { window.__warming = (async () => {
    const m = await import(url);
    const engine = m.getEngine({startLimitMs: limit});
    const info = await engine.ready;
    const snapshot = await engine.snapshot;
    return {start: info.start, snapshot};
})(); }"""


class Device(WarmContext):
    """A second device: a warm context (``WarmContext``) of its own, with its own storage,
    its Python start begun here and awaited in ``ready()``."""

    def __init__(self, browser, base: str):  # not super().__init__: it waits for the start
        self.base = base
        self.persistent = PersistentContext(browser, viewport=VIEWPORT, service_workers="block")
        self.context = self.persistent.context
        self.home = self.persistent.first_page
        self.home.set_default_timeout(READY_MS)
        self.home.goto(base + "/404.html")
        self.home.evaluate(START, [base + "/assets/js/engine-client.js", 2 * READY_MS])

    def ready(self):
        self.started = self.home.evaluate("() => window.__warming")
        self.check()


@pytest.fixture(scope="module")
def devices(browser, e2e_url, warm_context):
    """Two devices, each with its own storage: the test process's warm context and a
    second one (``Device``). Motion is reduced: the pieces and the awls jump, so nothing
    waits for an animation."""
    warm_context.check()
    other = Device(browser, e2e_url)
    other.ready()
    visits = [
        Visit(browser, e2e_url, warm=w, reduced_motion="reduce") for w in (warm_context, other)
    ]
    try:
        yield visits
    finally:
        for v in visits:
            off = v.off_origin()
            v.close()
            assert not off, f"requests left the site's origin: {off}"
            assert not v.errors, f"errors in the page: {v.errors}"
        other.close()


def open_in_place(page, href):
    """The link opened on a page that already shows the board (only the fragment changes)."""
    page.evaluate("h => { location.href = h; }", href)


def shared_link(board):
    """The link this device offers to the other one, once it is shown."""
    share = board.locator(".board-mate-share")
    share.wait_for(state="visible")
    return board.locator(".board-mate-link").input_value()


def wait_text(page, selector, pattern):
    page.wait_for_function(
        "([sel, src]) => { const n = document.querySelector(sel); "
        "return !!n && new RegExp(src).test(n.textContent); }",
        arg=[selector, pattern],
        timeout=READY_MS,
    )
    return page.locator(selector).text_content()


def qr_text(board) -> str:
    """The text of the QR code drawn beside the link, read from its pixels by jsQR."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed")
    board.page.wait_for_function(
        "c => !!c.dataset.link", arg=board.locator(".board-mate-qr").element_handle()
    )
    pixels = board.locator(".board-mate-qr").evaluate(
        """c => { const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let s = ''; for (let i = 0; i < d.length; i += 8192) s += String.fromCharCode(...d.subarray(i, i + 8192));
        return {width: c.width, height: c.height, rgba: btoa(s)}; }"""
    )
    proc = subprocess.run(
        [node, str(HERE / "decode_qr.mjs")],
        input=json.dumps(pixels),
        capture_output=True,
        text=True,
        timeout=60,
        cwd=HERE.parents[1],
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def moves(board):
    return board.locator(".aw-movelist").text_content()


def last_marked(board) -> list[str]:
    """The points the board marks as those of the last move."""
    return board.locator(".aw-ring.is-last").evaluate_all("gs => gs.map(g => g.dataset.ring)")


def one_white_piece_left(device):
    """A page of ``device`` on Awithlaknannai's board at a prepared position (one White
    piece left, Black to move) with the classmate on another device chosen: the page and
    its board."""
    record = engine_record(
        "awithlaknannai.new", {"ruleset": "culin", "position": "W......./.B......./........ B 0"}
    )
    page = device.page()
    page.goto(game_link(device.base, AW, AW_BOARD, record))
    board = wait_ready(page, f"#{AW_BOARD}")
    board.locator('[data-action="opponent"]').select_option("classmate")
    return page, board


def test_two_devices_finish_an_awithlaknannai_game_by_links(devices):
    one, two = devices
    # one White piece left: Black plays m2-m3, White t1-m2, Black m3xm1 takes the last one
    a, board_a = one_white_piece_left(one)
    assert "Black" in board_a.locator(".board-mate-news").text_content()
    board_a.get_by_label("Your name (optional)").fill("Ana")
    board_a.locator('[data-point="m2"]').click()
    board_a.locator('[data-point="m3"]').click()
    first = shared_link(board_a)
    assert (
        board_a.locator(".board-mate-news")
        .text_content()
        .startswith("You played m2-m3. Waiting for White")
    )
    assert "White" in board_a.locator(".board-mate-give").text_content()
    assert qr_text(board_a) == first
    # the panel with its name field, link, code and Copy: nothing serious for axe-core
    blocking = [
        f["id"] for f in axe_findings(a, f"#{AW_BOARD}") if f["impact"] in ("serious", "critical")
    ]
    assert not blocking, blocking
    # this device now refuses to move White's pieces: they are the classmate's
    board_a.locator('[data-point="t1"]').click()
    assert re.search(
        r"White are your classmate's.*You play Black",
        wait_text(a, f"#{AW_BOARD} [data-role=live]", "classmate"),
    )
    assert "m2-m3" in moves(board_a)

    # the other device opens the link: White to move there, and only White
    b = two.page()
    b.goto(first)
    board_b = wait_ready(b, f"#{AW_BOARD}")
    news = f"#{AW_BOARD} .board-mate-news"
    assert wait_text(b, news, "Ana") == "Ana played m2-m3; your turn."
    assert board_b.locator('[data-action="opponent"]').input_value() == "classmate"
    board_b.locator('[data-point="m3"]').click()
    wait_text(b, f"#{AW_BOARD} [data-role=live]", "pieces of Black are your classmate's")
    board_b.locator('[data-point="t1"]').click()
    board_b.locator('[data-point="m2"]').click()
    second = shared_link(board_b)
    assert second != first

    # the first link again on this device: an old position, explained; the game stays
    open_in_place(b, first)
    wait_text(b, f"#{AW_BOARD} [data-role=status]", "earlier position")
    assert "t1-m2" in moves(board_b)
    # the link this device made, opened here: it is for the other device
    open_in_place(b, second)
    assert "this device plays White" in wait_text(
        b, f"#{AW_BOARD} [data-role=status]", "for the player of Black"
    )
    assert "t1-m2" in moves(board_b)

    # a changed link (another move in its record) opened in a new tab of the first device
    tampered = second.replace("t1-m2", "t1-b1")
    assert tampered != second
    a.close()
    a = one.page()
    a.goto(tampered)
    board_a = wait_ready(a, f"#{AW_BOARD}")
    wait_text(a, f"#{AW_BOARD} [data-role=status]", "has been changed")
    assert "m2-m3" in moves(board_a) and "t1" not in moves(board_a)
    assert board_a.locator('[data-action="opponent"]').input_value() == "classmate"
    # the real link: Black's turn here, and the last move
    open_in_place(a, second)
    assert wait_text(a, news, "White played") == "White played t1-m2; your turn."
    board_a.locator('[data-point="m3"]').click()
    board_a.locator('[data-point="m1"]').click()
    final = shared_link(board_a)
    assert "over" in board_a.locator(".board-mate-give").text_content()
    assert "Black wins" in board_a.locator(".board-turn").text_content()

    open_in_place(b, final)
    wait_text(b, news, "Ana played m3xm1")
    assert "Black wins" in board_b.locator(".board-mate-news").text_content()
    assert board_b.locator(".board-mate-share").is_hidden()


def test_two_devices_throw_in_turn_at_zohn_ahl(devices):
    one, two = devices
    a = one.page()
    a.goto(one.base + ZA)
    board_a = wait_ready(a, f"#{ZA_BOARD}")
    board_a.locator('[data-action="opponent"]').select_option("classmate")
    side_a = board_a.locator(".board-mate-news").text_content()
    assert "you throw for" in side_a
    throw_a = board_a.locator('[data-action="throw"]')
    news = f"#{ZA_BOARD} .board-mate-news"
    live = f"#{ZA_BOARD} [data-role=live]"

    def turn(page, board):
        """Throw until the turn passes to the other device; return the link shown."""
        for _ in range(12):
            if board.locator(".board-mate-share").is_visible():
                break
            count = board.locator(".za-log li:not(.za-empty)").count()
            board.locator('[data-action="throw"]').click()
            page.wait_for_function(
                "([b, n]) => b.querySelectorAll('.za-log li:not(.za-empty)').length > n "
                f"&& {USABLE}(b.querySelector('[data-action=throw]'))",
                arg=[board.element_handle(), count],
            )
        return shared_link(board)

    link = turn(a, board_a)
    assert qr_text(board_a) == link
    # the sticks are the other device's now
    throw_a.click()
    wait_text(a, live, "your classmate throws the sticks")

    b = two.page()
    b.goto(link)
    board_b = wait_ready(b, f"#{ZA_BOARD}")
    # the throws in words, as the narration says them (never "1001 (2)")
    said = wait_text(b, news, "threw")
    throw_words = r"(no|one|two|three|four) marks? up(, [a-z ]+)?, worth [a-z]+"
    assert re.fullmatch(
        rf"(Red|Ana) threw {throw_words}(, then {throw_words})*; your turn\.", said
    ), said
    assert not re.search(r"[01]{4}", said), said
    thrown = board_b.locator(".za-log li").count()
    back = turn(b, board_b)
    assert board_b.locator(".za-log li").count() > thrown
    board_b.locator('[data-action="throw"]').click()
    wait_text(b, live, "your classmate throws the sticks")

    open_in_place(a, back)
    wait_text(a, news, "threw .*; your turn")
    assert board_a.locator(".za-log li").count() == board_b.locator(".za-log li").count()
    again = turn(a, board_a)
    # the old link on the device that made it: for the other device
    open_in_place(a, link)
    wait_text(a, f"#{ZA_BOARD} [data-role=status]", "for the player of")
    open_in_place(b, again)
    wait_text(b, news, "threw .*; your turn")
    # the link of the first turn, opened again on the second device: already passed
    open_in_place(b, link)
    wait_text(b, f"#{ZA_BOARD} [data-role=status]", "earlier position")
    assert board_b.locator(".za-log li").count() == board_a.locator(".za-log li").count()


def test_a_classmate_s_link_opened_in_a_new_tab_is_the_game_this_device_keeps(devices):
    """As a scanned code opens a link: in a new tab. The game it brings is then the one
    this device keeps for that board: opened again from the menu (the page's address
    without a game) it is on the board, with the classmate, and its last move marked;
    an old link and then a changed one, each in a new tab, leave that game shown, and
    the words say which game it is."""
    one, two = devices
    a, board_a = one_white_piece_left(one)
    board_a.locator('[data-point="m2"]').click()
    board_a.locator('[data-point="m3"]').click()
    first = shared_link(board_a)
    news = f"#{AW_BOARD} .board-mate-news"
    status = f"#{AW_BOARD} [data-role=status]"

    # the other device: the link in a new tab; the classmate's move is marked there
    b = two.page()
    b.goto(first)
    board_b = wait_ready(b, f"#{AW_BOARD}")
    wait_text(b, news, "played m2-m3; your turn")
    assert sorted(last_marked(board_b)) == ["m2", "m3"]
    board_b.locator('[data-point="t1"]').click()
    board_b.locator('[data-point="m2"]').click()
    second = shared_link(board_b)
    b.close()

    # the page again from the menu, in a new tab: the game of the link, with the classmate
    b = two.page()
    b.goto(two.base + AW)
    board_b = wait_ready(b, f"#{AW_BOARD}")
    assert "m2-m3" in moves(board_b) and "t1-m2" in moves(board_b)
    assert board_b.locator('[data-action="opponent"]').input_value() == "classmate"
    assert "Waiting for Black" in wait_text(b, news, "Waiting")
    assert sorted(last_marked(board_b)) == ["m2", "t1"]
    b.close()

    # an old link, then a changed one, each in a new tab: the game kept stays, and is named
    kept = "On the board: the game after 2 moves, Black to move."
    for link, why in ((first, "earlier position"), (second.replace("t1-m2", "t1-b1"), "changed")):
        b = two.page()
        b.goto(link)
        board_b = wait_ready(b, f"#{AW_BOARD}")
        said = wait_text(b, status, why)
        assert said.endswith(kept), said
        assert "t1-m2" in moves(board_b), moves(board_b)
        b.close()

    # the first device takes the reply: White's move marked there too
    open_in_place(a, second)
    wait_text(a, news, "White played t1-m2; your turn")
    assert sorted(last_marked(board_a)) == ["m2", "t1"]
