"""Reading and rewriting the words of a rendered page, never its markup.

The build steps that check or adjust what a reader sees (banned internal words, French
spacing, links to the glossary and to the key of the evidence grades) work on the text
between the tags of the HTML that MkDocs renders. ``segments(html)`` splits a page into
tags and text and says, for each piece of text, which elements enclose it, so that a step
can leave code, scripts, drawings and links alone.

The split is a plain scan for ``<...>``: the HTML comes from Markdown and from the theme,
so it is well formed, and the inside of ``<script>`` and ``<style>`` is never rewritten.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass

# Elements whose text is not prose: what they hold is shown as written (code), runs
# (script, style), or belongs to a drawing (svg).
RAW = frozenset({"script", "style", "code", "pre", "kbd", "samp", "svg", "textarea"})
VOID = frozenset(
    {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
        "path",
        "circle",
        "rect",
        "line",
        "polygon",
        "polyline",
        "ellipse",
        "use",
    }
)
_RAW_TEXT = frozenset({"script", "style"})
_TOKEN = re.compile(r"<!--.*?-->|<[^>]*>", re.S)
_NAME = re.compile(r"</?\s*([A-Za-z][A-Za-z0-9-]*)")
_CLASS = re.compile(r"""\sclass\s*=\s*(?:"([^"]*)"|'([^']*)')""")


@dataclass
class Segment:
    """A run of text (``tag`` False) or one tag (``tag`` True) of a page, with the names
    of the elements that enclose it, outermost first."""

    text: str
    tag: bool
    inside: tuple[str, ...]
    classes: frozenset[str] = frozenset()

    def within(self, names: Collection[str]) -> bool:
        return any(name in names for name in self.inside)

    def within_class(self, names: Collection[str]) -> bool:
        return not self.classes.isdisjoint(names)


def segments(html: str) -> Iterator[Segment]:
    stack: list[str] = []
    classes: list[frozenset[str]] = []

    def here() -> tuple[tuple[str, ...], frozenset[str]]:
        return tuple(stack), frozenset().union(*classes) if classes else frozenset()

    pos = 0
    while pos < len(html):
        match = _TOKEN.search(html, pos)
        if not match:
            break
        if match.start() > pos:
            yield Segment(html[pos : match.start()], False, *here())
        token = match.group(0)
        yield Segment(token, True, *here())
        pos = match.end()
        name_match = _NAME.match(token)
        if token.startswith("<!--") or not name_match:
            continue
        name = name_match.group(1).lower()
        if token.startswith("</"):
            if name in stack:
                while stack and stack.pop() != name:
                    classes.pop()
                classes.pop()
        elif not token.endswith("/>") and name not in VOID:
            stack.append(name)
            found = _CLASS.search(token)
            classes.append(
                frozenset((found.group(1) or found.group(2) or "").split())
                if found
                else frozenset()
            )
            if name in _RAW_TEXT:  # the element's text runs to its end tag, whatever it holds
                end = html.lower().find(f"</{name}", pos)
                end = len(html) if end < 0 else end
                if end > pos:
                    yield Segment(html[pos:end], False, *here())
                pos = end
    if pos < len(html):
        yield Segment(html[pos:], False, *here())


def rewrite_text(html: str, change: Callable[[Segment], str]) -> str:
    """The page with every text segment replaced by ``change(segment)`` (tags unchanged)."""
    return "".join(seg.text if seg.tag else change(seg) for seg in segments(html))


def visible_text(html: str, skip: Collection[str] = frozenset({"script", "style"})) -> str:
    """The page's text outside the elements named in ``skip``, tags replaced by spaces."""
    return " ".join(seg.text for seg in segments(html) if not seg.tag and not seg.within(skip))
