"""The trimmed standard library the site ships: only the files the engine and Pyodide use,
compiled to bytecode.

Pyodide's ``python_stdlib.zip`` holds the whole standard library as source files; the page's
worker needs a small part of it (about a fifth of the bytes). ``stdlib_files.txt``, beside
this module, lists that part: the zip's files whose modules were imported while the
engine's whole Pyodide test suite and a session of every protocol command ran inside
Pyodide, installed the way the site's worker installs it. The list is measured, never
written by hand: ``python tests/pyodide/measure_stdlib.py`` rewrites it, and the Pyodide
test suite runs again on the trimmed zip (``tests/engine/test_pyodide_trimmed.py``), so a
module the engine starts to need and the list lacks fails the tests, not the readers.

:func:`trim` writes the trimmed zip (same paths, deflate at the highest level, entries in
the source zip's order, fixed timestamps so the same input gives the same bytes). It also
drops what no reader of the page runs: comments, and docstrings (each becomes ``""``), in
every module but Pyodide's own (``pyodide/``, ``_pyodide/``: they read their docstrings).
Line numbers stay as they were, so tracebacks still point at the right lines. A file this
interpreter's tokenizer cannot read (syntax newer than it knows) is kept as it is; the
trimmed-runtime tests import every kept module inside Pyodide, so a file the stripping
broke fails there.

:func:`compile_zip` then replaces each module's source by its bytecode (``x.py`` becomes
the sourceless ``x.pyc``), compiled by Pyodide's own interpreter under Node
(``compile_bytecode.mjs``, beside this module): the bytecode must come from the runtime's
Python version, newer than the build machine's. Without it, every first start compiled
each module it imported from source, most of the interpreter's start-up time; the price
is a larger zip (bytecode is bigger than stripped source). Tracebacks inside the standard
library then show no source lines. ``benchmarks/README.md`` has the measurements.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import tokenize
import zipfile
from pathlib import Path
from typing import Any

LIST = Path(__file__).resolve().parent / "stdlib_files.txt"
COMPILER = Path(__file__).resolve().parent / "compile_bytecode.mjs"
KEEP_DOCSTRINGS = ("pyodide/", "_pyodide/")
_LAYOUT = (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.COMMENT)


class StdlibListError(RuntimeError):
    """The list names a file the standard library zip does not have."""


def _partial(dest: Path) -> Path:
    """Where ``dest`` is written before it is moved into place: a name of this process's
    own, as two builds (or a build and the tests) may fill the same cache at once."""
    return dest.with_name(f".{dest.name}.{os.getpid()}.part")


def wanted_files(list_path: Path = LIST) -> list[str]:
    """The file names of the list (one a line; ``#`` starts a comment)."""
    names = []
    for line in Path(list_path).read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            names.append(line)
    return names


def _docstrings(tokens: list[tokenize.TokenInfo]) -> list[tokenize.TokenInfo]:
    """The STRING tokens that are docstrings: a whole statement that opens the module, or
    the body of a ``def``/``class`` (on the lines after its header)."""
    found = []
    significant = [t for t in tokens if t.type not in (tokenize.NL, tokenize.COMMENT)]
    head = None  # first token of the current logical line
    previous_head = previous_last = None
    for i, tok in enumerate(significant):
        if tok.type in (tokenize.ENCODING, tokenize.INDENT, tokenize.DEDENT):
            continue
        if tok.type == tokenize.NEWLINE:
            previous_head, previous_last, head = head, significant[i - 1], None
            continue
        if head is None:
            head = tok
            after = significant[i + 1] if i + 1 < len(significant) else None
            whole = after is not None and after.type in (tokenize.NEWLINE, tokenize.ENDMARKER)
            first_of_module = previous_head is None
            opens_body = (
                significant[i - 1].type == tokenize.INDENT
                and previous_head is not None
                and previous_last is not None
                and previous_head.string in ("def", "class", "async")
                and previous_last.string == ":"
            )
            if tok.type == tokenize.STRING and whole and (first_of_module or opens_body):
                found.append(tok)
    return found


def strip_source(source: bytes, keep_docstrings: bool = False) -> bytes:
    """``source`` without comments and (unless ``keep_docstrings``) docstrings, on the
    same lines; unchanged when it cannot be tokenized here."""
    try:
        text = source.decode("utf-8")
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (UnicodeDecodeError, SyntaxError, tokenize.TokenError, IndentationError):
        return source
    edits = [(t.start, t.end, "") for t in tokens if t.type == tokenize.COMMENT]
    if not keep_docstrings:
        edits += [
            (t.start, t.end, '""' + "\n" * (t.end[0] - t.start[0])) for t in _docstrings(tokens)
        ]
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))

    def offset(row_col: tuple[int, int]) -> int:
        return starts[row_col[0] - 1] + row_col[1]

    for start, end, replacement in sorted(edits, key=lambda e: offset(e[0]), reverse=True):
        text = text[: offset(start)] + replacement + text[offset(end) :]
    lines = [line.rstrip() for line in text.split("\n")]
    return "\n".join(lines).encode("utf-8")


def trim(source: Path, dest: Path, names: list[str] | None = None) -> dict[str, Any]:
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
        partial = _partial(dest)
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
            for info in src.infolist():
                if info.filename in wanted or info.filename in folders:
                    entry = zipfile.ZipInfo(info.filename, date_time=(1980, 1, 1, 0, 0, 0))
                    entry.external_attr = info.external_attr
                    is_dir = info.filename.endswith("/")
                    entry.compress_type = zipfile.ZIP_STORED if is_dir else zipfile.ZIP_DEFLATED
                    data = src.read(info)
                    if info.filename.endswith(".py"):
                        data = strip_source(data, info.filename.startswith(KEEP_DOCSTRINGS))
                    out.writestr(entry, data, compresslevel=9)
                    if not is_dir:
                        kept.append(info.filename)
        partial.replace(dest)
    return {"files": len(kept), "bytes": dest.stat().st_size}


class StdlibCompileError(RuntimeError):
    """A zip's modules (the standard library, the engine) could not be compiled inside Pyodide."""


def compile_zip(source: Path, dest: Path, timeout: int = 300) -> dict[str, Any]:
    """Write to ``dest`` the zip ``source`` with each ``.py`` replaced by its bytecode
    (``.pyc``), compiled by Pyodide under Node (``compile_bytecode.mjs``; a wheel's
    ``RECORD`` is written anew); return what was written. Also used for the engine's
    wheel (:func:`build_scripts.runtime.build_wheel`)."""
    node = shutil.which("node")
    if node is None:
        raise StdlibCompileError(
            "node is not installed: Python modules are compiled inside Pyodide under Node"
        )
    dest = Path(dest)
    dest.parent.mkdir(parents=True, exist_ok=True)
    partial = _partial(dest)
    proc = subprocess.run(
        [node, str(COMPILER), str(source), str(partial)],
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if proc.returncode != 0 or not partial.is_file():
        partial.unlink(missing_ok=True)
        raise StdlibCompileError(
            f"{COMPILER.name} failed on {Path(source).name} (exit status {proc.returncode}): "
            + (proc.stderr.strip().splitlines() or ["no message"])[-1]
        )
    partial.replace(dest)
    with zipfile.ZipFile(dest) as zipped:
        files = [n for n in zipped.namelist() if not n.endswith("/")]
    return {"files": len(files), "bytes": dest.stat().st_size}
