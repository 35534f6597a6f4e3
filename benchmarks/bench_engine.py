"""Engine benchmark: the same fixed workloads in CPython and inside Pyodide.

    python benchmarks/bench_engine.py [--quick] [--win-games N] [--jobs J]
    node benchmarks/bench_engine.mjs [--quick]          (the same script inside Pyodide)

Prints one JSON document on stdout, progress on stderr. Every workload is fixed (a given
number of seeded games, a given perft depth, a given set of positions), so the figures of
CPython and Pyodide measure the same work and can be divided one by the other:

- Zohn Ahl: complete games from the start with seeded random throws, per ruleset
  (games/s and throws/s).
- Awithlaknannai: perft from the start (nodes/s) and random playouts from the start
  (playouts/s and moves/s; every legal move equally likely), per ruleset, both with the
  engine's ``random_playout`` and through the public API.
- Zohn Ahl solved: seconds to solve each ruleset for 1, 4, 8 and 20 counters a side.
- The probability lab: seconds of a "work it out again" for 4 counters a side, as the page
  asks it (each row, the chart, the board by counters), from nothing and after a change of
  bias.
- The computer opponent: seconds per move for each level with its default budget, over a
  fixed set of positions taken from seeded random games of ``culin``.
- One throw or move through the protocol, as the page makes it (``protocol.handle`` on
  the JSON request, up to the JSON reply): Zohn Ahl at the 1st, 100th and
  800th throw of a long seeded game, Awithlaknannai at the 1st, 100th and 200th move.
- Each timed workload (not the computer's moves, not the matches) runs three times and
  the fastest run is reported: the machine may be shared, and the slower runs measure
  the other programs.
- Win rates (CPython only unless asked): ``hard`` against ``random`` and against
  ``medium``, from the start of ``culin``, sides alternating, with node limits so that
  the results do not depend on the machine's speed.

Standard library only; runs unchanged on CPython 3.11 and Pyodide (Python 3.14).
"""

from __future__ import annotations

import json
import os
import platform
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine.rng import Rng  # noqa: E402

# Node limits for the win-rate matches (see engine.awithlaknannai.ai for what they mean).
# None: the level's default node limit (DEFAULT_NODE_LIMIT, what the page uses); a node
# limit, never a time limit, so the results do not depend on the machine's speed.
MATCH_RULESET = "culin"
MATCH_NODES = {"hard": None, "medium": None, "easy": None, "random": None}

# Fixed workloads: (full, quick). The full ones run for about a second each in CPython, long
# enough that the Pyodide/CPython ratios are not lost in the noise of a shared machine.
ZOHN_GAMES = (2000, 100)
PERFT_DEPTH = {
    "culin": (12, 10),
    "open": (12, 10),
    "bent": (11, 9),
    "ludii": (9, 7),
    "kolowis": (12, 10),
}
PLAYOUTS = (1500, 80)
AI_POSITIONS = (12, 4)


def log(*parts: object) -> None:
    print(*parts, file=sys.stderr, flush=True)


_CPU = {"last": 0.0}
REPEAT = 3  # each timed workload runs this many times; the fastest run is reported


def _timed(fn, repeat: int = 1):
    """(value, wall-clock seconds) of the fastest of ``repeat`` calls of ``fn``; that
    call's CPU seconds go to _CPU["last"]. Every call does the same work (seeded)."""
    best = None
    for _ in range(repeat):
        c0 = time.process_time()
        t0 = time.perf_counter()
        value = fn()
        seconds = time.perf_counter() - t0
        cpu = time.process_time() - c0
        if best is None or seconds < best[1]:
            best = (value, seconds, cpu)
    _CPU["last"] = best[2]
    return best[0], best[1]


def _rate(count: float, seconds: float) -> float:
    return round(count / seconds, 1) if seconds > 0 else float("inf")


# ---------------------------------------------------------------- Zohn Ahl


