// The site's search, its index built when the reader first searches.
//
// The theme (mkdocs-material) starts its search worker on every page load and builds the
// index of both languages there and then, a few hundred milliseconds of a processor's
// time on every page. On a two-core Chromebook that work ran beside Python's start and
// delayed the board. overrides/main.html therefore points the theme at this worker
// instead, with the theme's own worker named in the address (?worker=search.<hash>.min.js,
// in this folder): this one keeps the index the page sends, says it is ready, and loads the
// theme's worker only for the first real query. Every answer then comes from the theme's
// worker itself; nothing of the search is written here.
//
// The messages are the theme's (SearchMessageType in its sources): SETUP carries the
// index, READY answers it, QUERY carries the words typed, RESULT the pages found. The page
// asks a blank query as soon as it hears READY; the theme answers a blank query with no
// pages, and so does this worker, without building anything.
"use strict";

const SETUP = 0;
const READY = 1;
const QUERY = 2;
const RESULT = 3;

const THEME_WORKER = /^search\.[0-9a-f]+\.min\.js$/;

let index = null; // the SETUP message, until the theme's worker has it
let waiting = null; // the queries asked while the theme's worker builds its index
let theirs = false; // the theme's worker answers everything from now on

function themeWorker() {
  const name = new URL(self.location.href).searchParams.get("worker");
  if (!name || !THEME_WORKER.test(name)) {
    throw new Error(`search-when-asked.js: no theme search worker named in ${JSON.stringify(self.location.search)}`);
  }
  return name;
}

// Hand a message to the theme's own listener (an event dispatched here is not trusted:
// the listener below lets it through).
function handOn(data) {
  self.dispatchEvent(new MessageEvent("message", { data }));
}

function startTheirs() {
  waiting = [];
  const post = self.postMessage.bind(self);
  // The theme's worker answers the index with READY: the page heard that already; the
  // queries asked meanwhile go on to it, in order.
  self.postMessage = (message) => {
    if (theirs || !message || message.type !== READY) return post(message);
    theirs = true;
    self.postMessage = post;
    for (const query of waiting) handOn(query);
    waiting = null;
    return undefined;
  };
  importScripts(themeWorker());
  handOn(index);
  index = null;
}

self.addEventListener("message", (event) => {
  if (theirs || !event.isTrusted) return;
  const message = event.data;
  if (message && message.type === SETUP) {
    index = message;
    self.postMessage({ type: READY });
  } else if (message && message.type === QUERY && waiting === null && !String(message.data).trim()) {
    self.postMessage({ type: RESULT, data: { items: [] } });
  } else if (waiting !== null) {
    waiting.push(message);
  } else {
    startTheirs();
    waiting.push(message);
  }
});
