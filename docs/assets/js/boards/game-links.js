// @ts-check
// Games in page addresses, as pure functions of an address (no page needed, so they are
// tested under Node). A board's game travels in the address's fragment,
//
//   https://site/awithlaknannai/#game-board-1=<the record, percent-encoded>
//
// which the browser never sends to the server: no server limits its length, and the record
// stays between the reader and the page. Several boards share the fragment, joined by
// "&". Links of the older form, with the record in the query (?game-board-1=...), are still
// read. Every link built here is the page's own origin and path plus a fragment: whatever
// the address or the record hold, a link never leads off the site.

const PREFIX = "game-";

/** @param {string} id */
export function paramName(id) {
  return `${PREFIX}${id}`;
}

// The entries of a fragment: [[key, value-or-null], ...]. A part without "=" (an anchor
// such as #board-1) has the value null.
/** @param {string} hash @returns {[string, string | null][]} */
function fragmentEntries(hash) {
  const body = String(hash || "").replace(/^#/, "");
  if (!body) return [];
  return body.split("&").filter(Boolean).map((part) => {
    const at = part.indexOf("=");
    return at < 0 ? [part, null] : [part.slice(0, at), part.slice(at + 1)];
  });
}

/** @param {string} text */
function decode(text) {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;   // a broken %-escape: the engine reads (and refuses) the text as it is
  }
}

/** @param {string} href */
function parse(href) {
  try {
    return new URL(href);
  } catch {
    return null;
  }
}

// The record of board `id` in the address `href`, or null: the fragment first, then the
// query of an older link.
/** @param {string} href @param {string} id @returns {string | null} */
export function recordIn(href, id) {
  const url = parse(href);
  if (!url) return null;
  const key = paramName(id);
  for (const [k, v] of fragmentEntries(url.hash)) {
    if (v !== null && decode(k) === key) return decode(v);
  }
  return url.searchParams.get(key);
}

// The names the address `href` gives, decoded: each key of its fragment (a game, a
// classmate's game, an anchor) and of its query (an older link's game).
/** @param {string} href @returns {Set<string>} */
export function keysIn(href) {
  const url = parse(href);
  if (!url) return new Set();
  return new Set([...fragmentEntries(url.hash).map(([k]) => decode(k)), ...url.searchParams.keys()]);
}

// `href` holding `record` for board `id` (null: holding none). The other boards' games
// stay; an anchor gives way to the game (the fragment holds one or the other); the game of
// an older link leaves the query.
/** @param {string} href @param {string} id @param {string | null} record */
export function withRecord(href, id, record) {
  const url = parse(href);
  if (!url) return href;
  const key = paramName(id);
  url.searchParams.delete(key);
  const entries = fragmentEntries(url.hash);
  const kept = entries.filter(([k, v]) => decode(k) !== key && (v !== null || record === null));
  if (record !== null) kept.push([key, encodeURIComponent(record)]);
  const hash = kept.map(([k, v]) => (v === null ? k : `${k}=${v}`)).join("&");
  const query = url.searchParams.toString();
  return `${url.origin}${url.pathname}${query ? `?${query}` : ""}${hash ? `#${hash}` : ""}`;
}

// The link to give another reader: this page, with only this board's game.
/** @param {string} href @param {string} id @param {string} record @returns {string | null} null for an address that is not one */
export function gameLink(href, id, record) {
  const url = parse(href);
  if (!url) return null;
  const link = `${url.origin}${url.pathname}#${paramName(id)}=${encodeURIComponent(record)}`;
  const back = parse(link);
  return back && back.origin === url.origin ? link : `${url.origin}/#${paramName(id)}=${encodeURIComponent(record)}`;
}
