"""Bounded input: every number, depth and length has a limit, and beyond it a clear error
of a documented kind (``spec/protocol.md``, ``spec/command-line.md``), never a crash, a
hang or an ``internal`` error. The cases below were each found failing by fuzzing."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine import protocol
from engine.awithlaknannai.cli import run as awithlaknannai_cli
from engine.zohn_ahl.cli import main as zohn_ahl_cli

HUGE = "9" * 5000  # more digits than Python turns into an int without complaint
KINDS = {"request", "ruleset", "option", "throw", "move", "position", "record", "game-over"}
# "At once" is counted in Python calls, not timed: a refusal takes a few hundred calls, the
# smallest real work refused here (the probabilities of a plain bias) some thousands, and
# a solve millions; the count is the same on a busy machine as on an idle one.
AT_ONCE = 2000


def python_calls(work) -> int:
    """How many Python and built-in function calls ``work()`` makes, counted on its second
    run (the first imports what it needs, once)."""
    work()
    calls = 0

    def count(frame, event, arg):
        nonlocal calls
        calls += event in ("call", "c_call")

    sys.setprofile(count)
    try:
        work()
    finally:
        sys.setprofile(None)
    return calls


def reply_to(text: str) -> dict:
    """The decoded reply to a raw request text (checked to be strict JSON)."""
    out = protocol.handle(text)
    return json.loads(out, parse_constant=lambda name: pytest.fail(f"{name} in {out[:80]}"))


def refused(cmd: str, args: dict) -> dict:
    reply = reply_to(json.dumps({"id": 7, "cmd": cmd, "args": args}))
    assert reply["id"] == 7 and reply["ok"] is False, reply
    assert reply["error"]["kind"] in KINDS, reply["error"]
    return reply["error"]


@pytest.mark.parametrize("limit", ["Infinity", "1e999"])
def test_an_infinite_time_limit_is_refused_at_once(limit):
    text = '{"id": 1, "cmd": "awithlaknannai.ai", "args": {"record": "", "time_limit": %s}}'
    reply = reply_to(text % limit)
    assert reply["ok"] is False and reply["error"]["kind"] == "request"
    assert python_calls(lambda: reply_to(text % limit)) < AT_ONCE


@pytest.mark.parametrize(
    "args, where",
    [
        ({"time_limit": 61}, "time_limit"),
        ({"time_limit": 0}, "time_limit"),
        ({"time_limit": -1}, "time_limit"),
        ({"node_limit": 10**7 + 1}, "node_limit"),
        ({"node_limit": 0}, "node_limit"),
        ({"seed": -1}, "seed"),
        ({"seed": 2**63}, "seed"),
    ],
)
def test_computer_budgets_have_limits(args, where):
    err = refused("awithlaknannai.ai", {"record": "", **args})
    assert err["kind"] == "request" and err["where"] == where


def test_a_nan_id_does_not_make_an_invalid_reply():
    reply = reply_to('{"id": NaN, "cmd": "ping"}')
    assert reply["ok"] is False and reply["error"]["kind"] == "request"


def test_deep_nesting_is_the_request_s_fault():
    for depth in (40, 1000, 100_000):
        text = '{"id": 1, "cmd": "ping", "args": {"x": ' + "[" * depth + "]" * depth + "}}"
        reply = reply_to(text)
        assert reply["ok"] is False and reply["error"]["kind"] == "request", depth


@pytest.mark.parametrize(
    "cmd, args",
    [
        ("zohn-ahl.new", {"options": {"counters": HUGE}}),
        ("zohn-ahl.new", {"options": {"counters": int(HUGE[:4000])}}),
        ("zohn-ahl.new", {"bias": "1e-999999999"}),
        ("zohn-ahl.new", {"bias": "1/" + "3" * 100}),
        ("zohn-ahl.load", {"record": f'[Counters "{HUGE}"]'}),
        ("zohn-ahl.load", {"record": f'[Seed "{HUGE}"]'}),
        ("zohn-ahl.load", {"record": '[Seed "18446744073709551616"]'}),
        ("zohn-ahl.load", {"record": f'[Bias "{HUGE}"]'}),
        ("awithlaknannai.new", {"position": "WWWWWWWW/WWWW.BBBB/BBBBBBBB B " + HUGE[:9000]}),
        ("awithlaknannai.load", {"record": f"{HUGE}. m6-m5"}),
        ("zohn-ahl.probabilities", {"bias": "1e-99999999"}),
    ],
)
def test_huge_numbers_in_the_input_are_named_not_crashed_on(cmd, args):
    err = refused(cmd, args)
    assert err["kind"] != "internal" and len(err["message"]) < 400
    assert python_calls(lambda: refused(cmd, args)) < AT_ONCE


def test_the_largest_seed_of_a_record_is_accepted():
    view = protocol.dispatch("zohn-ahl.load", {"record": '[Seed "18446744073709551615"]'})
    assert view["seed"] == 2**64 - 1


def test_perft_depth_is_bounded_on_the_command_line():
    for depth in ("30", "9" * 20, HUGE):
        status, out, err = awithlaknannai_cli(["perft", "--depth", depth])
        assert status == 2 and out == "" and "depth" in err and "\n" not in err
    assert awithlaknannai_cli(["perft", "--depth", "2"])[:2] == (0, '{"nodes": 4}')


def test_huge_numbers_on_the_zohn_ahl_command_line(capsys):
    for args in (["replay", "--counters", HUGE, "1111"], ["odds", "--bias", "1e-999999999"]):
        assert zohn_ahl_cli(args) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and captured.err.count("\n") == 1 and len(captured.err) < 400


def test_huge_position_counter_on_the_command_line():
    position = "WWWWWWWW/WWWW.BBBB/BBBBBBBB B " + HUGE
    status, out, err = awithlaknannai_cli(["moves", "--position", position])
    assert status == 2 and out == "" and "counter" in err


HOSTILE = Path(__file__).resolve().parent / "hostile_requests.py"
RUNNER = Path(__file__).resolve().parents[2] / "tests" / "pyodide" / "run.mjs"


def check_hostile_replies(output: str) -> None:
    replies = json.loads(output)["replies"]
    assert replies and all(r["ok"] is False and r["kind"] in KINDS for r in replies), replies


def test_hostile_requests_in_cpython():
    proc = subprocess.run(
        [sys.executable, str(HOSTILE)],
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ, PYTHONPATH=str(RUNNER.parents[2])),
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    check_hostile_replies(proc.stdout)


@pytest.mark.pyodide
def test_hostile_requests_in_pyodide():
    """In the browser's Python, JSON nested some thousand levels deep overflowed the stack
    and killed the runtime: the worker must answer such a request like any other."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed: the engine cannot be checked inside Pyodide")
    proc = subprocess.run(
        [node, str(RUNNER), str(HOSTILE)], capture_output=True, text=True, timeout=600
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    check_hostile_replies(proc.stdout.strip().splitlines()[-1])


BOUNDED = [
    ("zohn-ahl.new", {}, "seed"),
    ("zohn-ahl.new", {}, "since"),
    ("awithlaknannai.ai", {"record": ""}, "time_limit"),
    ("awithlaknannai.ai", {"record": ""}, "node_limit"),
    ("awithlaknannai.analyse", {"record": ""}, "depth"),
    ("awithlaknannai.analyse", {"record": ""}, "node_limit"),
    ("awithlaknannai.analyse", {"record": ""}, "mate_plies"),
    ("awithlaknannai.review", {"record": "m6-m5"}, "depth"),
    ("zohn-ahl.lab", {}, "counters"),
]


@pytest.mark.parametrize("cmd, args, name", BOUNDED)
@pytest.mark.parametrize("digits", [309, 400, 1000, 4300, 4301, 20_000])
@pytest.mark.parametrize("sign", ["", "-"])
def test_a_whole_number_of_any_length_is_a_request_error_naming_its_argument(
    cmd, args, name, digits, sign
):
    """Past 308 digits a whole number no longer fits a double (``math.isfinite`` raised
    OverflowError: ``internal``); past 4,300 Python refuses to read it."""
    text = json.dumps({"id": 3, "cmd": cmd, "args": args})[:-2]
    text += (", " if args else "") + f'"{name}": {sign}{"7" * digits}}}}}'
    reply = reply_to(text)
    assert reply["id"] == 3 and reply["ok"] is False, reply
    error = reply["error"]
    assert error["kind"] == "request" and error["where"] == name, error
    assert f"{digits}-digit" in error["message"] and len(error["message"]) < 300
    assert python_calls(lambda: reply_to(text)) < AT_ONCE


def test_a_long_request_id_is_refused_not_echoed():
    reply = reply_to('{"id": ' + "4" * 400 + ', "cmd": "ping"}')
    assert reply["id"] is None and reply["error"]["kind"] == "request"
    assert reply["error"]["where"] == "id" and "4444" not in json.dumps(reply)
    assert reply_to('{"id": ' + "4" * 30 + ', "cmd": "ping"}')["id"] == int("4" * 30)


LONG_BIASES = ["1/" + "9" * 38, "0." + "3" * 37, "1/1000001", "0.0000001", "2/3333333"]


@pytest.mark.parametrize("bias", LONG_BIASES)
@pytest.mark.parametrize(
    "cmd, args",
    [
        ("zohn-ahl.lab", {}),
        ("zohn-ahl.lab", {"part": "counters"}),
        ("zohn-ahl.probabilities", {}),
        ("zohn-ahl.new", {}),
        ("zohn-ahl.chances", {"record": ""}),
    ],
)
def test_a_bias_finer_than_a_millionth_is_refused_at_once(cmd, args, bias):
    err = refused(cmd, {**args, "bias": bias})
    assert err["kind"] == "option" and "1000000" in err["message"], err
    assert python_calls(lambda: refused(cmd, {**args, "bias": bias})) < AT_ONCE


def test_a_link_with_a_fine_bias_is_refused_before_any_work():
    """A chances record with many counters and a bias of many digits delayed a board's
    first throw by many seconds: the record is refused as it is read."""
    record = '[Game "zohn-ahl"]\n[Counters "20"]\n[Bias "1/' + "9" * 38 + '"]\n'
    for cmd in ("zohn-ahl.load", "zohn-ahl.chances"):
        err = refused(cmd, {"record": record})
        assert err["kind"] == "record" and err["where"] == "line 3", err
        assert python_calls(lambda: refused(cmd, {"record": record})) < AT_ONCE  # noqa: B023


def test_the_finest_bias_accepted_is_worked_out():
    reply = protocol.dispatch("zohn-ahl.probabilities", {"bias": "0.333333"})
    assert reply["bias"] == "333333/1000000"
    assert protocol.dispatch("zohn-ahl.probabilities", {"bias": "2/2000000"})["bias"] == (
        "1/1000000"
    )


@pytest.mark.parametrize("counters", [" 4", "4 ", "+4", "-4", "\t4", "4\n", "٤"])
def test_counters_on_the_command_line_are_digits_only(capsys, counters):
    assert zohn_ahl_cli(["replay", "--counters", counters, "1111"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "--counters" in captured.err
    assert captured.err.count("\n") == 1


def test_a_long_throw_makes_a_short_error_line(capsys):
    assert zohn_ahl_cli(["replay", "1" * 5000]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and len(captured.err) < 300


def test_a_fine_bias_on_the_command_line_is_refused_at_once(capsys):
    for command in (["solve", "--counters", "20"], ["odds"]):
        argv = [*command, "--bias", "1/" + "9" * 38]
        assert zohn_ahl_cli(argv) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and "--bias" in captured.err and "1000000" in captured.err
        assert python_calls(lambda: zohn_ahl_cli(argv)) < AT_ONCE  # noqa: B023
        capsys.readouterr()


def test_a_link_with_many_counters_asks_no_long_work_of_a_chances_board():
    """A board that shows its chances solves the game's table first: for a record with
    more counters than the page works out, the chances are refused before any work, and
    the game itself still loads."""
    record = '[Game "zohn-ahl"]\n[Counters "20"]\n\n1111'
    err = refused("zohn-ahl.chances", {"record": record})
    assert err["kind"] == "option" and "1 to 8 counters" in err["message"], err
    assert python_calls(lambda: refused("zohn-ahl.chances", {"record": record})) < AT_ONCE
    assert protocol.dispatch("zohn-ahl.load", {"record": record})["options"]["counters"] == 20
    few = protocol.dispatch("zohn-ahl.chances", {"record": record.replace("20", "2")})
    assert abs(sum(few["win"]) - 1) < 1e-9
