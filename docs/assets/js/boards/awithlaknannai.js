// The Awithlaknannai board: choose a piece, then where it goes (a leap chain point by
// point), by pointer or keyboard. The engine lists the legal moves with their paths;
// this module only matches what the reader points at against that list, so it knows no
// rules. The computer thinks in the worker; Stop terminates it.

import { lang } from "../i18n.js";
import {
  el, part, button, errorText, call, cancel, keep, forget, copyLink, randomSeed, sleep, Board,
} from "./common.js";

const SVGNS = "http://www.w3.org/2000/svg";
const RULESETS = ["culin", "open", "bent", "ludii", "kolowis"];
const LEVELS = ["random", "easy", "medium", "hard"];
const ROWS = ["t", "m", "b"];

// The arguments of a smaller search (engine-client's `fallback`), or null after two tries.
function smallerSearch(args) {
  if (args.time_limit <= 0.5) return null;
  const level = { hard: "medium", medium: "easy" }[args.level] || args.level;
  return { ...args, level, time_limit: args.time_limit > 1 ? 1 : 0.5 };
}

function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// What stands on each point, from the position text "ROW/ROW/ROW side quiet"
// (rows top to bottom, points numbered from 1 at the left).
function occupancy(position) {
  const map = {};
  const rows = String(position || "").trim().split(/\s+/)[0].split("/");
  rows.forEach((row, r) => {
    [...row].forEach((c, i) => { map[`${ROWS[r]}${i + 1}`] = c === "B" ? "B" : c === "W" ? "W" : null; });
  });
  return map;
}

function notationOf(h) {
  return typeof h === "string" ? h : h && h.notation;
}

class AwithBoard extends Board {
  constructor(root) {
    super(root);
    this.loadCmd = "awithlaknannai.load";
    this.future = [];        // undone views (for Redo); Undo asks the engine
    this.sel = [];           // the path chosen so far: [from, landing, ...]
    this.focusName = null;
    this.thinking = false;
    this.gen = 0;            // the number of the latest computer search
    this.flip = this.cfg.bottom === "white";
    const opp = this.cfg.opponent || "person";
    this.mode = opp === "person" ? "person" : opp === "computer-vs-computer" ? "cvc" : "computer";
    this.level = LEVELS.includes(opp) ? opp : (this.cfg.level && LEVELS.includes(this.cfg.level) ? this.cfg.level : "medium");
    this.ruleset = this.cfg.ruleset || "culin";
    this.build();
  }

  // the side the computer plays against a person: the block's top side (turning the
  // board round later does not change sides)
  computerSide() {
    return this.cfg.bottom === "white" ? 0 : 1;
  }

