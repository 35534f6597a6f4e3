// The game-length loop the worker offers the engine (docs/assets/js/chain-carry.mjs):
// chains whose distribution is known, the geometric tail within the tolerance asked, the
// buffers of Python let go, and arrays that do not make a chain refused in words. (Its
// agreement with the engine's own loop on the real rulesets is checked inside Pyodide:
// tests/engine/test_zohn_ahl_lengths.py.)

import { test } from "node:test";
import assert from "node:assert/strict";

import { carryLengths } from "../../docs/assets/js/chain-carry.mjs";

const f64 = (xs) => Float64Array.from(xs);
const i32 = (xs) => Int32Array.from(xs);

// The same chain carried throw by throw to the end, without the tail: the reference.
function carriedInFull(start, ends, rowStart, sources, weights, limit) {
  let mass = new Array(ends.length).fill(0);
  mass[start] = 1;
  const out = [];
  for (let t = 0; t < limit; t++) {
    out.push(mass.reduce((s, m, i) => s + m * ends[i], 0));
    mass = mass.map((_, r) => {
      let s = 0;
      for (let k = rowStart[r]; k < rowStart[r + 1]; k++) s += weights[k] * mass[sources[k]];
      return s;
    });
  }
  return out;
}

test("one state that ends with chance 1 - q on each throw: the geometric distribution", () => {
  const q = 0.9;
  const out = carryLengths(0, f64([1 - q]), i32([0, 1]), i32([0]), f64([q]), 50, 1e-13, 4);
  assert.equal(out.length, 50);
  out.forEach((p, t) => assert.ok(Math.abs(p - q ** t * (1 - q)) < 1e-15, `throw ${t + 1}: ${p}`));
});

test("a chain that settles slowly: the tail is within the tolerance asked, and exact when asked", () => {
  // three states in a ring, each ending with a small chance of its own
  const ends = f64([0.02, 0.05, 0.01]);
  const rowStart = i32([0, 2, 4, 6]);
  const sources = i32([2, 0, 0, 1, 1, 2]); // 0 <- 2 and itself; 1 <- 0 and itself; 2 <- 1 and itself
  const weights = f64([0.49, 0.49, 0.48, 0.47, 0.50, 0.49]);
  const limit = 400;
  const full = carriedInFull(0, ends, rowStart, sources, weights, limit);
  for (const close of [1e-7, 1e-13]) {
    const out = carryLengths(0, ends, rowStart, sources, weights, limit, close, 4);
    const worst = Math.max(...full.map((p, t) => Math.abs(p - out[t])));
    assert.ok(worst <= close, `close ${close}: off by ${worst}`);
  }
});

test("Python's buffers are read in place and let go, even when the chain is refused", () => {
  const released = [];
  const buffer = (data, name) => ({ getBuffer: () => ({ data, release: () => released.push(name) }) });
  const out = carryLengths(0, buffer(f64([0.5]), "ends"), buffer(i32([0, 1]), "rows"),
    buffer(i32([0]), "sources"), buffer(f64([0.5]), "weights"), 3, 1e-13, 4);
  assert.deepEqual([...out], [0.5, 0.25, 0.125]);
  assert.deepEqual(released.sort(), ["ends", "rows", "sources", "weights"]);
  released.length = 0;
  assert.throws(() => carryLengths(0, buffer(f64([0.5]), "ends"), buffer(i32([0, 2]), "rows"),
    buffer(i32([0]), "sources"), buffer(f64([0.5]), "weights"), 3, 1e-13, 4), /needs 2 row starts ending at 1/);
  assert.deepEqual(released.sort(), ["ends", "rows", "sources", "weights"]);
});

test("arrays that do not make a chain are refused in words", () => {
  assert.throws(() => carryLengths(2, f64([1]), i32([0, 0]), i32([]), f64([]), 3, 1e-13, 4),
    /the start 2 is not one of the 1 states/);
  assert.throws(() => carryLengths(0, [1], i32([0, 0]), i32([]), f64([]), 3, 1e-13, 4),
    /expected a buffer of f64/);
});
