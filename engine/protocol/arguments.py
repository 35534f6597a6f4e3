"""Reading a command's arguments: each one typed, bounded, and named when it is refused.

Every argument a command reads goes through :func:`arg` (its type, its default, ``max_len``
for text, ``lo``/``hi`` for numbers) or one of the shared readers below, so a bad one is a
``request`` error naming it. The limits are those of :mod:`engine.protocol.envelope`
(``spec/protocol.md``).
"""

from __future__ import annotations

import math
from typing import Any, overload

from engine.core import quote
from engine.protocol.envelope import (
    MAX_ACTION,
    MAX_DIGITS,
    MAX_RECORD,
    MAX_SEED,
    MAX_TEXT,
    Args,
    LongNumber,
    RequestError,
)


def arg(
    args: Args,
    name: str,
    kind: type | tuple[type, ...],
    default: Any = ...,
    *,
    max_len: int = MAX_TEXT,
    lo: float | None = None,
    hi: float | None = None,
) -> Any:
    """Argument ``name`` of type ``kind`` (``default`` when absent or null; required when
    no default is given). Text is at most ``max_len`` characters; a number lies in
    ``lo .. hi`` (inclusive) and is finite. RequestError naming the argument otherwise."""
    if name not in args or args[name] is None:
        if default is ...:
            raise RequestError(f"missing argument {name!r}", input=None, where=name)
        return default
    value = args[name]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        raise RequestError(
            f"argument {name!r} must be {kind_name(kinds)}, not {value!r}", input=value, where=name
        )
    if not isinstance(value, kinds):
        raise RequestError(
            f"argument {name!r} must be {kind_name(kinds)}, not {type(value).__name__}",
            input=short(value),
            where=name,
        )
    if isinstance(value, str) and len(value) > max_len:
        raise RequestError(
            f"argument {name!r} is {len(value)} characters long; the limit is {max_len}",
            input=value[:40] + "…",
            where=name,
        )
    if isinstance(value, LongNumber):
        raise RequestError(
            f"argument {name!r} is {value!r}; expected {kind_name(kinds)}"
            + ("" if lo is None and hi is None else f" from {lo} to {hi}")
            + f" (at most {MAX_DIGITS} digits)",
            input=repr(value),
            where=name,
        )
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if (  # a whole number is compared exactly: float() would overflow past 308 digits
            isinstance(value, float)
            and not math.isfinite(value)
            or (lo is not None and value < lo)
            or (hi is not None and value > hi)
        ):
            raise RequestError(
                f"argument {name!r} is {short(value)}; expected a number from {lo} to {hi}",
                input=short(value),
                where=name,
            )
    return value


def short(value: Any) -> str:
    """``value`` as text of at most 60 characters, for an error message."""
    if isinstance(value, LongNumber):
        return repr(value)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**30:
        return f"a {len(str(abs(value)))}-digit number"
    text = value if isinstance(value, str) else type(value).__name__
    if isinstance(value, (int, float)):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"


def kind_name(kinds: tuple[type, ...]) -> str:
    names = {
        str: "a string",
        int: "a whole number",
        float: "a number",
        dict: "an object",
        bool: "true or false",
        list: "a list",
    }
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def action(args: Args) -> int | None:
    """The optional ``action``: the index of one of the view's legal moves, a whole number
    from 0 to :data:`MAX_ACTION` (whether the position has a move of that index is the
    game's to say). A request error quoting it otherwise."""
    value = args.get("action")
    if value is None:
        return None
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or isinstance(value, LongNumber)
        or not 0 <= value <= MAX_ACTION
    ):
        raise RequestError(
            f"argument 'action' is {quote(value)}: expected the index of one of the view's "
            f"legal moves, a whole number from 0 to {MAX_ACTION}",
            input=short(value),
            where="action",
        )
    return value


def record_text(args: Args) -> str:
    """The required ``record``: the game's record text."""
    text: str = arg(args, "record", str, max_len=MAX_RECORD)
    return text


