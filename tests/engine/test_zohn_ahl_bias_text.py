"""A stick bias as the reader types it into the lab or a request: a fraction, or a decimal
written with a point or a comma; a bad one refused with an error quoting it as typed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from protocol_calls import call  # noqa: E402


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("1/3", "1/3"),
        ("0.25", "1/4"),
        ("0,25", "1/4"),
        (" 0,5 ", "1/2"),
        ("2/4", "1/2"),
        (",5", "1/2"),
    ],
)
def test_a_bias_is_read_with_a_decimal_point_or_comma(typed, read):
    reply = call("zohn-ahl.probabilities", {"bias": typed})
    assert reply["ok"], reply
    assert reply["result"]["bias"] == read


def test_the_chances_of_marks_come_as_exact_fractions_and_as_numbers():
    result = call("zohn-ahl.probabilities", {"bias": "1/2"})["result"]
    assert result["marked"] == {"0": "1/16", "1": "1/4", "2": "3/8", "3": "1/4", "4": "1/16"}
    assert result["marked_shares"] == {"0": 0.0625, "1": 0.25, "2": 0.375, "3": 0.25, "4": 0.0625}


@pytest.mark.parametrize(
    ("cmd", "args"),
    [
        ("zohn-ahl.probabilities", {}),
        ("zohn-ahl.lab", {"part": "counters"}),
        ("zohn-ahl.new", {}),
        ("zohn-ahl.chances", {"record": '[Counters "1"]\n'}),
    ],
)
@pytest.mark.parametrize("typed", ["abc", "0,2,5", "1,5", "0.2,5", "-0,1"])
def test_a_bad_bias_is_refused_quoting_it_as_typed(cmd, args, typed):
    reply = call(cmd, {**args, "bias": typed})
    assert reply["ok"] is False, reply
    err = reply["error"]
    assert err["where"] == "bias" and err["input"] == typed, err
    assert repr(typed) in err["message"], err


def test_the_solver_refuses_sticks_that_always_fall_one_way():
    err = call("zohn-ahl.lab", {"part": "counters", "bias": "1,0"})["error"]
    assert err["where"] == "bias" and "'1,0'" in err["message"], err
