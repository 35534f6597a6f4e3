"""engine.protocol: the JSON interface the page's worker calls (see its docstring)."""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import engine
from engine import protocol
from engine.awithlaknannai import Game
from engine.zohn_ahl import Record as ZRecord

sys.path.insert(0, str(Path(__file__).resolve().parent))
from protocol_calls import call, error, ok  # noqa: E402

# ----------------------------------------------------------------------------- envelope


def test_ping_names_the_engine_and_python():
    result = ok("ping")
    assert result["engine"] == engine.__version__
    assert result["python"].count(".") == 2


@pytest.mark.parametrize("text", ["", "not json", "[1, 2]", "42", "null", '"ping"'])
def test_a_request_that_is_not_a_json_object_gets_a_request_error(text):
    reply = json.loads(protocol.handle(text))
    assert reply["ok"] is False and reply["error"]["kind"] == "request"


def test_unknown_command_is_refused_by_name():
    err = error("__import__('os').system('true')")
    assert err["kind"] == "request" and "unknown command" in err["message"]


@pytest.mark.parametrize(
    "args, word",
    [
        ({}, "missing argument 'record'"),
        ({"record": 12}, "'record' must be a string"),
        ({"record": True}, "'record' must be a string"),
    ],
)
def test_mistyped_arguments_are_refused(args, word):
    err = error("awithlaknannai.load", args)
    assert err["kind"] == "request" and word in err["message"]


def test_args_must_be_an_object():
    err = error("ping", ["x"])
    assert err["kind"] == "request"


def test_an_unexpected_exception_becomes_an_internal_error(monkeypatch):
    def broken(args):
        raise ZeroDivisionError("boom")

    monkeypatch.setitem(protocol.COMMANDS, "ping", broken)
    err = error("ping")
    assert err["kind"] == "internal" and "ZeroDivisionError" in err["message"]


def test_a_huge_record_is_refused_not_parsed():
    err = error("zohn-ahl.load", {"record": "1111 " * 100_000})
    assert err["kind"] == "request" and "limit" in err["message"]


def test_load_recognises_the_game_from_the_record():
    z = ok("zohn-ahl.new", {"options": {"ruleset": "globe"}})
    a = ok("awithlaknannai.new", {"ruleset": "open"})
    assert ok("load", {"record": z["record"]})["game"] == "zohn-ahl"
    assert ok("load", {"record": a["record"]})["game"] == "awithlaknannai"
    assert error("load", {"record": "1. m6-m5"})["kind"] == "record"


# ----------------------------------------------------------------------------- Zohn Ahl

WORKED = [  # spec/zohn-ahl.md, "Worked examples"
    ("kiowa", None, "1111 0000 1110", [1, 1], [3, 5], 1, [False, False]),
    ("kiowa", None, "0000 0000 0000 0000 1100", [3, 1], [5, 3], 1, [False, False]),
    ("culin", None, "0000 0000 0000 0000 1000 1000", [32, 2], [4, 4], 0, [False, False]),
    ("printable", None, "1111 1000", [7, 0], [4, 4], 1, [True, False]),
    ("printable", "cross", "1111 1000", [21, 0], [4, 4], 1, [False, False]),
    ("globe", None, "1100 0101", [3, 3], [4, 4], 1, [False, False]),
]


@pytest.mark.parametrize("ruleset, gully, throws, awls, counters, to_move, skip", WORKED)
def test_zohn_ahl_new_replays_the_worked_examples(
    ruleset, gully, throws, awls, counters, to_move, skip
):
    options = {"ruleset": ruleset} if gully is None else {"ruleset": ruleset, "gully": gully}
    view = ok("zohn-ahl.new", {"options": options, "throws": throws})
    assert view["state"]["awls"] == awls and view["state"]["counters"] == counters
    assert view["state"]["to_move"] == to_move and view["state"]["skip"] == skip
    assert view["thrown"] == len(throws.split())
    assert [ev[0]["throw"] for ev in view["events_by_throw"]] == throws.split()
    assert len(view["events_by_throw"]) == len(throws.split())


def test_zohn_ahl_view_is_rebuilt_from_its_record_alone():
    view = ok(
        "zohn-ahl.new",
        {"options": {"ruleset": "printable", "counters": 3}, "throws": "1111 1000", "seed": 99},
    )
    again = ok("zohn-ahl.load", {"record": view["record"]})
    assert again == view


