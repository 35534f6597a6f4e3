"""The chain solved by sweeps (Gauss-Seidel, layer by layer) with a coarse correction
between layers, until the error bound is proved; the equations come from
:mod:`engine.zohn_ahl.solver.equations`.

Each step below is a section of ``spec/zohn-ahl-solver.md``: the kept states numbered in
sweep order and the units solved exactly (§ 6), the written-out sums (§ 7,
:mod:`engine.zohn_ahl.solver.kernels`), the coarse correction (§ 8), the slow mode (§ 9)
and the bound (§ 10, :mod:`engine.zohn_ahl.solver.bound`). In a browser whose worker
offers a loop of its own, the sweeps (§ 6 to § 9) run there instead (:func:`_swept_by`),
and the bound is still proved here.

The states are numbered three ways: a configuration ``i`` (0 to M-1, the graph's order); a
flat state ``k = layer * M + i`` (the layer counts side 0's counters from 1, so ``layer``
runs from 0), ``total`` = side 0 won, ``total + 1`` = side 1 won, and ``k + far`` the
mirror of kept state ``k``; and a position ``a`` in the order of the sweep, with the two
wins at ``size`` and ``size + 1`` and the mirror of ``a`` at ``gap + a``.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable
from fractions import Fraction
from itertools import accumulate, repeat
from itertools import chain as _chain
from operator import add, mul, sub
from typing import Any, NamedTuple

from engine.zohn_ahl.rulesets import Options
from engine.zohn_ahl.solver.bound import TOLERANCE, Equation, bound, residuals
from engine.zohn_ahl.solver.equations import (
    Chain,
    Row,
    chain_of,
    equations,
    exit_up,
    outcomes_of,
)
from engine.zohn_ahl.solver.graph import Graph, throw_classes
from engine.zohn_ahl.solver.kernels import FlatRow, Sweep, flat, host_kernel, sweeps
from engine.zohn_ahl.solver.solution import Solution

__all__ = ["MAX_SWEEPS", "solve_chain"]

MAX_SWEEPS = 2000
_conj = complex.conjugate

Pair = tuple[
    int,
    tuple[int, ...],
    tuple[float, ...],
    complex,
    float,
    float,
    float,
    float,
    float,
    float,
    float,
    float,
]
"""A unit solved exactly: (its second state b or -1, b's targets, weights and constant, and
I - P over the two, ``a_aa a_ab a_ba a_bb`` each for V then for E, interleaved)."""

Unit = tuple[int, tuple[int, ...], tuple[float, ...], complex, bool, Pair | None]
"""A unit of the sweep: (position, targets, weights, constant, whether its mirror is a
target, the exact solution of a unit of one or two states or None)."""


PlainRow = tuple[int, tuple[int, ...], tuple[float, ...], complex]
"""A plain unit's equation, before it is made flat: (position, targets, weights, constant)."""


class Run(NamedTuple):
    """Consecutive plain units, swept by one generated loop."""

    kernel: Sweep
    rows: list[FlatRow]


class Exact(NamedTuple):
    """A unit solved exactly (a state that leads to its own mirror, or two states that lead
    to each other)."""

    a: int
    targets: tuple[int, ...]
    weights: tuple[float, ...]
    const: complex
    pair: Pair


class Around(NamedTuple):
    """What the sweeps read besides their units: the terms of each state updated after it
    in a sweep (``later``, for the residuals near the end), every state's equation
    (``full``, for the bound), the coarse correction (the projection of the residuals on
    each layer's basis, the matrices for V and E, each layer's positions, the basis
    function ``h`` at every position), the kept states whose mirrors are targets, and
    where the mirrors begin (``gap``)."""

    later: list[tuple[int, tuple[int, ...], tuple[float, ...]]]
    full: list[Equation]
    project: list[tuple[tuple[int, ...], tuple[float, ...]]]
    coarse_v: list[list[float]]
    coarse_e: list[list[float]]
    bounds: list[tuple[int, int]]
    hpos: list[float]
    mirrors: list[int]
    gap: int


