"""Solve a few Zohn Ahl games and print the figures as JSON (run in CPython and in Pyodide).

    python tests/engine/solver_check.py
    PYODIDE_ENGINE_KERNELS=1 node tests/pyodide/run.mjs tests/engine/solver_check.py

Nothing here knows the expected answers: it only computes. Standard library only. The
chain is swept and the game-length distributions are carried by the loops the site's
worker offers the engine when the runner offers them too (``kernel``), by the engine's own
loops otherwise; with the loops offered, ``sweeps`` also compares the two ways of sweeping
in the same runtime, every state of a few chains.
"""

from __future__ import annotations

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine import protocol  # noqa: E402
from engine.zohn_ahl import Options, State, solver  # noqa: E402
from engine.zohn_ahl.solver import lap_chance, solve, sweeps  # noqa: E402
from engine.zohn_ahl.solver.kernels import host_kernel  # noqa: E402

CASES = [
    ("kiowa", "lose-throw", 2, "1/2", "1111 0000 1110"),
    ("culin", "lose-throw", 2, "1/2", "0000 0000 0000 0000 1000 1000"),
    ("printable", "lose-throw", 3, "1/3", "1111 1000"),
    ("printable", "cross", 2, "1/2", "1111 1000"),
    ("globe", "lose-throw", 2, "3/5", "1111 1000 1100 0101"),
]


def compute() -> dict:
    out = []
    for ruleset, gully, counters, bias, throws in CASES:
        options = Options(ruleset=ruleset, counters=counters, gully=gully)
        solution = solve(options, bias)
        state = State.start(options)
        figures = [[*solution.win(state), solution.expected_throws(state)]]
        for t in throws.split():
            state = state.advance(t)
            figures.append([*solution.win(state), solution.expected_throws(state)])
        out.append(
            {
                "case": [ruleset, gully, counters, bias],
                "figures": figures,
                "lap": str(lap_chance(options, bias)),
                "lengths": solution.length_distribution(300, close=1e-7),
            }
        )
    record = '[Ruleset "globe"]\n[Counters "2"]\n\n1111 1000'
    reply = json.loads(
        protocol.handle(
            json.dumps({"id": 1, "cmd": "zohn-ahl.chances", "args": {"record": record}})
        )
    )
    return {
        "cases": out,
        "chances": reply,
        "kernel": host_kernel("sweepChain") is not None and host_kernel("carryLengths") is not None,
        "sweeps": both_sweeps() if host_kernel("sweepChain") is not None else [],
    }


SWEPT = [
    ("kiowa", "lose-throw", 3, "3/5"),
    ("culin", "lose-throw", 2, "1/3"),
    ("printable", "cross", 4, "1/2"),
]


def both_sweeps() -> list[dict]:
    """For each chain of ``SWEPT``: the largest difference, over every state, between the
    chances and expected throws swept by the offered loop and by the engine's own, and the
    sweeps and bound of each."""
    from fractions import Fraction

    out = []
    for ruleset, gully, counters, bias in SWEPT:
        options = Options(ruleset=ruleset, counters=counters, gully=gully)
        graph = solver.graph_of(options)  # the solver's own graph, read once from the rules
        offered = sweeps.solve_chain(options, Fraction(bias), graph)
        kept = sweeps.host_kernel
        sweeps.host_kernel = lambda name: None  # the engine's own loop
        try:
            own = sweeps.solve_chain(options, Fraction(bias), graph)
        finally:
            sweeps.host_kernel = kept
        out.append(
            {
                "case": [ruleset, gully, counters, bias],
                "win": max(abs(a - b) for a, b in zip(offered.win0, own.win0, strict=True)),
                "throws": max(abs(a - b) for a, b in zip(offered.throws, own.throws, strict=True)),
                "sweeps": [offered.sweeps, own.sweeps],
                "bound": [offered.error_bound, own.error_bound],
            }
        )
    return out


if __name__ == "__main__":
    print(json.dumps(compute()))
