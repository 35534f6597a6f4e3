"""What every stick bias shares, worked out once and written as bytes: each ruleset's
graph (:mod:`~engine.zohn_ahl.solver.graph`) and the shape of its game lengths from the
start (:mod:`~engine.zohn_ahl.solver.lengths`).

Neither depends on the bias, and in a browser reading them from the rules takes the
page's Python seconds (the graph is the game's rules run once per configuration and throw
class, the shape a walk over some ten thousand states). So the site's build writes them
(:meth:`Prepared.to_bytes`) and the page's worker hands the bytes to :func:`install`
before the lab's first request, which puts them where the solver keeps what it works out
(the same caches :func:`~engine.zohn_ahl.solver.prepare` fills). The bytes are the values
as the engine computes them, not a second copy of the rules: a test compares what a built
site ships with what the engine computes, and a file that is not of this format, or of
another version of it, is refused with a message that quotes its first bytes.

The layout (:data:`MAGIC`, then a zlib stream): a JSON header of one line, then the
arrays; the header names each array's ``array`` type code, length and offset among the
arrays (little-endian). Per graph, ``configs`` (five numbers per configuration),
``targets`` and ``paid`` (each step's next configuration, and the index of its payments
in the header's list ``payments``, configuration by configuration, class by class) and
``mirror`` (each configuration's mirror; null when the ruleset is asymmetric). Per shape,
the fields of :class:`~engine.zohn_ahl.solver.lengths.Shape` as they are, but for
``row_start``, which follows from ``sizes`` (a position's sources are as many as its
group says).
"""

from __future__ import annotations

import json
import sys
import zlib
from array import array
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

from engine.zohn_ahl import solver
from engine.zohn_ahl.game import State
from engine.zohn_ahl.rulesets import Options
from engine.zohn_ahl.solver.graph import Config, Graph, Step
from engine.zohn_ahl.solver.lengths import _SHAPES, Shape, shape_of
from engine.zohn_ahl.throws import Throw

__all__ = ["MAGIC", "Prepared", "install"]

MAGIC = b"zohn-ahl prepared chains 1\n"
"""The first bytes of the format (its version is the last number)."""

SHAPE_ARRAYS = ("ends", "sources", "kinds")
"""The fields of a :class:`~engine.zohn_ahl.solver.lengths.Shape` written as arrays."""

GraphKey = tuple[str, str]
"""(ruleset, gully option)"""
ShapeKey = tuple[str, str, int, int]
"""(ruleset, gully option, counters a side, the start's flat index), as the solver's cache"""


