// @ts-check
// The words of the interactive boards, in English and French.
// The language is the page's own (<html lang="...">, set by mkdocs-static-i18n).
// The words themselves live in the interface's tables, one per language, which the build
// writes into ./words.js; here they only get their values filled in. Narration is built
// from the engine's structured events: the engine decides what happened, these
// functions only say it.

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
  // an Awithlaknannai side's name ("Black") as a group ("the Blacks"), where a language needs it
  const group = (/** @type {string} */ name) => {
    const i = W.colourName.indexOf(name);
    return i === -1 ? name : W.colourGroup[i];
  };
  return {
    ...W,
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
    /** @param {number} k @param {boolean} sahe */
    marksUp: (k, sahe) => (W.marksUp[k] ? W.marksUp[k][sahe ? "sahe" : "plain"] : String(k)),
    /** @param {number} v */
    spacesWord: (v) => counted(W.spacesWord, v, {}, W),
    /** @param {string} name */
    toMove: (name) => fill(W.toMove, { name, group: group(name) }),
    /** @param {string} name */
    mustCapture: (name) => fill(W.mustCapture, { name, group: group(name) }),
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
    // filled with the values it gives
    /** @param {{key: string, side: number, move: string, n: number}} said */
    moveSaid: (said) => {
      const template = W.moveSaid[said.key];
      const name = W.colourName[said.side];
      const values = { name, group: group(name), move: said.move };
      if (template === undefined) return `${name}: ${said.move}.`;
      return typeof template === "string" ? fill(template, values) : counted(template, said.n, values, W);
    },
    /** @param {string} name @param {string} reason */
    ended: (name, reason) => (name
      ? fill(W.ended.win, { name, reason, group: group(name) })
      : fill(W.ended.draw, { reason })),
    /** @param {string} name */
    boardLabel: (name) => fill(W.boardLabel, { name }),
    /** @param {string[]} victims */
    chooseVictim: (victims) => fill(W.chooseVictim, { victims: victims.join(W.or) }),
    /** @param {string} landing @param {string[]} victims */
    twoVictims: (landing, victims) => fill(W.twoVictims, { landing, victims: victims.join(W.or) }),
    /** @param {string} point @param {string[]} targets */
    notTarget: (point, targets) => counted(W.notTarget, targets.length, { point, targets: targets.join(", ") }, W),
    /** @param {string} name */
    who: (name) => fill(W.who, { name }),
    /** @param {string} what */
    badLinkKept: (what) => fill(W.badLinkKept, { what }),
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

// Zohn Ahl: the words for one throw's events (engine/zohn_ahl/game.py's Event.to_dict()).
// `names` = [side 0 name, side 1 name]. Returns a list of sentences; an unknown kind is
// said plainly, never dropped.
/** @param {Record<string, any>[]} events @param {string[]} names @param {Record<string, any>} [L] @returns {string[]} */
export function narrateZohn(events, names, L = strings()) {
  const N = L.narrate;
  /** @type {string[]} */
  const out = [];
  const nm = (/** @type {number | undefined} */ s) => (s === 0 || s === 1 ? names[s] : "");
  const num = (/** @type {number} */ v) => (L.numberWord[v] !== undefined ? L.numberWord[v] : String(v));
  const kinds = events.map((e) => e.kind);
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    const side = e.side;
    const other = side === 0 || side === 1 ? names[1 - side] : "";
    const say = (/** @type {string} */ template, /** @type {Record<string, unknown>} */ values = {}) => out.push(fill(template, { side: nm(side), other, ...values }));
    const next = events[i + 1] || {};
    switch (e.kind) {
      case "throw": {
        const th = String(e.throw || "");
        const k = [...th].filter((c) => c === "1").length;
        const again = kinds.includes("extra-throw");
        say(again ? N.throw.again : N.throw.once, { marks: L.marksUp(k, th[3] === "1"), value: num(e.value) });
        break;
      }
      case "move":
        if (["creek", "torrent", "river"].includes(next.kind)) break;   // said with the fall
        if (next.kind === "lap" && next.to_space === 0) break;          // printable: said with the lap
        say(e.value === 1 ? N.move.one : N.move.other, { count: num(e.value), to: e.to_space });
        break;
      case "creek":
      case "torrent":
      case "river":
      case "circuit":
      case "ravine":
      case "skip":
      case "win":
        say(N[e.kind]);
        break;
      case "lap":
        if (e.target_space === 0 && e.to_space === 0) say(N.lapBoth);
        else if (e.target === 0 || e.target === 1) say(N.lapTarget);
        else say(N.lapSelf);
        break;
      case "whip":
      case "capture": {
        const victim = e.target === 0 || e.target === 1 ? e.target : 1 - side;
        say(N[e.kind], { victim: nm(victim) });
        break;
      }
      case "gully":
        if (e.reason === "cross") break;   // said with the crossing
        {
          const lost = events.slice(i + 1).find((x) => x.kind === "lost-throw");
          say(lost && lost.reason === "extra-throw" ? N.gullyThrow : N.gullyTurn);
        }
        break;
      case "cross":
        say(N.cross, { to: e.to_space });
        break;
      case "lost-throw":
        break;   // said with the gully or the ravine
      case "no-move":
        say(N.noMove);
        break;
      case "extra-throw":
        break;   // said with the throw
      case "skip-cancelled":
        if (e.reason === "both-due") {
          if (events[i - 1] && events[i - 1].kind === "skip-cancelled") break;
          say(N.skipBoth);
        } else {
          say(N.skipCancelled);
        }
        break;
      case "turn":
        if (e.reason === "extra-throw") break;
        say(N.turn);
        break;
      default:
        say(N.other, { kind: String(e.kind).replace(/-/g, " ") });
    }
  }
  return out;
}
