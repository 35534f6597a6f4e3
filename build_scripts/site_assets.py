"""What the plugin brings to a site that has only its pages: the theme's templates of this
project (``overrides/``: the policy ``<meta>``, the theme's inline scripts as files, the
accessibility fixes), the page's scripts and style sheets (``docs/assets/``), and the
scripts' place in ``extra_javascript``.

This project's own site has them already (``theme.custom_dir``, its ``docs/`` folder and
its ``mkdocs.yml``), so nothing is added to it; another site, whose ``mkdocs.yml`` names
the theme, ``search`` and the plugin, gets the same boards without copying a file.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.config_options import ExtraScriptValue
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parent.parent
THEME_DIR = ROOT / "overrides"
ASSETS = ROOT / "docs"
ASSET_FOLDER = "assets"

PAGE_SCRIPTS = (
    "assets/js/boards.js",
    "assets/js/language-switch.js",
    "assets/js/page-parts.js",
    "assets/js/instant-anywhere.js",
    "assets/js/offline.js",
    "assets/js/drawer.js",
    "assets/js/wide-tables.js",
    "assets/js/answers/fields.js",
    "assets/js/answers/results.js",
    "assets/js/answers/run-sheet.js",
)
"""The page's module scripts, in the order the pages load them (the lab's is loaded by
``page-parts.js`` where a page has a lab)."""

STYLESHEETS = (
    "assets/css/boards.css",
    "assets/css/reading.css",
    "assets/css/extra.css",
    "assets/css/analysis.css",
    "assets/css/chances.css",
    "assets/css/forms.css",
    "assets/css/classmate.css",
    "assets/css/answers.css",
)
"""The site's style sheets, joined after the theme's (:mod:`build_scripts.joined`), for a
site whose plugin sets no ``stylesheets`` (:mod:`build_scripts.config`)."""


def add_theme_dir(config: MkDocsConfig) -> None:
    """Put ``overrides/`` before the theme's own templates, unless the site has it."""
    dirs = config.theme.dirs
    if THEME_DIR.resolve() not in {Path(d).resolve() for d in dirs}:
        dirs.insert(0, str(THEME_DIR))


def add_scripts(config: MkDocsConfig) -> None:
    """Add each of :data:`PAGE_SCRIPTS` the site does not list to ``extra_javascript``, as a
    module."""
    listed = {str(script) for script in config.extra_javascript}
    for path in PAGE_SCRIPTS:
        if path not in listed:
            script = ExtraScriptValue(path)
            script.type = "module"
            config.extra_javascript.append(script)


def add_asset_files(files: Files, config: MkDocsConfig) -> None:
    """Add each file of ``docs/assets/`` the site does not have to its files."""
    for path in sorted((ASSETS / ASSET_FOLDER).rglob("*")):
        src_uri = path.relative_to(ASSETS).as_posix()
        if path.is_file() and files.get_file_from_path(src_uri) is None:
            files.append(
                File(
                    src_uri,
                    src_dir=str(ASSETS),
                    dest_dir=config["site_dir"],
                    use_directory_urls=config["use_directory_urls"],
                )
            )
