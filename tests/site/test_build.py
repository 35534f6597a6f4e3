"""The site build: strict, checked blocks, the runtime in the site, nothing from another origin."""

from __future__ import annotations

import base64
import hashlib
import html
import json
import posixpath
import re
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest
from site_build_tools import ROOT, copy_project, run_build

from build_scripts import runtime
from build_scripts.block_syntax import BlockError
from build_scripts.fences import render_block, scan_blocks
from engine import protocol
from engine.core import EngineError

DOCS = ROOT / "docs"
ENGINE = ROOT / "engine"


# ----------------------------------------------------------------------------- the real build


def test_strict_build_passes(site_build):
    assert site_build.returncode == 0, site_build.output[-4000:]


def test_runtime_files_wheel_and_manifest_are_in_the_site(site_dir):
    base = site_dir / "assets" / "runtime"
    manifest = json.loads((base / "manifest.json").read_text(encoding="utf-8"))
    pyodide = base / manifest["indexURL"]
    # (less the brotli copies, and the xz copies of a plain-http origin)
    shipped = sorted(p.name for p in pyodide.iterdir() if p.suffix not in (".br", ".xz"))
    assert shipped == sorted(runtime.PYODIDE_FILES)
    for name in runtime.PYODIDE_FILES:
        assert (pyodide / name).stat().st_size == (
            ROOT / "node_modules" / "pyodide" / name
        ).stat().st_size
    assert (
        manifest["pyodide"]
        == json.loads((ROOT / "node_modules/pyodide/package.json").read_text())["version"]
    )
    wheel = base / manifest["wheel"]
    assert "?" not in manifest["wheel"] and manifest["hash"] in manifest["wheel"]
    assert re.fullmatch(r"[a-z_]+-[0-9.]+-py3-none-any\.whl", wheel.name)
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        (record_name,) = [n for n in names if n.endswith(".dist-info/RECORD")]
        record = zf.read(record_name).decode().splitlines()
        bodies = {n: zf.read(n) for n in names if not n.endswith("/")}
    # the engine's modules as bytecode (Pyodide's own, compiled at build time), no source
    assert "engine/protocol/__init__.pyc" in names and "engine/zohn_ahl/__init__.pyc" in names
    assert not [n for n in names if n.endswith(".py")]
    assert len([n for n in names if n.endswith(".pyc")]) == len(list(ENGINE.rglob("*.py")))
    assert not any("__pycache__" in n or n.startswith(("tests/", "build_scripts/")) for n in names)
    # a wheel pip would install: RECORD lists every file with its hash and size
    listed = {}
    for line in record:
        name, digest, size = line.rsplit(",", 2)
        listed[name] = (digest, size)
    assert listed.pop(record_name) == ("", "")
    assert set(listed) == set(bodies) - {record_name}
    for name, (digest, size) in listed.items():
        body = bodies[name]
        expected = base64.urlsafe_b64encode(hashlib.sha256(body).digest()).rstrip(b"=").decode()
        assert (digest, size) == (f"sha256={expected}", str(len(body))), name
    import engine

    assert manifest["engine"] == engine.__version__


def test_the_npm_folder_is_not_copied_whole(site_dir):
    assert not list(site_dir.rglob("console.html"))
    assert not list(site_dir.rglob("pyodide.js.map"))


def _site_page(source: Path) -> Path:
    rel = source.relative_to(DOCS).as_posix()
    lang = ""
    if rel.endswith(".fr.md"):
        lang, rel = "fr/", rel[: -len(".fr.md")] + ".md"
    stem = rel[: -len(".md")]
    if stem == "index" or stem.endswith("/index"):
        out = stem[: -len("index")] + "index.html"
    else:
        out = stem + "/index.html"
    return Path(lang + out)


def _pages_with_blocks():
    pages = []
    for source in sorted(DOCS.rglob("*.md")):
        blocks = scan_blocks(source.read_text(encoding="utf-8"))
        if blocks:
            pages.append((source, blocks))
    return pages


