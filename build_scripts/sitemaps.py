"""A sitemap for each language's folder.

mkdocs-material's instant navigation reads ``sitemap.xml`` beside the pages of the
language being shown; mkdocs-static-i18n writes one sitemap, at the root, listing every
language. Without ``fr/sitemap.xml`` the French pages would lose instant navigation (and
so the Python worker kept across pages). This hook writes it, with the French URLs only.
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path

LANGUAGES = ("fr",)


def on_post_build(config, **kwargs):
    site = Path(config["site_dir"])
    source = site / "sitemap.xml"
    if not source.exists():
        return
    text = source.read_text(encoding="utf-8")
    for lang in LANGUAGES:
        folder = site / lang
        if not folder.is_dir() or (folder / "sitemap.xml").exists():
            continue
        entries = re.findall(r"\s*<url>.*?</url>", text, flags=re.S)
        kept = [e for e in entries if re.search(rf"<loc>[^<]*/{lang}/[^<]*</loc>", e)]
        head, _, _ = text.partition("<url>")
        out = head.rstrip() + "".join(kept) + "\n</urlset>\n"
        (folder / "sitemap.xml").write_text(out, encoding="utf-8")
        (folder / "sitemap.xml.gz").write_bytes(gzip.compress(out.encode("utf-8"), mtime=0))
