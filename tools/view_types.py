"""Write the page's types of the game views (``types/view.d.ts``) from their one declaration,
the ``TypedDict``\\ s of :mod:`engine.view`.

    python tools/view_types.py            write types/view.d.ts
    python tools/view_types.py --check    exit 1 when types/view.d.ts is not what it writes

Each TypedDict becomes an exported TypeScript ``interface`` of the same name (its
docstring's first paragraph as the comment, a ``NotRequired`` key as an optional one);
the module's other aliases (``View``) become ``type``\\ s. The page's scripts name them in
JSDoc: ``/** @typedef {import("../../../types/view").AwithlaknannaiView} View */``.
"""

from __future__ import annotations

import sys
import types
import typing
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine import view  # noqa: E402

OUT = ROOT / "types" / "view.d.ts"

HEADER = """\
// The views the engine sends to the page (spec/protocol.md), generated from their one
// declaration, the TypedDicts of engine/view.py, by tools/view_types.py: do not edit,
// run `python tools/view_types.py` (a test checks that this file is the one it writes).
"""


def ts_type(hint: object) -> str:
    """The TypeScript type of a Python type hint of the view."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is type(None) or hint is None:
        return "null"
    if hint is str:
        return "string"
    if hint is bool:
        return "boolean"
    if hint is int or hint is float:
        return "number"
    if origin is typing.NotRequired:
        return ts_type(args[0])
    if origin is typing.Literal:
        return " | ".join(f'"{a}"' if isinstance(a, str) else str(a).lower() for a in args)
    if origin in (typing.Union, types.UnionType):
        return " | ".join(ts_type(a) for a in args)
    if origin is list:
        inner = ts_type(args[0])
        return f"({inner})[]" if " " in inner else f"{inner}[]"
    if origin is dict:
        return f"Record<{ts_type(args[0])}, {ts_type(args[1])}>"
    if typing.is_typeddict(hint):
        return hint.__name__
    raise TypeError(f"no TypeScript type for {hint!r}")


def comment(doc: str | None, indent: str = "") -> str:
    text = " ".join((doc or "").strip().split("\n\n")[0].split()).replace("``", "`")
    return f"{indent}/** {text} */\n" if text else ""


def interface(cls: type) -> str:
    hints = typing.get_type_hints(cls, include_extras=True)
    optional = getattr(cls, "__optional_keys__", frozenset())
    lines = [comment(cls.__doc__), f"export interface {cls.__name__} {{\n"]
    for key, hint in hints.items():
        mark = "?" if key in optional else ""
        lines.append(f"  {key}{mark}: {ts_type(hint)};\n")
    lines.append("}\n")
    return "".join(lines)


def generate() -> str:
    parts = [HEADER]
    for name in view.__all__:
        obj = getattr(view, name)
        if typing.is_typeddict(obj):
            parts.append("\n" + interface(obj))
        else:
            parts.append(f"\n/** Either game's view; `game` tells which. */\nexport type {name} = ")
            parts.append(ts_type(obj) + ";\n")
    return "".join(parts)


def main(argv: list[str]) -> int:
    text = generate()
    if "--check" in argv:
        if not OUT.exists() or OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT.relative_to(ROOT)} is not up to date: run python tools/view_types.py")
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
