// @ts-check
// The sweeps of the Zohn Ahl solver, for the engine when it runs in a browser
// (spec/zohn-ahl-solver.md § 6 to § 10).
//
// The engine (engine/zohn_ahl/solver/sweeps.py) sets up the chain's equations for the
// stick bias asked: the units of the sweep in order, the coarse correction's matrices, the
// residuals' terms. Sweeping them until the bound is proved is then arithmetic alone, a
// few dozen passes over some ten thousand states, which Python in WebAssembly does several
// times slower than the same loop in JavaScript. So the engine's worker hands this
// function to the engine (globalThis.engineKernels.sweepChain) and the engine calls it
// where CPython runs its own loop (`_iterate`): the same units, the same order of the
// arithmetic, the same correction, slow mode and stopping rule. It knows nothing of the
// game, and proves nothing: the engine works out the bound it reports from the values
// returned. No DOM, no worker: tested under Node (tests/js/chain-sweeps.test.mjs) and
// against the engine's own loop inside Pyodide.

/**
 * The chain as the engine hands it over (typed arrays; positions as in sweeps.py: the
 * kept states 0 .. size-1, the two wins at size and size + 1, the mirror of a at gap + a).
 * @typedef {object} SweptChain
 * @property {number} size        kept states
 * @property {number} gap         where the mirrors begin (size + 2)
 * @property {number} maxSweeps
 * @property {number} tolerance   the bound on the win chances aimed for
 * @property {Int32Array} kind    per unit: 0 plain, 1 plain writing its mirror too, 2 solved
 *                                exactly alone, 3 solved exactly with the next unit (4)
 * @property {Int32Array} at      per unit, its position
 * @property {Int32Array} start   per unit (and one more), where its terms begin
 * @property {Int32Array} targets the terms' positions, unit after unit
 * @property {Float64Array} weights
 * @property {Float64Array} constant  per unit, real and imaginary parts
 * @property {Float64Array} exact     per unit, I - P over a unit solved exactly:
 *                                    a_aa, a_ab, a_ba, a_bb for V, then the same for E
 * @property {Int32Array} laterAt     per state with terms updated after it, its position
 * @property {Int32Array} laterStart
 * @property {Int32Array} laterTargets
 * @property {Float64Array} laterWeights
 * @property {Int32Array} fullStart   per kept state (and one more), its equation's terms
 * @property {Int32Array} fullTargets
 * @property {Float64Array} fullWeights
 * @property {Float64Array} fullConstant  real and imaginary parts
 * @property {Float64Array} fullDiagonal  one minus the self-loop
 * @property {Int32Array} projectStart    per row of the coarse system, its terms
 * @property {Int32Array} projectTargets
 * @property {Float64Array} projectWeights
 * @property {Float64Array} coarseV       the coarse matrices, row after row
 * @property {Float64Array} coarseE
 * @property {Int32Array} bounds          per layer, its first and last position + 1
 * @property {Float64Array} hpos          per kept state, the basis function h
 * @property {Int32Array} mirrors         the kept states whose mirrors are targets
 */

const EPSILON = 2 ** -52;

/**
 * Sweep the chain until the bound is proved or the changes no longer shrink:
 * `{z, sweeps}`, z the values V + iE at every position as real and imaginary parts
 * interleaved (2 * (2 * size + 2) numbers).
 * @param {SweptChain} c
 * @returns {{z: Float64Array, sweeps: number}}
 */