@dataclass(frozen=True)
class Prepared:
    """Graphs and length shapes, by the keys the solver's caches use."""

    graphs: dict[GraphKey, Graph]
    shapes: dict[ShapeKey, Shape]

    @classmethod
    def of(cls, variants: Iterable[tuple[str, str]], counters: int) -> Prepared:
        """What the engine computes for each (ruleset, gully option) of ``variants`` at
        ``counters`` a side: its graph and the shape of its game lengths from the start."""
        graphs: dict[GraphKey, Graph] = {}
        shapes: dict[ShapeKey, Shape] = {}
        for ruleset, gully in variants:
            options = Options(ruleset=ruleset, counters=counters, gully=gully)
            graph = solver.graph_of(options)
            start = graph.flat(State.start(options))
            assert start is not None  # the start is the graph's first configuration
            graphs[(ruleset, gully)] = graph
            shapes[(ruleset, gully, counters, start)] = shape_of(graph, options, start)
        return cls(graphs, shapes)

    def to_bytes(self) -> bytes:
        """The bytes of the format in the module's docstring."""
        arrays: list[array[int]] = []
        header: dict[str, Any] = {"graphs": [], "shapes": []}

        size = 0

        def put(typecode: str, values: Iterable[int]) -> list[Any]:
            nonlocal size
            a = array(typecode, values)
            arrays.append(a)
            size += a.itemsize * len(a)
            return [typecode, len(a), size - a.itemsize * len(a)]

        for (ruleset, gully), g in self.graphs.items():
            steps = [step for row in g.steps for step in row]
            paid: dict[tuple[int, ...], int] = {}  # each payments' index, by first appearance
            codes = put("B", (paid.setdefault(p, len(paid)) for _, p in steps))
            header["graphs"].append(
                {
                    "ruleset": ruleset,
                    "gully": gully,
                    "classes": [str(t) for t in g.classes],
                    "configs": put("h", (x for c in g.configs for x in c)),
                    "targets": put("i", (j for j, _ in steps)),
                    "paid": codes,
                    "payments": [list(p) for p in paid],
                    "mirror": None if g.mirror is None else put("i", g.mirror),
                }
            )
        for (ruleset, gully, counters, start_index), shape in self.shapes.items():
            header["shapes"].append(
                {
                    "key": [ruleset, gully, counters, start_index],
                    "start": shape.start,
                    "sizes": [list(size) for size in shape.sizes],
                    "classes": [list(c) for c in shape.classes],
                    **{
                        name: put(getattr(shape, name).typecode, getattr(shape, name))
                        for name in SHAPE_ARRAYS
                    },
                }
            )
        if sys.byteorder != "little":
            for a in arrays:
                a.byteswap()
        body = json.dumps(header, separators=(",", ":")).encode() + b"\n"
        body += b"".join(a.tobytes() for a in arrays)
        return MAGIC + zlib.compress(body, 9)

    @classmethod
    def from_bytes(cls, data: bytes) -> Prepared:
        """The graphs and shapes of ``data`` (bytes of :meth:`to_bytes`); ValueError,
        quoting the first bytes, for anything else."""
        if not data.startswith(MAGIC):
            raise ValueError(
                f"{bytes(data[: len(MAGIC)])!r} does not begin a file of prepared chains "
                f"(expected {MAGIC!r})"
            )
        try:
            body = zlib.decompress(data[len(MAGIC) :])
            line, _, rest = body.partition(b"\n")
            header = json.loads(line)
            return cls._read(header, memoryview(rest))
        except (zlib.error, ValueError, KeyError, TypeError, IndexError) as err:
            raise ValueError(f"a file of prepared chains that cannot be read: {err}") from None

    @classmethod
    def _read(cls, header: dict[str, Any], rest: memoryview) -> Prepared:
        used = 0

        def take(spec: list[Any]) -> array[int]:
            nonlocal used
            typecode, count, at = spec
            a = array(typecode)
            size = a.itemsize * count
            if not 0 <= at <= at + size <= len(rest):
                raise ValueError(
                    f"an array of {size} bytes at {at} lies beyond the {len(rest)} there are"
                )
            a.frombytes(rest[at : at + size])
            used += size
            if sys.byteorder != "little":
                a.byteswap()
            return a

        graphs: dict[GraphKey, Graph] = {}
        for h in header["graphs"]:
            flat = take(h["configs"])
            configs: list[Config] = [
                (a0, a1, side, bool(s0), bool(s1))
                for a0, a1, side, s0, s1 in zip(*[iter(flat)] * 5, strict=True)
            ]
            payments = [tuple(p) for p in h["payments"]]
            targets, paid = take(h["targets"]), take(h["paid"])
            steps: list[Step] = list(zip(targets, map(payments.__getitem__, paid), strict=True))
            c = len(h["classes"])
            mirror = None if h["mirror"] is None else tuple(take(h["mirror"]))
            graphs[(h["ruleset"], h["gully"])] = Graph(
                tuple(configs),
                {config: i for i, config in enumerate(configs)},
                tuple(tuple(steps[i : i + c]) for i in range(0, len(steps), c)),
                tuple(Throw.parse(t) for t in h["classes"]),
                mirror,
            )
        shapes: dict[ShapeKey, Shape] = {}
        for h in header["shapes"]:
            ruleset, gully, counters, start_index = h["key"]
            runs = (n for n, count in h["sizes"] for _ in range(count))  # each row's sources
            shapes[(ruleset, gully, counters, start_index)] = Shape(
                start=h["start"],
                sizes=tuple((n, count) for n, count in h["sizes"]),
                classes=tuple(tuple(c) for c in h["classes"]),
                row_start=array("i", accumulate(runs, initial=0)),
                **{name: take(h[name]) for name in SHAPE_ARRAYS},
            )
        if used != len(rest):
            raise ValueError(
                f"{len(rest) - used} of the {len(rest)} bytes of arrays are read by none"
            )
        return cls(graphs, shapes)


def install(data: Any) -> list[str]:
    """Put the graphs and shapes of ``data`` (bytes of :meth:`Prepared.to_bytes`; in the
    page, the ``Uint8Array`` the worker fetched) where the solver keeps its own, beside
    what it has already worked out (a graph already there stays, and the shapes are kept
    with it). Answers the keys installed, as ``ruleset/gully`` and
    ``ruleset/gully/counters``."""
    if not isinstance(data, bytes):
        to_py = getattr(data, "to_py", None)
        data = bytes(to_py() if to_py is not None else data)
    prepared = Prepared.from_bytes(data)
    done = []
    for key, graph in prepared.graphs.items():
        solver.keep_graph(key, graph)
        done.append("/".join(key))
    for (ruleset, gully, counters, start_index), shape in prepared.shapes.items():
        kept = solver.kept_graph((ruleset, gully))
        if kept is None:
            continue  # a shape is kept with its graph only
        _SHAPES[(ruleset, gully, counters, start_index)] = (kept, shape)
        done.append(f"{ruleset}/{gully}/{counters}")
    return done
