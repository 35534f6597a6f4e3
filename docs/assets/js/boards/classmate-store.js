// @ts-check
// What this device keeps of its games with a classmate (localStorage): for each game its
// side, its latest count and record, and when it last changed; for each board, the game
// it was playing; and the reader's name. The games least recently played beyond the last
// KEPT_GAMES are forgotten (a link of one of them is then taken as new).

import { storageKey } from "./kept-games.js";

/** @typedef {{game: string, side: number, count: number, record: string, at?: number}} HeldGame */

const GAME_PREFIX = "zaa-mate-game:";
const KEPT_GAMES = 30;
const NAME_KEY = "zaa-mate-name";

/** @param {string} key @returns {any} */
function load(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null");
  } catch {
    return null;
  }
}

/** @param {string} key @param {unknown} value */
function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch { /* storage may be disabled: the link still carries the game */ }
}

/** This device's copy of game `game`, or null. @param {string} game @returns {HeldGame | null} */
export function heldGame(game) {
  return load(`${GAME_PREFIX}${game}`);
}

/** Keep this device's copy of a game. @param {HeldGame} held */
export function keepGame(held) {
  store(`${GAME_PREFIX}${held.game}`, { ...held, at: Date.now() });
  try {
    /** @type {[string, number][]} */
    const games = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && key.startsWith(GAME_PREFIX)) games.push([key, (load(key) || {}).at || 0]);
    }
    games.sort((a, b) => b[1] - a[1]);
    for (const [key] of games.slice(KEPT_GAMES)) localStorage.removeItem(key);
  } catch { /* ignore */ }
}

/** The key of the game board `id` plays with a classmate. @param {string} id */
function pointerKey(id) {
  return `zaa-mate-board:${storageKey(id)}`;
}

/** The game board `id` was playing with a classmate, or null. @param {string} id @returns {string | null} */
export function boardGame(id) {
  return load(pointerKey(id));
}

/** The game board `id` plays with a classmate (null: none). @param {string} id @param {string | null} game */
export function setBoardGame(id, game) {
  store(pointerKey(id), game);
}

/** This device's copy of the game board `id` was playing, or null. @param {string} id */
export function boardHeldGame(id) {
  const game = boardGame(id);
  return game ? heldGame(game) : null;
}

/** The reader's name, as last typed. */
export function savedName() {
  try {
    return localStorage.getItem(NAME_KEY) || "";
  } catch {
    return "";
  }
}

/** @param {string} name */
export function saveName(name) {
  try { localStorage.setItem(NAME_KEY, name); } catch { /* ignore */ }
}
