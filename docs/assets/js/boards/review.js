// The review of a finished Awithlaknannai game: the engine grades every move (best, good,
// inaccuracy, mistake, blunder: by what it lost against the engine's own choice), draws
// the evaluation graph, and replays its best line from any move on a small board of its
// own (the game on the main board is not touched).

import { lang } from "../i18n.js";
import { el, call, errorText } from "./common.js";
import { numbered, standing } from "./analysis.js";

const WORDS = {
  en: {
    review: "Review the game",
    reviewName: "Review the finished game: grade every move",
    working: "The engine is reviewing the game…",
    title: "Review",
    counts: (side, c) => `${side}: ${c.best} best, ${c.good} good, ${c.inaccuracy} ${c.inaccuracy === 1 ? "inaccuracy" : "inaccuracies"}, ${c.mistake} ${c.mistake === 1 ? "mistake" : "mistakes"}, ${c.blunder} ${c.blunder === 1 ? "blunder" : "blunders"}.`,
    grades: { best: "best", good: "good", inaccuracy: "inaccuracy", mistake: "mistake", blunder: "blunder" },
    lost: (pieces) => `lost ${Number(pieces) < 1 ? pieces + " of a piece" : pieces + (pieces === "1.0" ? " piece" : " pieces")} against the best move`,
    engine: (m) => `the engine preferred ${m}`,
    showLine: "Best line",
    showLineName: (ply, move) => `Show the engine's best line at move ${ply} (played: ${move})`,
    lineOf: (ply) => `The engine's line at move ${ply}`,
    step: (k, n, m) => (k === 0 ? `Before move: the position as it was (${n} ${n === 1 ? "move" : "moves"} in the line)` : `Step ${k} of ${n}: ${m}`),
    back: "Back",
    forward: "Forward",
    close: "Close",
    thresholds: (t) => `A move is good when it loses less than ${t.good / 100} of a piece against the engine's best, an inaccuracy under ${t.inaccuracy / 100}, a mistake under ${t.mistake / 100}, a blunder beyond (or when it throws away a forced win or walks into a forced loss). The engine looked ahead a few moves only: a teaching aid, not a verdict.`,
    sides: ["Black", "White"],
  },
  fr: {
    review: "Analyser la partie",
    reviewName: "Analyser la partie terminée : juger chaque coup (Review the game)",
    working: "Le moteur analyse la partie…",
    title: "Analyse",
    counts: (side, c) => `${side} : ${c.best} meilleur${c.best > 1 ? "s" : ""}, ${c.good} bon${c.good > 1 ? "s" : ""}, ${c.inaccuracy} imprécision${c.inaccuracy > 1 ? "s" : ""}, ${c.mistake} erreur${c.mistake > 1 ? "s" : ""}, ${c.blunder} gaffe${c.blunder > 1 ? "s" : ""}.`,
    grades: { best: "meilleur coup", good: "bon", inaccuracy: "imprécision", mistake: "erreur", blunder: "gaffe" },
    lost: (pieces) => `perd ${pieces.replace(".", ",")} ${Number(pieces) < 2 ? "pion" : "pions"} par rapport au meilleur coup`,
    engine: (m) => `le moteur préférait ${m}`,
    showLine: "Meilleure suite",
    showLineName: (ply, move) => `Montrer la meilleure suite du moteur au coup ${ply} (joué : ${move}) (Best line)`,
    lineOf: (ply) => `La suite du moteur au coup ${ply}`,
    step: (k, n, m) => (k === 0 ? `Avant le coup : la position telle qu’elle était (${n} coup${n > 1 ? "s" : ""} dans la suite)` : `Étape ${k} sur ${n} : ${m}`),
    back: "Reculer",
    forward: "Avancer",
    close: "Fermer",
    thresholds: (t) => `Un coup est bon s’il perd moins de ${String(t.good / 100).replace(".", ",")} pion par rapport au meilleur coup du moteur, une imprécision sous ${String(t.inaccuracy / 100).replace(".", ",")}, une erreur sous ${String(t.mistake / 100).replace(".", ",")}, une gaffe au-delà (ou s’il laisse filer un gain forcé ou mène à une perte forcée). Le moteur n’a regardé que quelques coups plus loin : une aide pour apprendre, pas un verdict.`,
    sides: ["Noir", "Blanc"],
  },
};

const SIGNS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

function words() {
  return WORDS[lang() === "fr" ? "fr" : "en"];
}

export class ReviewPanel {
  constructor(board, box) {
    this.board = board;
    const W = words();
    this.button = el("button", { type: "button", class: "board-button", "data-action": "review",
      "aria-label": W.reviewName, text: W.review, hidden: true });
    this.button.addEventListener("click", () => this.run());
    this.panel = el("section", { class: "aw-review", hidden: true, "aria-label": W.title, "data-role": "review" });
    this.status = el("p", { class: "aw-review-status", role: "status", "aria-live": "polite" });
    box.append(this.button, this.status, this.panel);
    this.record = null;
  }

