// @ts-check
// The page's Python: a module Web Worker that runs the rules engine in Pyodide.
//
// Started by engine-client.js (one per tab, only on pages with a board). It reads
// ../runtime/manifest.json (written by build_scripts/runtime.py at build time), loads the
// Pyodide runtime, the trimmed standard library and the engine wheel from the same origin,
// imports engine.protocol and answers the page's requests. Every request and reply is
// JSON text: page input is data, never Python source.
//
// Messages from the page:   {id, cmd, args}
// Messages to the page:     {type: "alive", lock}     (at once: the Web Lock this worker holds
//                                                      until it ends; see engine-client.js)
//                           {type: "progress", received, total, stage?}
//                                                     (start-up is moving: bytes of the runtime
//                                                      received so far; see below)
//                           {type: "ready", info: {engine, python, platform, start, startup_ms,
//                                                  stages, snapshot?, marks}}
//                                                     (marks: see "Marks of the start" below)
//                           {type: "snapshot", info: {status, bytes?, make_ms?, save_ms?, reason?}}
//                           {type: "fatal", message}          (start-up failed)
//                           {type: "reply", id, reply: "<JSON text of the protocol reply>"}
//                           {type: "broken", message}         (the interpreter failed: replace me)
//
// Two ways to start (`info.start`):
// - "normal": Pyodide starts from scratch (seconds). Right after the "ready" message the
//   worker takes a memory snapshot of the fresh interpreter, engine imported, and keeps it
//   in this browser's Cache Storage ("snapshot" message).
// - "snapshot": a later start (a return visit, a new tab) restores that image instead
//   (several times faster). The snapshot is kept under a key made of the Pyodide version,
//   the runtime's hash and the engine's hash (all from the manifest), with its length and
//   its SHA-256: one that is missing, made by another build, truncated or corrupt is
//   thrown away and the worker starts normally, without a word to the reader.
//
// The snapshot options of loadPyodide (_makeSnapshot, _loadSnapshot, makeMemorySnapshot)
// are private Pyodide API: the version is pinned (the manifest's "pyodide" is part of the
// key) and any failure falls back to a normal start. A snapshot holds the interpreter's
// memory, not its file system: the engine wheel is unpacked again after a restore (its
// modules are already imported, but tracebacks and later imports read the files). The
// image also fixes what Python randomised at start (str hashes; `random`'s seed, reseeded
// after a restore); the engine draws its seeds from os.urandom, i.e. the browser's crypto.

/** What a thrown value says: its message, or the value itself. @param {any} err */
function said(err) {
  return String((err && err.message) || err);
}

const manifestURL = new URL("../runtime/manifest.json", import.meta.url);
const started = performance.now();

// ---- Marks of the start, for the page's own timeline ----
//
// Each step of the start is noted as a time since the epoch (this worker's
// performance.timeOrigin plus its clock), so that the page can place it on its own
// timeline (engine-client.js subtracts the page's timeOrigin and records a
// performance.mark of the same name). They travel with the "ready" message.
/** @type {Record<string, number>} */
const startMarks = {};
function markStart(name) {
  if (!(name in startMarks)) startMarks[name] = performance.timeOrigin + performance.now();
}
markStart("engine:worker-started");
// 3: one response in Cache Storage (see the snapshot store); 4: without its empty pages
const SNAPSHOT_FORMAT = 4;
// The engine's modules imported before a snapshot is taken, so that the first request
// after a restore does not compile them (a missing one is skipped).
const WARM_MODULES = ["engine.zohn_ahl", "engine.awithlaknannai", "engine.awithlaknannai.ai",
  "engine.awithlaknannai.endgame", "engine.zohn_ahl.svg", "engine.awithlaknannai.svg"];

// ---- A file of the runtime that fails to arrive stops the start at once, naming it ----
//
// Pyodide reports neither a missing .wasm nor one served with the wrong type: it waits
// for ever. Every fetch of this worker (Pyodide's included) is watched; a runtime file
// answered with an HTTP error, or a .wasm not served as application/wasm, ends the start.

