// @ts-check
// Python's memory snapshot as the engine's worker keeps it (engine-worker.mjs): the
// memory image without its empty pages. Most of the interpreter's memory is zeros (heap
// not yet used); reading, checking and restoring all of it took time on every return
// visit. The kept body is
//   [the image's length: 4 bytes, little-endian]
//   [a bit for each 64 KiB page of the image, lowest bit first: set for a page kept]
//   [the kept pages, in order (the last one may be short)]
// so that a checksum of the body covers the length and the page bits too. No DOM, no
// worker: tested under Node (tests/js/snapshot-image.test.mjs).

export const PAGE = 1 << 16;

/** @param {Uint8Array} image @param {number} start @param {number} end */
function emptyPage(image, start, end) {
  const aligned = (image.byteOffset + start) % 4 === 0;
  const count = aligned ? (end - start) >> 2 : 0;
  const words = new Uint32Array(image.buffer, image.byteOffset + start, count);
  for (let i = 0; i < words.length; i++) if (words[i] !== 0) return false;
  for (let i = start + (count << 2); i < end; i++) if (image[i] !== 0) return false;
  return true;
}

/** The body kept for `image`. @param {Uint8Array} image @returns {Uint8Array<ArrayBuffer>} */
export function packImage(image) {
  const pages = Math.ceil(image.length / PAGE);
  const bits = new Uint8Array(Math.ceil(pages / 8));
  let kept = 0;
  for (let p = 0; p < pages; p++) {
    const start = p * PAGE;
    const end = Math.min(start + PAGE, image.length);
    if (!emptyPage(image, start, end)) {
      bits[p >> 3] |= 1 << (p & 7);
      kept += end - start;
    }
  }
  const body = new Uint8Array(4 + bits.length + kept);
  new DataView(body.buffer).setUint32(0, image.length, true);
  body.set(bits, 4);
  let at = 4 + bits.length;
  for (let p = 0; p < pages; p++) {
    if (!(bits[p >> 3] & (1 << (p & 7)))) continue;
    const piece = image.subarray(p * PAGE, Math.min((p + 1) * PAGE, image.length));
    body.set(piece, at);
    at += piece.length;
  }
  return body;
}

/** The image a kept body stands for; throws an Error saying what is wrong with a body
 * that is not one. @param {Uint8Array} body @returns {Uint8Array} */
export function unpackImage(body) {
  if (body.length < 4) throw new Error("no length");
  const length = new DataView(body.buffer, body.byteOffset, 4).getUint32(0, true);
  const pages = Math.ceil(length / PAGE);
  const bitsEnd = 4 + Math.ceil(pages / 8);
  if (bitsEnd > body.length) throw new Error("page bits cut");
  let size = 0;
  for (let p = 0; p < pages; p++) {
    if (body[4 + (p >> 3)] & (1 << (p & 7))) size += Math.min(PAGE, length - p * PAGE);
  }
  if (bitsEnd + size !== body.length) {
    throw new Error(`${body.length - bitsEnd} bytes of pages where the page bits say ${size}`);
  }
  const image = new Uint8Array(length);
  let at = bitsEnd;
  for (let p = 0; p < pages; p++) {
    if (!(body[4 + (p >> 3)] & (1 << (p & 7)))) continue;
    const piece = Math.min(PAGE, length - p * PAGE);
    image.set(body.subarray(at, at + piece), p * PAGE);
    at += piece;
  }
  return image;
}
