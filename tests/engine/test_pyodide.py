"""The engine inside real Pyodide (the runtime the site ships) under Node.

One Node process per test session (start-up takes a few seconds) runs
``tests/pyodide/check_engine.py`` inside Pyodide 314 (Python 3.14) through
``tests/pyodide/run.mjs``; the same script's ``compute`` runs here in CPython with the same
request. The tests then check that inside Pyodide:

(a) the golden Zohn Ahl games (tests/data/zohn_ahl/golden.json) replay with identical
    states and events (and the full events equal CPython's);
(b) Awithlaknannai perft agrees with tests/data/awithlaknannai/perft.json (every ruleset,
    to depth 8 here; every depth in the file on the shipped runtime, where it takes
    seconds inside Pyodide);
(c) the seeded Rng and the seeded throws give the same numbers as in CPython;
(d) the computer picks the same move as in CPython at a fixed seed and node limit (and
    seeded random games end the same way);
(e) the interpreter is Python 3.14 on Emscripten.

The runtime here is Pyodide as the npm package ships it (its whole standard library, as
source). The site ships the same interpreter with a trimmed, compiled library; every test
here runs again on that runtime, at full size (``REQUEST``), in test_pyodide_trimmed.py.
Here the check script is asked the same questions at a smaller size (``NPM_REQUEST``).

If Node or Pyodide cannot start, or the script fails inside Pyodide, every test here fails
with the runner's message (they are not skipped: the site depends on this runtime).
"""

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
SCRIPT = ROOT / "tests" / "pyodide" / "check_engine.py"
GOLDEN = ROOT / "tests" / "data" / "zohn_ahl" / "golden.json"
PERFT = ROOT / "tests" / "data" / "awithlaknannai" / "perft.json"
RULESETS = ["culin", "open", "bent", "ludii", "kolowis"]

REQUEST = {
    # deepest perft depth checked per ruleset: the whole golden file (about 10 s in Pyodide)
    "perft_max_depth": {"culin": 12, "open": 12, "bent": 10, "ludii": 9, "kolowis": 12},
    "rng_seeds": [0, 1, 1234567, 2**63 + 12345, 2**64 - 1, -5, 20260101],
    "throw_count": 64,
    "playout_rulesets": RULESETS,
    "playout_seeds": [1, 2, 3],
    "ai_cases": (
        [{"ruleset": r, "level": "hard", "seed": 7, "node_limit": 3000} for r in RULESETS]
        + [
            {
                "ruleset": r,
                "level": level,
                "seed": 11 + i,
                "node_limit": 2000,
                "random_moves": 12,
                "setup_seed": 40 + i,
            }
            for i, r in enumerate(RULESETS)
            for level in ("random", "easy", "medium", "hard")
        ]
    ),
}


# The same questions at a smaller size, for the npm runtime (see the module's docstring).
NPM_REQUEST = {
    **REQUEST,
    "perft_max_depth": dict.fromkeys(RULESETS, 8),
    "ai_cases": [case for case in REQUEST["ai_cases"] if case["level"] == "hard"],
}


@pytest.fixture(scope="session")
def check_request():
    """What the check script is asked on this module's runtime."""
    return NPM_REQUEST


def _load_check_module():
    spec = importlib.util.spec_from_file_location("check_engine", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def golden():
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def perft_data():
    return json.loads(PERFT.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def in_pyodide(tmp_path_factory, check_request):
    """The check script's answer from inside Pyodide (one Node run per session)."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed: the engine cannot be checked inside Pyodide")
    request = tmp_path_factory.mktemp("pyodide") / "request.json"
    request.write_text(json.dumps(check_request), encoding="utf-8")
    try:
        proc = subprocess.run(
            [node, str(RUNNER), str(SCRIPT), str(request), str(GOLDEN), str(PERFT)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=600,
        )
    except subprocess.TimeoutExpired:
        pytest.fail("the Pyodide run did not finish within 600 s")
    if proc.returncode != 0:
        pytest.fail(
            f"the Pyodide run failed (exit status {proc.returncode}):\n{proc.stderr[-4000:]}"
        )
    try:
        return json.loads(proc.stdout)
    except json.JSONDecodeError:
        pytest.fail(
            f"the Pyodide run printed no JSON:\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}"
        )


@pytest.fixture(scope="session")
def in_cpython(golden, perft_data, check_request):
    return _load_check_module().compute(check_request, golden, perft_data)


def test_python_is_3_14_on_emscripten(in_pyodide, in_cpython):
    assert in_pyodide["python"][:2] == [3, 14]
    assert in_pyodide["platform"] == "emscripten"
    assert in_cpython["platform"] != "emscripten"  # the comparison is between two interpreters


def test_golden_zohn_ahl_games_replay_identically(in_pyodide, in_cpython, golden):
    replayed = in_pyodide["zohn_ahl_golden"]
    assert [g["name"] for g in replayed] == [g["name"] for g in golden]
    for game, mine in zip(golden, replayed):
        assert len(mine["steps"]) == len(game["steps"]), game["name"]
        for n, (step, got) in enumerate(zip(game["steps"], mine["steps"]), start=1):
            assert got["state"] == step["state"], f"{game['name']} throw {n}"
            assert [e["kind"] for e in got["events"]] == step["events"], f"{game['name']} throw {n}"
        assert mine["final"] == game["steps"][-1]["state"], game["name"]
    # every event field, not only the kinds, as in CPython
    assert replayed == in_cpython["zohn_ahl_golden"]


def test_perft_agrees_with_the_golden_numbers(in_pyodide, perft_data, check_request):
    got = in_pyodide["awithlaknannai_perft"]
    assert sorted(got) == sorted(perft_data)
    for name, nodes in got.items():
        assert len(nodes) == min(
            check_request["perft_max_depth"][name], len(perft_data[name]["nodes"])
        )
        assert len(nodes) >= 8, name
        assert nodes == perft_data[name]["nodes"][: len(nodes)], name


def test_seeded_rng_gives_the_same_numbers(in_pyodide, in_cpython):
    assert in_pyodide["rng"] == in_cpython["rng"]
    # and the values are what the generator documents (seed 0's first output)
    assert in_pyodide["rng"]["0"]["u64"][0] == 0xE220A8397B1DCDAF


def test_seeded_throws_are_the_same(in_pyodide, in_cpython, check_request):
    assert in_pyodide["throws"] == in_cpython["throws"]
    for seed, throws in in_pyodide["throws"].items():
        assert len(throws["seeded"]) == check_request["throw_count"]
        assert len(set(throws["seeded"])) > 4, seed  # not a constant sequence


def test_seeded_random_games_end_the_same(in_pyodide, in_cpython, check_request):
    assert in_pyodide["playouts"] == in_cpython["playouts"]
    assert len(in_pyodide["playouts"]) == len(RULESETS) * len(check_request["playout_seeds"])


def test_the_computer_picks_the_same_moves(in_pyodide, in_cpython, check_request):
    got, want = in_pyodide["ai"], in_cpython["ai"]
    assert len(got) == len(check_request["ai_cases"])
    for case, a, b in zip(check_request["ai_cases"], got, want):
        assert a == b, case
    searched = [
        a
        for a, case in zip(got, check_request["ai_cases"])
        if case["level"] == "hard" and "nodes" in a
    ]
    assert sum(a["nodes"] > 0 for a in searched) >= len(RULESETS)  # real searches, not forced moves
