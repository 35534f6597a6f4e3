// @ts-check
// The Awithlaknannai board: choose a piece, then where it goes (a leap chain point by
// point), by pointer or keyboard. The engine lists the legal moves with their paths; the
// move picker (move-picker.js) narrows them down as points are chosen, so this module
// knows no rules: it holds the view shown and runs the actions. Every move, computer move
// and undo is one request to the engine, whose reply says what changed; the board, drawn
// by the engine once per ruleset, keeps its elements and only its pieces move
// (awithlaknannai-render.js). Its controls are built by awithlaknannai-controls.js, the
// view's marks and words by awithlaknannai-view.js, the computer's moves by
// awithlaknannai-computer.js. The rulesets and levels offered are the engine's (the build
// writes them into the block's config).

import { room } from "./dom.js";
import { call, callAfter, cancel, errorText, isCancelled, staticBoard } from "./engine-calls.js";
import { forget, opensAnotherGame } from "./kept-games.js";
import { Board } from "./board.js";
import { enable } from "./dom.js";
import { MovePicker } from "./move-picker.js";
import { PieceLayer } from "./awithlaknannai-render.js";
import { buildControls, pointInput } from "./awithlaknannai-controls.js";
import {
  notationOf, sideKey, sideOfColour, decorate, sayTurn, nameThePoints, markChoices, renderMoves, turnText, showCaption, animateMove,
} from "./awithlaknannai-view.js";
import { computerMove, stopComputer, personTakesOver } from "./awithlaknannai-computer.js";
import { refusalWords } from "./tap-words.js";
import { attachClassmate } from "./classmate.js";

const NONE = /** @type {any} */ (null);   // a part made by build(), before it is made

export class AwithBoard extends Board {
  /** @param {HTMLElement} root */
  constructor(root) {
    super(root);
    this.loadCmd = "awithlaknannai.load";
    /** @type {string[]} */
    this.future = [];        // the records of the undone games (for Redo)
    this.picker = new MovePicker([]);
    /** @type {string | null} */
    this.focusName = null;
    this.thinking = false;
    this.cvcRunning = false;
    this.gen = 0;            // the number of the latest computer search
    this.flip = this.cfg.bottom === "white";
    // the side the computer plays against a person, as the build set it (the block's top
    // side: turning the board round later does not change sides)
    /** @type {number} */
    this.computerSide = this.cfg.computer_side;
    const opp = this.cfg.opponent || "person";
    this.mode = opp === "person" ? "person" : opp === "computer-vs-computer" ? "cvc" : "computer";
    /** @type {string[]} */
    this.levels = this.cfg.levels || [];
    this.level = this.levels.includes(opp) ? opp
      : (this.cfg.level && this.levels.includes(this.cfg.level) ? this.cfg.level : "medium");
    this.ruleset = this.cfg.ruleset || "culin";
    // the rings and words that show which pieces may move or must capture, and where a
    // chosen piece may go (off in student mode: build_scripts/aids.py, tap-words.js)
    this.aids = this.cfg.aids !== false;
    /** @type {SVGSVGElement | null} */
    this.svg = null;
    /** @type {SVGElement[]} */
    this.points = [];
    /** @type {HTMLElement | null} */
    this.turnNote = null;
    /** @type {string | undefined} */
    this.blockCaption = undefined;
    /** @type {HTMLButtonElement} */ this.btnUndo = NONE;
    /** @type {HTMLButtonElement} */ this.btnRedo = NONE;
    /** @type {HTMLButtonElement} */ this.btnStop = NONE;
    /** @type {HTMLButtonElement} */ this.btnNew = NONE;
    /** @type {HTMLButtonElement} */ this.btnFlip = NONE;
    /** @type {HTMLButtonElement} */ this.btnLink = NONE;
    /** @type {HTMLSelectElement} */ this.rulesetSelect = NONE;
    /** @type {HTMLSelectElement} */ this.oppSelect = NONE;
    /** @type {HTMLSelectElement} */ this.levelSelect = NONE;
    /** @type {HTMLOListElement} */ this.moveList = NONE;
    /** @type {(HTMLButtonElement | HTMLSelectElement)[]} */ this.allControls = [];
    this.build();
    this.drawing = new PieceLayer(this.boardBox);
    this.drawing.adopt();
    this.fit();
    this.input = pointInput(this);
  }

