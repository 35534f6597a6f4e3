// The checksum of the snapshot kept where there is no crypto.subtle
// (docs/assets/js/snapshot-idb.mjs): the CRC-32 of zip and PNG, against its published check
// value and a change of one bit.

import { test } from "node:test";
import assert from "node:assert/strict";

import { crc32 } from "../../docs/assets/js/snapshot-idb.mjs";

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
