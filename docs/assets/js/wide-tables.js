// @ts-check
// A table wider than the page's column scrolls sideways inside the theme's wrapper
// (.md-typeset__scrollwrap), as the long tables of a lesson do on a phone. A keyboard can
// scroll it only if the wrapper takes the focus (WCAG 2.1.1): a wrapper that scrolls is put
// in the Tab order as a region, named by the heading the table stands under (or by its
// first row); one that fits (a wider screen, a phone turned sideways) is left out of it.
import { onEveryPage } from "./every-page.js";

/** The words that name a wrapper's table: its caption, the heading before it, or its
 * first row.
 * @param {HTMLElement} wrap */
function tableName(wrap) {
  const table = wrap.querySelector("table");
  const caption = table && table.caption ? table.caption.textContent : "";
  if (caption && caption.trim()) return caption.trim();
  for (let el = wrap.closest(".md-typeset > *")?.previousElementSibling ?? null; el; el = el.previousElementSibling) {
    if (/^H[1-6]$/.test(el.tagName)) {
      const heading = /** @type {HTMLElement} */ (el.cloneNode(true));
      heading.querySelectorAll(".headerlink").forEach((a) => a.remove());
      return (heading.textContent || "").trim();
    }
  }
  const row = table && table.rows[0];
  return row ? [...row.cells].map((c) => (c.textContent || "").trim()).filter(Boolean).join(", ") : "";
}

/** The name, numbered if a region already on the page has it (two tables under one
 * heading are told apart: "Assessment", "Assessment (2)").
 * @param {HTMLElement} wrap @param {string} name */
function uniqueName(wrap, name) {
  const taken = new Set([...document.querySelectorAll("[role=region][aria-label]")]
    .filter((el) => el !== wrap).map((el) => el.getAttribute("aria-label")));
  let n = 1;
  let said = name;
  while (taken.has(said)) said = `${name} (${++n})`;
  return said;
}

/** @param {HTMLElement} wrap */
function fit(wrap) {
  if (wrap.scrollWidth > wrap.clientWidth + 1) {
    if (wrap.tabIndex !== 0) {
      wrap.tabIndex = 0;
      wrap.setAttribute("role", "region");
      wrap.setAttribute("aria-label", uniqueName(wrap, tableName(wrap)));
    }
  } else if (wrap.hasAttribute("tabindex")) {
    wrap.removeAttribute("tabindex");
    wrap.removeAttribute("role");
    wrap.removeAttribute("aria-label");
  }
}

const sizes = new ResizeObserver((entries) => {
  for (const entry of entries) fit(/** @type {HTMLElement} */ (entry.target));
});

onEveryPage(() => {
  sizes.disconnect();
  document.querySelectorAll(".md-content .md-typeset__scrollwrap").forEach((wrap) => sizes.observe(wrap));
});
