// @ts-check
// Choosing an Awithlaknannai move point by point, without a page: the model behind the
// board's pointer and keyboard input. It knows no rules: it is given the engine's legal
// moves ({notation, path: [from, landing, ...], captured: [victim per hop]}) and only
// narrows them down as points are chosen. Under the `bent` ruleset one landing point can
// be reached by leaping either of two pieces: the picker then asks which piece to take.
//
//   const picker = new MovePicker(view.legal, view.must_capture);
//   picker.choose("m2")  -> {kind: "selected", from: "m2", targets: ["m4"]}
//   picker.choose("m4")  -> {kind: "continue", at: "m4", targets: ["m6"]}
//   picker.choose("m6")  -> {kind: "move", move: {notation: "m2xm4xm6", ...}}
//
// choose() returns one of:
//   {kind: "selected", from, targets}        a piece is chosen; where it may go
//   {kind: "deselected"}                     the chosen piece was chosen again
//   {kind: "continue", at, targets}          one hop of a leap chain made; more to come
//   {kind: "ask", landing, victims}          two pieces can be leapt to reach `landing`
//   {kind: "move", move}                     a whole legal move (the engine's own entry)
//   {kind: "refused", reason, point, ...}    nothing changes: reason "no-move" (no legal
//       move at all), "not-movable" (no movable piece there; `mustCapture` tells why),
//       "not-target" (`targets` lists the points allowed), "not-victim" (`victims`)

/** @typedef {{notation: string, path: string[], captured?: string[], side?: number}} LegalMove */
/**
 * @typedef {{kind: "selected", from: string, targets: string[]}
 *   | {kind: "deselected"}
 *   | {kind: "continue", at: string, targets: string[]}
 *   | {kind: "ask", landing: string, victims: string[]}
 *   | {kind: "move", move: LegalMove}
 *   | {kind: "refused", reason: string, point: string, landing?: string, victims?: string[],
 *      targets?: string[], mustCapture?: boolean}} Choice
 */

export class MovePicker {
  /** @param {LegalMove[]} [legal] @param {boolean} [mustCapture] the engine's `must_capture` */
  constructor(legal = [], mustCapture = false) {
    /** @type {LegalMove[]} */
    this.legal = [];
    /** @type {string[]} */
    this.path = [];
    /** @type {(string | undefined)[]} */
    this.taken = [];
    /** @type {{landing: string, victims: string[]} | null} */
    this.pending = null;
    this.legal = Array.isArray(legal) ? legal : [];
    // the side to move is obliged to capture now (the engine says: only where the ruleset
    // makes capture compulsory), so a piece that could only step may not move
    this.mustCapture = mustCapture;
  }

  // Forget the points chosen so far.
  reset() {
    /** @type {string[]} */
    this.path = [];     // the points chosen: [from, landing, ...]
    /** @type {(string | undefined)[]} */
    this.taken = [];    // the piece each hop leapt (undefined for a step)
    /** @type {{landing: string, victims: string[]} | null} */
    this.pending = null; // {landing, victims} while asking which piece to take
  }

  // The legal moves that agree with every point and piece chosen so far.
  candidates() {
    return this.legal.filter((m) => this.path.every((p, i) => m.path[i] === p)
      && this.taken.every((c, i) => c === undefined || (m.captured || [])[i] === c));
  }

  // The points whose piece may move now (before any choice).
  get movable() {
    return unique(this.legal.map((m) => m.path[0]));
  }

  // The points that may be chosen next as a landing point (none while asking).
  get targets() {
    if (!this.path.length || this.pending) return [];
    return unique(this.candidates().map((m) => m.path[this.path.length]).filter(Boolean));
  }

  // The pieces leapt by the hops chosen so far, and those the next hop may leap.
  /** @returns {string[]} */
  get victimsTaken() {
    return /** @type {string[]} */ (this.taken.filter(Boolean));
  }

  get victimsAhead() {
    if (this.pending) return this.pending.victims.slice();
    if (!this.path.length) return [];
    return unique(this.candidates().map((m) => (m.captured || [])[this.path.length - 1]).filter(Boolean));
  }

  /** @param {string} point @returns {Choice} */
  choose(point) {
    if (!this.legal.length) return { kind: "refused", reason: "no-move", point };
    if (this.pending) {
      const { landing, victims } = this.pending;
      if (!victims.includes(point)) return { kind: "refused", reason: "not-victim", point, landing, victims: victims.slice() };
      this.pending = null;
      return this.hop(landing, point);
    }
    if (!this.path.length) return this.select(point);
    if (this.path.length === 1 && point === this.path[0]) {
      this.reset();
      return { kind: "deselected" };
    }
    const next = this.candidates().filter((m) => m.path[this.path.length] === point);
    if (!next.length) {
      // another of one's own pieces, before any hop: choose it instead
      if (this.path.length === 1 && this.movable.includes(point)) return this.select(point);
      return { kind: "refused", reason: "not-target", point, targets: this.targets };
    }
    const victims = unique(next.map((m) => (m.captured || [])[this.path.length - 1]).filter(Boolean));
    if (victims.length > 1) {
      this.pending = { landing: point, victims };
      return { kind: "ask", landing: point, victims: victims.slice() };
    }
    return this.hop(point, victims[0]);
  }

  /** @param {string} point @returns {Choice} */
  select(point) {
    if (!this.movable.includes(point)) {
      return { kind: "refused", reason: "not-movable", point, mustCapture: this.mustCapture };
    }
    this.reset();
    this.path = [point];
    return { kind: "selected", from: point, targets: this.targets };
  }

  // One hop chosen: to `landing`, over `victim` (undefined for a step).
  /** @param {string} landing @param {string | undefined} victim @returns {Choice} */
  hop(landing, victim) {
    this.path = [...this.path, landing];
    this.taken = [...this.taken, victim];
    const cands = this.candidates();
    const done = cands.filter((m) => m.path.length === this.path.length);
    const longer = cands.filter((m) => m.path.length > this.path.length);
    if (done.length && !longer.length) {
      const move = done[0];
      this.reset();
      return { kind: "move", move };
    }
    return { kind: "continue", at: landing, targets: this.targets };
  }
}

// (the lists given hold points only: each caller has dropped the missing ones)
/** @param {(string | undefined)[]} list @returns {string[]} */
function unique(list) {
  return /** @type {string[]} */ ([...new Set(list)]);
}
