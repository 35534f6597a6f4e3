// @ts-check
// The Zohn Ahl board: throw the four sticks, watch the awl go space by space, hear what
// happened. The engine (Python, in the worker) draws each throw from the game's seed,
// applies the ruleset and returns structured events and the new state; this module only
// shows them, on the engine's drawings of the board (drawn once per ruleset, the awls and
// counters then moved: zohn-ahl-render.js) and of the sticks (written by the build). A
// throw, a computer throw and an undo are one request each; a replay uses the states and
// events the view already holds (no request).

import { narrateZohn, fill, lang } from "../i18n.js";
import {
  el, part, button, enable, isOff, centre, reducedMotion, call, callAfter, forget, copyLink, sleep,
  staticBoard, Board, opensAnotherGame,
} from "./common.js";
import { AwlLayer, showSticks } from "./zohn-ahl-render.js";
import { parseTeams, thrower, throwOf } from "./zohn-ahl-turns.js";
import { throwKey, awlTaps } from "./zohn-ahl-input.js";
import { attachClassmate } from "./classmate.js";

const PACE = {
  normal: { think: 1100, tumble: 650, step: 190, after: 350 },
  fast: { think: 180, tumble: 160, step: 45, after: 60 },
};

// ---- the board -------------------------------------------------------------------------

class ZohnAhlBoard extends Board {
  constructor(root) {
    super(root);
    this.loadCmd = "zohn-ahl.load";
    this.teams = parseTeams(this.cfg.teams);
    this.names = this.L.sideName.slice();
    this.computerSide = this.cfg.opponent === "computer" ? 1 : null;
    this.speed = "normal";
    this.replay = null;      // {index} while replaying this.view's throws
    this.viewHooks = [];     // called with each view shown (chances.js)
    /** @type {any} */
    this.mate = null;        // the opponent on another device, when offered (classmate.js)
    this.build();
  }

  // -- layout ------------------------------------------------------------------------
  build() {
    const { root, L } = this;
    root.classList.add("board--zohn-ahl");
    this.frame(() => {
      this.sides = el("div", { class: "za-sides" });
      this.boardBox.before(this.sides);
      this.sticksBox = part(root, "sticks", () => el("div", { class: "board-sticks" }));
      this.sticks = this.sticksBox.querySelector("svg.za-sticks-svg");
    });
    this.drawing = new AwlLayer(this.boardBox);
    // the two sides as every game starts, shown at once: the panel holds its place above
    // the cloth while Python starts, and the engine's state fills it in. A game that may
    // not be at its start (a link, a saved game, a block that starts after some throws)
    // shows neither the sides nor the awls and counters drawn at build time, their places
    // kept, until the engine has read it: only the engine knows where the game stands.
    this.renderSides({ counters: Array(2).fill(Number(this.cfg.counters) || 0), to_move: 0, winner: null });
    if (this.cfg.throws || opensAnotherGame(this.id, this.cfg.record)) {
      root.classList.add("is-opening-game");
    }

    const c = this.controls;
    this.btnThrow = button(c, "throw", L.throw, { key: L.throwKeys, name: L.throwName, onclick: () => this.throwOnce() });
    this.btnThrow.classList.add("board-primary");
    this.btnUndo = button(c, "undo", L.undo, { onclick: () => this.undo() });
    this.btnNew = button(c, "new", L.newGame, { onclick: () => this.newGame() });
    this.btnReplay = button(c, "replay", L.replay, { onclick: () => this.startReplay() });
    this.btnLink = button(c, "link", L.copyLink, { name: L.linkName,
      onclick: () => this.view && copyLink(this.id, this.view.record, (m) => this.say(m), this.controls) });
    // actions of the build's generic markup that this board has no use for are hidden
    /** @type {NodeListOf<HTMLElement>} */ (c.querySelectorAll("[data-action]")).forEach((b) => {
      if (!["throw", "undo", "new", "replay", "link", "speed"].includes(b.dataset.action)) b.hidden = true;
    });
    this.btnSpeed = button(c, "speed", L.fast, { pressed: false, onclick: () => {
      this.speed = this.speed === "fast" ? "normal" : "fast";
      this.btnSpeed.setAttribute("aria-pressed", String(this.speed === "fast"));
    } });
    this.oppSelect = el("select", { class: "board-select", "aria-label": L.opponent, "data-action": "opponent" },
      // a page for students offers only the block's opponent (the build's `opponents`)
      ...(this.cfg.opponents || ["person", "computer"]).map((o) => el("option", { value: o, text: L[o] })));
    this.oppSelect.value = this.computerSide === null ? "person" : "computer";
    c.append(el("label", { class: "board-field" }, el("span", { text: L.opponent }), this.oppSelect));

    // replay bar (hidden until used)
    this.replayBar = el("div", { class: "board-controls za-replay", role: "group", "aria-label": L.replay, hidden: true });
    const rb = (action, text, fn) => {
      const b = el("button", { type: "button", "data-action": action, text });
      b.addEventListener("click", () => { if (!isOff(b) && this.replay) fn(); });
      return b;
    };
    this.rbFirst = rb("replay-first", "⏮ " + L.first, () => this.replayTo(0));
    this.rbPrev = rb("replay-prev", "◀ " + L.prev, () => this.replayTo(this.replay.index - 1));
    this.rbNext = rb("replay-next", L.next + " ▶", () => this.replayTo(this.replay.index + 1, true));
    this.rbLast = rb("replay-last", L.last + " ⏭", () => this.replayTo(this.throwCount()));
    this.rbExit = rb("replay-exit", L.exitReplay, () => this.endReplay());
    this.rbLabel = el("span", { class: "za-replay-label" });
    this.replayBar.append(this.rbFirst, this.rbPrev, this.rbNext, this.rbLast, this.rbLabel, this.rbExit);
    c.after(this.replayBar);

    this.logBox = el("details", { class: "board-log" }, el("summary", { text: L.log }), el("ol", { class: "za-log" }));
    this.log = this.logBox.querySelector("ol");
    this.live.after(this.logBox);

    this.allButtons = [...c.querySelectorAll("button, select"), ...this.replayBar.querySelectorAll("button")];
    this.loading(true);

    this.oppSelect.addEventListener("change", () => {
      if (isOff(this.oppSelect)) {
        this.oppSelect.value = this.computerSide === null ? "person" : "computer";
        return;
      }
      this.computerSide = this.oppSelect.value === "computer" ? 1 : null;
      this.refresh();
      this.maybeComputer();
    });
    throwKey(root, () => {
      if (!isOff(this.btnThrow)) this.throwOnce();
    });
    awlTaps(this.boardBox, (side) => this.tapped(side));
  }