  build() {
    const { root, L } = this;
    root.classList.add("board--awithlaknannai");
    this.status = part(root, "status", () => el("p", { class: "board-status" }), "prepend");
    this.boardBox = part(root, "board", () => el("div", { class: "board-svg" }));
    this.controls = part(root, "controls", () => el("div", { class: "board-controls", role: "group", "aria-label": "Game controls" }));
    this.live = part(root, "live", () => el("div", { class: "board-live" }));
    this.live.setAttribute("aria-live", "polite");
    this.live.setAttribute("role", "status");
    this.turnLine = el("p", { class: "board-turn" });
    this.controls.before(this.turnLine);

    const c = this.controls;
    this.btnUndo = button(c, "undo", L.undo);
    this.btnRedo = button(c, "redo", L.redo);
    this.btnStop = button(c, "stop", L.stop);
    this.btnNew = button(c, "new", L.newGame);
    this.btnFlip = button(c, "flip", "⇅");
    if (!this.btnFlip.getAttribute("aria-label")) this.btnFlip.setAttribute("aria-label", lang() === "fr" ? "Tourner le plateau" : "Turn the board");
    this.btnLink = button(c, "link", L.copyLink);
    c.querySelectorAll("[data-action]").forEach((b) => {
      if (!["undo", "redo", "stop", "new", "flip", "link"].includes(b.dataset.action)) b.hidden = true;
    });
    // keep Undo before Redo whatever order the static markup had
    this.btnUndo.after(this.btnRedo);

    this.rulesetSelect = el("select", { class: "board-select", "data-action": "ruleset" },
      ...RULESETS.map((r) => el("option", { value: r, text: r })));
    this.oppSelect = el("select", { class: "board-select", "data-action": "opponent" },
      el("option", { value: "person", text: L.person }),
      el("option", { value: "computer", text: L.computer }),
      el("option", { value: "cvc", text: L.cvc }));
    this.levelSelect = el("select", { class: "board-select", "data-action": "level" },
      ...LEVELS.map((l) => el("option", { value: l, text: L.levels[l] })));
    this.rulesetSelect.value = this.ruleset;
    this.oppSelect.value = this.mode;
    this.levelSelect.value = this.level;
    const fields = el("div", { class: "board-fields" },
      el("label", { class: "board-field" }, el("span", { text: L.ruleset }), this.rulesetSelect),
      el("label", { class: "board-field" }, el("span", { text: L.opponent }), this.oppSelect),
      el("label", { class: "board-field" }, el("span", { text: L.level }), this.levelSelect));
    c.after(fields);

    this.movesBox = el("div", { class: "aw-moves" },
      el("h4", { class: "aw-moves-title", text: L.moves }),
      el("ol", { class: "aw-movelist" }));
    this.moveList = this.movesBox.querySelector("ol");
    this.live.after(this.movesBox);

    this.allControls = [...c.querySelectorAll("button"), this.rulesetSelect, this.oppSelect, this.levelSelect];
    for (const b of this.allControls) b.disabled = true;
    c.classList.add("is-loading");

    this.btnUndo.addEventListener("click", () => this.undo());
    this.btnRedo.addEventListener("click", () => this.redo());
    this.btnStop.addEventListener("click", () => this.stop());
    this.btnNew.addEventListener("click", () => this.newGame());
    this.btnFlip.addEventListener("click", () => { this.flip = !this.flip; this.renderBoard(); });
    this.btnLink.addEventListener("click", () => this.view && copyLink(this.id, this.view.record, (m) => this.say(m), this.controls));
    this.rulesetSelect.addEventListener("change", () => { this.ruleset = this.rulesetSelect.value; this.newGame(); });
    this.oppSelect.addEventListener("change", () => { this.mode = this.oppSelect.value; this.refresh(); this.maybeComputer(); });
    this.levelSelect.addEventListener("change", () => { this.level = this.levelSelect.value; });

    this.boardBox.addEventListener("click", (ev) => this.onClick(ev));
    this.boardBox.addEventListener("keydown", (ev) => this.onKey(ev));
    this.boardBox.addEventListener("focusin", (ev) => this.onFocus(ev));
    this.boardBox.addEventListener("focusout", () => this.ring(null, "is-focus"));
  }

  // -- start ----------------------------------------------------------------------------
  async opened(view) {
    this.ruleset = view.ruleset || this.ruleset;
    this.rulesetSelect.value = this.ruleset;
    await this.show(view);
    this.controls.classList.remove("is-loading");
  }

  async freshView(ruleset = null) {
    if (this.cfg.record && (!ruleset || ruleset === (this.cfg.ruleset || "culin"))) {
      return call("awithlaknannai.load", { record: this.cfg.record });
    }
    const args = { ruleset: ruleset || this.ruleset, stall: this.cfg.stall || "draw" };
    if (this.cfg.position && (!ruleset || ruleset === this.cfg.ruleset)) args.position = this.cfg.position;
    return call("awithlaknannai.new", args);
  }

  // -- drawing ---------------------------------------------------------------------------
  async show(view) {
    this.view = view;
    this.sel = [];
    this.caps = [];
    this.pickHop = null;
    await this.renderBoard();
    this.renderMoves();
    this.refresh();
  }

  async renderBoard() {
    const view = this.view;
    if (!view) return;
    const hadFocus = this.boardBox.contains(document.activeElement);
    try {
      const res = await call("svg", { game: "awithlaknannai", ruleset: view.ruleset || this.ruleset,
        position: view.position, lang: lang(), flip: this.flip });
      this.boardBox.innerHTML = typeof res === "string" ? res : res.svg;
    } catch (err) {
      console.error("svg", err);
    }
    this.decorate();
    if (hadFocus && this.focusName) this.focusPoint(this.focusName);
  }

