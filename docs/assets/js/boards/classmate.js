// @ts-check
// "A classmate on another device": a board's opponent who plays on another phone, tablet
// or computer, with no server between them. Each device plays one side; when its turn is
// over it shows a link (and its QR code) that carries the game to the other device, whose
// reply makes the link back (classmate-links.js: what a link says, and whether a device
// takes it; classmate-store.js: what this device keeps; classmate-panel.js: the panel).
//
// This module only adds to a board (awithlaknannai.js, zohn-ahl.js), through the board's
// events and public methods (board.js): an option of the opponent menu, a panel, and the
// checks of a link before the board opens it. Moves and throws still go the board's one
// way to the engine; the board plays only this device's side (`playsOnly`) and asks
// ("asked", cancelable) before it moves or throws, which this module refuses in words
// when the piece or the turn is the classmate's.
//
// What stops cheating: little, and the pages for teachers say so. The record travels in
// the link, so a player who edits it and recomputes the checksum (the code is public) can
// send any position the engine accepts as legal; Zohn Ahl's sticks are thrown by the
// device whose turn it is, from the game's seed, which the first device chooses. Between
// classmates it is a game of trust, as with real sticks.

import { strings, fill, counted } from "../i18n.js";
import { el } from "./dom.js";
import { savedRecord, setAddress } from "./kept-games.js";
import { recordIn, withRecord } from "./game-links.js";
import { readMate, withoutMate, judge, agrees, newGameName } from "./classmate-links.js";
import { heldGame, keepGame, boardGame, boardHeldGame, setBoardGame } from "./classmate-store.js";
import { MatePanel } from "./classmate-panel.js";

export const VALUE = "classmate";

/** @typedef {import("./board.js").Board} Board */
/** @typedef {import("./board.js").ViewReader} ViewReader */
/** @typedef {import("./classmate-store.js").HeldGame} HeldGame */
/** @typedef {{game: string, side: number, count: number, ok: boolean, name?: string}} MateLink */

export class Classmate {
  /**
   * @param {Board} board
   * @param {ViewReader} reader how the board's views are read
   * @param {HTMLSelectElement} select the board's opponent menu
   */
  constructor(board, reader, select) {
    this.board = board;
    this.id = board.boardId();
    this.a = reader;
    this.select = select;
    /** @type {Record<string, any>} */
    this.L = strings();
    /** @type {Record<string, any>} */
    this.W = this.L.classmate;
    this.on = false;
    /** @type {string | null} */
    this.game = null;
    this.side = 0;
    this.news = "";          // what the other device did, as the link said it
    // after start or a link followed: {message} to show, or {mate, record, before}: the
    // link's game, checked once the board has read it, and the game held before it
    /** @type {{message?: string, mate?: MateLink, record?: string, before?: string | null} | null} */
    this.pending = null;
    this.restoring = false;  // a refused link's game is being put back
    this.panel = new MatePanel(this.id, this.W, reader, (text, kind) => board.say(text, kind), () => {
      const view = board.shownView();
      if (view) this.render(view);
    });
    this.build();
    this.readAddress();
    board.on("view", ({ view, newGame }) => this.onView(view, newGame));
    board.on("address", (_detail, ev) => { if (this.followRefused()) ev.preventDefault(); });
    board.on("asked", ({ point }, ev) => { if (this.refuse(point)) ev.preventDefault(); });
    // a new game on the board while playing with a classmate: a new game between the two
    // devices, from its first view (which is not the old game's: onView keeps nothing of it)
    board.on("newgame", ({ view }) => { if (this.on) this.begin(view); });
  }

  // -- the menu and the panel -----------------------------------------------------------------
  build() {
    const select = this.select;
    select.append(el("option", { value: VALUE, text: this.W.opponent }));
    select.addEventListener("change", () => {
      if (select.getAttribute("aria-disabled") === "true" || select.disabled) return;
      const view = this.board.shownView();
      if (select.value === VALUE && !this.on && view) this.begin(view);
      else if (select.value !== VALUE && this.on) this.end();
    });
    this.board.addPanel(this.panel.element, "before");
  }

