// @ts-check
// The Awithlaknannai board: choose a piece, then where it goes (a leap chain point by
// point), by pointer or keyboard. The engine lists the legal moves with their paths; the
// move picker (move-picker.js) narrows them down as points are chosen, so this module
// knows no rules: it draws, listens and tells. Every move, computer move and undo is one
// request to the engine, whose reply says what changed; the board, drawn by the engine
// once per ruleset, keeps its elements and only its pieces move (awithlaknannai-render.js).
// The rulesets and levels offered are the engine's (the build writes them into the
// block's config). The computer thinks in the worker; Stop terminates it.

import {
  el, button, enable, isOff, reducedMotion, room, errorText, call, callAfter, cancel, forget,
  copyLink, randomSeed, sleep, staticBoard, Board, opensAnotherGame,
} from "./common.js";
import { fill, counted } from "../i18n.js";
import { MovePicker } from "./move-picker.js";
import { PieceLayer } from "./awithlaknannai-render.js";
import { PointInput } from "./awithlaknannai-input.js";
import { moveRows } from "./move-list.js";
import { refusalWords } from "./tap-words.js";
import { attachClassmate } from "./classmate.js";

// The arguments of a smaller search (engine-client's `fallback`), or null after two tries.
function smallerSearch(args) {
  if (args.time_limit <= 0.5) return null;
  const level = { perfect: "hard", hard: "medium", medium: "easy" }[args.level] || args.level;
  return { ...args, level, time_limit: args.time_limit > 1 ? 1 : 0.5 };
}

// The opponent menu's choices: the build's list (a page for students), or every one.
function offeredOpponents(list) {
  const known = { person: "person", computer: "computer", "computer-vs-computer": "cvc" };
  return list ? list.map((o) => known[o]).filter(Boolean) : ["person", "computer", "cvc"];
}

function notationOf(h) {
  return typeof h === "string" ? h : h && h.notation;
}

