"""The build's brotli copies of the site's large files (build_scripts/precompress.py):
one beside every file worth it, each the file itself once decoded, and a browser that
receives them plays (no browser needed for the first two)."""

from __future__ import annotations

import brotli
import pytest
from site_visits import serve_with_headers, wait_playable

from build_scripts import precompress, serve


def test_every_large_file_has_a_copy_that_decodes_to_it(site_dir):
    copies = {p.with_suffix("") for p in site_dir.rglob("*.br")}
    large = {
        p
        for p in site_dir.rglob("*")
        if p.is_file()
        and p.suffix.lower() in serve.COMPRESSIBLE
        and p.stat().st_size >= precompress.SMALLEST
    }
    assert copies == large
    wasm = next(site_dir.rglob("pyodide.asm.wasm"))
    assert wasm in large and site_dir / "search" / "search_index.json" in large
    for path in sorted(large):
        copy = path.with_name(path.name + ".br").read_bytes()
        assert brotli.decompress(copy) == path.read_bytes(), path
        assert len(copy) < path.stat().st_size / 2, path


def test_a_copy_is_made_once_and_then_read_from_the_cache(tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    data = b"<p>Zohn Ahl</p>\n" * 10_000
    first = precompress.compressed(data, cache)
    (entry,) = cache.glob("*.br")
    entry.write_bytes(b"what the cache holds")  # a second call must read it, not compress
    assert precompress.compressed(data, cache) == b"what the cache holds"
    assert brotli.decompress(first) == data


def test_the_cache_filled_ahead_serves_the_build_of_the_same_files(tmp_path, capsys):
    """``make setup`` fills the cache for Pyodide's files; a build holding the same bytes
    then reads their copies; a small file is left to the server's gzip; a missing file is
    named."""
    cache = tmp_path / "cache"
    large = tmp_path / "pinned" / "runtime.wasm"
    large.parent.mkdir()
    large.write_bytes(bytes(range(256)) * 1024)
    small = large.with_name("small.js")
    small.write_text("let a = 1;\n", encoding="utf-8")
    assert precompress.fill_cache([large, small], cache) == 1
    (entry,) = cache.glob("*.br")
    assert brotli.decompress(entry.read_bytes()) == large.read_bytes()
    entry.write_bytes(b"made ahead")  # what the build finds must come from the cache
    site = tmp_path / "site"
    (site / "assets").mkdir(parents=True)
    (site / "assets" / "runtime.wasm").write_bytes(large.read_bytes())
    assert precompress.precompress(site, cache)[0] == 1
    assert (site / "assets" / "runtime.wasm.br").read_bytes() == b"made ahead"
    assert precompress.main([str(tmp_path / "nowhere.wasm")]) == 2
    assert "no such file" in capsys.readouterr().err


@pytest.mark.browser
def test_a_board_plays_from_the_brotli_runtime(browser, site_dir):
    url, stop = serve_with_headers(site_dir)
    context = browser.new_context(service_workers="block")
    codings: dict[str, str | None] = {}
    context.on(
        "response",
        lambda r: codings.setdefault(r.url.rsplit("/", 1)[-1], r.headers.get("content-encoding")),
    )
    try:
        page = context.new_page()
        page.goto(url + "zohn-ahl/")
        board = page.locator(".board[data-game]").first
        assert wait_playable(page, board)
        assert codings["pyodide.asm.wasm"] == "br"
        assert codings["pyodide.asm.mjs"] == "br"
    finally:
        context.close()
        stop()
