// @ts-check
// A board's calls to the engine (engine-client.js, loaded only on pages with a board):
// waiting for Python to start, with its download's progress in words and a "Try again"
// button; one call, sent again once to a restarted worker; a call that plays one more
// throw or move and carries only what the board lacks; and the engine's drawings of the
// boards, kept for the page.

import { strings, lang } from "../i18n.js";
import { heldCount, wholeView } from "./long-game.js";
import { el } from "./dom.js";

/** The words of a failure: an engine error's message, else the thing said as text. @param {unknown} err */
export function errorText(err) {
  if (!err) return "unknown error";
  if (typeof err === "string") return err;
  const e = /** @type {{message?: string, reason?: string}} */ (err);
  return e.message || e.reason || String(err);
}

/** @type {Promise<any> | null} */
let clientPromise = null;

// The engine client (engine-client.js), loaded only on pages that have a board.
/** @returns {Promise<any>} */
export function engine() {
  if (!clientPromise) {
    clientPromise = import("../engine-client.js").then((m) => m.getEngine());
  }
  return clientPromise;
}

// Wait until the engine is ready. If it cannot start, say so in plain words (the engine
// client's message, in the page's language) with a "Try again" button; the promise
// resolves once a later attempt succeeds, so the board comes to life then.
/**
 * @param {HTMLElement} root
 * @param {HTMLElement} statusNode
 * @param {(err: unknown) => void} [onFail]
 * @returns {Promise<boolean>}
 */
export function waitForEngine(root, statusNode, onFail) {
  const L = strings();
  return new Promise((resolve) => {
    const attempt = async () => {
      const stopShowing = await showProgress(statusNode, L);
      try {
        await engineReady();
        resolve(true);
      } catch (err) {
        console.error(err);
        root.dataset.ready = "error";
        root.setAttribute("aria-busy", "false");
        statusNode.hidden = false;
        statusNode.classList.add("board-error");
        statusNode.dataset.kind = "error";
        const e = /** @type {any} */ (err);
        const msg = e && e.name === "EngineUnavailable" && e.message ? e.message : L.failed;
        const again = el("button", { type: "button", class: "board-button", "data-action": "retry", text: L.retry });
        statusNode.replaceChildren(el("span", { text: msg + " " }), again);
        if (onFail) onFail(err);
        again.addEventListener("click", async () => {
          again.disabled = true;
          statusNode.replaceChildren(el("span", { text: L.loading }));
          statusNode.classList.remove("board-error");
          statusNode.dataset.kind = "info";
          root.dataset.ready = "false";
          const c = await engine();
          try { c.restart ? await c.restart() : null; } catch { /* reported by attempt() */ }
          attempt();
        });
      } finally {
        stopShowing();
      }
    };
    attempt();
  });
}

// While Python downloads, the status line says how far it has come ("Downloading Python:
// 2.1 of 9.8 MB"), politely for screen readers: a first figure after a few seconds (a
// quick download says nothing), then one at most every few seconds; once every file is
// in, it says the engine is loading (Python starting) again.
const PROGRESS_WORDS_EVERY_MS = 4000;

/**
 * @param {HTMLElement} statusNode
 * @param {Record<string, any>} L
 * @returns {Promise<() => void>}
 */