def solve_chain(options: Options, p: Fraction, graph: Graph) -> Solution:
    """Solve the chain of ``graph`` for ``options`` and the stick bias ``p``."""
    probs = tuple(float(pr) for _, pr in throw_classes(options.table, p))
    chain = chain_of(options, graph)
    m = chain.m
    outcomes, plain, lone = outcomes_of(chain, probs)
    h = exit_up(lone, m)
    rows, groups, coarse_v, coarse_e = equations(chain, outcomes, plain, h)
    position, bounds, flat_states = _positions(chain, groups)
    size = len(flat_states)
    gap = size + 2
    hpos = [h[k % m] for k in flat_states]
    full = _in_positions(flat_states, rows, position)
    units, later, mirrors = _units(groups, position, full, gap)
    project = _projection(bounds, later, hpos, size)
    around = Around(later, full, project, coarse_v, coarse_e, bounds, hpos, mirrors, gap)
    kernel = host_kernel("sweepChain")
    if kernel is not None:
        z, count = _swept_by(kernel, units, around)
        error, _ = bound(residuals(full, z), max((x.imag for x in z[:size]), default=0.0))
    else:
        z, count, error = _iterate(_segments(units, size), around)
    win0, expected = _unfold(chain, flat_states, z, size)
    return Solution(options, p, graph, probs, win0, expected, count, error)


def _positions(
    chain: Chain, groups: list[list[list[int]]]
) -> tuple[list[int], list[tuple[int, int]], list[int]]:
    """The kept states numbered in sweep order (even layers first, then odd ones, § 6),
    then the two ends, then the mirrors of the kept states: ``(position of every flat state
    key, per layer its positions lo to hi, the flat state at every position)``. V and E are
    carried together as one complex number V + iE; a mirror holds -conj(V + iE) = -V + iE
    (its chance is 1 - V: the 1 is in the constant), so every weight is the same for both."""
    total, far = chain.total, chain.far
    position = [0] * (2 * far)
    bounds: list[tuple[int, int]] = [(0, 0)] * len(groups)
    flat_states: list[int] = []
    for layer in sorted(range(len(groups)), key=lambda layer: (layer % 2, layer)):
        lo = len(flat_states)
        for unit in groups[layer]:
            for k in unit:
                position[k] = len(flat_states)
                flat_states.append(k)
        bounds[layer] = (lo, len(flat_states))
    size = len(flat_states)
    gap = size + 2  # the mirror of position a is at gap + a
    position[total], position[total + 1] = size, size + 1  # side 0 won, side 1 won
    for a, k in enumerate(flat_states):
        position[k + far] = gap + a
    return position, bounds, flat_states


def _in_positions(
    flat_states: list[int], rows: dict[int, Row], position: list[int]
) -> list[Equation]:
    """The equations in positions, the self-loops taken out."""
    full: list[Equation] = []
    for k in flat_states:
        const, weights = rows[k]
        stay = weights.pop(k, 0.0)
        full.append(
            (
                tuple(map(position.__getitem__, weights)),
                tuple(weights.values()),
                complex(const, 1.0),
                1.0 - stay,
            )
        )
    return full


