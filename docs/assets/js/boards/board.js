// @ts-check
// What every board does the same way: its messages (the status line and the aria-live
// region), its start (wait for the engine, open the game from the address, the saved
// game or the block), the one way an action runs (`act`), the one way a game shown is
// kept (`keep`), and following a new game link to the page already open.
//
// A board is an EventTarget: the add-ons (the classmate, the analysis panels, the puzzle,
// the chances, Present) learn what happens from its events and act through its public
// methods, never through its fields:
//
//   "view"     {view, newGame}       a view is shown (every redraw: a move, a throw, undo,
//                                    a link, a saved game; `newGame`: a new game's first)
//   "move"     {before, view, move}  a move or a throw was made (by anyone)
//   "newgame"  {view}                a new game was set up and shown
//   "address"  {record}              a game link to this page was followed while it is
//                                    open; cancelable: preventDefault() keeps the game shown
//   "asked"    {point}               this device asks to move or throw (`point`: the piece
//                                    a choice starts from, or null); cancelable: refused
//
// A board class extends this and gives `loadCmd`, `freshView()`, `opened(view)` (show the
// game), `refresh()` (its controls and turn line from the view and `busy`),
// `maybeComputer()` and `reader()` (how its views are read).

import { strings } from "../i18n.js";
import { attachPresent } from "./present.js";
import { el, part, config, onResize, afterNextFrame } from "./dom.js";
import { call, errorText, isCancelled, waitForEngine } from "./engine-calls.js";
import { keep, openGame, recordFromAddress } from "./kept-games.js";

/**
 * How a board's views are read, for the add-ons that follow the game (classmate.js).
 * @typedef {object} ViewReader
 * @property {boolean} throws true for Zohn Ahl (a turn is throws; the words say "threw")
 * @property {(view: any) => number} count the throws or moves the view holds
 * @property {(view: any) => (number | null)} toMove the side whose turn it is (null: over)
 * @property {(view: any) => boolean} finished
 * @property {(view: any) => (number | null)} lastSide the side that made the last throw or move
 * @property {(view: any, side: number) => string} lastTurn the last turn of `side`, in words ("m6-m5", "1110 (3)")
 * @property {(side: number) => string} sideName
 * @property {(view: any) => string} result what the board's turn line says at the end
 * @property {(point: string) => (number | null)} [owner] the side whose piece stands at `point`
 */

/** @param {HTMLElement} root @param {boolean | "error"} value */
export function setReady(root, value) {
  // (the page's timeline: the first board playable, read by `make bench`)
  if (value === true && !performance.getEntriesByName("board:playable").length) performance.mark("board:playable");
  root.dataset.ready = String(value);
  root.setAttribute("aria-busy", value === true ? "false" : value === "error" ? "false" : "true");
}

export class Board extends EventTarget {
  /** @param {HTMLElement} root */
  constructor(root) {
    super();
    this.root = root;
    /** @type {Record<string, any>} */
    this.L = strings();
    this.cfg = config(root);
    this.id = root.id;
    /** @type {any} */
    this.view = null;
    this.busy = false;
    /** @type {Promise<void> | null} */
    this.acting = null;       // the action in progress (act())
    this.alive = true;
    this.loadCmd = "";        // the command that opens a record (the board class sets it)
    /** @type {number | null} */
    this.ownSide = null;      // the only side this device plays (playsOnly), or null: both
    this.presenting = false;  // shown alone on the whole screen (present.js)
    this.settingUp = false;   // a new game's first view is being shown (openNew)
    // the parts every board has, made by frame()
    this.status = /** @type {HTMLElement} */ (/** @type {unknown} */ (null));
    this.live = /** @type {HTMLElement} */ (/** @type {unknown} */ (null));
    this.boardBox = /** @type {HTMLElement} */ (/** @type {unknown} */ (null));
    this.controls = /** @type {HTMLElement} */ (/** @type {unknown} */ (null));
    this.turnLine = /** @type {HTMLElement} */ (/** @type {unknown} */ (null));
    /** @type {(() => void) | null} */
    this.stopFitting = null;
    /** @type {import("./dom.js").Size | null} */
    this.boxSize = null;      // the drawing's box as last seen (onResize): no layout read
    /** @type {(() => void) | null} */
    this.stopPresenting = null;
    this.onAddress = () => this.followAddress();
  }

