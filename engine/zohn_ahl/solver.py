"""Zohn Ahl solved: each side's exact chance of winning from any position, and the
expected number of throws still to come.

Zohn Ahl is a game of pure chance (the only decision is to throw), so a game is an
absorbing Markov chain whose states are the positions between two throws: the awls, who
throws next, the skips due, and the counters. :func:`solve` computes, for one set of
options and one stick bias ``p``, the probability that side 0 wins from every state and
the expected number of throws until the game ends. The figures are computed, not
simulated: they are the solution of the chain's linear equations, correct to about 1e-12
(:attr:`Solution.error_bound` is a proven bound on the error of the win chances).

How it is solved
================

1. **Throw classes.** The rules use only a throw's value and whether its table gives
   another throw, so the 16 throws fall into at most 8 classes, each with the probability
   ``p**k * (1-p)**(4-k)`` summed over its throws.

2. **Configurations.** Everything but the counters (the awls, who throws next, the skips)
   is a *configuration*. The counters never change where an awl goes: they only decide
   when the game ends. So the engine's own rules (:meth:`State.play`) are run once per
   configuration and throw class, with counters to spare, and each step is recorded as
   the next configuration plus the list of payments made on the way (a throw can make
   two: a circuit and a whip, or a whip and a fall into the creek, in that order). Only
   the configurations reachable from the start are kept. There is no second copy of the
   rules here: the solver reads them from the game.

3. **Layers.** A state is a configuration in a *layer*: the number of counters side 0
   holds, from 1 to 2N-1 (0 and 2N are the two wins). Payments move between layers; a
   step that empties a side ends in the win, even in the middle of a throw (a whip that
   takes the last counter wins before the whipper's awl can fall into the creek).

4. **The equations.** With ``V`` the chance that side 0 wins and ``E`` the expected
   throws to come, every state ``x`` satisfies ``V(x) = sum P(x, y) V(y)`` and
   ``E(x) = 1 + sum P(x, y) E(y)``, with ``V = 1`` when side 0 has won, ``V = 0`` when
   side 1 has, and ``E = 0`` at both.

5. **Inside a layer, one sweep is (nearly) exact.** Between payments an awl only moves
   forward, so the sum of the two awls' own spaces grows with every throw that stays in
   the layer. Gauss-Seidel over a layer's states in decreasing order of that sum uses,
   for every move inside the layer, a value already updated in the same sweep: given the
   neighbouring layers, one sweep solves the layer. A throw that leaves everything as it
   was (``culin``: a throw that would pass space 40 while the same side throws again) is
   solved exactly by dividing by one minus its probability. The exceptions are rare
   backward moves (``printable`` with ``gully: cross``, where 21 crosses back to 7) and
   ``culin``'s throws that change only who throws; the later sweeps take care of them.

6. **Between layers, a coarse correction.** What is slow to settle by sweeps is the walk
   of the counters from layer to layer (a long game is many payments). After each sweep
   the remaining error is approximated by one constant per layer, found from the
   residuals by solving the small (2N-1)-by-(2N-1) system of the layers (aggregation and
   disaggregation: the layer-to-layer chance of moving, averaged over each layer). This
   removes the slow part of the error at once, and the sweeps remove the rest.

Why it converges, and how close it is
=====================================

The game ends with probability 1 from every state (every side holds at least one
counter and a payment happens within a bounded number of throws with a positive chance),
so ``I - P`` restricted to the unfinished states is invertible and the Gauss-Seidel
sweeps converge (the transition matrix is substochastic and every state reaches the
absorbing ones). The coarse correction only speeds this up. The answer is checked, not
assumed: with the residual ``r = b + P V - V`` of the final iterate, the error obeys
``|V - V*| <= (I - P)^-1 |r| <= max|r| * max E``, because ``(I - P)^-1 1`` is exactly
the expected number of throws ``E``. The iteration stops when that bound is below
``TOLERANCE`` (it also stops, and reports its bound, if rounding stops the residuals
from shrinking; that has not been seen for 1..20 counters). When one sweep solves every
layer exactly (all but ``culin``, whose whip-then-creek throws stay in the layer while
moving awls back, and ``printable`` with ``gully: cross``), the residual after a sweep
comes only from the moves into layers swept later, and is computed from those alone;
the last residual, the one the bound is proved from, is always computed in full.

Also here: the questions a class asks, answered exactly with fractions where the chain
is small: the chance that a lone awl completes a lap without a fall
(:func:`lap_chance`), the expected throws per lap (:func:`throws_per_lap`), and the
chance of coming back from k counters down (:meth:`Solution.comeback`); the
distribution of a game's length (:meth:`Solution.length_distribution`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from engine.core import GameOverError, OptionError
from engine.zohn_ahl.game import State, _options
from engine.zohn_ahl.rulesets import MAX_COUNTERS, RULESETS, Options
from engine.zohn_ahl.throws import EXTRAS, HALF, VALUES, Throw, parse_bias

__all__ = [
    "Solution",
    "solve",
    "throw_classes",
    "lap_chance",
    "throws_per_lap",
    "parse_solver_bias",
    "TOLERANCE",
]

TOLERANCE = 1e-11  # the bound on the error of every win chance the iteration aims for
MAX_SWEEPS = 2000

Config = tuple  # (awl 0, awl 1, to_move, skip 0, skip 1)


# --------------------------------------------------------------------------- throw classes


def parse_solver_bias(p) -> Fraction:
    """A stick bias strictly between 0 and 1 (with 0 or 1 a side may never pay)."""
    f = parse_bias(p)
    if not 0 < f < 1:
        raise OptionError(
            f"{p!r} is not a stick bias the solver accepts: it must lie strictly between 0 and 1",
            input=p,
        )
    return f


def throw_classes(table: str, p=HALF) -> list:
    """``[(throw, probability)]``: one representative throw per (value, throws again) class
    of ``table``, with the exact probability of the class. The probabilities sum to 1."""
    p = parse_bias(p)
    q = 1 - p
    classes: dict = {}
    for t in Throw.all():
        key = (VALUES[table][t.code], EXTRAS[table][t.code])
        pr = p**t.marked * q ** (4 - t.marked)
        if key in classes:
            classes[key] = (classes[key][0], classes[key][1] + pr)
        else:
            classes[key] = (t, pr)
    return sorted(classes.values(), key=lambda c: c[0].code)


# --------------------------------------------------------------------------- configurations


@dataclass(frozen=True)
class _Graph:
    """The configurations of one ruleset (and gully option) reachable from the start, and
    for each one and each throw class: (next configuration index, payments)."""

    configs: tuple
    index: dict
    steps: tuple  # steps[i][c] = (j, payments): payments is a tuple of +1/-1 for side 0
    classes: tuple  # the representative throws, in the order of steps[i]


_GRAPHS: dict = {}


def _graph(options: Options) -> _Graph:
    key = (options.ruleset, options.gully)
    graph = _GRAPHS.get(key)
    if graph is not None:
        return graph
    spare = Options(ruleset=options.ruleset, counters=MAX_COUNTERS, gully=options.gully)
    classes = tuple(t for t, _ in throw_classes(RULESETS[options.ruleset].table))
    start = State.start(spare)
    first: Config = (start.awls[0], start.awls[1], 0, False, False)
    configs = [first]
    index = {first: 0}
    steps = []
    i = 0
    while i < len(configs):
        a0, a1, side, s0, s1 = configs[i]
        state = State(spare, (a0, a1), (MAX_COUNTERS, MAX_COUNTERS), side, None, (s0, s1))
        row = []
        for throw in classes:
            nxt, events = state.play(throw)
            payments = tuple(1 if e.payer == 1 else -1 for e in events if e.payer is not None)
            config = (nxt.awls[0], nxt.awls[1], nxt.to_move, nxt.skip[0], nxt.skip[1])
            j = index.get(config)
            if j is None:
                j = index[config] = len(configs)
                configs.append(config)
            row.append((j, payments))
        steps.append(tuple(row))
        i += 1
    graph = _Graph(tuple(configs), index, tuple(steps), classes)
    _GRAPHS[key] = graph
    return graph


# --------------------------------------------------------------------------- the solution


@dataclass
class Solution:
    """The solved game for one set of options and one stick bias.

    ``win(state)`` -> (side 0's chance, side 1's chance); ``expected_throws(state)``;
    ``next_throws(state)`` -> what the next throw can do. ``sweeps`` and ``error_bound``
    say how the iteration ended (see the module docstring).
    """

    options: Options
    bias: Fraction
    graph: _Graph = field(repr=False)
    probabilities: tuple = field(repr=False)
    win0: list = field(repr=False)  # flat: (layer - 1) * M + config, then the two wins
    throws: list = field(repr=False)
    sweeps: int = 0
    error_bound: float = 0.0

    @property
    def states(self) -> int:
        """How many unfinished states the chain has (configurations x layers)."""
        return len(self.graph.configs) * (2 * self.options.counters - 1)

    def _index(self, state: State) -> int | None:
        """The flat index of an unfinished ``state`` (None once finished)."""
        if state.options.ruleset != self.options.ruleset or state.options.gully != (
            self.options.gully
        ):
            raise OptionError(
                f"the state is a {state.options.ruleset!r} game, the solution is for "
                f"{self.options.ruleset!r}",
                input=state.options.ruleset,
            )
        if state.winner is not None:
            return None
        config = (state.awls[0], state.awls[1], state.to_move, state.skip[0], state.skip[1])
        i = self.graph.index.get(config)
        if i is None:
            raise OptionError(f"{state!r} cannot be reached from the start", input=repr(state))
        n = self.options.counters
        if sum(state.counters) != 2 * n:
            raise OptionError(
                f"the state has {sum(state.counters)} counters, the solution is for {2 * n}",
                input=state.counters,
            )
        return (state.counters[0] - 1) * len(self.graph.configs) + i

    def win(self, state: State) -> tuple:
        """(side 0's chance of winning, side 1's) from ``state``; (1, 0) or (0, 1) once over."""
        k = self._index(state)
        if k is None:
            return (1.0, 0.0) if state.winner == 0 else (0.0, 1.0)
        p0 = min(1.0, max(0.0, self.win0[k]))
        return (p0, 1.0 - p0)

    def expected_throws(self, state: State) -> float:
        """The expected number of throws still to come from ``state`` (0 once over)."""
        k = self._index(state)
        return 0.0 if k is None else self.throws[k]

    def next_throws(self, state: State) -> list:
        """What the next throw can do: one entry per value of the table, in increasing order,
        ``{"value", "probability", "win": [p0, p1]}`` where ``win`` is the chance of winning
        after a throw of that value (averaged over its throws if they differ, e.g. with and
        without another throw). Empty once the game is over."""
        if state.winner is not None:
            return []
        table = state.options.table
        by_value: dict = {}
        for throw, pr in throw_classes(table, self.bias):
            nxt = state.advance(throw)
            w = self.win(nxt)[0]
            v = VALUES[table][throw.code]
            total, acc = by_value.get(v, (Fraction(0), 0.0))
            by_value[v] = (total + pr, acc + float(pr) * w)
        out = []
        for v in sorted(by_value):
            pr, acc = by_value[v]
            w0 = acc / float(pr)
            out.append({"value": v, "probability": pr, "win": (w0, 1.0 - w0)})
        return out

    def comeback(self, counters: int, to_move: int = 0) -> float:
        """Side 0's chance of winning with ``counters`` counters against 2N - counters, both
        awls on their start spaces, ``to_move`` to throw (a side k counters down comes back
        with the chance ``comeback(N - k)``)."""
        n = self.options.counters
        if (
            isinstance(counters, bool)
            or not isinstance(counters, int)
            or not 0 <= counters <= 2 * n
        ):
            raise OptionError(
                f"{counters!r} counters: expected a whole number from 0 to {2 * n}", input=counters
            )
        if counters in (0, 2 * n):
            return 1.0 if counters else 0.0
        start = State.start(self.options)
        state = State(self.options, start.awls, (counters, 2 * n - counters), to_move)
        return self.win(state)[0]

    def length_distribution(self, limit: int = 400) -> list:
        """``[P(the game from the start ends on throw t) for t in 1..limit]`` (floats), by
        pushing the start's probability forward throw by throw (exact up to rounding; the
        chance of a longer game is ``1 - sum``).

        The two sides play by the same rules, so a state and its mirror (the sides swapped:
        awls, who throws, skips and counters) have the same chances of ending on every later
        throw; the mass of both is kept on one of them, which halves the work. The mirror is
        checked on the recorded steps, not assumed: a ruleset without it is pushed in full."""
        graph = self.graph
        m = len(graph.configs)
        n2 = 2 * self.options.counters
        layers = n2 - 1
        total = layers * m
        probs = self.probabilities
        mirror = _mirror(graph)
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
        forward: list = [None] * total
        for layer in range(layers):
            for i in range(m):
                k = layer * m + i
                if rep[k] != k:
                    continue
                merged: dict = {}
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
        mass = [0.0] * (total + 1)
        start = self._index(State.start(self.options))
        assert start is not None
        start = rep[start]
        mass[start] = 1.0
        kept = [k for k in range(total) if rep[k] == k]
        live = [start]
        out = []
        for _ in range(limit):
            nxt = [0.0] * (total + 1)
            for k in live:
                mk = mass[k]
                targets, chances = forward[k]
                for t, pr in zip(targets, chances):
                    nxt[t] += mk * pr
            out.append(nxt[total])
            nxt[total] = 0.0
            mass = nxt
            live = [k for k in kept if nxt[k]] if len(live) < len(kept) else live
        return out


def _mirror(graph: _Graph) -> list | None:
    """For each configuration, the index of its mirror (the two sides swapped), or None if
    the recorded steps are not symmetric (a mirrored step must lead to the mirrored
    configuration with the payments reversed)."""
    index = graph.index
    mirror = []
    for a0, a1, side, s0, s1 in graph.configs:
        j = index.get((a1, a0, 1 - side, s1, s0))
        if j is None:
            return None
        mirror.append(j)
    for i, j in enumerate(mirror):
        for (t, paid), (u, paid_u) in zip(graph.steps[i], graph.steps[j]):
            if mirror[t] != u or tuple(-d for d in paid) != paid_u:
                return None
    return mirror


_SOLUTIONS: dict = {}
_CACHE_SIZE = 8


def solve(options=None, bias=HALF) -> Solution:
    """Solve the game for ``options`` (an :class:`Options`, a ruleset name or a dict) and the
    stick bias ``bias`` (0 < p < 1). Solutions are cached (the last few), so a page that
    asks after every throw pays for the solving once."""
    options = _options(options)
    p = parse_solver_bias(bias)
    key = (options, p)
    cached = _SOLUTIONS.get(key)
    if cached is not None:
        return cached
    solution = _solve(options, p)
    if len(_SOLUTIONS) >= _CACHE_SIZE:
        _SOLUTIONS.pop(next(iter(_SOLUTIONS)))
    _SOLUTIONS[key] = solution
    return solution


def _exit_up(graph: _Graph, probs: tuple, order: list) -> list:
    """For each configuration, the chance that the next payments that change the counters
    leave side 0 with more counters (the layer is left upwards). A basis function of the
    coarse correction: it need not be exact, a few sweeps do."""
    m = len(graph.configs)
    h = [0.5] * m
    for _ in range(60):
        change = 0.0
        for i in order:
            v = 0.0
            stay = 0.0
            for (j, payments), pr in zip(graph.steps[i], probs):
                net = sum(payments)
                if net > 0:
                    v += pr
                elif net == 0:
                    if j == i:
                        stay += pr
                    else:
                        v += pr * h[j]
            v /= 1.0 - stay
            change = max(change, abs(v - h[i]))
            h[i] = v
        if change < 1e-6:
            break
    return h


def _solve(options: Options, p: Fraction) -> Solution:
    graph = _graph(options)
    classes = throw_classes(options.table, p)
    probs = tuple(float(pr) for _, pr in classes)
    m = len(graph.configs)
    n = options.counters
    layers = 2 * n - 1
    total = layers * m
    win0_slot, win1_slot = total, total + 1  # the two ends: side 0 won, side 1 won
    configs = graph.configs

    # Sweep order inside a layer: the sum of the two awls' own spaces, largest first; the
    # configurations with the same awls (who throws, skips) side by side.
    order = sorted(range(m), key=lambda i: (-(configs[i][0] + configs[i][1]), configs[i]))
    h = _exit_up(graph, probs, order)
    phi = (tuple([1.0] * m), tuple(h))  # the coarse basis on every layer: 1 and h
    # The rows: for each state, its self-loop (divided out), a sibling (the state with the
    # same awls and counters that one throw leads to without moving anything: culin's
    # throws past 40), and its other targets, merged; and the coarse matrix (I - P tested
    # and projected on the basis of every layer: a Galerkin projection).
    size = 2 * layers
    coarse = [[0.0] * size for _ in range(size)]
    rows: list = [None] * total
    sibling_of: list = [-1] * total
    for layer in range(layers):
        base = layer * m
        for i in range(m):
            merged: dict = {}
            for (j, payments), pr in zip(graph.steps[i], probs):
                c = layer + 1
                target = -1
                for d in payments:
                    c += d
                    if c == 0:
                        target = win1_slot
                        break
                    if c == 2 * n:
                        target = win0_slot
                        break
                if target < 0:
                    target = (c - 1) * m + j
                merged[target] = merged.get(target, 0.0) + pr
            k = base + i
            for a in (0, 1):
                row_a = coarse[2 * layer + a]
                pa = phi[a][i]
                row_a[2 * layer] += pa
                row_a[2 * layer + 1] += pa * h[i]
                for t, pr in merged.items():
                    if t < total:
                        d, j = divmod(t, m)
                        row_a[2 * d] -= pa * pr
                        row_a[2 * d + 1] -= pa * pr * h[j]
            stay = merged.pop(k, 0.0)
            scale = 1.0 / (1.0 - stay)
            win = merged.pop(win0_slot, 0.0) * scale
            merged.pop(win1_slot, None)
            sibling, sibling_w = -1, 0.0
            for t in merged:
                if t // m == layer and configs[t - base][:2] == configs[i][:2]:
                    sibling, sibling_w = t, merged.pop(t) * scale
                    break
            sibling_of[k] = sibling
            targets = tuple(merged)
            rows[k] = (targets, tuple(merged[t] * scale for t in targets), scale, win, sibling_w)

    # Units of the sweep: a state alone, or a state and its sibling solved together.
    units = []
    for layer in range(layers):
        placed: set = set()
        for i in order:
            k = layer * m + i
            if k in placed:
                continue
            s = sibling_of[k]
            if s >= 0 and sibling_of[s] == k:
                units.append((k, s))
                placed.add(s)
            else:
                if s >= 0 and s not in placed:  # a one-way sibling is solved first
                    units.append((s, -1))
                    placed.add(s)
                units.append((k, -1))
    per_layer = len(units) // layers if layers else 0
    ascending = units
    descending = [
        u
        for layer in reversed(range(layers))
        for u in units[layer * per_layer : (layer + 1) * per_layer]
    ]
    if len(descending) != len(units):
        descending = list(reversed(units))

    # Is every layer solved exactly by one sweep (every move inside a layer leads to a state
    # swept earlier)? Then after a sweep only the moves to layers swept later leave a
    # residual, and it is cheap to compute; otherwise the residual is computed in full.
    position = {unit[0]: n for n, unit in enumerate(units)}
    for n, (_, s) in enumerate(units):
        if s >= 0:
            position[s] = n
    exact_layers = True
    later_up: list = [()] * total
    later_down: list = [()] * total
    for k in range(total):
        targets, weights, scale, _, _ = rows[k]
        layer = k // m
        up, down = [], []
        for t, w in zip(targets, weights):
            d = t // m
            if d > layer:
                up.append((t, w))
            elif d < layer:
                down.append((t, w))
            elif position[t] >= position[k]:
                exact_layers = False
        later_up[k] = tuple(up)
        later_down[k] = tuple(down)

    value = [0.5] * total + [1.0, 0.0]
    throws = [0.0] * total + [0.0, 0.0]
    bound = float("inf")
    best = float("inf")
    stalled = 0
    sweeps = 0
    certify = not exact_layers
    while sweeps < MAX_SWEEPS:
        sweeps += 1
        ascending_now = sweeps % 2 == 1
        if exact_layers:
            old_v = value[:]
            old_e = throws[:]
        for k, s in ascending if ascending_now else descending:
            targets, weights, scale, v, w_ks = rows[k]
            e = scale
            for t, w in zip(targets, weights):
                v += w * value[t]
                e += w * throws[t]
            if s < 0:
                if w_ks:  # a one-way sibling: solved just before
                    j = sibling_of[k]
                    v += w_ks * value[j]
                    e += w_ks * throws[j]
                value[k] = v
                throws[k] = e
                continue
            targets, weights, scale_s, vs, w_sk = rows[s]
            es = scale_s
            for t, w in zip(targets, weights):
                vs += w * value[t]
                es += w * throws[t]
            det = 1.0 - w_ks * w_sk
            value[k] = (v + w_ks * vs) / det
            throws[k] = (e + w_ks * es) / det
            value[s] = vs + w_sk * value[k]
            throws[s] = es + w_sk * throws[k]
        max_e = max(throws[:total])
        while True:
            # the residuals of I - P (the self-loop's division undone), and their projections
            res_v = [0.0] * size
            res_e = [0.0] * size
            max_rv = 0.0
            max_re = 0.0
            later = later_up if ascending_now else later_down
            for k in range(total):
                if certify:
                    targets, weights, scale, v, w_ks = rows[k]
                    e = scale
                    for t, w in zip(targets, weights):
                        v += w * value[t]
                        e += w * throws[t]
                    if w_ks:
                        j = sibling_of[k]
                        v += w_ks * value[j]
                        e += w_ks * throws[j]
                    rv = (v - value[k]) / scale
                    re = (e - throws[k]) / scale
                else:
                    cross = later[k]
                    if not cross:
                        continue
                    scale = rows[k][2]
                    rv = re = 0.0
                    for t, w in cross:
                        rv += w * (value[t] - old_v[t])
                        re += w * (throws[t] - old_e[t])
                    rv /= scale
                    re /= scale
                layer, i = divmod(k, m)
                res_v[2 * layer] += rv
                res_v[2 * layer + 1] += h[i] * rv
                res_e[2 * layer] += re
                res_e[2 * layer + 1] += h[i] * re
                if rv < 0:
                    rv = -rv
                if re < 0:
                    re = -re
                if rv > max_rv:
                    max_rv = rv
                if re > max_re:
                    max_re = re
            bound = max_rv * (max_e + 1.0) * 1.01
            converged = bound <= TOLERANCE and max_re * (max_e + 1.0) <= 1e-9 * max(1.0, max_e)
            if converged and not certify:
                certify = True  # the answer is checked with the full residual
                continue
            break
        if converged:
            break
        certify = not exact_layers
        if bound < best * 0.9:
            best = bound
            stalled = 0
        else:
            stalled += 1
            if stalled >= 8:  # rounding: the residuals no longer shrink
                break
        # the coarse correction: alpha + beta * h on every layer
        dv = _solve_dense(coarse, res_v)
        de = _solve_dense(coarse, res_e)
        for layer in range(layers):
            a1, b1, a2, b2 = dv[2 * layer], dv[2 * layer + 1], de[2 * layer], de[2 * layer + 1]
            base = layer * m
            for i in range(m):
                value[base + i] += a1 + b1 * h[i]
                throws[base + i] += a2 + b2 * h[i]
    return Solution(options, p, graph, probs, value, throws, sweeps, bound)


def _solve_dense(matrix: list, rhs: list) -> list:
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


# --------------------------------------------------------------------------- one lone awl


def _lone_awl(options: Options, p: Fraction):
    """The walk of one awl alone on the board (no other awl, no whips): for each own space,
    the exact chances (as fractions) of each throw class leading to ("lap"), ("fall") or
    ("space", s'). Read from the game: the other awl is parked where the mover cannot land
    before its lap ends (as far behind as the board allows), and counters are plentiful."""
    rules = RULESETS[options.ruleset]
    spare = Options(ruleset=options.ruleset, counters=MAX_COUNTERS, gully=options.gully)
    classes = throw_classes(rules.table, p)
    walk: dict = {}
    todo = [rules.start]
    while todo:
        s = todo.pop()
        if s in walk:
            continue
        outcomes = []
        for throw, pr in classes:
            result: tuple | None = None
            for parked in _parking(rules):
                state = State(spare, (s, parked), (MAX_COUNTERS, MAX_COUNTERS), 0)
                nxt, events = state.play(throw)
                kinds = {e.kind for e in events}
                if kinds & {"whip", "capture"}:
                    continue
                if kinds & {"circuit", "lap"}:
                    result = ("lap", None)
                elif kinds & {"creek", "torrent", "river"}:
                    result = ("fall", None)
                else:
                    result = ("space", nxt.awls[0])
                break
            if result is None:  # pragma: no cover - every board has a free parking space
                raise RuntimeError("no parking space for the other awl")
            outcomes.append((result, pr))
            if result[0] == "space" and result[1] not in walk:
                todo.append(int(result[1]))
        walk[s] = outcomes
    return walk


def _parking(rules) -> list:
    # the other awl's own spaces, in the order tried: spaces the mover can rarely reach
    return [rules.start, rules.start + 1, rules.start + 2, rules.start + 3]


def _lone_solve(options, p, lap_value, fall_value, step_cost):
    """Solve ``h(s) = cost + sum pr * h(next)`` exactly over the lone awl's spaces, where a
    lap gives ``lap_value``, a fall gives ``fall_value`` (a number or "start": back to the
    start space), by Gaussian elimination over fractions."""
    rules = RULESETS[options.ruleset]
    walk = _lone_awl(options, p)
    spaces = sorted(walk)
    pos = {s: i for i, s in enumerate(spaces)}
    n = len(spaces)
    a = [[Fraction(0)] * (n + 1) for _ in range(n)]
    for s, outcomes in walk.items():
        r = pos[s]
        a[r][r] += 1
        a[r][n] += step_cost
        for (kind, where), pr in outcomes:
            if kind == "lap":
                a[r][n] += pr * lap_value
            elif kind == "fall":
                if fall_value == "start":
                    a[r][pos[rules.start]] -= pr
                else:
                    a[r][n] += pr * fall_value
            else:
                a[r][pos[where]] -= pr
    for col in range(n):
        pivot = next(r for r in range(col, n) if a[r][col] != 0)
        a[col], a[pivot] = a[pivot], a[col]
        pv = a[col][col]
        for r in range(n):
            if r != col and a[r][col] != 0:
                f = a[r][col] / pv
                row, prow = a[r], a[col]
                for c in range(col, n + 1):
                    if prow[c] != 0:
                        row[c] -= f * prow[c]
    return a[pos[rules.start]][n] / a[pos[rules.start]][pos[rules.start]]


def lap_chance(options=None, bias=HALF) -> Fraction:
    """The exact chance that an awl leaving its start completes a lap (a circuit in
    ``kiowa``) before it first falls (creek, torrent or river), the other awl left aside."""
    return _lone_solve(_options(options), parse_solver_bias(bias), Fraction(1), Fraction(0), 0)


def throws_per_lap(options=None, bias=HALF) -> Fraction:
    """The exact expected number of its own throws an awl needs to complete a lap from its
    start, falls included (each fall sends it back to the start), the other awl left aside."""
    return _lone_solve(_options(options), parse_solver_bias(bias), Fraction(0), "start", 1)


def solve_after(options, throws, bias=HALF) -> tuple:
    """``(solution, state)`` for the position after ``throws`` (GameOverError if a throw
    comes after the end)."""
    solution = solve(options, bias)
    state = State.start(solution.options)
    for t in throws:
        if state.winner is not None:
            raise GameOverError(
                f"{str(t)!r} cannot be played: the game is over, side {state.winner} has won",
                input=str(t),
            )
        state = state.advance(t)
    return solution, state
