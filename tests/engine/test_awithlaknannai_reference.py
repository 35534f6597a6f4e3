"""Cross-check the engine against a slow, independent reading of the specification.

``Ref`` below is written straight from ``spec/awithlaknannai.md`` with point
names, dicts and recursion, sharing no code with ``engine.awithlaknannai`` (no bit masks,
no shift tables, no interning). Two implementations that agree on perft from every
start and on the full legal-move sets of many random positions play the same game; the
golden numbers in ``tests/data/awithlaknannai/perft.json`` are checked against this
reference to depth 8 or more for every ruleset (``REF_DEPTH``), and against the engine
to their full depth in ``test_awithlaknannai.py``.
"""

from __future__ import annotations

import functools
import json
import random
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.awithlaknannai import Game, Position, Record, random_playout

DATA = Path(__file__).resolve().parent.parent / "data" / "awithlaknannai" / "perft.json"

RULES = {  # name: (board, compulsory, multiple, leap)  -- the specification's table
    "culin": ("mosona", True, True, "straight"),
    "open": ("mosona-open", True, True, "straight"),
    "bent": ("mosona", True, True, "bent"),
    "ludii": ("mosona", False, False, "straight"),
    "kolowis": ("kolowis", True, True, "straight"),
}


@functools.cache
def ref_board(kind):
    """(rows of names, coords, set of frozenset lines) from the specification's text."""
    if kind == "kolowis":
        top = ["t%d" % i for i in range(1, 17)]
        mid = ["m%d" % j for j in range(1, 16)]
        coords = {}
        for i in range(16):
            coords[top[i]] = (Fraction(i), Fraction(1))
            coords["b%d" % (i + 1)] = (Fraction(i), Fraction(-1))
        for j in range(15):
            coords[mid[j]] = (Fraction(j) + Fraction(1, 2), Fraction(0))
        lines = set()
        for j in range(1, 16):
            for other in ("t%d" % j, "t%d" % (j + 1), "b%d" % j, "b%d" % (j + 1)):
                lines.add(frozenset(("m%d" % j, other)))
        for j in range(1, 15):
            lines.add(frozenset(("m%d" % j, "m%d" % (j + 1))))
        for i in range(1, 16):
            lines.add(frozenset(("t%d" % i, "t%d" % (i + 1))))
            lines.add(frozenset(("b%d" % i, "b%d" % (i + 1))))
        rows = [top, mid, ["b%d" % i for i in range(1, 17)]]
        return rows, coords, lines
    top = ["t%d" % i for i in range(1, 9)]
    mid = ["m%d" % j for j in range(1, 10)]
    bot = ["b%d" % i for i in range(1, 9)]
    coords = {}
    for i in range(8):
        coords[top[i]] = (Fraction(i), Fraction(1))
        coords[bot[i]] = (Fraction(i), Fraction(-1))
    coords["m1"] = (Fraction(0), Fraction(0))
    coords["m9"] = (Fraction(7), Fraction(0))
    for j in range(2, 9):
        coords["m%d" % j] = (Fraction(2 * j - 3, 2), Fraction(0))
    lines = set()
    for j in range(1, 9):
        lines.add(frozenset(("m%d" % j, "m%d" % (j + 1))))
    for j in range(2, 9):
        for other in ("t%d" % (j - 1), "t%d" % j, "b%d" % (j - 1), "b%d" % j):
            lines.add(frozenset(("m%d" % j, other)))
    for a, b in (("m1", "t1"), ("m1", "b1"), ("m9", "t8"), ("m9", "b8")):
        lines.add(frozenset((a, b)))
    if kind == "mosona":
        for i in range(1, 8):
            lines.add(frozenset(("t%d" % i, "t%d" % (i + 1))))
            lines.add(frozenset(("b%d" % i, "b%d" % (i + 1))))
    return [top, mid, bot], coords, lines


@functools.cache
def ref_neighbours(kind):
    rows, _, lines = ref_board(kind)
    names = [p for row in rows for p in row]
    return names, {p: {q for q in names if frozenset((p, q)) in lines} for p in names}


@functools.cache
def ref_leap_targets(kind, leap, a):
    """(over, land) pairs of the leaps from ``a``, straight or bent, from the coordinates."""
    rows, coords, lines = ref_board(kind)
    names, nbrs = ref_neighbours(kind)
    out = []
    ax, ay = coords[a]
    for b in nbrs[a]:
        bx, by = coords[b]
        for c in nbrs[b]:
            if c == a:
                continue
            if leap == "bent":
                if c not in nbrs[a]:
                    out.append((b, c))
            else:
                cx, cy = coords[c]
                collinear = (bx - ax) * (cy - ay) == (by - ay) * (cx - ax)
                between = (bx - ax) * (cx - bx) + (by - ay) * (cy - by) > 0
                if collinear and between:
                    out.append((b, c))
    return out