let runtimeFailed;
const runtimeFailure = new Promise((_, reject) => { runtimeFailed = reject; });
runtimeFailure.catch(() => {});
const runtimeBase = new URL("../runtime/", import.meta.url).href;
const realFetch = self.fetch.bind(self);
/** @type {{copies: Map<string, string>, decoded: (r: Response, url: string) => Response} | null} */
let xz = null;  // the xz copies fetched instead of the runtime's files (see boot)

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
  const reason = event.reason;
  runtimeFailed(new Error(String((reason && reason.message) || reason)));
  console.warn("engine worker:", reason);
});

// ---- Download progress: what the page's start limit watches ----
//
// On a slow connection the runtime takes longer to arrive than any fixed limit: the page
// gives up only when nothing moves. Every runtime file named in the manifest's `files`
// (their sizes as built) is counted as its bytes arrive, on a clone of the response, so
// that Pyodide's own reading is untouched; the worker posts the running total (at most a
// few times a second) and a `stage` after each step of the start. The total leaves out
// the runtime's scripts (.js, .mjs): Pyodide imports them as modules, which no fetch
// watcher sees (they are small beside the .wasm and the standard library).

const PROGRESS_EVERY_MS = 250;
let expected = null; // path under ../runtime/ -> bytes, once the manifest is read
const received = new Map();
let lastProgress = 0;

function postProgress(stage, force = false) {
  const now = performance.now();
  if (!force && now - lastProgress < PROGRESS_EVERY_MS) return;
  lastProgress = now;
  let done = 0;
  for (const n of received.values()) done += n;
  let total = 0;
  for (const [path, size] of Object.entries(expected || {})) {
    if (!/\.m?js$/.test(path) && Number.isFinite(size)) total += size;
  }
  self.postMessage(stage ? { type: "progress", received: done, total, stage } : { type: "progress", received: done, total });
}

// A counted download that breaks off, arrives short of its size as built, or stops moving
// for STALL_MS ends the start at once, naming the file: Pyodide would otherwise wait for
// ever (a stall) or fail later with a message that names nothing (a cut file). A stall is
// time in which this worker was free to read and nothing came: while the worker is busy
// (compiling, starting Python) its reads wait, so that time does not count.

const STALL_MS = 3000;
const STALL_TICK_MS = 250;
const downloading = new Map(); // path -> time of its latest bytes (or of a busy spell's end)
let stallTicker = null;

function watchForStalls() {
  if (stallTicker !== null) return;
  let lastTick = performance.now();
  stallTicker = setInterval(() => {
    const now = performance.now();
    const busy = now - lastTick > STALL_TICK_MS * 4;
    lastTick = now;
    if (!downloading.size) {
      clearInterval(stallTicker);
      stallTicker = null;
      return;
    }
    for (const [path, at] of downloading) {
      if (busy) {
        downloading.set(path, now);
      } else if (now - at >= STALL_MS) {
        downloading.clear();
        runtimeFailed(new Error(`the runtime file ${new URL(path, runtimeBase).pathname} stopped arriving: ` +
          `nothing came for ${STALL_MS / 1000} seconds (${received.get(path) || 0} of ${expected[path]} bytes)`));
        return;
      }
    }
  }, STALL_TICK_MS);
}

