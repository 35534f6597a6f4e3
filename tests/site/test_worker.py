"""The engine's worker in headless Chromium: it boots Pyodide from the site itself, answers
the protocol, survives being cancelled or timed out, and fails in plain words.

The tests drive ``docs/assets/js/engine-client.js`` directly (a dynamic import on a page of
the site), the same module the boards use. The first start is tested in a fresh browser context
(``page``); the other tests use a page of the process's warm context (``warm_page``), where
Python starts from the snapshot a first start kept.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from test_e2e_support import come_near

import engine

pytestmark = pytest.mark.browser

START_MS = 120_000  # generous: the machine running the tests may be busy


def _no_board_page(site_dir: Path) -> str:
    """An English page of the site without any board (the 404 page)."""
    html = (site_dir / "404.html").read_text(encoding="utf-8")
    assert 'class="board"' not in html and '<html lang="en"' in html
    return "404.html"


def _open(page, url: str) -> None:
    page.goto(url)
    page.wait_for_load_state("load")


def _client_url(base: str) -> str:
    return base + "assets/js/engine-client.js"


def test_worker_boots_pyodide_and_answers_ping(page, site_url, site_dir):
    _open(page, site_url + _no_board_page(site_dir))
    info = page.evaluate(
        """async ([url, limit]) => {
        const m = await import(url);
        const engine = m.getEngine({startLimitMs: limit});
        const info = await engine.ready;
        const ping = await engine.call('ping', {});
        return {info, ping, status: engine.status};
    }""",
        [_client_url(site_url), START_MS],
    )
    assert info["status"] == "ready"
    assert info["ping"]["engine"] == engine.__version__
    assert info["ping"]["python"].startswith("3.14") and info["ping"]["platform"] == "emscripten"
    origin = site_url.rstrip("/")
    assert all(url.startswith(origin) for url in page.requests), page.requests
    assert any(url.endswith("pyodide.asm.wasm") for url in page.requests)
    assert any(url.endswith(".whl") for url in page.requests)


def test_the_engine_in_the_browser_plays_the_rules_and_reports_errors(
    warm_page, site_url, site_dir
):
    page = warm_page
    _open(page, site_url + _no_board_page(site_dir))
    result = page.evaluate(
        """async ([url, limit]) => {
        const m = await import(url);
        const engine = m.getEngine({startLimitMs: limit});
        await engine.ready;
        const view = await engine.call('awithlaknannai.new', {ruleset: 'culin', moves: 'm6-m5'});
        let refused = null;
        try { await engine.call('awithlaknannai.play', {record: view.record, move: 'b1-b2'}); }
        catch (err) { refused = {name: err.name, kind: err.kind, message: err.message}; }
        const thrown = await engine.call('zohn-ahl.throw', {record: '[Game "zohn-ahl"]\\n[Ruleset "kiowa"]', throw: '1111'});
        return {legal: view.legal.map(m => m.notation), refused, thrown};
    }""",
        [_client_url(site_url), START_MS],
    )
    assert result["legal"] == ["m4xm6"]  # spec/awithlaknannai.md, worked example
    assert result["refused"]["name"] == "EngineError" and result["refused"]["kind"] == "move"
    assert "b1-b2" in result["refused"]["message"]
    assert result["thrown"]["value"] == 6 and result["thrown"]["path"] == [2, 3, 4, 5, 6, 7]


def test_the_worker_is_reused_and_restarted_after_cancel_and_timeout(warm_page, site_url, site_dir):
    page = warm_page
    _open(page, site_url + _no_board_page(site_dir))
    result = page.evaluate(
        """async ([url, limit]) => {
        const m = await import(url);
        const engine = m.getEngine({startLimitMs: limit});
        const again = m.getEngine();
        await engine.ready;
        const out = {same: engine === again};
        // A long search, cancelled: the call rejects at once and a fresh worker answers.
        const view = await engine.call('awithlaknannai.new', {});
        const long = engine.call('awithlaknannai.ai', {record: view.record, level: 'hard', time_limit: 60});
        engine.cancel();
        try { await long; out.cancelled = 'resolved'; } catch (err) { out.cancelled = err.name; }
        out.statusAfterCancel = engine.status;
        out.pingAfterCancel = (await engine.call('ping', {})).python;
        // A call that takes longer than its time limit: the worker is replaced.
        const slow = engine.call('awithlaknannai.ai', {record: view.record, level: 'hard', time_limit: 60},
                                 {timeoutMs: 1500});
        try { await slow; out.timedOut = 'resolved'; } catch (err) { out.timedOut = [err.name, !!err.timedOut]; }
        out.pingAfterTimeout = (await engine.call('ping', {})).python;
        return out;
    }""",
        [_client_url(site_url), START_MS],
    )
    assert result["same"] is True
    assert result["cancelled"] == "EngineCancelled"
    assert result["pingAfterCancel"].startswith("3.14")
    assert result["timedOut"] == ["EngineRestarted", True]
    assert result["pingAfterTimeout"].startswith("3.14")


def test_a_page_without_a_board_does_not_start_python(page, site_url, site_dir):
    candidates = [
        p
        for p in site_dir.rglob("index.html")
        if 'class="board"' not in p.read_text(encoding="utf-8")
    ]
    assert candidates, "the site has pages without boards"
    target = sorted(candidates, key=lambda p: len(p.parts))[0].relative_to(site_dir).as_posix()
    _open(page, site_url + target)
    # the page's scripts have run (the board script, which starts Python where a board
    # is, among them) and the network has gone quiet
    page.wait_for_load_state("networkidle")
    assert any("/assets/js/boards" in u for u in page.requests), page.requests
    assert not [u for u in page.requests if "engine-worker" in u or "/runtime/" in u], page.requests
    assert not [w.url for w in page.workers if "engine-worker" in w.url]


def _broken_copy(site_dir: Path, dest: Path, manifest: str | None) -> Path:
    """A copy of the site (files linked, not copied) with a replaced runtime manifest."""
    shutil.copytree(site_dir, dest, copy_function=os.symlink)
    target = dest / "assets" / "runtime" / "manifest.json"
    target.unlink()
    if manifest is not None:
        target.write_text(manifest, encoding="utf-8")
    return dest


@pytest.mark.parametrize(
    "manifest, words",
    [
        (None, "HTTP 404"),
        ("{not json", "not valid JSON"),
        (
            json.dumps({"indexURL": "https://cdn.example.org/pyodide/", "wheel": "x.whl"}),
            "another site",
        ),
        pytest.param(
            # the site's own manifest with only the wheel missing (nothing else may fail first)
            lambda real: json.dumps(
                {**real, "wheel": "engine/0/zohn_ahl_engine-0.1.0-py3-none-any.whl"}
            ),
            "/assets/runtime/engine/0/zohn_ahl_engine-0.1.0-py3-none-any.whl could not be loaded (HTTP 404",
            id="missing-wheel",
        ),
    ],
)
def test_a_broken_runtime_fails_in_plain_words(page, site_dir, serve, tmp_path, manifest, words):
    if callable(manifest):
        real = site_dir / "assets" / "runtime" / "manifest.json"
        manifest = manifest(json.loads(real.read_text(encoding="utf-8")))
    base = serve(_broken_copy(site_dir, tmp_path / "site", manifest))
    _open(page, base + _no_board_page(site_dir))
    result = page.evaluate(
        """async (url) => {
        const m = await import(url);
        const engine = m.getEngine({startLimitMs: 60000});
        try { await engine.ready; return {ok: true}; }
        catch (err) {
            let call = null;
            try { await engine.call('ping', {}); } catch (e) { call = e.name; }
            return {name: err.name, code: err.code, message: err.message, status: engine.status, call};
        }
    }""",
        _client_url(base),
    )
    assert result.get("name") == "EngineUnavailable", result
    assert result["code"] == "start-failed" and result["status"] == "failed"
    assert "could not start" in result["message"] and words in result["message"]
    assert result["call"] == "EngineUnavailable"
    assert not [u for u in page.requests if not u.startswith(base.rstrip("/"))]


def test_one_worker_serves_every_board_of_a_visit(warm_page, site_url, site_dir):
    page = warm_page
    """A page with boards starts Python once; instant navigation to the next page with a
    board reuses the same worker (no second download of the runtime)."""
    html = (site_dir / "authoring" / "index.html").read_text(encoding="utf-8")
    assert 'class="board"' in html and 'href="../awithlaknannai/rules/"' in html
    assert 'class="board"' in (site_dir / "awithlaknannai" / "rules" / "index.html").read_text(
        encoding="utf-8"
    )
    _open(page, site_url + "authoring/")
    come_near(page.locator(".board[data-game]").first)  # (set up as the reader comes near)
    page.wait_for_selector('.board[data-ready="true"]', timeout=START_MS)

    def fetched(suffix):
        return [u for u in page.requests if u.split("?")[0].endswith(suffix)]

    assert len(fetched("engine-worker.mjs")) == 1 and len(fetched("pyodide.asm.wasm")) == 1
    # (Material rewrites the links to absolute addresses once the page has loaded.)
    page.evaluate("() => document.querySelector('article').setAttribute('data-left', '')")
    page.locator('article a[href$="/awithlaknannai/rules/"]').first.click()
    page.wait_for_url("**/awithlaknannai/rules/")
    page.wait_for_function("() => !document.querySelector('article[data-left]')")
    come_near(page.locator('.board[data-game="awithlaknannai"]').first)
    page.wait_for_selector(
        '.board[data-game="awithlaknannai"][data-ready="true"]', timeout=START_MS
    )
    assert len(fetched("engine-worker.mjs")) == 1 and len(fetched("pyodide.asm.wasm")) == 1
    assert len(fetched(".whl")) == 1
    origin = site_url.rstrip("/")
    assert all(u.startswith(origin) for u in page.requests), [
        u for u in page.requests if not u.startswith(origin)
    ]


def test_a_request_that_is_not_json_is_refused_and_the_worker_lives_on(
    warm_page, site_url, site_dir
):
    page = warm_page
    _open(page, site_url + _no_board_page(site_dir))
    result = page.evaluate(
        """async ([url, limit]) => {
        const m = await import(url);
        const engine = m.getEngine({startLimitMs: limit});
        await engine.ready;
        let refused = null;
        try { await engine.call('awithlaknannai.new', {moves: 10n}); }
        catch (err) { refused = {name: err.name, kind: err.kind}; }
        const unknown = await engine.call('no.such.command', {}).catch(err => err.kind);
        return {refused, unknown, status: engine.status, ping: (await engine.call('ping', {})).engine};
    }""",
        [_client_url(site_url), START_MS],
    )
    assert result["refused"] == {"name": "EngineError", "kind": "request"}
    assert result["unknown"] == "request"
    assert result["status"] == "ready" and result["ping"] == engine.__version__
