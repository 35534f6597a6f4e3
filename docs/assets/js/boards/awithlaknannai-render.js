// @ts-check
// The Awithlaknannai board's drawing on the page: the engine's drawing of the board
// without pieces (drawn once per ruleset, language and orientation), and on it the pieces
// of each position, kept as elements: a piece that stays is left where it is, a piece
// that moves is moved, a captured one removed, a new one copied from the engine's own
// piece shapes (`.aw-piece-shape` in the drawing's <defs>); and a layer of rings that
// mark points. No rules here.
//
// The drawing fits the width it is given (`fit`): as the engine drew it when its points
// stay at least 24 px apart (WCAG 2.2's target size), otherwise turned a quarter, running
// down the screen (a long board on a phone). The turn is made here, on the engine's
// drawing: everything that turns is wrapped in one group turned by a transform, the
// point names are turned back upright and the legend goes under the board, so the
// drawing keeps its own coordinates (pieces, rings and moves are placed as before) and
// the arrow keys, which follow the screen, keep working.

import { fitBoard, smallestGap, targetRadii } from "./geometry.js";

const SVGNS = "http://www.w3.org/2000/svg";
const TARGET_PX = 24;      // the smallest target on screen, CSS px
const LEGEND_ROW = 24;     // a row of the legend under a turned board, in the drawing's units

/** @typedef {{x: number, y: number}} Spot */

export class PieceLayer {
  /** @param {HTMLElement} box */
  constructor(box) {
    this.box = box;        // the element that holds the drawing
    /** @type {string | null} */
    this.key = null;       // what the drawing shown was drawn for
    /** @type {SVGSVGElement | null} */
    this.svg = null;
    /** @type {SVGElement[]} */
    this.points = [];      // the point elements ([data-point]), in the drawing's order
    /** @type {Map<string, SVGGElement>} */
    this.at = new Map();   // point name -> its piece element
    /** @type {Map<string, SVGGElement>} */
    this.rings = new Map();   // point name -> its ring
    /** @type {SVGGElement | null} */
    this.content = null;   // the group that turns
    /** @type {SVGElement | null} */
    this.layer = null;     // the group of the pieces
    /** @type {SVGElement | null} */
    this.ground = null;
    /** @type {SVGElement | null} */
    this.legend = null;
    /** @type {Element[]} */
    this.legendItems = [];
    /** @type {Map<Element, [string, string | null][]>} */
    this.asDrawn = new Map();
    /** @type {{width: number, height: number} | null} */
    this.along = null;     // the drawing's size as drawn
    this.boardHeight = 0;
    this.smallest = Infinity;
    this.turned = false;
    this.fitted = "";      // what the last fit was asked for
  }

  // Take the drawing already in the box (the one the build wrote) as it is.
  adopt() {
    const svg = this.box.querySelector("svg");
    if (!svg || svg === this.svg) return;
    this.svg = svg;
    this.prepare();
  }

  // Show the drawing `svgText` drawn for `key` (a new ruleset, language or orientation);
  // nothing is done when it is shown already. Returns true when the drawing was replaced.
  /** @param {string} key @param {string} svgText */
  board(key, svgText) {
    if (key === this.key && this.svg && this.box.contains(this.svg)) return false;
    this.box.innerHTML = svgText;
    this.svg = this.box.querySelector("svg");
    this.key = key;
    this.at = new Map();
    this.rings = new Map();
    this.layer = this.svg && this.svg.querySelector(".aw-pieces");
    this.points = this.svg ? [.../** @type {NodeListOf<SVGElement>} */ (this.svg.querySelectorAll("[data-point]"))] : [];
    this.prepare();
    return true;
  }

