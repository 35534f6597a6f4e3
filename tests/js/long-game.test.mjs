// Long games: a reply from throw (or move) n on, joined to the view the page holds, is the
// whole view the engine would have sent.

import { test } from "node:test";
import assert from "node:assert/strict";

import { heldCount, wholeView } from "../../docs/assets/js/boards/long-game.js";

// A Zohn Ahl view after `n` throws, whole or from throw `since` on.
function zohn(n, since) {
  const states = Array.from({ length: n + 1 }, (_, i) => ({ throws: i }));
  const events = Array.from({ length: n }, (_, i) => [{ kind: "throw", n: i + 1 }]);
  const view = {
    game: "zohn-ahl",
    record: `record ${n}`,
    states,
    events_by_throw: events,
    per_move: ["states", "events_by_throw"],
  };
  if (since === undefined) return view;
  return { ...view, since, states: states.slice(since), events_by_throw: events.slice(since) };
}

function awith(n, since) {
  const history = Array.from({ length: n }, (_, i) => ({ notation: `m${i + 1}` }));
  const view = { game: "awithlaknannai", record: `moves ${n}`, ply: n, history, per_move: ["history"] };
  if (since === undefined) return view;
  return { ...view, since, history: history.slice(since) };
}

test("a whole view holds as many throws or moves as its events", () => {
  assert.equal(heldCount(zohn(0)), 0);
  assert.equal(heldCount(zohn(7)), 7);
  assert.equal(heldCount(awith(12)), 12);
  assert.equal(heldCount(zohn(7, 3)), undefined);   // not a whole game: ask for all
  assert.equal(heldCount(null), undefined);
  assert.equal(heldCount({ game: "other" }), undefined);
});

test("a reply from the held count on joins into the whole view", () => {
  for (const [make, name] of [[zohn, "zohn-ahl"], [awith, "awithlaknannai"]]) {
    for (const [held, after] of [[0, 1], [5, 6], [5, 8], [800, 801]]) {
      const joined = wholeView(make(held), make(after, held));
      assert.deepEqual(joined, make(after), `${name} ${held} -> ${after}`);
      assert.equal("since" in joined, false);
    }
  }
});

test("a reply that starts before the held count replaces the later entries", () => {
  // the engine lowers `since` to the game's length: what the board held beyond it goes
  assert.deepEqual(wholeView(zohn(9), zohn(4, 2)), zohn(4));
  assert.deepEqual(wholeView(awith(9), awith(4, 4)), awith(4));
});

test("a whole reply is taken as it is", () => {
  const reply = awith(3);
  assert.equal(wholeView(awith(10), reply), reply);
});

test("a reply that needs entries the board lacks is refused in words", () => {
  assert.throws(() => wholeView(zohn(2), zohn(6, 4)), /entry 4 of 'states', but the board holds 3/);
  assert.throws(() => wholeView(zohn(6, 2), zohn(7, 6)), /entry 6/);
  assert.throws(() => wholeView(null, awith(3, 1)), /entry 1 of 'history'/);
  assert.throws(() => wholeView(zohn(2), { game: "chess", since: 1 }), /"chess" does not say which/);
});
