"""What mkdocs-material needs to find each language's pages (a step of the site's plugin, :mod:`build_scripts.plugin`).

mkdocs-material reads ``sitemap.xml`` in the folder of each language: for instant
navigation (which keeps the Python worker across the pages of a visit) beside the pages
being shown, and for each ``<link rel="alternate" hreflang>`` of the page's head, beside
the address it names. mkdocs-static-i18n writes one sitemap, at the root, listing every
language, and makes the head's alternate links point at the same page in each language,
so the theme asked for ``<page>/sitemap.xml`` on every page and got a 404.

- ``on_post_page``: the head's alternate links name each language's home (the site's root
  and its French folder), where the sitemaps are. (The language menu's links still lead to the same
  page in the other language: ``docs/assets/js/language-switch.js`` keeps them right.)
- ``on_post_template`` (the 404 page, served at any missing address, so its links are
  absolute): its language menu and alternate links name each language's home (the
  French 404 page otherwise kept the links of the last page built). The script then
  points the menu at the same address in the other language, when that stays on the site.
- ``on_page_content``: each heading names the anchor of the same heading in the other
  language (:mod:`build_scripts.twin_headings`), so that the switch lands the reader at
  the same section; twin pages whose headings do not pair up fail the build.
- ``on_post_build``: ``fr/sitemap.xml``, with the French URLs only.
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from build_scripts.page_language import DEFAULT_LANGUAGE, OTHER_LANGUAGES
from build_scripts.page_language import folder as language_folder

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.pages import Page


_ALTERNATE = re.compile(r'<link rel="alternate" href="[^"]*" hreflang="([A-Za-z-]+)">')
_MENU_LINK = re.compile(r'<a href="[^"]*" hreflang="([A-Za-z-]+)" class="md-select__link">')


def language_homes(output: str, page: Page) -> str:
    """The page with its head's alternate links naming each language's home."""
    root = "../" * page.url.count("/") or "./"

    def home(match: re.Match[str]) -> str:
        lang = match.group(1)
        return f'<link rel="alternate" href="{root}{language_folder(lang)}" hreflang="{lang}">'

    head, sep, body = output.partition("</head>")
    return _ALTERNATE.sub(home, head) + sep + body


def _site_path(config: MkDocsConfig) -> str:
    """The path the site is served under (the root, or a folder such as ``games``),
    from ``site_url``."""
    path = urlsplit(config.get("site_url") or "/").path or "/"
    path = path if path.endswith("/") else path + "/"
    for lang in OTHER_LANGUAGES:  # a language's own build may name its folder
        if path.endswith(f"/{lang}/"):
            path = path[: -len(lang) - 1]
    return path


def template_homes(output_content: str, template_name: str, config: MkDocsConfig) -> str:
    """The 404 page with its language menu and alternate links naming each language's home."""
    if template_name != "404.html":
        return output_content
    root = _site_path(config)

    def home(lang: str) -> str:
        return root if lang == DEFAULT_LANGUAGE else f"{root}{lang}/"

    output = _ALTERNATE.sub(
        lambda m: f'<link rel="alternate" href="{home(m.group(1))}" hreflang="{m.group(1)}">',
        output_content,
    )
    return _MENU_LINK.sub(
        lambda m: f'<a href="{home(m.group(1))}" hreflang="{m.group(1)}" class="md-select__link">',
        output,
    )


def write_sitemaps(config: MkDocsConfig) -> None:
    """Each other language's own ``sitemap.xml`` (and its gzip copy) in its folder."""
    site = Path(config["site_dir"])
    source = site / "sitemap.xml"
    if not source.exists():
        return
    text = source.read_text(encoding="utf-8")
    for lang in OTHER_LANGUAGES:
        folder = site / lang
        if not folder.is_dir() or (folder / "sitemap.xml").exists():
            continue
        entries = re.findall(r"\s*<url>.*?</url>", text, flags=re.S)
        kept = [e for e in entries if re.search(rf"<loc>[^<]*/{lang}/[^<]*</loc>", e)]
        head, _, _ = text.partition("<url>")
        out = head.rstrip() + "".join(kept) + "\n</urlset>\n"
        (folder / "sitemap.xml").write_text(out, encoding="utf-8")
        (folder / "sitemap.xml.gz").write_bytes(gzip.compress(out.encode("utf-8"), mtime=0))
