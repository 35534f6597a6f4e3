"""The engine's command line (``spec/command-line.md``), word for word.

    python -m engine zohn-ahl replay --ruleset RULESET [--counters N] [--gully G] THROW...
    python -m engine awithlaknannai perft|moves|replay --ruleset R ...

JSON on stdout; for bad input, exit status 2 and one line on stderr, nothing on stdout.
"""

from __future__ import annotations

import sys

USAGE = "usage: python -m engine {zohn-ahl,awithlaknannai} COMMAND [ARGS...]"


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] not in ("zohn-ahl", "awithlaknannai"):
        print(
            USAGE
            if not argv
            else f"unknown game {argv[0]!r}: expected 'zohn-ahl' or 'awithlaknannai'",
            file=sys.stderr,
        )
        return 2
    if argv[0] == "zohn-ahl":
        from engine.zohn_ahl.cli import main as game_main
    else:
        from engine.awithlaknannai.cli import main as game_main
    return game_main(argv[1:])


if __name__ == "__main__":
    sys.exit(main())
