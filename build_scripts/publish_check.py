"""Refuse to publish a copy whose readers could not send a correction.

    python -m build_scripts.publish_check [mkdocs.yml]

Exit status 0 when the plugin's ``corrections`` in the configuration names a real
destination (an ``email`` or an issue tracker's ``issues`` address), 1 with a message naming the
setting when it is empty or still a placeholder (``build_scripts/corrections.py`` says
which addresses count as placeholders), or when an entry of its ``reviews`` is
malformed (``build_scripts/reviews.py``). Either way it names the review packets, the
page and the PDFs of each nation's, and asks the publisher to send each to the nation's
institutions: replies come back to the correction address. The Pages workflow and ``make offline`` run it
before they publish; ``make build`` and ``make serve`` do not, so that a fresh copy can be
tried out locally (its pages then say that no correction address is set).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import yaml

from build_scripts import review_packets
from build_scripts.config import NAME
from build_scripts.corrections import is_placeholder, settings
from build_scripts.page_language import LANGUAGES
from build_scripts.printable_pdfs import PAPERS
from build_scripts.reviews import NATIONS, ReviewError, reviews
from build_scripts.reviews import SETTING as reviews_setting

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
        f"{NAME}: corrections names no real address (it names {shown}): readers of a "
        "published copy could not send a correction. Set its email to an address the "
        "maintainers read, and/or its issues to an issue tracker's new-issue address, "
        "in mkdocs.yml."
    )


def packets_notice(config: dict[str, Any]) -> str:
    """The review packets, and the request to send them (with what has been reviewed)."""
    site = (os.environ.get("SITE_URL") or str(config.get("site_url") or "")).rstrip("/") + "/"
    done = reviews(config)
    lines = ["publish_check: please send each nation its review packet (the page, or a PDF):"]
    for nation in NATIONS:
        pdfs = ", ".join(
            f"{site}printables/{review_packets.file_name(nation, paper, lang)}"
            for lang in LANGUAGES
            for paper in PAPERS
        )
        mine = [r for r in done if r.nation == nation]
        status = (
            "reviews recorded: " + "; ".join(f"{r.by}, {r.date.isoformat()}" for r in mine)
            if mine
            else f"no review recorded yet in {reviews_setting}"
        )
        lines.append(
            f"  - to {review_packets.RECIPIENTS[nation]}: {site}reviews/{nation}/ "
            f"(French: {site}fr/reviews/{nation}/); PDFs {pdfs}; {status}"
        )
    lines.append(
        "  Replies come back to the correction address; record each review the nations make "
        f"in {reviews_setting} (mkdocs.yml), and the pages will say so."
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else ROOT / "mkdocs.yml"
    config = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader) or {}
    config["docs_dir"] = str(path.parent / str(config.get("docs_dir") or "docs"))
    try:
        notice = packets_notice(config)
    except ReviewError as err:
        print(f"publish_check: not publishing {path.name}: {err}", file=sys.stderr)
        return 1
    why = problem(config)
    if why:
        print(f"publish_check: not publishing {path.name}: {why}", file=sys.stderr)
        print(notice, file=sys.stderr)
        return 1
    where = settings(config)
    print(f"publish_check: corrections go to {' and '.join(v for v in where.values() if v)}")
    print(notice)
    return 0


if __name__ == "__main__":
    sys.exit(main())
