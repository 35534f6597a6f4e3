"""engine.rng (SplitMix64) and the seeded throws built on it.

Known answers: the first outputs of SplitMix64 for seed 1234567 are the ones published with
the reference algorithm (Rosetta Code, "Pseudo-random numbers/Splitmix64"), and seed 0's
first output is 0xE220A8397B1DCDAF (Vigna's splitmix64.c). The hand-checkable reference
below recomputes them from the published pseudocode, independently of engine.rng.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from fractions import Fraction

import pytest

from engine.core import OptionError
from engine.rng import Rng, splitmix64_at
from engine.zohn_ahl import Throw, seeded_throw, throws_from_seed


def reference_splitmix64(seed, n):
    """The published pseudocode, written out with explicit masks."""
    state = seed
    out = []
    for _ in range(n):
        state = (state + 0x9E3779B97F4A7C15) % 2**64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
        out.append(z ^ (z >> 31))
    return out


def test_known_answers_seed_1234567():
    rng = Rng(1234567)
    got = [rng.next_u64() for _ in range(5)]
    assert got == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]
    assert got == reference_splitmix64(1234567, 5)


def test_known_answer_seed_0():
    assert Rng(0).next_u64() == 0xE220A8397B1DCDAF


@pytest.mark.parametrize("seed", [0, 1, 42, 2**64 - 1, 20260101])
def test_matches_reference_and_direct_index(seed):
    rng = Rng(seed)
    outs = [rng.next_u64() for _ in range(20)]
    assert outs == reference_splitmix64(seed, 20)
    assert [splitmix64_at(seed, i) for i in range(20)] == outs


def test_next_u32_is_high_half():
    assert Rng(1234567).next_u32() == 6457827717110365317 >> 32


def test_state_round_trip_and_seed_reduction():
    a = Rng(7)
    a.next_u64()
    b = Rng(0)
    b.setstate(a.getstate())
    assert [a.next_u64() for _ in range(3)] == [b.next_u64() for _ in range(3)]
    assert Rng(2**64 + 5).next_u64() == Rng(5).next_u64()
    assert Rng(-1).getstate() == 2**64 - 1


def test_from_text_uses_sha256():
    expected = int.from_bytes(hashlib.sha256(b"zohn ahl").digest()[:8], "big")
    assert Rng.from_text("zohn ahl").getstate() == expected
    assert Rng.from_text("a").next_u64() != Rng.from_text("b").next_u64()


def test_below_range_and_rough_uniformity():
    rng = Rng(3)
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(800 < c < 1200 for c in counts.values())
    assert Rng(3).below(1) == 0
    big = 3**50
    assert all(0 <= Rng(i).below(big) < big for i in range(20))
    with pytest.raises(ValueError):
        Rng(1).below(0)


def test_below_power_of_two_uses_high_bits_exactly():
    # n = 16: one output, top 4 bits (no rejection possible)
    assert Rng(1234567).below(16) == 6457827717110365317 >> 60


def test_chance_exact_edges():
    rng = Rng(11)
    assert not any(rng.chance(Fraction(0)) for _ in range(50))
    assert all(rng.chance(1) for _ in range(50))
    hits = sum(Rng(i).chance(Fraction(1, 3)) for i in range(3000))
    assert 850 < hits < 1150


def test_choice_and_shuffle():
    rng = Rng(8)
    items = list(range(10))
    rng.shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))
    a, b = list(range(10)), list(range(10))
    Rng(8).shuffle(a)
    Rng(8).shuffle(b)
    assert a == b == items
    assert Rng(2).choice("abc") in "abc"
    with pytest.raises(IndexError):
        Rng(2).choice([])


def test_throw_random_fair_reads_top_four_bits():
    assert str(Throw.random(Rng(1234567))) == format(6457827717110365317 >> 60, "04b")


def test_seeded_throw_is_stateless_and_matches_generator():
    gen = throws_from_seed(2026)
    first = [next(gen) for _ in range(30)]
    assert first == [seeded_throw(2026, i) for i in range(30)]
    assert seeded_throw(2026, 17) == seeded_throw(2026, 17)
    # the known answer of throw 0 of seed 1234567: the first output of a generator seeded
    # with SplitMix64's first output for 1234567, top four bits
    inner = reference_splitmix64(6457827717110365317, 1)[0]
    assert str(seeded_throw(1234567, 0)) == format(inner >> 60, "04b")


def test_seeded_throw_with_bias():
    gen = throws_from_seed(5, Fraction(1, 3))
    assert [next(gen) for _ in range(10)] == [seeded_throw(5, i, Fraction(1, 3)) for i in range(10)]
    assert all(str(seeded_throw(i, 0, 1)) == "1111" for i in range(5))
    assert all(str(seeded_throw(i, 0, 0)) == "0000" for i in range(5))
    with pytest.raises(OptionError):
        seeded_throw(5, 0, Fraction(3, 2))
    with pytest.raises(OptionError):
        seeded_throw(5, -1)


def test_seeded_throws_look_fair():
    counts = Counter(str(seeded_throw(99, i)) for i in range(3200))
    assert len(counts) == 16
    assert all(130 < c < 270 for c in counts.values())