class Ref:
    """A deliberately plain implementation: a dict of point -> 'B'/'W'."""

    def __init__(self, ruleset, text):
        kind, self.compulsory, self.multiple, self.leap = RULES[ruleset]
        self.kind = kind
        self.rows, self.coords, self.lines = ref_board(kind)
        self.names, self.nbrs = ref_neighbours(kind)
        rows, side, counter = text.split()
        self.board = {}
        for row_names, row_text in zip(self.rows, rows.split("/")):
            for p, ch in zip(row_names, row_text):
                if ch != ".":
                    self.board[p] = ch
        self.side = side
        self.quiet = int(counter)

    def leap_targets(self, a):
        return ref_leap_targets(self.kind, self.leap, a)

    def moves(self):
        me = self.side
        foe = "W" if me == "B" else "B"
        if me not in self.board.values() or foe not in self.board.values() or self.quiet >= 40:
            return []
        steps, leaps = [], []
        for a in [p for p in self.names if self.board.get(p) == me]:
            for c in self.nbrs[a]:
                if c not in self.board:
                    steps.append(((a, c), ()))
            board = dict(self.board)
            del board[a]

            def chain(p, board, path, caps):
                found = False
                for b, c in self.leap_targets(p):
                    if board.get(b) == foe and c not in board:
                        found = True
                        if self.multiple:
                            nb = dict(board)
                            del nb[b]
                            chain(c, nb, path + (c,), caps + (b,))
                        else:
                            leaps.append((path + (c,), caps + (b,)))
                if self.multiple and not found and caps:
                    leaps.append((path, caps))

            chain(a, board, (a,), ())
        if leaps and self.compulsory:
            return leaps
        return steps + leaps

    def notation(self, move):
        """The specification: a leapt point goes in brackets where two different pieces could
        be leapt on the way to the same landing point (pieces leapt before are gone)."""
        path, caps = move
        if not caps:
            return f"{path[0]}-{path[1]}"
        foe = "W" if self.side == "B" else "B"
        board = dict(self.board)
        text = path[0]
        for i, over in enumerate(caps):
            could = [
                b for b, c in self.leap_targets(path[i]) if c == path[i + 1] and board.get(b) == foe
            ]
            text += f"x({over}){path[i + 1]}" if len(could) > 1 else f"x{path[i + 1]}"
            del board[over]
        return text

    def play(self, move):
        path, caps = move
        piece = self.board.pop(path[0])
        for b in caps:
            del self.board[b]
        self.board[path[-1]] = piece
        self.quiet = 0 if caps else self.quiet + 1
        self.side = "W" if self.side == "B" else "B"

    def text(self):
        rows = "/".join("".join(self.board.get(p, ".") for p in row) for row in self.rows)
        return f"{rows} {self.side} {self.quiet}"

    def perft(self, depth):
        if depth == 0:
            return 1
        total = 0
        for mv in self.moves():
            saved = (dict(self.board), self.side, self.quiet)
            self.play(mv)
            total += self.perft(depth - 1)
            self.board, self.side, self.quiet = saved
        return total


def engine_moves(game):
    return sorted((m.path, m.captured) for m in game.legal_moves())


GOLDEN = json.loads(DATA.read_text())
REF_DEPTH = {"culin": 10, "open": 10, "bent": 9, "ludii": 8, "kolowis": 10}


@pytest.mark.parametrize("ruleset", sorted(RULES))
def test_reference_agrees_with_golden_perft(ruleset):
    entry = GOLDEN[ruleset]
    ref = Ref(ruleset, entry["start"])
    for depth in range(1, REF_DEPTH[ruleset] + 1):
        assert ref.perft(depth) == entry["nodes"][depth - 1], (ruleset, depth)


def random_position(rng, ruleset):
    rows, _, _ = ref_board(RULES[ruleset][0])
    names = [p for row in rows for p in row]
    each = 23 if ruleset == "kolowis" else 12
    nb = rng.randint(1, each)
    nw = rng.randint(1, each)
    rng.shuffle(names)
    black = set(names[:nb])
    white = set(names[nb : nb + nw])
    text = "/".join(
        "".join("B" if p in black else "W" if p in white else "." for p in row) for row in rows
    )
    return f"{text} {rng.choice('BW')} {rng.randint(0, 39)}"


