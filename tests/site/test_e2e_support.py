"""Shared helpers of the end-to-end tests (imported by tests/site/test_e2e_*.py).

The built site (``site_url`` of tests/site/conftest.py) is driven in Debian's headless
Chromium (the conftest's ``browser``) through Playwright.

Every page opened through ``Visit.page()`` records the URLs it requests, so a test can
check that none leaves the site's origin.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

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
    download for offline use would mix with the requests the tests count."""

    def __init__(self, browser, base: str, **context_args):
        context_args.setdefault("service_workers", "block")
        self.base = base
        self.origin = "{0.scheme}://{0.netloc}".format(urlsplit(base))
        self.context = browser.new_context(viewport={"width": 1280, "height": 1300}, **context_args)
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.workers = []
        self.context.on("request", lambda r: self.requests.append(r.url))

    def page(self):
        page = self.context.new_page()
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("worker", lambda w: self.workers.append(w.url))
        page.set_default_timeout(READY_MS)
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
        self.context.close()


@pytest.fixture
def visit(browser, e2e_url):
    v = Visit(browser, e2e_url)
    yield v
    off = v.off_origin()
    cookies = v.context.cookies()
    v.close()
    assert not off, f"requests left the site's origin: {off}"
    assert not cookies, f"the site set cookies: {cookies}"
    assert not v.errors, f"errors in the page: {v.errors}"


def wait_ready(page, selector=".board[data-game]"):
    """Wait until the first board matching ``selector`` is playable; return its locator.

    On this shared two-core machine Python can miss its 20-second start-up limit under
    load; the board then says so and offers "Try again", which a reader would press: so
    does this helper, once."""
    board = page.locator(selector).first
    board.wait_for(state="attached")
    script = (
        "sel => { const b = document.querySelector(sel); "
        "return b && (b.dataset.ready === 'true' || b.dataset.ready === 'error'); }"
    )
    page.wait_for_function(script, arg=selector, timeout=READY_MS)
    if board.get_attribute("data-ready") == "error":
        retry = board.locator('[data-action="retry"]')
        if retry.count():
            retry.click()
            page.wait_for_function(
                script.replace("b.dataset.ready === 'error'", "false"),
                arg=selector,
                timeout=READY_MS,
            )
    assert board.get_attribute("data-ready") == "true", board.locator(
        "[data-role=status]"
    ).text_content()
    return board


def board_id(page, game: str) -> str:
    return page.locator(f'.board[data-game="{game}"]').first.get_attribute("id")


def engine_record(cmd: str, args: dict) -> str:
    """A record made by the engine in CPython (the same engine the page runs)."""
    sys.path.insert(0, str(ROOT))
    from engine import protocol

    return protocol.dispatch(cmd, args)["record"]


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
