"""Helpers for the build tests: copy the project somewhere a test may break it, build it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def copy_project(dest: Path) -> Path:
    """Copy what a build needs into ``dest`` (sources, pages, config); link node_modules."""
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    for name in ("mkdocs.yml", "pyproject.toml", "README.md"):
        if (ROOT / name).exists():
            shutil.copy2(ROOT / name, dest / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("engine", "build_scripts", "docs", "overrides"):
        shutil.copytree(ROOT / folder, dest / folder, ignore=ignore)
    (dest / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    return dest


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
