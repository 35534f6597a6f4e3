"""The README's "Figures": tables written from one ``make bench`` report, never by hand.

    python benchmarks/figures.py REPORT.json [README.md]

``make bench`` calls :func:`write_readme` with its report: each part it measured (the
engine, the site) replaces its own table in ``README.md``, between the markers
``<!-- figures:engine -->`` ... ``<!-- /figures:engine -->``, ``<!-- figures:site -->``
... ``<!-- /figures:site -->`` and ``<!-- figures:lighthouse -->`` ...
``<!-- /figures:lighthouse -->``, headed by the date, the machine's cores and its load
average during the run. A part the run skipped (``make bench ONLY=site``) leaves its
table as it was. A figure missing from the report is written as "not measured".
"""

from __future__ import annotations

import datetime
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MISSING = "not measured"


def _get(data: Any, *keys: str) -> Any:
    for key in keys:
        if not isinstance(data, dict) or key not in data:
            return None
        data = data[key]
    return data


def _rate(x: Any, unit: str) -> str:
    if not isinstance(x, (int, float)):
        return MISSING
    if x >= 1e6:
        return f"{x / 1e6:.2f} M {unit}"
    return f"{_round_sig(x, 3):,} {unit}"


def _round_sig(x: float, sig: int) -> int:
    digits = len(str(int(abs(x)))) if x >= 1 else 1
    return int(round(x, sig - digits))


def _joined(values: list[Any], fmt: Callable[[Any], str], unit: str = "") -> str:
    if not values or all(v is None for v in values):
        return MISSING
    return " / ".join(fmt(v) for v in values) + unit


def _seconds(x: Any) -> str:
    if not isinstance(x, (int, float)):
        return "?"
    return f"{x:.2f}" if x < 1 else f"{x:.1f}"


def _ms(x: Any) -> str:
    return f"{x / 1000:.1f}" if isinstance(x, (int, float)) else "?"


def _ms_range(values: list[Any]) -> str:
    got = sorted(v for v in values if isinstance(v, (int, float)))
    if not got:
        return MISSING
    low, high = got[0] / 1000, got[-1] / 1000
    return f"{low:.2f} s" if f"{low:.2f}" == f"{high:.2f}" else f"{low:.2f} to {high:.2f} s"


def _mb(x: Any) -> str:
    return f"{x / 1e6:.1f} MB" if isinstance(x, (int, float)) else MISSING


SOLVER = ("kiowa", "culin", "printable-lose-throw", "printable-cross", "globe")


#: The parts of the lab's "work it out again" (``bench_engine.zohn_ahl_lab``), in the
#: order the page asks for them, then their sum.
LAB_PARTS = ("rows_seconds", "chart_seconds", "by_counters_seconds", "total_seconds")


