// The Zohn Ahl board: throw the four sticks, watch the awl go space by space, hear what
// happened. The engine (Python, in the worker) draws each throw from the game's seed,
// applies the ruleset and returns structured events; this module only shows them.

import { narrateZohn, lang } from "../i18n.js";
import {
  el, part, button, errorText, call, keep, forget, copyLink, sleep, Board,
} from "./common.js";

const SVGNS = "http://www.w3.org/2000/svg";

const PACE = {
  normal: { think: 1100, tumble: 650, step: 190, after: 350 },
  fast: { think: 180, tumble: 160, step: 45, after: 60 },
};

function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function parseTeams(t) {
  if (!t) return null;
  if (Array.isArray(t)) return t.length === 2 ? t.map((x) => (Array.isArray(x) ? x : String(x).split(",").map((s) => s.trim()))) : null;
  const sides = String(t).split("/").map((s) => s.split(",").map((n) => n.trim()).filter(Boolean));
  return sides.length === 2 && sides.every((s) => s.length) ? sides : null;
}

// The throws of a record, when the engine's view does not list them: the move text of
// the record is the throws, four characters of 0 and 1 each.
function throwsOf(view) {
  if (Array.isArray(view.throws)) return view.throws.map(String);
  const body = String(view.record || "").split("\n").filter((l) => !l.trim().startsWith("[")).join(" ");
  return body.split(/\s+/).filter((s) => /^[01]{4}$/.test(s));
}

// ---- the four sticks, drawn here so they can tumble and land --------------------------

function sticksSvg(L) {
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", "0 0 236 150");
  svg.setAttribute("class", "za-sticks-svg");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", L.sticksNone);
  const defs = `
    <defs>
      <pattern id="za-marks" width="12" height="12" patternUnits="userSpaceOnUse">
        <path d="M0 8 L6 2 L12 8" fill="none" stroke="currentColor" stroke-width="2.2"/>
      </pattern>
      <pattern id="za-marks-sahe" width="10" height="10" patternUnits="userSpaceOnUse">
        <path d="M1 1 L9 9 M9 1 L1 9" fill="none" stroke="currentColor" stroke-width="1.8"/>
      </pattern>
    </defs>`;
  let body = defs;
  for (let i = 0; i < 4; i++) {
    const x = 14 + i * 56;
    const sahe = i === 3;
    body += `
    <g class="za-stick${sahe ? " za-sahe" : ""}" data-stick="${i}" data-marked="false"${sahe ? ' data-sahe="true"' : ""}>
      <g class="za-stick-body">
        <rect class="za-wood" x="${x}" y="8" width="36" height="118" rx="16"/>
        <rect class="za-face-marks" x="${x + 5}" y="20" width="26" height="94" rx="10" fill="url(#${sahe ? "za-marks-sahe" : "za-marks"})"/>
        ${sahe ? `<g class="za-sahe-sign"><circle cx="${x + 18}" cy="67" r="11"/><path d="M${x + 10} 59 L${x + 26} 75 M${x + 26} 59 L${x + 10} 75"/></g>` : ""}
      </g>
      <text class="za-stick-label" x="${x + 18}" y="144" text-anchor="middle">${sahe ? "sahe" : i + 1}</text>
    </g>`;
  }
  svg.innerHTML = body;
  return svg;
}

function showSticks(svg, throwText, L) {
  const t = String(throwText || "");
  const parts = [];
  svg.querySelectorAll("[data-stick]").forEach((g) => {
    const i = Number(g.dataset.stick);
    const marked = t[i] === "1";
    g.dataset.marked = String(marked);
    g.classList.toggle("is-marked", marked);
    parts.push(i === 3 ? L.sahe(marked) : L.stick(i + 1, marked));
  });
  svg.setAttribute("aria-label", t ? `${L.sticksLabel}: ${parts.join("; ")}` : L.sticksNone);
}

// ---- the board -------------------------------------------------------------------------

