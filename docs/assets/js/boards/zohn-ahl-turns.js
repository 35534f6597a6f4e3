// @ts-check
// What a Zohn Ahl view says of its turns and throws, read for the board: whose throw it is
// now (the engine's `turns`: the side, the team member, the caption's words) and what a
// throw was. DOM-free, so Node's test runner can check it.

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

/**
 * The throw (four characters of 0 and 1) whose events are `events`, or "".
 * @param {{kind: string, throw?: string}[] | undefined} events
 */
export function throwOf(events) {
  return ((events || []).find((e) => e.kind === "throw") || {}).throw || "";
}
