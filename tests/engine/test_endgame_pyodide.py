"""The endgame tables inside real Pyodide under Node: the same verdicts and best moves as
in CPython, read from the same files installed from their bytes (as the page's worker
does), and the protocol's ``perfect`` level plays a best move there."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from engine.awithlaknannai import endgame

pytestmark = pytest.mark.pyodide

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "pyodide" / "run.mjs"
SCRIPT = ROOT / "tests" / "pyodide" / "check_endgame.py"
SEED, COUNT = 7, 12


def files():
    return [str(endgame.DEFAULT_DIR / endgame.file_name(r)) for r in endgame.RULESETS_WITH_TABLES]


def test_tables_read_the_same_in_pyodide():
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed: the tables cannot be checked inside Pyodide")
    proc = subprocess.run(
        [node, str(RUNNER), str(SCRIPT), str(SEED), str(COUNT), *files()],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    got = json.loads(proc.stdout)
    spec = importlib.util.spec_from_file_location("check_endgame", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    want = module.compute(SEED, COUNT, files())
    assert got["platform"] == "emscripten" and want["platform"] != "emscripten"
    assert got["rulesets"] == want["rulesets"]
    cases = [c for cs in got["rulesets"].values() for c in cs]
    assert len(cases) == COUNT * len(endgame.RULESETS_WITH_TABLES)
    assert all(c["perfect_keeps"] for c in cases if "perfect_keeps" in c)
    assert {c["value"] for c in cases} >= {"win", "loss"}
