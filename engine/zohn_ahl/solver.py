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

5. **Mirrored states are solved once.** The two sides play by the same rules with the
   same sticks, so a state and its mirror (awls, who throws, skips and counters of the two
   sides swapped) satisfy ``V(mirror x) = 1 - V(x)`` and ``E(mirror x) = E(x)``. This is
   checked on the recorded steps, not assumed (every mirrored step must lead to the
   mirrored configuration with the payments reversed); when it holds, only one state of
   each pair is kept (no state is its own mirror: who throws differs), and a move to a
   dropped state is written with its kept mirror, ``P(x, y) (1 - V(y'))`` and
   ``P(x, y) E(y')``. A ruleset without the symmetry is solved in full by the same code.

6. **Inside a layer, one sweep is (nearly) exact.** Between payments an awl only moves
   forward, so the sum of the two awls' own spaces grows with every throw that stays in
   the layer. Gauss-Seidel over a layer's states in decreasing order of that sum uses,
   for every move inside the layer, a value already updated in the same sweep: given the
   neighbouring layers, one sweep solves the layer. The moves between states of one sum
   (``culin``'s throws that change only who throws, a move to a state's mirror) are
   ordered by their strongly connected components (Tarjan's algorithm), each after those
   it leads to; a component of two states is solved exactly together, and a throw that
   leaves everything as it was is divided out. The remaining backward moves (``printable``
   with ``gully: cross``, where 21 crosses back to 7; ``culin``'s whip-then-creek throws)
   are left to the later sweeps. Every equation is stored once as flat tuples of targets
   and weights before the sweeps, and ``V`` and ``E`` are carried together as one complex
   number ``V + iE``, so that one sum gives both; a kept state's mirror is stored beside
   it as ``-V + iE`` (its chance ``1 - V``, the 1 counted in the constant), so that one
   weight serves both. A state that leads to its own mirror is solved with the two parts
   apart (the mirror enters ``V`` with the opposite sign). The layers are swept even ones
   first, then odd ones (a payment usually moves one layer, so each half is swept with
   fresh values of the other), and each sum of a sweep is written out term by term, which
   costs about half as much as a loop over the terms.

7. **Between layers, a coarse correction.** What is slow to settle by sweeps is the walk
   of the counters from layer to layer (a long game is many payments). After each sweep
   the remaining error is approximated by ``alpha + beta * h`` on each layer (``h``: the
   chance that the next change of the counters favours side 0), with the coefficients
   found from the residuals by solving a small system (a Galerkin projection of
   ``I - P``, one for ``V`` and one for ``E``). This removes the slow part of the error
   at once, and the sweeps remove the rest. After a sweep, a state's residual comes only
   from the targets updated after it in the same sweep, so the projected residuals are
   sums of the sweep's changes with weights summed once before the sweeps.

8. **One slow mode, summed at once.** When what remains shrinks by a steady ratio ``rate``
   from sweep to sweep (the largest change of two sweeps in a row in the same ratio,
   within a fifth), one slow mode is left, and the changes still to come sum to
   ``rate / (1 - rate)`` times the last one: that is added at once (for ``V`` and ``E``
   apart, and never two sweeps in a row). This only moves the starting point of the
   next sweep; the answer is still proved from its residual, below.

Why it converges, and how close it is
=====================================

The game ends with probability 1 from every state (every side holds at least one
counter and a payment happens within a bounded number of throws with a positive chance),
so ``I - P`` restricted to the unfinished states is invertible and the Gauss-Seidel
sweeps converge (the transition matrix is substochastic and every state reaches the
absorbing ones; with the mirrors folded the weights of ``V`` may be negative, but their
absolute values are at most those of ``E``'s, the chain with each pair merged, which is
substochastic and absorbing in the same way, and that is enough). The coarse correction
and the sum of a slow mode only speed this up. The answer is checked, not assumed: with the residual ``r = b + P V - V`` of the
final iterate, the error obeys ``|V - V*| <= (I - P)^-1 |r| <= max|r| * max E``, because
``(I - P)^-1 1`` is exactly the expected number of throws ``E`` (a mirrored state's
residual is its kept mirror's, negated). The iteration stops when that bound is below
``TOLERANCE`` and the same bound for ``E`` (from ``E``'s residuals) is below ``TOLERANCE``
too, or, for a long game whose ``E`` is large, as near to it as double precision can prove
(rounding leaves residuals of a few units in the last place of ``E``, which the bound
multiplies by ``E``). It also stops, and reports the bound, if rounding stops the sweeps'
changes (of either) from shrinking. The residuals are computed only once the changes of a sweep
are small enough for the bound to be near (from the targets updated later, as above),
and the last residual, the one the bound is proved from, is always computed in full.

Also here: the questions a class asks, answered exactly with fractions where the chain
is small: the chance that a lone awl completes a lap without a fall
(:func:`lap_chance`), the expected throws per lap (:func:`throws_per_lap`), and the
chance of coming back from k counters down (:meth:`Solution.comeback`); the
distribution of a game's length (:meth:`Solution.length_distribution`).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import repeat
from operator import add, mul, sub

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
_conj = complex.conjugate

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
    mirror: tuple | None  # each configuration's mirror (sides swapped), None if asymmetric


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
    graph = _Graph(tuple(configs), index, tuple(steps), classes, _mirror(configs, index, steps))
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
        checked on the recorded steps, not assumed: a ruleset without it is pushed in full.
        Once the mass still in play keeps its shape from throw to throw (a long game forgets
        how it began), the remaining chances shrink by a constant factor; the push stops
        when that is proved to hold within 1e-13 for every throw still to come."""
        graph = self.graph
        m = len(graph.configs)
        n2 = 2 * self.options.counters
        layers = n2 - 1
        total = layers * m
        probs = self.probabilities
        mirror = graph.mirror
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
        mass = [0.0] * (total + 2)  # the end of the game at ``total``, then a spare slot
        start = self._index(State.start(self.options))
        assert start is not None
        start = rep[start]
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
        rows = [(k, *_flat(forward[k][0], forward[k][1], arity, total + 1)) for k in kept]
        push = _pusher(arity)
        out: list = []
        while len(out) < limit:
            nxt = [0.0] * (total + 2)
            push(mass, nxt, rows)
            out.append(nxt[total])
            nxt[total] = 0.0
            if len(out) % 8 == 0:
                # Once the mass left keeps its shape from one throw to the next (it is then
                # the quasi-stationary distribution, shrinking by a factor ``rate`` per
                # throw), the rest follows: if ``|nxt - rate * mass| = eps`` (sum of the
                # absolute values) then j throws later the mass is ``rate**j * mass`` within
                # ``j * eps``, and so is each chance of ending, which is below the 1e-13
                # aimed at for every throw still to come.
                left = sum(mass)
                rate = sum(nxt) / left if left else 0.0
                eps = sum(map(abs, map(sub, nxt, map(mul, repeat(rate), mass))))
                if eps * (limit - len(out)) <= 1e-13:
                    last = out[-1]
                    while len(out) < limit:
                        last *= rate
                        out.append(last)
                    break
            mass = nxt
        return out


def _mirror(configs, index: dict, steps) -> tuple | None:
    """For each configuration, the index of its mirror (the two sides swapped), or None if
    the recorded steps are not symmetric (a mirrored step must lead to the mirrored
    configuration with the payments reversed)."""
    mirror = []
    for a0, a1, side, s0, s1 in configs:
        j = index.get((a1, a0, 1 - side, s1, s0))
        if j is None:
            return None
        mirror.append(j)
    for i, j in enumerate(mirror):
        for (t, paid), (u, paid_u) in zip(steps[i], steps[j]):
            if mirror[t] != u or tuple(-d for d in paid) != paid_u:
                return None
    return tuple(mirror)


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


def _exit_up(rows: list, m: int) -> list:
    """For each configuration, the chance that the next payments that change the counters
    leave side 0 with more counters (the layer is left upwards), from ``rows``: (config,
    chance of a payment up, targets without payments, their chances), the self-loops
    divided out. A basis function of the coarse correction: it need not be exact, a few
    sweeps do."""
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


def _components(nodes: list, edges: dict) -> list:
    """The strongly connected components of a small graph (``edges``: node -> successors,
    all among ``nodes``), each component listed after the components it leads to (Tarjan's
    algorithm, without recursion)."""
    number: dict = {}
    low: dict = {}
    stack: list = []
    on_stack: set = set()
    out: list = []
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


def _solve(options: Options, p: Fraction) -> Solution:
    graph = _graph(options)
    probs = tuple(float(pr) for _, pr in throw_classes(options.table, p))
    configs = graph.configs
    m = len(configs)
    n2 = 2 * options.counters
    layers = n2 - 1
    total = layers * m
    mirror = graph.mirror
    awl_sum = [c[0] + c[1] for c in configs]
    order = sorted(range(m), key=lambda i: (-awl_sum[i], configs[i]))
    # Each configuration's outcomes, the throw classes with the same step merged:
    # (next configuration, payments, chance, whether the step keeps the counters and the
    # sum of the awls: a move among states of one awl sum, ordered below); and apart,
    # those without payments (targets, chances, targets of the same awl sum) and the others.
    outcomes: list = [None] * m
    plain: list = [None] * m
    lone = []
    for i in order:
        merged: dict = {}
        for step, pr in zip(graph.steps[i], probs):
            merged[step] = merged.get(step, 0.0) + pr
        s = awl_sum[i]
        out = []
        paid = []
        js = []
        chances = []
        same_sum = []
        up = stay = 0.0
        level: dict = {}
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
    h = _exit_up(lone, m)
    # the sums over all configurations of P(x, y), h(y) P(x, y), h(x) P(x, y) and
    # h(x) h(y) P(x, y) over the moves without payments, for the coarse matrices
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

    # The kept states (one of each mirror pair) layer by layer, and their equations in
    # terms of kept states: a mirrored target y contributes P(x, y) (1 - V(y')) to V(x) and
    # P(x, y) E(y') to E(x). States are flat indices, layer * m + config, until numbered in
    # sweep order below; a move to the mirror of kept state t is keyed ``t + far``. The
    # coarse matrices (I - P for V and for E, tested and projected on the basis 1, h of
    # every layer: a Galerkin projection) are summed on the way.
    folded_layers = (layers + 1) // 2 if mirror is not None else layers
    middle = layers // 2
    far = total + 2
    dim = 2 * folded_layers
    coarse_v = [[0.0] * dim for _ in range(dim)]
    coarse_e = [[0.0] * dim for _ in range(dim)]
    rows: dict = {}  # k -> (const_v, {target key: weight}), self-loops included
    groups: list = []  # per folded layer: the kept states in sweep order, in components
    for layer in range(folded_layers):
        base = layer * m
        kept = [base + i for i in order if mirror is None or layer < middle or i < mirror[i]]
        inner: dict = {}  # moves inside the layer between configurations of one awl sum
        col1: dict = {}  # per target: the sum over the layer's states of P(x, t)
        colh: dict = {}  # and of h(x) P(x, t)
        diag1 = diagh = diaghh = 0.0
        for k in kept:
            i = k - base
            const = 0.0
            weights: dict = {}
            same = None
            if mirror is None or layer < middle:
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
            diag1 += 1.0
            diagh += hi
            diaghh += hi * hi
        cv0, cv1 = coarse_v[2 * layer], coarse_v[2 * layer + 1]
        ce0, ce1 = coarse_e[2 * layer], coarse_e[2 * layer + 1]
        if mirror is None or layer < middle:  # the moves without payments, summed above
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
        # sweep order: awl sums decreasing (between payments awls only move forward), and
        # inside one awl sum the components of its moves, each after those it leads to
        if not inner:
            groups.append([[k] for k in kept])
            continue
        units: list = []
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
        groups.append(units)

    # Positions: the kept states numbered in sweep order, then the two ends, then the
    # mirrors of the kept states. V and E are carried together as one complex number
    # V + iE, so that one sum gives both; a mirror holds -conj(V + iE) = -V + iE (its
    # chance is 1 - V: the 1 is in the constant), so every weight is the same for both.
    position = [0] * (2 * far)
    bounds: list = [None] * len(groups)  # per layer: its positions, lo to hi
    flat: list = []
    for layer in sorted(range(len(groups)), key=lambda layer: (layer % 2, layer)):
        lo = len(flat)
        for unit in groups[layer]:
            for k in unit:
                position[k] = len(flat)
                flat.append(k)
        bounds[layer] = (lo, len(flat))
    size = len(flat)
    gap = size + 2  # the mirror of position a is at gap + a
    position[total], position[total + 1] = size, size + 1  # side 0 won, side 1 won
    for a, k in enumerate(flat):
        position[k + far] = gap + a
    hpos = [h[k % m] for k in flat]

    # The equations in positions.
    full: list = [None] * size  # (targets, weights, constant, 1 - self-loop)
    for a, k in enumerate(flat):
        const, weights = rows[k]
        stay = weights.pop(k, 0.0)
        full[a] = (
            tuple(map(position.__getitem__, weights)),
            tuple(weights.values()),
            complex(const, 1.0),
            1.0 - stay,
        )
    # Units of the sweep: most states alone, with their weights divided by one minus their
    # self-loop. A state that leads to its own mirror, or two states that lead to each
    # other (directly or through a mirror), are solved exactly: the V and E parts apart, as
    # a mirror enters V with the opposite sign. (A larger component, if any, is swept state
    # by state and left to later sweeps.) After a sweep, a state's residual comes only from
    # the targets updated after it in the same sweep: those are kept apart (weights of
    # I - P).
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
    sweep: list = []
    later: list = []
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
        members = (a,) if b < 0 else (a, b)
        rests = []
        mv: dict = {}  # (u, v) -> the weight of v in u's equation, for V and for E
        me: dict = {}
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
        if b < 0:
            solve_unit = (-1, (), (), 0j, -mv[a, a], -me[a, a], 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        else:
            # (1 - P) over the two: [[a_aa, a_ab], [a_ba, a_bb]] for V and for E
            solve_unit = (
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
        sweep.append((a, rests[0][0], rests[0][1], rests[0][2], True, solve_unit))

    # The coarse correction needs the residuals only projected on the basis of each layer:
    # sum over a of phi(a) r(a) = sum over t of delta(t) g(t), with g summed from the
    # targets updated later once and for all.
    layer_of = [0] * size
    for layer, (lo, hi) in enumerate(bounds):
        layer_of[lo:hi] = [layer] * (hi - lo)
    sums: list = [({}, {}) for _ in bounds]
    for a, targets, weights in later:
        g1, gh = sums[layer_of[a]]
        ha = hpos[a]
        for t, w in zip(targets, weights):
            g1[t] = g1.get(t, 0.0) + w
            gh[t] = gh.get(t, 0.0) + ha * w
    project = [(tuple(g), tuple(g.values())) for pair_ in sums for g in pair_]

    # runs of plain units (kind 0), of plain units whose mirror is a target (1), and the
    # units solved exactly (2), in the order of the sweep
    segments: list = []
    for unit in sweep:
        kind = 2 if unit[5] is not None else 1 if unit[4] else 0
        if kind == 2:
            segments.append((2, unit))
        elif segments and segments[-1][0] == kind:
            segments[-1][1].append(unit[:4])
        else:
            segments.append((kind, [unit[:4]]))

    # The plain runs as flat rows (a, targets..., weights..., constant), every row padded
    # to one length with zero weights on the position of side 1's win (always 0).
    arity = max([len(row[1]) for kind, run in segments if kind < 2 for row in run], default=0)
    segments = [
        (
            kind,
            [(a, *_flat(targets, weights, arity, size + 1), x) for a, targets, weights, x in run]
            if kind < 2
            else run,
        )
        for kind, run in segments
    ]
    sweep_plain, sweep_mirrored = _unrolled(arity)

    z = [complex(0.5, 0.0)] * size + [1 + 0j, 0j] + [complex(-0.5, 0.0)] * size
    get = z.__getitem__
    bound = float("inf")
    best = float("inf")
    stalled = 0
    sweeps = 0
    last_v = last_e = 0.0  # the last sweep's largest changes, and their ratios
    prev_v = prev_e = 1.0
    jumped = False
    converged = False
    while sweeps < MAX_SWEEPS:
        sweeps += 1
        old = z[:]
        for kind, run in segments:
            if kind < 2:
                (sweep_plain if kind == 0 else sweep_mirrored)(z, run, gap)
                continue
            a, targets, weights, x, _, pair = run
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
            bound, converged = _bound(res, max_e)
            if converged:
                # the answer is checked with the full residual
                bound, converged = _bound(_residuals(full, z), max_e)
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
        # the coarse correction: alpha + beta * h on every layer, for V and for E
        get_d = delta.__getitem__
        rhs = [sum(map(mul, g, map(get_d, targets))) for targets, g in project]
        shift_v = _solve_dense(coarse_v, [r.real for r in rhs])
        shift_e = _solve_dense(coarse_e, [r.imag for r in rhs])
        for layer, (lo, hi) in enumerate(bounds):
            alpha = complex(shift_v[2 * layer], shift_e[2 * layer])
            beta = complex(shift_v[2 * layer + 1], shift_e[2 * layer + 1])
            z[lo:hi] = map(
                add, z[lo:hi], map(add, repeat(alpha), map(mul, repeat(beta), hpos[lo:hi]))
            )
        # One slow mode left (the ratio of two sweeps' changes holds still): its sum to
        # the end, ``rate / (1 - rate)`` times the last change, is added at once.
        rate_v = change / last_v if last_v else 1.0
        rate_e = change_e / last_e if last_e else 1.0
        steady_v = rate_v < 0.9 and abs(rate_v - prev_v) <= 0.2 * rate_v
        steady_e = rate_e < 0.9 and abs(rate_e - prev_e) <= 0.2 * rate_e
        if (steady_v or steady_e) and not jumped:
            cv = rate_v / (1.0 - rate_v) if steady_v else 0.0
            ce = rate_e / (1.0 - rate_e) if steady_e else 0.0
            # x + cv * Re d + i ce * Im d, as x + a d + b conj(d)
            ca, cb = complex((cv + ce) / 2), complex((cv - ce) / 2)
            d = delta[:size]
            z[:size] = map(
                add, z, map(add, map(mul, repeat(ca), d), map(mul, repeat(cb), map(_conj, d)))
            )
            mirrors_now: Iterable[int] = range(size)
            jumped = True
        else:
            mirrors_now = mirrors
            jumped = False
        last_v, last_e, prev_v, prev_e = change, change_e, rate_v, rate_e
        for a in mirrors_now:
            z[gap + a] = -z[a].conjugate()
    if not converged:  # the bound reported is always proved from the full residual
        bound, _ = _bound(_residuals(full, z), max(x.imag for x in z[:size]))

    # Unfold: every state's values, a mirrored state's from its mirror.
    win0 = [0.0] * total + [1.0, 0.0]
    expected = [0.0] * total + [0.0, 0.0]
    reals = [x.real for x in z[:size]]
    imags = [x.imag for x in z[:size]]
    for k, v, e in zip(flat, reals, imags):
        win0[k] = v
        expected[k] = e
    if mirror is not None:
        top = layers - 1
        others = [(top - k // m) * m + mirror[k % m] for k in flat]
        for k, v, e in zip(others, reals, imags):
            win0[k] = 1.0 - v
            expected[k] = e
    return Solution(options, p, graph, probs, win0, expected, sweeps, bound)


def _flat(targets: tuple, weights: tuple, arity: int, spare: int) -> tuple:
    """``(t1..tn, w1..wn)`` with n = ``arity``: the targets and their weights, padded with
    zero weights on the position ``spare``, so that rows of any length share one loop."""
    n = arity - len(targets)
    return (*targets, *(spare,) * n, *weights, *(0.0,) * n)


_COMPILED: dict = {}


def _compiled(source: str) -> dict:
    """The functions defined by ``source`` (made here from names, never from input),
    compiled once."""
    scope = _COMPILED.get(source)
    if scope is None:
        scope = _COMPILED[source] = {}
        exec(source, scope)  # noqa: S102 - the source is made here from names, no input
    return scope


def _terms(arity: int) -> tuple[list[str], list[str]]:
    """The names of a flat row's targets and weights: ``(["t0", ...], ["w0", ...])``."""
    return [f"t{n}" for n in range(arity)], [f"w{n}" for n in range(arity)]


def _unrolled(arity: int) -> tuple:
    """Two sweeps over runs of flat rows ``(a, t1..tn, w1..wn, constant)`` with n =
    ``arity``: ``z[a] = constant + w1 z[t1] + ... + wn z[tn]``, and the same writing the
    mirror ``z[gap + a]`` too. The sum is written out term by term (compiled once per
    arity): a loop over the terms, or ``sum(map(...))``, costs about twice as much, and in
    Pyodide more still."""
    ts, ws = _terms(arity)
    row = ", ".join(["a", *ts, *ws, "x"])
    value = " + ".join(["x", *(f"{w} * z[{t}]" for t, w in zip(ts, ws))])
    scope = _compiled(
        f"def sweep_plain(z, rows, gap):\n"
        f"    for {row} in rows:\n"
        f"        z[a] = {value}\n"
        f"def sweep_mirrored(z, rows, gap):\n"
        f"    for {row} in rows:\n"
        f"        x = {value}\n"
        f"        z[a] = x\n"
        f"        z[gap + a] = -x.conjugate()\n"
    )
    return scope["sweep_plain"], scope["sweep_mirrored"]


def _pusher(arity: int):
    """A push of the mass over flat rows ``(k, t1..tn, w1..wn)`` with n = ``arity``:
    ``nxt[ti] += mass[k] * wi``, written out term by term like :func:`_unrolled`."""
    ts, ws = _terms(arity)
    row = ", ".join(["k", *ts, *ws])
    body = "".join(f"        nxt[{t}] += m * {w}\n" for t, w in zip(ts, ws))
    return _compiled(
        f"def push(mass, nxt, rows):\n    for {row} in rows:\n        m = mass[k]\n{body}"
    )["push"]


def _residuals(full: list, z: list) -> list:
    """The residuals ``b + P z - z`` of every kept state (V + iE together)."""
    get = z.__getitem__
    return [
        const + sum(map(mul, weights, map(get, targets))) - d * z[a]
        for a, (targets, weights, const, d) in enumerate(full)
    ]


def _bound(res: list, max_e: float) -> tuple:
    """(the bound on the error of V proved from the residuals (V + iE), whether it is small
    enough, the expected throws settled too)."""
    if not res:
        return 0.0, True
    part = [r.real for r in res]
    max_rv = max(max(part), -min(part))
    part = [r.imag for r in res]
    max_re = max(max(part), -min(part))
    bound = max_rv * (max_e + 1.0) * 1.01
    # the same bound for E: within TOLERANCE, or as near as double precision can prove
    # (rounding leaves residuals of a few ulps of E, multiplied by E in the bound)
    e_target = max(TOLERANCE, 64 * sys.float_info.epsilon * max_e * (max_e + 1.0))
    converged = bound <= TOLERANCE and max_re * (max_e + 1.0) * 1.01 <= e_target
    return bound, converged


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
