"""The files the build joins: every page links one style sheet (the theme's two, then the
site's, in order) and one head script (the head's three, in order)."""

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

from build_scripts import joined
from build_scripts.config import plugin_settings

THEME = Path(material.__file__).parent / "templates" / "assets" / "stylesheets"
LINK = re.compile(r"<link\b[^>]*\brel=\"stylesheet\"[^>]*>")
HEAD_SCRIPT = re.compile(
    r'<script src="([^"]*head\.[0-9a-f]{8}\.js)" data-md-scope="[^"]+"(?: data-md-instant)?></script>'
)


def _listed() -> list[str]:
    with open(ROOT / "mkdocs.yml", encoding="utf-8") as file:
        return plugin_settings(yaml_load(file))["stylesheets"]


def _body(text: str) -> str:
    return re.sub(r"/\*# sourceMappingURL=[^*]*\*/", "", text).strip()


def _points_at(site_dir: Path, page: Path, href: str) -> str:
    """The site's path that ``href``, in ``page``, points at."""
    here = page.parent.relative_to(site_dir).as_posix()
    resolved = href.lstrip("/") if href.startswith("/") else posixpath.join(here, href)
    return posixpath.normpath(resolved)


def _in_order(text: str, sources: list[Path]) -> None:
    at = [text.find(_body(source.read_text(encoding="utf-8"))) for source in sources]
    assert -1 not in at, [s.name for s, i in zip(sources, at) if i == -1]
    assert at == sorted(at)


def test_every_page_links_one_sheet_holding_the_theme_s_then_the_site_s_in_order(site_dir):
    (sheet,) = (site_dir / "assets" / "stylesheets").glob("site.*.css")
    text = sheet.read_text(encoding="utf-8")
    assert sheet.name == f"site.{hashlib.sha256(text.encode()).hexdigest()[:8]}.css"
    sources = [next(THEME.glob(f"{name}.*.min.css")) for name in ("main", "palette")]
    sources += [ROOT / "docs" / path for path in _listed()]
    _in_order(text, sources)
    assert sorted(p.name for p in site_dir.rglob("*.css")) == [sheet.name]
    assert not list(site_dir.rglob("*.css.map"))
    pages = list(site_dir.rglob("*.html"))
    assert len(pages) > 40
    for page in pages:
        links = LINK.findall(page.read_text(encoding="utf-8"))
        assert len(links) == 1, (page, links)
        href = re.search(r'href="([^"]+)"', links[0]).group(1)
        assert _points_at(site_dir, page, href) == sheet.relative_to(site_dir).as_posix(), page


def test_every_page_runs_one_head_script_holding_the_head_scripts_in_order_before_the_theme_s(
    site_dir,
):
    (script,) = (site_dir / "assets" / "javascripts").glob("head.*.js")
    text = script.read_text(encoding="utf-8")
    assert script.name == f"head.{hashlib.sha256(text.encode()).hexdigest()[:8]}.js"
    _in_order(text, [ROOT / "overrides" / path for path in joined.HEAD_SCRIPTS])
    for path in joined.HEAD_SCRIPTS:
        assert not (site_dir / path).exists(), path
    for page in site_dir.rglob("*.html"):
        markup = page.read_text(encoding="utf-8")
        found = HEAD_SCRIPT.findall(markup)
        assert len(found) == 1, page
        assert markup.index(found[0]) < markup.index("</head>") < markup.index("bundle."), page
        assert _points_at(site_dir, page, found[0]) == script.relative_to(site_dir).as_posix()


def test_a_sheet_naming_another_file_is_refused_with_its_name():
    good = ("assets/css/good.css", ".a{background:url('data:image/svg+xml;utf8,<svg/>')}")
    bad = ("assets/css/bad.css", ".b{background:url(../images/stone.png)}")
    assert "good.css" in joined.joined_sheet([good])
    with pytest.raises(PluginError, match=r"assets/css/bad\.css: url\('\.\./images/stone\.png'\)"):
        joined.joined_sheet([good, bad])


def test_a_second_way_to_link_a_sheet_is_refused():
    def config(extra_css: list[str], sheets: object) -> dict[str, object]:
        return {"extra_css": extra_css, "plugins": [{"heritage-games": {"stylesheets": sheets}}]}

    with pytest.raises(PluginError, match="heritage-games: stylesheets"):
        joined.site_sheets(config(["assets/css/new.css"], ["a.css"]))
    with pytest.raises(PluginError, match="list of paths"):
        joined.site_sheets(config([], "boards.css"))
    assert joined.site_sheets(config([], ["a.css"])) == ["a.css"]
