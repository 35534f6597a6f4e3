"""The engine's whole Pyodide test suite again, on the runtime the site really ships.

The site does not ship Pyodide's whole standard library: the build trims it to the files
listed in ``build_scripts/stdlib_files.txt`` (measured by
``tests/pyodide/measure_stdlib.py``) and compiles them to bytecode inside Pyodide, and
the worker installs the engine from its wheel.
Every test of ``test_pyodide.py`` runs here once more inside Pyodide under Node with that
trimmed zip and that wheel, and at a larger size (every computer level; perft to depth 8,
as on the npm runtime, and to every depth of the golden file in ``make test-oracles``), so
a module the engine needs and the trimmed runtime lacks fails here. A session of every
protocol command, as the page sends them, runs too.
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import subprocess
import sys

import pytest
from test_pyodide import (  # noqa: F401  (the fixtures and tests, run again on this runtime)
    GOLDEN,
    NPM_REQUEST,
    PERFT,
    REQUEST,
    ROOT,
    RUNNER,
    SCRIPT,
    golden,
    in_cpython,
    perft_data,
    test_golden_zohn_ahl_games_replay_identically,
    test_perft_agrees_with_the_golden_numbers,
    test_python_is_3_14_on_emscripten,
    test_seeded_random_games_end_the_same,
    test_seeded_rng_gives_the_same_numbers,
    test_seeded_throws_are_the_same,
    test_the_computer_picks_the_same_moves,
)

pytestmark = pytest.mark.pyodide

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from build_scripts import runtime, stdlib  # noqa: E402

SESSION = ROOT / "tests" / "pyodide" / "protocol_session.py"


@pytest.fixture(scope="session")
def shipped_runtime(tmp_path_factory):
    """The trimmed and compiled standard library zip and the engine wheel, as the build
    makes them (and caches them)."""
    wheel = runtime.build_wheel(runtime.source_hash())
    return {"stdlib": runtime.trimmed_stdlib(), "wheel": wheel}


def _run(shipped, tmp, *args):
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed: the engine cannot be checked inside Pyodide")
    env = dict(
        os.environ,
        PYODIDE_STDLIB_ZIP=str(shipped["stdlib"]),
        PYODIDE_ENGINE_WHEEL=str(shipped["wheel"]),
        PYODIDE_IMPORTS_OUT=str(tmp / "imports.json"),
    )
    proc = subprocess.run(
        [node, str(RUNNER), *map(str, args)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if proc.returncode != 0:
        pytest.fail(
            f"the run on the trimmed runtime failed (exit status {proc.returncode}):\n"
            f"{proc.stderr[-4000:]}"
        )
    return proc.stdout, json.loads((tmp / "imports.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def check_request():
    """The check script's questions at full size but for perft (the depths of
    ``NPM_REQUEST``; every depth: ``test_perft_at_every_depth_on_the_shipped_runtime``):
    this is the runtime the site ships."""
    return {**REQUEST, "perft_max_depth": NPM_REQUEST["perft_max_depth"]}


@pytest.mark.oracle
def test_perft_at_every_depth_on_the_shipped_runtime(shipped_runtime, tmp_path, perft_data):  # noqa: F811
    request = tmp_path / "request.json"
    request.write_text(json.dumps(REQUEST), encoding="utf-8")
    stdout, _ = _run(shipped_runtime, tmp_path, SCRIPT, request, GOLDEN, PERFT)
    got = json.loads(stdout)["awithlaknannai_perft"]
    assert sorted(got) == sorted(perft_data)
    for name, nodes in got.items():
        depth = min(REQUEST["perft_max_depth"][name], len(perft_data[name]["nodes"]))
        assert nodes == perft_data[name]["nodes"][:depth], name
        assert depth > 8, name  # (deeper than make test goes)


@pytest.fixture(scope="session")
def in_pyodide(shipped_runtime, tmp_path_factory, check_request):
    """The check script's answer from inside Pyodide, on the trimmed runtime."""
    tmp = tmp_path_factory.mktemp("trimmed")
    request = tmp / "request.json"
    request.write_text(json.dumps(check_request), encoding="utf-8")
    stdout, _ = _run(shipped_runtime, tmp, SCRIPT, request, GOLDEN, PERFT)
    return json.loads(stdout)


def test_every_protocol_command_answers_on_the_trimmed_runtime(shipped_runtime, tmp_path):
    stdout, imported = _run(shipped_runtime, tmp_path, SESSION)
    lines = stdout.splitlines()
    assert {line.split()[0] for line in lines} >= {"ping", "awithlaknannai.ai", "zohn-ahl.throw"}
    assert all(line.split()[1:] for line in lines)  # every command answered every request
    # it ran on the shipped zip: every module from its bytecode (nothing compiled from
    # source), and nothing outside the list
    assert imported and all(name.endswith(".pyc") for name in imported), imported
    assert {name.removesuffix("c") for name in imported} <= set(stdlib.wanted_files())
    assert "json/__init__.pyc" in imported


def test_the_trimmed_zip_is_much_smaller(shipped_runtime):
    """What a reader downloads: the shipped zip (its modules stored, for the server to
    compress) even sent with gzip, the least a server does, is under half of the whole
    library as Pyodide ships it."""
    full = (runtime.PYODIDE_DIR / "python_stdlib.zip").stat().st_size
    assert len(gzip.compress(shipped_runtime["stdlib"].read_bytes(), 6)) < full / 2
