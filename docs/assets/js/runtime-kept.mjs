// @ts-check
// The runtime's files as decoded from their xz copies (runtime-xz.mjs), kept in this
// browser's IndexedDB (snapshot-idb.mjs) for the next start on a plain-http origin.
//
// Such an origin (a classroom's server reached by its network address) has no service
// worker and no Cache Storage, and the browser keeps no compiled WebAssembly for a
// response the worker decoded itself: a return visit would download the copies again (or
// read them from the HTTP cache) and decode them again, hundreds of milliseconds of the
// worker before Python can start. So each decoded file is kept as it passes, and a later
// start reads it back instead. IndexedDB cannot keep a compiled WebAssembly.Module
// (Chromium refuses to write one: "A WebAssembly.Module can not be serialized for
// storage"), so the bytes are kept and compiled again.
//
// Each file is one record under its copy's path: its bytes as one Blob, their length, their
// CRC-32 (crypto.subtle, for a SHA-256, needs a secure origin) and a key naming the
// runtime (the manifest's Pyodide version and runtime hash; the paths of the standard
// library and of the wheel carry their own hashes). A record of another runtime, cut or
// damaged, is dropped and the copy fetched and decoded again, then kept in its place.

import { crc32Text, crc32Update, dropFile, readFile, writeFile } from "./snapshot-idb.mjs";
import { fileType } from "./runtime-xz.mjs";

/**
 * The keeper of the runtime `key`'s files.
 * @typedef {object} Keeper
 * @property {(path: string, url: string) => Promise<Response | null>} read
 *   the kept file of the copy `path` (under ../runtime/), as the response for `url`, or null
 * @property {(path: string, response: Response) => Response} keep
 *   `response` as it is; its bytes are kept by the next `flush`
 * @property {() => Promise<boolean>} flush
 *   keep the bytes of the responses given to `keep` (once they have passed); resolves
 *   with whether there were any
 */

/** The keeper of the runtime named `key`. @param {string} key @returns {Keeper} */
export function keeper(key) {
  /** The second branch of each response given to `keep`, read by `flush`. @type {Map<string, ReadableStream<Uint8Array<ArrayBuffer>>>} */
  const waiting = new Map();
  return {
    async read(path, url) {
      let kept;
      try {
        kept = await readFile(path);
      } catch {
        return null;  // (the store cannot be read: the copy is fetched)
      }
      const { record, body } = kept;
      if (!record || !body) return null;
      const bytes = record.key === key && body.size === record.length
        ? new Uint8Array(await body.arrayBuffer().catch(() => new ArrayBuffer(0))) : null;
      if (!bytes || bytes.byteLength !== record.length || crc32Text(crc32Update(0, bytes)) !== record.crc32) {
        await dropFile(path).catch(() => {});
        return null;
      }
      return new Response(bytes, { status: 200, headers: { "Content-Type": fileType(url) } });
    },

    // The decoded bytes pass to Pyodide at once; the copy of them waits in the second
    // branch (the decoder gives each piece as a new array: nothing is overwritten) until
    // the start is over, so that neither the checksum nor the write take the worker's
    // time while Python starts.
    keep(path, response) {
      if (!response.ok || !response.body) return response;
      const [passed, copied] = response.body.tee();
      waiting.set(path, copied);
      return new Response(passed, { status: response.status, headers: response.headers });
    },

    async flush() {
      const streams = [...waiting];
      waiting.clear();
      for (const [path, stream] of streams) {
        try {
          const reader = stream.getReader();
          /** @type {Uint8Array<ArrayBuffer>[]} */
          const pieces = [];
          let crc = 0;
          let length = 0;
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            pieces.push(value);
            crc = crc32Update(crc, value);
            length += value.byteLength;
          }
          await writeFile(path, { key, length, crc32: crc32Text(crc) }, new Blob(pieces));
        } catch { /* not kept: the next start fetches the copy again */ }
      }
      return streams.length > 0;
    },
  };
}
