"""The distribution of a game's length: the start's probability carried forward throw by
throw, a state and its mirror carried as one (spec/zohn-ahl-solver.md § 11).

Design: the chain's shape (which states the start reaches, each one's sources and the
throw classes of each step) does not depend on the stick bias, so it is worked out once
per graph and number of counters (:func:`_shape`, kept in ``_SHAPES``); a new bias only
adds up the classes' chances. Each throw is a gather, not a push: every state's new mass
is read from its sources in one generated expression per number of sources
(:func:`~engine.zohn_ahl.solver.kernels.gatherer`), the states numbered so that those with
as many sources follow one another and the new mass is the concatenation of the groups'
lists; the chance of ending on the throw is one dot product.

In a browser the carrying itself (arithmetic alone, several hundred throws over some ten
thousand states) is handed to the page's worker when it offers a loop of its own
(``globalThis.engineKernels.carryLengths``, ``docs/assets/js/chain-carry.mjs``): the same
loop and the same test for the tail, in JavaScript, where Python in WebAssembly is several
times slower. The chain, the chances and the figures' meaning stay here; CPython (and
Pyodide without that loop) carries the mass below.
"""

from __future__ import annotations

from array import array
from itertools import repeat
from operator import mul, sub
from typing import TYPE_CHECKING, Any

from engine.zohn_ahl.solver.kernels import FlatRow, Gather, gatherer, host_kernel

if TYPE_CHECKING:
    from engine.zohn_ahl.rulesets import Options
    from engine.zohn_ahl.solver.graph import Graph
    from engine.zohn_ahl.solver.solution import Solution

__all__ = ["length_distribution", "shape_of"]

CLOSE = 1e-13
"""How near every chance still to come must be proved to the geometric tail before the
carrying stops, by default: rounding level."""
CHECK_EVERY = 4  # throws between two looks at whether the mass keeps its shape

Sources = tuple[tuple[int, tuple[int, ...]], ...]
"""A state's sources: ``((source's position, the classes leading from it), ...)``."""

Shape = tuple[int, tuple[tuple[int, ...], ...], tuple[tuple[int, tuple[Sources, ...]], ...]]
"""``(start, ends, groups)``: the start's position, each position's classes that end the
game, and by number of sources ``(that number, each position's sources)``."""

_SHAPES: dict[tuple[str, str, int, int], tuple[Graph, Shape]] = {}

Rows = tuple["array[int]", "array[int]", "array[int]", tuple[tuple[int, ...], ...]]
"""A shape's sources in one run, for a loop outside Python: ``(row_start, sources, kinds,
classes)``: state ``r``'s sources are ``sources[row_start[r]:row_start[r + 1]]``, and the
step from each has the throw classes ``classes[kinds[k]]``."""

_ROWS: dict[int, tuple[Shape, Rows]] = {}


def _shape(graph: Graph, counters: int, start_index: int) -> Shape:
    """The chain's shape for ``graph`` at ``counters`` a side, from the flat state
    ``start_index``: the states the start can lead to, a state and its mirror kept as one,
    numbered by their number of sources; for each, the classes that end the game and, for
    each source, the classes that lead from it."""
    m = len(graph.configs)
    n2 = 2 * counters
    layers = n2 - 1
    total = layers * m
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
    # each kept state reached from the start: {target (or -1, the end): its classes}
    steps: dict[int, dict[int, list[int]]] = {}
    start = rep[start_index]
    todo = [start]
    while todo:
        k = todo.pop()
        if k in steps:
            continue
        layer, i = divmod(k, m)
        merged: dict[int, list[int]] = {}
        for cls, (j, payments) in enumerate(graph.steps[i]):
            c = layer + 1
            target = -1
            for d in payments:
                c += d
                if c == 0 or c == n2:
                    break
            else:
                target = rep[(c - 1) * m + j]
            merged.setdefault(target, []).append(cls)
        steps[k] = merged
        todo.extend(t for t in merged if t >= 0 and t not in steps)
    sources: dict[int, list[tuple[int, tuple[int, ...]]]] = {k: [] for k in steps}
    for k, merged in steps.items():
        for t, classes in merged.items():
            if t >= 0:
                sources[t].append((k, tuple(classes)))
    order = sorted(steps, key=lambda k: (len(sources[k]), k))
    pos = {k: n for n, k in enumerate(order)}
    groups: dict[int, list[Sources]] = {}
    for k in order:
        row = tuple((pos[s], classes) for s, classes in sources[k])
        groups.setdefault(len(row), []).append(row)
    ends = tuple(tuple(steps[k].get(-1, ())) for k in order)
    return pos[start], ends, tuple((n, tuple(rows)) for n, rows in groups.items())