@overload
def seed(args: Args) -> int | None: ...
@overload
def seed(args: Args, default: int) -> int: ...
def seed(args: Args, default: int | None = None) -> int | None:
    """The optional ``seed``: 0 to :data:`MAX_SEED`."""
    value: int | None = arg(args, "seed", int, default, lo=0, hi=MAX_SEED)
    return value


def since(args: Args) -> int | None:
    """The optional ``since`` argument: the first throw or move the per-move lists hold."""
    value: int | None = arg(args, "since", int, None, lo=0, hi=MAX_RECORD)
    return value


def side(args: Args, name: str) -> int | None:
    """The optional side ``name``: 0 (the first side: Red, Black) or 1."""
    value: int | None = arg(args, name, int, None, lo=0, hi=1)
    return value


def bounded(args: Args, name: str, low: int, high: int, default: int) -> int:
    """A whole number ``name`` from ``low`` to ``high`` (``default`` when absent)."""
    value: int = arg(args, name, int, default, lo=low, hi=high)
    return value


def lang(args: Args) -> str:
    """The optional ``lang``: ``"en"`` (the default) or ``"fr"``."""
    value = str(arg(args, "lang", str, "en", max_len=5))
    if value not in ("en", "fr"):
        raise RequestError(f"lang {value!r} is not 'en' or 'fr'", input=value, where="lang")
    return value


class Draw:
    """The ``draw`` argument: draw the board into the reply (``lang``, ``flip``)."""

    __slots__ = ("lang", "flip")

    def __init__(self, lang: str, flip: bool) -> None:
        self.lang = lang
        self.flip = flip


def draw(args: Args) -> Draw | None:
    """The optional ``draw: {"lang": "en"|"fr", "flip"?: bool}`` argument."""
    spec = arg(args, "draw", dict, None)
    if spec is None:
        return None
    unknown = [k for k in spec if k not in ("lang", "flip")]
    if unknown:
        raise RequestError(
            f"unknown key {short(unknown[0])!r} in 'draw': expected lang and flip",
            input=short(unknown[0]),
            where="draw",
        )
    try:
        lang_: str = arg(spec, "lang", str, "en", max_len=2)
        flip: bool = arg(spec, "flip", bool, False)
    except RequestError as err:
        raise err.located(f"draw.{err.where}") from None
    if lang_ not in ("en", "fr"):
        raise RequestError(
            f"'draw.lang' {lang_!r} is not a language of the drawings: expected 'en' or 'fr'",
            input=lang_,
            where="draw.lang",
        )
    return Draw(lang_, flip)


#: A team has one to this many members; a member's name is at most this long.
MAX_TEAM = 4
MAX_MEMBER = 30


def teams(args: Args) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The optional ``teams``: two lists of one to :data:`MAX_TEAM` names (each not empty,
    at most :data:`MAX_MEMBER` characters), the members of each side, who take turns."""
    value = arg(args, "teams", list, None)
    if value is None:
        return None
    expected = (
        f"expected two lists of 1 to {MAX_TEAM} names of at most {MAX_MEMBER} characters, "
        'e.g. [["Ann", "Bea"], ["Cal"]]'
    )
    if len(value) != 2:
        raise RequestError(
            f"'teams' has {len(value)} teams; {expected}", input=short(value), where="teams"
        )
    sides = []
    for i, team in enumerate(value):
        where = f"teams.{i}"
        if not isinstance(team, list) or not 1 <= len(team) <= MAX_TEAM:
            raise RequestError(
                f"'{where}' is not a team: {expected}", input=short(team), where=where
            )
        for name in team:
            if not isinstance(name, str) or not name.strip() or len(name) > MAX_MEMBER:
                raise RequestError(
                    f"'{where}' has the name {short(name)!r}: {expected}",
                    input=short(name),
                    where=where,
                )
        sides.append(tuple(name.strip() for name in team))
    return sides[0], sides[1]
