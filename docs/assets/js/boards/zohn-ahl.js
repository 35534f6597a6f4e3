// @ts-check
// The Zohn Ahl board: throw the four sticks, watch the awl go space by space, hear what
// happened. The engine (Python, in the worker) draws each throw from the game's seed,
// applies the ruleset and returns structured events and the new state; this module holds
// the view shown and runs the actions, on the engine's drawings of the board (drawn once
// per ruleset, the awls and counters then moved: zohn-ahl-render.js) and of the sticks
// (written by the build). Its controls are built by zohn-ahl-controls.js, the sides and
// the log by zohn-ahl-view.js, the replay by zohn-ahl-replay.js. A throw, a computer
// throw and an undo are one request each; a replay uses the states and events the view
// already holds (no request).

import { sayPhrase, sayPhrases } from "../i18n.js";
import { enable, isOff, centre, reducedMotion, sleep, yieldToPage } from "./dom.js";
import { call, callAfter, staticBoard, staticKey } from "./engine-calls.js";
import { forget, opensAnotherGame } from "./kept-games.js";
import { Board } from "./board.js";
import { AwlLayer, showSticks } from "./zohn-ahl-render.js";
import { turnOf } from "./zohn-ahl-turns.js";
import { buildParts, buildControls } from "./zohn-ahl-controls.js";
import { isOver, renderSides, rebuildLog, appendLog, lastRow, lastThrower, turnWords } from "./zohn-ahl-view.js";
import { startReplay, replayTo, endReplay } from "./zohn-ahl-replay.js";
import { attachClassmate } from "./classmate.js";

/** @type {Record<string, {think: number, tumble: number, step: number, after: number}>} */
const PACE = {
  normal: { think: 1100, tumble: 650, step: 190, after: 350 },
  fast: { think: 180, tumble: 160, step: 45, after: 60 },
};

const NONE = /** @type {any} */ (null);   // a part made by build(), before it is made

export class ZohnAhlBoard extends Board {
  /** @param {HTMLElement} root */
  constructor(root) {
    super(root);
    this.loadCmd = "zohn-ahl.load";
    /** @type {string[][] | null} the block's teams (the engine says whose turn it is) */
    this.teams = Array.isArray(this.cfg.teams) ? this.cfg.teams : null;
    /** @type {string[]} */
    this.names = this.L.sideName.slice();
    /** @type {number | null} */
    this.computerSide = this.cfg.opponent === "computer" ? 1 : null;
    this.speed = "normal";
    /** @type {{index: number} | null} */
    this.replay = null;      // {index} while replaying this.view's throws
    this.thinking = false;
    /** @type {HTMLElement} */ this.sides = NONE;
    /** @type {HTMLElement} */ this.sticksBox = NONE;
    /** @type {SVGSVGElement | null} */ this.sticks = null;
    /** @type {HTMLButtonElement} */ this.btnThrow = NONE;
    /** @type {HTMLButtonElement} */ this.btnUndo = NONE;
    /** @type {HTMLButtonElement} */ this.btnNew = NONE;
    /** @type {HTMLButtonElement} */ this.btnReplay = NONE;
    /** @type {HTMLButtonElement} */ this.btnLink = NONE;
    /** @type {HTMLSelectElement} */ this.oppSelect = NONE;
    /** @type {HTMLElement} */ this.replayBar = NONE;
    /** @type {HTMLButtonElement} */ this.rbFirst = NONE;
    /** @type {HTMLButtonElement} */ this.rbPrev = NONE;
    /** @type {HTMLButtonElement} */ this.rbNext = NONE;
    /** @type {HTMLButtonElement} */ this.rbLast = NONE;
    /** @type {HTMLButtonElement} */ this.rbExit = NONE;
    /** @type {HTMLElement} */ this.rbLabel = NONE;
    /** @type {HTMLOListElement} */ this.log = NONE;
    /** @type {(HTMLButtonElement | HTMLSelectElement)[]} */ this.allButtons = [];
    this.frame(() => buildParts(this));
    this.drawing = new AwlLayer(this.boardBox);
    this.build();
  }

  // -- layout ------------------------------------------------------------------------
  build() {
    const root = this.root;
    // the two sides as every game starts, shown at once: the panel holds its place above
    // the cloth while Python starts, and the engine's state fills it in. A game that may
    // not be at its start (a link, a saved game, a block that starts after some throws)
    // shows neither the sides nor the awls and counters drawn at build time, their places
    // kept, until the engine has read it: only the engine knows where the game stands.
    renderSides(this, { counters: Array(2).fill(Number(this.cfg.counters) || 0), to_move: 0, winner: null });
    if (this.cfg.throws || opensAnotherGame(this.id, this.cfg.record)) {
      root.classList.add("is-opening-game");
    }
    buildControls(this);
  }

  // -- the public API beyond Board's -------------------------------------------------------
  /** The sides' names, as the board shows them. */
  sideNames() { return this.names.slice(); }

