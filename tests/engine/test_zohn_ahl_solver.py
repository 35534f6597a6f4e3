"""The Zohn Ahl solver against independent computations.

- Brute force: the whole chain of real states (counters included) built throw by throw
  with the 16 throws and :meth:`State.advance`, solved by plain value iteration until a
  residual bound proves it within 1e-11; every state is compared (N = 1 and 2, every
  ruleset and gully option; N = 2 is an oracle of ``make test-oracles``, which CI runs).
- Long seeded simulations: the share of games side 0 wins and the mean length, within
  four standard errors of the solver's figures.
- Properties: side swapped positions have complementary chances; bias 1/2 is the
  default; the chances after each value of the next throw average to the chance now.
- The command line (``zohn-ahl solve``): its JSON and its errors.
"""

from __future__ import annotations

import functools
import json
import math
import subprocess
import sys
from fractions import Fraction as F
from operator import mul

import pytest

from engine.core import OptionError
from engine.rng import Rng
from engine.zohn_ahl import Options, State, Throw
from engine.zohn_ahl import solver as solver_module
from engine.zohn_ahl.solver import (
    lap_chance,
    parse_solver_bias,
    solve,
    throw_classes,
    throws_per_lap,
)

VARIANTS = [
    ("kiowa", "lose-throw"),
    ("culin", "lose-throw"),
    ("printable", "lose-throw"),
    ("printable", "cross"),
    ("globe", "lose-throw"),
]


def _key(state: State) -> tuple:
    return (state.awls, state.counters, state.to_move, state.skip, state.winner)


@functools.cache  # (the same chains serve the tests with and without the mirror shortcut)
def brute_force(options: Options, bias=F(1, 2)):
    """{state key: (side 0's chance, expected throws)} for every state reachable from the
    start, by value iteration on the chain of real states (16 throws each); computed once
    per options and bias (the callers only read it)."""
    p = F(bias)
    probs = [float(p**t.marked * (1 - p) ** (4 - t.marked)) for t in Throw.all()]
    start = State.start(options)
    states = [start]
    index = {_key(start): 0}
    edges: list = []
    i = 0
    while i < len(states):
        state = states[i]
        row: dict = {}
        if state.winner is None:
            for t, pr in zip(Throw.all(), probs):
                nxt = state.advance(t)
                k = _key(nxt)
                if k not in index:
                    index[k] = len(states)
                    states.append(nxt)
                row[index[k]] = row.get(index[k], 0.0) + pr
        edges.append(list(row.items()))
        i += 1
    n = len(states)
    v = [1.0 if s.winner == 0 else 0.0 if s.winner == 1 else 0.5 for s in states]
    e = [0.0] * n
    live = [
        (k, tuple(j for j, _ in edges[k]), tuple(pr for _, pr in edges[k]))
        for k in reversed(range(n))
        if states[k].winner is None
    ]
    for sweep in range(100_000):
        for k, targets, weights in live:
            v[k] = sum(map(mul, weights, map(v.__getitem__, targets)))
            e[k] = 1.0 + sum(map(mul, weights, map(e.__getitem__, targets)))
        if sweep % 10 == 9:
            rv = max(abs(sum(map(mul, w, map(v.__getitem__, t))) - v[k]) for k, t, w in live)
            re = max(abs(1 + sum(map(mul, w, map(e.__getitem__, t))) - e[k]) for k, t, w in live)
            if rv * (max(e) + 1) < 1e-12 and re * (max(e) + 1) < 1e-11:
                break
    return {_key(s): (v[k], e[k]) for k, s in enumerate(states)}, states


@pytest.mark.parametrize("ruleset,gully", VARIANTS)
@pytest.mark.parametrize("counters", [1, pytest.param(2, marks=pytest.mark.oracle)])
def test_every_state_agrees_with_brute_force(ruleset, gully, counters):
    options = Options(ruleset=ruleset, counters=counters, gully=gully)
    expected, states = brute_force(options)
    solution = solve(options)
    worst_v = worst_e = 0.0
    for state in states:
        v, e = expected[_key(state)]
        worst_v = max(worst_v, abs(solution.win(state)[0] - v))
        worst_e = max(worst_e, abs(solution.expected_throws(state) - e))
    assert worst_v <= 1e-10
    assert worst_e <= 1e-10
    assert solution.error_bound <= 1e-10


