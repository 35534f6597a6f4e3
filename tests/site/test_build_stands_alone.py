"""The build needs nothing from the tests: importing every build module loads no module of
``tests``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import importlib, json, pathlib, sys
names = sorted(p.stem for p in pathlib.Path("build_scripts").glob("*.py") if p.stem != "__init__")
for name in names:
    importlib.import_module("build_scripts." + name)
print(json.dumps({"built": names, "tests": sorted(m for m in sys.modules
                                                  if m == "tests" or m.startswith("tests."))}))
"""


def test_the_build_imports_nothing_from_the_tests():
    proc = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert "plugin" in result["built"] and result["tests"] == []
