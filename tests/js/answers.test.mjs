// The answer keys' canonical forms and the hand-in code (docs/assets/js/answers/), as the
// students' pages and the teachers' results page use them.
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  answerHash, readNumber, canonicalMove, canonicalMoves, canonicalLong, canonicalState, canonicalOutcome, checkAnswer,
} from "../../docs/assets/js/answers/canonical.js";
import { ALPHABET, encode, decode, normalise } from "../../docs/assets/js/answers/hand-in-code.js";
import { readCodes, pooledTally } from "../../docs/assets/js/answers/results.js";

const field = (kind, answers, near = [], salt = "lesson:1:3b") => ({
  kind, salt, answers: answers.map((a) => answerHash(salt, a)), near: near.map((a) => answerHash(salt, a)),
});

test("every way of writing three eighths is one answer, in both languages", () => {
  const f = field("number", ["3/8"]);
  for (const text of ["3/8", "6/16", " 3 / 8 ", "0.375", ".375", "0,375", "37.5 %", "37.5%", "37,5 %", "37,5\u00a0%", "0.3750"]) {
    assert.deepEqual(checkAnswer(f, text), { right: true }, text);
  }
  for (const text of ["3/7", "0.37", "37 %", "0.3751"]) {
    assert.equal(checkAnswer(f, text).why, "wrong", text);
  }
  assert.equal(checkAnswer(f, "three eighths").why, "unread");
  assert.equal(checkAnswer(f, "3/0").why, "unread");
  assert.equal(checkAnswer(f, "3/8 %").why, "unread");
  assert.equal(checkAnswer(f, "5/4").why, "range");
});

test("an answer whose decimal never ends is accepted rounded to 3 or 4 places, not to 2", () => {
  const f = field("number", ["16/81"], ["~3:198", "~4:1975"]);
  for (const text of ["16/81", "0.198", "0,1975", "19.8 %", "19,75 %"]) assert.equal(checkAnswer(f, text).right, true, text);
  for (const text of ["0.20", "0.197", "0.1976", "20 %"]) assert.equal(checkAnswer(f, text).right, false, text);
});

test("readNumber gives reduced fractions and near forms", () => {
  assert.equal(readNumber("2/32").canonical, "1/16");
  assert.equal(readNumber("1").canonical, "1/1");
  assert.equal(readNumber("6.25 %").canonical, "1/16");
  assert.equal(readNumber("0.531").near, "~3:531");
  assert.equal(readNumber("53.09%").near, "~4:5309");
  // every decimal has its near form (one or two places: what the page asks more digits of)
  assert.equal(readNumber("0.5").near, "~1:5");
  assert.equal(readNumber("53 %").near, "~2:53");
  assert.equal(readNumber("1").near, null);
  assert.equal(readNumber("3/8").near, null);
  assert.equal(readNumber(""), null);
  assert.equal(readNumber("%"), null);
});

test("moves in short or long notation, any case, chains in order", () => {
  assert.equal(canonicalMove("b2x(m3)t3x(t4)t5"), "b2xt3xt5");
  assert.equal(canonicalMove("B2XT3XT5"), "b2xt3xt5");
  assert.equal(canonicalMove("b4–m5"), "b4-m5");
  assert.equal(canonicalMove("b4"), null);
  // the build lists the bracketed forms of the right captures (build_scripts/answer_keys.py)
  const best = field("move", ["b2xt3xt5"], ["b2x(m3)t3xt5", "b2xt3x(t4)t5", "b2x(m3)t3x(t4)t5"]);
  assert.equal(checkAnswer(best, "b2x(m3)t3x(t4)t5").right, true);
  assert.equal(checkAnswer(best, "B2X(M3)T3XT5").right, true);
  assert.equal(checkAnswer(best, "b2xt5xt3").right, false);
  assert.equal(checkAnswer(best, "b2xt3").right, false);
  assert.deepEqual(checkAnswer(best, "b2xt3xt5 b8xt8"), { right: false, why: "one-move" });
  assert.deepEqual(checkAnswer(best, "capture"), { right: false, why: "bad-move", token: "capture" });
});

test("a right move with a wrong point in brackets is refused, naming it", () => {
  assert.equal(canonicalLong("B2x(m3) t3×t5"), "b2x(m3)t3xt5");
  assert.equal(canonicalLong("b2xt3xt5"), null);
  assert.equal(canonicalLong("b2-(m3)t3"), null);
  const best = field("move", ["b2xt3xt5"], ["b2x(m3)t3xt5", "b2xt3x(t4)t5", "b2x(m3)t3x(t4)t5"]);
  assert.deepEqual(checkAnswer(best, "b2x(b3)t3xt5"), { right: false, why: "leapt", token: "b2x(b3)t3xt5" });
  assert.deepEqual(checkAnswer(best, "b2x(m3)t3x(m4)t5"), { right: false, why: "leapt", token: "b2x(m3)t3x(m4)t5" });
  // a wrong move stays wrong, whatever its brackets say
  assert.equal(checkAnswer(best, "b2x(m3)t3").why, "wrong");
  const list = field("moves", ["m4xm6 t5-m6"], ["m4x(m5)m6"]);
  assert.equal(checkAnswer(list, "t5-m6, m4x(m5)m6").right, true);
  assert.deepEqual(checkAnswer(list, "t5-m6 m4x(t5)m6"), { right: false, why: "leapt", token: "m4x(t5)m6" });
});