  // ---- the public API: what add-ons may read, listen to and ask --------------------------

  /**
   * Listen to one of the board's events (above); returns a function that stops listening.
   * @param {string} type
   * @param {(detail: any, event: CustomEvent) => void} fn
   */
  on(type, fn) {
    /** @param {Event} ev */
    const handler = (ev) => fn(/** @type {CustomEvent} */ (ev).detail, /** @type {CustomEvent} */ (ev));
    this.addEventListener(type, handler);
    return () => this.removeEventListener(type, handler);
  }

  /**
   * Tell the add-ons; false when one of them refused (a cancelable event prevented).
   * @param {string} type @param {object} detail @param {boolean} [cancelable]
   */
  emit(type, detail, cancelable = false) {
    return this.dispatchEvent(new CustomEvent(type, { detail, cancelable }));
  }

  /** The view shown now (null until the game is open). @returns {any} */
  shownView() { return this.view; }
  /** The block's options (its data-config). */
  settings() { return this.cfg; }
  /** The board's id in the page (its game's name in links and storage). */
  boardId() { return this.id; }
  /** The board's element. */
  element() { return this.root; }
  /** How this board's views are read. @returns {ViewReader} */
  reader() { throw new Error("a board gives its reader"); }

  /** A control of an add-on, after the board's own. @param {Element} node */
  addControl(node) { this.controls.append(node); }

  /**
   * A panel of an add-on, just after the board's live region (or just before it).
   * @param {Element} node @param {"after" | "before"} [where]
   */
  addPanel(node, where = "after") {
    if (where === "before") this.live.before(node); else this.live.after(node);
  }

  /** Shown alone on the whole screen, or not (present.js; it then calls `fit`). @param {boolean} on */
  setPresenting(on) {
    this.presenting = on;
  }

  /**
   * This device plays only `side` (a classmate plays the other on another device), or
   * both (null): the other side's pieces do not move here, and Undo takes back only this
   * device's own last turn, before the other replies.
   * @param {number | null} side
   */
  playsOnly(side) {
    this.ownSide = side;
    if (this.view) this.refresh();
  }

  /** Whether Undo may take back the last turn of `view` (see playsOnly). @param {any} view */
  undoable(view) {
    const side = this.ownSide;
    if (side === null) return true;
    const r = this.reader();
    return !!view && r.lastSide(view) === side && (r.finished(view) || r.toMove(view) !== side);
  }

  /** Whether the side to move is another device's. @param {any} view */
  othersTurn(view) {
    const side = this.ownSide;
    if (side === null || !view) return false;
    const r = this.reader();
    return !r.finished(view) && r.toMove(view) !== side;
  }

  // ---- what a board class gives (see above) ----------------------------------------------
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
  // Stop a computer that is thinking (boards with a computer override it).
  async stopComputer() {}

  /** A view shown: the add-ons are told. @param {any} view */
  shown(view) {
    this.emit("view", { view, newGame: this.settingUp });
  }

  // Show the first view of a new game (the game kept is forgotten: the block's own start
  // opens again), and tell the add-ons.
  /** @param {any} view */
  async openNew(view) {
    this.settingUp = true;
    try {
      await this.opened(view);
    } finally {
      this.settingUp = false;
    }
    this.emit("newgame", { view });
  }

