"""`make bench`: print the project's benchmark figures as one JSON document.

    python benchmarks/bench.py [--quick] [--games N] [--jobs J] [--no-pyodide] [--no-site]
                               [--no-lighthouse]
                               [--only engine|site|startup|build|lighthouse] [--no-readme]

``make bench ONLY=site`` (or ``ONLY=startup``: the start's trace alone, a few minutes;
``ONLY=build``: the site's build timed alone; ``ONLY=lighthouse``: Lighthouse's scores of
each kind of page, ``benchmarks/bench_lighthouse.py``) runs one part. The report's figures
are written into README.md's "Figures" (each part measured replaces its own table:
``benchmarks/figures.py``), unless ``--no-readme``, ``--quick``, ``--only startup`` or
``--only build`` (a part of the site's table only).

Progress goes to stderr, the JSON to stdout. Parts:

- ``engine.cpython``: ``benchmarks/bench_engine.py`` run in this interpreter, with the
  win rates of the computer opponent (``hard`` against ``random`` and against ``medium``,
  N games each from the start of ``culin``, sides alternating, node limits; default 200,
  ``--quick`` 40).
- ``engine.pyodide``: the same fixed workloads inside real Pyodide under Node
  (``benchmarks/bench_engine.mjs``); win rates are not replayed there (they do not
  depend on the interpreter: the AI picks the same moves, which the Pyodide tests check).
- ``engine.pyodide_vs_cpython``: for each throughput figure, Pyodide's rate divided by
  CPython's (1.0 = as fast; 0.33 = three times slower), and for the computer's time per
  move CPython's time divided by Pyodide's, the same way round.
- ``site``: under ``site.build`` the site's build timed (``benchmarks/bench_build.py``:
  ``mkdocs build --strict`` into a folder of its own), then
  ``benchmarks/bench_site.measure()`` (the site must be built first; ``make
  bench`` runs ``make build``), and under ``site.startup`` the start of a board page
  traced from its own marks beside a bare Pyodide page (``benchmarks/bench_startup.py``).
- ``lighthouse`` (last, after the site; ``--no-lighthouse`` leaves it out, ``--quick`` runs
  each page once): Lighthouse's mobile scores and total blocking time of each kind of
  page, the median of three runs (``benchmarks/bench_lighthouse.py``), on a machine with
  nothing else running in the browser.
- ``machine``: the cores and the load average at the start and the end of the run.
- ``targets``: each target with the measured value and whether it is met.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, ROOT)

import bench_engine  # noqa: E402

PYODIDE_TIMEOUT = 900  # seconds


def log(*parts: object) -> None:
    print(*parts, file=sys.stderr, flush=True)


def run_pyodide(quick: bool) -> dict:
    command = ["node", os.path.join(HERE, "bench_engine.mjs")] + (["--quick"] if quick else [])
    log("pyodide: starting Node ...")
    try:
        proc = subprocess.run(
            command,
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=None,
            text=True,
            timeout=PYODIDE_TIMEOUT,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return {"error": f"{type(exc).__name__}: {exc}"}
    if proc.returncode != 0:
        return {
            "error": f"node exited with status {proc.returncode}",
            "stdout": proc.stdout[-2000:],
        }
    try:
        return json.loads(proc.stdout)
    except json.JSONDecodeError as exc:
        return {"error": f"no JSON from the Pyodide run: {exc}", "stdout": proc.stdout[-2000:]}


def ratios(cpython: dict, pyodide: dict) -> dict:
    """Pyodide's speed as a fraction of CPython's, figure by figure."""
    out: dict = {}
    for section, per_sec_keys in (
        ("zohn_ahl_random_games", ("games_per_second",)),
        ("awithlaknannai_perft", ("nodes_per_second",)),
        ("awithlaknannai_random_playouts", ("moves_per_second",)),
    ):
        a, b = cpython.get(section, {}), pyodide.get(section, {})
        for name, figures in a.items():
            if not isinstance(figures, dict) or not isinstance(b.get(name), dict):
                continue
            for key in per_sec_keys:
                if key in figures and key in b[name] and figures[key]:
                    out.setdefault(section, {})[name] = round(b[name][key] / figures[key], 3)
    a, b = cpython.get("ai_time_per_move", {}), pyodide.get("ai_time_per_move", {})
    for level, figures in a.items():
        if isinstance(figures, dict) and isinstance(b.get(level), dict):
            pa, pb = figures.get("mean_seconds_per_move"), b[level].get("mean_seconds_per_move")
            # levels that answer in well under 10 ms are timer noise, not a speed ratio
            if pa and pb and pa >= 0.01:
                out.setdefault("ai_time_per_move", {})[level] = round(pa / pb, 3)
    values = [v for section in out.values() for v in section.values()]
    if values:
        out["slowest"] = min(values)
        out["fastest"] = max(values)
    return out


def targets(cpython: dict, ratio: dict, pyodide: dict | None = None) -> dict:
    out = {}
    for name, figures in (("cpython", cpython), ("pyodide", pyodide or {})):
        trip = figures.get("protocol_round_trip", {})
        for game, first, last, variant in (
            ("zohn_ahl_throw", "throw_1_ms", "throw_800_ms", None),
            ("awithlaknannai_play", "ply_1_ms", "ply_200_ms", None),
            ("zohn_ahl_throw", "throw_1_ms", "throw_800_ms", "with_since"),
            ("awithlaknannai_play", "ply_1_ms", "ply_200_ms", "with_since"),
        ):
            f = trip.get(game, {}) if isinstance(trip, dict) else {}
            if variant:
                f = f.get(variant, {})
                game = f"{game}_{variant}"
            a, b = f.get(first), f.get(last)
            out[f"protocol_{game}_flat_{name}"] = {
                "target": f"{last} <= 2 x {first} (one move costs the same late in a game)",
                "measured": None if not a or b is None else round(b / a, 2),
                "met": None if not a or b is None else b <= 2 * a,
            }
            if name == "pyodide":
                out[f"protocol_{game}_under_5_ms_pyodide"] = {
                    "target": f"{first} and {last} < 5 ms",
                    "measured": None if a is None or b is None else [a, b],
                    "met": None if a is None or b is None else max(a, b) < 5,
                }
    ludii = cpython.get("awithlaknannai_random_playouts", {}).get("ludii", {})
    moves = ludii.get("moves_per_second") if isinstance(ludii, dict) else None
    cpu = ludii.get("moves_per_cpu_second") if isinstance(ludii, dict) else None
    out["ludii_random_playout_moves_per_second_cpython"] = {
        "target": ">= 150000 (engine.awithlaknannai.random_playout), judged on CPU time",
        "measured": cpu,
        "measured_wall_clock": moves,
        "met": None if cpu is None else cpu >= 150000,
    }
    slowest = ratio.get("slowest")
    out["pyodide_within_3x_of_cpython"] = {
        "target": "every figure's Pyodide/CPython speed ratio >= 0.333",
        "measured": slowest,
        "met": None if slowest is None else slowest >= 1 / 3,
    }
    wins = cpython.get("win_rates", {})
    for key, goal in (("hard_vs_random", 0.95), ("hard_vs_medium", 0.70)):
        figures = wins.get(key, {})
        rate = figures.get("win_rate") if isinstance(figures, dict) else None
        out[f"win_rate_{key}"] = {
            "target": f">= {goal}",
            "measured": rate,
            "games": figures.get("games") if isinstance(figures, dict) else None,
            "met": None if rate is None else rate >= goal,
        }
    return out


def run_build() -> dict:
    """The site's build timed (``benchmarks/bench_build.py``)."""
    import bench_build

    log("site: mkdocs build --strict, timed")
    try:
        return bench_build.measure()
    except Exception as exc:  # report and carry on: the other figures still stand
        return {"error": f"{type(exc).__name__}: {exc}"}