  build() {
    const root = this.root;
    this.frame();
    // the pieces drawn at build time are the block's own position: a game from a link or
    // a saved one shows none, their places kept, until the engine has read it
    if (opensAnotherGame(this.id, this.cfg.record)) root.classList.add("is-opening-game");
    buildControls(this);
  }

  // -- the public API beyond Board's -------------------------------------------------------
  /** Whether the board is turned round (White at the bottom). */
  isTurned() { return this.flip; }

  /** Mark `points` with the ring class `cls` (and no other point). @param {string[]} points @param {string} cls */
  mark(points, cls) {
    this.ring(null, cls);
    for (const p of points) this.ring(p, cls);
  }

  /** @returns {import("./board.js").ViewReader} */
  reader() {
    const last = (/** @type {any} */ v) => (v.history || []).slice(-1)[0];
    return {
      throws: false,
      count: (v) => (v.history || []).length,
      toMove: (v) => (v.finished ? null : v.to_move),
      finished: (v) => !!v.finished,
      lastSide: (v) => { const h = last(v); return h && typeof h === "object" ? h.side : null; },
      lastTurn: (v, side) => { const h = last(v); return h && h.side === side ? notationOf(h) : ""; },
      sideName: (side) => this.L.sideWords(sideKey(this.view, side)).name,
      result: () => this.turnText(),
      owner: (point) => (this.view ? sideOfColour(this.view, (this.view.pieces || {})[point]) : null),
    };
  }

  /** @param {number | null} side */
  playsOnly(side) {
    if (side !== null) this.mode = "classmate";
    else if (this.mode === "classmate") this.mode = "person";
    super.playsOnly(side);
  }

  // -- start ----------------------------------------------------------------------------
  /** @param {any} view */
  async opened(view) {
    this.ruleset = view.ruleset || this.ruleset;
    this.rulesetSelect.value = this.rulesetSelect.dataset.value = this.ruleset;
    this.future = [];
    await this.show(view);
    this.controls.classList.remove("is-loading");
  }

  /** @param {string | null} [ruleset] */
  async freshView(ruleset = null) {
    if (this.cfg.record && (!ruleset || ruleset === (this.cfg.ruleset || "culin"))) {
      return call("awithlaknannai.load", { record: this.cfg.record });
    }
    /** @type {Record<string, any>} */
    const args = { ruleset: ruleset || this.ruleset, stall: this.cfg.stall || "draw" };
    if (this.cfg.position && (!ruleset || ruleset === this.cfg.ruleset)) args.position = this.cfg.position;
    return call("awithlaknannai.new", args);
  }

  // -- the view shown ----------------------------------------------------------------------
  // Show `view`: the engine's drawing of its ruleset's board (asked once), its pieces,
  // the points' names, the move list and the controls.
  /** @param {any} view */
  async show(view) {
    const flip = this.flip;
    const svg = await staticBoard({ game: "awithlaknannai", ruleset: view.ruleset, flip });
    this.view = view;
    this.picker = new MovePicker(view.finished ? [] : view.legal || [], !!view.must_capture);
    const hadFocus = this.boardBox.contains(document.activeElement);
    if (this.drawing.board(`${view.ruleset} ${flip}`, svg)) {
      decorate(this);
      if (hadFocus && this.focusName) this.input.focus(this.focusName);
    }
    this.drawing.place(view.pieces || {});
    this.root.classList.remove("is-opening-game");
    nameThePoints(this);
    // the last move of the game shown, whoever made it (this device, the computer, a
    // classmate's link, a saved game): the view says it
    const last = (view.history || []).at(-1);
    for (const p of (last && last.path) || []) this.ring(p, "is-last");
    renderMoves(this);
    this.refresh();
    showCaption(this, view);
    this.shown(view);
  }

