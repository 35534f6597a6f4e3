"""The trimmed standard library the site ships: only the files the engine and Pyodide use.

Pyodide's ``python_stdlib.zip`` holds the whole standard library as source files; the page's
worker needs a small part of it (about a fifth of the bytes). ``stdlib_files.txt``, beside
this module, lists that part: the zip's files whose modules were imported while the
engine's whole Pyodide test suite and a session of every protocol command ran inside
Pyodide, installed the way the site's worker installs it. The list is measured, never
written by hand: ``python tests/pyodide/measure_stdlib.py`` rewrites it, and the Pyodide
test suite runs again on the trimmed zip (``tests/engine/test_pyodide_trimmed.py``), so a
module the engine starts to need and the list lacks fails the tests, not the readers.

:func:`trim` writes the trimmed zip (same paths, deflate at the highest level, entries in
the source zip's order, fixed timestamps so the same input gives the same bytes).
"""

from __future__ import annotations

import zipfile
from pathlib import Path

LIST = Path(__file__).resolve().parent / "stdlib_files.txt"


class StdlibListError(RuntimeError):
    """The list names a file the standard library zip does not have."""


def wanted_files(list_path: Path = LIST) -> list[str]:
    """The file names of the list (one a line; ``#`` starts a comment)."""
    names = []
    for line in Path(list_path).read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            names.append(line)
    return names


def trim(source: Path, dest: Path, names: list[str] | None = None) -> dict:
    """Write to ``dest`` the files of the zip ``source`` that ``names`` lists (default: the
    measured list), with the directory entries of their folders; return what was kept."""
    names = wanted_files() if names is None else list(names)
    wanted = set(names)
    folders = {"/".join(n.split("/")[:i]) + "/" for n in names for i in range(1, n.count("/") + 1)}
    dest = Path(dest)
    dest.parent.mkdir(parents=True, exist_ok=True)
    kept = []
    with zipfile.ZipFile(source) as src:
        present = set(src.namelist())
        missing = sorted(wanted - present)
        if missing:
            raise StdlibListError(
                f"{LIST.name} names files that {Path(source).name} lacks: {', '.join(missing[:8])}"
                " (was the list measured with another Pyodide? run tests/pyodide/measure_stdlib.py)"
            )
        partial = dest.with_name(dest.name + ".part")
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
            for info in src.infolist():
                if info.filename in wanted or info.filename in folders:
                    entry = zipfile.ZipInfo(info.filename, date_time=(1980, 1, 1, 0, 0, 0))
                    entry.external_attr = info.external_attr
                    is_dir = info.filename.endswith("/")
                    entry.compress_type = zipfile.ZIP_STORED if is_dir else zipfile.ZIP_DEFLATED
                    out.writestr(entry, src.read(info), compresslevel=9)
                    if not is_dir:
                        kept.append(info.filename)
        partial.replace(dest)
    return {"files": len(kept), "bytes": dest.stat().st_size}
