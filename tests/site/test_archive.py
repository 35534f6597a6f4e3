"""``make offline``: the whole site in one zip that serves itself with one command."""

from __future__ import annotations

import gzip
import subprocess
import sys
import time
import urllib.request
import zipfile

import brotli
import pytest
from site_server import free_port
from site_visits import play_a_move, wait_playable

from build_scripts import archive


def test_the_archive_unzips_and_serves_with_its_one_line_command(site_dir, tmp_path, browser):
    """Unzipped into an empty folder and started by a Python that sees no installed package
    (``-S``: no site-packages; no environment but PATH), it serves a board that plays."""
    target = archive.write_archive(site_dir, tmp_path / "dist" / "site.zip")
    with zipfile.ZipFile(target) as zf:
        names = zf.namelist()
        readme = zf.read(f"{archive.FOLDER}/README.txt").decode()
        zf.extractall(tmp_path / "unzipped")
    assert f"{archive.FOLDER}/site/index.html" in names
    assert f"{archive.FOLDER}/site/fr/zohn-ahl/index.html" in names
    assert any(n.endswith("pyodide.asm.wasm") for n in names)
    assert "python3 serve.py" in readme

    folder = tmp_path / "unzipped" / archive.FOLDER
    port = free_port()
    # the command of README.txt, run from the unzipped folder, with nothing of the project
    proc = subprocess.Popen(
        [sys.executable, "-S", "serve.py", "--port", str(port)],
        cwd=folder,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env={"PATH": "/usr/bin:/bin"},
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as r:
                    assert r.status == 200
                break
            except OSError:
                assert proc.poll() is None, proc.stdout.read().decode()
                assert time.monotonic() < deadline
                time.sleep(0.2)
        wasm = next(n for n in names if n.endswith(".wasm")).split("/site/", 1)[1]
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/{wasm}", headers={"Accept-Encoding": "gzip"}
        )
        with urllib.request.urlopen(request, timeout=60) as r:
            assert r.headers["Content-Type"] == "application/wasm"
            assert r.headers["Content-Encoding"] == "gzip"
            assert "default-src 'self'" in r.headers["Content-Security-Policy"]
            assert gzip.decompress(r.read()) == (site_dir / wasm).read_bytes()
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/{wasm}", headers={"Accept-Encoding": "gzip, br"}
        )
        with urllib.request.urlopen(request, timeout=60) as r:  # the build's brotli copy
            assert r.headers["Content-Encoding"] == "br"
            assert brotli.decompress(r.read()) == (site_dir / wasm).read_bytes()
        # a reader opens a page with a board, and plays
        context = browser.new_context(service_workers="block")
        try:
            page = context.new_page()
            page.goto(f"http://127.0.0.1:{port}/zohn-ahl/")
            board = page.locator('.board[data-game="zohn-ahl"]').first
            assert wait_playable(page, board)
            before = board.locator("[data-role=live]").text_content()
            assert play_a_move(page, board) != before
        finally:
            context.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_no_archive_without_a_built_site(tmp_path):
    with pytest.raises(FileNotFoundError, match="build it first"):
        archive.write_archive(tmp_path, tmp_path / "x.zip")
