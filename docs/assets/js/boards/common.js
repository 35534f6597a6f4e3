// @ts-check
// What both boards share: building elements, the engine connection (with a retry when
// the worker was restarted), the game kept in the page address and in localStorage,
// and the "Copy link" control. No rules here: a game is its record, read by the engine.

import { strings, lang } from "../i18n.js";
import { paramName, recordIn, withRecord, gameLink } from "./game-links.js";
import { heldCount, wholeView } from "./long-game.js";
import { attachPresent } from "./present.js";
import { copyText } from "../clipboard.js";

export function el(tag, attrs = {}, ...children) {
  const node = tag.startsWith("svg:")
    ? document.createElementNS("http://www.w3.org/2000/svg", tag.slice(4))
    : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.setAttribute("class", v);
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

// The part of a board with data-role=ROLE (the build writes most of them), created when missing.
export function part(root, role, make, where = "append") {
  let node = root.querySelector(`:scope > [data-role="${role}"], :scope [data-role="${role}"]`);
  if (!node) {
    node = make();
    node.dataset.role = role;
    if (where === "prepend") root.prepend(node); else root.append(node);
  }
  return node;
}

// The button with data-action=ACTION inside `box`, created when missing. Its accessible
// name (`name`) is set only when the markup gave none; a click while it is off does nothing.
/**
 * @param {Element} box
 * @param {string} action
 * @param {string} label
 * @param {{key?: string, name?: string, pressed?: boolean, onclick?: (ev: Event) => void}} [options]
 * @returns {HTMLButtonElement}
 */
export function button(box, action, label, { key, name, pressed, onclick } = {}) {
  /** @type {HTMLButtonElement} */
  let b = box.querySelector(`[data-action="${action}"]`);
  if (!b) {
    b = el("button", { type: "button", class: "board-button", "data-action": action });
    box.append(b);
    b.textContent = label;
  }
  if (name && !b.getAttribute("aria-label")) b.setAttribute("aria-label", name);
  if (key) b.setAttribute("aria-keyshortcuts", key);
  if (pressed !== undefined) b.setAttribute("aria-pressed", String(pressed));
  if (onclick) b.addEventListener("click", (ev) => { if (!isOff(b)) onclick(ev); });
  return b;
}

// Turn a control on or off. The control that has the focus is only marked aria-disabled:
// a disabled element drops the focus to the page body, and a keyboard player would have
// to find the board again after every throw. Handlers check `isOff`.
export function enable(control, on) {
  if (on) {
    control.disabled = false;
    control.removeAttribute("aria-disabled");
  } else if (control === document.activeElement || control.getAttribute("aria-disabled") === "true") {
    control.disabled = false;
    control.setAttribute("aria-disabled", "true");
  } else {
    control.disabled = true;
  }
}

export function isOff(control) {
  return control.disabled || control.getAttribute("aria-disabled") === "true";
}

// The centre of an SVG element in the user coordinates of `frame` (an <svg> or <g>),
// whatever transforms lie between them.
export function centre(node, frame) {
  const b = node.getBBox();
  const x = b.x + b.width / 2;
  const y = b.y + b.height / 2;
  try {
    const m = frame.getScreenCTM().inverse().multiply(node.getScreenCTM());
    return { x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f };
  } catch {
    return { x, y };
  }
}

// The room a board's drawing has, in CSS px: the width of its box and the height wished
// for (the window's, less the site's header and a line of the board's words; while the
// board is presented, the box's own height, which the presentation's layout sets).
export function room(root, box) {
  const presenting = root.classList.contains("is-presenting");
  const height = presenting ? box.clientHeight : Math.max(window.innerHeight - 160, 240);
  return { width: box.clientWidth, height };
}

// Call `fn` when `node` changes size, or the window does (a phone turned, a screen
// presented). Returns a function that stops it.
export function onResize(node, fn) {
  let queued = false;
  const run = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; fn(); });
  };
  const observer = typeof ResizeObserver === "function" ? new ResizeObserver(run) : null;
  if (observer) observer.observe(node);
  window.addEventListener("resize", run);
  return () => {
    if (observer) observer.disconnect();
    window.removeEventListener("resize", run);
  };
}

