"""The trimmed standard library the build ships (build_scripts/stdlib.py), in CPython.

Whether the trimmed runtime runs the engine is tested inside Pyodide
(tests/engine/test_pyodide_trimmed.py); here, what trimming and compiling do to the files.
"""

from __future__ import annotations

import importlib.util
import zipfile

import pytest

from build_scripts import runtime, stdlib

SOURCE = b'''"""The module's docstring,
on two lines."""
# a comment line
import os  # an inline comment


class Thing:
    """A class docstring."""

    x = "# not a comment"

    def method(self):
        """A method
        docstring."""
        return "kept"  # gone


def only_doc():
    """Nothing but a docstring."""


def broken():
    raise ValueError("line 23")
'''


def test_comments_and_docstrings_go_and_the_lines_stay():
    stripped = stdlib.strip_source(SOURCE).decode()
    assert "comment" not in stripped.replace('"# not a comment"', "")
    assert "docstring" not in stripped
    assert '"# not a comment"' in stripped and 'return "kept"' in stripped
    assert len(stripped.splitlines()) == len(SOURCE.decode().splitlines())
    namespace: dict = {}
    exec(compile(stripped, "stripped.py", "exec"), namespace)
    assert namespace["Thing"]().method() == "kept"
    assert namespace["only_doc"]() is None
    with pytest.raises(ValueError) as info:
        namespace["broken"]()
    assert info.traceback[-1].lineno + 1 == 23  # the same line as in the source


def test_pyodide_s_own_modules_keep_their_docstrings():
    kept = stdlib.strip_source(SOURCE, keep_docstrings=True).decode()
    assert "A class docstring." in kept and "a comment line" not in kept


def test_source_this_python_cannot_read_is_kept_as_it_is():
    newer = b'x = f"{"nested"}"  # 3.12 syntax\n'
    assert stdlib.strip_source(newer) in (newer, b'x = f"{"nested"}"\n')


def test_the_trimmed_zip_has_the_listed_files_and_nothing_else(tmp_path):
    kept = stdlib.trim(runtime.PYODIDE_DIR / "python_stdlib.zip", tmp_path / "s.zip")
    with zipfile.ZipFile(tmp_path / "s.zip") as z:
        files = [n for n in z.namelist() if not n.endswith("/")]
    assert sorted(files) == sorted(stdlib.wanted_files()) and kept["files"] == len(files)
    again = stdlib.trim(runtime.PYODIDE_DIR / "python_stdlib.zip", tmp_path / "t.zip")
    assert again == kept  # the same input gives the same bytes
    assert (tmp_path / "s.zip").read_bytes() == (tmp_path / "t.zip").read_bytes()


def test_a_list_naming_a_missing_file_fails_the_build(tmp_path):
    with pytest.raises(stdlib.StdlibListError, match="no/such/module.py"):
        stdlib.trim(
            runtime.PYODIDE_DIR / "python_stdlib.zip",
            tmp_path / "s.zip",
            ["json/__init__.py", "no/such/module.py"],
        )


def test_the_shipped_zip_holds_the_listed_modules_as_bytecode_of_pyodide_s_python():
    shipped = runtime.trimmed_stdlib()
    with zipfile.ZipFile(shipped) as z:
        files = [n for n in z.namelist() if not n.endswith("/")]
        headers = {z.read(n)[:4] for n in files if n.endswith(".pyc")}
    wanted = stdlib.wanted_files()
    assert sorted(files) == sorted(n + "c" if n.endswith(".py") else n for n in wanted)
    # one magic number for all, and not this Python's: Pyodide's (3.14) compiled them
    assert len(headers) == 1
    assert headers != {importlib.util.MAGIC_NUMBER}


def test_compiling_the_same_zip_twice_gives_the_same_bytes(tmp_path):
    sources = tmp_path / "sources.zip"
    stdlib.trim(runtime.PYODIDE_DIR / "python_stdlib.zip", sources, ["json/__init__.py"])
    stdlib.compile_zip(sources, tmp_path / "a.zip")
    stdlib.compile_zip(sources, tmp_path / "b.zip")
    assert (tmp_path / "a.zip").read_bytes() == (tmp_path / "b.zip").read_bytes()
    with zipfile.ZipFile(tmp_path / "a.zip") as z:
        assert [n for n in z.namelist() if not n.endswith("/")] == ["json/__init__.pyc"]
        # stored: the server's compression of the whole file does better
        assert {i.compress_type for i in z.infolist()} == {zipfile.ZIP_STORED}


def test_source_pyodide_cannot_compile_fails_naming_the_file(tmp_path):
    bad = tmp_path / "bad.zip"
    with zipfile.ZipFile(bad, "w") as z:
        z.writestr("broken/__init__.py", "def f(:\n")
    with pytest.raises(stdlib.StdlibCompileError, match="broken/__init__.py"):
        stdlib.compile_zip(bad, tmp_path / "out.zip")