async function showProgress(statusNode, L) {
  let c;
  try { c = await engine(); } catch { return () => {}; }
  if (!c.onStatus || !L.downloading) return () => {};
  statusNode.setAttribute("aria-live", "polite");
  let shown = Date.now(); // a quick download is not worth a word: "Loading" stays
  const megabytes = (/** @type {number} */ bytes) => (bytes / 1e6).toLocaleString(lang() === "fr" ? "fr-FR" : "en-GB",
    { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  /** @type {() => void} */
  const unsubscribe = c.onStatus((/** @type {{status: string, progress?: {received: number, total: number}}} */ { status, progress }) => {
    if (status !== "starting" || !progress || !(progress.total > 0) || statusNode.dataset.kind === "error") return;
    const now = Date.now();
    const done = progress.received >= progress.total;
    if (now - shown < PROGRESS_WORDS_EVERY_MS && !done) return;
    if (done && statusNode.dataset.progress !== "downloading") return;
    shown = now;
    statusNode.dataset.progress = done ? "done" : "downloading";
    const text = done ? L.loading : L.downloading.replace("{received}", megabytes(progress.received))
      .replace("{total}", megabytes(progress.total));
    statusNode.replaceChildren(el("span", { text }));
    statusNode.hidden = false;
  });
  return () => {
    unsubscribe();
    delete statusNode.dataset.progress;
  };
}

export async function engineReady() {
  // The client's own start limit ends a start that makes no progress; none is added here,
  // as a slow connection may take minutes to download Python.
  const c = await engine();
  if (c.ready && typeof c.ready.then === "function") await c.ready;
  else if (typeof c.ready === "function") await c.ready();
  return c;
}

/** @typedef {{retries?: number, timeoutMs?: number, fallback?: (args: any, err: any) => any, background?: boolean}} CallOptions */

// call(cmd, args): the result, or throws (err.name "EngineError" for input the engine
// refuses, with err.message quoting it). A call lost because the worker died or hung is
// sent again once to the fresh worker (engine-client's `retries`): every call carries the
// whole record, so the game in progress survives a restart. `fallback(args, err)` may
// give smaller arguments for one more try (engine-client's `fallback`). `background` (the
// lab's preparations): sent once no board is being set up, and answered after the others.
/**
 * @param {string} cmd
 * @param {object} args
 * @param {CallOptions} [options]
 * @returns {Promise<any>}
 */
export async function call(cmd, args, { retries = 1, timeoutMs, fallback, background } = {}) {
  if (background) await boardsSetUp();
  const c = await engine();
  /** @type {CallOptions} */
  const opts = { retries };
  if (background) opts.background = true;
  if (timeoutMs) opts.timeoutMs = timeoutMs;
  if (fallback) opts.fallback = fallback;
  return c.call(cmd, args, opts);
}

// Resolves once no board of the page is being set up (set up and not yet playable nor
// failed: boards.js, board.js's setReady): a request in the background is sent only then,
// so a board's requests, each sent once the one before is answered, never queue behind it.
function boardsSetUp() {
  const settingUp = () => document.querySelector('.board[data-mounted][data-ready="false"]') !== null;
  if (!settingUp()) return Promise.resolve();
  return /** @type {Promise<void>} */ (new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!settingUp()) { observer.disconnect(); resolve(); }
    });
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ["data-ready", "data-mounted"] });
  }));
}

// A request that plays one more throw or move on the game `view` holds (a throw, a move,
// a computer move): it sends `since`, the throws or moves the board already holds, and
// joins the reply to them (long-game.js), so a move costs the same at any length of game
// and the result is the whole view, as `call` would give it (for a reply that carries
// its view as `view`, that view).
/**
 * @param {any} view
 * @param {string} cmd
 * @param {Record<string, any>} args
 * @param {CallOptions} [opts]
 * @returns {Promise<any>}
 */
export async function callAfter(view, cmd, args, opts) {
  const n = heldCount(view);
  const res = await call(cmd, n === undefined ? args : { ...args, since: n }, opts);
  if (res && res.view && typeof res.view === "object") return { ...res, view: wholeView(view, res.view) };
  return wholeView(view, res);
}

// The engine's drawing of a board without what changes during a game (the protocol's
// `svg` with `static`), drawn once per ruleset, language and orientation and kept for
// every board of the page: each view then places its pieces on it. The drawing a board
// starts from is already in the page, drawn by the build (an Awithlaknannai board's in a
// <template data-role="static-board">, a Zohn Ahl board's as the board itself, its pieces
// placed; either's data-args is the same request, keys sorted): the engine is asked only
// for another (the board turned round, another ruleset).
/** @type {Map<string, Promise<string>>} */
const staticBoards = new Map();

/** @param {Record<string, any>} args @returns {Promise<string>} */
export function staticBoard(args) {
  const key = staticKey(args);
  let drawing = staticBoards.get(key);
  if (!drawing) {
    const built = builtDrawing(key);
    drawing = built !== null ? Promise.resolve(built) : call("svg", JSON.parse(key)).then((res) => res.svg);
    drawing.catch(() => staticBoards.delete(key));   // a failed drawing is asked again
    staticBoards.set(key, drawing);
  }
  return drawing;
}

/** The request of `staticBoard(args)`, as the build writes it in data-args. @param {Record<string, any>} args */
export function staticKey(args) {
  return sortedJSON({ ...args, lang: lang(), static: true });
}

/** The drawing the build put in the page for the request `key`, or null. @param {string} key */
function builtDrawing(key) {
  for (const template of document.querySelectorAll('template[data-role="static-board"]')) {
    if (template instanceof HTMLTemplateElement && template.dataset.args === key) return template.innerHTML;
  }
  // (a board's own drawing: its pieces wherever its game has them, as good as any, since
  // each view places every piece)
  for (const box of document.querySelectorAll('[data-role="board"][data-args]')) {
    const svg = box instanceof HTMLElement && box.dataset.args === key ? box.querySelector("svg") : null;
    if (svg) return svg.outerHTML;
  }
  return null;
}

/** JSON with every object's keys sorted (as the build writes data-args). @param {any} value @returns {string} */
function sortedJSON(value) {
  if (Array.isArray(value)) return `[${value.map(sortedJSON).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${sortedJSON(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** @param {unknown} err */
export function isCancelled(err) {
  return !!err && /** @type {{name?: string}} */ (err).name === "EngineCancelled";
}

export async function cancel() {
  const c = await engine();
  if (c.cancel) return c.cancel();
}

export function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}
