// @ts-check
// The Zohn Ahl board's drawing on the page: the engine's drawing of the board (drawn once
// per ruleset, number of counters and language, with every counter of the game in each
// side's pile), and on it each state: the awls moved to their spaces, each pile showing
// as many counters as its side holds, with the engine's words for that count; and the
// engine's drawing of the four sticks (written into the board by the build), each turned
// to the face a throw shows. No rules.

const SVGNS = "http://www.w3.org/2000/svg";

/** @typedef {(node: SVGGraphicsElement, frame: SVGGraphicsElement) => {x: number, y: number}} Centre */

export class AwlLayer {
  // `box` holds the drawing. The build's drawing in it is kept when the box's data-args
  // names the request it was drawn for (the drawing without pieces, the pieces placed);
  // data-args goes on naming the request of the drawing shown.
  /** @param {HTMLElement} box */
  constructor(box) {
    this.box = box;
    const built = box.querySelector("svg");
    /** @type {string | null} */
    this.key = built && box.dataset.args ? box.dataset.args : null;   // what the drawing shown was drawn for
    /** @type {SVGSVGElement | null} */
    this.svg = this.key ? built : null;
    if (this.svg) this.dress(this.svg);
  }

  /** Whether the drawing shown is the request `key`'s. @param {string} key */
  shows(key) {
    return key === this.key && !!this.svg && this.box.contains(this.svg);
  }

  // Show the drawing `svgText`, the request `key`'s; nothing is done when it is shown
  // already. Returns true when the drawing was replaced.
  /** @param {string} key @param {string} svgText */
  board(key, svgText) {
    if (this.shows(key)) return false;
    this.box.innerHTML = svgText;
    this.svg = this.box.querySelector("svg");
    this.key = key;
    this.box.dataset.args = key;   // (what the box shows, for another board of the page to copy)
    if (this.svg) this.dress(this.svg);
    return true;
  }

  /** @param {SVGSVGElement} svg */
  dress(svg) {
    svg.setAttribute("role", "img");
    svg.classList.add("board-drawing");
  }

  // Show `state` (the engine's State.to_dict()): the awls and the counters.
  /** @param {any} state */
  place(state) {
    this.placeAwls(state);
    this.showCounters(state.counters || []);
  }

  // Put both awls where `state` has them (its `physical` spaces), side by side on a
  // shared space.
  /** @param {any} state */
  placeAwls(state) {
    const svg = this.svg;
    if (!svg) return;
    /** @type {number[]} */
    const phys = state.physical || [];
    for (const side of [0, 1]) {
      const awl = this.awl(side);
      if (!awl) continue;
      const mover = awl.closest(".za-awl-mover");
      if (mover) mover.replaceWith(awl);
      /** @type {SVGElement | null} */
      const space = svg.querySelector(`[data-space="${phys[side]}"]`);
      if (!space) continue;
      let x = Number(space.dataset.x);
      const y = Number(space.dataset.y);
      if (phys[0] === phys[1]) x += side === 0 ? -11 : 11;
      awl.setAttribute("transform", `translate(${x} ${y})`);
      awl.dataset.on = String(phys[side]);
      if (state.awls) awl.dataset.own = String(state.awls[side]);
    }
  }

  // Each pile shows its side's first `counters[side]` counters and the words for that count.
  /** @param {number[]} counters */
  showCounters(counters) {
    if (!this.svg) return;
    for (const pile of /** @type {NodeListOf<SVGElement>} */ (this.svg.querySelectorAll(".za-counters[data-side]"))) {
      const n = counters[Number(pile.dataset.side)];
      if (n === undefined) continue;
      pile.dataset.count = String(n);
      // shown: as the pile is (the style sheet hides the piles during a replay)
      const show = (/** @type {Element} */ node, /** @type {boolean} */ on) => (on ? node.removeAttribute("visibility") : node.setAttribute("visibility", "hidden"));
      for (const stick of /** @type {NodeListOf<SVGElement>} */ (pile.querySelectorAll("[data-counter]"))) show(stick, Number(stick.dataset.counter) < n);
      for (const words of /** @type {NodeListOf<SVGElement>} */ (pile.querySelectorAll("text[data-count]"))) show(words, Number(words.dataset.count) === n);
    }
  }

  /** @param {number} side @returns {SVGGraphicsElement | null} */
  awl(side) {
    return this.svg ? this.svg.querySelector(`[data-awl="${side}"]`) : null;
  }

  // Lift the awl of `side` out to move it (above everything else); returns a function
  // that puts it `dx`, `dy` away from where it stood, in the drawing's units.
  /** @param {number} side @param {Centre} centre */
  lift(side, centre) {
    const awl = this.awl(side);
    if (!awl) return null;
    const wrap = document.createElementNS(SVGNS, "g");
    wrap.setAttribute("class", "za-awl-mover");
    awl.replaceWith(wrap);
    wrap.append(awl);
    const frame = /** @type {SVGGraphicsElement | null} */ (wrap.parentNode);
    if (!frame) return null;
    frame.append(wrap);   // on top of everything while it moves
    const start = centre(awl, frame);
    return (/** @type {SVGGraphicsElement} */ target) => {
      const c = centre(target, frame);
      wrap.setAttribute("transform", `translate(${c.x - start.x} ${c.y - start.y})`);
    };
  }
}

/**
 * Turn the sticks of `svg` (the engine's page_sticks_svg) to the faces of `throwText`
 * (four characters of 0 and 1; "" for not thrown yet) and say them in words.
 * @param {Element | null} svg
 * @param {string | null} throwText
 * @param {any} L   the page's words (i18n.js)
 */
export function showSticks(svg, throwText, L) {
  if (!svg) return;
  const t = String(throwText || "");
  /** @type {string[]} */
  const parts = [];
  /** @type {NodeListOf<SVGElement>} */ (svg.querySelectorAll("[data-stick]")).forEach((g) => {
    const i = Number(g.dataset.stick);
    const marked = t[i] === "1";
    g.dataset.marked = String(marked);
    g.classList.toggle("is-marked", marked);
    parts.push(i === 3 ? L.sahe(marked) : L.stick(i + 1, marked));
  });
  svg.setAttribute("aria-label", t ? `${L.sticksLabel}: ${parts.join("; ")}` : L.sticksNone);
}
