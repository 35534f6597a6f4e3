"""Exact probabilities of throws, values and extra throws, for fair and biased sticks.

The expected values are worked out by hand from the tables of spec/zohn-ahl.md:
with fair sticks each of the 16 throws has probability 1/16; with bias p (q = 1 - p) a throw
with k marks has probability p^k q^(4-k).

sahe table, fair sticks: extra throw on 0000, 1111, 0001 and the three k=3 throws that
include the sahe (0111, 1011, 1101): 6/16 = 3/8.
globe table: 0000 plus the eight throws with the sahe marked: 9/16.
culin table: 0000 and 1111: 2/16 = 1/8.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import OptionError
from engine.zohn_ahl import (
    TABLES,
    State,
    Throw,
    earns_extra,
    event_probability,
    extra_throw_probability,
    marked_probabilities,
    throw_probabilities,
    value,
    value_probabilities,
)


def test_throw_values_from_the_tables():
    assert [value(t, "sahe") for t in ("0000", "1000", "0001", "1100", "1110", "0111", "1111")] == [
        10,
        1,
        1,
        2,
        3,
        3,
        6,
    ]
    assert value("1111", "culin") == 5 and value("1111", "globe") == 6
    assert value(Throw.parse("0000"), "culin") == 10


def test_extra_throws_from_the_tables():
    sahe_extra = {str(t) for t in Throw.all() if earns_extra(t, "sahe")}
    assert sahe_extra == {"0000", "1111", "0001", "0111", "1011", "1101"}
    globe_extra = {str(t) for t in Throw.all() if earns_extra(t, "globe")}
    assert globe_extra == {"0000"} | {str(t) for t in Throw.all() if str(t)[3] == "1"}
    culin_extra = {str(t) for t in Throw.all() if earns_extra(t, "culin")}
    assert culin_extra == {"0000", "1111"}


def test_fair_sahe_table():
    vp = value_probabilities("sahe")
    assert vp == {1: F(1, 4), 2: F(3, 8), 3: F(1, 4), 6: F(1, 16), 10: F(1, 16)}
    assert extra_throw_probability("sahe") == F(3, 8)
    assert all(p == F(1, 16) for p in throw_probabilities("sahe").values())


def test_fair_globe_and_culin_tables():
    assert extra_throw_probability("globe") == F(9, 16)
    assert extra_throw_probability("culin") == F(1, 8)
    assert value_probabilities("culin")[5] == F(1, 16)
    assert 6 not in value_probabilities("culin")


def test_biased_one_third():
    p = F(1, 3)
    tp = throw_probabilities("sahe", p)
    assert tp[Throw.parse("1111")] == F(1, 81)
    assert tp[Throw.parse("0000")] == F(16, 81)
    assert tp[Throw.parse("0001")] == F(8, 81)
    # 16 (k=0) + 1 (k=4) + 8 (0001) + 3 * 2 (k=3 with the sahe) = 31
    assert extra_throw_probability("sahe", p) == F(31, 81)
    # sahe marked (1/3 = 27/81) or no mark at all (16/81)
    assert extra_throw_probability("globe", p) == F(43, 81)
    assert extra_throw_probability("culin", p) == F(17, 81)
    assert value_probabilities("sahe", p)[10] == F(16, 81)
    assert value_probabilities("sahe", "1/3") == value_probabilities("sahe", p)


def test_event_probability_vocabulary():
    assert event_probability("sahe", "value 6") == F(1, 16)
    assert event_probability("sahe", "marked 2") == F(3, 8)
    assert event_probability("sahe", "extra-throw") == F(3, 8)
    assert event_probability("globe", "extra-throw", F(1, 3)) == F(43, 81)
    assert event_probability("culin", "value 6") == 0
    assert event_probability("sahe", "0001") == F(1, 16)
    for bad in ("value six", "jump", "marked", ""):
        with pytest.raises(OptionError):
            event_probability("sahe", bad)


def test_bad_table_and_bias():
    with pytest.raises(OptionError) as exc:
        value_probabilities("dice")
    assert "'dice'" in str(exc.value)
    for bad in (F(3, 2), -1, "x", "1/0", True, None):
        with pytest.raises(OptionError):
            throw_probabilities("sahe", bad)


def test_extreme_bias():
    assert value_probabilities("sahe", 1) == {1: 0, 2: 0, 3: 0, 6: 1, 10: 0}
    assert extra_throw_probability("sahe", 0) == 1


fractions_0_1 = st.fractions(min_value=0, max_value=1, max_denominator=10**6)


@settings(max_examples=60, deadline=None)
@given(fractions_0_1, st.sampled_from(TABLES))
def test_probabilities_sum_to_one(p, table):
    assert sum(throw_probabilities(table, p).values()) == 1
    assert sum(value_probabilities(table, p).values()) == 1
    assert sum(marked_probabilities(p).values()) == 1
    assert 0 <= extra_throw_probability(table, p) <= 1
    assert sum(pr for _, pr in State.start("kiowa").chance_outcomes(p)) == 1


@settings(max_examples=60, deadline=None)
@given(fractions_0_1)
def test_closed_forms(p):
    q = 1 - p
    # binomial counts of marks
    assert marked_probabilities(p) == {
        0: q**4,
        1: 4 * p * q**3,
        2: 6 * p * p * q * q,
        3: 4 * p**3 * q,
        4: p**4,
    }
    # sahe: no mark, four marks, the lone sahe, three marks with the sahe among them
    assert extra_throw_probability("sahe", p) == q**4 + p**4 + p * q**3 + 3 * p**3 * q
    assert extra_throw_probability("globe", p) == q**4 + p
    assert extra_throw_probability("culin", p) == q**4 + p**4