async function countDownload(url, response) {
  const path = url.slice(runtimeBase.length).split(/[?#]/)[0];
  if (!expected || !(path in expected) || /\.m?js$/.test(path) || !response.body) return;
  // A file is counted once, by its first download: a start that follows a snapshot that
  // would not restore asks for the WebAssembly a second time, often while the first
  // count is still reading its clone (the compiler reads the original faster). A second
  // count would share, and reset, the first one's total, so the first would find its file
  // short and stop a start that works; and Chromium may end a second clone from its cache
  // at once, with no byte. The first count's verdict is the file's.
  if (received.has(path)) return;
  const reader = response.clone().body.getReader();
  const file = new URL(url).pathname;
  received.set(path, 0);
  downloading.set(path, performance.now());
  watchForStalls();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received.set(path, received.get(path) + value.byteLength);
      if (downloading.has(path)) downloading.set(path, performance.now());
      postProgress();
    }
  } catch (err) {
    downloading.delete(path);
    runtimeFailed(new Error(`the runtime file ${file} broke off after ${received.get(path)} of ${expected[path]} bytes ` +
      `(${said(err)}): is the connection down?`));
    return;
  }
  downloading.delete(path);
  if (Number.isFinite(expected[path]) && received.get(path) < expected[path]) {
    runtimeFailed(new Error(`the runtime file ${file} arrived incomplete: ${received.get(path)} of ${expected[path]} bytes ` +
      "(the site was published with a cut copy of it, or the server stopped sending)"));
    return;
  }
  markStart(`engine:fetched-${path.endsWith(".wasm") ? "wasm" : path.endsWith(".whl") ? "wheel" : "stdlib"}`);
  if (Object.keys(expected).every((p) => /\.m?js$/.test(p) || received.get(p) >= expected[p])) {
    markStart("engine:runtime-fetched");
  }
  postProgress(undefined, true);
}

// The interpreter's WebAssembly is compiled as it arrives, from the moment the manifest
// names it (compileEarly, in boot): Pyodide would start that compilation only once its
// own scripts had arrived and run, and on a return visit only once the snapshot had been
// read. When Pyodide then instantiates its WebAssembly, the module compiled early is
// used; if the early compilation failed, Pyodide falls back to downloading it again.
/** @type {Promise<WebAssembly.Module> | null} */
let compiledEarly = null;

function compileEarly(url) {
  if (compiledEarly || typeof WebAssembly.compileStreaming !== "function") return;
  fetchEarly(url);  // (Pyodide's own fetch of it gets this response, already read here)
  compiledEarly = WebAssembly.compileStreaming(early.get(url.href));
  // (a step of the start, for the page's start limit too: what follows is the
  // interpreter's own start, seconds without a word from this worker)
  compiledEarly.then(() => { markStart("engine:wasm-compiled"); postProgress("wasm_compiled", true); }, () => {});
}