  decorate() {
    const svg = this.boardBox.querySelector("svg");
    if (!svg) return;
    this.svg = svg;
    svg.classList.add("board-drawing");
    // on a narrow screen the board keeps a size a finger can hit, and scrolls sideways
    const vb = svg.viewBox && svg.viewBox.baseVal;
    if (vb && vb.width) svg.style.minWidth = `${Math.round(Math.min(vb.width * 0.8, 560))}px`;
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", this.L.boardLabel(this.ruleset));
    this.points = [...svg.querySelectorAll("[data-point]:not(.aw-piece)")];
    const occ = this.view.pieces || occupancy(this.view.position);
    const names = this.points.map((p) => p.dataset.point);
    if (!this.focusName || !names.includes(this.focusName)) this.focusName = names[0];
    // a layer of rings: focus, choice, destinations, compulsory captures (never the only cue)
    const layer = document.createElementNS(SVGNS, "g");
    layer.setAttribute("class", "aw-overlay");
    layer.setAttribute("aria-hidden", "true");
    this.rings = {};
    const r = this.pointRadius();
    for (const p of this.points) {
      const name = p.dataset.point;
      const piece = occ[name];
      p.setAttribute("tabindex", name === this.focusName ? "0" : "-1");
      p.setAttribute("role", "button");
      p.setAttribute("focusable", "true");
      p.dataset.label = `${name}, ${piece === "B" ? this.L.pointBlack : piece === "W" ? this.L.pointWhite : this.L.pointEmpty}`;
      p.setAttribute("aria-label", p.dataset.label);
      const c = this.centre(p);
      const g = document.createElementNS(SVGNS, "g");
      g.setAttribute("class", "aw-ring");
      g.dataset.ring = name;
      g.innerHTML = `<circle class="aw-ring-target" cx="${c.x}" cy="${c.y}" r="${r * 0.38}"/>`
        + `<circle class="aw-ring-outer" cx="${c.x}" cy="${c.y}" r="${r}"/>`
        + `<path class="aw-ring-x" d="M${c.x - r * 0.55} ${c.y - r * 0.55} L${c.x + r * 0.55} ${c.y + r * 0.55} M${c.x + r * 0.55} ${c.y - r * 0.55} L${c.x - r * 0.55} ${c.y + r * 0.55}"/>`;
      layer.append(g);
      this.rings[name] = g;
    }
    svg.append(layer);
    this.markLast();
    this.markChoices();
  }

  pointRadius() {
    // half the smallest distance between two points, in SVG units
    const cs = this.points.map((p) => this.centre(p));
    let best = Infinity;
    for (let i = 0; i < cs.length; i++) {
      for (let j = i + 1; j < cs.length; j++) {
        const d = Math.hypot(cs[i].x - cs[j].x, cs[i].y - cs[j].y);
        if (d > 0.001 && d < best) best = d;
      }
    }
    return Number.isFinite(best) ? best * 0.42 : 12;
  }

  centre(node) {
    const b = node.getBBox();
    let x = b.x + b.width / 2;
    let y = b.y + b.height / 2;
    try {
      const m = this.svg.getScreenCTM().inverse().multiply(node.getScreenCTM());
      return { x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f };
    } catch {
      return { x, y };
    }
  }

  ring(name, cls, on = true) {
    if (!this.rings) return;
    if (name === null) {
      Object.values(this.rings).forEach((g) => g.classList.remove(cls));
      return;
    }
    const g = this.rings[name];
    if (g) g.classList.toggle(cls, on);
  }

  candidates() {
    const legal = (this.view && this.view.legal) || [];
    const caps = this.caps || [];
    return legal.filter((m) => this.sel.every((p, i) => m.path[i] === p)
      && caps.every((c, i) => c === undefined || (m.captured || [])[i] === c));
  }

  humanTurn() {
    if (!this.view || this.view.finished || this.busy || this.thinking) return false;
    if (this.mode === "cvc") return false;
    if (this.mode === "computer" && this.view.to_move === this.computerSide()) return false;
    return true;
  }

