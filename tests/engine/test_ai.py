"""The computer opponent (engine.awithlaknannai.ai): legal, deterministic, sees tactics, stops.

No test here measures time: budgets are node limits, so every result is reproducible.
The positions below were found by exhaustive search (see ``forced_win``, which uses only
the public Game API) and are checked again by that search in the tests themselves.
"""

from __future__ import annotations

import pytest

from engine.awithlaknannai import RULESETS, Game
from engine.awithlaknannai.ai import DEFAULT_NODE_LIMIT, LEVELS, choose_move, search, searches
from engine.core import GameOverError, OptionError
from engine.rng import Rng

SMALL = 300  # node limit that keeps the searching tests fast


def forced_win(game: Game, plies: int, me: int) -> bool:
    """True when side ``me`` can force a win within ``plies`` moves (plain minimax)."""
    out = game.outcome()
    if out is not None:
        return out.winner == me
    if plies == 0:
        return False
    mine = game.to_move == me
    for move in game.legal_moves():
        game.push(move)
        result = forced_win(game, plies - 1, me)
        game.pop()
        if mine and result:
            return True
        if not mine and not result:
            return False
    return not mine


def random_positions(ruleset: str, count: int, seed: int):
    """Games of ``ruleset`` after a seeded random number of seeded random moves."""
    rng = Rng(seed)
    out = []
    while len(out) < count:
        game = Game(ruleset)
        for _ in range(rng.below(60)):
            legal = game.legal_moves()
            if not legal:
                break
            game.push(legal[rng.below(len(legal))])
        if not game.finished:
            out.append(game)
    return out


# ---------------------------------------------------------------- legality


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_legal_move_in_every_ruleset(ruleset, level):
    games = [Game(ruleset)] + random_positions(ruleset, 6, seed=len(ruleset) * 31 + len(level))
    for i, game in enumerate(games):
        before = str(game.position)
        history = game.history
        move = choose_move(game, level, seed=i, node_limit=SMALL)
        assert move in game.legal_moves(), (ruleset, level, before, move)
        # the game itself is left as it was
        assert str(game.position) == before and game.history == history


def test_never_illegal_over_many_positions_and_seeds():
    rng = Rng(2024)
    checked = 0
    for ruleset in sorted(RULESETS):
        for game in random_positions(ruleset, 12, seed=rng.below(1 << 30)):
            legal = game.legal_moves()
            for level in LEVELS:
                move = choose_move(game, level, seed=rng.below(1 << 30), node_limit=150)
                assert move in legal, (ruleset, level, str(game.position), move)
                checked += 1
    assert checked == len(RULESETS) * 12 * len(LEVELS)


def test_the_chosen_move_can_be_pushed_and_the_game_goes_on_to_the_end():
    for ruleset in ("culin", "bent", "kolowis"):
        game = Game(ruleset)
        ply = 0
        while not game.finished and ply < 400:
            level = LEVELS[ply % len(LEVELS)]
            game.play(choose_move(game, level, seed=ply, node_limit=100))
            ply += 1
        assert game.finished


# ---------------------------------------------------------------- determinism


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_and_node_limit_give_the_same_move(level):
    for game in random_positions("culin", 5, seed=77):
        first = choose_move(game, level, seed=5, node_limit=800)
        again = choose_move(game.copy(), level, seed=5, node_limit=800)
        rebuilt = Game("culin", str(game.position))
        assert first == again == choose_move(rebuilt, level, seed=5, node_limit=800)


def test_search_reports_the_same_result_twice():
    game = random_positions("ludii", 1, seed=3)[0]
    a = search(game, "hard", seed=9, node_limit=1500)
    b = search(game, "hard", seed=9, node_limit=1500)
    assert (a.move, a.score, a.depth, a.nodes) == (b.move, b.score, b.depth, b.nodes)
    assert a.nodes <= 1501 and a.stopped


def test_the_seed_varies_the_random_level_over_all_moves():
    game = Game("culin")
    picks = {choose_move(game, "random", seed=s) for s in range(60)}
    assert picks == set(game.legal_moves())


def test_the_seed_breaks_ties_between_equal_moves():
    # In a quiet position with few pieces many moves keep the material even: medium,
    # which counts pieces only, picks among them by the seed.
    game = Game("ludii", "B......./....B..../......WW B 0")
    picks = {choose_move(game, "medium", seed=s) for s in range(30)}
    assert len(picks) > 1


# ---------------------------------------------------------------- tactics

# (position, the only first move that forces a win within 5 moves); culin, Black to move.
FORCED_WINS = [
    ("....B..B/....W.W.B/...B.... B 0", "m9-m8"),
    ("....BB.W/...W..B.B/........ B 0", "m7-b7"),
    (".....W../.....B..B/B...W.B. B 0", "b7-b6"),
    ("B.....B./......B../W.B..W.. B 0", "t7-t8"),
    ("B..B...B/B....W.../W....... B 0", "t4-m5"),
]


@pytest.mark.parametrize("position,answer", FORCED_WINS)
def test_hard_finds_the_forced_win(position, answer):
    game = Game("culin", position)
    # the position is what it claims: no win in 3 moves, exactly one first move wins in 5
    assert not forced_win(game, 3, 0)
    winners = []
    for move in game.legal_moves():
        game.push(move)
        if forced_win(game, 4, 0):
            winners.append(game.history[-1])
        game.pop()
    assert [game.notation(m) for m in winners] == [answer]
    result = search(game, "hard", seed=1, node_limit=5000)
    assert game.notation(result.move) == answer
    assert result.score > 900_000  # it knows it is a win