@pytest.mark.parametrize("counters", [1, pytest.param(2, marks=pytest.mark.oracle)])
@pytest.mark.parametrize("ruleset,gully", [("culin", "lose-throw"), ("printable", "cross")])
def test_without_the_mirror_shortcut_every_state_agrees_too(ruleset, gully, counters, monkeypatch):
    """A ruleset whose sides were not mirror images would be solved in full: the same
    rules solved that way agree with brute force as well."""
    monkeypatch.setattr(solver_module, "_mirror", lambda *args: None)
    monkeypatch.setattr(solver_module, "_GRAPHS", {})
    monkeypatch.setattr(solver_module, "_SOLUTIONS", {})
    options = Options(ruleset=ruleset, counters=counters, gully=gully)
    expected, states = brute_force(options)
    solution = solve(options)
    assert solution.graph.mirror is None
    for state in states:
        v, e = expected[_key(state)]
        assert solution.win(state)[0] == pytest.approx(v, abs=1e-10)
        assert solution.expected_throws(state) == pytest.approx(e, abs=1e-10)
    assert solution.error_bound <= 1e-10
    dist = solution.length_distribution(80)
    monkeypatch.undo()
    folded = solve(options).length_distribution(80)
    assert max(abs(a - b) for a, b in zip(dist, folded)) < 1e-13


def test_brute_force_with_biased_sticks():
    options = Options(ruleset="globe", counters=1)
    expected, states = brute_force(options, F(1, 3))
    solution = solve(options, "1/3")
    for state in states:
        v, e = expected[_key(state)]
        assert solution.win(state)[0] == pytest.approx(v, abs=1e-10)
        assert solution.expected_throws(state) == pytest.approx(e, rel=1e-8)


def _simulate(options: Options, games: int, seed: int, bias=F(1, 2)):
    rng = Rng(seed)
    wins = 0
    lengths = []
    for _ in range(games):
        state = State.start(options)
        length = 0
        while state.winner is None:
            state = state.advance(Throw.random(rng, bias))
            length += 1
        wins += state.winner == 0
        lengths.append(length)
    return wins, lengths


@pytest.mark.parametrize("ruleset,gully", VARIANTS)
def test_seeded_simulations_agree_within_four_standard_errors(ruleset, gully):
    options = Options(ruleset=ruleset, counters=2, gully=gully)
    games = 3000
    wins, lengths = _simulate(options, games, seed=20261123)
    solution = solve(options)
    start = State.start(options)
    p0 = solution.win(start)[0]
    assert abs(wins / games - p0) <= 4 * math.sqrt(p0 * (1 - p0) / games)
    mean = sum(lengths) / games
    sd = math.sqrt(sum((x - mean) ** 2 for x in lengths) / (games - 1))
    assert abs(mean - solution.expected_throws(start)) <= 4 * sd / math.sqrt(games)


def test_a_biased_simulation_agrees():
    options = Options(ruleset="kiowa", counters=1)
    games = 3000
    wins, lengths = _simulate(options, games, seed=7, bias=F(1, 3))
    solution = solve(options, F(1, 3))
    p0 = solution.win(State.start(options))[0]
    assert abs(wins / games - p0) <= 4 * math.sqrt(p0 * (1 - p0) / games)


def _swapped(state: State) -> State:
    return State(
        state.options,
        (state.awls[1], state.awls[0]),
        (state.counters[1], state.counters[0]),
        1 - state.to_move,
        None,
        (state.skip[1], state.skip[0]),
    )


@pytest.mark.parametrize("ruleset,gully", VARIANTS)
def test_swapping_the_sides_swaps_the_chances(ruleset, gully):
    """The rules treat both sides alike (each counts in its own numbering), so the
    position seen from the other side has the complementary chance."""
    options = Options(ruleset=ruleset, counters=3, gully=gully)
    solution = solve(options)
    rng = Rng(99)
    checked = 0
    for _ in range(40):
        state = State.start(options)
        for _ in range(10 + (rng.next_u64() % 50)):
            nxt = state.advance(Throw.random(rng))
            if nxt.winner is not None:
                break
            state = nxt
        try:
            other = solution.win(_swapped(state))[0]
        except OptionError:
            continue  # the swapped position is not reachable with side 0 throwing first
        assert solution.win(state)[0] + other == pytest.approx(1.0, abs=2e-10)
        assert solution.expected_throws(state) == pytest.approx(
            solution.expected_throws(_swapped(state)), rel=1e-8
        )
        checked += 1
    assert checked >= 20


def test_fair_bias_is_the_default():
    a = solve(Options(ruleset="printable", counters=3), "1/2")
    b = solve(Options(ruleset="printable", counters=3))
    c = solve(Options(ruleset="printable", counters=3), "0.5")
    start = State.start(Options(ruleset="printable", counters=3))
    assert a.win(start) == b.win(start) == c.win(start)