  markChoices() {
    if (!this.rings) return;
    for (const cls of ["is-selected", "is-target", "is-movable", "is-must", "is-victim", "is-trail"]) this.ring(null, cls);
    for (const p of this.points || []) p.removeAttribute("aria-pressed");
    if (!this.humanTurn()) return;
    const legal = this.view.legal || [];
    const must = legal.length > 0 && legal.every((m) => (m.captured || []).length > 0);
    if (!this.sel.length) {
      for (const m of legal) {
        this.ring(m.path[0], "is-movable");
        if (must) this.ring(m.path[0], "is-must");
      }
      return;
    }
    const cands = this.candidates();
    this.sel.forEach((p, i) => this.ring(p, i === 0 ? "is-selected" : "is-trail"));
    const p0 = this.points.find((p) => p.dataset.point === this.sel[0]);
    if (p0) p0.setAttribute("aria-pressed", "true");
    for (const m of cands) {
      const next = m.path[this.sel.length];
      if (next) this.ring(next, "is-target");
      const cap = (m.captured || [])[this.sel.length - 1];
      if (cap) this.ring(cap, "is-victim");
    }
    // the leaps already made in this chain: their victims stay marked
    for (const m of cands) (m.captured || []).slice(0, this.sel.length - 1).forEach((c) => this.ring(c, "is-victim"));
    // the destinations also get words in the points' names
    const targets = new Set(cands.map((m) => m.path[this.sel.length]).filter(Boolean));
    for (const p of this.points) {
      const base = p.dataset.label;
      p.setAttribute("aria-label", targets.has(p.dataset.point) ? `${base}, ${lang() === "fr" ? "destination possible" : "possible destination"}`
        : p.dataset.point === this.sel[0] ? `${base}, ${lang() === "fr" ? "choisi" : "chosen"}` : base);
    }
  }

  markLast() {
    const h = (this.view && this.view.history) || [];
    const last = this.lastPath;
    if (!last || !h.length) return;
    last.forEach((p) => this.ring(p, "is-last"));
  }

  renderMoves() {
    const h = ((this.view && this.view.history) || []).map(notationOf);
    const startSide = String(this.view.start || this.view.position || "").trim().split(/\s+/)[1];
    const startBlack = startSide ? startSide === "B" : true;
    this.moveList.replaceChildren();
    if (!h.length) {
      this.moveList.append(el("li", { class: "aw-empty", text: this.L.noMovesYet }));
      return;
    }
    const items = [];
    let i = 0;
    if (!startBlack) {
      items.push(["…", h[0]]);
      i = 1;
    }
    for (; i < h.length; i += 2) items.push([h[i], h[i + 1]]);
    items.forEach(([a, b], n) => {
      this.moveList.append(el("li", {}, el("span", { class: "aw-num", text: `${n + 1}.` }), " ",
        el("span", { class: "aw-move", text: a }), b ? " " : null,
        b ? el("span", { class: "aw-move", text: b }) : null));
    });
  }

  refresh() {
    const v = this.view;
    if (!v) return;
    const L = this.L;
    const ready = !this.busy;
    this.btnUndo.disabled = !ready || !(v.history || []).length;
    this.btnRedo.disabled = !ready || this.thinking || !this.future.length;
    this.btnStop.disabled = !this.thinking && !(this.mode === "cvc" && this.cvcRunning && !v.finished);
    this.btnStop.hidden = false;
    this.btnNew.disabled = !ready;
    this.btnFlip.disabled = !ready;
    this.btnLink.disabled = false;
    this.rulesetSelect.disabled = !ready || this.thinking;
    this.oppSelect.disabled = !ready;
    this.levelSelect.disabled = !ready || this.mode === "person";
    let turn;
    if (v.finished) {
      const o = v.outcome || {};
      const who = o.winner === 0 || o.winner === 1 ? L.colourName[o.winner] : null;
      turn = L.ended(who, L.reasons[o.reason] || o.reason || "");
    } else if (this.thinking) {
      turn = L.thinking;
    } else {
      turn = L.toMove(L.colourName[v.to_move]);
      const legal = v.legal || [];
      if (this.humanTurn() && legal.length && legal.every((m) => (m.captured || []).length)) turn = L.mustCapture(L.colourName[v.to_move]);
    }
    this.turnLine.textContent = turn;
    this.turnLine.classList.toggle("is-over", !!v.finished);
    this.markChoices();
  }

  // -- pointing and keys --------------------------------------------------------------------
  pointFrom(ev) {
    const hit = ev.target.closest && ev.target.closest("[data-point]");
    if (hit && this.boardBox.contains(hit)) return hit.dataset.point;
    if (!this.points || !this.svg) return null;
    // a click on a piece or between points: the nearest point, if close enough
    let best = null;
    let bestD = Infinity;
    for (const p of this.points) {
      const r = p.getBoundingClientRect();
      const d = Math.hypot(r.left + r.width / 2 - ev.clientX, r.top + r.height / 2 - ev.clientY);
      if (d < bestD) { bestD = d; best = p; }
    }
    const first = this.points[0].getBoundingClientRect();
    return best && bestD < Math.max(24, first.width * 1.2) ? best.dataset.point : null;
  }

