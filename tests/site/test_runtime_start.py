"""How Python starts in the reader's browser, and how it recovers, in headless Chromium.

- After a first, normal start the worker keeps a memory snapshot of the started
  interpreter in the browser (Cache Storage); a new tab or a later visit restores it, and the
  worker's ``ready`` message says so (``info.start``).
- A snapshot that is corrupt, truncated or made by another build is never restored: the
  worker starts normally, says nothing to the reader, and keeps a new snapshot.
- A runtime file that is missing or a .wasm served with the wrong type is reported within
  seconds (not at the start limit), naming the file.
- A worker that dies is noticed at once and replaced; the game goes on.
- A computer search far over its time is stopped and tried again with a smaller budget.

The tests drive ``docs/assets/js/engine-client.js`` (the module the boards use) and the
boards themselves; the tests of the snapshot each start in a fresh browser context, the
recovery tests in the process's warm context (``warm_page``).
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from site_server import Servers
from test_e2e_support import wait_ready

pytestmark = pytest.mark.browser

START_MS = 120_000  # generous: the machine running the tests may be busy
CLIENT = "assets/js/engine-client.js"
BOARD_PAGE = "awithlaknannai/"

# Starts the tab's engine; resolves with how it started, what became of the snapshot, and
# a first answer of the engine.
START = """async ([url, limit]) => {
    const m = await import(url);
    const engine = m.getEngine({startLimitMs: limit});
    const info = await engine.ready;
    const snapshot = await engine.snapshot;
    const view = await engine.call('awithlaknannai.new', {ruleset: 'culin', moves: 'm6-m5'});
    return {info, snapshot, legal: view.legal.map(m => m.notation)};
}"""

# Changes the stored snapshot (one response in Cache Storage, its headers saying what it
# is: see the snapshot store in docs/assets/js/worker-snapshot.mjs) as a damaged disk or an
# interrupted write would.
DAMAGE = """async (how) => {
    const cache = await caches.open('engine-runtime');
    const key = new URL('assets/runtime/interpreter.snapshot', location.origin + '/').href;
    const stored = await cache.match(key);
    if (!stored) return false;
    let bytes = new Uint8Array(await stored.arrayBuffer());
    const headers = new Headers(stored.headers);
    if (how === 'flipped') {  // a byte changed in every megabyte, the length unchanged
        for (let i = 100; i < bytes.length; i += 1 << 20) bytes[i] ^= 0xff;
    } else if (how === 'truncated') {  // the second half missing
        bytes = bytes.slice(0, bytes.length >> 1);
    }
    await cache.put(key, new Response(bytes, {headers}));
    return true;
}"""


def _start(page, base: str, path: str = "404.html") -> dict:
    page.goto(base + path)
    page.wait_for_load_state("load")
    return page.evaluate(START, [base + CLIENT, START_MS])


def _plays(page, base: str) -> dict:
    """Open a page with a board: it becomes playable; the engine's account of its start."""
    page.goto(base + BOARD_PAGE)
    board = wait_ready(page, '.board[data-game="awithlaknannai"]')
    assert board.get_attribute("data-ready") == "true"
    return page.evaluate(
        """async (url) => {
        const m = await import(url);
        return m.getEngine().ready;
    }""",
        base + CLIENT,
    )


def test_a_new_tab_and_a_later_visit_restore_the_snapshot(browser, site_url):
    context = browser.new_context()
    try:
        first = _start(context.new_page(), site_url)
        assert first["info"]["start"] == "normal"
        assert first["snapshot"]["status"] == "saved" and first["snapshot"]["bytes"] > 1_000_000
        # kept without the memory's empty pages: well under the memory's size
        assert first["snapshot"]["stored_bytes"] < first["snapshot"]["bytes"] * 0.75, first
        assert first["legal"] == ["m4xm6"]
        # a new tab while the first is still open
        second = _start(context.new_page(), site_url)
        assert second["info"]["start"] == "snapshot", second["info"]
        assert second["legal"] == ["m4xm6"]
        assert set(second["info"]["stages"]) >= {"snapshot_read_ms", "interpreter_ms"}
        # a later visit: every tab closed, then a page with a board
        for page in context.pages:
            page.close()
        info = _plays(context.new_page(), site_url)
        assert info["start"] == "snapshot", info
    finally:
        context.close()


