// @ts-check
// The reader of QR codes of the class results page, in a worker (a classic one: the
// library, jsQR from npm, pinned in package.json and copied into the site by
// build_scripts/vendor.py, is a script that defines `jsQR`). Each message is one picture
// from the camera, {data, width, height} (RGBA pixels); the reply is the text of the QR
// code found in it, or null. The pictures stay in this worker: nothing is sent anywhere.

/**
 * What this worker uses of its global scope (a classic worker's, which the page scripts'
 * DOM types do not describe).
 * @typedef {object} ReaderScope
 * @property {(...urls: string[]) => void} importScripts
 * @property {(text: string | null) => void} postMessage
 * @property {((event: MessageEvent<Picture>) => void) | null} onmessage
 * @property {(data: Uint8ClampedArray, width: number, height: number,
 *   options: {inversionAttempts: string}) => {data: string} | null} jsQR   the library's reader
 */
/** @typedef {{data: Uint8ClampedArray, width: number, height: number}} Picture */
const scope = /** @type {ReaderScope} */ (/** @type {unknown} */ (self));

scope.importScripts("../vendor/jsqr.js");

/** @param {MessageEvent<Picture>} event */
scope.onmessage = (event) => {
  const { data, width, height } = event.data;
  let text = null;
  try {
    const found = scope.jsQR(data, width, height, { inversionAttempts: "dontInvert" });
    text = found ? found.data : null;
  } catch {
    text = null;
  }
  scope.postMessage(text);
};
