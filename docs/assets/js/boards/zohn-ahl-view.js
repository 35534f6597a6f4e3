// @ts-check
// The Zohn Ahl view shown on the page, beyond the awls and counters on the cloth
// (zohn-ahl-render.js): the two sides' panel (counters held, where each awl is, whose
// throw), the log of throws in words, and a side's last turn in words. Read from the
// engine's view (its state, turns and log rows); no rules here.

import { sayPhrase, sayPhrases, fill, lang } from "../i18n.js";
import { el } from "./dom.js";

/** @typedef {import("./zohn-ahl.js").ZohnAhlBoard} ZohnAhlBoard */
/** @typedef {{kind: string, side?: number, throw?: string, value?: number, path?: number[]}} ZohnEvent */
/** @typedef {import("../../../../types/view").ZohnAhlLogRow} LogRow */

/** Whether the game of `state` is over. @param {any} state */
export function isOver(state) {
  return state.winner !== null && state.winner !== undefined;
}

// The two sides: counters held, where each awl is, whose throw or who won (`turn`, the
// engine's words for it; without it, as before the engine has read the game, no words).
/** @param {ZohnAhlBoard} b @param {any} state @param {import("../../../../types/view").ZohnAhlTurn} [turn] */
export function renderSides(b, state, turn) {
  const { L } = b;
  const total = (state.counters || [0, 0]).reduce((/** @type {number} */ x, /** @type {number} */ y) => x + y, 0);
  b.sides.replaceChildren();
  for (const side of [0, 1]) {
    const n = state.counters[side];
    const toThrow = turn ? turn.side === side : state.to_move === side && !isOver(state);
    const won = state.winner === side;
    const tokens = el("span", { class: "za-tokens", "aria-hidden": "true" });
    for (let i = 0; i < total; i++) tokens.append(el("span", { class: "za-token" + (i < n ? " is-held" : "") }));
    const who = b.teams ? el("span", { class: "za-team", text: b.teams[side].join(" & ") }) : null;
    const computer = b.computerSide === side ? el("span", { class: "za-tag", text: L.computer }) : null;
    // (before the engine has read the game, the line its words will take is kept, blank,
    // so that nothing below moves when they come)
    const note = turn && (won || toThrow) ? sayPhrase(turn.caption, L) : !turn && toThrow ? "\u00a0" : "";
    b.sides.append(el("div", {
      class: `za-side za-side-${side}${toThrow ? " is-turn" : ""}${won ? " is-winner" : ""}`,
      "data-side": side,
    },
    el("span", { class: "za-swatch", "aria-hidden": "true" }),
    el("span", { class: "za-name", text: b.names[side] }), who, computer,
    tokens,
    el("span", { class: "za-info" },
      el("span", { class: "za-count", text: L.countersOf(b.names[side], n) }), " ",
      el("span", { class: "za-where", text: L.awlAt((state.awls || [])[side]) })),
    el("span", { class: "za-note", text: note })));
  }
}

/** The log of every throw of `view` (its rows, the engine's). @param {ZohnAhlBoard} b @param {any} view */
export function rebuildLog(b, view) {
  b.log.replaceChildren();
  /** @type {LogRow[]} */
  const rows = view.log || [];
  for (const row of rows) appendLog(b, row);
  if (!rows.length) b.log.append(el("li", { class: "za-empty", text: b.L.noThrowsYet }));
}

/** One throw in the log: the sticks, who threw and the throw in words (the engine's phrases). @param {ZohnAhlBoard} b @param {LogRow} row */
export function appendLog(b, row) {
  const empty = b.log.querySelector(".za-empty");
  if (empty) empty.remove();
  const { throw: th, side } = row;
  b.log.append(el("li", { "data-side": side }, th ? el("code", { text: th }) : null, " ",
    el("strong", { class: `za-who za-who-${side}`, text: sayPhrase(row.thrower, b.L) }), " ",
    sayPhrases(row.narration, b.L)));
}

/** The log's last row of `view`, if it has one. @param {any} view @returns {LogRow | undefined} */
export function lastRow(view) {
  return (view.log || []).slice(-1)[0];
}

/** The side that made the last throw of `view`, or null. @param {any} view @returns {number | null} */
export function lastThrower(view) {
  const row = lastRow(view);
  return row ? row.side : null;
}

// The last turn of `side` (its throws until the other's turn) in words, as the narration
// says them ("four marks up, worth six"): the marks and the value of each throw's first
// phrase, the engine's words for the throw.
/** @param {Record<string, any>} L @param {any} view @param {number} side */
export function turnWords(L, view, side) {
  const W = L.classmate;
  /** @type {string[]} */
  const turn = [];
  /** @type {LogRow[]} */
  const rows = view.log || [];
  for (let i = rows.length - 1; i >= 0 && rows[i].side === side; i--) {
    /** @type {Record<string, any>} */
    const values = (rows[i].narration[0] || {}).values || {};
    const word = (/** @type {any} */ v) => (typeof v === "object" ? sayPhrase(v, L) : String(v ?? ""));
    const marks = word(values.marks);
    turn.unshift(fill(W.turnThrow, { marks: marks.charAt(0).toLocaleLowerCase(lang()) + marks.slice(1), value: word(values.value) }));
  }
  return turn.join(W.turnThen);
}
