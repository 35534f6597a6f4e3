"""The headings of a page paired with those of its twin in the other language, so that the
language switch (``docs/assets/js/language-switch.js``) lands the reader at the same section.

A page's anchors are the slugs of its headings, and French headings give French slugs:
``#history`` here is ``#histoire`` there. The pairing is by order: the n-th heading of
``x.md`` is the n-th heading of ``x.fr.md``, and both must be at the same level. Two twins
whose headings do not pair up (a section added in one language only, or a level changed)
fail the build, naming both files and the first heading that differs.

Each heading then carries the anchor of its twin in each other language:
``<h2 id="history" data-anchor-fr="histoire">``.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import markdown
from mkdocs.exceptions import PluginError

from build_scripts.page_language import LANGUAGES, page_language, source_name

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.pages import Page

Heading = tuple[int, str, str]  # level, anchor, text

_HEADING = re.compile(r'<h([1-6]) id="([^"]+)"')


def _flatten(tokens: list[dict[str, Any]], out: list[Heading]) -> list[Heading]:
    for token in tokens:
        out.append((int(token["level"]), str(token["id"]), str(token["name"])))
        _flatten(token.get("children", []), out)
    return out


def _configs(config: MkDocsConfig) -> dict[str, Any]:
    """The site's Markdown settings, less the custom fences: a board's block holds no
    heading, and drawing it again here would take it for a second board of the page."""
    configs = {name: dict(options) for name, options in config.mdx_configs.items()}
    configs.get("pymdownx.superfences", {}).pop("custom_fences", None)
    return configs


Read = dict[tuple[str, int], list[Heading]]
"""The headings of the files one build has read, by path and version (modification time)."""


def headings(path: Path, config: MkDocsConfig, read: Read | None = None) -> list[Heading]:
    """The headings of the Markdown file ``path`` as the site's Markdown reads them (read
    once per version of the file in ``read``, the build's: each page is read for itself
    and for its twin)."""
    read = {} if read is None else read
    key = (str(path), path.stat().st_mtime_ns)
    if key not in read:
        names = [e for e in config.markdown_extensions if isinstance(e, str)]
        md = markdown.Markdown(extensions=names, extension_configs=_configs(config))
        md.convert(path.read_text(encoding="utf-8"))
        read[key] = _flatten(getattr(md, "toc_tokens", []), [])
    return read[key]


def stem(src_uri: str) -> str:
    """``x`` for ``x.md`` and ``x.fr.md``."""
    for lang in LANGUAGES:
        suffix = f".{lang}.md"
        if src_uri.endswith(suffix):
            return src_uri[: -len(suffix)]
    return src_uri.removesuffix(".md")


def pairs(here: list[Heading], there: list[Heading], names: tuple[str, str]) -> dict[str, str]:
    """Each anchor of ``here`` with the anchor of the same heading ``there``; a
    PluginError naming both files if the headings do not pair up."""
    for n, (a, b) in enumerate(zip(here, there, strict=False), start=1):
        if a[0] != b[0]:
            raise PluginError(
                f"{names[0]} and {names[1]}: heading {n} is h{a[0]} {a[2]!r} in the first "
                f"and h{b[0]} {b[2]!r} in the second; the language switch pairs headings "
                "by order and level, so both pages need the same sections"
            )
    if len(here) != len(there):
        n = min(len(here), len(there))
        extra = (here if len(here) > n else there)[n]
        raise PluginError(
            f"{names[0]} has {len(here)} headings and {names[1]} has {len(there)} (the first "
            f"without a twin: h{extra[0]} {extra[2]!r}); the language switch pairs headings "
            "by order and level, so both pages need the same sections"
        )
    return {a[1]: b[1] for a, b in zip(here, there, strict=True)}


def mark_twins(output: str, page: Page, config: MkDocsConfig, read: Read | None = None) -> str:
    """``output`` (a page's content) with each heading's twin anchors; ``read``: the
    headings the build has read so far (:func:`headings`)."""
    src = getattr(page.file, "abs_src_path", None)
    if not src:
        return output
    own_lang = page_language(page)
    source = Path(src)
    base = stem(str(page.file.src_uri))
    docs = Path(config["docs_dir"])
    own = source_name(base, own_lang)
    twins: dict[str, dict[str, str]] = {}
    for lang in LANGUAGES:
        twin = docs / source_name(base, lang)
        if lang == own_lang or not twin.is_file() or source.name == twin.name:
            continue
        here, there = headings(source, config, read), headings(twin, config, read)
        twins[lang] = pairs(here, there, (own, source_name(base, lang)))
    if not twins:
        return output

    def mark(match: re.Match[str]) -> str:
        anchor = html.unescape(match.group(2))
        extra = "".join(
            f' data-anchor-{lang}="{html.escape(pairs_[anchor])}"'
            for lang, pairs_ in twins.items()
            if anchor in pairs_
        )
        return match.group(0) + extra

    return _HEADING.sub(mark, output)
