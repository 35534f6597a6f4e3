"""The README's figures are written by ``make bench`` from its own report
(``benchmarks/figures.py``): each part measured replaces its table between markers."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import figures  # noqa: E402

README = """# Title

## Figures

<!-- figures:engine -->
old engine table
<!-- /figures:engine -->

<!-- figures:site -->
old site table
<!-- /figures:site -->

After.
"""


def _engine_report() -> dict:
    solver = {
        name: {"4": {"seconds": 0.4 + i / 100}, "20": {"seconds": 1.6 + i / 10}}
        for i, name in enumerate(figures.SOLVER)
    }
    trip = {
        "zohn_ahl_throw": {
            "with_since": {"throw_1_ms": 0.38, "throw_100_ms": 0.45, "throw_800_ms": 0.93}
        },
        "awithlaknannai_play": {
            "with_since": {"ply_1_ms": 1.03, "ply_100_ms": 0.89, "ply_200_ms": 0.87}
        },
    }

    def lab(rows: float, chart: float, by_counters: float, loops: str = "python") -> dict:
        parts = (rows, chart, by_counters, rows + chart + by_counters)
        return {
            "swept_by": loops,
            "carried_by": loops,
            "bias_change_1": dict(zip(figures.LAB_PARTS, parts)),
        }

    cpython = {
        "python": "3.11.2",
        "zohn_ahl_lab": lab(1.14, 2.76, 0.94),
        "awithlaknannai_random_playouts": {"ludii": {"moves_per_second": 325123.4}},
        "awithlaknannai_perft": {"culin": {"nodes_per_second": 1290000.0}},
        "zohn_ahl_random_games": {"kiowa": {"games_per_second": 1741.2}},
        "zohn_ahl_solver": solver,
        "protocol_round_trip": trip,
        "win_rates": {
            "hard_vs_random": {"games": 200, "wins": 200, "losses": 0, "draws": 0},
            "hard_vs_medium": {
                "games": 200,
                "wins": 151,
                "losses": 0,
                "draws": 49,
                "ruleset": "culin",
            },
        },
    }
    pyodide = {
        "python": "3.14.0",
        "zohn_ahl_lab": lab(0.91, 0.24, 0.75, loops="javascript"),
        "awithlaknannai_perft": {"culin": {"nodes_per_second": 612000.0}},
        "zohn_ahl_solver": solver,
        "protocol_round_trip": trip,
    }
    ratio = {
        "awithlaknannai_random_playouts": {"ludii": 0.44},
        "zohn_ahl_random_games": {"kiowa": 0.46},
    }
    return {"cpython": cpython, "pyodide": pyodide, "pyodide_vs_cpython": ratio}


def _startup() -> dict:
    return {
        "runs": 3,
        "first_visit_over_baseline_median": 0.97,
        "first_visit_over_published_median": 0.62,
        "bytes_sent_first_visit": 3_910_000,
        "published": {"marks": {"published:interpreter-ready": 3870.0}},
        "baseline": {"marks": {"baseline:interpreter-ready": 2480.0}},
        "worker_alone": {"marks": {"worker-alone:ready": 2610.0}},
        "processor_ms": {
            "published": {"renderer": 2350, "browser": 100, "all": 2570},
            "baseline": {"renderer": 810, "browser": 90, "all": 1005},
            "first_visit": {"renderer": 1530, "browser": 215, "all": 2020},
        },
        "first_visit": {
            "marks": {
                "engine:worker-created": 120.0,
                "engine:interpreter-ready": 1900.0,
                "engine:engine-imported": 2100.0,
                "board:playable": 2400.0,
            }
        },
        "return_visit": {
            "marks": {
                "engine:snapshot-read": 150.0,
                "engine:interpreter-ready": 600.0,
                "board:playable": 780.0,
            }
        },
    }


def test_a_whole_report_rewrites_both_tables_with_date_cores_and_load():
    report = {
        "engine": _engine_report(),
        "site": {
            "startup": _startup(),
            "python_start": {
                "return_visit": {"board_playable_ms": 1062.9},
                "lesson_link_later": {"board_playable_ms": 1132.9},
            },
            "lab": {
                "pressed_at_once": {"total_ms": 3727, "longest_frame_gap_ms": 33},
                "first_request": {"total_ms": 1732, "parts_ms": {"chart": 1077}},
                "bias_change_1": {"total_ms": 1607, "parts_ms": {"chart": 939}},
                "bias_change_2": {"total_ms": 1659, "parts_ms": {"chart": 986}},
            },
        },
        "machine": {"cores": 2, "load_average": [0.7, 1.3]},
    }
    text = figures.render(report, README, today="2026-11-27")
    engine = text.split("<!-- figures:engine -->")[1].split("<!-- /figures:engine -->")[0]
    site = text.split("<!-- figures:site -->")[1].split("<!-- /figures:site -->")[0]
    assert "old" not in engine and "old" not in site
    for block in (engine, site):
        assert "2026-11-27" in block and "2 cores" in block
        assert "load average 0.7 at the start, 1.3 at the end" in block
    assert "| engine | CPython 3.11 | Pyodide 3.14 (Node) |" in engine
    assert (
        "| Awithlaknannai random playouts, `ludii` | 325,000 moves/s | 0.44 of CPython |" in engine
    )
    assert "| Awithlaknannai perft, `culin` | 1.29 M nodes/s | 612,000 nodes/s |" in engine
    assert "0.40 / 0.41 / 0.42 / 0.43 / 0.44 s" in engine
    assert "0.38 / 0.45 / 0.93 ms" in engine
    assert (
        "| 1.1 / 2.8 / 0.94 / 4.8 s | 0.91 / 0.24 / 0.75 / 1.9 s (the sweeps and the game "
        "lengths in the worker's JavaScript loops, as in a page) |" in engine
    )
    assert (
        "beat `random` in 200 games of 200 and `medium` in 151 of 200 (49 draws, 0 losses)"
        in engine
    )
    assert (
        "worker created / interpreter ready / engine imported / playable | 0.1 / 1.9 / 2.1 / 2.4 s |"
        in site
    )
    assert (
        "Pyodide as published (its standard library of sources and its lock file; same "
        "server, same run) | Python ready at 3.9 s; the board page playable at 0.62 times "
        "that |" in site
    )
    assert (
        "Python ready at 2.5 s / the engine ready at 2.6 s; the board page playable at 0.97 "
        "times the first" in site
    )
    assert (
        "| processor time until ready, every process of the browser (2 cores) | bare pages: "
        "Pyodide as published 2.6 s, with the site's runtime files 1.0 s; the board page "
        "2.0 s |" in site
    )
    assert (
        "| return visit, playable: in a new tab of the same browser (step by step, median) / "
        "every tab closed first, the page or a lesson link | 0.78 s / 1.06 to 1.13 s "
        "(Python from the snapshot: 0.5 s) |" in site
    )
    assert "3.9 MB" in site
    assert (
        "| 1.61 to 1.73 s / 0.94 to 1.08 s / 3.73 s / not measured (the page paints throughout: the longest pause 33 ms) |"
        in site
    )
    assert text.endswith("After.\n") and text.startswith("# Title\n")


def test_a_part_the_run_skipped_keeps_its_table():
    report = {
        "engine": {"skipped": "--only site"},
        "site": {"startup": _startup()},
        "machine": {"cores": 2, "load_average": [0.5, 0.5]},
    }
    text = figures.render(report, README, today="2026-11-27")
    assert "old engine table" in text and "old site table" not in text


def test_a_figure_missing_from_the_report_says_so():
    engine = _engine_report()
    del engine["cpython"]["awithlaknannai_perft"]
    text = figures.render(
        {"engine": engine, "site": {"skipped": "x"}, "machine": {"cores": 2}}, README, "2026-11-27"
    )
    assert "| Awithlaknannai perft, `culin` | not measured | 612,000 nodes/s |" in text
    assert "load average not recorded" in text


def test_a_readme_without_markers_is_refused(tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text("# No figures here\n", encoding="utf-8")
    with pytest.raises(ValueError, match="figures:site"):
        figures.write_readme({"site": {"startup": _startup()}, "machine": {}}, readme)
    assert readme.read_text(encoding="utf-8") == "# No figures here\n"


def test_the_project_readme_has_both_markers():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in ("engine", "site"):
        assert text.count(f"<!-- figures:{name} -->") == 1
        assert text.count(f"<!-- /figures:{name} -->") == 1


def test_a_run_without_pyodide_as_published_leaves_its_row_out():
    start = _startup()
    del start["published"], start["first_visit_over_published_median"]
    del start["processor_ms"]["published"]
    text = figures.render(
        {"site": {"startup": start}, "machine": {"cores": 2}}, README, today="2026-11-29"
    )
    assert "as published" not in text
    assert "bare pages: with the site's runtime files 1.0 s; the board page 2.0 s" in text
