"""One style sheet for every page: the theme's and the site's, joined at build time.

Every page links one sheet, ``assets/stylesheets/site.<hash>.css``: mkdocs-material's own
two (``main``, then ``palette``, the order its template links them in), then the site's,
in the order ``extra.stylesheets`` in ``mkdocs.yml`` lists them. The cascade is the one
the separate sheets gave; the sheets joined (and the theme's source maps of them) are not
written to the site on their own.

Why: ten sheets were ten requests beside Python's start on a board page's first visit,
and on two processor cores the browser's work for each is time Python waits (measured in
benchmarks/README.md). The name carries a hash of the content, so a browser keeps the
sheet for good (``build_scripts/serve.py``) and a changed sheet gets a new name.

The build fails, naming the sheet, where one is missing, where ``extra_css`` is used
instead (it would link a second sheet), or where a sheet's ``url()`` names another file:
joined elsewhere, that address would point somewhere else.
"""

from __future__ import annotations

import hashlib
import re

from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

THEME = ("main", "palette")
"""mkdocs-material's sheets, in the order its template links them."""
_THEME_SHEET = re.compile(r"assets/stylesheets/(main|palette)\.[0-9a-f]+\.min\.css")
_URL = re.compile(r"url\(\s*(['\"]?)(?!data:)([^'\")]*)\1\s*\)", re.IGNORECASE)
_SOURCE_MAP = re.compile(r"/\*# sourceMappingURL=[^*]*\*/")
_JOINED: dict[str, str] = {}


def site_sheets(config: MkDocsConfig) -> list[str]:
    """The site's own sheets, as ``extra.stylesheets`` lists them."""
    if config["extra_css"]:
        raise PluginError(
            "mkdocs.yml: list style sheets under extra.stylesheets (joined into one), "
            f"not extra_css: {list(config['extra_css'])}"
        )
    sheets = config["extra"].get("stylesheets", [])
    if not isinstance(sheets, list) or not all(isinstance(s, str) for s in sheets):
        raise PluginError(f"mkdocs.yml: extra.stylesheets must be a list of paths: {sheets!r}")
    return sheets


def joined(parts: list[tuple[str, str]]) -> str:
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


# After mkdocs-static-i18n (-100) has sorted the language's files: it reads each file's
# source path, which a generated file has not.
@event_priority(-110)
def on_files(files: Files, config: MkDocsConfig) -> Files:
    theme = {}
    for file in files:
        match = _THEME_SHEET.fullmatch(file.src_uri)
        if match:
            if match.group(1) in theme:
                raise PluginError(f"two of the theme's {match.group(1)} sheets: {file.src_uri}")
            theme[match.group(1)] = file
    missing = [name for name in THEME if name not in theme]
    if missing:
        raise PluginError(f"the theme's style sheets not found: {', '.join(missing)}")
    sheets = [theme[name] for name in THEME]
    for path in site_sheets(config):
        listed = files.get_file_from_path(path)
        if listed is None:
            raise PluginError(f"mkdocs.yml: extra.stylesheets names {path}, which does not exist")
        sheets.append(listed)
    text = joined([(f.src_uri, f.content_string) for f in sheets])
    name = f"assets/stylesheets/site.{hashlib.sha256(text.encode()).hexdigest()[:8]}.css"
    for file in sheets:
        files.remove(file)
        source_map = files.get_file_from_path(file.src_uri + ".map")
        if source_map is not None:  # the theme's: it maps a file no longer sent
            files.remove(source_map)
    files.append(File.generated(config, name, content=text))
    _JOINED["name"] = name
    return files


def on_env(env: Environment, config: MkDocsConfig, files: Files) -> Environment:
    env.globals["site_stylesheet"] = _JOINED["name"]
    return env
