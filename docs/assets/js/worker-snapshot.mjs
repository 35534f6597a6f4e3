// @ts-check
// The memory snapshot of a started interpreter, as the engine's worker (engine-worker.mjs)
// keeps and reads it.
//
// After a normal start the worker takes a snapshot of the fresh interpreter, engine
// imported (takeSnapshot); a later start (a return visit, a new tab) restores it instead
// (several times faster). The snapshot is kept under a key made of the Pyodide version,
// the runtime's hash and the engine's hash (all from the manifest: snapshotKey), with its
// length and its SHA-256: one that is missing, made by another build, truncated or corrupt
// is thrown away and the worker starts normally, without a word to the reader.
//
// The snapshot options of loadPyodide (_makeSnapshot, _loadSnapshot, makeMemorySnapshot)
// are private Pyodide API: the version is pinned (the manifest's "pyodide" is part of the
// key) and any failure falls back to a normal start.
//
// ---- The store ----
//
// A snapshot is kept as one response in the cache STORE_NAME of the browser's Cache
// Storage, under the address STORE_KEY: its body is the memory image without its empty
// pages (snapshot-image.mjs), its headers say what it is (format, key, the body's length,
// the image's, the body's SHA-256, when it was made). One `put` writes the whole entry, so
// a reader sees the old snapshot or the new, never half of one. Cache Storage keeps a
// response's body as one file, read back in one piece; IndexedDB, the store of earlier
// versions, needed the image in hundreds of pieces and took several times the processor's
// time to read them. The IndexedDB database of an earlier version is deleted once a new
// snapshot is kept. Where the page is not a secure origin (a classroom's server over
// plain http) there is no Cache Storage and no crypto.subtle: the snapshot is kept in
// IndexedDB instead, as one record, its checksum a CRC-32 (snapshot-idb.mjs).

import { said } from "./worker-report.mjs";

// 3: one response in Cache Storage; 4: without its empty pages
const SNAPSHOT_FORMAT = 4;
const STORE_NAME = "engine-runtime";
const STORE_KEY = new URL("../runtime/interpreter.snapshot", import.meta.url).href;
const OLD_DB_NAME = "engine-runtime";
const HEADER = {
  format: "X-Snapshot-Format", key: "X-Snapshot-Key", length: "X-Snapshot-Length",
  memory: "X-Snapshot-Memory", sha256: "X-Snapshot-Sha256", made: "X-Snapshot-Made",
};

/** What a store holds: the fields of its entry (undefined when none is kept) and its body.
 * @typedef {{record: {format: number, key: string | null, length: number, sha256: string | null} | undefined,
 *   bytes: Uint8Array}} Stored */
/** A snapshot read: its bytes and their check, or why there is none to restore.
 * @typedef {{discard?: string, bytes?: Uint8Array, checked?: Promise<Uint8Array>}} Reading */

/** The snapshot's key for the runtime and engine of `manifest`, or null. @param {any} manifest */
export function snapshotKey(manifest) {
  return [manifest.pyodide, manifest.runtime, manifest.hash].every((p) => typeof p === "string")
    ? `${manifest.pyodide}/${manifest.runtime}/${manifest.hash}` : null;
}

/** A snapshot that must not be restored (its message says why). */
export class SnapshotRefused extends Error {}

// A failure of the store itself (it cannot be opened, a read or a write fails) is an
// Error whose message names the step and the browser's own error, e.g. "the snapshot
// store could not be read (UnknownError: ...)": the worker reports it as such, never as
// "none stored".
/** @param {string} step @param {any} err */
function storeError(step, err) {
  const what = err ? [err.name, err.message].filter(Boolean).join(": ") : "no reason given";
  return new Error(`the snapshot store could not be ${step} (${what || String(err)})`);
}

/**
 * @template T
 * @param {"read" | "written"} step
 * @param {(cache: Cache) => Promise<T>} act
 * @returns {Promise<T>}
 */
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

/** @param {Uint8Array<ArrayBuffer>} bytes */
async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** @type {Promise<typeof import("./snapshot-idb.mjs")> | null} */
let idbModule = null;
function idbStore() {
  if (!idbModule) idbModule = import("./snapshot-idb.mjs");
  return idbModule;
}

/** The body's checksum as `stored` writes it: a SHA-256, or "crc32:..." (snapshot-idb.mjs).
 * @param {Uint8Array<ArrayBuffer>} bytes @param {string} [stored] */
async function checksum(bytes, stored = self.crypto && crypto.subtle ? "" : "crc32:") {
  return stored.startsWith("crc32:") ? (await idbStore()).crc32(bytes) : sha256(bytes);
}

// The snapshot's layout (snapshot-image.mjs), loaded once, while the worker starts: a
// static import would hold back the worker's first line by one more request.
/** @type {Promise<typeof import("./snapshot-image.mjs")> | null} */
let imageModule = null;
export function snapshotImage() {
  if (!imageModule) imageModule = import("./snapshot-image.mjs");
  return imageModule;
}

