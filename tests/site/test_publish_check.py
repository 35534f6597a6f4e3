"""Publishing refuses a copy whose readers could not send a correction; a local build and
server do not (their pages say that no correction address is set)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import yaml
from site_build_tools import run_publish_check

ROOT = Path(__file__).resolve().parents[2]


def _check(tmp_path: Path, email: str, issues: str = "") -> subprocess.CompletedProcess:
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    start = text.index("      corrections:\n")
    end = text.index("\n", text.index("issues:", start))
    block = f'      corrections:\n        email: "{email}"\n        issues: "{issues}"'
    config = tmp_path / "mkdocs.yml"
    config.write_text(text[:start] + block + text[end:], encoding="utf-8")
    return run_publish_check(str(config))


def test_the_repository_still_holds_the_placeholder_and_the_check_refuses_it():
    done = run_publish_check()
    assert done.returncode == 1
    assert "heritage-games: corrections" in done.stderr and "corrections@example.org" in done.stderr


@pytest.mark.parametrize(
    "email, issues", [("corrections@example.org", ""), ("", ""), ("", "https://x.invalid/new")]
)
def test_publishing_fails_on_a_placeholder_or_nothing(tmp_path, email, issues):
    done = _check(tmp_path, email, issues)
    assert done.returncode == 1, done.stdout
    assert "heritage-games: corrections" in done.stderr and "mkdocs.yml" in done.stderr


@pytest.mark.parametrize(
    "email, issues",
    [("site@kiowa-games.net", ""), ("", "https://github.com/someone/games/issues/new")],
)
def test_publishing_passes_with_a_real_address(tmp_path, email, issues):
    done = _check(tmp_path, email, issues)
    assert done.returncode == 0, done.stderr
    assert (email or issues) in done.stdout


def test_make_offline_checks_before_it_writes_the_zip_and_make_serve_does_not():
    def recipe(target: str) -> str:
        return subprocess.run(
            ["make", "-n", target], cwd=ROOT, capture_output=True, text=True, timeout=60
        ).stdout

    offline = recipe("offline")
    assert offline.index("build_scripts.publish_check") < offline.index("build_scripts.archive")
    assert "publish_check" not in recipe("serve")


def test_the_pages_workflow_checks_before_it_uploads():
    workflow = yaml.safe_load((ROOT / ".github/workflows/pages.yml").read_text(encoding="utf-8"))
    runs = [step.get("run") or step.get("uses") for step in workflow["jobs"]["build"]["steps"]]
    check = next(i for i, run in enumerate(runs) if "build_scripts.publish_check" in run)
    upload = next(i for i, run in enumerate(runs) if "upload-pages-artifact" in run)
    build = next(i for i, run in enumerate(runs) if run.startswith("make build"))
    assert build < check < upload
