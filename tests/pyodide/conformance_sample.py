"""A sample of the conformance playthroughs (``tests/engine/test_conformance.py``), for
comparing the bytes of the replies in CPython and in Pyodide.

    python tests/pyodide/conformance_sample.py
    node tests/pyodide/run.mjs tests/pyodide/conformance_sample.py

prints one JSON line: for each game, the SHA-256 of every reply text of a seeded random
playthrough of a few steps of each ruleset, sent as the page sends them (with ``since``).
"""

from __future__ import annotations

import hashlib
import json
import random

from engine import protocol

STEPS = 12


def send(digest, cmd: str, args: dict) -> dict:
    text = protocol.handle(json.dumps({"id": 1, "cmd": cmd, "args": args}))
    digest.update(text.encode())
    reply = json.loads(text)
    if not reply["ok"]:
        raise SystemExit(f"{cmd}: {reply['error']}")
    return reply["result"]


def awithlaknannai(digest) -> None:
    from engine.awithlaknannai import RULESETS

    for ruleset in sorted(RULESETS):
        rng = random.Random(f"sample {ruleset}")
        view = send(digest, "awithlaknannai.new", {"ruleset": ruleset})
        history: list = view["history"]
        for _ in range(STEPS):
            if view["finished"]:
                break
            action = rng.randrange(len(view["legal"]))
            args = {"record": view["record"], "action": action, "since": len(history)}
            view = send(digest, "awithlaknannai.play", args)
            history = history + view["history"]
            send(digest, "awithlaknannai.undo", {"record": view["record"]})


def zohn_ahl(digest) -> None:
    from engine.zohn_ahl.rulesets import RULESETS

    for ruleset in sorted(RULESETS):
        options = {"ruleset": ruleset, "counters": 2}
        view = send(digest, "zohn-ahl.new", {"options": options, "seed": 2026})
        thrown = 0
        for _ in range(STEPS):
            if view["state"]["finished"]:
                break
            view = send(digest, "zohn-ahl.throw", {"record": view["record"], "since": thrown})
            thrown = view["thrown"]
            send(digest, "zohn-ahl.undo", {"record": view["record"]})


def main() -> None:
    out = {}
    for name, play in (("awithlaknannai", awithlaknannai), ("zohn-ahl", zohn_ahl)):
        digest = hashlib.sha256()
        play(digest)
        out[name] = digest.hexdigest()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
