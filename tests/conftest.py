"""How ``make test`` shares the tests out between its two processes (pytest-xdist,
``--dist loadgroup``): tests of one group run in one process, one after the other.

- The site is built once, by the controlling process as the session starts, and served
  by it until the end (``tests/site/site_server.py``, ``SharedSite``); the build overlaps
  the engine tests, which come first (``make test`` passes ``--no-loadscope-reorder``:
  pytest-xdist would otherwise hand out the groups with the most tests first, the site's,
  and both processes would wait for the build). A run whose paths hold no site test (``make
  test-oracles``: ``tests/engine``) builds nothing.
- The tests of the built site and the browser (the fixtures of ``tests/site/conftest.py``)
  run in both processes, one group per test module; each process's warm browser context
  (Python started once, its snapshot kept) serves the modules it runs. The tests that
  judge the one visit of every page (``every_page``) share one group, so the visit is
  made once.
- Among the site's modules, those that mostly wait (a download held back or slowed down,
  a stalled start: ``WAITING``) are handed out first, so that their waits overlap the
  other process's work; last in the queue, they left both processors idle for up to a
  minute at the end of a run. The site's tests that need no build (no group: one test at
  a time to whichever process is free) come last, so that the two processes end
  together instead of one waiting for the other's last module.
- ``brute-force``: the solver's tests, which share the brute-force chains they compute
  (``brute_force`` in ``tests/engine/test_zohn_ahl_solver.py``, computed once per ruleset).
- ``pyodide``, ``pyodide-trimmed``, ``solver-pyodide``: the engine's checks inside Pyodide
  under Node, which share one run of the check script per runtime or script
  (``in_pyodide``).
- The tests of the lab's blocks (``test_lab_blocks.py``) join the group of the printable
  PDFs' (``site:test_printable_pdfs.py``): both work out the lab's figures for fair sticks,
  which the engine keeps once worked out in a process (``SAME_FIGURES``).

Other tests go to whichever process is free. Without ``-n``, the groups change nothing and
the site tests build and serve the site themselves.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

BUILT_SITE = {"site_build", "site_dir", "site_url", "e2e_url", "browser"}
SHARED_COMPUTATIONS = {
    "test_zohn_ahl_solver.py": "brute-force",
    "test_pyodide.py": "pyodide",
    "test_pyodide_trimmed.py": "pyodide-trimmed",
    "test_solver_pyodide.py": "solver-pyodide",
}
SITE_TESTS = Path(__file__).resolve().parent / "site"
# modules whose tests work out the same figures of the engine as another module's group:
# in its process, the engine has them already
SAME_FIGURES = {"test_lab_blocks.py": "site:test_printable_pdfs.py"}
WAITING = ("test_slow_network.py", "test_runtime_faults.py", "test_start_sequence.py")


def _controls_workers(config) -> bool:
    """True in the process that hands out tests to pytest-xdist's workers."""
    return bool(getattr(config.option, "numprocesses", None)) and not hasattr(config, "workerinput")


def _may_test_the_site(config) -> bool:
    """Whether the paths given to pytest (all of ``tests`` when none is) hold site tests."""
    for arg in config.args or ["tests"]:
        path = (Path(config.invocation_params.dir) / arg.split("::")[0]).resolve()
        if path == SITE_TESTS or SITE_TESTS in path.parents or path in SITE_TESTS.parents:
            return True
    return False


def pytest_configure(config):
    # known even when pytest-xdist is left out (-p no:xdist): the groups then change nothing
    config.addinivalue_line("markers", "xdist_group(name): tests that run in one process")
    if not _controls_workers(config) or os.environ.get("SITE_DIR"):
        return
    if not _may_test_the_site(config):  # (make test-oracles: the engine's tests alone)
        return
    sys.path.insert(0, str(SITE_TESTS))
    from site_server import SharedSite

    config._shared_site = SharedSite()
    config._shared_site.start()


def pytest_unconfigure(config):
    shared = getattr(config, "_shared_site", None)
    if shared is not None:
        shared.stop()


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(config, items):
    # the engine's tests, then the site's modules that mostly wait, then the other ones of
    # the built site, and last the site's tests that need no build (each goes to whichever
    # process is free: they even out the two processes' ends)
    def order(item) -> int:
        if SITE_TESTS not in item.path.parents:
            return 0
        if item.path.name in WAITING:
            return 1
        return 2 if BUILT_SITE & set(getattr(item, "fixturenames", ())) else 3

    items.sort(key=order)  # (stable: each part keeps its order)
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if "every_page" in fixtures:
            item.add_marker(pytest.mark.xdist_group("every-page"))
        elif item.path.name in SAME_FIGURES:
            item.add_marker(pytest.mark.xdist_group(SAME_FIGURES[item.path.name]))
        elif BUILT_SITE & fixtures:
            item.add_marker(pytest.mark.xdist_group(f"site:{item.path.name}"))
        elif item.path.name in SHARED_COMPUTATIONS:
            item.add_marker(pytest.mark.xdist_group(SHARED_COMPUTATIONS[item.path.name]))