def test_every_block_is_rendered_with_its_static_svg(site_dir):
    pages = _pages_with_blocks()
    assert pages, "docs/authoring.md at least has blocks"
    for source, blocks in pages:
        html = (site_dir / _site_page(source)).read_text(encoding="utf-8")
        boards = re.findall(
            r'<div class="board" data-game="([a-z-]+)"[^>]*>(.*?)<div class="board-live"',
            html,
            flags=re.S,
        )
        expected = [b.language for b in blocks if b.language in ("zohn-ahl", "awithlaknannai")]
        assert [game for game, _ in boards] == expected, source
        for game, inner in boards:
            assert re.search(r'<div class="board-svg" data-role="board"[^>]*><svg', inner)
            assert ("data-space=" if game == "zohn-ahl" else "data-point=") in inner
            assert re.search(r'<button type="button"[^>]* disabled', inner)
        answers = html.count('<details class="answer"')
        assert answers == sum(1 for b in blocks if b.language == "answer"), source
        sticks = re.findall(r'<figure class="sticks-figure"[^>]*>\s*<svg', html)
        assert len(sticks) == sum(1 for b in blocks if b.language == "zohn-ahl-sticks"), source


def test_each_page_holds_once_each_drawing_its_boards_start_from(site_dir):
    """The empty boards the build draws into a page (an Awithlaknannai board's template, a
    Zohn Ahl board's own drawing) are the engine's own drawings for their requests, a
    template once per request, and every board of the page finds its. A Zohn Ahl board's
    drawing, which the page keeps for its first view, is its request's drawing with the
    pieces placed: nothing else differs."""
    template = re.compile(
        r'<template data-role="static-board" data-args="([^"]*)">(.*?)</template>', re.S
    )
    own_drawing = re.compile(
        r'<div class="board-svg" data-role="board" data-args="([^"]*)">(<svg.*?</svg>)</div>', re.S
    )
    pages = [_site_page(source) for source, _blocks in _pages_with_blocks()]
    assert any(page.parts[0] == "fr" for page in pages)
    checked = kept = 0
    for page in pages:
        page_html = (site_dir / page).read_text(encoding="utf-8")
        held = template.findall(page_html)
        drawings = {html.unescape(key): drawing for key, drawing in held}
        assert len(drawings) == len(held), f"{page}: a drawing twice"
        default_ruleset = {"awithlaknannai": "culin", "zohn-ahl": "kiowa"}
        starts = set()
        for game, config in re.findall(
            r'<div class="board" (?:data-puzzle="true" )?data-game="([a-z-]+)"[^>]*'
            r'data-config="([^"]*)"',
            page_html,
        ):
            config = json.loads(html.unescape(config))
            starts.add((config.get("ruleset") or default_ruleset[game], config["lang"]))
        found = set()
        owns = [(html.unescape(key), own) for key, own in own_drawing.findall(page_html)]
        for key, drawing in [*drawings.items(), *owns]:
            args = json.loads(key)
            assert key == json.dumps(args, sort_keys=True, separators=(",", ":")), page
            engine = protocol.dispatch("svg", args)["svg"]
            if args["game"] == "awithlaknannai":
                assert drawing == engine, f"{page}: {key}"
                found.add((args["ruleset"], args["lang"]))
            else:
                assert key not in drawings, f"{page}: a Zohn Ahl template"
                assert _without_places(drawing) == _without_places(engine), f"{page}: {key}"
                found.add((args["options"]["ruleset"], args["lang"]))
                kept += 1
            checked += 1
        assert found == starts, page
    assert checked > 10 and kept > 10