export function reducedMotion() {
  return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

export function config(root) {
  try {
    return JSON.parse(root.dataset.config || "{}") || {};
  } catch {
    return {};
  }
}

export function errorText(err) {
  if (!err) return "unknown error";
  if (typeof err === "string") return err;
  return err.message || err.reason || String(err);
}

// ---- the engine -------------------------------------------------------------

let clientPromise = null;

// The engine client (engine-client.js), loaded only on pages that have a board.
export function engine() {
  if (!clientPromise) {
    clientPromise = import("../engine-client.js").then((m) => m.getEngine());
  }
  return clientPromise;
}

// Wait until the engine is ready. If it cannot start, say so in plain words (the engine
// client's message, in the page's language) with a "Try again" button; the promise
// resolves once a later attempt succeeds, so the board comes to life then.
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

async function showProgress(statusNode, L) {
  let c;
  try { c = await engine(); } catch { return () => {}; }
  if (!c.onStatus || !L.downloading) return () => {};
  statusNode.setAttribute("aria-live", "polite");
  let shown = Date.now(); // a quick download is not worth a word: "Loading" stays
  const megabytes = (bytes) => (bytes / 1e6).toLocaleString(lang() === "fr" ? "fr-FR" : "en-GB",
    { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const unsubscribe = c.onStatus(({ status, progress }) => {
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

// call(cmd, args): the result, or throws (err.name "EngineError" for input the engine
// refuses, with err.message quoting it). A call lost because the worker died or hung is
// sent again once to the fresh worker (engine-client's `retries`): every call carries the
// whole record, so the game in progress survives a restart. `fallback(args, err)` may
// give smaller arguments for one more try (engine-client's `fallback`).
/**
 * @param {string} cmd
 * @param {object} args
 * @param {{retries?: number, timeoutMs?: number, fallback?: (args: any, err: any) => any}} [options]
 */
export async function call(cmd, args, { retries = 1, timeoutMs, fallback } = {}) {
  const c = await engine();
  /** @type {{retries: number, timeoutMs?: number, fallback?: (args: any, err: any) => any}} */
  const opts = { retries };
  if (timeoutMs) opts.timeoutMs = timeoutMs;
  if (fallback) opts.fallback = fallback;
  return c.call(cmd, args, opts);
}

// A request that plays one more throw or move on the game `view` holds (a throw, a move,
// a computer move): it sends `since`, the throws or moves the board already holds, and
// joins the reply to them (long-game.js), so a move costs the same at any length of game
// and the result is the whole view, as `call` would give it (for a reply that carries
// its view as `view`, that view).
export async function callAfter(view, cmd, args, opts) {
  const n = heldCount(view);
  const res = await call(cmd, n === undefined ? args : { ...args, since: n }, opts);
  if (res && res.view && typeof res.view === "object") return { ...res, view: wholeView(view, res.view) };
  return wholeView(view, res);
}

// The engine's drawing of a board without what changes during a game (the protocol's
// `svg` with `static`), drawn once per ruleset, language and orientation and kept for
// every board of the page: each view then places its pieces on it. The drawing a board
// starts from is already in the page, drawn by the build (a <template
// data-role="static-board"> whose data-args is the same request, keys sorted): the
// engine is asked only for another (the board turned round, another ruleset).
const staticBoards = new Map();

export function staticBoard(args) {
  const all = { ...args, lang: lang(), static: true };
  const key = sortedJSON(all);
  if (!staticBoards.has(key)) {
    const built = builtDrawing(key);
    const drawing = built !== null ? Promise.resolve(built) : call("svg", all).then((res) => res.svg);
    drawing.catch(() => staticBoards.delete(key));   // a failed drawing is asked again
    staticBoards.set(key, drawing);
  }
  return staticBoards.get(key);
}

/** The drawing the build put in the page for the request `key`, or null. @param {string} key */
function builtDrawing(key) {
  for (const template of document.querySelectorAll('template[data-role="static-board"]')) {
    if (template instanceof HTMLTemplateElement && template.dataset.args === key) return template.innerHTML;
  }
  return null;
}

/** JSON with every object's keys sorted (as the build writes data-args). @param {any} value */
function sortedJSON(value) {
  if (Array.isArray(value)) return `[${value.map(sortedJSON).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${sortedJSON(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export function isCancelled(err) {
  return !!err && err.name === "EngineCancelled";
}

export async function cancel() {
  const c = await engine();
  if (c.cancel) return c.cancel();
}

// ---- games in the address and in localStorage -----------------------------------

export { paramName };

// The record of board `id` in the page's address, or null (see game-links.js).
export function recordFromAddress(id) {
  return recordIn(location.href, id);
}

export function storageKey(id) {
  return `zaa:${location.pathname}:${id}`;
}

export function savedRecord(id) {
  try {
    return localStorage.getItem(storageKey(id));
  } catch {
    return null;
  }
}

export function linkFor(id, record) {
  return gameLink(location.href, id, record);
}

function setAddress(href) {
  try {
    if (href !== location.href) history.replaceState(history.state, "", href);
  } catch { /* ignore */ }
}

// Keep the current game: in localStorage (reload resumes it) and in the address's
// fragment (replaceState, so the back button is not flooded).
export function keep(id, record, { address = true } = {}) {
  try {
    localStorage.setItem(storageKey(id), record);
  } catch { /* storage may be disabled: the address still holds the game */ }
  if (address) setAddress(withRecord(location.href, id, record));
}

export function forget(id) {
  try {
    localStorage.removeItem(storageKey(id));
  } catch { /* ignore */ }
  setAddress(withRecord(location.href, id, null));
}

// Whether board `id` will open another game than its block's own (`startRecord`): one in
// the address, or a saved one (what openGame tries first). Until the engine has read it,
// the position drawn at build time is not that game's.
export function opensAnotherGame(id, startRecord) {
  const saved = savedRecord(id);
  return recordFromAddress(id) !== null || (saved !== null && saved !== startRecord);
}

// The record to open a board with: the address first, then localStorage, then the
// block's own start. Each candidate is read by the engine (`load`); a bad one is
// reported in words and the next is tried.
export async function openGame(id, loadCmd, startRecord, say) {
  const L = strings();
  const fromAddress = recordFromAddress(id);
  if (fromAddress !== null) {
    try {
      return await call(loadCmd, { record: fromAddress });
    } catch (err) {
      forget(id);
      say(L.badLink(errorText(err)), "error");
      return null;
    }
  }
  const saved = savedRecord(id);
  if (saved !== null && saved !== startRecord) {
    try {
      return await call(loadCmd, { record: saved });
    } catch (err) {
      forget(id);
      say(L.badSaved(errorText(err)), "error");
      return null;
    }
  }
  return null;
}

export async function copyLink(id, record, say, box) {
  const L = strings();
  const url = linkFor(id, record);
  let field = box.querySelector(".board-link");
  if (!field) {
    field = el("input", { class: "board-link", type: "text", readonly: true, "aria-label": L.linkShown });
    box.append(field);
  }
  field.value = url;
  field.hidden = false;
  const copied = await copyText(url, field);
  say(copied ? L.linkCopied : L.linkShown);
  return url;
}

export function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

export function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

export function setReady(root, value) {
  // (the page's timeline: the first board playable, read by `make bench`)
  if (value === true && !performance.getEntriesByName("board:playable").length) performance.mark("board:playable");
  root.dataset.ready = String(value);
  root.setAttribute("aria-busy", value === true ? "false" : value === "error" ? "false" : "true");
}

// What every board does the same way: its messages (the status line and the aria-live
// region), its start (wait for the engine, open the game from the address, the saved
// game or the block), the one way an action runs (`act`), and following a new game link
// to the page already open. A board class extends this and gives `loadCmd`,
// `freshView()`, `opened(view)` (show the game), `refresh()` (its controls and turn line
// from `this.view` and `this.busy`) and `maybeComputer()`.
export class Board {
  constructor(root) {
    this.root = root;
    this.L = strings();
    this.cfg = config(root);
    this.id = root.id;
    this.view = null;
    this.busy = false;
    /** @type {Promise<void> | null} */
    this.acting = null;       // the action in progress (act())
    this.alive = true;
    this.loadCmd = "";        // the command that opens a record (the board class sets it)
    /** @type {HTMLElement} */
    this.status = null;       // the status line and the live region (the board builds them)
    /** @type {HTMLElement} */
    this.live = null;
    this.presenting = false;  // shown alone on the whole screen (present.js)
    this.onAddress = () => this.followAddress();
  }

  // What a board class gives (see above).
  /** @returns {Promise<any>} */
  async freshView() { throw new Error("a board gives its fresh view"); }
  /** @param {any} view */
  async opened(view) { this.view = view; }
  refresh() {}
  maybeComputer() {}
  // Size the drawing to its box (called when the box or the window changes size).
  fit() {}
  // What Space does while the board is presented: its main move.
  mainAction() {}

  // The parts every board has (the build writes most of them): the status line, the box
  // of the drawing, the controls, the live region that says what happens and the turn
  // line above the controls. `between()` adds the board's own parts after the drawing.
  frame(between = () => {}) {
    const root = this.root;
    this.status = part(root, "status", () => el("p", { class: "board-status" }), "prepend");
    /** @type {HTMLElement} */
    this.boardBox = part(root, "board", () => el("div", { class: "board-svg" }));
    between();
    /** @type {HTMLElement} */
    this.controls = part(root, "controls", () => el("div", { class: "board-controls", role: "group", "aria-label": "Game controls" }));
    this.live = part(root, "live", () => el("div", { class: "board-live" }));
    this.live.setAttribute("aria-live", "polite");
    this.live.setAttribute("role", "status");
    this.turnLine = el("p", { class: "board-turn" });
    this.controls.before(this.turnLine);
    this.stopFitting = onResize(this.boardBox, () => this.fit());
  }

  say(text, kind = "info") {
    this.live.textContent = text;
    this.live.dataset.kind = kind;
  }

  setStatus(text, kind = "info") {
    this.status.textContent = text;
    this.status.dataset.kind = kind;
    this.status.classList.toggle("board-error", kind === "error");
    this.status.hidden = !text;
  }

  // Run one action the reader asked for (a move, a throw, undo, a new game...): the board
  // is busy while it runs (its controls say so; the focused one keeps the focus), a
  // failure is shown in the status line in the engine's words and the game on the board
  // stays, the controls are refreshed, then the computer plays if it is its turn.
  async act(work, { computer = true } = {}) {
    if (this.busy || !this.alive) return false;
    this.busy = true;
    let ended = () => {};
    this.acting = new Promise((resolve) => { ended = resolve; });
    this.refresh();
    let ok = true;
    try {
      await work();
    } catch (err) {
      ok = false;
      if (!isCancelled(err)) this.setStatus(errorText(err), "error");
    } finally {
      this.busy = false;
      ended();
      if (this.alive) this.refresh();
    }
    if (computer && this.alive) this.maybeComputer();
    return ok;
  }

  // Resolves once the action in progress, if any, has ended (a move being shown has been
  // said in words).
  async idle() {
    while (this.busy && this.acting) await this.acting;
  }

  // The game is kept (localStorage and the address) each time it changes.
  keep(view) {
    keep(this.id, view.record);
  }

  async start() {
    this.stopPresenting = attachPresent(this);
    setReady(this.root, false);
    this.setStatus(this.L.loading);
    await waitForEngine(this.root, this.status);
    setReady(this.root, false);
    let view = await openGame(this.id, this.loadCmd, this.cfg.record, (m, k) => this.setStatus(m, k));
    const warned = view === null && this.status.dataset.kind === "error";
    try {
      // a game from the address or the saved one is kept as it is shown (a link opened
      // in a new tab is then the game this device reopens from the menu); the block's
      // own start is not written into the address
      const opened = view !== null;
      if (!view) view = await this.freshView();
      if (!warned) this.setStatus("");
      await this.opened(view);
      if (opened) this.keep(view);
    } catch (err) {
      this.setStatus(errorText(err), "error");
      setReady(this.root, "error");
      return this;
    }
    setReady(this.root, true);
    window.addEventListener("hashchange", this.onAddress);
    window.addEventListener("popstate", this.onAddress);
    this.maybeComputer();
    return this;
  }

  // A game link to this page was followed while it is open (only the fragment changed):
  // open its game. A link the engine cannot read is reported; the game on the board stays.
  async followAddress() {
    if (!this.root.isConnected) return;   // a page left behind by instant navigation
    const record = recordFromAddress(this.id);
    if (record === null || !this.view || record === this.view.record) return;
    await this.stopComputer();
    await this.act(async () => {
      let view;
      try {
        view = await call(this.loadCmd, { record });
      } catch (err) {
        this.keep(this.view);
        throw new Error(this.L.badLinkKept(errorText(err)));
      }
      this.setStatus("");
      await this.opened(view);
      this.keep(view);
      this.say(this.L.linkOpened);
    });
  }

  // Stop a computer that is thinking (boards with a computer override it).
  async stopComputer() {}

  destroy() {
    this.alive = false;
    if (this.stopFitting) this.stopFitting();
    if (this.stopPresenting) this.stopPresenting();
    window.removeEventListener("hashchange", this.onAddress);
    window.removeEventListener("popstate", this.onAddress);
  }
}
