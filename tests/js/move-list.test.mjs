// The Awithlaknannai move list shows the rows the engine gives each move of the history
// (`number`, `column`): Black's column first in each row, "…" where a row's first column
// has no move (a start with White to move).

import { test } from "node:test";
import assert from "node:assert/strict";

import { moveRows } from "../../docs/assets/js/boards/move-list.js";

/** Moves as the engine's history lists them. @param {[string, number, number][]} rows */
const moves = (rows) => rows.map(([notation, number, column]) => ({ notation, number, column }));

test("pairs of moves, Black's column first", () => {
  assert.deepEqual(moveRows([]), []);
  assert.deepEqual(moveRows(moves([["m6-m5", 1, 0]])), [[1, "m6-m5", undefined]]);
  assert.deepEqual(moveRows(moves([["m6-m5", 1, 0], ["m4xm6", 1, 1], ["b4-m4", 2, 0]])), [
    [1, "m6-m5", "m4xm6"],
    [2, "b4-m4", undefined],
  ]);
});

test("a game whose first move is in White's column begins with an ellipsis", () => {
  assert.deepEqual(moveRows(moves([["m4xm6", 1, 1]])), [[1, "…", "m4xm6"]]);
  assert.deepEqual(moveRows(moves([["m4xm6", 1, 1], ["b4-m5", 2, 0], ["t3-m4", 2, 1]])), [
    [1, "…", "m4xm6"],
    [2, "b4-m5", "t3-m4"],
  ]);
});

test("the numbers are the engine's, not counted here", () => {
  // a history that starts later (a view's `since`) keeps the record's numbers
  assert.deepEqual(moveRows(moves([["t3-m4", 7, 1], ["b4-m5", 8, 0]])), [
    [7, "…", "t3-m4"],
    [8, "b4-m5", undefined],
  ]);
});