  /** @returns {import("./board.js").ViewReader} */
  reader() {
    return {
      throws: true,
      count: (v) => v.thrown || 0,
      toMove: (v) => (isOver(v.state) ? null : v.state.to_move),
      finished: (v) => isOver(v.state),
      lastSide: (v) => lastThrower(v),
      lastTurn: (v, side) => turnWords(this.L, v, side),
      sideName: (side) => this.names[side],
      result: (v) => this.L.wins(this.names[v.state.winner]),
    };
  }

  /** @param {number | null} side */
  playsOnly(side) {
    if (side !== null) this.computerSide = null;
    super.playsOnly(side);
  }

  // A tap on the board: the awls move only by the throw, and the other side's awl is not
  // the reader's to move; said in words (nothing is played).
  /** @param {number | null} side */
  tapped(side) {
    const v = this.view;
    if (!v || this.busy || this.replay || isOver(v.state)) return;
    const mover = v.state.to_move;
    this.say(side !== null && side !== mover ? this.L.theirAwl(this.names[side]) : this.L.awlByThrow);
  }

  // Space on a presented board throws the sticks (as T does).
  mainAction() {
    if (!isOff(this.btnThrow)) this.throwOnce();
  }

  /** @param {boolean} on */
  loading(on) {
    for (const b of this.allButtons) b.disabled = on;
    this.controls.classList.toggle("is-loading", on);
  }

  // -- start (Board.start opens the game) -------------------------------------------------
  /** @param {any} view */
  async opened(view) {
    this.endReplay(false);
    await this.show(view);
    showSticks(this.sticks, (lastRow(view) || {}).throw || "", this.L);
    this.loading(false);
    this.refresh();
  }

  async freshView() {
    if (this.cfg.record) return call("zohn-ahl.load", { record: this.cfg.record, ...this.gameArgs() });
    return call("zohn-ahl.new", { options: this.options(), ...this.gameArgs() });
  }

  gameArgs() {
    return this.teams ? { teams: this.teams } : {};
  }

  options() {
    if (this.view && this.view.options) return this.view.options;
    /** @type {Record<string, any>} */
    const o = { ruleset: this.cfg.ruleset || "kiowa" };
    if (this.cfg.counters) o.counters = Number(this.cfg.counters);
    if (this.cfg.gully) o.gully = this.cfg.gully;
    return o;
  }

  // -- showing a position ------------------------------------------------------------------
  // Show `view`: the engine's drawing of its board (asked once), its state, the log.
  /** @param {any} view */
  async show(view) {
    const options = view.options;
    const drawn = { game: "zohn-ahl", options };
    const key = staticKey(drawn);
    if (!this.drawing.shows(key)) this.drawing.board(key, await staticBoard(drawn));
    this.view = view;
    this.drawing.place(view.state);
    renderSides(this, view.state, turnOf(view));
    this.root.classList.remove("is-opening-game");
    rebuildLog(this, view);
    this.refresh();
    this.shown(view);
  }

  throwCount() {
    return this.view.thrown || 0;
  }

  refresh() {
    if (!this.view) return;
    const st = this.view.state;
    const over = isOver(st);
    const computerTurn = this.computerSide !== null && st.to_move === this.computerSide;
    const idle = !this.busy && !this.replay;
    enable(this.btnThrow, idle && !over && !computerTurn && !this.thinking);
    enable(this.btnNew, !this.busy);
    enable(this.btnUndo, idle && this.throwCount() > 0 && this.undoable(this.view));
    enable(this.btnReplay, idle && this.throwCount() > 0);
    enable(this.btnLink, true);
    enable(this.oppSelect, !this.replay);
    if (this.replay) {
      const n = this.throwCount();
      const i = this.replay.index;
      enable(this.rbFirst, !this.busy && i > 0);
      enable(this.rbPrev, !this.busy && i > 0);
      enable(this.rbNext, !this.busy && i < n);
      enable(this.rbLast, !this.busy && i < n);
      enable(this.rbExit, !this.busy);
      return;
    }
    if (over) this.turnLine.textContent = this.L.wins(this.names[st.winner]);
    else if (computerTurn) this.turnLine.textContent = this.L.computerThinking;
    else this.turnLine.textContent = sayPhrase(turnOf(this.view).caption, this.L);
  }

  pace() {
    if (reducedMotion()) return { think: this.speed === "fast" ? 150 : 700, tumble: 0, step: 0, after: 0 };
    return PACE[this.speed];
  }