def test_a_damaged_snapshot_is_replaced_and_the_board_plays(browser, site_url):
    """Each way the worker finds damage, in turn, in one browser: a changed byte (the
    checksum, read while Pyodide starts) and a missing half (the length, before it): the
    damaged snapshot is noticed (with its reason), Python starts normally and keeps a good
    one in its place; the last one restores later. (Any other bytes of the length the
    headers give fail the same checksum as a changed byte.)"""
    context = browser.new_context()
    try:
        page = context.new_page()
        assert _start(page, site_url)["snapshot"]["status"] == "saved"
        for how in ("flipped", "truncated"):
            assert page.evaluate(DAMAGE, how), how
            page.close()
            page = context.new_page()
            errors = []
            page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
            again = _start(page, site_url)
            assert again["info"]["start"] == "normal", (how, again["info"])
            reason = again["info"]["snapshot"]["reason"].split()[0]
            assert reason in ("corrupt", "truncated"), (how, again)
            assert again["legal"] == ["m4xm6"], how
            assert again["snapshot"]["status"] == "saved", (how, again)  # a good one in its place
            assert not errors, (how, errors)
        page.close()
        # and a board, later, starts from the new snapshot and plays
        later = _plays(context.new_page(), site_url)
        assert later["start"] == "snapshot", later  # the reason, if it did not restore
    finally:
        context.close()


def _linked_copy(site_dir: Path, dest: Path) -> Path:
    """A copy of the site whose files are links to the built ones."""
    shutil.copytree(site_dir, dest, copy_function=os.symlink)
    return dest


def test_another_build_does_not_restore_the_old_snapshot(browser, site_dir, tmp_path):
    """The same address serves a new build (another engine): the old snapshot is left."""
    newer = _linked_copy(site_dir, tmp_path / "newer")
    manifest_path = newer / "assets" / "runtime" / "manifest.json"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    manifest_path.unlink()
    manifest["hash"] = "0" * 12 if manifest["hash"] != "0" * 12 else "1" * 12
    manifest_path.write_text(json.dumps(manifest), encoding="utf-8")

    servers = Servers()
    context = browser.new_context(
        service_workers="block"
    )  # a service worker would keep the old build whole
    try:
        base = servers.start(site_dir)
        port = base.rstrip("/").rsplit(":", 1)[1]
        first = _start(context.new_page(), base)
        assert first["info"]["start"] == "normal" and first["snapshot"]["status"] == "saved"
        servers.stop()
        servers = Servers()
        assert servers.start(newer, port=int(port)) == base  # the same origin
        second = _start(context.new_page(), base)
        assert second["info"]["start"] == "normal", second["info"]
        assert "another build" in second["info"]["snapshot"]["reason"]
        assert second["snapshot"]["status"] == "saved"
        assert _start(context.new_page(), base)["info"]["start"] == "snapshot"
    finally:
        context.close()
        servers.stop()


def _runtime_file(site_dir: Path, suffix: str) -> str:
    runtime = site_dir / "assets" / "runtime"
    found = [p for p in runtime.rglob("*") if p.name.endswith(suffix)]
    assert len(found) == 1, found
    return found[0].relative_to(site_dir).as_posix()


FAIL = """async ([url, limit]) => {
    const m = await import(url);
    const t0 = performance.now();
    const engine = m.getEngine({startLimitMs: limit});
    try { await engine.ready; return {ok: true}; }
    catch (err) { return {name: err.name, code: err.code, message: err.message,
                          ms: performance.now() - t0}; }
}"""


