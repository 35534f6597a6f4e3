"""Put the in-page Python runtime into the built site: Pyodide, the engine wheel, a manifest.

Layout in the site (all same-origin, no query strings: Pyodide rejects them in a wheel URL)::

    assets/runtime/manifest.json                      read by docs/assets/js/engine-worker.mjs
    assets/runtime/pyodide/<pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm>
    assets/runtime/stdlib/<hash>/python_stdlib.zip     the trimmed standard library, compiled
    assets/runtime/engine/<hash>/zohn_ahl_engine-<version>-py3-none-any.whl   compiled
    assets/runtime/tables/<hash>/<ruleset>.egtb       the endgame tables (fetched on demand)
    assets/runtime/lab/<hash>/zohn-ahl.chains          what the lab's every bias shares

``manifest.json``::

    {"engine": "0.1.0", "pyodide": "314.0.7", "hash": "<12 hex digits>",
     "runtime": "<12 hex digits>", "indexURL": "pyodide/",
     "stdlib": "stdlib/<hash>/python_stdlib.zip",
     "wheel": "engine/<hash>/zohn_ahl_engine-0.1.0-py3-none-any.whl",
     "lock": {"info": {...}, "packages": {}},
     "files": {"pyodide/pyodide.asm.wasm": <bytes>, ...},
     "tables": {"<ruleset>": "tables/<hash>/<ruleset>.egtb", ...},
     "chains": "lab/<hash>/zohn-ahl.chains"}

URLs in the manifest (and the keys of ``files``, every file the runtime may fetch) are
relative to the manifest itself. ``hash`` is computed from the engine's source files, so
a new engine gets a new wheel URL (no stale cache) and an unchanged engine keeps its URL;
``runtime`` from the Pyodide files, the trimmed standard library and the lock, so that the
worker's memory snapshot of a started interpreter (kept in the reader's browser) is only
restored by the very runtime and engine that made it.

The site ships less than the npm package: only the three files Pyodide's start needs,
never the whole npm folder (its README and console pages would otherwise become part of
the site); the standard library trimmed to the files the engine and Pyodide use and
compiled to bytecode (:mod:`build_scripts.stdlib`); and no ``pyodide-lock.json``: the worker passes the lock
from the manifest, with its ``info`` (which Pyodide checks) and no packages (the engine
loads none).
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import lzma
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from build_scripts import stdlib

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
PYODIDE_SOURCES = PYODIDE_FILES + ("python_stdlib.zip", "pyodide-lock.json")
RUNTIME = Path("assets") / "runtime"
CACHE = ROOT / "build" / "engine-wheel"
CHAINS_CACHE = ROOT / "build" / "lab-chains"
XZ_CACHE = ROOT / "build" / "xz"
XZ_FILTERS = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": 16 << 20}]
"""The xz copies' settings: the strongest preset, with a dictionary of 16 MiB (larger than
the largest file, so nothing is lost, and the most the page's decoder needs to hold)."""
STDLIB_CACHE = ROOT / "build" / "stdlib"


class RuntimeInstallError(RuntimeError):
    """The runtime could not be put into the site (missing npm package, wheel build failed)."""


def pyodide_version() -> str:
    package = json.loads((PYODIDE_DIR / "package.json").read_text(encoding="utf-8"))
    return str(package["version"])


def engine_version() -> str:
    text = (ROOT / "engine" / "__init__.py").read_text(encoding="utf-8")
    for line in text.splitlines():
        if line.startswith("__version__"):
            return line.split("=", 1)[1].strip().strip("\"'")
    raise RuntimeInstallError("engine/__init__.py has no __version__")


def source_hash() -> str:
    """A hash of everything that goes into the wheel: the engine's sources, pyproject.toml,
    and what strips and compiles them (this module, :mod:`build_scripts.stdlib`, the
    compiler script and Pyodide's version)."""
    digest = hashlib.sha256(pyodide_version().encode() + b"\0")
    files = sorted(p for p in (ROOT / "engine").rglob("*.py") if "__pycache__" not in p.parts)
    makers = [Path(__file__).resolve(), Path(stdlib.__file__).resolve(), stdlib.COMPILER]
    for path in files + [ROOT / "pyproject.toml", *makers]:
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()[:12]


