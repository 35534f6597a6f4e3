"""The chain's skeleton: the throw classes, and the configurations reachable from the start
with each one's step per throw class, read from the game's own rules.

The derivation is in ``spec/zohn-ahl-solver.md`` (§ 1 throw classes, § 2 configurations,
§ 5 the mirror check).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.core import OptionError
from engine.zohn_ahl.game import State
from engine.zohn_ahl.rulesets import MAX_COUNTERS, RULESETS, Options
from engine.zohn_ahl.throws import EXTRAS, HALF, VALUES, Bias, Throw, parse_bias

__all__ = [
    "Config",
    "Graph",
    "Step",
    "explore",
    "mirror",
    "parse_solver_bias",
    "throw_classes",
]

Config = tuple[int, int, int, bool, bool]
"""A configuration: (awl 0, awl 1, who throws next, skip 0, skip 1)."""

Step = tuple[int, tuple[int, ...]]
"""One step of a configuration: (the next configuration's index, the payments made on the
way, each +1 if side 1 paid side 0, -1 the other way, in the order they were made)."""


def parse_solver_bias(p: Bias) -> Fraction:
    """A stick bias strictly between 0 and 1 (with 0 or 1 a side may never pay)."""
    f = parse_bias(p)
    if not 0 < f < 1:
        raise OptionError(
            f"{p!r} is not a stick bias the solver accepts: it must lie strictly between 0 and 1",
            input=p,
        )
    return f


def throw_classes(table: str, p: Bias = HALF) -> list[tuple[Throw, Fraction]]:
    """``[(throw, probability)]``: one representative throw per (value, throws again) class
    of ``table``, with the exact probability of the class. The probabilities sum to 1."""
    f = parse_bias(p)
    q = 1 - f
    classes: dict[tuple[int, bool], tuple[Throw, Fraction]] = {}
    for t in Throw.all():
        key = (VALUES[table][t.code], EXTRAS[table][t.code])
        pr = f**t.marked * q ** (4 - t.marked)
        if key in classes:
            classes[key] = (classes[key][0], classes[key][1] + pr)
        else:
            classes[key] = (t, pr)
    return sorted(classes.values(), key=lambda c: c[0].code)


@dataclass(frozen=True)
class Graph:
    """The configurations of one ruleset (and gully option) reachable from the start, and
    for each one and each throw class its :data:`Step`."""

    configs: tuple[Config, ...]
    index: dict[Config, int]
    steps: tuple[tuple[Step, ...], ...]  # steps[i][c]: configuration i, throw class c
    classes: tuple[Throw, ...]  # the representative throws, in the order of steps[i]
    mirror: (
        tuple[int, ...] | None
    )  # each configuration's mirror (sides swapped), None if asymmetric

    def flat(self, state: State) -> int | None:
        """The flat index of ``state`` in the chain of this graph, ``(side 0's counters -
        1) * M + its configuration``; None if the configuration is not reached from the
        start (or the game is over)."""
        if state.to_move is None:
            return None
        config = (state.awls[0], state.awls[1], state.to_move, state.skip[0], state.skip[1])
        i = self.index.get(config)
        return None if i is None else (state.counters[0] - 1) * len(self.configs) + i


def explore(
    options: Options,
) -> tuple[list[Config], dict[Config, int], list[tuple[Step, ...]], tuple[Throw, ...]]:
    """``(configs, index, steps, classes)``: the game's rules run once per configuration
    reachable from the start and throw class, with counters to spare (so no step ends the
    game: the counters only decide when it ends, spec § 2)."""
    spare = Options(ruleset=options.ruleset, counters=MAX_COUNTERS, gully=options.gully)
    classes = tuple(t for t, _ in throw_classes(RULESETS[options.ruleset].table))
    start = State.start(spare)
    first: Config = (start.awls[0], start.awls[1], 0, False, False)
    configs = [first]
    index = {first: 0}
    steps: list[tuple[Step, ...]] = []
    i = 0
    while i < len(configs):
        a0, a1, side, s0, s1 = configs[i]
        state = State(spare, (a0, a1), (MAX_COUNTERS, MAX_COUNTERS), side, None, (s0, s1))
        row: list[Step] = []
        for throw in classes:
            nxt, events = state.play(throw)
            payments = tuple(1 if e.payer == 1 else -1 for e in events if e.payer is not None)
            to_move = nxt.to_move
            assert to_move is not None  # with counters to spare the game goes on
            config = (nxt.awls[0], nxt.awls[1], to_move, nxt.skip[0], nxt.skip[1])
            j = index.get(config)
            if j is None:
                j = index[config] = len(configs)
                configs.append(config)
            row.append((j, payments))
        steps.append(tuple(row))
        i += 1
    return configs, index, steps, classes


def mirror(
    configs: list[Config], index: dict[Config, int], steps: list[tuple[Step, ...]]
) -> tuple[int, ...] | None:
    """For each configuration, the index of its mirror (the two sides swapped), or None if
    the recorded steps are not symmetric (a mirrored step must lead to the mirrored
    configuration with the payments reversed; spec § 5)."""
    mirrored = []
    for a0, a1, side, s0, s1 in configs:
        j = index.get((a1, a0, 1 - side, s1, s0))
        if j is None:
            return None
        mirrored.append(j)
    for i, j in enumerate(mirrored):
        for (t, paid), (u, paid_u) in zip(steps[i], steps[j]):
            if mirrored[t] != u or tuple(-d for d in paid) != paid_u:
                return None
    return tuple(mirrored)