def engine_rows(engine: dict) -> list[tuple[str, str, str]]:
    """The engine's table: (what, CPython, Pyodide) for each row."""
    cp, py, ratio = (
        engine.get("cpython", {}),
        engine.get("pyodide", {}),
        engine.get("pyodide_vs_cpython", {}),
    )

    def of_cpython(x: Any) -> str:
        return f"{x:.2f} of CPython" if isinstance(x, (int, float)) else MISSING

    def solver(part: dict, counters: str) -> str:
        return _joined(
            [_get(part, "zohn_ahl_solver", name, counters, "seconds") for name in SOLVER],
            _seconds,
            " s",
        )

    def trip(part: dict, game: str, keys: tuple[str, ...]) -> str:
        return _joined(
            [_get(part, "protocol_round_trip", game, "with_since", k) for k in keys],
            lambda v: f"{v:.2f}" if isinstance(v, (int, float)) else "?",
            " ms",
        )

    def lab(part: dict) -> str:
        figures = _joined(
            [_get(part, "zohn_ahl_lab", "bias_change_1", k) for k in LAB_PARTS], _seconds, " s"
        )
        swept = _get(part, "zohn_ahl_lab", "swept_by") == "javascript"
        if swept and _get(part, "zohn_ahl_lab", "carried_by") == "javascript":
            figures += (
                " (the sweeps and the game lengths in the worker's JavaScript loops, as in a page)"
            )
        return figures

    throws = ("throw_1_ms", "throw_100_ms", "throw_800_ms")
    plies = ("ply_1_ms", "ply_100_ms", "ply_200_ms")
    return [
        (
            "Awithlaknannai random playouts, `ludii`",
            _rate(
                _get(cp, "awithlaknannai_random_playouts", "ludii", "moves_per_second"), "moves/s"
            ),
            of_cpython(_get(ratio, "awithlaknannai_random_playouts", "ludii")),
        ),
        (
            "Awithlaknannai perft, `culin`",
            _rate(_get(cp, "awithlaknannai_perft", "culin", "nodes_per_second"), "nodes/s"),
            _rate(_get(py, "awithlaknannai_perft", "culin", "nodes_per_second"), "nodes/s"),
        ),
        (
            "Zohn Ahl complete random games, `kiowa`",
            _rate(_get(cp, "zohn_ahl_random_games", "kiowa", "games_per_second"), "games/s"),
            of_cpython(_get(ratio, "zohn_ahl_random_games", "kiowa")),
        ),
        (
            "Zohn Ahl solved exactly from nothing, 4 counters, `kiowa` / `culin` / "
            "`printable` / `printable` cross / `globe`",
            solver(cp, "4"),
            solver(py, "4"),
        ),
        ("the same, 20 counters", solver(cp, "20"), solver(py, "20")),
        (
            "one throw through the protocol, `kiowa` 4+4, at throws 1 / 100 / 800 (the page "
            "sends `since`)",
            trip(cp, "zohn_ahl_throw", throws),
            trip(py, "zohn_ahl_throw", throws),
        ),
        (
            "one move through the protocol, `ludii`, at plies 1 / 100 / 200 (with `since`)",
            trip(cp, "awithlaknannai_play", plies),
            trip(py, "awithlaknannai_play", plies),
        ),
        (
            "the probability lab worked out again for a new bias, 4 counters: the rulesets' "
            "rows / the game-length chart / the board by counters / in all",
            lab(cp),
            lab(py),
        ),
    ]


def win_line(engine: dict) -> str:
    wins = _get(engine, "cpython", "win_rates") or {}
    rnd, med = wins.get("hard_vs_random"), wins.get("hard_vs_medium")
    if not isinstance(rnd, dict) or not isinstance(med, dict) or "wins" not in rnd:
        return "The computer's win rates were not measured in this run."
    return (
        f"The computer's `hard` level beat `random` in {rnd['wins']} games of {rnd['games']} "
        f"and `medium` in {med['wins']} of {med['games']} ({med.get('draws', 0)} draws, "
        f"{med.get('losses', 0)} losses), from the start of `{med.get('ruleset', 'culin')}`, "
        "sides alternating."
    )


