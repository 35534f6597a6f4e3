// @ts-check
// The keyboard of a Zohn Ahl board: T throws, from anywhere on the board (but not while
// typing in a field, nor with Ctrl, Alt or the Meta key held). The buttons do the rest.

/**
 * @param {HTMLElement} root   the board
 * @param {() => void} onThrow
 */
export function throwKey(root, onThrow) {
  root.addEventListener("keydown", (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const tag = (/** @type {Element} */ (ev.target).tagName || "").toLowerCase();
    if (tag === "input" || tag === "select" || tag === "textarea") return;
    if (ev.key === "t" || ev.key === "T") {
      ev.preventDefault();
      onThrow();
    }
  });
}