def test_throw_with_a_given_throw_appends_it_and_narrates_it():
    start = ok("zohn-ahl.new", {"options": {"ruleset": "kiowa"}})
    after = ok("zohn-ahl.throw", {"record": start["record"], "throw": "1111"})
    assert after["throw"] == "1111" and after["value"] == 6 and after["side"] == 0
    assert after["thrown"] == 1 and after["record"].endswith("\n\n1111")
    kinds = [e["kind"] for e in after["events_by_throw"][-1]]
    assert kinds[0] == "throw" and "move" in kinds and "extra-throw" in kinds
    assert after["path"] == [2, 3, 4, 5, 6, 7]
    assert after["path"][-1] == after["state"]["physical"][0]  # side 0: its own numbering
    # The view after the throw is the view of the new record.
    loaded = ok("zohn-ahl.load", {"record": after["record"]})
    assert {k: after[k] for k in loaded} == loaded


def test_side_1_path_is_given_in_its_own_numbering():
    view = ok("zohn-ahl.new", {"options": {"ruleset": "kiowa"}, "throws": "1000"})
    after = ok("zohn-ahl.throw", {"record": view["record"], "throw": "1100"})
    assert after["side"] == 1 and after["path"] == [2, 3]
    assert after["state"]["awls"][1] == 3 and after["state"]["physical"][1] == 38


def test_random_throws_follow_the_record_seed():
    start = ok("zohn-ahl.new", {"options": {"ruleset": "kiowa"}, "seed": 2024})
    first = ok("zohn-ahl.throw", {"record": start["record"]})
    second = ok("zohn-ahl.throw", {"record": start["record"]})
    assert first["throw"] == second["throw"] and first["record"] == second["record"]
    assert first["seed"] == 2024


def test_a_random_throw_without_seed_writes_a_seed_into_the_record():
    start = ok("zohn-ahl.new", {"options": {"ruleset": "culin"}})
    after = ok("zohn-ahl.throw", {"record": start["record"]})
    assert after["seed"] is not None
    # From then on the game is reproducible from the record.
    assert (
        ok("zohn-ahl.throw", {"record": after["record"]})["throw"]
        == ok("zohn-ahl.throw", {"record": after["record"]})["throw"]
    )


def test_undo_takes_back_the_last_throw():
    view = ok("zohn-ahl.new", {"options": {"ruleset": "globe"}, "throws": "1111 1000", "seed": 5})
    after = ok("zohn-ahl.throw", {"record": view["record"], "throw": "0101"})
    assert ok("zohn-ahl.undo", {"record": after["record"]}) == view


def test_no_throw_after_the_end():
    record = ZRecord.parse('[Game "zohn-ahl"]\n[Ruleset "kiowa"]\n[Counters "1"]\n')
    state = record.state()
    throws = []
    while not state.finished:  # fall into the creek: 1111 (6) + 0000 (10) + 1110 (3) = 20
        for t in ("1111", "0000", "1110"):
            if state.finished:
                break
            state, _ = state.play(t)
            throws.append(t)
    view = ok(
        "zohn-ahl.new", {"options": {"ruleset": "kiowa", "counters": 1}, "throws": " ".join(throws)}
    )
    assert view["state"]["finished"] and view["state"]["to_move"] is None
    err = error("zohn-ahl.throw", {"record": view["record"]})
    assert err["kind"] == "game-over"


@pytest.mark.parametrize(
    "args, kind, quoted",
    [
        ({"options": {"ruleset": "chess"}}, "ruleset", "chess"),
        ({"options": {"counters": 99}}, "option", "99"),
        ({"options": {"colour": "red"}}, "option", "colour"),
        ({"throws": "1111 01x1"}, "throw", "01x1"),
    ],
)
def test_zohn_ahl_bad_input_is_named(args, kind, quoted):
    err = error("zohn-ahl.new", args)
    assert err["kind"] == kind and quoted in err["message"]


def test_bad_record_is_a_record_error():
    err = error("zohn-ahl.load", {"record": '[Game "zohn-ahl"]\n[Ruleset "kiowa"]\n1111 2222'})
    assert err["kind"] == "record" and "2222" in err["message"]


def test_probabilities_are_exact_and_consistent():
    result = ok("zohn-ahl.probabilities", {"table": "sahe", "bias": "1/3"})
    ps = [Fraction(r["p"]) for r in result["throws"]]
    assert sum(ps) == 1 and len(ps) == 16
    for value, p in result["values"].items():
        assert Fraction(p) == sum(
            Fraction(r["p"]) for r in result["throws"] if r["value"] == int(value)
        )
    assert Fraction(result["extra"]) == sum(
        Fraction(r["p"]) for r in result["throws"] if r["extra"]
    )
    assert Fraction(result["values"]["10"]) == Fraction(2, 3) ** 4  # no stick marked


