// @ts-check
// The Awithlaknannai move list, numbered as the record numbers it. DOM-free, so Node's test
// runner can check it.

/**
 * The rows of a move list: `[number, first move, second move or undefined]`, Black's move
 * first in each row; a game whose start has White to move begins with "…" for Black's.
 * @param {string[]} notations
 * @param {boolean} blackFirst
 * @returns {[number, string, string | undefined][]}
 */
export function moveRows(notations, blackFirst) {
  /** @type {[number, string, string | undefined][]} */
  const rows = [];
  let i = 0;
  if (!blackFirst && notations.length) {
    rows.push([1, "…", notations[0]]);
    i = 1;
  }
  for (; i < notations.length; i += 2) rows.push([rows.length + 1, notations[i], notations[i + 1]]);
  return rows;
}
