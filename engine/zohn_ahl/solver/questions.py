"""The questions a class asks of one lone awl, answered exactly with fractions: the chance
of a lap without a fall and the expected throws per lap (spec/zohn-ahl-solver.md § 12)."""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from engine.zohn_ahl.game import OptionsLike, State, as_options
from engine.zohn_ahl.rulesets import MAX_COUNTERS, RULESETS, Options, Ruleset
from engine.zohn_ahl.solver.graph import parse_solver_bias, throw_classes
from engine.zohn_ahl.throws import HALF, Bias

__all__ = ["lap_chance", "throws_per_lap"]

Outcome = tuple[Literal["lap", "fall", "space"], int | None]
"""Where one throw takes a lone awl: ("lap", None), ("fall", None) or ("space", s')."""


def _lone_awl(options: Options, p: Fraction) -> dict[int, list[tuple[Outcome, Fraction]]]:
    """The walk of one awl alone on the board (no other awl, no whips): for each own space,
    the exact chances (as fractions) of each throw class leading to ("lap"), ("fall") or
    ("space", s'). Read from the game: the other awl is parked where the mover cannot land
    before its lap ends (as far behind as the board allows), and counters are plentiful."""
    rules = RULESETS[options.ruleset]
    spare = Options(ruleset=options.ruleset, counters=MAX_COUNTERS, gully=options.gully)
    classes = throw_classes(rules.table, p)
    walk: dict[int, list[tuple[Outcome, Fraction]]] = {}
    todo = [rules.start]
    while todo:
        s = todo.pop()
        if s in walk:
            continue
        outcomes: list[tuple[Outcome, Fraction]] = []
        for throw, pr in classes:
            result: Outcome | None = None
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
            where = result[1]
            if where is not None and where not in walk:
                todo.append(where)
        walk[s] = outcomes
    return walk


def _parking(rules: Ruleset) -> list[int]:
    # the other awl's own spaces, in the order tried: spaces the mover can rarely reach
    return [rules.start, rules.start + 1, rules.start + 2, rules.start + 3]


def _lone_solve(
    options: Options,
    p: Fraction,
    lap_value: Fraction,
    fall_value: Fraction | Literal["start"],
    step_cost: int,
) -> Fraction:
    """Solve ``h(s) = cost + sum pr * h(next)`` exactly over the lone awl's spaces, where a
    lap gives ``lap_value``, a fall gives ``fall_value`` (a number or "start": back to the
    start space), by Gaussian elimination over fractions."""
    rules = RULESETS[options.ruleset]
    walk = _lone_awl(options, p)
    # each space's equation: {space: coefficient} and the constant, (I - P) h = c
    rows: dict[int, tuple[dict[int, Fraction], Fraction]] = {}
    for s, outcomes in walk.items():
        row: dict[int, Fraction] = {s: Fraction(1)}
        const = Fraction(step_cost)
        for (kind, where), pr in outcomes:
            if kind == "lap":
                const += pr * lap_value
                continue
            if kind == "fall":
                if fall_value != "start":
                    const += pr * fall_value
                    continue
                where = rules.start
            assert where is not None  # a move to a space says which
            row[where] = row.get(where, Fraction(0)) - pr
        rows[s] = (row, const)
    return _eliminate(rows, rules.start)


def _eliminate(rows: dict[int, tuple[dict[int, Fraction], Fraction]], wanted: int) -> Fraction:
    """The unknown ``wanted`` of the equations ``rows`` ({unknown: ({unknown: coefficient},
    constant)}), the others eliminated one at a time, the furthest space first. An awl
    moves forward save for a fall (or a cross) back, so a space's equation mostly names
    spaces already eliminated and few coefficients appear: the work follows the walk's
    moves, not the cube of its spaces. The matrix is I - P of a walk that ends (a lap or a
    fall), so no pivot is zero in any order; the figures are exact, whatever the order."""
    users: dict[int, set[int]] = {s: set() for s in rows}
    for s, (row, _) in rows.items():
        for t in row:
            users[t].add(s)
    for v in sorted(rows, reverse=True):
        if v == wanted:
            continue
        row_v, const_v = rows.pop(v)
        pivot = row_v.pop(v)
        users[v].discard(v)
        for r in users.pop(v):
            row_r, const_r = rows[r]
            factor = row_r.pop(v) / pivot
            for t, a in row_v.items():
                value = row_r.get(t, Fraction(0)) - factor * a
                if value:
                    row_r[t] = value
                    users[t].add(r)
                else:
                    row_r.pop(t, None)
                    users[t].discard(r)
            rows[r] = (row_r, const_r - factor * const_v)
        for t in row_v:
            users[t].discard(v)
    row, const = rows[wanted]
    return const / row[wanted]


def lap_chance(options: OptionsLike = None, bias: Bias = HALF) -> Fraction:
    """The exact chance that an awl leaving its start completes a lap (a circuit in
    ``kiowa``) before it first falls (creek, torrent or river), the other awl left aside."""
    return _lone_solve(as_options(options), parse_solver_bias(bias), Fraction(1), Fraction(0), 0)


def throws_per_lap(options: OptionsLike = None, bias: Bias = HALF) -> Fraction:
    """The exact expected number of its own throws an awl needs to complete a lap from its
    start, falls included (each fall sends it back to the start), the other awl left aside."""
    return _lone_solve(as_options(options), parse_solver_bias(bias), Fraction(0), "start", 1)
