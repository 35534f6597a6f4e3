"""Zohn Ahl: the worked examples of spec/zohn-ahl.md (API and command line), the
rules of each ruleset throw by throw, and the errors for bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core import (
    EngineError,
    GameOverError,
    OptionError,
    PositionError,
    RulesetError,
    ThrowError,
)
from engine.zohn_ahl import EVENT_KINDS, RULESETS, Options, State, Throw, path, physical_space
from engine.zohn_ahl.cli import main as cli_main

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "spec" / "zohn-ahl.md"

T, F = True, False

# The worked examples table of spec/zohn-ahl.md, copied (test_worked_examples_match_spec
# checks the copy against the specification).
WORKED = [
    ("kiowa", {}, "1111 0000 1110", [1, 1], [3, 5], 1, [F, F]),
    ("kiowa", {}, "0000 0000 0000 0000 1100", [3, 1], [5, 3], 1, [F, F]),
    ("kiowa", {}, "1100 0001 1100", [3, 4], [4, 4], 0, [F, F]),
    ("culin", {}, "0000 0000 0000 0000 1000 1000", [32, 2], [4, 4], 0, [F, F]),
    ("printable", {}, "1111 1000", [7, 0], [4, 4], 1, [T, F]),
    ("printable", {}, "1111 0001", [7, 0], [4, 4], 1, [F, F]),
    ("printable", {"gully": "cross"}, "1111 1000", [21, 0], [4, 4], 1, [F, F]),
    ("globe", {}, "1111 1000", [7, 2], [4, 4], 1, [F, F]),
    ("globe", {}, "1100 0101", [3, 3], [4, 4], 1, [F, F]),
]


def run_cli(*args):
    """Run ``python -m engine zohn-ahl ARGS`` in a subprocess: (status, stdout, stderr)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "zohn-ahl", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return proc.returncode, proc.stdout, proc.stderr


def play_all(options, throws):
    state = State.start(options)
    all_events = []
    for t in throws.split():
        state, events = state.play(t)
        all_events.append(events)
    return state, all_events


def kinds(events):
    return [e.kind for e in events]


# ----------------------------------------------------------------- worked examples


@pytest.mark.parametrize("ruleset,extra,throws,awls,counters,to_move,skip", WORKED)
def test_worked_example_api(ruleset, extra, throws, awls, counters, to_move, skip):
    state, _ = play_all(Options(ruleset=ruleset, **extra), throws)
    d = state.to_dict()
    assert (d["awls"], d["counters"], d["to_move"], d["winner"], d["skip"]) == (
        awls,
        counters,
        to_move,
        None,
        skip,
    )


@pytest.mark.parametrize("ruleset,extra,throws,awls,counters,to_move,skip", WORKED)
def test_worked_example_cli(ruleset, extra, throws, awls, counters, to_move, skip):
    args = ["replay", "--ruleset", ruleset]
    if "gully" in extra:
        args += ["--gully", extra["gully"]]
    status, out, err = run_cli(*args, *throws.split())
    assert status == 0, err
    assert err == ""
    d = json.loads(out)
    assert (d["awls"], d["counters"], d["to_move"], d["winner"], d["skip"]) == (
        awls,
        counters,
        to_move,
        None,
        skip,
    )


def test_worked_examples_match_spec():
    rows = []
    for line in SPEC.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 7 and cells[1].startswith("`") and cells[0] != "ruleset":
            name, _, gully = cells[0].partition(", gully ")
            extra = {"gully": gully.strip("`")} if gully else {}
            flags = [c == "T" for c in cells[5].strip("[]").split(", ")]
            rows.append(
                (
                    name,
                    extra,
                    cells[1].strip("`"),
                    json.loads(cells[2]),
                    json.loads(cells[3]),
                    int(cells[4]),
                    flags,
                )
            )
    assert rows == WORKED


# ----------------------------------------------------------------- kiowa


def test_kiowa_passing_20_is_safe_landing_falls_in():
    state, evs = play_all("kiowa", "0000 0000")  # 1 -> 11 -> 21: passes the creek
    assert state.awls == (21, 1) and state.counters == (4, 4) and state.to_move == 0
    state, evs = play_all("kiowa", "1111 0000 1110")  # 1 -> 7 -> 17 -> 20: falls in
    assert kinds(evs[2]) == ["throw", "move", "creek", "turn"]
    creek = evs[2][2]
    assert (creek.side, creek.from_space, creek.to_space, creek.payer, creek.counters) == (
        0,
        20,
        1,
        0,
        (3, 5),
    )


