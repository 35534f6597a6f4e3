// @ts-check
// A lesson's run-sheet on its teachers' page (build_scripts/answer_fields.py writes it):
// the students' page's address written out in full, as the page is read (the site works
// at any address: a classroom server on the local network, a published copy), and drawn
// as a QR code large enough to project; "Show the QR code to the class" shows it alone,
// full screen, until Escape or Close. Does nothing on pages without a run-sheet.

import { drawQr } from "../qr.js";
import { onEveryPage } from "../every-page.js";

/** @param {HTMLElement} root */
async function mountRunSheet(root) {
  const part = (/** @type {string} */ name) => /** @type {HTMLElement} */ (root.querySelector(`[data-run-sheet-part="${name}"]`));
  const link = /** @type {HTMLAnchorElement} */ (part("address"));
  const address = link.href;
  link.textContent = address;
  const figure = part("figure");
  const canvas = /** @type {HTMLCanvasElement} */ (part("qr"));
  part("caption").textContent = address;
  try {
    await drawQr(canvas, address, { scale: 8 });
  } catch (err) {
    console.warn(err);
    return; // the address in words is all a class needs
  }
  canvas.dataset.text = address;
  figure.hidden = false;
  const present = part("present");
  present.hidden = false;
  const close = () => {
    figure.classList.remove("is-presenting");
    if (document.fullscreenElement === figure) document.exitFullscreen().catch(() => {});
    present.focus();
  };
  present.addEventListener("click", () => {
    figure.classList.add("is-presenting");
    figure.tabIndex = -1;
    figure.focus();
    if (figure.requestFullscreen) figure.requestFullscreen().catch(() => {});
  });
  figure.addEventListener("click", () => { if (figure.classList.contains("is-presenting")) close(); });
  figure.addEventListener("keydown", (ev) => { if (ev.key === "Escape") close(); });
  document.addEventListener("fullscreenchange", () => {
    if (!document.fullscreenElement) figure.classList.remove("is-presenting");
  });
}

onEveryPage(() => {
  const root = /** @type {HTMLElement | null} */ (document.querySelector("[data-run-sheet]"));
  if (!root || root.dataset.mounted) return;
  root.dataset.mounted = "1";
  mountRunSheet(root);
});