def test_probabilities_by_ruleset_use_its_table():
    assert ok("zohn-ahl.probabilities", {"ruleset": "culin"})["table"] == "culin"
    assert error("zohn-ahl.probabilities", {"table": "dice"})["kind"] == "request"


# ----------------------------------------------------------------------------- Awithlaknannai


def notations(view):
    return sorted(m["notation"] for m in view["legal"])


def test_awithlaknannai_worked_examples():
    # spec/awithlaknannai.md, "Worked examples"
    start = ok("awithlaknannai.new", {"ruleset": "culin"})
    assert notations(start) == ["b4-m5", "b5-m5", "m6-m5"]
    assert start["position"] == "WWWWWWWW/WWWW.BBBB/BBBBBBBB B 0" and start["to_move"] == 0
    assert notations(ok("awithlaknannai.play", {"record": start["record"], "move": "m6-m5"})) == [
        "m4xm6"
    ]
    assert notations(ok("awithlaknannai.play", {"record": start["record"], "move": "b5-m5"})) == [
        "t4xb5",
        "t6xb5",
    ]
    ludii = ok("awithlaknannai.new", {"ruleset": "ludii", "moves": "m6-m5"})
    assert notations(ludii) == ["m4xm6", "t5-m6", "t6-m6"]
    assert notations(ok("awithlaknannai.new", {"ruleset": "bent"})) == ["b3xm5"]


def test_legal_moves_carry_path_and_captures():
    view = ok("awithlaknannai.new", {"moves": "m6-m5"})
    (move,) = view["legal"]
    assert move["path"] == ["m4", "m6"] and move["captured"] == ["m5"]


def test_play_returns_the_move_and_the_whole_view():
    start = ok("awithlaknannai.new", {})
    after = ok("awithlaknannai.play", {"record": start["record"], "move": "m6-m5"})
    assert after["move"] == {
        "notation": "m6-m5",
        "path": ["m6", "m5"],
        "captured": [],
        "side": 0,
        "number": 1,
        "column": 0,
        "said": {"key": "played", "side": 0, "move": "m6-m5", "n": 0},
    }
    assert after["history"] == [after["move"]]
    assert after["pieces"]["m5"] == "B" and "m6" not in after["pieces"]
    assert after["to_move"] == 1 and after["counts"] == [12, 12]
    loaded = ok("awithlaknannai.load", {"record": after["record"]})
    assert {k: after[k] for k in loaded} == loaded


def test_view_matches_the_engine():
    view = ok("awithlaknannai.new", {"ruleset": "open", "moves": "b4-m5 t5xb4"})
    game = Game("open")
    for text in ("b4-m5", "t5xb4"):
        game.play(text)
    assert view["position"] == str(game.position)
    assert notations(view) == sorted(game.legal_notations())
    assert view["ruleset"] == "open" and view["ply"] == 2


def test_undo_takes_back_the_last_move():
    start = ok("awithlaknannai.new", {"moves": "m6-m5"})
    after = ok("awithlaknannai.play", {"record": start["record"], "move": "m4xm6"})
    assert ok("awithlaknannai.undo", {"record": after["record"]}) == start


def test_a_position_start_is_kept_in_the_record():
    position = "WWWBB.WW/WW....BBB/BB.....B W 0"
    view = ok("awithlaknannai.new", {"position": position})
    assert view["start"] == position and view["to_move"] == 1
    assert ok("awithlaknannai.load", {"record": view["record"]})["position"] == position


def test_the_view_names_the_sides_and_the_side_that_starts():
    for ruleset in ("culin", "ludii", "kolowis"):
        view = ok("awithlaknannai.new", {"ruleset": ruleset})
        assert view["sides"] == [
            {"name": "black", "colour": "B"},
            {"name": "white", "colour": "W"},
        ]
        assert view["starts"] == 0 == view["to_move"]
    # the ruleset's first side, even where the game's start has the other to move
    assert ok("awithlaknannai.new", {"position": "WWWBB.WW/WW....BBB/BB.....B W 0"})["starts"] == 0


