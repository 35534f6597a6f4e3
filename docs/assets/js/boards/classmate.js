// @ts-check
// "A classmate on another device": a board's opponent who plays on another phone, tablet
// or computer, with no server between them. Each device plays one side; when its turn is
// over it shows a link (and its QR code) that carries the game to the other device, whose
// reply makes the link back (classmate-links.js: what a link says, and whether a device
// takes it).
//
// This module only adds to a board (awithlaknannai.js, zohn-ahl.js): an option of the
// opponent menu, a panel (whose turn, the last move, a name field, the link, its QR code
// and Copy), and the checks of a link before the board opens it. Moves and throws still
// go the board's one way to the engine; the board asks `refuse()` before it moves or
// throws and `waiting()` while it shows what may move.
//
// What stops cheating: little, and the pages for teachers say so. The record travels in
// the link, so a player who edits it and recomputes the checksum (the code is public) can
// send any position the engine accepts as legal; Zohn Ahl's sticks are thrown by the
// device whose turn it is, from the game's seed, which the first device chooses. Between
// classmates it is a game of trust, as with real sticks.

import { strings, fill, counted } from "../i18n.js";
import { el, call, savedRecord, storageKey } from "./common.js";
import { recordIn, withRecord } from "./game-links.js";
import { copyText } from "../clipboard.js";
import {
  mateLink, readMate, withoutMate, judge, agrees, newGameName, cleanName, NAME_MAX,
} from "./classmate-links.js";

export const VALUE = "classmate";

const NAME_KEY = "zaa-mate-name";

function load(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null");
  } catch {
    return null;
  }
}

function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch { /* storage may be disabled: the link still carries the game */ }
}

// This device's copy of a game between two devices: its side, its latest count and
// record, and when it last changed. The games least recently played beyond the last
// KEPT_GAMES are forgotten (a link of one of them is then taken as new).
const GAME_PREFIX = "zaa-mate-game:";
const KEPT_GAMES = 30;

function keepGame(held) {
  store(`${GAME_PREFIX}${held.game}`, { ...held, at: Date.now() });
  try {
    const games = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && key.startsWith(GAME_PREFIX)) games.push([key, (load(key) || {}).at || 0]);
    }
    games.sort((a, b) => b[1] - a[1]);
    for (const [key] of games.slice(KEPT_GAMES)) localStorage.removeItem(key);
  } catch { /* ignore */ }
}

function setAddress(href) {
  try {
    if (href !== location.href) history.replaceState(history.state, "", href);
  } catch { /* ignore */ }
}

/**
 * What a board tells this module about its game.
 * @typedef {object} Adapter
 * @property {HTMLSelectElement} select the board's opponent menu
 * @property {boolean} throws true for Zohn Ahl (a turn is throws; the words say "threw")
 * @property {(view: any) => number} count the throws or moves the view holds
 * @property {(view: any) => (number | null)} toMove the side whose turn it is
 * @property {(view: any) => boolean} finished
 * @property {(view: any) => (number | null)} lastSide the side that made the last throw or move
 * @property {(view: any, side: number) => string} lastTurn the last turn of `side`, in words ("m6-m5", "1110 (3)")
 * @property {(side: number) => string} sideName
 * @property {() => string} result what the board's turn line says at the end
 * @property {(point: string) => (number | null)} [owner] the side whose piece stands at `point`
 * @property {(on: boolean) => void} setMode the board's own opponent setting
 */

export class Classmate {
  /**
   * @param {any} board a Board (common.js) with `view`, `viewHooks`, `say`, `setStatus`
   * @param {Adapter} adapter
   */
  constructor(board, adapter) {
    this.board = board;
    this.a = adapter;
    this.L = strings();
    this.W = this.L.classmate;
    this.on = false;
    this.game = null;
    this.side = null;
    this.news = "";          // what the other device did, as the link said it
    // after start or a link followed: {message} to show, or {mate, record, before}: the
    // link's game, checked once the board has read it, and the game held before it
    this.pending = null;
    this.pausing = false;    // a new game is being set up: its first view is not this game's
    this.shown = null;       // the link shown now
    this.build();
    this.readAddress();
    board.viewHooks.push((view) => this.onView(view));
    const follow = board.followAddress.bind(board);
    board.followAddress = async () => {
      if (this.followRefused()) return;
      await follow();
    };
    const fresh = board.newGame.bind(board);
    board.newGame = async () => {
      const was = this.on;
      this.pausing = was;
      try {
        await fresh();
      } finally {
        this.pausing = false;
      }
      if (was && board.view) this.begin(board.view);
    };
  }