def run_site(startup_only: bool = False) -> dict:
    """The site's build timed (under "build"), its figures in Chromium
    (``benchmarks/bench_site.py``; the site is built), with the start's trace
    (``benchmarks/bench_startup.py``) under "startup"."""
    import bench_site
    import bench_startup

    out: dict = {}
    if not startup_only:
        build = run_build()
        try:
            out = bench_site.measure()
        except Exception as exc:  # report and carry on: the engine figures still stand
            out = {"error": f"{type(exc).__name__}: {exc}"}
        out["build"] = build
    try:
        out["startup"] = bench_startup.measure()
    except Exception as exc:
        out["startup"] = {"error": f"{type(exc).__name__}: {exc}"}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Print the benchmark figures as JSON.")
    parser.add_argument(
        "--quick", action="store_true", help="smaller workloads and 40 games per match"
    )
    parser.add_argument(
        "--games", type=int, default=None, help="games per match (default 200, --quick 40)"
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=min(2, os.cpu_count() or 1),
        help="processes for the matches (default: 2 or the number of cores)",
    )
    parser.add_argument("--no-pyodide", action="store_true", help="skip the Pyodide run")
    parser.add_argument("--no-site", action="store_true", help="skip the site figures")
    parser.add_argument(
        "--no-lighthouse", action="store_true", help="skip Lighthouse's scores of the pages"
    )
    parser.add_argument(
        "--only",
        choices=("engine", "site", "startup", "build", "lighthouse"),
        default=os.environ.get("BENCH_ONLY") or None,
        help="one part: the engine, the site (with the start's trace and the build's "
        "time), the trace alone, the build's time alone, or Lighthouse's scores",
    )
    parser.add_argument(
        "--no-readme", action="store_true", help="do not write the figures into README.md"
    )
    args = parser.parse_args(argv)
    games = args.games if args.games is not None else (40 if args.quick else 200)
    load_start = os.getloadavg()[0]
    t0 = time.perf_counter()
    if args.only == "lighthouse":
        report = {"quick": args.quick, "lighthouse": run_lighthouse(args.quick)}
        return _finish(report, t0, load_start, args.no_readme)
    if args.only == "build":
        report = {
            "quick": args.quick,
            "engine": {"skipped": "--only build"},
            "site": {"build": run_build()},
        }
        # (the build's time alone is not the site's whole table: README.md is left as it is)
        return _finish(report, t0, load_start, True)
    if args.only in ("site", "startup"):
        report = {
            "quick": args.quick,
            "engine": {"skipped": f"--only {args.only}"},
            "site": run_site(startup_only=args.only == "startup"),
        }
        # (the trace alone is not the site's whole table: README.md is left as it is)
        return _finish(report, t0, load_start, args.no_readme or args.only == "startup")
    cpython = bench_engine.measure(quick=args.quick, win_games=0)
    pyodide = {"skipped": "--no-pyodide"} if args.no_pyodide else run_pyodide(args.quick)
    if isinstance(pyodide, dict) and "win_rates" in pyodide:
        pyodide["win_rates"] = {
            "skipped": "win rates are measured in CPython only; the Pyodide tests "
            "check that the AI picks the same moves there"
        }
    log(f"cpython: win rates, {games} games per match, {args.jobs} process(es)")
    cpython["win_rates"] = (
        bench_engine.win_rates(games, args.jobs) if games else {"skipped": "--games 0"}
    )
    ratio = ratios(cpython, pyodide) if "error" not in pyodide and "skipped" not in pyodide else {}
    skip_site = args.no_site or args.only == "engine"
    site = {"skipped": "--no-site"} if skip_site else run_site()
    lighthouse = (
        {"skipped": "--no-site" if skip_site else "--no-lighthouse"}
        if skip_site or args.no_lighthouse
        else run_lighthouse(args.quick)
    )
    report = {
        "quick": args.quick,
        "engine": {"cpython": cpython, "pyodide": pyodide, "pyodide_vs_cpython": ratio},
        "site": site,
        "lighthouse": lighthouse,
        "targets": targets(cpython, ratio, pyodide if "error" not in pyodide else None),
    }
    return _finish(report, t0, load_start, args.no_readme)


def run_lighthouse(quick: bool) -> dict:
    """Lighthouse's part (one run per page with ``--quick``), or the error that stopped it."""
    import bench_lighthouse

    try:
        return bench_lighthouse.measure(runs=1 if quick else 3)
    except (RuntimeError, OSError, subprocess.SubprocessError) as err:
        return {"error": str(err)}


def _finish(report: dict, t0: float, load_start: float, no_readme: bool) -> int:
    """Add the machine and the time taken, print the report, write README's figures."""
    import figures

    report["machine"] = {
        "cores": os.cpu_count(),
        "load_average": [round(load_start, 2), round(os.getloadavg()[0], 2)],
    }
    report["seconds"] = round(time.perf_counter() - t0, 1)
    print(json.dumps(report, indent=2))
    if not no_readme and not report.get("quick"):
        changed = figures.write_readme(report)
        log("README.md figures " + ("rewritten" if changed else "unchanged"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
