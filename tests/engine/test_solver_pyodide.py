"""The solver inside real Pyodide (the runtime the site ships) gives the figures CPython
gives: the same chances and expected throws to 1e-12, the same exact lap fractions, the
same ``zohn-ahl.chances`` reply through the protocol; and from the loops the site's worker
offers the engine (JavaScript), the same sweeps and the same game-length distributions as
from the engine's own."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.pyodide

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "pyodide" / "run.mjs"
SCRIPT = Path(__file__).with_name("solver_check.py")


@pytest.fixture(scope="module")
def in_pyodide():
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed: the solver cannot be checked inside Pyodide")
    proc = subprocess.run(
        [node, str(RUNNER), str(SCRIPT)],
        cwd=ROOT,
        env=dict(os.environ, PYODIDE_ENGINE_KERNELS="1"),  # the worker's loops, offered
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    return json.loads(proc.stdout)


@pytest.fixture(scope="module")
def in_cpython():
    spec = importlib.util.spec_from_file_location("solver_check", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.compute()


def test_the_same_chances_in_pyodide(in_pyodide, in_cpython):
    assert len(in_pyodide["cases"]) == len(in_cpython["cases"]) == 5
    for a, b in zip(in_pyodide["cases"], in_cpython["cases"]):
        assert a["case"] == b["case"]
        assert a["lap"] == b["lap"]
        for fa, fb in zip(a["figures"], b["figures"], strict=True):
            assert fa[0] == pytest.approx(fb[0], abs=1e-12)
            assert fa[0] + fa[1] == 1
            assert fa[2] == pytest.approx(fb[2], rel=1e-10)


def test_the_chances_command_in_pyodide(in_pyodide, in_cpython):
    a, b = in_pyodide["chances"], in_cpython["chances"]
    assert a["ok"] and b["ok"]
    assert a["result"]["history"] == pytest.approx(b["result"]["history"], abs=1e-12)
    assert a["result"]["svg"] == b["result"]["svg"]
    assert [r["probability"] for r in a["result"]["next"]] == [
        r["probability"] for r in b["result"]["next"]
    ]
    assert sum(r["p"] for r in a["result"]["next"]) == pytest.approx(1.0, abs=1e-15)


def test_the_workers_loop_carries_the_same_game_lengths(in_pyodide, in_cpython):
    assert in_pyodide["kernel"] and not in_cpython["kernel"]
    assert len(in_pyodide["cases"]) == len(in_cpython["cases"]) == 5
    for case_a, case_b in zip(in_pyodide["cases"], in_cpython["cases"], strict=True):
        a, b = case_a["lengths"], case_b["lengths"]
        assert len(a) == len(b) == 300
        assert a == pytest.approx(b, abs=1e-12)
        assert 0.9 < sum(a) <= 1 + 1e-12  # (the chance of a longer game is what is left)


def test_the_workers_loop_sweeps_every_state_as_the_engine_does(in_pyodide):
    assert in_pyodide["kernel"]
    cases = in_pyodide["sweeps"]
    assert [c["case"][:2] for c in cases] == [
        ["kiowa", "lose-throw"],
        ["culin", "lose-throw"],
        ["printable", "cross"],
    ]
    for case in cases:
        # the same arithmetic in the same order: the same number of sweeps, every state's
        # chance and expected throws alike up to rounding, and the bound proved by the
        # engine from either within the solver's tolerance
        assert case["sweeps"][0] == case["sweeps"][1], case
        assert case["win"] <= 1e-12 and case["throws"] <= 1e-9, case
        assert max(case["bound"]) <= 1e-11, case
        assert case["bound"][0] == pytest.approx(case["bound"][1], rel=1e-6), case