test("a list of legal moves in any order, notation and separator", () => {
  const f = field("moves", ["b4-m5 b5-m5 m6-m5"]);
  for (const text of ["b4-m5 b5-m5 m6-m5", "m6-m5, b4-m5; b5-m5", "M6-M5 b5-m5 b4-m5 b4-m5"]) {
    assert.equal(checkAnswer(f, text).right, true, text);
  }
  assert.equal(checkAnswer(f, "b4-m5 b5-m5").why, "wrong");
  assert.equal(checkAnswer(f, "b4-m5 b5-m5 m6-m5 m4-m5").why, "wrong");
  assert.deepEqual(canonicalMoves("aucun"), { canonical: "none" });
  assert.deepEqual(canonicalMoves("b4-m5 zz"), { bad: "zz" });
});

test("states and outcomes in either language", () => {
  assert.equal(canonicalState("awls 19 1, counters 4 4"), "19 1 4 4");
  assert.equal(canonicalState("alènes 19 1, jetons 04 4"), "19 1 4 4");
  assert.equal(canonicalState("19 1 4"), null);
  assert.equal(canonicalOutcome("Les noirs gagnent."), "black wins");
  assert.equal(canonicalOutcome("partie nulle"), "draw");
  assert.equal(canonicalOutcome("maybe"), null);
});

test("a hand-in code round-trips: name, lesson, version, tries, tally", () => {
  const h = { lesson: 469, version: 350, tries: [1, 0, 3, 15, 2, 0, 0, 1, 1], tally: [2, 8, 12, 7, 3], name: "Zoë K." };
  const code = encode(h);
  assert.equal(code, "5TNB-RJ41-Z400-HG0G-100R-0701-QB9Q-W7AS-09CQ-0S0B"); // spec/hand-in-code.md
  assert.equal(encode({ lesson: 0, version: 0, tries: [] }), "4000-000S-Z8");
  assert.match(code, /^([0-9A-HJKMNP-TV-Z]{4}-)*[0-9A-HJKMNP-TV-Z]{1,4}$/);
  const r = decode(code);
  assert.equal(r.ok, true);
  assert.deepEqual(r.handIn, h);
  assert.equal(r.code, code);
  // lower case, spaces, O for 0 and I/L for 1 read the same
  assert.equal(decode(code.toLowerCase().replace(/-/g, " ").replace(/0/g, "o").replace(/1/g, "l")).ok, true);
  const bare = decode(encode({ lesson: 9, version: 60, tries: [] }));
  assert.deepEqual(bare.handIn, { lesson: 9, version: 60, tries: [], tally: null, name: "" });
});

test("every single-character substitution is caught, and mostly placed", () => {
  const code = encode({ lesson: 918, version: 430, tries: [1, 2], tally: [1, 4, 6, 4, 1], name: "AK" });
  const chars = normalise(code);
  let placed = 0;
  let total = 0;
  for (let i = 0; i < chars.length; i++) {
    for (const ch of ALPHABET) {
      if (ch === chars[i]) continue;
      const r = decode(chars.slice(0, i) + ch + chars.slice(i + 1));
      assert.equal(r.ok, false, `${i} ${ch}`);
      assert.equal(r.why, "typo");
      total += 1;
      if (r.at !== undefined) {
        assert.equal(r.at, i + 1);
        placed += 1;
      }
    }
  }
  assert.ok(placed / total > 0.9, `${placed} of ${total} placed`);
  assert.equal(decode(chars.slice(1)).ok, false);
  assert.deepEqual(decode("HELLO-WORLD-U"), { ok: false, why: "chars", chars: "U" });
});

test("the results page reads codes: other lessons, versions, duplicates and junk are listed", () => {
  const lesson = { slug: "a", lesson: 12, version: 5, title: "A", fields: [{ id: "1" }, { id: "2" }] };
  const other = { slug: "b", lesson: 13, version: 1, title: "B", fields: [] };
  const c1 = encode({ lesson: 12, version: 5, tries: [1, 0], name: "Ann" });
  const c2 = encode({ lesson: 12, version: 5, tries: [2, 1], tally: [1, 2, 3, 2, 1] });
  const typo = c1.slice(0, 3) + (c1[3] === "A" ? "B" : "A") + c1.slice(4);
  const text = ["Hello class", c1, "", typo, encode({ lesson: 13, version: 1, tries: [] }), c2,
    encode({ lesson: 12, version: 6, tries: [1, 1] }), c1.toLowerCase()].join("\n");
  const { students, bad } = readCodes(text, lesson, [lesson, other]);
  assert.deepEqual(students.map((s) => [s.name, s.tries]), [["Ann", [1, 0]], ["", [2, 1]]]);
  assert.deepEqual(bad.map((b) => [b.line, b.why]), [[1, "format"], [4, "typo-at"], [5, "other"], [7, "version"], [8, "duplicate"]]);
  assert.equal(bad[1].at, 4);
  assert.equal(bad[4].first, 2);
});

test("the pooled tally against fair sticks", () => {
  const t = pooledTally([[2, 8, 12, 8, 2], null, [2, 8, 12, 8, 2]]);
  assert.equal(t.total, 64);
  assert.equal(t.tallies, 2);
  assert.deepEqual(t.expected, [4, 16, 24, 16, 4]);
  assert.equal(t.chi, 0);
  assert.equal(t.odd, false);
  const skewed = pooledTally([[30, 10, 10, 10, 30]]);
  assert.equal(skewed.odd, true);
});