def zohn_ahl_games(quick: bool) -> dict:
    from engine.zohn_ahl import RULESETS, Options, State, Throw

    games = ZOHN_GAMES[1 if quick else 0]
    out = {}
    for name in RULESETS:

        def run():
            rng = Rng(20260101)
            throws = 0
            for _ in range(games):
                state = State.start(Options(ruleset=name))
                while not state.finished:
                    state, _events = state.play(Throw.random(rng))
                    throws += 1
            return throws

        throws, seconds = _timed(run, REPEAT)
        out[name] = {
            "games": games,
            "throws": throws,
            "seconds": round(seconds, 3),
            "games_per_second": _rate(games, seconds),
            "games_per_cpu_second": _rate(games, _CPU["last"]),
            "throws_per_second": _rate(throws, seconds),
        }
        log(f"  zohn-ahl {name}: {out[name]['games_per_second']} games/s")
    return out


# ---------------------------------------------------------------- Awithlaknannai


def awithlaknannai_perft(quick: bool) -> dict:
    from engine.awithlaknannai import Game

    out = {}
    for name, depths in PERFT_DEPTH.items():
        depth = depths[1 if quick else 0]
        game = Game(ruleset=name)
        nodes, seconds = _timed(lambda: game.perft(depth), REPEAT)
        out[name] = {
            "depth": depth,
            "nodes": nodes,
            "seconds": round(seconds, 3),
            "nodes_per_second": _rate(nodes, seconds),
            "nodes_per_cpu_second": _rate(nodes, _CPU["last"]),
        }
        log(f"  awithlaknannai perft {name} d{depth}: {out[name]['nodes_per_second']} nodes/s")
    return out


def api_playout(game, rng: Rng) -> int:
    """Random legal moves through the public API (legal_moves, outcome, push) to the end."""
    moves = 0
    while True:
        legal = game.legal_moves()
        if not legal or game.outcome() is not None:
            return moves
        game.push(legal[rng.below(len(legal))])
        moves += 1


def awithlaknannai_playouts(quick: bool) -> dict:
    """Random games from the start: the engine's own ``random_playout`` (its fast path,
    the figure the 150,000 moves/s target is about) and the same games through the public
    API (``legal_moves`` + ``push``, what the search and the page use)."""
    from engine.awithlaknannai import Game, random_playout

    playouts = PLAYOUTS[1 if quick else 0]
    out = {}
    for name in PERFT_DEPTH:
        entry = {}
        for how in ("random_playout", "api"):

            def run():
                rng = Rng(424242)
                total = 0
                for _ in range(playouts):
                    game = Game(ruleset=name)
                    if how == "api":
                        total += api_playout(game, rng)
                    else:
                        random_playout(game, rng)
                        total += game.ply
                return total

            total, seconds = _timed(run, REPEAT)
            entry[how] = {
                "playouts": playouts,
                "moves": total,
                "seconds": round(seconds, 3),
                "playouts_per_second": _rate(playouts, seconds),
                "moves_per_second": _rate(total, seconds),
                "cpu_seconds": round(_CPU["last"], 3),
                "moves_per_cpu_second": _rate(total, _CPU["last"]),
            }
        out[name] = dict(entry["random_playout"], api=entry["api"])
        log(
            f"  awithlaknannai playouts {name}: {out[name]['moves_per_second']} moves/s "
            f"(public API: {entry['api']['moves_per_second']})"
        )
    return out


def ai_positions(count: int) -> list:
    """Positions of ``culin`` after 0, 4, 8, ... random moves of seeded random games."""
    from engine.awithlaknannai import Game

    positions = []
    seed = 0
    while len(positions) < count:
        rng = Rng(9000 + seed)
        seed += 1
        game = Game(ruleset=MATCH_RULESET)
        ply = 0
        while len(positions) < count:
            legal = game.legal_moves()
            if not legal or game.outcome() is not None:
                break
            if ply % 4 == 0 and len(legal) > 1:
                positions.append(game.copy())
            game.push(legal[rng.below(len(legal))])
            ply += 1
    return positions


def ai_time_per_move(quick: bool) -> dict:
    """Each level with its default budget (what the page asks for) on the same positions."""
    from engine.awithlaknannai.ai import DEFAULT_NODE_LIMIT, LEVELS, search

    positions = ai_positions(AI_POSITIONS[1 if quick else 0])
    out = {}
    for level in LEVELS:
        times = []
        nodes = 0
        for i, game in enumerate(positions):
            result, seconds = _timed(lambda: search(game, level, seed=i))
            times.append(seconds)
            nodes += result.nodes
        out[level] = {
            "positions": len(times),
            "node_limit": DEFAULT_NODE_LIMIT.get(level),
            "mean_seconds_per_move": round(sum(times) / len(times), 4),
            "max_seconds_per_move": round(max(times), 4),
            "nodes_per_second": _rate(nodes, sum(times)) if nodes else None,
        }
        log(f"  ai {level}: {out[level]['mean_seconds_per_move']} s/move")
    return out