def _without_places(svg: str) -> str:
    """An SVG without where its pieces stand: the awls' places and the piles' counts."""
    svg = re.sub(
        r'(<g class="za-awl[^"]*"[^>]*?) data-on="\d+" data-own="\d+" transform="[^"]*"', r"\1", svg
    )
    svg = re.sub(r'(<g class="za-counters" data-side="\d") data-count="\d+"', r"\1", svg)
    return re.sub(r' visibility="hidden"', "", svg)


def test_french_pages_get_french_boards_and_answers(site_dir):
    html = (site_dir / "fr" / "authoring" / "index.html").read_text(encoding="utf-8")
    assert 'lang="fr"' in html and "Lancer les bâtonnets (Throw)" in html
    assert "<summary>Réponse</summary>" in html and "alènes 1 1, jetons 3 5" in html
    assert "la partie continue" in html
    english = (site_dir / "authoring" / "index.html").read_text(encoding="utf-8")
    assert "Throw the sticks" in english and "<summary>Answer</summary>" in english

    def svg_titles(page):
        return re.findall(
            r'<div class="board-svg" data-role="board"[^>]*><svg[^>]*>\s*<title[^>]*>(.*?)</title>',
            page,
            flags=re.S,
        )

    # The drawings themselves are in the page's language (titles from the engine's SVG words).
    en_titles, fr_titles = svg_titles(english), svg_titles(html)
    assert len(en_titles) == len(fr_titles) > 0
    assert all(e != f for e, f in zip(en_titles, fr_titles)), (en_titles, fr_titles)


class _Resources(HTMLParser):
    """Collect the URLs a page loads (not plain links to read elsewhere)."""

    LOADING_RELS = {
        "stylesheet",
        "preload",
        "modulepreload",
        "icon",
        "manifest",
        "prefetch",
        "apple-touch-icon",
        "shortcut",
    }

    def __init__(self):
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name in ("src", "srcset", "data", "poster"):
            if attrs.get(name):
                self.urls.append(attrs[name])
        if tag == "link" and attrs.get("href"):
            rels = set((attrs.get("rel") or "").lower().split())
            if rels & self.LOADING_RELS:
                self.urls.append(attrs["href"])
        if tag == "object" and attrs.get("data"):
            self.urls.append(attrs["data"])
        if attrs.get("style") and "url(" in attrs["style"]:
            self.urls += re.findall(r"url\(\s*['\"]?([^'\")]+)", attrs["style"])


_OFFSITE = re.compile(r"^(?:[a-z][a-z0-9+.-]*:)?//", re.I)


def test_no_page_loads_anything_from_another_origin(site_dir):
    offenders = []
    for path in site_dir.rglob("*.html"):
        parser = _Resources()
        parser.feed(path.read_text(encoding="utf-8"))
        offenders += [
            (path.relative_to(site_dir).as_posix(), u)
            for u in parser.urls
            if _OFFSITE.match(u.strip()) or u.strip().lower().startswith(("http:", "https:"))
        ]
    import_re = re.compile(
        r"""(?:\bimport\s*\(\s*|\bimport\b[^;'"]*?\bfrom\s*|\bimport\s+|importScripts\s*\(\s*)['"](https?:)?//"""
    )
    for path in list(site_dir.rglob("*.js")) + list(site_dir.rglob("*.mjs")):
        if "runtime/pyodide" in path.as_posix():
            continue  # Pyodide's own code: it is told its same-origin indexURL by the worker
        text = path.read_text(encoding="utf-8", errors="replace")
        offenders += [
            (path.relative_to(site_dir).as_posix(), m.group(0)) for m in import_re.finditer(text)
        ]
    for path in site_dir.rglob("*.css"):
        text = path.read_text(encoding="utf-8", errors="replace")
        offenders += [
            (path.relative_to(site_dir).as_posix(), m.group(0))
            for m in re.finditer(
                r"url\(\s*['\"]?(https?:)?//[^)]*\)|@import\s+['\"]?(https?:)?//", text
            )
        ]
    assert offenders == []


# ----------------------------------------------------------------------------- bad blocks