def test_must_capture_only_where_the_ruleset_makes_capture_compulsory():
    # culin: White's m4xm6 answers m6-m5; then Black's only legal move is m7xm5
    culin = ok("awithlaknannai.new", {"ruleset": "culin", "moves": "m6-m5 m4xm6"})
    assert culin["must_capture"] is True
    assert all(m["captured"] for m in culin["legal"])
    assert ok("awithlaknannai.new", {"ruleset": "culin"})["must_capture"] is False
    # ludii, capture optional: a capture available, even every legal move a capture, is
    # no obligation
    for moves in ("m6-m5", "b5-m5"):
        ludii = ok("awithlaknannai.new", {"ruleset": "ludii", "moves": moves})
        assert any(m["captured"] for m in ludii["legal"])
        assert ludii["must_capture"] is False
    assert all(m["captured"] for m in ludii["legal"])  # after b5-m5: t4xb5 and t6xb5 only
    # a finished game obliges no one
    assert (
        ok("awithlaknannai.new", {"position": "......../....W..../........ B 0"})["must_capture"]
        is False
    )


def test_each_move_says_the_words_that_announce_it():
    view = ok("awithlaknannai.new", {"moves": "m6-m5"})
    after = ok("awithlaknannai.play", {"record": view["record"], "move": "m4xm6"})
    assert after["move"]["said"] == {"key": "playedTaking", "side": 1, "move": "m4xm6", "n": 1}
    assert after["history"][0]["said"]["key"] == "played"
    # the keys are the word tables' own, in every language
    from engine.words import LANGUAGES, table

    for lang in LANGUAGES:
        assert set(table(lang)["page"]["moveSaid"]) == {"played", "playedTaking"}


def test_each_move_of_the_history_says_its_row_and_column_in_the_move_list():
    view = ok("awithlaknannai.new", {"moves": "m6-m5 m4xm6 m7xm5"})
    rows = [(m["number"], m["column"]) for m in view["history"]]
    assert rows == [(1, 0), (1, 1), (2, 0)]
    after = ok(
        "awithlaknannai.play", {"record": view["record"], "move": view["legal"][0]["notation"]}
    )
    assert (after["move"]["number"], after["move"]["column"]) == (2, 1)
    assert after["history"][-1] == after["move"]
    # the record numbers them so: "1. m6-m5 m4xm6 2. m7xm5 ..."
    assert "1. m6-m5 m4xm6 2. m7xm5 " in after["record"]
    # a start with White to move: its first move is in White's column of row 1
    white = ok("awithlaknannai.new", {"position": "WWWBB.WW/WW....BBB/BB.....B W 0"})
    for _ in range(3):
        white = ok(
            "awithlaknannai.play",
            {"record": white["record"], "move": white["legal"][0]["notation"]},
        )
    assert [(m["number"], m["column"]) for m in white["history"]] == [(1, 1), (2, 0), (2, 1)]
    assert "1... " in white["record"]
    # from `since` on, the rows are still the record's
    later = ok("awithlaknannai.load", {"record": white["record"], "since": 2})
    assert [(m["number"], m["column"]) for m in later["history"]] == [(2, 1)]
    # the legal moves are not in the list: they carry no row
    assert all("number" not in m and "column" not in m for m in white["legal"])


@pytest.mark.parametrize(
    "move, words",
    [
        ("b1-b2", "b1-b2"),
        ("zz", "'zz' is not a move"),
        ("t5-m6", "t5-m6"),
    ],
)
def test_illegal_moves_are_refused_saying_why(move, words):
    start = ok("awithlaknannai.new", {"moves": "m6-m5"})
    err = error("awithlaknannai.play", {"record": start["record"], "move": move})
    assert err["kind"] == "move" and words in err["message"]


def test_moves_in_new_are_located():
    err = error("awithlaknannai.new", {"moves": "1. m6-m5 b1-b2"})
    assert err["kind"] == "move" and err["where"] == "move 2"


@pytest.mark.parametrize(
    "args, kind",
    [
        ({"ruleset": "chess"}, "ruleset"),
        ({"stall": "forever"}, "option"),
        ({"position": "WWWW/BBBB B 0"}, "position"),
    ],
)
def test_awithlaknannai_bad_setup_is_named(args, kind):
    err = error("awithlaknannai.new", args)
    assert err["kind"] == kind


def test_a_finished_game_has_no_legal_moves_and_an_outcome():
    # White to move with no white piece able to move? Simplest: Black has no pieces.
    view = ok("awithlaknannai.new", {"position": "W......./........./........ B 0"})
    assert view["finished"] and view["legal"] == [] and view["to_move"] is None
    assert view["outcome"] == {"winner": 1, "reason": "no-pieces"}
    err = error("awithlaknannai.play", {"record": view["record"], "move": "t1-t2"})
    assert err["kind"] in ("move", "game-over")