  // The parts every board has (the build writes most of them): the status line, the box
  // of the drawing, the controls, the live region that says what happens and the turn
  // line above the controls. `between()` adds the board's own parts after the drawing.
  frame(between = () => {}) {
    const root = this.root;
    this.status = part(root, "status", () => el("p", { class: "board-status" }), "prepend");
    this.boardBox = part(root, "board", () => el("div", { class: "board-svg" }));
    between();
    this.controls = part(root, "controls", () => el("div", { class: "board-controls", role: "group", "aria-label": "Game controls" }));
    this.live = part(root, "live", () => el("div", { class: "board-live" }));
    this.live.setAttribute("aria-live", "polite");
    this.live.setAttribute("role", "status");
    this.turnLine = el("p", { class: "board-turn" });
    this.controls.before(this.turnLine);
    this.stopFitting = onResize(this.boardBox, (size) => { this.boxSize = size; this.fit(); });
  }

  /** Say what happened (the live region). @param {string} text @param {string} [kind] */
  say(text, kind = "info") {
    this.live.textContent = text;
    this.live.dataset.kind = kind;
  }

  /** The status line (a warning, an error; "" hides it). @param {string} text @param {string} [kind] */
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
  /** @param {() => Promise<unknown>} work @param {{computer?: boolean}} [options] */
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

  // The game shown is the game kept (localStorage and the address), each time it changes.
  /** @param {any} view */
  keep(view) {
    keep(this.id, view.record);
  }

  // Open `record` (null: the block's own start), show it and keep it: the one way a game
  // from outside the board (a link followed, a classmate's link undone) comes onto it.
  /** @param {string | null} record @param {{computer?: boolean}} [options] */
  reopen(record, { computer = true } = {}) {
    return this.act(async () => {
      const view = record !== null ? await call(this.loadCmd, { record, ...this.gameArgs() }) : await this.freshView();
      await this.opened(view);
      this.keep(view);
    }, { computer });
  }

  // The arguments every request about this board's game carries beside its record (a
  // Zohn Ahl board played by teams: the teams, whose members the view names).
  /** @returns {Record<string, unknown>} */
  gameArgs() { return {}; }

  async start() {
    this.stopPresenting = attachPresent(this);
    setReady(this.root, false);
    this.setStatus(this.L.loading);
    await waitForEngine(this.root, this.status);
    if (!this.root.isConnected) return this;   // the page was left while Python started
    setReady(this.root, false);
    let view = await openGame(this.id, this.loadCmd, this.cfg.record, (m, k) => this.setStatus(m, k), this.gameArgs());
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
    // (fitted to its box before it is said playable: the box's first size comes from its
    // ResizeObserver in the first frame after the set-up, unless the board is not shown,
    // and the drawing is fitted in the frame after: onResize)
    if (!this.boxSize && typeof ResizeObserver === "function") {
      await afterNextFrame();
      await afterNextFrame();
    }
    if (!this.root.isConnected) return this;   // the page was left during the set-up
    setReady(this.root, true);
    window.addEventListener("hashchange", this.onAddress);
    window.addEventListener("popstate", this.onAddress);
    this.maybeComputer();
    return this;
  }

  // A game link to this page was followed while it is open (only the fragment changed):
  // open its game, unless an add-on refuses it. A link the engine cannot read is
  // reported; the game on the board stays.
  async followAddress() {
    if (!this.root.isConnected) return;   // a page left behind by instant navigation
    const record = recordFromAddress(this.id);
    if (!this.emit("address", { record }, true)) return;
    if (record === null || !this.view || record === this.view.record) return;
    await this.stopComputer();
    await this.act(async () => {
      let view;
      try {
        view = await call(this.loadCmd, { record, ...this.gameArgs() });
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

  destroy() {
    this.alive = false;
    if (this.stopFitting) this.stopFitting();
    if (this.stopPresenting) this.stopPresenting();
    window.removeEventListener("hashchange", this.onAddress);
    window.removeEventListener("popstate", this.onAddress);
  }
}
