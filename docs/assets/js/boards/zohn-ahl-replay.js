// @ts-check
// A Zohn Ahl game replayed throw by throw from what the view holds: the state after each
// throw (`states`) and its events; the awls are moved on the board drawn now. No request.

import { sayPhrases } from "../i18n.js";
import { showSticks } from "./zohn-ahl-render.js";
import { turnOf } from "./zohn-ahl-turns.js";
import { lastRow, renderSides } from "./zohn-ahl-view.js";

/** @typedef {import("./zohn-ahl.js").ZohnAhlBoard} ZohnAhlBoard */

/** @param {ZohnAhlBoard} b */
export async function startReplay(b) {
  if (b.busy || !b.view || !b.throwCount()) return;
  b.replay = { index: 0 };
  b.replayBar.hidden = false;
  await replayTo(b, 0);
  b.rbNext.focus();
}

/** Show the game after `index` throws (`animate`: the one throw after the shown one, played). @param {ZohnAhlBoard} b @param {number} index @param {boolean} [animate] */
export async function replayTo(b, index, animate = false) {
  const r = b.replay;
  if (!r || b.busy) return;
  const v = b.view;
  const n = b.throwCount();
  index = Math.max(0, Math.min(n, index));
  const state = (v.states || [])[index];
  if (!state) return;
  /** @type {import("./zohn-ahl-view.js").ZohnEvent[]} */
  const events = index ? (v.events_by_throw || [])[index - 1] || [] : [];
  /** @type {import("../../../../types/view").ZohnAhlLogRow | undefined} */
  const row = index ? (v.log || [])[index - 1] : undefined;
  const narration = row ? row.narration : [];
  const throwText = row ? row.throw : "";
  await b.act(async () => {
    const svg = b.drawing.svg;
    if (svg) svg.classList.add("is-replay");
    if (animate && index === r.index + 1) {
      const before = v.states[r.index];
      const moveEv = events.find((e) => e.kind === "move" && e.path);
      await b.animateThrow(before.to_move, throwText, narration, moveEv && moveEv.path ? moveEv.path : []);
    } else {
      showSticks(b.sticks, throwText, b.L);
    }
    r.index = index;
    b.drawing.place(state);
    renderSides(b, state, (v.turns || [])[index]);
    const label = index === 0 ? b.L.replayStart : b.L.replaying(index, n);
    b.rbLabel.textContent = label;
    b.turnLine.textContent = label;
    b.say(index === 0 ? label : `${label}. ${sayPhrases(narration, b.L)}`);
  }, { computer: false });
}

/** Back to the game as it stands (`render`: shown again). @param {ZohnAhlBoard} b @param {boolean} [render] */
export function endReplay(b, render = true) {
  if (!b.replay) return;
  b.replay = null;
  b.replayBar.hidden = true;
  if (b.drawing.svg) b.drawing.svg.classList.remove("is-replay");
  if (render && b.view) {
    b.drawing.place(b.view.state);
    renderSides(b, b.view.state, turnOf(b.view));
    showSticks(b.sticks, (lastRow(b.view) || {}).throw || "", b.L);
    b.refresh();
    b.btnReplay.focus();
  }
}
