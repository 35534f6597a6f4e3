"""The text syntax of the site's Markdown blocks: ``key: value`` lines, read strictly.

A block (```` ```zohn-ahl ````, ```` ```awithlaknannai ````, ```` ```answer ````) holds one
``key: value`` pair per line. The rules, so that a typo fails the build instead of being
ignored:

- blank lines are skipped; a line whose first non-blank character is ``#`` is a comment;
- a ``#`` preceded by a space or a tab starts a comment that runs to the end of the line
  (write ``\\#`` for a literal ``#`` after a space, e.g. in a caption);
- every other line must be ``key: value``: the key is lower-case letters, digits and
  hyphens, the value is not empty;
- a key may appear only once, and only keys the block knows are accepted.

This module knows the syntax only; what each key means and which values are allowed is
checked by the engine in :mod:`build_scripts.board_blocks` and
:mod:`build_scripts.answer_blocks`.
"""

from __future__ import annotations

import re

_KEY = re.compile(r"^[a-z][a-z0-9-]*$")
_COMMENT = re.compile(r"(?<!\\)[ \t]#.*$")


class BlockError(ValueError):
    """A block that cannot be used; the message says which line and why."""

    def __init__(self, message: str, *, line: int | None = None):
        self.reason = message
        self.line = line
        super().__init__(f"line {line} of the block: {message}" if line else message)


Pairs = dict[str, tuple[str, int]]
"""A block's ``key: value`` lines: key -> (value, line number in the block)."""


def parse_pairs(text: str, allowed: tuple[str, ...] | None = None) -> Pairs:
    """Return ``{key: (value, line_number)}`` for a block's text (line numbers from 1).

    ``allowed`` lists the keys the block accepts (None: any key). Raises
    :class:`BlockError` quoting the bad line.
    """
    pairs: dict[str, tuple[str, int]] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        line = _COMMENT.sub("", raw).strip().replace("\\#", "#")
        if ":" not in line:
            raise BlockError(f"{stripped!r} is not a 'key: value' line", line=number)
        key, _, value = line.partition(":")
        key, value = key.strip(), value.strip()
        if not _KEY.match(key):
            raise BlockError(
                f"{key!r} is not a key (lower-case letters, digits and hyphens)", line=number
            )
        if allowed is not None and key not in allowed:
            raise BlockError(
                f"unknown key {key!r}: expected one of {', '.join(allowed)}", line=number
            )
        if key in pairs:
            raise BlockError(
                f"key {key!r} given twice (first on line {pairs[key][1]})", line=number
            )
        if not value:
            raise BlockError(f"key {key!r} has no value", line=number)
        pairs[key] = (value, number)
    return pairs


def choice(
    pairs: dict[str, tuple[str, int]],
    key: str,
    options: tuple[str, ...],
    default: str | None = None,
) -> str | None:
    """The value of ``key``, which must be one of ``options`` (or ``default`` if absent)."""
    if key not in pairs:
        return default
    value, line = pairs[key]
    if value not in options:
        raise BlockError(f"{key} {value!r} is not one of: {', '.join(options)}", line=line)
    return value


def integer(
    pairs: dict[str, tuple[str, int]], key: str, low: int, high: int, default: int | None = None
) -> int | None:
    """The value of ``key`` as an integer from ``low`` to ``high`` (or ``default``)."""
    if key not in pairs:
        return default
    value, line = pairs[key]
    if not re.fullmatch(r"[0-9]+", value) or not low <= int(value) <= high:
        raise BlockError(f"{key} {value!r} is not a whole number from {low} to {high}", line=line)
    return int(value)


def text_value(pairs: dict[str, tuple[str, int]], key: str, max_length: int = 400) -> str | None:
    """The value of ``key`` as free text (or None), limited in length."""
    if key not in pairs:
        return None
    value, line = pairs[key]
    if len(value) > max_length:
        raise BlockError(
            f"{key} is {len(value)} characters long; the limit is {max_length}", line=line
        )
    return value


IDENT = re.compile(r"^[a-z][a-z0-9-]{0,63}$")


def identifier(pairs: dict[str, tuple[str, int]], key: str = "id") -> str | None:
    """An element id: lower-case letters, digits and hyphens, starting with a letter."""
    if key not in pairs:
        return None
    value, line = pairs[key]
    if not IDENT.match(value):
        raise BlockError(
            f"id {value!r} is not allowed: use lower-case letters, digits and "
            "hyphens, starting with a letter (at most 64)",
            line=line,
        )
    return value
