// @ts-check
// A game between two devices, carried by links alone: pure functions of an address and
// of what this device remembers (no page needed, so they are tested under Node).
//
// The link is an ordinary game link (game-links.js) with one more fragment entry for the
// same board:
//
//   https://site/awithlaknannai/#game-board-1=<record>&mate-board-1=<game>.<side>.<count>.<check>.<name>
//
// `game` names this game between the two devices (random, made by the device that chose
// the opponent), `side` is the side to move, the one the receiving device plays, `count`
// the throws or moves the record holds, `name` what the sender typed (may be empty) and
// `check` a checksum of all of them and the record. The checksum finds a link damaged on
// its way or edited by hand; it is no signature (the page's code is public, and without
// a server nothing can be): a player who reads the code can make a link that passes. The
// engine still refuses any record that breaks the rules.
//
// How a device knows its side: the first link of a game that a device opens gives it the
// side that link is for; the device then remembers the game (its side, the latest count
// and record). A later link of the same game for that side and with more throws or moves
// is taken; an older one, one for the other side (meant for the classmate) or one that
// disagrees with the game held at the same count is refused, and the game held stays.

import { gameLink } from "./game-links.js";

const MATE = "mate-";
export const NAME_MAX = 40;

/** @param {string} id */
export function mateParam(id) {
  return `${MATE}${id}`;
}

// cyrb53: a 53-bit string hash, written as 11 base-36 digits at most. A checksum only.
/** @param {string} text */
export function checksum(text) {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** @param {string | null} game @param {number} side @param {number} count @param {string} name @param {string} record */
function signed(game, side, count, name, record) {
  return checksum(`${game}|${side}|${count}|${name}|${record}`);
}

// A fresh name for a game between two devices (10 base-36 characters).
export function newGameName(random = Math.random) {
  let s = "";
  while (s.length < 10) s += Math.floor(random() * 36).toString(36);
  return s;
}

// The name a player typed, as a link carries it: trimmed, one line, at most NAME_MAX.
/** @param {string | null | undefined} name */
export function cleanName(name) {
  return String(name || "").replace(/\s+/g, " ").trim().slice(0, NAME_MAX);
}

/**
 * The link that hands the game to the other device.
 * @param {string} href this page's address
 * @param {string} id the board's id
 * @param {string} record the game's record
 * @param {{game: string | null, side: number, count: number, name?: string}} meta
 * @returns {string | null} null for an address that is not one
 */
export function mateLink(href, id, record, { game, side, count, name = "" }) {
  const base = gameLink(href, id, record);
  if (!base) return null;
  const who = cleanName(name);
  const payload = `${game}.${side}.${count}.${signed(game, side, count, who, record)}.${who}`;
  return `${base}&${mateParam(id)}=${encodeURIComponent(payload)}`;
}

/** @param {string} href */
function entries(href) {
  let url;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const body = url.hash.replace(/^#/, "");
  return { url, parts: body ? body.split("&").filter(Boolean) : [] };
}

/** @param {string} text */
function decode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * What the address says about a game between two devices on board `id`: null when it
 * has no such entry; {ok: false, reason: "tampered"} when the entry or its record do not
 * agree with its checksum; else {ok: true, game, side, count, name}.
 * @param {string} href
 * @param {string} id
 * @param {string | null} record the record the address holds for the board (game-links' recordIn)
 * @returns {null | {ok: false, reason: string, game?: undefined, side?: undefined, count?: undefined, name?: undefined}
 *   | {ok: true, reason?: undefined, game: string, side: number, count: number, name: string}}
 */
export function readMate(href, id, record) {
  const e = entries(href);
  if (!e) return null;
  const key = mateParam(id);
  const part = e.parts.find((p) => decode(p.slice(0, p.indexOf("="))) === key && p.includes("="));
  if (!part) return null;
  const payload = decode(part.slice(part.indexOf("=") + 1));
  /** @type {{ok: false, reason: string}} */
  const bad = { ok: false, reason: "tampered" };
  if (payload === null || record === null) return bad;
  const m = /^([a-z0-9]{6,16})\.([01])\.(\d{1,6})\.([a-z0-9]{1,11})\.(.*)$/s.exec(payload);
  if (!m) return bad;
  const [, game, sideText, countText, check, name] = m;
  const side = Number(sideText);
  const count = Number(countText);
  if (name !== cleanName(name) || check !== signed(game, side, count, name, record)) return bad;
  return { ok: /** @type {true} */ (true), game, side, count, name };
}

// `href` without board `id`'s entry of a game between two devices (the game stays).
/** @param {string} href @param {string} id */
export function withoutMate(href, id) {
  const e = entries(href);
  if (!e) return href;
  const key = mateParam(id);
  const kept = e.parts.filter((p) => decode(p.split("=")[0]) !== key);
  const { url } = e;
  return `${url.origin}${url.pathname}${url.search}${kept.length ? `#${kept.join("&")}` : ""}`;
}

/**
 * What to do with a link `mate` (readMate's, ok) given what this device holds of the same
 * game (`held`: {game, side, count, record}, or null for a game it has never seen):
 * "take" (open it: this device plays mate.side), "same" (the position already on this
 * device), "old" (a position this device has already passed), "other-side" (the link is
 * for the other device: this device plays the other side of the game) or "differs" (the
 * same count as the game held, another record: changed on the way).
 * @param {{game: string, side: number, count: number}} mate
 * @param {string} record the link's record
 * @param {{game: string, side: number, count: number, record: string} | null} held
 */
export function judge(mate, record, held) {
  if (!held || held.game !== mate.game) return "take";
  if (mate.side !== held.side) return "other-side";
  if (mate.count < held.count) return "old";
  if (mate.count === held.count) return record === held.record ? "same" : "differs";
  return "take";
}

/**
 * Whether the game the engine read from a link agrees with what the link says of it: its
 * count of throws or moves, and its side to move (unless the game is over).
 * @param {{side: number, count: number}} mate
 * @param {{count: number, toMove: number | null, finished: boolean}} game
 */
export function agrees(mate, game) {
  return game.count === mate.count && (game.finished || game.toMove === mate.side);
}
