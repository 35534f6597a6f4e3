"""Tampered game links and saved games: a few dozen of them, made from a fixed seed (random
bytes, markup and script, wrong rulesets, illegal moves, truncated records).

The whole corpus is checked without a browser: the engine (in CPython, the engine the page
runs) refuses every record in words; the page's link functions carry each one unchanged
and never off the site (``tests/js/tampered-links.test.mjs``, under Node, with a corpus of
the same kinds). In Chromium, one smoke test per way a record reaches a board -- a link
followed while the page is open (every markup and script payload), a link from another
page, a saved game -- must give a clear message and a playable board, run nothing and
throw no page error (the ``visit`` fixture fails the test on any page error or request
off the site).
"""

from __future__ import annotations

import json
import random
import sys
from urllib.parse import quote

import pytest
from test_e2e_support import (
    ROOT,
    USABLE,
    board_id,
    engine_record,
    follow,
    game_link,
    wait_ready,
)

pytestmark = pytest.mark.browser

PAYLOADS = [
    "<script>window.__pwned = 1</script>",
    '<img src=x onerror="window.__pwned = 1">',
    '[Game "awithlaknannai"]\n[Ruleset "<script>window.__pwned=1</script>"]\n',
    '"><svg onload="window.__pwned=1">',
    "javascript:window.__pwned=1",
]


def tampered(game: str, seed: int, count: int) -> list[str]:
    """`count` bad records for `game`, the same ones for the same seed."""
    rnd = random.Random(seed)
    if game == "awithlaknannai":
        good = engine_record(
            "awithlaknannai.new", {"ruleset": "culin", "moves": "m6-m5 m4xm6 m7xm5"}
        )
        wrong = [
            good.replace("culin", "nope"),
            good.replace("m4xm6", "t1xb8"),
            good.replace("m7xm5", "m7-m7"),
            '[Game "zohn-ahl"]\n[Ruleset "culin"]\n1. m6-m5',
        ]
    else:
        good = engine_record(
            "zohn-ahl.new", {"options": {"ruleset": "kiowa"}, "throws": "1111 0000 1110"}
        )
        wrong = [
            good.replace("kiowa", "nope"),
            good.replace("1110", "2222"),
            good.replace("1110", "11101"),
            '[Game "zohn-ahl"]\n[Counters "-3"]\n',
        ]
    out = list(PAYLOADS) + wrong
    while len(out) < count:
        kind = rnd.randrange(3)
        if kind == 0:  # random bytes, as text
            out.append(
                bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 80))).decode("latin-1")
            )
        elif kind == 1:  # a real record cut short
            out.append(good[: rnd.randrange(1, len(good) - 1)] + rnd.choice(["", "x", "%", "\x00"]))
        else:  # a real record with a character changed
            i = rnd.randrange(len(good))
            out.append(good[:i] + chr(rnd.randrange(32, 0x2FF)) + good[i + 1 :])
    return [r for r in out if refused(game, r)][:count]


def refused(game: str, record: str) -> bool:
    """Whether the engine (in CPython) refuses `record` (a changed character may still
    leave a valid game; only the refused ones are tampered)."""
    sys.path.insert(0, str(ROOT))
    from engine import protocol
    from engine.core import EngineError

    try:
        protocol.dispatch(f"{game}.load", {"record": record})
    except EngineError:
        return True
    return False


def healthy(page, board):
    """A playable board, a message, nothing run."""
    assert board.get_attribute("data-ready") == "true"
    assert page.evaluate("window.__pwned") is None
    status = board.locator("[data-role=status]")
    return status.text_content()


@pytest.mark.parametrize(
    "game, path, first",
    [
        ("awithlaknannai", "/awithlaknannai/", "[data-point]"),
        ("zohn-ahl", "/zohn-ahl/", "[data-action=throw]"),
    ],
)
def test_tampered_links_and_saved_games(visit, game, path, first):
    page = visit.page()
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(visit.base + path)
    bid = board_id(page, game)
    board = wait_ready(page, f"#{bid}")
    records = tampered(game, seed=20261123, count=24)
    # links followed while the page is open (the fragment changes): the game stays
    for record in [*PAYLOADS, records[-1]]:
        before = board.locator(".aw-movelist, .za-log").first.text_content()
        page.evaluate(
            "b => { b.querySelector('[data-role=status]').textContent = ''; }",
            board.element_handle(),
        )
        page.evaluate("([h]) => { location.hash = h; }", [f"game-{bid}={quote(record, safe='')}"])
        page.wait_for_function(
            "b => b.querySelector('[data-role=status]').textContent.includes('could not be read')",
            arg=board.element_handle(),
        )
        assert "could not be read" in healthy(page, board)
        assert board.locator(".aw-movelist, .za-log").first.text_content() == before
    # a link opened from another page and a saved game: a message and a fresh board (the
    # pages are changed as a reader's click does, so the same Python serves them all)
    for i, record in enumerate(records[len(PAYLOADS) : len(PAYLOADS) + 2]):
        follow(page, "/sources/")
        if i % 2 == 0:
            follow(page, game_link("", path, bid, record))
        else:
            page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"zaa:{path}:{bid}", record])
            follow(page, path)
        board = wait_ready(page, f"#{bid}")
        assert "could not be read" in healthy(page, board)
        page.wait_for_function(
            f"b => {USABLE}(b.querySelector('{first}'))", arg=board.element_handle()
        )
    assert not dialogs, dialogs


@pytest.mark.parametrize("game", ["awithlaknannai", "zohn-ahl"])
def test_the_engine_refuses_every_tampered_record_in_words(game):
    """The whole corpus, in CPython, through the protocol's JSON entry point (the page's
    way in): each record is refused with a message, as an error of the request or the
    record, never an internal one."""
    sys.path.insert(0, str(ROOT))
    from engine import protocol

    records = tampered(game, seed=20261123, count=24)
    assert len(records) == 24 and all(p in records for p in PAYLOADS)
    for record in records:
        reply = protocol.handle(
            f'{{"id": 1, "cmd": "{game}.load", "args": {{"record": {json.dumps(record)}}}}}'
        )
        answer = json.loads(reply)
        assert answer["ok"] is False, record
        error = answer["error"]
        assert error["message"] and error["kind"] != "internal", (record, error)
