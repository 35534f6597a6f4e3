// What a Zohn Ahl view says of its turns and throws: whose throw it is now (the engine's
// `turns`, one a state: the last one), and the throw read from its events.

import { test } from "node:test";
import assert from "node:assert/strict";

import { throwOf, turnOf } from "../../docs/assets/js/boards/zohn-ahl-turns.js";

test("whose throw it is: the view's last turn", () => {
  const caption = { key: "toThrowTeam", values: { team: { key: "sideName.1" }, member: "Cal" } };
  const view = { turns: [{ side: 0, member: "Ann", caption: { key: "toThrow" } }, { side: 1, member: "Cal", caption }] };
  assert.deepEqual(turnOf(view), { side: 1, member: "Cal", caption });
  assert.equal(turnOf({}).side, null);
});

test("a throw is read from its events", () => {
  assert.equal(throwOf([{ kind: "throw", throw: "0101" }, { kind: "move" }]), "0101");
  assert.equal(throwOf([{ kind: "move" }]), "");
  assert.equal(throwOf(undefined), "");
});