def test_bias_changes_the_answer():
    options = Options(ruleset="kiowa", counters=2)
    start = State.start(options)
    assert solve(options, "1/3").win(start) != solve(options).win(start)


@pytest.mark.parametrize("bias", ["0", "1", "3/2", "-1", "x", ""])
def test_bias_out_of_range_is_refused(bias):
    with pytest.raises(OptionError) as info:
        parse_solver_bias(bias)
    assert repr(bias) in str(info.value)


@pytest.mark.parametrize("ruleset,gully", VARIANTS)
def test_the_next_throw_table_averages_to_the_chance_now(ruleset, gully):
    options = Options(ruleset=ruleset, counters=2, gully=gully)
    solution = solve(options)
    state = State.start(options).advance("1100").advance("0011")
    table = solution.next_throws(state)
    assert sum(row["probability"] for row in table) == 1
    average = sum(float(row["probability"]) * row["win"][0] for row in table)
    assert average == pytest.approx(solution.win(state)[0], abs=1e-10)
    assert [row["value"] for row in table] == sorted(row["value"] for row in table)


def test_finished_games_and_the_throw_classes():
    options = Options(ruleset="kiowa", counters=1)
    state = State.start(options)
    for t in "1111 0000 1110".split():
        state = state.advance(t)
    assert state.winner == 1
    solution = solve(options)
    assert solution.win(state) == (0.0, 1.0)
    assert solution.expected_throws(state) == 0
    assert solution.next_throws(state) == []
    for table in ("sahe", "globe", "culin"):
        assert sum(pr for _, pr in throw_classes(table, F(2, 7))) == 1


def test_length_distribution_matches_the_expected_length():
    options = Options(ruleset="printable", counters=1)
    solution = solve(options)
    dist = solution.length_distribution(600)
    assert sum(dist) == pytest.approx(1.0, abs=1e-9)
    mean = sum((t + 1) * p for t, p in enumerate(dist))
    assert mean == pytest.approx(solution.expected_throws(State.start(options)), rel=1e-7)


@pytest.mark.parametrize("ruleset,gully", VARIANTS)
def test_length_distribution_agrees_with_pushing_the_real_states(ruleset, gully):
    """Every throw's chance of ending the game, against the mass pushed state by state
    through the chain of real positions (16 throws each, no mirror folding)."""
    options = Options(ruleset=ruleset, counters=1, gully=gully)
    probs = [float(F(1, 2) ** 4)] * 16
    mass = {_key(State.start(options)): (State.start(options), 1.0)}
    expected = []
    for _ in range(25):
        nxt: dict = {}
        ended = 0.0
        for state, m in mass.values():
            for t, pr in zip(Throw.all(), probs):
                after = state.advance(t)
                if after.winner is not None:
                    ended += m * pr
                    continue
                k = _key(after)
                nxt[k] = (after, nxt.get(k, (after, 0.0))[1] + m * pr)
        expected.append(ended)
        mass = nxt
    got = solve(options).length_distribution(25)
    assert max(abs(a - b) for a, b in zip(got, expected)) < 1e-13
    assert sum(expected) > 0.1


def test_length_distribution_over_a_long_game_agrees_with_the_real_states():
    """Long enough for the chance of ending to settle into its geometric tail: every
    throw's chance against the mass pushed through the real positions, throw class by
    throw class, with no folding and no shortcut."""
    options = Options(ruleset="globe", counters=2)
    classes = throw_classes(options.rules.table)
    start = State.start(options)
    index = {_key(start): 0}
    states = [start]
    moves: list = []
    i = 0
    while i < len(states):
        row = []
        for throw, pr in classes:
            after = states[i].advance(throw)
            if after.winner is not None:
                row.append((-1, float(pr)))
                continue
            k = index.setdefault(_key(after), len(states))
            if k == len(states):
                states.append(after)
            row.append((k, float(pr)))
        moves.append(row)
        i += 1
    mass = [0.0] * len(states)
    mass[0] = 1.0
    expected = []
    for _ in range(300):
        nxt = [0.0] * len(states)
        ended = 0.0
        for k, row in enumerate(moves):
            m = mass[k]
            if m:
                for j, pr in row:
                    if j < 0:
                        ended += m * pr
                    else:
                        nxt[j] += m * pr
        expected.append(ended)
        mass = nxt
    got = solve(options).length_distribution(300)
    assert len(got) == 300
    assert max(abs(a - b) for a, b in zip(got, expected)) < 1e-13
    assert 1e-7 < 1.0 - sum(expected) < 1e-2  # a tail is left beyond the last throw