  // A new drawing: its targets as large as the points' spacing allows, and what turns
  // wrapped in one group.
  prepare() {
    const svg = this.svg;
    this.turned = false;
    this.fitted = "";
    if (!svg) return;
    svg.dataset.turned = "false";
    this.points = [.../** @type {NodeListOf<SVGElement>} */ (svg.querySelectorAll("[data-point]"))];
    const spots = this.points.map((p) => ({ x: Number(p.dataset.x), y: Number(p.dataset.y) }));
    const radii = targetRadii(spots, smallestGap(spots));
    this.points.forEach((p, i) => {
      const hit = p.querySelector(".aw-hit");
      if (hit && Number.isFinite(radii[i])) hit.setAttribute("r", String(Math.round(radii[i] * 100) / 100));
    });
    this.smallest = 2 * Math.min(...radii.filter(Number.isFinite), Infinity);
    const vb = svg.viewBox.baseVal;
    this.along = { width: vb.width, height: vb.height };
    // the board without its legend: as far below the lowest point as the highest is below the top
    const ys = spots.map((s) => s.y);
    this.boardHeight = ys.length ? Math.max(...ys) + Math.min(...ys) : vb.height;
    this.ground = svg.querySelector(".aw-ground");
    this.legend = svg.querySelector(".aw-legend");
    const group = document.createElementNS(SVGNS, "g");
    group.setAttribute("class", "aw-turnable");
    for (const child of [...svg.children]) {
      if (!["title", "desc", "defs"].includes(child.tagName) && child !== this.ground && child !== this.legend) {
        group.append(child);
      }
    }
    svg.insertBefore(group, this.legend || null);
    this.content = group;
    this.layer = svg.querySelector(".aw-pieces");
    this.legendItems = this.legend ? [...this.legend.children] : [];
    /** @type {Element[]} */
    const kept = [...(this.ground ? [this.ground] : []), ...this.legendItems, ...svg.querySelectorAll(".aw-labels text")];
    this.asDrawn = new Map(kept.map((n) => [n, ["x", "y", "width", "height", "transform", "text-anchor"]
      .map((a) => /** @type {[string, string | null]} */ ([a, n.getAttribute(a)]))]));
  }

  // The size of the drawing turned a quarter: the board's height across, its length down,
  // and the legend under it, one row per side.
  turnedSize() {
    const rows = Math.ceil(this.legendItems.length / 2);
    return { width: this.boardHeight, height: (this.along ? this.along.width : 0) + rows * LEGEND_ROW + 12 };
  }

  // Fit the drawing to `room` (the width it has, the height wished for, CSS px), turned a
  // quarter when its targets need it, and no larger than `most` times its own size.
  /** @param {{width: number, height: number}} room @param {number} [most] */
  fit(room, most = 1.25) {
    const svg = this.svg;
    const along = this.along;
    if (!svg || !along || !(room.width > 0)) return;
    const asked = `${Math.round(room.width)} ${Math.round(room.height)} ${most}`;
    if (asked === this.fitted && this.box.contains(svg)) return;
    this.fitted = asked;
    const { turned, scale } = fitBoard({ room, along, turned: this.turnedSize(),
      smallest: this.smallest, need: TARGET_PX, most });
    this.orient(turned);
    const size = turned ? this.turnedSize() : along;
    svg.style.width = `${Math.floor(size.width * scale)}px`;
    svg.style.height = `${Math.floor(size.height * scale)}px`;
  }

  // Turn the drawing a quarter (clockwise: the board runs down the screen, its first
  // points at the top) or back as drawn.
  /** @param {boolean} turned */
  orient(turned) {
    const svg = this.svg;
    const along = this.along;
    if (!svg || !this.content || !along || turned === this.turned) return;
    this.turned = turned;
    for (const [node, attrs] of this.asDrawn) {
      for (const [a, v] of attrs) (v === null ? node.removeAttribute(a) : node.setAttribute(a, v));
    }
    svg.dataset.turned = String(turned);
    if (!turned) {
      this.content.removeAttribute("transform");
      svg.setAttribute("viewBox", `0 0 ${along.width} ${along.height}`);
      return;
    }
    const size = this.turnedSize();
    const h = this.boardHeight;
    svg.setAttribute("viewBox", `0 0 ${size.width} ${size.height}`);
    this.content.setAttribute("transform", `matrix(0 1 -1 0 ${h} 0)`);
    if (this.ground) {
      this.ground.setAttribute("width", String(size.width - 4));
      this.ground.setAttribute("height", String(size.height - 4));
    }
    for (const label of this.content.querySelectorAll(".aw-labels text")) {
      label.setAttribute("transform", `rotate(-90 ${label.getAttribute("x")} ${label.getAttribute("y")})`);
      label.setAttribute("text-anchor", "middle");
    }
    // the legend's items (a piece, then its words) one side a row, under the board
    const left = 36;
    for (let i = 0; i < this.legendItems.length; i += 2) {
      const y = along.width + 8 + (i / 2 + 0.5) * LEGEND_ROW;
      const [mark, words] = this.legendItems.slice(i, i + 2);
      if (mark) mark.setAttribute("transform", `translate(${left + 9} ${y})`);
      if (words) {
        words.setAttribute("x", String(left + 24));
        words.setAttribute("y", String(y));
      }
    }
  }

  /** @param {string} name */
  point(name) {
    return this.points.find((p) => p.dataset.point === name) || null;
  }