def test_kiowa_creek_on_40_keeps_the_extra_throw():
    # side 0: 10, 10, 10 -> 31 (each throws again), 3 without the sahe -> 34, turn passes;
    # side 1: 2 -> 3; side 0: 6 -> 40: the creek, and the 6 still earns another throw.
    state, evs = play_all("kiowa", "0000 0000 0000 1110 1100 1111")
    assert kinds(evs[-1]) == ["throw", "move", "creek", "extra-throw", "turn"]
    assert evs[-1][2].from_space == 40
    assert state.awls == (1, 3) and state.counters == (3, 5) and state.to_move == 0


def test_kiowa_whip_sends_back_and_pays():
    # side 0: 2 -> 3. side 1: 10, 10, 10 -> 31, then 1 -> 32 (physical 41 - 32 = 9).
    # side 0: 6 -> 9 lands on side 1's awl: whipped back to its space 1, side 1 pays 1.
    state, evs = play_all("kiowa", "1100 0000 0000 0000 1000 1111")
    last = evs[-1]
    assert kinds(last) == ["throw", "move", "whip", "extra-throw", "turn"]
    whip = last[2]
    assert (
        whip.side,
        whip.target,
        whip.to_space,
        whip.target_space,
        whip.payer,
        whip.counters,
    ) == (0, 1, 9, 1, 1, (5, 3))
    assert state.awls == (9, 1) and state.counters == (5, 3) and state.to_move == 0


def test_kiowa_circuit_then_whip_in_one_throw():
    # side 0: 10, 10, 10 -> 31, 3 -> 34 (no extra). side 1: 10, 10, 10 -> 31, 2 -> 33.
    # side 0: 1 -> 35. side 1: 3 (no sahe) -> 36 = physical 5.
    # side 0: 10 from 35 = 45: circuit (side 1 pays), on to 5 where side 1 stands: whip
    # (side 1 pays again).
    state, evs = play_all("kiowa", "0000 0000 0000 1110 0000 0000 0000 1100 1000 1110 0000")
    last = evs[-1]
    assert kinds(last) == ["throw", "move", "circuit", "whip", "extra-throw", "turn"]
    assert last[1].path == (36, 37, 38, 39, 40, 1, 2, 3, 4, 5)
    assert last[2].counters == (5, 3) and last[3].counters == (6, 2)
    assert state.awls == (5, 1) and state.counters == (6, 2) and state.to_move == 0


def find_game(options, want, max_games=3000, seed=7):
    """A seeded random game (list of throws) in which ``want(events)`` is true for some throw."""
    from engine.rng import Rng

    rng = Rng(seed)
    for _ in range(max_games):
        state = State.start(options)
        throws = []
        while not state.finished:
            t = Throw.random(rng)
            state, evs = state.play(t)
            throws.append(str(t))
            if want(evs):
                return throws, evs, state
    raise AssertionError("no game found")


def test_kiowa_circuit_with_whip_pays_twice():
    throws, evs, state = find_game(
        Options("kiowa", 8), lambda e: "circuit" in kinds(e) and "whip" in kinds(e)
    )
    circuit = next(e for e in evs if e.kind == "circuit")
    whip = next(e for e in evs if e.kind == "whip")
    assert circuit.payer == whip.payer == whip.target == 1 - circuit.side
    mover = circuit.side
    before = circuit.counters[mover] - 1
    assert whip.counters[mover] == before + 2


# ----------------------------------------------------------------- culin


def test_culin_no_move_past_40_keeps_extra_throw():
    state, evs = play_all("culin", "0000 0000 0000 0000 1000 1000")
    assert kinds(evs[3]) == ["throw", "no-move", "extra-throw", "turn"]
    nm = evs[3][1]
    assert (nm.from_space, nm.value, nm.reason) == (31, 10, "past-40")


