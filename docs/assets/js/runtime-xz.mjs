// @ts-check
// The runtime's three large files as xz copies, decoded as they arrive, on a plain-http
// origin.
//
// Chromium asks a plain-http server (a classroom's, reached by its network address) for
// gzip only, never brotli, and gzip leaves the runtime at about 4.9 MB where xz makes it
// about 3.6 MB. The build writes an xz copy of Pyodide's WebAssembly, the standard library
// and the engine's wheel beside each (build_scripts/runtime.py, the manifest's "xz"); on
// such an origin the engine's worker fetches the copy instead of the file and hands
// Pyodide the decoded bytes (xz-decompress, a small WebAssembly decoder from npm, shipped
// in assets/js/vendor/). Over HTTPS and on this computer (secure origins) the server's
// brotli is as small, the browser decodes it itself and keeps the WebAssembly compiled
// between visits, so the files are fetched as they are.

import { XzReadableStream } from "./vendor/xz-decompress.mjs";

/**
 * The xz copies named by the manifest: {file's URL: the copy's URL}, and the sizes of the
 * runtime's downloads once the copies replace the files (the worker's progress counts
 * those bytes).
 * @param {any} manifest
 * @param {URL} manifestURL
 * @param {Record<string, number> | null} files  the manifest's "files"
 * @returns {{copies: Map<string, string>, files: Record<string, number> | null}}
 */
export function xzCopies(manifest, manifestURL, files) {
  const copies = new Map();
  const sizes = files ? { ...files } : null;
  for (const [path, copy] of Object.entries(manifest.xz || {})) {
    if (!copy || typeof copy.path !== "string") continue;
    const url = new URL(copy.path, manifestURL);
    if (url.origin !== manifestURL.origin) continue;
    copies.set(new URL(path, manifestURL).href, url.href);
    if (sizes && path in sizes && Number.isFinite(copy.bytes)) {
      delete sizes[path];
      sizes[copy.path] = copy.bytes;
    }
  }
  return { copies, files: sizes };
}

/**
 * The file's response, from its copy's: the bytes decoded as they arrive, with the type
 * the file is served with (a .wasm must be application/wasm). A failed response is
 * returned as it is (the worker has already said which file failed).
 * @param {Response} response  the copy's
 * @param {string} url         the file's
 * @returns {Response}
 */
export function decoded(response, url) {
  if (!response.ok || !response.body) return response;
  return new Response(new XzReadableStream(response.body), { status: 200, headers: { "Content-Type": fileType(url) } });
}

/** The type the file at `url` is served with (a .wasm must be application/wasm). @param {string} url */
export function fileType(url) {
  return url.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
}
