"""Shared helpers of the end-to-end tests (imported by tests/site/test_e2e_*.py).

The built site (``site_url`` of tests/site/conftest.py) is driven in Debian's headless
Chromium (the conftest's ``browser``) through Playwright.

Every page opened through ``Visit.page()`` records the URLs it requests, so a test can
check that none leaves the site's origin.

Warm contexts: Python's first start in a browser takes seconds; later starts restore the
memory snapshot the first one kept in the context's Cache Storage (see
``docs/assets/js/worker-snapshot.mjs``). The ``visit`` fixture therefore opens its pages in
the test process's warm context (``warm_context``), warmed once by a first start, with a
profile on disk as a reader's browser has (``chromium.py``: compiled code is kept); each
test gets its own pages, request lists and a cleared localStorage (saved games), and the
test fails if the warm-up did not keep a snapshot. Tests about a first start, or that need
a browser of their own, use ``cold_visit`` (a fresh context) or make their own ``Visit``.
"""

from __future__ import annotations

import json
import os
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import quote, urlsplit
from urllib.request import urlopen

import pytest
from chromium import PersistentContext

ROOT = Path(__file__).resolve().parents[2]
READY_MS = 60_000  # generous: two cores shared by many processes
# A JavaScript test of whether a board's control can be used now. A busy control is
# disabled, or only marked aria-disabled when it has the focus (so the focus stays on it).
USABLE = "(c => !!c && !c.disabled && c.getAttribute('aria-disabled') !== 'true')"


@pytest.fixture(scope="session")
def e2e_url(request):
    """The root URL of the built site: ``site_url`` of tests/site/conftest.py (a strict
    build served on a free port), or ``E2E_SITE_URL`` to point at a running server."""
    if os.environ.get("E2E_SITE_URL"):
        return os.environ["E2E_SITE_URL"].rstrip("/")
    return str(request.getfixturevalue("site_url")).rstrip("/")


class Visit:
    """One browser context (its own localStorage) with every request recorded. The
    service worker is blocked unless ``service_workers="allow"`` is given: its background
    download for offline use would mix with the requests the tests count.

    Given ``warm`` (a ``WarmContext``), the visit uses that context instead of a new one:
    it records the context's requests from its start to its end (the warm-up's page is
    idle meanwhile), and ``close()`` closes its pages and clears the site's localStorage,
    leaving the context (and its snapshot) to the next test. ``reduced_motion="reduce"``
    opens every page as a reader who asks for less motion."""

    def __init__(
        self,
        browser,
        base: str,
        warm: WarmContext | None = None,
        reduced_motion: str | None = None,
        **context_args,
    ):
        context_args.setdefault("service_workers", "block")
        self.base = base
        self.origin = "{0.scheme}://{0.netloc}".format(urlsplit(base))
        self.warm = warm
        # (a reader's wish for less motion is emulated page by page, so that a warm
        # context can grant it too)
        self.reduced_motion = reduced_motion
        if warm is None:
            self.context = browser.new_context(viewport=VIEWPORT, **context_args)
        else:
            self.context = warm.context
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.workers = []
        self.pages = []
        self._on_request = lambda r: self.requests.append(r.url)
        self.context.on("request", self._on_request)

    def page(self):
        page = self.context.new_page()
        if self.reduced_motion:
            page.emulate_media(reduced_motion=self.reduced_motion)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("worker", lambda w: self.workers.append(w.url))
        page.set_default_timeout(READY_MS)
        self.pages.append(page)
        return page

    def off_origin(self) -> list[str]:
        return [
            u
            for u in self.requests
            if not (
                u.startswith(self.origin + "/")
                or u == self.origin
                or u.startswith("data:")
                or u.startswith("blob:")
            )
        ]

    def close(self):
        if self.warm is None:
            self.context.close()
            return
        for page in self.pages:
            if not page.is_closed():
                page.close()
        self.context.remove_listener("request", self._on_request)
        self.warm.reset()


VIEWPORT = {"width": 1280, "height": 1300}

# Starts the engine of a page of the site (engine-client.js, the module the boards use)
# and waits until its snapshot is kept (or was restored): {start, snapshot}.
WARM_UP = """async ([url, limit]) => {
    const m = await import(url);
    const engine = m.getEngine({startLimitMs: limit});
    const info = await engine.ready;
    const snapshot = await engine.snapshot;
    return {start: info.start, snapshot};
}"""