BAD_BLOCKS = {
    "unknown key": ("```zohn-ahl\nrulset: kiowa\n```", "unknown key 'rulset'"),
    "bad ruleset": ("```awithlaknannai\nruleset: chess\n```", "ruleset 'chess' is not one of"),
    "illegal move": ("```awithlaknannai\nruleset: culin\nmoves: 1. m6-m5 b1-b2\n```", "move 2"),
    "bad position": ("```awithlaknannai\nposition: WWWW/BBBB B 0\n```", "position"),
    "wrong answer": (
        "```answer\ngame: awithlaknannai\nmoves: m6-m5\ncheck: legal-moves\n"
        "answer: m4xm6 t5-m6\n```",
        "t5-m6",
    ),
    "wrong probability": (
        "```answer\ngame: zohn-ahl\ntable: sahe\ncheck: probability\n"
        "event: value 6\nanswer: 1/8\n```",
        "wrong answer",
    ),
    "bad throw": ("```zohn-ahl\nthrows: 1111 01x1\n```", "01x1"),
}


@pytest.mark.parametrize("kind", BAD_BLOCKS)
def test_each_bad_block_is_refused_with_its_reason(kind):
    """Each block of the real builds below, refused with its reason by the fence."""
    block, reason = BAD_BLOCKS[kind]
    language, _, rest = block.removeprefix("```").partition("\n")
    with pytest.raises((BlockError, EngineError)) as info:
        render(language, rest.removesuffix("```\n").removesuffix("```"))
    assert reason in str(info.value)


@pytest.mark.parametrize(
    "kind, language",
    # (a board block in an English page, an answer block in a French one; the reasons of
    # every other bad block are checked block by block above: a real build costs seconds)
    [("illegal move", "en"), ("wrong answer", "fr")],
)
def test_a_bad_block_fails_the_build_naming_file_block_and_reason(tmp_path, kind, language):
    """The English case builds a copy of the whole project (the broken page comes first,
    so it fails at once); the French case builds a trimmed copy, the broken page and the
    home page (the English build, all its hooks, then the French one)."""
    block, reason = BAD_BLOCKS[kind]
    pages = None if language == "en" else ["aa-broken.md"]
    project = copy_project(tmp_path / "project", pages=pages)
    name = "aa-broken.md" if language == "en" else "aa-broken.fr.md"
    if language == "fr":  # a French page whose English twin is fine: the French build must fail
        (project / "docs" / "aa-broken.md").write_text(
            "# Fine\n\n```zohn-ahl\n```\n", encoding="utf-8"
        )
    page = project / "docs" / name
    page.write_text(
        f"# Broken\n\nSome text.\n\n```zohn-ahl\nid: fine\n```\n\nMore.\n\n{block}\n",
        encoding="utf-8",
    )
    proc = run_build(project, tmp_path / "site")
    output = proc.stdout + proc.stderr
    assert proc.returncode != 0, output[-3000:]
    line = next((ln for ln in output.splitlines() if f"docs/{name}" in ln), None)
    assert line is not None, output[-3000:]
    assert "block 2" in line and "line 11" in line and reason in line, line


# ----------------------------------------------------------------------------- the fences, unit by unit


def render(language: str, text: str, lang: str = "en") -> str:
    return render_block(language, text, lang, set(), 1)


