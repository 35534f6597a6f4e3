// @ts-check
// The Zohn Ahl board's controls: Throw (and the key T), Undo, New game, Replay, Copy link,
// the speed and the opponent, the replay bar and the log of throws; taps on the cloth are
// answered in words (zohn-ahl-input.js). Each control calls one of the board's actions.

import { el, part, button, isOff } from "./dom.js";
import { copyLink } from "./board-link.js";
import { throwKey, awlTaps } from "./zohn-ahl-input.js";

/** @typedef {import("./zohn-ahl.js").ZohnAhlBoard} ZohnAhlBoard */

/** The board's parts beside the drawing: the sides' panel and the sticks. @param {ZohnAhlBoard} b */
export function buildParts(b) {
  b.sides = el("div", { class: "za-sides" });
  b.boardBox.before(b.sides);
  b.sticksBox = part(b.root, "sticks", () => el("div", { class: "board-sticks" }));
  b.sticks = b.sticksBox.querySelector("svg.za-sticks-svg");
}

/** @param {ZohnAhlBoard} b */
export function buildControls(b) {
  const { root, L } = b;
  const c = b.controls;
  b.btnThrow = button(c, "throw", L.throw, { key: L.throwKeys, name: L.throwName, onclick: () => b.throwOnce() });
  b.btnThrow.classList.add("board-primary");
  b.btnUndo = button(c, "undo", L.undo, { onclick: () => b.undo() });
  b.btnNew = button(c, "new", L.newGame, { onclick: () => b.newGame() });
  b.btnReplay = button(c, "replay", L.replay, { onclick: () => b.startReplay() });
  b.btnLink = button(c, "link", L.copyLink, { name: L.linkName,
    onclick: () => b.view && copyLink(b.id, b.view.record, (m) => b.say(m), b.controls) });
  // actions of the build's generic markup that this board has no use for are hidden
  /** @type {NodeListOf<HTMLElement>} */ (c.querySelectorAll("[data-action]")).forEach((node) => {
    if (!["throw", "undo", "new", "replay", "link", "speed"].includes(node.dataset.action || "")) node.hidden = true;
  });
  const speed = button(c, "speed", L.fast, { pressed: false, onclick: () => {
    b.speed = b.speed === "fast" ? "normal" : "fast";
    speed.setAttribute("aria-pressed", String(b.speed === "fast"));
  } });
  b.oppSelect = el("select", { class: "board-select", "aria-label": L.opponent, "data-action": "opponent" },
    // a page for students offers only the block's opponent (the build's `opponents`)
    ...(b.cfg.opponents || ["person", "computer"]).map((/** @type {string} */ o) => el("option", { value: o, text: L[o] })));
  b.oppSelect.value = b.computerSide === null ? "person" : "computer";
  c.append(el("label", { class: "board-field" }, el("span", { text: L.opponent }), b.oppSelect));

  // replay bar (hidden until used)
  b.replayBar = el("div", { class: "board-controls za-replay", role: "group", "aria-label": L.replay, hidden: true });
  /** @param {string} action @param {string} text @param {(replay: {index: number}) => void} fn */
  const rb = (action, text, fn) => {
    /** @type {HTMLButtonElement} */
    const node = el("button", { type: "button", "data-action": action, text });
    node.addEventListener("click", () => { if (!isOff(node) && b.replay) fn(b.replay); });
    return node;
  };
  b.rbFirst = rb("replay-first", "⏮ " + L.first, () => b.replayTo(0));
  b.rbPrev = rb("replay-prev", "◀ " + L.prev, (r) => b.replayTo(r.index - 1));
  b.rbNext = rb("replay-next", L.next + " ▶", (r) => b.replayTo(r.index + 1, true));
  b.rbLast = rb("replay-last", L.last + " ⏭", () => b.replayTo(b.throwCount()));
  b.rbExit = rb("replay-exit", L.exitReplay, () => b.endReplay());
  b.rbLabel = el("span", { class: "za-replay-label" });
  b.replayBar.append(b.rbFirst, b.rbPrev, b.rbNext, b.rbLast, b.rbLabel, b.rbExit);
  c.after(b.replayBar);

  const logBox = el("details", { class: "board-log" }, el("summary", { text: L.log }), el("ol", { class: "za-log" }));
  b.log = logBox.querySelector("ol");
  b.live.after(logBox);

  b.allButtons = [.../** @type {NodeListOf<HTMLButtonElement | HTMLSelectElement>} */ (c.querySelectorAll("button, select")),
    ...b.replayBar.querySelectorAll("button")];
  b.loading(true);

  b.oppSelect.addEventListener("change", () => {
    if (isOff(b.oppSelect)) {
      b.oppSelect.value = b.computerSide === null ? "person" : "computer";
      return;
    }
    b.computerSide = b.oppSelect.value === "computer" ? 1 : null;
    b.refresh();
    b.maybeComputer();
  });
  throwKey(root, () => {
    if (!isOff(b.btnThrow)) b.throwOnce();
  });
  awlTaps(b.boardBox, (/** @type {number | null} */ side) => b.tapped(side));
}
