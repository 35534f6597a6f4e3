"""What the build writes for offline use: the list the service worker keeps, the build's
hash, the app manifests and icons (no browser needed)."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET

from build_scripts import icons, offline


def _sw_header(site_dir):
    text = (site_dir / "sw.js").read_text(encoding="utf-8")
    build = re.match(r'const BUILD = "([0-9a-f]+)";', text).group(1)
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", text, re.S).group(1))
    return build, files


def test_the_kept_list_is_the_whole_site_and_nothing_else(site_dir):
    build, files = _sw_header(site_dir)
    assert files == offline.precache_list(site_dir)
    pages = {p.parent.relative_to(site_dir).as_posix() + "/" for p in site_dir.rglob("index.html")}
    assert {p for p in files if p.endswith("/")} == pages  # the root is "./"
    assert "fr/zohn-ahl/rules/" in files and "404.html" in files and "fr/404.html" in files
    runtime = site_dir / "assets" / "runtime"
    tables = runtime / "tables"  # the endgame tables: kept only once a page fetches one
    assert list(tables.rglob("*.egtb"))
    for path in runtime.rglob("*"):
        # (a copy goes in its file's stead; the xz copies only where no service worker runs)
        if path.is_file() and path.suffix not in (".br", ".xz"):
            kept = path.relative_to(site_dir).as_posix() in files
            assert kept != (tables in path.parents), path
    assert "manifest.webmanifest" in files and "fr/manifest.webmanifest" in files
    assert not [f for f in files if f.endswith((".map", ".gz", ".br", ".xz")) or f == "sw.js"]
    lunr = [f for f in files if "/lunr/" in f]
    assert lunr and all(re.search(r"lunr\.(stemmer\.support|multi|fr)\.min\.js$", f) for f in lunr)
    for entry in files:  # every entry is a file of the site
        target = site_dir / (entry + "index.html" if entry.endswith("/") else entry)
        assert target.is_file(), entry


def test_the_build_hash_follows_the_content(site_dir, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    build, _ = _sw_header(site_dir)
    assert offline.write_service_worker(copy)[0] == build  # the same site, the same cache
    page = copy / "fr" / "about" / "index.html"
    page.write_bytes(page.read_bytes() + b" ")
    changed, _ = offline.write_service_worker(copy)
    assert changed != build
    assert _sw_header(copy)[0] == changed


def test_every_page_names_its_languages_manifest_and_the_icons_exist(site_dir):
    for lang, folder in (("en", site_dir), ("fr", site_dir / "fr")):
        manifest = json.loads((folder / "manifest.webmanifest").read_text(encoding="utf-8"))
        assert manifest["lang"] == lang and manifest["start_url"] == "./"
        assert manifest["id"] == ("./" if lang == "en" else "../")  # one app, both languages
        for icon in manifest["icons"]:
            assert (folder / icon["src"]).resolve().is_file(), icon
    boards = 0
    for page in site_dir.rglob("index.html"):
        html = page.read_text(encoding="utf-8")
        href = re.search(r'<link rel="manifest" href="([^"]+)">', html).group(1)
        # a page that starts Python names it once its boards are playable (offline.js)
        waits = re.search(r'<template data-role="after-boards"><link rel="manifest"', html)
        assert bool(waits) == ("engine-boot.js" in html), page
        boards += bool(waits)
        target = (page.parent / href).resolve()
        lang = re.search(r'<html lang="(\w+)"', html).group(1)
        expected = site_dir / ("fr/" if lang == "fr" else "") / "manifest.webmanifest"
        assert target == expected.resolve(), page
    assert boards > 10


def test_the_icon_is_a_valid_svg_and_pngs_of_their_stated_size():
    ET.fromstring(icons.svg())
    for size in icons.SIZES:
        data = icons.png(size)
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert int.from_bytes(data[16:20], "big") == int.from_bytes(data[20:24], "big") == size
