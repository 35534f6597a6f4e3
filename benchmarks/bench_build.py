"""The site's build timed: ``mkdocs build --strict`` of this project, as ``make build``
runs it, into a folder of its own (``make bench``: ``site.build``; ``make bench
ONLY=build``: this figure alone).

The build's caches (the engine wheel, the compiled standard library and the brotli copies
under ``build/``) are warm, as after any earlier build: the figure is what a change to a
page costs, not a fresh machine's first build. ``seconds`` is the wall-clock time of the
whole command, ``cpu_seconds`` the processor time of the build and the processes it
started (the wheel's and the bytecode's compilers), ``mkdocs_seconds`` the time mkdocs
reports for its own build (every language: mkdocs-static-i18n builds the others inside it).
"""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_BUILT_IN = re.compile(r"Documentation built in ([0-9.]+) seconds")


def measure() -> dict:
    """Build the site once into a temporary folder; its figures (or the error)."""
    with tempfile.TemporaryDirectory(prefix="bench-build-") as tmp:
        site = Path(tmp) / "site"
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
            cwd=ROOT,
            env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
            capture_output=True,
            text=True,
        )
        seconds = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if proc.returncode != 0:
            return {"error": f"mkdocs build exited with {proc.returncode}: {proc.stderr[-2000:]}"}
        reported = _BUILT_IN.findall(proc.stderr)
        pages = sum(1 for _ in site.rglob("*.html"))
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {
        "seconds": round(seconds, 1),
        "cpu_seconds": round(cpu, 1),
        "mkdocs_seconds": float(reported[-1]) if reported else None,
        "html_files": pages,
    }


if __name__ == "__main__":
    import json

    print(json.dumps(measure(), indent=2))