  get pointerKey() {
    return `zaa-mate-board:${storageKey(this.board.id)}`;
  }

  // -- the panel ------------------------------------------------------------------------
  build() {
    const { W } = this;
    const id = this.board.id;
    const select = this.a.select;
    select.append(el("option", { value: VALUE, text: W.opponent }));
    select.addEventListener("change", () => {
      if (select.getAttribute("aria-disabled") === "true" || select.disabled) return;
      if (select.value === VALUE && !this.on && this.board.view) this.begin(this.board.view);
      else if (select.value !== VALUE && this.on) this.end();
    });
    this.newsLine = el("p", { class: "board-mate-news", "aria-live": "polite" });
    this.nameField = el("input", {
      class: "board-mate-name", type: "text", maxlength: NAME_MAX, autocomplete: "nickname",
      id: `${id}-mate-name`,
    });
    this.nameField.value = cleanName(localStorage.getItem(NAME_KEY) || "");
    this.nameField.addEventListener("input", () => {
      try { localStorage.setItem(NAME_KEY, cleanName(this.nameField.value)); } catch { /* ignore */ }
      if (this.board.view) this.render(this.board.view);
    });
    this.shareText = el("p", { class: "board-mate-give" });
    this.qr = el("canvas", { class: "board-mate-qr", role: "img", "aria-label": W.qrName });
    this.linkField = el("input", { class: "board-mate-link", type: "text", readonly: true, "aria-label": W.linkName });
    this.copyButton = el("button", { type: "button", class: "board-button", "data-action": "mate-copy", "aria-label": W.copyName, text: W.copy });
    this.copyButton.addEventListener("click", () => this.copy());
    // on a phone the code is drawn on demand (classmate.css): the panel stays short and
    // the board in sight; the button says whether the code is shown
    this.qr.id = `${id}-mate-qr`;
    this.qr.hidden = true;
    this.codeButton = el("button", {
      type: "button", class: "board-button board-mate-code", "data-action": "mate-qr",
      "aria-controls": this.qr.id, "aria-expanded": "false", text: W.showCode, hidden: true,
    });
    this.codeButton.addEventListener("click", () => this.showCode(!this.share.classList.contains("is-code-shown")));
    this.share = el("div", { class: "board-mate-share", hidden: true },
      this.shareText, this.qr, el("div", { class: "board-mate-row" }, this.linkField, this.copyButton, this.codeButton));
    this.panel = el("section", { class: "board-mate", "aria-label": W.title, hidden: true },
      this.newsLine,
      el("label", { class: "board-field board-mate-field", for: `${id}-mate-name` }, el("span", { text: W.nameLabel })),
      this.nameField,
      this.share);
    this.panel.querySelector("label").append(this.nameField);
    this.board.live.before(this.panel);
  }

  // -- links opened ----------------------------------------------------------------------
  // Before the board opens its game: a link of a game between two devices is judged, and
  // one this device must not take is taken out of the address, the game this device holds
  // put in its place, and the reason kept to be shown. Without such a link, a game with
  // a classmate that this board was playing goes on.
  readAddress() {
    const id = this.board.id;
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
    const held = load(`${GAME_PREFIX}${mate.game}`);
    const verdict = judge(mate, record, held);
    if (verdict === "same") {
      setAddress(withoutMate(href, id));
      this.join(mate.game, mate.side);
      return;
    }
    if (verdict === "take") {
      setAddress(withoutMate(href, id));
      this.pending = { mate, record, before: savedRecord(id) };
      return;
    }
    setAddress(withoutMate(withRecord(href, id, held.record), id));
    this.join(held.game, held.side);
    this.pending = { message: this.refusal(verdict, mate, held) };
  }

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
  resume(record) {
    const game = load(this.pointerKey);
    const held = game && load(`${GAME_PREFIX}${game}`);
    const opens = record !== null ? record : savedRecord(this.board.id);
    if (held && held.record === opens) this.join(held.game, held.side);
    else if (game) store(this.pointerKey, null);
  }

