"""The engine's judgement of Awithlaknannai positions: exact mates (against a brute-force
search of every move sequence), the ``analyse`` command line, hints and game reviews."""

from __future__ import annotations

import json
import random

import pytest

from engine.awithlaknannai import Game, get_ruleset
from engine.awithlaknannai.analysis import (
    GRADES,
    MATE_PLIES,
    analyse,
    grade,
    hint,
    review,
)
from engine.awithlaknannai.cli import main
from engine.core import GameOverError, OptionError

WIN = 1_000_000


def brute(game: Game, depth: int, ply: int, memo: dict) -> int:
    """Plain minimax over every legal move (no pruning): a win scores WIN - plies, a loss
    -(WIN - plies), a draw and the horizon 0. Memoised on (position, depth) only."""
    key = (game.key(), depth)
    if key in memo:
        base = memo[key]
        return base - ply if base > WIN // 2 else base + ply if base < -WIN // 2 else base
    out = game.outcome()
    if out is not None:
        if out.winner is None:
            value = 0
        else:
            value = WIN - ply if out.winner == game.to_move else -WIN + ply
    elif depth == 0:
        value = 0
    else:
        value = -WIN - 1
        for m in game.legal_moves():
            game.push(m)
            value = max(value, -brute(game, depth - 1, ply + 1, memo))
            game.pop()
    stored = value + ply if value > WIN // 2 else value - ply if value < -WIN // 2 else value
    memo[key] = stored
    return value


def mate_of(score: int):
    if score > WIN // 2:
        return WIN - score
    if score < -WIN // 2:
        return -(WIN + score)
    return None


def random_ending(rng: random.Random, ruleset: str, stall: str) -> Game | None:
    board = get_ruleset(ruleset).board
    points = list(board.points)
    nb, nw = rng.sample([1, 2, rng.randint(1, 3)], 2)  # small: the brute force sees all
    chosen = rng.sample(points, nb + nw)
    pieces = {p: "B" for p in chosen[:nb]} | {p: "W" for p in chosen[nb:]}
    rows = []
    for r in "tmb":
        row = [p for p in points if p[0] == r]
        row.sort(key=lambda p: int(p[1:]))
        rows.append("".join(pieces.get(p, ".") for p in row))
    quiet = rng.choice([0, 3, 12, 35, 37, 38])
    text = "/".join(rows) + f" {rng.choice('BW')} {quiet}"
    game = Game(ruleset, text, stall)
    return None if game.finished else game


CASES = [
    (ruleset, stall, seed)
    for ruleset in ("culin", "open", "bent", "ludii", "kolowis")
    for stall in ("draw", "majority")
    for seed in range(2)
]


@pytest.mark.parametrize("ruleset,stall,seed", CASES)
def test_mates_match_exhaustive_search(ruleset, stall, seed):
    """In small endings the reported mate is the exact shortest forced win (and the line
    plays it); every forced loss within the horizon is reported with its length."""
    rng = random.Random(f"{ruleset}-{stall}-{seed}")
    checked = wins = 0
    while checked < 8:
        game = random_ending(rng, ruleset, stall)
        if game is None:
            continue
        checked += 1
        exact = mate_of(brute(game, MATE_PLIES, 0, {}))
        found = analyse(game, 4, node_limit=20_000)
        if exact is not None:
            assert found.mate == exact, (str(game.position), exact, found.to_dict())
            # the line is legal and ends the game after |mate| moves, as announced
            g = game.copy()
            for text in found.notation:
                g.play(text)
            assert len(found.notation) == abs(exact)
            assert g.finished
            assert g.winner == (game.to_move if exact > 0 else 1 - game.to_move)
            wins += exact > 0
        else:
            assert found.mate is None or abs(found.mate) > MATE_PLIES, (
                str(game.position),
                found.to_dict(),
            )
    assert checked == 8


def test_shortest_mate_is_preferred():
    # Black can win at once (b3-b2 shuts White in); longer wins exist as well
    game = Game("culin", "WBB...../BB......./B.B..... B 0")
    assert brute(game, 5, 0, {}) == WIN - 1
    found = analyse(game)
    assert found.to_dict() == {"best": "b3-b2", "score": WIN - 1, "line": ["b3-b2"], "mate": 1}


def test_forced_loss_is_negative():
    # White's lone piece on t1 cannot escape Black's two: lost in six moves
    game = Game("culin", "B......./........./W..B.... W 0")
    assert mate_of(brute(game, 6, 0, {})) == -6
    found = analyse(game)
    assert found.mate == -6 and len(found.line) == 6 and found.score == -(WIN - 6)


def test_analysis_does_not_change_the_game():
    game = Game("culin")
    game.play("m6-m5")
    before = (str(game.position), game.history)
    analyse(game, 3)
    hint(game)
    assert (str(game.position), game.history) == before


