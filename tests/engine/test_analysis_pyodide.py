"""The Awithlaknannai analysis inside real Pyodide (the runtime the site ships) under
Node: the same answers as in CPython (best move, line, score, mate, hint, review, graph),
since the searches count positions, not seconds."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.pyodide

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "pyodide" / "run.mjs"
SCRIPT = ROOT / "tests" / "pyodide" / "check_analysis.py"
# the endgame tables CPython reads from the engine's folder, handed to Pyodide as files
TABLES = sorted(str(p) for p in (ROOT / "engine" / "awithlaknannai" / "tables").glob("*.egtb"))


def _cpython():
    spec = importlib.util.spec_from_file_location("check_analysis", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.compute()


@pytest.fixture(scope="module")
def pyodide_answer():
    node = shutil.which("node")
    assert node, "Node.js is needed to run Pyodide"
    proc = subprocess.run(
        [node, str(RUNNER), str(SCRIPT), *TABLES],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_analysis_in_pyodide_matches_cpython(pyodide_answer):
    assert pyodide_answer["platform"] == "emscripten"
    here = _cpython()
    assert pyodide_answer["analyse"] == here["analyse"]
    assert pyodide_answer["hint"] == here["hint"]
    assert pyodide_answer["review"] == here["review"]


def test_pyodide_finds_the_mates(pyodide_answer):
    mates = [a["mate"] for a in pyodide_answer["analyse"]]
    assert mates[1] == 1 and mates[2] == -6
    assert pyodide_answer["analyse"][1]["line"] == ["b3-b2"]
    assert pyodide_answer["review"]["svg"].startswith("<svg")
