// @ts-check
// The words of the interactive boards, in English and French.
// The language is the page's own (<html lang="...">, set by mkdocs-static-i18n).
// The words themselves live in the interface's tables, one per language, which the build
// writes into ./words.js; here they only get their values filled in. Narration comes
// from the engine as phrases (word keys and their values): the engine decides what
// happened and what is said of it, these functions only word it.

import { WORDS } from "./words.js";

// "{side} moves": each {name} replaced by values[name] (left as is when not given).
/** @param {string} template @param {Record<string, unknown>} [values] @returns {string} */
export function fill(template, values = {}) {
  return String(template).replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(/** @type {Record<string, unknown>} */ (values)[key]) : whole));
}

// A template of `one` and `other` forms, chosen by `n` (given to the template as {n}) and
// the language's rule (`plural` in its table: "one-is-1", or "one-below-2" as in French,
// where 0 and 1.5 take the singular too).
/** @param {{one: string, other: string}} forms @param {number} n @param {Record<string, unknown>} [values] @param {Record<string, any>} [L] */
export function counted(forms, n, values = {}, L = strings()) {
  const one = L.plural === "one-below-2" ? Math.abs(n) < 2 : n === 1;
  return fill(one ? forms.one : forms.other, { n, ...values });
}

// A number written with a point ("1.5") as the page's language writes it ("1,5").
/** @param {string} text @param {Record<string, any>} [L] */
export function decimal(text, L = strings()) {
  return String(text).replace(".", L.decimalPoint);
}

// A percentage ("48") as the page's language writes it ("48%", "48 %").
/** @param {string} text @param {Record<string, any>} [L] */
export function percent(text, L = strings()) {
  return fill(L.percent, { n: text });
}

// The table's words, with the templates that take values as functions.
/** @param {Record<string, any>} W @returns {Record<string, any>} */
function phrasebook(W) {
  // an Awithlaknannai side's words by its name's key (the view's `sides[n].name`): its
  // name ("Black") and its name as a group ("the Blacks"), where a language needs it
  const side = (/** @type {string} */ key) => ({ name: W.colourName[key] || key, group: W.colourGroup[key] || key });
  return {
    ...W,
    words: W,   // the table as written, where a phrase's key is looked up (word)
    sideWords: side,
    /** @param {string} what */
    badLink: (what) => fill(W.badLink, { what }),
    /** @param {string} what */
    badSaved: (what) => fill(W.badSaved, { what }),
    /** @param {number} k @param {number} n */
    replaying: (k, n) => fill(W.replaying, { k, n }),
    /** @param {string} name @param {number} n */
    countersOf: (name, n) => counted(W.countersOf, n, { name }, W),
    /** @param {string} name */
    awlOf: (name) => fill(W.awlOf, { name }),
    /** @param {number | undefined} space */
    awlAt: (space) => (space === undefined ? "" : fill(W.awlAt, { space })),
    /** @param {string} name */
    toThrow: (name) => fill(W.toThrow, { name }),
    /** @param {string} team @param {string} member */
    toThrowTeam: (team, member) => fill(W.toThrowTeam, { team, member }),
    /** @param {string} name */
    wins: (name) => fill(W.wins, { name }),
    /** @param {number} i @param {boolean} marked */
    stick: (i, marked) => fill(marked ? W.stick.marked : W.stick.plain, { i }),
    /** @param {boolean} marked */
    sahe: (marked) => (marked ? W.sahe.marked : W.sahe.plain),
    /** @param {number} v */
    /** @param {string} key the side's name's key */
    toMove: (key) => fill(W.toMove, side(key)),
    /** @param {string} key the side's name's key */
    mustCapture: (key) => fill(W.mustCapture, side(key)),
    /** @param {string} point */
    selected: (point) => fill(W.selected, { point }),
    /** @param {string} point */
    continueChain: (point) => fill(W.continueChain, { point }),
    /** @param {number} n */
    legalTo: (n) => counted(W.legalTo, n, {}, W),
    /** @param {string} point */
    noPiece: (point) => fill(W.noPiece, { point }),
    /** @param {string} point */
    cannotGo: (point) => fill(W.cannotGo, { point }),
    /** @param {string} name */
    theirAwl: (name) => fill(W.theirAwl, { name }),
    // an Awithlaknannai move announced: the sentence the engine names (the move's `said`),
    // filled with the values it gives, the side named through the view's `sides`
    /** @param {{key: string, side: number, move: string, n: number}} said @param {{name: string}[]} sides */
    moveSaid: (said, sides) => {
      const template = W.moveSaid[said.key];
      const values = { ...side(sides[said.side].name), move: said.move };
      if (template === undefined) return `${values.name}: ${said.move}.`;
      return typeof template === "string" ? fill(template, values) : counted(template, said.n, values, W);
    },
    /** @param {string | null} key the winner's name's key (null: a draw) @param {string} reason */
    ended: (key, reason) => (key
      ? fill(W.ended.win, { ...side(key), reason })
      : fill(W.ended.draw, { reason })),
    /** @param {string} name */
    boardLabel: (name) => fill(W.boardLabel, { name }),
    /** @param {string[]} victims */
    chooseVictim: (victims) => fill(W.chooseVictim, { victims: victims.join(W.or) }),
    /** @param {string} landing @param {string[]} victims */
    twoVictims: (landing, victims) => fill(W.twoVictims, { landing, victims: victims.join(W.or) }),
    /** @param {string} point @param {string[]} targets */
    notTarget: (point, targets) => counted(W.notTarget, targets.length, { point, targets: targets.join(", ") }, W),
    /** @param {string} what */
    badLinkKept: (what) => fill(W.badLinkKept, { what }),
    /** @param {string} what */
    moveRefusedKept: (what) => fill(W.moveRefusedKept, { what }),
    opponentNow: () => fill(W.opponentNow, { opponent: W.opponent, person: W.person }),
    // a ruleset ("culin") of a game ("awithlaknannai") by the name readers know, and whose
    // reading it is (for a tooltip); an unknown id is shown as it is
    /** @param {string} game @param {string} id */
    rulesetName: (game, id) => ((W.rulesetNames || {})[game] || {})[id] || id,
    /** @param {string} game @param {string} id */
    rulesetSource: (game, id) => ((W.rulesetSources || {})[game] || {})[id] || "",
  };
}

