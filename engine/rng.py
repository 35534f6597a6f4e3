"""A small, explicit, portable random number generator: SplitMix64.

Why not :mod:`random`? A seeded game must give the same throws in CPython 3.11 on the
host and in Pyodide (Python 3.14) in the page. ``random``'s algorithms for ``randrange``,
``choice`` and ``shuffle`` are implementation details that have changed between Python
versions; this generator uses only integer arithmetic modulo 2**64, so a seed gives the
same numbers everywhere, for ever.

The algorithm is Sebastiano Vigna's SplitMix64 (public domain reference code
``splitmix64.c``, the generator Java's ``SplittableRandom`` is built on)::

    state += 0x9E3779B97F4A7C15                      (mod 2**64)
    z = state
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9         (mod 2**64)
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB         (mod 2**64)
    return z ^ (z >> 31)

Known answers (also checked by the tests): seed 0 gives 0xE220A8397B1DCDAF first;
seed 1234567 gives 6457827717110365317, 3203168211198807973, 9817491932198370423,
4593380528125082431, 16408922859458223821.

Because the state only ever grows by the constant ``GAMMA``, the n-th output of a seed
can be computed directly (:func:`splitmix64_at`): this lets the page draw "throw number n
of the game with seed s" without replaying the earlier throws.

Derived operations, all exact and integer-only:

* ``next_u64()`` the raw output; ``next_u32()`` its high 32 bits.
* ``below(n)`` an unbiased integer in ``0 .. n-1`` by rejection sampling on the high
  bits (for n above 2**64, several outputs are concatenated, most significant first).
* ``chance(p)`` True with probability exactly ``p`` (a :class:`fractions.Fraction`):
  ``below(p.denominator) < p.numerator``.
* ``choice(seq)`` = ``seq[below(len(seq))]``; ``shuffle(lst)`` is Fisher-Yates from the
  end (``for i from n-1 down to 1: swap lst[i], lst[below(i+1)]``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, TypeVar

T = TypeVar("T")

__all__ = ["Rng", "splitmix64_at", "MASK64", "GAMMA"]

MASK64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * _M1) & MASK64
    z = ((z ^ (z >> 27)) * _M2) & MASK64
    return z ^ (z >> 31)


def splitmix64_at(seed: int, index: int) -> int:
    """The ``index``-th output (0-based) of ``Rng(seed).next_u64()``, computed directly."""
    if index < 0:
        raise ValueError(f"index {index!r} is negative")
    return _mix((seed + (index + 1) * GAMMA) & MASK64)


class Rng:
    """SplitMix64: ``Rng(seed)`` for any integer seed (taken modulo 2**64)."""

    __slots__ = ("_state",)

    def __init__(self, seed: int = 0):
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed {seed!r} is not an integer (use Rng.from_text for a string)")
        self._state = seed & MASK64

    @classmethod
    def from_text(cls, text: str) -> Rng:
        """A generator seeded from a string: the first 8 bytes of its UTF-8 SHA-256, big-endian."""
        return cls(cls.seed_from_text(text))

    @staticmethod
    def seed_from_text(text: str) -> int:
        """The integer seed :meth:`from_text` uses for ``text``."""
        return int.from_bytes(hashlib.sha256(str(text).encode("utf-8")).digest()[:8], "big")

    def next_u64(self) -> int:
        state = (self._state + GAMMA) & MASK64
        self._state = state
        z = ((state ^ (state >> 30)) * _M1) & MASK64
        z = ((z ^ (z >> 27)) * _M2) & MASK64
        return z ^ (z >> 31)

    def next_u32(self) -> int:
        """The high 32 bits of the next 64-bit output."""
        return self.next_u64() >> 32

    def below(self, n: int) -> int:
        """An integer in ``0 .. n-1``, every value with probability exactly 1/n."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"below({n!r}): expected a positive integer")
        if n == 1:
            return 0
        k = (n - 1).bit_length()
        if k <= 64:
            shift = 64 - k
            while True:
                r = self.next_u64() >> shift
                if r < n:
                    return r
        words = (k + 63) // 64
        shift = words * 64 - k
        while True:
            r = 0
            for _ in range(words):
                r = (r << 64) | self.next_u64()
            r >>= shift
            if r < n:
                return r

    def chance(self, p: Fraction | int | str) -> bool:
        """True with probability exactly ``p`` (a Fraction, int or exact string like '1/3')."""
        p = Fraction(p)
        if p <= 0:
            return False
        if p >= 1:
            return True
        return self.below(p.denominator) < p.numerator

    def choice(self, seq: Sequence[T]) -> T:
        if not len(seq):
            raise IndexError("cannot choose from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle a list in place (Fisher-Yates, from the end)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def getstate(self) -> int:
        return self._state

    def setstate(self, state: int) -> None:
        if isinstance(state, bool) or not isinstance(state, int):
            raise TypeError(f"state {state!r} is not an integer")
        self._state = state & MASK64

    def __repr__(self) -> str:
        return f"Rng(state=0x{self._state:016x})"
