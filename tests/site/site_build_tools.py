"""Helpers for the build tests: copy the project somewhere a test may break it, build it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from build_scripts import precompress, runtime

ROOT = Path(__file__).resolve().parents[2]
# Always built in a trimmed copy: mkdocs-static-i18n wants each language's home page.
HOME = "index.md"
# mkdocs' own exclude_docs, which a trimmed copy's list replaces: hidden files, templates.
EXCLUDED_BY_DEFAULT = ("/.*", "/templates/")


def run_publish_check(*config: str) -> subprocess.CompletedProcess[str]:
    """``python -m build_scripts.publish_check [mkdocs.yml]`` from the project folder, as the
    Pages workflow and ``make offline`` run it; its output kept for the test to read."""
    return subprocess.run(
        [sys.executable, "-m", "build_scripts.publish_check", *config],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def copy_project(dest: Path, pages: Sequence[str] | None = None) -> Path:
    """Copy what a build needs into ``dest`` (sources, pages, config); link node_modules.

    With ``pages`` (paths under ``docs/`` of pages in the default language, which need not
    exist yet: a test may write them), a trimmed copy, for the tests that break one page:
    the build makes only those pages, their French twins and the home page, with a nav of
    them alone. Every other page stays on disk, for the hooks that read the sources (the
    works cited, the lessons, the worksheets of the PDFs), and is left out of the build
    with mkdocs.yml's ``exclude_docs`` (links to it are then only noted, not warned
    about). Every hook still runs, the post-build ones included.
    """
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    for name in ("mkdocs.yml", "pyproject.toml", "README.md"):
        if (ROOT / name).exists():
            shutil.copy2(ROOT / name, dest / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("engine", "build_scripts", "docs", "overrides"):
        shutil.copytree(ROOT / folder, dest / folder, ignore=ignore)
    (dest / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    # the standard library compiled inside Pyodide, as the project's own builds cached it
    # (the copy's build would otherwise start Pyodide under Node to compile it again)
    compiled = runtime.trimmed_stdlib()
    cache = dest / compiled.relative_to(ROOT)
    cache.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(compiled, cache)
    # what the project's own builds made and cached by content, the copy's build finds made:
    # the brotli copies of the site's files (Pyodide's take tens of seconds), the engine's
    # wheel compiled inside Pyodide, the xz copies of the runtime's files and the lab's
    # chains (each worth tens of seconds of a copy's build; where one is missing, the
    # copy's build makes it as the project's would)
    for cache in (precompress.CACHE, runtime.CACHE, runtime.XZ_CACHE, runtime.CHAINS_CACHE):
        if cache.is_dir():
            shutil.copytree(
                cache, dest / cache.relative_to(ROOT), ignore=shutil.ignore_patterns(".lock")
            )
    if pages is not None:
        _trim(dest, [HOME, *(p for p in pages if p != HOME)])
    return dest


def _trim(project: Path, pages: list[str]) -> None:
    """Build only ``pages`` (and their French twins) of the copy in ``project``."""
    docs = project / "docs"
    kept = set(pages) | {p.removesuffix(".md") + ".fr.md" for p in pages}
    left_out = sorted(
        path.relative_to(docs).as_posix()
        for path in docs.rglob("*.md")
        if path.relative_to(docs).as_posix() not in kept
    )
    config = (project / "mkdocs.yml").read_text(encoding="utf-8")
    assert not re.search(r"^exclude_docs:", config, flags=re.M), "mkdocs.yml has exclude_docs"
    nav = "nav:\n" + "".join(f"  - {page}\n" for page in pages)
    config, found = re.subn(r"^nav:\n(?:[ \t]+\S.*\n|[ \t]*\n)*", nav, config, flags=re.M)
    assert found == 1, "mkdocs.yml has no nav to replace"
    excluded = [*EXCLUDED_BY_DEFAULT, *(f"/{page}" for page in left_out)]
    config += "\nexclude_docs: |\n" + "".join(f"  {line}\n" for line in excluded)
    (project / "mkdocs.yml").write_text(config, encoding="utf-8")


def run_build(
    project: Path, site: Path, timeout: int = 600, site_url: str | None = None
) -> subprocess.CompletedProcess:
    """``mkdocs build --strict`` of ``project`` into ``site`` (for ``site_url`` when given,
    through mkdocs.yml's ``SITE_URL``); returns the finished process."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONDONTWRITEBYTECODE="1")
    if site_url:
        env["SITE_URL"] = site_url
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
