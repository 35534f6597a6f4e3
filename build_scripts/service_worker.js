// The site's service worker: the whole site, kept for reading and playing offline.
//
// build_scripts/offline.py writes this file to the site's root as sw.js, after two lines
// it adds in front: BUILD (a hash of every file listed) and FILES (every page of both
// languages, the page scripts, the Python runtime and the engine wheel, as addresses
// relative to this file). docs/assets/js/offline.js registers it once the first page has
// settled, so the download runs in the background and never delays the first board.
//
// - install: every file of FILES into one cache named after BUILD ("site-<BUILD>"), a few
//   at a time; the files a reader already has are revalidated, not downloaded again. If
//   the network drops, the install fails and the next visit resumes where it stopped.
// - activate: the caches of every other build are deleted. A new build's worker waits
//   (the browser's default) until no tab uses the old one, so a visit never mixes the
//   pages of one build with the engine of another.
// - fetch: a file of this build comes from the cache (so the site works with the network
//   gone); anything else goes to the network; a page that is neither is answered offline
//   by the site's "page not found".
// - a page that starts while the files are being kept (a second tab, a lesson link opened
//   meanwhile) asks the download to wait: engine-boot.js sends "hold" as its board's
//   Python starts, offline.js sends "release" once its boards are playable. The download
//   is the least urgent work on a reader's computer; a hold lasts HOLD_MS at most.
// - the endgame tables (assets/runtime/tables/) are not in FILES: too large for every
//   reader, they are fetched only when a page first needs one, and kept in the same cache
//   then, so they work offline from that moment on.
// It can't use import() (service workers don't allow it); Pyodide's worker fetches its
// files through this one, so caching them is enough.

/* global BUILD, FILES */
const PREFIX = "site-";
const CACHE = PREFIX + BUILD;
const SCOPE = new URL("./", self.location.href);
const AT_ONCE = 4;
const ON_DEMAND = new URL("assets/runtime/tables/", SCOPE).href;
const HOLD_MS = 10_000;

// The pages starting now: a page's client id -> when its hold ends at the latest.
const holds = new Map();
// The downloads waiting for the holds to change (every lane of the download waits).
const waiting = new Set();

self.addEventListener("message", (event) => {
  const source = /** @type {{id?: string} | null} */ (event.source);
  const type = event.data && event.data.type;
  if (!source || !source.id || (type !== "hold" && type !== "release")) return;
  if (type === "hold") holds.set(source.id, Date.now() + HOLD_MS);
  else holds.delete(source.id);
  for (const wake of waiting) wake();
  waiting.clear();
});

// Resolves once no page that is starting holds the download.
async function afterStartingPages() {
  for (;;) {
    const now = Date.now();
    for (const [id, end] of holds) if (end <= now) holds.delete(id);
    if (!holds.size) return;
    const wait = Math.min(...holds.values()) - now;
    await new Promise((resolve) => {
      waiting.add(resolve);
      setTimeout(() => {
        waiting.delete(resolve);
        resolve();
      }, wait);
    });
  }
}

function key(url) {
  const clean = new URL(url);
  clean.search = "";
  clean.hash = "";
  if (clean.pathname.endsWith("/index.html")) clean.pathname = clean.pathname.slice(0, -"index.html".length);
  return clean.href;
}

// Pyodide compiles the .wasm only if it comes as application/wasm: keep that type in the
// cache even when a host sends another.
async function typed(url, response) {
  if (!url.endsWith(".wasm") || response.headers.get("Content-Type") === "application/wasm") return response;
  const headers = new Headers(response.headers);
  headers.set("Content-Type", "application/wasm");
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

async function precache() {
  const cache = await caches.open(CACHE);
  const queue = [];
  for (const file of FILES) {
    const url = new URL(file, SCOPE).href;
    if (!(await cache.match(url, { ignoreVary: true }))) queue.push(url);
  }
  async function next() {
    for (let url = queue.shift(); url; url = queue.shift()) {
      await afterStartingPages();
      const response = await fetch(new Request(url, { cache: "no-cache", credentials: "same-origin" }));
      if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
      await cache.put(url, await typed(url, response));
    }
  }
  await Promise.all(Array.from({ length: AT_ONCE }, next));
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

function notFoundPage(url) {
  const rest = url.href.slice(SCOPE.href.length);
  const lang = rest.split("/", 1)[0];
  return new URL(lang === "fr" ? "fr/404.html" : "404.html", SCOPE).href;
}

async function respond(event) {
  const request = event.request;
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key(request.url), { ignoreVary: true });
  if (hit) return hit;
  try {
    const response = await fetch(request);
    if (response.ok && request.url.startsWith(ON_DEMAND)) await cache.put(key(request.url), response.clone());
    return response;
  } catch (error) {
    if (request.mode === "navigate") {
      const page = await cache.match(notFoundPage(new URL(request.url)), { ignoreVary: true });
      if (page) return new Response(page.body, { status: 404, headers: page.headers });
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE.href)) return;
  if (request.headers.has("range")) return;
  event.respondWith(respond(event));
});