class ZohnAhlBoard extends Board {
  constructor(root) {
    super(root);
    this.loadCmd = "zohn-ahl.load";
    this.teams = parseTeams(this.cfg.teams);
    this.names = this.L.sideName.slice();
    this.computerSide = this.cfg.opponent === "computer" ? 1 : null;
    this.speed = "normal";
    this.replay = null;      // {steps, index} while replaying
    this.build();
  }

  // -- layout ------------------------------------------------------------------------
  build() {
    const { root, L } = this;
    root.classList.add("board--zohn-ahl");
    this.status = part(root, "status", () => el("p", { class: "board-status" }), "prepend");
    this.boardBox = part(root, "board", () => el("div", { class: "board-svg" }));
    this.sides = el("div", { class: "za-sides" });
    this.boardBox.before(this.sides);
    this.sticksBox = part(root, "sticks", () => el("div", { class: "board-sticks" }));
    this.sticksBox.replaceChildren();
    this.sticks = sticksSvg(L);
    this.sticksBox.append(this.sticks);
    this.controls = part(root, "controls", () => el("div", { class: "board-controls", role: "group", "aria-label": "Game controls" }));
    this.live = part(root, "live", () => el("div", { class: "board-live" }));
    this.live.setAttribute("aria-live", "polite");
    this.live.setAttribute("role", "status");

    const c = this.controls;
    this.btnThrow = button(c, "throw", L.throw, { key: "T" });
    this.btnThrow.classList.add("board-primary");
    if (!/throw/i.test(this.btnThrow.getAttribute("aria-label") || "") && lang() !== "en") {
      this.btnThrow.setAttribute("aria-label", `${L.throw} (Throw)`);
    }
    this.btnUndo = button(c, "undo", L.undo);
    this.btnNew = button(c, "new", L.newGame);
    this.btnReplay = button(c, "replay", L.replay);
    this.btnLink = button(c, "link", L.copyLink);
    // actions this board has no use for (H5's generic markup) are hidden
    c.querySelectorAll("[data-action]").forEach((b) => {
      if (!["throw", "undo", "new", "replay", "link", "speed"].includes(b.dataset.action)) b.hidden = true;
    });
    this.btnSpeed = button(c, "speed", L.fast, { pressed: false });
    this.oppSelect = el("select", { class: "board-select", "aria-label": L.opponent, "data-action": "opponent" },
      el("option", { value: "person", text: L.person }),
      el("option", { value: "computer", text: L.computer }));
    this.oppSelect.value = this.computerSide === null ? "person" : "computer";
    c.append(el("label", { class: "board-field" }, el("span", { text: L.opponent }), this.oppSelect));

    // replay bar (hidden until used)
    this.replayBar = el("div", { class: "board-controls za-replay", role: "group", "aria-label": L.replay, hidden: true });
    this.rbFirst = el("button", { type: "button", "data-action": "replay-first", text: "⏮ " + L.first });
    this.rbPrev = el("button", { type: "button", "data-action": "replay-prev", text: "◀ " + L.prev });
    this.rbNext = el("button", { type: "button", "data-action": "replay-next", text: L.next + " ▶" });
    this.rbLast = el("button", { type: "button", "data-action": "replay-last", text: L.last + " ⏭" });
    this.rbExit = el("button", { type: "button", "data-action": "replay-exit", text: L.exitReplay });
    this.rbLabel = el("span", { class: "za-replay-label" });
    this.replayBar.append(this.rbFirst, this.rbPrev, this.rbNext, this.rbLast, this.rbLabel, this.rbExit);
    c.after(this.replayBar);

    this.logBox = el("details", { class: "board-log" }, el("summary", { text: L.log }), el("ol", { class: "za-log" }));
    this.log = this.logBox.querySelector("ol");
    this.live.after(this.logBox);

    this.allButtons = [...c.querySelectorAll("button, select"), ...this.replayBar.querySelectorAll("button")];
    this.loading(true);

    this.btnThrow.addEventListener("click", () => this.throwOnce());
    this.btnNew.addEventListener("click", () => this.newGame());
    this.btnUndo.addEventListener("click", () => this.undo());
    this.btnReplay.addEventListener("click", () => this.startReplay());
    this.btnLink.addEventListener("click", () => this.view && copyLink(this.id, this.view.record, (m) => this.say(m), this.controls));
    this.btnSpeed.addEventListener("click", () => {
      this.speed = this.speed === "fast" ? "normal" : "fast";
      this.btnSpeed.setAttribute("aria-pressed", String(this.speed === "fast"));
    });
    this.oppSelect.addEventListener("change", () => {
      this.computerSide = this.oppSelect.value === "computer" ? 1 : null;
      this.refreshControls();
      this.maybeComputer();
    });
    this.rbFirst.addEventListener("click", () => this.replayTo(0));
    this.rbPrev.addEventListener("click", () => this.replayTo(this.replay.index - 1));
    this.rbNext.addEventListener("click", () => this.replayTo(this.replay.index + 1, true));
    this.rbLast.addEventListener("click", () => this.replayTo(this.replay.steps.length - 1));
    this.rbExit.addEventListener("click", () => this.endReplay());
    root.addEventListener("keydown", (ev) => {
      if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
      const tag = (ev.target.tagName || "").toLowerCase();
      if (tag === "input" || tag === "select" || tag === "textarea") return;
      if (ev.key === "t" || ev.key === "T") {
        ev.preventDefault();
        if (!this.btnThrow.disabled) this.throwOnce();
      }
    });
  }

