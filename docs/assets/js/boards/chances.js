// @ts-check
// The "chances" view of a Zohn Ahl board: each side's exact chance of winning now, how the
// last throw changed it (the engine's sentence), the win-chance graph of the game so far (drawn by the engine,
// with its text alternative), and what the next throw can do. The engine solves the game
// once per ruleset and bias (in the worker, kept for every later throw); this module only
// shows the figures. Closed by default on play boards (nothing is computed until the
// reader opens it); open when the board block says `chances: on`.

import { lang, strings, fill, counted, percent, sayPhrase } from "../i18n.js";
import { el } from "./dom.js";
import { call, errorText } from "./engine-calls.js";
import { turnOf } from "./zohn-ahl-turns.js";

// The view's words (the `chances` part of the page's words), as functions of their values.
export function words() {
  const L = strings();
  const T = L.chances;
  return {
    ...T,
    /** @param {string} a @param {string} pa @param {string} b @param {string} pb */
    now: (a, pa, b, pb) => fill(T.now, { a, pa, b, pb }),
    /** @param {string} who */
    nextCaption: (who) => fill(T.nextCaption, { who }),
    /** @param {string} who */
    after: (who) => fill(T.after, { who }),
    /** @param {number} v */
    spaces: (v) => counted(T.spaces, v, {}, L),
    /** @param {number} e */
    expected: (e) => fill(T.expected, { e }),
  };
}

// A chance as a whole percentage, "<1%" and ">99%" at the ends, as the language writes it.
/** @param {number} x */
export function pct(x) {
  const v = 100 * x;
  const t = v > 0 && v < 0.5 ? "<1" : v >= 99.5 && v < 100 ? ">99" : String(Math.round(v));
  return percent(t);
}

/** @typedef {import("./zohn-ahl.js").ZohnAhlBoard} ZohnAhlBoard */

export class ChancesView {
  /** @param {ZohnAhlBoard} board */
  constructor(board) {
    this.board = board;
    this.W = words();
    /** @type {string | null} */
    this.record = null;
    /** @type {import("../../../../types/view").ZohnAhlTurn | null} whose throw it is in the game of `record` (the board's view) */
    this.turn = null;
    /** @type {string | null} */
    this.shown = null;     // the record whose chances are on screen
    this.ticket = 0;
    const open = String(board.settings().chances || "off") === "on";
    this.box = el("details", { class: "za-chances", "data-role": "chances" },
      el("summary", { text: this.W.title }));
    if (open) this.box.open = true;
    this.status = el("p", { class: "za-chances-status", role: "status" });
    this.nowLine = el("p", { class: "za-chances-now" });
    this.changeLine = el("p", { class: "za-chances-change" });
    this.live = el("p", { class: "za-chances-live", "aria-live": "polite" });
    this.graph = el("div", { class: "za-chances-graph" });
    this.table = el("table", { class: "za-chances-next" });
    this.expected = el("p", { class: "za-chances-expected" });
    this.note = el("p", { class: "za-chances-note", text: this.W.note });
    this.box.append(this.status, this.nowLine, this.changeLine, this.live, this.graph,
      this.table, this.expected, this.note);
    board.addPanel(this.box);
    this.box.addEventListener("toggle", () => {
      if (this.box.open && this.record && this.record !== this.shown) this.update(this.record, { quiet: true });
    });
  }

  names() {
    return this.board.sideNames();
  }

  // Show the chances for the game `record` (called after every redraw of the board).
  /** @param {string} record @param {{quiet?: boolean}} [options] */
  async update(record, { quiet = false } = {}) {
    this.record = record;
    if (!this.box.open || !record) return;
    const ticket = ++this.ticket;
    if (this.shown === null) this.status.textContent = this.W.computing;
    let res;
    try {
      res = await call("zohn-ahl.chances", { record, lang: lang() }, { timeoutMs: 180000, retries: 1 });
    } catch (err) {
      if (ticket === this.ticket) this.status.textContent = errorText(err);
      return;
    }
    if (ticket !== this.ticket) return;   // a later position is already being shown
    this.status.textContent = "";
    const first = this.shown === null;
    this.shown = record;
    this.render(res, quiet || first);
  }

  /** @param {any} res the engine's `zohn-ahl.chances` reply @param {boolean} quiet */
  render(res, quiet) {
    const { W } = this;
    const [a, b] = this.names();
    const [p0, p1] = res.win;
    this.box.dataset.win0 = String(p0);
    this.box.dataset.throws = String(res.history.length - 1);
    this.nowLine.textContent = W.now(a, pct(p0), b, pct(p1));
    // what the last throw did to the chances, in the engine's words
    const change = sayPhrase(res.change);
    this.changeLine.textContent = change;
    if (!quiet) this.live.textContent = `${change} ${W.now(a, pct(p0), b, pct(p1))}`;
    this.graph.innerHTML = res.svg;
    const svg = this.graph.querySelector("svg");
    if (svg) svg.classList.add("za-chances-svg");
    this.renderTable(res);
    this.expected.textContent = res.winner === 0 || res.winner === 1 ? ""
      : W.expected(Math.round(res.expected_throws));
  }

  /** @param {any} res */
  renderTable(res) {
    const { W } = this;
    this.table.replaceChildren();
    if (!res.next || !res.next.length) {
      this.table.hidden = true;
      return;
    }
    this.table.hidden = false;
    const [a, b] = this.names();
    const mover = this.names()[this.turn && this.turn.side === 1 ? 1 : 0];   // the board's view says whose throw
    this.table.append(el("caption", { text: W.nextCaption(mover) }));
    this.table.append(el("thead", {}, el("tr", {},
      el("th", { scope: "col", text: W.value }),
      el("th", { scope: "col", text: W.probability }),
      el("th", { scope: "col", text: W.after(a) }),
      el("th", { scope: "col", text: W.after(b) }))));
    const body = el("tbody");
    for (const row of res.next) {
      body.append(el("tr", { "data-value": row.value },
        el("th", { scope: "row", text: W.spaces(row.value) }),
        el("td", { text: `${row.probability} (${pct(row.p)})` }),
        el("td", { text: pct(row.win[0]) }),
        el("td", { text: pct(row.win[1]) })));
    }
    this.table.append(body);
  }
}

// Give `board` a chances view, kept up to date each time the board shows a game it has
// not shown before.
/** @param {ZohnAhlBoard} board */
export function attachChances(board) {
  const view = new ChancesView(board);
  board.on("view", (/** @type {{view: any}} */ { view: shown }) => {
    if (shown.record && shown.record !== view.record) {
      view.turn = turnOf(shown);
      view.update(shown.record);
    }
  });
  return view;
}
