// @ts-check
// The Awithlaknannai board's controls: its buttons (the build writes most of them), the
// menus of ruleset, opponent and level, the move list, and the points as the keyboard and
// the pointer reach them (awithlaknannai-input.js). Each control calls one of the board's
// actions; what they show comes from the view (awithlaknannai-view.js).

import { el, button, isOff } from "./dom.js";
import { copyLink } from "./board-link.js";
import { PointInput } from "./awithlaknannai-input.js";

/** @typedef {import("./awithlaknannai.js").AwithBoard} AwithBoard */

// The opponent menu's choices: the build's list (a page for students), or every one.
/** @param {string[] | undefined} list @returns {string[]} */
function offeredOpponents(list) {
  /** @type {Record<string, string>} */
  const known = { person: "person", computer: "computer", "computer-vs-computer": "cvc" };
  return list ? list.map((o) => known[o]).filter(Boolean) : ["person", "computer", "cvc"];
}

/** The board's buttons, menus and move list. @param {AwithBoard} b */
export function buildControls(b) {
  const { L, cfg } = b;
  const c = b.controls;
  b.btnUndo = button(c, "undo", L.undo, { onclick: () => b.undo() });
  b.btnRedo = button(c, "redo", L.redo, { onclick: () => b.redo() });
  b.btnStop = button(c, "stop", L.stop, { onclick: () => b.stop() });
  b.btnNew = button(c, "new", L.newGame, { onclick: () => b.newGame() });
  b.btnFlip = button(c, "flip", "⇅", { name: L.turnBoard, onclick: () => b.turnRound() });
  b.btnLink = button(c, "link", L.copyLink, { name: L.linkName,
    onclick: () => b.view && copyLink(b.id, b.view.record, (m) => b.say(m), b.controls) });
  /** @type {NodeListOf<HTMLElement>} */ (c.querySelectorAll("[data-action]")).forEach((node) => {
    if (!["undo", "redo", "stop", "new", "flip", "link"].includes(node.dataset.action || "")) node.hidden = true;
  });
  // keep Undo before Redo whatever order the static markup had
  b.btnUndo.after(b.btnRedo);

  b.rulesetSelect = el("select", { class: "board-select", "data-action": "ruleset" },
    ...(cfg.rulesets || [b.ruleset]).map((/** @type {string} */ r) => el("option", {
      value: r, text: L.rulesetName("awithlaknannai", r), title: L.rulesetSource("awithlaknannai", r) })));
  // a page for students offers only the block's ruleset and opponent (the build's
  // `rulesets` and `opponents`): no other game, no computer's reply to the exercise
  const offered = offeredOpponents(cfg.opponents);
  b.oppSelect = el("select", { class: "board-select", "data-action": "opponent" },
    ...offered.map((o) => el("option", { value: o, text: L[o] })));
  b.levelSelect = el("select", { class: "board-select", "data-action": "level" },
    ...b.levels.map((l) => el("option", { value: l, text: L.levels[l] })));
  b.rulesetSelect.value = b.ruleset;
  b.oppSelect.value = b.mode;
  b.levelSelect.value = b.level;
  /** @param {string} text @param {HTMLSelectElement} select @param {boolean} shown */
  const field = (text, select, shown) => el("label", { class: "board-field", hidden: !shown }, el("span", { text }), select);
  const fields = el("div", { class: "board-fields" },
    field(L.ruleset, b.rulesetSelect, b.rulesetSelect.options.length > 1),
    field(L.opponent, b.oppSelect, true),
    field(L.level, b.levelSelect, offered.includes("computer")));
  c.after(fields);

  // the move list has a heading at the level that follows the page's (no level skipped);
  // until the game is shown it holds one blank line, the height of "No moves yet", so
  // that what follows the board does not move when the board becomes playable
  const movesBox = el("div", { class: "aw-moves" },
    el("p", { class: "aw-moves-title", id: `${b.id}-moves`, text: L.moves }),
    el("ol", { class: "aw-movelist", "aria-labelledby": `${b.id}-moves` },
      el("li", { class: "aw-empty", "aria-hidden": "true", text: "\u00a0" })));
  b.moveList = movesBox.querySelector("ol");
  b.live.after(movesBox);

  b.allControls = [...c.querySelectorAll("button"), b.rulesetSelect, b.oppSelect, b.levelSelect];
  for (const control of b.allControls) control.disabled = true;
  c.classList.add("is-loading");

  // a change made while the board is busy is undone (the select only looked enabled)
  /** @param {HTMLSelectElement} select @param {() => void} fn */
  const onChange = (select, fn) => select.addEventListener("change", () => {
    if (isOff(select)) { select.value = select.dataset.value || select.value; return; }
    select.dataset.value = select.value;
    fn();
  });
  onChange(b.rulesetSelect, () => { b.ruleset = b.rulesetSelect.value; b.newGame(); });
  onChange(b.oppSelect, () => { b.mode = b.oppSelect.value; b.refresh(); b.maybeComputer(); });
  onChange(b.levelSelect, () => { b.level = b.levelSelect.value; });
  for (const sel of [b.rulesetSelect, b.oppSelect, b.levelSelect]) sel.dataset.value = sel.value;
}

/** The points, chosen by pointer or keyboard. @param {AwithBoard} b */
export function pointInput(b) {
  return new PointInput(b.boardBox, {
    points: () => b.points || [],
    choose: (/** @type {string} */ name) => {
      b.focusName = name;
      b.choose(name);
    },
    cancel: () => {
      if (!b.picker.path.length && !b.picker.pending) return false;
      b.picker.reset();
      b.markChoices();
      b.say(b.L.selectPiece);
      return true;
    },
    focused: (/** @type {string | null} */ name) => {
      b.ring(null, "is-focus");
      if (name === null) return;
      b.focusName = name;
      b.ring(name, "is-focus");
    },
  });
}
