// @ts-check
// Where things are on a board drawing, worked out from the centres of its points: the
// nearest point in an arrow's direction, the point under a pointer, the size of the rings.
// DOM-free, so Node's test runner can check it.

/** @typedef {{x: number, y: number}} Spot */

/**
 * The index of the spot nearest to `from` in the direction `[dx, dy]` (screen axes: y down),
 * or -1. A spot counts when it lies ahead and within about 45 degrees of the direction;
 * among those, the nearest, its distance off the line counted once more (so a point
 * straight ahead beats a slanted one as far away, but a slanted neighbour in the next row
 * beats a point straight ahead two rows away; a turned board works the same).
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
    const score = Math.hypot(vx, vy) + across;
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

/**
 * The radius of a round target around each spot: half the distance to its nearest
 * neighbour (so no two targets overlap), at most `most`.
 * @param {Spot[]} spots
 * @param {number} [most]
 */
export function targetRadii(spots, most = Infinity) {
  return spots.map((s, i) => {
    let nearest = Infinity;
    spots.forEach((t, j) => {
      const d = Math.hypot(s.x - t.x, s.y - t.y);
      if (j !== i && d > 0.001 && d < nearest) nearest = d;
    });
    return Math.min(nearest / 2, most);
  });
}

/** @typedef {{width: number, height: number}} Size */

/**
 * How a board drawing fits the room it is given: as drawn (along) or turned a quarter
 * (running down the screen), and at what scale. The drawing is kept as drawn when its
 * smallest target stays at least `need` CSS pixels across within the room; otherwise it
 * is turned, which a long, low board needs on a narrow screen. The room's height is a
 * wish (a board taller than the screen is read by scrolling down), given up before the
 * targets are; its width never is (nothing is ever wider than the room).
 * @param {object} a
 * @param {Size} a.room   the width available and the height wished for, in CSS px
 * @param {Size} a.along   the drawing's size as drawn, in its own units
 * @param {Size} a.turned   its size turned a quarter
 * @param {number} a.smallest   the smallest target across, in the drawing's units
 * @param {number} [a.need]   the smallest target wanted on screen, in CSS px
 * @param {number} [a.most]   the largest scale wanted
 * @returns {{turned: boolean, scale: number}}
 */
export function fitBoard({ room, along, turned, smallest, need = 24, most = 1.25 }) {
  const wide = (/** @type {Size} */ size) => Math.min(room.width / size.width, most);
  const inRoom = (/** @type {Size} */ size) => Math.min(wide(size), room.height / size.height);
  const enough = need / smallest;
  for (const [size, isTurned] of /** @type {[Size, boolean][]} */ ([[along, false], [turned, true]])) {
    if (inRoom(size) >= enough) return { turned: isTurned, scale: inRoom(size) };
  }
  for (const [size, isTurned] of /** @type {[Size, boolean][]} */ ([[along, false], [turned, true]])) {
    if (wide(size) >= enough) return { turned: isTurned, scale: enough };
  }
  return { turned: true, scale: wide(turned) };
}