def shape_of(graph: Graph, options: Options, start_index: int) -> Shape:
    """The shape of the chain of ``graph`` at ``options``' counters from the flat state
    ``start_index`` (:func:`_shape`), worked out once and kept for the distributions of
    every bias."""
    key = (options.ruleset, options.gully, options.counters, start_index)
    cached = _SHAPES.get(key)
    if cached is None or cached[0] is not graph:
        if len(_SHAPES) >= 16:
            _SHAPES.pop(next(iter(_SHAPES)))
        cached = _SHAPES[key] = (graph, _shape(graph, options.counters, start_index))
    return cached[1]


def length_distribution(solution: Solution, limit: int, close: float = CLOSE) -> list[float]:
    """``[P(the game from the start ends on throw t) for t in 1..limit]`` for the game
    ``solution`` solved (only its chain is used, not its figures). The mass is carried
    throw by throw until every chance still to come is proved to lie within ``close`` of
    the geometric tail (spec § 11), then the tail is written out."""
    shape = shape_of(solution.graph, solution.options, solution.start_index())
    start, ends, groups = shape
    probs = solution.probabilities
    end = [sum(probs[c] for c in classes) for classes in ends]
    kernel = host_kernel("carryLengths")
    if kernel is not None:
        return _carried_by(kernel, shape, end, probs, limit, close)
    runs: list[tuple[Gather, list[FlatRow]]] = []
    for n, rows in groups:
        flat: list[FlatRow] = [
            (*(s for s, _ in row), *(sum(probs[c] for c in classes) for _, classes in row))
            for row in rows
        ]
        runs.append((gatherer(n), flat))
    mass = [0.0] * len(end)
    mass[start] = 1.0
    out: list[float] = []
    while len(out) < limit:
        out.append(sum(map(mul, mass, end)))
        nxt: list[float] = []
        for gather, run in runs:
            nxt += gather(mass, run)
        if len(out) % CHECK_EVERY == 0:
            # Once the mass left keeps its shape from one throw to the next, the rest
            # follows: if ``|nxt - rate * mass| = eps`` then j throws later the mass is
            # ``rate**j * mass`` within ``eps * (1 + rate + ... + rate**(j-1))`` (each
            # throw shrinks a difference of masses, never grows it), so within
            # ``eps * min(j, 1 / (1 - rate))``, and so is each chance of ending.
            left = sum(mass)
            rate = sum(nxt) / left if left else 0.0
            eps = sum(map(abs, map(sub, nxt, map(mul, repeat(rate), mass))))
            ahead = limit - len(out)
            if eps * (min(ahead, 1 / (1 - rate)) if rate < 1 else ahead) <= close:
                last = out[-1]
                while len(out) < limit:
                    last *= rate
                    out.append(last)
                break
        mass = nxt
    return out


def _rows(shape: Shape) -> Rows:
    """``shape``'s sources in one run (:data:`Rows`), kept with the shape."""
    cached = _ROWS.get(id(shape))
    if cached is not None and cached[0] is shape:
        return cached[1]
    row_start = array("i", [0])
    sources = array("i")
    kinds = array("i")
    known: dict[tuple[int, ...], int] = {}
    for _, rows in shape[2]:
        for row in rows:
            for source, classes in row:
                sources.append(source)
                kinds.append(known.setdefault(classes, len(known)))
            row_start.append(len(sources))
    result = (row_start, sources, kinds, tuple(known))
    if len(_ROWS) >= 16:
        _ROWS.pop(next(iter(_ROWS)))
    _ROWS[id(shape)] = (shape, result)
    return result


def _carried_by(
    kernel: Any,
    shape: Shape,
    end: list[float],
    probs: tuple[float, ...],
    limit: int,
    close: float,
) -> list[float]:
    """:func:`length_distribution`'s carrying done by ``kernel`` (the page's loop, see
    :func:`~engine.zohn_ahl.solver.kernels.host_kernel`), with the chances of this bias."""
    row_start, sources, kinds, classes = _rows(shape)
    chance = [sum(probs[c] for c in cls) for cls in classes]
    weights = array("d", map(chance.__getitem__, kinds))
    out = kernel(shape[0], array("d", end), row_start, sources, weights, limit, close, CHECK_EVERY)
    figures: list[float] = out.to_py().tolist()  # a Float64Array, read as floats
    return figures