def test_computer_move_is_legal_and_deterministic():
    pytest.importorskip("engine.awithlaknannai.ai")
    start = ok("awithlaknannai.new", {"moves": "m6-m5 m4xm6"})
    a = ok(
        "awithlaknannai.ai",
        {"record": start["record"], "level": "easy", "seed": 3, "node_limit": 2000},
    )
    b = ok(
        "awithlaknannai.ai",
        {"record": start["record"], "level": "easy", "seed": 3, "node_limit": 2000},
    )
    assert a == b
    assert a["move"]["notation"] in notations(start)
    assert a["view"]["history"][-1] == a["move"]
    assert (
        error("awithlaknannai.ai", {"record": start["record"], "level": "genius"})["kind"]
        == "request"
    )


# ----------------------------------------------------------------------------- svg


def test_svg_of_both_games():
    z = ok("svg", {"game": "zohn-ahl", "options": {"ruleset": "printable"}, "lang": "fr"})["svg"]
    assert z.startswith("<svg") and 'data-space="14"' in z
    record = ok("awithlaknannai.new", {"moves": "m6-m5"})["record"]
    a = ok("svg", {"game": "awithlaknannai", "record": record, "flip": True})["svg"]
    assert a.startswith("<svg") and 'data-point="m5"' in a
    assert error("svg", {"game": "chess"})["kind"] == "request"


def test_views_list_every_intermediate_state():
    z = ok("zohn-ahl.new", {"options": {"ruleset": "kiowa"}, "throws": "1111 0000 1110"})
    assert len(z["states"]) == 4 and z["states"][-1] == z["state"]
    assert z["states"][0]["awls"] == [1, 1] and z["states"][1]["awls"] == [7, 1]
    a = ok("awithlaknannai.new", {"moves": "m6-m5 m4xm6"})
    assert [m["notation"] for m in a["history"]] == ["m6-m5", "m4xm6"] and a["ply"] == 2
    assert a["pieces"]["m6"] == "W" and "m4" not in a["pieces"] and "m5" not in a["pieces"]


def test_throw_reports_where_the_awl_started():
    view = ok("zohn-ahl.new", {"options": {"ruleset": "kiowa"}, "throws": "1000"})
    after = ok("zohn-ahl.throw", {"record": view["record"], "throw": "1100"})
    assert after["from_space"] == 1
    # one copy of the throw's events and of the state: the view's
    assert not {"events", "physical_path", "physical_from"} & set(after)


# ----------------------------------------------------------------------------- draw


def test_a_throw_with_draw_carries_the_board_drawn_from_the_same_game():
    start = ok("zohn-ahl.new", {"options": {"ruleset": "globe"}})
    assert "svg" not in start
    after = ok(
        "zohn-ahl.throw", {"record": start["record"], "throw": "1111", "draw": {"lang": "fr"}}
    )
    alone = ok("svg", {"game": "zohn-ahl", "record": after["record"], "lang": "fr"})
    assert after["svg"].startswith("<svg") and after["svg"] == alone["svg"]
    assert 'lang="fr"' in after["svg"] or 'xml:lang="fr"' in after["svg"]


def test_every_view_command_accepts_draw():
    z = ok("zohn-ahl.new", {"throws": "1111 0000", "draw": {"lang": "en"}})
    assert z["svg"].startswith("<svg")
    for cmd in ("zohn-ahl.load", "zohn-ahl.undo", "load"):
        assert ok(cmd, {"record": z["record"], "draw": {"lang": "en"}})["svg"].startswith("<svg")
    a = ok("awithlaknannai.new", {"moves": "m6-m5", "draw": {"lang": "en"}})
    for cmd in ("awithlaknannai.load", "awithlaknannai.undo", "load"):
        assert ok(cmd, {"record": a["record"], "draw": {"lang": "en"}})["svg"].startswith("<svg")


def test_a_move_with_draw_is_one_round_trip_and_can_flip_the_board():
    start = ok("awithlaknannai.new", {"ruleset": "culin"})
    played = ok(
        "awithlaknannai.play",
        {"record": start["record"], "move": "m6-m5", "draw": {"lang": "en", "flip": True}},
    )
    alone = ok("svg", {"game": "awithlaknannai", "record": played["record"], "flip": True})
    assert played["svg"] == alone["svg"]
    unflipped = ok("awithlaknannai.load", {"record": played["record"], "draw": {"lang": "en"}})
    assert unflipped["svg"] != played["svg"]


