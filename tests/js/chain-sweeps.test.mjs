// The solver's sweeps the worker offers the engine (docs/assets/js/chain-sweeps.mjs): a
// chain whose answer is known in closed form (a gambler's ruin), swept state by state and
// with two states solved exactly together, the mirrors written, the limit on sweeps kept,
// the coarse system solved, and arrays that do not make a chain refused in words. (Its
// agreement with the engine's own sweeps on the real rulesets, every state, is checked
// inside Pyodide: tests/engine/test_solver_pyodide.py.)

import { test } from "node:test";
import assert from "node:assert/strict";

import { solveDense, sweepChain } from "../../docs/assets/js/chain-sweeps.mjs";

const f64 = (xs) => Float64Array.from(xs);
const i32 = (xs) => Int32Array.from(xs);

// A walk on three states between two ends: up with chance p, down with q = 1 - p; past
// the top side 0 wins (the position `size`), below the bottom side 1 wins (`size + 1`).
const p = 0.6;
const q = 1 - p;
const size = 3;
const gap = size + 2;
const WIN0 = size;

// The gambler's ruin with 4 steps from end to end, from step i = a + 1.
function ruin(a) {
  const i = a + 1;
  const r = q / p;
  const v = (1 - r ** i) / (1 - r ** 4);
  return { v, e: i / (q - p) - (4 / (q - p)) * v };
}

// Every state's equation: z = constant + sum of weight * z[target] (V + iE: a throw each).
const FULL = [
  { targets: [1], weights: [p], constant: [0, 1] },
  { targets: [2, 0], weights: [p, q], constant: [0, 1] },
  { targets: [WIN0, 1], weights: [p, q], constant: [0, 1] },
];

function chain({ units, later, maxSweeps = 2000 }) {
  const start = [0];
  const targets = [];
  const weights = [];
  for (const u of units) {
    targets.push(...u.targets);
    weights.push(...u.weights);
    start.push(targets.length);
  }
  const laterStart = [0];
  for (const l of later) laterStart.push(laterStart.at(-1) + l.targets.length);
  const fullStart = [0];
  for (const f of FULL) fullStart.push(fullStart.at(-1) + f.targets.length);
  return {
    size,
    gap,
    maxSweeps,
    tolerance: 1e-11,
    kind: i32(units.map((u) => u.kind)),
    at: i32(units.map((u) => u.at)),
    start: i32(start),
    targets: i32(targets),
    weights: f64(weights),
    constant: f64(units.flatMap((u) => u.constant)),
    exact: f64(units.flatMap((u) => u.exact || [1, 0, 0, 1, 1, 0, 0, 1])),
    laterAt: i32(later.map((l) => l.at)),
    laterStart: i32(laterStart),
    laterTargets: i32(later.flatMap((l) => l.targets)),
    laterWeights: f64(later.flatMap((l) => l.weights)),
    fullStart: i32(fullStart),
    fullTargets: i32(FULL.flatMap((f) => f.targets)),
    fullWeights: f64(FULL.flatMap((f) => f.weights)),
    fullConstant: f64(FULL.flatMap((f) => f.constant)),
    fullDiagonal: f64([1, 1, 1]),
    // one layer, a coarse system that corrects nothing
    projectStart: i32([0, 0, 0]),
    projectTargets: i32([]),
    projectWeights: f64([]),
    coarseV: f64([1, 0, 0, 1]),
    coarseE: f64([1, 0, 0, 1]),
    bounds: i32([0, size]),
    hpos: f64([0.5, 0.5, 0.5]),
    mirrors: i32([]),
  };
}

// Swept state by state (Gauss-Seidel): each state reads the one above it before it is
// updated in the same sweep, so that term is the residual's.
const ONE_BY_ONE = {
  units: [
    { kind: 0, at: 0, ...FULL[0] },
    { kind: 1, at: 1, ...FULL[1] },
    { kind: 0, at: 2, ...FULL[2] },
  ],
  later: [
    { at: 0, targets: [1], weights: [p] },
    { at: 1, targets: [2], weights: [p] },
  ],
};

