"""The answer keys and the hand-in code: the page's scripts (docs/assets/js/answers/)
against their Python twins (build_scripts/answer_keys.py, build_scripts/hand_in_code.py)
and against the build's own keys. Node runs the scripts once per batch of inputs."""

from __future__ import annotations

import json
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from build_scripts import answer_keys as keys
from build_scripts import hand_in_code as code
from build_scripts.answer_fields import lessons

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "docs" / "assets" / "js" / "answers"
DRIVER = """
import * as c from %(canonical)s;
import * as h from %(code)s;
let text = "";
for await (const chunk of process.stdin) text += chunk;
const out = JSON.parse(text).map(([fn, args]) => {
  const f = c[fn] || h[fn];
  return f(...args);
});
process.stdout.write(JSON.stringify(out));
"""


def run_js(calls: list[tuple[str, list[object]]]) -> list[object]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed")
    script = DRIVER % {
        "canonical": json.dumps((JS / "canonical.js").as_uri()),
        "code": json.dumps((JS / "hand-in-code.js").as_uri()),
    }
    proc = subprocess.run(
        [node, "--input-type=module", "-e", script],
        input=json.dumps(calls),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return list(json.loads(proc.stdout))


# each example is one run of Node: few examples of many inputs each, and no shrinking
SLOW = settings(
    max_examples=4,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow],
)

hand_ins = st.builds(
    code.HandIn,
    lesson=st.integers(0, 1023),
    version=st.integers(0, 1023),
    tries=st.lists(st.integers(0, 15), max_size=40),
    tally=st.none() | st.lists(st.integers(0, 2047), min_size=5, max_size=5),
    name=st.text(max_size=20).map(code.fit_name),
)


@SLOW
@given(st.lists(hand_ins, min_size=40, max_size=40))
def test_codes_are_the_same_in_the_page_and_in_python_and_read_back(batch):
    calls = [
        (
            "encode",
            [
                {
                    "lesson": h.lesson,
                    "version": h.version,
                    "tries": h.tries,
                    "tally": h.tally,
                    "name": h.name,
                }
            ],
        )
        for h in batch
    ]
    js_codes = run_js(calls)
    assert js_codes == [code.encode(h) for h in batch]
    decoded = run_js([("decode", [c]) for c in js_codes])
    for h, d in zip(batch, decoded):
        assert isinstance(d, dict) and d["ok"], d
        assert d["handIn"] == {
            "lesson": h.lesson,
            "version": h.version,
            "tries": h.tries,
            "tally": h.tally,
            "name": h.name,
        }
        py = code.decode(str(d["code"]))
        assert py["ok"] and py["hand_in"] == h


@settings(SLOW, max_examples=2)
@given(hand_ins, st.data())
def test_every_single_substitution_is_a_typo_in_both_readers(h, data):
    chars = code.normalise(code.encode(h))
    wrong = []
    for i in range(len(chars)):
        ch = data.draw(st.sampled_from([c for c in code.ALPHABET if c != chars[i]]))
        wrong.append(chars[:i] + ch + chars[i + 1 :])
    js = run_js([("decode", [w]) for w in wrong])
    for i, (w, j) in enumerate(zip(wrong, js)):
        py = code.decode(w)
        assert py["why"] == "typo" and isinstance(j, dict) and j["why"] == "typo"
        assert py.get("at") == j.get("at")
        assert j.get("at") in (None, i + 1)


def test_another_lessons_code_is_told_apart_from_this_one():
    mine = code.encode(code.HandIn(469, 350, [1, 0, 2]))
    other = code.encode(code.HandIn(918, 430, [1, 0, 2]))
    a, b = code.decode(mine), code.decode(other)
    assert a["ok"] and b["ok"]
    assert a["hand_in"].lesson == 469 and b["hand_in"].lesson == 918  # type: ignore[union-attr]


numbers = st.fractions(min_value=0, max_value=1, max_denominator=200)


