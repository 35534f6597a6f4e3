"""The probability lab's requests, as the page sends them for one bias: every ruleset is
solved once, and each of its figures worked out once, however many parts ask for it."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import engine.zohn_ahl.chances as chances
import engine.zohn_ahl.solver as solver
import engine.zohn_ahl.solver.solution as solution_module
from engine import protocol


def _counting(monkeypatch: pytest.MonkeyPatch, calls: Counter[str], module: Any, name: str) -> None:
    real = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[name] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)


def test_a_lab_request_works_out_each_ruleset_once(monkeypatch):
    calls: Counter[str] = Counter()
    _counting(monkeypatch, calls, solver, "solve_chain")
    _counting(monkeypatch, calls, solution_module, "length_distribution")
    _counting(monkeypatch, calls, chances, "lap_chance")
    _counting(monkeypatch, calls, chances, "throws_per_lap")
    bias = "7/13"  # a bias no other test asks for: nothing of it is cached yet
    rows = []
    # the page: each ruleset's row as it lands
    for ruleset, gully in chances.VARIANTS:
        reply = protocol.dispatch(
            "zohn-ahl.lab", {"bias": bias, "counters": 2, "ruleset": ruleset, "gully": gully}
        )
        rows.append(reply["variants"][0])
    assert calls["length_distribution"] == 0  # the rows do not wait for the chart
    for ruleset, gully in chances.VARIANTS:  # then each one's game lengths
        protocol.dispatch(
            "zohn-ahl.lab",
            {"bias": bias, "counters": 2, "ruleset": ruleset, "gully": gully, "length": True},
        )
    # and the chart of them all
    chart = protocol.dispatch("zohn-ahl.lab", {"bias": bias, "counters": 2, "length": True})
    n = len(chances.VARIANTS)
    assert calls == {
        "solve_chain": n,
        "length_distribution": n,
        "lap_chance": n,
        "throws_per_lap": n,
    }
    assert "length_svg" in chart
    for row, full in zip(rows, chart["variants"]):
        assert full["length"] and sum(full["length"]) + full["length_beyond"] == pytest.approx(1)
        assert {k: v for k, v in full.items() if not k.startswith("length")} == {
            k: v for k, v in row.items() if not k.startswith("length")
        }


def test_a_prepared_lab_reads_no_chain_for_its_first_bias(monkeypatch):
    import engine.zohn_ahl.solver.lengths as lengths

    monkeypatch.setattr(solver, "_GRAPHS", {})
    monkeypatch.setattr(lengths, "_SHAPES", {})
    calls: Counter[str] = Counter()
    _counting(monkeypatch, calls, solver, "explore")
    _counting(monkeypatch, calls, lengths, "_shape")
    n = len(chances.VARIANTS)
    for ruleset, gully in chances.VARIANTS:  # as the page asks: one ruleset at a time
        reply = protocol.dispatch(
            "zohn-ahl.lab", {"part": "prepare", "counters": 3, "ruleset": ruleset, "gully": gully}
        )
        assert reply == {"prepared": [{"ruleset": ruleset, "gully": gully}], "counters": 3}
    assert calls == {"explore": n, "_shape": n}
    # asked again, all of them at once: all kept
    reply = protocol.dispatch("zohn-ahl.lab", {"part": "prepare", "counters": 3})
    assert [(v["ruleset"], v["gully"]) for v in reply["prepared"]] == list(chances.VARIANTS)
    assert calls == {"explore": n, "_shape": n}
    # the first figures for a new bias, the chart's game lengths included: nothing more
    # is read from the rules, no shape worked out again
    chart = protocol.dispatch("zohn-ahl.lab", {"bias": "5/11", "counters": 3, "length": True})
    assert calls == {"explore": n, "_shape": n}
    assert len(chart["variants"]) == n and all(v["length"] for v in chart["variants"])
    # the board by counters shares the printable board's chain
    protocol.dispatch("zohn-ahl.lab", {"bias": "5/11", "part": "counters"})
    assert calls["explore"] == n
