"""Game links in Chromium: the record in the fragment, a second link to the page already
open, and links that never leave the site whatever the address holds."""

from __future__ import annotations

import sys
from urllib.parse import quote

import pytest
from test_e2e_support import ROOT, engine_record, follow, game_link, wait_ready

pytestmark = pytest.mark.browser

AW = "/awithlaknannai/"


def moves(board):
    return board.locator(".aw-movelist").text_content()


def test_a_long_game_travels_whole_in_the_fragment(visit):
    # a long game: the fragment keeps it all, and nothing of it goes to the server
    sys.path.insert(0, str(ROOT))
    from engine import protocol

    view = protocol.dispatch("awithlaknannai.new", {"ruleset": "kolowis"})
    for i in range(60):
        if view["finished"]:
            break
        view = protocol.dispatch(
            "awithlaknannai.ai", {"record": view["record"], "level": "random", "seed": i}
        )["view"]
    record = view["record"]
    protocol_moves = [h["notation"] for h in view["history"]]
    page = visit.page()
    page.goto(visit.base + "/awithlaknannai/rules/")
    bid = page.evaluate("""() => [...document.querySelectorAll('.board[data-game="awithlaknannai"]')]
        .find(b => JSON.parse(b.dataset.config || '{}').opponent === 'person').id""")
    link = game_link(visit.base, "/awithlaknannai/rules/", bid, record)
    assert len(link) > 600
    # the link opened in a new tab, with nothing saved (the visit fixture checks its errors)
    page.close()
    visit.warm.reset()
    page2 = visit.page()
    page2.goto(link)
    board = wait_ready(page2, f"#{bid}")
    text = moves(board)
    assert all(m in text for m in protocol_moves[-4:]), text
    # nothing of the game went to the server: no request carries it
    assert not [u for u in visit.requests if f"game-{bid}" in u or "kolowis" in u]


def test_a_second_link_to_the_open_page_loads_its_game(visit):
    first = engine_record("awithlaknannai.new", {"ruleset": "culin", "moves": "m6-m5 m4xm6"})
    second = engine_record("awithlaknannai.new", {"ruleset": "culin", "moves": "b4-m5 t5xb4"})
    page = visit.page()
    page.goto(visit.base + AW)
    board = wait_ready(page, '.board[data-game="awithlaknannai"]')
    bid = board.get_attribute("id")
    handle = board.element_handle()
    page.evaluate("window.__same_page = 1")
    # the address bar changed by hand (only the fragment): its game comes to the board
    page.evaluate("([h]) => { location.hash = h; }", [f"game-{bid}={quote(first, safe='')}"])
    page.wait_for_function(
        "b => b.querySelector('.aw-movelist').textContent.includes('m4xm6')",
        arg=board.element_handle(),
    )
    # a link in the page's text to the same page with another game (instant navigation)
    page.evaluate(
        """([href]) => { const a = document.createElement('a'); a.href = href; a.id = 'second-game';
        a.textContent = 'another game'; document.querySelector('article').prepend(a); }""",
        [game_link(visit.base, AW, bid, second)],
    )
    page.locator("#second-game").click()
    page.wait_for_function(
        "b => b.querySelector('.aw-movelist').textContent.includes('t5xb4')",
        arg=board.element_handle(),
    )
    assert "m4xm6" not in moves(board)
    assert page.evaluate("window.__same_page") == 1
    # the page was not fetched again: the board that took both games is the first one
    assert page.evaluate("b => b.isConnected", handle)
    assert [u for u in visit.requests if u.split("#")[0] == visit.base + AW] == [visit.base + AW]
    # a bad second link: said in words, and the game on the board stays
    page.evaluate("([h]) => { location.hash = h; }", [f"game-{bid}={quote('[Game nope', safe='')}"])
    page.wait_for_function(
        "b => b.querySelector('[data-role=status]').textContent.includes('could not be read')",
        arg=board.element_handle(),
    )
    assert "t5xb4" in moves(board)
    assert "nope" in board.locator("[data-role=status]").text_content()


HOSTILE = [
    "//evil.example/",
    "/\\evil.example/",
    "javascript:alert(1)",
    "%2F%2Fevil.example%2F",
    "https://evil.example/",
    "%252F%252Fevil.example",
]


def test_links_built_by_the_page_stay_on_the_site(visit):
    page = visit.page()
    page.goto(visit.base + AW)
    bid = wait_ready(page, '.board[data-game="awithlaknannai"]').get_attribute("id")
    origin = page.evaluate("location.origin")
    for i, hostile in enumerate(HOSTILE):
        # the hostile text as the record, in the fragment (twice), and once also in the
        # query of an older link
        query = f"?x={hostile}&game-{bid}={hostile}" if i == 0 else ""
        follow(page, "/sources/")
        follow(page, f"{AW}{query}#{hostile}&game-{bid}={hostile}")
        board = wait_ready(page, f"#{bid}")
        assert "could not be read" in board.locator("[data-role=status]").text_content()
        board.locator('[data-action="link"]').click()
        link = board.locator(".board-link").input_value()
        assert link.startswith(f"{visit.base}{AW}#game-{bid}="), (hostile, link)
        hrefs = page.evaluate("[...document.querySelectorAll('.board a[href]')].map(a => a.href)")
        assert all(h.startswith(origin + "/") for h in hrefs), hrefs
        assert page.evaluate("location.origin") == origin
