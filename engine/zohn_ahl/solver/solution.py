"""The solved game: each state's chances and expected throws, and what a class asks of them.

The derivation is in ``spec/zohn-ahl-solver.md`` (§ 3 layers, § 13 coming back).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypedDict

from engine.core import OptionError
from engine.zohn_ahl.game import State
from engine.zohn_ahl.rulesets import Options
from engine.zohn_ahl.solver.graph import Graph, throw_classes
from engine.zohn_ahl.solver.lengths import CLOSE, length_distribution
from engine.zohn_ahl.throws import VALUES

__all__ = ["NextThrow", "Solution"]


class NextThrow(TypedDict):
    """What a throw of one value does: its chance, and side 0's and side 1's chances of
    winning after it."""

    value: int
    probability: Fraction
    win: tuple[float, float]


@dataclass
class Solution:
    """The solved game for one set of options and one stick bias.

    ``win(state)`` -> (side 0's chance, side 1's chance); ``expected_throws(state)``;
    ``next_throws(state)`` -> what the next throw can do. ``sweeps`` and ``error_bound``
    say how the iteration ended (spec/zohn-ahl-solver.md § 10).
    """

    options: Options
    bias: Fraction
    graph: Graph = field(repr=False)
    probabilities: tuple[float, ...] = field(repr=False)  # per throw class
    win0: list[float] = field(repr=False)  # flat: (layer - 1) * M + config, then the two wins
    throws: list[float] = field(repr=False)
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
        if state.winner is not None or state.to_move is None:
            return None
        k = self.graph.flat(state)
        if k is None:
            raise OptionError(f"{state!r} cannot be reached from the start", input=repr(state))
        n = self.options.counters
        if sum(state.counters) != 2 * n:
            raise OptionError(
                f"the state has {sum(state.counters)} counters, the solution is for {2 * n}",
                input=state.counters,
            )
        return k

    def start_index(self) -> int:
        """The flat index of the start of a game."""
        k = self._index(State.start(self.options))
        assert k is not None  # a game does not end before its first throw
        return k

    def win(self, state: State) -> tuple[float, float]:
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

    def next_throws(self, state: State) -> list[NextThrow]:
        """What the next throw can do: one entry per value of the table, in increasing order,
        ``{"value", "probability", "win": [p0, p1]}`` where ``win`` is the chance of winning
        after a throw of that value (averaged over its throws if they differ, e.g. with and
        without another throw). Empty once the game is over."""
        if state.winner is not None:
            return []
        table = state.options.table
        by_value: dict[int, tuple[Fraction, float]] = {}
        for throw, pr in throw_classes(table, self.bias):
            nxt = state.advance(throw)
            w = self.win(nxt)[0]
            v = VALUES[table][throw.code]
            total, acc = by_value.get(v, (Fraction(0), 0.0))
            by_value[v] = (total + pr, acc + float(pr) * w)
        out: list[NextThrow] = []
        for v in sorted(by_value):
            pr, acc = by_value[v]
            w0 = acc / float(pr)
            out.append({"value": v, "probability": pr, "win": (w0, 1.0 - w0)})
        return out

    def comeback(self, counters: int, to_move: int = 0) -> float:
        """Side 0's chance of winning with ``counters`` counters against 2N - counters, both
        awls on their start spaces, ``to_move`` to throw (a side k counters down comes back
        with the chance ``comeback(N - k)``; spec § 13)."""
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

    def length_distribution(self, limit: int = 400, close: float = CLOSE) -> list[float]:
        """``[P(the game from the start ends on throw t) for t in 1..limit]`` (floats), by
        pushing the start's probability forward throw by throw (exact up to rounding; the
        chance of a longer game is ``1 - sum``; spec § 11). Once the rest of the chances is
        proved to follow a geometric tail within ``close`` each, it is extended by that
        tail (the default :data:`~engine.zohn_ahl.solver.lengths.CLOSE`, rounding level)."""
        return length_distribution(self, limit, close)
