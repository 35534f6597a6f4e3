"""Both games through the one game API (:mod:`engine.game_api`) and nothing else: the same
generic code, on the model of OpenSpiel's ``random_sim_test``, over every ruleset of both
games. Each playthrough is seeded and counted (actions), the same on every machine."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from engine import awithlaknannai, zohn_ahl
from engine.game_api import CHANCE, TERMINAL, GameState, random_playthrough, sample_chance
from engine.rng import Rng
from engine.zohn_ahl.rulesets import RULESETS as ZOHN_AHL_RULESETS

MAX_ACTIONS = 120
PLAYTHROUGHS = 3

GAMES: dict[str, Callable[[], GameState]] = {}
for _name in sorted(awithlaknannai.RULESETS):
    GAMES[f"awithlaknannai {_name}"] = lambda name=_name: awithlaknannai.Game(name)
for _name in sorted(ZOHN_AHL_RULESETS):
    GAMES[f"zohn-ahl {_name}"] = lambda name=_name: zohn_ahl.Game(zohn_ahl.Options(name, 2))
GAMES["zohn-ahl kiowa, biased sticks"] = lambda: zohn_ahl.Game("kiowa", bias="1/3")


def check_node(game: GameState) -> None:
    """What every node of every game must satisfy, asked through the API only."""
    player = game.current_player()
    legal = game.legal_actions()
    chances = game.chance_outcomes()
    assert game.finished == (player == TERMINAL) == (game.outcome() is not None)
    if player == TERMINAL:
        assert legal == [] and chances == []
        assert game.outcome().winner in (0, 1, None)
    elif player == CHANCE:
        assert legal == []
        assert sum(p for _, p in chances) == 1
        assert all(p > 0 for _, p in chances)
        assert len({a for a, _ in chances}) == len(chances)
    else:
        assert player in (0, 1)
        assert chances == [] and legal
    actions = legal or [a for a, _ in chances]
    texts = [game.notation(a) for a in actions]
    assert len(set(texts)) == len(texts), "two actions written alike"
    for action, text in zip(actions, texts):
        assert game.parse_action(text) == action


def playthrough(game: GameState, rng: Rng) -> None:
    """A seeded random game: every node checked, each action undone and made again, a clone
    unchanged by what its original does."""
    for _ in range(MAX_ACTIONS):
        check_node(game)
        if game.finished:
            return
        before = str(game)
        if game.current_player() == CHANCE:
            action = sample_chance(game.chance_outcomes(), rng)
        else:
            legal = game.legal_actions()
            action = legal[rng.below(len(legal))]
        clone = game.clone()
        game.apply(action)
        assert str(clone) == before, "a clone follows its original"
        assert game.undo() == action
        assert str(game) == before
        game.apply(action)
        clone.apply(action)
        assert str(clone) == str(game)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_playthroughs_through_the_api(name: str) -> None:
    for k in range(PLAYTHROUGHS):
        game = GAMES[name]()
        assert isinstance(game, GameState)
        playthrough(game, Rng.from_text(f"{name} {k}"))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_playthrough_is_seeded_and_undoes(name: str) -> None:
    """The same seed makes the same game; undoing every action gives the start back."""
    first, second = GAMES[name](), GAMES[name]()
    start = str(first)
    made = random_playthrough(first, Rng(7), MAX_ACTIONS)
    assert made == random_playthrough(second, Rng(7), MAX_ACTIONS)
    assert str(first) == str(second)
    for action in reversed(made):
        assert first.undo() == action
    assert str(first) == start
    with pytest.raises(IndexError):
        first.undo()


def test_zohn_ahl_chance_outcomes_are_the_throws_at_the_bias() -> None:
    game = zohn_ahl.Game("kiowa", bias="1/3")
    outcomes = dict(game.chance_outcomes())
    assert len(outcomes) == 16
    assert outcomes[zohn_ahl.Throw("1111")] == Fraction(1, 81)
    assert outcomes[zohn_ahl.Throw("0000")] == Fraction(16, 81)
    assert game.state.to_move == 0


def test_sample_chance_follows_the_probabilities() -> None:
    """Over a counted sample, an outcome of probability 1/4 comes about a quarter of the time."""
    outcomes = [("a", Fraction(1, 4)), ("b", Fraction(3, 4))]
    rng = Rng(11)
    drawn = [sample_chance(outcomes, rng) for _ in range(4000)]
    assert 900 < drawn.count("a") < 1100


def test_awithlaknannai_has_no_chance_and_a_side_always_acts() -> None:
    game = awithlaknannai.Game("culin")
    assert game.current_player() == 0 and game.chance_outcomes() == []
    game.apply(game.legal_actions()[0])
    assert game.current_player() == 1