# ---------------------------------------------------------------- one move through the protocol

# Long seeded games (found once by search; fixed so both interpreters do the same work):
# kiowa with 4 counters a side (8 in all) and the seed below lasts 916 throws; ludii from
# the start with random moves drawn from the seed below lasts 275 moves.
PROTOCOL_ZOHN = {"ruleset": "kiowa", "counters": 4, "seed": 20, "at": (1, 100, 800)}
PROTOCOL_AWI = {"ruleset": "ludii", "seed": 28, "at": (1, 100, 200)}
PROTOCOL_REPEAT = (30, 5)


def _request(cmd: str, args: dict, since: int | None = None) -> str:
    args = dict(args)
    if since is not None:
        args["since"] = since
    return json.dumps({"id": 1, "cmd": cmd, "args": args})


def _time_request(handle, request: str, repeat: int, warm: str | None = None) -> float:
    """Milliseconds of the fastest of ``repeat`` answers to ``request`` (checked: ok). With
    ``warm``, that request is answered first each time, untimed (as the page's previous
    request, whose reply held the record ``request`` sends back)."""
    best = None
    for _ in range(repeat):
        if warm is not None:
            handle(warm)
        t0 = time.perf_counter()
        reply = handle(request)
        ms = (time.perf_counter() - t0) * 1000
        best = ms if best is None or ms < best else best
    if '"ok": true' not in reply[:200]:
        raise RuntimeError(f"the request failed: {reply[:300]}")
    return round(best, 3)


def protocol_round_trip(quick: bool) -> dict:
    """One throw / one move as the page makes it: ``protocol.handle`` with the JSON request
    (record, the move) and the JSON reply holding the view, at
    several points of one long game."""
    from engine import protocol
    from engine.awithlaknannai import Game
    from engine.zohn_ahl import Options, Record, State, seeded_throw

    repeat = PROTOCOL_REPEAT[1 if quick else 0]
    z = PROTOCOL_ZOHN
    options = Options(ruleset=z["ruleset"], counters=z["counters"])
    throws = []
    state = State.start(options)
    while not state.finished and len(throws) < max(z["at"]):
        throw = seeded_throw(z["seed"], len(throws))
        state = state.advance(throw)
        throws.append(throw)
    zohn: dict = {}
    for k in z["at"]:
        record = str(Record(options, tuple(throws[: k - 1])))
        request = _request("zohn-ahl.throw", {"record": record, "throw": str(throws[k - 1])})
        zohn[f"throw_{k}_ms"] = _time_request(protocol.handle, request, repeat)
        # as a page that keeps what it has: `since`, after the reply that gave it the record
        warm = _request("zohn-ahl.load", {"record": record})
        request = _request(
            "zohn-ahl.throw", {"record": record, "throw": str(throws[k - 1])}, since=k - 1
        )
        zohn.setdefault("with_since", {})[f"throw_{k}_ms"] = _time_request(
            protocol.handle, request, repeat, warm
        )
    zohn["flat_ratio_last_to_first"] = round(
        zohn[f"throw_{max(z['at'])}_ms"] / zohn[f"throw_{min(z['at'])}_ms"], 2
    )
    log(f"  protocol zohn-ahl.throw: {zohn}")

    a = PROTOCOL_AWI
    game = Game(a["ruleset"])
    rng = Rng(a["seed"])
    moves = []
    while game.outcome() is None and len(moves) < max(a["at"]):
        legal = game.legal_moves()
        move = legal[rng.below(len(legal))]
        moves.append(game.notation(move))
        game.push(move)
    awi: dict = {}
    for k in a["at"]:
        view = protocol.dispatch("awithlaknannai.new", {"ruleset": a["ruleset"]})
        if k > 1:
            view = protocol.dispatch(
                "awithlaknannai.new", {"ruleset": a["ruleset"], "moves": " ".join(moves[: k - 1])}
            )
        # as the page sends it: the move's action, its index in the view's legal moves
        action = [m["notation"] for m in view["legal"]].index(moves[k - 1])
        args = {"record": view["record"], "action": action}
        awi[f"ply_{k}_ms"] = _time_request(
            protocol.handle, _request("awithlaknannai.play", args), repeat
        )
        warm = _request("awithlaknannai.load", {"record": view["record"]})
        awi.setdefault("with_since", {})[f"ply_{k}_ms"] = _time_request(
            protocol.handle, _request("awithlaknannai.play", args, since=k - 1), repeat, warm
        )
    awi["flat_ratio_last_to_first"] = round(
        awi[f"ply_{max(a['at'])}_ms"] / awi[f"ply_{min(a['at'])}_ms"], 2
    )
    log(f"  protocol awithlaknannai.play: {awi}")
    return {
        "what": "milliseconds for protocol.handle(JSON request) -> JSON reply, "
        "fastest of the repeats; with_since: the same request with since (the page keeps "
        "the lists it has), right after the reply that gave it the record",
        "zohn_ahl_throw": dict(
            zohn,
            game=f"{z['ruleset']}, {z['counters']} counters a side, "
            f"seeded throws (seed {z['seed']})",
        ),
        "awithlaknannai_play": dict(
            awi, game=f"{a['ruleset']}, seeded random moves (seed {a['seed']})"
        ),
    }


