// @ts-check
// The interactive boards. On every page shown (mkdocs-material's `document$`, which
// fires once per page with navigation.instant), find the `.board[data-game]` elements
// the build rendered and bring them to life. A page with no board loads nothing more:
// the engine (Python in a worker) starts only when a board needs it, and the same
// worker is kept for the next pages of the visit.
//
// A board is set up when the reader comes near it: when it comes near the view, when it
// is touched or takes the keyboard's focus, or when the page's address names it (a game
// link, a classmate's link, an anchor). Until then it is the drawing the build made,
// which needs no script; a lesson of eight boards sets up the one or two in view, not
// eight. Boards are set up one after the other, the page's main thread given back to the
// browser between two (a board's set-up is a task of its own, not one long task for all),
// in the order they came near: the first asks the engine first. A board not set up yet
// and not near the view is marked `data-waiting`; a script that needs a board asks for it
// with `ready(root)` (its set-up starts now, if it has not) instead of waiting for it.
//
// The board modules render and animate; the engine decides every rule.

import { strings } from "./i18n.js";
import { onEveryPage } from "./every-page.js";
import { keysIn, paramName } from "./boards/game-links.js";
import { mateParam } from "./boards/classmate-links.js";
import { yieldToPage } from "./boards/dom.js";

performance.mark("board:scripts");

/** @type {Record<string, () => Promise<{mount: (root: HTMLElement) => Promise<{root: HTMLElement, destroy?: () => void}>}>>} */
const MODULES = {
  "zohn-ahl": () => import("./boards/zohn-ahl.js"),
  "awithlaknannai": () => import("./boards/awithlaknannai.js"),
};

// How near the view a board is set up: ahead of the reader's scrolling by a quarter of a
// screen, once the reader has scrolled, touched, clicked or typed; until then, as the
// page opens, only a board in view. (A board set up below the first screen while the
// page opens costs the reader the set-up's work, its layout above all, at the moment the
// page is busiest, for a board they may never scroll to: on a phone, half a screen ahead
// doubled the home page's blocking time in Lighthouse's mobile audit, and a quarter
// still set up the board 25 px below the first screen of Zohn Ahl's page.)
const NEAR = "25% 0px";
const AT_OPENING = "0px";
const MOVES = ["scroll", "pointerdown", "keydown", "wheel"];

// Python takes seconds to start. Where the head started it (engine-boot.js: a return
// visit, its snapshot kept), the client takes its worker over at once. On a first visit
// its start keeps a processor busy for seconds (the runtime downloaded and compiled, the
// interpreter set up), so it begins once the page has loaded or its first board is set
// up, whichever comes first: the page is drawn and answers the reader meanwhile. Later
// pages of the visit find it running.
function startEngine() {
  import("./engine-client.js").then((m) => m.getEngine()).catch(() => {});
}
if (document.querySelector(".board[data-game]")) {
  if (/** @type {any} */ (globalThis).__engineEarly || document.readyState === "complete") startEngine();
  else window.addEventListener("load", startEngine, { once: true });
}

const live = new Set();   // boards mounted on the page shown now
/** @type {{stop: () => void, want: (root: HTMLElement) => void} | null} */
let waiting = null;       // the boards of the page shown now that are not set up yet

/** A board set up on a page no longer shown: its set-up undone. @param {{destroy?: () => void}} b */
function drop(b) {
  try { b.destroy && b.destroy(); } catch { /* ignore */ }
}

function mountAll() {
  // A new page replaced the old content: boards no longer in the document are dropped.
  for (const b of [...live]) {
    if (!b.root.isConnected) {
      drop(b);
      live.delete(b);
    }
  }
  if (waiting) waiting.stop();
  waiting = null;
  const roots = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".board[data-game]"))];
  if (roots.length) startEngine();
  roots.forEach((root, i) => { if (!root.id) root.id = `board-${i + 1}`; });
  const idle = roots.filter((root) => !root.dataset.mounted && MODULES[root.dataset.game || ""]);
  if (idle.length) waiting = whenNear(idle, mount);
}

// Bring one board to life: `built` resolves once its set-up has built its parts (the
// module's mount has run up to its first wait), `playing` once it is playable or has
// failed.
/** @param {HTMLElement} root @returns {{built: Promise<void>, playing: Promise<void>}} */
function mount(root) {
  if (root.dataset.mounted || !root.isConnected) return { built: Promise.resolve(), playing: Promise.resolve() };
  root.dataset.mounted = "true";
  let built = () => {};
  const parts = new Promise((resolve) => { built = () => resolve(undefined); });
  const playing = MODULES[/** @type {string} */ (root.dataset.game)]()
    .then((m) => { const started = m.mount(root); built(); return started; })
    .then((b) => {
      if (!b) return;
      // (a page left while this board was being set up: it is dropped as mountAll drops those)
      if (b.root.isConnected) live.add(b);
      else drop(b);
    })
    .catch((err) => {
      console.error(err);
      root.dataset.ready = "error";
      const status = root.querySelector('[data-role="status"]') || root.appendChild(document.createElement("p"));
      status.textContent = strings().failed;
      status.classList.add("board-error");
    })
    .finally(built);
  return { built: parts, playing };
}

// Resolves once `root` is playable or has failed (its data-ready says so), whichever way
// its set-up went (a board whose engine cannot start waits for the reader's "Try again").
/** @param {HTMLElement} root */
function settled(root) {
  const done = () => root.dataset.ready === "true" || root.dataset.ready === "error" || !root.isConnected;
  if (done()) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (done()) { observer.disconnect(); resolve(undefined); }
    });
    observer.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
  });
}

/**
 * Set `root` (a `.board[data-game]` of the page shown) up now if it is not yet, and
 * resolve once it is playable or has failed (its data-ready says which).
 * @param {HTMLElement} root @returns {Promise<void>}
 */