@SLOW
@given(st.lists(numbers, min_size=30, max_size=30))
def test_fractions_decimals_and_percents_read_alike(batch):
    texts = []
    for f in batch:
        texts.append(f"{f.numerator}/{f.denominator}")
        texts.append(f"{f.numerator * 3} / {f.denominator * 3}")
        q = f.denominator
        for p in (2, 5):
            while q % p == 0:
                q //= p
        if q == 1:  # a terminating decimal: every form is exact
            d = format(f.numerator / f.denominator, ".12f").rstrip("0")
            texts += [d, d.replace(".", ","), f"{Fraction(f) * 100} %".replace("/1 ", " ")]
    js = run_js([("readNumber", [t]) for t in texts])
    for t, j in zip(texts, js):
        py = keys.read_number(t)
        if py is None:
            assert j is None, t
            continue
        assert isinstance(j, dict) and (j["canonical"], j["near"]) == py, t
    for f in batch:
        assert keys.read_number(f"{f.numerator}/{f.denominator}") == (
            keys.canonical_fraction(f),
            None,
        )


@SLOW
@given(
    st.lists(st.text(alphabet="0123456789.,/% abx-()tmB", max_size=12), min_size=60, max_size=60)
)
def test_the_page_and_python_read_any_text_alike(batch):
    js = run_js(
        [("readNumber", [t]) for t in batch]
        + [("canonicalMove", [t]) for t in batch]
        + [("answerHash", ["salt", t]) for t in batch]
        + [("canonicalLong", [t]) for t in batch]
    )
    n = len(batch)
    for i, t in enumerate(batch):
        py = keys.read_number(t)
        j = js[i]
        assert (None if j is None else (j["canonical"], j["near"])) == py, t  # type: ignore[index]
        assert js[n + i] == keys.canonical_move(t), t
        assert js[2 * n + i] == keys.answer_hash("salt", t), t
        assert js[3 * n + i] == keys.canonical_long(t), t


def test_the_build_keys_accept_the_teachers_answers_and_refuse_others():
    """Every field of every lesson: the canonical answer, its French spelling and a wrong
    answer, checked by the page's own checkAnswer against the hashes the build writes."""
    calls = []
    expected = []
    for lesson in lessons(ROOT / "docs").values():
        for f in lesson.fields:
            salt = lesson.salt(f)
            key = {
                "kind": f.kind,
                "salt": salt,
                "answers": [keys.answer_hash(salt, a) for a in f.answers],
                "near": [keys.answer_hash(salt, a) for a in f.near],
            }
            right = f.answers[0]
            if f.kind == "number":
                value = Fraction(right)
                wrong = str(value / 2)
                tries = [right]
                if not keys.near_forms(value):
                    tries.append(str(float(value)).replace(".", ","))
                    tries.append(f"{float(value) * 100:g} %")
            elif f.kind == "moves":
                tries = [" ".join(reversed(right.split()))]
                wrong = " ".join(right.split()[:-1]) or "b1-b2"
            elif f.kind == "move":
                tries = [right.upper()] + f.near[:1]  # (a right capture written long)
                wrong = "t1-t2"
            elif f.kind == "state":
                a, b, c, d = right.split()
                tries = [f"awls {a} {b}, counters {c} {d}", f"alènes {a} {b}, jetons {c} {d}"]
                wrong = f"awls {b} {a}, counters {c} {int(d) + 1}"
            else:
                tries = [right]
                wrong = "draw" if right != "draw" else "black wins"
            for t in tries:
                calls.append(("checkAnswer", [key, t]))
                expected.append((f"{lesson.slug} {f.id} {t}", True))
            calls.append(("checkAnswer", [key, wrong]))
            expected.append((f"{lesson.slug} {f.id} {wrong}", False))
    assert len(calls) > 30
    got = run_js(calls)
    for (what, right), result in zip(expected, got):
        assert isinstance(result, dict) and result["right"] is right, what