  // A new link followed while the page is open: refused (true) or left to the board.
  followRefused() {
    const board = this.board;
    const id = board.id;
    const href = location.href;
    const record = recordIn(href, id);
    if (record === null || !board.view) return false;
    const mate = readMate(href, id, record);
    const keepGame = (message) => {
      setAddress(withoutMate(withRecord(href, id, board.view.record), id));
      board.setStatus(`${message} ${this.kept(board.view)}`, "error");
      return true;
    };
    if (mate === null) {
      if (record !== board.view.record && this.on) this.end();
      return false;
    }
    if (!mate.ok) return keepGame(this.W.tampered);
    const held = load(`${GAME_PREFIX}${mate.game}`);
    const verdict = judge(mate, record, held);
    if (verdict === "same") {
      setAddress(withoutMate(href, id));
      return true;
    }
    if (verdict !== "take") return keepGame(this.refusal(verdict, mate, held));
    setAddress(withoutMate(href, id));
    this.pending = { mate, record, before: board.view.record };
    return false;
  }

  // -- the game ---------------------------------------------------------------------------
  join(game, side) {
    this.on = true;
    this.game = game;
    this.side = side;
    store(this.pointerKey, game);
    this.a.select.value = VALUE;
    this.a.select.dataset.value = VALUE;
    this.a.setMode(true);
    this.panel.hidden = false;
  }

