// @ts-check
// The Awithlaknannai view shown on the page, beyond the pieces (awithlaknannai-render.js):
// the points named with what stands on them, the rings of what may move and where, the
// move list, the turn line's and the caption's words, the note under a board turned a
// quarter, and a move's slide. All read from the view the engine sent and the move picker;
// no rules here.

import { fill, counted, sayPhrase } from "../i18n.js";
import { el, reducedMotion } from "./dom.js";
import { moveRows } from "./move-list.js";

/** @typedef {import("./awithlaknannai.js").AwithBoard} AwithBoard */

/** A move of the history as its text (older views list texts). @param {any} h @returns {string} */
export function notationOf(h) {
  return typeof h === "string" ? h : h && h.notation;
}

// The new drawing made usable: sized, named, its points focusable buttons, and a layer
// of rings over them.
/** @param {AwithBoard} b */
export function decorate(b) {
  const svg = b.drawing.svg;
  if (!svg) return;
  b.svg = svg;
  svg.classList.add("board-drawing");
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", b.L.boardLabel(b.L.rulesetName("awithlaknannai", b.ruleset)));
  b.points = b.drawing.points;
  const names = b.points.map((p) => p.dataset.point);
  if (!b.focusName || !names.includes(b.focusName)) b.focusName = names[0] || null;
  for (const p of b.points) {
    p.setAttribute("tabindex", p.dataset.point === b.focusName ? "0" : "-1");
    p.setAttribute("role", "button");
    p.setAttribute("focusable", "true");
  }
  b.drawing.addRings();
  b.fit();
}

// A board turned a quarter to fit the screen: a line under it says where its rows went,
// in the words the engine wrote on its drawing (`data-turned-note`, a phrase: which row
// is on the right, which on the left, and which way each is numbered).
/** @param {AwithBoard} b */
export function sayTurn(b) {
  const turned = b.drawing.turned;
  if (!b.turnNote && !turned) return;
  const note = b.turnNote || noteUnder(b);
  const said = b.drawing.svg && b.drawing.svg.dataset.turnedNote;
  note.hidden = !turned || !said;
  if (note.hidden || !said) return;
  note.textContent = sayPhrase(JSON.parse(said), b.L);
}

/** The line under the drawing that says where a turned board's rows went. @param {AwithBoard} b @returns {HTMLElement} */
function noteUnder(b) {
  const note = el("p", { class: "aw-turned-note" });
  b.boardBox.after(note);
  b.turnNote = note;
  return note;
}

/** The key of side `n`'s name in the word tables ("black"), as the view's `sides` gives it. @param {any} view @param {number} n @returns {string} */
export function sideKey(view, n) {
  const s = ((view && view.sides) || [])[n];
  return s ? s.name : "";
}

/** The number of the side whose pieces have the letter `colour` (the view's `sides`), or null. @param {any} view @param {string | undefined} colour @returns {number | null} */
export function sideOfColour(view, colour) {
  const i = (view.sides || []).findIndex((/** @type {any} */ s) => s.colour === colour);
  return i === -1 ? null : i;
}

// Each point named with what stands on it (its accessible name and its tooltip).
/** @param {AwithBoard} b */
export function nameThePoints(b) {
  const v = b.view;
  const pieces = v.pieces || {};
  const sides = v.sides || [];
  const svg = b.drawing.svg;
  if (svg) svg.dataset.toMove = v.to_move === null ? "" : sides[v.to_move].colour;
  b.ring(null, "is-last");
  for (const p of b.points || []) {
    const side = sideOfColour(v, pieces[p.dataset.point || ""]);
    p.dataset.label = `${p.dataset.point}, ${side === null ? b.L.pointEmpty : b.L.pointPiece[sides[side].name]}`;
    p.setAttribute("aria-label", p.dataset.label);
    const title = p.querySelector("title");
    if (title) title.textContent = p.dataset.label;
  }
}

// The rings and the points' names from the picker: what may move, what is chosen, where
// it may go, which pieces a leap takes. With the aids off only the reader's own choices
// are marked (the piece chosen, the points of its chain so far, the pieces leapt).
/** @param {AwithBoard} b */
export function markChoices(b) {
  if (!b.drawing.rings.size) return;
  for (const cls of ["is-selected", "is-target", "is-movable", "is-must", "is-victim", "is-trail"]) b.ring(null, cls);
  const points = b.points || [];
  const label = (/** @type {SVGElement} */ p) => p.dataset.label || "";
  for (const p of points) {
    p.removeAttribute("aria-pressed");
    p.setAttribute("aria-label", label(p));
  }
  if (!b.humanTurn()) return;
  const pk = b.picker;
  if (!b.aids) {
    pk.path.forEach((p, i) => b.ring(p, i === 0 ? "is-selected" : "is-trail"));
    for (const v of pk.victimsTaken) b.ring(v, "is-victim");
    if (pk.path.length) {
      const first = points.find((p) => p.dataset.point === pk.path[0]);
      if (first) {
        first.setAttribute("aria-pressed", "true");
        first.setAttribute("aria-label", `${label(first)}, ${b.L.chosen}`);
      }
    }
    return;
  }
  if (!pk.path.length) {
    for (const from of pk.movable) {
      b.ring(from, "is-movable");
      if (b.view.must_capture) b.ring(from, "is-must");
    }
    return;
  }
  pk.path.forEach((p, i) => b.ring(p, i === 0 ? "is-selected" : "is-trail"));
  const targets = new Set(pk.targets);
  for (const t of targets) b.ring(t, "is-target");
  for (const v of [...pk.victimsTaken, ...pk.victimsAhead]) b.ring(v, "is-victim");
  for (const p of points) {
    const name = p.dataset.point || "";
    if (name === pk.path[0]) p.setAttribute("aria-pressed", "true");
    if (targets.has(name)) p.setAttribute("aria-label", `${label(p)}, ${b.L.possibleDestination}`);
    else if (name === pk.path[0]) p.setAttribute("aria-label", `${label(p)}, ${b.L.chosen}`);
  }
}

