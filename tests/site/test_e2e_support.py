"""Shared fixtures of the end-to-end tests (imported by tests/site/test_e2e_*.py).

The built site is served on 127.0.0.1 and driven in Debian's headless Chromium through
Playwright (Playwright's own browser download does not work offline). When the site
fixtures of ``tests/site/conftest.py`` exist (``site_url``), they are used; otherwise the
site is built here into a temporary folder and served by ``http.server``.

Every page opened through :func:`open_page` records the URLs it requests, so a test can
check that none leaves the site's origin.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
READY_MS = 60_000          # generous: two cores shared by many processes


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serve(directory: Path, port: int = 0):
    """Serve ``directory`` on 127.0.0.1 (the stdlib server knows application/wasm)."""
    import functools
    import http.server

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port or _free_port()), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def build_site(dest: Path, site_url: str) -> None:
    """Build the site for ``site_url``: mkdocs-material's instant navigation (which keeps
    the Python worker from page to page) only follows links that its sitemap, written
    for site_url, lists; served under another origin, every link reloads the page."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", SITE_URL=site_url)
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "-d", str(dest)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    if proc.returncode != 0:
        raise RuntimeError("mkdocs build failed:\n" + proc.stderr[-3000:])


_SHARED: dict = {}


@pytest.fixture(scope="session")
def e2e_url(request, tmp_path_factory):
    """The root URL of the built site (H5's ``site_url`` when the conftest provides it;
    ``E2E_SITE_URL`` points at an already running server, for quick runs). Built and
    served once per session, whichever e2e module asks first."""
    if "url" in _SHARED:
        return _SHARED["url"]
    if os.environ.get("E2E_SITE_URL"):
        url = os.environ["E2E_SITE_URL"].rstrip("/")
    else:
        try:
            url = str(request.getfixturevalue("site_url")).rstrip("/")
        except pytest.FixtureLookupError:
            dest = tmp_path_factory.mktemp("site")
            port = _free_port()
            build_site(dest, f"http://127.0.0.1:{port}/")
            server = serve(dest, port)
            url = server.__enter__()
            request.config.add_cleanup(lambda: server.__exit__(None, None, None))
    _SHARED["url"] = url
    return url


@pytest.fixture(scope="session")
def browser(request):
    """One headless Chromium for the whole session (shared by every e2e module)."""
    if "browser" in _SHARED:
        return _SHARED["browser"]
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Chromium not found at {CHROMIUM} (install Debian's chromium package)")
    sync_api = pytest.importorskip("playwright.sync_api")
    p = sync_api.sync_playwright().start()
    b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
    _SHARED["browser"] = b

    def stop():
        _SHARED.pop("browser", None)
        b.close()
        p.stop()

    request.config.add_cleanup(stop)
    return b


class Visit:
    """One browser context (its own localStorage) with every request recorded."""

    def __init__(self, browser, base: str, **context_args):
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
        return [u for u in self.requests
                if not (u.startswith(self.origin + "/") or u == self.origin
                        or u.startswith("data:") or u.startswith("blob:"))]

    def close(self):
        self.context.close()


@pytest.fixture
def visit(browser, e2e_url):
    v = Visit(browser, e2e_url)
    yield v
    off = v.off_origin()
    v.close()
    assert not off, f"requests left the site's origin: {off}"
    assert not v.errors, f"errors in the page: {v.errors}"


def wait_ready(page, selector=".board[data-game]"):
    """Wait until the first board matching ``selector`` is playable; return its locator.

    On this shared two-core machine Python can miss its 20-second start-up limit under
    load; the board then says so and offers "Try again", which a reader would press: so
    does this helper, once."""
    board = page.locator(selector).first
    board.wait_for(state="attached")
    script = ("sel => { const b = document.querySelector(sel); "
              "return b && (b.dataset.ready === 'true' || b.dataset.ready === 'error'); }")
    page.wait_for_function(script, arg=selector, timeout=READY_MS)
    if board.get_attribute("data-ready") == "error":
        retry = board.locator('[data-action="retry"]')
        if retry.count():
            retry.click()
            page.wait_for_function(script.replace("b.dataset.ready === 'error'", "false"),
                                   arg=selector, timeout=READY_MS)
    assert board.get_attribute("data-ready") == "true", board.locator("[data-role=status]").text_content()
    return board


def board_id(page, game: str) -> str:
    return page.locator(f'.board[data-game="{game}"]').first.get_attribute("id")


def engine_record(cmd: str, args: dict) -> str:
    """A record made by the engine in CPython (the same engine the page runs)."""
    sys.path.insert(0, str(ROOT))
    from engine import protocol
    return protocol.dispatch(cmd, args)["record"]