def site_rows(site: dict) -> list[tuple[str, str]]:
    """The site's table: (what, measured) for each row. ``site`` is the report's "site":
    bench_site's figures and, under "startup", bench_startup's trace."""
    start = site.get("startup") or {}
    first = _get(site, "awithlaknannai", "first_visit") or {}
    boards = [_get(site, k, "first_visit") or {} for k in ("zohn_ahl", "awithlaknannai")]
    offline = site.get("offline_and_classroom") or {}
    trace_first = _get(start, "first_visit", "marks") or {}
    trace_return = _get(start, "return_visit", "marks") or {}
    alone = _get(start, "baseline", "marks", "baseline:interpreter-ready")
    rows: list[tuple[str, str]] = []
    if first:
        rows.append(
            (
                "first visit to a board page (what the server sends)",
                f"{first.get('requests', '?')} files, {_mb(first.get('bytes'))}; "
                f"{_mb(first.get('bytes_gzip'))} gzipped, "
                f"{_mb(first.get('bytes_brotli'))} with the build's brotli copies",
            )
        )
    elif start.get("bytes_sent_first_visit"):
        rows.append(
            (
                "first visit to a board page, as the site's server sends it",
                _mb(start["bytes_sent_first_visit"]),
            )
        )
    if boards[0] or boards[1]:
        rows.append(
            (
                "board drawn / playable, first visit",
                f"{_ms_range([b.get('board_drawn_ms') for b in boards])} / "
                f"{_ms_range([b.get('board_playable_ms') for b in boards])}",
            )
        )
    if trace_first:
        runs = start.get("runs", "?")
        rows.append(
            (
                f"first visit, step by step (median of {runs} runs): worker created / "
                "interpreter ready / engine imported / playable",
                " / ".join(
                    f"{_ms(trace_first.get(k))}"
                    for k in (
                        "engine:worker-created",
                        "engine:interpreter-ready",
                        "engine:engine-imported",
                        "board:playable",
                    )
                )
                + " s",
            )
        )
        published = _get(start, "published", "marks", "published:interpreter-ready")
        if published:
            rows.append(
                (
                    "a bare page that only calls `loadPyodide()`, Pyodide as published "
                    "(its standard library of sources and its lock file; same server, same run)",
                    f"Python ready at {_ms(published)} s; the board page playable at "
                    f"{start.get('first_visit_over_published_median', '?')} times that",
                )
            )
        worker = _get(start, "worker_alone", "marks", "worker-alone:ready")
        rows.append(
            (
                "the same bare page given the site's runtime files (the trimmed standard "
                "library compiled ahead, the lock in the call) / a blank page that only "
                "starts the site's engine worker",
                f"Python ready at {_ms(alone)} s / the engine ready at {_ms(worker)} s; "
                f"the board page playable at {start.get('first_visit_over_baseline_median', '?')}"
                " times the first",
            )
        )
        used = start.get("processor_ms") or {}
        if used.get("baseline", {}).get("all") and used.get("first_visit", {}).get("all"):
            bare = [
                f"{label} {_ms(used[kind]['all'])} s"
                for kind, label in (
                    ("published", "Pyodide as published"),
                    ("baseline", "with the site's runtime files"),
                )
                if used.get(kind, {}).get("all")
            ]
            rows.append(
                (
                    "processor time until ready, every process of the browser (2 cores)",
                    f"bare pages: {', '.join(bare)}; the board page "
                    f"{_ms(used['first_visit']['all'])} s",
                )
            )
    nxt = [_get(site, k, "next_page", "board_playable_ms") for k in ("zohn_ahl", "awithlaknannai")]
    if any(isinstance(x, (int, float)) for x in nxt):
        rows.append(
            (
                "the next page of a visit, playable",
                f"{_ms_range(nxt)} (the running Python is reused)",
            )
        )
    if trace_return:
        restore = None
        if "engine:interpreter-ready" in trace_return and "engine:snapshot-read" in trace_return:
            restore = (
                trace_return["engine:interpreter-ready"] - trace_return["engine:snapshot-read"]
            )
        later = [
            _get(site, "python_start", k, "board_playable_ms")
            for k in ("return_visit", "lesson_link_later")
        ]
        rows.append(
            (
                "return visit, playable: in a new tab of the same browser (step by step, median) "
                "/ every tab closed first, the page or a lesson link",
                f"{_ms_range([trace_return.get('board:playable')])} / {_ms_range(later)} "
                f"(Python from the snapshot: {_ms(restore)} s)",
            )
        )
    lab = site.get("lab") or {}
    if lab.get("first_request"):
        later = [k for k in lab if k.startswith("bias_change_")]
        asked = [lab[k] for k in ("first_request", *later) if isinstance(lab.get(k), dict)]
        gaps = [a.get("longest_frame_gap_ms") for a in [*asked, lab.get("pressed_at_once") or {}]]
        rows.append(
            (
                'the probability lab\'s "work it out again" for a new bias, in the page: '
                "done (every part) once the lab has prepared / the 4-counter figures (rows "
                "and chart) / pressed the moment the lab is ready / pressed as the page opens, "
                "before Python has started",
                f"{_ms_range([a.get('total_ms') for a in asked])} / "
                f"{_ms_range([_get(a, 'parts_ms', 'chart') for a in asked])} / "
                f"{_ms_range([_get(lab, 'pressed_at_once', 'total_ms')])} / "
                f"{_ms_range([_get(lab, 'pressed_on_open', 'total_ms')])} "
                f"(the page paints throughout: the longest pause "
                f"{max((g for g in gaps if isinstance(g, (int, float))), default=0)} ms)",
            )
        )
    plain = offline.get("plain_http") or {}
    if plain.get("return_visit"):
        rows.append(
            (
                "over plain http (a classroom's server by its network address): a first visit, "
                "playable / a return visit in a new tab, playable",
                f"{_ms(_get(plain, 'first_visit', 'board_playable_ms'))} s / "
                f"{_ms(_get(plain, 'return_visit', 'board_playable_ms'))} s",
            )
        )
    wifi = offline.get("first_visit_school_wifi") or {}
    slow = offline.get("first_visit_slow") or {}
    if wifi or slow:
        rows.append(
            (
                "first visit on school Wi-Fi (20 Mbit/s, 40 ms) / a slow line (1.6 Mbit/s, 150 ms)",
                f"playable at {_ms(wifi.get('board_playable_ms'))} s / "
                f"{_ms(slow.get('board_playable_ms'))} s, drawn at "
                f"{_ms(wifi.get('board_drawn_ms'))} s / {_ms(slow.get('board_drawn_ms'))} s",
            )
        )
    classroom = offline.get("classroom") or {}
    if classroom.get("completed") is not None:
        rows.append(
            (
                "thirty first visits at once against `make serve`",
                f"{classroom['completed']} of {classroom.get('clients')} complete, the last "
                f"after {classroom.get('last_completed_s')} s",
            )
        )
    reloads = _get(offline, "offline", "offline_reloads") or []
    if reloads:
        rows.append(
            (
                "offline, reloaded with the network cut",
                f"playable at {_ms_range([r.get('board_playable_ms') for r in reloads])}",
            )
        )
    build = site.get("build") or {}
    if build.get("seconds") is not None:
        rows.append(
            (
                "the site's build (`mkdocs build --strict`, both languages, the build's caches warm)",
                f"{build['seconds']} s ({build.get('cpu_seconds')} s of processor time)",
            )
        )
    return rows


