// @ts-check
// The runtime's files as the engine's worker (engine-worker.mjs) fetches them: every fetch
// of the worker, Pyodide's included, goes through the self.fetch set here, which
// - watches each runtime file: an HTTP error, a .wasm not served as application/wasm, a
//   download that breaks off, stops moving or arrives short ends the start at once,
//   naming the file (worker-report.mjs); Pyodide would otherwise wait for ever, or fail
//   later with a message that names nothing;
// - counts each file's bytes as they arrive (the page's start limit watches them);
// - hands over a file asked for early (askEarly) instead of downloading it twice;
// - on a plain-http origin, fetches a file's xz copy instead and decodes it
//   (runtime-xz.mjs, useCopies), or reads the file as a start before decoded it
//   (runtime-kept.mjs).
// And WebAssembly.instantiateStreaming is wrapped so that Pyodide uses the interpreter's
// WebAssembly compiled as it arrived (compileEarly).

import { expected, markStart, postProgress, received, runtimeFailed, said } from "./worker-report.mjs";

export const runtimeBase = new URL("../runtime/", import.meta.url).href;
const realFetch = self.fetch.bind(self);

/**
 * @typedef {object} Copies
 * @property {Map<string, string>} copies  file's URL -> its copy's URL
 * @property {(r: Response, url: string) => Response} decoded  the file's response from its copy's
 * @property {import("./runtime-kept.mjs").Keeper | null} kept  the files decoded before
 */
/** The xz copies fetched instead of the runtime's files. @type {Copies | null} */
let xz = null;

/** Fetch the copies of `copies` instead of their files (see runtime-xz.mjs). @param {Copies} copies */
export function useCopies(copies) {
  xz = copies;
}

/** Keep the files decoded from their copies for the next start (runtime-kept.mjs);
 * resolves with whether there were any. @returns {Promise<boolean>} */
export function keepDecoded() {
  return xz && xz.kept ? xz.kept.flush() : Promise.resolve(false);
}

/** @param {string} url @param {Response} response */
function checkRuntimeResponse(url, response) {
  if (!url.startsWith(runtimeBase)) return;
  const path = new URL(url).pathname;
  if (!response.ok) {
    runtimeFailed(new Error(`the runtime file ${path} could not be loaded (HTTP ${response.status}${
      response.status === 404 ? ": the site was published without it, or with files of another build" : ""})`));
  } else if (path.endsWith(".wasm")) {
    const type = (response.headers.get("Content-Type") || "").split(";")[0].trim();
    if (type !== "application/wasm") {
      runtimeFailed(new Error(`the runtime file ${path} is served as "${type || "no type"}", but a .wasm file ` +
        "must be served as application/wasm (a setting of the web server)"));
    }
  }
}

// Pyodide's loader starts some downloads early and awaits them later: when one fails
// first (a standard library answered 404), its rejection has no handler yet, and the
// browser would report it in the page as an uncaught error beside the board's own
// explanation. Such a rejection ends the start (in words, naming the file; no effect once
// the start is settled) and is only noted in this worker's console.
self.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  runtimeFailed(new Error(said(event.reason)));
  console.warn("engine worker:", event.reason);
});

// ---- A download that breaks off, arrives short, or stops moving ----
//
// A counted download that breaks off, arrives short of its size as built, or stops moving
// for STALL_MS ends the start at once. A stall is time in which this worker was free to
// read and nothing came: while the worker is busy (compiling, starting Python) its reads
// wait, so that time does not count.

const STALL_MS = 3000;
const STALL_TICK_MS = 250;
/** Path -> time of its latest bytes (or of a busy spell's end). @type {Map<string, number>} */
const downloading = new Map();
/** @type {ReturnType<typeof setInterval> | null} */
let stallTicker = null;

function watchForStalls() {
  if (stallTicker !== null) return;
  let lastTick = performance.now();
  stallTicker = setInterval(() => {
    const now = performance.now();
    const busy = now - lastTick > STALL_TICK_MS * 4;
    lastTick = now;
    if (!downloading.size) {
      if (stallTicker !== null) clearInterval(stallTicker);
      stallTicker = null;
      return;
    }
    for (const [path, at] of downloading) {
      if (busy) {
        downloading.set(path, now);
      } else if (now - at >= STALL_MS) {
        downloading.clear();
        runtimeFailed(new Error(`the runtime file ${new URL(path, runtimeBase).pathname} stopped arriving: ` +
          `nothing came for ${STALL_MS / 1000} seconds (${received.get(path) || 0} of ${expected?.[path]} bytes)`));
        return;
      }
    }
  }, STALL_TICK_MS);
}

/** The number of bytes of `path` received so far. @param {string} path */
const got = (path) => received.get(path) || 0;