  loading(on) {
    for (const b of this.allButtons) b.disabled = on;
    this.controls.classList.toggle("is-loading", on);
    if (on) {
      this.btnThrow.dataset.label = this.btnThrow.textContent;
    }
  }

  // -- start (Board.start opens the game) -------------------------------------------------
  async opened(view) {
    await this.show(view);
    this.loading(false);
    this.refreshControls();
  }

  async freshView() {
    if (this.cfg.record) return call("zohn-ahl.load", { record: this.cfg.record });
    return call("zohn-ahl.new", { options: this.options() });
  }

  options() {
    if (this.view && this.view.options) return this.view.options;
    const o = { ruleset: this.cfg.ruleset || "kiowa" };
    if (this.cfg.counters) o.counters = Number(this.cfg.counters);
    if (this.cfg.gully) o.gully = this.cfg.gully;
    return o;
  }

  // -- showing a position ------------------------------------------------------------------
  async show(view, { events = null } = {}) {
    this.view = view;
    await this.renderBoard(view.record);
    this.renderSides(view.state);
    if (!events) this.rebuildLog(view);
    this.refreshControls();
  }

  async renderBoard(record) {
    try {
      const res = await call("svg", { game: "zohn-ahl", record, lang: lang() });
      const svg = typeof res === "string" ? res : res.svg;
      this.boardBox.innerHTML = svg;
      const s = this.boardBox.querySelector("svg");
      if (s) {
        s.setAttribute("role", "img");
        s.classList.add("board-drawing");
      }
    } catch (err) {
      console.error("svg", err);
    }
  }

  sideLabel(side) {
    if (this.teams) return `${this.names[side]} (${this.teams[side].join(" & ")})`;
    return this.names[side];
  }

  // Who threw: the side's name, and with teams the member whose turn it was.
  throwerName(side, member) {
    return `${this.names[side]}${this.teams && member ? ` (${member})` : ""}${lang() === "fr" ? " :" : ":"}`;
  }

  thrower(state, side) {
    if (!this.teams || side === null || side === undefined) return null;
    const made = (state.throws_made || [0, 0])[side] || 0;
    const members = this.teams[side];
    return members[made % members.length];
  }