def test_finished_and_bad_limits():
    game = Game("culin", "......../....B..../........ W 3")
    with pytest.raises(GameOverError, match=r"\.\.\.\.B\.\.\.\."):
        analyse(game)
    with pytest.raises(OptionError, match="13"):
        analyse(Game("culin"), 13)
    with pytest.raises(OptionError, match="0"):
        analyse(Game("culin"), 3, node_limit=0)


def test_hint_names_compulsory_captures():
    game = Game("culin", "WW.W..../W.W.....W/.B..BB.B B 0")
    h = hint(game)
    assert h.kind == "must-capture"
    assert h.moves == ["b2xt3xt5", "b8xt8"]
    assert h.best in h.moves
    start = hint(Game("culin"))
    assert start.kind == "best" and start.best in ("b4-m5", "b5-m5", "m6-m5")


# --------------------------------------------------------------------------- review


def test_grades_thresholds():
    assert grade(50, 50, True) == (0, "best")
    assert grade(50, 40, False) == (10, "good")
    assert grade(50, -20, False) == (70, "inaccuracy")
    assert grade(50, -150, False) == (200, "mistake")
    assert grade(50, -300, False)[1] == "blunder"
    assert grade(WIN - 3, 100, False)[1] == "blunder"  # a forced win thrown away
    assert grade(WIN - 3, WIN - 7, False)[1] == "good"  # a slower win
    assert grade(0, -WIN + 4, False)[1] == "blunder"  # walked into a forced loss
    assert grade(-WIN + 4, -WIN + 2, False)[1] == "good"  # lost anyway, only sooner


def test_review_grades_a_known_game():
    """From the fork exercise (White two pieces ahead): the two-piece chain b3xb5xt6
    evens the game; b6xt5 takes one piece and hands one straight back (b4xb2)."""
    start = "WWW....W/W..W.W.BB/..BW.BBB B 0"
    good = Game("culin", start)
    for m in ("b3xb5xt6", "m4-m3"):
        good.play(m)
    r = review(good, 3)
    assert [m.move for m in r.moves] == ["b3xb5xt6", "m4-m3"]
    assert r.moves[0].grade in ("best", "good")
    bad = Game("culin", start)
    bad.play("b6xt5")
    r2 = review(bad, 3)
    first = r2.moves[0]
    assert first.best != "b6xt5" and first.line[0] == first.best
    assert first.loss >= 150 and first.grade in ("mistake", "blunder")
    d = r2.to_dict()
    assert d["counts"]["0"][first.grade] == 1
    assert set(d["counts"]["0"]) == set(GRADES)
    assert d["moves"][0]["move"] == "b6xt5"
    # the evaluation after the bad move is worse for Black than after the good one
    assert r2.moves[0].black < r.moves[0].black - 100


def test_review_of_a_finished_game_ends_with_the_result():
    game = Game("culin", "WBB...../BB......./B.B..... B 0")
    game.play("b3-b2")
    r = review(game, 2)
    assert r.moves[0].grade == "best"
    assert r.moves[0].black > WIN // 2


# --------------------------------------------------------------------------- command line


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_analyse(capsys):
    status, out, err = run(capsys, "analyse", "--ruleset", "culin")
    assert status == 0 and err == ""
    data = json.loads(out)
    assert list(data) == ["best", "score", "line", "mate"]
    assert data["best"] in ("b4-m5", "b5-m5", "m6-m5") and data["line"][0] == data["best"]
    assert isinstance(data["score"], int) and data["mate"] is None
    status, out, err = run(
        capsys, "analyse", "--ruleset", "culin", "--position", "WBB...../BB......./B.B..... B 0"
    )
    assert json.loads(out) == {"best": "b3-b2", "score": WIN - 1, "line": ["b3-b2"], "mate": 1}
    status, out, _ = run(capsys, "analyse", "--ruleset", "kolowis", "--depth", "3")
    assert status == 0 and json.loads(out)["best"]


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["analyse", "--ruleset", "nope"], "nope"),
        (["analyse", "--ruleset", "culin", "--depth", "0"], "'0'"),
        (["analyse", "--ruleset", "culin", "--depth", "x"], "'x'"),
        (["analyse", "--ruleset", "culin", "--position", "WW/B"], "WW/B"),
        (
            ["analyse", "--ruleset", "culin", "--position", "......../....B..../........ W 3"],
            "over",
        ),
        (["analyse", "--ruleset", "culin", "m6-m5"], "m6-m5"),
    ],
)
def test_cli_analyse_errors(capsys, argv, needle):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and needle in err


# --------------------------------------------------------------------------- protocol


def _record(moves: str = "", position: str | None = None) -> str:
    from engine import protocol

    args = {"moves": moves}
    if position:
        args["position"] = position
    return protocol.dispatch("awithlaknannai.new", args)["record"]