export function ready(root) {
  if (!MODULES[root.dataset.game || ""]) return Promise.resolve();
  if (!root.dataset.mounted && root.isConnected) {
    if (waiting) waiting.want(root);
    else mount(root);
  }
  return settled(root);
}


// Whether the page's address names board `id`: its game or a classmate's game in the
// fragment (`game-ID=…`, `mate-ID=…`), an older link's game in the query, or an anchor
// (`#ID`).
/** @param {string} id */
function namedInAddress(id) {
  const keys = keysIn(location.href);
  return keys.has(id) || keys.has(paramName(id)) || keys.has(mateParam(id));
}

// Set up each of `roots` once it is near: one at a time, in the order they came near (a
// board touched or focused goes first). Until then a board's drawing takes the keyboard's
// focus (the Tab key reaches it, and its set-up starts), handed to the board's own first
// control once it is playable; a board not near the view when the page opens is marked
// `data-waiting`. Returns {stop} (the page was left).
/**
 * @param {HTMLElement[]} roots
 * @param {(root: HTMLElement) => {built: Promise<void>, playing: Promise<void>}} start
 */
function whenNear(roots, start) {
  const left = new Set(roots);
  /** @type {HTMLElement[]} */
  const queue = [];
  let running = false;
  let stopped = false;
  let looked = false;
  /** @param {IntersectionObserverEntry[]} entries */
  const seen = (entries) => {
    for (const e of entries) if (e.isIntersecting) want(/** @type {HTMLElement} */ (e.target));
    if (!looked) {
      // (the boards not near the view at the page's opening: offline.js waits for none)
      looked = true;
      for (const root of left) root.dataset.waiting = "near";
    }
  };
  let observer = typeof IntersectionObserver === "function"
    ? new IntersectionObserver(seen, { rootMargin: AT_OPENING })
    : null;
  // (the reader's first move: the boards a quarter of a screen ahead are set up from now)
  const moved = () => {
    for (const kind of MOVES) window.removeEventListener(kind, moved, { capture: true });
    if (stopped || !observer) return;
    observer.disconnect();
    observer = new IntersectionObserver(seen, { rootMargin: NEAR });
    for (const root of left) observer.observe(root);
  };
  if (observer) for (const kind of MOVES) window.addEventListener(kind, moved, { capture: true, passive: true });
  /** @type {Map<HTMLElement, () => void>} */
  const unlisten = new Map();

  /** @param {HTMLElement} root @param {boolean} [first] */
  function want(root, first = false) {
    if (stopped || !left.delete(root)) {
      if (first && queue.includes(root)) queue.unshift(...queue.splice(queue.indexOf(root), 1));
      return;
    }
    if (observer) observer.unobserve(root);
    delete root.dataset.waiting;
    if (first) queue.unshift(root); else queue.push(root);
    if (!running) run();
  }

  // One board's set-up after the other (each builds its parts, then waits for the engine
  // while the next is built), the main thread given back between two.
  async function run() {
    running = true;
    while (queue.length && !stopped) {
      const root = /** @type {HTMLElement} */ (queue.shift());
      const { built, playing } = start(root);
      Promise.race([playing, settled(root)]).then(() => handOn(root));
      await built;
      await yieldToPage();
    }
    running = false;
  }

  // The board is playable (or has failed): its drawing is no longer a tab stop of its
  // own, and the focus it held goes to the board's first control.
  /** @param {HTMLElement} root */
  function handOn(root) {
    const off = unlisten.get(root);
    if (off) off();
    const box = /** @type {HTMLElement | null} */ (root.querySelector('[data-role="board"]'));
    if (!box || box.dataset.focusUntilSetUp === undefined) return;
    const hadFocus = document.activeElement === box;
    box.removeAttribute("tabindex");
    delete box.dataset.focusUntilSetUp;
    if (hadFocus) firstControl(root)?.focus();
  }

  for (const root of roots) {
    const box = /** @type {HTMLElement | null} */ (root.querySelector('[data-role="board"]'));
    if (box && !box.hasAttribute("tabindex")) {
      box.setAttribute("tabindex", "0");
      box.dataset.focusUntilSetUp = "";
    }
    const now = () => want(root, true);
    root.addEventListener("pointerdown", now, { capture: true });
    root.addEventListener("focusin", now, { capture: true });
    unlisten.set(root, () => {
      root.removeEventListener("pointerdown", now, { capture: true });
      root.removeEventListener("focusin", now, { capture: true });
    });
  }
  for (const root of roots) if (namedInAddress(root.id)) want(root);
  const onAddress = () => {
    for (const root of [...left]) if (namedInAddress(root.id)) want(root, true);
  };
  window.addEventListener("hashchange", onAddress);
  window.addEventListener("popstate", onAddress);
  const first = observer;
  if (first) roots.forEach((root) => { if (left.has(root)) first.observe(root); });
  else roots.forEach((root) => want(root));

  return {
    // (a board this set-up does not hold, added to the page since: set up at once)
    want: (/** @type {HTMLElement} */ root) => { if (left.has(root) || queue.includes(root)) want(root, true); else start(root); },
    stop() {
      stopped = true;
      if (observer) observer.disconnect();
      moved();
      for (const off of unlisten.values()) off();
      window.removeEventListener("hashchange", onAddress);
      window.removeEventListener("popstate", onAddress);
    },
  };
}

// The board's first control that takes the focus once it is set up (its point in the tab
// order, or its first enabled button).
/** @param {HTMLElement} root @returns {HTMLElement | null} */
function firstControl(root) {
  return root.querySelector('[data-role="board"] [tabindex="0"], button:not([disabled]):not([hidden]), select:not([disabled])');
}

onEveryPage(mountAll);
