"""A runtime that fails to arrive, in headless Chromium: a missing standard library or
engine wheel, a download that stops moving and one that is cut short are each explained
to the reader in plain words naming the file, without waiting for the engine's start
limit, and without an uncaught error in the page.

Each test serves a deliberately broken copy of the built site (``serve``) or the site
through a server that misbehaves on one file. The clients are given a start limit far
longer than the worker's own checks (a stall is 3 seconds with no data), so a reply that
comes from those checks says so in its code and words, whatever the machine's load."""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pytest
from site_server import QuietHandler, wait_for
from test_e2e_support import come_near

from build_scripts.serve import make_server

pytestmark = pytest.mark.browser

CLIENT = "assets/js/engine-client.js"
LONG_LIMIT_MS = 120_000  # far beyond the worker's checks: a start it ends says "start-timeout"
BOARD_PAGE = "awithlaknannai/"

FAIL = """async ([url, limit]) => {
    const m = await import(url);
    const engine = m.getEngine({startLimitMs: limit});
    try { await engine.ready; return {ok: true}; }
    catch (err) { return {name: err.name, code: err.code, message: err.message}; }
}"""


def _runtime_file(site_dir: Path, suffix: str) -> str:
    found = [p for p in (site_dir / "assets" / "runtime").rglob("*") if p.name.endswith(suffix)]
    assert len(found) == 1, found
    return found[0].relative_to(site_dir).as_posix()


def _without(site_dir: Path, dest: Path, suffix: str) -> tuple[Path, str]:
    """A copy of the site (its files linked to the built ones) without one runtime file."""
    shutil.copytree(site_dir, dest, copy_function=os.symlink)
    missing = _runtime_file(dest, suffix)
    (dest / missing).unlink()
    return dest, missing


def _watched(page) -> list[str]:
    """The page's uncaught errors, as they happen."""
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    return errors


@pytest.mark.parametrize("suffix", ["python_stdlib.zip", ".whl"])
def test_a_missing_file_is_named_by_the_board_with_no_page_error(
    page, site_dir, serve, tmp_path, suffix
):
    site, missing = _without(site_dir, tmp_path / "site", suffix)
    base = serve(site)
    errors = _watched(page)
    page.goto(base + BOARD_PAGE)
    board = page.locator('.board[data-game="awithlaknannai"]').first
    come_near(board)  # (a board is set up as the reader comes to it)
    page.wait_for_function(
        "b => b.dataset.ready === 'error'", arg=board.element_handle(), timeout=120_000
    )
    said = board.locator("[data-role=status]").text_content()
    assert "/" + missing in said, said
    assert errors == []
    # and the engine's own account (a failed start, not the start limit)
    result = page.evaluate(FAIL, [base + CLIENT, LONG_LIMIT_MS])
    assert (result["name"], result["code"]) == ("EngineUnavailable", "start-failed"), result
    assert "/" + missing in result["message"]
    assert errors == []


class _Faulty(QuietHandler):
    """The site's server, except for the .wasm: ``cut`` sends its headers (the whole
    length) and half of its body, then closes the connection; otherwise it sends 64 KiB
    and then nothing until ``release`` is set."""

    cut = False
    release = threading.Event()

    def copyfile(self, source, outputfile):
        if not self.path.split("?")[0].endswith(".wasm"):
            return super().copyfile(source, outputfile)
        data = source.read()
        if self.cut:
            outputfile.write(data[: len(data) // 2])
            outputfile.flush()
        else:
            outputfile.write(data[: 64 * 1024])
            outputfile.flush()
            self.release.wait(120)
        self.close_connection = True
        return None


@pytest.fixture
def faulty(site_dir):
    servers = []

    def start(cut: bool) -> str:
        handler = type("Handler", (_Faulty,), {"cut": cut, "release": threading.Event()})
        server = make_server(site_dir, "127.0.0.1", 0, handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append((server, handler))
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        wait_for(url)
        return url

    try:
        yield start
    finally:
        for server, handler in servers:
            handler.release.set()
            server.shutdown()
            server.server_close()


@pytest.mark.parametrize(
    "cut, words", [(False, "stopped arriving: nothing came for 3 seconds"), (True, "broke off")]
)
def test_a_download_that_stops_or_is_cut_is_named_at_once(page, faulty, cut, words):
    base = faulty(cut)
    errors = _watched(page)
    page.goto(base + "404.html")
    result = page.evaluate(FAIL, [base + CLIENT, LONG_LIMIT_MS])
    assert (result.get("name"), result.get("code")) == ("EngineUnavailable", "start-failed"), result
    assert "pyodide.asm.wasm" in result["message"] and words in result["message"], result
    assert errors == []


def test_a_runtime_file_published_short_is_named(page, site_dir, serve, tmp_path):
    """A copy of the site whose .wasm was cut (an interrupted upload): it arrives whole as
    far as the server knows, shorter than the build made it."""
    site, wasm = _without(site_dir, tmp_path / "site", "pyodide.asm.wasm")
    data = (site_dir / wasm).read_bytes()
    (site / wasm).write_bytes(data[: len(data) // 3])
    base = serve(site)
    errors = _watched(page)
    page.goto(base + "404.html")
    result = page.evaluate(FAIL, [base + CLIENT, LONG_LIMIT_MS])
    assert (result.get("name"), result.get("code")) == ("EngineUnavailable", "start-failed"), result
    assert "/" + wasm in result["message"] and "incomplete" in result["message"], result
    assert errors == []