def test_length_distribution_far_out_sums_to_one_with_the_expected_length():
    options = Options(ruleset="printable", counters=3)
    solution = solve(options)
    dist = solution.length_distribution(6000)
    assert len(dist) == 6000
    assert sum(dist) == pytest.approx(1.0, abs=1e-10)
    mean = sum((t + 1) * p for t, p in enumerate(dist))
    assert mean == pytest.approx(solution.expected_throws(State.start(options)), rel=1e-9)
    assert all(p >= 0 for p in dist)


def test_comeback_is_the_start_and_grows_with_the_counters():
    options = Options(ruleset="globe", counters=3)
    solution = solve(options)
    assert solution.comeback(3) == pytest.approx(solution.win(State.start(options))[0], abs=1e-12)
    chances = [solution.comeback(k) for k in range(0, 7)]
    assert chances[0] == 0 and chances[-1] == 1
    assert all(a < b for a, b in zip(chances, chances[1:]))
    with pytest.raises(OptionError):
        solution.comeback(7)


def _lone_lap(options: Options, laps: int, seed: int):
    """Simulate one awl alone (the other parked where it is not hit): the share of laps
    completed without a fall, and the mean number of throws per lap."""
    rng = Rng(seed)
    first = options.rules.start
    clean = 0
    throws = 0
    for _ in range(laps):
        fell = False
        own = first
        while True:
            throw = Throw.random(rng)
            throws += 1
            for parked in range(first, first + 4):
                state = State(options, (own, parked), (options.counters,) * 2, 0)
                nxt, events = state.play(throw)
                kinds = {e.kind for e in events}
                if not kinds & {"whip", "capture"}:
                    break
            if kinds & {"circuit", "lap"}:
                break
            if kinds & {"creek", "torrent", "river"}:
                fell = True
            own = nxt.awls[0]
        clean += not fell
    return clean / laps, throws / laps


@pytest.mark.parametrize("ruleset,gully", VARIANTS)
def test_lap_chance_and_throws_per_lap_agree_with_simulation(ruleset, gully):
    options = Options(ruleset=ruleset, counters=4, gully=gully)
    chance = lap_chance(options)
    per_lap = throws_per_lap(options)
    assert isinstance(chance, F) and 0 < chance < 1
    share, mean = _lone_lap(options, 4000, seed=5)
    assert abs(share - float(chance)) <= 4 * math.sqrt(float(chance * (1 - chance)) / 4000)
    assert mean == pytest.approx(float(per_lap), rel=0.06)


# --------------------------------------------------------------------------- command line


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "engine", "zohn-ahl", "solve", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_cli_solves_the_start_and_after_throws():
    out = run("--ruleset", "printable", "--counters", "2")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == {"win", "expected_throws"}
    options = Options(ruleset="printable", counters=2)
    solution = solve(options)
    assert data["win"][0] == pytest.approx(solution.win(State.start(options))[0], abs=1e-12)
    assert data["win"][0] + data["win"][1] == 1
    out = run("--ruleset=globe", "--counters=2", "--bias", "1/3", "1111", "1000")
    data = json.loads(out.stdout)
    state = State.start(Options(ruleset="globe", counters=2)).advance("1111").advance("1000")
    sol = solve(Options(ruleset="globe", counters=2), F(1, 3))
    assert data["win"][1] == pytest.approx(sol.win(state)[1], abs=1e-12)
    assert data["expected_throws"] == pytest.approx(sol.expected_throws(state), rel=1e-9)


def test_cli_decimal_bias_and_gully():
    a = json.loads(run("--ruleset", "printable", "--gully", "cross", "--bias", "0.25").stdout)
    b = json.loads(run("--ruleset", "printable", "--gully", "cross", "--bias", "1/4").stdout)
    assert a == b


def test_cli_finished_game():
    out = run("--ruleset", "kiowa", "--counters", "1", "1111", "0000", "1110")
    assert out.returncode == 0
    assert json.loads(out.stdout) == {"win": [0, 1], "expected_throws": 0}


@pytest.mark.parametrize(
    "args,quoted",
    [
        (["--ruleset", "chess"], "'chess'"),
        (["--counters", "0"], "'0'"),
        (["--counters", "21"], "'21'"),
        (["--bias", "1"], "'1'"),
        (["--bias", "two"], "'two'"),
        (["--gully", "jump", "--ruleset", "printable"], "'jump'"),
        (["1111", "01a0"], "'01a0'"),
        (["--counters", "1", "1111", "0000", "1110", "1000"], "'1000'"),
        (["--speed", "3"], "'--speed'"),
    ],
)
def test_cli_errors(args, quoted):
    out = run(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and quoted in lines[0] and "argument" in lines[0]
