// The move picker on the engine's own lists of legal moves (copied from its replies).
// Run: node --test tests/js/

import { test } from "node:test";
import assert from "node:assert/strict";

import { MovePicker } from "../../docs/assets/js/boards/move-picker.js";

// culin, Black to move: the only legal move is the chain m2xm4xm6 (b8 could step, but must not)
const CHAIN = [{ notation: "m2xm4xm6", path: ["m2", "m4", "m6"], captured: ["m3", "m5"] }];

// culin, the start
const START = [
  { notation: "b4-m5", path: ["b4", "m5"], captured: [] },
  { notation: "b5-m5", path: ["b5", "m5"], captured: [] },
  { notation: "m6-m5", path: ["m6", "m5"], captured: [] },
];

// bent, White to move: t4 reaches b4 by leaping m4 or m5, then goes on
const BENT = [
  { notation: "m1xb2", path: ["m1", "b2"], captured: ["b1"] },
  { notation: "t3xb3", path: ["t3", "b3"], captured: ["m4"] },
  { notation: "t3xb4", path: ["t3", "b4"], captured: ["m4"] },
  { notation: "t4x(m4)b4xt4", path: ["t4", "b4", "t4"], captured: ["m4", "m5"] },
  { notation: "t4x(m5)b4xm3", path: ["t4", "b4", "m3"], captured: ["m5", "m4"] },
  { notation: "t4x(m5)b4xt4", path: ["t4", "b4", "t4"], captured: ["m5", "m4"] },
  { notation: "t4xb3", path: ["t4", "b3"], captured: ["m4"] },
  { notation: "t4xm3", path: ["t4", "m3"], captured: ["m4"] },
  { notation: "t5xb4xm3", path: ["t5", "b4", "m3"], captured: ["m5", "m4"] },
];

test("a step: choose the piece, then where it goes", () => {
  const p = new MovePicker(START);
  assert.deepEqual(p.movable, ["b4", "b5", "m6"]);
  assert.equal(p.mustCapture, false);
  assert.deepEqual(p.choose("m6"), { kind: "selected", from: "m6", targets: ["m5"] });
  const r = p.choose("m5");
  assert.equal(r.kind, "move");
  assert.equal(r.move.notation, "m6-m5");
  assert.deepEqual(p.path, [], "the picker starts afresh after a whole move");
});

test("a point without a movable piece is refused, saying whether a capture is due", () => {
  const p = new MovePicker(CHAIN, true);   // the engine's must_capture
  assert.equal(p.mustCapture, true);
  assert.deepEqual(p.choose("b8"), { kind: "refused", reason: "not-movable", point: "b8", mustCapture: true });
  assert.deepEqual(p.path, []);
});

test("the picker says a capture is due only when the engine does, whatever the moves", () => {
  // every move leaps, yet under an optional ruleset (ludii) the engine says no obligation
  const p = new MovePicker(CHAIN, false);
  assert.equal(p.mustCapture, false);
  assert.deepEqual(p.choose("b8"), { kind: "refused", reason: "not-movable", point: "b8", mustCapture: false });
});

test("a leap chain is chosen hop by hop, its victims marked", () => {
  const p = new MovePicker(CHAIN);
  p.choose("m2");
  assert.deepEqual(p.targets, ["m4"]);
  assert.deepEqual(p.victimsAhead, ["m3"]);
  assert.deepEqual(p.choose("m4"), { kind: "continue", at: "m4", targets: ["m6"] });
  assert.deepEqual(p.victimsTaken, ["m3"]);
  assert.deepEqual(p.victimsAhead, ["m5"]);
  assert.deepEqual(p.choose("m5"), { kind: "refused", reason: "not-target", point: "m5", targets: ["m6"] });
  const r = p.choose("m6");
  assert.equal(r.kind, "move");
  assert.equal(r.move.notation, "m2xm4xm6");
});

test("choosing the chosen piece again lets it go; another own piece replaces it", () => {
  const p = new MovePicker(START);
  p.choose("b4");
  assert.deepEqual(p.choose("b4"), { kind: "deselected" });
  assert.deepEqual(p.path, []);
  p.choose("b4");
  assert.deepEqual(p.choose("b5"), { kind: "selected", from: "b5", targets: ["m5"] });
});

test("bent: a landing reached over two pieces asks which one to take", () => {
  const p = new MovePicker(BENT);
  p.choose("t4");
  assert.deepEqual(p.targets, ["b4", "b3", "m3"]);
  assert.deepEqual(p.choose("b4"), { kind: "ask", landing: "b4", victims: ["m4", "m5"] });
  assert.deepEqual(p.targets, [], "no landing point while the question is open");
  assert.deepEqual(p.choose("t1"), { kind: "refused", reason: "not-victim", point: "t1", landing: "b4", victims: ["m4", "m5"] });
  // over m4: the chain can only go on back to t4, over m5
  assert.deepEqual(p.choose("m4"), { kind: "continue", at: "b4", targets: ["t4"] });
  const r = p.choose("t4");
  assert.equal(r.kind, "move");
  assert.equal(r.move.notation, "t4x(m4)b4xt4");
});

test("bent: the other piece leads to the other moves", () => {
  const p = new MovePicker(BENT);
  p.choose("t4");
  p.choose("b4");
  assert.deepEqual(p.choose("m5"), { kind: "continue", at: "b4", targets: ["m3", "t4"] });
  assert.equal(p.choose("m3").move.notation, "t4x(m5)b4xm3");
});

test("a single piece to leap is taken without asking", () => {
  const p = new MovePicker(BENT);
  p.choose("t5");
  assert.deepEqual(p.choose("b4"), { kind: "continue", at: "b4", targets: ["m3"] });
  assert.equal(p.choose("m3").move.notation, "t5xb4xm3");
});

test("a finished game (no legal move) refuses every point", () => {
  const p = new MovePicker([]);
  assert.deepEqual(p.choose("m5"), { kind: "refused", reason: "no-move", point: "m5" });
  assert.deepEqual(new MovePicker(undefined).movable, []);
});
