"""Accessibility: axe-core finds nothing serious or critical on any page of either
language (nor anything, whatever its impact, of the rules named in ``ALWAYS``), in headless Chromium, also once the boards are playable and after a move on a
board of each kind (game, controls, aids: in each language, where it first shows up).

axe-core comes from the project's npm packages (``node_modules/axe-core``), evaluated
from disk in the page under test; nothing is fetched from elsewhere, and the page's
Content-Security-Policy stays in force. The visit of every page is shared with
test_csp.py (``every_page`` in conftest.py).
"""

from __future__ import annotations

import pytest
from site_visits import AXE

pytestmark = pytest.mark.browser

BLOCKING = ("serious", "critical")
# Rules that fail whatever their impact: the ones Lighthouse's accessibility score counts
# that this site has met at a lesser impact (axe-core calls them minor or moderate).
ALWAYS = frozenset(
    {
        "aria-allowed-role",
        "aria-prohibited-attr",
        "empty-table-header",
        "heading-order",
        "landmark-unique",
        "scrollable-region-focusable",
    }
)


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


def test_no_serious_accessibility_finding_on_any_page(every_page):
    assert len(every_page) > 40 and "/" in every_page and "fr/" in every_page
    report = []
    for rel, seen in every_page.items():
        assert seen.started == seen.boards, f"{rel}: boards did not start: {seen.not_started}"
        blocking = [f for f in seen.findings if f["impact"] in BLOCKING or f["id"] in ALWAYS]
        if blocking:
            report.append(readable(rel, blocking))
    assert not report, "axe-core findings:\n" + "\n".join(report)
    played = {kind for seen in every_page.values() for kind in seen.played}
    for lang in ("en", "fr"):
        for game in ("zohn-ahl", "awithlaknannai"):
            for aids in (True, False):
                assert any(k[:2] == (lang, game) and k[3] is aids for k in played), (
                    f"no {game} board {'with' if aids else 'without'} aids was played ({lang})"
                )


def test_every_navigation_landmark_is_named_by_its_section(site_dir):
    """Each section's <nav> in the navigation is named (aria-labelledby) by its expand
    toggle, whose text is the section's title, so that no two landmarks of a page sound
    alike (overrides/partials/nav-item.html)."""
    import re

    checked = 0
    for path in (site_dir / "index.html", site_dir / "fr" / "zohn-ahl" / "rules" / "index.html"):
        html = path.read_text(encoding="utf-8")
        names = []
        for ref in re.findall(r'<nav class="md-nav"[^>]*aria-labelledby="([^"]+)"', html):
            label = re.search(rf'<label [^>]*id="{re.escape(ref)}"[^>]*>(.*?)</label>', html, re.S)
            assert label, f"{path}: no label {ref!r} names its <nav>"
            text = " ".join(re.sub(r"<[^>]+>", " ", label.group(1)).split())
            assert text, f"{path}: the label {ref!r} has no text"
            names.append(text)
        assert len(names) > 3 and len(set(names)) == len(names), names
        checked += len(names)
    assert checked
