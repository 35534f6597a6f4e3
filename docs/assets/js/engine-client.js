// @ts-check
// The page's side of the rules engine: one module Web Worker per tab, kept for the whole
// visit (navigation.instant keeps this module alive from page to page), started only when a
// page with a board asks for it.
//
//   import { getEngine } from "./engine-client.js";
//   const engine = getEngine();                  // the tab's engine; starts the worker once
//   const info = await engine.ready;             // {engine, python, platform, start, startup_ms, stages, marks}
//   const view = await engine.call("awithlaknannai.play", {record, action}, {timeoutMs: 10000});
//
// call() resolves with the protocol's `result` (see engine/protocol.py for every command)
// and rejects with an Error whose `name` says what happened:
//   "EngineError"       the engine refused the input: err.kind ("move", "record", ...),
//                       err.type, err.input, err.where, err.message (quotes the bad input)
//   "EngineRestarted"   the worker died or the call took longer than timeoutMs: the worker
//                       has been replaced; send the request again (the game is its record).
//                       err.timedOut is true for a timeout. Option {retries: n} re-sends
//                       automatically n times. Option {fallback: (args, err) => newArgs|null}
//                       is asked once retries are spent: the request is sent again with the
//                       arguments it returns (e.g. a smaller search budget), until it
//                       returns null. Option {background: true}: answered after the others.
//   "EngineCancelled"   cancel() was called while the request was pending.
//   "EngineUnavailable" the engine could not start (err.code "start-timeout" when its start
//                       made no progress for 20 s, or "start-failed" with err.detail);
//                       err.message is in plain words, in the page's language (English or
//                       French).
//
// The start limit (option startLimitMs of getEngine) counts time without progress, not
// the whole start: on a slow connection the runtime's download alone takes longer than
// the limit, so every message of the worker while it starts (bytes of the runtime
// received, a step of the start done) sets the limit again. engine.progress is the
// latest {received, total, stage?} (bytes), also passed to onStatus listeners as
// `progress` while the status is "starting". A runtime file that fails (HTTP error, a
// .wasm of the wrong type) still ends the start at once ("start-failed").
//
// A worker that dies (terminated by the browser, out of memory) is noticed at once, not at
// the next call's time limit: each worker holds a Web Lock for its whole life and the
// client waits for that lock (browsers without Web Locks fall back to the time limits).
// The worker is replaced and the calls in flight are settled as above.
//
// info.start is "snapshot" when Python was restored from the memory snapshot this browser
// keeps (a return visit, a new tab), "normal" otherwise; after a
// normal start the worker saves a snapshot, and engine.snapshot (a Promise) resolves with
// {status: "saved"|"failed"|"restored"|"unavailable", bytes?, stored_bytes?, make_ms?, save_ms?,
// made_at?, reason?} (bytes: the memory image; stored_bytes: what is kept of it, its empty
// pages left out; made_at: when the memory was copied, in ms since the epoch).
//
// engine.cancel() stops whatever the worker is doing (the computer thinking) by
// terminating it and starting a fresh one. engine.restart() does the same, and also tries
// again after a failed start (files already downloaded come from the browser's cache).
// engine.status is "starting" | "ready" | "failed"; engine.onStatus(fn) calls
// fn({status, info, error, progress}) on every change (and on each progress report while
// starting) and returns an unsubscribe function.

// @ts-ignore -- written by the build (build_scripts/page_words.py), not in the sources
import { WORDS } from "./words.js";

const START_LIMIT_MS = 20000;
const DEFAULT_TIMEOUT_MS = 30000;

// What a reader is told when the engine cannot start: the interface's words (the tables
// the build writes into ./words.js), in the page's language.
function texts() {
  return WORDS[pageLanguage()] || WORDS.en;
}

function pageLanguage() {
  const lang = (globalThis.document && document.documentElement.lang) || "en";
  return lang.toLowerCase().startsWith("fr") ? "fr" : "en";
}

