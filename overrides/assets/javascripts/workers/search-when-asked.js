// The site's search, its index built when the reader first searches.
//
// The theme (mkdocs-material) starts its search worker on every page load and builds the
// index of both languages there and then, a few hundred milliseconds of a processor's
// time on every page. On a two-core Chromebook that work ran beside Python's start and
// delayed the board. overrides/main.html therefore points the theme at this worker
// instead, with the theme's own worker named in the address (?worker=search.<hash>.min.js,
// in this folder): this one keeps the index the page sends, says it is ready, and loads the
// theme's worker only for the first real query. Every answer then comes from the theme's
// worker itself.
//
// On a page for students the address also names the pages a student's navigation leaves
// out (?leave-out=teachers/,printables/,...: build_scripts/student_nav.py): their results
// are taken out of the theme's answers, so that the search box does not lead a student to
// the answers either.
//
// The messages are the theme's (SearchMessageType in its sources): SETUP carries the
// index, READY answers it, QUERY carries the words typed, RESULT the pages found (groups
// of items, one group per page, each item with its `location` from the site's root). The
// page asks a blank query as soon as it hears READY; the theme answers a blank query with
// no pages, and so does this worker, without building anything.
"use strict";

const SETUP = 0;
const READY = 1;
const QUERY = 2;
const RESULT = 3;

const THEME_WORKER = /^search\.[0-9a-f]+\.min\.js$/;
const ADDRESS = /^([a-z]{2}\/)?[a-z0-9-]+\/$/;

const asked = new URL(self.location.href).searchParams;
const leftOut = (asked.get("leave-out") || "").split(",").filter(Boolean);
for (const address of leftOut) {
  if (!ADDRESS.test(address)) throw new Error(`search-when-asked.js: not a folder of the site to leave out: ${JSON.stringify(address)}`);
}

let index = null; // the SETUP message, until the theme's worker has it
let waiting = null; // the queries asked while the theme's worker builds its index
let theirs = false; // the theme's worker answers everything from now on

function themeWorker() {
  const name = asked.get("worker");
  if (!name || !THEME_WORKER.test(name)) {
    throw new Error(`search-when-asked.js: no theme search worker named in ${JSON.stringify(self.location.search)}`);
  }
  return name;
}

// The theme's answer without the pages left out.
function withoutLeftOut(message) {
  if (!leftOut.length || !message || message.type !== RESULT || !message.data || !Array.isArray(message.data.items)) {
    return message;
  }
  const shown = (group) => !group.some((item) => leftOut.some((address) => String(item.location).startsWith(address)));
  return { ...message, data: { ...message.data, items: message.data.items.filter(shown) } };
}

// Hand a message to the theme's own listener (an event dispatched here is not trusted:
// the listener below lets it through).
function handOn(data) {
  self.dispatchEvent(new MessageEvent("message", { data }));
}

const post = self.postMessage.bind(self);
// What the theme's worker says goes through here. Its READY answers the index, which the
// page heard already from this worker: the queries asked meanwhile go on to it, in order.
self.postMessage = (message) => {
  if (!theirs && message && message.type === READY) {
    theirs = true;
    for (const query of waiting) handOn(query);
    waiting = null;
    return undefined;
  }
  return post(withoutLeftOut(message));
};

function startTheirs() {
  waiting = [];
  importScripts(themeWorker());
  handOn(index);
  index = null;
}

self.addEventListener("message", (event) => {
  if (theirs || !event.isTrusted) return;
  const message = event.data;
  if (message && message.type === SETUP) {
    index = message;
    post({ type: READY });
  } else if (message && message.type === QUERY && waiting === null && !String(message.data).trim()) {
    post({ type: RESULT, data: { items: [] } });
  } else if (waiting !== null) {
    waiting.push(message);
  } else {
    startTheirs();
    waiting.push(message);
  }
});