class AwithBoard extends Board {
  constructor(root) {
    super(root);
    this.loadCmd = "awithlaknannai.load";
    this.future = [];        // the records of the undone games (for Redo)
    this.picker = new MovePicker([]);
    this.focusName = null;
    this.thinking = false;
    this.gen = 0;            // the number of the latest computer search
    this.flip = this.cfg.bottom === "white";
    const opp = this.cfg.opponent || "person";
    this.mode = opp === "person" ? "person" : opp === "computer-vs-computer" ? "cvc" : "computer";
    this.levels = this.cfg.levels || [];
    this.level = this.levels.includes(opp) ? opp
      : (this.cfg.level && this.levels.includes(this.cfg.level) ? this.cfg.level : "medium");
    this.ruleset = this.cfg.ruleset || "culin";
    this.viewHooks = [];     // called with each view shown (analysis.js: evaluation, hint, review, puzzle)
    // the rings and words that show which pieces may move or must capture, and where a
    // chosen piece may go (off in student mode: build_scripts/aids.py, tap-words.js)
    this.aids = this.cfg.aids !== false;
    /** @type {any} */
    this.mate = null;        // the opponent on another device, when offered (classmate.js)
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
    this.frame();
    this.drawing = new PieceLayer(this.boardBox);
    this.drawing.adopt();
    this.fit();
    // the pieces drawn at build time are the block's own position: a game from a link or
    // a saved one shows none, their places kept, until the engine has read it
    if (opensAnotherGame(this.id, this.cfg.record)) root.classList.add("is-opening-game");

    const c = this.controls;
    this.btnUndo = button(c, "undo", L.undo, { onclick: () => this.undo() });
    this.btnRedo = button(c, "redo", L.redo, { onclick: () => this.redo() });
    this.btnStop = button(c, "stop", L.stop, { onclick: () => this.stop() });
    this.btnNew = button(c, "new", L.newGame, { onclick: () => this.newGame() });
    this.btnFlip = button(c, "flip", "⇅", { name: L.turnBoard, onclick: () => this.turnRound() });
    this.btnLink = button(c, "link", L.copyLink, { name: L.linkName,
      onclick: () => this.view && copyLink(this.id, this.view.record, (m) => this.say(m), this.controls) });
    /** @type {NodeListOf<HTMLElement>} */ (c.querySelectorAll("[data-action]")).forEach((b) => {
      if (!["undo", "redo", "stop", "new", "flip", "link"].includes(b.dataset.action)) b.hidden = true;
    });
    // keep Undo before Redo whatever order the static markup had
    this.btnUndo.after(this.btnRedo);

    this.rulesetSelect = el("select", { class: "board-select", "data-action": "ruleset" },
      ...(this.cfg.rulesets || [this.ruleset]).map((r) => el("option", {
        value: r, text: L.rulesetName("awithlaknannai", r), title: L.rulesetSource("awithlaknannai", r) })));
    // a page for students offers only the block's ruleset and opponent (the build's
    // `rulesets` and `opponents`): no other game, no computer's reply to the exercise
    const offered = offeredOpponents(this.cfg.opponents);
    this.oppSelect = el("select", { class: "board-select", "data-action": "opponent" },
      ...offered.map((o) => el("option", { value: o, text: L[o] })));
    this.levelSelect = el("select", { class: "board-select", "data-action": "level" },
      ...this.levels.map((l) => el("option", { value: l, text: L.levels[l] })));
    this.rulesetSelect.value = this.ruleset;
    this.oppSelect.value = this.mode;
    this.levelSelect.value = this.level;
    const field = (text, select, shown) => el("label", { class: "board-field", hidden: !shown }, el("span", { text }), select);
    const fields = el("div", { class: "board-fields" },
      field(L.ruleset, this.rulesetSelect, this.rulesetSelect.options.length > 1),
      field(L.opponent, this.oppSelect, true),
      field(L.level, this.levelSelect, offered.includes("computer")));
    c.after(fields);

    // the move list has a heading at the level that follows the page's (no level skipped);
    // until the game is shown it holds one blank line, the height of "No moves yet", so
    // that what follows the board does not move when the board becomes playable
    this.movesBox = el("div", { class: "aw-moves" },
      el("p", { class: "aw-moves-title", id: `${this.id}-moves`, text: L.moves }),
      el("ol", { class: "aw-movelist", "aria-labelledby": `${this.id}-moves` },
        el("li", { class: "aw-empty", "aria-hidden": "true", text: "\u00a0" })));
    this.moveList = this.movesBox.querySelector("ol");
    this.live.after(this.movesBox);

    this.allControls = [...c.querySelectorAll("button"), this.rulesetSelect, this.oppSelect, this.levelSelect];
    for (const b of this.allControls) b.disabled = true;
    c.classList.add("is-loading");

    // a change made while the board is busy is undone (the select only looked enabled)
    const onChange = (select, fn) => select.addEventListener("change", () => {
      if (isOff(select)) { select.value = select.dataset.value || select.value; return; }
      select.dataset.value = select.value;
      fn();
    });
    onChange(this.rulesetSelect, () => { this.ruleset = this.rulesetSelect.value; this.newGame(); });
    onChange(this.oppSelect, () => { this.mode = this.oppSelect.value; this.refresh(); this.maybeComputer(); });
    onChange(this.levelSelect, () => { this.level = this.levelSelect.value; });
    for (const sel of [this.rulesetSelect, this.oppSelect, this.levelSelect]) sel.dataset.value = sel.value;

    this.input = new PointInput(this.boardBox, {
      points: () => this.points || [],
      choose: (name) => {
        this.focusName = name;
        this.choose(name);
      },
      cancel: () => {
        if (!this.picker.path.length && !this.picker.pending) return false;
        this.picker.reset();
        this.markChoices();
        this.say(this.L.selectPiece);
        return true;
      },
      focused: (name) => {
        this.ring(null, "is-focus");
        if (name === null) return;
        this.focusName = name;
        this.ring(name, "is-focus");
      },
    });
  }

