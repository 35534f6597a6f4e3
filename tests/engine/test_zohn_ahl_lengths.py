"""The distribution of a game's length against the start's probability pushed throw by
throw over the whole chain to the last throw, with no shortcut (spec/zohn-ahl-solver.md § 11): the
figures the lab shows, on every ruleset it compares, at 2 and 4 counters and two biases,
within the documented tolerances (rounding level by default, the lab's own tolerance for
the lab)."""

from __future__ import annotations

import pytest

from engine.zohn_ahl import Options, State
from engine.zohn_ahl.chances import LENGTH_CLOSE, VARIANTS, _length_limit
from engine.zohn_ahl.solver import solve
from engine.zohn_ahl.solver.kernels import flat, pusher
from engine.zohn_ahl.solver.lengths import CLOSE


def _pushed(options: Options, bias: str, limit: int) -> list[float]:
    """Every throw's chance of ending the game, the way it was first worked out: the mass
    of every state the start reaches pushed to its targets (a state and its mirror as one,
    § 11), all ``limit`` throws, no stop."""
    solution = solve(options, bias)
    graph = solution.graph
    m = len(graph.configs)
    n2 = 2 * options.counters
    layers = n2 - 1
    total = layers * m
    mirror = graph.mirror or tuple(range(m))
    folded = graph.mirror is not None
    rep = [min(k, (layers - 1 - k // m) * m + mirror[k % m]) if folded else k for k in range(total)]
    rows: dict[int, dict[int, float]] = {}
    todo = [rep[solution.start_index()]]
    while todo:
        k = todo.pop()
        if k in rows:
            continue
        layer, i = divmod(k, m)
        row: dict[int, float] = {}
        for (j, payments), pr in zip(graph.steps[i], solution.probabilities):
            c = layer + 1
            target = total
            for d in payments:
                c += d
                if c in (0, n2):
                    break
            else:
                target = rep[(c - 1) * m + j]
            row[target] = row.get(target, 0.0) + pr
        rows[k] = row
        todo.extend(t for t in row if t < total)
    arity = max(map(len, rows.values()))
    flat_rows = [(k, *flat(tuple(r), tuple(r.values()), arity, total + 1)) for k, r in rows.items()]
    push = pusher(arity)
    mass = [0.0] * (total + 2)
    mass[rep[solution.start_index()]] = 1.0
    out = []
    for _ in range(limit):
        nxt = [0.0] * (total + 2)
        push(mass, nxt, flat_rows)
        out.append(nxt[total])
        nxt[total] = 0.0
        mass = nxt
    return out


# two biases at 2 counters a side, one at the lab's 4 (the reference push is slow there:
# an oracle of make test-oracles, which CI runs)
@pytest.mark.parametrize(
    "counters,bias", [(2, "3/5"), (2, "1/3"), pytest.param(4, "3/5", marks=pytest.mark.oracle)]
)
@pytest.mark.parametrize("ruleset,gully", VARIANTS)
def test_length_distribution_agrees_with_the_plain_push(ruleset, gully, counters, bias):
    options = Options(ruleset=ruleset, counters=counters, gully=gully)
    solution = solve(options, bias)
    limit = _length_limit(solution.expected_throws(State.start(options)))
    expected = _pushed(options, bias, limit)
    exact = solution.length_distribution(limit)
    lab = solution.length_distribution(limit, close=LENGTH_CLOSE)
    assert len(exact) == len(lab) == limit
    assert max(abs(a - b) for a, b in zip(exact, expected)) <= CLOSE
    assert max(abs(a - b) for a, b in zip(lab, expected)) <= LENGTH_CLOSE
    # the limit reaches into the geometric tail, and leaves some of it beyond
    assert 1e-4 < 1.0 - sum(expected) < 0.05