  // Where point `name` is drawn, in the drawing's units.
  /** @param {string} name */
  xy(name) {
    const p = this.point(name);
    return p ? { x: Number(p.dataset.x), y: Number(p.dataset.y) } : null;
  }

  /** @param {string} name */
  piece(name) {
    return this.at.get(name) || null;
  }

  // Put the pieces of `pieces` ({point: "B"|"W"}) on the board.
  /** @param {Record<string, string>} pieces */
  place(pieces) {
    if (!this.layer) return;
    for (const [name, node] of [...this.at]) {
      if (pieces[name] !== node.dataset.piece) {
        node.remove();
        this.at.delete(name);
      }
    }
    for (const [name, colour] of Object.entries(pieces)) {
      let node = this.at.get(name);
      if (!node) {
        const made = this.make(colour);
        if (!made) continue;
        node = made;
        this.layer.append(node);
        this.at.set(name, node);
      }
      this.put(node, name);
    }
    for (const p of this.points) p.dataset.piece = pieces[p.dataset.point || ""] || "";
  }

  // The piece at `from` now stands on `to` (it was moved there; `to` was empty).
  /** @param {string} from @param {string} to */
  moved(from, to) {
    const node = this.at.get(from);
    if (!node || from === to) return;
    this.at.delete(from);
    this.at.get(to)?.remove();
    this.at.set(to, node);
    this.put(node, to);
  }

  /** @param {SVGGElement} node @param {string} name */
  put(node, name) {
    const c = this.xy(name);
    if (!c) return;
    for (const a of node.getAnimations ? node.getAnimations() : []) a.cancel();
    node.dataset.at = name;
    node.setAttribute("transform", `translate(${c.x} ${c.y})`);
  }

  // A layer of rings over the points, to mark the focus, the choice, the destinations,
  // the compulsory captures... (never the only cue: the points' names say it too), sized a
  // little under half the smallest distance between two points, in the group that turns.
  // `centreOf(point)` gives a point's centre in the drawing's units.
  /** @param {(p: SVGElement) => Spot | null} [centreOf] */
  addRings(centreOf = (p) => this.xy(p.dataset.point || "")) {
    if (!this.svg) return;
    const layer = document.createElementNS(SVGNS, "g");
    layer.setAttribute("class", "aw-overlay");
    layer.setAttribute("aria-hidden", "true");
    const centres = this.points.map(centreOf);
    const gap = smallestGap(centres.filter((c) => c !== null));
    const r = Number.isFinite(gap) ? gap * 0.42 : 12;
    this.points.forEach((p, i) => {
      const c = centres[i];
      if (!c) return;
      const g = document.createElementNS(SVGNS, "g");
      g.setAttribute("class", "aw-ring");
      g.dataset.ring = p.dataset.point;
      g.innerHTML = `<circle class="aw-ring-target" cx="${c.x}" cy="${c.y}" r="${r * 0.38}"/>`
        + `<circle class="aw-ring-outer" cx="${c.x}" cy="${c.y}" r="${r}"/>`
        + `<path class="aw-ring-x" d="M${c.x - r * 0.55} ${c.y - r * 0.55} L${c.x + r * 0.55} ${c.y + r * 0.55} M${c.x + r * 0.55} ${c.y - r * 0.55} L${c.x - r * 0.55} ${c.y + r * 0.55}"/>`;
      layer.append(g);
      this.rings.set(p.dataset.point || "", g);
    });
    (this.content || this.svg).append(layer);
  }

  // Mark the ring of point `name` with class `cls` (or unmark it); `name` null: every ring.
  /** @param {string | null} name @param {string} cls @param {boolean} [on] */
  ring(name, cls, on = true) {
    if (name === null) {
      for (const g of this.rings.values()) g.classList.remove(cls);
      return;
    }
    const g = this.rings.get(name);
    if (g) g.classList.toggle(cls, on);
  }

  // A piece of the letter `colour` (the view's `pieces`), copied from the engine's shape of
  // that letter, which names its side (`data-side`, "black"): the piece's class follows it.
  /** @param {string} colour */
  make(colour) {
    /** @type {SVGElement | null} */
    const shape = this.svg && this.svg.querySelector(`.aw-piece-shape[data-piece="${colour}"]`);
    if (!shape) return null;
    const node = document.createElementNS(SVGNS, "g");
    node.setAttribute("class", `aw-piece aw-${shape.dataset.side}`);
    node.dataset.piece = colour;
    for (const child of shape.children) node.append(child.cloneNode(true));
    return node;
  }
}
