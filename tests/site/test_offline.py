"""The site offline: after a first visit, every page of both languages comes back from the
kept copy, pages of each kind open and the boards play with the network cut; a new build
replaces the kept copy whole; the site installs."""

from __future__ import annotations

import json
import re
import shutil
import time

import pytest
from slow_machine import allow_slow_start, playable
from test_e2e_support import READY_MS

from build_scripts import offline

pytestmark = pytest.mark.browser

CACHED_MS = 180_000  # the whole site (the Python runtime is most of it) into the cache


def _pages(site_dir):
    """Every page of the site, both languages, as addresses relative to its root."""
    return sorted(
        p.parent.relative_to(site_dir).as_posix() + "/"
        for p in site_dir.rglob("index.html")
        if "<title>" in p.read_text(encoding="utf-8")
    )


def _title(site_dir, rel):
    html = (site_dir / rel.lstrip("./") / "index.html").read_text(encoding="utf-8")
    return re.search(r"<title>(.*?)</title>", html, re.S).group(1).replace("&amp;", "&")


def _wait(check, what: str, timeout_ms=CACHED_MS) -> None:
    """Call ``check`` every half second until it returns true."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not check():
        assert time.monotonic() < deadline, f"still false after {timeout_ms} ms: {what}"
        time.sleep(0.5)


def _until(page, script, arg=None, timeout_ms=CACHED_MS):
    """Evaluate the async ``script`` in the page until it returns true."""
    _wait(lambda: page.evaluate(script, arg), script, timeout_ms)


def _until_workers(context, script, arg=None, timeout_ms=CACHED_MS):
    """Evaluate the async ``script`` in the context's newest service worker until it
    returns true (a worker stopped meanwhile is asked again later)."""

    def check():
        workers = context.service_workers
        try:
            return bool(workers) and workers[-1].evaluate(script, arg)
        except Exception:  # a worker the browser stopped between the listing and the call
            return False

    _wait(check, script, timeout_ms)


def _wait_kept(page, count):
    """Wait until the service worker controls the page and its one cache holds ``count``
    files; return the names of the site's caches (``site-<build>``: the engine keeps its
    snapshot in a cache of its own, ``engine-runtime``)."""
    _until(
        page,
        """async (count) => {
            if (!navigator.serviceWorker.controller) return false;
            const names = (await caches.keys()).filter(n => n.startsWith('site-'));
            if (names.length !== 1) return false;
            return (await (await caches.open(names[0])).keys()).length === count;
        }""",
        count,
    )
    return page.evaluate("() => caches.keys().then(k => k.filter(n => n.startsWith('site-')))")


def _play_a_move(page):
    """On the page's first Awithlaknannai board: a new game between two people, one move."""
    board = playable(page, '.board[data-game="awithlaknannai"]')
    board.locator('select[data-action="opponent"]').select_option("person")
    board.locator('[data-action="new"]').click()
    page.wait_for_function(
        "b => !b.querySelector('[data-action=new]').disabled", arg=board.element_handle()
    )
    for point in ("m6", "m5"):
        board.locator(f'[data-point="{point}"]').click()
    page.wait_for_function(
        "b => b.querySelector('.aw-movelist').textContent.includes('m6-m5')",
        arg=board.element_handle(),
        timeout=READY_MS,
    )


