"""The four stick dice, the three throw tables, exact probabilities and seeded throws.

A throw is written as four characters, the three plain sticks then the **sahe** (the
specially marked stick), ``1`` for the marked (flat) side up, ``0`` for the other side up
(``spec/zohn-ahl.md``, "Throws"). ``k`` is the number of marks showing.

Throw tables (``spec/zohn-ahl.md``, which also lists the works cited):

========  ====  ===  ===  ===  ===  =====================================================
table     k=0   k=1  k=2  k=3  k=4  throws again when
========  ====  ===  ===  ===  ===  =====================================================
sahe      10    1    2    3    6    k=0, k=4, or k is 1 or 3 and the sahe is marked
globe     10    1    2    3    6    k=0, or the sahe is marked (whatever k)
culin     10    1    2    3    5    k=0 or k=4
========  ====  ===  ===  ===  ===  =====================================================

* ``sahe``: Mooney's tsoñä as Wikipedia ("Zohn Ahl") tabulates it, and the printable
  rules sheet. Wikipedia marks k=4 "only possible with the sahe": with four sticks
  k=4 always includes the sahe, so the table is complete.
* ``globe``: Le Globe Joueur ("Zohn Al"): "Si la face blanche du sahe apparaît ou
  qu'aucune face blanche n'apparaît, [on] garde la main".
* ``culin``: Culin 1898/1907 ("white" 10, "red" 5, both throw again); no special stick,
  so the fourth character of a throw is just another stick.

Stick bias: each stick independently shows its mark with probability ``p`` (1/2 for fair
sticks), so a throw with k marks has probability ``p**k * (1-p)**(4-k)``. All
probabilities are exact :class:`fractions.Fraction`.

Random throws: :meth:`Throw.random` draws from an :class:`engine.rng.Rng`. With fair
sticks (p = 1/2) it takes one 64-bit output and reads its four highest bits, most
significant first, as the four sticks in order (three plain, then the sahe); with any
other p it calls ``rng.chance(p)`` once per stick, in order. :func:`seeded_throw` gives
throw number ``index`` (0-based) of a seeded game without replaying the earlier ones: it
is ``Throw.random(Rng(splitmix64_at(seed, index)), p)``, i.e. every throw has its own
generator seeded by the index-th SplitMix64 output of the game's seed. The same
(seed, index, p) gives the same throw in CPython and Pyodide.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from fractions import Fraction

from engine.core import OptionError, ThrowError, quote
from engine.rng import MASK64, Rng, splitmix64_at

__all__ = [
    "Throw",
    "TABLES",
    "value",
    "earns_extra",
    "throw_probabilities",
    "value_probabilities",
    "extra_throw_probability",
    "marked_probabilities",
    "event_probability",
    "seeded_throw",
    "throws_from_seed",
    "parse_bias",
]

TABLES = ("sahe", "globe", "culin")
HALF = Fraction(1, 2)

#: A stick bias as the API accepts it (see :func:`parse_bias`).
Bias = Fraction | int | float | str

_THROW_HELP = "expected four characters 0 or 1 (three plain sticks, then the sahe)"


class Throw:
    """One throw of the four sticks; an immutable value, one shared instance per throw.

    ``Throw.parse("0001")`` or ``Throw("0001")``; ``str(t) == "0001"``; ``t.sticks`` is a
    tuple of four bools (three plain then the sahe, True = mark up); ``t.marked`` is k;
    ``t.sahe`` whether the sahe shows its mark; ``t.code`` the integer 0..15 whose binary
    digits are the throw's characters.
    """

    __slots__ = ("code", "sticks", "marked", "sahe", "_text")
    code: int
    sticks: tuple[bool, bool, bool, bool]
    marked: int
    sahe: bool
    _text: str
    _ALL: tuple[Throw, ...] = ()

    def __new__(cls, value: Throw | str | Sequence[bool | int]) -> Throw:
        if isinstance(value, Throw):
            return value
        if isinstance(value, str):
            return cls.parse(value)
        if (
            isinstance(value, (tuple, list))
            and len(value) == 4
            and all(isinstance(x, (bool, int)) and x in (0, 1) for x in value)
        ):
            return cls._ALL[
                (int(value[0]) << 3) | (int(value[1]) << 2) | (int(value[2]) << 1) | int(value[3])
            ]
        raise ThrowError(f"{value!r} is not a throw: {_THROW_HELP}", input=value)

    @classmethod
    def _make(cls, code: int) -> Throw:
        self = object.__new__(cls)
        text = format(code, "04b")
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "sticks", tuple(c == "1" for c in text))
        object.__setattr__(self, "marked", text.count("1"))
        object.__setattr__(self, "sahe", text[3] == "1")
        object.__setattr__(self, "_text", text)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Throw is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Throw is immutable")

    def __reduce__(self) -> tuple[type[Throw], tuple[str]]:
        return (Throw, (self._text,))

    def __copy__(self) -> Throw:
        return self

    def __deepcopy__(self, memo: object) -> Throw:
        return self

    @classmethod
    def parse(cls, text: str) -> Throw:
        """Read a throw written as four characters 0/1; ThrowError quoting the input otherwise."""
        throw = _BY_TEXT.get(text) if isinstance(text, str) else None
        if throw is None:
            raise ThrowError(f"{quote(text)} is not a throw: {_THROW_HELP}", input=text)
        return throw

    @classmethod
    def from_code(cls, code: int) -> Throw:
        if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code < 16:
            raise ThrowError(f"{code!r} is not a throw code: expected an integer 0..15", input=code)
        return cls._ALL[code]

    @classmethod
    def all(cls) -> tuple[Throw, ...]:
        """The 16 throws, in the order 0000, 0001, ..., 1111."""
        return cls._ALL

    @classmethod
    def random(cls, rng: Rng, p: Bias = HALF) -> Throw:
        """A random throw: each stick shows its mark with probability ``p`` (see the module doc)."""
        if p is not HALF:
            p = parse_bias(p)
        if p is HALF or p == HALF:
            return cls._ALL[rng.next_u64() >> 60]
        code = 0
        for _ in range(4):
            code = (code << 1) | (1 if rng.chance(p) else 0)
        return cls._ALL[code]

    def probability(self, p: Bias = HALF) -> Fraction:
        p = parse_bias(p)
        return p**self.marked * (1 - p) ** (4 - self.marked)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Throw('{self._text}')"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Throw):
            return self.code == other.code
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("Throw", self.code))

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Throw):
            return self.code < other.code
        return NotImplemented


Throw._ALL = tuple(Throw._make(c) for c in range(16))
_BY_TEXT = {str(t): t for t in Throw._ALL}


def _table_rows() -> tuple[dict[str, tuple[int, ...]], dict[str, tuple[bool, ...]]]:
    values, extras = {}, {}
    for table in TABLES:
        v, e = [], []
        for t in Throw._ALL:
            k, sahe = t.marked, t.sahe
            if table == "culin":
                v.append((10, 1, 2, 3, 5)[k])
                e.append(k in (0, 4))
            else:
                v.append((10, 1, 2, 3, 6)[k])
                if table == "sahe":
                    e.append(k in (0, 4) or (k in (1, 3) and sahe))
                else:
                    e.append(k == 0 or sahe)
        values[table], extras[table] = tuple(v), tuple(e)
    return values, extras


#: ``VALUES[table][throw.code]`` and ``EXTRAS[table][throw.code]``: the tables as lookups.
VALUES, EXTRAS = _table_rows()


def _check_table(table: str) -> str:
    if table not in VALUES:
        raise OptionError(
            f"unknown throw table {table!r}: expected sahe, globe or culin", input=table
        )
    return table


def _throw(throw: Throw | str) -> Throw:
    return throw if isinstance(throw, Throw) else Throw(throw)


def value(throw: Throw | str, table: str = "sahe") -> int:
    """How many spaces the throw moves the awl under ``table``."""
    return VALUES[_check_table(table)][_throw(throw).code]


def earns_extra(throw: Throw | str, table: str = "sahe") -> bool:
    """Whether the table gives the thrower another throw (before any board effect)."""
    return EXTRAS[_check_table(table)][_throw(throw).code]


#: The longest bias text accepted; text is a fraction ``a/b`` or a decimal, no exponent
#: (an exponent such as ``1e-999999999`` would take for ever to turn into a fraction).
MAX_BIAS_TEXT = 40
_BIAS_TEXT = re.compile(r"(?=.{1,%d}$)(\d+\s*/\s*\d+|\d*\.?\d+)" % MAX_BIAS_TEXT, re.ASCII)

#: The finest bias accepted as text: in lowest terms its denominator is at most a million
#: (a decimal of up to 6 places, or a fraction such as 1/3 or 2/999999). The exact chances
#: worked out from a bias (the lab's tables, a lap's chance) grow with its denominator's
#: digits: a finer bias would take the engine many seconds, and past some thousand digits
#: it could not even write its figures (Python refuses to, and the browser's trimmed
#: standard library lacks the module it needs for numbers that long).
MAX_BIAS_DENOMINATOR = 1_000_000


def parse_bias(p: Bias) -> Fraction:
    """A stick bias as an exact Fraction in [0, 1]: Fraction, int, float or text such as
    ``1/3`` or ``0.25`` (at most :data:`MAX_BIAS_TEXT` characters, no exponent, and in
    lowest terms a denominator of at most :data:`MAX_BIAS_DENOMINATOR`).

    Floats are taken at their exact binary value. OptionError if not a number in [0, 1].
    """
    if isinstance(p, Fraction):
        f = p
    else:
        try:
            if isinstance(p, bool):
                raise TypeError
            if isinstance(p, str) and not _BIAS_TEXT.fullmatch(p.strip()):
                raise ValueError
            f = Fraction(p.strip() if isinstance(p, str) else p)
        except (TypeError, ValueError, ZeroDivisionError, OverflowError):
            raise OptionError(
                f"{quote(p)} is not a stick bias: expected a fraction from 0 to 1 such as "
                f"1/2 or 0.25 (at most {MAX_BIAS_TEXT} characters)",
                input=quote(p),
            ) from None
    if not 0 <= f <= 1:
        raise OptionError(
            f"{quote(p)} is not a stick bias: it must lie between 0 and 1", input=quote(p)
        )
    if isinstance(p, str) and f.denominator > MAX_BIAS_DENOMINATOR:
        raise OptionError(
            f"{quote(p)} is a finer stick bias than the engine works with: at most 6 decimal "
            f"places, or a fraction whose denominator is at most {MAX_BIAS_DENOMINATOR} "
            "(such as 1/3 or 0.125)",
            input=quote(p),
        )
    return f


def throw_probabilities(table: str = "sahe", p: Bias = HALF) -> dict[Throw, Fraction]:
    """{Throw: probability} for the 16 throws (the table does not change them; it is checked)."""
    _check_table(table)
    p = parse_bias(p)
    q = 1 - p
    return {t: p**t.marked * q ** (4 - t.marked) for t in Throw._ALL}


def value_probabilities(table: str = "sahe", p: Bias = HALF) -> dict[int, Fraction]:
    """{value: probability}, values in increasing order."""
    out: dict[int, Fraction] = {}
    row = VALUES[_check_table(table)]
    for t, pr in throw_probabilities(table, p).items():
        out[row[t.code]] = out.get(row[t.code], 0) + pr
    return {v: Fraction(out[v]) for v in sorted(out)}


def marked_probabilities(p: Bias = HALF) -> dict[int, Fraction]:
    """{k: probability that exactly k sticks show their mark}, k = 0..4."""
    out = {k: Fraction(0) for k in range(5)}
    for t, pr in throw_probabilities("sahe", p).items():
        out[t.marked] += pr
    return out


def extra_throw_probability(table: str = "sahe", p: Bias = HALF) -> Fraction:
    """Probability that a throw earns another throw under ``table`` (before board effects)."""
    row = EXTRAS[_check_table(table)]
    return sum((pr for t, pr in throw_probabilities(table, p).items() if row[t.code]), Fraction(0))


def event_probability(table: str, event: str, p: Bias = HALF) -> Fraction:
    """Probability of ``event``: ``"value N"``, ``"marked K"``, ``"extra-throw"`` or a throw ``"0001"``.

    This is the vocabulary of the site's ``answer`` blocks (``check: probability``).
    """
    text = " ".join(str(event).split())
    if text == "extra-throw":
        return extra_throw_probability(table, p)
    word, _, arg = text.partition(" ")
    if word in ("value", "marked") and arg.isdigit():
        n = int(arg)
        if word == "value":
            return value_probabilities(table, p).get(n, Fraction(0))
        _check_table(table)
        return marked_probabilities(p).get(n, Fraction(0))
    if text in _BY_TEXT:
        return throw_probabilities(table, p)[_BY_TEXT[text]]
    raise OptionError(
        f"{event!r} is not a throw event: expected 'value N', 'marked K', "
        f"'extra-throw' or a throw like '0001'",
        input=event,
    )


def seeded_throw(seed: int, index: int, p: Bias = HALF) -> Throw:
    """Throw number ``index`` (0-based) of the game seeded with ``seed``; stateless."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionError(f"seed {seed!r} is not an integer", input=seed)
    if isinstance(index, bool) or not isinstance(index, int) or index < 0:
        raise OptionError(f"throw index {index!r} is not a whole number", input=index)
    return Throw.random(Rng(splitmix64_at(seed & MASK64, index)), p)


def throws_from_seed(seed: int, p: Bias = HALF, start: int = 0) -> Iterator[Throw]:
    """Generator of the seeded game's throws from number ``start`` on (endless)."""
    p = parse_bias(p)
    index = start
    while True:
        yield seeded_throw(seed, index, p)
        index += 1
