"""The page scripts' DOM-free modules, tested with Node's own test runner (``node --test``).

The JavaScript tests live beside this file (``*.test.mjs``); this test runs them all, so
``make test`` (pytest) runs them too, and fails with Node's report when one of them fails.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def test_node_test_files_pass():
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed (make setup needs it for Pyodide too)")
    files = sorted(str(p) for p in HERE.glob("*.test.mjs"))
    assert files, "no JavaScript test files found"
    proc = subprocess.run([node, "--test", *files], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
    assert "# fail 0" in proc.stdout, proc.stdout[-3000:]
