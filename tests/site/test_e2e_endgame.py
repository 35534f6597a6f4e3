"""The endgame tables in the page, in headless Chromium on the built site: a page that
does not use them never fetches them; on the page of perfect play, the perfect computer's
first move fetches the table of its ruleset (once) and plays one of the table's best moves;
the service worker keeps a table once fetched (not before), so the perfect computer plays
on with the network cut.
"""

from __future__ import annotations

import re
import sys
import time

import pytest
from slow_machine import allow_slow_start, playable
from test_e2e_support import ROOT, wait_ready

from build_scripts import offline

pytestmark = pytest.mark.browser

PAGE = "/awithlaknannai/solved/"
BOARD = "perfect-two-one"
POSITION = "...B..../........./....B..W B 0"  # the board's position: Black (the reader) to move


def table_requests(visit):
    return [u for u in visit.requests if "/assets/runtime/tables/" in u]


def best_after(moves):
    """The table's best moves for the side to move after ``moves`` from POSITION."""
    sys.path.insert(0, str(ROOT))
    from engine.awithlaknannai import Game
    from engine.awithlaknannai.endgame import best_notations

    game = Game("culin", POSITION)
    for m in moves:
        game.play(m)
    return best_notations(game.position)[1]


def test_a_page_without_the_perfect_computer_fetches_no_table(visit):
    page = visit.page()
    page.goto(visit.base + "/awithlaknannai/rules/")
    board = wait_ready(page, '.board[data-game="awithlaknannai"]')
    board.locator('[data-point="b4"]').click()
    board.locator('[data-point="m5"]').click()
    page.wait_for_function(
        "b => b.querySelector('.aw-movelist').textContent.includes('b4-m5')",
        arg=board.element_handle(),
    )
    assert table_requests(visit) == []


def test_the_perfect_computer_fetches_its_table_and_plays_a_best_move(visit):
    page = visit.page()
    page.goto(visit.base + PAGE)
    board = wait_ready(page, f"#{BOARD}")
    assert table_requests(visit) == [], "tables fetched before any use"
    first = best_after([])[0]
    for p in re.split(r"[-x]", first):
        board.locator(f'[data-point="{p}"]').click()
    replies = best_after([first])
    page.wait_for_function(
        "([b, moves]) => moves.some((m) => b.querySelector('.aw-movelist').textContent.includes(m))",
        arg=[board.element_handle(), replies],
    )
    fetched = table_requests(visit)
    assert len(fetched) == 1 and fetched[0].endswith("/culin.egtb"), fetched


def play_and_wait_for_the_reply(page, board, before):
    """Play the table's first best move after ``before``; wait for one of the perfect
    computer's best replies on the board; return the two moves."""
    move = best_after(before)[0]
    for p in re.split(r"[-x]", move):
        board.locator(f'[data-point="{p}"]').click()
    replies = best_after([*before, move])
    page.wait_for_function(
        "([b, moves]) => moves.some((m) => b.querySelector('.aw-movelist').textContent.includes(m))",
        arg=[board.element_handle(), replies],
        timeout=180_000,
    )
    return move


def test_a_fetched_table_is_kept_for_offline_play(browser, site_url, site_dir):
    files = offline.precache_list(site_dir)
    context = browser.new_context(service_workers="allow")
    allow_slow_start(context)

    def kept(page):
        return page.evaluate(
            """async () => {
                if (!navigator.serviceWorker.controller) return null;
                const names = (await caches.keys()).filter(n => n.startsWith('site-'));
                if (names.length !== 1) return null;
                return (await (await caches.open(names[0])).keys()).map(r => r.url);
            }"""
        )

    try:
        page = context.new_page()
        page.goto(site_url + PAGE.lstrip("/"))
        board = playable(page, f"#{BOARD}")
        deadline = time.monotonic() + 240
        while (urls := kept(page)) is None or len(urls) < len(files):
            assert time.monotonic() < deadline, "the site was not kept for offline use"
            time.sleep(0.5)
        assert not [u for u in urls if u.endswith(".egtb")], "a table kept before any use"
        play_and_wait_for_the_reply(page, board, [])
        deadline = time.monotonic() + 60
        while not [u for u in kept(page) or [] if u.endswith("/culin.egtb")]:
            assert time.monotonic() < deadline, "the fetched table was not kept"
            time.sleep(0.5)

        context.set_offline(True)
        page.reload()
        board = playable(page, f"#{BOARD}")
        play_and_wait_for_the_reply(page, board, [])
    finally:
        context.close()


def test_the_engine_view_gives_the_tables_verdict_in_words(visit):
    page = visit.page()
    page.goto(visit.base + "/fr" + PAGE)
    board = wait_ready(page, f"#{BOARD}")
    sys.path.insert(0, str(ROOT))
    from engine.awithlaknannai import Position
    from engine.awithlaknannai.endgame import probe

    plies = probe(Position.parse(POSITION, "culin")).plies
    board.locator('[data-action="analysis"]').click()
    page.wait_for_function(
        "([b, words]) => b.querySelector('[data-role=evaluation]').textContent.includes(words)",
        arg=[board.element_handle(), f"Noir gagne en {plies} coups avec un jeu parfait"],
    )
    fetched = table_requests(visit)
    assert len(fetched) == 1 and fetched[0].endswith("/culin.egtb"), fetched
