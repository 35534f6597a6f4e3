// @ts-check
// The memory snapshot's store where the browser has no Cache Storage: a page served over
// plain http by a classroom's server (reached by its network address, not a secure
// origin) has neither Cache Storage nor crypto.subtle, but it has IndexedDB.
//
// The snapshot is one record of the database DB_NAME: what the worker's Cache Storage
// entry says in its headers (format, key, lengths, checksum, when it was made) and the
// body as one Blob (Chromium keeps a large Blob as a file of its own and reads it back in
// one piece). One `put` writes the whole record, so a reader finds the old snapshot or the
// new one, never half of one. Without crypto.subtle the checksum is a CRC-32 (written
// "crc32:<8 hex digits>"): it finds a damaged or cut image as the SHA-256 does; neither is
// a defence against someone who can write the browser's storage, who could write the
// checksum too.

const DB_NAME = "engine-snapshot";
const STORE = "snapshot";
const KEY = "interpreter";

/** @returns {Promise<IDBDatabase>} */
function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/**
 * One request on the store, the database closed after it.
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore) => IDBRequest} act
 * @returns {Promise<any>}
 */
async function run(mode, act) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = act(tx.objectStore(STORE));
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

/** @type {Uint32Array | null} */
let table = null;

/**
 * The CRC-32 (the polynomial of zip and PNG) of `bytes`, as "crc32:<8 hex digits>".
 * @param {Uint8Array} bytes
 */
export function crc32(bytes) {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = table[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return `crc32:${((crc ^ 0xffffffff) >>> 0).toString(16).padStart(8, "0")}`;
}
