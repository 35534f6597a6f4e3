// @ts-check
// A board's "Copy link": the link to the page with the board's game, shown in a field
// (selectable by hand where the clipboard is refused) and copied.

import { strings } from "../i18n.js";
import { copyText } from "../clipboard.js";
import { el } from "./dom.js";
import { linkFor } from "./kept-games.js";

/**
 * @param {string} id the board's id
 * @param {string} record the game shown
 * @param {(text: string) => void} say
 * @param {HTMLElement} box where the field goes
 * @returns {Promise<string>} the link
 */
export async function copyLink(id, record, say, box) {
  const L = strings();
  const url = linkFor(id, record) || location.href;   // (null only for an address that is not one)
  /** @type {HTMLInputElement | null} */
  let field = box.querySelector(".board-link");
  if (!field) {
    field = /** @type {HTMLInputElement} */ (el("input", { class: "board-link", type: "text", readonly: true, "aria-label": L.linkShown }));
    box.append(field);
  }
  field.value = url;
  field.hidden = false;
  const copied = await copyText(url, field);
  say(copied ? L.linkCopied : L.linkShown);
  return url;
}
