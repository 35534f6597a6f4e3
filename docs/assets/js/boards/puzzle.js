// A puzzle board: the reader plays the first move; the board says right or wrong. A wrong
// move is answered by the engine's refutation (its best reply, played on the board, and
// the line that follows); "Try again" sets the puzzle up once more. The answer comes from
// the build (checked there by the engine: one winning move, no second one).

import { lang } from "../i18n.js";
import { el, call, errorText } from "./common.js";
import { numbered } from "./analysis.js";

const WORDS = {
  en: {
    right: (m, why) => `Right: ${m} ${why}`,
    winWhy: (k) => (k === 1 ? "wins at once." : `wins by force (the engine's line: LINE).`),
    gainWhy: (g) => `wins ${g === 1 ? "a piece" : g + " pieces"} by force (the engine's line: LINE).`,
    wrong: (m) => `Not this one: ${m} does not win by force.`,
    refute: (side, reply) => `${side} answers ${reply}.`,
    refuteLine: (line) => `The engine's line from here: ${line}.`,
    thinking: "The engine is looking for the reply…",
    again: "Try again",
    againName: "Try this puzzle again",
    sides: ["Black", "White"],
  },
  fr: {
    right: (m, why) => `Bravo : ${m} ${why}`,
    winWhy: (k) => (k === 1 ? "gagne tout de suite." : `gagne par force (la suite du moteur : LINE).`),
    gainWhy: (g) => `gagne ${g === 1 ? "un pion" : g + " pions"} par force (la suite du moteur : LINE).`,
    wrong: (m) => `Pas celui-ci : ${m} ne gagne pas par force.`,
    refute: (side, reply) => `${side === "Noir" ? "Les Noirs répondent" : "Les Blancs répondent"} ${reply}.`,
    refuteLine: (line) => `La suite du moteur à partir d’ici : ${line}.`,
    thinking: "Le moteur cherche la réponse…",
    again: "Réessayer",
    againName: "Recommencer ce problème (Try again)",
    sides: ["Noir", "Blanc"],
  },
};

function words() {
  return WORDS[lang() === "fr" ? "fr" : "en"];
}

export class PuzzlePanel {
  constructor(board, box) {
    this.board = board;
    this.puzzle = board.cfg.puzzle;
    const W = words();
    this.verdict = el("p", { class: "puzzle-verdict", "data-role": "verdict", role: "status", "aria-live": "polite" });
    this.again = el("button", { type: "button", class: "board-button", "data-action": "try-again",
      "aria-label": W.againName, text: W.again, hidden: true });
    this.again.addEventListener("click", () => this.reset());
    box.append(this.verdict, this.again);
    this.judged = null;
    // a puzzle is set in one ruleset, for one reader: no choice of rules or opponent
    const fields = board.root.querySelector(".board-fields");
    if (fields) fields.hidden = true;
    // a link to this puzzle (#puzzle-N) lands on it once the boards above have taken
    // their final size
    this.landed = location.hash !== `#${this.puzzle.id}`;
  }

  update(view) {
    const h = (view && view.history) || [];
    const root = this.board.root;
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

  right(played) {
    const W = words();
    const p = this.puzzle;
    const why = p.goal === "win" ? W.winWhy(p.mate) : W.gainWhy(p.gain);
    this.board.root.dataset.puzzle = "solved";
    this.verdict.dataset.kind = "right";
    this.verdict.textContent = W.right(played, why.replace("LINE", numbered(p.line, this.board.cfg.position)));
  }

  async wrong(view, played) {
    const W = words();
    this.board.root.dataset.puzzle = "wrong";
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
    if (this.board.view !== view) return;
    const side = W.sides[view.to_move];
    this.verdict.textContent = `${W.wrong(played)} ${W.refute(side, res.best)} ${W.refuteLine(numbered(res.line, view.position))}`;
    this.board.root.dataset.refutation = res.best;
    const move = (view.legal || []).find((m) => m.notation === res.best) || { notation: res.best, path: [], captured: [] };
    try {
      await this.playOnBoard(move);
    } catch { /* the words above still say it */ }
  }

  // The board's own way of making a move (it slides the piece, shows and announces it):
  // `play(move)` with a legal move of the view, or the older `play(notation, path, options)`.
  playOnBoard(move) {
    const b = this.board;
    if (b.play.length <= 1) return b.play(move);
    return b.play(move.notation, move.path, { byComputer: true });
  }

  async reset() {
    delete this.board.root.dataset.refutation;
    await this.board.newGame();
  }
}