@pytest.mark.parametrize(
    "language, text, words",
    [
        ("zohn-ahl", "ruleset kiowa", "not a 'key: value' line"),
        ("zohn-ahl", "ruleset: kiowa\nruleset: globe", "given twice"),
        ("zohn-ahl", "ruleset:", "has no value"),
        ("zohn-ahl", "counters: 0", "counters '0' is not a whole number from 1 to 20"),
        ("zohn-ahl", "counters: 21", "from 1 to 20"),
        ("zohn-ahl", "counters: four", "from 1 to 20"),
        ("zohn-ahl", "ruleset: kiowa\ngully: cross", "gully applies only to ruleset printable"),
        ("zohn-ahl", "ruleset: printable\ngully: jump", "gully 'jump'"),
        ("zohn-ahl", "opponent: robot", "opponent 'robot'"),
        ("zohn-ahl", "teams: Ann, Bea", "two teams"),
        ("zohn-ahl", "teams: Ann, / Cal", "one to four names"),
        ("zohn-ahl", "id: Bad Id", "id 'Bad Id' is not allowed"),
        ("zohn-ahl", "throws: 1111 0000 111", "'111'"),
        ("awithlaknannai", "stall: never", "stall 'never'"),
        ("awithlaknannai", "bottom: left", "bottom 'left'"),
        ("awithlaknannai", "opponent: genius", "opponent 'genius'"),
        ("awithlaknannai", "moves: m6-m5 m4-m3", "move 2"),
        (
            "awithlaknannai",
            "ruleset: kolowis\nposition: WWWWWWWW/WWWW.BBBB/BBBBBBBB B 0",
            "position",
        ),
        ("answer", "check: legal-moves\nanswer: x", "needs a 'game' line"),
        ("answer", "game: awithlaknannai\nanswer: x", "needs a 'check' line"),
        ("answer", "game: awithlaknannai\ncheck: legal-moves", "needs a 'answer' line"),
        (
            "answer",
            "game: awithlaknannai\ncheck: legal-moves\nanswer: b4-m5 m6-m5",
            "leaves out b5-m5",
        ),
        (
            "answer",
            "game: awithlaknannai\ncheck: legal-moves\nanswer: b4-m5 b5-m5 m6-m5 b1-b2",
            "b1-b2",
        ),
        ("answer", "game: awithlaknannai\ncheck: best-capture\nanswer: b4-m5", "no capture"),
        (
            "answer",
            "game: awithlaknannai\nposition: WWWBB.WW/WW....BBB/BB.....B W 0\n"
            "check: best-capture\nanswer: t7xb6",
            "the best capture is t8xb7xt6",
        ),
        (
            "answer",
            "game: awithlaknannai\nmoves: b5-m5\ncheck: best-capture\nanswer: t4xb5",
            "no single best",
        ),
        (
            "answer",
            "game: awithlaknannai\ncheck: outcome\nanswer: white wins",
            "the engine says not over",
        ),
        ("answer", "game: awithlaknannai\ncheck: outcome\nanswer: maybe", "is not one of"),
        (
            "answer",
            "game: awithlaknannai\ncheck: legal-moves\nevent: value 6\nanswer: x",
            "does not apply",
        ),
        (
            "answer",
            "game: zohn-ahl\ncheck: probability\nevent: value 7\nanswer: 0",
            "no throw is worth 7",
        ),
        ("answer", "game: zohn-ahl\ncheck: probability\nevent: marked 2\nanswer: 1/4", "3/8"),
        (
            "answer",
            "game: zohn-ahl\ncheck: probability\nevent: extra-throw\nanswer: half",
            "not a fraction",
        ),
        (
            "answer",
            "game: zohn-ahl\ncheck: probability\ntable: sahe\nruleset: kiowa\nevent: value 6\nanswer: 1/16",
            "not both",
        ),
        (
            "answer",
            "game: zohn-ahl\ncheck: probability\nevent: value 6\nbias: 1\nanswer: 1",
            "strictly between",
        ),
        (
            "answer",
            "game: zohn-ahl\ncheck: state\nthrows: 1111 0000 1110\nanswer: awls 1 1, counters 4 4",
            "counters 3 5",
        ),
        (
            "answer",
            "game: zohn-ahl\ncheck: legal-moves\nanswer: 1",
            "check 'legal-moves' is not one of",
        ),
        (
            "answer",
            "game: zohn-ahl\ncheck: state\ngully: cross\nthrows: 1111\nanswer: awls 7 1, counters 4 4",
            "line 3 of the block: gully applies only to ruleset printable",
        ),
        ("zohn-ahl-sticks", "throw: 00011", "'00011' is not a throw"),
        ("zohn-ahl-sticks", "ruleset: kiowa", "unknown key 'ruleset'"),
    ],
)
def test_bad_blocks_are_refused_with_the_reason(language, text, words):
    with pytest.raises((BlockError, EngineError)) as info:
        render(language, text)
    assert words in str(info.value)


