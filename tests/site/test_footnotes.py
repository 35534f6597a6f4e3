"""The footnotes' back-links on the built pages: titled in the page's language
(build_scripts/footnotes.py), never in the theme's English on a French page."""

from __future__ import annotations

import re
from pathlib import Path

from build_scripts.footnotes import backlink_title

BACKLINK = re.compile(r'<a class="footnote-backref" href="#fnref:[^"]*" title="([^"]*)"')


def _titles(page: Path) -> list[str]:
    return BACKLINK.findall(page.read_text(encoding="utf-8"))


def test_each_language_titles_its_back_links_in_its_own_words(site_dir):
    english = _titles(site_dir / "zohn-ahl" / "history" / "index.html")
    french = _titles(site_dir / "fr" / "zohn-ahl" / "history" / "index.html")
    assert english and len(french) == len(english)
    assert english[0] == "Jump back to footnote 1 in the text"
    assert french[0] == "Revenir à l’appel de la note 1 dans le texte"
    assert french == [backlink_title("fr").format(n) for n in range(1, len(french) + 1)]


def test_no_french_page_keeps_an_english_back_link_title(site_dir):
    pages = [p for p in (site_dir / "fr").rglob("index.html") if _titles(p)]
    assert len(pages) >= 3  # history, names, equipment
    for page in pages:
        english = [t for t in _titles(page) if "Jump back" in t]
        assert not english, (page, english)