  renderSides(state) {
    const { L } = this;
    const total = (state.counters || [0, 0]).reduce((a, b) => a + b, 0);
    this.sides.replaceChildren();
    for (const side of [0, 1]) {
      const n = state.counters[side];
      const turn = state.to_move === side && !this.isOver(state);
      const won = state.winner === side;
      const tokens = el("span", { class: "za-tokens", "aria-hidden": "true" });
      for (let i = 0; i < total; i++) tokens.append(el("span", { class: "za-token" + (i < n ? " is-held" : "") }));
      const who = this.teams ? el("span", { class: "za-team", text: this.teams[side].join(" & ") }) : null;
      const computer = this.computerSide === side ? el("span", { class: "za-tag", text: L.computer }) : null;
      let note = "";
      if (won) note = L.wins(this.names[side]);
      else if (turn) note = this.teams ? L.toThrowTeam(this.names[side], this.thrower(state, side)) : L.toThrow(this.names[side]);
      if (!won && state.skip && state.skip[side]) note = note ? note : "";
      this.sides.append(el("div", {
        class: `za-side za-side-${side}${turn ? " is-turn" : ""}${won ? " is-winner" : ""}`,
        "data-side": side,
      },
      el("span", { class: "za-swatch", "aria-hidden": "true" }),
      el("span", { class: "za-name", text: this.names[side] }), who, computer,
      tokens,
      el("span", { class: "za-info" },
        el("span", { class: "za-count", text: L.countersOf(this.names[side], n) }), " ",
        el("span", { class: "za-where", text: L.awlAt((state.awls || [])[side]) })),
      el("span", { class: "za-note", text: note })));
    }
  }

  isOver(state) {
    return state.winner !== null && state.winner !== undefined;
  }

  rebuildLog(view) {
    this.log.replaceChildren();
    const all = view.events_by_throw || [];
    const made = [0, 0];
    all.forEach((events) => {
      const side = (events.find((e) => e.kind === "throw") || {}).side;
      const member = this.teams && (side === 0 || side === 1) ? this.teams[side][made[side]++ % this.teams[side].length] : null;
      this.appendLog(events, member);
    });
    if (!all.length) this.log.append(el("li", { class: "za-empty", text: this.L.noThrowsYet }));
  }

  appendLog(events, member = null) {
    const empty = this.log.querySelector(".za-empty");
    if (empty) empty.remove();
    const th = (events.find((e) => e.kind === "throw") || {}).throw;
    const side = (events.find((e) => e.kind === "throw") || {}).side;
    this.log.append(el("li", { "data-side": side ?? "" }, th ? el("code", { text: th }) : null, " ",
      side === 0 || side === 1 ? el("strong", { class: `za-who za-who-${side}`, text: this.throwerName(side, member) }) : null, " ",
      narrateZohn(events, this.names, this.L).join(" ")));
  }

  refreshControls() {
    if (!this.view) return;
    const st = this.view.state;
    const over = this.isOver(st);
    const computerTurn = this.computerSide !== null && st.to_move === this.computerSide;
    this.btnThrow.disabled = this.busy || over || computerTurn || !!this.replay;
    this.btnNew.disabled = this.busy;
    this.btnUndo.disabled = this.busy || !!this.replay || !throwsOf(this.view).length;
    this.btnReplay.disabled = this.busy || !!this.replay || !throwsOf(this.view).length;
    this.btnLink.disabled = false;
    this.oppSelect.disabled = !!this.replay;
    if (!this.replay) {
      if (over) this.setTurnText(this.L.wins(this.names[st.winner]));
      else if (computerTurn) this.setTurnText(this.L.computerThinking);
      else this.setTurnText(this.teams ? this.L.toThrowTeam(this.names[st.to_move], this.thrower(st, st.to_move)) : this.L.toThrow(this.names[st.to_move]));
    }
  }

  setTurnText(t) {
    if (!this.turnLine) {
      this.turnLine = el("p", { class: "board-turn" });
      this.controls.before(this.turnLine);
    }
    this.turnLine.textContent = t;
  }

  pace() {
    if (reducedMotion()) return { think: this.speed === "fast" ? 150 : 700, tumble: 0, step: 0, after: 0 };
    return PACE[this.speed];
  }

