"""A classroom's server reached over plain http by its name (not this computer), as a class's
Chromebooks reach it: Chromium treats the origin as not secure and asks it for gzip only.
There the engine's worker fetches the xz copies of the runtime's three large files
(docs/assets/js/runtime-xz.mjs) and Python starts from their decoded bytes; on this
computer (a secure origin, where the server's brotli is as small) it fetches the files
themselves."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from chromium import CHROMIUM, CHROMIUM_FLAGS
from test_e2e_support import wait_ready

pytestmark = pytest.mark.browser

HOST = "classroom.test"  # a made-up name, resolved to this computer by the browser alone
PAGE = "zohn-ahl/"
LARGE = ("pyodide.asm.wasm", "python_stdlib.zip", ".whl")


def _visit(browser_type, url: str, *flags: str) -> tuple[list[tuple[str, str | None]], bool]:
    """Open ``url`` in a fresh browser until its board is playable; every response's path
    and Content-Encoding, and whether the page was a secure context."""
    browser = browser_type.launch(executable_path=CHROMIUM, args=[*CHROMIUM_FLAGS, *flags])
    try:
        context = browser.new_context()
        seen: list[tuple[str, str | None]] = []
        context.on(
            "response",
            lambda r: seen.append((urlsplit(r.url).path, r.headers.get("content-encoding"))),
        )
        page = context.new_page()
        page.goto(url)
        wait_ready(page, '.board[data-game="zohn-ahl"]')
        return seen, page.evaluate("isSecureContext")
    finally:
        browser.close()


def test_over_plain_http_python_starts_from_the_xz_copies(browser, site_url):
    port = urlsplit(site_url).port
    launcher = browser.browser_type  # each visit in a browser of its own (its own flags)
    seen, secure = _visit(
        launcher, f"http://{HOST}:{port}/{PAGE}", f"--host-resolver-rules=MAP {HOST} 127.0.0.1"
    )
    assert not secure
    paths = [p for p, _ in seen]
    for name in LARGE:
        assert [p for p in paths if p.endswith(name + ".xz")], (name, paths)
        assert not [p for p in paths if p.endswith(name)], (name, paths)
    # the rest as the server sends it to such a browser: gzip, never brotli
    assert {e for _, e in seen} <= {None, "gzip"}
    assert dict(seen)[f"/{PAGE}"] == "gzip"
    # on this computer, a secure origin: the files themselves
    seen, secure = _visit(launcher, f"http://127.0.0.1:{port}/{PAGE}")
    assert secure
    paths = [p for p, _ in seen]
    assert not [p for p in paths if p.endswith(".xz")], paths
    assert [p for p in paths if p.endswith("pyodide.asm.wasm")]


# Starts the tab's engine (docs/assets/js/engine-client.js); resolves with how it started
# and what became of the snapshot.
START = """async (url) => {
    const m = await import(url);
    const engine = m.getEngine({startLimitMs: 120000});
    const info = await engine.ready;
    return {info, snapshot: await engine.snapshot};
}"""


def test_over_plain_http_a_return_visit_restores_the_snapshot(browser, site_url):
    """No Cache Storage and no crypto.subtle on such an origin: the snapshot is kept in
    IndexedDB with a CRC-32 (docs/assets/js/snapshot-idb.mjs), and restored."""
    port = urlsplit(site_url).port
    base = f"http://{HOST}:{port}/"
    classroom = browser.browser_type.launch(
        executable_path=CHROMIUM,
        args=[*CHROMIUM_FLAGS, f"--host-resolver-rules=MAP {HOST} 127.0.0.1"],
    )
    try:
        context = classroom.new_context()
        starts = []
        for _ in range(2):
            page = context.new_page()
            page.goto(base + "404.html")
            assert page.evaluate("!isSecureContext && !self.caches && !crypto.subtle")
            starts.append(page.evaluate(START, base + "assets/js/engine-client.js"))
            page.close()
        first, later = starts
        assert first["info"]["start"] == "normal"
        assert first["snapshot"]["status"] == "saved", first["snapshot"]
        assert later["info"]["start"] == "snapshot", later["info"]["snapshot"]
        stored = context.new_page()
        stored.goto(base + "404.html")
        kept = stored.evaluate("""() => new Promise((resolve, reject) => {
            const r = indexedDB.open("engine-snapshot");
            r.onsuccess = () => r.result.transaction("snapshot").objectStore("snapshot")
                .get("interpreter").onsuccess = (e) => resolve(e.target.result.sha256);
            r.onerror = () => reject(r.error);
        })""")
        assert kept.startswith("crc32:")
    finally:
        classroom.close()