  onClick(ev) {
    const name = this.pointFrom(ev);
    if (!name) return;
    this.focusName = name;
    this.setRoving(name);
    this.choose(name);
  }

  onFocus(ev) {
    const p = ev.target.closest && ev.target.closest("[data-point]");
    if (!p) return;
    this.focusName = p.dataset.point;
    this.setRoving(this.focusName);
    this.ring(null, "is-focus");
    this.ring(this.focusName, "is-focus");
  }

  setRoving(name) {
    for (const p of this.points || []) p.setAttribute("tabindex", p.dataset.point === name ? "0" : "-1");
  }

  focusPoint(name) {
    const p = (this.points || []).find((q) => q.dataset.point === name);
    if (!p) return;
    this.setRoving(name);
    p.focus();
  }

  onKey(ev) {
    const p = ev.target.closest && ev.target.closest("[data-point]");
    if (!p) return;
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (dirs[ev.key]) {
      ev.preventDefault();
      const next = this.neighbourInDirection(p, dirs[ev.key]);
      if (next) this.focusPoint(next.dataset.point);
    } else if (ev.key === "Enter" || ev.key === " " || ev.key === "Spacebar") {
      ev.preventDefault();
      this.choose(p.dataset.point);
    } else if (ev.key === "Escape") {
      if (this.sel.length) {
        ev.preventDefault();
        this.pickHop = null;
        this.caps = [];
        this.sel = [];
        this.markChoices();
        this.say(this.L.selectPiece);
      }
    } else if (ev.key === "Home" || ev.key === "End") {
      ev.preventDefault();
      const list = this.points;
      this.focusPoint((ev.key === "Home" ? list[0] : list[list.length - 1]).dataset.point);
    }
  }

  // The nearest point on screen in the arrow's direction (so a turned board still works).
  neighbourInDirection(p, [dx, dy]) {
    const r0 = p.getBoundingClientRect();
    const x0 = r0.left + r0.width / 2;
    const y0 = r0.top + r0.height / 2;
    let best = null;
    let bestScore = Infinity;
    for (const q of this.points) {
      if (q === p) continue;
      const r = q.getBoundingClientRect();
      const vx = r.left + r.width / 2 - x0;
      const vy = r.top + r.height / 2 - y0;
      const along = vx * dx + vy * dy;
      const across = Math.abs(vx * dy - vy * dx);
      if (along <= 0.5 || across > along * 1.05) continue;
      const score = along + across * 2;
      if (score < bestScore) { bestScore = score; best = q; }
    }
    return best;
  }

  choose(name) {
    if (!this.humanTurn()) return;
    const L = this.L;
    const fr = lang() === "fr";
    const legal = this.view.legal || [];
    if (this.pickHop) {
      // which piece this hop leaps over (two are possible under `bent`)
      const { landing, victims } = this.pickHop;
      if (!victims.includes(name)) {
        this.say(fr ? `Choisissez le pion à prendre : ${victims.join(" ou ")}.` : `Choose the piece to take: ${victims.join(" or ")}.`);
        return;
      }
      this.pickHop = null;
      return this.advance(landing, name);
    }
    if (!this.sel.length) {
      if (legal.some((m) => m.path[0] === name)) {
        this.sel = [name];
        this.caps = [];
        const n = new Set(this.candidates().map((m) => m.path[1])).size;
        this.say(`${L.selected(name)} ${L.legalTo(n)}`);
      } else {
        const must = legal.length && legal.every((m) => (m.captured || []).length);
        this.say(must ? `${L.notYours(name)} ${L.mustCapture(L.colourName[this.view.to_move])}` : `${L.notYours(name)} ${L.selectPiece}`);
      }
      this.markChoices();
      return;
    }
    if (this.sel.length === 1 && name === this.sel[0]) {
      this.sel = [];
      this.caps = [];
      this.markChoices();
      this.say(L.selectPiece);
      return;
    }
    const cands = this.candidates();
    const next = cands.filter((m) => m.path[this.sel.length] === name);
    if (!next.length) {
      if (this.sel.length === 1 && legal.some((m) => m.path[0] === name)) {
        this.sel = [name];
        this.caps = [];
        const n = new Set(this.candidates().map((m) => m.path[1])).size;
        this.say(`${L.selected(name)} ${L.legalTo(n)}`);
        this.markChoices();
        return;
      }
      const targets = [...new Set(cands.map((m) => m.path[this.sel.length]))];
      this.say(`${L.notYours(name)} ${L.legalTo(targets.length)} (${targets.join(", ")})`);
      return;
    }
    const victims = [...new Set(next.map((m) => (m.captured || [])[this.sel.length - 1]).filter(Boolean))];
    if (victims.length > 1) {
      this.pickHop = { landing: name, victims };
      this.markChoices();
      victims.forEach((v) => this.ring(v, "is-victim"));
      this.say(fr ? `Deux pions peuvent être sautés pour arriver en ${name} : choisissez celui à prendre (${victims.join(" ou ")}).`
                  : `Two pieces can be leapt to reach ${name}: choose the one to take (${victims.join(" or ")}).`);
      return;
    }
    return this.advance(name, victims[0]);
  }

