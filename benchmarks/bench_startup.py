"""The start of a board page, step by step, beside a bare Pyodide page: where the time goes.

    python benchmarks/bench_startup.py [--runs N]     (prints JSON; ``bench.py`` calls measure())

Served by ``make serve``'s own server (``build_scripts/serve.py``: gzip, its cache headers),
in headless Chromium, each visit in a new browser profile on disk (the service worker
blocked, so that the browser's HTTP cache and the engine's own snapshot are what a return
visit reuses). Each run, in turns (the order alternates from run to run, so that neither
side always goes first on a machine whose load changes):

- ``published``: a bare page of the same server that only calls ``loadPyodide()`` on
  Pyodide as published, the version ``package.json`` pins (its own standard library of
  sources, which every start compiles, and its lock file; brotli copies, as the site's
  large files have): the page a board page's first visit is held to
  (``published:first-script``, ``published:interpreter-ready``); left out, and said so,
  where ``make setup`` has not installed them;
- ``baseline``: the same bare page given the site's own runtime files (the trimmed
  standard library compiled ahead, the lock written into the call): the stricter floor,
  what Python's start costs once the site's changes to the runtime are made
  (``baseline:first-script``, ``baseline:interpreter-ready``);
- ``worker_alone``: a blank page of the same server that only creates the site's own
  engine worker (``engine-worker.mjs``: Pyodide, the engine imported), empty cache, until
  the worker says it is ready (``worker-alone:ready``): the engine's start without the
  board page's own work;
- ``first_visit``: a board page, empty cache: the page's own ``performance.mark`` s
  (``engine:first-script`` from the page's head, ``board:scripts``, ``engine:worker-created``,
  the worker's steps -- ``engine:worker-started``, ``manifest-read``, ``fetched-wasm`` /
  ``-stdlib`` / ``-wheel``, ``runtime-fetched``, ``wasm-compiled``, ``interpreter-ready``,
  ``engine-imported``, ``ready`` --, ``engine:ready-heard``, ``engine:first-reply``,
  ``board:playable``) and the navigation's own moments (``navigation:*``, ``paint:*``);
- ``return_visit``: the same profile after the worker saved its snapshot, the page again in
  a new tab (``engine:snapshot-read`` then the restore).

Each mark is the median of the runs, in ms from the start of navigation; ``steps`` lists
the marks in order with the time from the previous one (where each 100 ms goes), and
``bytes_sent`` what the site's own server sent for the first visit (brotli copies and gzip);
``per_run`` each run's figures, with the board page's "playable" over each bare page's
"interpreter ready" (``first_visit_over_published``, ``first_visit_over_baseline``).
``processor_ms``: for each visit, the processor time each kind of Chromium process used
from the navigation until the page was ready (median of the runs, from ``/proc``): on two
cores, what the board page does beside Python is time Python waits. ``--runs`` (default 3); ``--page`` another board page (default the Awithlaknannai page).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

import bench_site  # noqa: E402

PAGE = "/awithlaknannai/"
BASELINE = "/bench-baseline/"
WORKER_ALONE = BASELINE + "worker/"
PUBLISHED = BASELINE + "published/"
PYODIDE = ROOT / "node_modules" / "pyodide"
PUBLISHED_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
READY_MS = 120_000

MARKS_JS = """() => {
    const out = {};
    const nav = performance.getEntriesByType('navigation')[0];
    if (nav) {
        out['navigation:response-end'] = nav.responseEnd;
        out['navigation:dom-interactive'] = nav.domInteractive;
        out['navigation:dom-content-loaded'] = nav.domContentLoadedEventEnd || null;
        out['navigation:load'] = nav.loadEventEnd || null;
    }
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    if (fcp) out['paint:first-contentful'] = fcp.startTime;
    for (const m of performance.getEntriesByType('mark')) {
        if (!(m.name in out)) out[m.name] = m.startTime;
    }
    for (const k of Object.keys(out)) if (out[k] === null) delete out[k];
    return out;
}"""

SNAPSHOT_SAVED_JS = r"""async () => {
    const boards = document.querySelector('script[src*="boards.js"]');
    const m = await import(boards.src.replace(/boards\.js.*$/, "engine-client.js"));
    return await Promise.race([m.getEngine().snapshot,
        new Promise((ok) => setTimeout(() => ok({status: "not saved within 60 s"}), 60000))]);
}"""


def baseline_files(site: Path, folder: Path) -> bool:
    """Write the bare Pyodide pages into ``folder/bench-baseline/``: the site's runtime
    files, named as the site's manifest names them, loaded by ``loadPyodide`` alone; the
    blank page of the engine's worker; and Pyodide as published (:func:`published_files`,
    whose answer this returns)."""
    manifest = json.loads((site / "assets" / "runtime" / "manifest.json").read_text("utf-8"))
    runtime = "/assets/runtime/"
    options = {
        "indexURL": runtime + manifest["indexURL"],
        "stdLibURL": runtime + manifest["stdlib"],
        "lockFileContents": manifest["lock"],
    }
    _bare_page(
        folder / BASELINE.strip("/"),
        "Pyodide alone",
        'performance.mark("baseline:first-script");\n'
        f"const options = {json.dumps(options)};\n"
        "for (const k of ['indexURL', 'stdLibURL']) options[k] = new URL(options[k], location.href).href;\n"
        'const { loadPyodide } = await import(options.indexURL + "pyodide.mjs");\n'
        'performance.mark("baseline:pyodide-imported");\n'
        "await loadPyodide({ ...options, stdout: () => {}, stderr: () => {} });\n"
        'performance.mark("baseline:interpreter-ready");\n'
        'document.body.dataset.ready = "true";\n',
    )
    _bare_page(
        folder / WORKER_ALONE.strip("/"),
        "The engine's worker alone",
        'performance.mark("worker-alone:first-script");\n'
        'const worker = new Worker("/assets/js/engine-worker.mjs", { type: "module" });\n'
        "worker.onmessage = (event) => {\n"
        '  if (event.data && event.data.type === "ready") {\n'
        '    performance.mark("worker-alone:ready");\n'
        '    document.body.dataset.ready = "true";\n'
        "  }\n"
        "};\n",
    )
    return published_files(folder / PUBLISHED.strip("/"))


def _bare_page(target: Path, title: str, script: str) -> None:
    """A page that only runs ``script`` (its ``start.mjs``), in ``target``."""
    target.mkdir(parents=True, exist_ok=True)
    (target / "index.html").write_text(
        f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>{title}</title>\n'
        f'<script type="module" src="start.mjs"></script></head><body><p>{title}</p></body></html>\n',
        encoding="utf-8",
    )
    (target / "start.mjs").write_text(script, encoding="utf-8")


def published_files(target: Path) -> bool:
    """Write the bare page of Pyodide as published into ``target``: the pinned release's
    own files from ``node_modules/pyodide`` (with brotli copies of the large ones, as the
    build makes for the site's), and a page that calls ``loadPyodide()`` with no option.
    False, and nothing written, where ``make setup`` has not installed them."""
    if not all((PYODIDE / name).is_file() for name in PUBLISHED_FILES):
        return False
    from build_scripts.precompress import SMALLEST, compressed

    files = target / "pyodide"
    files.mkdir(parents=True, exist_ok=True)
    for name in PUBLISHED_FILES:
        data = (PYODIDE / name).read_bytes()
        (files / name).write_bytes(data)
        if len(data) >= SMALLEST:
            (files / (name + ".br")).write_bytes(compressed(data))
    _bare_page(
        target,
        "Pyodide as published",
        'performance.mark("published:first-script");\n'
        'const { loadPyodide } = await import("./pyodide/pyodide.mjs");\n'
        'performance.mark("published:pyodide-imported");\n'
        "await loadPyodide({ stdout: () => {}, stderr: () => {} });\n"
        'performance.mark("published:interpreter-ready");\n'
        'document.body.dataset.ready = "true";\n',
    )
    return True


def _server(site: Path, extra: Path, counter):
    """``make serve``'s server for ``site``, and ``extra``'s files under /bench-baseline/,
    counting the bytes it writes (``bench_site.counting_handler``)."""

    class Handler(bench_site.counting_handler(counter)):
        def send_head(self):
            # (one handler serves every request of a kept-alive connection: chosen each time)
            self.directory = str(extra) if self.path.startswith(BASELINE) else str(site)
            return super().send_head()

    return bench_site.serve_counting(site, Handler)


def _context(playwright, profile: str):
    return playwright.chromium.launch_persistent_context(
        profile,
        executable_path=bench_site.CHROMIUM,
        args=bench_site.FLAGS,
        headless=True,
        viewport={"width": 1280, "height": 1000},
        service_workers="block",
    )


def processor_ms() -> dict[int, tuple[str, float]] | None:
    """Each Chromium process on this machine: its kind (``browser``, ``renderer``,
    ``gpu-process``, ``utility:NetworkService``, ...) and the processor time (user and
    system, ms) it has used so far, by process id, read from ``/proc``; None without a
    ``/proc``. Only the benchmark's own browser runs on the machine while it measures."""
    proc = Path("/proc")
    if not (proc / "self" / "stat").exists():
        return None
    tick = os.sysconf("SC_CLK_TCK")
    out: dict[int, tuple[str, float]] = {}
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if "chrom" not in (entry / "comm").read_text():
                continue
            # (Chromium rewrites its processes' command lines as one line: words, not args)
            line = (entry / "cmdline").read_bytes().decode("utf-8", "replace").replace("\0", " ")
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # (a process that ended meanwhile)
        kind_of = re.search(r"--type=(\S+)", line)
        sub = re.search(r"--utility-sub-type=(\S+)", line)
        kind = kind_of.group(1) if kind_of else "browser"
        if sub:
            kind += ":" + sub.group(1).split(".")[-1]
        out[int(entry.name)] = (kind, (int(fields[11]) + int(fields[12])) * 1000 / tick)
    return out


def processor_used(before: dict | None, after: dict | None) -> dict[str, int] | None:
    """The processor time (ms) each kind of process used between two :func:`processor_ms`
    readings (a process started meanwhile counts whole; one that ended, not at all)."""
    if before is None or after is None:
        return None
    used: dict[str, float] = {}
    for pid, (kind, ms) in after.items():
        earlier = before.get(pid)
        spent = ms - (earlier[1] if earlier and earlier[0] == kind else 0.0)
        if spent > 0:
            used[kind] = used.get(kind, 0.0) + spent
    return {kind: round(ms) for kind, ms in used.items()}


def _visit(page, url: str, ready_js: str) -> tuple[dict, dict | None]:
    """The page's marks once ``ready_js`` holds, and the processor time each kind of
    Chromium process used from the navigation until then (:func:`processor_ms`)."""
    before = processor_ms()
    page.goto(url)
    page.wait_for_function(ready_js, timeout=READY_MS)
    after = processor_ms()
    page.wait_for_load_state("load")
    return page.evaluate(MARKS_JS), processor_used(before, after)


BOARD_READY = "() => performance.getEntriesByName('board:playable').length > 0"
BASELINE_READY = "() => document.body && document.body.dataset.ready === 'true'"


@contextlib.contextmanager
def _fresh_profile(playwright):
    """A page in a browser profile of its own (empty caches, no snapshot), closed after."""
    with tempfile.TemporaryDirectory(prefix="bench-start-") as profile:
        context = _context(playwright, profile)
        try:
            yield context, context.pages[0] if context.pages else context.new_page()
        finally:
            context.close()


def _first_and_return(playwright, url: str, counter=None) -> dict:
    """A first visit to the board page ``url`` in a fresh profile, then, once the worker
    has saved its snapshot, the return visit in a new tab of that profile; with the bytes
    the server sent for the first visit when ``counter`` counts them."""
    with _fresh_profile(playwright) as (context, page):
        if counter is not None:
            counter.reset()
        out = {"processor_ms": {}}
        out["first_visit"], out["processor_ms"]["first_visit"] = _visit(page, url, BOARD_READY)
        if counter is not None:
            out["bytes_sent"] = counter.snapshot()["bytes"]
        out["snapshot"] = page.evaluate(SNAPSHOT_SAVED_JS)
        fresh = context.new_page()
        page.close()
        out["return_visit"], out["processor_ms"]["return_visit"] = _visit(fresh, url, BOARD_READY)
        return out


def _one_run(
    playwright,
    base: str,
    counter,
    baseline_first: bool,
    other: str | None = None,
    page_path: str = PAGE,
    published: bool = True,
) -> dict:
    out: dict = {}

    def variant():
        """The same first and return visit on another build of the site (``--compare``)."""
        visits = _first_and_return(playwright, other + page_path)
        out["compared_first_visit"] = visits["first_visit"]
        out["compared_return_visit"] = visits["return_visit"]

    used: dict = {}

    def baseline():
        if published:
            with _fresh_profile(playwright) as (_, page):
                out["published"], used["published"] = _visit(page, base + PUBLISHED, BASELINE_READY)
        with _fresh_profile(playwright) as (_, page):
            out["baseline"], used["baseline"] = _visit(page, base + BASELINE, BASELINE_READY)
        with _fresh_profile(playwright) as (_, page):
            out["worker_alone"], used["worker_alone"] = _visit(
                page, base + WORKER_ALONE, BASELINE_READY
            )

    def board():
        visits = _first_and_return(playwright, base + page_path, counter)
        used.update(visits.pop("processor_ms"))
        out.update(visits)

    order = [baseline, board] + ([variant] if other else [])
    for step in order if baseline_first else order[::-1]:
        step()
    out["processor_ms"] = used
    return out


def _median_marks(runs: list[dict]) -> dict:
    names: dict[str, list[float]] = {}
    for marks in runs:
        for name, at in marks.items():
            names.setdefault(name, []).append(at)
    return {name: round(statistics.median(v), 1) for name, v in names.items()}


def steps(marks: dict) -> list[list]:
    """The marks in order, each with the ms since the one before: [name, at, +ms]."""
    out, before = [], 0.0
    for name, at in sorted(marks.items(), key=lambda kv: kv[1]):
        out.append([name, at, round(at - before, 1)])
        before = at
    return out


def side_by_side(result: dict, kinds=("baseline", "first_visit", "return_visit")) -> str:
    """The timelines as text, one column each (stderr of ``make bench``)."""
    columns = [(k, result[k]["steps"]) for k in kinds]
    height = max(len(rows) for _k, rows in columns)
    width = 52
    lines = ["  ".join(f"{k:<{width}}" for k, _rows in columns)]
    for i in range(height):
        cells = []
        for _k, rows in columns:
            if i < len(rows):
                name, at, delta = rows[i]
                cells.append(f"{at:7.0f} ms {'+' + format(delta, '.0f'):>6}  {name}"[:width])
            else:
                cells.append("")
            cells[-1] = f"{cells[-1]:<{width}}"
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def measure(runs: int = 3, log=None, compare: Path | None = None, page_path: str = PAGE) -> dict:
    """The start traced (see the module docstring); a JSON-ready dict. ``compare``: another
    build of the site (a folder), whose board page is measured in the same runs, in turn
    with the others (``compared_first_visit``, ``compared_return_visit``)."""
    log = log or (lambda msg: print(f"[bench_startup] {msg}", file=sys.stderr))
    if not Path(bench_site.CHROMIUM).exists():
        return {"skipped": f"Chromium not found at {bench_site.CHROMIUM}"}
    from playwright.sync_api import sync_playwright

    # Any build serves (its own server, any port): no page here follows the sitemap.
    site, tmp = ROOT / "site", None
    if not (site / "index.html").exists():
        site, _port, tmp = bench_site._prepare_site(log)
    counter = bench_site._Counter()
    extra = tempfile.TemporaryDirectory(prefix="bench-baseline-")
    published = baseline_files(site, Path(extra.name))
    if not published:
        log(f"Pyodide as published not measured: no {PYODIDE.relative_to(ROOT)} (make setup)")
    server, base = _server(site, Path(extra.name), counter)
    other_server, other = (
        _server(compare, Path(extra.name), bench_site._Counter()) if compare else (None, None)
    )
    collected: list[dict] = []
    load_start = [round(x, 2) for x in os.getloadavg()]
    try:
        with sync_playwright() as p:
            for i in range(runs):
                started = time.perf_counter()
                collected.append(
                    _one_run(p, base, counter, i % 2 == 0, other, page_path, published)
                )
                run = collected[-1]
                first = run["first_visit"].get("board:playable")
                ret = run["return_visit"].get("board:playable")
                alone = run["baseline"].get("baseline:interpreter-ready")
                worker = run["worker_alone"].get("worker-alone:ready")
                as_published = (run.get("published") or {}).get("published:interpreter-ready")
                log(
                    f"run {i + 1}/{runs}: Pyodide as published {as_published or 0:.0f} ms, with "
                    f"the site's runtime files {alone:.0f} ms, the engine's worker alone "
                    f"{worker:.0f} ms, first visit playable {first:.0f} ms, return visit "
                    f"{ret:.0f} ms ({time.perf_counter() - started:.0f} s)"
                )
    finally:
        for running in (server, other_server):
            if running is not None:
                running.shutdown()
                running.server_close()
        extra.cleanup()
        if tmp is not None:
            tmp.cleanup()
    result: dict = {
        "page": page_path,
        "runs": runs,
        "server": "build_scripts/serve.py (gzip)",
        "cores": os.cpu_count(),
        "load_average_at_start": load_start,
        "load_average_at_end": [round(x, 2) for x in os.getloadavg()],
        "note": "ms from the start of navigation, median of the runs; steps: each mark "
        "with the ms since the one before",
    }
    kinds = (["published"] if published else []) + [
        "baseline",
        "worker_alone",
        "first_visit",
        "return_visit",
    ]
    if compare:
        kinds += ["compared_first_visit", "compared_return_visit"]
        result["compared_with"] = str(compare)
    for kind in kinds:
        marks = _median_marks([run[kind] for run in collected])
        result[kind] = {"marks": marks, "steps": steps(marks)}
    result["bytes_sent_first_visit"] = int(statistics.median(r["bytes_sent"] for r in collected))
    result["snapshot"] = collected[-1].get("snapshot")
    per_run = []
    for run in collected:
        alone = run["baseline"].get("baseline:interpreter-ready")
        as_published = (run.get("published") or {}).get("published:interpreter-ready")
        first = run["first_visit"].get("board:playable")
        per_run.append(
            {
                "published_interpreter_ready_ms": _r(as_published),
                "first_visit_over_published": _ratio(first, as_published),
                "baseline_interpreter_ready_ms": _r(alone),
                "worker_alone_ready_ms": _r(run["worker_alone"].get("worker-alone:ready")),
                "first_visit_playable_ms": _r(first),
                "first_visit_over_baseline": _ratio(first, alone),
                "return_visit_playable_ms": _r(run["return_visit"].get("board:playable")),
            }
        )
    result["per_run"] = per_run
    result["processor_ms"] = _median_processor([run.get("processor_ms") or {} for run in collected])
    for floor in ("published", "baseline"):
        ratios = [r[f"first_visit_over_{floor}"] for r in per_run if r[f"first_visit_over_{floor}"]]
        result[f"first_visit_over_{floor}_median"] = (
            round(statistics.median(ratios), 2) if ratios else None
        )
    log(
        "where the time goes (ms from navigation, + ms since the mark before):\n"
        + side_by_side(result, [k for k in kinds if k != "worker_alone"][:4])
    )
    for kind, used in result["processor_ms"].items():
        log(
            f"processor time until ready, {kind} (ms, median): "
            + ", ".join(f"{process} {ms}" for process, ms in used.items())
        )
    return result


def _median_processor(runs: list[dict]) -> dict:
    """Each visit's processor time by kind of process, the median of the runs (ms)."""
    out: dict = {}
    for kind in ("published", "baseline", "worker_alone", "first_visit", "return_visit"):
        seen = [run[kind] for run in runs if run.get(kind)]
        processes = sorted({p for used in seen for p in used})
        medians = {p: round(statistics.median(u.get(p, 0) for u in seen)) for p in processes}
        if medians:
            out[kind] = dict(sorted(medians.items(), key=lambda kv: -kv[1]))
            out[kind]["all"] = sum(medians.values())
    return out


def _r(x):
    return None if x is None else round(float(x), 1)


def _ratio(playable, ready):
    """The board page's "playable" over a bare page's "interpreter ready"."""
    return round(playable / ready, 2) if playable and ready else None


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--compare", type=Path, default=None, help="another build to measure in turn"
    )
    parser.add_argument("--page", default=PAGE, help=f"the board page to open (default {PAGE})")
    args = parser.parse_args(argv)
    result = measure(args.runs, compare=args.compare, page_path=args.page)
    if args.compare:
        print(
            "compared (first visit, return visit):\n"
            + side_by_side(
                result, ("first_visit", "compared_first_visit", "compared_return_visit")
            ),
            file=sys.stderr,
        )
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
