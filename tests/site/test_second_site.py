"""Another site built with the plugin: a folder of its own with a ``mkdocs.yml`` that names
the theme, the search and the plugin (nothing else) and one page holding the smallest block
of each game, built with ``mkdocs build --strict`` by the project's environment. Both
boards are in the page, the runtime and the engine's wheel are in the site, and both boards
play in Chromium."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
from pathlib import Path
from urllib.request import urlopen

import pytest
from test_e2e_support import USABLE, wait_ready

CONFIG = """\
site_name: Two games
theme:
  name: material
  font: false
plugins:
  - search
  - heritage-games
"""

PAGE = """\
# Two games

A board of each game, with the plugin's defaults.

```zohn-ahl
```

```awithlaknannai
```
"""


def _python(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """This environment's Python run in the second site's folder, its output kept."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=project,
        env=dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONDONTWRITEBYTECODE="1"),
        capture_output=True,
        text=True,
        timeout=900,
    )


@pytest.fixture(scope="module")
def second_site(tmp_path_factory) -> Path:
    """The built site of the second project (the build fails the fixture, quoting mkdocs)."""
    project = tmp_path_factory.mktemp("second-site")
    (project / "docs").mkdir()
    (project / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    (project / "docs" / "index.md").write_text(PAGE, encoding="utf-8")
    site = project / "site"
    done = _python(project, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site))
    assert done.returncode == 0, done.stderr[-4000:]
    return site


def test_the_second_site_has_both_boards_and_the_runtime(second_site):
    html = (second_site / "index.html").read_text(encoding="utf-8")
    games = re.findall(r'<div[^>]*class="board[^"]*"[^>]*data-game="([a-z-]+)"', html)
    assert sorted(games) == ["awithlaknannai", "zohn-ahl"], games
    manifest = json.loads(
        (second_site / "assets" / "runtime" / "manifest.json").read_text(encoding="utf-8")
    )
    assert (second_site / "assets" / "runtime" / manifest["wheel"]).is_file()
    for name in manifest["files"]:
        assert (second_site / "assets" / "runtime" / name).is_file(), name
    # the page's scripts and sheets came with the plugin, in one joined sheet
    assert (second_site / "assets" / "js" / "boards.js").is_file()
    assert (second_site / "assets" / "js" / "words.js").is_file()
    (sheet,) = (second_site / "assets" / "stylesheets").glob("site.*.css")
    assert "assets/css/boards.css" in sheet.read_text(encoding="utf-8")
    assert re.search(r'<meta http-equiv="Content-Security-Policy" content="[^"]+">', html)
    # nothing of this project's own pages: no lessons, no printables
    assert not (second_site / "printables").exists()


@pytest.mark.browser
def test_both_boards_of_the_second_site_play(second_site, serve, browser):
    base = serve(second_site)
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        requests: list[str] = []
        context.on("request", lambda request: requests.append(request.url))
        page.goto(base + "/")

        zohn_ahl = wait_ready(page, '.board[data-game="zohn-ahl"]')
        zohn_ahl.locator('select[data-action="opponent"]').select_option("person")
        throw = zohn_ahl.get_by_role("button", name=re.compile("Throw"))
        page.wait_for_function(
            f"b => {USABLE}(b.querySelector('[data-action=throw]'))",
            arg=zohn_ahl.element_handle(),
        )
        throw.click()
        page.wait_for_function(
            "b => b.querySelectorAll('.za-log li:not(.za-empty)').length > 0",
            arg=zohn_ahl.element_handle(),
        )
        said = zohn_ahl.locator("[data-role=live]").text_content()
        assert re.search(r"(No marks|mark|marks) up", said), said

        board = wait_ready(page, '.board[data-game="awithlaknannai"]')
        board.locator('select[data-action="opponent"]').select_option("person")
        board.locator('[data-point="b4"]').click()
        assert "possible destination" in board.locator('[data-point="m5"]').get_attribute(
            "aria-label"
        )
        board.locator('[data-point="m5"]').click()
        page.wait_for_function(
            "b => b.querySelector('.aw-movelist').textContent.includes('b4-m5')",
            arg=board.element_handle(),
        )
        assert board.locator('[data-point="m5"]').get_attribute("aria-label").startswith("m5, ")
        assert (
            board.locator('[data-point="b4"]').get_attribute("aria-label").startswith("b4, empty")
        )
        # every request stayed on the site
        assert all(url.startswith(base) for url in requests), [
            url for url in requests if not url.startswith(base)
        ]
    finally:
        context.close()


TWO_BUILDS = """
import filecmp, sys
from pathlib import Path
from mkdocs.commands.build import build
from mkdocs.config import load_config

config = load_config("mkdocs.yml")  # the plugins made once, as mkdocs serve keeps them
config.plugins.on_startup(command="build", dirty=False)
for out in sys.argv[1:]:
    config["site_dir"] = out
    build(config)
"""


def _tree(folder: Path) -> dict[str, bytes]:
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def test_two_builds_in_one_process_give_the_same_site(second_site, tmp_path):
    project = second_site.parent
    first, second = tmp_path / "first", tmp_path / "second"
    done = _python(project, "-c", TWO_BUILDS, str(first), str(second))
    assert done.returncode == 0, done.stderr[-4000:]
    one, two = _tree(first), _tree(second)
    assert sorted(one) == sorted(two)
    assert [name for name in one if one[name] != two[name]] == []
    assert one == _tree(second_site)  # and the same as mkdocs build's own


def _served(url: str) -> str:
    with urlopen(url, timeout=30) as reply:
        return reply.read().decode("utf-8")


def test_mkdocs_serve_rebuilds_a_changed_page_with_its_boards(second_site, tmp_path):
    project = tmp_path / "served"
    shutil.copytree(second_site.parent, project, ignore=shutil.ignore_patterns("site"))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "--strict", "-a", f"127.0.0.1:{port}"],
        cwd=project,
        env=dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONDONTWRITEBYTECODE="1"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    # (a server that goes silent is stopped after ten minutes, so that the test fails with
    # its log instead of holding the run: a guard, far beyond any build's time)
    guard = threading.Timer(600, server.kill)
    guard.start()
    try:
        lines: list[str] = []

        def until_logged(words: str, count: int = 1) -> None:
            """Read the server's log until it has said ``words`` ``count`` times."""
            while sum(words in line for line in lines) < count:
                line = server.stderr.readline()
                assert line, "mkdocs serve stopped:\n" + "".join(lines[-40:])
                lines.append(line)

        until_logged("Serving on")
        url = f"http://127.0.0.1:{port}/"
        assert _served(url).count('data-game="') == 2
        assert json.loads(_served(url + "assets/runtime/manifest.json"))["wheel"]
        page = project / "docs" / "index.md"
        page.write_text(
            page.read_text(encoding="utf-8") + "\n```awithlaknannai\nid: second\n```\n",
            encoding="utf-8",
        )
        # (each rebuild ends with "Reloading browsers"; the one that follows the change
        # serves the third board, however many the watcher ran before it)
        for rebuilds in range(1, 4):
            until_logged("Reloading browsers", rebuilds)
            html = _served(url)
            if html.count('data-game="') == 3:
                break
        assert html.count('data-game="') == 3 and 'id="second"' in html
        assert json.loads(_served(url + "assets/runtime/manifest.json"))["wheel"]
        assert not any("ERROR" in line or "Aborted" in line for line in lines), lines
    finally:
        guard.cancel()
        server.terminate()
        server.wait(timeout=60)