  // -- a throw ----------------------------------------------------------------------------
  async throwOnce() {
    if (this.busy || !this.view || this.isOver(this.view.state) || this.replay) return;
    this.busy = true;
    this.refreshControls();
    const side = this.view.state.to_move;
    const member = this.thrower(this.view.state, side);
    try {
      const res = await call("zohn-ahl.throw", { record: this.view.record });
      if (!this.alive) return;
      await this.animateThrow(side, res);
      this.view = res;
      this.future = [];
      await this.renderBoard(res.record);
      this.renderSides(res.state);
      this.appendLog(res.events, member);
      if (this.status.dataset.kind === "error") this.setStatus("");   // an old warning has been read
      this.say(`${this.throwerName(side, member)} ${narrateZohn(res.events, this.names, this.L).join(" ")}`);
      keep(this.id, res.record);
    } catch (err) {
      this.setStatus(errorText(err), "error");
    } finally {
      this.busy = false;
      this.refreshControls();
    }
    this.maybeComputer();
  }

  async animateThrow(side, res) {
    const p = this.pace();
    if (p.tumble) {
      this.sticks.classList.add("is-tumbling");
      await sleep(p.tumble);
      this.sticks.classList.remove("is-tumbling");
    }
    showSticks(this.sticks, res.throw, this.L);
    const throwEv = (res.events || []).find((e) => e.kind === "throw");
    if (throwEv) this.say(narrateZohn([throwEv], this.names, this.L).join(" "));
    await this.moveAwl(side, res);
    if (p.after) await sleep(p.after);
  }

  // Move the awl of `side` space by space along the path the engine gave.
  async moveAwl(side, res) {
    const p = this.pace();
    const path = this.physicalPath(side, res);
    const svg = this.boardBox.querySelector("svg");
    const awl = svg && svg.querySelector(`[data-awl="${side}"]`);
    if (!awl || !path.length || !p.step) return;
    const wrap = document.createElementNS(SVGNS, "g");
    wrap.setAttribute("class", "za-awl-mover");
    awl.replaceWith(wrap);
    wrap.append(awl);
    wrap.parentNode.append(wrap);   // on top of everything while it moves
    const frame = wrap.parentNode;
    const start = centre(awl, frame);
    for (const space of path) {
      const target = svg.querySelector(`[data-space="${space}"]`);
      if (!target || !this.alive) continue;
      const c = centre(target, frame);
      wrap.setAttribute("transform", `translate(${c.x - start.x} ${c.y - start.y})`);
      await sleep(p.step);
    }
  }

  physicalPath(side, res) {
    if (Array.isArray(res.physical_path)) return res.physical_path;
    if (!Array.isArray(res.path)) return [];
    return res.path.map((s) => (typeof s === "object" && s !== null ? (s.physical ?? s.space) : s));
  }

  // -- the computer -----------------------------------------------------------------------
  async maybeComputer() {
    if (this.computerSide === null || !this.view || this.busy || this.replay) return;
    const st = this.view.state;
    if (this.isOver(st) || st.to_move !== this.computerSide) return;
    if (this.thinking) return;
    this.thinking = true;
    this.refreshControls();
    await sleep(this.pace().think);
    this.thinking = false;
    if (!this.alive || this.replay || this.computerSide === null) return this.refreshControls();
    if (this.view.state.to_move !== this.computerSide) return this.refreshControls();
    // the computer's throw is an ordinary throw: the engine draws it from the seed
    this.btnThrow.disabled = true;
    await this.computerThrow();
  }

  async computerThrow() {
    await this.throwOnce();
  }

  // -- new game, replay --------------------------------------------------------------------
  async newGame() {
    if (this.busy) return;
    this.busy = true;
    this.endReplay(false);
    try {
      forget(this.id);
      // the block's own start (its preset throws, its seed if the author gave one)
      const view = await this.freshView();
      this.view = null;
      showSticks(this.sticks, "", this.L);
      await this.show(view);
      this.setStatus("");
      this.say(this.L.newGame + ".");
    } catch (err) {
      this.setStatus(errorText(err), "error");
    } finally {
      this.busy = false;
      this.refreshControls();
    }
    this.maybeComputer();
  }