# ---------------------------------------------------------------- win rates


def play_match_game(strong: str, weak: str, strong_side: int, game_index: int) -> int | None:
    """One game from the start of the match ruleset; returns the winning side or None."""
    from engine.awithlaknannai import Game
    from engine.awithlaknannai.ai import choose_move

    game = Game(ruleset=MATCH_RULESET)
    ply = 0
    while True:
        outcome = game.outcome()
        if outcome is not None:
            return outcome.winner
        side = game.position.to_move
        level = strong if side == strong_side else weak
        seed = game_index * 1000 + ply * 2 + (0 if side == strong_side else 1)
        game.push(choose_move(game, level, seed=seed, node_limit=MATCH_NODES[level]))
        ply += 1


def _match_worker(args):
    strong, weak, index = args
    strong_side = index % 2
    winner = play_match_game(strong, weak, strong_side, index)
    return "draw" if winner is None else ("win" if winner == strong_side else "loss")


def match(strong: str, weak: str, games: int, jobs: int) -> dict:
    from engine.awithlaknannai.ai import DEFAULT_NODE_LIMIT

    tasks = [(strong, weak, i) for i in range(games)]
    t0 = time.perf_counter()
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_match_worker, tasks, chunksize=4))
    else:
        results = [_match_worker(t) for t in tasks]
    seconds = time.perf_counter() - t0
    wins, losses, draws = (results.count(k) for k in ("win", "loss", "draw"))
    return {
        "games": games,
        "ruleset": MATCH_RULESET,
        "sides": "alternating (game i: the stronger level plays Black when i is even)",
        "node_limits": {
            lvl: MATCH_NODES[lvl] or DEFAULT_NODE_LIMIT.get(lvl) for lvl in (strong, weak)
        },
        "wins": wins,
        "losses": losses,
        "draws": draws,
        "win_rate": round(wins / games, 4) if games else None,
        "seconds": round(seconds, 1),
    }


def win_rates(games: int, jobs: int) -> dict:
    out = {}
    for weak in ("random", "medium"):
        log(f"  match hard vs {weak}: {games} games ...")
        out[f"hard_vs_{weak}"] = match("hard", weak, games, jobs)
        log(f"  match hard vs {weak}: win rate {out[f'hard_vs_{weak}']['win_rate']}")
    return out


# ---------------------------------------------------------------- Zohn Ahl solved

SOLVER_COUNTERS = ((1, 4, 8, 20), (1, 4))