@pytest.mark.parametrize("suffix", ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs"])
def test_a_missing_runtime_file_is_reported_at_once(page, site_dir, serve, tmp_path, suffix):
    site = _linked_copy(site_dir, tmp_path / "site")
    missing = _runtime_file(site, suffix)
    (site / missing).unlink()
    base = serve(site)
    page.goto(base + "404.html")
    result = page.evaluate(FAIL, [base + CLIENT, 60_000])
    assert result.get("name") == "EngineUnavailable", result
    assert result["code"] == "start-failed"
    assert "/" + missing in result["message"], result["message"]
    # reported as the file failed ("start-failed"), not at the start limit ("start-timeout"):
    # told apart by the code, never by a time a busy machine may exceed


def test_wasm_with_the_wrong_type_is_reported_at_once(page, site_dir, serve):
    base = serve(site_dir, wasm_type="application/octet-stream")
    page.goto(base + "404.html")
    result = page.evaluate(FAIL, [base + CLIENT, 60_000])
    assert result.get("name") == "EngineUnavailable", result
    assert result["code"] == "start-failed"
    assert "pyodide.asm.wasm" in result["message"] and "application/wasm" in result["message"]
    assert "application/octet-stream" in result["message"]


def test_a_worker_that_dies_mid_game_is_replaced_and_the_game_goes_on(warm_page, site_url):
    page = warm_page
    page.goto(site_url + "404.html")
    result = page.evaluate(
        """async ([url, limit]) => {
        const m = await import(url);
        const engine = m.getEngine({startLimitMs: limit});
        await engine.ready;
        const view = await engine.call('awithlaknannai.new', {ruleset: 'culin'});
        const t0 = performance.now();
        const noticed = new Promise((ok) => {
            const off = engine.onStatus(({status}) => {
                if (status === 'starting') { off(); ok(performance.now() - t0); } });
        });
        engine.worker.terminate();  // as the browser ends a worker (a crash, memory)
        const noticedMs = await noticed;
        const next = await engine.call('awithlaknannai.play', {record: view.record, move: 'm6-m5'},
                                       {retries: 1});
        return {noticedMs, resumedMs: performance.now() - t0, info: engine.info,
                history: next.history.map(m => m.notation)};
    }""",
        [site_url + CLIENT, START_MS],
    )
    # noticed with no call waiting (the status is awaited before the next call is made),
    # and the next move played on the new worker
    assert result["history"] == ["m6-m5"]


def test_a_search_far_over_its_budget_is_retried_with_a_smaller_one(warm_page, site_url):
    page = warm_page
    page.goto(site_url + "404.html")
    result = page.evaluate(
        """async ([url, limit]) => {
        const m = await import(url);
        const engine = m.getEngine({startLimitMs: limit});
        await engine.ready;
        const view = await engine.call('awithlaknannai.new', {});
        const tried = [];
        const t0 = performance.now();
        const res = await engine.call('awithlaknannai.ai',
            {record: view.record, level: 'hard', time_limit: 60},
            {timeoutMs: 2000, fallback: (args, err) => {
                tried.push([args.level, args.time_limit, err.name]);
                return args.time_limit > 1 ? {...args, level: 'easy', time_limit: 0.3} : null;
            }});
        return {move: res.move.notation, tried, ms: performance.now() - t0};
    }""",
        [site_url + CLIENT, START_MS],
    )
    assert result["tried"] == [["hard", 60, "EngineRestarted"]]
    assert result["move"]


def test_stop_says_what_became_of_the_computer(warm_page, site_url):
    page = warm_page
    page.goto(site_url + BOARD_PAGE)
    board = wait_ready(page, '.board[data-game="awithlaknannai"]')
    board.locator('select[data-action="level"]').select_option("hard")
    board.locator('select[data-action="opponent"]').select_option("cvc")
    page.wait_for_function(
        "b => b.querySelector('.board-turn').textContent.includes('thinking')",
        arg=board.element_handle(),
    )
    board.get_by_role("button", name="Stop").click()
    page.wait_for_function(
        "b => b.querySelector('[data-role=live]').textContent.includes('Stopped')",
        arg=board.element_handle(),
    )
    said = board.locator("[data-role=live]").text_content()
    assert "Opponent: Another person." in said, said
    assert board.locator('select[data-action="opponent"]').input_value() == "person"