@pytest.mark.parametrize(
    "language, text",
    [
        ("answer", "game: awithlaknannai\ncheck: legal-moves\nanswer: m6-m5 b5-m5 b4-m5"),
        ("answer", "game: awithlaknannai\nruleset: bent\ncheck: legal-moves\nanswer: b3xm5"),
        (
            "answer",
            "game: awithlaknannai\nposition: WWWBB.WW/WW....BBB/BB.....B W 0\n"
            "check: best-capture\nanswer: t8xb7xt6",
        ),
        (
            "answer",
            "game: awithlaknannai\nposition: W......./........./........ B 0\n"
            "check: outcome\nanswer: white wins\nreason: no-pieces",
        ),
        ("answer", "game: zohn-ahl\ncheck: probability\nevent: marked 2\nanswer: 3/8"),
        (
            "answer",
            "game: zohn-ahl\ntable: globe\ncheck: probability\nevent: extra-throw\nanswer: 9/16",
        ),
        (
            "answer",
            "game: zohn-ahl\ncheck: probability\nevent: throw 0001\nbias: 1/3\nanswer: 8/81",
        ),
        ("answer", "game: zohn-ahl\ncheck: probability\nevent: value 6\nanswer: 0.0625"),
        (
            "zohn-ahl",
            "# a comment\nruleset: printable   # trailing comment\ngully: cross\n"
            "caption: Board \\# 1\nteams: Ann, Bea / Cal, Dee\nopponent: computer\nseed: 7",
        ),
        ("awithlaknannai", "ruleset: kolowis\nopponent: hard\nbottom: white"),
        ("zohn-ahl-sticks", "throw: 0001\ncaption: Only the sahe"),
        ("zohn-ahl-sticks", ""),
    ],
)
def test_good_blocks_render(language, text):
    html = render(language, text)
    assert html.startswith(
        ('<div class="board"', '<details class="answer"', '<figure class="sticks-figure"')
    )


def test_board_config_holds_the_record_and_options():
    html = render(
        "zohn-ahl",
        "id: demo\nruleset: printable\ngully: cross\nthrows: 1111 1000\ncaption: Board \\# 1 <b>",
        "fr",
    )
    config = json.loads(
        re.search(r'data-config="([^"]*)"', html)
        .group(1)
        .replace("&quot;", '"')
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
    )
    assert config["record"].startswith('[Game "zohn-ahl"]') and "1111 1000" in config["record"]
    assert config["gully"] == "cross" and config["lang"] == "fr" and config["id"] == "demo"
    assert config["caption"] == "Board # 1 <b>"
    assert "Board # 1 &lt;b&gt;" in html  # the caption is text, never markup
    assert 'id="demo"' in html and 'lang="fr"' in html


def test_an_awithlaknannai_board_s_settings_hold_the_computer_s_searches_and_side():
    """The page's computer tries the engine's searches for its level, in order, and plays
    the side the build set (the block's top side): the page works out neither."""
    import html as html_lib

    from engine.awithlaknannai.ai import LEVELS, searches

    for bottom, side in (("black", 1), ("white", 0)):
        page = render("awithlaknannai", f"opponent: hard\nbottom: {bottom}")
        config = json.loads(html_lib.unescape(re.search(r'data-config="([^"]*)"', page).group(1)))
        assert config["computer_side"] == side
        assert config["searches"] == {level: searches(level) for level in LEVELS}
        assert config["searches"]["hard"][0] == {"level": "hard", "time_limit": 3.0, "wait": 16.0}


