"""The chain's equations, set up once before the sweeps: each configuration's outcomes,
the kept states (one of each mirror pair) layer by layer with their equations, the coarse
matrices of the correction between layers, and the order of the sweep.

Sections of ``spec/zohn-ahl-solver.md``: the layers and the equations (§ 3, § 4), the
mirrored states folded (§ 5), the sweep order inside a layer (§ 6), the coarse correction
(§ 8). The states are numbered as :mod:`engine.zohn_ahl.solver.sweeps` says.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import repeat
from operator import add, mul

from engine.zohn_ahl.rulesets import Options
from engine.zohn_ahl.solver.graph import Graph

__all__ = [
    "Chain",
    "Level",
    "Outcome",
    "Plain",
    "Row",
    "chain_of",
    "equations",
    "exit_up",
    "outcomes_of",
]

Outcome = tuple[int, tuple[int, ...], float, bool]
"""One outcome of a configuration: (next configuration, payments, chance, whether it keeps
the counters and the sum of the awls: a move among the states of one awl sum)."""

Plain = tuple[tuple[int, ...], tuple[float, ...], tuple[int, ...], tuple[Outcome, ...]]
"""A configuration's outcomes without payments (targets, chances, the targets of the same
awl sum), and its outcomes with payments."""

Level = tuple[int, float, tuple[int, ...], tuple[float, ...]]
"""A configuration's moves that keep the counters, its self-loop divided out: (config,
chance of a payment up, the other configurations reached without payments, their
chances)."""

Row = tuple[float, dict[int, float]]
"""A kept state's equation in flat states: (constant of V, {target key: weight}), the
self-loop included."""


@dataclass(frozen=True)
class Chain:
    """The shape of the chain for one set of options."""

    graph: Graph
    m: int  # configurations
    n2: int  # counters in play
    layers: int  # the unfinished layers
    total: int  # unfinished states; ``total`` and ``total + 1`` are the two wins
    mirror: tuple[int, ...] | None
    awl_sum: list[int]  # per configuration, the sum of the awls' own spaces
    order: list[int]  # the configurations, awl sums decreasing (the sweep order, § 6)

    @property
    def folded_layers(self) -> int:
        """The layers kept: the lower half and the middle one when mirrors are folded."""
        return (self.layers + 1) // 2 if self.mirror is not None else self.layers

    @property
    def middle(self) -> int:
        return self.layers // 2

    @property
    def far(self) -> int:
        """The offset of a kept state's mirror among the flat states."""
        return self.total + 2

    def whole(self, layer: int) -> bool:
        """Whether ``layer`` is kept whole (its moves without payments stay in it)."""
        return self.mirror is None or layer < self.middle


def chain_of(options: Options, graph: Graph) -> Chain:
    """The shape of the chain of ``graph`` with ``options``' counters."""
    configs = graph.configs
    m = len(configs)
    n2 = 2 * options.counters
    awl_sum = [c[0] + c[1] for c in configs]
    return Chain(
        graph,
        m,
        n2,
        n2 - 1,
        (n2 - 1) * m,
        graph.mirror,
        awl_sum,
        sorted(range(m), key=lambda i: (-awl_sum[i], configs[i])),
    )


def outcomes_of(
    chain: Chain, probs: tuple[float, ...]
) -> tuple[list[tuple[Outcome, ...]], list[Plain], list[Level]]:
    """Each configuration's outcomes, the throw classes with the same step merged; apart,
    those without payments and the others; and the rows of :func:`exit_up`."""
    awl_sum = chain.awl_sum
    outcomes: list[tuple[Outcome, ...]] = [()] * chain.m
    plain: list[Plain] = [((), (), (), ())] * chain.m
    lone: list[Level] = []
    for i in chain.order:
        merged: dict[tuple[int, tuple[int, ...]], float] = {}
        for step, pr in zip(chain.graph.steps[i], probs):
            merged[step] = merged.get(step, 0.0) + pr
        s = awl_sum[i]
        out = []
        paid = []
        js = []
        chances = []
        same_sum = []
        up = stay = 0.0
        level: dict[int, float] = {}
        for (j, payments), pr in merged.items():
            net = sum(payments)
            o = (j, payments, pr, not net and awl_sum[j] == s)
            out.append(o)
            if payments:
                paid.append(o)
            else:
                js.append(j)
                chances.append(pr)
                if j != i and awl_sum[j] == s:
                    same_sum.append(j)
            if net > 0:
                up += pr
            elif not net:
                if j == i:
                    stay += pr
                else:
                    level[j] = level.get(j, 0.0) + pr
        outcomes[i] = tuple(out)
        plain[i] = (tuple(js), tuple(chances), tuple(same_sum), tuple(paid))
        scale = 1.0 / (1.0 - stay)
        lone.append((i, up * scale, tuple(level), tuple(w * scale for w in level.values())))
    return outcomes, plain, lone


