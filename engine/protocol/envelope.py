"""The JSON around every command: the limits on a request, reading it, writing the reply.

A request is ``{"id": any, "cmd": "name", "args": {...}}``; a reply is ``{"id", "ok":
true, "result"}`` or ``{"id", "ok": false, "error": {"type", "kind", "message", "input",
"where"}}``. The limits are listed, with the error each one gives, in ``spec/protocol.md``.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from typing import Any

from engine.core import EngineError


class RequestError(EngineError):
    """A request the protocol cannot read: unknown command, missing or mistyped argument."""

    kind = "request"


#: The limits on what a request may hold (``spec/protocol.md`` lists them all).
MAX_REQUEST = 2_000_000  # characters of the whole request
MAX_DEPTH = 16  # JSON nesting (a real request nests 3 deep)
MAX_RECORD = 200_000  # characters; a game record far beyond any real game is refused
MAX_TEXT = 10_000  # characters of any other text argument
MAX_TOKEN = 200  # characters of one move or throw
MAX_ACTION = 2**31 - 1  # a move's action (awithlaknannai.play); the position says which are legal
MAX_SEED = 2**63 - 1
MAX_TIME_LIMIT = 60.0  # seconds the computer may think
MAX_NODE_LIMIT = 10_000_000  # positions the computer may search
MAX_DIGITS = 30  # digits of a whole number in a request; a longer one is never converted

#: A command's decoded arguments and its result (both JSON objects).
Args = dict[str, Any]
Result = dict[str, Any]
#: What a command returns: a Result, or a game's view (a TypedDict of :mod:`engine.view`).
Reply = Mapping[str, Any]


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:40]} is too large")
    return value


class LongNumber(int):
    """A whole number of the request with more than :data:`MAX_DIGITS` digits, kept as
    the text's length only. Python turns such text into a number slowly (quadratic time)
    and refuses past 4,300 digits, and the browser's trimmed standard library lacks the
    module that converts long numbers at all; no argument accepts one, so it is never
    converted. It stands for a number beyond every bound (``±10**MAX_DIGITS``, so that a
    range check refuses it) and shows as "a 400-digit number" in error messages."""

    digits: int

    def __new__(cls, digits: int, negative: bool = False) -> LongNumber:
        number = super().__new__(cls, -(10**MAX_DIGITS) if negative else 10**MAX_DIGITS)
        number.digits = digits
        return number

    def __repr__(self) -> str:
        return f"a {self.digits}-digit number"

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        return repr(self)

    def __abs__(self) -> LongNumber:
        return self if self > 0 else LongNumber(self.digits)


def _whole_number(text: str) -> int:
    """``json.loads``'s reader of whole numbers: short ones as ``int``, long ones as
    :class:`LongNumber`, never converted."""
    digits = len(text) - text.startswith("-")
    return int(text) if digits <= MAX_DIGITS else LongNumber(digits, text.startswith("-"))


def decode(request_json: object) -> dict[str, Any]:
    """The request as a dict; RequestError if it is not a JSON object within the limits."""
    if not isinstance(request_json, str):
        raise RequestError("the request is not JSON text", input=type(request_json).__name__)
    if len(request_json) > MAX_REQUEST:
        raise RequestError(
            f"the request is {len(request_json)} characters long; the limit is {MAX_REQUEST}",
            input=request_json[:40] + "…",
        )
    if not _shallow(request_json):
        raise RequestError(
            f"the request is not JSON nested at most {MAX_DEPTH} deep", input=request_json[:60]
        )
    try:
        request = json.loads(
            request_json,
            parse_constant=_no_constant,
            parse_float=_finite_float,
            parse_int=_whole_number,
        )
    except RecursionError:  # _shallow() lets no such request through; kept as a safety net
        raise RequestError(
            f"the request is nested too deep; the limit is {MAX_DEPTH}", input=request_json[:60]
        ) from None
    except (TypeError, ValueError) as err:
        raise RequestError(f"the request is not JSON: {err}", input=request_json[:60]) from None
    if not isinstance(request, dict):
        raise RequestError(
            "the request must be a JSON object {id, cmd, args}", input=request_json[:60]
        )
    return request


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"\[\]|\{\}")


def _shallow(text: str) -> bool:
    """True if the brackets of ``text`` (outside strings) balance within MAX_DEPTH levels.

    Checked before ``json.loads``: in the browser's Python, decoding JSON nested some
    thousand levels deep overflows the stack and kills the runtime instead of raising.
    Each pass removes the innermost pairs, so MAX_DEPTH passes empty any shallow text."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    for _ in range(MAX_DEPTH):
        if not brackets:
            return True
        brackets = _INNERMOST.sub("", brackets)
    return not brackets


def encode(request_id: object, result: Result | None, error: BaseException | None) -> str:
    """The reply as JSON text: the result, or the error (an :class:`EngineError` as itself,
    anything else as ``internal``). Never raises: a result that is not JSON becomes an
    ``internal`` error."""
    reply: dict[str, Any]
    if error is None:
        reply = {"id": request_id, "ok": True, "result": result}
    elif isinstance(error, EngineError):
        reply = {"id": request_id, "ok": False, "error": error.to_dict()}
    else:
        reply = {"id": request_id, "ok": False, "error": internal(error)}
    try:
        return json.dumps(reply, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as err:
        return json.dumps(
            {
                "id": request_id if isinstance(request_id, (str, int)) else None,
                "ok": False,
                "error": internal(err),
            }
        )


def internal(err: BaseException) -> dict[str, Any]:
    """The error of a fault in the engine (never of bad input): it names the exception."""
    return {
        "type": type(err).__name__,
        "kind": "internal",
        "message": f"internal error in the engine: {type(err).__name__}: {err}",
        "input": None,
        "where": None,
    }