def test_culin_lap_on_exactly_40():
    # side 0: 10, 10, 10 -> 31, then 5 (1111) -> 36 extra, 3 (1110) -> 39 no extra
    state, evs = play_all("culin", "0000 0000 0000 1111 1110")
    assert state.awls == (39, 1) and state.to_move == 1
    # side 1: 2 -> 3 (physical 38; a 1 would land on physical 39 and whip side 0);
    # side 0: 1 -> 40 exactly: the lap is complete.
    state, evs = play_all("culin", "0000 0000 0000 1111 1110 1100 1000")
    assert kinds(evs[-1]) == ["throw", "move", "lap", "turn"]
    lap = evs[-1][2]
    assert (lap.side, lap.payer, lap.to_space, lap.counters) == (0, 1, 1, (5, 3))
    assert state.awls == (1, 3)


def test_culin_value_five_for_four_marks():
    state, evs = State.start("culin").play("1111")
    assert evs[0].value == 5 and evs[0].extra is True and state.awls[0] == 6


def test_culin_sahe_is_not_special():
    state, evs = State.start("culin").play("0001")
    assert evs[0].extra is False and state.to_move == 1


def test_culin_whip_then_creek_on_20():
    # side 0: 1 -> 2. side 1: 10 -> 11, 5 -> 16, 3 -> 19 (no extra). side 0: 10 -> 12, 3 -> 15.
    # side 1: 2 -> 21 (physical 20). side 0: 5 -> 20: whips side 1, then falls into the creek.
    state, evs = play_all("culin", "1000 0000 1111 1110 0000 1110 1100 1111")
    last = evs[-1]
    assert kinds(last) == ["throw", "move", "whip", "creek", "extra-throw", "turn"]
    assert last[2].counters == (5, 3) and last[3].counters == (4, 4)
    assert state.awls == (1, 1) and state.to_move == 0


def test_culin_whip_on_20_then_creek():
    throws, evs, state = find_game(
        Options("culin"), lambda e: "whip" in kinds(e) and "creek" in kinds(e)
    )
    k = kinds(evs)
    assert k.index("whip") < k.index("creek")
    mover = evs[0].side
    assert state.awls[mover] == 1 and state.awls[1 - mover] == 1


# ----------------------------------------------------------------- printable


def test_printable_gully_lose_throw_skips_next_turn():
    state, evs = play_all("printable", "1111 1000")
    assert kinds(evs[1]) == ["throw", "move", "gully", "lost-throw", "turn"]
    assert evs[1][3].reason == "next-turn"
    # side 1 throws 2 (no extra): side 0's turn is skipped, side 1 again
    state, evs = state.play("1100")
    assert kinds(evs) == ["throw", "move", "skip", "turn"]
    assert evs[2].side == 0 and evs[3].side == 1
    assert state.to_move == 1 and state.skip == (False, False)


def test_printable_gully_lose_throw_on_extra():
    state, evs = play_all("printable", "1111 0001")
    assert kinds(evs[1]) == ["throw", "move", "gully", "lost-throw", "turn"]
    assert evs[1][3].reason == "extra-throw"
    assert evs[1][4].reason == "passed"


def test_printable_gully_cross():
    state, evs = play_all(Options("printable", gully="cross"), "1111 1000")
    assert kinds(evs[1]) == ["throw", "move", "gully", "cross", "turn"]
    assert (evs[1][3].from_space, evs[1][3].to_space) == (7, 21)


def test_printable_cross_from_21_to_7_and_keeps_extra():
    # side 0 to 18 then 3 with the sahe -> 21 crosses to 7, and throws again
    opts = Options("printable", gully="cross")
    state, evs = play_all(
        opts, "0000 1111 1100 1000"
    )  # 10 -> 10, 6 -> 16, 2 -> 18 (no extra); side 1: 1
    assert state.awls == (18, 1) and state.to_move == 0
    state, evs = state.play("0111")  # 18 + 3 = 21 -> 7, extra (sahe)
    assert kinds(evs) == ["throw", "move", "gully", "cross", "extra-throw", "turn"]
    assert state.awls[0] == 7 and state.to_move == 0


def test_printable_torrent():
    state, evs = play_all("printable", "0000 0110 1100")  # 10 (extra), 2 -> 12; side 1: 2
    assert state.awls == (12, 2)
    state, evs = state.play("0110")  # 12 + 2 = 14: torrent
    assert kinds(evs) == ["throw", "move", "torrent", "turn"]
    assert state.awls == (0, 2) and state.counters == (3, 5)


