// @ts-check
// The Awithlaknannai board's drawing on the page: the engine's drawing of the board
// without pieces (drawn once per ruleset, language and orientation), and on it the pieces
// of each position, kept as elements: a piece that stays is left where it is, a piece
// that moves is moved, a captured one removed, a new one copied from the engine's own
// piece shapes (`.aw-piece-shape` in the drawing's <defs>). No rules here.

const SVGNS = "http://www.w3.org/2000/svg";

export class PieceLayer {
  constructor(box) {
    this.box = box;        // the element that holds the drawing
    this.key = null;       // what the drawing shown was drawn for
    this.svg = null;
    this.points = [];      // the point elements ([data-point]), in the drawing's order
    this.at = new Map();   // point name -> its piece element
  }

  // Show the drawing `svgText` drawn for `key` (a new ruleset, language or orientation);
  // nothing is done when it is shown already. Returns true when the drawing was replaced.
  board(key, svgText) {
    if (key === this.key && this.svg && this.box.contains(this.svg)) return false;
    this.box.innerHTML = svgText;
    this.svg = this.box.querySelector("svg");
    this.key = key;
    this.at = new Map();
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
