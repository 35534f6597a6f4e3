"""Shared fixtures for the site tests: one strict build per session, a local server, Chromium.

- ``site_build`` (session): runs ``mkdocs build --strict`` once into a temporary folder, for
  the free port the site will be served on (``SITE_URL``), and keeps its exit status and
  output (``tests/site/test_build.py`` asserts it passed). Set ``SITE_DIR=/path/to/site``
  (and ``SITE_PORT`` to serve it on the port it was built for, e.g. 8000 after
  ``make build``) to test an existing build instead.
- ``site_dir`` (session): the built site's folder (the test fails if the build failed).
- ``site_url`` (session): the site served on a free port by the site's own server
  (``build_scripts/serve.py``, what ``make serve`` runs: gzip, types, headers), e.g.
  ``http://127.0.0.1:41234/`` (with the trailing slash), the address the build was made for.
- ``browser`` (session): headless Debian Chromium through Playwright, with the launch
  flags that Pyodide needs in a headless browser; ``page`` (function): a fresh page whose
  ``page.requests`` lists every URL it (and its workers) asked for. Its context blocks the
  service worker (``tests/site/test_offline.py`` tests it): the site's background download
  for offline use would mix with the requests the other tests count.
- ``warm_context`` (session), ``visit``, ``warm_page``: pages in one context per test
  process in which Python has started once and kept its snapshot (``test_e2e_support.py``);
  ``cold_visit`` and ``page``: a fresh context, for what happens at a first start.
- ``serve(folder, wasm_type=...)``: start another local server (at another address than
  the build was made for, or for a deliberately broken site); returns its URL and is
  stopped at the end of the session.
- ``copy_project(dest)``: a copy of the project that a test may break and build
  (``node_modules`` is linked, not copied; the caches under ``build/`` are copied, so the
  copy's build makes none of them again).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from site_build_tools import ROOT, run_build  # noqa: E402  (tests/site is on sys.path)

if str(ROOT) not in sys.path:  # this checkout first, before any installed copy
    sys.path.insert(0, str(ROOT))
from chromium import CHROMIUM, CHROMIUM_FLAGS, poll_on_a_timer  # noqa: E402
from site_server import Servers, free_port, shared_site  # noqa: E402
from test_e2e_support import (  # noqa: E402, F401  (fixtures of every site test)
    cold_visit,
    e2e_url,
    visit,
    warm_context,
)


class SiteBuild:
    def __init__(self, path: Path, returncode: int, output: str, port: int = 0):
        self.path, self.returncode, self.output, self.port = path, returncode, output, port


@pytest.fixture(scope="session")
def site_build(tmp_path_factory) -> SiteBuild:
    """The strict build, made for the port ``site_url`` will serve it on (SITE_URL), so
    that its sitemap (which instant navigation follows) names the real address."""
    shared = shared_site()
    if shared is not None:  # built once by the controlling process (site_server.SharedSite)
        return SiteBuild(
            Path(shared["path"]), shared["returncode"], shared["output"], shared["port"]
        )
    existing = os.environ.get("SITE_DIR")
    if existing:
        path = Path(existing).resolve()
        return SiteBuild(
            path,
            0 if (path / "index.html").is_file() else 1,
            f"SITE_DIR={existing}",
            int(os.environ.get("SITE_PORT", "0")),
        )
    site = tmp_path_factory.mktemp("site") / "site"
    port = free_port()
    proc = run_build(ROOT, site, site_url=f"http://127.0.0.1:{port}/")
    return SiteBuild(site, proc.returncode, proc.stdout + proc.stderr, port)


@pytest.fixture(scope="session")
def site_dir(site_build) -> Path:
    if site_build.returncode != 0:
        pytest.fail("the strict site build failed:\n" + site_build.output[-4000:])
    return site_build.path


@pytest.fixture(scope="session")
def site_url(site_build, site_dir):
    shared = shared_site()
    if shared is not None and shared["url"]:
        yield shared["url"]  # served by the controlling process for the whole session
        return
    servers = Servers()
    try:
        yield servers.start(site_dir, port=site_build.port)
    finally:
        servers.stop()


@pytest.fixture(scope="session")
def serve():
    """Start extra local servers: ``serve(folder, wasm_type="application/wasm") -> url``."""
    servers = Servers()
    try:
        yield servers.start
    finally:
        servers.stop()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Chromium is not installed at {CHROMIUM} (make test installs it)")
    from playwright.sync_api import sync_playwright

    poll_on_a_timer()
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="session")
def every_page(browser, site_dir):
    """One visit of every built page, boards played (site_visits.visit_every_page): what
    each page showed, for the accessibility, policy and phone-width tests to judge."""
    from site_visits import visit_every_page

    return visit_every_page(browser, site_dir)


def _recording(page, context):
    page.requests = []
    page.console_errors = []
    on_request = lambda request: page.requests.append(request.url)  # noqa: E731
    context.on("request", on_request)
    page.on(
        "console", lambda msg: page.console_errors.append(msg.text) if msg.type == "error" else None
    )
    return on_request


@pytest.fixture
def page(browser):
    """A page in a fresh context: Python's first start in this browser."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    _recording(page, context)
    try:
        yield page
    finally:
        context.close()


@pytest.fixture
def warm_page(warm_context):  # noqa: F811  (the fixture imported above)
    """A page in the process's warm context (``test_e2e_support.WarmContext``): Python
    starts from the snapshot kept there; ``page.requests`` lists this page's requests."""
    warm_context.check()
    context = warm_context.context
    page = context.new_page()
    on_request = _recording(page, context)
    try:
        yield page
    finally:
        page.close()
        context.remove_listener("request", on_request)
        warm_context.reset()