def _units(
    groups: list[list[list[int]]], position: list[int], full: list[Equation], gap: int
) -> tuple[list[Unit], list[tuple[int, tuple[int, ...], tuple[float, ...]]], list[int]]:
    """The units of the sweep: most states alone, with their weights divided by one minus
    their self-loop. A state that leads to its own mirror, or two states that lead to each
    other (directly or through a mirror), are solved exactly: the V and E parts apart, as a
    mirror enters V with the opposite sign. (A larger component, if any, is swept state by
    state and left to later sweeps.) After a sweep, a state's residual comes only from the
    targets updated after it in the same sweep: those are kept apart (``later``, weights of
    I - P). Also returns the kept states whose mirrors are targets."""
    size = len(full)
    partner = [-1] * size
    special = [False] * size
    for units in groups:
        for unit in units:
            if len(unit) == 2:
                a, b = position[unit[0]], position[unit[1]]
                partner[a], partner[b] = b, a
                special[a] = special[b] = True
            elif len(unit) == 1:
                a = position[unit[0]]
                special[a] = gap + a in full[a][0]
    used = {t for targets, _, _, _ in full for t in targets if t >= gap}
    mirrors = sorted(t - gap for t in used)  # the kept states whose mirrors are targets
    sweep: list[Unit] = []
    later: list[tuple[int, tuple[int, ...], tuple[float, ...]]] = []
    for a, (targets, row, const, d) in enumerate(full):
        b = partner[a]
        if targets and max(targets) > a:  # (the ends are never targets: they are constants)
            skip = (gap + a, a, b, gap + b) if special[a] else ()
            chosen = [
                n for n, t in enumerate(targets) if (a < t < size or t - gap >= a) and t not in skip
            ]
            if chosen:
                later.append((a, tuple(targets[n] for n in chosen), tuple(row[n] for n in chosen)))
        if not special[a]:
            if d != 1.0:
                row = tuple(w / d for w in row)
            sweep.append((a, targets, row, const / d, gap + a in used, None))
            continue
        if a > b >= 0:
            continue
        sweep.append(_exact_unit(full, a, b, gap))
    return sweep, later, mirrors


