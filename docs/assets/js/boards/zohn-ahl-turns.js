// @ts-check
// Whose turn it is on a Zohn Ahl board played by teams, and what a throw was: read from
// the block's `teams` setting and the engine's states and events. DOM-free, so Node's
// test runner can check it.

/**
 * The two teams of a block's `teams` setting ("Ann, Bo / Cy, Di" or two lists), or null
 * when it does not name two teams of at least one member.
 * @param {unknown} teams
 * @returns {string[][] | null}
 */
export function parseTeams(teams) {
  if (!teams) return null;
  if (Array.isArray(teams)) {
    if (teams.length !== 2) return null;
    return teams.map((x) => (Array.isArray(x) ? x : String(x).split(",").map((s) => s.trim())));
  }
  const sides = String(teams).split("/").map((s) => s.split(",").map((n) => n.trim()).filter(Boolean));
  return sides.length === 2 && sides.every((s) => s.length) ? sides : null;
}

/**
 * The member of `side`'s team whose turn it is in `state` (the engine's State.to_dict():
 * the members take turns by the side's count of throws made), or null without teams.
 * @param {string[][] | null} teams
 * @param {{throws_made?: number[]}} state
 * @param {number | null | undefined} side
 */
export function thrower(teams, state, side) {
  if (!teams || side === null || side === undefined) return null;
  const made = (state.throws_made || [0, 0])[side] || 0;
  const members = teams[side];
  return members[made % members.length];
}

/**
 * The throw (four characters of 0 and 1) whose events are `events`, or "".
 * @param {{kind: string, throw?: string}[] | undefined} events
 */
export function throwOf(events) {
  return ((events || []).find((e) => e.kind === "throw") || {}).throw || "";
}