const realInstantiateStreaming = WebAssembly.instantiateStreaming;
if (typeof realInstantiateStreaming === "function") {
  WebAssembly.instantiateStreaming = async function (source, imports) {
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
}

// Runtime files asked for early (see boot): the first fetch of the same address gets the
// response already on its way instead of a second download.
/** @type {Map<string, Promise<Response>>} */
const early = new Map();

function fetchEarly(url) {
  const href = url.href;
  if (early.has(href)) return;
  const response = self.fetch(href, { credentials: "same-origin" });
  response.catch(() => {});  // a failure is reported by the watcher, and again to Pyodide
  early.set(href, response);
}

// Pyodide's own failure at the end of a download that was cut comes at the same moment as
// the count's verdict: the count, which names the file, is waited for (briefly) first.
async function downloadsSettled() {
  const until = performance.now() + 1000;
  while (downloading.size && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

self.fetch = async (input, init) => {
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url, self.location.href).href;
  const asked = early.get(url);
  if (asked) {
    early.delete(url);
    return asked;
  }
  const copy = xz && xz.copies.get(url);  // (the copy is fetched, checked and counted as a file)
  if (copy) return xz.decoded(await self.fetch(copy, init), url);
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
};

// ---- Liveness: a Web Lock held until this worker ends (engine-client.js waits for it) ----

function holdLock() {
  if (!(self.navigator && navigator.locks)) return;
  const name = `engine-worker-${self.crypto && crypto.randomUUID ? crypto.randomUUID() : Math.random().toString(36).slice(2)}`;
  navigator.locks.request(name, () => {
    self.postMessage({ type: "alive", lock: name });
    return new Promise(() => {}); // released only when the worker ends
  }).catch(() => {});
}
holdLock();

// ---- The snapshot store (the browser's Cache Storage) ----
//
// A snapshot is kept as one response in the cache STORE_NAME, under the address
// STORE_KEY: its body is the memory image without its empty pages (packImage), its
// headers say what it is (format, key, the body's length, the image's, the body's
// SHA-256, when it was made). One `put` writes the whole entry, so a reader sees
// the old snapshot or the new, never half of one. Cache Storage keeps a response's body as
// one file, read back in one piece; IndexedDB, the store of earlier versions, needed the
// image in hundreds of pieces (each below the size at which Chromium moves a value out of
// the database) and took several times the processor's time to read them. The IndexedDB
// database of an earlier version is deleted once a new snapshot is kept.

const STORE_NAME = "engine-runtime";
const STORE_KEY = new URL("../runtime/interpreter.snapshot", import.meta.url).href;
const OLD_DB_NAME = "engine-runtime";
const HEADER = {
  format: "X-Snapshot-Format", key: "X-Snapshot-Key", length: "X-Snapshot-Length",
  memory: "X-Snapshot-Memory", sha256: "X-Snapshot-Sha256", made: "X-Snapshot-Made",
};

// A failure of the store itself (it cannot be opened, a read or a write fails) is an
// Error whose message names the step and the browser's own error, e.g. "the snapshot
// store could not be read (UnknownError: ...)": the worker reports it as such, never as
// "none stored".
function storeError(step, err) {
  const what = err ? [err.name, err.message].filter(Boolean).join(": ") : "no reason given";
  return new Error(`the snapshot store could not be ${step} (${what || String(err)})`);
}

/** @param {"read" | "written"} step @param {(cache: Cache) => Promise<any>} act */
async function withStore(step, act) {
  let cache;
  try {
    cache = await caches.open(STORE_NAME);
  } catch (err) {
    throw storeError("opened", err);
  }
  try {
    return await act(cache);
  } catch (err) {
    throw storeError(step, err);
  }
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

function snapshotKey(manifest) {
  return [manifest.pyodide, manifest.runtime, manifest.hash].every((p) => typeof p === "string")
    ? `${manifest.pyodide}/${manifest.runtime}/${manifest.hash}` : null;
}

class SnapshotRefused extends Error {}

// Where the page is not a secure origin (a classroom's server over plain http) there is
// no Cache Storage and no crypto.subtle: the snapshot is kept in IndexedDB instead, its
// checksum a CRC-32 (snapshot-idb.mjs).
/** @type {Promise<typeof import("./snapshot-idb.mjs")> | null} */
let idbModule = null;
function idbStore() {
  if (!idbModule) idbModule = import("./snapshot-idb.mjs");
  return idbModule;
}

// The body's checksum as `stored` writes it: a SHA-256, or "crc32:..." (snapshot-idb.mjs).
async function checksum(bytes, stored = self.crypto && crypto.subtle ? "" : "crc32:") {
  return stored.startsWith("crc32:") ? (await idbStore()).crc32(bytes) : sha256(bytes);
}

// The snapshot's layout (snapshot-image.mjs), loaded once, while the worker starts: a
// static import would hold back the worker's first line by one more request.
/** @type {Promise<typeof import("./snapshot-image.mjs")> | null} */
let imageModule = null;
function snapshotImage() {
  if (!imageModule) imageModule = import("./snapshot-image.mjs");
  return imageModule;
}

// The stored snapshot: {record, bytes} (record undefined when none is stored).
function readStore() {
  return withStore("read", async (cache) => {
    const response = await cache.match(STORE_KEY);
    if (!response) return { record: undefined, bytes: new Uint8Array(0) };
    const h = (/** @type {string} */ name) => response.headers.get(name);
    const record = {
      format: Number(h(HEADER.format)), key: h(HEADER.key), length: Number(h(HEADER.length)),
      sha256: h(HEADER.sha256),
    };
    return { record, bytes: new Uint8Array(await response.arrayBuffer()) };
  });
}

// The stored snapshot for `key`: {bytes, checked} (`checked` resolves with the bytes once
// their SHA-256 matches, and rejects with SnapshotRefused otherwise: Pyodide's own loading
// goes on meanwhile), or {discard: reason} when there is none that can be used.
// A store that cannot be read gives {discard: <its error>}, not "none stored".
/** @returns {Promise<{discard?: string, bytes?: Uint8Array, checked?: Promise<Uint8Array>}>} */
async function readSnapshot(stored, key) {
  let record;
  let bytes;
  try {
    ({ record, bytes } = await stored);
  } catch (err) {
    return { discard: said(err) };
  }
  if (record === undefined) return { discard: "none stored" };
  let reason = null;
  if (record.format !== SNAPSHOT_FORMAT || typeof record.key !== "string" || typeof record.sha256 !== "string") {
    reason = "unknown format";
  } else if (record.key !== key) {
    reason = `made by another build (${record.key})`;
  } else if (bytes.byteLength !== record.length) {
    reason = `truncated (${bytes.byteLength} of ${record.length} bytes)`;
  }
  if (reason) {
    await dropSnapshot();
    return { discard: reason };
  }
  const checked = checksum(bytes, record.sha256).then(async (digest) => {
    if (digest !== record.sha256) throw new SnapshotRefused("corrupt (checksum)");
    const { unpackImage } = await snapshotImage();
    try {
      return unpackImage(bytes);
    } catch (err) {
      throw new SnapshotRefused(`corrupt (${said(err)})`);
    }
  });
  checked.catch(() => {});
  return { bytes, checked };
}

function dropSnapshot() {
  if (!self.caches) return idbStore().then((idb) => idb.dropStored()).catch(() => {});
  return withStore("written", (cache) => cache.delete(STORE_KEY)).catch(() => {});
}

async function saveSnapshot(pyodide, key) {
  const t0 = performance.now();
  const image = pyodide.makeMemorySnapshot();
  const madeAt = performance.timeOrigin + performance.now();  // (epoch ms, as the start's marks)
  const makeMs = Math.round(performance.now() - t0);
  const t1 = performance.now();
  const body = (await snapshotImage()).packImage(image);
  const headers = {
    "Content-Type": "application/octet-stream",
    [HEADER.format]: String(SNAPSHOT_FORMAT), [HEADER.key]: key, [HEADER.length]: String(body.byteLength),
    [HEADER.memory]: String(image.byteLength),
    [HEADER.sha256]: await checksum(body), [HEADER.made]: new Date().toISOString(),
  };
  if (self.caches) {
    await withStore("written", (cache) => cache.put(STORE_KEY, new Response(body, { headers })));
    forgetOldStore();
  } else {
    const record = { format: SNAPSHOT_FORMAT, key, length: body.byteLength, sha256: headers[HEADER.sha256] };
    await (await idbStore()).writeStored(record, body).catch((err) => { throw storeError("written", err); });
  }
  return { status: "saved", bytes: image.byteLength, stored_bytes: body.byteLength, make_ms: makeMs,
    save_ms: Math.round(performance.now() - t1), made_at: madeAt };
}

// The IndexedDB database in which earlier versions kept their snapshot, in pieces.
function forgetOldStore() {
  try {
    if (self.indexedDB) indexedDB.deleteDatabase(OLD_DB_NAME);
  } catch { /* nothing to forget */ }
}

// ---- Start-up ----

/** @returns {Promise<{manifest: any, indexURL: URL, wheelURL: URL, stdlibURL?: URL}>} */
async function readManifest() {
  // Revalidated on every start: after a new build the manifest names the new files, whose
  // hashed URLs can then be cached for good.
  const response = await fetch(manifestURL, { cache: "no-cache" });
  if (!response.ok) {
    throw new Error(`the runtime manifest ${manifestURL.pathname} could not be read (HTTP ${response.status})`);
  }
  let manifest;
  try {
    manifest = await response.json();
  } catch (err) {
    throw new Error(`the runtime manifest ${manifestURL.pathname} is not valid JSON`);
  }
  if (typeof manifest.indexURL !== "string" || typeof manifest.wheel !== "string") {
    throw new Error(`the runtime manifest ${manifestURL.pathname} does not name the runtime and the engine`);
  }
  const urls = { indexURL: new URL(manifest.indexURL, manifestURL), wheelURL: new URL(manifest.wheel, manifestURL) };
  if (typeof manifest.stdlib === "string") urls.stdlibURL = new URL(manifest.stdlib, manifestURL);
  if (Object.values(urls).some((u) => u.origin !== self.location.origin)) {
    throw new Error("the runtime manifest points to another site; only this site's files are loaded");
  }
  return { manifest, ...urls };
}

async function startEngine(pyodide, wheel, wheelURL) {
  let protocol;
  try {
    const sitePackages = pyodide.pyimport("sys").path.toJs().find((p) => p.endsWith("site-packages"));
    pyodide.unpackArchive(await wheel, "wheel", { extractDir: sitePackages });
    protocol = pyodide.pyimport("engine.protocol");
    markStart("engine:engine-imported");
  } catch (err) {
    const why = said(err).trim().split("\n").pop();
    throw new Error(`the engine package ${wheelURL.pathname} could not be loaded (${why})`);
  }
  const handle = protocol.handle;
  const ping = JSON.parse(handle(JSON.stringify({ id: 0, cmd: "ping", args: {} })));
  if (!ping.ok) {
    throw new Error(`the engine did not answer: ${ping.error && ping.error.message}`);
  }
  markStart("engine:ready");
  return { handle, ping: ping.result };
}

async function boot() {
  const stages = {};
  const mark = (name, since) => {
    stages[name] = Math.round(performance.now() - since);
    postProgress(name, true);
    return performance.now();
  };
  snapshotImage().catch(() => {});  // (asked for now; a failure is reported where it is used)
  // On a plain-http origin the runtime's large files come as xz copies (runtime-xz.mjs).
  const xzModule = self.isSecureContext ? null : import("./runtime-xz.mjs").catch(() => null);
  // The stored snapshot is read while the manifest is fetched.
  // (A failed read is kept as it is: readSnapshot reports it as the reason.)
  const stored = self.caches ? readStore()
    : self.indexedDB ? idbStore().then((idb) => idb.readStored()).catch((err) => { throw storeError("read", err); })
      : Promise.reject(new Error("this browser keeps no snapshot for this site (no Cache Storage, no IndexedDB)"));
  stored.catch(() => {});
  let t = performance.now();
  const { manifest, indexURL, wheelURL, stdlibURL } = await readManifest();
  if (manifest.files && typeof manifest.files === "object") expected = manifest.files;
  const xzCode = xzModule && manifest.xz ? await xzModule : null;
  if (xzCode) {
    const { copies, files } = xzCode.xzCopies(manifest, manifestURL, expected);
    xz = { copies, decoded: xzCode.decoded };
    expected = files;
  }
  if (manifest.tables && typeof manifest.tables === "object") tableFiles = manifest.tables;
  if (typeof manifest.chains === "string") chainsURL = new URL(manifest.chains, manifestURL);
  markStart("engine:manifest-read");
  // Everything the start needs is asked for at once: the interpreter's WebAssembly
  // (compiled as it arrives), the standard library (Pyodide would ask for it once
  // pyodide.mjs has arrived) and Pyodide's 1 MB script.
  compileEarly(new URL("pyodide.asm.wasm", indexURL));
  if (stdlibURL) fetchEarly(stdlibURL);
  import(new URL("pyodide.asm.mjs", indexURL).href).catch(() => {});
  t = mark("manifest_ms", t);
  // The engine's wheel downloads while the interpreter starts.
  const wheel = fetch(wheelURL).then((r) => {
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  wheel.catch(() => {});  // reported once the interpreter is up
  const pyodideModule = import(new URL("pyodide.mjs", indexURL).href);
  const key = snapshotKey(manifest);
  const options = { indexURL: indexURL.href, stdout: () => {}, stderr: () => {} };
  if (stdlibURL) options.stdLibURL = stdlibURL.href;
  if (manifest.lock && typeof manifest.lock === "object") options.lockFileContents = manifest.lock;
  /** @type {Promise<{discard?: string, bytes?: Uint8Array, checked?: Promise<Uint8Array>}>} */
  const reading = key ? readSnapshot(stored, key).catch((err) => ({ discard: `unreadable (${err})` }))
    : Promise.resolve({ discard: "the manifest has no runtime hash" });
  const { loadPyodide } = await pyodideModule;
  t = mark("import_pyodide_ms", t);
  let snapshot = await reading;
  markStart("engine:snapshot-read");
  t = mark("snapshot_read_ms", t);
  if (snapshot.bytes) {
    try {
      const pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot.checked });
      markStart("engine:interpreter-ready");
      t = mark("interpreter_ms", t);
      const random = pyodide.pyimport("sys").modules.get("random");
      if (random) random.seed();
      const engine = await startEngine(pyodide, wheel, wheelURL);
      mark("wheel_and_engine_ms", t);
      return { ...engine, pyodide, start: "snapshot", stages, snapshot: { status: "restored" } };
    } catch (err) {
      // A snapshot that does not restore is dropped; the start below is a normal one.
      await dropSnapshot();
      const why = err instanceof SnapshotRefused ? err.message
        : `did not restore (${said(err).split("\n")[0]})`;
      snapshot = { discard: why };
      t = performance.now();
    }
  }
  const canSave = Boolean(key && (self.caches ? self.crypto && crypto.subtle : self.indexedDB));
  const pyodide = await loadPyodide({ ...options, _makeSnapshot: canSave });
  markStart("engine:interpreter-ready");
  t = mark("interpreter_ms", t);
  const engine = await startEngine(pyodide, wheel, wheelURL);
  mark("wheel_and_engine_ms", t);
  return { ...engine, pyodide, start: "normal", stages, snapshot: { status: canSave ? "to-save" : "unavailable", reason: snapshot.discard }, key };
}

// The page's last request, asked or answered (performance.now()); whenIdle(work) runs
// `work` once IDLE_MS have passed since then.
const IDLE_MS = 400;
let lastRequestAt = 0;
function whenIdle(work) {
  const check = () => {
    const quiet = performance.now() - lastRequestAt;
    if (quiet >= IDLE_MS) work();
    else setTimeout(check, IDLE_MS - quiet);
  };
  setTimeout(check, IDLE_MS);
}

const booting = Promise.race([
  boot().catch(async (err) => { await downloadsSettled(); throw err; }),
  runtimeFailure,
]);

booting.then(
  (engine) => {
    const info = { ...engine.ping, start: engine.start, startup_ms: Math.round(performance.now() - started),
      stages: engine.stages, snapshot: engine.snapshot, marks: startMarks };
    self.postMessage({ type: "ready", info });
    if (engine.snapshot.status === "to-save") {
      // Taken once the page has asked nothing for a moment (whenIdle): its first requests
      // (the game, then the drawing of its board, each sent once the one before is
      // answered) wait neither for the copy nor for the modules of the game not in play.
      // Then the engine's other modules are imported, so that the snapshot holds them
      // all, and the memory is copied (a few tens of milliseconds of this worker); the
      // checksum and the store's write run in the background.
      whenIdle(() => {
        let saving;
        try {
          for (const name of WARM_MODULES) {
            try { engine.pyodide.pyimport(name); } catch { /* not in this engine */ }
          }
          saving = saveSnapshot(engine.pyodide, engine.key);
        } catch (err) {
          saving = Promise.reject(err);
        }
        saving.then(
          (result) => self.postMessage({ type: "snapshot", info: result }),
          (err) => self.postMessage({ type: "snapshot", info: { status: "failed", reason: said(err) } }),
        );
      });
    }
  },
  (err) => self.postMessage({ type: "fatal", message: said(err) }),
);

// ---- Endgame tables: fetched when a request first needs one, never at the start ----
//
// Before each request the engine says (engine.protocol.tables.wanted, which loads nothing
// of Awithlaknannai's for a request that reads no table) whether it would read a table
// not loaded yet (a computer move at "hard" or "perfect", the engine's view, a hint or a
// review, with few enough pieces on the board); the worker then fetches that table (the
// manifest's "tables"; the service worker keeps it for offline use) and installs it. A
// table that cannot be fetched is tried again at the next request; the engine answers
// meanwhile with its search.
let tableFiles = {};
/** @type {URL | null} the lab's prepared chains (lab-chains.mjs) */
let chainsURL = null;
const tablesLoading = new Map();

async function loadTables(pyodide, request) {
  let name;
  try {
    name = pyodide.pyimport("engine.protocol.tables").wanted(request);
  } catch {
    return;
  }
  if (!name || !tableFiles[name]) return;
  if (!tablesLoading.has(name)) {
    tablesLoading.set(name, (async () => {
      const response = await fetch(new URL(tableFiles[name], manifestURL));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      pyodide.pyimport("engine.awithlaknannai.endgame").install(name, new Uint8Array(await response.arrayBuffer()));
    })().catch(() => tablesLoading.delete(name)));
  }
  await tablesLoading.get(name);
}

// ---- Loops offered to the engine ----
//
// The lab and a board's chances solve the game, and the lab carries its game-length
// distributions: sweeps over some ten thousand states and a probability carried for
// hundreds of throws, arithmetic that Python in WebAssembly does several times slower
// than JavaScript. The engine looks for globalThis.engineKernels when it sweeps and
// carries (engine/zohn_ahl/solver/kernels.py) and runs its own loops when they are
// absent, so the modules are loaded only when such a request comes (a failed load leaves
// the engine to its own loops), never during the start.
const KERNEL_COMMANDS = new Set(["zohn-ahl.lab", "zohn-ahl.chances"]);
/** @type {Promise<void> | null} */
let kernelsLoading = null;

function offerKernels() {
  if (!kernelsLoading) {
    kernelsLoading = Promise.all([import("./chain-sweeps.mjs"), import("./chain-carry.mjs")]).then(
      ([{ sweepChain }, { carryLengths }]) => {
        /** @type {any} */ (self).engineKernels = { sweepChain, carryLengths };
      },
      () => { kernelsLoading = null; },
    );
  }
  return kernelsLoading;
}

function internalError(id, err) {
  return JSON.stringify({
    id,
    ok: false,
    error: {
      type: "WorkerError",
      kind: "internal",
      message: `internal error in the engine's worker: ${said(err)}`,
      input: null,
      where: null,
    },
  });
}

self.onmessage = async (event) => {
  lastRequestAt = performance.now();
  const data = event.data || {};
  const id = data.id;
  let engine;
  try {
    engine = await booting;
  } catch (err) {
    self.postMessage({ type: "reply", id, reply: internalError(id, err) });
    return;
  }
  let request;
  try {
    request = JSON.stringify({ id, cmd: data.cmd, args: data.args ?? {} });
  } catch (err) {
    const reply = JSON.stringify({ id, ok: false, error: { type: "RequestError", kind: "request",
      message: `the request cannot be written as JSON: ${said(err)}`, input: null, where: null } });
    self.postMessage({ type: "reply", id, reply });
    return;
  }
  await loadTables(engine.pyodide, request);
  if (KERNEL_COMMANDS.has(data.cmd)) await offerKernels();
  if (data.cmd === "zohn-ahl.lab") await import("./lab-chains.mjs").then((m) => m.installChains(engine.pyodide, chainsURL), () => {});
  let reply;
  try {
    reply = engine.handle(request);
  } catch (err) {
    // handle() answers every Python exception itself, so an error reaching JavaScript
    // means the interpreter is broken (a fatal Pyodide error, a stack overflow): say so,
    // and ask the page to replace this worker.
    self.postMessage({ type: "reply", id, reply: internalError(id, err) });
    self.postMessage({ type: "broken", message: said(err) });
    return;
  }
  lastRequestAt = performance.now();
  self.postMessage({ type: "reply", id, reply });
};
