// Links between two devices playing one game (boards/classmate-links.js): what a link
// says, which device takes it, and which links are refused (old, for the other side,
// changed on the way).

import { test } from "node:test";
import assert from "node:assert/strict";

import { recordIn, withRecord } from "../../docs/assets/js/boards/game-links.js";
import {
  mateLink, readMate, withoutMate, judge, agrees, newGameName, cleanName, checksum, NAME_MAX,
} from "../../docs/assets/js/boards/classmate-links.js";

const PAGE = "https://example.org/fr/awithlaknannai/rules/#game-board-2=other";
const RECORD = '[Game "awithlaknannai"]\n[Ruleset "culin"]\n\n1. m6-m5 m4xm6 2. b4-m6';
const META = { game: "k3v9x0ab12", side: 1, count: 3, name: "Ana" };

function opened(link, id = "board-1") {
  return readMate(link, id, recordIn(link, id));
}

test("a link carries the game, the side to move, the count and the name, and reads back", () => {
  const link = mateLink(PAGE, "board-1", RECORD, META);
  const url = new URL(link);
  assert.equal(url.origin + url.pathname, "https://example.org/fr/awithlaknannai/rules/");
  assert.equal(recordIn(link, "board-1"), RECORD);
  assert.equal(recordIn(link, "board-2"), null, "only this board's game travels");
  assert.deepEqual(opened(link), { ok: true, game: "k3v9x0ab12", side: 1, count: 3, name: "Ana" });
  assert.equal(opened(link, "board-2"), null, "another board of the page has no such game");
});

test("names with dots, spaces, accents and symbols travel whole; long ones are cut", () => {
  for (const name of ["", "Zoé", "A. B. & C = D", "名前", "x".repeat(NAME_MAX)]) {
    assert.equal(opened(mateLink(PAGE, "board-1", RECORD, { ...META, name })).name, name);
  }
  assert.equal(cleanName("  Ana \n  Bo  "), "Ana Bo");
  const long = opened(mateLink(PAGE, "board-1", RECORD, { ...META, name: "y".repeat(80) }));
  assert.equal(long.name, "y".repeat(NAME_MAX));
});

test("a link changed on the way is refused: its record, side, count, name or check", () => {
  const link = mateLink(PAGE, "board-1", RECORD, META);
  const payload = decodeURIComponent(new URL(link).hash.split("&")[1].split("=")[1]);
  const [game, side, count, check, name] = payload.split(".");
  const withPayload = (p) => `${link.split("&")[0]}&mate-board-1=${encodeURIComponent(p)}`;
  const changed = [
    withRecord(link, "board-1", RECORD.replace("b4-m6", "b4-m5")),   // another move
    withRecord(link, "board-1", RECORD + " t5xb4"),                  // one move more
    withPayload([game, 1 - Number(side), count, check, name].join(".")),
    withPayload([game, side, Number(count) + 1, check, name].join(".")),
    withPayload([game, side, count, check, "Bo"].join(".")),
    withPayload([game.replace("k", "m"), side, count, check, name].join(".")),
    withPayload([game, side, count, check.slice(1), name].join(".")),
    withPayload("garbage"),
    withPayload(""),
    `${link.split("&")[0]}&mate-board-1=%E0%A4%A`,                    // a broken escape
    withRecord(link, "board-1", null),                                // the record gone
  ];
  for (const bad of changed) {
    assert.deepEqual(opened(bad), { ok: false, reason: "tampered" }, bad);
  }
});

test("the checksum changes with any one character", () => {
  const base = checksum(RECORD);
  for (let i = 0; i < RECORD.length; i += 7) {
    const one = RECORD.slice(0, i) + (RECORD[i] === "x" ? "y" : "x") + RECORD.slice(i + 1);
    assert.notEqual(checksum(one), base, `character ${i}`);
  }
});

test("withoutMate leaves the game and the other boards' entries", () => {
  const link = mateLink(PAGE, "board-1", RECORD, META);
  const both = withRecord(link, "board-2", "x");
  const plain = withoutMate(both, "board-1");
  assert.equal(opened(plain), null);
  assert.equal(recordIn(plain, "board-1"), RECORD);
  assert.equal(recordIn(plain, "board-2"), "x");
  assert.equal(withoutMate("https://example.org/a/#game-board-1=x", "board-1"), "https://example.org/a/#game-board-1=x");
});

test("which device takes a link: the first link of a game gives a device its side", () => {
  const mate = { game: "k3v9x0ab12", side: 1, count: 3 };
  // a device that never saw this game takes it (it will play side 1)
  assert.equal(judge(mate, RECORD, null), "take");
  assert.equal(judge(mate, RECORD, { game: "another000", side: 0, count: 9, record: "r" }), "take");
  // a device that plays side 1 and holds the game at move 1 takes its later position
  assert.equal(judge(mate, RECORD, { game: mate.game, side: 1, count: 1, record: "r" }), "take");
  // the same link again: the position it already holds
  assert.equal(judge(mate, RECORD, { game: mate.game, side: 1, count: 3, record: RECORD }), "same");
  // an old link: this device holds a later position of the game
  assert.equal(judge(mate, RECORD, { game: mate.game, side: 1, count: 5, record: "r" }), "old");
  // the link for side 1 opened on the device that plays side 0 (the one that sent it)
  assert.equal(judge(mate, RECORD, { game: mate.game, side: 0, count: 3, record: RECORD }), "other-side");
  assert.equal(judge(mate, RECORD, { game: mate.game, side: 0, count: 1, record: "r" }), "other-side");
  // the same count, another record: changed on the way (or another branch of the game)
  assert.equal(judge(mate, RECORD, { game: mate.game, side: 1, count: 3, record: "r" }), "differs");
});

test("the game read from a link must be what the link says of it", () => {
  const mate = { side: 1, count: 3 };
  assert.equal(agrees(mate, { count: 3, toMove: 1, finished: false }), true);
  assert.equal(agrees(mate, { count: 3, toMove: 0, finished: false }), false, "the other side to move");
  assert.equal(agrees(mate, { count: 4, toMove: 1, finished: false }), false, "another count");
  assert.equal(agrees(mate, { count: 3, toMove: null, finished: true }), true, "a game over has no side to move");
});

test("games get different names, of the letters and digits a link reads", () => {
  const names = new Set(Array.from({ length: 200 }, () => newGameName()));
  assert.equal(names.size, 200);
  for (const n of names) assert.match(n, /^[a-z0-9]{10}$/);
});

test("a link never leaves the page's site", () => {
  for (const page of ["https://example.org//evil.example/x/", "http://127.0.0.1:8000/p/?q=1#a"]) {
    const link = mateLink(page, "board-1", "//evil.example/", META);
    assert.equal(new URL(link).origin, new URL(page).origin);
  }
});