  // -- links opened ----------------------------------------------------------------------
  // Before the board opens its game: a link of a game between two devices is judged, and
  // one this device must not take is taken out of the address, the game this device holds
  // put in its place, and the reason kept to be shown. Without such a link, a game with
  // a classmate that this board was playing goes on.
  readAddress() {
    const id = this.id;
    const href = location.href;
    const record = recordIn(href, id);
    const mate = readMate(href, id, record);
    if (mate === null) {
      this.resume(record);
      return;
    }
    if (!mate.ok) {
      setAddress(withoutMate(withRecord(href, id, null), id));
      this.pending = { message: this.W.tampered };
      this.resume(null);
      return;
    }
    const held = heldGame(mate.game);
    const verdict = judge(mate, /** @type {string} */ (record), held);   // (a link without a record is not ok)
    if (verdict === "same") {
      setAddress(withoutMate(href, id));
      this.join(mate.game, mate.side);
      return;
    }
    if (verdict === "take" || !held) {
      setAddress(withoutMate(href, id));
      this.pending = { mate, record: /** @type {string} */ (record), before: savedRecord(id) };
      return;
    }
    setAddress(withoutMate(withRecord(href, id, held.record), id));
    this.join(held.game, held.side);
    this.pending = { message: this.refusal(verdict, mate, held) };
  }

  /** @param {string} verdict @param {MateLink} mate @param {HeldGame} held */
  refusal(verdict, mate, held) {
    const W = this.W;
    if (verdict === "other-side") {
      return fill(W.otherSide, { side: this.a.sideName(mate.side), mine: this.a.sideName(held.side) });
    }
    if (verdict === "old") {
      return fill(W.old, { count: counted(this.a.throws ? W.throws : W.moves, mate.count, {}, this.L) });
    }
    return W.differs;
  }

  // The game with a classmate this board was playing, if the game it opens is that game.
  /** @param {string | null} record */
  resume(record) {
    const game = boardGame(this.id);
    const held = boardHeldGame(this.id);
    const opens = record !== null ? record : savedRecord(this.id);
    if (held && held.record === opens) this.join(held.game, held.side);
    else if (game) setBoardGame(this.id, null);
  }

  // A new link followed while the page is open: refused (true) or left to the board.
  followRefused() {
    const board = this.board;
    const view = board.shownView();
    const id = this.id;
    const href = location.href;
    const record = recordIn(href, id);
    if (record === null || !view) return false;
    const mate = readMate(href, id, record);
    /** @param {string} message */
    const keepShown = (message) => {
      setAddress(withoutMate(withRecord(href, id, view.record), id));
      board.setStatus(`${message} ${this.kept(view)}`, "error");
      return true;
    };
    if (mate === null) {
      if (record !== view.record && this.on) this.end();
      return false;
    }
    if (!mate.ok) return keepShown(this.W.tampered);
    const held = heldGame(mate.game);
    const verdict = judge(mate, record, held);
    if (verdict === "same") {
      setAddress(withoutMate(href, id));
      return true;
    }
    if (verdict !== "take" && held) return keepShown(this.refusal(verdict, mate, held));
    setAddress(withoutMate(href, id));
    this.pending = { mate, record, before: view.record };
    return false;
  }

  // -- the game ---------------------------------------------------------------------------
  /** @param {string} game @param {number} side */
  join(game, side) {
    this.on = true;
    this.game = game;
    this.side = side;
    setBoardGame(this.id, game);
    this.select.value = VALUE;
    this.select.dataset.value = VALUE;
    this.panel.element.hidden = false;
    this.board.playsOnly(side);
  }

  // The reader chose the opponent: a new game between two devices from the position on
  // the board, this device playing the side to move.
  /** @param {any} view */
  begin(view) {
    const side = this.a.toMove(view);
    this.join(newGameName(), side === null ? 0 : side);
    this.news = fill(this.a.throws ? this.W.beginThrow : this.W.begin, { side: this.a.sideName(this.side) });
    this.onView(view);
  }

  end() {
    this.on = false;
    this.game = null;
    this.news = "";
    this.pending = null;
    setBoardGame(this.id, null);
    this.panel.element.hidden = true;
    this.board.playsOnly(null);
    const select = this.select;
    if (select.value === VALUE) select.value = select.dataset.value = "person";
  }

