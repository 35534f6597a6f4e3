"""Lighthouse's scores of each kind of page, as the site's own server serves it.

    python benchmarks/bench_lighthouse.py [--runs N] [--page PATH ...]
    python benchmarks/bench.py --only lighthouse     (the same, in bench.py's report)

Lighthouse is the npm package pinned in package.json (``node_modules/.bin/lighthouse``),
run with its default preset (mobile: an emulated mid-range phone, 4x CPU slowdown,
simulated slow 4G) in Debian's Chromium (``CHROME_PATH=/usr/bin/chromium``, headless, no
sandbox), one run after the other, against ``build_scripts/serve.py`` (what ``make serve``
runs: gzip or brotli, types, headers) serving the built site (``site/``, or a copy built
for a free port when ``site/`` was built for another origin: ``bench_site._prepare_site``).

For each page it prints the median of the runs (default three) of each category's score
(performance, accessibility, best practices, SEO, 0 to 100), of the total blocking time
in milliseconds, of the page's elements and of its long tasks, with each run's figures
(also the main thread's time by kind of work and the three slowest scripts:
:func:`main_thread`), and the audits that lost points in any run in the categories other
than performance (their ids, as Lighthouse names them). The times depend on the machine
and its load (see ``machine`` in the report); the elements do not.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
LIGHTHOUSE_PACKAGE = ROOT / "node_modules" / "lighthouse" / "package.json"
CHROME = "/usr/bin/chromium"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")

# Each kind of page: the home page (two boards), a history page, a board page of each
# game, a student page with eight boards, the class results page, a French rules page.
PAGES = (
    "",
    "zohn-ahl/history/",
    "zohn-ahl/",
    "awithlaknannai/",
    "students/forced-captures/",
    "teachers/results/",
    "fr/zohn-ahl/rules/",
)
RUN_TIMEOUT = 300  # seconds for one Lighthouse run


def log(*parts: object) -> None:
    print(*parts, file=sys.stderr, flush=True)


def one_run(url: str) -> dict:
    """One Lighthouse run of ``url``: each category's score (0-100), the total blocking
    time (ms) and the ids of the audits that lost points outside performance."""
    with tempfile.TemporaryDirectory(prefix="lighthouse-") as tmp:
        out = Path(tmp) / "report.json"
        subprocess.run(
            [
                str(LIGHTHOUSE),
                url,
                "--output=json",
                f"--output-path={out}",
                "--only-categories=" + ",".join(CATEGORIES),
                "--chrome-flags=--headless --no-sandbox",
                "--quiet",
            ],
            cwd=ROOT,
            env=dict(os.environ, CHROME_PATH=CHROME),
            check=True,
            timeout=RUN_TIMEOUT,
        )
        report = json.loads(out.read_text(encoding="utf-8"))
    scores = {name: round(report["categories"][name]["score"] * 100) for name in CATEGORIES}
    lost = sorted(
        ref["id"]
        for name in CATEGORIES[1:]
        for ref in report["categories"][name]["auditRefs"]
        if ref["weight"] > 0 and (report["audits"][ref["id"]].get("score") or 0) < 1
    )
    audits = report["audits"]
    tbt = audits["total-blocking-time"]["numericValue"]
    return {**scores, "tbt_ms": round(tbt), **main_thread(audits), "lost": lost}


def main_thread(audits: dict) -> dict:
    """What the main thread did, as Lighthouse's diagnostics say, beside the scores (less
    tied to the machine's load than the times): the page's elements (``dom-size``), its
    long tasks (``long-tasks``: how many), the main thread's time by kind of work
    (``mainthread-work-breakdown``, ms) and the three scripts that took longest
    (``bootup-time``: path and ms)."""
    origin_free = lambda url: "/" + url.split("/", 3)[-1] if "://" in url else url  # noqa: E731
    return {
        "dom_elements": round(audits["dom-size"].get("numericValue") or 0),
        "long_tasks": len(audits["long-tasks"].get("details", {}).get("items", [])),
        "main_thread_ms": {
            item["group"]: round(item["duration"])
            for item in audits["mainthread-work-breakdown"].get("details", {}).get("items", [])
        },
        "scripts_ms": [
            [origin_free(item["url"]), round(item["total"])]
            for item in audits["bootup-time"].get("details", {}).get("items", [])[:3]
        ],
    }


def measure_page(base: str, path: str, runs: int) -> dict:
    results = []
    for n in range(runs):
        log(f"lighthouse: /{path} run {n + 1} of {runs}")
        results.append(one_run(base + path))
    median = {
        key: statistics.median(r[key] for r in results)
        for key in (*CATEGORIES, "tbt_ms", "dom_elements", "long_tasks")
    }
    return {
        "median": median,
        "runs": [{k: v for k, v in r.items() if k != "lost"} for r in results],
        "lost": sorted({audit for r in results for audit in r["lost"]}),
    }


def _wait_until_served(url: str, server: subprocess.Popen) -> None:
    for _ in range(200):  # (by count: the server answers within a few tenths of a second)
        if server.poll() is not None:
            raise RuntimeError(f"the server stopped with status {server.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"the server does not answer at {url}")


def measure(runs: int = 3, pages: tuple[str, ...] = PAGES) -> dict:
    """The median scores of each page in ``pages`` (paths from the site's root)."""
    import bench_site

    if not LIGHTHOUSE.exists():
        raise RuntimeError("run `make setup` (npm ci) to install lighthouse")
    site, port, cleanup = bench_site._prepare_site(log)
    base = f"http://127.0.0.1:{port}/"
    server = subprocess.Popen(
        [sys.executable, "-m", "build_scripts.serve", "--port", str(port), str(site)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_until_served(base, server)
        figures = {"/" + path: measure_page(base, path, runs) for path in pages}
    finally:
        server.terminate()
        server.wait(timeout=30)
        if cleanup is not None:
            cleanup.cleanup()
    return {
        "lighthouse": json.loads((LIGHTHOUSE_PACKAGE).read_text(encoding="utf-8"))["version"],
        "preset": f"mobile (the default), median of {runs} runs",
        "server": "build_scripts/serve.py",
        "pages": figures,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per page (default 3)")
    parser.add_argument(
        "--page", action="append", help="a page's path from the root, e.g. zohn-ahl/ (repeat)"
    )
    args = parser.parse_args(argv)
    load_start = os.getloadavg()[0]
    report = measure(args.runs, tuple(p.lstrip("/") for p in args.page) if args.page else PAGES)
    report["machine"] = {
        "cores": os.cpu_count(),
        "load_average": [round(load_start, 2), round(os.getloadavg()[0], 2)],
    }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