def test_a_move_in_long_notation_checks_like_the_short_one():
    lesson = lessons(ROOT / "docs")["forced-captures"]
    best = next(f for f in lesson.fields if f.id == "5.2")
    salt = lesson.salt(best)
    key = {
        "kind": "move",
        "salt": salt,
        "answers": [keys.answer_hash(salt, a) for a in best.answers],
        "near": [keys.answer_hash(salt, a) for a in best.near],
    }
    got = run_js(
        [
            ("checkAnswer", [key, "b2x(m3)t3x(t4)t5"]),
            ("checkAnswer", [key, "b2xt3x(t4)t5"]),
            ("checkAnswer", [key, "b2xt5xt3"]),
            ("checkAnswer", [key, "b2x(b3)t3xt5"]),
        ]
    )
    assert [g["right"] for g in got] == [True, True, False, False]  # type: ignore[index]
    assert got[3]["why"] == "leapt"  # type: ignore[index]


def test_every_bracketed_form_of_a_capture_and_only_those():
    forms = keys.bracketed_forms(["b2", "t3", "t5"], ["m3", "t4"])
    assert sorted(forms) == ["b2x(m3)t3x(t4)t5", "b2x(m3)t3xt5", "b2xt3x(t4)t5"]
    assert all(keys.canonical_long(f) == f for f in forms)
    assert keys.canonical_move(forms[0]) == "b2xt3xt5"


def _key(lesson, f) -> dict[str, object]:
    salt = lesson.salt(f)
    return {
        "kind": f.kind,
        "salt": salt,
        **{
            name: [keys.answer_hash(salt, a) for a in getattr(f, name)]
            for name in ("answers", "near", "coarse", "early")
        },
    }


def test_a_number_at_the_precision_asked_is_right_and_a_coarser_one_asked_for_more():
    """43/81 (53.09 %) and 16/81 (0.1975...): every answer to three decimal places or
    more is right, an answer rounded right to one or two is asked for more digits
    (why "coarse", which the page does not count as a try); others are wrong."""
    lesson = lessons(ROOT / "docs")["stick-dice-odds"]
    by_value = {f.answers[0]: f for f in lesson.fields if f.kind == "number"}
    cases = {
        "43/81": {
            True: ["43/81", "0.531", "53.1 %", "0,5309", "53.09%", "0.53086"],
            "coarse": ["53%", "0.53", "0,5", "53 %"],
            "wrong": ["0.54", "52%", "0.532", "1/2"],
        },
        "16/81": {
            True: ["16/81", "0.198", "19.75 %", "0.19753", "0,197531"],
            "coarse": ["0.2", "0.20", "20%", "0,2"],
            "wrong": ["0.3", "0.197", "19%", "0.19"],
        },
    }
    calls, expected = [], []
    for value, groups in cases.items():
        key = _key(lesson, by_value[value])
        for outcome, texts in groups.items():
            for text in texts:
                calls.append(("checkAnswer", [key, text]))
                expected.append((value, text, outcome))
    for (value, text, outcome), got in zip(expected, run_js(calls)):
        assert isinstance(got, dict)
        assert (got["right"] if outcome is True else got.get("why")) == outcome, (value, text, got)
    # an exact value with more places than asked: rounded to three is right too (1/16)
    assert keys.near_forms(Fraction(1, 16)) == ["~3:63"] and keys.near_forms(Fraction(3, 8)) == []
    assert keys.coarse_forms(Fraction(3, 8)) == ["~1:4", "~2:38"]


def test_a_chain_of_leaps_stopped_early_is_named_as_such():
    lesson = lessons(ROOT / "docs")["forced-captures"]
    fields = {f.id: f for f in lesson.fields}
    assert fields["5.1"].early == ["b2xt3"] and fields["5.2"].early == ["b2xt3"]
    assert fields["6.1"].early == ["b3xb5"]
    got = run_js(
        [
            ("checkAnswer", [_key(lesson, fields["5.1"]), "b2xt3 b8xt8"]),
            ("checkAnswer", [_key(lesson, fields["5.2"]), "b2xt3"]),
            ("checkAnswer", [_key(lesson, fields["5.2"]), "b8xt8"]),
            ("checkAnswer", [_key(lesson, fields["6.1"]), "b3xt4 b3xb5 b6xt5"]),
        ]
    )
    assert [g.get("why") for g in got] == ["early", "early", "wrong", "early"]  # type: ignore[union-attr]
