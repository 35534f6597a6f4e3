// @ts-check
// A puzzle board: the reader plays the first move; the board says right or wrong. A wrong
// move is answered by the engine's refutation (its best reply, played on the board, and
// the line that follows); "Try again" sets the puzzle up once more. The answer comes from
// the build (checked there by the engine: one winning move, no second one).

import { strings, fill, counted } from "../i18n.js";
import { el } from "./dom.js";
import { call, errorText } from "./engine-calls.js";
import { sideKey } from "./awithlaknannai-view.js";

// The puzzle's words (the `puzzle` part of the page's words), as functions of their values.
function words() {
  const L = strings();
  const T = L.puzzle;
  return {
    ...T,
    /** @param {string} m @param {string} why */
    right: (m, why) => fill(T.right, { move: m, why }),
    /** @param {number} k @param {string} line */
    winWhy: (k, line) => fill(k === 1 ? T.winNow : T.winWhy, { line }),
    /** @param {number} g @param {string} line */
    gainWhy: (g, line) => counted(T.gainWhy, g, { line }, L),
    /** @param {string} m */
    wrong: (m) => fill(T.wrong, { move: m }),
    /** @param {string} key the side's name's key @param {string} reply */
    refute: (key, reply) => fill(T.refute, { ...L.sideWords(key), reply }),
    /** @param {string} line */
    refuteLine: (line) => fill(T.refuteLine, { line }),
  };
}

/** @typedef {import("./awithlaknannai.js").AwithBoard} AwithBoard */

export class PuzzlePanel {
  /** @param {AwithBoard} board @param {HTMLElement} box */
  constructor(board, box) {
    this.board = board;
    this.puzzle = board.settings().puzzle;
    const W = words();
    this.verdict = el("p", { class: "puzzle-verdict", "data-role": "verdict", role: "status", "aria-live": "polite" });
    this.again = el("button", { type: "button", class: "board-button", "data-action": "try-again",
      "aria-label": W.againName, text: W.again, hidden: true });
    this.again.addEventListener("click", () => this.reset());
    box.append(this.verdict, this.again);
    /** @type {string | null} */
    this.judged = null;
    // a puzzle is set in one ruleset, for one reader: no choice of rules or opponent
    /** @type {HTMLElement | null} */
    const fields = board.element().querySelector(".board-fields");
    if (fields) fields.hidden = true;
    // a link to this puzzle (#puzzle-N) lands on it once the boards above have taken
    // their final size
    this.landed = location.hash !== `#${this.puzzle.id}`;
  }

  /** @param {any} view */
  update(view) {
    const h = (view && view.history) || [];
    const root = this.board.element();
    if (!this.landed) {
      this.landed = true;
      const section = document.getElementById(this.puzzle.id);
      if (section) requestAnimationFrame(() => section.scrollIntoView({ block: "start" }));
    }
    // moves made since the puzzle's position (a view may list only its latest moves)
    const made = (view && view.since ? view.since : 0) + h.length;
    if (!made) {
      this.verdict.textContent = "";
      this.again.hidden = true;
      delete root.dataset.puzzle;
      this.judged = null;
      return;
    }
    this.again.hidden = false;
    if (made !== 1 || this.judged === view.position) return;
    this.judged = view.position;
    const played = h.length ? h[h.length - 1].notation : "";
    if (view.position === this.puzzle.after) this.right(played || this.puzzle.solution);
    else this.wrong(view, played);
  }

  /** @param {string} played */
  right(played) {
    const W = words();
    const p = this.puzzle;
    const line = p.numbered_line;
    const why = p.goal === "win" ? W.winWhy(p.mate, line) : W.gainWhy(p.gain, line);
    this.board.element().dataset.puzzle = "solved";
    this.verdict.dataset.kind = "right";
    this.verdict.textContent = W.right(played, why);
  }

  /** @param {any} view @param {string} played */
  async wrong(view, played) {
    const W = words();
    this.board.element().dataset.puzzle = "wrong";
    this.verdict.dataset.kind = "wrong";
    this.verdict.textContent = `${W.wrong(played)} ${W.thinking}`;
    if (view.finished) {
      this.verdict.textContent = W.wrong(played);
      return;
    }
    let res;
    try {
      res = await call("awithlaknannai.analyse", { record: view.record, depth: 4, node_limit: 20000, mate_plies: 5 },
        { retries: 0, timeoutMs: 60000 });
    } catch (err) {
      this.verdict.textContent = `${W.wrong(played)} ${errorText(err)}`;
      return;
    }
    if (this.board.shownView() !== view) return;
    const side = sideKey(view, view.to_move);
    this.verdict.textContent = `${W.wrong(played)} ${W.refute(side, res.best)} ${W.refuteLine(res.numbered_line)}`;
    this.board.element().dataset.refutation = res.best;
    const move = (view.legal || [])[res.action];   // the engine's move, by its action
    if (!move) return;
    try {
      // the board's own way of making a move: it slides the piece, shows and says it
      await this.board.play(move);
    } catch { /* the words above still say it */ }
  }

  async reset() {
    delete this.board.element().dataset.refutation;
    await this.board.newGame();
  }
}
