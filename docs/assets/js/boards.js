// @ts-check
// The interactive boards. On every page shown (mkdocs-material's `document$`, which
// fires once per page with navigation.instant), find the `.board[data-game]` elements
// the build rendered and bring them to life. A page with no board loads nothing more:
// the engine (Python in a worker) starts only when a board needs it, and the same
// worker is kept for the next pages of the visit.
//
// The board modules render and animate; the engine decides every rule.

import { strings } from "./i18n.js";
import { onEveryPage } from "./every-page.js";

performance.mark("board:scripts");

/** @type {Record<string, () => Promise<{mount: (root: HTMLElement) => Promise<{root: HTMLElement, destroy?: () => void}>}>>} */
const MODULES = {
  "zohn-ahl": () => import("./boards/zohn-ahl.js"),
  "awithlaknannai": () => import("./boards/awithlaknannai.js"),
};

// Python takes seconds to start: on a page with a board, start it at once, while the
// theme and the board modules load (the board modules then find it starting).
function startEngine() {
  import("./engine-client.js").then((m) => m.getEngine()).catch(() => {});
}
if (document.querySelector(".board[data-game]")) startEngine();

const live = new Set();   // boards mounted on the page shown now

function mountAll() {
  // A new page replaced the old content: boards no longer in the document are dropped.
  for (const b of [...live]) {
    if (!b.root.isConnected) {
      try { b.destroy && b.destroy(); } catch { /* ignore */ }
      live.delete(b);
    }
  }
  const roots = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".board[data-game]"))];
  if (roots.length) startEngine();
  roots.forEach((root, i) => { if (!root.id) root.id = `board-${i + 1}`; });
  inViewFirst(roots.filter((root) => !root.dataset.mounted && MODULES[root.dataset.game || ""]), mount);
}

// Bring one board to life; resolves once it is playable or has failed.
/** @param {HTMLElement} root */
function mount(root) {
  if (root.dataset.mounted || !root.isConnected) return Promise.resolve();
  root.dataset.mounted = "true";
  return MODULES[/** @type {string} */ (root.dataset.game)]()
    .then((m) => m.mount(root))
    .then((b) => { if (b) live.add(b); })
    .catch((err) => {
      console.error(err);
      root.dataset.ready = "error";
      const status = root.querySelector('[data-role="status"]') || root.appendChild(document.createElement("p"));
      status.textContent = strings().failed;
      status.classList.add("board-error");
    });
}

// The boards in view (or the page's first, when none is) are mounted at once, the others
// once those are playable or as soon as they come near the view: the board the reader
// sees gets Python's first answer, and its set-up does not share the processor with
// the set-up of boards further down the page while Python starts.
/** @param {HTMLElement[]} roots @param {(root: HTMLElement) => Promise<void>} start */
function inViewFirst(roots, start) {
  if (roots.length < 2 || typeof IntersectionObserver !== "function") {
    roots.forEach(start);
    return;
  }
  const waiting = new Set(roots);
  const now = (/** @type {HTMLElement} */ root) => {
    if (!waiting.delete(root)) return Promise.resolve();
    observer.unobserve(root);
    if (!waiting.size) observer.disconnect();
    return start(root);
  };
  let first = true;
  const observer = new IntersectionObserver((entries) => {
    const near = entries.filter((e) => e.isIntersecting).map((e) => /** @type {HTMLElement} */ (e.target));
    if (first) {
      first = false;
      Promise.allSettled((near.length ? near : roots.slice(0, 1)).map(now))
        .then(() => [...waiting].forEach(now));
    } else {
      near.forEach(now);
    }
  }, { rootMargin: "200px 0px" });
  roots.forEach((root) => observer.observe(root));
}

onEveryPage(mountAll);