def test_printable_lap_sends_both_awls_home():
    state, evs = play_all("printable", "0000 0000 0011 1100")  # 10, 20, 22; side 1: 2
    assert state.awls == (22, 2)
    state, evs = state.play("1111")  # 22 + 6 = 28: lap
    assert kinds(evs) == ["throw", "move", "lap", "extra-throw", "turn"]
    assert evs[1].path == (23, 24, 25, 26, 27, 0)
    assert state.awls == (0, 0) and state.counters == (5, 3)


def test_printable_whip():
    # side 0 to 3 (0111: 3 with sahe, extra), then 1 -> 4? find by search instead
    throws, evs, state = find_game(Options("printable"), lambda e: "whip" in kinds(e))
    whip = next(e for e in evs if e.kind == "whip")
    assert state.awls[whip.target] == 0
    assert physical_space("printable", whip.side, whip.to_space) != 0


# ----------------------------------------------------------------- globe


def test_globe_ravine_ends_turn_and_skips():
    state, evs = play_all("globe", "1111 1000")
    assert kinds(evs[0]) == ["throw", "move", "ravine", "lost-throw", "lost-throw", "turn"]
    assert [e.reason for e in evs[0] if e.kind == "lost-throw"] == ["extra-throw", "next-turn"]
    assert kinds(evs[1]) == ["throw", "move", "skip", "turn"]


def test_globe_extra_with_sahe_whatever_k():
    for t in ("0001", "0011", "0101", "1001", "0111", "1011", "1101", "1111", "0000"):
        state, evs = State.start("globe").play(t)
        assert evs[0].extra is True, t
    for t in ("1000", "1100", "1110", "0110"):
        state, evs = State.start("globe").play(t)
        assert evs[0].extra is False, t


def test_globe_river_north_and_south():
    state, evs = play_all("globe", "0000 1100 1000")  # 1 -> 11 (extra) -> 13; side 1: 2
    state, evs = state.play("1000")  # 13 + 1 = 14: north river
    assert kinds(evs) == ["throw", "move", "river", "turn"]
    assert state.awls[0] == 1 and state.counters == (3, 5)


def test_globe_capture_in_ravine_cancels_skip_and_passes_turn():
    # side 1 falls in its ravine 7 (physical 21), then side 0 lands on physical 21 (own 21).
    state, _ = play_all("globe", "1100 1111")  # side 0: 1 -> 3; side 1: 1 -> 7 ravine
    assert state.awls == (3, 7) and state.skip == (False, True) and state.to_move == 0
    state, evs = state.play("0000")  # side 0: 3 -> 13 (extra)
    state, evs = state.play("0011")  # 13 -> 15 (extra: sahe)
    assert state.to_move == 0
    state, evs = state.play("1111")  # 15 + 6 = 21: captures side 1 in its ravine 7
    assert kinds(evs) == [
        "throw",
        "move",
        "capture",
        "skip-cancelled",
        "ravine",
        "lost-throw",
        "lost-throw",
        "turn",
    ]
    assert evs[2].reason == "in-ravine" and evs[3].side == 1
    assert evs[-1].side == 1 and evs[-1].reason == "captured-in-ravine"
    assert state.awls == (21, 1) and state.counters == (5, 3)
    assert state.skip == (True, False) and state.to_move == 1


def test_globe_lap_sends_other_awl_back():
    # side 0: 10 -> 11, 1 -> 12. side 1: 2 -> 3 (physical 25). side 0: 10 -> 22, 2 -> 24.
    # side 1: 2 -> 5 (physical 23). side 0: 24 + 10 = 34: lap, side 1 pays and goes back to
    # its own 1, side 0 goes on to 6 and throws again.
    state, evs = play_all("globe", "0000 1000 1100 0000 1100 1100 0000")
    last = evs[-1]
    assert kinds(last) == ["throw", "move", "lap", "extra-throw", "turn"]
    lap = last[2]
    assert (lap.to_space, lap.target, lap.target_space, lap.payer) == (6, 1, 1, 1)
    assert state.awls == (6, 1) and state.counters == (5, 3) and state.to_move == 0


def test_globe_south_river_is_exactly_28():
    # side 0: 10 -> 11, 2 -> 13; side 1: 1 -> 2; side 0: 3 -> 16; side 1: -> 3; side 0: 2 -> 18;
    # side 1: -> 4; side 0: 18 + 10 = 28: the south river.
    state, evs = play_all("globe", "0000 1100 1000 1110 1000 1100 1000 0000")
    last = evs[-1]
    assert kinds(last) == ["throw", "move", "river", "extra-throw", "turn"]
    assert last[2].from_space == 0 and last[2].to_space == 1
    assert state.awls == (1, 4) and state.counters == (3, 5)


