// The Awithlaknannai move list is numbered as the record numbers it: Black's move first
// in each row, "…" for Black's when the start has White to move.

import { test } from "node:test";
import assert from "node:assert/strict";

import { moveRows } from "../../docs/assets/js/boards/move-list.js";

test("pairs of moves, Black's first", () => {
  assert.deepEqual(moveRows([], true), []);
  assert.deepEqual(moveRows(["m6-m5"], true), [[1, "m6-m5", undefined]]);
  assert.deepEqual(moveRows(["m6-m5", "m4xm6", "b4-m4"], true), [
    [1, "m6-m5", "m4xm6"],
    [2, "b4-m4", undefined],
  ]);
});

test("a start with White to move begins with an ellipsis for Black", () => {
  assert.deepEqual(moveRows(["m4xm6"], false), [[1, "…", "m4xm6"]]);
  assert.deepEqual(moveRows(["m4xm6", "b4-m5", "t3-m4"], false), [
    [1, "…", "m4xm6"],
    [2, "b4-m5", "t3-m4"],
  ]);
  assert.deepEqual(moveRows([], false), []);
});