def _exact_unit(full: list[Equation], a: int, b: int, gap: int) -> Unit:
    """The unit of ``a`` (and ``b``, if not -1) solved exactly: the equations of its
    members without the terms among them, and I - P over the members for V and for E."""
    members = (a,) if b < 0 else (a, b)
    rests = []
    mv: dict[tuple[int, int], float] = {}  # (u, v) -> the weight of v in u's equation, for V
    me: dict[tuple[int, int], float] = {}  # and for E
    for u in members:
        tx, wx, cx, dx = full[u]
        keep = []
        for n, t in enumerate(tx):
            v = t - gap if t >= gap else t
            if v in members:
                sign = -1.0 if t >= gap else 1.0
                mv[u, v] = mv.get((u, v), 0.0) + sign * wx[n]
                me[u, v] = me.get((u, v), 0.0) + wx[n]
            else:
                keep.append(n)
        mv[u, u] = mv.get((u, u), 0.0) - dx  # the self-loop is already taken out
        me[u, u] = me.get((u, u), 0.0) - dx
        rests.append((tuple(tx[n] for n in keep), tuple(wx[n] for n in keep), cx))
    pair: Pair
    if b < 0:
        pair = (-1, (), (), 0j, -mv[a, a], -me[a, a], 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    else:
        # (1 - P) over the two: [[a_aa, a_ab], [a_ba, a_bb]] for V and for E
        pair = (
            b,
            rests[1][0],
            rests[1][1],
            rests[1][2],
            -mv[a, a],
            -me[a, a],
            -mv.get((a, b), 0.0),
            -me.get((a, b), 0.0),
            -mv.get((b, a), 0.0),
            -me.get((b, a), 0.0),
            -mv[b, b],
            -me[b, b],
        )
    return (a, rests[0][0], rests[0][1], rests[0][2], True, pair)


def _projection(
    bounds: list[tuple[int, int]],
    later: list[tuple[int, tuple[int, ...], tuple[float, ...]]],
    hpos: list[float],
    size: int,
) -> list[tuple[tuple[int, ...], tuple[float, ...]]]:
    """The coarse correction needs the residuals only projected on the basis of each layer:
    sum over a of phi(a) r(a) = sum over t of delta(t) g(t), with g summed from the targets
    updated later once and for all (§ 8). Per layer and basis function: (targets, g)."""
    layer_of = [0] * size
    for layer, (lo, hi) in enumerate(bounds):
        layer_of[lo:hi] = [layer] * (hi - lo)
    sums: list[tuple[dict[int, float], dict[int, float]]] = [({}, {}) for _ in bounds]
    for a, targets, weights in later:
        g1, gh = sums[layer_of[a]]
        ha = hpos[a]
        for t, w in zip(targets, weights):
            g1[t] = g1.get(t, 0.0) + w
            gh[t] = gh.get(t, 0.0) + ha * w
    return [(tuple(g), tuple(g.values())) for pair_ in sums for g in pair_]


def _segments(units: list[Unit], size: int) -> list[Run | Exact]:
    """The sweep as runs of plain units (their mirror a target or not: two generated loops,
    § 7) and the units solved exactly, in the order of the sweep. The plain rows are flat
    (a, targets..., weights..., constant), padded to one length with zero weights on the
    position of side 1's win (always 0)."""
    runs: list[tuple[int, list[PlainRow]] | Exact] = []
    for a, targets, weights, x, mirrored, pair in units:
        if pair is not None:
            runs.append(Exact(a, targets, weights, x, pair))
            continue
        kind = 1 if mirrored else 0
        last = runs[-1] if runs else None
        if isinstance(last, tuple) and not isinstance(last, Exact) and last[0] == kind:
            last[1].append((a, targets, weights, x))
        else:
            runs.append((kind, [(a, targets, weights, x)]))
    arity = max(
        [len(row[1]) for run in runs if not isinstance(run, Exact) for row in run[1]], default=0
    )
    kernels = sweeps(arity)
    return [
        run
        if isinstance(run, Exact)
        else Run(
            kernels[run[0]],
            [(a, *flat(targets, weights, arity, size + 1), x) for a, targets, weights, x in run[1]],
        )
        for run in runs
    ]


def _iterate(segments: list[Run | Exact], around: Around) -> tuple[list[complex], int, float]:
    """Sweep until the error bound is proved (§ 6 to § 10): ``(z, sweeps, bound)``."""
    later, full, project, coarse_v, coarse_e, bounds, hpos, mirrors, gap = around
    size = len(full)
    z = [complex(0.5, 0.0)] * size + [1 + 0j, 0j] + [complex(-0.5, 0.0)] * size
    get = z.__getitem__
    error = float("inf")
    best = float("inf")
    stalled = 0
    count = 0
    last_v = last_e = 0.0  # the last sweep's largest changes, and their ratios
    prev_v = prev_e = 1.0
    jumped = False
    converged = False
    while count < MAX_SWEEPS:
        count += 1
        old = z[:]
        for segment in segments:
            if isinstance(segment, Run):
                segment.kernel(z, segment.rows, gap)
                continue
            a, targets, weights, x, pair = segment
            x += sum(map(mul, weights, map(get, targets)))
            b, tb, wb, y, vaa, eaa, vab, eab, vba, eba, vbb, ebb = pair
            if b < 0:
                x = complex(x.real / vaa, x.imag / eaa)
            else:
                y += sum(map(mul, wb, map(get, tb)))
                xr, xi, yr, yi = x.real, x.imag, y.real, y.imag
                dv = vaa * vbb - vab * vba
                de = eaa * ebb - eab * eba
                x = complex((xr * vbb - vab * yr) / dv, (xi * ebb - eab * yi) / de)
                y = complex((vaa * yr - vba * xr) / dv, (eaa * yi - eba * xi) / de)
                z[b] = y
                z[gap + b] = -y.conjugate()
            z[a] = x
            z[gap + a] = -x.conjugate()
        delta = list(map(sub, z, old))
        part = [x.real for x in delta[:size]]
        change = max(max(part, default=0.0), -min(part, default=0.0))
        max_e = max([x.imag for x in z[:size]], default=0.0)
        if change * (max_e + 1.0) <= 20 * TOLERANCE:
            # near the end: the residuals, from the targets updated after each state
            res = [0j] * size
            get_d = delta.__getitem__
            for a, targets, weights in later:
                res[a] = sum(map(mul, weights, map(get_d, targets)))
            error, converged = bound(res, max_e)
            if converged:
                # the answer is checked with the full residual
                error, converged = bound(residuals(full, z), max_e)
                if converged:
                    break
        # (the expected throws settle with the win chances; a change of either counts)
        part = [x.imag for x in delta[:size]]
        change_e = max(max(part, default=0.0), -min(part, default=0.0))
        progress = max(change, change_e / (max_e + 1.0))
        if progress < best * 0.9:
            best = progress
            stalled = 0
        else:
            stalled += 1
            if stalled >= 8:  # rounding: the changes no longer shrink
                break
        _correct(z, delta, project, coarse_v, coarse_e, bounds, hpos)
        # One slow mode left (the ratio of two sweeps' changes holds still, § 9): its sum to
        # the end, ``rate / (1 - rate)`` times the last change, is added at once.
        rate_v = change / last_v if last_v else 1.0
        rate_e = change_e / last_e if last_e else 1.0
        steady_v = rate_v < 0.9 and abs(rate_v - prev_v) <= 0.2 * rate_v
        steady_e = rate_e < 0.9 and abs(rate_e - prev_e) <= 0.2 * rate_e
        mirrors_now: Iterable[int]
        if (steady_v or steady_e) and not jumped:
            cv = rate_v / (1.0 - rate_v) if steady_v else 0.0
            ce = rate_e / (1.0 - rate_e) if steady_e else 0.0
            # x + cv * Re d + i ce * Im d, as x + a d + b conj(d)
            ca, cb = complex((cv + ce) / 2), complex((cv - ce) / 2)
            d = delta[:size]
            z[:size] = map(
                add, z, map(add, map(mul, repeat(ca), d), map(mul, repeat(cb), map(_conj, d)))
            )
            mirrors_now = range(size)
            jumped = True
        else:
            mirrors_now = mirrors
            jumped = False
        last_v, last_e, prev_v, prev_e = change, change_e, rate_v, rate_e
        for a in mirrors_now:
            z[gap + a] = -z[a].conjugate()
    if not converged:  # the bound reported is always proved from the full residual
        error, _ = bound(residuals(full, z), max(x.imag for x in z[:size]))
    return z, count, error


def _runs(rows: list[tuple[tuple[int, ...], tuple[float, ...]]]) -> dict[str, array[Any]]:
    """Rows of terms (targets, weights) in one run each, for a loop outside Python: where
    each row's terms begin (and the end), the targets, the weights."""
    return {
        "start": array("i", accumulate(map(len, (t for t, _ in rows)), initial=0)),
        "targets": array("i", _chain.from_iterable(t for t, _ in rows)),
        "weights": array("d", _chain.from_iterable(w for _, w in rows)),
    }


def _swept_by(kernel: Any, units: list[Unit], around: Around) -> tuple[list[complex], int]:
    """:func:`_iterate`'s sweeps done by ``kernel``, the loop the page's worker offers
    (:func:`~engine.zohn_ahl.solver.kernels.host_kernel`, ``docs/assets/js/chain-sweeps.mjs``):
    the same units, residual terms and coarse system handed over as arrays, ``(z,
    sweeps)`` handed back. The bound is proved here, from ``z``, by the caller."""
    import js  # type: ignore[import-not-found]  # only in a browser, where a kernel is offered
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    later, full, project, coarse_v, coarse_e, bounds, hpos, mirrors, gap = around

    none = (1.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0)
    # (kind, position, targets, weights, constant, I - P over a unit solved exactly)
    rows: list[tuple[int, int, tuple[int, ...], tuple[float, ...], complex, tuple[float, ...]]]
    rows = []
    for a, ts, ws, x, mirrored, pair in units:
        if pair is None:
            rows.append((1 if mirrored else 0, a, ts, ws, x, none))
            continue
        b, tb, wb, y, vaa, eaa, vab, eab, vba, eba, vbb, ebb = pair
        rows.append((2 if b < 0 else 3, a, ts, ws, x, (vaa, vab, vba, vbb, eaa, eab, eba, ebb)))
        if b >= 0:  # the second of the pair, solved with the first
            rows.append((4, b, tb, wb, y, none))
    sweep = _runs([(r[2], r[3]) for r in rows])
    late = _runs([(t, w) for _, t, w in later])
    eqs = _runs([(t, w) for t, w, _, _ in full])
    proj = _runs(project)
    arrays = {
        "size": len(full),
        "gap": gap,
        "maxSweeps": MAX_SWEEPS,
        "tolerance": TOLERANCE,
        "kind": array("i", [r[0] for r in rows]),
        "at": array("i", [r[1] for r in rows]),
        "start": sweep["start"],
        "targets": sweep["targets"],
        "weights": sweep["weights"],
        "constant": array("d", _chain.from_iterable((r[4].real, r[4].imag) for r in rows)),
        "exact": array("d", _chain.from_iterable(r[5] for r in rows)),
        "laterAt": array("i", [a for a, _, _ in later]),
        "laterStart": late["start"],
        "laterTargets": late["targets"],
        "laterWeights": late["weights"],
        "fullStart": eqs["start"],
        "fullTargets": eqs["targets"],
        "fullWeights": eqs["weights"],
        "fullConstant": array("d", _chain.from_iterable((c.real, c.imag) for _, _, c, _ in full)),
        "fullDiagonal": array("d", [d for _, _, _, d in full]),
        "projectStart": proj["start"],
        "projectTargets": proj["targets"],
        "projectWeights": proj["weights"],
        "coarseV": array("d", _chain.from_iterable(coarse_v)),
        "coarseE": array("d", _chain.from_iterable(coarse_e)),
        "bounds": array("i", _chain.from_iterable(bounds)),
        "hpos": array("d", hpos),
        "mirrors": array("i", mirrors),
    }
    out = kernel(to_js(arrays, dict_converter=js.Object.fromEntries))
    parts = iter(out.z.to_py().tolist())  # real and imaginary parts, interleaved
    return list(map(complex, parts, parts)), int(out.sweeps)


def _correct(
    z: list[complex],
    delta: list[complex],
    project: list[tuple[tuple[int, ...], tuple[float, ...]]],
    coarse_v: list[list[float]],
    coarse_e: list[list[float]],
    bounds: list[tuple[int, int]],
    hpos: list[float],
) -> None:
    """The coarse correction (§ 8): alpha + beta * h added on every layer, for V and for E,
    from the residuals of the last sweep projected on the basis."""
    get_d = delta.__getitem__
    rhs = [sum(map(mul, g, map(get_d, targets))) for targets, g in project]
    shift_v = _solve_dense(coarse_v, [r.real for r in rhs])
    shift_e = _solve_dense(coarse_e, [r.imag for r in rhs])
    for layer, (lo, hi) in enumerate(bounds):
        alpha = complex(shift_v[2 * layer], shift_e[2 * layer])
        beta = complex(shift_v[2 * layer + 1], shift_e[2 * layer + 1])
        z[lo:hi] = map(add, z[lo:hi], map(add, repeat(alpha), map(mul, repeat(beta), hpos[lo:hi])))


def _solve_dense(matrix: list[list[float]], rhs: list[float]) -> list[float]:
    """Solve a small dense system by Gaussian elimination with partial pivoting."""
    n = len(rhs)
    a = [row[:] + [rhs[r]] for r, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        pv = a[col][col]
        if pv == 0.0:
            return [0.0] * n
        for r in range(col + 1, n):
            f = a[r][col] / pv
            if f:
                row, prow = a[r], a[col]
                for c in range(col, n + 1):
                    row[c] -= f * prow[c]
    x = [0.0] * n
    for r in reversed(range(n)):
        s = a[r][n] - sum(a[r][c] * x[c] for c in range(r + 1, n))
        x[r] = s / a[r][r]
    return x


def _unfold(
    chain: Chain, flat_states: list[int], z: list[complex], size: int
) -> tuple[list[float], list[float]]:
    """Every state's values, a mirrored state's from its mirror: (win chances of side 0,
    expected throws), flat, then the two wins."""
    m, total = chain.m, chain.total
    win0 = [0.0] * total + [1.0, 0.0]
    expected = [0.0] * total + [0.0, 0.0]
    reals = [x.real for x in z[:size]]
    imags = [x.imag for x in z[:size]]
    for k, v, e in zip(flat_states, reals, imags):
        win0[k] = v
        expected[k] = e
    if chain.mirror is not None:
        mirror = chain.mirror
        top = chain.layers - 1
        others = [(top - k // m) * m + mirror[k % m] for k in flat_states]
        for k, v, e in zip(others, reals, imags):
            win0[k] = 1.0 - v
            expected[k] = e
    return win0, expected
