"""The Zohn Ahl command line (``spec/command-line.md``)::

    python -m engine zohn-ahl replay --ruleset RULESET [--counters N] [--gully lose-throw|cross] THROW...

prints one JSON object (one line) for the position after the throws: ``awls``,
``counters``, ``to_move`` (null once over), ``winner``, ``skip``, plus ``throws_made``,
``physical`` (both awls in side 0's numbering), ``finished``, ``ruleset`` and ``throws``
(how many were played).

and::

    python -m engine zohn-ahl solve --ruleset RULESET [--counters N] [--gully lose-throw|cross] [--bias P] THROW...

prints ``{"win": [p0, p1], "expected_throws": E}`` for the position after the throws (none:
the start): each side's exact chance of winning (p0 + p1 = 1) and the expected number of
throws still to come, every stick falling marked side up with probability P (a fraction
such as ``1/3`` or a decimal, strictly between 0 and 1; default 1/2). A finished game
gives ``[1, 0]`` or ``[0, 1]`` and 0. See :mod:`engine.zohn_ahl.solver`.

Other commands, for scripts and the site build::

    python -m engine zohn-ahl odds --table sahe|globe|culin [--bias P]

prints the exact probabilities (as strings like "1/16") of every throw, every value and
of an extra throw.

Bad input (a malformed throw, an unknown ruleset, a throw after the game is over, N out
of range, a bad gully or bias, an unknown option): exit status 2, exactly one line on
stderr naming the bad input and its position in the argument list, nothing on stdout.
Options may be written ``--ruleset kiowa`` or ``--ruleset=kiowa``, before or among the
throws; ``--ruleset`` may be left out (kiowa). ``-h``/``--help`` prints the usage on
stdout (exit 0). The parsing is done by hand, not with argparse, so that an error is
always exactly one line.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from engine.core import EngineError, GameOverError
from engine.zohn_ahl.game import State
from engine.zohn_ahl.rulesets import Options
from engine.zohn_ahl.throws import (
    Throw,
    extra_throw_probability,
    parse_bias,
    throw_probabilities,
    value_probabilities,
)

USAGE = (
    "usage: python -m engine zohn-ahl replay --ruleset RULESET [--counters N] "
    "[--gully lose-throw|cross] THROW...\n"
    "       python -m engine zohn-ahl solve --ruleset RULESET [--counters N] "
    "[--gully lose-throw|cross] [--bias P] THROW...\n"
    "       python -m engine zohn-ahl odds --table sahe|globe|culin [--bias P]"
)


class UsageError(Exception):
    """Bad command-line input: the one line printed on stderr."""


def _split(
    args: list[str], known: tuple[str, ...], offset: int
) -> tuple[dict[str, tuple[str, int]], list[tuple[str, int]]]:
    """Split ``args`` into {option: (value, position)} and [(positional, position)].

    Positions are 1-based indices in the whole argument list (after ``python -m engine``).
    """
    opts: dict[str, tuple[str, int]] = {}
    positional: list[tuple[str, int]] = []
    i = 0
    while i < len(args):
        arg = args[i]
        pos = offset + i
        if arg.startswith("--"):
            name, eq, value = arg.partition("=")
            if name not in known:
                raise UsageError(
                    f"argument {pos}: unknown option {arg!r}: expected {', '.join(known)}"
                )
            if name in opts:
                raise UsageError(f"argument {pos}: option {name} is given twice")
            if not eq:
                if i + 1 >= len(args):
                    raise UsageError(f"argument {pos}: option {name} needs a value")
                i += 1
                value = args[i]
                pos += 1
            opts[name] = (value, pos)
        elif arg.startswith("-") and len(arg) > 1:
            raise UsageError(f"argument {pos}: unknown option {arg!r}: expected {', '.join(known)}")
        else:
            positional.append((arg, pos))
        i += 1
    return opts, positional


def _replay(args: list[str], offset: int) -> dict[str, Any]:
    opts, throws = _split(args, ("--ruleset", "--counters", "--gully"), offset)
    options, state = _game(opts, throws)
    out: dict[str, Any] = dict(state.to_dict())
    out["ruleset"] = options.ruleset
    out["throws"] = len(throws)
    return out


def _solve(args: list[str], offset: int) -> dict[str, Any]:
    from engine.zohn_ahl.solver import parse_solver_bias, solve

    opts, throws = _split(args, ("--ruleset", "--counters", "--gully", "--bias"), offset)
    bias, bpos = opts.pop("--bias", ("1/2", None))
    try:
        p = parse_solver_bias(bias)
    except EngineError as err:
        raise UsageError(f"argument {bpos} (--bias): {err.reason}") from None
    options, state = _game(opts, throws)
    if state.winner is not None:
        return {"win": [1, 0] if state.winner == 0 else [0, 1], "expected_throws": 0}
    solution = solve(options, p)
    return {"win": list(solution.win(state)), "expected_throws": solution.expected_throws(state)}


def _game(opts: dict[str, tuple[str, int]], throws: list[tuple[str, int]]) -> tuple[Options, State]:
    """The options and the state after the positional throws (UsageError naming bad input)."""
    ruleset, rpos = opts.get("--ruleset", ("kiowa", None))
    try:
        options = Options.from_dict({"ruleset": ruleset})
    except EngineError as err:
        raise UsageError(f"argument {rpos} (--ruleset): {err.reason}") from None
    for name, key in (("--counters", "counters"), ("--gully", "gully")):
        if name in opts:
            try:
                options = Options.from_dict({**options.to_dict(), key: opts[name][0]})
            except EngineError as err:
                raise UsageError(f"argument {opts[name][1]} ({name}): {err.reason}") from None
    state = State.start(options)
    for n, (text, pos) in enumerate(throws, 1):
        try:
            throw = Throw.parse(text)
        except EngineError as err:
            raise UsageError(f"throw {n} (argument {pos}): {err.reason}") from None
        try:
            state = state.advance(throw)
        except GameOverError:
            raise UsageError(
                f"throw {n} (argument {pos}): {text!r} comes after the end of the "
                f"game: side {state.winner} has already won"
            ) from None
    return options, state


def _odds(args: list[str], offset: int) -> dict[str, Any]:
    opts, extra = _split(args, ("--table", "--bias"), offset)
    if extra:
        raise UsageError(f"argument {extra[0][1]}: unexpected {extra[0][0]!r}")
    table, tpos = opts.get("--table", ("sahe", None))
    bias, bpos = opts.get("--bias", ("1/2", None))
    try:
        p = parse_bias(bias)
    except EngineError as err:
        raise UsageError(f"argument {bpos} (--bias): {err.reason}") from None
    try:
        throws = throw_probabilities(table, p)
    except EngineError as err:
        raise UsageError(f"argument {tpos} (--table): {err.reason}") from None
    return {
        "table": table,
        "bias": str(p),
        "throws": {str(t): str(pr) for t, pr in throws.items()},
        "values": {str(v): str(pr) for v, pr in value_probabilities(table, p).items()},
        "extra_throw": str(extra_throw_probability(table, p)),
    }


def main(argv: list[str] | None = None) -> int:
    """Run the command line; ``argv`` excludes the program and the game name. Returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0
    try:
        if not argv:
            raise UsageError("missing command: expected 'replay', 'solve' or 'odds'")
        command = argv[0]
        if "-h" in argv[1:] or "--help" in argv[1:]:
            print(USAGE)
            return 0
        # positions count from the game name: "zohn-ahl" is argument 1, the command argument 2
        if command == "replay":
            result = _replay(argv[1:], 3)
        elif command == "solve":
            result = _solve(argv[1:], 3)
        elif command == "odds":
            result = _odds(argv[1:], 3)
        else:
            raise UsageError(
                f"argument 2: unknown command {command!r}: expected 'replay', 'solve' or 'odds'"
            )
    except UsageError as err:
        print(f"zohn-ahl: error: {' '.join(str(err).split())}", file=sys.stderr)
        return 2
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
