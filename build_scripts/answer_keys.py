"""The answer keys of the students' pages: canonical forms, their salted hashes, the
lesson's version, and a reader of hand-in codes (the Python twin of the page's scripts).

The students' pages check answers in the page without holding them: the build writes a
salted hash of each answer's canonical form, and the page's script
(``docs/assets/js/answers/canonical.js``) puts what the student types into the same
canonical form and compares hashes. Every function here has a twin of the same name in
that script, and the tests drive both on the same inputs.

Design choices:

- **The hash** is two 32-bit FNV-1a hashes of the UTF-8 text ``salt + "\\n" + canonical``
  (offset bases 2166136261 and 3735928559), written as 16 hex digits. It is not a
  cryptographic hash (``crypto.subtle`` is missing on plain-http classroom servers, where
  these pages are often served), and the answer spaces are small: it keeps the answer out
  of the page's source and away from a glance, not away from a determined search. The
  salt (lesson, version, field) makes equal answers of two exercises look different.
- **Numbers** (``check: probability``): the canonical form is the reduced fraction
  ``p/q``. A fraction, a decimal and a percentage are read exactly (``0.375`` is 375/1000),
  in either language's decimal sign, so ``3/8``, ``6/16``, ``0.375``, ``37.5 %``,
  ``0,375`` are one answer. The precision asked (the field says so) is the exact value or
  at least three decimal places (a percentage to at least one): an answer whose decimal
  goes on longer (16/81, 1/16) is also accepted rounded to 3 to 6 places (``0.198``,
  ``19.75 %``, ``0.063``): those near forms are ``~d:n`` (``n`` the rounded value times
  10^d) and are hashed too. Rounded to 1 or 2 places (``0.2``, ``53 %``), the
  *coarse* forms (:func:`coarse_forms`, hashed apart) are close but coarser than asked: the
  page asks for more digits without counting a try.
- **Moves** (``check: legal-moves``, ``best-capture``, the winning move of ``outcome``):
  the canonical form of a move is its notation in lower case with the bracketed leapt
  points removed, so the short and the long notation (``b2xt3xt5``, ``b2x(m3)t3x(t4)t5``)
  are one move; the points of a chain stay in order. The build checks with the engine that
  every bracketed long form is accepted and that no two legal moves of the position lose
  their difference without brackets (possible only under ``bent``); a position where they
  would fails the build. A list of moves is its moves' canonical forms, sorted, once each,
  joined by a space; no move is ``none``. Moves are put in canonical form by the page's
  script alone, without the engine, so a field works before Python has started and on
  pages without a board. The points inside brackets are checked all the same: a move
  field's ``near`` forms are the bracketed forms of its right captures (every leap, or
  only some, in brackets: :func:`bracketed_forms`), and a right answer written with a
  wrong leapt point is refused as such (:func:`canonical_long` gives the form compared).
- **A state** (``check: state``) is its four numbers, ``awls A B, counters C D`` being
  ``A B C D``; an **outcome** in words is its English key (``black wins``...).
"""

from __future__ import annotations

import re
from fractions import Fraction

_FNV_PRIME = 16777619
_BASES = (2166136261, 3735928559)


def answer_hash(salt: str, canonical: str) -> str:
    """16 hex digits: two FNV-1a hashes of ``salt + "\\n" + canonical`` (UTF-8)."""
    data = (salt + "\n" + canonical).encode("utf-8")
    out = []
    for h in _BASES:
        for byte in data:
            h ^= byte
            h = (h * _FNV_PRIME) & 0xFFFFFFFF
        out.append(f"{h:08x}")
    return "".join(out)


def canonical_fraction(value: Fraction) -> str:
    """``3/8``; a whole number as ``1/1``."""
    return f"{value.numerator}/{value.denominator}"


NEAR_DIGITS = (3, 4, 5, 6)  # the decimal places of a rounded answer accepted
COARSE_DIGITS = (1, 2)  # those of an answer close to the value but coarser than asked


def near_forms(value: Fraction) -> list[str]:
    """The rounded forms accepted for ``value`` (none where its decimal ends sooner: the
    exact form is then the answer)."""
    return [
        f"~{d}:{int(value * 10**d + Fraction(1, 2))}"
        for d in NEAR_DIGITS
        if (value * 10**d).denominator != 1
    ]


def coarse_forms(value: Fraction) -> list[str]:
    """The forms of ``value`` rounded to 1 or 2 decimal places, when they are not exact:
    right as far as they go, but coarser than the precision asked."""
    return [
        f"~{d}:{int(value * 10**d + Fraction(1, 2))}"
        for d in COARSE_DIGITS
        if (value * 10**d).denominator != 1
    ]