def test_both_skips_due_are_used_up():
    # printable lose-throw: side 0 gully without extra (skip due), side 1 gully without extra
    state, evs = play_all("printable", "1111 1000")  # side 0 at 7, skip due
    assert state.skip == (True, False) and state.to_move == 1
    state, evs = state.play("1111")  # side 1: 0 -> 6 extra
    state, evs = state.play("1000")  # side 1: 6 -> 7 gully, skip due
    # side 1 at own 7 = physical 21; side 0 at 7: no whip
    assert kinds(evs) == [
        "throw",
        "move",
        "gully",
        "lost-throw",
        "skip-cancelled",
        "skip-cancelled",
        "turn",
    ]
    assert evs[-1].side == 0 and evs[-1].reason == "both-skips"
    assert state.skip == (False, False) and state.to_move == 0


# ----------------------------------------------------------------- wins, game over


def test_win_when_other_side_has_no_counter():
    state, evs = play_all(Options("kiowa", counters=1), "1111 0000 1110")
    assert state.finished and state.winner == 1 and state.to_move is None
    assert kinds(evs[-1])[-1] == "win" and evs[-1][-1].side == 1
    assert state.outcome.to_dict() == {"winner": 1, "reason": "no-counters"}
    with pytest.raises(GameOverError):
        state.play("1000")
    assert state.chance_outcomes() == []


def test_game_over_via_cli():
    status, out, err = run_cli(
        "replay", "--ruleset", "kiowa", "--counters", "1", "1111", "0000", "1110", "1000"
    )
    assert status == 2 and out == ""
    lines = err.strip("\n").split("\n")
    assert len(lines) == 1
    assert "'1000'" in lines[0] and "throw 4" in lines[0]


# ----------------------------------------------------------------- geometry


def test_physical_space_mappings():
    assert physical_space("kiowa", 0, 20) == 20
    assert physical_space("kiowa", 1, 20) == 21
    assert physical_space("culin", 1, 1) == 40
    assert physical_space("printable", 1, 0) == 0
    assert physical_space("printable", 1, 7) == 21
    assert physical_space("globe", 1, 1) == 27
    assert physical_space("globe", 1, 14) == 14
    for name, rules in RULESETS.items():
        for own in range(rules.first, rules.last + 1):
            assert physical_space(name, 1, physical_space(name, 1, own)) == own


def test_path():
    assert path("kiowa", 0, 35, 10) == [36, 37, 38, 39, 40, 1, 2, 3, 4, 5]
    assert path("culin", 1, 35, 10) == []
    assert path("culin", 1, 35, 5) == [36, 37, 38, 39, 40]
    assert path("printable", 0, 25, 6) == [26, 27, 0]
    assert path("globe", 1, 25, 6) == [26, 27, 0, 1, 2, 3]
    with pytest.raises(PositionError):
        path("kiowa", 0, 0, 3)
    with pytest.raises(PositionError):
        path("globe", 2, 1, 3)


def test_move_event_path_matches_path_helper():
    from engine.rng import Rng

    rng = Rng(99)
    for name in RULESETS:
        state = State.start(name)
        for _ in range(300):
            if state.finished:
                break
            side, before = state.to_move, state.awls[state.to_move]
            state, evs = state.play(Throw.random(rng))
            move = [e for e in evs if e.kind == "move"]
            if move:
                assert list(move[0].path) == path(name, side, before, evs[0].value)
                assert move[0].to_space == move[0].path[-1]
            else:
                assert path(name, side, before, evs[0].value) == []


# ----------------------------------------------------------------- events


def test_event_kinds_and_to_dict():
    state, evs = play_all("kiowa", "1111 0000 1110")
    for throw_events in evs:
        assert throw_events[0].kind == "throw"
        for e in throw_events:
            assert e.kind in EVENT_KINDS
            d = e.to_dict()
            json.dumps(d)
            assert d["kind"] == e.kind and None not in d.values() or d["side"] is None
    first = evs[0][0].to_dict()
    assert first == {"kind": "throw", "side": 0, "throw": "1111", "value": 6, "extra": True}