@contextlib.contextmanager
def _one_at_a_time(cache: Path) -> Iterator[None]:
    """Hold ``cache`` for one process at a time: a build and a test (``make test`` builds
    the site while its first tests run) may ask for the same file at once; the second
    waits for the first, then finds the file made, instead of making it again beside it."""
    cache.mkdir(parents=True, exist_ok=True)
    with open(cache / ".lock", "w", encoding="utf-8") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _cached_wheel(digest: str) -> Path | None:
    cached = CACHE / digest
    wheels = sorted(cached.glob("*.whl")) if cached.is_dir() else []
    return wheels[0] if wheels else None


def build_wheel(digest: str) -> Path:
    """Build the pure-Python engine wheel, its modules compiled to bytecode by Pyodide's
    own interpreter as the standard library's are (:func:`build_scripts.stdlib.compile_zip`:
    a first visit imports the engine without compiling it), cached by source hash, and
    return its path. As in the standard library, the comments and docstrings go first
    (:func:`build_scripts.stdlib.strip_source`, the lines kept): no reader's browser reads
    them; the repository keeps them."""
    wheel = _cached_wheel(digest)
    if wheel is not None:
        return wheel
    with _one_at_a_time(CACHE):
        wheel = _cached_wheel(digest)  # (made meanwhile by another process)
        return wheel if wheel is not None else _build_wheel(digest)


ENGINE_README = "The rules engine of the Zohn Ahl and Awithlaknannai boards.\n"
"""The engine wheel's long description."""


def engine_pyproject(text: str) -> str:
    """``pyproject.toml`` for the engine's wheel: without the entry points, which name the
    site's build (``build_scripts``, not in the wheel: the page has no use for it)."""
    kept, skipping = [], False
    for line in text.splitlines(keepends=True):
        if line.startswith("["):
            skipping = line.startswith("[project.entry-points")
        if not skipping:
            kept.append(line)
    return "".join(kept)


def _build_wheel(digest: str) -> Path:
    cached = CACHE / digest
    with tempfile.TemporaryDirectory(prefix="engine-wheel-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        (src / "pyproject.toml").write_text(
            engine_pyproject((ROOT / "pyproject.toml").read_text(encoding="utf-8")),
            encoding="utf-8",
        )
        # (the wheel's long description, which no page reads: the repository's README
        # would be a few kilobytes of every first visit, and not part of the source hash)
        (src / "README.md").write_text(ENGINE_README, encoding="utf-8")
        shutil.copytree(
            ROOT / "engine", src / "engine", ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
        )
        for module in (src / "engine").rglob("*.py"):
            module.write_bytes(stdlib.strip_source(module.read_bytes()))
        out = Path(tmp) / "dist"
        cmd = [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "--disable-pip-version-check",
            "--quiet",
            "--wheel-dir",
            str(out),
            str(src),
        ]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeInstallError(
                f"building the engine wheel failed:\n{proc.stdout}\n{proc.stderr}"
            )
        built = sorted(out.glob("*.whl"))
        if len(built) != 1:
            raise RuntimeInstallError(f"expected one wheel, found {[p.name for p in built]}")
        cached.mkdir(parents=True, exist_ok=True)
        target = cached / built[0].name
        try:  # (written beside the target under a name of its own, then moved into place:
            # a concurrent build never sees half a wheel)
            stdlib.compile_zip(built[0], target)
        except stdlib.StdlibCompileError as err:
            raise RuntimeInstallError(f"the engine could not be compiled: {err}") from None
    _prune_cache(keep=digest)
    return target


def _prune_cache(keep: str, count: int = 4, cache: Path = CACHE) -> None:
    """Keep a cache small: the current hash and the few most recent others."""
    others = sorted(
        (p for p in cache.iterdir() if p.is_dir() and p.name != keep),
        key=lambda p: p.stat().st_mtime,
        reverse=True,
    )
    for old in others[count - 1 :]:
        shutil.rmtree(old, ignore_errors=True)