export function sweepChain(c) {
  const { size, gap } = c;
  const n = 2 * size + 2;
  if (gap !== size + 2) throw new RangeError(`the mirrors begin at ${gap}, not after the ${size} kept states and the two wins`);
  const units = c.kind.length;
  if (c.at.length !== units || c.start.length !== units + 1 || c.start[units] !== c.targets.length
    || c.targets.length !== c.weights.length || c.constant.length !== 2 * units || c.exact.length !== 8 * units) {
    throw new RangeError(`a sweep of ${units} units needs as many positions, constants and exact parts, and ${units + 1} term starts`);
  }
  if (c.fullStart.length !== size + 1 || c.fullDiagonal.length !== size || c.hpos.length !== size) {
    throw new RangeError(`a chain of ${size} kept states needs an equation and a basis value for each`);
  }
  const zr = new Float64Array(n);
  const zi = new Float64Array(n);
  for (let a = 0; a < size; a++) {
    zr[a] = 0.5;
    zr[gap + a] = -0.5;
  }
  zr[size] = 1;
  const oldr = new Float64Array(n);
  const oldi = new Float64Array(n);
  const dr = new Float64Array(n);
  const di = new Float64Array(n);
  let best = Infinity;
  let stalled = 0;
  let count = 0;
  let lastV = 0;
  let lastE = 0;
  let prevV = 1;
  let prevE = 1;
  let jumped = false;
  while (count < c.maxSweeps) {
    count += 1;
    oldr.set(zr);
    oldi.set(zi);
    sweep(c, zr, zi);
    for (let i = 0; i < n; i++) {
      dr[i] = zr[i] - oldr[i];
      di[i] = zi[i] - oldi[i];
    }
    const change = largest(dr, size);
    let maxE = 0;
    for (let a = 0; a < size; a++) if (zi[a] > maxE || a === 0) maxE = zi[a];
    if (size === 0) maxE = 0;
    if (change * (maxE + 1) <= 20 * c.tolerance) {
      // near the end: the residuals, from the targets updated after each state
      const rr = new Float64Array(size);
      const ri = new Float64Array(size);
      for (let u = 0; u < c.laterAt.length; u++) {
        [rr[c.laterAt[u]], ri[c.laterAt[u]]] = dot(c.laterStart, c.laterTargets, c.laterWeights, u, dr, di);
      }
      if (converged(rr, ri, maxE, c.tolerance)) {
        residuals(c, zr, zi, rr, ri);
        if (converged(rr, ri, maxE, c.tolerance)) break;
      }
    }
    const changeE = largest(di, size);
    const progress = Math.max(change, changeE / (maxE + 1));
    if (progress < best * 0.9) {
      best = progress;
      stalled = 0;
    } else {
      stalled += 1;
      if (stalled >= 8) break; // rounding: the changes no longer shrink
    }
    correct(c, zr, zi, dr, di);
    // one slow mode left: its sum to the end added at once (§ 9)
    const rateV = lastV ? change / lastV : 1;
    const rateE = lastE ? changeE / lastE : 1;
    const steadyV = rateV < 0.9 && Math.abs(rateV - prevV) <= 0.2 * rateV;
    const steadyE = rateE < 0.9 && Math.abs(rateE - prevE) <= 0.2 * rateE;
    let all = false;
    if ((steadyV || steadyE) && !jumped) {
      const cv = steadyV ? rateV / (1 - rateV) : 0;
      const ce = steadyE ? rateE / (1 - rateE) : 0;
      const ca = (cv + ce) / 2;
      const cb = (cv - ce) / 2;
      for (let a = 0; a < size; a++) {
        zr[a] += ca * dr[a] + cb * dr[a];
        zi[a] += ca * di[a] - cb * di[a];
      }
      all = true;
      jumped = true;
    } else {
      jumped = false;
    }
    lastV = change;
    lastE = changeE;
    prevV = rateV;
    prevE = rateE;
    if (all) {
      for (let a = 0; a < size; a++) {
        zr[gap + a] = -zr[a];
        zi[gap + a] = zi[a];
      }
    } else {
      for (let m = 0; m < c.mirrors.length; m++) {
        const a = c.mirrors[m];
        zr[gap + a] = -zr[a];
        zi[gap + a] = zi[a];
      }
    }
  }
  const z = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    z[2 * i] = zr[i];
    z[2 * i + 1] = zi[i];
  }
  return { z, sweeps: count };
}

/** One pass over the units, in order (Gauss-Seidel: each reads the values just written).
 * @param {SweptChain} c @param {Float64Array} zr @param {Float64Array} zi */
function sweep(c, zr, zi) {
  const { kind, at, start, targets, weights, constant, exact, gap } = c;
  const units = kind.length;
  for (let u = 0; u < units; u++) {
    const k = kind[u];
    if (k === 4) continue; // the second of a pair, solved with the first
    const a = at[u];
    let xr;
    let xi;
    if (k <= 1) {
      xr = constant[2 * u];
      xi = constant[2 * u + 1];
      for (let j = start[u]; j < start[u + 1]; j++) {
        const t = targets[j];
        const w = weights[j];
        xr += w * zr[t];
        xi += w * zi[t];
      }
    } else {
      [xr, xi] = summed(c, u, zr, zi);
      const e = 8 * u;
      if (k === 2) {
        xr /= exact[e];
        xi /= exact[e + 4];
      } else {
        const b = at[u + 1];
        const [yr, yi] = summed(c, u + 1, zr, zi);
        const [vaa, vab, vba, vbb] = [exact[e], exact[e + 1], exact[e + 2], exact[e + 3]];
        const [eaa, eab, eba, ebb] = [exact[e + 4], exact[e + 5], exact[e + 6], exact[e + 7]];
        const dv = vaa * vbb - vab * vba;
        const de = eaa * ebb - eab * eba;
        const ar = (xr * vbb - vab * yr) / dv;
        const ai = (xi * ebb - eab * yi) / de;
        const br = (vaa * yr - vba * xr) / dv;
        const bi = (eaa * yi - eba * xi) / de;
        xr = ar;
        xi = ai;
        zr[b] = br;
        zi[b] = bi;
        zr[gap + b] = -br;
        zi[gap + b] = bi;
      }
    }
    zr[a] = xr;
    zi[a] = xi;
    if (k !== 0) {
      zr[gap + a] = -xr;
      zi[gap + a] = xi;
    }
  }
}