def test_after_a_first_visit_every_page_is_kept_and_the_boards_play_offline(
    browser, site_url, site_dir
):
    files = offline.precache_list(site_dir)
    assert "./" in files and "fr/" in files and "fr/zohn-ahl/rules/" in files
    assert any(f.endswith("pyodide.asm.wasm") for f in files)
    assert any(f.endswith(".whl") for f in files)
    context = browser.new_context(service_workers="allow")
    allow_slow_start(context)
    try:
        page = context.new_page()
        page.goto(site_url + "awithlaknannai/")
        playable(page, '.board[data-game="awithlaknannai"]')
        names = _wait_kept(page, len(files))
        assert len(names) == 1
        # The runtime comes back from the cache with the type WebAssembly needs.
        wasm_type = page.evaluate(
            "async (url) => (await caches.match(url)).headers.get('Content-Type')",
            site_url + next(f for f in files if f.endswith(".wasm")),
        )
        assert wasm_type == "application/wasm"

        context.set_offline(True)
        failed = []
        # (a request cut short by leaving the page, e.g. Python still starting, is no failure)
        page.on(
            "requestfailed",
            lambda r: None if "ERR_ABORTED" in (r.failure or "") else failed.append(r.url),
        )
        # Every page of both languages comes back whole from the kept copy (asked for by
        # the page, through the service worker, the network cut) ...
        pages = _pages(site_dir)
        titles = page.evaluate(
            """async (urls) => Promise.all(urls.map(async (url) => {
                const response = await fetch(url);
                const html = await response.text();
                const title = new DOMParser().parseFromString(html, 'text/html').title;
                return response.ok ? title : `${response.status}`;
            }))""",
            [site_url + rel for rel in pages],
        )
        assert titles == [" ".join(_title(site_dir, rel).split()) for rel in pages]
        # ... and pages of each kind open in the tab: text, the teachers' page, boards.
        for rel in ("zohn-ahl/history/", "fr/teachers/", "zohn-ahl/", "fr/awithlaknannai/"):
            response = page.goto(site_url + rel, wait_until="load")
            assert response is not None and response.ok, rel
            assert response.from_service_worker, rel
            assert page.title() == _title(site_dir, rel), rel
        assert failed == []
        _play_a_move(page)
        # A page the site does not have: the kept "page not found", not the browser's error.
        response = page.goto(site_url + "fr/no-such-page/")
        assert (
            response.status == 404 and page.evaluate("() => document.documentElement.lang") == "fr"
        )
    finally:
        context.close()


def test_a_new_build_replaces_the_kept_copy_whole(browser, site_dir, serve, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    base = serve(copy)
    context = browser.new_context(service_workers="allow")
    allow_slow_start(context)
    try:
        page = context.new_page()
        page.goto(base + "about/")
        old = _wait_kept(page, len(offline.precache_list(copy)))

        # A new build: one page changes, and the build writes a new service worker.
        about = copy / "about" / "index.html"
        about.write_text(
            about.read_text(encoding="utf-8").replace(
                "</article>", '<p id="new-build">new build</p></article>', 1
            ),
            encoding="utf-8",
        )
        digest, files = offline.write_service_worker(copy)
        assert [f"site-{digest}"] != old

        # While a tab uses the old copy, the old copy is served whole ...
        page.evaluate("() => navigator.serviceWorker.getRegistration().then(r => r.update())")
        _until(page, "() => navigator.serviceWorker.getRegistration().then(r => !!r.waiting)")
        page.reload()
        assert page.locator("#new-build").count() == 0
        assert old[0] in page.evaluate("() => caches.keys()")
        # ... and once no tab uses it, the new build takes over and the old cache is gone
        # (asked of the service workers themselves: a tab opened too soon would be one more
        # tab using the old copy).
        page.close()
        _until_workers(
            context,
            "(name) => caches.keys().then(k => k.filter(n => n.startsWith('site-')))"
            ".then(k => k.length === 1 && k[0] === name)",
            f"site-{digest}",
        )
        page = context.new_page()
        page.goto(base + "about/")
        assert page.locator("#new-build").count() == 1
        assert _wait_kept(page, len(files)) == [f"site-{digest}"]
    finally:
        context.close()


def test_the_site_is_installable(page, site_url, site_dir):
    page.goto(site_url + "fr/zohn-ahl/")
    # a page with boards names its manifest in its head once the boards set up at its
    # opening are playable (the others are set up as the reader comes near them)
    page.wait_for_selector('head > link[rel="manifest"]', state="attached", timeout=120_000)
    set_up = page.locator(".board[data-mounted]")
    assert set_up.count() >= 1
    assert page.locator('.board[data-mounted][data-ready="true"]').count() == set_up.count()
    href = page.get_attribute('head > link[rel="manifest"]', "href")
    manifest_url = page.evaluate("h => new URL(h, location.href).href", href)
    assert manifest_url == site_url + "fr/manifest.webmanifest"
    manifest = json.loads((site_dir / "fr" / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["lang"] == "fr" and manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        response = page.request.get(manifest_url.rsplit("/", 1)[0] + "/" + icon["src"])
        assert response.ok and response.headers["content-type"] == icon["type"], icon
        body = response.body()
        if icon["type"] == "image/png":
            width, height = int.from_bytes(body[16:20], "big"), int.from_bytes(body[20:24], "big")
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add(width)
    assert {192, 512} <= sizes
