"""How ``make test`` shares the tests out between its two processes (pytest-xdist,
``--dist loadgroup``): tests of one group run in one process, one after the other.

- ``built-site``: every test that uses the built site or the browser (the fixtures of
  ``tests/site/conftest.py``): that process builds the site once and serves it at the
  address it was built for.
- ``brute-force``: the solver's tests, which share the brute-force chains they compute
  (``brute_force`` in ``tests/engine/test_zohn_ahl_solver.py``, computed once per ruleset).

Other tests go to whichever process is free. Without ``-n``, the groups change nothing.
"""

from __future__ import annotations

import pytest

BUILT_SITE = {"site_build", "site_dir", "site_url", "e2e_url", "browser", "every_page"}
SHARED_COMPUTATIONS = {"test_zohn_ahl_solver.py": "brute-force"}


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(config, items):
    for item in items:
        if BUILT_SITE & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.xdist_group("built-site"))
        elif item.path.name in SHARED_COMPUTATIONS:
            item.add_marker(pytest.mark.xdist_group(SHARED_COMPUTATIONS[item.path.name]))
