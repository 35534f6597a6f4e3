// @ts-check
// Whose throw it is in a Zohn Ahl view, read for the board: the engine's `turns` (the
// side, the team member, the caption's words), one a state. DOM-free, so Node's test
// runner can check it.

/** @typedef {import("../../../../types/view").ZohnAhlTurn} ZohnAhlTurn */

/**
 * Whose throw it is in the game of `view` (the last of its `turns`, one a state).
 * @param {{turns?: ZohnAhlTurn[]}} view
 * @returns {ZohnAhlTurn}
 */
export function turnOf(view) {
  const turns = view.turns || [];
  return turns[turns.length - 1] || { side: null, caption: { key: "" } };
}