  // -- a throw ----------------------------------------------------------------------------
  // One request: the engine throws (from the game's seed), plays the throw and draws the
  // board after it; the sticks tumble and the awl walks while the page shows it. A warning
  // on the status line goes with the reader's own throw (read, then acted on), never with
  // the computer's (`byComputer`), which may come before the reader has read it. The
  // add-ons are asked first (a classmate's throw is not this device's).
  throwOnce(byComputer = false) {
    if (this.busy || !this.view || isOver(this.view.state) || this.replay) return;
    if (!this.emit("asked", { point: null }, true)) return;
    return this.act(async () => {
      const before = this.view;
      const res = await callAfter(before, "zohn-ahl.throw", { record: before.record, ...this.gameArgs() });
      if (!this.alive) return;
      const row = /** @type {import("../../../../types/view").ZohnAhlLogRow} */ (lastRow(res));   // the throw just made
      const { side, narration } = row;
      await this.animateThrow(side, row.throw, narration, res.path);
      this.view = res;
      this.drawing.place(res.state);
      this.shown(res);
      renderSides(this, res.state, turnOf(res));
      appendLog(this, row);
      if (!byComputer && this.status.dataset.kind === "error") this.setStatus("");
      this.say(`${sayPhrase(row.thrower, this.L)} ${sayPhrases(narration, this.L)}`);
      this.keep(res);
      this.emit("move", { before, view: res, move: res.throw });
    });
  }

  // The sticks fall and the throw is said (the narration's first phrase), then the awl walks.
  /** @param {number} side @param {string | null} throwText @param {import("../../../../types/view").Phrase[]} narration @param {number[]} path */
  async animateThrow(side, throwText, narration, path) {
    const p = this.pace();
    const sticks = this.sticks;
    if (p.tumble && sticks) {
      sticks.classList.add("is-tumbling");
      await sleep(p.tumble);
      sticks.classList.remove("is-tumbling");
    }
    showSticks(this.sticks, throwText, this.L);
    if (narration && narration.length) this.say(sayPhrase(narration[0], this.L));
    await this.moveAwl(side, path || []);
    if (p.after) await sleep(p.after);
  }

  // Move the awl of `side` space by space along `path` (the spaces in its own numbering).
  /** @param {number} side @param {number[]} path */
  async moveAwl(side, path) {
    const p = this.pace();
    const svg = this.drawing.svg;
    if (!svg || !path.length || !p.step) return;
    const moveTo = this.drawing.lift(side, centre);
    if (!moveTo) return;
    for (const space of path) {
      /** @type {SVGGraphicsElement | null} */
      const target = svg.querySelector(`[data-own${side}="${space}"]`);
      if (!target || !this.alive) continue;
      moveTo(target);
      await sleep(p.step);
    }
  }

  // -- the computer -----------------------------------------------------------------------
  async maybeComputer() {
    if (this.computerSide === null || !this.view || this.busy || this.replay || this.thinking) return;
    const st = this.view.state;
    if (isOver(st) || st.to_move !== this.computerSide) return;
    this.thinking = true;
    this.refresh();
    await sleep(this.pace().think);
    this.thinking = false;
    if (!this.alive || this.replay || this.computerSide === null || this.view.state.to_move !== this.computerSide) {
      this.refresh();
      return;
    }
    // the computer's throw is an ordinary throw: the engine draws it from the seed
    await this.throwOnce(true);
  }

  // -- new game, undo, replay ----------------------------------------------------------------
  newGame() {
    return this.act(async () => {
      forget(this.id);
      // the block's own start (its preset throws, its seed if the author gave one)
      const view = await this.freshView();
      await this.openNew(view);
      this.setStatus("");
      this.say(this.L.newGame + ".");
    });
  }

  // Take back the last throw (against the computer: back to the person's own turn). One
  // request: the engine replays the record's first throws.
  undo() {
    if (!this.view || this.replay) return;
    const v0 = this.view;
    return this.act(async () => {
      const toTurnOf = this.ownSide !== null ? this.ownSide
        : this.computerSide === null ? undefined : 1 - this.computerSide;
      const v = await call("zohn-ahl.undo", { record: v0.record, to_turn_of: toTurnOf, ...this.gameArgs() });
      await this.opened(v);
      this.keep(v);
      this.say(`${this.L.undo}. ${this.turnLine.textContent}`);
    });
  }

  startReplay() { return startReplay(this); }
  /** @param {number} index @param {boolean} [animate] */
  replayTo(index, animate = false) { return replayTo(this, index, animate); }
  endReplay(render = true) { endReplay(this, render); }
}

/** Bring the board `root` to life, with its add-ons. @param {HTMLElement} root */
export async function mount(root) {
  const board = new ZohnAhlBoard(root);
  // (the board's own parts built: the page draws them and answers before the add-ons'
  // are, each a task of its own)
  await yieldToPage();
  // the opponent "a classmate on another device" (classmate.js)
  attachClassmate(board, board.reader(), board.oppSelect);
  // the Chances panel is an aid: not offered where the board's aids are off (student mode)
  if (board.cfg.chances_offered !== false) {
    const chances = await import("./chances.js");
    await yieldToPage();
    chances.attachChances(board);
  }
  await yieldToPage();
  await board.start();
  return board;
}
