// @ts-check
// How a reader points at the Awithlaknannai board: a click or tap on a point (or near
// one), or the keyboard: the arrows move the focus to the nearest point on screen in that
// direction (so a turned board still works), Home and End to the first and last point,
// Enter or Space choose the point, Escape drops a half-chosen move. One point at a time is
// in the tab order (a roving tabindex). What a chosen point means is the board's business.

import { nearestInDirection, nearestWithin } from "./geometry.js";

/**
 * @typedef {object} PointHandlers
 * @property {() => SVGElement[]} points   the point elements ([data-point]) of the drawing
 * @property {(name: string) => void} choose   a point chosen
 * @property {() => boolean} cancel   Escape: true when it dropped something
 * @property {(name: string | null) => void} focused   the point with the focus (null: none)
 */

/** @type {Record<string, [number, number]>} */
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** @param {Element} node */
function middle(node) {
  const r = node.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

export class PointInput {
  /**
   * @param {HTMLElement} box   the element that holds the drawing
   * @param {PointHandlers} handlers
   */
  constructor(box, handlers) {
    this.box = box;
    this.on = handlers;
    box.addEventListener("click", (ev) => this.click(ev));
    box.addEventListener("keydown", (ev) => this.key(ev));
    box.addEventListener("focusin", (ev) => {
      const p = pointOf(ev.target);
      if (!p) return;
      this.rove(p.dataset.point || "");
      this.on.focused(p.dataset.point || "");
    });
    box.addEventListener("focusout", () => this.on.focused(null));
  }

  /** The point a pointer event hit: the point itself, or the nearest one close enough.
   * @param {MouseEvent} ev */
  pointAt(ev) {
    const hit = pointOf(ev.target);
    if (hit && this.box.contains(hit)) return hit.dataset.point;
    const points = this.on.points();
    if (!points.length) return null;
    const reach = Math.max(24, points[0].getBoundingClientRect().width * 1.2);
    const i = nearestWithin({ x: ev.clientX, y: ev.clientY }, points.map(middle), reach);
    return i < 0 ? null : points[i].dataset.point;
  }

  /** @param {MouseEvent} ev */
  click(ev) {
    const name = this.pointAt(ev);
    if (!name) return;
    this.rove(name);
    this.on.choose(name);
  }

  /** @param {KeyboardEvent} ev */
  key(ev) {
    const p = pointOf(ev.target);
    if (!p) return;
    const points = this.on.points();
    if (ARROWS[ev.key]) {
      ev.preventDefault();
      const others = points.filter((q) => q !== p);
      const i = nearestInDirection(middle(p), others.map(middle), ARROWS[ev.key]);
      if (i >= 0) this.focus(others[i].dataset.point || "");
    } else if (ev.key === "Enter" || ev.key === " " || ev.key === "Spacebar") {
      ev.preventDefault();
      this.on.choose(p.dataset.point || "");
    } else if (ev.key === "Escape") {
      if (this.on.cancel()) ev.preventDefault();
    } else if ((ev.key === "Home" || ev.key === "End") && points.length) {
      ev.preventDefault();
      this.focus((ev.key === "Home" ? points[0] : points[points.length - 1]).dataset.point || "");
    }
  }

  /** Only point `name` in the tab order. @param {string} name */
  rove(name) {
    for (const p of this.on.points()) p.setAttribute("tabindex", p.dataset.point === name ? "0" : "-1");
  }

  /** Move the focus to point `name`. @param {string} name */
  focus(name) {
    const p = this.on.points().find((q) => q.dataset.point === name);
    if (!p) return;
    this.rove(name);
    p.focus();
  }
}

/** The point element `target` is in, or null. @param {EventTarget | null} target
 * @returns {SVGElement | null} */
function pointOf(target) {
  const node = /** @type {Element | null} */ (target);
  return node && node.closest ? node.closest("[data-point]") : null;
}
