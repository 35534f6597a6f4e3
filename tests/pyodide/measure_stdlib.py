"""Measure which files of Pyodide's standard library the site's runtime must ship.

    .venv/bin/python tests/pyodide/measure_stdlib.py

Runs, inside Pyodide under Node (``tests/pyodide/run.mjs``) with the whole standard library
and the engine installed from its wheel as the site's worker installs it:

- the engine's whole Pyodide test suite (``check_engine.py`` with the request of
  ``tests/engine/test_pyodide.py``), and
- ``protocol_session.py`` (every protocol command, as the page calls it, errors included),

records the standard library files whose modules were imported (what the interpreter's
start imports is part of each run), and writes their union to
``build_scripts/stdlib_files.txt``, which the build uses to trim the zip
(``build_scripts/stdlib.py``). Run it again when the engine imports something new or
Pyodide is upgraded; ``tests/engine/test_pyodide_trimmed.py`` fails until then.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "tests" / "pyodide"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from build_scripts import runtime, stdlib  # noqa: E402


def suite_request() -> dict:
    spec = importlib.util.spec_from_file_location(
        "test_pyodide", ROOT / "tests" / "engine" / "test_pyodide.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.REQUEST


def run_traced(script: Path, args: list[str], wheel: Path, out: Path) -> list[str]:
    env = dict(os.environ, PYODIDE_ENGINE_WHEEL=str(wheel), PYODIDE_IMPORTS_OUT=str(out))
    proc = subprocess.run(
        ["node", str(HERE / "run.mjs"), str(script), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    if proc.returncode != 0:
        raise SystemExit(f"{script.name} failed inside Pyodide:\n{proc.stderr[-3000:]}")
    return json.loads(out.read_text(encoding="utf-8"))


def main() -> int:
    wheel = runtime.build_wheel(runtime.source_hash())
    with tempfile.TemporaryDirectory(prefix="stdlib-measure-") as tmp:
        tmp = Path(tmp)
        request = tmp / "request.json"
        request.write_text(json.dumps(suite_request()), encoding="utf-8")
        data = ROOT / "tests" / "data"
        suite = run_traced(
            HERE / "check_engine.py",
            [
                str(request),
                str(data / "zohn_ahl" / "golden.json"),
                str(data / "awithlaknannai" / "perft.json"),
            ],
            wheel,
            tmp / "suite.json",
        )
        session = run_traced(HERE / "protocol_session.py", [], wheel, tmp / "session.json")
    names = sorted(set(suite) | set(session))
    header = [
        "# The files of Pyodide's python_stdlib.zip that the site ships (build_scripts/stdlib.py).",
        f"# Measured for Pyodide {runtime.pyodide_version()} by tests/pyodide/measure_stdlib.py:",
        "# imported while the engine's Pyodide test suite and every protocol command ran.",
        "# Do not edit by hand: run that script again.",
    ]
    stdlib.LIST.write_text("\n".join(header + names) + "\n", encoding="utf-8")
    print(f"{len(names)} files -> {stdlib.LIST.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