/** Count the bytes of a runtime file as they arrive. @param {string} url @param {Response} response */
async function countDownload(url, response) {
  const path = url.slice(runtimeBase.length).split(/[?#]/)[0];
  const sizes = expected;
  if (!sizes || !(path in sizes) || /\.m?js$/.test(path) || !response.body) return;
  // A file is counted once, by its first download: a start that follows a snapshot that
  // would not restore asks for the WebAssembly a second time, often while the first
  // count is still reading its clone (the compiler reads the original faster). A second
  // count would share, and reset, the first one's total, so the first would find its file
  // short and stop a start that works; and Chromium may end a second clone from its cache
  // at once, with no byte. The first count's verdict is the file's.
  if (received.has(path)) return;
  const body = response.clone().body;
  if (!body) return;
  const reader = body.getReader();
  const file = new URL(url).pathname;
  received.set(path, 0);
  downloading.set(path, performance.now());
  watchForStalls();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received.set(path, got(path) + value.byteLength);
      if (downloading.has(path)) downloading.set(path, performance.now());
      postProgress();
    }
  } catch (err) {
    downloading.delete(path);
    runtimeFailed(new Error(`the runtime file ${file} broke off after ${got(path)} of ${sizes[path]} bytes ` +
      `(${said(err)}): is the connection down?`));
    return;
  }
  downloading.delete(path);
  if (Number.isFinite(sizes[path]) && got(path) < sizes[path]) {
    runtimeFailed(new Error(`the runtime file ${file} arrived incomplete: ${got(path)} of ${sizes[path]} bytes ` +
      "(the site was published with a cut copy of it, or the server stopped sending)"));
    return;
  }
  arrived(path);
}

/** Note that the file `path` has arrived whole. @param {string} path */
function arrived(path) {
  markStart(`engine:fetched-${/\.wasm\b/.test(path) ? "wasm" : /\.whl\b/.test(path) ? "wheel" : "stdlib"}`);
  const sizes = expected || {};
  if (Object.keys(sizes).every((p) => /\.m?js$/.test(p) || got(p) >= sizes[p])) {
    markStart("engine:runtime-fetched");
  }
  postProgress(undefined, true);
}

/**
 * The response for the file `url` from its xz copy at `copy`: the file as a start before
 * decoded it, or the copy fetched (checked and counted as a file) and decoded.
 * @param {Copies} xz @param {string} url @param {string} copy @param {RequestInit} [init]
 */
async function fromCopy(xz, url, copy, init) {
  const path = copy.slice(runtimeBase.length);
  const kept = xz.kept && copy.startsWith(runtimeBase) ? await xz.kept.read(path, url) : null;
  if (kept) {
    if (!received.has(path)) received.set(path, (expected && expected[path]) || 0);
    arrived(path);
    return kept;
  }
  const response = xz.decoded(await self.fetch(copy, init), url);
  return xz.kept && response.ok ? xz.kept.keep(path, response) : response;
}

// Pyodide's own failure at the end of a download that was cut comes at the same moment as
// the count's verdict: the count, which names the file, is waited for (briefly) first.
export async function downloadsSettled() {
  const until = performance.now() + 1000;
  while (downloading.size && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// ---- Files asked for early ----
//
// Runtime files asked for early (see the start, worker-start.mjs): the first fetch of the
// same address gets the response already on its way instead of a second download.
/** @type {Map<string, Promise<Response>>} */
const early = new Map();

/** Start downloading `url` now. @param {URL} url */
export function askEarly(url) {
  const href = url.href;
  if (early.has(href)) return;
  const response = self.fetch(href, { credentials: "same-origin" });
  response.catch(() => {});  // a failure is reported by the watcher, and again to Pyodide
  early.set(href, response);
}

// The interpreter's WebAssembly is compiled as it arrives, from the moment the manifest
// names it: Pyodide would start that compilation only once its own scripts had arrived
// and run, and on a return visit only once the snapshot had been read. When Pyodide then
// instantiates its WebAssembly, the module compiled early is used; if the early
// compilation failed, Pyodide falls back to downloading it again.
/** @type {Promise<WebAssembly.Module> | null} */
let compiledEarly = null;

/** Download and compile the WebAssembly at `url` now. @param {URL} url */
export function compileEarly(url) {
  if (compiledEarly || typeof WebAssembly.compileStreaming !== "function") return;
  askEarly(url);  // (Pyodide's own fetch of it gets this response, already read here)
  const response = early.get(url.href);
  if (!response) return;
  compiledEarly = WebAssembly.compileStreaming(response);
  // (a step of the start, for the page's start limit too: what follows is the
  // interpreter's own start, seconds without a word from this worker)
  compiledEarly.then(() => { markStart("engine:wasm-compiled"); postProgress("wasm_compiled", true); }, () => {});
}

const realInstantiateStreaming = WebAssembly.instantiateStreaming;
if (typeof realInstantiateStreaming === "function") {
  /** @type {typeof WebAssembly.instantiateStreaming} */
  const instantiateStreaming = async (source, imports) => {
    const compiling = compiledEarly;
    compiledEarly = null;
    if (compiling) {
      let module = null;
      try {
        module = await compiling;
      } catch { /* compiled the usual way below */ }
      if (module) {
        return { module, instance: await WebAssembly.instantiate(module, imports) };
      }
    }
    const result = await realInstantiateStreaming.call(WebAssembly, source, imports);
    markStart("engine:wasm-compiled");
    return result;
  };
  WebAssembly.instantiateStreaming = instantiateStreaming;
}

/** @type {typeof fetch} */
async function watchedFetch(input, init) {
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url, self.location.href).href;
  const asked = early.get(url);
  if (asked) {
    early.delete(url);
    return asked;
  }
  const copy = xz && xz.copies.get(url);
  if (xz && copy) return fromCopy(xz, url, copy, init);
  let response;
  try {
    response = await realFetch(input, init);
  } catch (err) {
    if (url.startsWith(runtimeBase)) {
      runtimeFailed(new Error(`the runtime file ${new URL(url).pathname} could not be downloaded (${said(err)}): is the connection down?`));
    }
    throw err;
  }
  checkRuntimeResponse(url, response);
  if (url.startsWith(runtimeBase) && response.ok) countDownload(url, response);
  return response;
}

self.fetch = watchedFetch;