// The start on the page's timeline (performance.mark, each name once per page): the
// worker created, then the worker's own steps (sent with "ready" as times since the epoch:
// engine:worker-started, manifest-read, fetched-wasm / -stdlib / -wheel, runtime-fetched,
// wasm-compiled, snapshot-read, interpreter-ready, engine-imported, ready), then the
// page hearing "ready" (engine:ready-heard) and the first reply (engine:first-reply).
// `make bench` reads them (benchmarks/bench_site.py).
/** @param {string} name @param {number} [startTime] */
function markOnce(name, startTime = undefined) {
  const perf = globalThis.performance;
  if (!perf || typeof perf.mark !== "function" || perf.getEntriesByName(name, "mark").length) return;
  try {
    perf.mark(name, startTime === undefined ? undefined : { startTime: Math.max(0, startTime) });
  } catch { /* a browser without User Timing 3: no marks */ }
}

/** An Error named `name`, with the fields of `extra`.
 * @param {string} name @param {string} message @param {Record<string, unknown>} [extra]
 * @returns {Error & Record<string, any>} */
function namedError(name, message, extra = {}) {
  const err = new Error(message);
  err.name = name;
  Object.assign(err, extra);
  return err;
}

/**
 * @typedef {{status: string, info: any, error: Error | null, progress: Progress | null}} StatusReport
 * @typedef {{received: number, total: number, stage?: string}} Progress
 * @typedef {{resolve: (value: any) => void, reject: (err: Error) => void}} Settle
 * A call on its way: what it asks, and how it is settled.
 * @typedef {{cmd: string, args: any, timeoutMs: number, retriesLeft: number, background: boolean,
 *   fallback: ((args: any, err: Error) => any) | null, resolve: (value: any) => void,
 *   reject: (err: Error) => void, timer?: ReturnType<typeof setTimeout>}} Call
 */

class EngineClient {
  /** @param {{startLimitMs?: number}} [options] */
  constructor({ startLimitMs = START_LIMIT_MS } = {}) {
    this.startLimitMs = startLimitMs;
    this.workerURL = new URL("./engine-worker.mjs", import.meta.url);
    this.nextId = 1;
    /** @type {Map<number, Call>} */ this.pending = new Map();
    /** @type {Set<(report: StatusReport) => void>} */ this.listeners = new Set();
    /** @type {Worker | null} */ this.worker = null;
    this.status = "starting";
    /** @type {any} */ this.info = null;
    /** @type {(Error & Record<string, any>) | null} */ this.error = null;
    /** @type {Progress | null} */ this.progress = null;
    /** @type {Promise<any>} */ this._ready = Promise.resolve();
    /** @type {Settle} */ this._settle = { resolve: () => {}, reject: () => {} };
    /** @type {Promise<any>} what became of the snapshot */
    this.snapshot = Promise.resolve();
    /** @type {(info: any) => void} */ this._snapshotSettle = () => {};
    /** @type {ReturnType<typeof setTimeout> | undefined} */ this._startTimer = undefined;
    this._start();
  }

  get ready() {
    return this._ready;
  }

