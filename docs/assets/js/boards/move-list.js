// @ts-check
// The Awithlaknannai move list, as the engine numbers it: each move of the view's history
// says its row (`number`, the record's move number) and its column (`column`: 0 Black's,
// 1 White's). DOM-free, so Node's test runner can check it.

/** @typedef {{notation: string, number: number, column: number}} ListedMove */

/**
 * The rows of a move list: `[number, first column, second column or undefined]`; a column
 * with no move (White's game begins in the second column of row 1) shows "…".
 * @param {ListedMove[]} moves
 * @returns {[number, string, string | undefined][]}
 */
export function moveRows(moves) {
  /** @type {[number, string, string | undefined][]} */
  const rows = [];
  for (const m of moves) {
    const last = rows.at(-1);
    if (m.column === 1 && last && last[0] === m.number && last[2] === undefined) last[2] = m.notation;
    else rows.push(m.column === 1 ? [m.number, "…", m.notation] : [m.number, m.notation, undefined]);
  }
  return rows;
}
