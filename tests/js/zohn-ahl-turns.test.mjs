// Teams on a Zohn Ahl board: the block's setting read, the members taking turns by their
// side's count of throws, and the throw read from its events.

import { test } from "node:test";
import assert from "node:assert/strict";

import { parseTeams, thrower, throwOf } from "../../docs/assets/js/boards/zohn-ahl-turns.js";

test("two teams from the block's setting, or none", () => {
  assert.deepEqual(parseTeams("Ann, Bo / Cy"), [["Ann", "Bo"], ["Cy"]]);
  assert.deepEqual(parseTeams([["Ann"], "Cy, Di"]), [["Ann"], ["Cy", "Di"]]);
  assert.equal(parseTeams(""), null);
  assert.equal(parseTeams("Ann, Bo"), null);          // one team only
  assert.equal(parseTeams("Ann / / Cy"), null);       // three
  assert.equal(parseTeams("Ann / "), null);           // an empty team
  assert.equal(parseTeams(["a", "b", "c"]), null);
});

test("the members of a side take turns by the side's throws made", () => {
  const teams = [["Ann", "Bo"], ["Cy"]];
  assert.equal(thrower(teams, { throws_made: [0, 0] }, 0), "Ann");
  assert.equal(thrower(teams, { throws_made: [3, 5] }, 0), "Bo");
  assert.equal(thrower(teams, { throws_made: [3, 5] }, 1), "Cy");
  assert.equal(thrower(null, { throws_made: [3, 5] }, 1), null);
  assert.equal(thrower(teams, {}, null), null);
});

test("a throw is read from its events", () => {
  assert.equal(throwOf([{ kind: "throw", throw: "0101" }, { kind: "move" }]), "0101");
  assert.equal(throwOf([{ kind: "move" }]), "");
  assert.equal(throwOf(undefined), "");
});