def zohn_ahl_solver(quick: bool) -> dict:
    """Seconds to solve each ruleset (and gully option) from nothing, for 1, 4, 8 and 20
    counters a side: the configuration graph read from the rules, then the solve (the
    page pays both once per ruleset and bias; every later throw is a look-up)."""
    from engine.zohn_ahl import Options
    from engine.zohn_ahl import solver as solver_module

    out: dict = {}
    variants = [
        ("kiowa", "lose-throw"),
        ("culin", "lose-throw"),
        ("printable", "lose-throw"),
        ("printable", "cross"),
        ("globe", "lose-throw"),
    ]
    for ruleset, gully in variants:
        name = ruleset if ruleset != "printable" else f"printable-{gully}"
        out[name] = {}
        for n in SOLVER_COUNTERS[1 if quick else 0]:
            options = Options(ruleset=ruleset, counters=n, gully=gully)

            def run(options=options):
                solver_module._GRAPHS.clear()
                solver_module._SOLUTIONS.clear()
                return solver_module.solve(options)

            solution, seconds = _timed(run, 1 if n > 4 else REPEAT)
            out[name][str(n)] = {
                "seconds": round(seconds, 3),
                "cpu_seconds": round(_CPU["last"], 3),
                "states": solution.states,
                "sweeps": solution.sweeps,
                "error_bound": solution.error_bound,
            }
            log(f"  solve {name} N={n}: {seconds:.2f} s, {solution.states} states")
    return out


# ---------------------------------------------------------------- endgame tables


TABLE_FILES: list[str] = []  # --table FILE: the files to read (Pyodide has no default folder)


def endgame_tables(quick: bool) -> dict:
    """The tables' sizes, the time of a first lookup (install the file's bytes, unpack the
    slice, read one entry) and of a later one; in CPython also the time to build the
    tables of ``culin`` up to 4 (quick) or 5 pieces with ``tools/endgame_tables.py``
    (numpy); the full build is the same work on the larger piece counts."""
    import random

    from engine.awithlaknannai import Position, endgame

    paths = TABLE_FILES or [
        str(endgame.DEFAULT_DIR / endgame.file_name(r))
        for r in endgame.RULESETS_WITH_TABLES
        if (endgame.DEFAULT_DIR / endgame.file_name(r)).exists()
    ]
    out: dict = {"files": {}, "total_bytes": 0}
    rng = random.Random(1)
    for path in sorted(paths):
        name = os.path.basename(path).split(".")[0]
        with open(path, "rb") as f:
            data = f.read()
        out["files"][name] = len(data)
        out["total_bytes"] += len(data)
        points = rng.sample(range(25), 6)
        pos = Position(name, sum(1 << p for p in points[:3]), sum(1 << p for p in points[3:]))
        t0 = time.perf_counter()
        endgame.install(name, data)
        verdict = endgame.probe(pos)
        first = time.perf_counter() - t0
        t0 = time.perf_counter()
        endgame.best(pos)
        later = time.perf_counter() - t0
        out[f"{name}_first_lookup_ms"] = round(first * 1000, 1)
        out[f"{name}_best_moves_after_ms"] = round(later * 1000, 2)
        out[f"{name}_sample_value"] = verdict.value
    if sys.platform != "emscripten":
        try:
            import tempfile
            from pathlib import Path

            sys.path.insert(0, os.path.join(ROOT, "tools"))
            import endgame_tables

            pieces = 4 if quick else 5
            with tempfile.TemporaryDirectory() as tmp:
                t0 = time.perf_counter()
                c0 = time.process_time()
                endgame_tables.build("culin", pieces, Path(tmp), lambda s: None)
                out[f"build_culin_{pieces}_pieces_seconds"] = round(time.perf_counter() - t0, 1)
                out[f"build_culin_{pieces}_pieces_cpu_seconds"] = round(time.process_time() - c0, 1)
        except ImportError as exc:
            out["build"] = f"not measured ({exc})"
    return out


# ---------------------------------------------------------------- the probability lab

LAB_BIASES = ("3/5", "2/5", "5/8")


