"""Refuse to publish a copy whose readers could not send a correction.

    python -m build_scripts.publish_check [mkdocs.yml]

Exit status 0 when ``extra.corrections`` in the configuration names a real destination
(an ``email`` or an issue tracker's ``issues`` address), 1 with a message naming the
setting when it is empty or still a placeholder (``build_scripts/corrections.py`` says
which addresses count as placeholders). The Pages workflow and ``make offline`` run it
before they publish; ``make build`` and ``make serve`` do not, so that a fresh copy can be
tried out locally (its pages then say that no correction address is set).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import yaml

from build_scripts.corrections import is_placeholder, settings

ROOT = Path(__file__).resolve().parent.parent


class _Loader(yaml.SafeLoader):
    """mkdocs.yml with its ``!ENV`` tags (read as their default) and Python names ignored."""


def _env(loader: _Loader, node: yaml.Node) -> object:
    if isinstance(node, yaml.SequenceNode):
        values = loader.construct_sequence(node)
        return values[-1] if values else None
    return None


_Loader.add_constructor("!ENV", _env)
_Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


def problem(config: dict[str, Any]) -> str | None:
    """Why ``config`` must not be published, or None."""
    where = settings(config)
    if not is_placeholder(where):
        return None
    shown = where["email"] or where["issues"] or "nothing"
    return (
        f"extra.corrections names no real address (it names {shown}): readers of a published "
        "copy could not send a correction. Set extra.corrections.email to an address the "
        "maintainers read, and/or extra.corrections.issues to an issue tracker's new-issue "
        "address, in mkdocs.yml."
    )


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else ROOT / "mkdocs.yml"
    config = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader) or {}
    why = problem(config)
    if why:
        print(f"publish_check: not publishing {path.name}: {why}", file=sys.stderr)
        return 1
    where = settings(config)
    print(f"publish_check: corrections go to {' and '.join(v for v in where.values() if v)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
