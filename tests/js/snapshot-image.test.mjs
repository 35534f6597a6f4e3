// Python's memory snapshot kept without its empty pages (docs/assets/js/snapshot-image.mjs):
// what is packed comes back byte for byte, and a body that is not one says what is wrong.

import { test } from "node:test";
import assert from "node:assert/strict";

import { PAGE, packImage, unpackImage } from "../../docs/assets/js/snapshot-image.mjs";

function image(length, filled) {
  const bytes = new Uint8Array(length);
  for (const [at, value] of filled) bytes[at] = value;
  return bytes;
}

test("an image comes back as it was, its empty pages left out of the body", () => {
  const length = 5 * PAGE + 160; // a short last page, as the interpreter's memory has
  const original = image(length, [[3, 1], [PAGE * 2 + 7, 200], [length - 1, 9]]);
  const body = packImage(original);
  assert.equal(body.length, 4 + 1 + PAGE + PAGE + 160); // pages 0, 2 and the short last one
  assert.deepEqual(unpackImage(body), original);
});

test("an image of zeros alone keeps its length and nothing else", () => {
  const original = new Uint8Array(3 * PAGE);
  const body = packImage(original);
  assert.equal(body.length, 4 + 1);
  assert.deepEqual(unpackImage(body), original);
});

test("a non-zero byte in the last bytes of a page keeps that page", () => {
  const original = image(2 * PAGE, [[PAGE - 1, 5]]);
  assert.deepEqual(unpackImage(packImage(original)), original);
  const odd = image(PAGE + 3, [[PAGE + 2, 1]]); // a last page shorter than a word
  assert.deepEqual(unpackImage(packImage(odd)), odd);
});

test("a body that is not one says what is wrong", () => {
  const body = packImage(image(2 * PAGE, [[10, 1], [PAGE + 10, 2]]));
  assert.throws(() => unpackImage(body.slice(0, 2)), /no length/);
  assert.throws(() => unpackImage(body.slice(0, body.length - 1)), /bytes of pages where the page bits say/);
  const more = new Uint8Array(body.length + 1);
  more.set(body);
  assert.throws(() => unpackImage(more), /bytes of pages where the page bits say/);
  const huge = new Uint8Array(4);
  new DataView(huge.buffer).setUint32(0, 64 * PAGE, true);
  assert.throws(() => unpackImage(huge), /page bits cut/);
});
