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
  roots.forEach((root, i) => {
    if (root.dataset.mounted) return;
    const load = MODULES[root.dataset.game];
    if (!load) return;
    root.dataset.mounted = "true";
    if (!root.id) root.id = `board-${i + 1}`;
    load()
      .then((m) => m.mount(root))
      .then((b) => { if (b) live.add(b); })
      .catch((err) => {
        console.error(err);
        root.dataset.ready = "error";
        const status = root.querySelector('[data-role="status"]') || root.appendChild(document.createElement("p"));
        status.textContent = strings().failed;
        status.classList.add("board-error");
      });
  });
}

onEveryPage(mountAll);
