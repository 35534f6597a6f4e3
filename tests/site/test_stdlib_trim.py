"""The trimmed standard library the build ships (build_scripts/stdlib.py), in CPython.

Whether the trimmed runtime runs the engine is tested inside Pyodide
(tests/engine/test_pyodide_trimmed.py); here, what trimming does to the files.
"""

from __future__ import annotations

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
