"""Rulesets and stick tables by the names readers know, in the pages (a step of the site's plugin, :mod:`build_scripts.plugin`).

A page names a ruleset or a throw table with a marker, never by its id::

    {{ruleset: zohn-ahl/kiowa}}      -> Wikipedia's 40-space cloth
    {{ruleset: awithlaknannai/open}} -> Culin's board without outer lines
    {{table: sahe}}                  -> Mooney's table, with the sahe

``on_page_markdown`` writes the name in the page's language, from the interface's words
(``rulesetNames``, ``rulesetSources`` and ``tableNames`` of :mod:`engine.words`, where the
boards' menus and the lab read them too), so that each name is written once. In prose a
ruleset's name links to its entry on the rulesets page, with the account it follows as
the link's title (a tooltip); in a board's caption (inside a block, where the text is
plain), in a heading and inside a link of the page's own it is the name alone. The
worksheets, which read the lesson pages' Markdown themselves, expand the markers to plain
names with :func:`expand`. An unknown game, ruleset or table stops the build, naming the
page and the marker.

The ids stay where they are code: links, block options (``ruleset: culin``), the command
line, ``spec/`` and the authoring page.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import TYPE_CHECKING

from mkdocs.exceptions import PluginError

from build_scripts.games import BOARDS
from build_scripts.page_language import page_language
from engine.words import table

if TYPE_CHECKING:
    from mkdocs.structure.pages import Page

ROOT = Path(__file__).resolve().parent.parent

MARKER = re.compile(r"\{\{\s*(ruleset|table):\s*([a-z-]+)(?:/([a-z-]+))?\s*\}\}")


class MarkerError(ValueError):
    """A marker names no known ruleset or table."""


def _name(kind: str, first: str, second: str | None, lang: str) -> str:
    words = table(lang)["page"]
    if kind == "ruleset":
        names = words["rulesetNames"].get(first, {})
        if second is None or second not in names:
            raise MarkerError(
                f"{{{{ruleset: {first}{'/' + second if second else ''}}}}}: expected GAME/RULESET among "
                + ", ".join(f"{g}/{r}" for g, rs in words["rulesetNames"].items() for r in rs)
            )
        return str(names[second])
    if second is not None or first not in words["tableNames"]:
        raise MarkerError(
            f"{{{{table: {first}{'/' + second if second else ''}}}}}: expected one of "
            + ", ".join(words["tableNames"])
        )
    return str(words["tableNames"][first])


def expand(markdown: str, lang: str) -> str:
    """``markdown`` with every marker replaced by its name in ``lang``; MarkerError for a
    marker that names nothing."""
    return MARKER.sub(lambda m: _name(m.group(1), m.group(2), m.group(3), lang), markdown)


RULESETS_PAGE = "sources/rulesets.md"
_FENCE = re.compile(r"^\s*(```|~~~)")


def _link(match: re.Match[str], lang: str, here: str) -> str:
    """The marker as a link to the ruleset's entry on the rulesets page (a Markdown link
    relative to ``here``, the page's source path), titled with the account it follows."""
    name = _name(match.group(1), match.group(2), match.group(3), lang)
    if match.group(1) != "ruleset":
        return name
    game, ruleset = match.group(2), str(match.group(3))
    anchor = BOARDS[game].ruleset_anchor.format(ruleset=ruleset)
    source = table(lang)["page"]["rulesetSources"][game][ruleset]
    source = re.sub(r'"([^"]*)"', "\u201c\\1\u201d", source).replace('"', "")
    target = posixpath.relpath(RULESETS_PAGE, posixpath.dirname(here) or ".")
    return f'[{name}]({target}#{anchor} "{source}")'


def linked(markdown: str, lang: str, here: str) -> str:
    """``markdown`` (the page at source path ``here``) with every marker replaced: a link
    in prose, the plain name in board blocks, headings and the page's own links; left as
    written in code (inline, or a ``markdown`` or plain fence)."""
    out, fence = [], ""
    for line in markdown.split("\n"):
        opening = _FENCE.match(line)
        if opening:
            fence = "" if fence else (line.strip()[3:].strip() or "text")
        if fence in ("markdown", "text"):  # an example shown as written (the authoring page)
            out.append(line)
            continue
        plain = bool(fence) or line.lstrip().startswith("#")

        def one(match: re.Match[str], line: str = line, plain: bool = plain) -> str:
            before = line[: match.start()]
            if before.count("`") % 2:  # inside inline code: shown as written
                return match.group(0)
            if plain or before.count("[") > before.count("]"):
                return _name(match.group(1), match.group(2), match.group(3), lang)
            return _link(match, lang, here)

        out.append(MARKER.sub(one, line))
    return "\n".join(out)


def named_rulesets(markdown: str, page: Page) -> str:
    """The page's Markdown with each ``{{ruleset: ...}}`` marker written out (or a clear error)."""
    try:
        return linked(markdown, page_language(page), page.file.src_uri)
    except MarkerError as err:
        raise PluginError(f"docs/{page.file.src_uri}: {err}") from None
