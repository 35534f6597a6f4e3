"""French spacing in the French pages (a step of the site's plugin, :mod:`build_scripts.plugin`).

French typography puts a non-breaking space before the tall punctuation marks (: ; ? !)
and inside the guillemets (« ... »), so that a line never starts with a colon or a closing
guillemet. The Markdown sources are written with ordinary spaces, which the browser may
break; ``on_post_page`` rewrites the text of every French page as it is written out:

- a no-break space (U+00A0) before ``:``;
- a narrow no-break space (U+202F) before ``;``, ``?``, ``!`` and ``»``, and after ``«``;
- a narrow no-break space between the groups of digits of a number (``12 000``) and
  before ``%`` (``52 %``), so that a number never breaks across two lines.

Only the prose is touched: code, scripts, styles, drawings, tag attributes (URLs among
them) are left as they are. A colon or mark that already follows no space -- ``http://``,
``08:50``, ``?id=`` -- is left alone unless it ends a word before a space.
``problems(html)`` lists what is still wrong; the tests run it on the built pages.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from build_scripts.html_text import RAW, Segment, rewrite_text, segments
from build_scripts.page_language import page_language

if TYPE_CHECKING:
    from mkdocs.structure.pages import Page


NBSP, NNBSP = "\u00a0", "\u202f"
_SPACE = "[ \t\r\n\u00a0\u202f]"
_WORD_END = r"[^\W_]|[\)\]»’\"*.…]"  # what a mark may follow without a space in the source
# the space between two groups of a number: "12 000", "1 500 000" (not "1, 2 3" nor a year
# list such as "1960 1969", whose second group has four digits)
_GROUPS = re.compile(r"(?<![\d.,/])\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d/])")


def _fix(text: str, previous: str) -> str:
    text = re.sub(rf"{_SPACE}+:", NBSP + ":", text)
    text = re.sub(rf"{_SPACE}+([;?!»])", NNBSP + r"\1", text)
    text = re.sub(rf"(?<=[^\W_]|\)):(?={_SPACE}|$)", NBSP + ":", text)
    text = re.sub(rf"(?<=[^\W_]|\))([;?!])(?={_SPACE}|$)", NNBSP + r"\1", text)
    text = re.sub(r"(?<=[^\W_]|[\)\.…!?])»", NNBSP + "»", text)
    text = re.sub(rf"«{_SPACE}*", "«" + NNBSP, text)
    text = _GROUPS.sub(lambda m: re.sub("[ \u00a0]", NNBSP, m.group(0)), text)
    text = re.sub(r"(?<=\d)[ \t\u00a0]%", NNBSP + "%", text)
    if text[:1] in (":", ";", "?", "!", "»") and re.match(_WORD_END, previous or " "):
        text = (NBSP if text[0] == ":" else NNBSP) + text
    return text


_ENTITY = re.compile(r"&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);")


def _fix_around_entities(text: str, previous: str) -> str:
    """``_fix`` on ``text`` with its character references (``&#160;``, ``&para;``) set
    aside, so that the ``;`` that closes one is never taken for punctuation."""
    kept: list[str] = []

    def keep(match: re.Match[str]) -> str:
        kept.append(match.group(0))
        return f"\ue000{len(kept) - 1}\ue001"

    out = _fix(_ENTITY.sub(keep, text), previous)
    return re.sub("\ue000(\\d+)\ue001", lambda m: kept[int(m.group(1))], out)


def french_spacing(html: str) -> str:
    """The page with French spacing in the text of its prose."""
    previous = " "

    def change(seg: Segment) -> str:
        nonlocal previous
        if seg.within(RAW):
            return seg.text
        out = _fix_around_entities(seg.text, previous)
        if out:
            previous = out[-1]
        return out

    return rewrite_text(html, change)


def problems(html: str) -> list[str]:
    """Each place in the prose of ``html`` where French spacing is missing, in context."""
    text, found = [], []
    for seg in segments(html):
        if not seg.tag and not seg.within(RAW | {"head"}):
            text.append(seg.text)
    prose = "".join(text)
    patterns = [
        r"[ \t\r\n][:;?!»]",  # an ordinary, breakable space before the mark
        r"(?<=[^\s])[:;?!](?=\s|$)",  # a mark glued to the word it ends
        r"(?<=[^\s])»",
        r"«(?=[^\u00a0\u202f])",
        r"(?<![\d.,/])\d{1,3} \d{3}(?![\d/])",  # a number that can break between its groups
        r"\d %",
    ]
    broken = re.compile(r"&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*)[ \u00a0\u202f];")
    for match in broken.finditer(prose):  # a character reference split from its ";"
        found.append(" ".join(prose[max(0, match.start() - 25) : match.end() + 25].split()))
    prose = _ENTITY.sub("\ue000", prose)
    for pattern in patterns:
        for match in re.finditer(pattern, prose):
            start, end = max(0, match.start() - 25), min(len(prose), match.end() + 25)
            found.append(" ".join(prose[start:end].split()))
    return found


def french_page(output: str, page: Page) -> str:
    """A French page with its no-break spaces; any other page as it is."""
    if page_language(page) != "fr":
        return output
    return french_spacing(output)
