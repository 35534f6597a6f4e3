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
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.zohn_ahl.solver.kernels import FlatRow, Gather, gatherer, host_kernel

if TYPE_CHECKING:
    from engine.zohn_ahl.rulesets import Options
    from engine.zohn_ahl.solver.graph import Graph
    from engine.zohn_ahl.solver.solution import Solution

__all__ = ["Shape", "length_distribution", "shape_of"]

CLOSE = 1e-13
"""How near every chance still to come must be proved to the geometric tail before the
carrying stops, by default: rounding level."""
CHECK_EVERY = 4  # throws between two looks at whether the mass keeps its shape


class Shape(NamedTuple):
    """The chain's shape from the start: the positions the start can lead to (a state and
    its mirror kept as one), numbered so that those with as many sources follow one
    another, each position's sources in one run. Position ``r``'s sources are
    ``sources[row_start[r]:row_start[r + 1]]``, and the step from each has the throw
    classes ``classes[kinds[k]]``; ``ends[r]`` indexes in ``classes`` the classes that end
    the game from ``r``; ``sizes`` lists ``(number of sources, positions)`` group by group.
    Flat arrays, so that a loop outside Python reads them as they are, and so that they
    are written as bytes and read back (:mod:`~engine.zohn_ahl.solver.prepared`) without
    building a value per source."""

    start: int
    ends: array[int]
    sizes: tuple[tuple[int, int], ...]
    row_start: array[int]
    sources: array[int]
    kinds: array[int]
    classes: tuple[tuple[int, ...], ...]


_SHAPES: dict[tuple[str, str, int, int], tuple[Graph, Shape]] = {}


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
    known: dict[tuple[int, ...], int] = {}
    row_start, flat, kinds, ends = array("i", [0]), array("i"), array("i"), array("i")
    sizes: dict[int, int] = {}
    for k in order:
        for s, leading in sources[k]:
            flat.append(pos[s])
            kinds.append(known.setdefault(leading, len(known)))
        row_start.append(len(flat))
        sizes[len(sources[k])] = sizes.get(len(sources[k]), 0) + 1
        ends.append(known.setdefault(tuple(steps[k].get(-1, ())), len(known)))
    return Shape(pos[start], ends, tuple(sizes.items()), row_start, flat, kinds, tuple(known))


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
    probs = solution.probabilities
    chance = [sum(probs[c] for c in classes) for classes in shape.classes]
    end = list(map(chance.__getitem__, shape.ends))
    weights = list(map(chance.__getitem__, shape.kinds))
    kernel = host_kernel("carryLengths")
    if kernel is not None:
        return _carried_by(kernel, shape, end, weights, limit, close)
    row_start, sources = shape.row_start, shape.sources
    runs: list[tuple[Gather, list[FlatRow]]] = []
    r = 0
    for n, count in shape.sizes:
        flat: list[FlatRow] = []
        for a, b in zip(row_start[r : r + count], row_start[r + 1 : r + count + 1]):
            flat.append((*sources[a:b], *weights[a:b]))
        r += count
        runs.append((gatherer(n), flat))
    start = shape.start
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


def _carried_by(
    kernel: Any,
    shape: Shape,
    end: list[float],
    weights: list[float],
    limit: int,
    close: float,
) -> list[float]:
    """:func:`length_distribution`'s carrying done by ``kernel`` (the page's loop, see
    :func:`~engine.zohn_ahl.solver.kernels.host_kernel`), with the chances of this bias."""
    out = kernel(
        shape.start,
        array("d", end),
        shape.row_start,
        shape.sources,
        array("d", weights),
        limit,
        close,
        CHECK_EVERY,
    )
    figures: list[float] = out.to_py().tolist()  # a Float64Array, read as floats
    return figures