class WarmContext:
    """A browser context in which Python has started once and kept its memory snapshot:
    every later page of the context starts Python from it. It has a profile on disk
    (``chromium.PersistentContext``, its own Chromium). Its first page (``home``, the
    site's 404 page, without a board) stays open to clear the site's localStorage between
    tests."""

    def __init__(self, browser, base: str, **context_args):
        context_args.setdefault("service_workers", "block")
        self.base = base
        self.persistent = PersistentContext(browser, viewport=VIEWPORT, **context_args)
        self.context = self.persistent.context
        self.home = self.persistent.first_page
        self.home.set_default_timeout(READY_MS)
        self.home.goto(base + "/404.html")
        self.started = self.home.evaluate(
            WARM_UP, [base + "/assets/js/engine-client.js", 2 * READY_MS]
        )

    def check(self):
        status = self.started["snapshot"].get("status")
        assert status in ("saved", "restored"), (
            f"the warm-up kept no snapshot (the next pages start Python afresh): {self.started}"
        )

    def reset(self):
        """What a test leaves in the context goes, except the snapshot and the cache."""
        self.home.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        self.context.clear_cookies()

    def close(self):
        self.persistent.close()


@pytest.fixture(scope="session")
def warm_context(browser, e2e_url):
    """The test process's warm context (``WarmContext``): Python starts cold once per
    process, and every module's visits start it from the kept snapshot. Between tests the
    site's storage goes (``reset``); what a module needs of a fresh browser (service
    workers, an offline switch, init scripts for every page) it asks of a context of its
    own (``cold_visit``, ``page``)."""
    warm = WarmContext(browser, e2e_url)
    try:
        yield warm
    finally:
        warm.close()


def _checked(v: Visit):
    off = v.off_origin()
    cookies = v.context.cookies()
    v.close()
    assert not off, f"requests left the site's origin: {off}"
    assert not cookies, f"the site set cookies: {cookies}"
    assert not v.errors, f"errors in the page: {v.errors}"


@pytest.fixture
def visit(browser, e2e_url, warm_context):
    """A visit in the process's warm context: Python starts from the kept snapshot."""
    warm_context.check()
    v = Visit(browser, e2e_url, warm=warm_context)
    yield v
    _checked(v)


@pytest.fixture
def cold_visit(browser, e2e_url):
    """A visit in a fresh context: Python's first start in this browser."""
    v = Visit(browser, e2e_url)
    yield v
    _checked(v)


# An init script: every request the page sends to the engine's worker, in order, as
# {cmd, args}, in window.__requests (read with asked()).
NOTE_REQUESTS = """(() => {
  window.__requests = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && typeof message.cmd === 'string') window.__requests.push({ cmd: message.cmd, args: message.args });
    return post.call(this, message, ...rest);
  };
})()"""


def asked(test: str) -> str:
    """An expression for the page: the arguments of the requests NOTE_REQUESTS noted whose
    command ``c`` passes ``test`` (JavaScript), in order."""
    return f"window.__requests.filter(({{ cmd: c }}) => {test}).map((r) => r.args)"


SCROLLS_TO_A_BOARD = 20
"""How many times :func:`come_near` scrolls to a board that its set-up has not begun."""
SET_UP_BEGINS_MS = 3_000
"""How long it waits after each scroll for the set-up to begin."""