def _machine(report: dict, part: dict, today: str) -> str:
    """The opening of every table's heading: the date, the machine's cores and its load."""
    machine = report.get("machine") or {}
    cores = machine.get("cores", "?")
    loads = machine.get("load_average") or part.get("load_average_at_start")
    load = (
        f"load average {loads[0]:.1f} at the start, {loads[-1]:.1f} at the end"
        if isinstance(loads, list) and loads
        else "load average not recorded"
    )
    return f"Measured by `make bench` on {today}, on a machine with {cores} cores ({load})"


def _heading(report: dict, part: dict, today: str) -> str:
    return f"{_machine(report, part, today)}. One run; compare within a row."


def _table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def _version(python: Any) -> str:
    return ".".join(python.split(".")[:2]) if isinstance(python, str) else ""


def engine_block(report: dict, today: str) -> str:
    engine = report["engine"]
    return "\n\n".join(
        [
            _heading(report, engine.get("cpython", {}), today),
            _table(
                (
                    "engine",
                    f"CPython {_version(_get(engine, 'cpython', 'python'))}",
                    f"Pyodide {_version(_get(engine, 'pyodide', 'python'))} (Node)",
                ),
                engine_rows(engine),
            ),
            win_line(engine),
        ]
    )


def site_block(report: dict, today: str) -> str:
    site = report["site"]
    return "\n\n".join(
        [
            _heading(report, site, today),
            _table(
                ("site, headless Chromium against the site's own server", "measured"),
                site_rows(site),
            ),
        ]
    )


#: Each kind of page Lighthouse scores (``bench_lighthouse.PAGES``), as the table names it.
PAGE_KINDS = {
    "/": "home (two boards)",
    "/zohn-ahl/history/": "a history page",
    "/zohn-ahl/": "Zohn Ahl's board page",
    "/awithlaknannai/": "Awithlaknannai's board page",
    "/students/forced-captures/": "a student page with eight boards",
    "/teachers/results/": "the class results page",
    "/fr/zohn-ahl/rules/": "a French rules page",
}