/** The move list, in the rows and columns the engine gives each move. @param {AwithBoard} b */
export function renderMoves(b) {
  const h = (b.view && b.view.history) || [];
  const list = b.moveList;
  list.replaceChildren();
  if (!h.length) {
    list.append(el("li", { class: "aw-empty", text: b.L.noMovesYet }));
    return;
  }
  moveRows(h).forEach(([n, a, c]) => {
    list.append(el("li", {}, el("span", { class: "aw-num", text: `${n}.` }), " ",
      el("span", { class: "aw-move", text: a }), c ? " " : null,
      c ? el("span", { class: "aw-move", text: c }) : null));
  });
}

/** How the game ended, in words. @param {Record<string, any>} L @param {any} view */
function endWords(L, view) {
  const o = view.outcome || {};
  const winner = o.winner === 0 || o.winner === 1 ? sideKey(view, o.winner) : null;
  return L.ended(winner, L.reasons[o.reason] || o.reason || "");
}

/** The turn line: whose turn, what they must do (with the aids), or how it ended. @param {AwithBoard} b */
export function turnText(b) {
  const v = b.view;
  const L = b.L;
  if (v.finished) return endWords(L, v);
  if (b.thinking) return L.thinking;
  if (b.aids && b.humanTurn() && v.must_capture) return L.mustCapture(sideKey(v, v.to_move));
  return L.toMove(sideKey(v, v.to_move));
}

// The block's caption says the block's position ("The start of Mosona. Black to move.");
// once the board shows another, inline or presented, the caption says that one: how many
// moves the game has and whose turn it is (or how it ended). Only what the position is,
// never an aid: "White must capture" stays the turn line's, with the aids.
/** @param {AwithBoard} b @param {any} view */
export function showCaption(b, view) {
  const caption = b.root.querySelector('[data-role="caption"]');
  if (!caption) return;
  if (b.blockCaption === undefined) b.blockCaption = caption.textContent || "";
  const L = b.L;
  const n = (view.history || []).length;
  const turn = view.finished ? endWords(L, view) : L.toMove(sideKey(view, view.to_move));
  caption.textContent = view.record === b.cfg.record ? b.blockCaption
    : n === 0 ? fill(L.captionStart, { turn })
    : counted(L.captionAfter, n, { turn }, L);
}

// Slide the piece hop by hop along its path; the pieces it leaps fade as it passes.
// The piece element itself goes to its new point (show() then places the rest).
/** @param {AwithBoard} b @param {any} move */
export async function animateMove(b, move) {
  /** @type {string[]} */
  const path = (move && move.path) || [];
  if (path.length < 2) return;
  const piece = b.drawing.piece(path[0]);
  if (!piece || !b.svg || reducedMotion() || !piece.animate || !piece.parentNode) {
    b.drawing.moved(path[0], path[path.length - 1]);
    return;
  }
  /** @param {string} name */
  const at = (name) => b.drawing.xy(name);
  piece.parentNode.append(piece);   // above the others while it moves
  const hop = b.mode === "cvc" ? 160 : 200;
  for (let i = 1; i < path.length; i++) {
    const a = at(path[i - 1]);
    const c = at(path[i]);
    if (!a || !c || Number.isNaN(a.x) || Number.isNaN(c.x)) break;
    const anim = piece.animate([{ transform: `translate(${a.x}px, ${a.y}px)` }, { transform: `translate(${c.x}px, ${c.y}px)` }],
      { duration: hop, easing: "ease-in-out", fill: "forwards" });
    const victim = (move.captured || [])[i - 1];
    const gone = victim && b.drawing.piece(victim);
    if (gone && gone.animate) gone.animate([{ opacity: 1 }, { opacity: 0 }], { duration: hop, delay: hop / 2, fill: "forwards" });
    try { await anim.finished; } catch { break; }
  }
  b.drawing.moved(path[0], path[path.length - 1]);
}