const STRINGS = Object.fromEntries(Object.entries(WORDS).map(([code, W]) => [code, phrasebook(W)]));

export function lang() {
  const l = (document.documentElement.lang || "en").slice(0, 2).toLowerCase();
  return STRINGS[l] ? l : "en";
}

/** @returns {Record<string, any>} */
export function strings() {
  return STRINGS[lang()];
}

// The table's entry `key`, a dotted path ("narrate.move.other", "sideName.0"): its words,
// or a counted entry's forms ({one, other}); undefined when the table has no such entry.
/** @param {string} key @param {Record<string, any>} L @returns {any} */
function entry(key, L) {
  /** @type {any} */
  let found = L.words || L;
  for (const part of key.split(".")) found = found === null || found === undefined ? undefined : found[part];
  return found;
}

// The words of the table's entry `key`, or the key itself when the table has no such words.
/** @param {string} key @param {Record<string, any>} [L] @returns {string} */
export function word(key, L = strings()) {
  const found = entry(key, L);
  return typeof found === "string" ? found : key;
}

// A phrase of the engine's view ({key, values}: engine/view.py's Phrase) in the page's
// language, as engine.words.say fills it: each value filled in (a text as it is, a number
// with the language's decimal point, a phrase by its own words), and a counted entry's
// form chosen by the value `n`. The engine decides what is said; here it is only worded.
/** @param {import("../../../types/view").Phrase} p @param {Record<string, any>} [L] @returns {string} */
export function sayPhrase(p, L = strings()) {
  /** @type {Record<string, string>} */
  const values = {};
  for (const [name, v] of Object.entries(p.values || {})) {
    values[name] = typeof v === "object" ? sayPhrase(v, L) : typeof v === "number" ? decimal(String(v), L) : String(v);
  }
  const found = entry(p.key, L);
  if (found && typeof found === "object" && typeof found.one === "string") {
    return counted(found, Number((p.values || {}).n), values, L);
  }
  return fill(typeof found === "string" ? found : p.key, values);
}

// The phrases of one throw (or any list of them), said one after the other.
/** @param {import("../../../types/view").Phrase[] | undefined} list @param {Record<string, any>} [L] @returns {string} */
export function sayPhrases(list, L = strings()) {
  return (list || []).map((p) => sayPhrase(p, L)).join(" ");
}