  // One hop chosen: to `landing`, over `victim` (undefined for a step).
  advance(landing, victim) {
    const L = this.L;
    this.sel = [...this.sel, landing];
    this.caps = [...(this.caps || []), victim];
    const cands = this.candidates();
    const done = cands.filter((m) => m.path.length === this.sel.length);
    const longer = cands.filter((m) => m.path.length > this.sel.length);
    if (done.length && !longer.length) {
      this.play(done[0].notation, done[0].path);
      return;
    }
    this.markChoices();
    this.say(`${L.continueChain(landing)} ${L.legalTo(new Set(longer.map((m) => m.path[this.sel.length])).size)}`);
  }

  // -- moves ---------------------------------------------------------------------------------
  async play(notation, path, { byComputer = false, view = null } = {}) {
    const L = this.L;
    this.busy = true;
    this.refresh();
    const before = this.view;
    try {
      const next = view || await call("awithlaknannai.play", { record: before.record, move: notation },
        );
      if (!this.alive) return;
      if (!byComputer) this.future = [];
      this.lastPath = path || null;
      const mover = L.colourName[before.to_move];
      await this.animateMove(next.move || { path, captured: [] });
      this.busy = false;
      await this.show(next);
      const made = next.move || (next.history || []).slice(-1)[0] || { notation };
      const move = notationOf(made) || notation;
      this.lastPath = made.path || path || null;
      const taken = (made.captured || []).length;
      let words = L.played(mover, move);
      if (taken) words = words.replace(/\.$/, ` (${L.capturedN(taken)}).`);
      if (next.finished) words += " " + this.turnLine.textContent;
      else words += " " + this.turnLine.textContent + ".";
      this.say(words.replace(/\.\.$/, "."));
      keep(this.id, next.record);
      if (this.status.dataset.kind === "error") this.setStatus("");   // an old warning has been read
    } catch (err) {
      this.busy = false;
      this.sel = [];
      this.setStatus(errorText(err), "error");
      this.refresh();
    }
    this.maybeComputer();
  }

  // Slide the piece hop by hop along its path; the pieces it leaps fade as it passes.
  async animateMove(move) {
    const path = (move && move.path) || [];
    if (path.length < 2 || !this.svg || reducedMotion()) return;
    const at = (name) => {
      const p = this.points.find((q) => q.dataset.point === name);
      return p ? { x: Number(p.dataset.x), y: Number(p.dataset.y) } : null;
    };
    const piece = this.svg.querySelector(`.aw-piece[data-at="${path[0]}"]`);
    if (!piece || !piece.animate) return;
    piece.parentNode.append(piece);   // above the others while it moves
    const hop = this.mode === "cvc" ? 160 : 200;
    for (let i = 1; i < path.length; i++) {
      const a = at(path[i - 1]);
      const b = at(path[i]);
      if (!a || !b || Number.isNaN(a.x) || Number.isNaN(b.x)) return;
      const anim = piece.animate([{ transform: `translate(${a.x}px, ${a.y}px)` }, { transform: `translate(${b.x}px, ${b.y}px)` }],
        { duration: hop, easing: "ease-in-out", fill: "forwards" });
      const victim = (move.captured || [])[i - 1];
      const gone = victim && this.svg.querySelector(`.aw-piece[data-at="${victim}"]`);
      if (gone && gone.animate) gone.animate([{ opacity: 1 }, { opacity: 0 }], { duration: hop, delay: hop / 2, fill: "forwards" });
      try { await anim.finished; } catch { return; }
    }
  }

