// @ts-check
// The words of the interactive boards, in English and French.
// The language is the page's own (<html lang="...">, set by mkdocs-static-i18n).
// The words themselves live in the interface's tables, one per language, which the build
// writes into ./words.js; here they only get their values filled in. Narration is built
// from the engine's structured events: the engine decides what happened, these
// functions only say it.

import { WORDS } from "./words.js";

// "{side} moves": each {name} replaced by values[name] (left as is when not given).
export function fill(template, values = {}) {
  return String(template).replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

// A template of `one` and `other` forms, chosen by `n` (given to the template as {n}) and
// the language's rule (`plural` in its table: "one-is-1", or "one-below-2" as in French,
// where 0 and 1.5 take the singular too).
export function counted(forms, n, values = {}, L = strings()) {
  const one = L.plural === "one-below-2" ? Math.abs(n) < 2 : n === 1;
  return fill(one ? forms.one : forms.other, { n, ...values });
}

// A number written with a point ("1.5") as the page's language writes it ("1,5").
export function decimal(text, L = strings()) {
  return String(text).replace(".", L.decimalPoint);
}

// A percentage ("48") as the page's language writes it ("48%", "48 %").
export function percent(text, L = strings()) {
  return fill(L.percent, { n: text });
}

// The table's words, with the templates that take values as functions.
function phrasebook(W) {
  // an Awithlaknannai side's name ("Black") as a group ("the Blacks"), where a language needs it
  const group = (name) => {
    const i = W.colourName.indexOf(name);
    return i === -1 ? name : W.colourGroup[i];
  };
  return {
    ...W,
    badLink: (what) => fill(W.badLink, { what }),
    badSaved: (what) => fill(W.badSaved, { what }),
    replaying: (k, n) => fill(W.replaying, { k, n }),
    countersOf: (name, n) => counted(W.countersOf, n, { name }, W),
    awlOf: (name) => fill(W.awlOf, { name }),
    awlAt: (space) => (space === undefined ? "" : fill(W.awlAt, { space })),
    toThrow: (name) => fill(W.toThrow, { name }),
    toThrowTeam: (team, member) => fill(W.toThrowTeam, { team, member }),
    wins: (name) => fill(W.wins, { name }),
    stick: (i, marked) => fill(marked ? W.stick.marked : W.stick.plain, { i }),
    sahe: (marked) => (marked ? W.sahe.marked : W.sahe.plain),
    marksUp: (k, sahe) => (W.marksUp[k] ? W.marksUp[k][sahe ? "sahe" : "plain"] : String(k)),
    spacesWord: (v) => counted(W.spacesWord, v, {}, W),
    toMove: (name) => fill(W.toMove, { name, group: group(name) }),
    mustCapture: (name) => fill(W.mustCapture, { name, group: group(name) }),
    selected: (point) => fill(W.selected, { point }),
    continueChain: (point) => fill(W.continueChain, { point }),
    legalTo: (n) => counted(W.legalTo, n, {}, W),
    noPiece: (point) => fill(W.noPiece, { point }),
    cannotGo: (point) => fill(W.cannotGo, { point }),
    theirAwl: (name) => fill(W.theirAwl, { name }),
    played: (name, move) => fill(W.played, { name, move, group: group(name) }),
    capturedN: (n) => counted(W.capturedN, n, {}, W),
    ended: (name, reason) => (name
      ? fill(W.ended.win, { name, reason, group: group(name) })
      : fill(W.ended.draw, { reason })),
    boardLabel: (name) => fill(W.boardLabel, { name }),
    chooseVictim: (victims) => fill(W.chooseVictim, { victims: victims.join(W.or) }),
    twoVictims: (landing, victims) => fill(W.twoVictims, { landing, victims: victims.join(W.or) }),
    notTarget: (point, targets) => counted(W.notTarget, targets.length, { point, targets: targets.join(", ") }, W),
    who: (name) => fill(W.who, { name }),
    badLinkKept: (what) => fill(W.badLinkKept, { what }),
    opponentNow: () => fill(W.opponentNow, { opponent: W.opponent, person: W.person }),
    // a ruleset ("culin") of a game ("awithlaknannai") by the name readers know, and whose
    // reading it is (for a tooltip); an unknown id is shown as it is
    rulesetName: (game, id) => ((W.rulesetNames || {})[game] || {})[id] || id,
    rulesetSource: (game, id) => ((W.rulesetSources || {})[game] || {})[id] || "",
  };
}

const STRINGS = Object.fromEntries(Object.entries(WORDS).map(([code, W]) => [code, phrasebook(W)]));

export function lang() {
  const l = (document.documentElement.lang || "en").slice(0, 2).toLowerCase();
  return STRINGS[l] ? l : "en";
}

export function strings() {
  return STRINGS[lang()];
}

// Zohn Ahl: the words for one throw's events (engine/zohn_ahl/game.py's Event.to_dict()).
// `names` = [side 0 name, side 1 name]. Returns a list of sentences; an unknown kind is
// said plainly, never dropped.
export function narrateZohn(events, names, L = strings()) {
  const N = L.narrate;
  const out = [];
  const nm = (s) => (s === 0 || s === 1 ? names[s] : "");
  const num = (v) => (L.numberWord[v] !== undefined ? L.numberWord[v] : String(v));
  const kinds = events.map((e) => e.kind);
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    const side = e.side;
    const other = side === 0 || side === 1 ? names[1 - side] : "";
    const say = (template, values = {}) => out.push(fill(template, { side: nm(side), other, ...values }));
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
