"""The solver's innermost loops, generated as Python source and compiled once per row
length (spec/zohn-ahl-solver.md § 7).

A sweep sets ``z[a] = x + w1 z[t1] + ... + wn z[tn]`` for every row of a run, and the
length distribution's push adds ``mass[k] * wi`` to ``nxt[ti]``. Written out term by term,
with the row unpacked into names by the ``for``, each costs about half as much as a loop
over the terms or ``sum(map(...))`` (in Pyodide the gap is wider). The number of terms
differs from ruleset to ruleset, so the loops are generated for the longest row and every
row is padded to that length with zero weights on a position that always holds 0
(:func:`flat`). The source is made here from names only (``t0``, ``w0``, ...), never from
input, and the generated functions are cached by their source.

The rows are flat tuples of positions (int) and weights (float), then, for a sweep, a
constant (complex): one tuple per row so that the ``for`` unpacks it in one step.

In a browser the page's worker offers loops of its own, in JavaScript, for the arithmetic
that Python in WebAssembly does several times slower (:func:`host_kernel`): the sweeps
(``sweepChain``, ``docs/assets/js/chain-sweeps.mjs``) and the game-length carrying
(``carryLengths``, ``docs/assets/js/chain-carry.mjs``). They do the same arithmetic in the
same order; the chain, the chances, the bound and the figures' meaning stay in the engine.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, cast

__all__ = [
    "FlatRow",
    "Gather",
    "Push",
    "Sweep",
    "flat",
    "gatherer",
    "host_kernel",
    "pusher",
    "sweeps",
]

FlatRow = tuple[int | float | complex, ...]
"""``(a, t1..tn, w1..wn, constant)`` for a sweep, ``(k, t1..tn, w1..wn)`` for the push."""

Sweep = Callable[[list[complex], list[FlatRow], int], None]
"""``sweep(z, rows, gap)``: one pass over a run of rows, in order."""

Push = Callable[[list[float], list[float], list[FlatRow]], None]
"""``push(mass, nxt, rows)``: the mass of every row's state spread over its targets."""

Gather = Callable[[list[float], list[FlatRow]], list[float]]
"""``gather(mass, rows)``: for every row, the mass its state receives from its sources."""

_COMPILED: dict[str, dict[str, object]] = {}


def flat(
    targets: tuple[int, ...], weights: tuple[float, ...], arity: int, spare: int
) -> tuple[int | float, ...]:
    """``(t1..tn, w1..wn)`` with n = ``arity``: the targets and their weights, padded with
    zero weights on the position ``spare``, so that rows of any length share one loop."""
    n = arity - len(targets)
    return (*targets, *(spare,) * n, *weights, *(0.0,) * n)


def _compiled(source: str) -> dict[str, object]:
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


def sweeps(arity: int) -> tuple[Sweep, Sweep]:
    """Two sweeps over runs of flat rows ``(a, t1..tn, w1..wn, constant)`` with n =
    ``arity``: ``z[a] = constant + w1 z[t1] + ... + wn z[tn]``, and the same writing the
    mirror ``z[gap + a] = -conj(z[a])`` too (spec § 6). For ``arity`` 2 the first reads::

        def sweep_plain(z, rows, gap):
            for a, t0, t1, w0, w1, x in rows:
                z[a] = x + w0 * z[t0] + w1 * z[t1]
    """
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
    # the compiled functions have the signatures written above
    return cast(Sweep, scope["sweep_plain"]), cast(Sweep, scope["sweep_mirrored"])


def pusher(arity: int) -> Push:
    """A push of the mass over flat rows ``(k, t1..tn, w1..wn)`` with n = ``arity``:
    ``nxt[ti] += mass[k] * wi``, written out term by term like :func:`sweeps`
    (spec § 11)."""
    ts, ws = _terms(arity)
    row = ", ".join(["k", *ts, *ws])
    body = "".join(f"        nxt[{t}] += m * {w}\n" for t, w in zip(ts, ws))
    scope = _compiled(
        f"def push(mass, nxt, rows):\n    for {row} in rows:\n        m = mass[k]\n{body}"
    )
    # the compiled function has the signature written above
    return cast(Push, scope["push"])


def gatherer(arity: int) -> Gather:
    """The push read the other way: over flat rows ``(s1..sn, w1..wn)`` with n = ``arity``
    (a state's sources and the chances of their steps to it), the list of
    ``w1 mass[s1] + ... + wn mass[sn]``, one per row (spec § 11). A list comprehension
    reads the mass and writes each new figure once, where the push reads and writes a
    target once per source: about half the cost. For ``arity`` 2 it reads::

        def gather(mass, rows):
            return [w0 * mass[s0] + w1 * mass[s1] for s0, s1, w0, w1 in rows]
    """
    ss = [f"s{n}" for n in range(arity)]
    ws = [f"w{n}" for n in range(arity)]
    value = " + ".join(f"{w} * mass[{s}]" for s, w in zip(ss, ws)) or "0.0"
    row = ", ".join([*ss, *ws]) or "_"
    scope = _compiled(f"def gather(mass, rows):\n    return [{value} for {row} in rows]\n")
    # the compiled function has the signature written above
    return cast(Gather, scope["gather"])


def host_kernel(name: str) -> Any:
    """The loop ``name`` (``sweepChain``, ``carryLengths``) of ``globalThis.engineKernels``
    when the engine runs in a browser whose worker offers it; None in CPython, or when it is
    not offered. Looked up on every call and never kept: a snapshot of Python's memory must
    hold no reference to the page's objects."""
    if sys.platform != "emscripten":
        return None
    try:
        import js  # type: ignore[import-not-found]  # Pyodide's view of the worker's globals
    except ImportError:
        return None
    kernels = getattr(js, "engineKernels", None)
    return getattr(kernels, name, None) if kernels is not None else None
