// Where things are on a board drawing: the nearest point in an arrow's direction (a turned
// board included), the point under a pointer, the rings' size.

import { test } from "node:test";
import assert from "node:assert/strict";

import { nearestInDirection, nearestWithin, smallestGap } from "../../docs/assets/js/boards/geometry.js";

// a 3 x 3 grid of points 10 apart, row by row, screen axes (y down)
const grid = [];
for (let y = 0; y < 3; y++) for (let x = 0; x < 3; x++) grid.push({ x: x * 10, y: y * 10 });
const at = (x, y) => grid.findIndex((s) => s.x === x * 10 && s.y === y * 10);

test("the arrows go to the nearest point ahead, straight before slanted", () => {
  const centre = grid[at(1, 1)];
  assert.equal(nearestInDirection(centre, grid, [1, 0]), at(2, 1));
  assert.equal(nearestInDirection(centre, grid, [-1, 0]), at(0, 1));
  assert.equal(nearestInDirection(centre, grid, [0, -1]), at(1, 0));
  assert.equal(nearestInDirection(centre, grid, [0, 1]), at(1, 2));
});

test("no point ahead: nowhere to go", () => {
  assert.equal(nearestInDirection(grid[at(2, 1)], grid, [1, 0]), -1);
  assert.equal(nearestInDirection(grid[at(0, 0)], grid, [0, -1]), -1);
  assert.equal(nearestInDirection({ x: 0, y: 0 }, [], [1, 0]), -1);
});

test("a point far off the line is not ahead; a slanted one within 45 degrees is", () => {
  const spots = [{ x: 10, y: 30 }, { x: 10, y: 9 }];
  assert.equal(nearestInDirection({ x: 0, y: 0 }, spots, [1, 0]), 1);
  assert.equal(nearestInDirection({ x: 0, y: 0 }, [{ x: 10, y: 30 }], [1, 0]), -1);
});

test("a turned board (the same points mirrored) keeps the arrows on screen", () => {
  const turned = grid.map((s) => ({ x: 20 - s.x, y: 20 - s.y }));
  // the point at the screen's left of the centre is the one drawn there, whatever its name
  const i = nearestInDirection({ x: 10, y: 10 }, turned, [-1, 0]);
  assert.deepEqual(turned[i], { x: 0, y: 10 });
});

test("a pointer picks the nearest point within reach, or none", () => {
  assert.equal(nearestWithin({ x: 11, y: 9 }, grid, 5), at(1, 1));
  assert.equal(nearestWithin({ x: 5, y: 5 }, grid, 5), -1);
  assert.equal(nearestWithin({ x: 0, y: 0 }, [], 50), -1);
});

test("the smallest gap between two distinct points", () => {
  assert.equal(smallestGap(grid), 10);
  assert.equal(smallestGap([{ x: 0, y: 0 }, { x: 0, y: 0 }, { x: 3, y: 4 }]), 5);
  assert.equal(smallestGap([{ x: 1, y: 1 }]), Infinity);
});
