"""Fuzzing, bounded and deterministic: whatever arrives, the protocol answers with valid
JSON (``ok`` true, or an error of a documented kind, never ``internal``), and the parsers
either read their input or raise an :class:`EngineError` (never another exception).

Hypothesis runs with ``derandomize=True`` and a fixed number of examples, so every run
tries the same inputs and takes a few seconds."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import protocol
from engine.awithlaknannai import Move, Position
from engine.awithlaknannai import Record as ARecord
from engine.core import EngineError
from engine.zohn_ahl import Options, Throw, parse_bias
from engine.zohn_ahl import Record as ZRecord

FUZZ = settings(
    derandomize=True,
    max_examples=150,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
KINDS = {"request", "ruleset", "option", "throw", "move", "position", "record", "game-over"}

# Pieces of real input, so that the fuzz reaches past the first check.
THROW = st.text(alphabet="01", min_size=0, max_size=6) | st.sampled_from(["1111", "0001"])
THROWS = st.lists(THROW, max_size=30).map(" ".join)
POINT = st.sampled_from(["t1", "t4", "m4", "m5", "m6", "b4", "b5", "m9", "t16", "x0"])
MOVE = st.builds(
    lambda a, sep, b: f"{a}{sep}{b}", POINT, st.sampled_from(["-", "x", "x(m5)", ""]), POINT
) | st.sampled_from(["m6-m5", "m4xm6", "b5-m5", "t4xb5"])
MOVES = st.lists(MOVE, max_size=12).map(" ".join)
NUMBER = (
    st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.sampled_from([0, 1, 20, 21, 2**63, 10**400])
)
TEXT = st.text(max_size=40) | st.sampled_from(
    [
        "kiowa",
        "globe",
        "culin",
        "printable",
        "ludii",
        "bent",
        "kolowis",
        "open",
        "1/3",
        "0.5",
        "1e-9",
        "cross",
        "majority",
        "en",
        "fr",
        "hard",
        "random",
        "WWWWWWWW/WWWW.BBBB/BBBBBBBB B 0",
    ]
)
HEADER = st.builds(
    lambda tag, value: f'[{tag} "{value}"]',
    st.sampled_from(
        ["Game", "Ruleset", "Counters", "Gully", "Seed", "Bias", "Stall", "Position", "X"]
    ),
    TEXT | NUMBER.map(str),
)
ZRECORD = st.builds(
    lambda headers, throws: "\n".join(headers) + "\n\n" + throws,
    st.lists(HEADER, max_size=4),
    THROWS,
)
ARECORD = st.builds(
    lambda headers, moves: "\n".join(['[Game "awithlaknannai"]', *headers]) + "\n" + moves,
    st.lists(HEADER, max_size=3),
    MOVES,
)
SCALAR = st.none() | st.booleans() | NUMBER | TEXT
VALUE = st.recursive(
    SCALAR,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=8,
)
ARG_NAMES = [
    "record",
    "throw",
    "throws",
    "move",
    "moves",
    "seed",
    "bias",
    "options",
    "ruleset",
    "stall",
    "position",
    "level",
    "time_limit",
    "node_limit",
    "game",
    "lang",
    "flip",
    "table",
    "draw",
]
ARGS = st.fixed_dictionaries(
    {},
    optional={
        "record": ZRECORD | ARECORD | SCALAR,
        "throw": THROW | SCALAR,
        "throws": THROWS | SCALAR,
        "move": MOVE | SCALAR,
        "moves": MOVES | SCALAR,
        "seed": NUMBER | SCALAR,
        "bias": TEXT | NUMBER,
        "options": st.fixed_dictionaries(
            {}, optional={"ruleset": TEXT, "counters": NUMBER | TEXT, "gully": TEXT}
        )
        | VALUE,
        "ruleset": TEXT,
        "stall": TEXT,
        "position": TEXT,
        "level": st.sampled_from(["random", "easy", "medium"]) | TEXT,
        "time_limit": st.floats(min_value=0.001, max_value=0.05) | NUMBER,
        "node_limit": st.integers(min_value=-5, max_value=300) | NUMBER,
        "game": st.sampled_from(["zohn-ahl", "awithlaknannai"]) | TEXT,
        "lang": TEXT,
        "flip": VALUE,
        "table": TEXT,
        "draw": st.fixed_dictionaries({}, optional={"lang": TEXT, "flip": VALUE}) | VALUE,
    },
)
COMMAND = st.sampled_from(sorted(protocol.COMMANDS)) | TEXT


def check_reply(text: str) -> dict:
    reply = json.loads(text, parse_constant=lambda name: (_ for _ in ()).throw(ValueError(name)))
    assert isinstance(reply, dict) and reply["ok"] in (True, False)
    if not reply["ok"]:
        assert reply["error"]["kind"] in KINDS, reply["error"]
    return reply


@FUZZ
@given(cmd=COMMAND, args=ARGS, request_id=SCALAR)
def test_every_request_gets_a_valid_json_reply(cmd, args, request_id):
    request = json.dumps({"id": request_id, "cmd": cmd, "args": args})
    check_reply(protocol.handle(request))


@FUZZ
@given(
    text=st.text(max_size=200)
    | st.sampled_from(['{"id": NaN}', '{"id": 1, "cmd": Infinity}', "[" * 5000])
)
def test_any_text_gets_a_valid_json_reply(text):
    check_reply(protocol.handle(text))


def reads_or_refuses(parse, text):
    try:
        parse(text)
    except EngineError as err:
        assert str(err) and len(str(err)) < 2000
        json.dumps(err.to_dict())


@FUZZ
@given(text=ZRECORD | st.text(max_size=80))
def test_zohn_ahl_record_parser(text):
    reads_or_refuses(lambda t: ZRecord.parse(t).state(), text)


@FUZZ
@given(text=ARECORD | st.text(max_size=80))
def test_awithlaknannai_record_parser(text):
    reads_or_refuses(lambda t: ARecord.parse(t).replay(), text)


@FUZZ
@given(text=TEXT | st.builds(lambda r, s, n: f"{r} {s} {n}", TEXT, TEXT, NUMBER.map(str)))
def test_position_parser(text):
    reads_or_refuses(Position.parse, text)


@FUZZ
@given(text=MOVE | st.text(max_size=30))
def test_move_and_throw_parsers(text):
    reads_or_refuses(Move.parse, text)
    reads_or_refuses(Throw.parse, text)


@FUZZ
@given(value=TEXT | NUMBER | SCALAR)
def test_option_parsers(value):
    reads_or_refuses(parse_bias, value)
    reads_or_refuses(lambda v: Options(counters=v), value)
    reads_or_refuses(lambda v: Options(ruleset=v), value)


# Whole numbers of any length, written into the request's text as they would arrive (a
# number past 4,300 digits cannot even be written by json.dumps), in every bounded argument.
LONG_DIGITS = st.builds(
    lambda sign, first, rest: sign + first + rest,
    st.sampled_from(["", "-"]),
    st.sampled_from("123456789"),
    st.text(alphabet="0123456789", min_size=19, max_size=6000),
)
BOUNDED = st.sampled_from(
    [
        ("zohn-ahl.new", '"throws": "", ', "seed"),
        ("zohn-ahl.new", "", "since"),
        ("awithlaknannai.ai", '"record": "", ', "time_limit"),
        ("awithlaknannai.ai", '"record": "", ', "node_limit"),
        ("awithlaknannai.analyse", '"record": "", ', "depth"),
        ("awithlaknannai.analyse", '"record": "", ', "node_limit"),
        ("awithlaknannai.analyse", '"record": "", ', "mate_plies"),
        ("awithlaknannai.review", '"record": "m6-m5", ', "depth"),
        ("zohn-ahl.lab", "", "counters"),
    ]
)


@FUZZ
@given(where=BOUNDED, digits=LONG_DIGITS)
def test_a_whole_number_of_any_length_is_refused_by_name(where, digits):
    cmd, extra, name = where
    text = '{"id": 1, "cmd": "%s", "args": {%s"%s": %s}}' % (cmd, extra, name, digits)
    reply = check_reply(protocol.handle(text))
    assert reply["ok"] is False and reply["error"]["kind"] == "request", reply["error"]
    assert reply["error"]["where"] == name


# Fractions and decimals with long numerators and denominators, up to the length limit.
LONG_BIAS = st.builds(
    lambda a, sep, b: f"{a}{sep}{b}",
    st.text(alphabet="0123456789", min_size=1, max_size=20),
    st.sampled_from(["/", " / ", "."]),
    st.text(alphabet="0123456789", min_size=1, max_size=39),
) | st.text(alphabet="0123456789", min_size=1, max_size=38).map(lambda d: "0." + d)


@FUZZ
@given(bias=LONG_BIAS)
def test_a_long_bias_is_read_or_refused_at_once(bias):
    reads_or_refuses(parse_bias, bias)
    reply = check_reply(
        protocol.handle(
            json.dumps({"id": 1, "cmd": "zohn-ahl.probabilities", "args": {"bias": bias}})
        )
    )
    if reply["ok"]:
        assert parse_bias(bias).denominator <= 1_000_000


COUNTERS = st.builds(
    lambda before, number, after: before + number + after,
    st.sampled_from(["", " ", "+", "-", "\t", "0", "00", "\u00a0", "٤"]),
    st.integers(min_value=-3, max_value=25).map(str),
    st.sampled_from(["", " ", "\n", ".0", "x"]),
)


@FUZZ
@given(counters=COUNTERS)
def test_counters_on_the_command_line_are_whole_numbers_written_plainly(counters):
    import contextlib
    import io

    from engine.zohn_ahl.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["replay", "--counters", counters])
    plain = counters.isascii() and counters.isdigit() and 1 <= int(counters) <= 20
    if plain:
        assert status == 0 and json.loads(out.getvalue())["counters"] == [int(counters)] * 2
    else:
        assert status == 2 and out.getvalue() == "" and "--counters" in err.getvalue()
        assert err.getvalue().count("\n") == 1
