// @ts-check
// The memory snapshot's store where the browser has no Cache Storage: a page served over
// plain http by a classroom's server (reached by its network address, not a secure
// origin) has neither Cache Storage nor crypto.subtle, but it has IndexedDB.
//
// The snapshot is one record of the store STORE in the database DB_NAME: what the
// worker's Cache Storage entry says in its headers (format, key, lengths, checksum, when
// it was made) and the body as one Blob (Chromium keeps a large Blob as a file of its own
// and reads it back in one piece). One `put` writes the whole record, so a reader finds
// the old snapshot or the new one, never half of one. Without crypto.subtle the checksum
// is a CRC-32 (written "crc32:<8 hex digits>"): it finds a damaged or cut image as the
// SHA-256 does; neither is a defence against someone who can write the browser's storage,
// who could write the checksum too.
//
// Beside it, in the store FILES, the runtime's files as decoded from their xz copies
// (runtime-kept.mjs), one record per file, in the same way: a return visit over plain
// http reads them instead of downloading and decoding the copies again.

const DB_NAME = "engine-snapshot";
const STORE = "snapshot";
const FILES = "files";
const KEY = "interpreter";

/** @returns {Promise<IDBDatabase>} */
function open() {
  return new Promise((resolve, reject) => {
    // version 1: the snapshot alone; 2: the runtime's files beside it
    const request = indexedDB.open(DB_NAME, 2);
    request.onupgradeneeded = () => {
      const db = request.result;
      for (const name of [STORE, FILES]) if (!db.objectStoreNames.contains(name)) db.createObjectStore(name);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/**
 * One request on the store `name`, the database closed after it.
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore) => IDBRequest} act
 * @param {string} [name]
 * @returns {Promise<any>}
 */
async function run(mode, act, name = STORE) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(name, mode);
      const request = act(tx.objectStore(name));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error || request.error);
      tx.onabort = () => reject(tx.error || new Error("the transaction was aborted"));
    });
  } finally {
    db.close();
  }
}

/**
 * The stored snapshot: {record, bytes} (record undefined when none is stored).
 * @returns {Promise<{record: any, bytes: Uint8Array}>}
 */
export async function readStored() {
  const entry = await run("readonly", (store) => store.get(KEY));
  if (!entry || !(entry.body instanceof Blob)) return { record: undefined, bytes: new Uint8Array(0) };
  const { body, ...record } = entry;
  return { record, bytes: new Uint8Array(await body.arrayBuffer()) };
}

/**
 * Keep `body` with `record` (the fields of the Cache Storage entry's headers).
 * @param {Record<string, string | number>} record
 * @param {Uint8Array<ArrayBuffer>} body
 */
export function writeStored(record, body) {
  return run("readwrite", (store) => store.put({ ...record, body: new Blob([body]) }, KEY));
}

export function dropStored() {
  return run("readwrite", (store) => store.delete(KEY));
}

/**
 * The kept copy of the runtime's file `path`: {record, body} (record undefined when none
 * is kept).
 * @param {string} path
 * @returns {Promise<{record: Record<string, unknown> | undefined, body: Blob | null}>}
 */
export async function readFile(path) {
  const entry = await run("readonly", (store) => store.get(path), FILES);
  if (!entry || !(entry.body instanceof Blob)) return { record: undefined, body: null };
  const { body, ...record } = entry;
  return { record, body };
}

/**
 * Keep `body` as the file `path`, with `record` (its key, length and checksum).
 * @param {string} path @param {Record<string, string | number>} record @param {Blob} body
 */
export function writeFile(path, record, body) {
  return run("readwrite", (store) => store.put({ ...record, body }, path), FILES);
}

/** Forget the kept copy of `path`. @param {string} path */
export function dropFile(path) {
  return run("readwrite", (store) => store.delete(path), FILES);
}

// Eight tables of 256 entries: table k gives the CRC of a byte followed by k zero bytes,
// so that the loop below takes eight bytes a step ("slicing by 8", the method of zlib's
// and Intel's fast CRC-32; several times faster than a byte a step, the same result).
/** @type {Uint32Array | null} */
let tables = null;
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function crcTables() {
  const t = new Uint32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  for (let n = 0; n < 256; n++) {
    for (let k = 1; k < 8; k++) t[k * 256 + n] = (t[(k - 1) * 256 + n] >>> 8) ^ t[t[(k - 1) * 256 + n] & 0xff];
  }
  return t;
}

/**
 * The CRC-32 (the polynomial of zip and PNG) of `bytes`, as "crc32:<8 hex digits>".
 * @param {Uint8Array} bytes
 */
export function crc32(bytes) {
  return crc32Text(crc32Update(0, bytes));
}

/** The CRC-32 `crc` (a number) as "crc32:<8 hex digits>". @param {number} crc */
export function crc32Text(crc) {
  return `crc32:${(crc >>> 0).toString(16).padStart(8, "0")}`;
}

/**
 * The CRC-32 of the bytes whose CRC-32 is `crc` (0 for none) followed by `bytes`: a
 * stream's CRC-32 worked out piece by piece as it arrives.
 * @param {number} crc
 * @param {Uint8Array} bytes
 * @returns {number}
 */
export function crc32Update(crc, bytes) {
  if (!tables) tables = crcTables();
  const t = tables;
  let c = ~crc;
  let i = 0;
  // eight bytes a step, read as two little-endian words where they are aligned
  const aligned = bytes.byteOffset % 4 === 0 && LITTLE_ENDIAN;
  const words = aligned ? new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >>> 3 << 1) : null;
  if (words) {
    for (let w = 0; w < words.length; w += 2) {
      const lo = c ^ words[w];
      const hi = words[w + 1];
      c = t[1792 + (lo & 0xff)] ^ t[1536 + ((lo >>> 8) & 0xff)] ^ t[1280 + ((lo >>> 16) & 0xff)] ^ t[1024 + (lo >>> 24)]
        ^ t[768 + (hi & 0xff)] ^ t[512 + ((hi >>> 8) & 0xff)] ^ t[256 + ((hi >>> 16) & 0xff)] ^ t[hi >>> 24];
    }
    i = words.length << 2;
  }
  for (; i < bytes.length; i++) c = t[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}
