"""Zohn Ahl solved: each side's exact chance of winning from any position, and the
expected number of throws still to come.

Zohn Ahl is a game of pure chance (the only decision is to throw), so a game is an
absorbing Markov chain whose states are the positions between two throws: the awls, who
throws next, the skips due, and the counters. :func:`solve` computes, for one set of
options and one stick bias ``p``, the probability that side 0 wins from every state and
the expected number of throws until the game ends. The figures are computed, not
simulated: they are the solution of the chain's linear equations, with a proven bound on
their error (:attr:`Solution.error_bound`). There is no second copy of the rules here: the
chain is read from the game.

How it is solved, and why the bound holds, is derived in ``spec/zohn-ahl-solver.md``;
each module below says which sections it implements:

- :mod:`~engine.zohn_ahl.solver.graph`: the throw classes and the configurations (§ 1, 2, 5);
- :mod:`~engine.zohn_ahl.solver.equations`: the equations, set up once (§ 3 to 6, § 8);
- :mod:`~engine.zohn_ahl.solver.sweeps`: the sweeps that solve them (§ 6 to 9), whose
  innermost loops are generated in :mod:`~engine.zohn_ahl.solver.kernels` (§ 7);
- :mod:`~engine.zohn_ahl.solver.bound`: the error bound (§ 10);
- :mod:`~engine.zohn_ahl.solver.lengths`: the distribution of a game's length (§ 11);
- :mod:`~engine.zohn_ahl.solver.questions`: a lone awl's lap, exactly (§ 12);
- :mod:`~engine.zohn_ahl.solver.solution`: the solved game and what a class asks of it;
- :mod:`~engine.zohn_ahl.solver.prepared`: the graphs and length shapes written as bytes
  (the site ships them) and read back into the caches below.

The solved graphs and the last few solutions are cached here, so a page that asks after
every throw pays for the solving once; :func:`prepare` works out ahead what the solves
and distributions of every bias share (in the page, mostly installed from the build's
file instead).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from engine.core import GameOverError
from engine.zohn_ahl.game import OptionsLike, State, as_options
from engine.zohn_ahl.rulesets import Options
from engine.zohn_ahl.solver.bound import TOLERANCE
from engine.zohn_ahl.solver.graph import Graph, explore, parse_solver_bias, throw_classes
from engine.zohn_ahl.solver.graph import mirror as _mirror
from engine.zohn_ahl.solver.lengths import shape_of
from engine.zohn_ahl.solver.questions import lap_chance, throws_per_lap
from engine.zohn_ahl.solver.solution import NextThrow, Solution
from engine.zohn_ahl.solver.sweeps import solve_chain
from engine.zohn_ahl.throws import HALF, Bias, Throw

__all__ = [
    "NextThrow",
    "Solution",
    "graph_of",
    "keep_graph",
    "kept_graph",
    "prepare",
    "solve",
    "solve_after",
    "throw_classes",
    "lap_chance",
    "throws_per_lap",
    "parse_solver_bias",
    "TOLERANCE",
]

_GRAPHS: dict[tuple[str, str], Graph] = {}
_SOLUTIONS: dict[tuple[Options, Fraction], Solution] = {}
_CACHE_SIZE = 8


def graph_of(options: Options) -> Graph:
    """The graph of ``options``' ruleset and gully option, built once."""
    key = (options.ruleset, options.gully)
    graph = _GRAPHS.get(key)
    if graph is not None:
        return graph
    configs, index, steps, classes = explore(options)
    graph = Graph(tuple(configs), index, tuple(steps), classes, _mirror(configs, index, steps))
    _GRAPHS[key] = graph
    return graph


def keep_graph(key: tuple[str, str], graph: Graph) -> Graph:
    """Keep ``graph`` as the graph of ``key`` (ruleset, gully option) unless one is kept
    already (a prepared graph read from the site); return the one kept."""
    return _GRAPHS.setdefault(key, graph)


def kept_graph(key: tuple[str, str]) -> Graph | None:
    """The graph kept for ``key`` (ruleset, gully option), if any."""
    return _GRAPHS.get(key)


def prepare(options: OptionsLike = None) -> None:
    """Work out ahead what a solve and a game-length distribution of ``options`` share for
    every stick bias: the graph (read from the rules) and the shape of the chain from the
    start, both kept. The first solve for a bias then pays for that bias alone; the lab
    asks for this while the reader reads."""
    options = as_options(options)
    graph = graph_of(options)
    start = graph.flat(State.start(options))
    assert start is not None  # the start is the graph's first configuration
    shape_of(graph, options, start)


def solve(options: OptionsLike = None, bias: Bias = HALF) -> Solution:
    """Solve the game for ``options`` (an :class:`Options`, a ruleset name or a dict) and the
    stick bias ``bias`` (0 < p < 1). Solutions are cached (the last few), so a page that
    asks after every throw pays for the solving once."""
    options = as_options(options)
    p = parse_solver_bias(bias)
    key = (options, p)
    cached = _SOLUTIONS.get(key)
    if cached is not None:
        return cached
    solution = solve_chain(options, p, graph_of(options))
    if len(_SOLUTIONS) >= _CACHE_SIZE:
        _SOLUTIONS.pop(next(iter(_SOLUTIONS)))
    _SOLUTIONS[key] = solution
    return solution


def solve_after(
    options: OptionsLike, throws: Iterable[Throw | str], bias: Bias = HALF
) -> tuple[Solution, State]:
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