/**
 * The sum of row `u`'s terms, `weights[k] * (xr + i xi)[targets[k]]` for k from `start[u]`
 * to `start[u + 1]`, as [real part, imaginary part].
 * @param {Int32Array} start @param {Int32Array} targets @param {Float64Array} weights
 * @param {number} u @param {Float64Array} xr @param {Float64Array} xi
 * @returns {[number, number]}
 */
function dot(start, targets, weights, u, xr, xi) {
  let sr = 0;
  let si = 0;
  for (let k = start[u]; k < start[u + 1]; k++) {
    const t = targets[k];
    const w = weights[k];
    sr += w * xr[t];
    si += w * xi[t];
  }
  return [sr, si];
}

/** A unit's constant plus its terms' sum, the sum made first (as the engine does).
 * @param {SweptChain} c @param {number} u @param {Float64Array} zr @param {Float64Array} zi
 * @returns {[number, number]} */
function summed(c, u, zr, zi) {
  const [sr, si] = dot(c.start, c.targets, c.weights, u, zr, zi);
  return [c.constant[2 * u] + sr, c.constant[2 * u + 1] + si];
}

/** The largest change among the kept states, up or down. @param {Float64Array} d @param {number} size */
function largest(d, size) {
  let hi = 0;
  let lo = 0;
  for (let a = 0; a < size; a++) {
    if (a === 0 || d[a] > hi) hi = d[a];
    if (a === 0 || d[a] < lo) lo = d[a];
  }
  return Math.max(hi, -lo);
}

/** The residuals b + P z - z of every kept state, into rr and ri.
 * @param {SweptChain} c @param {Float64Array} zr @param {Float64Array} zi
 * @param {Float64Array} rr @param {Float64Array} ri */
function residuals(c, zr, zi, rr, ri) {
  const { fullStart, fullTargets, fullWeights, fullConstant, fullDiagonal } = c;
  for (let a = 0; a < c.size; a++) {
    const [sr, si] = dot(fullStart, fullTargets, fullWeights, a, zr, zi);
    rr[a] = fullConstant[2 * a] + sr - fullDiagonal[a] * zr[a];
    ri[a] = fullConstant[2 * a + 1] + si - fullDiagonal[a] * zi[a];
  }
}

/** Whether the residuals prove the bound on V, and E settled too (§ 10).
 * @param {Float64Array} rr @param {Float64Array} ri @param {number} maxE @param {number} tolerance */
function converged(rr, ri, maxE, tolerance) {
  if (!rr.length) return true;
  const error = largest(rr, rr.length) * (maxE + 1) * 1.01;
  const eTarget = Math.max(tolerance, 64 * EPSILON * maxE * (maxE + 1));
  return error <= tolerance && largest(ri, ri.length) * (maxE + 1) * 1.01 <= eTarget;
}

/** The coarse correction (§ 8): alpha + beta h added on every layer, for V and for E.
 * @param {SweptChain} c @param {Float64Array} zr @param {Float64Array} zi
 * @param {Float64Array} dr @param {Float64Array} di */
function correct(c, zr, zi, dr, di) {
  const rows = c.projectStart.length - 1;
  const rhsV = new Array(rows);
  const rhsE = new Array(rows);
  for (let r = 0; r < rows; r++) {
    [rhsV[r], rhsE[r]] = dot(c.projectStart, c.projectTargets, c.projectWeights, r, dr, di);
  }
  const shiftV = solveDense(c.coarseV, rhsV);
  const shiftE = solveDense(c.coarseE, rhsE);
  for (let layer = 0; 2 * layer < c.bounds.length; layer++) {
    const ar = shiftV[2 * layer];
    const ai = shiftE[2 * layer];
    const br = shiftV[2 * layer + 1];
    const bi = shiftE[2 * layer + 1];
    for (let a = c.bounds[2 * layer]; a < c.bounds[2 * layer + 1]; a++) {
      const h = c.hpos[a];
      zr[a] += ar + br * h;
      zi[a] += ai + bi * h;
    }
  }
}

/**
 * A small dense system (row after row in `matrix`) solved by Gaussian elimination with
 * partial pivoting; zeros if it is singular.
 * @param {Float64Array} matrix
 * @param {number[]} rhs
 * @returns {number[]}
 */
export function solveDense(matrix, rhs) {
  const n = rhs.length;
  if (matrix.length !== n * n) throw new RangeError(`a system of ${n} unknowns needs ${n * n} coefficients, not ${matrix.length}`);
  const a = [];
  for (let r = 0; r < n; r++) a.push([...matrix.subarray(r * n, r * n + n), rhs[r]]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) pivot = r;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    const pv = a[col][col];
    if (pv === 0) return new Array(n).fill(0);
    for (let r = col + 1; r < n; r++) {
      const f = a[r][col] / pv;
      if (f) {
        const row = a[r];
        const prow = a[col];
        for (let k = col; k <= n; k++) row[k] -= f * prow[k];
      }
    }
  }
  const x = new Array(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = 0;
    for (let k = r + 1; k < n; k++) s += a[r][k] * x[k];
    x[r] = (a[r][n] - s) / a[r][r];
  }
  return x;
}
