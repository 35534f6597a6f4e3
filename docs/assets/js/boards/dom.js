// @ts-check
// Building a board's elements, and what a board asks of the page around it: its parts
// (most written by the build), buttons that stay focusable while off, the room the
// drawing has and the changes of that room. No rules, no engine here.

/**
 * An element (`svg:` before the tag: an SVG one) with its attributes (`text`: its text,
 * `on…` functions: listeners; null, undefined and false: left out) and children.
 * @param {string} tag
 * @param {Record<string, any> | null} [attrs]
 * @param {...any} children
 * @returns {any}
 */
export function el(tag, attrs = {}, ...children) {
  const node = tag.startsWith("svg:")
    ? document.createElementNS("http://www.w3.org/2000/svg", tag.slice(4))
    : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.setAttribute("class", v);
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/**
 * The part of a board with data-role=ROLE (the build writes most of them), created when missing.
 * @param {HTMLElement} root
 * @param {string} role
 * @param {() => HTMLElement} make
 * @param {"append" | "prepend"} [where]
 * @returns {HTMLElement}
 */
export function part(root, role, make, where = "append") {
  /** @type {HTMLElement | null} */
  let node = root.querySelector(`:scope > [data-role="${role}"], :scope [data-role="${role}"]`);
  if (!node) {
    node = make();
    node.dataset.role = role;
    if (where === "prepend") root.prepend(node); else root.append(node);
  }
  return node;
}

// The button with data-action=ACTION inside `box`, created when missing. Its accessible
// name (`name`) is set only when the markup gave none; a click while it is off does nothing.
/**
 * @param {Element} box
 * @param {string} action
 * @param {string} label
 * @param {{key?: string, name?: string, pressed?: boolean, onclick?: (ev: Event) => void}} [options]
 * @returns {HTMLButtonElement}
 */
export function button(box, action, label, { key, name, pressed, onclick } = {}) {
  /** @type {HTMLButtonElement | null} */
  let b = box.querySelector(`[data-action="${action}"]`);
  if (!b) {
    b = /** @type {HTMLButtonElement} */ (el("button", { type: "button", class: "board-button", "data-action": action }));
    box.append(b);
    b.textContent = label;
  }
  const made = b;
  if (name && !made.getAttribute("aria-label")) made.setAttribute("aria-label", name);
  if (key) made.setAttribute("aria-keyshortcuts", key);
  if (pressed !== undefined) made.setAttribute("aria-pressed", String(pressed));
  if (onclick) made.addEventListener("click", (ev) => { if (!isOff(made)) onclick(ev); });
  return made;
}

/** @typedef {HTMLButtonElement | HTMLSelectElement | HTMLInputElement} Control */

// Turn a control on or off. The control that has the focus is only marked aria-disabled:
// a disabled element drops the focus to the page body, and a keyboard player would have
// to find the board again after every throw. Handlers check `isOff`.
/** @param {Control} control @param {boolean} on */
export function enable(control, on) {
  if (on) {
    control.disabled = false;
    control.removeAttribute("aria-disabled");
  } else if (control === document.activeElement || control.getAttribute("aria-disabled") === "true") {
    control.disabled = false;
    control.setAttribute("aria-disabled", "true");
  } else {
    control.disabled = true;
  }
}

/** @param {Control} control */
export function isOff(control) {
  return control.disabled || control.getAttribute("aria-disabled") === "true";
}

// The centre of an SVG element in the user coordinates of `frame` (an <svg> or <g>),
// whatever transforms lie between them.
/** @param {SVGGraphicsElement} node @param {SVGGraphicsElement} frame */
export function centre(node, frame) {
  const b = node.getBBox();
  const x = b.x + b.width / 2;
  const y = b.y + b.height / 2;
  try {
    const outer = frame.getScreenCTM();
    const inner = node.getScreenCTM();
    if (!outer || !inner) return { x, y };
    const m = outer.inverse().multiply(inner);
    return { x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f };
  } catch {
    return { x, y };
  }
}

// The room a board's drawing has, in CSS px: the width of its box and the height wished
// for (the window's, less the site's header and a line of the board's words; while the
// board is presented, the box's own height, which the presentation's layout sets). The
// box's size is the one its ResizeObserver last saw (`seen`, onResize), so a board's set-up
// reads no layout; only where there is no ResizeObserver is it measured.
/** @param {HTMLElement} root @param {HTMLElement} box @param {Size | null} [seen] */
export function room(root, box, seen = null) {
  const presenting = root.classList.contains("is-presenting");
  const size = seen || { width: box.clientWidth, height: box.clientHeight };
  const height = presenting ? size.height : Math.max(window.innerHeight - 160, 240);
  return { width: size.width, height };
}

/** @typedef {{width: number, height: number}} Size */

// Call `fn(size)` when `node` changes size (its content box, as its ResizeObserver saw
// it: the observer has its first size in the first frame `node` is laid out in, and `fn`
// runs in the frame after, before its layout, so that what it changes makes no loop of
// the observer), or the window does (a phone turned, a screen presented). Without
// ResizeObserver, `size` is null. Returns a function that stops it.
/** @param {Element} node @param {(size: Size | null) => void} fn */
export function onResize(node, fn) {
  let queued = false;
  /** @type {Size | null} */
  let size = null;
  const run = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; fn(size); });
  };
  const observer = typeof ResizeObserver === "function"
    ? new ResizeObserver((entries) => {
      const r = entries[entries.length - 1].contentRect;
      size = { width: r.width, height: r.height };
      run();
    })
    : null;
  if (observer) observer.observe(node);
  window.addEventListener("resize", run);
  return () => {
    if (observer) observer.disconnect();
    window.removeEventListener("resize", run);
  };
}

// Resolves once the next frame has been drawn (its animation frame callbacks and its
// ResizeObserver callbacks called).
export function afterNextFrame() {
  return /** @type {Promise<void>} */ (new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

// Gives the main thread back to the browser (input, painting) before going on.
export function yieldToPage() {
  const scheduler = /** @type {any} */ (globalThis).scheduler;
  if (scheduler && typeof scheduler.yield === "function") return /** @type {Promise<void>} */ (scheduler.yield());
  return /** @type {Promise<void>} */ (new Promise((resolve) => setTimeout(resolve, 0)));
}

export function reducedMotion() {
  return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/**
 * The block's options (its data-config, written by the build).
 * @param {HTMLElement} root
 * @returns {Record<string, any>}
 */
export function config(root) {
  try {
    return JSON.parse(root.dataset.config || "{}") || {};
  } catch {
    return {};
  }
}

/** @param {number} ms @returns {Promise<void>} */
export function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}
