"""Awithlaknannai engine: boards, rules, notation, the end, records, perft goldens.

Expected move sets below were worked out by hand from ``spec/awithlaknannai.md``
(coordinates and lines of "The boards", the leap rules of "Moves"); the reasoning is in
the comments. ``test_awithlaknannai_reference.py`` cross-checks the engine against an
independent implementation on random positions.

Hand reasoning for the first perft depths from each start (Mosona: the empty centre is
m5, with neighbours m4 t4 t5 (White) and m6 b4 b5 (Black)):

* depth 1, every straight ruleset: the three black neighbours of m5 step in:
  b4-m5, b5-m5, m6-m5 -> 3 (Kolowis likewise around m8: b8-m8, b9-m8, m9-m8).
* depth 2, culin/open/kolowis (compulsory): after m6-m5 only m4xm6 (m4-m5-m6 is a
  straight line; t4 over m5 lands on b5, t5 over m5 on b4, both occupied); after b4-m5
  only t5xb4 (t5-m5-b4 straight); after b5-m5 t4xb5 (over m5) and t6xb5 (over m6).
  1 + 1 + 2 = 4, on either Mosona board and on Kolowis; no chain continues (every
  further landing point is occupied).
* depth 2, ludii (optional, single leaps): after m6-m5: m4xm6, t5-m6, t6-m6 (3); after
  b4-m5: t5xb4 and the step m4-b4 (2); after b5-m5: t4xb5, t6xb5 and no step into b5
  (its neighbours b4 b6 m5 m6 are Black) (2). 3 + 2 + 2 = 7.
* depth 1, bent: b3 leaps m4 and lands on m5 (m5 is joined to m4 and not to b3), so
  capture is possible and compulsory: 1 (the specification: "b3xm5"). Depth 2: the empty
  points are b3 and m4; White can land on m4 only over m5 from t5 (t4 is joined to m4,
  so t4 over m5 is not a bent leap), and on b3 only over b2 from m2 (m3 is joined to
  b3): m2xb3, t5xm4, nothing continues -> 2.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.awithlaknannai import BOARDS, RULESETS, Game, Move, Position, Record, get_ruleset
from engine.core import (
    GameOverError,
    MoveError,
    OptionError,
    Outcome,
    PositionError,
    RecordError,
    RulesetError,
)

DATA = Path(__file__).resolve().parent.parent / "data" / "awithlaknannai" / "perft.json"
GOLDEN = json.loads(DATA.read_text())


def pos(ruleset, pieces, side="B", quiet=0):
    """Position text from {point: "B"|"W"} (readable hand positions)."""
    board = get_ruleset(ruleset).board
    rows = ["".join(pieces.get(board.points[i], ".") for i in row) for row in board.rows]
    return "/".join(rows) + f" {side} {quiet}"


def moves(game):
    return set(game.legal_notations())


# -- boards --------------------------------------------------------------------------


def test_board_sizes_and_line_counts():
    assert len(BOARDS["mosona"].points) == 25 and len(BOARDS["mosona"].lines) == 54
    assert len(BOARDS["mosona-open"].points) == 25 and len(BOARDS["mosona-open"].lines) == 40
    assert len(BOARDS["kolowis"].points) == 47 and len(BOARDS["kolowis"].lines) == 104
    assert [len(r) for r in BOARDS["mosona"].rows] == [8, 9, 8]
    assert [len(r) for r in BOARDS["kolowis"].rows] == [16, 15, 16]


def test_board_coordinates():
    c = BOARDS["mosona"].coords
    assert c["t1"] == (0, 1) and c["b8"] == (7, -1)
    assert c["m1"] == (0, 0) and c["m2"] == (0.5, 0) and c["m8"] == (6.5, 0) and c["m9"] == (7, 0)
    k = BOARDS["kolowis"].coords
    assert k["m1"] == (0.5, 0) and k["m15"] == (14.5, 0) and k["t16"] == (15, 1)


def test_board_lines():
    b = BOARDS["mosona"]
    assert b.joined("m5", "t4") and b.joined("m5", "t5") and b.joined("m5", "b4")
    assert b.joined("m1", "t1") and b.joined("m9", "b8") and b.joined("t3", "t4")
    assert not b.joined("m1", "t2") and not b.joined("t1", "b1")
    o = BOARDS["mosona-open"]
    assert not o.joined("t3", "t4") and o.joined("m5", "t4")
    k = BOARDS["kolowis"]
    assert k.joined("m1", "t1") and k.joined("m1", "t2") and k.joined("m15", "b16")
    assert k.joined("t15", "t16") and not k.joined("m1", "b3")


def _leaps(board, shape, a):
    names = board.points
    return {(names[b], names[c]) for b, c in board.leaps(shape)[board.index[a]]}


def test_straight_leaps_follow_collinear_lines():
    b = BOARDS["mosona"]
    # t1 (0,1), m1 (0,0), b1 (0,-1) are collinear and joined: a straight leap
    assert ("m1", "b1") in _leaps(b, "straight", "t1")
    # m1 (0,0) - m2 (0.5,0) - m3 (1.5,0): collinear though unevenly spaced
    assert _leaps(b, "straight", "m1") == {("m2", "m3")}
    assert _leaps(b, "straight", "t2") == {("t3", "t4"), ("m2", "b1"), ("m3", "b3")}
    assert _leaps(BOARDS["mosona-open"], "straight", "t2") == {("m2", "b1"), ("m3", "b3")}


def test_bent_leaps_follow_the_rule():
    b = BOARDS["mosona"]
    got = _leaps(b, "bent", "t2")
    # over m2: m2's neighbours m1 m3 t1 t2 b1 b2, minus t2 and those joined to t2 (t1 m3)
    assert {c for over, c in got if over == "m2"} == {"m1", "b1", "b2"}
    for a in b.points:
        for over, c in _leaps(b, "bent", a):
            assert b.joined(a, over) and b.joined(over, c) and c != a and not b.joined(a, c)


def test_start_positions():
    assert str(Position.start("culin")) == "WWWWWWWW/WWWW.BBBB/BBBBBBBB B 0"
    assert str(Position.start("open")) == "WWWWWWWW/WWWW.BBBB/BBBBBBBB B 0"
    assert str(Position.start("kolowis")) == "WWWWWWWWWWWWWWWW/WWWWWWW.BBBBBBB/BBBBBBBBBBBBBBBB B 0"
    assert Position.start("culin").counts == (12, 12)
    assert Position.start("kolowis").counts == (23, 23)
    assert Position.start("culin").piece_at("m5") is None
    assert Position.start("kolowis").piece_at("m8") is None
    assert Position.start("culin").piece_at("m6") == "B"
    assert Position.start("culin").piece_at("m4") == "W"


def test_rulesets_table():
    table = {n: (r.board.name, r.compulsory, r.multiple, r.leap) for n, r in RULESETS.items()}
    assert table == {
        "culin": ("mosona", True, True, "straight"),
        "open": ("mosona-open", True, True, "straight"),
        "bent": ("mosona", True, True, "bent"),
        "ludii": ("mosona", False, False, "straight"),
        "kolowis": ("kolowis", True, True, "straight"),
    }
    for r in RULESETS.values():
        assert r.source and r.description
    with pytest.raises(RulesetError, match="'chess'"):
        get_ruleset("chess")


# -- the specification's worked examples --------------------------------------------------


def test_worked_examples():
    g = Game("culin")
    assert moves(g) == {"b4-m5", "b5-m5", "m6-m5"}
    g.play("m6-m5")
    assert moves(g) == {"m4xm6"}
    g = Game("culin")
    g.play("b5-m5")
    assert moves(g) == {"t4xb5", "t6xb5"}
    captured = {m.captured for m in g.legal_moves()}
    assert captured == {("m5",), ("m6",)}
    g = Game("ludii")
    g.play("m6-m5")
    assert moves(g) == {"m4xm6", "t5-m6", "t6-m6"}
    assert moves(Game("bent")) == {"b3xm5"}
    assert Game("bent").legal_moves()[0].captured == ("m4",)


@pytest.mark.parametrize("ruleset", sorted(GOLDEN))
def test_perft_golden(ruleset):
    entry = GOLDEN[ruleset]
    game = Game(ruleset, entry["start"], entry.get("stall", "draw"))
    assert len(entry["nodes"]) >= 8
    assert str(game.position) == str(Position.start(ruleset))
    for depth, expected in enumerate(entry["nodes"], 1):
        assert game.perft(depth) == expected, (ruleset, depth)
    assert game.perft(0) == 1


def test_perft_first_depths_by_hand():
    assert GOLDEN["culin"]["nodes"][:5] == [3, 4, 9, 23, 76]  # the specification
    assert GOLDEN["open"]["nodes"][:2] == [3, 4]
    assert GOLDEN["kolowis"]["nodes"][:2] == [3, 4]
    assert GOLDEN["ludii"]["nodes"][:2] == [3, 7]
    assert GOLDEN["bent"]["nodes"][:2] == [1, 2]
    g = Game("bent")
    g.play("b3xm5")
    assert moves(g) == {"m2xb3", "t5xm4"}


def test_divide_sums_to_perft():
    g = Game("ludii")
    d = g.divide(3)
    assert set(d) == {"b4-m5", "b5-m5", "m6-m5"}
    assert sum(d.values()) == g.perft(3)
    # bent: the names are those of the position before each move (brackets included)
    g = Game("bent", pos("bent", {"t2": "B", "m2": "W", "m3": "W"}))
    d = g.divide(1)
    assert set(d) == set(g.legal_notations()) and "t2x(m2)b2xt2" in d


# -- hand positions ------------------------------------------------------------------


def test_compulsory_capture_versus_optional():
    # b4 (3,-1), m5 (3.5,0), t5 (4,1) are collinear: b4 leaps the White piece on m5.
    p = {"b4": "B", "b1": "B", "m5": "W", "t8": "W"}
    assert moves(Game("culin", pos("culin", p))) == {"b4xt5"}
    assert moves(Game("open", pos("open", p))) == {"b4xt5"}
    # ludii: the leap or any step (b4: b3 b5 m4; b1: b2 m1 m2)
    assert moves(Game("ludii", pos("ludii", p))) == {
        "b4xt5",
        "b4-b3",
        "b4-b5",
        "b4-m4",
        "b1-b2",
        "b1-m1",
        "b1-m2",
    }
    g = Game("culin", pos("culin", p))
    with pytest.raises(MoveError, match="must capture.*b4xt5"):
        g.parse_move("b1-b2")


def test_multiple_capture_chains():
    # b1 over m2 to t2; from t2 over t3 to t4 or over m3 to b3; the chain goes on until
    # it has taken m2, m3, m4 and t3, ending back on t2 either way round.
    p = {"b1": "B", "m2": "W", "m3": "W", "m4": "W", "t3": "W", "t8": "W"}
    g = Game("culin", pos("culin", p))
    assert moves(g) == {"b1xt2xb3xt4xt2", "b1xt2xt4xb3xt2"}
    for m in g.legal_moves():
        assert sorted(m.captured) == ["m2", "m3", "m4", "t3"]
        assert len(set(m.captured)) == len(m.captured)
    with pytest.raises(MoveError, match="go on leaping"):
        g.parse_move("b1xt2")
    with pytest.raises(MoveError, match="go on leaping"):
        g.parse_move("b1xt2xb3")
    g.play("b1xt2xb3xt4xt2")
    assert str(g.position) == pos("culin", {"t2": "B", "t8": "W"}, "W", 0)
    assert g.counts == (1, 1)
    # without the outer-row lines the chain cannot use t2-t3-t4: it ends on t4
    assert moves(Game("open", pos("open", p))) == {"b1xt2xb3xt4"}
    # ludii: one leap per move, or a step
    assert moves(Game("ludii", pos("ludii", p))) == {"b1xt2", "b1-b2", "b1-m1"}


def test_removed_piece_is_not_leapt_twice_and_start_point_is_free():
    # After t2 x m3 -> b3 x m4 -> t4 x t3 -> t2 the piece is home again; m3 has been
    # removed, so it cannot be leapt a second time and the chain stops.
    p = {"t2": "B", "m3": "W", "m4": "W", "t3": "W", "b8": "W"}
    g = Game("culin", pos("culin", p))
    legal = {(m.path, m.captured) for m in g.legal_moves()}
    assert legal == {
        (("t2", "b3", "t4", "t2"), ("m3", "m4", "t3")),
        (("t2", "t4", "b3", "t2"), ("t3", "m4", "m3")),
    }


def test_bent_leaps_and_bracket_notation():
    # Black t2 between White m2 and m3: under bent, t2 reaches b2 over either piece
    # (both are joined to b2, and b2 is not joined to t2), then goes on over the other.
    # On that first leap two different pieces could be leapt to the same landing point,
    # so it is written with brackets; the second leap has only one piece left to take.
    p = {"t2": "B", "m2": "W", "m3": "W"}
    g = Game("bent", pos("bent", p))
    assert moves(g) == {
        "t2xb1",
        "t2xb3",  # straight single leaps
        "t2xm1",
        "t2xm4",  # bent single leaps (t1, t3 empty: no brackets)
        "t2x(m2)b2xm4",
        "t2x(m2)b2xt3",
        "t2x(m2)b2xt2",
        "t2x(m3)b2xm1",
        "t2x(m3)b2xt1",
        "t2x(m3)b2xt2",
    }
    with pytest.raises(MoveError, match="ambiguous.*t2x\\(m2\\)b2xt2.*t2x\\(m3\\)b2xt2"):
        g.parse_move("t2xb2xt2")
    assert g.parse_move("t2xb2xm4").captured == ("m2", "m3")  # the path alone tells
    assert g.parse_move("t2x(m3)b2xt2").captured == ("m3", "m2")
    # the long form is always accepted, even where the short form would do
    assert g.parse_move("t2x(m2)b2x(m3)m4") == g.parse_move("t2x(m2)b2xm4")
    assert g.parse_move("t2x(m2)b1") == g.parse_move("t2xb1")
    with pytest.raises(MoveError):
        g.parse_move("t2x(m3)b1")  # m3 is not between t2 and b1
    # the canonical notation names each legal move once and reads back to it
    for m in g.legal_moves():
        assert g.parse_move(g.notation(m)) is m
    # straight rulesets never need brackets: the same position under culin
    assert moves(Game("culin", pos("culin", p))) == {"t2xb1", "t2xb3"}


def test_kolowis_chain_along_the_middle_row():
    p = {"m1": "B", "m2": "W", "m4": "W", "m6": "W", "t16": "W"}
    g = Game("kolowis", pos("kolowis", p))
    assert moves(g) == {"m1xm3xm5xm7"}
    g.play("m1xm3xm5xm7")
    assert g.counts == (1, 1)
    # Kolowis's m1 is joined to t1 and t2 (Mosona's m1 only to t1 and b1)
    g = Game("kolowis", pos("kolowis", {"m1": "B", "t16": "W"}))
    assert moves(g) == {"m1-t1", "m1-t2", "m1-b1", "m1-b2", "m1-m2"}


# -- the end -------------------------------------------------------------------------


def test_no_pieces_loses():
    g = Game("culin", pos("culin", {"b4": "B", "m5": "W"}))
    g.play("b4xt5")
    assert g.outcome() == Outcome(0, "no-pieces")
    assert g.finished and g.legal_moves() == []
    with pytest.raises(MoveError, match="over"):
        g.parse_move("t5-t4")
    with pytest.raises(GameOverError):
        g.parse_move("t5-t4")
    # a parsed position where the side not to move has no pieces is over as well
    assert Game("culin", pos("culin", {"b4": "B"}, "B")).outcome() == Outcome(0, "no-pieces")


def test_no_legal_move_loses():
    # t1's neighbours t2 m1 m2 are White, and the points beyond them (t3, b1, b2) too
    p = {"t1": "B", "t2": "W", "t3": "W", "m1": "W", "m2": "W", "b1": "W", "b2": "W"}
    g = Game("culin", pos("culin", p))
    assert g.legal_moves() == [] and g.outcome() == Outcome(1, "no-moves")
    # under bent t1 can leap t2 and turn onto m3 (joined to t2, not to t1)
    assert "t1x(t2)m3xt1" in moves(Game("bent", pos("bent", p)))


def test_stall_after_forty_quiet_moves():
    p = {"b1": "B", "b2": "B", "t8": "W"}
    g = Game("culin", pos("culin", p, "B", 39))
    assert not g.finished
    g.play("b1-m1")
    assert g.quiet == 40
    assert g.outcome() == Outcome(None, "stall-draw") and g.legal_moves() == []
    g = Game("culin", pos("culin", p, "B", 39), stall="majority")
    g.play("b1-m1")
    assert g.outcome() == Outcome(0, "stall-majority")
    g = Game("culin", pos("culin", {"b1": "B", "t8": "W"}, "B", 39), stall="majority")
    g.play("b1-m1")
    assert g.outcome() == Outcome(None, "stall-draw")  # equal numbers: a draw
    # a capture resets the counter
    g = Game("culin", pos("culin", {"b4": "B", "b1": "B", "m5": "W", "t8": "W"}, "B", 39))
    g.play("b4xt5")
    assert g.quiet == 0 and not g.finished
    # a position with the counter at 40 is already over
    assert Game("ludii", pos("ludii", p, "W", 40)).outcome() == Outcome(None, "stall-draw")


# -- Game API ------------------------------------------------------------------------


def test_push_pop_copy_key_history():
    g = Game("culin")
    start_key = g.key()
    m = g.parse_move("m6-m5")
    g.push(m)
    assert g.history == (m,) and g.to_move == 1 and g.quiet == 1
    c = g.copy()
    c.play("m4xm6")
    assert g.ply == 1 and c.ply == 2 and c.counts == (11, 12)
    assert g.pop() == m and g.key() == start_key and g.position == Position.start("culin")
    with pytest.raises(IndexError):
        g.pop()
    assert hash(g.key()) == hash(Game("culin").key())


def test_move_values():
    m = Move.parse("m6xm4xm2")
    assert m.path == ("m6", "m4", "m2") and m.captured == (None, None) and m.is_capture
    assert Move.parse("b4-m5").path == ("b4", "m5") and not Move.parse("b4-m5").is_capture
    assert Move.parse("t2x(m2)b2").captured == ("m2",)
    g = Game("culin")
    g.play("m6-m5")
    legal = g.legal_moves()[0]
    assert str(legal) == "m4x(m5)m6" and Move.parse(str(legal)) == legal
    assert g.parse_move(Move(("m4", "m6"), ("m5",))) is legal
    assert g.notation(legal) == "m4xm6"
    assert g.parse_move(Move.parse("m4xm6")) is legal  # a parsed short form resolves too


@pytest.mark.parametrize(
    "text",
    [
        "",
        "b4",
        "b4-",
        "b4-m5-m6",
        "b4xm5-m6",
        "x4-m5",
        "b0-m5",
        "b4--m5",
        "b4-b4",
        "t2x()b2",
        "t2x(m2b2",
        "m6 m5",
    ],
)
def test_malformed_moves(text):
    with pytest.raises(MoveError) as err:
        Move.parse(text)
    assert repr(text) in str(err.value)
    with pytest.raises(MoveError):
        Game("culin").parse_move(text)


def test_illegal_move_messages():
    g = Game("culin")
    with pytest.raises(MoveError, match="no point t9"):
        g.parse_move("t9-m5")
    with pytest.raises(MoveError, match="no piece on m5"):
        g.parse_move("m5-m6")
    with pytest.raises(MoveError, match="White's"):
        g.parse_move("t4-m5")
    with pytest.raises(MoveError, match="'b3-m5' is not legal"):
        g.parse_move("b3-m5")
    with pytest.raises(MoveError, match="'b4xm6' is not legal"):
        g.parse_move("b4xm6")


@pytest.mark.parametrize(
    "text, problem",
    [
        ("WWWWWWWW/WWWW.BBBB/BBBBBBB B 0", "row 3 \\(b\\) has 7 points"),
        ("WWWWWWWWW/WWWW.BBBB/BBBBBBBB B 0", "row 1 \\(t\\) has 9 points"),
        ("WWWWWWWW/WWWW.BBBB B 0", "three rows"),
        ("WWWWWWWW/WWWWxBBBB/BBBBBBBB B 0", "'x' at m5"),
        ("WWWWWWWW/WWWW.BBBB/BBBBBBBB b 0", "side to move 'b'"),
        ("WWWWWWWW/WWWW.BBBB/BBBBBBBB B -1", "counter '-1'"),
        ("WWWWWWWW/WWWW.BBBB/BBBBBBBB B 41", "counter '41'"),
        ("WWWWWWWW/WWWW.BBBB/BBBBBBBB B", "three parts"),
        ("......../........./........ B 0", "no pieces"),
        ("WWWWWWWW/WWWWBBBBB/BBBBBBBB B 0", "Black has 13 pieces"),
    ],
)
def test_position_errors(text, problem):
    with pytest.raises(PositionError, match=problem) as err:
        Position.parse(text, "culin")
    assert repr(text) in str(err.value)


def test_position_needs_the_rulesets_board():
    kol = str(Position.start("kolowis"))
    assert str(Position.parse(kol, "kolowis")) == kol
    with pytest.raises(PositionError, match="16 points"):
        Position.parse(kol, "culin")
    with pytest.raises(PositionError):
        Game("culin", Position.start("kolowis"))
    with pytest.raises(OptionError, match="'sometimes'"):
        Game("culin", stall="sometimes")


# -- records -------------------------------------------------------------------------


def test_record_text_round_trip_and_replay():
    g = Game("culin")
    for text in ["m6-m5", "m4xm6", "m7xm5", "m3-m4"]:
        g.play(text)
    rec = Record.from_game(g)
    text = str(rec)
    assert text == (
        '[Game "awithlaknannai"]\n[Ruleset "culin"]\n[Stall "draw"]\n'
        "1. m6-m5 m4xm6 2. m7xm5 m3-m4\n"
    )
    assert Record.parse(text) == rec
    assert str(Record.parse(text)) == text
    # numbers may be glued to the move, and left out altogether
    assert Record.parse("1.m6-m5 m4xm6 2.m7xm5 m3-m4") == rec
    assert Record.parse("m6-m5 m4xm6 m7xm5 m3-m4") == rec
    assert rec.replay().position == g.position


def test_record_with_position_and_white_first():
    start = pos("culin", {"t2": "B", "m2": "W", "b8": "W"}, "W")
    rec = Record("culin", "majority", start, ["b8-b7", "t2x(m2)b1"])
    text = str(rec)
    assert f'[Position "{start}"]' in text and "1... b8-b7 2. t2x(m2)b1" in text
    assert Record.parse(text) == rec
    game = rec.replay()
    assert game.stall == "majority" and game.ply == 2


def test_record_errors_name_the_move():
    base = '[Game "awithlaknannai"]\n[Ruleset "culin"]\n'
    with pytest.raises(RecordError, match="move 2.*must capture"):
        Record.parse(base + "1. m6-m5 m4-m5\n").replay()
    with pytest.raises(RecordError, match="move 3.*'b4-'"):
        Record.parse(base + "1. m6-m5 m4xm6 2. b4-\n")
    with pytest.raises(RecordError, match="move 2.*game is over"):
        Record(
            "culin", "draw", pos("culin", {"b4": "B", "b1": "B", "m5": "W"}), ["b4xt5", "t5-t4"]
        ).replay()
    with pytest.raises(RecordError, match="out of place"):
        Record.parse(base + "1. m6-m5 2. m4xm6\n")
    with pytest.raises(RecordError, match="unknown tag 'Event'"):
        Record.parse('[Event "x"]\n1. m6-m5\n')
    with pytest.raises(RecordError, match="'chess'"):
        Record.parse('[Ruleset "chess"]\n')
    with pytest.raises(RecordError, match="row 3"):
        Record.parse('[Position "WWWWWWWW/WWWW.BBBB/BBBB B 0"]\n')


def test_mosona_positions_serve_both_mosona_boards():
    start = Position.start("culin")
    assert start == Position.start("open") and start != Position.start("kolowis")
    g = Game("open", start)
    assert g.ruleset.name == "open" and g.position.ruleset.name == "open"
    assert g.perft(2) == 4


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_random_playout_picks_like_the_api(ruleset):
    """random_playout(game, rng) makes the same game as legal[rng.below(len(legal))]."""
    import random

    from engine.awithlaknannai import random_playout

    for seed in range(5):
        fast = Game(ruleset)
        outcome = random_playout(fast, random.Random(seed))
        slow = Game(ruleset)
        rng = random.Random(seed)
        while not slow.finished:
            legal = slow.legal_moves()
            slow.push(legal[rng.randrange(len(legal))])
        assert fast.history == slow.history
        assert outcome == slow.outcome() and fast.position == slow.position
    part = Game(ruleset)
    assert random_playout(part, random.Random(1), max_moves=3) is None and part.ply == 3