  // The reader chose the opponent: a new game between two devices from the position on
  // the board, this device playing the side to move.
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
    store(this.pointerKey, null);
    this.panel.hidden = true;
    this.a.setMode(false);
    const select = this.a.select;
    if (select.value === VALUE) select.value = select.dataset.value = "person";
  }

  // Each view the board shows: the link's game checked once it is read, this device's
  // copy of the game kept, the panel redrawn.
  onView(view) {
    const p = this.pending;
    this.pending = null;
    if (p && p.message) this.board.setStatus(`${p.message} ${this.kept(view)}`, "error");
    if (p && p.mate && view.record === p.record) {
      const game = { count: this.a.count(view), toMove: this.a.toMove(view), finished: this.a.finished(view) };
      if (!agrees(p.mate, game)) {
        // after the board has finished opening it (it is busy until then)
        setTimeout(() => this.restore(p.before, this.W.differs), 0);
        return;
      }
      this.join(p.mate.game, p.mate.side);
      const W = this.W;
      const sender = 1 - p.mate.side;
      const name = p.mate.name || fill(W.sideAsName, { side: this.a.sideName(sender) });
      const move = this.a.lastTurn(view, sender);
      const over = this.a.finished(view);
      const template = over ? (this.a.throws ? W.threwOver : W.playedOver) : (this.a.throws ? W.threw : W.played);
      this.news = move ? fill(template, { name, move, result: over ? this.a.result() : "" }) : fill(W.opened, { side: this.a.sideName(this.side) });
      this.board.say(this.news);
    }
    if (!this.on || this.pausing) return;
    keepGame({ game: this.game, side: this.side, count: this.a.count(view), record: view.record });
    this.render(view);
  }

  // A link whose game is not what it says: back to the game this device held before it.
  async restore(saved, message) {
    const board = this.board;
    await board.act(async () => {
      const view = saved !== null ? await call(board.loadCmd, { record: saved }) : await board.freshView();
      const game = load(this.pointerKey);
      const held = game && load(`${GAME_PREFIX}${game}`);
      if (held && held.record === view.record) this.join(held.game, held.side);
      else this.end();
      await board.opened(view);
      board.keep(view);
      board.setStatus(`${message} ${this.kept(view)}`, "error");
    }, { computer: false });
  }

  // Which game a refused link left on the board, in words: how far it has gone and whose
  // turn it is (the message of a refusal ends with it).
  kept(view) {
    const W = this.W;
    const n = this.a.count(view);
    if (this.a.finished(view)) return fill(W.keptOver, { count: counted(this.a.throws ? W.throws : W.moves, n, {}, this.L) });
    const side = this.a.sideName(this.a.toMove(view));
    if (n === 0) return fill(W.keptStart, { side });
    return fill(W.kept, { count: counted(this.a.throws ? W.throws : W.moves, n, {}, this.L), side });
  }

  // Is it the other device's turn? (Nothing may move here then.)
  waiting(view = this.board.view) {
    return this.on && !!view && !this.a.finished(view) && this.a.toMove(view) !== this.side;
  }

  // A move or throw asked for on this device: refused, with the reason said, when the
  // side to move is the classmate's, or when the piece chosen at `point` (a board gives
  // it only where a choice starts) is the classmate's.
  refuse(point = null) {
    if (!this.on || !this.board.view) return false;
    const waiting = this.waiting();
    const owner = point !== null && this.a.owner ? this.a.owner(point) : null;
    if (!waiting && (owner === null || owner === this.side)) return false;
    const W = this.W;
    const other = this.a.sideName(waiting ? this.a.toMove(this.board.view) : owner);
    const mine = this.a.sideName(this.side);
    this.board.say(fill(this.a.throws ? W.notYourThrow : W.notYourPiece, { side: other, mine }), "error");
    return true;
  }

  // Undo, with a classmate: only this device's own last turn, before the classmate replies.
  canUndo(view = this.board.view) {
    return !this.on || (!!view && this.a.lastSide(view) === this.side && (this.waiting(view) || this.a.finished(view)));
  }

  // -- showing ------------------------------------------------------------------------------
  render(view) {
    const W = this.W;
    const over = this.a.finished(view);
    const mine = !over && this.a.toMove(view) === this.side;
    const give = !mine && this.a.lastSide(view) === this.side;
    if (mine) {
      const own = fill(this.a.throws ? W.yourThrow : W.yourTurn, { side: this.a.sideName(this.side) });
      this.newsLine.textContent = this.news || own;
    } else if (!over) {
      this.news = "";
      const move = give ? this.a.lastTurn(view, this.side) : "";
      const own = move ? `${fill(this.a.throws ? W.youThrew : W.youPlayed, { move })} ` : "";
      this.newsLine.textContent = own + fill(W.waiting, { side: this.a.sideName(this.a.toMove(view)) });
    } else {
      this.newsLine.textContent = give ? this.a.result() : this.news || this.a.result();
    }
    this.share.hidden = !give;
    if (!give) return;
    const forSide = over ? 1 - this.side : this.a.toMove(view);
    const link = mateLink(location.href, this.board.id, view.record, {
      game: this.game, side: forSide, count: this.a.count(view), name: this.nameField.value,
    });
    this.shareText.textContent = over ? W.giveLinkOver : fill(W.giveLink, { side: this.a.sideName(forSide) });
    if (link === this.shown) return;
    this.shown = link;
    this.linkField.value = link;
    this.qr.dataset.link = "";
    // a long game makes a dense code: it is shown larger (CSS); one too long for a QR
    // code is not shown, and the link and Copy remain
    import("../qr.js")
      .then((m) => m.drawQr(/** @type {HTMLCanvasElement} */ (this.qr), link))
      .then((modules) => {
        if (this.shown !== link) return;
        this.qr.hidden = false;
        this.codeButton.hidden = false;
        this.qr.classList.toggle("is-dense", modules > 73);
        this.qr.dataset.link = link;
      })
      .catch((err) => {
        console.warn(err);
        if (this.shown === link) this.qr.hidden = this.codeButton.hidden = true;
      });
  }

  /** The QR code shown or put away (on a phone; a wider screen always shows it). */
  showCode(shown) {
    this.share.classList.toggle("is-code-shown", shown);
    this.codeButton.setAttribute("aria-expanded", String(shown));
    this.codeButton.textContent = shown ? this.W.hideCode : this.W.showCode;
  }

  async copy() {
    const link = this.linkField.value;
    const copied = await copyText(link, this.linkField);
    this.board.say(copied ? this.W.copied : this.W.copyByHand);
  }
}

/**
 * Add the opponent "a classmate on another device" to `board`, before the board starts
 * (its checks of the address come before the board opens its game).
 * @param {any} board
 * @param {Adapter} adapter
 */
export function attachClassmate(board, adapter) {
  const mate = new Classmate(board, adapter);
  board.mate = mate;
  return mate;
}
