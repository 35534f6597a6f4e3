// Game links: the record in the fragment, older query links still read, never off the site.

import { test } from "node:test";
import assert from "node:assert/strict";

import { recordIn, withRecord, gameLink } from "../../docs/assets/js/boards/game-links.js";

const PAGE = "https://example.org/awithlaknannai/";
const RECORD = '[Game "awithlaknannai"]\n[Ruleset "culin"]\n\n1. m6-m5 m4xm6';

test("a record goes into the fragment and comes back unchanged", () => {
  const href = withRecord(PAGE, "board-1", RECORD);
  assert.ok(href.startsWith(PAGE + "#game-board-1="), href);
  assert.ok(!href.includes("?"));
  assert.equal(recordIn(href, "board-1"), RECORD);
  assert.equal(recordIn(href, "board-2"), null);
});

test("older links with the record in the query are still read, and move to the fragment", () => {
  const old = `${PAGE}?game-board-1=${encodeURIComponent(RECORD)}&lang=x#board-1`;
  assert.equal(recordIn(old, "board-1"), RECORD);
  const moved = withRecord(old, "board-1", RECORD);
  assert.equal(new URL(moved).searchParams.get("game-board-1"), null);
  assert.equal(new URL(moved).searchParams.get("lang"), "x");
  assert.equal(recordIn(moved, "board-1"), RECORD);
});

test("two boards share the fragment; removing one keeps the other", () => {
  let href = withRecord(PAGE, "board-1", "one");
  href = withRecord(href, "board-2", "two & more");
  assert.equal(recordIn(href, "board-1"), "one");
  assert.equal(recordIn(href, "board-2"), "two & more");
  href = withRecord(href, "board-1", null);
  assert.equal(recordIn(href, "board-1"), null);
  assert.equal(recordIn(href, "board-2"), "two & more");
});

test("removing a game leaves a plain anchor in place", () => {
  const href = `${PAGE}?game-board-1=bad#board-1`;
  assert.equal(withRecord(href, "board-1", null), `${PAGE}#board-1`);
  assert.equal(withRecord(`${PAGE}#rules`, "board-1", null), `${PAGE}#rules`);
});

test("a broken escape is given to the engine as it is, not thrown", () => {
  assert.equal(recordIn(`${PAGE}#game-board-1=%E0%A4%A`, "board-1"), "%E0%A4%A");
});

test("every link stays on the page's origin, whatever the address or the record", () => {
  const hostile = ["//evil.example/", "/\\evil.example/", "javascript:alert(1)", "%2F%2Fevil.example",
    "https://evil.example/", "\\\\evil.example", "data:text/html,<script>alert(1)</script>"];
  const pages = [PAGE, "https://example.org//evil.example/", "https://example.org/a/%2F%2Fevil.example/"];
  for (const page of pages) {
    for (const bad of hostile) {
      for (const link of [gameLink(page, "board-1", bad), withRecord(page, "board-1", bad),
        withRecord(`${page}#game-board-1=${bad}`, "board-2", bad)]) {
        assert.equal(new URL(link).origin, "https://example.org", `${page} + ${bad} -> ${link}`);
      }
      assert.equal(recordIn(gameLink(page, "board-1", bad), "board-1"), bad);
    }
  }
});

test("a shared link holds this board's game only", () => {
  const href = withRecord(withRecord(`${PAGE}?x=1#top`, "board-2", "two"), "board-1", "one");
  const link = gameLink(href, "board-1", "one");
  assert.equal(link, `${PAGE}#game-board-1=one`);
});