def _file_digest(*paths: Path) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(Path(path).read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()[:12]


def trimmed_stdlib() -> Path:
    """The standard library zip the site ships: trimmed, then compiled to bytecode inside
    Pyodide (:mod:`build_scripts.stdlib`); cached by the hash of the source zip, the list
    and the code that trims and compiles."""
    digest = _file_digest(
        PYODIDE_DIR / "python_stdlib.zip", stdlib.LIST, Path(stdlib.__file__), stdlib.COMPILER
    )
    target = STDLIB_CACHE / digest / "python_stdlib.zip"
    if target.is_file():
        return target
    with _one_at_a_time(STDLIB_CACHE):
        if target.is_file():  # (made meanwhile by another process)
            return target
        target.parent.mkdir(parents=True, exist_ok=True)
        sources = target.with_name("sources.zip")
        stdlib.trim(PYODIDE_DIR / "python_stdlib.zip", sources)
        try:
            stdlib.compile_zip(sources, target)
        except stdlib.StdlibCompileError as err:
            raise RuntimeInstallError(
                f"the standard library could not be compiled: {err}"
            ) from None
        _prune_cache(keep=digest, cache=STDLIB_CACHE)
    return target


def lock() -> dict[str, Any]:
    """Pyodide's lock without its packages: the interpreter checks ``info``, the engine
    loads no package."""
    full = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text(encoding="utf-8"))
    return {"info": full["info"], "packages": {}}


def _copy_if_changed(src: Path, dst: Path) -> None:
    if (
        dst.exists()
        and dst.stat().st_size == src.stat().st_size
        and dst.stat().st_mtime >= src.stat().st_mtime
    ):
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dst)


def _replace_versions(folder: Path, keep: str) -> None:
    """Remove the other versions (sub-folders) of ``folder`` left by an earlier build."""
    if folder.exists():
        for old in folder.iterdir():
            if old.name != keep:
                shutil.rmtree(old, ignore_errors=True)


