"""MkDocs hooks (``hooks:`` in mkdocs.yml): the site's build machinery.

- on import: make ``import engine`` and ``import build_scripts`` work from the repository
  root on purpose (MkDocs puts this folder on ``sys.path`` only while loading the hook).
- ``on_config``: register the custom fences (``zohn-ahl``, ``awithlaknannai``, ``answer``,
  ``zohn-ahl-sticks``, ``awithlaknannai-puzzles``) of this build's
  :class:`~build_scripts.fences.FenceRenderer` (``RENDERER``) with pymdownx.superfences.
- ``on_page_markdown``: tell the renderer which file is being rendered, in which
  language (mkdocs-static-i18n builds each language in turn; the language is the one being
  built, i.e. the page's ``<html lang>``) and with which front matter (its ``aids``, see
  :mod:`build_scripts.aids`).
- ``on_page_content`` (first of the page's hooks): fail the build if a block of the page
  was refused (the fence also raises, this is the safety net) -- the message names the
  file, the block and the reason; then keep each board's static drawing once per page
  (:func:`~build_scripts.board_blocks.keep_first_static_boards`).
- ``on_post_build``: put Pyodide, the engine wheel and the runtime manifest into the site
  (:mod:`build_scripts.runtime`) and write the printables (:mod:`build_scripts.printables`), once,
  into the root site folder; keep the English ``404.html`` at the root (the French build
  would overwrite it) and the French one at ``fr/404.html``.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from mkdocs.config.defaults import MkDocsConfig  # noqa: E402
from mkdocs.exceptions import PluginError  # noqa: E402
from mkdocs.plugins import event_priority  # noqa: E402
from mkdocs.structure.files import Files  # noqa: E402
from mkdocs.structure.pages import Page  # noqa: E402

from build_scripts import fences, runtime  # noqa: E402
from build_scripts.board_blocks import keep_first_static_boards  # noqa: E402
from build_scripts.page_language import built_language, first_language_build  # noqa: E402

log = logging.getLogger("mkdocs.hooks.site")


class _KnownI18nWarning(logging.Filter):
    """Lower one known mkdocs-static-i18n warning to INFO so that ``--strict`` can pass.

    mkdocs-static-i18n warns that its language switcher's per-page ("contextual") links
    are "not compatible with navigation.instant": with instant navigation the header is
    not re-rendered, so the switcher would keep the links of the first page of the visit.
    The site needs navigation.instant (one Python worker per tab across pages), and
    ``docs/assets/js/language-switch.js`` brings the switcher's links up to date after
    each instant navigation, so the warning does not apply here. Every other warning
    still fails the strict build.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if (
            record.levelno == logging.WARNING
            and "language switcher contextual link is not compatible" in record.getMessage()
        ):
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


logging.getLogger("mkdocs.plugins.mkdocs_static_i18n.reconfigure").addFilter(_KnownI18nWarning())


# The custom fences of this build: the page being rendered and the blocks refused so far.
RENDERER = fences.FenceRenderer()


def _display_path(page: Page, config: MkDocsConfig) -> str:
    """The page's source file as a path from the project folder (``docs/authoring.md``)."""
    docs = Path(config["docs_dir"])
    try:
        base = Path(config["config_file_path"]).parent
        return (docs / page.file.src_uri).relative_to(base).as_posix()
    except (ValueError, TypeError, KeyError):
        return f"{docs.name}/{page.file.src_uri}"


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    mdx = config["mdx_configs"]
    if "pymdownx.superfences" not in config["markdown_extensions"]:
        config["markdown_extensions"].append("pymdownx.superfences")
    superfences = mdx.setdefault("pymdownx.superfences", {})
    entries = superfences.setdefault("custom_fences", [])
    names = {entry.get("name") for entry in entries}
    for entry in RENDERER.custom_fences():
        if entry["name"] not in names:
            entries.append(entry)
    return config


def on_pre_build(config: MkDocsConfig) -> None:
    if first_language_build(config):
        RENDERER.errors.clear()


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    RENDERER.begin_page(
        _display_path(page, config), built_language(config), markdown, dict(page.meta)
    )
    return markdown


@event_priority(100)  # first: a refused block stops the build before any other rewriting
def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    if RENDERER.page.errors:
        raise PluginError(
            "A board or answer block is wrong:\n  " + "\n  ".join(RENDERER.page.errors)
        )
    return keep_first_static_boards(html)


_DEFAULT_404: dict[str, bytes] = {}


def _keep_default_404(config: MkDocsConfig) -> None:
    """Each language's build writes ``404.html`` at the site root, so the last language
    built (French) would replace the English page. Keep the default language's page at
    the root and move the other one to ``<lang>/404.html``."""
    page = Path(config["site_dir"]) / "404.html"
    if not page.is_file():
        return
    if first_language_build(config):
        _DEFAULT_404["page"] = page.read_bytes()
    elif "page" in _DEFAULT_404:
        lang = built_language(config)
        (Path(config["site_dir"]) / lang).mkdir(exist_ok=True)
        (Path(config["site_dir"]) / lang / "404.html").write_bytes(page.read_bytes())
        page.write_bytes(_DEFAULT_404["page"])


def on_post_build(config: MkDocsConfig) -> None:
    if RENDERER.errors:
        raise PluginError("Board or answer blocks are wrong:\n  " + "\n  ".join(RENDERER.errors))
    _keep_default_404(config)
    if not first_language_build(config):
        return  # a second language's build: the runtime lives once, at the site root
    site_dir = Path(config["site_dir"])
    try:
        manifest = runtime.install_runtime(site_dir)
        wrote = runtime.write_printables(site_dir)
    except runtime.RuntimeInstallError as err:
        raise PluginError(str(err)) from None
    log.info(
        "Engine %s (wheel %s) and Pyodide %s copied into %s%s",
        manifest["engine"],
        manifest["hash"],
        manifest["pyodide"],
        site_dir / runtime.RUNTIME,
        "; printables written" if wrote else "",
    )
