// The checksum of the snapshot kept where there is no crypto.subtle
// (docs/assets/js/snapshot-idb.mjs): the CRC-32 of zip and PNG, against its published check
// value and a change of one bit, and worked out piece by piece as a stream arrives.

import { test } from "node:test";
import assert from "node:assert/strict";

import { crc32, crc32Text, crc32Update } from "../../docs/assets/js/snapshot-idb.mjs";

test("the CRC-32 of the standard check string is cbf43926", () => {
  assert.equal(crc32(new TextEncoder().encode("123456789")), "crc32:cbf43926");
  assert.equal(crc32(new Uint8Array(0)), "crc32:00000000");
});

test("one changed bit of a megabyte changes the checksum", () => {
  const bytes = new Uint8Array(1 << 20).map((_, i) => (i * 31) & 0xff);
  const before = crc32(bytes);
  bytes[123456] ^= 1;
  assert.notEqual(crc32(bytes), before);
});

test("worked out piece by piece, the CRC-32 is that of the whole", () => {
  const bytes = new Uint8Array(100_003).map((_, i) => (i * 7 + 3) & 0xff);
  let crc = 0;
  for (const [from, to] of [[0, 1], [1, 65_536], [65_536, 65_536], [65_536, 100_003]]) {
    crc = crc32Update(crc, bytes.subarray(from, to));
  }
  assert.equal(crc32Text(crc), crc32(bytes));
  assert.equal(crc32Text(crc32Update(crc32Update(0, new TextEncoder().encode("1234")), new TextEncoder().encode("56789"))), "crc32:cbf43926");
});

test("eight bytes a step or one, aligned or not: zlib's CRC-32", () => {
  // (the values of Python's zlib.crc32 for the same bytes)
  const bytes = new Uint8Array(100_003).map((_, i) => (i * 7 + 3) & 0xff);
  assert.equal(crc32(bytes), "crc32:cd676dab");
  assert.equal(crc32(bytes.subarray(1)), "crc32:9ada1e20");
  assert.equal(crc32(bytes.slice(1)), "crc32:9ada1e20");
});