def come_near(board) -> None:
    """Scroll to ``board`` unless it is set up already, as a reader does to play it (a
    board is set up as the reader comes near it: docs/assets/js/boards.js), until its
    set-up begins: a page that has just arrived by instant navigation may still scroll
    itself to its top after the scroll, as a reader would then scroll again. A board the
    page keeps shut (a students' board waiting for an earlier answer) is left as it is."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _ in range(SCROLLS_TO_A_BOARD):
        if board.get_attribute("data-mounted") is not None or not board.is_visible():
            return
        board.scroll_into_view_if_needed()
        try:
            board.page.wait_for_function(
                "b => b.dataset.mounted !== undefined || !b.isConnected",
                arg=board.element_handle(),
                timeout=SET_UP_BEGINS_MS,
            )
            return
        except PlaywrightTimeout:
            continue


def come_to(page, selector: str = ".board[data-game]"):
    """Wait for the first board matching ``selector`` to be in the page and come near it
    (:func:`come_near`); return its locator."""
    board = page.locator(selector).first
    board.wait_for(state="attached")
    come_near(board)
    return board


# What a board that did not become playable shows, for the failure's message: its set-up's
# marks, its status line, the engine's marks on the page's timeline and where the page is.
BOARD_STATE = """sel => {
    const b = document.querySelector(sel);
    if (!b) return {board: 'gone', url: location.href};
    const status = b.querySelector('[data-role=status]');
    const box = b.getBoundingClientRect();
    return {
        id: b.id, url: location.href, connected: b.isConnected,
        mounted: b.dataset.mounted ?? null, waiting: b.dataset.waiting ?? null,
        ready: b.dataset.ready ?? null, busy: b.getAttribute('aria-busy'),
        status: status ? status.textContent : null,
        top: Math.round(box.top), viewport: innerHeight, scrollY: Math.round(scrollY),
        engine: performance.getEntriesByType('mark').map((m) => m.name)
            .filter((n) => n.startsWith('engine:')),
    };
}"""


def wait_settled(page, selector: str, timeout: int) -> None:
    """Wait until the first board matching ``selector`` is playable or says it failed; a
    board that is neither after ``timeout`` ms fails the test with what it shows."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    script = (
        "sel => { const b = document.querySelector(sel); "
        "return !!b && (b.dataset.ready === 'true' || b.dataset.ready === 'error'); }"
    )
    try:
        page.wait_for_function(script, arg=selector, timeout=timeout)
    except PlaywrightTimeout:
        state = page.evaluate(BOARD_STATE, selector)
        raise AssertionError(
            f"the board {selector} neither played nor failed in {timeout / 1000:g} s: {state}"
        ) from None


def wait_ready(page, selector=".board[data-game]"):
    """Wait until the first board matching ``selector`` is playable (scrolled to, unless
    it is set up already); return its locator.

    On this shared two-core machine Python can miss its 20-second start-up limit under
    load; the board then says so and offers "Try again", which a reader would press: so
    does this helper, once."""
    board = come_to(page, selector)
    wait_settled(page, selector, READY_MS)
    if board.get_attribute("data-ready") == "error":
        retry = board.locator('[data-action="retry"]')
        if retry.count():
            retry.click()
            page.wait_for_function(
                "sel => document.querySelector(sel).dataset.ready !== 'error'",
                arg=selector,
                timeout=READY_MS,
            )
            wait_settled(page, selector, READY_MS)
    assert board.get_attribute("data-ready") == "true", board.locator(
        "[data-role=status]"
    ).text_content()
    return board


def board_id(page, game: str) -> str:
    return page.locator(f'.board[data-game="{game}"]').first.get_attribute("id")


class _Boards(HTMLParser):
    def __init__(self):
        super().__init__()
        self.found: list[dict] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "board" in (a.get("class") or "").split() and a.get("data-game"):
            config = json.loads(a.get("data-config") or "{}")
            self.found.append({"id": a.get("id"), "game": a["data-game"], "config": config})


def boards_on(base: str, path: str, game: str | None = None) -> list[dict]:
    """The boards of the page at ``path`` as the site serves it (id, game, config), read
    without a browser: to make a link to one of them without starting Python twice."""
    with urlopen(base.rstrip("/") + path, timeout=30) as response:
        parser = _Boards()
        parser.feed(response.read().decode("utf-8"))
    return [b for b in parser.found if game is None or b["game"] == game]


def game_link(base: str, path: str, board_id: str, record: str) -> str:
    """The link to the page at ``path`` holding ``record`` for board ``board_id``, in the
    fragment, as the board's Copy link writes it (``boards/game-links.js``)."""
    return f"{base.rstrip('/')}{path}#game-{board_id}={quote(record, safe='')}"


def engine_reply(cmd: str, args: dict) -> dict:
    """The engine's reply in CPython (the same engine the page runs)."""
    sys.path.insert(0, str(ROOT))
    from engine import protocol

    return protocol.dispatch(cmd, args)


def engine_record(cmd: str, args: dict) -> str:
    """A record made by the engine in CPython (the same engine the page runs)."""
    return engine_reply(cmd, args)["record"]


def follow(page, href):
    """Follow a link to `href` on the site as a reader clicks it (instant navigation: the
    page's scripts and its Python stay)."""
    page.evaluate(
        """([href]) => { const a = document.createElement('a'); a.href = href; a.id = 'e2e-link';
        a.textContent = 'go'; document.querySelector('article').prepend(a); }""",
        [href],
    )
    page.locator("#e2e-link").click()
    path = urlsplit(href).path
    page.wait_for_url(lambda url: urlsplit(url).path == path)
    page.wait_for_function("() => !document.querySelector('#e2e-link')")
