// @ts-check
// The page's requests as the engine's worker (engine-worker.mjs) answers them: each one is
// JSON text handed to engine.protocol.handle (page input is data, never Python source),
// after what it needs has been fetched: an endgame table, the loops offered to the
// engine, the lab's prepared chains. One request at a time, a board's before the ones
// the page marks `background` (receive). Also when the page last asked (whenIdle).

import { manifestURL } from "./worker-start.mjs";
import { said } from "./worker-report.mjs";

/** @typedef {import("./worker-start.mjs").Engine} Engine */

// ---- The page's quiet moments ----
//
// The page's last request, asked or answered (performance.now()); whenIdle(work) runs
// `work` once IDLE_MS have passed since then.
const IDLE_MS = 400;
let lastRequestAt = 0;

/** Run `work` once the page has asked nothing for IDLE_MS. @param {() => void} work */
export function whenIdle(work) {
  const check = () => {
    const quiet = performance.now() - lastRequestAt;
    if (quiet >= IDLE_MS) work();
    else setTimeout(check, IDLE_MS - quiet);
  };
  setTimeout(check, IDLE_MS);
}

// ---- Endgame tables: fetched when a request first needs one, never at the start ----
//
// Before each request the engine says (engine.protocol.wanted_table, which loads nothing
// of Awithlaknannai's for a request that reads no table) whether it would read a table
// not loaded yet (a computer move at "hard" or "perfect", the engine's view, a hint or a
// review, with few enough pieces on the board); the worker then fetches that table (the
// manifest's "tables"; the service worker keeps it for offline use) and installs it. A
// table that cannot be fetched is tried again at the next request; the engine answers
// meanwhile with its search.
/** @type {Map<string, Promise<void>>} */
const tablesLoading = new Map();

/** @param {Engine} engine @param {string} request */
async function loadTables(engine, request) {
  const { pyodide, manifest } = engine;
  /** @type {Record<string, string>} */
  const files = manifest.tables && typeof manifest.tables === "object" ? manifest.tables : {};
  let name;
  try {
    name = pyodide.pyimport("engine.protocol").wanted_table(request);
  } catch {
    return;
  }
  if (!name || !files[name]) return;
  if (!tablesLoading.has(name)) {
    tablesLoading.set(name, (async () => {
      const response = await fetch(new URL(files[name], manifestURL));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      pyodide.pyimport("engine.protocol").install_table(name, new Uint8Array(await response.arrayBuffer()));
    })().catch(() => { tablesLoading.delete(name); }));
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

/** The lab's prepared chains (lab-chains.mjs), the manifest's "chains". @param {Engine} engine */
async function installChains(engine) {
  const chains = engine.manifest.chains;
  const url = typeof chains === "string" ? new URL(chains, manifestURL) : null;
  await import("./lab-chains.mjs").then((m) => m.installChains(engine.pyodide, url), () => {});
}

/** A reply saying the worker failed. @param {unknown} id @param {unknown} err */
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

/**
 * Answer one request of the page ({id, cmd, args}) once `booting` has started the engine:
 * posts {type: "reply", id, reply}, and {type: "broken"} when the interpreter failed.
 * @param {Promise<Engine>} booting
 * @param {any} data
 */
async function answer(booting, data) {
  lastRequestAt = performance.now();
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
  await loadTables(engine, request);
  if (KERNEL_COMMANDS.has(data.cmd)) await offerKernels();
  if (data.cmd === "zohn-ahl.lab") await installChains(engine);
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
}

// ---- One request at a time, the boards' first ----
//
// A request marked `background` (the lab's preparations, worked out ahead while the
// reader reads) is answered only when no other request waits and none was answered in the
// last QUIET_MS: a board asks the engine one request after the other (its game, then its
// drawing...), each once the one before is answered, and the next comes within that
// moment, so a board set up while the lab prepares waits for the preparation under way at
// most, not for one between each of its requests. Python answers one request at a time
// anyway (handle() holds the worker's thread): the queue only chooses which comes next.
const QUIET_MS = 250;
/** @type {any[]} */
const queue = [];
let answering = false;
let lastForegroundAt = -Infinity;

/** Take one request of the page ({id, cmd, args, background?}). @param {Promise<Engine>} booting @param {any} data */
export function receive(booting, data) {
  queue.push(data);
  if (!answering) pump(booting);
}

/** @param {Promise<Engine>} booting */
async function pump(booting) {
  answering = true;
  try {
    await booting;
  } catch { /* each request is answered with the failure */ }
  while (queue.length) {
    let at = queue.findIndex((d) => !d.background);
    if (at < 0) {
      const wait = lastForegroundAt + QUIET_MS - performance.now();
      if (wait > 0) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        continue;
      }
      at = 0;
    }
    const [data] = queue.splice(at, 1);
    await answer(booting, data);
    if (!data.background) lastForegroundAt = performance.now();
    // (the messages that came meanwhile are taken before the next is chosen)
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  answering = false;
}
