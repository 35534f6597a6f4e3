// @ts-check
// The hand-in code: what a student hands in for a lesson page, as letters and digits in
// groups of four. The format is specified in spec/hand-in-code.md; this module is its one
// implementation in the site (the students' pages write codes, the teachers' results page
// reads them), and build_scripts/hand_in_code.py is the reference reader the tests compare
// it with. No DOM here: node --test runs this module as it is.

export const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const FORMAT = 1;
const CRC_POLY = 0x4599; // CRC-15 (CAN): every error burst of 15 bits or fewer is caught
export const MAX_NAME_BYTES = 15;
export const MAX_TRIES = 15;
export const MAX_TALLY = 2047;
// the shortest code: 3 + 10 + 10 + 6 + 1 + 4 bits, padded to 35, and the check's 15
export const MIN_LENGTH = 10;

/** @param {number[]} bits @param {number} value @param {number} width */
function put(bits, value, width) {
  for (let i = width - 1; i >= 0; i--) bits.push((value >>> i) & 1);
}

/** @param {number[]} bits @returns {number} the CRC-15 of the bits, in order */
export function crc15(bits) {
  let crc = 0;
  for (const bit of bits) {
    const top = (crc >>> 14) & 1;
    crc = (crc << 1) & 0x7fff;
    if (top ^ bit) crc ^= CRC_POLY;
  }
  return crc;
}

/**
 * A name or initials cut to whole characters within MAX_NAME_BYTES bytes of UTF-8.
 * @param {string} name
 * @returns {string}
 */
export function fitName(name) {
  let out = "";
  const enc = new TextEncoder();
  for (const ch of String(name).trim().replace(/\s+/g, " ")) {
    if (enc.encode(out + ch).length > MAX_NAME_BYTES) break;
    out += ch;
  }
  return out.replace(/ +$/, "");
}

/**
 * @typedef {{lesson: number, version: number, tries: number[], tally?: number[] | null,
 *   name?: string}} HandIn
 * lesson and version: 10 bits each; tries: per answer field, 0 = not answered right,
 * k = right on try k (MAX_TRIES meaning that many or more); tally: five counts (0 to 4
 * marks), or none.
 */

/**
 * The code of a hand-in, grouped "XXXX-XXXX-…".
 * @param {HandIn} h
 * @returns {string}
 */
export function encode(h) {
  /** @type {number[]} */
  const bits = [];
  put(bits, FORMAT, 3);
  put(bits, h.lesson & 0x3ff, 10);
  put(bits, h.version & 0x3ff, 10);
  if (h.tries.length > 63) throw new RangeError("at most 63 answers in a code");
  put(bits, h.tries.length, 6);
  for (const t of h.tries) put(bits, Math.max(0, Math.min(MAX_TRIES, Math.floor(t) || 0)), 4);
  const tally = h.tally || null;
  put(bits, tally ? 1 : 0, 1);
  if (tally) {
    if (tally.length !== 5) throw new RangeError("a tally has five counts");
    for (const n of tally) put(bits, Math.max(0, Math.min(MAX_TALLY, Math.floor(n) || 0)), 11);
  }
  const name = new TextEncoder().encode(fitName(h.name || ""));
  put(bits, name.length, 4);
  for (const byte of name) put(bits, byte, 8);
  while (bits.length % 5) bits.push(0);
  put(bits, crc15(bits), 15);
  let text = "";
  for (let i = 0; i < bits.length; i += 5) {
    let v = 0;
    for (let j = 0; j < 5; j++) v = (v << 1) | bits[i + j];
    text += ALPHABET[v];
  }
  return (text.match(/.{1,4}/g) || []).join("-");
}

/**
 * The characters of a code as typed: upper case, without spaces and hyphens, with the
 * look-alikes read as Crockford's base 32 reads them (O as 0, I and L as 1).
 * @param {string} text
 * @returns {string}
 */
export function normalise(text) {
  return String(text).toUpperCase().replace(/[\s\-‐‑–—_.]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
}

/** @param {string} chars @returns {number[]} */
function toBits(chars) {
  /** @type {number[]} */
  const bits = [];
  for (const ch of chars) put(bits, ALPHABET.indexOf(ch), 5);
  return bits;
}

/** @param {number[]} bits @returns {boolean} */
function crcOk(bits) {
  if (bits.length < 20) return false;
  const body = bits.slice(0, -15);
  let crc = 0;
  for (const b of bits.slice(-15)) crc = (crc << 1) | b;
  return crc15(body) === crc;
}

/**
 * @param {number[]} bits
 * @returns {HandIn | null}
 */
function parse(bits) {
  let at = 0;
  const end = bits.length - 15;
  const take = (/** @type {number} */ width) => {
    if (at + width > end) throw new RangeError("short");
    let v = 0;
    for (let i = 0; i < width; i++) v = v * 2 + bits[at++];
    return v;
  };
  try {
    if (take(3) !== FORMAT) return null;
    const lesson = take(10);
    const version = take(10);
    const n = take(6);
    const tries = [];
    for (let i = 0; i < n; i++) tries.push(take(4));
    let tally = null;
    if (take(1)) {
      tally = [];
      for (let i = 0; i < 5; i++) tally.push(take(11));
    }
    const length = take(4);
    const bytes = new Uint8Array(length);
    for (let i = 0; i < length; i++) bytes[i] = take(8);
    if (end - at >= 5 || bits.slice(at, end).some((b) => b)) return null;
    const name = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return { lesson, version, tries, tally, name };
  } catch (err) {
    return null;
  }
}

/**
 * Read a code. {ok: true, handIn, code} or {ok: false, why, ...}: why "empty", "chars"
 * (with `chars`, the characters that are not in the alphabet), "format" (too short, or
 * written in groups longer than four: words, not a code), "typo" (a check failed;
 * `at`, the 1-based place of the one character whose change would repair it, when there
 * is exactly one such place) or "format" (the check passes but the content is not a
 * code of this format).
 * @param {string} text
 * @returns {{ok: boolean, handIn?: HandIn, code?: string, why?: string, chars?: string, at?: number}}
 */
export function decode(text) {
  const chars = normalise(text);
  if (!chars) return { ok: false, why: "empty" };
  const bad = [...new Set([...chars].filter((ch) => !ALPHABET.includes(ch)))];
  if (bad.length) return { ok: false, why: "chars", chars: bad.join("") };
  const groups = String(text).trim().split(/[\s\-‐‑–—_.]+/).filter(Boolean);
  if (chars.length < MIN_LENGTH || (groups.length > 1 && groups.some((g) => g.length > 4))) {
    return { ok: false, why: "format" };
  }
  const bits = toBits(chars);
  if (!crcOk(bits)) {
    const places = new Set();
    for (let i = 0; i < chars.length; i++) {
      for (const ch of ALPHABET) {
        if (ch === chars[i]) continue;
        const fixed = toBits(chars.slice(0, i) + ch + chars.slice(i + 1));
        if (crcOk(fixed) && parse(fixed)) places.add(i);
      }
    }
    return places.size === 1 ? { ok: false, why: "typo", at: [...places][0] + 1 } : { ok: false, why: "typo" };
  }
  const handIn = parse(bits);
  if (!handIn) return { ok: false, why: "format" };
  return { ok: true, handIn, code: (chars.match(/.{1,4}/g) || []).join("-") };
}
