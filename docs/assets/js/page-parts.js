// @ts-check
// The scripts of the parts only some pages have, each loaded at the first page of a visit
// that has its part (as boards.js loads a game's board scripts at its first board): the
// probability lab. A board page does not load it. The script, once loaded, sets its part up
// on this page and on every later page of the visit (every-page.js: the theme's page
// observable gives a late subscriber the page shown now). A part comes here only if the
// build writes its controls disabled until its script enables them (the lab's are): a
// control a reader could use before its script has arrived would do nothing. (The answer
// fields, the class results and the run-sheet are loaded by every page for that reason.)
import { onEveryPage } from "./every-page.js";

/** Each part's element (as the build writes it) and the script that brings it to life. */
const PARTS = [
  ["[data-lab-controls]", "./lab.js"],
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
