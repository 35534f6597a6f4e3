// @ts-check
// Present: a board fills the screen, for a class to read it on a projector or a large
// screen. The Present button (or the key P on the board) asks the browser to show the
// board alone on the whole screen (the Fullscreen API, on the board's own element); a
// browser that refuses (a phone's, a page in a frame) gets the same board over the whole
// window instead, a fixed layer that hides the page. The style sheet makes the drawing as
// large as the screen allows and the words, the status and the main action large enough
// to read from the back of a room (boards.css, `.is-presenting`).
//
// While the board is presented the teacher drives it from the keyboard: Escape leaves
// (the button leaves too), Space makes the board's main move (a throw of the sticks, or
// the computer's move for the side to move: `Board.mainAction`), the arrows and Enter
// work as on the page. No rules here.

import { strings } from "../i18n.js";

const TYPING = new Set(["input", "select", "textarea"]);
// Controls that Space already presses: the browser's own behaviour is kept on them.
const PRESSABLE = "button, select, input, textarea, summary, a[href]";

/**
 * @typedef {object} Presentable   what present.js needs of a board (board.js's Board)
 * @property {() => HTMLElement} element
 * @property {(node: Element) => void} addControl
 * @property {(on: boolean) => void} setPresenting
 * @property {() => void} fit
 * @property {() => void} mainAction
 */

/**
 * Give `board` its Present button and keys. Returns a function that takes the page-wide
 * keys and the board's presentation away (the board has left the page).
 * @param {Presentable} board
 * @returns {() => void}
 */
export function attachPresent(board) {
  const root = board.element();
  const W = strings().present;
  /** @type {HTMLButtonElement | null} */
  let found = root.querySelector('[data-action="present"]');
  if (!found) {
    found = document.createElement("button");
    found.type = "button";
    found.className = "board-button board-present";
    found.dataset.action = "present";
    board.addControl(found);
  }
  const btn = found;
  btn.setAttribute("aria-keyshortcuts", W.key);
  btn.title = W.title;

  const on = () => root.classList.contains("is-presenting");
  const label = () => {
    btn.textContent = on() ? W.leave : W.label;
  };
  label();

  async function enter() {
    if (on()) return;
    root.classList.add("is-presenting");
    board.setPresenting(true);
    let whole = false;
    if (root.requestFullscreen && document.fullscreenEnabled !== false) {
      try {
        await root.requestFullscreen({ navigationUI: "hide" });
        whole = document.fullscreenElement === root;
      } catch {
        whole = false;
      }
    }
    if (!on()) return;   // left while the browser was asked
    if (!whole) {
      root.classList.add("is-presenting-window");
      document.documentElement.classList.add("has-presented-board");
    }
    label();
    board.fit();
    // the keyboard starts on the board: its point with the focus, or its main action
    /** @type {HTMLElement | null} */
    const first = root.querySelector('[data-point][tabindex="0"]') || root.querySelector('[data-action="throw"]');
    (first || btn).focus({ preventScroll: true });
  }

  function leave() {
    if (!on()) return;
    root.classList.remove("is-presenting", "is-presenting-window");
    document.documentElement.classList.remove("has-presented-board");
    board.setPresenting(false);
    if (document.fullscreenElement === root && document.exitFullscreen) {
      document.exitFullscreen().catch(() => {});
    }
    label();
    board.fit();
    btn.focus({ preventScroll: true });
    root.scrollIntoView({ block: "nearest" });
  }

  btn.addEventListener("click", () => (on() ? leave() : enter()));

  // The browser left the whole screen by itself (its own Escape, a tab switched).
  const onFullscreen = () => {
    if (on() && !root.classList.contains("is-presenting-window") && document.fullscreenElement !== root) leave();
  };
  document.addEventListener("fullscreenchange", onFullscreen);

  // P presents the board the keyboard is on.
  root.addEventListener("keydown", (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.defaultPrevented) return;
    const target = /** @type {Element} */ (ev.target);
    if (TYPING.has((target.tagName || "").toLowerCase())) return;
    if (ev.key === "p" || ev.key === "P") {
      ev.preventDefault();
      if (on()) leave(); else enter();
    }
  });

  // While presented: Space is the board's main move (before a point takes it as a choice:
  // Enter chooses), Escape leaves once nothing else took it (a half-chosen move drops first).
  /** @param {KeyboardEvent} ev */
  const onSpace = (ev) => {
    if (!on() || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const target = /** @type {Element} */ (ev.target);
    if (target !== document.body && !root.contains(target)) return;
    if (ev.key === " " && !(target.closest && target.closest(PRESSABLE))) {
      ev.preventDefault();
      ev.stopPropagation();
      board.mainAction();
    }
  };
  /** @param {KeyboardEvent} ev */
  const onEscape = (ev) => {
    if (!on() || ev.key !== "Escape" || ev.defaultPrevented) return;
    ev.preventDefault();
    leave();
  };
  document.addEventListener("keydown", onSpace, true);
  document.addEventListener("keydown", onEscape);
  return () => {
    leave();
    document.removeEventListener("fullscreenchange", onFullscreen);
    document.removeEventListener("keydown", onSpace, true);
    document.removeEventListener("keydown", onEscape);
  };
}
