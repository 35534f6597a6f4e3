"""The engine's judgement of an Awithlaknannai position in words (engine.awithlaknannai.
judgement): the phrases the evaluation, the hint and the review say, filled in from the
word tables in both languages, as the page fills them."""

from __future__ import annotations

import random
import string
import sys
from pathlib import Path

import pytest

from engine import words
from engine.awithlaknannai import Game, judgement
from engine.awithlaknannai.analysis import Analysis

sys.path.insert(0, str(Path(__file__).resolve().parent))
from protocol_calls import ok  # noqa: E402


def _record(moves: str = "", position: str | None = None) -> str:
    tags = '[Game "awithlaknannai"]\n[Ruleset "culin"]\n'
    if position:
        tags += f'[Position "{position}"]\n'
    return tags + "\n" + moves


def said(phrases, lang="en"):
    return words.say(phrases, lang)


def test_a_forced_win_is_said_with_its_winner_and_length():
    # Black wins at once (b3-b2 shuts White in)
    out = ok(
        "awithlaknannai.analyse", {"record": _record(position="WBB...../BB......./B.B..... B 0")}
    )
    assert said([out["standing"]]) == ["Black has a forced win in 1 move"]
    assert said([out["standing"]], "fr") == ["Noir a un gain forcé en 1 coup"]
    assert out["bar"] == 1.0


def test_a_lost_position_of_the_side_to_move_names_the_other_side():
    # White to move, its lone piece caught by Black's two: lost in six moves
    out = ok(
        "awithlaknannai.analyse", {"record": _record(position="B......./........./W..B.... W 0")}
    )
    assert out["mate"] == -6
    assert said([out["standing"]]) == ["Black has a forced win in 6 moves"]
    assert out["bar"] == 1.0


def test_the_start_is_about_even_and_the_bar_half_black():
    out = ok("awithlaknannai.analyse", {"record": _record(), "depth": 2})
    assert said([out["standing"]]) == ["The position is about even"]
    assert abs(out["bar"] - 0.5) < 0.07
    assert said(out["said"]) == [
        "The position is about even",
        "(the computer looked 2 moves ahead)",
    ]


@pytest.mark.parametrize(
    ("to_move", "score", "en", "fr"),
    [
        ("B", -150, "White is ahead by 1.5 pieces", "Blanc mène de 1,5 pion"),
        ("W", -150, "Black is ahead by 1.5 pieces", "Noir mène de 1,5 pion"),
        ("B", 100, "Black is ahead by 1 piece", "Noir mène de 1 pion"),
        ("W", -204, "Black is ahead by 2 pieces", "Noir mène de 2 pions"),
        ("B", 49, "The position is about even", "La position est à peu près égale"),
    ],
)
def test_a_lead_is_said_in_pieces_with_the_language_s_decimal_point_and_plural(
    to_move, score, en, fr
):
    game = Game("culin", f"WWW....W/W..W.W.BB/..BW.BBB {to_move} 0")
    best = game.legal_moves()[0]
    found = Analysis(best, score, [best], None, 2, 0, [game.notation(best)])
    assert said([judgement.standing(game, found)]) == [en]
    assert said([judgement.standing(game, found)], "fr") == [fr]
    black = score if to_move == "B" else -score
    assert judgement.bar(game, found) == pytest.approx(0.5 + 0.5 * black / judgement.BAR_END)


def test_the_hint_says_the_captures_that_must_be_chosen_from():
    out = ok("awithlaknannai.hint", {"record": _record(position="WW.W..../W.W.....W/.B..BB.B B 0")})
    assert said(out["said"]) == [
        f"Black must capture: b2xt3xt5, b8xt8. The computer would play {out['best']}."
    ]


def test_the_review_says_what_a_bad_move_lost_and_what_the_computer_preferred():
    out = ok(
        "awithlaknannai.review",
        {"record": _record("b6xt5", position="WWW....W/W..W.W.BB/..BW.BBB B 0"), "depth": 3},
    )
    move = out["moves"][0]
    sentences = said(move["said"])
    assert sentences[0] == move["grade"] in ("mistake", "blunder")
    assert sentences[-1] == f"the computer preferred {move['best']}"
    pieces = round(move["loss"] / 100, 1)
    if move["mate_before"] is None and move["mate_after"] is None:
        shown = int(pieces) if pieces == int(pieces) else pieces
        assert f"lost {shown} piece" in sentences[1]


@pytest.mark.parametrize("seed", range(6))
def test_every_phrase_of_a_random_game_is_filled_in_both_languages(seed):
    """Every phrase the analysis, the hint and the review say, in positions of a random
    game: each key is an entry of both word tables and leaves no placeholder unfilled."""
    rng = random.Random(seed)
    game = Game("culin")
    moves = []
    for _ in range(rng.randrange(4, 24)):
        if game.finished:
            break
        move = rng.choice(game.legal_notations())
        game.play(move)
        moves.append(move)
    record = _record(" ".join(moves))
    phrases = []
    if not game.finished:
        a = ok("awithlaknannai.analyse", {"record": record, "depth": 2, "node_limit": 2000})
        phrases += [a["standing"], *a["said"]]
        phrases += ok("awithlaknannai.hint", {"record": record})["said"]
    review = ok("awithlaknannai.review", {"record": record, "depth": 2, "node_limit": 500})
    phrases += [p for m in review["moves"] for p in m["said"]]
    assert phrases
    for lang in words.LANGUAGES:
        for text in said(phrases, lang):
            assert not [n for _, n, _, _ in string.Formatter().parse(text) if n], text