def exit_up(rows: list[Level], m: int) -> list[float]:
    """For each configuration, the chance that the next payments that change the counters
    leave side 0 with more counters (the layer is left upwards), from ``rows``: (config,
    chance of a payment up, targets without payments, their chances), the self-loops
    divided out. A basis function of the coarse correction (§ 8): it need not be exact, a
    few sweeps do."""
    h = [0.5] * m
    get = h.__getitem__
    for _ in range(5):
        change = 0.0
        for i, v, targets, weights in rows:
            v += sum(map(mul, weights, map(get, targets)))
            d = v - h[i]
            if d > change or -d > change:
                change = abs(d)
            h[i] = v
        if change < 1e-3:
            break
    return h


def equations(
    chain: Chain, outcomes: list[tuple[Outcome, ...]], plain: list[Plain], h: list[float]
) -> tuple[dict[int, Row], list[list[list[int]]], list[list[float]], list[list[float]]]:
    """The kept states (one of each mirror pair) layer by layer, and their equations in
    terms of kept states: a mirrored target y contributes P(x, y) (1 - V(y')) to V(x) and
    P(x, y) E(y') to E(x); a move to the mirror of kept state t is keyed ``t + far``.
    Returns the equations, per folded layer the kept states in sweep order grouped in
    components (§ 6), and the coarse matrices (I - P for V and for E, tested and projected
    on the basis 1, h of every layer: a Galerkin projection, § 8)."""
    m = chain.m
    plain_sums = _plain_sums(plain, h, m)
    dim = 2 * chain.folded_layers
    coarse_v = [[0.0] * dim for _ in range(dim)]
    coarse_e = [[0.0] * dim for _ in range(dim)]
    rows: dict[int, Row] = {}
    groups: list[list[list[int]]] = []
    for layer in range(chain.folded_layers):
        base = layer * m
        kept = [
            base + i
            for i in chain.order
            if chain.mirror is None or layer < chain.middle or i < chain.mirror[i]
        ]
        inner, col1, colh = _layer_rows(chain, layer, kept, outcomes, plain, h, rows)
        _coarse_rows(chain, layer, kept, h, col1, colh, plain_sums, coarse_v, coarse_e)
        groups.append(_sweep_order(kept, inner, chain.awl_sum, m))
    return rows, groups, coarse_v, coarse_e


def _plain_sums(plain: list[Plain], h: list[float], m: int) -> tuple[float, float, float, float]:
    """The sums over all configurations of P(x, y), h(y) P(x, y), h(x) P(x, y) and
    h(x) h(y) P(x, y) over the moves without payments, for the coarse matrices."""
    plain_0 = plain_1 = plain_h = plain_hh = 0.0
    get_h = h.__getitem__
    for i in range(m):
        js, chances = plain[i][0], plain[i][1]
        s0 = sum(chances)
        s1 = sum(map(mul, chances, map(get_h, js)))
        plain_0 += s0
        plain_1 += s1
        plain_h += h[i] * s0
        plain_hh += h[i] * s1
    return plain_0, plain_1, plain_h, plain_hh


def _layer_rows(
    chain: Chain,
    layer: int,
    kept: list[int],
    outcomes: list[tuple[Outcome, ...]],
    plain: list[Plain],
    h: list[float],
    rows: dict[int, Row],
) -> tuple[dict[int, list[int]], dict[int, float], dict[int, float]]:
    """The equations of the kept states of ``layer``, added to ``rows``. Returns the moves
    inside the layer between configurations of one awl sum, and per target the sums over
    the layer's states of P(x, t) and of h(x) P(x, t)."""
    m, n2, layers, mirror, middle, far = (
        chain.m,
        chain.n2,
        chain.layers,
        chain.mirror,
        chain.middle,
        chain.far,
    )
    base = layer * m
    whole = chain.whole(layer)
    inner: dict[int, list[int]] = {}
    col1: dict[int, float] = {}
    colh: dict[int, float] = {}
    for k in kept:
        i = k - base
        const = 0.0
        weights: dict[int, float] = {}
        same: list[int] | None = None
        if whole:
            # a throw without payments stays in the layer, and the layer is kept whole
            js, chances, one_sum_js, paid = plain[i]
            weights = dict(zip(map(add, js, repeat(base)), chances))
            if one_sum_js:
                same = inner[k] = [base + j for j in one_sum_js]
        else:
            paid = outcomes[i]
        hi = h[i]
        for j, payments, pr, one_sum in paid:
            c = layer + 1
            if payments:
                end = False
                for d in payments:
                    c += d
                    if c == 0 or c == n2:
                        end = True
                        break
                if end:
                    if c:
                        const += pr
                    continue
            t = (c - 1) * m + j
            if mirror is not None and c > middle:
                other = (layers - c) * m + mirror[j]
                if other < t:
                    const += pr
                    t = other + far
                    if one_sum:
                        if same is None:
                            same = inner[k] = []
                        same.append(other)
            if one_sum and t < far and t != k:
                if same is None:
                    same = inner[k] = []
                same.append(t)
            weights[t] = weights.get(t, 0.0) + pr
            col1[t] = col1.get(t, 0.0) + pr
            colh[t] = colh.get(t, 0.0) + hi * pr
        rows[k] = (const, weights)
    return inner, col1, colh


