"""The view, declared once (engine/view.py): the page's types are the ones generated from
it, and what the protocol really sends has exactly its shape (every required key, no key
it does not declare, every value of the declared type), over seeded random games of every
ruleset of both games."""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import types
import typing
from pathlib import Path

import pytest

from engine import protocol, view
from engine.awithlaknannai import RULESETS
from engine.zohn_ahl.rulesets import RULESETS as ZOHN_AHL_RULESETS

ROOT = Path(__file__).resolve().parents[2]
STEPS = 30


def _generator():
    spec = importlib.util.spec_from_file_location("view_types", ROOT / "tools" / "view_types.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_page_types_are_the_generated_ones():
    generator = _generator()
    assert (ROOT / "types" / "view.d.ts").read_text(encoding="utf-8") == generator.generate()
    assert generator.main(["--check"]) == 0


def test_the_generated_types_say_what_is_optional():
    text = _generator().generate()
    assert "  since?: number;" in text and "  record: string;" in text
    assert '  pieces: Record<string, "B" | "W">;' in text
    assert "export type View = ZohnAhlView | AwithlaknannaiView;" in text


def test_the_generated_types_are_valid_typescript():
    """TypeScript's own checker, strict, reads the generated file without an error."""
    tsc = ROOT / "node_modules" / ".bin" / "tsc"
    done = subprocess.run(
        [str(tsc), "--noEmit", "--strict", str(ROOT / "types" / "view.d.ts")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def problems(value: object, hint: object, where: str = "view") -> list[str]:
    """Every way ``value`` (decoded JSON) is not of the type ``hint``."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.NotRequired:
        return problems(value, args[0], where)
    if hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not null"]
    if hint is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        return [] if ok else [f"{where}: {value!r} is not a number"]
    if hint in (str, int, bool):
        ok = isinstance(value, hint) and (hint is bool or not isinstance(value, bool))
        return [] if ok else [f"{where}: {value!r} is not {hint.__name__}"]
    if origin is typing.Literal:
        return [] if value in args else [f"{where}: {value!r} is not one of {args}"]
    if origin in (typing.Union, types.UnionType):
        if any(not problems(value, a, where) for a in args):
            return []
        return [f"{where}: {value!r} is none of {args}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {value!r} is not a list"]
        return [p for i, v in enumerate(value) for p in problems(v, args[0], f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        return [p for k, v in value.items() for p in problems(v, args[1], f"{where}.{k}")]
    if typing.is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        hints = typing.get_type_hints(hint, include_extras=True)
        out = [f"{where}: no key {k!r}" for k in hint.__required_keys__ if k not in value]
        out += [f"{where}: undeclared key {k!r}" for k in value if k not in hints]
        for key, v in value.items():
            if key in hints:
                out += problems(v, hints[key], f"{where}.{key}")
        return out
    raise TypeError(f"no check for {hint!r}")


def ask(cmd: str, args: dict) -> dict:
    reply = json.loads(protocol.handle(json.dumps({"id": 1, "cmd": cmd, "args": args})))
    assert reply["ok"], (cmd, args, reply)
    return reply["result"]


def test_the_checker_finds_what_is_wrong():
    good = {"winner": None, "reason": "stall-draw"}
    assert problems(good, view.OutcomeView) == []
    assert problems({"winner": "0", "reason": "x"}, view.OutcomeView)
    assert problems({"winner": 0}, view.OutcomeView) == ["view: no key 'reason'"]
    assert problems({**good, "extra": 1}, view.OutcomeView) == ["view: undeclared key 'extra'"]


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_awithlaknannai_views_have_the_declared_shape(ruleset):
    rng = random.Random(f"view {ruleset}")
    shown = ask("awithlaknannai.new", {"ruleset": ruleset, "draw": {"lang": "en"}})
    assert problems(shown, view.AwithlaknannaiView) == []
    for _ in range(STEPS):
        if shown["finished"]:
            break
        move = rng.choice(shown["legal"])["notation"]
        args = {"record": shown["record"], "move": move}
        if rng.random() < 0.5:
            args["since"] = max(0, shown["ply"] - 2)
        shown = ask("awithlaknannai.play", args)
        assert problems(shown, view.AwithlaknannaiView) == []
    undone = ask("awithlaknannai.undo", {"record": shown["record"]})
    assert problems(undone, view.AwithlaknannaiView) == []
    computer = ask("awithlaknannai.ai", {"record": undone["record"], "level": "easy"})
    assert problems(computer["view"], view.AwithlaknannaiView) == []
    assert problems(computer["move"], view.MoveView) == []


@pytest.mark.parametrize("ruleset", sorted(ZOHN_AHL_RULESETS))
def test_zohn_ahl_views_have_the_declared_shape(ruleset):
    rng = random.Random(f"view {ruleset}")
    options = {"ruleset": ruleset, "counters": 2}
    shown = ask("zohn-ahl.new", {"options": options, "seed": 5, "draw": {"lang": "fr"}})
    assert problems(shown, view.ZohnAhlView) == []
    for _ in range(STEPS):
        if shown["state"]["finished"]:
            break
        args = {"record": shown["record"]}
        if rng.random() < 0.5:
            args["since"] = max(0, shown["thrown"] - 2)
        shown = ask("zohn-ahl.throw", args)
        assert problems(shown, view.ZohnAhlView) == []
        assert {"throw", "value", "side", "path", "from_space"} <= shown.keys()
    undone = ask("zohn-ahl.undo", {"record": shown["record"], "since": 1})
    assert problems(undone, view.ZohnAhlView) == []
