"""Accessibility: axe-core finds nothing serious or critical on any page of either
language, in headless Chromium, also once the boards are playable and after a move on
each of them.

axe-core comes from the project's npm packages (``node_modules/axe-core``), injected from
disk into the page under test; nothing is fetched from elsewhere. The injected script is
the test's, not the site's, so this context lets it past the Content-Security-Policy
(test_csp.py holds the site to the policy).
"""

from __future__ import annotations

import pytest
from site_build_tools import ROOT
from site_visits import allow_slow_start, built_pages, play_a_move, wait_playable

pytestmark = pytest.mark.browser

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")


def axe_findings(page) -> list[dict]:
    """axe-core's violations on the page as it is now (every rule axe runs by default)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ["violations"]});
        return result.violations.map((v) => ({
          id: v.id, impact: v.impact, help: v.help,
          nodes: v.nodes.map((n) => ({target: n.target.join(" "), why: n.failureSummary})),
        }));
    }""")


def readable(where: str, findings: list[dict]) -> str:
    lines = []
    for f in findings:
        lines.append(f"{where}: [{f['impact']}] {f['id']}: {f['help']} ({len(f['nodes'])} nodes)")
        for node in f["nodes"][:3]:
            why = " ".join((node["why"] or "").split())
            lines.append(f"    {node['target']}: {why[:240]}")
    return "\n".join(lines)


def test_axe_core_is_installed_from_npm():
    assert AXE.is_file(), "run `make setup` (npm ci) to install axe-core"


def test_no_serious_accessibility_finding_on_any_page(browser, site_url, site_dir):
    if not AXE.is_file():
        pytest.skip("axe-core is not installed (make setup)")
    context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 1000})
    allow_slow_start(context)
    page = context.new_page()
    report = []
    try:
        for rel in built_pages(site_dir):
            page.goto(site_url + rel)
            boards = page.locator(".board[data-game]").all()
            playable = [b for b in boards if wait_playable(page, b)]
            assert len(playable) == len(boards), f"{rel}: a board's engine did not start"
            findings = axe_findings(page)
            if boards:
                for board in boards:
                    play_a_move(page, board)
                findings += [
                    f for f in axe_findings(page) if f["id"] not in {g["id"] for g in findings}
                ]
            blocking = [f for f in findings if f["impact"] in BLOCKING]
            if blocking:
                report.append(readable("/" + rel, blocking))
    finally:
        context.close()
    assert not report, "axe-core findings:\n" + "\n".join(report)
