"""Files a page would ask for one by one, joined at build time: one style sheet and one
head script for every page.

- The style sheet, ``assets/stylesheets/site.<hash>.css``: mkdocs-material's own two
  (``main``, then ``palette``, the order its template links them in), then the site's, in
  the order the plugin's ``stylesheets`` in ``mkdocs.yml`` lists them. The cascade is
  the one the separate sheets gave.
- The head script, ``assets/javascripts/head.<hash>.js``: the scripts :data:`HEAD_SCRIPTS`
  lists (``overrides/assets/javascripts/``), in that order, each as it was. They stay
  classic scripts run in ``<head>``, before the theme's: the theme's storage helpers as
  globals, the theme's first steps done before the body is parsed (where they restyle
  nothing), then the site's two that must come before the theme's script. Each finds
  what it needs from ``document.currentScript`` (the page's scope in ``data-md-scope``,
  the site's root from the script's own address), which the joined script, in the same
  folder, gives them as their own did.

The files joined (and the theme's source maps of its sheets) are not written to the site
on their own; the templates link the joined ones (``site_stylesheet``, ``head_script``).

Why: ten sheets and three head scripts were thirteen requests beside Python's start on a
board page's first visit. The three scripts, each blocking the page's parsing, were asked
for one after another, and the first paint waited for all of them; on two processor
cores the browser's work for each request is time Python waits (both measured in
benchmarks/README.md). Each name carries a hash of the content, so a browser keeps the
file for good (``build_scripts/serve.py``) and a changed file gets a new name.

The build fails, naming the file, where one is missing, where ``extra_css`` is used
instead (it would link a second sheet), or where a sheet's ``url()`` names another file:
joined elsewhere, that address would point somewhere else.
"""

from __future__ import annotations

import hashlib
import re

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from build_scripts.config import NAME, plugin_settings
from build_scripts.site_assets import STYLESHEETS

THEME_SHEETS = ("main", "palette")
"""mkdocs-material's sheets, in the order its template links them."""
HEAD_SCRIPTS = (
    "assets/javascripts/theme-storage.js",  # the theme's storage helpers (its inline script)
    "assets/javascripts/theme-start.js",  # the theme's first steps, before the body is parsed
    "assets/javascripts/same-page.js",  # a change of fragment fetches no page
    "assets/javascripts/search-index-when-asked.js",  # the search index once searched
)
"""The head's scripts, in the order they run."""
_THEME_SHEET = re.compile(r"assets/stylesheets/(main|palette)\.[0-9a-f]+\.min\.css")
_URL = re.compile(r"url\(\s*(['\"]?)(?!data:)([^'\")]*)\1\s*\)", re.IGNORECASE)
_SOURCE_MAP = re.compile(r"/\*# sourceMappingURL=[^*]*\*/")


def site_sheets(config: MkDocsConfig) -> list[str]:
    """The site's own sheets, as the plugin's ``stylesheets`` lists them (by default the
    sheets of the boards and pages, :data:`build_scripts.site_assets.STYLESHEETS`)."""
    if config["extra_css"]:
        raise PluginError(
            f"mkdocs.yml: list style sheets under {NAME}: stylesheets (joined into one), "
            f"not extra_css: {list(config['extra_css'])}"
        )
    sheets = plugin_settings(config).get("stylesheets", list(STYLESHEETS))
    if not isinstance(sheets, list) or not all(isinstance(s, str) for s in sheets):
        raise PluginError(f"mkdocs.yml: {NAME}: stylesheets must be a list of paths: {sheets!r}")
    return sheets


def joined_sheet(parts: list[tuple[str, str]]) -> str:
    """The sheets ``(name, text)`` as one, each headed by its name, without source maps."""
    out = []
    for name, text in parts:
        found = _URL.search(text)
        if found:
            raise PluginError(
                f"{name}: url({found.group(2)!r}) names another file; a sheet joined into "
                "the site's one style sheet may only use data: addresses"
            )
        out.append(f"/* {name} */\n{_SOURCE_MAP.sub('', text).strip()}\n")
    return "".join(out)


def joined_script(parts: list[tuple[str, str]]) -> str:
    """The scripts ``(name, text)`` as one, each headed by its name and ended by ``;``."""
    return "".join(f"// {name}\n{text.strip()}\n;\n" for name, text in parts)


def _theme_sheets(files: Files) -> list[File]:
    theme: dict[str, File] = {}
    for file in files:
        match = _THEME_SHEET.fullmatch(file.src_uri)
        if match:
            if match.group(1) in theme:
                raise PluginError(f"two of the theme's {match.group(1)} sheets: {file.src_uri}")
            theme[match.group(1)] = file
    missing = [name for name in THEME_SHEETS if name not in theme]
    if missing:
        raise PluginError(f"the theme's style sheets not found: {', '.join(missing)}")
    return [theme[name] for name in THEME_SHEETS]


def _listed(files: Files, paths: list[str] | tuple[str, ...], where: str) -> list[File]:
    out = []
    for path in paths:
        file = files.get_file_from_path(path)
        if file is None:
            raise PluginError(f"{where} names {path}, which does not exist")
        out.append(file)
    return out


def _replace(config: MkDocsConfig, files: Files, parts: list[File], name: str, text: str) -> str:
    """``parts`` taken out of the site and ``text`` put in, as ``name`` with the hash of
    its content before the suffix; the name given."""
    stem, suffix = name.rsplit(".", 1)
    name = f"{stem}.{hashlib.sha256(text.encode()).hexdigest()[:8]}.{suffix}"
    for file in parts:
        files.remove(file)
        source_map = files.get_file_from_path(file.src_uri + ".map")
        if source_map is not None:  # the theme's: it maps a file no longer sent
            files.remove(source_map)
    files.append(File.generated(config, name, content=text))
    return name


def join_files(files: Files, config: MkDocsConfig) -> dict[str, str]:
    """Replace the sheets and the head scripts in ``files`` by the two joined files; return
    the template names of the files made (``site_stylesheet``, ``head_script``). Run after
    mkdocs-static-i18n has sorted the language's files: it reads each file's source path,
    which a generated file has not."""
    joined = {}
    sheets = _theme_sheets(files) + _listed(
        files, site_sheets(config), f"mkdocs.yml: {NAME}: stylesheets"
    )
    text = joined_sheet([(f.src_uri, f.content_string) for f in sheets])
    joined["site_stylesheet"] = _replace(config, files, sheets, "assets/stylesheets/site.css", text)
    scripts = _listed(files, HEAD_SCRIPTS, "build_scripts/joined.py: HEAD_SCRIPTS")
    text = joined_script([(f.src_uri, f.content_string) for f in scripts])
    joined["head_script"] = _replace(config, files, scripts, "assets/javascripts/head.js", text)
    return joined