def zohn_ahl_lab(quick: bool) -> dict:
    """Seconds of the probability lab's "work it out again" for 4 counters a side, sent as
    the page sends it (``zohn-ahl.lab``): each ruleset's row (its solve), then the chart
    (each ruleset's game-length distribution, then the chart drawn from them), then the
    board by counters. Once from nothing (the configuration graphs read from the rules),
    then after each change of bias (the graphs kept, nothing of the new bias cached). In
    Pyodide the chains are swept and the game lengths carried by the loops the site's worker
    offers the engine, when the runner offers them too (``swept_by``, ``carried_by``)."""
    from engine import protocol
    from engine.zohn_ahl import solver as solver_module
    from engine.zohn_ahl.chances import VARIANTS
    from engine.zohn_ahl.solver.kernels import host_kernel

    solver_module._GRAPHS.clear()
    solver_module._SOLUTIONS.clear()
    out: dict = {
        "swept_by": "javascript" if host_kernel("sweepChain") is not None else "python",
        "carried_by": "javascript" if host_kernel("carryLengths") is not None else "python",
    }
    for i, bias in enumerate(LAB_BIASES[: 2 if quick else 3]):
        t0 = time.perf_counter()
        for ruleset, gully in VARIANTS:
            protocol.dispatch(
                "zohn-ahl.lab", {"bias": bias, "counters": 4, "ruleset": ruleset, "gully": gully}
            )
        t1 = time.perf_counter()
        for ruleset, gully in VARIANTS:
            protocol.dispatch(
                "zohn-ahl.lab",
                {"bias": bias, "counters": 4, "ruleset": ruleset, "gully": gully, "length": True},
            )
        protocol.dispatch("zohn-ahl.lab", {"bias": bias, "counters": 4, "length": True})
        t2 = time.perf_counter()
        protocol.dispatch("zohn-ahl.lab", {"bias": bias, "part": "counters"})
        t3 = time.perf_counter()
        parts = {
            "rows_seconds": round(t1 - t0, 3),
            "chart_seconds": round(t2 - t1, 3),
            "by_counters_seconds": round(t3 - t2, 3),
            "total_seconds": round(t3 - t0, 3),
        }
        out["first" if i == 0 else f"bias_change_{i}"] = {"bias": bias, **parts}
        log(
            f"  lab bias {bias}{' (graphs read)' if i == 0 else ''}: rows {t1 - t0:.2f} s, "
            f"chart {t2 - t1:.2f} s, by counters {t3 - t2:.2f} s, total {t3 - t0:.2f} s"
        )
    return out


# ---------------------------------------------------------------- main


def measure(
    quick: bool = False, win_games: int = 0, jobs: int = 1, only: str | None = None
) -> dict:
    result = {
        "python": platform.python_version(),
        "implementation": "pyodide"
        if sys.platform == "emscripten"
        else platform.python_implementation().lower(),
        "quick": quick,
    }
    result["timing"] = (
        "rates per wall-clock second (perf_counter); *_per_cpu_second use "
        "process_time, which on a shared machine is the fairer CPython figure "
        "(in Pyodide process_time follows the wall clock)"
    )
    if hasattr(os, "getloadavg") and sys.platform != "emscripten":  # Emscripten's is made up
        try:
            result["load_average_at_start"] = [round(x, 2) for x in os.getloadavg()]
        except OSError:
            pass
    if os.environ.get("PYODIDE_START_SECONDS"):
        result["pyodide_start_seconds"] = round(float(os.environ["PYODIDE_START_SECONDS"]), 2)
    sections = [
        ("zohn_ahl_random_games", lambda: zohn_ahl_games(quick)),
        ("awithlaknannai_perft", lambda: awithlaknannai_perft(quick)),
        ("awithlaknannai_random_playouts", lambda: awithlaknannai_playouts(quick)),
        ("ai_time_per_move", lambda: ai_time_per_move(quick)),
        ("protocol_round_trip", lambda: protocol_round_trip(quick)),
        ("zohn_ahl_solver", lambda: zohn_ahl_solver(quick)),
        ("endgame_tables", lambda: endgame_tables(quick)),
        ("zohn_ahl_lab", lambda: zohn_ahl_lab(quick)),
    ]
    if win_games:
        sections.append(("win_rates", lambda: win_rates(win_games, jobs)))
    else:
        result["win_rates"] = {"skipped": "not measured in this run"}
    if only:
        sections = [(key, fn) for key, fn in sections if key == only]
    for key, fn in sections:
        log(f"{result['implementation']}: {key}")
        try:
            result[key] = fn()
        except Exception as exc:  # report and carry on: one missing part must not hide the rest
            result[key] = {"error": f"{type(exc).__name__}: {exc}"}
            log(f"  failed: {result[key]['error']}")
    return result


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller workloads")
    parser.add_argument(
        "--win-games", type=int, default=0, help="games per match (0: skip win rates)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes for the matches (CPython)")
    parser.add_argument(
        "--only", default=None, help="run only this section (e.g. protocol_round_trip)"
    )
    parser.add_argument("--table", action="append", default=[], help="an endgame table file")
    args = parser.parse_args(argv)
    TABLE_FILES.extend(args.table)
    print(json.dumps(measure(args.quick, args.win_games, args.jobs, args.only), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