def test_protocol_analyse_hint_review():
    from engine import protocol

    rec = _record(position="WBB...../BB......./B.B..... B 0")
    out = protocol.dispatch("awithlaknannai.analyse", {"record": rec})
    assert out["best"] == "b3-b2" and out["mate"] == 1 and out["black"] == out["score"]
    rec = _record(position="WW.W..../W.W.....W/.B..BB.B B 0")
    h = protocol.dispatch("awithlaknannai.hint", {"record": rec})
    assert h["kind"] == "must-capture" and h["moves"] == ["b2xt3xt5", "b8xt8"]
    rec = _record("m6-m5 m4xm6 m7xm5 m3-m4")
    r = protocol.dispatch("awithlaknannai.review", {"record": rec, "draw": {"lang": "fr"}})
    assert [m["move"] for m in r["moves"]] == ["m6-m5", "m4xm6", "m7xm5", "m3-m4"]
    assert all(m["grade"] in GRADES for m in r["moves"])
    assert r["svg"].startswith("<svg") and 'lang="fr"' in r["svg"] and "<desc>4 coups." in r["svg"]
    assert r["svg"].count('class="aw-graph-move') == 4


def _as_the_move_list_numbers(moves: str, line: list[str], position: str | None = None) -> str:
    """The moves of ``line``, played after ``moves``, written with the rows the view's move
    list puts them in (each move's ``number`` and ``column``: 0 Black's, 1 White's)."""
    from engine import protocol

    args = {"moves": " ".join([moves, *line]).strip()}
    if position:
        args["position"] = position
    history = protocol.dispatch("awithlaknannai.new", args)["history"]
    out = []
    for i, m in enumerate(history[len(history) - len(line) :]):
        if m["column"] == 0:
            out.append(f"{m['number']}.")
        elif i == 0:
            out.append(f"{m['number']}...")
        out.append(m["notation"])
    return " ".join(out)


@pytest.mark.parametrize(
    "moves,position",
    [
        ("", None),  # Black to move, row 1
        ("m6-m5", None),  # White to move, row 1
        ("m6-m5 m4xm6 m7xm5", None),  # White to move, row 2
        ("", "WW.W..../W.W.....W/.B..BB.B W 0"),  # a start with White to move
    ],
)
def test_protocol_lines_come_numbered_as_the_move_list_numbers_them(moves, position):
    """The analysis's, the hint's and each reviewed move's line come written with the move
    numbers the game's move list would give those moves, whichever side is to move."""
    from engine import protocol

    rec = _record(moves, position)
    analysed = protocol.dispatch("awithlaknannai.analyse", {"record": rec, "node_limit": 2000})
    hinted = protocol.dispatch("awithlaknannai.hint", {"record": rec})
    for out in (analysed, hinted):
        assert out["line"]
        assert out["numbered_line"] == _as_the_move_list_numbers(moves, out["line"], position)
    game = f"{moves} {analysed['best']}".strip()
    r = protocol.dispatch("awithlaknannai.review", {"record": _record(game, position), "depth": 2})
    for m in r["moves"]:
        assert m["line"]
        before = " ".join(x["move"] for x in r["moves"][: m["ply"] - 1])
        assert m["numbered_line"] == _as_the_move_list_numbers(before, m["line"], position)


@pytest.mark.parametrize(
    "cmd,args,where",
    [
        ("awithlaknannai.analyse", {"depth": 9}, "depth"),
        ("awithlaknannai.analyse", {"node_limit": 10**9}, "node_limit"),
        ("awithlaknannai.analyse", {"mate_plies": 8}, "mate_plies"),
        ("awithlaknannai.review", {"depth": 5}, "depth"),
        ("awithlaknannai.review", {"draw": {"lang": "de"}}, "draw.lang"),
    ],
)
def test_protocol_bounds(cmd, args, where):
    import json as _json

    from engine import protocol

    reply = _json.loads(
        protocol.handle(_json.dumps({"id": 7, "cmd": cmd, "args": {"record": _record(), **args}}))
    )
    assert reply["ok"] is False and reply["error"]["where"] == where


def test_protocol_finished_game():
    import json as _json

    from engine import protocol

    rec = _record("b3-b2", position="WBB...../BB......./B.B..... B 0")
    for cmd in ("awithlaknannai.analyse", "awithlaknannai.hint"):
        reply = _json.loads(protocol.handle(_json.dumps({"cmd": cmd, "args": {"record": rec}})))
        assert reply["error"]["kind"] == "game-over"
    r = protocol.dispatch("awithlaknannai.review", {"record": rec})
    assert r["moves"][0]["grade"] == "best" and r["moves"][0]["mate_before"] == 1
