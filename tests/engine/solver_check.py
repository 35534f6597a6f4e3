"""Solve a few Zohn Ahl games and print the figures as JSON (run in CPython and in Pyodide).

    python tests/engine/solver_check.py
    PYODIDE_ENGINE_KERNELS=1 node tests/pyodide/run.mjs tests/engine/solver_check.py

Nothing here knows the expected answers: it only computes. Standard library only. The
game-length distributions are carried by the loop the site's worker offers the engine
when the runner offers it too (``kernel``), by the engine's own loop otherwise.
"""

from __future__ import annotations

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine import protocol  # noqa: E402
from engine.zohn_ahl import Options, State  # noqa: E402
from engine.zohn_ahl.solver import lap_chance, solve  # noqa: E402
from engine.zohn_ahl.solver.lengths import host_kernel  # noqa: E402

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
    return {"cases": out, "chances": reply, "kernel": host_kernel() is not None}


if __name__ == "__main__":
    print(json.dumps(compute()))
