"""The nations' review on the pages: the statements and the packets (the plugin's steps).

- :func:`check_settings` (before the build): the reviews setting
  (:func:`build_scripts.reviews.reviews`) is read and checked; a malformed entry stops the
  build, naming ``mkdocs.yml`` and the entry.
- :func:`page_markdown`: each ``{{reviews: ...}}`` marker becomes the statement of what the
  setting records; on a review packet's page (``reviews/kiowa.md``, ``reviews/zuni.md`` and
  their twins) the ``{{review-packet: ...}}`` marker becomes the packet's numbered items
  and ``{{review-reply-to}}`` where replies go. The About page and each game's first page
  must say the review status: the build fails, naming the page, if one lacks its marker.
- :func:`write_pdfs` (once the whole site is written): the packets as PDFs, A4 and US Letter, in each language, into the
  site's ``printables/`` folder (``review-packet-kiowa-a4.pdf``...).

:class:`build_scripts.plugin.GamesPlugin` calls :func:`page_markdown` after the claims check
(which reads the page as its author wrote it) and before the grades are explained, so that
the packet's grades link to their key like any other.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from mkdocs.exceptions import PluginError

from build_scripts import corrections, review_packets, reviews
from build_scripts.page_language import page_language, source_name
from build_scripts.printable_pdfs import PAPERS, PrintableError
from engine.words import LANGUAGES

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.pages import Page

#: The pages that must say the review status (English paths) -> the marker they carry.
STATUS_PAGES = {
    "about.md": "{{reviews: all}}",
    "zohn-ahl/index.md": "{{reviews: kiowa}}",
    "awithlaknannai/index.md": "{{reviews: zuni}}",
}
PACKET_PAGE = "reviews/{nation}"


def _reviews(config: MkDocsConfig) -> list[reviews.Review]:
    try:
        return reviews.reviews(config)
    except reviews.ReviewError as err:
        raise PluginError(str(err)) from None


def check_settings(config: MkDocsConfig) -> None:
    """The reviews setting and the claims' nations, checked before the build."""
    _reviews(config)
    wrong = review_packets.unassigned_claims()
    if wrong:
        raise PluginError(
            "build_scripts/review_packets.py: claims with no nation in NATION_OF (or no "
            f"longer in build_scripts/claims.py): {', '.join(wrong)}"
        )


def _english_path(src_uri: str, lang: str) -> str:
    return src_uri if lang == "en" else src_uri.replace(f".{lang}.md", ".md")


def page_markdown(markdown: str, page: Page, config: MkDocsConfig) -> str:
    """The page with its review markers replaced (and a packet's page with its packet)."""
    lang = page_language(page)
    here = page.file.src_uri
    english = _english_path(here, lang)
    needed = STATUS_PAGES.get(english)
    if needed and needed not in markdown:
        raise PluginError(f"{here}: the page must say the nations' review status: add {needed}")
    docs_dir = Path(config["docs_dir"])
    try:
        markdown = reviews.expand(markdown, _reviews(config), lang, here, docs_dir)
    except reviews.ReviewError as err:
        raise PluginError(str(err)) from None
    markdown = markdown.replace(
        review_packets.REPLY_MARKER,
        review_packets.reply_to(corrections.settings(config), lang),
    )
    match = review_packets.MARKER.search(markdown)
    if not match:
        return markdown
    nation = match.group(1)
    if english != PACKET_PAGE.format(nation=nation) + ".md":
        raise PluginError(f"{here}: {match.group(0)} belongs on its nation's packet page only")
    try:
        found = review_packets.packet(docs_dir, nation, lang)
    except review_packets.PacketError as err:
        raise PluginError(f"{here}: {err}") from None
    printables = "../" * page.url.count("/") + "printables/"
    body = review_packets.markdown(found, here, printables)
    return markdown[: match.start()] + body + markdown[match.end() :]


def write_pdfs(config: MkDocsConfig, out_dir: Path) -> list[Path]:
    """Every packet in every paper size and language, into ``out_dir``."""
    docs_dir = Path(config["docs_dir"])
    where = corrections.settings(config)
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for nation in reviews.NATIONS:
        for lang in LANGUAGES:
            here = source_name(PACKET_PAGE.format(nation=nation), lang)
            page = (docs_dir / here).read_text(encoding="utf-8")
            page = page.replace(review_packets.REPLY_MARKER, review_packets.reply_to(where, lang))
            page = reviews.expand(page, _reviews(config), lang, here, docs_dir)
            found = review_packets.packet(docs_dir, nation, lang)
            for paper in PAPERS:
                path = out_dir / review_packets.file_name(nation, paper, lang)
                try:
                    data = review_packets.pdf(found, page, paper, config.get("site_url") or "")
                except (PrintableError, review_packets.PacketError) as err:
                    raise PluginError(f"{path.name}: {err}") from None
                if not path.exists() or path.read_bytes() != data:
                    path.write_bytes(data)
                written.append(path)
    return written
