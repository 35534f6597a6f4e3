// Tampered records in game links, in bulk: random bytes, markup and script, records cut
// short or with a character changed (from a fixed seed). Each one travels through the
// address unchanged, and no link built from it leaves the page's site. (The engine's
// refusal of the same kinds of records is tested in CPython: tests/site/test_e2e_fuzz.py;
// the page's handling of a few of them in Chromium, in the same file.)

import { test } from "node:test";
import assert from "node:assert/strict";

import { recordIn, withRecord, gameLink } from "../../docs/assets/js/boards/game-links.js";

const PAGES = [
  "https://example.org/awithlaknannai/",
  "https://example.org/fr/zohn-ahl/?lang=fr#board-2",
  "http://127.0.0.1:8000/project/awithlaknannai/rules/#game-board-9=other",
];
const PAYLOADS = [
  "<script>window.__pwned = 1</script>",
  '<img src=x onerror="window.__pwned = 1">',
  '[Game "awithlaknannai"]\n[Ruleset "<script>window.__pwned=1</script>"]\n',
  '"><svg onload="window.__pwned=1">',
  "javascript:window.__pwned=1",
  "//evil.example/",
  "/\\evil.example/",
  "https://evil.example/",
  "%2F%2Fevil.example%2F",
  "%252F%252Fevil.example",
  "a&game-board-1=b#c?d=e",
];
const GOOD = [
  '[Game "awithlaknannai"]\n[Ruleset "culin"]\n\n1. m6-m5 m4xm6 2. m7xm5',
  '[Game "zohn-ahl"]\n[Ruleset "kiowa"]\n\n1111 0000 1110',
];

// A small seeded generator (mulberry32): the same corpus on every run.
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function corpus(seed, count) {
  const random = generator(seed);
  const below = (n) => Math.floor(random() * n);
  const out = [...PAYLOADS];
  while (out.length < count) {
    const good = GOOD[below(GOOD.length)];
    const kind = below(3);
    if (kind === 0) {
      // random characters of the first plane, control characters included (not lone
      // surrogates: a record is text the engine wrote, which never holds one)
      out.push(Array.from({ length: 1 + below(80) }, () => String.fromCharCode(below(0xd800))).join(""));
    } else if (kind === 1) {
      out.push(good.slice(0, 1 + below(good.length - 1)) + ["", "x", "%", "\u0000", "%E0%A4%A"][below(5)]);
    } else {
      const i = below(good.length);
      out.push(good.slice(0, i) + String.fromCharCode(32 + below(0x2ff - 32)) + good.slice(i + 1));
    }
  }
  return out;
}

const RECORDS = corpus(20261123, 400);

test("every tampered record comes back from the address as it went in", () => {
  for (const page of PAGES) {
    for (const record of RECORDS) {
      const href = withRecord(page, "board-1", record);
      assert.equal(recordIn(href, "board-1"), record, JSON.stringify({ page, record }));
      assert.equal(new URL(href).origin, new URL(page).origin);
      // the other boards' games and the page's own address stay
      assert.equal(new URL(href).pathname, new URL(page).pathname);
      if (page.includes("game-board-9=")) assert.equal(recordIn(href, "board-9"), "other");
    }
  }
});

test("no link built from a tampered record or address leaves the site", () => {
  for (const page of PAGES) {
    for (const record of RECORDS) {
      const link = gameLink(page, "board-1", record);
      const url = new URL(link);
      assert.equal(url.origin, new URL(page).origin, link);
      assert.equal(url.search, "");
      assert.equal(recordIn(link, "board-1"), record);
    }
    // the hostile text as the address's own fragment or query: read as a record, never followed
    for (const hostile of PAYLOADS) {
      const href = `${page.split("#")[0]}${page.includes("?") ? "&" : "?"}x=${hostile}#${hostile}&game-board-1=${hostile}`;
      const link = gameLink(href, "board-1", "r");
      if (link !== null) assert.equal(new URL(link).origin, new URL(page).origin, link);
    }
  }
});