  // A tap on the board: the awls move only by the throw, and the other side's awl is not
  // the reader's to move; said in words (nothing is played).
  tapped(side) {
    const v = this.view;
    if (!v || this.busy || this.replay || this.isOver(v.state)) return;
    const mover = v.state.to_move;
    this.say(side !== null && side !== mover ? this.L.theirAwl(this.names[side]) : this.L.awlByThrow);
  }

  // Space on a presented board throws the sticks (as T does).
  mainAction() {
    if (!isOff(this.btnThrow)) this.throwOnce();
  }

  loading(on) {
    for (const b of this.allButtons) b.disabled = on;
    this.controls.classList.toggle("is-loading", on);
  }

  // -- start (Board.start opens the game) -------------------------------------------------
  async opened(view) {
    this.endReplay(false);
    await this.show(view);
    showSticks(this.sticks, throwOf((view.events_by_throw || []).slice(-1)[0]), this.L);
    this.loading(false);
    this.refresh();
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
  // Show `view`: the engine's drawing of its board (asked once), its state, the log.
  async show(view) {
    const options = view.options;
    const svg = await staticBoard({ game: "zohn-ahl", options });
    this.view = view;
    this.drawing.board(JSON.stringify(options), svg);
    this.drawing.place(view.state);
    this.renderSides(view.state);
    this.root.classList.remove("is-opening-game");
    this.rebuildLog(view);
    this.refresh();
    for (const hook of this.viewHooks) hook(view);
  }

  sideLabel(side) {
    if (this.teams) return `${this.names[side]} (${this.teams[side].join(" & ")})`;
    return this.names[side];
  }

  // Who threw: the side's name, and with teams the member whose turn it was.
  throwerName(side, member) {
    return this.L.who(`${this.names[side]}${this.teams && member ? ` (${member})` : ""}`);
  }

  thrower(state, side) {
    return thrower(this.teams, state, side);
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

  throwCount() {
    return this.view.thrown || 0;
  }

  refresh() {
    if (!this.view) return;
    const st = this.view.state;
    const over = this.isOver(st);
    const computerTurn = this.computerSide !== null && st.to_move === this.computerSide;
    const idle = !this.busy && !this.replay;
    enable(this.btnThrow, idle && !over && !computerTurn && !this.thinking);
    enable(this.btnNew, !this.busy);
    enable(this.btnUndo, idle && this.throwCount() > 0 && (!this.mate || this.mate.canUndo(this.view)));
    enable(this.btnReplay, idle && this.throwCount() > 0);
    enable(this.btnLink, true);
    enable(this.oppSelect, !this.replay);
    if (this.replay) {
      const n = this.throwCount();
      const i = this.replay.index;
      enable(this.rbFirst, !this.busy && i > 0);
      enable(this.rbPrev, !this.busy && i > 0);
      enable(this.rbNext, !this.busy && i < n);
      enable(this.rbLast, !this.busy && i < n);
      enable(this.rbExit, !this.busy);
      return;
    }
    if (over) this.turnLine.textContent = this.L.wins(this.names[st.winner]);
    else if (computerTurn) this.turnLine.textContent = this.L.computerThinking;
    else this.turnLine.textContent = this.teams ? this.L.toThrowTeam(this.names[st.to_move], this.thrower(st, st.to_move)) : this.L.toThrow(this.names[st.to_move]);
  }

  pace() {
    if (reducedMotion()) return { think: this.speed === "fast" ? 150 : 700, tumble: 0, step: 0, after: 0 };
    return PACE[this.speed];
  }

  // -- a throw ----------------------------------------------------------------------------
  // One request: the engine throws (from the game's seed), plays the throw and draws the
  // board after it; the sticks tumble and the awl walks while the page shows it. A warning
  // on the status line goes with the reader's own throw (read, then acted on), never with
  // the computer's (`byComputer`), which may come before the reader has read it.
  throwOnce(byComputer = false) {
    if (this.busy || !this.view || this.isOver(this.view.state) || this.replay) return;
    if (this.mate && this.mate.refuse()) return;
    return this.act(async () => {
      const side = this.view.state.to_move;
      const member = this.thrower(this.view.state, side);
      const res = await callAfter(this.view, "zohn-ahl.throw", { record: this.view.record });
      if (!this.alive) return;
      const events = res.events_by_throw.at(-1) || [];
      await this.animateThrow(side, res.throw, events, res.path);
      this.view = res;
      this.drawing.place(res.state);
      for (const hook of this.viewHooks) hook(res);
      this.renderSides(res.state);
      this.appendLog(events, member);
      if (!byComputer && this.status.dataset.kind === "error") this.setStatus("");
      this.say(`${this.throwerName(side, member)} ${narrateZohn(events, this.names, this.L).join(" ")}`);
      this.keep(res);
    });
  }

  async animateThrow(side, throwText, events, path) {
    const p = this.pace();
    if (p.tumble) {
      this.sticks.classList.add("is-tumbling");
      await sleep(p.tumble);
      this.sticks.classList.remove("is-tumbling");
    }
    showSticks(this.sticks, throwText, this.L);
    const throwEv = (events || []).find((e) => e.kind === "throw");
    if (throwEv) this.say(narrateZohn([throwEv], this.names, this.L).join(" "));
    await this.moveAwl(side, path || []);
    if (p.after) await sleep(p.after);
  }

  // Move the awl of `side` space by space along `path` (the spaces in its own numbering).
  async moveAwl(side, path) {
    const p = this.pace();
    const svg = this.drawing.svg;
    if (!svg || !path.length || !p.step) return;
    const moveTo = this.drawing.lift(side, centre);
    if (!moveTo) return;
    for (const space of path) {
      const target = svg.querySelector(`[data-own${side}="${space}"]`);
      if (!target || !this.alive) continue;
      moveTo(target);
      await sleep(p.step);
    }
  }

  // -- the computer -----------------------------------------------------------------------
  async maybeComputer() {
    if (this.computerSide === null || !this.view || this.busy || this.replay || this.thinking) return;
    const st = this.view.state;
    if (this.isOver(st) || st.to_move !== this.computerSide) return;
    this.thinking = true;
    this.refresh();
    await sleep(this.pace().think);
    this.thinking = false;
    if (!this.alive || this.replay || this.computerSide === null || this.view.state.to_move !== this.computerSide) {
      this.refresh();
      return;
    }
    // the computer's throw is an ordinary throw: the engine draws it from the seed
    await this.throwOnce(true);
  }

  // -- new game, undo, replay ----------------------------------------------------------------
  newGame() {
    return this.act(async () => {
      forget(this.id);
      // the block's own start (its preset throws, its seed if the author gave one)
      const view = await this.freshView();
      await this.opened(view);
      this.setStatus("");
      this.say(this.L.newGame + ".");
    });
  }

  // Take back the last throw (against the computer: back to the person's own turn). One
  // request: the engine replays the record's first throws.
  undo() {
    if (!this.view || this.replay) return;
    const v0 = this.view;
    return this.act(async () => {
      const toTurnOf = this.mate && this.mate.on ? this.mate.side
        : this.computerSide === null ? undefined : 1 - this.computerSide;
      const v = await call("zohn-ahl.undo", { record: v0.record, to_turn_of: toTurnOf });
      await this.opened(v);
      this.keep(v);
      this.say(`${this.L.undo}. ${this.turnLine.textContent}`);
    });
  }

  // Replay the game throw by throw from what the view holds: the state after each throw
  // (`states`) and its events; the awls are moved on the board drawn now.
  async startReplay() {
    if (this.busy || !this.view || !this.throwCount()) return;
    this.replay = { index: 0 };
    this.replayBar.hidden = false;
    await this.replayTo(0);
    this.rbNext.focus();
  }

  async replayTo(index, animate = false) {
    const r = this.replay;
    if (!r || this.busy) return;
    const v = this.view;
    const n = this.throwCount();
    index = Math.max(0, Math.min(n, index));
    const state = (v.states || [])[index];
    if (!state) return;
    const events = index ? (v.events_by_throw || [])[index - 1] || [] : [];
    const throwText = throwOf(events);
    await this.act(async () => {
      const svg = this.drawing.svg;
      if (svg) svg.classList.add("is-replay");
      if (animate && index === r.index + 1) {
        const before = v.states[r.index];
        const moveEv = events.find((e) => e.kind === "move" && e.path);
        await this.animateThrow(before.to_move, throwText, events, moveEv ? moveEv.path : []);
      } else {
        showSticks(this.sticks, throwText, this.L);
      }
      r.index = index;
      this.drawing.place(state);
      this.renderSides(state);
      const label = index === 0 ? this.L.replayStart : this.L.replaying(index, n);
      this.rbLabel.textContent = label;
      this.turnLine.textContent = label;
      this.say(index === 0 ? label : `${label}. ${narrateZohn(events, this.names, this.L).join(" ")}`);
    }, { computer: false });
  }

  endReplay(render = true) {
    if (!this.replay) return;
    this.replay = null;
    this.replayBar.hidden = true;
    if (this.drawing.svg) this.drawing.svg.classList.remove("is-replay");
    if (render && this.view) {
      this.drawing.place(this.view.state);
      this.renderSides(this.view.state);
      showSticks(this.sticks, throwOf((this.view.events_by_throw || []).slice(-1)[0]), this.L);
      this.refresh();
      this.btnReplay.focus();
    }
  }
}

// The opponent "a classmate on another device" (classmate.js), told how to read this
// board's views: a turn is the throws of one side until the other's turn.
function withClassmate(board) {
  const thrower = (events) => ((events || []).find((e) => e.kind === "throw") || {}).side;
  attachClassmate(board, {
    select: board.oppSelect,
    throws: true,
    count: (v) => v.thrown || 0,
    toMove: (v) => (board.isOver(v.state) ? null : v.state.to_move),
    finished: (v) => board.isOver(v.state),
    lastSide: (v) => { const s = thrower((v.events_by_throw || []).slice(-1)[0]); return s === undefined ? null : s; },
    // the throws in words, as the narration says them ("four marks up, worth six")
    lastTurn: (v, side) => {
      const L = board.L;
      const W = L.classmate;
      const turn = [];
      for (const events of [...(v.events_by_throw || [])].reverse()) {
        const ev = (events || []).find((e) => e.kind === "throw");
        if (!ev || ev.side !== side) break;
        const sticks = String(ev.throw || "");
        const marks = L.marksUp([...sticks].filter((c) => c === "1").length, sticks[3] === "1");
        const value = L.numberWord[ev.value] !== undefined ? L.numberWord[ev.value] : String(ev.value);
        turn.unshift(fill(W.turnThrow, { marks: marks.charAt(0).toLocaleLowerCase(lang()) + marks.slice(1), value }));
      }
      return turn.join(W.turnThen);
    },
    sideName: (side) => board.names[side],
    result: () => board.L.wins(board.names[board.view.state.winner]),
    setMode: (on) => { if (on) board.computerSide = null; },
  });
}

export async function mount(root) {
  const board = new ZohnAhlBoard(root);
  // the Chances panel is an aid: not offered where the board's aids are off (student mode)
  withClassmate(board);
  if (board.cfg.chances_offered !== false) (await import("./chances.js")).attachChances(board);
  await board.start();
  return board;
}