  // Each view the board shows: the link's game checked once it is read, this device's
  // copy of the game kept, the panel redrawn.
  /** @param {any} view @param {boolean} [newGame] the first view of a new game */
  onView(view, newGame = false) {
    if (this.restoring) {
      // the game put back after a refused link: with a classmate if it is that game
      this.restoring = false;
      const held = boardHeldGame(this.id);
      if (held && held.record === view.record) this.join(held.game, held.side);
      else this.end();
    }
    const p = this.pending;
    this.pending = null;
    if (p && p.message) this.board.setStatus(`${p.message} ${this.kept(view)}`, "error");
    if (p && p.mate && view.record === p.record) {
      const game = { count: this.a.count(view), toMove: this.a.toMove(view), finished: this.a.finished(view) };
      if (!agrees(p.mate, game)) {
        // after the board has finished opening it (it is busy until then)
        const before = p.before === undefined ? null : p.before;
        setTimeout(() => this.restore(before, this.W.differs), 0);
        return;
      }
      this.join(p.mate.game, p.mate.side);
      const W = this.W;
      const sender = 1 - p.mate.side;
      const name = p.mate.name || fill(W.sideAsName, { side: this.a.sideName(sender) });
      const move = this.a.lastTurn(view, sender);
      const over = this.a.finished(view);
      const template = over ? (this.a.throws ? W.threwOver : W.playedOver) : (this.a.throws ? W.threw : W.played);
      this.news = move ? fill(template, { name, move, result: over ? this.a.result(view) : "" }) : fill(W.opened, { side: this.a.sideName(this.side) });
      this.board.say(this.news);
    }
    if (!this.on || newGame || !this.game) return;
    keepGame({ game: this.game, side: this.side, count: this.a.count(view), record: view.record });
    this.render(view);
  }

  // A link whose game is not what it says: back to the game this device held before it
  // (the board opens it and keeps it; onView then rejoins that game if it was one).
  /** @param {string | null} saved @param {string} message */
  async restore(saved, message) {
    this.restoring = true;
    const ok = await this.board.reopen(saved, { computer: false });
    this.restoring = false;
    const view = this.board.shownView();
    if (ok && view) this.board.setStatus(`${message} ${this.kept(view)}`, "error");
  }

  // Which game a refused link left on the board, in words: how far it has gone and whose
  // turn it is (the message of a refusal ends with it).
  /** @param {any} view */
  kept(view) {
    const W = this.W;
    const n = this.a.count(view);
    if (this.a.finished(view)) return fill(W.keptOver, { count: counted(this.a.throws ? W.throws : W.moves, n, {}, this.L) });
    const side = this.a.sideName(/** @type {number} */ (this.a.toMove(view)));
    if (n === 0) return fill(W.keptStart, { side });
    return fill(W.kept, { count: counted(this.a.throws ? W.throws : W.moves, n, {}, this.L), side });
  }

  // Is it the other device's turn? (Nothing may move here then.)
  /** @param {any} view */
  waiting(view) {
    return this.on && !!view && !this.a.finished(view) && this.a.toMove(view) !== this.side;
  }

  // A move or throw asked for on this device: refused, with the reason said, when the
  // side to move is the classmate's, or when the piece chosen at `point` (a board gives
  // it only where a choice starts) is the classmate's.
  /** @param {string | null} point */
  refuse(point = null) {
    const view = this.board.shownView();
    if (!this.on || !view) return false;
    const waiting = this.waiting(view);
    const owner = point !== null && this.a.owner ? this.a.owner(point) : null;
    if (!waiting && (owner === null || owner === this.side)) return false;
    const W = this.W;
    const other = this.a.sideName(/** @type {number} */ (waiting ? this.a.toMove(view) : owner));
    const mine = this.a.sideName(this.side);
    this.board.say(fill(this.a.throws ? W.notYourThrow : W.notYourPiece, { side: other, mine }), "error");
    return true;
  }

  /** @param {any} view */
  render(view) {
    this.news = this.panel.render(view, { game: this.game, side: this.side, news: this.news });
  }
}

/**
 * Add the opponent "a classmate on another device" to `board`, before the board starts
 * (its checks of the address come before the board opens its game).
 * @param {Board} board
 * @param {ViewReader} reader
 * @param {HTMLSelectElement} select the board's opponent menu
 */
export function attachClassmate(board, reader, select) {
  return new Classmate(board, reader, select);
}
