// Where things are on a board drawing: the nearest point in an arrow's direction (a turned
// board included), the point under a pointer, the rings' size.

import { test } from "node:test";
import assert from "node:assert/strict";

import { fitBoard, nearestInDirection, nearestWithin, smallestGap, targetRadii } from "../../docs/assets/js/boards/geometry.js";

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

test("rows offset by half a step: the arrow goes to the next row, not over it", () => {
  // three rows as the Awithlaknannai board draws them: the middle row between the columns
  const top = { x: 679, y: 172 };
  const rows = [{ x: 640, y: 250 }, { x: 718, y: 250 }, { x: 679, y: 327 }, { x: 757, y: 172 }];
  assert.equal(nearestInDirection(top, rows, [0, 1]), 0);
  assert.equal(nearestInDirection(rows[2], [top, rows[0], rows[1]], [0, -1]), 1);
  // along a row, the next point of the same row
  assert.equal(nearestInDirection(top, rows, [1, 0]), 3);
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

test("each target reaches half way to its nearest neighbour", () => {
  const spots = [{ x: 0, y: 0 }, { x: 35, y: 0 }, { x: 105, y: 0 }, { x: 0, y: 70 }];
  assert.deepEqual(targetRadii(spots), [17.5, 17.5, 35, 35]);
  assert.deepEqual(targetRadii(spots, 20), [17.5, 17.5, 20, 20]);
});

// a long board as the Kolowis one is drawn: 1142 x 276, turned 232 x 1206, targets 70 across
const LONG = { along: { width: 1142, height: 276 }, turned: { width: 232, height: 1206 }, smallest: 70 };

test("a long board is drawn as it is where its targets stay large enough", () => {
  const fit = fitBoard({ ...LONG, room: { width: 700, height: 800 } });
  assert.equal(fit.turned, false);
  assert.ok(Math.abs(fit.scale - 700 / 1142) < 1e-9);
});

test("on a phone a long board is turned a quarter and fits the screen's height", () => {
  const fit = fitBoard({ ...LONG, room: { width: 332, height: 700 } });
  assert.equal(fit.turned, true);
  assert.ok(Math.abs(fit.scale - 700 / 1206) < 1e-9);
  assert.ok(fit.scale * 70 >= 24 && fit.scale * 232 <= 332);
});

test("the height is given up before the targets, the width never", () => {
  // too low a screen for the turned board at a size that keeps its targets: it is taller
  const tall = fitBoard({ ...LONG, room: { width: 332, height: 200 } });
  assert.deepEqual(tall, { turned: true, scale: 24 / 70 });
  // too narrow for any target of 24 px: as large as the width allows
  const narrow = fitBoard({ ...LONG, room: { width: 60, height: 900 } });
  assert.equal(narrow.turned, true);
  assert.ok(narrow.scale * 232 <= 60 + 1e-9);
});

test("a board is never drawn larger than its largest scale", () => {
  const fit = fitBoard({ ...LONG, room: { width: 5000, height: 5000 }, most: 1.5 });
  assert.deepEqual(fit, { turned: false, scale: 1.5 });
});