  async turnRound() {
    this.flip = !this.flip;
    await this.act(() => this.show(this.view), { computer: false });
  }

  // The drawing fits the board's width, turned a quarter where its points need it (once
  // the box has been seen laid out: until then the build's drawing stands as it is).
  fit() {
    if (!this.drawing || (!this.boxSize && typeof ResizeObserver === "function")) return;
    this.drawing.fit(room(this.root, this.boardBox, this.boxSize), this.presenting ? 4 : 1.25);
    sayTurn(this);
  }

  // Mark point `name`'s ring with `cls` (or unmark it; `name` null: every ring).
  /** @param {string | null} name @param {string} cls @param {boolean} [on] */
  ring(name, cls, on = true) {
    this.drawing.ring(name, cls, on);
  }

  humanTurn() {
    if (!this.view || this.view.finished || this.busy || this.thinking) return false;
    if (this.mode === "cvc") return false;
    if (this.mode === "computer" && this.view.to_move === this.computerSide) return false;
    if (this.othersTurn(this.view)) return false;
    return true;
  }

  markChoices() {
    markChoices(this);
  }

  turnText() {
    return turnText(this);
  }

  refresh() {
    const v = this.view;
    if (!v) return;
    const ready = !this.busy;
    enable(this.btnUndo, ready && (v.history || []).length > 0 && this.undoable(v));
    enable(this.btnRedo, ready && !this.thinking && this.future.length > 0);
    enable(this.btnStop, this.thinking || (this.mode === "cvc" && this.cvcRunning && !v.finished));
    this.btnStop.hidden = false;
    enable(this.btnNew, ready);
    enable(this.btnFlip, ready);
    enable(this.btnLink, true);
    enable(this.rulesetSelect, ready && !this.thinking);
    enable(this.oppSelect, ready);
    enable(this.levelSelect, ready && (this.mode === "computer" || this.mode === "cvc"));
    this.turnLine.textContent = this.turnText();
    this.turnLine.classList.toggle("is-over", !!v.finished);
    this.markChoices();
  }

  // -- input ---------------------------------------------------------------------------------
  // A point chosen (click, Enter or Space): the picker decides what it means; a whole move
  // is played, anything else is said in words and shown by the rings. The add-ons are asked
  // first where a choice starts (a classmate's piece is not this device's to move).
  /** @param {string} name */
  choose(name) {
    const starts = !(this.picker.path.length || this.picker.pending);
    if (this.view && !this.emit("asked", { point: starts ? name : null }, true)) return;
    if (!this.humanTurn()) return;
    const L = this.L;
    const r = this.picker.choose(name);
    switch (r.kind) {
      case "move":
        this.play(r.move);
        return;
      case "selected":
        this.say(this.aids ? `${L.selected(name)} ${L.legalTo(r.targets.length)}` : L.selected(name));
        break;
      case "deselected":
        this.say(L.selectPiece);
        break;
      case "continue":
        this.say(this.aids ? `${L.continueChain(r.at)} ${L.legalTo(r.targets.length)}` : L.continueChain(r.at));
        break;
      case "ask":
        this.say(L.twoVictims(r.landing, r.victims));
        break;
      default: {   // refused: what stands on the point says why (tap-words.js)
        const side = sideOfColour(this.view, (this.view.pieces || {})[name]);
        this.say(refusalWords(r, { side, sideName: side === null ? "" : sideKey(this.view, side),
          toMove: this.view.to_move, aids: this.aids, mustCapture: this.picker.mustCapture }, L));
      }
    }
    this.markChoices();
  }