def _coarse_rows(
    chain: Chain,
    layer: int,
    kept: list[int],
    h: list[float],
    col1: dict[int, float],
    colh: dict[int, float],
    plain_sums: tuple[float, float, float, float],
    coarse_v: list[list[float]],
    coarse_e: list[list[float]],
) -> None:
    """The two rows of each coarse matrix tested on the basis 1, h of ``layer``."""
    m, far = chain.m, chain.far
    diag1 = diagh = diaghh = 0.0
    for k in kept:
        hi = h[k - layer * m]
        diag1 += 1.0
        diagh += hi
        diaghh += hi * hi
    cv0, cv1 = coarse_v[2 * layer], coarse_v[2 * layer + 1]
    ce0, ce1 = coarse_e[2 * layer], coarse_e[2 * layer + 1]
    if chain.whole(layer):  # the moves without payments, summed once for every layer
        plain_0, plain_1, plain_h, plain_hh = plain_sums
        for line0, line1 in ((cv0, cv1), (ce0, ce1)):
            line0[2 * layer] -= plain_0
            line0[2 * layer + 1] -= plain_1
            line1[2 * layer] -= plain_h
            line1[2 * layer + 1] -= plain_hh
    for line in (cv0, ce0):
        line[2 * layer] += diag1
        line[2 * layer + 1] += diagh
    for line in (cv1, ce1):
        line[2 * layer] += diagh
        line[2 * layer + 1] += diaghh
    for t, s1 in col1.items():
        sh = colh[t]
        if t >= far:
            lt, jt = divmod(t - far, m)
            sign = -1.0
        else:
            lt, jt = divmod(t, m)
            sign = 1.0
        ht = h[jt]
        col = 2 * lt
        ce0[col] -= s1
        ce0[col + 1] -= s1 * ht
        ce1[col] -= sh
        ce1[col + 1] -= sh * ht
        cv0[col] -= sign * s1
        cv0[col + 1] -= sign * s1 * ht
        cv1[col] -= sign * sh
        cv1[col + 1] -= sign * sh * ht


def _sweep_order(
    kept: list[int], inner: dict[int, list[int]], awl_sum: list[int], m: int
) -> list[list[int]]:
    """The kept states of a layer in sweep order (§ 6): awl sums decreasing (between
    payments awls only move forward), and inside one awl sum the components of its moves,
    each after those it leads to."""
    if not inner:
        return [[k] for k in kept]
    units: list[list[int]] = []
    start = 0
    while start < len(kept):
        s = awl_sum[kept[start] % m]
        stop = start
        while stop < len(kept) and awl_sum[kept[stop] % m] == s:
            stop += 1
        block = kept[start:stop]
        if any(k in inner for k in block):
            units.extend(_components(block, inner))
        else:
            units.extend([k] for k in block)
        start = stop
    return units


def _components(nodes: list[int], edges: dict[int, list[int]]) -> list[list[int]]:
    """The strongly connected components of a small graph (``edges``: node -> successors,
    all among ``nodes``), each component listed after the components it leads to (Tarjan's
    algorithm, without recursion)."""
    number: dict[int, int] = {}
    low: dict[int, int] = {}
    stack: list[int] = []
    on_stack: set[int] = set()
    out: list[list[int]] = []
    for root in nodes:
        if root in number:
            continue
        number[root] = low[root] = len(number)
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter(edges.get(root, ())))]
        while work:
            v, successors = work[-1]
            for w in successors:
                if w not in number:
                    number[w] = low[w] = len(number)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(edges.get(w, ()))))
                    break
                if w in on_stack and number[w] < low[v]:
                    low[v] = number[w]
            else:
                work.pop()
                if work:
                    u = work[-1][0]
                    if low[v] < low[u]:
                        low[u] = low[v]
                if low[v] == number[v]:
                    component = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        component.append(w)
                        if w == v:
                            break
                    out.append(component)
    return out
