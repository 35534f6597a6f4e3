// @ts-check
// The probability lab: the tables and charts the build computed (for fair sticks) come to
// life. A bias control asks the engine (the same worker as the boards) to work every part
// out again for other sticks: each part is shown as it lands, asking again stops the
// computation under way, and fair sticks bring back the build's own figures. The tally
// compares a class's own throws with the exact expectation (chi-square, said in words).
// In student mode (a part marked data-aids="off" by the build) the throws keep the figures
// of fair sticks and the tally only adds up the counts: those answers are the student's.
// Does nothing on pages without a lab.

import { lang, strings, fill, decimal, percent } from "./i18n.js";
import { call, cancel, engineReady, errorText, isCancelled } from "./boards/engine-calls.js";
import { onEveryPage } from "./every-page.js";

const CRITICAL_5_PERCENT_4_DF = 9.488;

/** A word's value: a number or its text. @typedef {string | number} Value */
// The lab's words (the `lab` part of the page's words), as functions of their values.
function W() {
  /** @type {Record<string, string>} */
  const T = strings().lab;
  return {
    starting: T.starting, ready: T.ready, throws: T.throws, chart: T.chart, byCounters: T.byCounters,
    verdictNone: T.verdictNone,
    working: (/** @type {Value} */ what, /** @type {Value} */ i, /** @type {Value} */ n) => fill(T.working, { what, i, n }),
    done: (/** @type {Value} */ p, /** @type {Value} */ n) => fill(T.done, { p, n }),
    failed: (/** @type {string} */ message) => fill(T.failed, { message }),
    caption: (/** @type {Value} */ p, /** @type {Value} */ n) => fill(T.caption, { p, n }),
    extra: (/** @type {Value} */ p) => fill(T.extra, { p }),
    comeback: (/** @type {Value} */ t, /** @type {Value} */ n) => fill(T.comeback, { t, n }),
    total: (/** @type {Value} */ n) => fill(T.total, { n }),
    small: (/** @type {Value} */ e) => fill(T.small, { e }),
    fits: (/** @type {Value} */ x) => fill(T.fits, { x, limit: num(CRITICAL_5_PERCENT_4_DF, 2) }),
    odd: (/** @type {Value} */ x) => fill(T.odd, { x, limit: num(CRITICAL_5_PERCENT_4_DF, 2) }),
  };
}

/** @param {number} x @param {number} [digits] */ function num(x, digits = 1) {
  return decimal(x.toFixed(digits));
}

/** @param {number} x @param {number} [digits] */ function pc(x, digits = 0) {
  const v = 100 * x;
  let t = num(v, digits);
  if (digits === 0 && v > 0 && v < 0.5) t = "<1";
  if (digits === 0 && v >= 99.5 && v < 100) t = ">99";
  return percent(t);
}

/** A ruleset's name, as its row of the rulesets' table says it. @param {HTMLElement} row */
function rowName(row) {
  return (row.querySelector("th") || row).textContent || "";
}

// The rows of the rulesets' table, one per ruleset the lab compares (data-ruleset, data-gully).
function rulesetRows() {
  return [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".lab-rulesets tr[data-ruleset]"))];
}

/** The element of `root` that `selector` finds; an Error naming it when there is none.
 * @template {Element} T @param {ParentNode} root @param {string} selector
 * @param {new (...args: any[]) => T} Kind @returns {T} */
function one(root, selector, Kind) {
  const found = root.querySelector(selector);
  if (!(found instanceof Kind)) throw new Error(`the lab has no ${selector}`);
  return found;
}