def test_every_non_final_throw_ends_with_one_turn_event():
    from engine.rng import Rng

    rng = Rng(5)
    for name in RULESETS:
        state = State.start(name)
        while not state.finished:
            state, evs = state.play(Throw.random(rng))
            ks = kinds(evs)
            if state.finished:
                assert ks[-1] == "win" and "turn" not in ks
            else:
                assert ks.count("turn") == 1 and ks[-1] == "turn"
                assert evs[-1].side == state.to_move


# ----------------------------------------------------------------- bad input, API


def test_throw_parse_errors_quote_the_input():
    for bad in ("01x1", "000", "00000", "", " 0001", "2222", "0 01"):
        with pytest.raises(ThrowError) as exc:
            Throw.parse(bad)
        assert repr(bad) in str(exc.value)
    with pytest.raises(ThrowError):
        State.start("kiowa").play("01x1")
    with pytest.raises(ThrowError):
        State.start("kiowa").play(5)


def test_options_errors():
    with pytest.raises(RulesetError) as exc:
        Options(ruleset="zuni")
    assert "'zuni'" in str(exc.value)
    for n in (0, 21, -1, "x", "4.5", True):
        with pytest.raises(OptionError):
            Options(counters=n)
    with pytest.raises(OptionError):
        Options(ruleset="printable", gully="jump")
    with pytest.raises(OptionError):
        Options(ruleset="kiowa", gully="cross")
    with pytest.raises(OptionError):
        Options.from_dict({"ruleset": "kiowa", "colour": "red"})
    assert Options.from_dict(
        {"ruleset": "printable", "counters": "7", "gully": "cross"}
    ) == Options("printable", 7, "cross")
    assert Options(counters=1).counters == 1 and Options(counters=20).counters == 20


def test_errors_are_engine_errors_with_dicts():
    try:
        Throw.parse("01x1")
    except EngineError as err:
        d = err.located("throw 3").to_dict()
        assert d["type"] == "ThrowError" and d["where"] == "throw 3" and d["input"] == "01x1"


# ----------------------------------------------------------------- bad input, CLI

CLI_ERRORS = [
    (["replay", "--ruleset", "kiowa", "1111", "01x1"], ["'01x1'", "throw 2"]),
    (["replay", "--ruleset", "kiowa", "11111"], ["'11111'", "throw 1"]),
    (["replay", "--ruleset", "zuni", "1111"], ["'zuni'", "argument 4"]),
    (["replay", "--ruleset", "kiowa", "--counters", "0"], ["'0'", "argument 6"]),
    (["replay", "--ruleset", "kiowa", "--counters", "21", "1111"], ["'21'", "argument 6"]),
    (["replay", "--ruleset", "kiowa", "--counters", "four"], ["'four'", "--counters"]),
    (["replay", "--ruleset", "printable", "--gully", "jump"], ["'jump'", "argument 6"]),
    (["replay", "--ruleset", "globe", "--gully", "cross"], ["'cross'", "--gully"]),
    (
        ["replay", "--ruleset", "kiowa", "--counters", "1", "1111", "0000", "1110", "0000"],
        ["'0000'", "throw 4"],
    ),
    (["replay", "--ruleset", "kiowa", "--colour", "red"], ["'--colour'", "argument 5"]),
    (["replay", "--ruleset"], ["--ruleset"]),
    (["rewind", "--ruleset", "kiowa"], ["'rewind'"]),
    ([], ["command"]),
]


@pytest.mark.parametrize("args,needles", CLI_ERRORS)
def test_cli_errors_subprocess(args, needles):
    status, out, err = run_cli(*args)
    assert status == 2
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    for needle in needles:
        assert needle in err


@pytest.mark.parametrize("args,needles", CLI_ERRORS)
def test_cli_errors_in_process(args, needles, capsys):
    assert cli_main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    for needle in needles:
        assert needle in err


def test_cli_json_keys_and_start_position(capsys):
    assert cli_main(["replay", "--ruleset=globe", "--counters=7"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert {"awls", "counters", "to_move", "winner", "skip"} <= set(d)
    assert d["awls"] == [1, 1] and d["counters"] == [7, 7] and d["to_move"] == 0


def test_cli_odds(capsys):
    assert cli_main(["odds", "--table", "sahe", "--bias", "1/3"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["throws"]["1111"] == "1/81" and d["values"]["10"] == "16/81"
    assert cli_main(["odds", "--table", "dice"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
