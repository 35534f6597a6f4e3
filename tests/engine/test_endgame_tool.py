"""The tool that builds the endgame tables (``tools/endgame_tables.py``, numpy), run here
for the positions of at most four pieces (with three, a chain of leaps cut short changes
no value): what it writes is, slice by slice, what the site ships (the tables the other
endgame tests check against the engine's search)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from engine.awithlaknannai.endgame import RULESETS_WITH_TABLES, Table, file_name, table

ROOT = Path(__file__).resolve().parents[2]
PIECES = 4


def _tool():
    spec = importlib.util.spec_from_file_location(
        "endgame_tables", ROOT / "tools" / "endgame_tables.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("ruleset", RULESETS_WITH_TABLES)
def test_the_tool_builds_the_shipped_tables(ruleset, tmp_path):
    said: list[str] = []
    _tool().build(ruleset, PIECES, tmp_path, said.append)
    built = Table((tmp_path / file_name(ruleset)).read_bytes())
    shipped = table(ruleset)
    slices = [(nb, total - nb) for total in range(2, PIECES + 1) for nb in range(1, total)]
    stored = [(nb, nw) for nb, nw in slices if nb >= nw]
    for nb, nw in stored:
        assert built.slice(nb, nw) == shipped.slice(nb, nw), (ruleset, nb, nw)
    assert built.pieces == PIECES and len(said) == len(slices) + 1
