"""Offline reading and playing, and installing the site as an app (a step of the site's plugin, :mod:`build_scripts.plugin`).

- ``on_post_page``: every page's head names the web app manifest of its language and the
  icon (``<link rel="manifest">``, ``<link rel="apple-touch-icon">``), with addresses
  relative to the page, so one build works at any address and under any folder. On a page
  with a board the manifest's link waits in a ``<template data-role="after-boards">``,
  which ``offline.js`` puts into the head once the boards are playable.
- ``on_post_build``, once, after every language is built and the search index is final
  (priority -200: after mkdocs-static-i18n, which builds the other languages and rewrites
  the search index in its own ``on_post_build``):

  - ``assets/icons/``: the app icon (:mod:`build_scripts.icons`);
  - ``manifest.webmanifest`` and ``fr/manifest.webmanifest``: the installable app, in
    each language (one app: the same ``id``, the site's root);
  - ``sw.js``: ``build_scripts/service_worker.js`` preceded by the build's hash and the
    list of files to keep offline (:func:`precache_list`). The hash covers every listed
    file, so any change to the site makes a new cache, and an unchanged site keeps its own.

``docs/assets/js/offline.js`` registers the service worker from each page. Under
``mkdocs serve`` (pages change as they are written) ``sw.js`` keeps nothing: it removes
any copy a browser kept from another server at the same address, and unregisters itself.
"""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path
from typing import TYPE_CHECKING

from build_scripts import icons
from build_scripts import words as build_words
from build_scripts.page_language import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    built_language,
)
from build_scripts.page_language import folder as language_folder

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.pages import Page

ROOT = Path(__file__).resolve().parent.parent


log = logging.getLogger("mkdocs.plugins.heritage_games.offline")

HERE = Path(__file__).resolve().parent
WORKER_SOURCE = HERE / "service_worker.js"
WORKER = "sw.js"
ICONS = Path("assets") / "icons"

DESCRIPTIONS = build_words.section("app-description")
THEME_COLOR = "#%02x%02x%02x" % icons.BACKGROUND

_SKIPPED_SUFFIXES = (".gz", ".br", ".xz", ".map")
_LUNR = "assets/javascripts/lunr/"


def manifest_links(output: str, page: Page, config: MkDocsConfig) -> str:
    """The page with its head naming the web app manifest of its language and the icon."""
    root = "../" * page.url.count("/") or "./"
    lang = built_language(config)
    manifest = f'<link rel="manifest" href="{root}{language_folder(lang)}manifest.webmanifest">'
    if page.content and "data-game=" in page.content:
        # A page with a board names its manifest once its boards are playable (offline.js):
        # the browser's reading of the manifest and its icons would take a tenth of a second
        # of processor time from Python's start.
        manifest = f'<template data-role="after-boards">{manifest}</template>'
    links = manifest + f'<link rel="apple-touch-icon" href="{root}{ICONS.as_posix()}/icon-192.png">'
    head, sep, body = output.partition("</head>")
    return head + links + sep + body if sep else output


def _search_languages(site: Path) -> list[str]:
    try:
        index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
        return list(index["config"]["lang"])
    except (OSError, ValueError, KeyError, TypeError):
        return list(LANGUAGES)


_ON_DEMAND = "assets/runtime/tables/"  # the endgame tables: kept once a page fetches them


def _wanted(path: str, lunr: set[str]) -> bool:
    if path.startswith(_ON_DEMAND):
        return False
    if path == WORKER or path.endswith(_SKIPPED_SUFFIXES) or "/." in f"/{path}":
        return False
    if path.startswith(_LUNR):  # the search's language support: only the site's languages
        return path.rsplit("/", 1)[-1] in lunr
    return True


def precache_list(site: Path) -> list[str]:
    """Every file a reader may need offline, as an address relative to the site's root:
    ``x/index.html`` is listed as ``x/`` (as the pages link to it). Left out: the service
    worker itself, source maps, the ``.gz`` and ``.br`` copies (a server sends them in
    their files' stead), the runtime's ``.xz`` copies (fetched on a plain-http origin only,
    where no service worker runs), the search's support for the languages the site is not written
    in, and the endgame tables (several megabytes: the service worker keeps each one when
    a page first fetches it)."""
    site = Path(site)
    lunr = {"lunr.stemmer.support.min.js", "lunr.multi.min.js"}
    lunr |= {f"lunr.{lang}.min.js" for lang in _search_languages(site)}
    files = []
    for file in sorted(p for p in site.rglob("*") if p.is_file()):
        path = file.relative_to(site).as_posix()
        if not _wanted(path, lunr):
            continue
        if path == "index.html":
            path = "./"
        elif path.endswith("/index.html"):
            path = path[: -len("index.html")]
        files.append(path)
    return files


def _local(site: Path, entry: str) -> Path:
    return (
        site / "index.html"
        if entry == "./"
        else site / (entry + "index.html" if entry.endswith("/") else entry)
    )


def build_hash(site: Path, files: list[str]) -> str:
    """A hash of the listed files (names and contents) and of the service worker's code."""
    digest = hashlib.sha256(WORKER_SOURCE.read_bytes())
    for entry in files:
        digest.update(b"\0" + entry.encode() + b"\0")
        digest.update(_local(site, entry).read_bytes())
    return digest.hexdigest()[:16]


def write_manifests(site: Path, name: str) -> None:
    icon_entries = icons.write_icons(site / ICONS)
    for lang in LANGUAGES:
        folder = site / language_folder(lang)
        if lang != DEFAULT_LANGUAGE and not folder.is_dir():
            continue
        up = "../" if lang != DEFAULT_LANGUAGE else ""
        manifest = {
            "id": up or "./",
            "name": name,
            "short_name": name,
            "description": DESCRIPTIONS[lang],
            "lang": lang,
            "start_url": "./",
            "scope": up or "./",
            "display": "standalone",
            "background_color": "#ffffff",
            "theme_color": THEME_COLOR,
            "icons": [
                {**icon, "src": f"{up}{ICONS.as_posix()}/{icon['src']}"} for icon in icon_entries
            ],
        }
        (folder / "manifest.webmanifest").write_text(
            json.dumps(manifest, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
        )


def write_service_worker(site: Path) -> tuple[str, list[str]]:
    """Write ``sw.js`` for the site as it is now; return the build hash and the list."""
    site = Path(site)
    files = precache_list(site)
    digest = build_hash(site, files)
    header = f"const BUILD = {json.dumps(digest)};\nconst FILES = {json.dumps(files, indent=0)};\n"
    (site / WORKER).write_text(header + WORKER_SOURCE.read_text(encoding="utf-8"), encoding="utf-8")
    return digest, files


RETIRING_WORKER = """\
// mkdocs serve: pages change as they are written, so nothing is kept offline; a copy kept
// from another server at this address is removed, and this worker unregisters itself.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil((async () => {
  for (const name of await caches.keys()) if (name.startsWith("site-")) await caches.delete(name);
  await self.registration.unregister();
})()));
"""


def write_offline(config: MkDocsConfig, serving: bool) -> None:
    """The icons, the app manifests and the service worker (one that keeps nothing when
    ``serving``: ``mkdocs serve``), once the whole site is built."""
    site = Path(config["site_dir"])
    write_manifests(site, config["site_name"])
    if serving:
        (site / WORKER).write_text(RETIRING_WORKER, encoding="utf-8")
        return
    digest, files = write_service_worker(site)
    size = sum(_local(site, entry).stat().st_size for entry in files)
    log.info("Offline copy: %d files, %.1f MB, build %s", len(files), size / 1e6, digest)
