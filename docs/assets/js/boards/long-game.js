// @ts-check
// Long games at a flat cost per move. The engine's `since: n` argument makes a reply's
// per-move lists start at throw (or move) n; the page sends the number of entries it
// already holds and splices the reply into the view it keeps, so whatever reads the
// view (replay, undo, the move list, review, narration) still sees the whole game.
// DOM-free, so Node's test runner can check it.

// Which lists grow with the game, the view says itself (`per_move`, the last one holding
// one entry per throw or move: Zohn Ahl's states after 0..n throws and the events of
// throws 1..n, Awithlaknannai's moves), so the page repeats none of the engine's names.
/** @param {any} view @returns {string[] | undefined} */
function perMove(view) {
  const lists = view && view.per_move;
  return Array.isArray(lists) && lists.length && lists.every((n) => typeof n === "string")
    ? lists
    : undefined;
}

// How many throws or moves `view` holds: the `since` to send with the next request
// (undefined for a view that does not hold a whole game, which then asks for all).
/** @param {any} view @returns {number | undefined} */
export function heldCount(view) {
  const lists = perMove(view);
  if (!lists || view.since !== undefined) return undefined;
  const events = view[lists[lists.length - 1]];
  return Array.isArray(events) ? events.length : undefined;
}

// The whole view of the game after `reply`: `reply` as it is when it holds the whole game
// (no `since`), else `held`'s earlier entries followed by the reply's. An error names the
// list when `held` lacks the entries the reply leaves out.
/** @param {any} held @param {any} reply @returns {any} */
export function wholeView(held, reply) {
  if (!reply || reply.since === undefined) return reply;
  const n = reply.since;
  const lists = perMove(reply);
  if (!lists) throw new Error(`a reply for game ${JSON.stringify(reply.game)} does not say which of its lists start at entry ${n}`);
  const whole = { ...reply };
  delete whole.since;
  for (const name of lists) {
    const before = (held && held[name]) || [];
    if (before.length < n || (held && held.since !== undefined)) {
      throw new Error(`the reply starts at entry ${n} of '${name}', but the board holds ${before.length}`);
    }
    whole[name] = before.slice(0, n).concat(reply[name] || []);
  }
  return whole;
}
