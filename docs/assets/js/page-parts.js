// @ts-check
// The scripts of the parts only some pages have, each loaded at the first page of a visit
// that has its part (as boards.js loads a game's board scripts at its first board): the
// probability lab, a students' page's answer fields and hand-in code, the class results,
// a lesson's run-sheet. A board page loads none of them. Each script, once loaded, sets its
// part up on this page and on every later page of the visit (every-page.js: the theme's
// page observable gives a late subscriber the page shown now).
import { onEveryPage } from "./every-page.js";

/** Each part's element (as the build writes it) and the script that brings it to life. */
const PARTS = [
  ["[data-lab-controls]", "./lab.js"],
  ["[data-hand-in]", "./answers/fields.js"],
  ["[data-class-results]", "./answers/results.js"],
  ["[data-run-sheet]", "./answers/run-sheet.js"],
];

/** @type {Set<string>} */
const loaded = new Set();

onEveryPage(() => {
  for (const [selector, script] of PARTS) {
    if (loaded.has(script) || !document.querySelector(selector)) continue;
    loaded.add(script);
    import(script).catch((err) => {
      loaded.delete(script);   // tried again on the next page that has the part
      console.error(`the page's part ${selector} could not be set up:`, err);
    });
  }
});
