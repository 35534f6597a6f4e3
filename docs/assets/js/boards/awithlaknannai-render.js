// @ts-check
// The Awithlaknannai board's drawing on the page: the engine's drawing of the board
// without pieces (drawn once per ruleset, language and orientation), and on it the pieces
// of each position, kept as elements: a piece that stays is left where it is, a piece
// that moves is moved, a captured one removed, a new one copied from the engine's own
// piece shapes (`.aw-piece-shape` in the drawing's <defs>); and a layer of rings that
// mark points. No rules here.

import { smallestGap } from "./geometry.js";

const SVGNS = "http://www.w3.org/2000/svg";

export class PieceLayer {
  constructor(box) {
    this.box = box;        // the element that holds the drawing
    this.key = null;       // what the drawing shown was drawn for
    this.svg = null;
    this.points = [];      // the point elements ([data-point]), in the drawing's order
    this.at = new Map();   // point name -> its piece element
    this.rings = new Map();   // point name -> its ring
  }

  // Show the drawing `svgText` drawn for `key` (a new ruleset, language or orientation);
  // nothing is done when it is shown already. Returns true when the drawing was replaced.
  board(key, svgText) {
    if (key === this.key && this.svg && this.box.contains(this.svg)) return false;
    this.box.innerHTML = svgText;
    this.svg = this.box.querySelector("svg");
    this.key = key;
    this.at = new Map();
    this.rings = new Map();
    this.layer = this.svg && this.svg.querySelector(".aw-pieces");
    this.points = this.svg ? [...this.svg.querySelectorAll("[data-point]")] : [];
    return true;
  }

  point(name) {
    return this.points.find((p) => p.dataset.point === name) || null;
  }

  // Where point `name` is drawn, in the drawing's units.
  xy(name) {
    const p = this.point(name);
    return p ? { x: Number(p.dataset.x), y: Number(p.dataset.y) } : null;
  }

  piece(name) {
    return this.at.get(name) || null;
  }

  // Put the pieces of `pieces` ({point: "B"|"W"}) on the board.
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
        node = this.make(colour);
        if (!node) continue;
        this.layer.append(node);
        this.at.set(name, node);
      }
      this.put(node, name);
    }
    for (const p of this.points) p.dataset.piece = pieces[p.dataset.point] || "";
  }

  // The piece at `from` now stands on `to` (it was moved there; `to` was empty).
  moved(from, to) {
    const node = this.at.get(from);
    if (!node || from === to) return;
    this.at.delete(from);
    this.at.get(to)?.remove();
    this.at.set(to, node);
    this.put(node, to);
  }

  put(node, name) {
    const c = this.xy(name);
    if (!c) return;
    for (const a of node.getAnimations ? node.getAnimations() : []) a.cancel();
    node.dataset.at = name;
    node.setAttribute("transform", `translate(${c.x} ${c.y})`);
  }

  // A layer of rings over the points, to mark the focus, the choice, the destinations,
  // the compulsory captures... (never the only cue: the points' names say it too), sized a
  // little under half the smallest distance between two points. `centreOf(point)` gives a
  // point's centre in the drawing's units.
  addRings(centreOf) {
    if (!this.svg) return;
    const layer = document.createElementNS(SVGNS, "g");
    layer.setAttribute("class", "aw-overlay");
    layer.setAttribute("aria-hidden", "true");
    const centres = this.points.map(centreOf);
    const gap = smallestGap(centres);
    const r = Number.isFinite(gap) ? gap * 0.42 : 12;
    this.points.forEach((p, i) => {
      const c = centres[i];
      const g = document.createElementNS(SVGNS, "g");
      g.setAttribute("class", "aw-ring");
      g.dataset.ring = p.dataset.point;
      g.innerHTML = `<circle class="aw-ring-target" cx="${c.x}" cy="${c.y}" r="${r * 0.38}"/>`
        + `<circle class="aw-ring-outer" cx="${c.x}" cy="${c.y}" r="${r}"/>`
        + `<path class="aw-ring-x" d="M${c.x - r * 0.55} ${c.y - r * 0.55} L${c.x + r * 0.55} ${c.y + r * 0.55} M${c.x + r * 0.55} ${c.y - r * 0.55} L${c.x - r * 0.55} ${c.y + r * 0.55}"/>`;
      layer.append(g);
      this.rings.set(p.dataset.point, g);
    });
    this.svg.append(layer);
  }

  // Mark the ring of point `name` with class `cls` (or unmark it); `name` null: every ring.
  ring(name, cls, on = true) {
    if (name === null) {
      for (const g of this.rings.values()) g.classList.remove(cls);
      return;
    }
    const g = this.rings.get(name);
    if (g) g.classList.toggle(cls, on);
  }

  make(colour) {
    const shape = this.svg.querySelector(`.aw-piece-shape[data-piece="${colour}"]`);
    if (!shape) return null;
    const node = document.createElementNS(SVGNS, "g");
    node.setAttribute("class", `aw-piece ${colour === "B" ? "aw-black" : "aw-white"}`);
    node.dataset.piece = colour;
    for (const child of shape.children) node.append(child.cloneNode(true));
    return node;
  }
}