def lighthouse_rows(lighthouse: dict) -> list[tuple[str, str, str, str]]:
    """A row per page: its kind and path, the four scores (median of the runs), the total
    blocking time and the audits that lost points outside performance."""
    rows = []
    for path, page in (lighthouse.get("pages") or {}).items():
        median = page.get("median") or {}
        scores = " / ".join(
            str(round(median[c])) if isinstance(median.get(c), (int, float)) else MISSING
            for c in ("performance", "accessibility", "best-practices", "seo")
        )
        tbt = median.get("tbt_ms")
        kind = PAGE_KINDS.get(path, "a page")
        rows.append(
            (
                f"{kind}, `{path}`",
                scores,
                f"{round(tbt):,} ms" if isinstance(tbt, (int, float)) else MISSING,
                ", ".join(f"`{a}`" for a in page.get("lost") or []) or "none",
            )
        )
    return rows


def lighthouse_block(report: dict, today: str) -> str:
    lighthouse = report["lighthouse"]
    return "\n\n".join(
        [
            f"{_machine(report, lighthouse, today)}: Lighthouse "
            f"{lighthouse.get('lighthouse', '?')}, {lighthouse.get('preset', '')}, each page "
            "served by the site's own server.",
            _table(
                (
                    "page",
                    "performance / accessibility / best practices / SEO",
                    "total blocking time",
                    "audits that lost points",
                ),
                lighthouse_rows(lighthouse),
            ),
            lighthouse_target(lighthouse),
        ]
    )


def _meets(median: dict) -> bool:
    """Performance at least 95, the other categories 100, total blocking time at most 200 ms."""
    try:
        return (
            median["performance"] >= 95
            and all(median[c] == 100 for c in ("accessibility", "best-practices", "seo"))
            and median["tbt_ms"] <= 200
        )
    except (KeyError, TypeError):
        return False


def lighthouse_target(lighthouse: dict) -> str:
    pages = lighthouse.get("pages") or {}
    met = [path for path, page in pages.items() if _meets(page.get("median") or {})]
    return (
        "The target (performance at least 95, the other three 100, total blocking time at "
        f"most 200 ms) is met on {len(met)} of {len(pages)} pages."
    )


def _replace(text: str, name: str, body: str) -> str:
    pattern = re.compile(rf"(<!-- figures:{name} -->\n).*?(\n<!-- /figures:{name} -->)", re.S)
    if not pattern.search(text):
        raise ValueError(
            f"README.md has no <!-- figures:{name} --> ... <!-- /figures:{name} --> markers"
        )
    return pattern.sub(lambda m: m.group(1) + body + m.group(2), text)


def measured(part: Any) -> bool:
    return isinstance(part, dict) and bool(part) and "skipped" not in part and "error" not in part


def render(report: dict, text: str, today: str | None = None) -> str:
    """``text`` (the README) with the tables of every part ``report`` measured."""
    today = today or datetime.date.today().isoformat()
    if measured(report.get("engine")) and measured(_get(report, "engine", "cpython")):
        text = _replace(text, "engine", engine_block(report, today))
    if measured(report.get("site")):
        text = _replace(text, "site", site_block(report, today))
    if measured(report.get("lighthouse")):
        text = _replace(text, "lighthouse", lighthouse_block(report, today))
    return text


def write_readme(report: dict, readme: Path = ROOT / "README.md") -> bool:
    """Rewrite ``readme``'s figures from ``report``; True when it changed."""
    before = readme.read_text(encoding="utf-8")
    after = render(report, before)
    if after != before:
        readme.write_text(after, encoding="utf-8")
    return after != before


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    report = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    readme = Path(argv[1]) if len(argv) > 1 else ROOT / "README.md"
    print("changed" if write_readme(report, readme) else "unchanged")
    return 0


if __name__ == "__main__":
    sys.exit(main())
