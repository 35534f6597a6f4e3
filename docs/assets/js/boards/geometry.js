// @ts-check
// Where things are on a board drawing, worked out from the centres of its points: the
// nearest point in an arrow's direction, the point under a pointer, the size of the rings.
// DOM-free, so Node's test runner can check it.

/** @typedef {{x: number, y: number}} Spot */

/**
 * The index of the spot nearest to `from` in the direction `[dx, dy]` (screen axes: y down),
 * or -1. A spot counts when it lies ahead and within about 45 degrees of the direction;
 * among those, the nearest ahead, off the line counting double (so a turned board works).
 * @param {Spot} from
 * @param {Spot[]} spots
 * @param {[number, number]} direction
 */
export function nearestInDirection(from, spots, [dx, dy]) {
  let best = -1;
  let bestScore = Infinity;
  spots.forEach((s, i) => {
    const vx = s.x - from.x;
    const vy = s.y - from.y;
    const along = vx * dx + vy * dy;
    const across = Math.abs(vx * dy - vy * dx);
    if (along <= 0.5 || across > along * 1.05) return;
    const score = along + across * 2;
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return best;
}

/**
 * The index of the spot nearest to `at`, or -1 when none lies within `reach`.
 * @param {Spot} at
 * @param {Spot[]} spots
 * @param {number} reach
 */
export function nearestWithin(at, spots, reach) {
  let best = -1;
  let bestD = Infinity;
  spots.forEach((s, i) => {
    const d = Math.hypot(s.x - at.x, s.y - at.y);
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  });
  return bestD < reach ? best : -1;
}

/**
 * The smallest distance between two distinct spots (Infinity for fewer than two).
 * @param {Spot[]} spots
 */
export function smallestGap(spots) {
  let best = Infinity;
  for (let i = 0; i < spots.length; i++) {
    for (let j = i + 1; j < spots.length; j++) {
      const d = Math.hypot(spots[i].x - spots[j].x, spots[i].y - spots[j].y);
      if (d > 0.001 && d < best) best = d;
    }
  }
  return best;
}