const value = (z, a) => ({ v: z[2 * a], e: z[2 * a + 1] });

test("a gambler's ruin swept state by state: the closed form within the tolerance", () => {
  const { z, sweeps } = sweepChain(chain(ONE_BY_ONE));
  assert.equal(z.length, 2 * (2 * size + 2));
  assert.ok(sweeps > 5 && sweeps < 2000, `${sweeps} sweeps`);
  for (let a = 0; a < size; a++) {
    const got = value(z, a);
    const want = ruin(a);
    assert.ok(Math.abs(got.v - want.v) < 1e-10, `state ${a}: V ${got.v} against ${want.v}`);
    assert.ok(Math.abs(got.e - want.e) < 1e-8, `state ${a}: E ${got.e} against ${want.e}`);
  }
  assert.deepEqual(value(z, WIN0), { v: 1, e: 0 });
  // a unit whose mirror is a target writes it: -V + iE
  assert.deepEqual(value(z, gap + 1), { v: -z[2], e: z[3] });
});

test("two states that lead to each other, solved exactly together: the same answer", () => {
  const paired = {
    units: [
      // states 0 and 1 together: I - P over the two (for V, then for E); the rest of 1's
      // equation (its step up to 2) stays with the second unit
      { kind: 3, at: 0, targets: [], weights: [], constant: [0, 1], exact: [1, -p, -q, 1, 1, -p, -q, 1] },
      { kind: 4, at: 1, targets: [2], weights: [p], constant: [0, 1] },
      { kind: 0, at: 2, ...FULL[2] },
    ],
    later: [{ at: 1, targets: [2], weights: [p] }],
  };
  const { z, sweeps } = sweepChain(chain(paired));
  const { sweeps: alone } = sweepChain(chain(ONE_BY_ONE));
  assert.ok(sweeps < alone, `${sweeps} sweeps together against ${alone} one by one`);
  for (let a = 0; a < size; a++) {
    assert.ok(Math.abs(value(z, a).v - ruin(a).v) < 1e-10, `state ${a}`);
    assert.ok(Math.abs(value(z, a).e - ruin(a).e) < 1e-8, `state ${a}`);
  }
  // both states of the pair write their mirrors
  assert.equal(z[2 * (gap + 0)], -z[0]);
  assert.equal(z[2 * (gap + 1)], -z[2]);
});

test("the limit on sweeps is kept", () => {
  const { z, sweeps } = sweepChain(chain({ ...ONE_BY_ONE, maxSweeps: 3 }));
  assert.equal(sweeps, 3);
  assert.ok(Math.abs(value(z, 0).v - ruin(0).v) > 1e-6, "three sweeps are not the answer");
});

test("the coarse system: pivoting rows, and zeros for a singular one", () => {
  const x = solveDense(f64([0, 2, 1, 1, 1, 1, 2, 1, 3]), [7, 6, 13]);
  [1, 2, 3].forEach((want, k) => assert.ok(Math.abs(x[k] - want) < 1e-12, `x${k} = ${x[k]}`));
  assert.deepEqual(solveDense(f64([1, 2, 2, 4]), [1, 2]), [0, 0]);
  assert.throws(() => solveDense(f64([1, 2, 3]), [1, 2]), /2 unknowns needs 4 coefficients, not 3/);
});

test("arrays that do not make a chain are refused in words", () => {
  assert.throws(() => sweepChain({ ...chain(ONE_BY_ONE), gap: size + 1 }),
    /the mirrors begin at 4, not after the 3 kept states and the two wins/);
  assert.throws(() => sweepChain({ ...chain(ONE_BY_ONE), at: i32([0, 1]) }),
    /a sweep of 3 units needs as many positions/);
  assert.throws(() => sweepChain({ ...chain(ONE_BY_ONE), hpos: f64([0.5]) }),
    /a chain of 3 kept states needs an equation and a basis value for each/);
});