@pytest.mark.parametrize("ruleset", sorted(RULES))
def test_random_positions_same_legal_moves(ruleset):
    rng = random.Random(f"positions-{ruleset}")
    for _ in range(500):
        text = random_position(rng, ruleset)
        game = Game(ruleset, text)
        ref = Ref(ruleset, text)
        assert engine_moves(game) == sorted(ref.moves()), text
        notations = sorted(game.legal_notations())
        assert notations == sorted(ref.notation(m) for m in ref.moves()), text
        assert len(set(notations)) == len(notations)
        for note in notations:
            assert game.notation(game.parse_move(note)) == note


@pytest.mark.parametrize("ruleset", sorted(RULES))
def test_random_games_step_by_step(ruleset):
    """Play random games with the engine; at every position the reference agrees."""
    rng = random.Random(f"games-{ruleset}")
    for _ in range(6):
        game = Game(ruleset)
        while True:
            ref = Ref(ruleset, str(game.position))
            legal = engine_moves(game)
            assert legal == sorted(ref.moves()), str(game.position)
            if not legal:
                assert game.finished
                break
            game.push(rng.choice(game.legal_moves()))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(RULES)), st.integers(0, 2**32))
def test_properties_of_random_games(ruleset, seed):
    """Pieces never increase; each side loses exactly the pieces it sees captured; a
    finished game has no moves; pop undoes push; the record round-trips and replays."""
    rng = random.Random(seed)
    game = Game(ruleset, stall=rng.choice(["draw", "majority"]))
    keys = []
    while not game.finished:
        before = game.counts
        keys.append(game.key())
        move = rng.choice(game.legal_moves())
        mover = game.to_move
        game.push(move)
        after = game.counts
        assert after[mover] == before[mover]
        assert after[1 - mover] == before[1 - mover] - len(move.captured)
        assert game.ply < 2000
    assert game.legal_moves() == []
    record = Record.from_game(game)
    again = Record.parse(str(record))
    assert again == record
    replayed = again.replay()
    assert replayed.position == game.position
    assert replayed.outcome() == game.outcome()
    while game.ply:
        game.pop()
        assert game.key() == keys[game.ply]
    assert game.position == Position.start(ruleset)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(sorted(RULES)), st.integers(0, 2**32))
def test_positions_round_trip(ruleset, seed):
    text = random_position(random.Random(seed), ruleset)
    pos = Position.parse(text, ruleset)
    assert str(pos) == text
    assert Position.parse(str(pos), ruleset) == pos


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(RULES)), st.integers(0, 2**32))
def test_random_playout_ends_and_matches_rules(ruleset, seed):
    """random_playout ends every game, leaves a finished game, and every move it made is
    one the reference allows."""
    game = Game(ruleset)
    outcome = random_playout(game, random.Random(seed))
    assert outcome is not None and game.finished and game.legal_moves() == []
    history = game.history
    ref = Ref(ruleset, str(Position.start(ruleset)))
    for move in history:
        assert (move.path, move.captured) in ref.moves()
        ref.play((move.path, move.captured))
    assert ref.text() == str(game.position)
    assert ref.moves() == []


@pytest.mark.parametrize("ruleset", sorted(RULES))
def test_perft_near_the_stall_limit(ruleset):
    """Perft to depth 3 from random positions whose counter is close to 40."""
    rng = random.Random(f"stall-{ruleset}")
    for _ in range(20):
        text = random_position(rng, ruleset)
        rows, side, _ = text.split()
        text = f"{rows} {side} {rng.choice([37, 38, 39])}"
        assert Game(ruleset, text).perft(3) == Ref(ruleset, text).perft(3), text


_ALPHABET = st.sampled_from(
    list('BW./ tmbx()-0123456789[]"\n')
    + ["Ruleset", "Position", "Game", "culin", "bent", "1.", "1..."]
)


@settings(max_examples=100, deadline=None)
@given(st.lists(_ALPHABET, max_size=40).map("".join))
def test_untrusted_text_only_raises_engine_errors(text):
    """Records, positions and moves come from links and pages: any text either reads
    or raises the engine's own error, never anything else."""
    from engine.core import MoveError, PositionError, RecordError

    for parse, error in (
        (Record.parse, RecordError),
        (lambda t: Position.parse(t, "culin"), PositionError),
        (Game("bent").parse_move, MoveError),
    ):
        try:
            parse(text)
        except error:
            pass
    try:
        Record.parse(text).replay()
    except RecordError:
        pass