/** The stored snapshot, as it is (a failed read rejects with the store's error).
 * @returns {Promise<Stored>} */
export function readStored() {
  if (self.caches) {
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
  if (self.indexedDB) return idbStore().then((idb) => idb.readStored()).catch((err) => { throw storeError("read", err); });
  return Promise.reject(new Error("this browser keeps no snapshot for this site (no Cache Storage, no IndexedDB)"));
}

// The stored snapshot for `key`: {bytes, checked} (`checked` resolves with the bytes once
// their checksum matches, and rejects with SnapshotRefused otherwise: Pyodide's own
// loading goes on meanwhile), or {discard: reason} when there is none that can be used.
// A store that cannot be read gives {discard: <its error>}, not "none stored".
/** @param {Promise<Stored>} stored @param {string} key @returns {Promise<Reading>} */
export async function readSnapshot(stored, key) {
  let record;
  let bytes;
  try {
    ({ record, bytes } = await stored);
  } catch (err) {
    return { discard: said(err) };
  }
  if (record === undefined) return { discard: "none stored" };
  let reason = null;
  const sum = record.sha256;
  if (record.format !== SNAPSHOT_FORMAT || typeof record.key !== "string" || typeof sum !== "string") {
    reason = "unknown format";
  } else if (record.key !== key) {
    reason = `made by another build (${record.key})`;
  } else if (bytes.byteLength !== record.length) {
    reason = `truncated (${bytes.byteLength} of ${record.length} bytes)`;
  }
  if (reason || typeof sum !== "string") {
    await dropSnapshot();
    return { discard: reason || "unknown format" };
  }
  const body = /** @type {Uint8Array<ArrayBuffer>} */ (bytes);
  const checked = checksum(body, sum).then(async (digest) => {
    if (digest !== sum) throw new SnapshotRefused("corrupt (checksum)");
    const { unpackImage } = await snapshotImage();
    try {
      return unpackImage(body);
    } catch (err) {
      throw new SnapshotRefused(`corrupt (${said(err)})`);
    }
  });
  checked.catch(() => {});
  return { bytes, checked };
}

/** Forget the stored snapshot (a failure is ignored). @returns {Promise<void>} */
export async function dropSnapshot() {
  if (!self.caches) {
    await idbStore().then((idb) => idb.dropStored()).catch(() => {});
  } else {
    await withStore("written", (cache) => cache.delete(STORE_KEY)).catch(() => {});
  }
}

/**
 * Import the engine's modules (the protocol's warm()), copy the interpreter's memory and keep it
 * under `key`; resolves with what the worker reports ({status: "saved", bytes, ...}).
 * @param {any} pyodide
 * @param {string} key
 */
export async function takeSnapshot(pyodide, key) {
  // the engine's modules imported first, so that the first request after a restore does
  // not compile them: the protocol names them (engine.protocol.warm)
  try { pyodide.pyimport("engine.protocol").warm(); } catch { /* an engine without it */ }
  const t0 = performance.now();
  /** @type {Uint8Array} */
  const image = pyodide.makeMemorySnapshot();
  const madeAt = performance.timeOrigin + performance.now();  // (epoch ms, as the start's marks)
  const makeMs = Math.round(performance.now() - t0);
  const t1 = performance.now();
  const body = (await snapshotImage()).packImage(image);
  const sum = await checksum(body);
  const headers = {
    "Content-Type": "application/octet-stream",
    [HEADER.format]: String(SNAPSHOT_FORMAT), [HEADER.key]: key, [HEADER.length]: String(body.byteLength),
    [HEADER.memory]: String(image.byteLength), [HEADER.sha256]: sum, [HEADER.made]: new Date().toISOString(),
  };
  if (self.caches) {
    await withStore("written", (cache) => cache.put(STORE_KEY, new Response(body, { headers })));
    forgetOldStore();
  } else {
    const record = { format: SNAPSHOT_FORMAT, key, length: body.byteLength, sha256: sum };
    await (await idbStore()).writeStored(record, body).catch((err) => { throw storeError("written", err); });
  }
  return { status: "saved", bytes: image.byteLength, stored_bytes: body.byteLength, make_ms: makeMs,
    save_ms: Math.round(performance.now() - t1), made_at: madeAt };
}

/** Whether a snapshot can be kept here: a store, and a checksum to keep it with. */
export function canKeepSnapshot() {
  return Boolean(self.caches ? self.crypto && crypto.subtle : self.indexedDB);
}

// The IndexedDB database in which earlier versions kept their snapshot, in pieces.
function forgetOldStore() {
  try {
    if (self.indexedDB) indexedDB.deleteDatabase(OLD_DB_NAME);
  } catch { /* nothing to forget */ }
}
