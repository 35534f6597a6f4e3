// @ts-check
// The engine's judgement on an Awithlaknannai board, on request: an evaluation bar with
// the engine's best line, a hint, the review of a finished game (review.js) and puzzles
// (puzzle.js). The board calls `attach(board)` before it starts; every panel learns of
// each new position from the board's "view" event (board.js). The engine decides everything (the
// worker's `awithlaknannai.analyse`, `.hint`, `.review`); this module only shows it.
//
// Block options (data-config): `analysis` (the evaluation and the review) and `hint`,
// both false on lesson pages and where the board's aids are off (student mode,
// build_scripts/aids.py) unless the block turns them on; `puzzle` (a puzzle board).

import { strings, fill, sayPhrase, sayPhrases } from "../i18n.js";
import { el, enable, isOff } from "./dom.js";
import { call, errorText } from "./engine-calls.js";
import { sideKey } from "./awithlaknannai-view.js";

// The panels' words (the `analysis` part of the page's words), as functions of their
// values; what the engine judged comes as phrases (its replies' `said` and `standing`).
export function words() {
  const L = strings();
  const T = L.analysis;
  return {
    ...T,
    /** @param {any} view @param {number} n @returns {string} the name of the view's side `n` */
    sideName: (view, n) => L.sideWords(sideKey(view, n)).name,
    /** @param {string} said */
    bar: (said) => fill(T.bar, { words: said }),
    /** @param {string} line */
    best: (line) => fill(T.best, { line }),
  };
}

/** @typedef {import("./awithlaknannai.js").AwithBoard} AwithBoard */

class EvalPanel {
  /** @param {AwithBoard} board */
  constructor(board) {
    this.board = board;
    this.on = false;
    this.gen = 0;
    const W = words();
    this.button = el("button", { type: "button", class: "board-button", "data-action": "analysis",
      "aria-pressed": "false", "aria-label": W.showName, text: W.show });
    this.button.addEventListener("click", () => this.toggle());
    this.fill = el("div", { class: "aw-eval-fill" });
    // the bar's ends: side 0's (Black's, whose advantage the bar shows) and side 1's
    this.ends = ["aw-eval-black", "aw-eval-white"].map((c) => el("span", { class: `aw-eval-end ${c}`, "aria-hidden": "true" }));
    this.bar = el("div", { class: "aw-eval-bar", role: "img", "aria-label": W.bar(W.even) },
      this.ends[0],
      el("div", { class: "aw-eval-track" }, this.fill, el("div", { class: "aw-eval-mid" })),
      this.ends[1]);
    this.words = el("p", { class: "aw-eval-words", "data-role": "evaluation" });
    this.line = el("p", { class: "aw-eval-line", "data-role": "best-line" });
    this.panel = el("div", { class: "aw-eval", hidden: true }, this.bar, this.words, this.line);
  }

  toggle() {
    this.on = !this.on;
    this.button.setAttribute("aria-pressed", String(this.on));
    this.panel.hidden = !this.on;
    if (this.on) this.update(this.board.shownView());
  }

  /** @param {any} view */
  async update(view) {
    if (!this.on || !view) return;
    const W = words();
    const gen = ++this.gen;
    this.ends.forEach((end, n) => { end.textContent = W.sideName(view, n); });
    if (view.finished) {
      this.words.textContent = W.over;
      this.line.textContent = "";
      return;
    }
    this.words.textContent = W.thinking;
    this.line.textContent = "";
    let res;
    try {
      res = await call("awithlaknannai.analyse", { record: view.record, depth: 4, node_limit: 20000, mate_plies: 5 },
        { retries: 0, timeoutMs: 60000 });
    } catch (err) {
      if (gen === this.gen) this.words.textContent = errorText(err);
      return;
    }
    if (gen !== this.gen || !this.on) return;
    // the black part of the bar grows from the left as Black gets ahead
    this.fill.style.width = `${100 * res.bar}%`;
    this.bar.setAttribute("aria-label", W.bar(sayPhrase(res.standing)));
    this.bar.dataset.black = String(res.black);
    this.words.textContent = sayPhrases(res.said);
    this.line.textContent = W.best(res.numbered_line);
  }
}

class HintButton {
  /** @param {AwithBoard} board */
  constructor(board) {
    this.board = board;
    const W = words();
    this.button = el("button", { type: "button", class: "board-button", "data-action": "hint",
      "aria-label": W.hintName, text: W.hint });
    this.button.addEventListener("click", () => this.show());
    this.text = el("p", { class: "aw-hint", "data-role": "hint", role: "status", "aria-live": "polite" });
  }

  /** @param {any} view */
  update(view) {
    enable(this.button, !!view && !view.finished);
    this.text.textContent = "";
    this.board.mark([], "is-hint");
  }

  async show() {
    const view = this.board.shownView();
    if (!view || view.finished || isOff(this.button)) return;
    const W = words();
    this.text.textContent = W.thinking;
    try {
      const res = await call("awithlaknannai.hint", { record: view.record }, { retries: 0, timeoutMs: 60000 });
      if (this.board.shownView() !== view) return;
      this.text.textContent = sayPhrases(res.said);
      const move = (view.legal || [])[res.action];
      if (move) this.board.mark(move.path, "is-hint");
    } catch (err) {
      this.text.textContent = errorText(err);
    }
  }
}

// Attach the panels the block asks for; returns the list of panels.
/** @param {AwithBoard} board */
export async function attach(board) {
  const cfg = board.settings();
  /** @type {{update: (view: any) => void}[]} */
  const panels = [];
  const box = el("div", { class: "aw-analysis" });
  if (cfg.puzzle) {
    const { PuzzlePanel } = await import("./puzzle.js");
    panels.push(new PuzzlePanel(board, box));
  } else {
    if (cfg.hint) {
      const h = new HintButton(board);
      board.addControl(h.button);
      box.append(h.text);
      panels.push(h);
    }
    if (cfg.analysis) {
      const e = new EvalPanel(board);
      board.addControl(e.button);
      box.append(e.panel);
      panels.push(e);
      const { ReviewPanel } = await import("./review.js");
      panels.push(new ReviewPanel(board, box));
    }
  }
  if (!panels.length) return panels;
  board.addPanel(box);
  board.on("view", (/** @type {{view: any}} */ { view }) => panels.forEach((p) => p.update(view)));
  const shown = board.shownView();
  if (shown) panels.forEach((p) => p.update(shown));
  return panels;
}
