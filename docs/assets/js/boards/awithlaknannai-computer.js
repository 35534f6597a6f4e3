// @ts-check
// The computer's moves on an Awithlaknannai board: it plays when it is its turn (or the
// side to move's, on a presented board's Space), in the worker, at the level chosen. Each
// search has a number (`gen`): Stop, New game or a newer search make an older one's answer
// void; Stop terminates the worker's search.

import { sleep } from "./dom.js";
import { callAfter, cancel, errorText, randomSeed } from "./engine-calls.js";

/** @typedef {import("./awithlaknannai.js").AwithBoard} AwithBoard */

/** @typedef {{level: string, time_limit: number, wait: number}} Search */

// The searches to try at `level`, the strongest first, the fallback last: the engine's
// (its ai module's `searches`, which the build writes into the board's settings).
/** @param {AwithBoard} b @param {string} level @returns {Search[]} */
function searchesAt(b, level) {
  const all = /** @type {Record<string, Search[]>} */ (b.cfg.searches || {});
  if (!all[level] || !all[level].length) throw new Error(`no search is set for the level ${level}`);
  return all[level];
}

// The computer's move, when it is the computer's turn (or `now`, for the side to move).
/** @param {AwithBoard} b @param {boolean} [now] */
export async function computerMove(b, now = false) {
  const v = b.view;
  if (!v || v.finished || b.thinking || b.busy || !b.alive) return;
  const computerMoves = now || b.mode === "cvc" || (b.mode === "computer" && v.to_move === b.computerSide);
  if (!computerMoves) return;
  const gen = ++b.gen;
  b.thinking = true;
  b.cvcRunning = b.mode === "cvc";
  b.refresh();
  let res;
  try {
    if (b.mode === "cvc") await sleep(500);
    if (gen !== b.gen) return;
    // A search far over its time (a slow or busy device) is stopped and the next one
    // tried, in the order the engine gives, until the last (the engine client waits the
    // first search's `wait` for each try).
    const tries = searchesAt(b, b.level);
    let tried = 0;
    /** @param {Record<string, any>} args */
    const next = (args) => {
      const after = tries[++tried];
      return after ? { ...args, level: after.level, time_limit: after.time_limit } : null;
    };
    const [first] = tries;
    res = await callAfter(v, "awithlaknannai.ai", { record: v.record, level: first.level, seed: randomSeed(),
      time_limit: first.time_limit }, { retries: 0, timeoutMs: first.wait * 1000, fallback: next });
  } catch (err) {
    if (gen === b.gen) {
      b.thinking = false;
      b.cvcRunning = false;
      // never left waiting on the computer's turn: the reader plays on
      b.setStatus(`${errorText(err)} ${personTakesOver(b)}`, "error");
      b.refresh();
    }
    return;
  }
  if (gen !== b.gen || b.view !== v || !b.alive) return;
  b.thinking = false;
  await b.act(() => b.moved(v, res.view, res.move));
}

/** Stop a search in progress (its answer is void). @param {AwithBoard} b */
export async function stopComputer(b) {
  b.gen++;
  b.cvcRunning = false;
  if (b.thinking) {
    b.thinking = false;
    try { await cancel(); } catch { /* the worker is restarted anyway */ }
  }
}

// The computer stops playing: the opponent setting becomes "Another person"; returns
// the sentence that says so.
/** @param {AwithBoard} b */
export function personTakesOver(b) {
  b.mode = "person";
  b.oppSelect.value = b.oppSelect.dataset.value = "person";
  return b.L.opponentNow();
}