def test_the_computer_move_view_carries_the_drawing():
    start = ok("awithlaknannai.new", {"ruleset": "culin", "moves": "m6-m5"})
    result = ok(
        "awithlaknannai.ai",
        {"record": start["record"], "level": "easy", "node_limit": 200, "draw": {"lang": "fr"}},
    )
    assert result["move"]["notation"] == "m4xm6"
    assert result["view"]["svg"].startswith("<svg") and "svg" not in result


@pytest.mark.parametrize(
    "draw",
    [{"lang": "de"}, {"lang": "en", "flip": "yes"}, {"colour": "red"}, "en", {"lang": 3}],
)
def test_a_bad_draw_argument_is_a_request_error(draw):
    err = error("zohn-ahl.new", {"draw": draw})
    assert err["kind"] == "request" and "draw" in err["where"]


# ----------------------------------------------------------------------------- input is data


def test_page_input_never_becomes_code(tmp_path):
    """Python written into any argument is read as data (and refused), never run."""
    marker = tmp_path / "ran"
    code = f"__import__('pathlib').Path({str(marker)!r}).touch()"
    for cmd in protocol.COMMANDS:
        args = {name: code for name in ("record", "throw", "throws", "move", "moves", "level")}
        args.update(options={"ruleset": code}, ruleset=code, position=code, game=code)
        reply = call(cmd, args)
        assert reply["ok"] is False or cmd == "ping", (cmd, reply)
        assert reply["ok"] is True or reply["error"]["kind"] != "internal", (cmd, reply)
    reply = call(code, {})
    assert reply["error"]["kind"] == "request"
    assert not marker.exists()


# ----------------------------------------------------------------------------- since


def sliced(view, since):
    """``view`` with the lists it names in ``per_move`` started at ``since``."""
    out = dict(view, since=since)
    for key in view["per_move"]:
        out[key] = view[key][since:]
    return out


def test_a_view_names_its_lists_that_grow_with_the_game():
    za = ok("zohn-ahl.new", {"options": {"ruleset": "kiowa"}, "seed": 3})
    for _ in range(5):
        za = ok("zohn-ahl.throw", {"record": za["record"]})
    assert set(za["per_move"]) == {"states", "turns", "events_by_throw", "log"}
    assert len(za[za["per_move"][-1]]) == za["thrown"] == 5  # the last: one entry a throw
    aw = ok("awithlaknannai.new", {"ruleset": "culin"})
    aw = ok("awithlaknannai.play", {"record": aw["record"], "move": aw["legal"][0]["notation"]})
    assert aw["per_move"] == ["history"] and len(aw["history"]) == aw["ply"] == 1


@pytest.mark.parametrize("cold", [False, True])
def test_since_gives_the_same_view_from_that_throw_on(cold):
    view = ok("zohn-ahl.new", {"options": {"ruleset": "globe"}, "seed": 5})
    for n in range(1, 40):
        record = view["record"] + ("\n" if cold else "")  # "\n": not the last reply's text
        since = max(n - 2, 0)
        full = ok("zohn-ahl.throw", {"record": record})
        record = record if cold else ok("zohn-ahl.load", {"record": view["record"]})["record"]
        short = ok("zohn-ahl.throw", {"record": record, "since": since})
        assert short == sliced(full, since)
        back = ok("zohn-ahl.undo", {"record": full["record"], "since": since})
        assert back == sliced(ok("zohn-ahl.undo", {"record": full["record"]}), since)
        view = full
        if view["state"]["finished"]:
            break


@pytest.mark.parametrize("cold", [False, True])
def test_since_in_awithlaknannai_views(cold):
    view = ok("awithlaknannai.new", {"ruleset": "ludii"})
    for n in range(1, 30):
        record = view["record"] + ("\n" if cold else "")
        move = view["legal"][n % len(view["legal"])]["notation"]
        full = ok("awithlaknannai.play", {"record": record, "move": move})
        short = ok("awithlaknannai.play", {"record": record, "move": move, "since": n - 1})
        assert short == sliced(full, n - 1)
        big = ok("awithlaknannai.load", {"record": full["record"], "since": 10**5})
        full_view = {k: v for k, v in full.items() if k != "move"}
        assert big == sliced(full_view, n) and big["history"] == []
        back = ok("awithlaknannai.undo", {"record": full["record"], "since": n})
        assert back == sliced(ok("awithlaknannai.undo", {"record": full["record"]}), n - 1)
        view = full
        if view["finished"]:
            break