  // Take back the last throw (against the computer: back to the person's own turn).
  async undo() {
    if (this.busy || !this.view || this.replay) return;
    this.busy = true;
    this.refreshControls();
    try {
      let v = this.view;
      do {
        v = await call("zohn-ahl.undo", { record: v.record });
      } while (this.computerSide !== null && v.state.to_move === this.computerSide && throwsOf(v).length);
      this.view = null;
      await this.show(v);
      const last = (v.events_by_throw || []).slice(-1)[0];
      const th = last && (last.find((e) => e.kind === "throw") || {}).throw;
      showSticks(this.sticks, th || "", this.L);
      keep(this.id, v.record);
      this.say(`${this.L.undo}. ${this.turnLine ? this.turnLine.textContent : ""}`);
    } catch (err) {
      this.setStatus(errorText(err), "error");
    } finally {
      this.busy = false;
      this.refreshControls();
    }
    this.maybeComputer();
  }

  async startReplay() {
    if (this.busy || !this.view) return;
    const throws = throwsOf(this.view);
    if (!throws.length) return;
    this.busy = true;
    this.refreshControls();
    try {
      const first = await call("zohn-ahl.new", { options: this.options() });
      const steps = [{ state: first.state, record: first.record }];
      let record = first.record;
      for (const t of throws) {
        const before = steps[steps.length - 1].state;
        const res = await call("zohn-ahl.throw", { record, throw: t });
        record = res.record;
        steps.push({ state: res.state, record, events: res.events, throw: res.throw, path: res.path,
          physical_path: res.physical_path, side: before.to_move });
      }
      this.replay = { steps, index: 0 };
      this.replayBar.hidden = false;
      this.busy = false;
      await this.replayTo(0);
      this.rbNext.focus();
    } catch (err) {
      this.setStatus(errorText(err), "error");
      this.replay = null;
    } finally {
      this.busy = false;
      this.refreshControls();
    }
  }

  async replayTo(index, animate = false) {
    const r = this.replay;
    if (!r || this.busy) return;
    index = Math.max(0, Math.min(r.steps.length - 1, index));
    const step = r.steps[index];
    this.busy = true;
    try {
      if (animate && index === r.index + 1) {
        await this.animateThrow(step.side, step);
      } else if (step.throw) {
        showSticks(this.sticks, step.throw, this.L);
      } else {
        showSticks(this.sticks, "", this.L);
      }
      r.index = index;
      await this.renderBoard(step.record);
      this.renderSides(step.state);
      const n = r.steps.length - 1;
      const label = index === 0 ? this.L.replayStart : this.L.replaying(index, n);
      this.rbLabel.textContent = label;
      this.setTurnText(label);
      this.say(index === 0 ? label : `${label}. ${narrateZohn(step.events || [], this.names, this.L).join(" ")}`);
    } finally {
      this.busy = false;
      this.rbFirst.disabled = this.rbPrev.disabled = index === 0;
      this.rbNext.disabled = this.rbLast.disabled = index === r.steps.length - 1;
      this.rbExit.disabled = false;
    }
  }

  endReplay(render = true) {
    if (!this.replay) return;
    this.replay = null;
    this.replayBar.hidden = true;
    if (render && this.view) {
      this.renderBoard(this.view.record);
      this.renderSides(this.view.state);
      const last = (this.view.events_by_throw || []).slice(-1)[0];
      const th = last && (last.find((e) => e.kind === "throw") || {}).throw;
      showSticks(this.sticks, th || "", this.L);
      this.refreshControls();
      this.btnReplay.focus();
    }
  }

}

function centre(node, frame) {
  const b = node.getBBox();
  // the centre in the user coordinates of `frame`, whatever transforms lie between
  let m = null;
  try {
    m = frame.getScreenCTM().inverse().multiply(node.getScreenCTM());
  } catch { m = null; }
  const x = b.x + b.width / 2;
  const y = b.y + b.height / 2;
  if (!m) return { x, y };
  return { x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f };
}

export async function mount(root) {
  const board = new ZohnAhlBoard(root);
  (await import("./chances.js")).attachChances(board);
  await board.start();
  return board;
}
