// @ts-check
// The innermost loop of the Zohn Ahl solver's game-length distribution, for the engine
// when it runs in a browser (spec/zohn-ahl-solver.md § 11).
//
// The engine (engine/zohn_ahl/solver/lengths.py) works out the chain: the states the
// start can lead to, each state's sources and the chance of each step for the stick bias
// asked. Carrying the start's probability forward throw by throw is then arithmetic alone:
// several hundred throws over some ten thousand states, each a sum over the state's
// sources. Python in the browser does that arithmetic several times slower than the same
// loop in JavaScript, so the engine's worker hands this function to the engine
// (globalThis.engineKernels.carryLengths) and the engine calls it where CPython runs its
// own loop. It knows nothing of the game: the same loop, the same test for the geometric
// tail, the same figures up to rounding. No DOM, no worker: tested under Node
// (tests/js/chain-carry.test.mjs) and against the engine's own loop inside Pyodide.

/**
 * A Python buffer (a PyProxy of an `array.array`) or a typed array, as a typed array and
 * a function that lets the buffer go.
 * @template {Int32Array | Float64Array} T
 * @param {any} value
 * @param {"i32" | "f64"} type
 * @param {new (n: number) => T} Kind
 * @returns {[T, () => void]}
 */
function typed(value, type, Kind) {
  if (value instanceof Kind) return [value, () => {}];
  if (value && typeof value.getBuffer === "function") {
    const buffer = value.getBuffer(type);
    return [buffer.data, () => buffer.release()];
  }
  throw new TypeError(`expected a buffer of ${type}, not ${Object.prototype.toString.call(value)}`);
}

/**
 * `[P(the game ends on throw t) for t = 1 .. limit]`: the mass starts on state `start`;
 * on every throw the chance of ending is the dot product of the mass with `ends`, and each
 * state `r` receives `sum(weights[k] * mass[sources[k]])` for `k` from `rowStart[r]` to
 * `rowStart[r + 1]`. Every `checkEvery` throws, once the mass keeps its shape within
 * `close` for every throw still to come (`eps * min(ahead, 1 / (1 - rate))`), the rest is
 * the geometric tail. The arrays may be typed arrays or Python buffers.
 * @param {number} start
 * @param {any} ends        chance of ending from each state (f64)
 * @param {any} rowStart    where each state's sources begin, and the end (i32, states + 1)
 * @param {any} sources     the sources, state after state (i32)
 * @param {any} weights     the chance of each source's step to its state (f64)
 * @param {number} limit
 * @param {number} close
 * @param {number} checkEvery
 * @returns {Float64Array}
 */
export function carryLengths(start, ends, rowStart, sources, weights, limit, close, checkEvery) {
  const held = [];
  try {
    const [end, releaseEnds] = typed(ends, "f64", Float64Array);
    held.push(releaseEnds);
    const [rows, releaseRows] = typed(rowStart, "i32", Int32Array);
    held.push(releaseRows);
    const [from, releaseSources] = typed(sources, "i32", Int32Array);
    held.push(releaseSources);
    const [w, releaseWeights] = typed(weights, "f64", Float64Array);
    held.push(releaseWeights);
    const n = end.length;
    if (rows.length !== n + 1 || rows[n] !== from.length || from.length !== w.length) {
      throw new RangeError(`a chain of ${n} states needs ${n + 1} row starts ending at ${from.length} sources and weights`);
    }
    if (!(start >= 0 && start < n)) throw new RangeError(`the start ${start} is not one of the ${n} states`);
    let mass = new Float64Array(n);
    let next = new Float64Array(n);
    mass[start] = 1;
    const out = new Float64Array(Math.max(0, limit));
    let t = 0;
    while (t < limit) {
      let ending = 0;
      for (let i = 0; i < n; i++) ending += mass[i] * end[i];
      out[t++] = ending;
      for (let r = 0; r < n; r++) {
        let s = 0;
        for (let k = rows[r], stop = rows[r + 1]; k < stop; k++) s += w[k] * mass[from[k]];
        next[r] = s;
      }
      if (t % checkEvery === 0) {
        let left = 0;
        let after = 0;
        for (let i = 0; i < n; i++) {
          left += mass[i];
          after += next[i];
        }
        const rate = left ? after / left : 0;
        let eps = 0;
        for (let i = 0; i < n; i++) eps += Math.abs(next[i] - rate * mass[i]);
        const ahead = limit - t;
        if (eps * (rate < 1 ? Math.min(ahead, 1 / (1 - rate)) : ahead) <= close) {
          let last = out[t - 1];
          while (t < limit) {
            last *= rate;
            out[t++] = last;
          }
          break;
        }
      }
      const was = mass;
      mass = next;
      next = was;
    }
    return out;
  } finally {
    for (const release of held) release();
  }
}