  // -- moves ---------------------------------------------------------------------------------
  // A move chosen on the board: one request naming it by its action, its index in the
  // view's legal moves (the engine makes that legal move; no text is read again).
  /** @param {any} move a legal move of the view (the picker's entry of `legal`) */
  play(move) {
    return this.act(async () => {
      const before = this.view;
      const action = (before.legal || []).indexOf(move);
      let next;
      try {
        next = await callAfter(before, "awithlaknannai.play", { record: before.record, action });
      } catch (err) {   // refused: the view shown, the game, stays as it was, and the words say so
        if (isCancelled(err)) throw err;
        throw new Error(this.L.moveRefusedKept(errorText(err)));
      }
      this.future = [];
      await this.moved(before, next, next.move);
    });
  }

  // Show a move made (by the reader or the computer): slide the piece, show the new view,
  // say it in the words the engine names (`said`), keep the game.
  /** @param {any} before @param {any} next @param {any} made */
  async moved(before, next, made) {
    if (!this.alive) return;
    const L = this.L;
    await animateMove(this, made);
    await this.show(next);
    this.say(`${L.moveSaid(made.said, next.sides)} ${this.turnText()}.`.replace(/\.\.$/, "."));
    this.keep(next);
    this.emit("move", { before, view: next, move: made });
    if (this.status.dataset.kind === "error") this.setStatus("");   // an old warning has been read
  }

  // Space on a presented board: the computer plays the next move, whichever side is to move.
  mainAction() {
    this.maybeComputer(true);
  }

  /** @param {boolean} [now] */
  maybeComputer(now = false) {
    return computerMove(this, now);
  }

  stopComputer() {
    return stopComputer(this);
  }

  // Stop the computer. A move it has already made and is being shown ends first, so that
  // what is said last is that the computer stopped.
  async stop() {
    await this.stopComputer();
    const line = personTakesOver(this);
    await this.idle();
    this.say(`${this.L.stopped} ${line}`);
    this.refresh();
  }

  // Take back the last move; against the computer, back to the reader's own turn. One
  // request: the engine takes the moves back.
  async undo() {
    const v0 = this.view;
    if (!v0 || !(v0.history || []).length || this.busy) return;
    await this.stopComputer();
    await this.act(async () => {
      const toTurnOf = this.ownSide !== null ? this.ownSide
        : this.mode === "computer" ? 1 - this.computerSide : undefined;
      const v = await call("awithlaknannai.undo", { record: v0.record, to_turn_of: toTurnOf });
      this.future.push(v0.record);
      await this.show(v);
      this.keep(v);
      this.say(`${this.L.undo}: ${this.turnText()}`);
    });
  }

  // Take back an Undo: the engine replays the record undone (the page keeps the game in
  // one form, its record; the reply carries only the moves the board lacks).
  redo() {
    if (!this.future.length || this.busy) return;
    return this.act(async () => {
      const v = await callAfter(this.view, "awithlaknannai.load", { record: this.future.at(-1) });
      this.future.pop();
      await this.show(v);
      this.keep(v);
      this.say(`${this.L.redo}: ${this.turnText()}`);
    });
  }

  async newGame() {
    if (this.busy) return;
    await this.stopComputer();
    await this.act(async () => {
      forget(this.id);
      const v = await this.freshView(this.ruleset);
      this.setStatus("");
      await this.openNew(v);
      this.say(`${this.L.newGame}. ${this.turnText()}`);
    });
  }

  destroy() {
    super.destroy();
    this.gen++;
    if (this.thinking) {
      this.thinking = false;
      cancel().catch(() => {});
    }
  }
}

/** Bring the board `root` to life, with the add-ons its block asks for. @param {HTMLElement} root */
export async function mount(root) {
  const board = new AwithBoard(root);
  // the opponent "a classmate on another device" (classmate.js)
  attachClassmate(board, board.reader(), board.oppSelect);
  const { analysis, hint, puzzle } = board.cfg;
  if (analysis || hint || puzzle) {
    await import("./analysis.js").then((m) => m.attach(board)).catch((err) => console.error(err));
  }
  await board.start();
  return board;
}
