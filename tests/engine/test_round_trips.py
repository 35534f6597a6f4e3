"""Every value type reads back what it writes: ``X.parse(str(x)) == x`` for every move,
throw, position (a Zohn Ahl state) and record met in random games of every ruleset of both
games, and a move's notation in its position reads back as that very move."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.awithlaknannai import RULESETS, Game, Move, Position, Record
from engine.core import PositionError
from engine.zohn_ahl import Options, State
from engine.zohn_ahl import Record as ThrowRecord
from engine.zohn_ahl.rulesets import RULESETS as ZOHN_AHL_RULESETS
from engine.zohn_ahl.throws import Throw

# counted examples, each a whole random game: a verdict never depends on the machine's speed
GAMES = settings(max_examples=25, deadline=None, derandomize=True)
MAX_PLIES = 80


@GAMES
@given(ruleset=st.sampled_from(sorted(RULESETS)), seed=st.integers(0, 2**32))
def test_every_awithlaknannai_value_reads_back_as_itself(ruleset, seed):
    rng = random.Random(seed)
    game = Game(ruleset)
    while True:
        position = game.position
        assert Position.parse(str(position), ruleset) == position
        assert Position.parse(str(position), ruleset).ruleset is position.ruleset
        legal = game.legal_moves()
        for move in legal:
            assert Move.parse(str(move)) == move, str(move)
            assert game.parse_move(str(move)) is move, str(move)
            assert game.parse_move(game.notation(move)) is move, game.notation(move)
        if not legal or game.ply >= MAX_PLIES:
            break
        game.push(rng.choice(legal))
    line = Game(ruleset).line_notations(game.history)
    replay = Game(ruleset)
    for text, move in zip(line, game.history, strict=True):
        assert replay.parse_move(text) is move, text
        replay.push(move)
    record = Record.from_game(game)
    assert list(record.moves) == line
    assert Record.parse(str(record)) == record
    assert Record.parse(str(record)).replay().position == game.position


def test_a_leap_as_a_value_names_its_leapt_point_and_a_short_form_keeps_it_open():
    """As a value a leap writes every leapt point (``m4x(m5)m6``), so it names one move
    with no board at hand; in its position the game writes it short (``m4xm6``), and that
    text, read without a board, leaves the leapt point open and writes it so again."""
    game = Game("culin")
    game.play("m6-m5")
    leap = next(m for m in game.legal_moves() if m.captured)
    assert str(leap) == "m4x(m5)m6" and Move.parse("m4x(m5)m6") == leap
    assert game.notation(leap) == "m4xm6"
    short = Move.parse("m4xm6")
    assert short.captured == (None,) and str(short) == "m4xm6" and short != leap
    assert Move.parse(str(short)) == short and game.parse_move(short) is leap


@GAMES
@given(
    ruleset=st.sampled_from(sorted(ZOHN_AHL_RULESETS)),
    counters=st.integers(1, 6),
    cross=st.booleans(),
    seed=st.integers(0, 2**64 - 1) | st.none(),
    bias=st.sampled_from([None, "1/3", "2/5", "7/10"]),
    draws=st.integers(0, 2**32),
)
def test_every_zohn_ahl_value_reads_back_as_itself(ruleset, counters, cross, seed, bias, draws):
    gully = "cross" if cross and ruleset == "printable" else "lose-throw"
    options = Options(ruleset, counters, gully)
    rng = random.Random(draws)
    state = State.start(options)
    throws: list[Throw] = []
    while not state.finished and len(throws) < 400:
        assert State.parse(str(state)) == state, str(state)
        throw = Throw.all()[rng.randrange(16)]
        assert Throw.parse(str(throw)) is throw
        throws.append(throw)
        state = state.advance(throw)
    assert State.parse(str(state)) == state, str(state)
    record = ThrowRecord(options, tuple(throws), seed, bias)
    assert ThrowRecord.parse(str(record)) == record
    assert ThrowRecord.parse(str(record)).state() == state


def test_a_state_text_that_is_not_one_is_refused_in_words():
    for text, words in [
        ("kiowa awls 7 1", "expected text like"),
        ("kiowa awls 7 1 counters 5 3 throws 3 2 next 0 skip 0 0", "expected text like"),
        ("kiowa awls 99 1 counters 5 3 throws 3 2 next 0", "99 is not a space"),
        ("kiowa/cross awls 7 1 counters 5 3 throws 3 2 next 0", "printable ruleset only"),
        ("kiowa awls 7 1 counters 5 x throws 3 2 next 0", "whole number"),
    ]:
        with pytest.raises(PositionError) as err:
            State.parse(text)
        assert repr(text)[:40] in str(err.value) and words in str(err.value), err.value
