"""The one style sheet every page links: the theme's two, then the site's, in order."""

from __future__ import annotations

import hashlib
import posixpath
import re
from pathlib import Path

import material
import pytest
from mkdocs.exceptions import PluginError
from mkdocs.utils.yaml import yaml_load
from site_build_tools import ROOT

from build_scripts import stylesheets

THEME = Path(material.__file__).parent / "templates" / "assets" / "stylesheets"
LINK = re.compile(r"<link\b[^>]*\brel=\"stylesheet\"[^>]*>")


def _listed() -> list[str]:
    with open(ROOT / "mkdocs.yml", encoding="utf-8") as file:
        return yaml_load(file)["extra"]["stylesheets"]


def _body(text: str) -> str:
    return re.sub(r"/\*# sourceMappingURL=[^*]*\*/", "", text).strip()


def test_every_page_links_one_sheet_holding_the_theme_s_then_the_site_s_in_order(site_dir):
    (sheet,) = (site_dir / "assets" / "stylesheets").glob("site.*.css")
    text = sheet.read_text(encoding="utf-8")
    assert sheet.name == f"site.{hashlib.sha256(text.encode()).hexdigest()[:8]}.css"
    sources = [next(THEME.glob(f"{name}.*.min.css")) for name in ("main", "palette")]
    sources += [ROOT / "docs" / path for path in _listed()]
    at = [text.find(_body(source.read_text(encoding="utf-8"))) for source in sources]
    assert -1 not in at, [s.name for s, i in zip(sources, at) if i == -1]
    assert at == sorted(at)
    assert sorted(p.name for p in site_dir.rglob("*.css")) == [sheet.name]
    assert not list(site_dir.rglob("*.css.map"))
    pages = list(site_dir.rglob("*.html"))
    assert len(pages) > 40
    for page in pages:
        links = LINK.findall(page.read_text(encoding="utf-8"))
        assert len(links) == 1, (page, links)
        href = re.search(r'href="([^"]+)"', links[0]).group(1)
        here = page.parent.relative_to(site_dir).as_posix()
        resolved = href.lstrip("/") if href.startswith("/") else posixpath.join(here, href)
        assert posixpath.normpath(resolved) == sheet.relative_to(site_dir).as_posix(), page


def test_a_sheet_naming_another_file_is_refused_with_its_name():
    good = ("assets/css/good.css", ".a{background:url('data:image/svg+xml;utf8,<svg/>')}")
    bad = ("assets/css/bad.css", ".b{background:url(../images/stone.png)}")
    assert "good.css" in stylesheets.joined([good])
    with pytest.raises(PluginError, match=r"assets/css/bad\.css: url\('\.\./images/stone\.png'\)"):
        stylesheets.joined([good, bad])


def test_a_second_way_to_link_a_sheet_is_refused():
    with pytest.raises(PluginError, match="extra.stylesheets"):
        stylesheets.site_sheets({"extra_css": ["assets/css/new.css"], "extra": {}})
    with pytest.raises(PluginError, match="list of paths"):
        stylesheets.site_sheets({"extra_css": [], "extra": {"stylesheets": "boards.css"}})
    assert stylesheets.site_sheets({"extra_css": [], "extra": {"stylesheets": ["a.css"]}}) == [
        "a.css"
    ]
