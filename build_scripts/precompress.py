"""Brotli copies of the site's large files, made once at build time (a step of the site's plugin, :mod:`build_scripts.plugin`).

``on_post_build``, last (priority -300: after the offline copy's list, so the copies are
not in it), once the whole site is written: every file of at least :data:`SMALLEST` bytes
with a suffix the server compresses (:data:`build_scripts.serve.COMPRESSIBLE`: the
WebAssembly, the scripts, the search index, the larger pages) gets a sibling ``name.br``,
compressed at brotli's highest quality. The site's own server
(:mod:`build_scripts.serve`) sends that copy, as ``Content-Encoding: br``, to a browser
that accepts brotli, and gzips the file on the fly for the others; web servers that serve
precompressed files (nginx's ``brotli_static``, for one) can use the copies too.

Why at build time: brotli's highest quality makes Pyodide's WebAssembly about a fifth
smaller than gzip, but takes tens of seconds, far too slow for a server to do on the
first request; gzip is fast enough to do there. Browsers send ``Accept-Encoding: br`` to
this computer (``127.0.0.1``, ``localhost``) and over HTTPS; to a classroom server reached
by its plain ``http://`` network address Chromium asks for gzip only, and gets it.

The files are compressed on one thread per core, the largest first (brotli lets go of
Python's lock while it works). Each copy is kept in ``build/compressed/`` under the hash
of the file's content, so a build only compresses what changed (Pyodide's files, the
largest, change only with its version); copies no build used for :data:`KEEP_HOURS`
hours are removed. The ``brotli`` package (Google's binding) is a build dependency only:
serving a copy needs nothing beyond the standard library.

Pyodide's own files depend only on the version ``package-lock.json`` pins, so ``make
setup`` makes their copies as it installs that version (``python -m
build_scripts.precompress FILE...``, which only fills the cache): the first build of a
fresh clone then finds them, as every later build does.
"""

from __future__ import annotations

import hashlib
import logging
import os
import sys
import tempfile
import time
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import brotli

from build_scripts.serve import COMPRESSIBLE, PRECOMPRESSED

ROOT = Path(__file__).resolve().parent.parent

log = logging.getLogger("mkdocs.plugins.heritage_games.precompress")

SMALLEST = 64 * 1024
"""Files smaller than this are left to the server's gzip: brotli's gain on them is a few
kilobytes, not worth a second copy in the site."""
QUALITY = 11
CACHE = ROOT / "build" / "compressed"
KEEP_HOURS = 24


def precompress_site(site_dir: Path) -> None:
    """The brotli copies of the built site's large files, with a line in the log."""
    made, size, packed = precompress(site_dir)
    log.info("Brotli copies: %d files, %.1f MB to %.1f MB", made, size / 1e6, packed / 1e6)


def precompress(site: Path, cache: Path = CACHE) -> tuple[int, int, int]:
    """Write ``name.br`` beside every file of ``site`` worth it (see the module
    docstring); returns how many, their bytes and the copies' bytes."""
    cache.mkdir(parents=True, exist_ok=True)
    paths = _worth_compressing(path for path in site.rglob("*") if path.is_file())

    def one(path: Path) -> tuple[int, int]:
        data = path.read_bytes()
        copy = compressed(data, cache)
        path.with_name(path.name + PRECOMPRESSED).write_bytes(copy)
        return len(data), len(copy)

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        sizes = list(pool.map(one, paths))
    _prune(cache)
    return len(sizes), sum(n for n, _ in sizes), sum(c for _, c in sizes)


def fill_cache(paths: list[Path], cache: Path = CACHE) -> int:
    """Make the cached copies of ``paths`` (those a build would compress), largest first,
    one thread per core; returns how many were made or found."""
    cache.mkdir(parents=True, exist_ok=True)
    worth = _worth_compressing(paths)
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        return len(list(pool.map(lambda p: compressed(p.read_bytes(), cache), worth)))


def _worth_compressing(paths: Iterable[Path]) -> list[Path]:
    """The files of ``paths`` that get a copy (a suffix the server compresses, at least
    :data:`SMALLEST` bytes), the largest first: they take longest."""
    sized = [(path.stat().st_size, path) for path in paths if path.suffix.lower() in COMPRESSIBLE]
    return [path for size, path in sorted(sized, reverse=True) if size >= SMALLEST]


def compressed(data: bytes, cache: Path = CACHE) -> bytes:
    """``data`` compressed with brotli at :data:`QUALITY`, from the cache when it holds it."""
    key = hashlib.sha256(data).hexdigest()[:32]
    entry = cache / f"{key}-q{QUALITY}.br"
    if entry.is_file():
        os.utime(entry)  # used: kept
        return entry.read_bytes()
    copy: bytes = brotli.compress(data, quality=QUALITY)
    handle, temporary = tempfile.mkstemp(dir=cache, suffix=".part")
    with os.fdopen(handle, "wb") as file:
        file.write(copy)
    os.replace(temporary, entry)  # another build making the same copy writes the same bytes
    return copy


def _prune(cache: Path) -> None:
    oldest = time.time() - KEEP_HOURS * 3600
    for entry in [*cache.glob("*.br"), *cache.glob("*.part")]:  # (a build stopped midway)
        if entry.stat().st_mtime < oldest:
            entry.unlink(missing_ok=True)


def main(argv: list[str]) -> int:
    """``python -m build_scripts.precompress FILE...``: the cache filled for those files."""
    if not argv:
        print("usage: python -m build_scripts.precompress FILE...", file=sys.stderr)
        return 2
    missing = [name for name in argv if not Path(name).is_file()]
    if missing:
        print(f"no such file: {', '.join(missing)}", file=sys.stderr)
        return 2
    made = fill_cache([Path(name) for name in argv])
    print(f"Brotli copies of {made} file(s) in {CACHE.relative_to(ROOT)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