def early_forms(answers: list[str]) -> list[str]:
    """The chains of leaps of the right moves in ``answers`` (canonical forms, a list of
    moves each) stopped before their end (``b2xt3`` of ``b2xt3xt5``): the lesson's first
    misconception, a piece that has leapt must go on leaping while it can."""
    right = {m for a in answers for m in a.split()}
    forms = set()
    for move in right:
        points = move.split("x")
        forms |= {"x".join(points[:k]) for k in range(2, len(points))}
    return sorted(forms - right)


_NUMBER = re.compile(r"^(?:(\d+)/(\d+)|(\d*)(?:[.,](\d*))?)(%?)$", re.ASCII)


def read_number(text: str) -> tuple[str, str | None] | None:
    """``(canonical, near)`` for a number as a student writes it, or None (``near``: its
    ``~d:n`` form when it has decimal places, compared with the near and coarse forms)."""
    s = re.sub(r"\s+", "", text)
    m = _NUMBER.match(s)
    if not m or s in ("", "%") or re.fullmatch(r"[.,]?%?", s):
        return None
    pct = m.group(5) == "%"
    if m.group(1) is not None:
        if pct or int(m.group(2)) == 0:
            return None
        return canonical_fraction(Fraction(int(m.group(1)), int(m.group(2)))), None
    whole, frac = m.group(3) or "", m.group(4) or ""
    if not (whole + frac):
        return None
    digits = len(frac) + (2 if pct else 0)
    numerator = int(whole + frac)
    value = Fraction(numerator, 10**digits)
    near = f"~{digits}:{numerator}" if digits else None
    return canonical_fraction(value), near


_MOVE = re.compile(r"^[a-z]+\d+(?:-[a-z]+\d+|(?:x[a-z]+\d+)+)$", re.ASCII)


def canonical_move(text: str) -> str | None:
    """A move's canonical form (lower case, no brackets), or None if it is not a move."""
    s = re.sub(r"\s+", "", text.lower()).replace("×", "x").replace("–", "-").replace("—", "-")
    s = re.sub(r"\([a-z]+[0-9]+\)", "", s)
    return s if _MOVE.match(s) else None


_LONG = re.compile(r"^[a-z]+\d+(?:x(?:\([a-z]+\d+\))?[a-z]+\d+)+$", re.ASCII)


def canonical_long(text: str) -> str | None:
    """A capture written with at least one leapt point in brackets, in lower case without
    spaces (``b2x(m3)t3xt5``), or None for anything else."""
    s = re.sub(r"\s+", "", text.lower()).replace("×", "x")
    return s if "(" in s and _LONG.match(s) else None


def bracketed_forms(path: list[str], captured: list[str]) -> list[str]:
    """Every way of writing the capture along ``path`` (its points) that leaps
    ``captured`` (one per leap) with at least one leapt point in brackets."""
    forms = []
    for mask in range(1, 2 ** len(captured)):
        form = path[0]
        for i, (over, land) in enumerate(zip(captured, path[1:], strict=True)):
            form += f"x({over}){land}" if mask >> i & 1 else f"x{land}"
        forms.append(form)
    return forms


NO_MOVE = ("none", "aucun", "aucune", "-", "—")


def canonical_moves(text: str) -> str | None:
    """A list of moves in canonical form (``none`` for no move), or None if a token is not
    a move."""
    tokens = [t for t in re.split(r"[\s,;]+", text.strip().lower()) if t]
    if len(tokens) == 1 and tokens[0] in NO_MOVE:
        return "none"
    moves = [canonical_move(t) for t in tokens]
    if not moves or any(m is None for m in moves):
        return None
    return " ".join(sorted({m for m in moves if m is not None}))


def canonical_state(text: str) -> str | None:
    """``A B C D`` from ``awls A B, counters C D`` (any words around four numbers)."""
    numbers = re.findall(r"[0-9]+", text)
    return " ".join(str(int(n)) for n in numbers) if len(numbers) == 4 else None


OUTCOME_WORDS = {
    "black wins": ("black wins", "black", "noir", "noirs", "les noirs gagnent", "noir gagne"),
    "white wins": ("white wins", "white", "blanc", "blancs", "les blancs gagnent", "blanc gagne"),
    "draw": ("draw", "nulle", "partie nulle", "match nul", "nul"),
    "not over": ("not over", "la partie continue", "continue", "pas finie"),
}


def canonical_outcome(text: str) -> str | None:
    """The English key of an outcome written in either language, or None."""
    s = re.sub(r"\s+", " ", text.strip().lower().rstrip(".!"))
    for key, words in OUTCOME_WORDS.items():
        if s in words:
            return key
    return None