  // The computer's move, when it is the computer's turn. Each search has a number
  // (`gen`): Stop, New game or a newer search make an older one's answer void.
  async maybeComputer() {
    const v = this.view;
    if (!v || v.finished || this.thinking || this.busy || !this.alive) return;
    const computerMoves = this.mode === "cvc" || (this.mode === "computer" && v.to_move === this.computerSide());
    if (!computerMoves) return;
    const gen = ++this.gen;
    this.thinking = true;
    this.cvcRunning = this.mode === "cvc";
    this.refresh();
    let res;
    try {
      if (this.mode === "cvc") await sleep(500);
      if (gen !== this.gen) return;
      // A search far over its time (a slow or busy device) is stopped and tried again
      // with a smaller budget, then a smaller one.
      const budget = this.level === "hard" ? 3 : 1.5;
      res = await call("awithlaknannai.ai", { record: v.record, level: this.level, seed: randomSeed(),
        time_limit: budget }, { retries: 0, timeoutMs: budget * 4000 + 4000, fallback: smallerSearch });
    } catch (err) {
      if (gen === this.gen) {
        this.thinking = false;
        this.cvcRunning = false;
        // never left waiting on the computer's turn: the reader plays on
        this.setStatus(`${errorText(err)} ${this.personTakesOver()}`, "error");
        this.refresh();
      }
      return;
    }
    if (gen !== this.gen || this.view !== v || !this.alive) return;
    this.thinking = false;
    const mv = res.move || {};
    await this.play(mv.notation, mv.path, { byComputer: true, view: { ...res.view, move: mv } });
  }

  async stop() {
    const wasThinking = this.thinking;
    this.gen++;
    this.thinking = false;
    this.cvcRunning = false;
    const now = this.personTakesOver();
    if (wasThinking) {
      try { await cancel(); } catch { /* the worker is restarted anyway */ }
    }
    this.say(`${this.L.stopped} ${now}`);
    this.refresh();
  }

  // The computer stops playing: the opponent setting becomes "Another person"; returns
  // the sentence that says so.
  personTakesOver() {
    this.mode = "person";
    this.oppSelect.value = "person";
    return `${this.L.opponent}${lang() === "fr" ? "\u00a0:" : ":"} ${this.L.person}.`;
  }

  async undo() {
    const v0 = this.view;
    if (!v0 || !(v0.history || []).length || this.busy) return;
    if (this.thinking) await this.stop();
    this.busy = true;
    try {
      // against the computer, go back to the person's own turn
      let v = v0;
      const undone = [];
      do {
        undone.push(v);
        v = await call("awithlaknannai.undo", { record: v.record }, { retries: 1 });
      } while (this.mode === "computer" && v.to_move === this.computerSide() && (v.history || []).length);
      this.future.push(...undone);
      this.lastPath = null;
      this.busy = false;
      await this.show(v);
      keep(this.id, v.record);
      this.say(`${this.L.undo}: ${this.turnLine.textContent}`);
    } catch (err) {
      this.setStatus(errorText(err), "error");
    } finally {
      this.busy = false;
      this.refresh();
    }
    this.maybeComputer();
  }

  async redo() {
    if (!this.future.length || this.busy) return;
    let v = this.future.pop();
    while (this.mode === "computer" && this.future.length && v.to_move === this.computerSide()) v = this.future.pop();
    this.lastPath = null;
    await this.show(v);
    keep(this.id, v.record);
    this.say(`${this.L.redo}: ${this.turnLine.textContent}`);
  }

  async newGame() {
    if (this.busy) return;
    if (this.thinking) {
      this.gen++;
      this.thinking = false;
      try { await cancel(); } catch { /* ignore */ }
    }
    this.busy = true;
    this.refresh();
    try {
      forget(this.id);
      const v = await this.freshView(this.ruleset);
      this.future = [];
      this.lastPath = null;
      this.busy = false;
      this.setStatus("");
      await this.show(v);
      this.say(`${this.L.newGame}. ${this.turnLine.textContent}`);
    } catch (err) {
      this.setStatus(errorText(err), "error");
    } finally {
      this.busy = false;
      this.refresh();
    }
    this.maybeComputer();
  }

  destroy() {
    super.destroy();
    this.gen++;
    if (this.thinking) {
      this.thinking = false;
      cancel().catch(() => {});
    }
  }
}

export async function mount(root) {
  const board = new AwithBoard(root);
  await board.start();
  return board;
}