class Lab {
  /** @param {HTMLElement} controls */
  constructor(controls) {
    this.controls = controls;
    this.bias = one(controls, '[data-lab="bias"]', HTMLInputElement);
    this.counters = one(controls, '[data-lab="counters"]', HTMLSelectElement);
    this.button = one(controls, '[data-lab="recompute"]', HTMLButtonElement);
    this.status = document.querySelector('[data-lab="status"]');
    /** @type {HTMLElement | null} */
    this.verdict = document.querySelector('[data-lab="verdict"]');
    /** @type {HTMLElement | null} */
    this.tally = document.querySelector('.lab[data-lab="tally"]');
    // student mode: the tally adds up and no more, its shares those of fair sticks
    this.tallyAids = !this.tally || this.tally.dataset.aids !== "off";
    this.shares = [1, 4, 6, 4, 1].map((x) => x / 16);
    this.busy = false;
    this.preparing = false;
    this.run = 0;
    this.built = this.keepBuilt();
    this.countersBias = this.built.bias; // the bias the board by counters is shown for
    this.button.addEventListener("click", () => this.recompute());
    this.bias.addEventListener("keydown", (/** @type {KeyboardEvent} */ ev) => { if (ev.key === "Enter") { ev.preventDefault(); this.recompute(); } });
    if (this.tally) {
      /** @type {NodeListOf<HTMLInputElement>} */ (this.tally.querySelectorAll("input[data-k]")).forEach((inp) => {
        inp.disabled = false;
        inp.addEventListener("input", () => this.compare());
      });
      this.compare();
    }
  }

