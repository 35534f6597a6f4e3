"""The bitboard kernel (engine/awithlaknannai/kernel.py) against the game's own rules: its
apply gives, for every legal move of seeded random games of every ruleset, the position
the game reaches by making the move; its leap step finds exactly the single leaps."""

from __future__ import annotations

import pytest

from engine.awithlaknannai import RULESETS, Game, Position
from engine.awithlaknannai.kernel import after, leap_landings
from engine.rng import Rng

PLIES = 60


def seen_by_mover(game: Game) -> tuple[int, int, int]:
    position = game.position
    pieces = (position.black, position.white)
    return pieces[position.to_move], pieces[1 - position.to_move], position.quiet


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_after_is_the_game_s_move(ruleset):
    rng = Rng.from_text(f"kernel {ruleset}")
    game = Game(ruleset)
    for _ in range(PLIES):
        if game.finished:
            break
        own, enemy, quiet = game.bitboards()
        assert (own, enemy, quiet) == seen_by_mover(game)
        for move in game.legal_moves():
            game.push(move)
            assert after(move, own, enemy, quiet) == seen_by_mover(game), str(move)
            game.pop()
        legal = game.legal_moves()
        game.push(legal[rng.below(len(legal))])


def test_after_a_chain_that_ends_where_it_began():
    """Under ``bent`` a chain may come back to its own start: the piece stays there."""
    game = Game("bent", Position.parse("WWWWB.WW/W.WW..WBB/B...BBBB B 0", "bent"))
    move = game.parse_move("m8x(t7)t6x(m7)m8")
    assert move.path[0] == move.path[-1] and move.moved_bits == 0
    own, enemy, quiet = game.bitboards()
    game.push(move)
    assert after(move, own, enemy, quiet) == seen_by_mover(game)
    assert game.counts == (own.bit_count(), enemy.bit_count() - 2)  # Black moved


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_leap_landings_are_the_single_leaps(ruleset):
    rng = Rng.from_text(f"leaps {ruleset}")
    game = Game(ruleset)
    tables = game.tables
    for _ in range(PLIES):
        if game.finished:
            break
        own, enemy, _quiet = game.bitboards()
        empty = tables.full & ~(own | enemy)
        found = set()
        for landings, _s2, moves in leap_landings(tables.leap_classes, own, enemy, empty):
            while landings:
                low = landings & -landings
                found.add(moves[low.bit_length() - 1])
                landings ^= low
        singles = {(m.path[0], m.captured[0], m.path[1]) for m in game.legal_moves() if m.captured}
        assert {(m.path[0], m.captured[0], m.path[1]) for m in found} >= singles
        assert set(tables.single_leaps(own, enemy, empty)) == found
        legal = game.legal_moves()
        game.push(legal[rng.below(len(legal))])
