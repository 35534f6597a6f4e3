// @ts-check
// The keyboard of a Zohn Ahl board: T throws, from anywhere on the board (but not while
// typing in a field, nor with Ctrl, Alt or the Meta key held). The buttons do the rest.
// A tap or click on the drawing is told which awl it hit (if any), so that the board can
// say why nothing moves.

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

/**
 * Call `onTap(side)` for each click or tap on the drawing: `side` is the side whose awl was
 * hit (0 or 1), or null.
 * @param {HTMLElement} box   the element that holds the drawing
 * @param {(side: number | null) => void} onTap
 */
export function awlTaps(box, onTap) {
  box.addEventListener("click", (ev) => {
    const node = /** @type {Element} */ (ev.target);
    const awl = node && node.closest ? node.closest("[data-awl]") : null;
    const side = awl ? Number(awl.getAttribute("data-awl")) : NaN;
    onTap(side === 0 || side === 1 ? side : null);
  });
}
