// @ts-check
// The review of a finished Awithlaknannai game: the engine grades every move (best, good,
// inaccuracy, mistake, blunder: by what it lost against the engine's own choice), draws
// the evaluation graph, and replays its best line from any move on a small board of its
// own (the game on the main board is not touched).

import { lang, strings, fill, counted, decimal, sayPhrase } from "../i18n.js";
import { el, enable, isOff } from "./dom.js";
import { call, errorText } from "./engine-calls.js";
import { sideKey } from "./awithlaknannai-view.js";

/** @type {Record<string, string>} */
const SIGNS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

// The review's words (the `review` part of the page's words), as functions of their values.
/**
 * The level of a heading at `node`: one below the page's last heading before it (a page's
 * headings skip no level), 6 at most.
 * @param {Node} node
 */
function headingLevelAt(node) {
  let level = 1;
  for (const h of document.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
    if (node.contains(h)) continue;
    if (!(h.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
    level = Number(h.tagName[1]);
  }
  return Math.min(level + 1, 6);
}

function words() {
  const L = strings();
  const T = L.review;
  return {
    ...T,
    /** @param {any} view @param {number} n @returns {string} the name of the view's side `n` */
    sideName: (view, n) => L.sideWords(sideKey(view, n)).name,
    /** @param {string} side @param {Record<string, number>} c */
    counts: (side, c) => fill(T.counts, { name: side,
      grades: Object.keys(T.countOf).map((g) => counted(T.countOf[g], c[g], {}, L)).join(", ") }),
    /** @param {number} ply @param {string} move */
    showLineName: (ply, move) => fill(T.showLineName, { ply, move }),
    /** @param {number} ply */
    lineOf: (ply) => fill(T.lineOf, { ply }),
    /** @param {number} k @param {number} n @param {string} m */
    step: (k, n, m) => (k === 0 ? counted(T.before, n, {}, L) : fill(T.step, { k, n, move: m })),
    /** @param {Record<string, number>} t */
    thresholds: (t) => fill(T.thresholds, Object.fromEntries(["good", "inaccuracy", "mistake"]
      .map((g) => [g, decimal(String(t[g] / 100), L)]))),
  };
}

/** @typedef {import("./awithlaknannai.js").AwithBoard} AwithBoard */

export class ReviewPanel {
  /** @param {AwithBoard} board @param {HTMLElement} box */
  constructor(board, box) {
    this.board = board;
    const W = words();
    this.button = el("button", { type: "button", class: "board-button", "data-action": "review",
      "aria-label": W.reviewName, text: W.review, hidden: true });
    this.button.addEventListener("click", () => this.run());
    this.panel = el("section", { class: "aw-review", hidden: true, "aria-label": W.title, "data-role": "review" });
    this.status = el("p", { class: "aw-review-status", role: "status", "aria-live": "polite" });
    box.append(this.button, this.status, this.panel);
    /** @type {string | null} */
    this.record = null;
    /** @type {HTMLElement | null} */
    this.viewer = null;
  }

  /** @param {any} view */
  update(view) {
    const finished = !!(view && view.finished && (view.history || []).length);
    this.button.hidden = !finished;
    enable(this.button, finished);
    if (!view || view.record !== this.record) {
      this.panel.hidden = true;
      this.panel.replaceChildren();
      this.status.textContent = "";
    }
  }

  async run() {
    const view = this.board.shownView();
    if (!view || !view.finished || isOff(this.button)) return;
    const W = words();
    enable(this.button, false);
    this.status.textContent = W.working;
    let res;
    try {
      res = await call("awithlaknannai.review", { record: view.record, depth: 3, node_limit: 3000, draw: { lang: lang() } },
        { retries: 0, timeoutMs: 180000 });
    } catch (err) {
      this.status.textContent = errorText(err);
      enable(this.button, true);
      return;
    }
    if (this.board.shownView() !== view) return;
    this.record = view.record;
    this.show(view, res);
    this.status.textContent = `${W.counts(W.sideName(view, 0), res.counts["0"])} ${W.counts(W.sideName(view, 1), res.counts["1"])}`;
    enable(this.button, true);
  }

  /** @param {any} view @param {any} res the engine's `awithlaknannai.review` reply */
  show(view, res) {
    const W = words();
    const graph = el("div", { class: "aw-review-graph" });
    graph.innerHTML = res.svg;   // drawn by the engine; it carries its own title and description
    const list = el("ol", { class: "aw-review-moves" });
    this.viewer = el("div", { class: "aw-line-viewer", hidden: true });
    for (const m of res.moves) {
      const sign = SIGNS[m.grade] || "";
      const bits = (m.said || []).map((/** @type {any} */ p) => sayPhrase(p));  // the engine's words on the move
      const item = el("li", { class: `aw-review-move aw-grade-${m.grade}`, "data-ply": m.ply, "data-grade": m.grade },
        el("span", { class: "aw-review-side", text: `${W.sideName(view, m.side)} ` }),
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
    const title = el(`h${headingLevelAt(this.panel)}`, { class: "aw-review-title", text: W.title });
    this.panel.replaceChildren(title, graph, list, this.viewer, note);
    this.panel.hidden = false;
  }

  // The engine's best line from the position before move `m.ply`, step by step.
  /** @param {any} view @param {any} m a reviewed move */
  async openLine(view, m) {
    const viewer = this.viewer;
    if (!viewer) return;
    const W = words();
    const start = m.position;
    // the position after the line's first k moves, drawn by the engine
    const after = (/** @type {number} */ k) => call("awithlaknannai.new", { ruleset: view.ruleset, stall: view.stall, position: start,
      moves: m.line.slice(0, k).join(" "), draw: { lang: lang(), flip: this.board.isTurned() } });
    try {
      await after(m.line.length);   // the whole line is the engine's: a failure is said, not drawn
    } catch (err) {
      viewer.hidden = false;
      viewer.textContent = errorText(err);
      return;
    }
    const n = m.line.length;
    let k = 0;
    const title = el("h5", { class: "aw-line-title", text: `${W.lineOf(m.ply)}: ${m.numbered_line}` });
    const picture = el("div", { class: "aw-line-board" });
    const caption = el("p", { class: "aw-line-step", role: "status", "aria-live": "polite" });
    const back = el("button", { type: "button", class: "board-button", "data-action": "line-back", text: W.back });
    const fwd = el("button", { type: "button", class: "board-button", "data-action": "line-forward", text: W.forward });
    const close = el("button", { type: "button", class: "board-button", "data-action": "line-close", text: W.close });
    const draw = async () => {
      enable(back, k > 0);
      enable(fwd, k < n);
      caption.textContent = W.step(k, n, m.line[k - 1]);
      try {
        picture.innerHTML = (await after(k)).svg;
      } catch (err) {
        picture.textContent = errorText(err);
      }
    };
    back.addEventListener("click", () => { if (k > 0) { k -= 1; draw(); } });
    fwd.addEventListener("click", () => { if (k < n) { k += 1; draw(); } });
    close.addEventListener("click", () => { viewer.hidden = true; viewer.replaceChildren(); });
    viewer.replaceChildren(title, picture, caption, el("div", { class: "board-controls" }, back, fwd, close));
    viewer.hidden = false;
    await draw();
    fwd.focus();
  }
}

