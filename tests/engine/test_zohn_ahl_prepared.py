"""What every stick bias shares, written as bytes and read back
(engine/zohn_ahl/solver/prepared.py): the same graphs and shapes, installed where the
solver keeps its own, the same figures from them, and a clear refusal of other bytes."""

from __future__ import annotations

import zlib

import pytest

from engine.zohn_ahl import Options, State, solver
from engine.zohn_ahl.solver import lengths
from engine.zohn_ahl.solver.prepared import MAGIC, Prepared, install

VARIANTS = (("printable", "lose-throw"), ("printable", "cross"), ("kiowa", "lose-throw"))


@pytest.fixture(scope="module")
def prepared() -> Prepared:
    return Prepared.of(VARIANTS, 2)


@pytest.fixture
def empty_caches():
    """The solver's caches emptied for the test and given back afterwards."""
    kept = (dict(solver._GRAPHS), dict(solver._SOLUTIONS), dict(lengths._SHAPES))
    for cache in (solver._GRAPHS, solver._SOLUTIONS, lengths._SHAPES):
        cache.clear()
    yield
    for cache, old in zip((solver._GRAPHS, solver._SOLUTIONS, lengths._SHAPES), kept):
        cache.clear()
        cache.update(old)


def test_the_bytes_read_back_as_the_same_graphs_and_shapes(prepared):
    again = Prepared.from_bytes(prepared.to_bytes())
    assert list(again.graphs) == list(VARIANTS)
    assert again.graphs == prepared.graphs
    assert again.shapes == prepared.shapes
    # the values as the engine has them: configurations with their skips as booleans,
    # shapes as the arrays a loop outside Python reads
    graph = again.graphs[("kiowa", "lose-throw")]
    assert all(type(c[3]) is bool and type(c[4]) is bool for c in graph.configs)
    assert all(graph.index[c] == i for i, c in enumerate(graph.configs))
    shape = next(iter(again.shapes.values()))
    assert shape.sources.typecode == shape.row_start.typecode == "i"


def test_installed_they_are_what_the_solver_uses_and_give_the_same_figures(prepared, empty_caches):
    options = Options(ruleset="kiowa", counters=2, gully="lose-throw")
    from_rules = solver.solve(options, "3/5")
    expected = from_rules.length_distribution(200)
    solver._GRAPHS.clear()
    solver._SOLUTIONS.clear()
    lengths._SHAPES.clear()
    done = install(prepared.to_bytes())
    assert done == [*("/".join(v) for v in VARIANTS), *(f"{r}/{g}/2" for r, g in VARIANTS)]
    installed = solver._GRAPHS[("kiowa", "lose-throw")]
    solution = solver.solve(options, "3/5")
    assert solution.graph is installed  # nothing read again from the rules
    start = State.start(options)
    assert solution.win(start) == from_rules.win(start)
    assert solution.expected_throws(start) == from_rules.expected_throws(start)
    assert solution.length_distribution(200) == expected


def test_a_graph_already_worked_out_stays_and_the_shapes_go_with_it(prepared, empty_caches):
    options = Options(ruleset="printable", counters=2, gully="cross")
    graph = solver.graph_of(options)
    install(prepared.to_bytes())
    assert solver._GRAPHS[("printable", "cross")] is graph
    kept = [
        g
        for (r, gully, _, _), (g, _) in lengths._SHAPES.items()
        if (r, gully) == ("printable", "cross")
    ]
    assert kept == [graph]


@pytest.mark.parametrize(
    "data, said",
    [
        (b"PK\x03\x04 a zip file", "b'PK\\x03\\x04 a zip file' does not begin a file of prepared"),
        (MAGIC + b"not zlib", "cannot be read"),
        (MAGIC + zlib.compress(b'{"graphs": [], "shapes": []}\nextra'), "5 of the 5 bytes"),
    ],
)
def test_other_bytes_are_refused_in_words(data, said):
    with pytest.raises(ValueError, match="prepared chains") as caught:
        Prepared.from_bytes(data)
    assert said in str(caught.value)


def test_cut_bytes_are_refused(prepared):
    body = zlib.decompress(prepared.to_bytes()[len(MAGIC) :])
    with pytest.raises(ValueError, match="lies beyond"):
        Prepared.from_bytes(MAGIC + zlib.compress(body[:-10]))
