"""Zohn Ahl game records: the text format, its errors, replay, and Throw values."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.core import OptionError, RecordError, ThrowError
from engine.zohn_ahl import Options, Record, State, Throw, seeded_throw

EXAMPLE = """[Game "zohn-ahl"]
[Ruleset "printable"]
[Counters "4"]
[Gully "cross"]
[Seed "123456"]

1111 1000 0000
0110"""


def test_parse_example_and_round_trip():
    rec = Record.parse(EXAMPLE)
    assert rec.options == Options("printable", 4, "cross")
    assert [str(t) for t in rec.throws] == ["1111", "1000", "0000", "0110"]
    assert rec.seed == 123456 and rec.bias is None
    assert Record.parse(str(rec)) == rec
    assert str(Record.parse(str(rec))) == str(rec)


def test_str_layout():
    rec = Record(Options("kiowa", 3), ("1111", "0000"), seed=7, bias=Fraction(1, 3))
    assert str(rec) == (
        '[Game "zohn-ahl"]\n[Ruleset "kiowa"]\n[Counters "3"]\n[Seed "7"]\n'
        '[Bias "1/3"]\n\n1111 0000'
    )
    # no gully header outside the printable ruleset, none of the optional ones when unset
    assert str(Record(Options("globe"))) == '[Game "zohn-ahl"]\n[Ruleset "globe"]\n[Counters "4"]'
    long = Record(Options(), tuple(["1000"] * 40))
    assert len(str(long).split("\n\n")[1].splitlines()) == 3
    assert Record.parse(str(long)) == long


def test_defaults_and_whitespace():
    rec = Record.parse("  1111   0000\n\n 1110 ")
    assert rec.options == Options() and len(rec.throws) == 3
    assert Record.parse("") == Record()
    assert Record.parse('[Ruleset "culin"]\n') == Record(Options("culin"))


@pytest.mark.parametrize(
    "text,needle,where",
    [
        ('[Ruleset "kiowa"]\n1111 01x1 0000', "'01x1'", "throw 2 (line 2)"),
        ('[Ruleset "kiowa"]\n\n1111\n0000 11111', "'11111'", "throw 3 (line 4)"),
        ('[Ruleset "zuni"]', "'zuni'", "line 1"),
        ('[Game "zohn-ahl"]\n[Counters "0"]', "'0'", "line 2"),
        ('[Counters "many"]', "'many'", "line 1"),
        ('[Ruleset "printable"]\n[Gully "jump"]', "'jump'", "line 2"),
        ('[Ruleset "kiowa"]\n[Gully "cross"]', "'cross'", "line 2"),
        ('[Seed "-4"]', "'-4'", "line 1"),
        ('[Bias "3/2"]', "'3/2'", "line 1"),
        ('[Colour "red"]', "'Colour'", "line 1"),
        ('[Ruleset "kiowa"]\n[Ruleset "culin"]', "'Ruleset'", "line 2"),
        ('1111\n[Ruleset "kiowa"]', "Ruleset", "line 2"),
        ("[Ruleset kiowa]", "[Ruleset kiowa]", "line 1"),
        ('[Game "awithlaknannai"]', "'awithlaknannai'", "line 1"),
    ],
)
def test_parse_errors_quote_and_locate(text, needle, where):
    with pytest.raises(RecordError) as exc:
        Record.parse(text)
    assert needle in str(exc.value)
    assert exc.value.where == where
    assert str(exc.value).startswith(where)


def test_parse_rejects_non_text():
    with pytest.raises(RecordError):
        Record.parse(None)


def test_replay_rejects_throw_after_the_end():
    rec = Record(Options("kiowa", 1), ("1111", "0000", "1110", "1000", "0000"))
    with pytest.raises(RecordError) as exc:
        rec.replay()
    assert exc.value.where == "throw 4" and "'1000'" in str(exc.value)
    with pytest.raises(RecordError):
        rec.states()


def test_replay_events_and_states():
    rec = Record.parse('[Ruleset "kiowa"]\n1111 0000 1110')
    state, events = rec.replay()
    assert len(events) == 3 and events[2][2].kind == "creek"
    states = rec.states()
    assert len(states) == 4 and states[0] == State.start("kiowa") and states[-1] == state
    assert rec.state() == state


def test_constructor_normalises_and_validates():
    rec = Record("globe", ["1111", Throw.parse("0001")], seed="12", bias="1/4")
    assert rec.options == Options("globe") and rec.seed == 12 and rec.bias == Fraction(1, 4)
    with pytest.raises(ThrowError) as exc:
        Record(Options(), ("1111", "x"))
    assert exc.value.where == "throw 2"
    with pytest.raises(OptionError):
        Record(Options(), (), bias=2)


def test_dict_round_trip_append_and_seeded_next():
    rec = Record(Options("printable", 5, "cross"), ("0001",), seed=99)
    assert Record.from_dict(rec.to_dict()) == rec
    nxt = rec.next_seeded_throw()
    assert nxt == seeded_throw(99, 1)
    assert rec.append(nxt).throws[-1] == nxt
    with pytest.raises(OptionError):
        Record().next_seeded_throw()
    with pytest.raises(RecordError):
        Record.from_dict({"moves": []})
    biased = Record(Options(), (), seed=3, bias=Fraction(1, 3))
    assert biased.next_seeded_throw() == seeded_throw(3, 0, Fraction(1, 3))


def test_throw_value_type():
    t = Throw.parse("0111")
    assert str(t) == "0111" and t.sticks == (False, True, True, True)
    assert t.marked == 3 and t.sahe is True
    assert Throw("0111") is t and Throw((0, 1, 1, 1)) is t and Throw(t) is t
    assert len(set(Throw.all())) == 16 and [str(x) for x in Throw.all()][:2] == ["0000", "0001"]
    assert sorted(Throw.all(), reverse=True)[0] == Throw.parse("1111")
    with pytest.raises(AttributeError):
        t.marked = 2
    assert Throw.from_code(7) is t
    with pytest.raises(ThrowError):
        Throw.from_code(16)
    with pytest.raises(ThrowError):
        Throw((1, 2, 0, 0))
    import copy
    import pickle

    assert pickle.loads(pickle.dumps(t)) is t and copy.deepcopy(t) is t


def test_state_is_immutable_and_picklable():
    import pickle

    s = State.start("globe")
    with pytest.raises(AttributeError):
        s.awls = (2, 2)
    s2, _ = s.play("1100")
    assert pickle.loads(pickle.dumps(s2)) == s2 and hash(s2) == hash(pickle.loads(pickle.dumps(s2)))
    assert s.awls == (1, 1)


def test_state_constructor_validates():
    from engine.core import PositionError
    from engine.zohn_ahl import RULESETS

    s = State(Options("kiowa"), (5, 9), (3, 5), 1)
    assert s.awls == (5, 9) and s.to_move == 1
    assert State.start(RULESETS["culin"]) == State.start("culin")
    for bad in [
        dict(awls=(0, 1)),
        dict(awls=(41, 1)),
        dict(counters=(4, 5)),
        dict(to_move=2),
        dict(to_move=None),
        dict(winner=0, to_move=None),
        dict(counters=(0, 8)),
    ]:
        kwargs = dict(options=Options("kiowa"), awls=(1, 1), counters=(4, 4), to_move=0)
        kwargs.update(bad)
        with pytest.raises(PositionError):
            State(**kwargs)
    done = State(Options("kiowa"), (1, 1), (8, 0), None, winner=0)
    assert done.finished and done.outcome.winner == 0
