"""A classroom's server reached over plain http by its name (not this computer), as a class's
Chromebooks reach it: Chromium treats the origin as not secure and asks it for gzip only.
There the engine's worker fetches the xz copies of the runtime's three large files
(docs/assets/js/runtime-xz.mjs) and Python starts from their decoded bytes; on this
computer (a secure origin, where the server's brotli is as small) it fetches the files
themselves."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import pytest
from chromium import CHROMIUM, CHROMIUM_FLAGS, PersistentContext
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


def _host_rule() -> str:
    """Chromium's flag that sends HOST to the loopback address."""
    return f"--host-resolver-rules=MAP {HOST} 127.0.0.1"


def _classroom(browser, site_url: str):
    """A browser that reaches the site by HOST (mapped to the loopback address), over
    plain http; and the site's address there."""
    classroom = browser.browser_type.launch(
        executable_path=CHROMIUM, args=[*CHROMIUM_FLAGS, _host_rule()]
    )
    return classroom, f"http://{HOST}:{urlsplit(site_url).port}/"


def test_over_plain_http_a_return_visit_restores_the_snapshot(browser, site_url):
    """No Cache Storage and no crypto.subtle on such an origin: the snapshot is kept in
    IndexedDB with a CRC-32 (docs/assets/js/snapshot-idb.mjs), and restored."""
    # a device's own profile, on disk, as a classroom's Chromebook keeps its browser's
    device = PersistentContext(browser, flags=[_host_rule()])
    base = f"http://{HOST}:{urlsplit(site_url).port}/"
    try:
        context = device.context
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
        device.close()


# The runtime's files kept decoded in IndexedDB (docs/assets/js/runtime-kept.mjs), as the
# page's own code reads them: {copy's path: {key, length, crc32, size, actual}} (size: the
# kept Blob's; actual: the CRC-32 of its bytes).
KEPT = """async (base) => {
    const { crc32 } = await import(base + "assets/js/snapshot-idb.mjs");
    const db = await new Promise((resolve, reject) => {
        const r = indexedDB.open("engine-snapshot");
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
    });
    if (!db.objectStoreNames.contains("files")) return {};
    const store = db.transaction("files").objectStore("files");
    const [keys, values] = await Promise.all([store.getAllKeys(), store.getAll()].map(
        (r) => new Promise((resolve) => { r.onsuccess = () => resolve(r.result); })));
    const out = {};
    for (const [i, key] of keys.entries()) {
        const { body, ...record } = values[i];
        out[key] = { ...record, size: body.size, actual: crc32(new Uint8Array(await body.arrayBuffer())) };
    }
    db.close();
    return out;
}"""

# The same, once all three files are kept (asked again every 100 ms, for a minute at most).
KEPT_ALL = f"""async (base) => {{
    for (let i = 0; i < 600; i++) {{
        const kept = await ({KEPT})(base);
        if (Object.keys(kept).length === 3) return kept;
        await new Promise((resolve) => setTimeout(resolve, 100));
    }}
    return {{}};
}}"""

# Damages the kept files: the WebAssembly one changed byte, the standard library cut short,
# the wheel's record said to be of another runtime.
DAMAGE = """async () => {
    const db = await new Promise((resolve, reject) => {
        const r = indexedDB.open("engine-snapshot");
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
    });
    const read = db.transaction("files").objectStore("files");
    const [keys, records] = await Promise.all([read.getAllKeys(), read.getAll()].map(
        (r) => new Promise((resolve) => { r.onsuccess = () => resolve(r.result); })));
    for (const [i, key] of keys.entries()) {
        const record = records[i];
        const bytes = new Uint8Array(await record.body.arrayBuffer());
        if (key.endsWith(".wasm.xz")) {
            bytes[1000] ^= 0xff;
            record.body = new Blob([bytes]);
        } else if (key.endsWith(".zip.xz")) {
            record.body = new Blob([bytes.subarray(0, bytes.length - 10)]);
        } else {
            record.key = "314.0.0/another-runtime";
        }
    }
    const write = db.transaction("files", "readwrite");
    keys.forEach((key, i) => write.objectStore("files").put(records[i], key));
    await new Promise((resolve, reject) => { write.oncomplete = resolve; write.onerror = () => reject(write.error); });
    db.close();
    return keys.length;
}"""


def test_over_plain_http_the_decoded_runtime_is_kept_and_a_damaged_copy_replaced(
    browser, site_url, site_dir
):
    """A return visit reads the runtime's three large files as the first one decoded them
    (no copy downloaded again); a kept file that is damaged, cut or of another runtime is
    dropped, fetched and decoded again, and kept in its place."""
    classroom, base = _classroom(browser, site_url)
    try:
        context = classroom.new_context()
        asked: list[str] = []
        context.on("request", lambda r: asked.append(urlsplit(r.url).path))

        def visit(damage: bool = False) -> tuple[list[str], dict, dict]:
            """One start in a new tab: the copies it fetched, how it started, what is kept."""
            page = context.new_page()
            page.goto(base + "404.html")
            if damage:
                assert page.evaluate(DAMAGE) == 3
            asked.clear()
            started = page.evaluate(START, base + "assets/js/engine-client.js")
            copies = sorted(p for p in asked if p.endswith(".xz"))
            # (the files are kept once the page is idle: waited for, not timed)
            kept = page.evaluate(KEPT_ALL, base)
            page.close()
            return copies, started, kept

        copies, first, kept = visit()
        assert len(copies) == 3 and first["info"]["start"] == "normal", (copies, first["info"])
        names = sorted(f"/assets/runtime/{path}" for path in kept)
        assert names == copies, (names, copies)
        assert all(k["actual"] == k["crc32"] and k["size"] == k["length"] for k in kept.values())
        # each kept whole, as built: the length of the file its copy stands for
        built = json.loads((site_dir / "assets" / "runtime" / "manifest.json").read_bytes())
        assert {path: k["length"] for path, k in kept.items()} == {
            path: built["files"][path.removesuffix(".xz")] for path in kept
        }
        good = kept

        copies, later, kept = visit()
        assert copies == [], copies
        assert later["info"]["start"] == "snapshot", later["info"]
        assert kept == good

        copies, damaged, kept = visit(damage=True)
        assert len(copies) == 3, copies  # each of the three damaged ways: fetched again
        assert damaged["info"]["start"] == "snapshot", damaged["info"]
        assert kept == good

        copies, after, _ = visit()
        assert copies == [] and after["info"]["start"] == "snapshot", (copies, after["info"])
    finally:
        classroom.close()
