// @ts-check
// The start of the page's Python in the engine's worker (engine-worker.mjs): read
// ../runtime/manifest.json (written by build_scripts/runtime.py at build time), load the
// Pyodide runtime, the trimmed standard library and the engine wheel from the same origin,
// import engine.protocol and check that it answers.
//
// Two ways to start (`start` of what boot resolves with):
// - "normal": Pyodide starts from scratch (seconds); the worker then keeps a memory
//   snapshot of the fresh interpreter (worker-snapshot.mjs).
// - "snapshot": a later start restores that image instead. A snapshot holds the
//   interpreter's memory, not its file system: the engine wheel is unpacked again after a
//   restore (its modules are already imported, but tracebacks and later imports read the
//   files). The image also fixes what Python randomised at start (str hashes; `random`'s
//   seed, reseeded after a restore); the engine draws its seeds from os.urandom, i.e. the
//   browser's crypto.

import { askEarly, compileEarly, useCopies } from "./worker-downloads.mjs";
import { expectFiles, expected, markStart, postProgress, said } from "./worker-report.mjs";
import {
  SnapshotRefused, canKeepSnapshot, dropSnapshot, readSnapshot, readStored, snapshotImage, snapshotKey,
} from "./worker-snapshot.mjs";

export const manifestURL = new URL("../runtime/manifest.json", import.meta.url);

/**
 * The engine once started.
 * @typedef {object} Engine
 * @property {(request: string) => string} handle  engine.protocol.handle
 * @property {any} ping        what the engine answered to "ping"
 * @property {any} pyodide
 * @property {any} manifest
 * @property {"normal" | "snapshot"} start
 * @property {Record<string, number>} stages   milliseconds of each step
 * @property {{status: string, reason?: string}} snapshot
 * @property {string | null} key   the snapshot's key
 */

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
  } catch {
    throw new Error(`the runtime manifest ${manifestURL.pathname} is not valid JSON`);
  }
  if (typeof manifest.indexURL !== "string" || typeof manifest.wheel !== "string") {
    throw new Error(`the runtime manifest ${manifestURL.pathname} does not name the runtime and the engine`);
  }
  /** @type {{indexURL: URL, wheelURL: URL, stdlibURL?: URL}} */
  const urls = { indexURL: new URL(manifest.indexURL, manifestURL), wheelURL: new URL(manifest.wheel, manifestURL) };
  if (typeof manifest.stdlib === "string") urls.stdlibURL = new URL(manifest.stdlib, manifestURL);
  if (Object.values(urls).some((u) => u.origin !== self.location.origin)) {
    throw new Error("the runtime manifest points to another site; only this site's files are loaded");
  }
  return { manifest, ...urls };
}

/** @param {any} pyodide @param {Promise<ArrayBuffer>} wheel @param {URL} wheelURL */
async function startEngine(pyodide, wheel, wheelURL) {
  let protocol;
  try {
    const sitePackages = pyodide.pyimport("sys").path.toJs().find((/** @type {string} */ p) => p.endsWith("site-packages"));
    pyodide.unpackArchive(await wheel, "wheel", { extractDir: sitePackages });
    protocol = pyodide.pyimport("engine.protocol");
    markStart("engine:engine-imported");
  } catch (err) {
    const why = said(err).trim().split("\n").pop();
    throw new Error(`the engine package ${wheelURL.pathname} could not be loaded (${why})`);
  }
  /** @type {(request: string) => string} */
  const handle = protocol.handle;
  const ping = JSON.parse(handle(JSON.stringify({ id: 0, cmd: "ping", args: {} })));
  if (!ping.ok) {
    throw new Error(`the engine did not answer: ${ping.error && ping.error.message}`);
  }
  markStart("engine:ready");
  return { handle, ping: ping.result };
}

/** Start Python and the engine. @returns {Promise<Engine>} */
export async function boot() {
  /** @type {Record<string, number>} */
  const stages = {};
  /** @param {string} name @param {number} since */
  const mark = (name, since) => {
    stages[name] = Math.round(performance.now() - since);
    postProgress(name, true);
    return performance.now();
  };
  snapshotImage().catch(() => {});  // (asked for now; a failure is reported where it is used)
  // On a plain-http origin the runtime's large files come as xz copies (runtime-xz.mjs).
  const xzModule = self.isSecureContext ? null : import("./runtime-xz.mjs").catch(() => null);
  // and what a start before decoded of them is read back (runtime-kept.mjs).
  const keptModule = self.isSecureContext || !self.indexedDB ? null : import("./runtime-kept.mjs").catch(() => null);
  // The stored snapshot is read while the manifest is fetched.
  // (A failed read is kept as it is: readSnapshot reports it as the reason.)
  const stored = readStored();
  stored.catch(() => {});
  let t = performance.now();
  const { manifest, indexURL, wheelURL, stdlibURL } = await readManifest();
  if (manifest.files && typeof manifest.files === "object") expectFiles(manifest.files);
  const xzCode = xzModule && manifest.xz ? await xzModule : null;
  if (xzCode) {
    const { copies, files } = xzCode.xzCopies(manifest, manifestURL, expected);
    const keptCode = keptModule && typeof manifest.runtime === "string" ? await keptModule : null;
    const kept = keptCode ? keptCode.keeper(`${manifest.pyodide}/${manifest.runtime}`) : null;
    useCopies({ copies, decoded: xzCode.decoded, kept });
    expectFiles(files);
  }
  markStart("engine:manifest-read");
  // Everything the start needs is asked for at once: the interpreter's WebAssembly
  // (compiled as it arrives), the standard library (Pyodide would ask for it once
  // pyodide.mjs has arrived) and Pyodide's 1 MB script.
  compileEarly(new URL("pyodide.asm.wasm", indexURL));
  if (stdlibURL) askEarly(stdlibURL);
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
  /** @type {Record<string, unknown>} */
  const options = { indexURL: indexURL.href, stdout: () => {}, stderr: () => {} };
  if (stdlibURL) options.stdLibURL = stdlibURL.href;
  if (manifest.lock && typeof manifest.lock === "object") options.lockFileContents = manifest.lock;
  const reading = key ? readSnapshot(stored, key).catch((err) => ({ discard: `unreadable (${err})` }))
    : Promise.resolve({ discard: "the manifest has no runtime hash" });
  const { loadPyodide } = await pyodideModule;
  t = mark("import_pyodide_ms", t);
  /** @type {import("./worker-snapshot.mjs").Reading} */
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
      return { ...engine, pyodide, manifest, start: "snapshot", stages, snapshot: { status: "restored" }, key };
    } catch (err) {
      // A snapshot that does not restore is dropped; the start below is a normal one.
      await dropSnapshot();
      const why = err instanceof SnapshotRefused ? err.message
        : `did not restore (${said(err).split("\n")[0]})`;
      snapshot = { discard: why };
      t = performance.now();
    }
  }
  const canSave = Boolean(key && canKeepSnapshot());
  const pyodide = await loadPyodide({ ...options, _makeSnapshot: canSave });
  markStart("engine:interpreter-ready");
  t = mark("interpreter_ms", t);
  const engine = await startEngine(pyodide, wheel, wheelURL);
  mark("wheel_and_engine_ms", t);
  const status = canSave ? "to-save" : "unavailable";
  return { ...engine, pyodide, manifest, start: "normal", stages, snapshot: { status, reason: snapshot.discard }, key };
}