def install_runtime(site_dir: Path) -> dict[str, Any]:
    """Copy Pyodide and the engine wheel into ``site_dir`` and write the manifest; return it."""
    site_dir = Path(site_dir)
    runtime = site_dir / RUNTIME
    missing = [name for name in PYODIDE_SOURCES if not (PYODIDE_DIR / name).is_file()]
    if missing:
        raise RuntimeInstallError(
            f"node_modules/pyodide lacks {', '.join(missing)}: run 'npm ci' (make setup) first"
        )
    sizes = {}
    for name in PYODIDE_FILES:
        _copy_if_changed(PYODIDE_DIR / name, runtime / "pyodide" / name)
        sizes[f"pyodide/{name}"] = (PYODIDE_DIR / name).stat().st_size
    for stale in ("python_stdlib.zip", "pyodide-lock.json"):  # shipped by older builds
        (runtime / "pyodide" / stale).unlink(missing_ok=True)
    zipped = trimmed_stdlib()
    lock_data = lock()
    runtime_hash = _file_digest(*(PYODIDE_DIR / n for n in PYODIDE_FILES), zipped)
    runtime_hash = hashlib.sha256(
        (runtime_hash + json.dumps(lock_data, sort_keys=True)).encode()
    ).hexdigest()[:12]
    stdlib_path = f"stdlib/{runtime_hash}/python_stdlib.zip"
    _replace_versions(runtime / "stdlib", runtime_hash)
    _copy_if_changed(zipped, runtime / stdlib_path)
    sizes[stdlib_path] = zipped.stat().st_size
    digest = source_hash()
    wheel = build_wheel(digest)
    _replace_versions(runtime / "engine", digest)
    _copy_if_changed(wheel, runtime / "engine" / digest / wheel.name)
    sizes[f"engine/{digest}/{wheel.name}"] = wheel.stat().st_size
    xz = {
        path: write_xz_copy(runtime, path)
        for path in (
            "pyodide/pyodide.asm.wasm",
            stdlib_path,
            f"engine/{digest}/{wheel.name}",
        )
    }
    manifest = {
        "engine": engine_version(),
        "pyodide": pyodide_version(),
        "hash": digest,
        "runtime": runtime_hash,
        "indexURL": "pyodide/",
        "stdlib": stdlib_path,
        "wheel": f"engine/{digest}/{wheel.name}",
        "lock": lock_data,
        "files": sizes,
        "xz": xz,
        "tables": install_tables(runtime),
        "chains": install_chains(runtime, digest),
    }
    (runtime / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest


def install_tables(runtime: Path) -> dict[str, str]:
    """Copy the engine's endgame tables into ``runtime/tables/<hash>/``; return
    ``{ruleset: path relative to the manifest}``. They are not in ``files``: the worker
    fetches a table only when a request first needs it (and the service worker keeps it
    then), so a first visit never downloads them."""
    folder = ROOT / "engine" / "awithlaknannai" / "tables"
    tables = sorted(folder.glob("*.egtb")) if folder.is_dir() else []
    if not tables:
        return {}
    digest = _file_digest(*tables)
    _replace_versions(runtime / "tables", digest)
    out = {}
    for path in tables:
        _copy_if_changed(path, runtime / "tables" / digest / path.name)
        out[path.stem] = f"tables/{digest}/{path.name}"
    return out


def write_xz_copy(runtime: Path, path: str) -> dict[str, Any]:
    """Write ``path.xz`` beside the file ``path`` of the ``runtime`` folder (made once per
    content, kept in ``build/xz/``; copies no build used for a day are removed); return
    ``{"path": the copy's path, relative as ``path`` is, "bytes": its size}``.

    Why: Chromium asks a plain-http server (a classroom's, reached by its network address)
    for gzip only, and gzip leaves Pyodide's WebAssembly at about 3.6 MB; xz at its
    strongest makes it about 2.6 MB, a little smaller than brotli. On such an origin the
    worker fetches the copies and decodes them as they arrive
    (``docs/assets/js/runtime-xz.mjs``); over HTTPS or on this computer the server's
    brotli does as well, so the plain files are fetched there."""
    data = (runtime / path).read_bytes()
    entry = XZ_CACHE / f"{hashlib.sha256(data).hexdigest()[:32]}.xz"
    if entry.is_file():
        os.utime(entry)  # used: kept
    else:
        XZ_CACHE.mkdir(parents=True, exist_ok=True)
        packed = lzma.compress(
            data, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, filters=XZ_FILTERS
        )
        partial = entry.with_suffix(f".{os.getpid()}.part")
        partial.write_bytes(packed)
        partial.replace(entry)  # another build making the same copy writes the same bytes
    for old in XZ_CACHE.glob("*.xz"):
        if old.stat().st_mtime < time.time() - 24 * 3600:
            old.unlink(missing_ok=True)
    _copy_if_changed(entry, runtime / f"{path}.xz")
    return {"path": f"{path}.xz", "bytes": entry.stat().st_size}


def install_chains(runtime: Path, digest: str) -> str:
    """Write what every stick bias shares in the probability lab (each ruleset's graph and
    the shape of its game lengths at the lab's counters, as the engine of this build
    computes them: :mod:`engine.zohn_ahl.solver.prepared`) into ``runtime/lab/<digest>/``;
    return its path relative to the manifest. Made once per engine (``digest``, the
    engine's source hash) and kept in ``build/lab-chains/``. Not in ``files``: the worker
    fetches it with the lab's first request."""
    name = "zohn-ahl.chains"
    cached = CHAINS_CACHE / digest / name
    if not cached.is_file():
        with _one_at_a_time(CHAINS_CACHE):
            if not cached.is_file():
                from engine.zohn_ahl.chances import LAB_COUNTERS, VARIANTS
                from engine.zohn_ahl.solver.prepared import Prepared

                data = Prepared.of(VARIANTS, LAB_COUNTERS).to_bytes()
                cached.parent.mkdir(parents=True, exist_ok=True)
                partial = cached.with_suffix(".part")
                partial.write_bytes(data)
                partial.replace(cached)
                _prune_cache(digest, cache=CHAINS_CACHE)
    _replace_versions(runtime / "lab", digest)
    _copy_if_changed(cached, runtime / "lab" / digest / name)
    return f"lab/{digest}/{name}"


def write_printables(site_dir: Path) -> bool:
    """Write the printable sheets (``build_scripts/printables.py``) into ``site_dir/printables``."""
    if not (ROOT / "build_scripts" / "printables.py").is_file():
        return False
    from build_scripts import printables

    printables.write_printables(Path(site_dir) / "printables")
    return True