  // -- start ----------------------------------------------------------------------------
  async opened(view) {
    this.ruleset = view.ruleset || this.ruleset;
    this.rulesetSelect.value = this.rulesetSelect.dataset.value = this.ruleset;
    this.future = [];
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
  // Show `view`: the engine's drawing of its ruleset's board (asked once), its pieces,
  // the points' names, the move list and the controls.
  async show(view) {
    const flip = this.flip;
    const svg = await staticBoard({ game: "awithlaknannai", ruleset: view.ruleset, flip });
    this.view = view;
    this.picker = new MovePicker(view.finished ? [] : view.legal || []);
    const hadFocus = this.boardBox.contains(document.activeElement);
    if (this.drawing.board(`${view.ruleset} ${flip}`, svg)) {
      this.decorate();
      if (hadFocus && this.focusName) this.input.focus(this.focusName);
    }
    this.drawing.place(view.pieces || {});
    this.root.classList.remove("is-opening-game");
    this.nameThePoints();
    // the last move of the game shown, whoever made it (this device, the computer, a
    // classmate's link, a saved game): the view says it
    const last = (view.history || []).at(-1);
    for (const p of (last && last.path) || []) this.ring(p, "is-last");
    this.renderMoves();
    this.refresh();
    this.showCaption(view);
    for (const hook of this.viewHooks) hook(view);
  }

  // The block's caption says the block's position ("The start of Mosona. Black to move.");
  // once the board shows another, inline or presented, the caption says that one: how many
  // moves the game has and whose turn it is (or how it ended). Only what the position is,
  // never an aid: "White must capture" stays the turn line's, with the aids.
  showCaption(view) {
    const caption = this.root.querySelector('[data-role="caption"]');
    if (!caption) return;
    if (this.blockCaption === undefined) this.blockCaption = caption.textContent;
    const L = this.L;
    const n = (view.history || []).length;
    const o = view.outcome || {};
    const winner = o.winner === 0 || o.winner === 1 ? L.colourName[o.winner] : null;
    const turn = view.finished ? L.ended(winner, L.reasons[o.reason] || o.reason || "")
      : L.toMove(L.colourName[view.to_move]);
    caption.textContent = view.record === this.cfg.record ? this.blockCaption
      : n === 0 ? fill(L.captionStart, { turn })
      : counted(L.captionAfter, n, { turn }, L);
  }

  async turnRound() {
    this.flip = !this.flip;
    await this.act(() => this.show(this.view), { computer: false });
  }

  // The new drawing made usable: sized, named, its points focusable buttons, and a layer
  // of rings over them.
  decorate() {
    const svg = this.drawing.svg;
    if (!svg) return;
    this.svg = svg;
    svg.classList.add("board-drawing");
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", this.L.boardLabel(this.L.rulesetName("awithlaknannai", this.ruleset)));
    this.points = this.drawing.points;
    const names = this.points.map((p) => p.dataset.point);
    if (!this.focusName || !names.includes(this.focusName)) this.focusName = names[0];
    for (const p of this.points) {
      p.setAttribute("tabindex", p.dataset.point === this.focusName ? "0" : "-1");
      p.setAttribute("role", "button");
      p.setAttribute("focusable", "true");
    }
    this.drawing.addRings();
    this.fit();
  }

  // The drawing fits the board's width, turned a quarter where its points need it.
  fit() {
    if (!this.drawing) return;
    this.drawing.fit(room(this.root, this.boardBox), this.presenting ? 4 : 1.25);
    this.sayTurn();
  }

  // A board turned a quarter to fit the screen: a line under it says where its rows went,
  // read from the drawing (the rows the rules name: t at the top, b at the bottom, as the
  // player at the bottom sees the board, points numbered from the left).
  sayTurn() {
    const turned = this.drawing.turned;
    if (!this.turnNote) {
      if (!turned) return;
      this.turnNote = el("p", { class: "aw-turned-note" });
      this.boardBox.after(this.turnNote);
    }
    this.turnNote.hidden = !turned;
    if (!turned) return;
    const at = (name) => {
      const p = this.drawing.point(name);
      return p ? p.getBoundingClientRect() : null;
    };
    const [t1, t2, b1] = [at("t1"), at("t2"), at("b1")];
    if (!t1 || !t2 || !b1) {
      this.turnNote.hidden = true;
      return;
    }
    const T = this.L.turned;
    const tRight = t1.left > b1.left;
    this.turnNote.textContent = fill(T.note, {
      right: tRight ? T.rowT : T.rowB,
      left: tRight ? T.rowB : T.rowT,
      from: t2.top > t1.top ? T.fromTop : T.fromBottom,
    });
  }

  // Each point named with what stands on it (its accessible name and its tooltip).
  nameThePoints() {
    const pieces = this.view.pieces || {};
    const svg = this.drawing.svg;
    if (svg) svg.dataset.toMove = this.view.to_move === 0 ? "B" : this.view.to_move === 1 ? "W" : "";
    this.ring(null, "is-last");
    for (const p of this.points || []) {
      const piece = pieces[p.dataset.point];
      p.dataset.label = `${p.dataset.point}, ${piece === "B" ? this.L.pointBlack : piece === "W" ? this.L.pointWhite : this.L.pointEmpty}`;
      p.setAttribute("aria-label", p.dataset.label);
      const title = p.querySelector("title");
      if (title) title.textContent = p.dataset.label;
    }
  }

  // Mark point `name`'s ring with `cls` (or unmark it; `name` null: every ring).
  ring(name, cls, on = true) {
    this.drawing.ring(name, cls, on);
  }

  humanTurn() {
    if (!this.view || this.view.finished || this.busy || this.thinking) return false;
    if (this.mode === "cvc") return false;
    if (this.mode === "computer" && this.view.to_move === this.computerSide()) return false;
    if (this.mate && this.mate.waiting()) return false;
    return true;
  }

  // The rings and the points' names from the picker: what may move, what is chosen, where
  // it may go, which pieces a leap takes. With the aids off only the reader's own choices
  // are marked (the piece chosen, the points of its chain so far, the pieces leapt).
  markChoices() {
    if (!this.drawing.rings.size) return;
    for (const cls of ["is-selected", "is-target", "is-movable", "is-must", "is-victim", "is-trail"]) this.ring(null, cls);
    for (const p of this.points || []) {
      p.removeAttribute("aria-pressed");
      p.setAttribute("aria-label", p.dataset.label);
    }
    if (!this.humanTurn()) return;
    const pk = this.picker;
    if (!this.aids) {
      pk.path.forEach((p, i) => this.ring(p, i === 0 ? "is-selected" : "is-trail"));
      for (const v of pk.victimsTaken) this.ring(v, "is-victim");
      if (pk.path.length) {
        const first = this.points.find((p) => p.dataset.point === pk.path[0]);
        if (first) {
          first.setAttribute("aria-pressed", "true");
          first.setAttribute("aria-label", `${first.dataset.label}, ${this.L.chosen}`);
        }
      }
      return;
    }
    if (!pk.path.length) {
      for (const from of pk.movable) {
        this.ring(from, "is-movable");
        if (pk.mustCapture) this.ring(from, "is-must");
      }
      return;
    }
    pk.path.forEach((p, i) => this.ring(p, i === 0 ? "is-selected" : "is-trail"));
    const targets = new Set(pk.targets);
    for (const t of targets) this.ring(t, "is-target");
    for (const v of [...pk.victimsTaken, ...pk.victimsAhead]) this.ring(v, "is-victim");
    for (const p of this.points) {
      const name = p.dataset.point;
      if (name === pk.path[0]) p.setAttribute("aria-pressed", "true");
      if (targets.has(name)) p.setAttribute("aria-label", `${p.dataset.label}, ${this.L.possibleDestination}`);
      else if (name === pk.path[0]) p.setAttribute("aria-label", `${p.dataset.label}, ${this.L.chosen}`);
    }
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
    moveRows(h, startBlack).forEach(([n, a, b]) => {
      this.moveList.append(el("li", {}, el("span", { class: "aw-num", text: `${n}.` }), " ",
        el("span", { class: "aw-move", text: a }), b ? " " : null,
        b ? el("span", { class: "aw-move", text: b }) : null));
    });
  }

  turnText() {
    const v = this.view;
    const L = this.L;
    if (v.finished) {
      const o = v.outcome || {};
      const who = o.winner === 0 || o.winner === 1 ? L.colourName[o.winner] : null;
      return L.ended(who, L.reasons[o.reason] || o.reason || "");
    }
    if (this.thinking) return L.thinking;
    if (this.aids && this.humanTurn() && this.picker.mustCapture) return L.mustCapture(L.colourName[v.to_move]);
    return L.toMove(L.colourName[v.to_move]);
  }

  refresh() {
    const v = this.view;
    if (!v) return;
    const ready = !this.busy;
    enable(this.btnUndo, ready && (v.history || []).length > 0 && (!this.mate || this.mate.canUndo(v)));
    enable(this.btnRedo, ready && !this.thinking && this.future.length > 0);
    enable(this.btnStop, this.thinking || (this.mode === "cvc" && this.cvcRunning && !v.finished));
    this.btnStop.hidden = false;
    enable(this.btnNew, ready);
    enable(this.btnFlip, ready);
    enable(this.btnLink, true);
    enable(this.rulesetSelect, ready && !this.thinking);
    enable(this.oppSelect, ready);
    enable(this.levelSelect, ready && (this.mode === "computer" || this.mode === "cvc"));
    this.turnLine.textContent = this.turnText();
    this.turnLine.classList.toggle("is-over", !!v.finished);
    this.markChoices();
  }

  // A point chosen (click, Enter or Space): the picker decides what it means; a whole move
  // is played, anything else is said in words and shown by the rings.
  choose(name) {
    if (this.mate && this.mate.refuse(this.picker.path.length || this.picker.pending ? null : name)) return;
    if (!this.humanTurn()) return;
    const L = this.L;
    const r = this.picker.choose(name);
    switch (r.kind) {
      case "move":
        this.play(r.move);
        return;
      case "selected":
        this.say(this.aids ? `${L.selected(name)} ${L.legalTo(r.targets.length)}` : L.selected(name));
        break;
      case "deselected":
        this.say(L.selectPiece);
        break;
      case "continue":
        this.say(this.aids ? `${L.continueChain(r.at)} ${L.legalTo(r.targets.length)}` : L.continueChain(r.at));
        break;
      case "ask":
        this.say(L.twoVictims(r.landing, r.victims));
        break;
      default:   // refused: what stands on the point says why (tap-words.js)
        this.say(refusalWords(r, { piece: (this.view.pieces || {})[name], toMove: this.view.to_move,
          aids: this.aids, mustCapture: this.picker.mustCapture }, L));
    }
    this.markChoices();
  }

  // -- moves ---------------------------------------------------------------------------------
  // A move chosen on the board: one request (the engine checks it, and draws the result).
  play(move) {
    return this.act(async () => {
      const before = this.view;
      const next = await callAfter(before, "awithlaknannai.play", { record: before.record, move: move.notation });
      this.future = [];
      await this.moved(before, next, next.move || move);
    });
  }

  // Show a move made (by the reader or the computer): slide the piece, show the new view,
  // say it in words, keep the game.
  async moved(before, next, made) {
    if (!this.alive) return;
    const L = this.L;
    await this.animateMove(made);
    await this.show(next);
    let words = L.played(L.colourName[before.to_move], notationOf(made));
    const taken = (made.captured || []).length;
    if (taken) words = words.replace(/\.$/, ` (${L.capturedN(taken)}).`);
    this.say(`${words} ${this.turnText()}.`.replace(/\.\.$/, "."));
    this.keep(next);
    if (this.status.dataset.kind === "error") this.setStatus("");   // an old warning has been read
  }

  // Slide the piece hop by hop along its path; the pieces it leaps fade as it passes.
  // The piece element itself goes to its new point (show() then places the rest).
  async animateMove(move) {
    const path = (move && move.path) || [];
    if (path.length < 2) return;
    const piece = this.drawing.piece(path[0]);
    if (!piece || !this.svg || reducedMotion() || !piece.animate) {
      this.drawing.moved(path[0], path[path.length - 1]);
      return;
    }
    const at = (name) => this.drawing.xy(name);
    piece.parentNode.append(piece);   // above the others while it moves
    const hop = this.mode === "cvc" ? 160 : 200;
    for (let i = 1; i < path.length; i++) {
      const a = at(path[i - 1]);
      const b = at(path[i]);
      if (!a || !b || Number.isNaN(a.x) || Number.isNaN(b.x)) break;
      const anim = piece.animate([{ transform: `translate(${a.x}px, ${a.y}px)` }, { transform: `translate(${b.x}px, ${b.y}px)` }],
        { duration: hop, easing: "ease-in-out", fill: "forwards" });
      const victim = (move.captured || [])[i - 1];
      const gone = victim && this.drawing.piece(victim);
      if (gone && gone.animate) gone.animate([{ opacity: 1 }, { opacity: 0 }], { duration: hop, delay: hop / 2, fill: "forwards" });
      try { await anim.finished; } catch { break; }
    }
    this.drawing.moved(path[0], path[path.length - 1]);
  }

  // Space on a presented board: the computer plays the next move, whichever side is to move.
  mainAction() {
    this.maybeComputer(true);
  }

  // The computer's move, when it is the computer's turn (or `now`, for the side to move).
  // Each search has a number (`gen`): Stop, New game or a newer search make an older
  // one's answer void.
  async maybeComputer(now = false) {
    const v = this.view;
    if (!v || v.finished || this.thinking || this.busy || !this.alive) return;
    const computerMoves = now || this.mode === "cvc" || (this.mode === "computer" && v.to_move === this.computerSide());
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
      res = await callAfter(v, "awithlaknannai.ai", { record: v.record, level: this.level, seed: randomSeed(),
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
    await this.act(() => this.moved(v, res.view, res.move));
  }

  async stopComputer() {
    this.gen++;
    this.cvcRunning = false;
    if (this.thinking) {
      this.thinking = false;
      try { await cancel(); } catch { /* the worker is restarted anyway */ }
    }
  }

  // Stop the computer. A move it has already made and is being shown ends first, so that
  // what is said last is that the computer stopped.
  async stop() {
    await this.stopComputer();
    const line = this.personTakesOver();
    await this.idle();
    this.say(`${this.L.stopped} ${line}`);
    this.refresh();
  }

  // The computer stops playing: the opponent setting becomes "Another person"; returns
  // the sentence that says so.
  personTakesOver() {
    this.mode = "person";
    this.oppSelect.value = this.oppSelect.dataset.value = "person";
    return this.L.opponentNow();
  }

  // Take back the last move; against the computer, back to the reader's own turn. One
  // request: the engine takes the moves back.
  async undo() {
    const v0 = this.view;
    if (!v0 || !(v0.history || []).length || this.busy) return;
    await this.stopComputer();
    await this.act(async () => {
      const toTurnOf = this.mate && this.mate.on ? this.mate.side
        : this.mode === "computer" ? 1 - this.computerSide() : undefined;
      const v = await call("awithlaknannai.undo", { record: v0.record, to_turn_of: toTurnOf });
      this.future.push(v0.record);
        await this.show(v);
      this.keep(v);
      this.say(`${this.L.undo}: ${this.turnText()}`);
    });
  }

  // Take back an Undo: the engine replays the record undone (the page keeps the game in
  // one form, its record; the reply carries only the moves the board lacks).
  redo() {
    if (!this.future.length || this.busy) return;
    return this.act(async () => {
      const v = await callAfter(this.view, "awithlaknannai.load", { record: this.future.at(-1) });
      this.future.pop();
        await this.show(v);
      this.keep(v);
      this.say(`${this.L.redo}: ${this.turnText()}`);
    });
  }

  async newGame() {
    if (this.busy) return;
    await this.stopComputer();
    await this.act(async () => {
      forget(this.id);
      const v = await this.freshView(this.ruleset);
      this.setStatus("");
      await this.opened(v);
      this.say(`${this.L.newGame}. ${this.turnText()}`);
    });
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

// The opponent "a classmate on another device" (classmate.js), told how to read this
// board's views.
function withClassmate(board) {
  const last = (v) => (v.history || []).slice(-1)[0];
  attachClassmate(board, {
    select: board.oppSelect,
    throws: false,
    count: (v) => (v.history || []).length,
    toMove: (v) => (v.finished ? null : v.to_move),
    finished: (v) => !!v.finished,
    lastSide: (v) => { const h = last(v); return h && typeof h === "object" ? h.side : null; },
    lastTurn: (v, side) => { const h = last(v); return h && h.side === side ? notationOf(h) : ""; },
    sideName: (side) => board.L.colourName[side],
    result: () => board.turnText(),
    owner: (point) => {
      const piece = board.view && board.view.pieces ? board.view.pieces[point] : null;
      return piece === "B" ? 0 : piece === "W" ? 1 : null;
    },
    setMode: (on) => {
      if (on) board.mode = "classmate";
      else if (board.mode === "classmate") board.mode = "person";
    },
  });
}

export async function mount(root) {
  const board = new AwithBoard(root);
  withClassmate(board);
  const { analysis, hint, puzzle } = board.cfg;
  if (analysis || hint || puzzle) {
    await import("./analysis.js").then((m) => m.attach(board)).catch((err) => console.error(err));
  }
  await board.start();
  return board;
}
