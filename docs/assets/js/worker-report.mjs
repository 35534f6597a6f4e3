// @ts-check
// What the engine's worker (engine-worker.mjs) tells the page about its start: the marks of
// its steps, the progress of the runtime's download, and the failure of a runtime file
// that ends the start. The other modules of the worker note here what they see.

/** What a thrown value says: its message, or the value itself. @param {unknown} err */
export function said(err) {
  const e = /** @type {any} */ (err);
  return String((e && e.message) || e);
}

// ---- Marks of the start, for the page's own timeline ----
//
// Each step of the start is noted as a time since the epoch (this worker's
// performance.timeOrigin plus its clock), so that the page can place it on its own
// timeline (engine-client.js subtracts the page's timeOrigin and records a
// performance.mark of the same name). They travel with the "ready" message.

/** @type {Record<string, number>} */
export const startMarks = {};

/** Note the step `name` (once: its first time counts). @param {string} name */
export function markStart(name) {
  if (!(name in startMarks)) startMarks[name] = performance.timeOrigin + performance.now();
}

// ---- A runtime file that fails ends the start at once, naming it ----
//
// Pyodide reports neither a missing .wasm nor one served with the wrong type: it waits for
// ever. The watchers of the runtime's downloads (worker-downloads.mjs) call runtimeFailed,
// and the worker's start races against runtimeFailure (no effect once it is settled).

/** @type {(err: Error) => void} */
let failStart = () => {};
/** Rejects with the first failure of a runtime file. @type {Promise<never>} */
export const runtimeFailure = new Promise((_, reject) => { failStart = reject; });
runtimeFailure.catch(() => {});

/** End the start with `err` (its message names the file). @param {Error} err */
export function runtimeFailed(err) {
  failStart(err);
}

// ---- Download progress: what the page's start limit watches ----
//
// On a slow connection the runtime takes longer to arrive than any fixed limit: the page
// gives up only when nothing moves. Every runtime file named in the manifest's `files`
// (their sizes as built) is counted as its bytes arrive (worker-downloads.mjs); the
// worker posts the running total (at most a few times a second) and a `stage` after each
// step of the start. The total leaves out the runtime's scripts (.js, .mjs): Pyodide
// imports them as modules, which no fetch watcher sees (they are small beside the .wasm
// and the standard library).

const PROGRESS_EVERY_MS = 250;

/** Path under ../runtime/ -> bytes, once the manifest is read. @type {Record<string, number> | null} */
export let expected = null;

/** The files to count, and their sizes. @param {Record<string, number> | null} files */
export function expectFiles(files) {
  expected = files;
}

/** Path under ../runtime/ -> bytes received so far. @type {Map<string, number>} */
export const received = new Map();

let lastProgress = 0;

/**
 * Tell the page how far the download has come (at most every PROGRESS_EVERY_MS unless
 * `force`), with the step just done, if any.
 * @param {string} [stage]
 * @param {boolean} [force]
 */
export function postProgress(stage, force = false) {
  const now = performance.now();
  if (!force && now - lastProgress < PROGRESS_EVERY_MS) return;
  lastProgress = now;
  let done = 0;
  for (const n of received.values()) done += n;
  let total = 0;
  for (const [path, size] of Object.entries(expected || {})) {
    if (!/\.m?js$/.test(path) && Number.isFinite(size)) total += size;
  }
  self.postMessage(stage ? { type: "progress", received: done, total, stage } : { type: "progress", received: done, total });
}