  async start() {
    this.say(W().starting);
    for (const c of [this.bias, this.counters, this.button]) c.disabled = false;
    try {
      await engineReady();
    } catch (err) {
      // the button stays: pressing it tries again (the engine may start on a later try)
      this.say(W().failed(errorText(err)));
      return;
    }
    this.controls.dataset.ready = "true";
    this.say(W().ready);
    // Once the reader comes to the controls (they are in view, or take the keyboard),
    // what every bias shares is worked out while they read and type.
    const soon = () => { this.prepare(); };
    this.controls.addEventListener("focusin", soon, { once: true });
    if (typeof IntersectionObserver === "function") {
      const seen = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          seen.disconnect();
          soon();
        }
      });
      seen.observe(this.controls);
    } else {
      soon();
    }
  }

  // What every bias shares (each ruleset's chain, the shape of its game lengths), made
  // ready ahead so that the first "work it out again" costs what the next ones do: the
  // worker installs them from the build's file with the first request (lab-chains.mjs),
  // and the engine works out from the rules what that file lacks. One
  // ruleset per request: a board's request (on this page, or the next one the reader
  // opens) waits for one at most, and none is sent once the lab has left the page or the
  // reader has asked for figures (which work out what they need themselves, after the one
  // under way). Asked in the background: a board's requests go first. Nothing is shown.
  async prepare() {
    if (this.preparing) return;
    this.preparing = true;
    const counters = Number(this.counters.value);
    const rows = rulesetRows();
    for (const row of rows) {
      if (!this.controls.isConnected || this.busy) return;
      try {
        await call("zohn-ahl.lab", { part: "prepare", counters, ruleset: row.dataset.ruleset, gully: row.dataset.gully },
          { timeoutMs: 300000, background: true });
      } catch {
        return; // the figures work it out themselves
      }
    }
    this.controls.dataset.prepared = "true";
  }

  /** @param {string} text */ say(text) {
    if (this.status) this.status.textContent = text;
  }

  // Work every part out again for the bias and counters asked. Each ruleset is solved once
  // per request: its row first (the solve alone), then its game-length distribution (from
  // the solve already made), then the chart (drawn from those) and the board by counters;
  // each part is shown, or its progress said, as it lands. A new request while one is running stops the running one (the
  // engine's worker is replaced, the only way to stop Python in a worker) and starts over.
  // Fair sticks with the build's counters are answered from the figures the build wrote
  // into the page.
  async recompute() {
    const run = ++this.run;
    if (this.busy) {
      try { await cancel(); } catch { /* the worker is replaced anyway */ }
      if (run !== this.run) return;
    }
    this.busy = true;
    const bias = this.bias.value;   // as typed: the engine reads it (a fraction, a decimal point or comma)
    const counters = Number(this.counters.value);
    const w = W();
    const stale = () => run !== this.run;
    try {
      await engineReady();
      const rulesets = rulesetRows();
      let steps = 2 + 2 * rulesets.length;
      let step = 1;
      this.say(w.working(w.throws, step, steps));
      /** @type {Record<string, any>} */
      const probs = {};
      for (const table of ["sahe", "globe", "culin"]) {
        probs[table] = await call("zohn-ahl.probabilities", { table, bias });
        if (stale()) return;
      }
      const shownBias = probs.sahe.bias;   // the bias as the engine read it ("1/2")
      if (shownBias === this.built.bias && String(counters) === this.built.counters) {
        this.restoreBuilt();
        this.countersBias = this.built.bias;
        this.say(w.done(this.built.bias, counters));
        return;
      }
      if (shownBias === this.countersBias) steps -= 1;
      this.showThrows(probs);
      for (const row of rulesets) {
        step += 1;
        this.say(w.working(rowName(row), step, steps));
        const res = await call("zohn-ahl.lab", { bias, counters, ruleset: row.dataset.ruleset,
          gully: row.dataset.gully, lang: lang() }, { timeoutMs: 300000 });
        if (stale()) return;
        this.showVariant(row, res.variants[0]);
      }
      // each ruleset's game-length distribution, one request each (the chart's part that
      // takes longest), then the chart drawn from them
      for (const row of rulesets) {
        step += 1;
        this.say(w.working(`${w.chart} – ${rowName(row)}`, step, steps));
        await call("zohn-ahl.lab", { bias, counters, ruleset: row.dataset.ruleset,
          gully: row.dataset.gully, length: true, lang: lang() }, { timeoutMs: 300000 });
        if (stale()) return;
      }
      const all = await call("zohn-ahl.lab", { bias, counters, length: true, lang: lang() }, { timeoutMs: 300000 });
      if (stale()) return;
      const chart = document.querySelector('.lab-chart[data-chart="length"]');
      if (chart && all.length_svg) chart.innerHTML = all.length_svg;
      this.showComeback(all.variants, counters);
      // the board by counters does not depend on the counters asked: shown already for
      // this bias, it stays
      if (shownBias !== this.countersBias) {
        step += 1;
        this.say(w.working(w.byCounters, step, steps));
        const byCounters = await call("zohn-ahl.lab", { bias, part: "counters", lang: lang() }, { timeoutMs: 300000 });
        if (stale()) return;
        this.showCounters(byCounters);
        this.countersBias = shownBias;
      }
      document.querySelectorAll(".lab-rulesets caption").forEach((c) => { c.textContent = w.caption(shownBias, counters); });
      /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".lab")).forEach((lab) => { lab.dataset.bias = shownBias; lab.dataset.counters = String(counters); });
      this.say(w.done(shownBias, counters));
    } catch (err) {
      if (stale() || isCancelled(err)) return;
      this.say(w.failed(errorText(err)));
    } finally {
      if (!stale()) this.busy = false;
    }
  }

  // The lab blocks as the build wrote them (fair sticks), kept to be shown again.
  keepBuilt() {
    const blocks = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".lab[data-lab]"))]
      .filter((lab) => lab.dataset.lab !== "tally");
    const first = blocks.find((lab) => lab.dataset.lab === "rulesets") || blocks[0];
    return {
      counters: first ? first.dataset.counters : "4",
      bias: "1/2",
      blocks: blocks.map((lab) => /** @type {[HTMLElement, string, DOMStringMap]} */ ([lab, lab.innerHTML, { ...lab.dataset }])),
      shares: this.tally
        ? [...this.tally.querySelectorAll('tr[data-k] td[data-role="share"]')].map((td) => td.textContent)
        : [],
    };
  }

  restoreBuilt() {
    for (const [lab, html, data] of this.built.blocks) {
      lab.innerHTML = html;
      for (const key of Object.keys(lab.dataset)) delete lab.dataset[key];
      Object.assign(lab.dataset, data);
    }
    this.shares = [1, 4, 6, 4, 1].map((x) => x / 16);
    if (this.tally) {
      this.tally.querySelectorAll('tr[data-k] td[data-role="share"]').forEach((td, i) => {
        td.textContent = this.built.shares[i];
      });
      this.compare();
    }
  }

  /** @param {Record<string, any>} probs */ showThrows(probs) {
    const marked = probs.sahe.marked || {};
    const dice = '.lab[data-lab="dice"]:not([data-aids="off"])';
    /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(`${dice} .lab-marks td[data-k]`)).forEach((td) => {
      const p = marked[td.dataset.k || ""];
      if (p !== undefined) td.textContent = p;
    });
    for (const [table, res] of Object.entries(probs)) {
      /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(`${dice} .lab-values[data-table="${table}"] td[data-value]`)).forEach((td) => {
        const p = res.values[td.dataset.value || ""];
        if (p !== undefined) td.textContent = p;
      });
      document.querySelectorAll(`${dice} .lab-extra[data-table="${table}"]`).forEach((extra) => {
        extra.textContent = W().extra(res.extra);
      });
    }
    if (this.tally && this.tallyAids) {
      const shares = probs.sahe.marked_shares || {};
      this.shares = [0, 1, 2, 3, 4].map((k) => Number(shares[String(k)]));
      this.tally.querySelectorAll('tr[data-k] td[data-role="share"]').forEach((td) => {
        td.textContent = marked[/** @type {HTMLElement} */ (td.parentNode).dataset.k || ""];
      });
      this.compare();
    }
  }

  /** @param {HTMLElement} row @param {any} f */
  showVariant(row, f) {
    const set = (/** @type {string} */ k, /** @type {string} */ text) => { const td = row.querySelector(`td[data-k="${k}"]`); if (td) td.textContent = text; };
    set("first", pc(f.first, 2));
    set("length", num(f.expected_throws));
    set("lap", pc(f.lap_chance_f));
    set("per_lap", num(f.throws_per_lap));
  }

  /** @param {any[]} variants @param {number} counters */
  showComeback(variants, counters) {
    const table = document.querySelector(".lab-comeback tbody");
    if (!table) return;
    table.replaceChildren();
    for (let k = 1; k < 2 * counters; k++) {
      const tr = document.createElement("tr");
      const th = document.createElement("th");
      th.scope = "row";
      th.textContent = String(k);
      tr.append(th);
      for (const f of variants) {
        const td = document.createElement("td");
        td.textContent = pc(f.comeback[k]);
        tr.append(td);
      }
      table.append(tr);
    }
    const cap = document.querySelector(".lab-comeback caption");
    if (cap) cap.textContent = W().comeback(2 * counters, counters);
  }

  /** @param {any} res */ showCounters(res) {
    for (const r of res.rows) {
      const tr = document.querySelector(`.lab-counters tr[data-counters="${r.counters}"]`);
      const first = tr && tr.querySelector('td[data-k="first"]');
      const length = tr && tr.querySelector('td[data-k="length"]');
      if (first) first.textContent = pc(r.first, 2);
      if (length) length.textContent = num(r.expected_throws);
    }
    const chart = document.querySelector('.lab-chart[data-chart="counters"]');
    if (chart && res.svg) chart.innerHTML = res.svg;
  }

  // The class's counts against the exact expectation: expected counts and chi-square
  // (in student mode, the total alone).
  compare() {
    if (!this.tally) return;
    const w = W();
    const inputs = [.../** @type {NodeListOf<HTMLInputElement>} */ (this.tally.querySelectorAll("input[data-k]"))];
    const counts = inputs.map((i) => Math.max(0, Math.floor(Number(i.value) || 0)));
    const total = counts.reduce((a, b) => a + b, 0);
    if (!this.tallyAids) {
      if (this.verdict) this.verdict.textContent = total ? w.total(total) : "";
      return;
    }
    let chi = 0;
    let smallest = Infinity;
    inputs.forEach((inp, k) => {
      const expected = total * this.shares[k];
      smallest = Math.min(smallest, expected);
      const cell = inp.closest("tr")?.querySelector('td[data-role="expected"]');
      if (cell) cell.textContent = total ? num(expected) : "–";
      if (expected > 0) chi += (counts[k] - expected) ** 2 / expected;
    });
    if (!this.verdict) return;
    if (!total) {
      this.verdict.textContent = w.verdictNone;
      return;
    }
    const parts = [w.total(total)];
    if (smallest < 5) parts.push(w.small(num(smallest)));
    parts.push(chi > CRITICAL_5_PERCENT_4_DF ? w.odd(num(chi, 2)) : w.fits(num(chi, 2)));
    this.verdict.textContent = parts.join(" ");
    this.verdict.dataset.chi = String(chi);
  }
}

/** @type {Lab | null} */
let current = null;

function mount() {
  const controls = /** @type {HTMLElement | null} */ (document.querySelector("[data-lab-controls]"));
  if (!controls || controls.dataset.mounted) return;
  controls.dataset.mounted = "true";
  current = new Lab(controls);
  current.start();
}

onEveryPage(mount);

export { current };