  update(view) {
    const finished = !!(view && view.finished && (view.history || []).length);
    this.button.hidden = !finished;
    this.button.disabled = !finished;
    if (!view || view.record !== this.record) {
      this.panel.hidden = true;
      this.panel.replaceChildren();
      this.status.textContent = "";
    }
  }

  async run() {
    const view = this.board.view;
    if (!view || !view.finished) return;
    const W = words();
    this.button.disabled = true;
    this.status.textContent = W.working;
    let res;
    try {
      res = await call("awithlaknannai.review", { record: view.record, depth: 3, node_limit: 3000, draw: { lang: lang() === "fr" ? "fr" : "en" } },
        { retries: 0, timeoutMs: 180000 });
    } catch (err) {
      this.status.textContent = errorText(err);
      this.button.disabled = false;
      return;
    }
    if (this.board.view !== view) return;
    this.record = view.record;
    this.show(view, res);
    this.status.textContent = `${W.counts(W.sides[0], res.counts["0"])} ${W.counts(W.sides[1], res.counts["1"])}`;
    this.button.disabled = false;
  }

  show(view, res) {
    const W = words();
    const graph = el("div", { class: "aw-review-graph" });
    graph.innerHTML = res.svg;   // drawn by the engine; it carries its own title and description
    const list = el("ol", { class: "aw-review-moves" });
    this.viewer = el("div", { class: "aw-line-viewer", hidden: true });
    for (const m of res.moves) {
      const sign = SIGNS[m.grade] || "";
      const bits = [W.grades[m.grade]];
      if (m.grade !== "best") {
        if (m.loss >= 5 && m.mate_before === null && m.mate_after === null) bits.push(W.lost((m.loss / 100).toFixed(1)));
        bits.push(W.engine(m.best));
      }
      const item = el("li", { class: `aw-review-move aw-grade-${m.grade}`, "data-ply": m.ply, "data-grade": m.grade },
        el("span", { class: "aw-review-side", text: `${W.sides[m.side]} ` }),
        el("strong", { class: "aw-move", text: m.move + sign }),
        el("span", { class: "aw-review-grade", text: ` — ${bits.join("; ")}` }));
      if (m.line.length) {
        const b = el("button", { type: "button", class: "board-button aw-review-line", "data-action": "best-line",
          "aria-label": W.showLineName(m.ply, m.move), text: W.showLine });
        b.addEventListener("click", () => this.openLine(view, m));
        item.append(" ", b);
      }
      list.append(item);
    }
    const note = el("p", { class: "aw-review-note", text: W.thresholds(res.thresholds) });
    this.panel.replaceChildren(el("h4", { class: "aw-review-title", text: W.title }), graph, list, this.viewer, note);
    this.panel.hidden = false;
  }

  // The engine's best line from the position before move `m.ply`, step by step.
  async openLine(view, m) {
    const W = words();
    const start = m.position;
    let line;
    try {
      line = await call("awithlaknannai.new", { ruleset: view.ruleset, stall: view.stall, position: start, moves: m.line.join(" ") });
    } catch (err) {
      this.viewer.hidden = false;
      this.viewer.textContent = errorText(err);
      return;
    }
    const positions = line.positions;
    const n = m.line.length;
    let k = 0;
    const title = el("h5", { class: "aw-line-title", text: `${W.lineOf(m.ply)}: ${numbered(m.line, start)}` });
    const picture = el("div", { class: "aw-line-board" });
    const caption = el("p", { class: "aw-line-step", role: "status", "aria-live": "polite" });
    const back = el("button", { type: "button", class: "board-button", "data-action": "line-back", text: W.back });
    const fwd = el("button", { type: "button", class: "board-button", "data-action": "line-forward", text: W.forward });
    const close = el("button", { type: "button", class: "board-button", "data-action": "line-close", text: W.close });
    const draw = async () => {
      back.disabled = k === 0;
      fwd.disabled = k === n;
      caption.textContent = W.step(k, n, m.line[k - 1]);
      try {
        const res = await call("svg", { game: "awithlaknannai", ruleset: view.ruleset, position: positions[k],
          lang: lang() === "fr" ? "fr" : "en", flip: this.board.flip });
        picture.innerHTML = res.svg;
      } catch (err) {
        picture.textContent = errorText(err);
      }
    };
    back.addEventListener("click", () => { if (k > 0) { k -= 1; draw(); } });
    fwd.addEventListener("click", () => { if (k < n) { k += 1; draw(); } });
    close.addEventListener("click", () => { this.viewer.hidden = true; this.viewer.replaceChildren(); });
    this.viewer.replaceChildren(title, picture, caption, el("div", { class: "board-controls" }, back, fwd, close));
    this.viewer.hidden = false;
    await draw();
    fwd.focus();
  }
}

export { standing };