def test_duplicate_ids_on_a_page_are_refused():
    ids: set[str] = set()
    render_block("zohn-ahl", "id: same", "en", ids, 1)
    with pytest.raises(BlockError, match="used by another board"):
        render_block("awithlaknannai", "id: same", "en", ids, 2)


def test_scan_finds_blocks_but_not_examples_shown_as_code():
    text = "````markdown\n```zohn-ahl\nruleset: x\n```\n````\n\n```zohn-ahl\n```\n\n  ```answer\n  game: zohn-ahl\n  ```\n"
    blocks = scan_blocks(text)
    assert [(b.number, b.language, b.line) for b in blocks] == [
        (1, "zohn-ahl", 7),
        (2, "answer", 10),
    ]
    assert blocks[1].source == "game: zohn-ahl"


def _convert(markdown_text: str, path: str = "docs/page.md", lang: str = "en") -> str:
    """Convert a page as MkDocs does: Python-Markdown with superfences and the custom fences."""
    import markdown

    from build_scripts import fences

    renderer = fences.FenceRenderer()
    renderer.begin_page(path, lang, markdown_text)
    md = markdown.Markdown(
        extensions=["attr_list", "pymdownx.superfences"],
        extension_configs={"pymdownx.superfences": {"custom_fences": renderer.custom_fences()}},
    )
    return md.convert(markdown_text)


def test_superfences_passes_the_failure_on_instead_of_swallowing_it():
    from mkdocs.exceptions import PluginError

    from build_scripts.fences import BlockFailure

    text = "# Page\n\n```awithlaknannai\nmoves: m6-m5 m5-m4\n```\n"
    with pytest.raises(BlockFailure) as info:
        _convert(text, "docs/lesson.md")
    assert isinstance(info.value, PluginError)
    assert str(info.value).startswith("docs/lesson.md: block 1 (```awithlaknannai, line 3")
    assert "move 2" in str(info.value)


@pytest.mark.parametrize(
    "opening", ['```zohn-ahl ruleset="globe"', "```zohn-ahl {#mine}", "```zohn-ahl {.wide}"]
)
def test_options_on_the_opening_line_are_refused(opening):
    from build_scripts.fences import BlockFailure

    with pytest.raises(BlockFailure, match="opening line"):
        _convert(f"{opening}\ncounters: 3\n```\n")


def test_blocks_inside_other_markdown_are_rendered_in_order():
    text = (
        "```zohn-ahl\nid: first\n```\n\n"
        "1. A list item holding a board:\n\n    ```awithlaknannai\n    id: second\n    ```\n"
    )
    html = _convert(text)
    assert re.findall(r'<div class="board" data-game="([a-z-]+)" id="([a-z-]+)"', html) == [
        ("zohn-ahl", "first"),
        ("awithlaknannai", "second"),
    ]


def test_printables_are_written_into_the_site(site_dir):
    """The printable sheets (build_scripts/printables.py) land in site/printables/."""
    sheets = sorted(p.name for p in (site_dir / "printables").glob("*.svg"))
    assert sheets and all(
        (site_dir / "printables" / s)
        .read_text(encoding="utf-8")
        .lstrip()
        .startswith(("<svg", "<?xml"))
        for s in sheets
    )
    # Every drawing a page links to exists (links resolved from the page's own address).
    missing = []
    for page in site_dir.rglob("*.html"):
        folder = page.parent.relative_to(site_dir).as_posix()
        for href in re.findall(r'href="([^"#?]+\.svg)"', page.read_text(encoding="utf-8")):
            if re.match(r"^[a-z]+:", href):
                continue
            target = posixpath.normpath(posixpath.join("/" + folder, href)).lstrip("/")
            if not (site_dir / target).is_file():
                missing.append((page.relative_to(site_dir).as_posix(), href))
    assert missing == []