def test_since_must_be_a_small_whole_number():
    for since in (-1, 1.5, "3", 10**9):
        err = error("zohn-ahl.load", {"record": "", "since": since})
        assert err["kind"] == "request" and err["where"] == "since"


# ----------------------------------------------------------------------------- thin replies

REPLY_LIMIT = 3 * 1024  # bytes of a move's reply as the page asks for it


def reply_bytes(cmd, args):
    text = protocol.handle(json.dumps({"id": 1, "cmd": cmd, "args": args}))
    assert json.loads(text)["ok"], text
    return len(text.encode("utf-8"))


@pytest.mark.parametrize("ruleset", ["culin", "kolowis"])
def test_a_move_reply_as_the_page_asks_for_it_is_small(ruleset):
    view = ok("awithlaknannai.new", {"ruleset": ruleset})
    sizes = []
    for n in range(40):
        if view["finished"]:
            break
        move = view["legal"][n % len(view["legal"])]["notation"]
        args = {"record": view["record"], "move": move, "since": view["ply"]}
        sizes.append(reply_bytes("awithlaknannai.play", args))
        view = ok("awithlaknannai.play", {"record": view["record"], "move": move})
        computer = {"record": view["record"], "level": "random", "seed": n, "since": view["ply"]}
        if not view["finished"]:
            sizes.append(reply_bytes("awithlaknannai.ai", computer))
            view = ok("awithlaknannai.ai", computer)["view"]
            view = ok("awithlaknannai.load", {"record": view["record"]})
    assert len(sizes) > 20 and max(sizes) <= REPLY_LIMIT, max(sizes)


@pytest.mark.parametrize("counters", [4, 20])
def test_a_throw_reply_as_the_page_asks_for_it_is_small(counters):
    options = {"ruleset": "kiowa", "counters": counters}
    view = ok("zohn-ahl.new", {"options": options, "seed": 11})
    sizes = []
    for n in range(120):
        if view["state"]["finished"]:
            break
        sizes.append(reply_bytes("zohn-ahl.throw", {"record": view["record"], "since": n}))
        view = ok("zohn-ahl.throw", {"record": view["record"]})
    assert len(sizes) > 100 and max(sizes) <= REPLY_LIMIT, max(sizes)


def test_undo_goes_back_to_the_turn_asked_for():
    # Zohn Ahl: side 1's 1111 earns it an extra throw, so side 1 throws twice running
    view = ok("zohn-ahl.new", {"options": {"ruleset": "kiowa"}, "throws": "1000 1111 1000"})
    assert [st["to_move"] for st in view["states"]] == [0, 1, 1, 0]
    back = ok("zohn-ahl.undo", {"record": view["record"], "to_turn_of": 1})
    assert back["thrown"] == 2 and back["state"]["to_move"] == 1
    back = ok("zohn-ahl.undo", {"record": view["record"], "to_turn_of": 0})
    assert back["thrown"] == 0 and back["state"]["to_move"] == 0
    # Awithlaknannai: back past the computer's move to the person's
    start = ok("awithlaknannai.new", {"moves": "m6-m5 m4xm6"})
    back = ok("awithlaknannai.undo", {"record": start["record"], "to_turn_of": 0})
    assert back["ply"] == 0 and back["to_move"] == 0
    assert ok("awithlaknannai.undo", {"record": start["record"]})["ply"] == 1
    err = error("awithlaknannai.undo", {"record": start["record"], "to_turn_of": 2})
    assert err["kind"] == "request" and err["where"] == "to_turn_of"


def test_the_static_boards_hold_what_the_page_places_on_them():
    a = ok("svg", {"game": "awithlaknannai", "ruleset": "kolowis", "static": True})["svg"]
    assert 'class="aw-piece ' not in a and a.count("data-point=") == 47
    assert 'class="aw-piece-shape" data-piece="B"' in a and 'data-piece="W"' in a
    z = ok("svg", {"game": "zohn-ahl", "options": {"counters": 3}, "static": True})["svg"]
    # every counter of the game in each pile (2 x 3), and the words for each count 0..6
    assert z.count("data-counter=") == 12 and z.count('visibility="hidden"') == 2 * 3 + 2 * 6


# ---------------------------------------------------------------- the protocol's one cache


def _replays_counted(monkeypatch):
    """How many times each game's record is replayed from its first move (a list of two)."""
    from engine.awithlaknannai.record import Record as ARecord

    counts = [0, 0]
    a_replay, z_replay = ARecord.replay, ZRecord.play_through

    def a_counted(self, *args, **kwargs):
        counts[0] += 1
        return a_replay(self, *args, **kwargs)

    def z_counted(self, *args, **kwargs):
        counts[1] += 1
        return z_replay(self, *args, **kwargs)

    monkeypatch.setattr(ARecord, "replay", a_counted)
    monkeypatch.setattr(ZRecord, "play_through", z_counted)
    return counts


