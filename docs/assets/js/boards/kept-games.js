// @ts-check
// The game kept for each board on this device: in localStorage (a reload, or the page
// opened again from the menu, resumes it) and in the page's address (a link to the page
// as it is). Whatever a board shows, from a click, the computer, a link, a saved game or a
// classmate's link, is kept here by one call (`keep`); a new game forgets it (`forget`).

import { strings } from "../i18n.js";
import { recordIn, withRecord, gameLink } from "./game-links.js";
import { call, errorText } from "./engine-calls.js";

/** The record of board `id` in the page's address, or null (see game-links.js). @param {string} id */
export function recordFromAddress(id) {
  return recordIn(location.href, id);
}

/** @param {string} id */
export function storageKey(id) {
  return `zaa:${location.pathname}:${id}`;
}

/** The record kept for board `id` on this device, or null. @param {string} id @returns {string | null} */
export function savedRecord(id) {
  try {
    return localStorage.getItem(storageKey(id));
  } catch {
    return null;
  }
}

/** A link to this page that opens `record` on board `id`. @param {string} id @param {string} record */
export function linkFor(id, record) {
  return gameLink(location.href, id, record);
}

/** The page's address made `href`, without a new entry in the history. @param {string} href */
export function setAddress(href) {
  try {
    if (href !== location.href) history.replaceState(history.state, "", href);
  } catch { /* ignore */ }
}

// Keep the current game: in localStorage (reload resumes it) and in the address's
// fragment (replaceState, so the back button is not flooded).
/** @param {string} id @param {string} record @param {{address?: boolean}} [options] */
export function keep(id, record, { address = true } = {}) {
  try {
    localStorage.setItem(storageKey(id), record);
  } catch { /* storage may be disabled: the address still holds the game */ }
  if (address) setAddress(withRecord(location.href, id, record));
}

/** @param {string} id */
export function forget(id) {
  try {
    localStorage.removeItem(storageKey(id));
  } catch { /* ignore */ }
  setAddress(withRecord(location.href, id, null));
}

// Whether board `id` will open another game than its block's own (`startRecord`): one in
// the address, or a saved one (what openGame tries first). Until the engine has read it,
// the position drawn at build time is not that game's.
/** @param {string} id @param {string | undefined} startRecord */
export function opensAnotherGame(id, startRecord) {
  const saved = savedRecord(id);
  return recordFromAddress(id) !== null || (saved !== null && saved !== startRecord);
}

// The view to open a board with: the address's game first, then the one kept, else null
// (the block's own start). Each candidate is read by the engine (`loadCmd`); a bad one is
// reported in words (`say`) and forgotten.
/**
 * @param {string} id
 * @param {string} loadCmd
 * @param {string | undefined} startRecord
 * @param {(text: string, kind: string) => void} say
 * @param {Record<string, unknown>} [args] what the request carries beside the record
 * @returns {Promise<any>}
 */
export async function openGame(id, loadCmd, startRecord, say, args = {}) {
  const L = strings();
  const fromAddress = recordFromAddress(id);
  if (fromAddress !== null) {
    try {
      return await call(loadCmd, { record: fromAddress, ...args });
    } catch (err) {
      forget(id);
      say(L.badLink(errorText(err)), "error");
      return null;
    }
  }
  const saved = savedRecord(id);
  if (saved !== null && saved !== startRecord) {
    try {
      return await call(loadCmd, { record: saved, ...args });
    } catch (err) {
      forget(id);
      say(L.badSaved(errorText(err)), "error");
      return null;
    }
  }
  return null;
}
