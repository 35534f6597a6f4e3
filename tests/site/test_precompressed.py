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
