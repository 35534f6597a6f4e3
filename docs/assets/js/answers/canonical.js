// @ts-check
// Answers as the students' pages check them: what a student types, put in the same
// canonical form as the build's answer key, and hashed with the same salted hash. The
// Python twin of every function here is build_scripts/answer_keys.py, whose docstring
// explains the design (why a hash, which forms are one answer, why moves need no engine).
// No DOM here: node --test runs this module as it is.

const FNV_PRIME = 16777619;
const BASES = [2166136261, 3735928559];

/**
 * 16 hex digits: two FNV-1a hashes of salt + "\n" + canonical (UTF-8).
 * @param {string} salt
 * @param {string} canonical
 * @returns {string}
 */
export function answerHash(salt, canonical) {
  const data = new TextEncoder().encode(salt + "\n" + canonical);
  return BASES.map((base) => {
    let h = base >>> 0;
    for (const byte of data) {
      h = Math.imul((h ^ byte) >>> 0, FNV_PRIME) >>> 0;
    }
    return h.toString(16).padStart(8, "0");
  }).join("");
}

/** @param {bigint} a @param {bigint} b @returns {bigint} */
function gcd(a, b) {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** @param {bigint} p @param {bigint} q @returns {string} */
function fraction(p, q) {
  const g = gcd(p, q) || 1n;
  return `${p / g}/${q / g}`;
}

/**
 * A number as a student writes it (3/8, 0.375, 37.5 %, 0,375, 37,5 %): its canonical
 * reduced fraction, its near form ("~3:375", the digits after the decimal sign of the
 * probability; null for a fraction or a whole number), and its value; null when it is
 * not a number.
 * @param {string} text
 * @returns {{canonical: string, near: string | null, value: number} | null}
 */
export function readNumber(text) {
  const s = String(text).replace(/\s+/g, "");
  const m = /^(?:(\d+)\/(\d+)|(\d*)(?:[.,](\d*))?)(%?)$/.exec(s);
  if (!m || /^[.,]?%?$/.test(s)) return null;
  const pct = m[5] === "%";
  if (m[1] !== undefined) {
    const q = BigInt(m[2]);
    if (pct || q === 0n) return null;
    const p = BigInt(m[1]);
    return { canonical: fraction(p, q), near: null, value: Number(m[1]) / Number(m[2]) };
  }
  const whole = m[3] || "";
  const frac = m[4] || "";
  if (!(whole + frac)) return null;
  const digits = frac.length + (pct ? 2 : 0);
  const numerator = BigInt(whole + frac);
  const near = digits ? `~${digits}:${numerator}` : null;
  return {
    canonical: fraction(numerator, 10n ** BigInt(digits)),
    near,
    value: Number(numerator) / 10 ** digits,
  };
}

const MOVE = /^[a-z]+\d+(?:-[a-z]+\d+|(?:x[a-z]+\d+)+)$/;

/**
 * A move's canonical form: lower case, no spaces, no bracketed leapt points; null when
 * it is not written like a move.
 * @param {string} text
 * @returns {string | null}
 */
export function canonicalMove(text) {
  const s = String(text).toLowerCase().replace(/\s+/g, "").replace(/×/g, "x").replace(/[–—]/g, "-")
    .replace(/\([a-z]+\d+\)/g, "");
  return MOVE.test(s) ? s : null;
}

const LONG = /^[a-z]+\d+(?:x(?:\([a-z]+\d+\))?[a-z]+\d+)+$/;

/**
 * A capture written with at least one leapt point in brackets, in lower case without
 * spaces ("b2x(m3)t3xt5"), or null for anything else.
 * @param {string} text
 * @returns {string | null}
 */
export function canonicalLong(text) {
  const s = String(text).toLowerCase().replace(/\s+/g, "").replace(/×/g, "x");
  return s.includes("(") && LONG.test(s) ? s : null;
}

export const NO_MOVE = ["none", "aucun", "aucune", "-", "—"];

/**
 * A list of moves: {canonical} (sorted, once each, "none" for no move), or {bad} naming
 * the first token that is not written like a move.
 * @param {string} text
 * @returns {{canonical: string} | {bad: string} | null}
 */
export function canonicalMoves(text) {
  const tokens = String(text).trim().toLowerCase().split(/[\s,;]+/).filter(Boolean);
  if (tokens.length === 0) return null;
  if (tokens.length === 1 && NO_MOVE.includes(tokens[0])) return { canonical: "none" };
  const moves = [];
  for (const token of tokens) {
    const move = canonicalMove(token);
    if (move === null) return { bad: token };
    moves.push(move);
  }
  return { canonical: [...new Set(moves)].sort().join(" ") };
}

/**
 * "A B C D" from "awls A B, counters C D" (any words around four numbers), or null.
 * @param {string} text
 * @returns {string | null}
 */
export function canonicalState(text) {
  const numbers = String(text).match(/\d+/g) || [];
  return numbers.length === 4 ? numbers.map((n) => String(Number(n))).join(" ") : null;
}

export const OUTCOME_WORDS = {
  "black wins": ["black wins", "black", "noir", "noirs", "les noirs gagnent", "noir gagne"],
  "white wins": ["white wins", "white", "blanc", "blancs", "les blancs gagnent", "blanc gagne"],
  draw: ["draw", "nulle", "partie nulle", "match nul", "nul"],
  "not over": ["not over", "la partie continue", "continue", "pas finie"],
};

/**
 * The English key of an outcome written in either language, or null.
 * @param {string} text
 * @returns {string | null}
 */
export function canonicalOutcome(text) {
  const s = String(text).trim().toLowerCase().replace(/[.!]+$/, "").replace(/\s+/g, " ");
  for (const [key, words] of Object.entries(OUTCOME_WORDS)) {
    if (words.includes(s)) return key;
  }
  return null;
}

/**
 * Check one answer against a field's key. `field` is what the build wrote: its kind
 * ("number", "moves", "move", "state", "outcome"), its salt, the hashes of the right
 * canonical forms (`answers`) and (`near`) of a number's accepted rounded forms or of the
 * bracketed forms of the right captures; (`coarse`) a number's forms to 1 or 2 decimal
 * places, (`early`) the right captures' chains stopped before their end.
 * Returns {right: true}, or {right: false, why} with why one of "unread" (not in the
 * expected form), "range" (a probability above 1), "coarse" (close, but fewer decimal
 * places than asked), "bad-move" (with the token), "wrong", "early" (wrong, with a chain
 * of leaps stopped before its end), "leapt" (the right moves, but a point in brackets is
 * not the one leapt; with the token).
 * @param {{kind: string, salt: string, answers: string[], near?: string[], coarse?: string[], early?: string[]}} field
 * @param {string} text
 * @returns {{right: boolean, why?: string, token?: string}}
 */
export function checkAnswer(field, text) {
  const hit = (/** @type {string | null} */ form, list = field.answers) =>
    form !== null && list.includes(answerHash(field.salt, form));
  if (field.kind === "number") {
    const n = readNumber(text);
    if (!n) return { right: false, why: "unread" };
    if (hit(n.canonical) || hit(n.near, field.near || [])) return { right: true };
    if (hit(n.near, field.coarse || [])) return { right: false, why: "coarse" };
    return { right: false, why: n.value > 1 ? "range" : "wrong" };
  }
  // a right answer whose moves are written with brackets: each bracketed form must be one
  // of a right capture's
  const leapt = (/** @type {string[]} */ tokens) => {
    for (const token of tokens) {
      if (token.includes("(") && !hit(canonicalLong(token), field.near || [])) {
        return { right: false, why: "leapt", token };
      }
    }
    return { right: true };
  };
  // a chain of leaps stopped before its end: the start of a right capture
  const early = (/** @type {(string | null)[]} */ moves) =>
    moves.some((m) => hit(m, field.early || []));
  if (field.kind === "moves") {
    const r = canonicalMoves(text);
    if (!r) return { right: false, why: "unread" };
    if ("bad" in r) return { right: false, why: "bad-move", token: r.bad };
    if (!hit(r.canonical)) return { right: false, why: early(r.canonical.split(" ")) ? "early" : "wrong" };
    return leapt(String(text).trim().split(/[\s,;]+/));
  }
  if (field.kind === "move") {
    const tokens = String(text).trim().split(/[\s,;]+/).filter(Boolean);
    if (tokens.length === 0) return { right: false, why: "unread" };
    if (tokens.length > 1) return { right: false, why: "one-move" };
    const move = canonicalMove(tokens[0]);
    if (move === null) return { right: false, why: "bad-move", token: tokens[0] };
    return hit(move) ? leapt(tokens) : { right: false, why: early([move]) ? "early" : "wrong" };
  }
  const form = field.kind === "state" ? canonicalState(text) : canonicalOutcome(text);
  if (form === null) return { right: false, why: "unread" };
  return hit(form) ? { right: true } : { right: false, why: "wrong" };
}
