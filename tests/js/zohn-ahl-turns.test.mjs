// Whose throw it is in a Zohn Ahl view: the last of the engine's `turns` (one a state).

import { test } from "node:test";
import assert from "node:assert/strict";

import { turnOf } from "../../docs/assets/js/boards/zohn-ahl-turns.js";

test("whose throw it is: the view's last turn", () => {
  const caption = { key: "toThrowTeam", values: { team: { key: "sideName.1" }, member: "Cal" } };
  const view = { turns: [{ side: 0, member: "Ann", caption: { key: "toThrow" } }, { side: 1, member: "Cal", caption }] };
  assert.deepEqual(turnOf(view), { side: 1, member: "Cal", caption });
  assert.equal(turnOf({}).side, null);
});
