"""The footnotes' back-links in the language being built (a step of the site's plugin,
:mod:`build_scripts.plugin`).

Python-Markdown's footnotes extension gives each back-link (the arrow after a note) the
title "Jump back to footnote 1 in the text", the same in every language. MkDocs makes a
new Markdown converter for each page from ``mdx_configs``, and mkdocs-static-i18n runs the
plugin's ``on_config`` before each language's pages, so setting the extension's
``BACKLINK_TITLE`` there gives each language's pages the title of its words table (the
``footnote-back`` entry of :mod:`build_scripts.words`, ``{}`` for the note's number).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from build_scripts.page_language import built_language
from build_scripts.words import table

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig


def backlink_title(lang: str) -> str:
    """The back-link's title in ``lang``, ``{}`` standing for the note's number."""
    return str(table(lang)["footnote-back"])


def set_backlink_title(config: MkDocsConfig) -> None:
    """Give the footnotes of the language being built their back-link title in it."""
    if "footnotes" not in config["markdown_extensions"]:
        return
    settings = config["mdx_configs"].setdefault("footnotes", {})
    settings["BACKLINK_TITLE"] = backlink_title(built_language(config))
