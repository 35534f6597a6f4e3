// The words for a point an Awithlaknannai board refuses (tap-words.js), on the move
// picker's own refusals of the engine's legal moves. The words are tagged stand-ins here:
// what is tested is which sentence is chosen (the sentences are checked in the browser).
// Run: node --test tests/js/

import { test } from "node:test";
import assert from "node:assert/strict";

import { MovePicker } from "../../docs/assets/js/boards/move-picker.js";
import { refusalWords } from "../../docs/assets/js/boards/tap-words.js";

const L = {
  noMove: "noMove",
  mustLeap: "mustLeap",
  pieceStuck: "pieceStuck",
  theirPiece: { black: "theirPiece:Black", white: "theirPiece:White" },
  noPiece: (p) => `noPiece:${p}`,
  cannotGo: (p) => `cannotGo:${p}`,
  notTarget: (p, targets) => `notTarget:${p}:${targets.join(",")}`,
  chooseVictim: (v) => `chooseVictim:${v.join(",")}`,
};

// culin, Black to move and capture: m2xm4xm6 only (b8 could step, but must not)
const CHAIN = [{ notation: "m2xm4xm6", path: ["m2", "m4", "m6"], captured: ["m3", "m5"] }];
// culin, the start: three steps into m5
const START = [
  { notation: "b4-m5", path: ["b4", "m5"], captured: [] },
  { notation: "b5-m5", path: ["b5", "m5"], captured: [] },
  { notation: "m6-m5", path: ["m6", "m5"], captured: [] },
];

// the sides as the engine's view gives them
const SIDES = [{ name: "black", colour: "B" }, { name: "white", colour: "W" }];

// the engine's must_capture for each: culin makes capture compulsory
function said(legal, point, piece, aids, first = null) {
  const picker = new MovePicker(legal, legal === CHAIN);
  if (first) assert.equal(picker.choose(first).kind, "selected");
  const r = picker.choose(point);
  assert.equal(r.kind, "refused");
  const side = SIDES.findIndex((s) => s.colour === piece);
  const at = side === -1 ? { side: null, sideName: "" } : { side, sideName: SIDES[side].name };
  return refusalWords(r, { ...at, toMove: 0, aids, mustCapture: picker.mustCapture }, L);
}

test("the opponent's piece and an empty point are named, aids or not", () => {
  for (const aids of [true, false]) {
    assert.equal(said(START, "t4", "W", aids), "theirPiece:White");
    assert.equal(said(START, "m1", undefined, aids), "noPiece:m1");
  }
});

test("with the aids on, a piece barred by a compulsory capture is told so; a blocked one has no move", () => {
  assert.equal(said(CHAIN, "b8", "B", true), "mustLeap");
  assert.equal(said(START, "b1", "B", true), "pieceStuck");
});

test("with the aids off, a piece barred by the capture rule reads as any blocked piece", () => {
  const barred = said(CHAIN, "b8", "B", false);
  const blocked = said(START, "b1", "B", false);
  assert.equal(barred, "pieceStuck");
  assert.equal(barred, blocked);
});

test("a chosen piece's wrong landing names the right ones only with the aids on", () => {
  assert.equal(said(START, "m4", undefined, true, "b4"), "notTarget:m4:m5");
  assert.equal(said(START, "m4", undefined, false, "b4"), "cannotGo:m4");
  // another of one's own pieces that cannot move, while one is chosen
  assert.equal(said(START, "b1", "B", false, "b4"), "pieceStuck");
});

test("no legal move at all", () => {
  assert.equal(said([], "m2", "B", false), "noMove");
});
