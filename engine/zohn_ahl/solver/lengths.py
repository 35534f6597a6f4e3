"""The distribution of a game's length: the start's probability pushed forward throw by
throw, a state and its mirror pushed as one (spec/zohn-ahl-solver.md § 11)."""

from __future__ import annotations

from itertools import repeat
from operator import mul, sub
from typing import TYPE_CHECKING

from engine.zohn_ahl.solver.kernels import FlatRow, flat, pusher

if TYPE_CHECKING:
    from engine.zohn_ahl.solver.solution import Solution

__all__ = ["length_distribution"]

CLOSE = 1e-13  # how near every chance still to come must be proved before the push stops


def length_distribution(solution: Solution, limit: int) -> list[float]:
    """``[P(the game from the start ends on throw t) for t in 1..limit]`` for the game
    ``solution`` solved (only its chain is used, not its figures)."""
    graph = solution.graph
    m = len(graph.configs)
    n2 = 2 * solution.options.counters
    layers = n2 - 1
    total = layers * m
    probs = solution.probabilities
    mirror = graph.mirror
    # each state's representative: itself, or the one of it and its mirror kept
    if mirror is None:
        rep = list(range(total))
    else:
        rep = [0] * total
        for layer in range(layers):
            other = (layers - 1 - layer) * m
            for i in range(m):
                k = layer * m + i
                rep[k] = min(k, other + mirror[i])
    # forward rows of the kept states: (targets, chances), the ends folded into ``total``
    forward: dict[int, tuple[tuple[int, ...], tuple[float, ...]]] = {}
    for layer in range(layers):
        for i in range(m):
            k = layer * m + i
            if rep[k] != k:
                continue
            merged: dict[int, float] = {}
            for (j, payments), pr in zip(graph.steps[i], probs):
                c = layer + 1
                target = -1
                for d in payments:
                    c += d
                    if c == 0 or c == n2:
                        target = total
                        break
                if target < 0:
                    target = rep[(c - 1) * m + j]
                merged[target] = merged.get(target, 0.0) + pr
            forward[k] = (tuple(merged), tuple(merged.values()))
    mass = [0.0] * (total + 2)  # the end of the game at ``total``, then a spare slot
    start = rep[solution.start_index()]
    mass[start] = 1.0
    kept = [k for k in range(total) if rep[k] == k]
    # the states the start can lead to (the others never hold any mass)
    reach = {start}
    todo = [start]
    while todo:
        for t in forward[todo.pop()][0]:
            if t < total and t not in reach:
                reach.add(t)
                todo.append(t)
    kept = [k for k in kept if k in reach]
    # the rows of the push, padded to one length with zero chances on the spare slot
    arity = max(len(forward[k][0]) for k in kept)
    rows: list[FlatRow] = [(k, *flat(forward[k][0], forward[k][1], arity, total + 1)) for k in kept]
    push = pusher(arity)
    out: list[float] = []
    while len(out) < limit:
        nxt = [0.0] * (total + 2)
        push(mass, nxt, rows)
        out.append(nxt[total])
        nxt[total] = 0.0
        if len(out) % 8 == 0:
            # Once the mass left keeps its shape from one throw to the next, the rest
            # follows: if ``|nxt - rate * mass| = eps`` then j throws later the mass is
            # ``rate**j * mass`` within ``j * eps``, and so is each chance of ending.
            left = sum(mass)
            rate = sum(nxt) / left if left else 0.0
            eps = sum(map(abs, map(sub, nxt, map(mul, repeat(rate), mass))))
            if eps * (limit - len(out)) <= CLOSE:
                last = out[-1]
                while len(out) < limit:
                    last *= rate
                    out.append(last)
                break
        mass = nxt
    return out