def test_hard_plays_the_win_through_to_the_end():
    position, _ = FORCED_WINS[0]
    game = Game("culin", position)
    for ply in range(5):
        if game.finished:
            break
        level = "hard" if game.to_move == 0 else "medium"
        game.push(choose_move(game, level, seed=ply, node_limit=5000))
    assert game.outcome() is not None and game.outcome().winner == 0


@pytest.mark.parametrize(
    "position,answer",
    [
        (".B....../B......W./....BW.B B 0", "b5xb7xt8"),
        ("...B..W./.....WB../....B..B B 0", "b5xt6xt8"),
        (".....B../.B..BW.W./........ B 0", "m5xm7xm9"),
    ],
)
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_levels_take_the_double_capture_that_wins(position, answer, level):
    game = Game("culin", position)
    assert len(game.legal_moves()) == 2
    move = choose_move(game, level, seed=0, node_limit=2000)
    assert game.notation(move) == answer
    game.push(move)
    assert game.outcome().winner == 0


@pytest.mark.parametrize(
    "position,answer",
    [
        ("......WB/........./.WB...B. B 0", "b3xb1"),
        ("....WB../BW....B../........ B 0", "t6xt4"),
        (".......B/...W...../...B.BW. B 0", "b6xb8"),
    ],
)
@pytest.mark.parametrize("level", ["medium", "hard"])
def test_optional_capture_takes_the_safe_capture(position, answer, level):
    # ludii: capture is optional; of the two captures only one cannot be taken back.
    game = Game("ludii", position)
    move = choose_move(game, level, seed=0, node_limit=3000)
    assert game.notation(move) == answer


def test_easy_always_takes_the_biggest_capture():
    for game in random_positions("culin", 40, seed=11):
        legal = game.legal_moves()
        most = max(len(m.captured) for m in legal)
        assert len(choose_move(game, "easy", seed=3).captured) == most


def test_hard_beats_random():
    wins = 0
    for i in range(4):
        game = Game("culin")
        hard_side = i % 2
        ply = 0
        while not game.finished:
            level = "hard" if game.to_move == hard_side else "random"
            game.push(choose_move(game, level, seed=100 * i + ply, node_limit=300))
            ply += 1
        wins += game.outcome().winner == hard_side
    assert wins == 4


# ---------------------------------------------------------------- stopping and budgets


def test_should_stop_is_polled_and_ends_the_search():
    calls = []

    def stop_now():
        calls.append(1)
        return True

    game = Game("kolowis")
    result = search(game, "hard", seed=0, should_stop=stop_now)
    assert calls and result.stopped
    assert result.nodes <= 512
    assert result.move in game.legal_moves()


def test_should_stop_after_a_while_returns_the_best_move_so_far():
    polls = {"n": 0}

    def stop_later():
        polls["n"] += 1
        return polls["n"] > 8

    game = Game("ludii", "WWWW.W.W/WW..W..B./B.BBBBB. B 3")
    assert len(game.legal_moves()) > 5
    result = search(game, "hard", seed=0, should_stop=stop_later)
    assert result.stopped and result.move in game.legal_moves()
    assert result.nodes < DEFAULT_NODE_LIMIT["hard"]


def test_should_stop_that_never_fires_changes_nothing():
    game = random_positions("open", 1, seed=8)[0]
    plain = search(game, "hard", seed=2, node_limit=1200)
    polled = search(game, "hard", seed=2, node_limit=1200, should_stop=lambda: False)
    assert (plain.move, plain.score, plain.nodes) == (polled.move, polled.score, polled.nodes)


def test_node_limit_bounds_the_search_and_deeper_budgets_search_deeper():
    game = Game("ludii")
    small = search(game, "hard", seed=0, node_limit=200)
    large = search(game, "hard", seed=0, node_limit=5000)
    assert small.nodes <= 201 and large.nodes <= 5001
    assert large.depth > small.depth


def test_a_tiny_time_limit_still_gives_a_legal_move():
    game = Game("kolowis")
    assert choose_move(game, "hard", time_limit=1e-6) in game.legal_moves()


# ---------------------------------------------------------------- errors


def test_unknown_level_is_an_option_error_naming_it():
    with pytest.raises(OptionError, match="'expert'"):
        choose_move(Game("culin"), "expert")


@pytest.mark.parametrize(
    "kwargs", [{"node_limit": 0}, {"node_limit": 2.5}, {"time_limit": -1}, {"time_limit": "1"}]
)
def test_bad_limits_are_option_errors(kwargs):
    with pytest.raises(OptionError):
        choose_move(Game("culin"), "hard", **kwargs)


def test_no_move_once_the_game_is_over():
    game = Game("culin", ".B....../B......W./....BW.B B 0")
    game.play("b5xb7xt8")
    assert game.finished
    for level in LEVELS:
        with pytest.raises(GameOverError):
            choose_move(game, level)


def test_searches_go_from_the_level_s_own_to_smaller_ones():
    """The searches a page tries, in order: the level's own budget, then 1 and 0.5
    seconds at the next level down (a level with none below keeps its own)."""
    tried = {level: [(s["level"], s["time_limit"]) for s in searches(level)] for level in LEVELS}
    assert tried["hard"] == [("hard", 3.0), ("medium", 1.0), ("easy", 0.5)]
    assert tried["perfect"] == [("perfect", 1.5), ("hard", 1.0), ("medium", 0.5)]
    assert tried["medium"] == [("medium", 1.5), ("easy", 1.0), ("easy", 0.5)]
    assert tried["random"] == [("random", 1.5), ("random", 1.0), ("random", 0.5)]
    for level in LEVELS:
        found = searches(level)
        assert [s["time_limit"] for s in found] == sorted(
            (s["time_limit"] for s in found), reverse=True
        )
        assert all(s["wait"] > s["time_limit"] for s in found)
        assert all(s["level"] in LEVELS for s in found)
    with pytest.raises(OptionError):
        searches("expert")