def test_the_worker_s_look_at_a_request_and_the_request_replay_its_record_once(monkeypatch):
    from engine.protocol import replays, tables

    view = protocol.dispatch("awithlaknannai.new", {"moves": "m6-m5 m4xm6"})
    replays.clear()
    counts = _replays_counted(monkeypatch)
    request = json.dumps(
        {
            "id": 1,
            "cmd": "awithlaknannai.ai",
            "args": {"record": view["record"], "level": "hard", "node_limit": 100},
        }
    )
    tables.wanted(request)
    reply = json.loads(protocol.handle(request))
    assert reply["ok"] and counts == [1, 0], (reply, counts)
    # the next request sends the record of that reply's view: not replayed at all
    protocol.dispatch("awithlaknannai.load", {"record": reply["result"]["view"]["record"]})
    assert counts == [1, 0]


def test_the_worker_s_look_at_a_request_and_the_request_read_it_once(monkeypatch):
    """The JSON text is read once, by the look (within the protocol's limits); the request
    then takes what the look read; a request the look did not see is read as ever."""
    from engine.protocol import envelope, replays, tables

    view = protocol.dispatch("awithlaknannai.new", {"moves": "m6-m5 m4xm6"})
    reads = []
    decode = envelope.decode
    monkeypatch.setattr(replays, "decode", lambda text: reads.append(text) or decode(text))
    request = json.dumps(
        {"id": 7, "cmd": "awithlaknannai.hint", "args": {"record": view["record"]}}
    )
    tables.wanted(request)
    reply = json.loads(protocol.handle(request))
    assert reply["ok"] and reply["id"] == 7 and reads == [request]
    other = json.dumps({"id": 8, "cmd": "ping"})
    assert json.loads(protocol.handle(other))["ok"] and reads == [request, other]
    # a request the look kept serves once: the same text again is read again
    assert json.loads(protocol.handle(request))["ok"] and reads == [request, other, request]
    huge = json.dumps({"id": 9, "cmd": "awithlaknannai.hint", "args": {"x": "a" * 3 * 10**6}})
    assert tables.wanted(huge) is None  # over the limits: the look reads nothing
    assert json.loads(protocol.handle(huge))["error"]["kind"] == "request"


@pytest.mark.parametrize(
    "new, play",
    [
        (("awithlaknannai.new", {"moves": "m6-m5"}), ("awithlaknannai.play", {"move": "m4xm6"})),
        (("zohn-ahl.new", {"seed": 5, "throws": "1111"}), ("zohn-ahl.throw", {})),
    ],
)
def test_a_reply_is_the_same_with_the_protocol_s_cache_as_without(new, play):
    from engine.protocol import replays

    cmd, args = play
    for since in (None, 0, 1):
        view = protocol.dispatch(*new)  # its game is now the one kept
        extra = {} if since is None else {"since": since}
        warm = protocol.dispatch(cmd, {"record": view["record"], **args, **extra})
        replays.clear()
        cold = protocol.dispatch(cmd, {"record": view["record"], **args, **extra})
        assert json.dumps(warm, sort_keys=True) == json.dumps(cold, sort_keys=True)


def test_the_worker_warms_and_installs_through_the_protocol_alone():
    """The worker names one Python module, engine.protocol: it warms the modules the
    protocol lists, and asks it which endgame table a request wants."""
    import sys

    assert protocol.warm() == list(protocol.WARM_MODULES)
    assert all(name in sys.modules for name in protocol.WARM_MODULES)
    view = protocol.dispatch("awithlaknannai.new", {})
    request = json.dumps(
        {"id": 1, "cmd": "awithlaknannai.load", "args": {"record": view["record"]}}
    )
    assert protocol.wanted_table(request) is None  # a load reads no table
    # and the worker's scripts import no other module of the engine by name
    import re
    from pathlib import Path

    scripts = Path(__file__).resolve().parents[2] / "docs" / "assets" / "js"
    for path in [
        *scripts.glob("worker-*.mjs"),
        scripts / "engine-worker.mjs",
        scripts / "lab-chains.mjs",
    ]:
        named = set(re.findall(r'pyimport\("([\w.]+)"\)', path.read_text(encoding="utf-8")))
        assert named <= {"engine.protocol", "sys"}, (path.name, named)