  /** @param {(report: StatusReport) => void} listener */
  onStatus(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** @param {string} status */
  _setStatus(status) {
    this.status = status;
    for (const listener of [...this.listeners]) {
      try {
        listener({ status, info: this.info, error: this.error, progress: this.progress });
      } catch (err) {
        console.error(err);
      }
    }
  }

  _start() {
    this.info = null;
    this.error = null;
    this.progress = null;
    this._ready = new Promise((resolve, reject) => {
      this._settle = { resolve, reject };
    });
    this._ready.catch(() => {}); // a failed start is reported through call() and onStatus too
    this.snapshot = new Promise((resolve) => { this._snapshotSettle = resolve; });
    this.snapshot.then(noteSnapshot);
    this._setStatus("starting");
    // the worker the page's head created already (engine-boot.js), taken over once
    const early = takeEarlyWorker();
    /** @type {Worker} */
    let worker;
    try {
      worker = early ? early.worker : new Worker(this.workerURL, { type: "module", name: "zohn-ahl-engine" });
    } catch (err) {
      const e = /** @type {any} */ (err);
      this._fail("start-failed", String((e && e.message) || e));
      return;
    }
    this.worker = worker;
    markOnce("engine:worker-created");
    this._armStartLimit(worker);
    const crashed = (/** @type {string | undefined} */ message) => this._onCrash(worker, message || "the worker stopped with an error");
    worker.onmessage = (event) => this._onMessage(worker, event.data);
    worker.onerror = (event) => {
      event.preventDefault?.();
      crashed(event && event.message);
    };
    worker.onmessageerror = () => this._onCrash(worker, "a message could not be read");
    // what the worker said before: heard now, in its order, before anything it says next
    for (const [kind, data] of early ? early.heard : []) {
      if (this.worker !== worker) break;
      if (kind === "message") this._onMessage(worker, data);
      else if (kind === "error") crashed(data);
      else this._onCrash(worker, "a message could not be read");
    }
  }

  // The start fails when `worker` has not moved for startLimitMs (set again on progress).
  /** @param {Worker} worker */
  _armStartLimit(worker) {
    clearTimeout(this._startTimer);
    this._startTimer = setTimeout(() => {
      if (this.worker === worker && this.status === "starting") this._fail("start-timeout");
    }, this.startLimitMs);
  }

  /** @param {string} code @param {string} [detail] */
  _fail(code, detail = "") {
    clearTimeout(this._startTimer);
    const said = texts();
    const seconds = String(Math.round(this.startLimitMs / 1000));
    const message = code === "start-timeout" ? said.engineTimeout.replace("{seconds}", seconds) : said.engineFailed + detail;
    this.error = namedError("EngineUnavailable", message, { code, detail });
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this._settle.reject(this.error);
    for (const [id, entry] of this.pending) {
      clearTimeout(entry.timer);
      entry.reject(this.error);
      this.pending.delete(id);
    }
    this._setStatus("failed");
  }

  /** @param {Worker} worker @param {any} data */
  _onMessage(worker, data) {
    if (worker !== this.worker || !data) return;
    if (data.type === "alive") {
      this._watch(worker, data.lock);
      if (this.status === "starting") this._armStartLimit(worker);
    } else if (data.type === "progress") {
      if (this.status !== "starting") return;
      this._armStartLimit(worker);
      this.progress = { received: data.received, total: data.total, ...(data.stage ? { stage: data.stage } : {}) };
      this._setStatus("starting");
    } else if (data.type === "ready") {
      clearTimeout(this._startTimer);
      this.info = data.info;
      const marks = (data.info && data.info.marks) || {};
      for (const [name, at] of Object.entries(marks)) {
        if (typeof at === "number") markOnce(name, at - performance.timeOrigin);
      }
      markOnce("engine:ready-heard");
      const snap = data.info && data.info.snapshot;
      if (snap && snap.status !== "to-save") this._snapshotSettle(snap);
      this._setStatus("ready");
      this._settle.resolve(data.info);
    } else if (data.type === "snapshot") {
      this._snapshotSettle(data.info);
    } else if (data.type === "fatal") {
      this._fail("start-failed", data.message);
    } else if (data.type === "broken") {
      this._onCrash(worker, data.message);
    } else if (data.type === "reply") {
      const entry = this.pending.get(data.id);
      if (!entry) return;
      this.pending.delete(data.id);
      clearTimeout(entry.timer);
      let reply;
      try {
        reply = JSON.parse(data.reply);
      } catch (err) {
        entry.reject(namedError("EngineError", "the engine's reply could not be read", { kind: "internal" }));
        return;
      }
      markOnce("engine:first-reply");
      if (reply.ok) {
        entry.resolve(reply.result);
      } else {
        const e = reply.error || {};
        entry.reject(namedError("EngineError", e.message || "the engine refused the request", {
          type: e.type, kind: e.kind, input: e.input, where: e.where,
        }));
      }
    }
  }

  // The worker holds the Web Lock `lock` until it ends; asking for it here is answered
  // the moment the worker is gone (the client's own terminate() included: ignored then).
  /** @param {Worker} worker @param {unknown} lock */
  _watch(worker, lock) {
    if (!(globalThis.navigator && navigator.locks) || typeof lock !== "string") return;
    navigator.locks.request(lock, () => {
      if (worker === this.worker) this._onCrash(worker, "the worker ended unexpectedly");
    }).catch(() => {});
  }

  /** @param {Worker} worker @param {string} detail */
  _onCrash(worker, detail) {
    if (worker !== this.worker) return;
    if (this.status === "starting") {
      this._fail("start-failed", detail);
      return;
    }
    this._replace("EngineRestarted", `Python, which runs the game, stopped (${detail}) and has been restarted; please try again`);
  }

  // Terminate the worker, settle every pending call, start a new worker; calls with
  // retries left are sent again to the new worker.
  /** @param {string} name @param {string} message @param {Record<string, unknown>} [extra]
   * @param {number | null} [exceptId] */
  _replace(name, message, extra = {}, exceptId = null) {
    clearTimeout(this._startTimer);
    if (this.worker) this.worker.terminate();
    this.worker = null;
    const resend = [];
    for (const [id, entry] of this.pending) {
      clearTimeout(entry.timer);
      this.pending.delete(id);
      const err = namedError(name, message, id === exceptId ? extra : {});
      if (name !== "EngineCancelled" && entry.retriesLeft > 0) {
        entry.retriesLeft -= 1;
        resend.push(entry);
      } else if (name !== "EngineCancelled" && entry.fallback && this._fallBack(entry, err)) {
        resend.push(entry);
      } else {
        entry.reject(err);
      }
    }
    this._start();
    for (const entry of resend) this._send(entry);
  }

  // Ask the call's fallback for the arguments of one more try; false when there is none.
  /** @param {Call} entry @param {Error} err */
  _fallBack(entry, err) {
    let next = null;
    try {
      next = entry.fallback ? entry.fallback(entry.args, err) : null;
    } catch (e) {
      console.error(e);
    }
    if (!next || typeof next !== "object") return false;
    entry.args = next;
    return true;
  }

  cancel() {
    this._replace("EngineCancelled", "stopped: the request was cancelled");
  }

  restart() {
    this.cancel();
    return this.ready;
  }

  /**
   * @param {string} cmd @param {any} [args]
   * @param {{timeoutMs?: number, retries?: number, fallback?: ((args: any, err: Error) => any) | null, background?: boolean}} [options]
   * @returns {Promise<any>}
   */
  call(cmd, args = {}, { timeoutMs = DEFAULT_TIMEOUT_MS, retries = 0, fallback = null, background = false } = {}) {
    if (this.status === "failed") return Promise.reject(this.error);
    return new Promise((resolve, reject) => {
      this._send({ cmd, args, timeoutMs, retriesLeft: retries, fallback, background, resolve, reject });
    });
  }

  /** @param {Call} entry */
  _send(entry) {
    const id = this.nextId++;
    const worker = this.worker;
    if (!worker) {
      entry.reject(this.error || namedError("EngineUnavailable", texts().engineFailed, { code: "start-failed" }));
      return;
    }
    this.pending.set(id, entry);
    // The time limit counts from when the engine is ready, not while Python starts.
    this._ready.then(() => {
      if (this.worker !== worker || !this.pending.has(id)) return;
      entry.timer = setTimeout(() => {
        if (this.worker !== worker || !this.pending.has(id)) return;
        this._replace("EngineRestarted",
          `Python, which runs the game, did not answer '${entry.cmd}' within ${Math.round(entry.timeoutMs / 1000)} s and has been restarted`,
          { timedOut: true }, id);
      }, entry.timeoutMs);
    }, () => {});
    worker.postMessage({ id, cmd: entry.cmd, args: entry.args, background: entry.background });
  }
}

// Whether this browser keeps a snapshot, for the head of the next page opened
// (engine-boot.js, which starts Python at once where one is kept): noted once a snapshot
// is saved or restored, dropped when none can be kept.
const SNAPSHOT_KEPT = "engine-snapshot-kept";

/** @param {any} info what became of the snapshot */
function noteSnapshot(info) {
  const status = info && info.status;
  try {
    if (status === "saved" || status === "restored") localStorage.setItem(SNAPSHOT_KEPT, "");
    else if (status === "unavailable" || status === "failed") localStorage.removeItem(SNAPSHOT_KEPT);
  } catch {
    // no localStorage: every visit starts as a first one
  }
}

/** @type {EngineClient | null} */
let client = null;

// The worker created by the page's head (engine-boot.js) with what it said so far, once:
// {worker, heard: [[kind, data], ...]}, or null.
function takeEarlyWorker() {
  const g = /** @type {any} */ (globalThis);
  const early = g.__engineEarly;
  if (!early) return null;
  delete g.__engineEarly;
  return early.worker instanceof Worker && Array.isArray(early.heard) ? early : null;
}

// The tab's engine (created, and the worker started, on the first call).
// options.startLimitMs (default 20000: how long a start may go without progress) only
// applies when the engine is created.
/** @param {{startLimitMs?: number}} [options] @returns {EngineClient} */
export function getEngine(options = {}) {
  if (!client) client = new EngineClient(options);
  return client;
}

// True once a page of this visit has started the engine (tests and diagnostics).
export function engineStarted() {
  return client !== null;
}
