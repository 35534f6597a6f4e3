// The probability lab: the tables and charts the build computed (for fair sticks) come to
// life. A bias control asks the engine (the same worker as the boards) to work every part
// out again for other sticks; the tally compares a class's own throws with the exact
// expectation (chi-square, said in words). Does nothing on pages without a lab.

import { lang } from "./i18n.js";
import { call, engineReady, errorText } from "./boards/common.js";

const WORDS = {
  en: {
    starting: "Starting the game engine…",
    ready: "Ready: change the chance and work it out again.",
    working: (what, i, n) => `Working out ${what} (${i} of ${n})…`,
    throws: "the throws",
    chart: "the chart of game lengths",
    byCounters: "the games with more counters",
    done: (p, n) => `Done: every figure is for sticks that show their mark with chance ${p}, ${n} counters a side.`,
    failed: (m) => `Could not work it out: ${m}`,
    caption: (p, n) => `Sticks that show their mark with chance ${p}, ${n} counters a side.`,
    extra: (p) => `Chance of throwing again: ${p}`,
    comeback: (t, n) => `Chance of winning with k counters against ${t} minus k, both awls at the start, ${n} counters a side at the start, this side to throw`,
    total: (n) => `${n} throws in all.`,
    verdictNone: "Enter the class's counts to compare them with the exact expectation.",
    small: (e) => `Some expected counts are below 5 (the smallest is ${e}): pool more throws before trusting the test.`,
    fits: (x) => `Chi-square total: ${x}. That is below 9.49: the counts look like what these sticks give; a difference this size is common by chance.`,
    odd: (x) => `Chi-square total: ${x}. That is above 9.49: with these sticks, so large a difference happens by chance less than once in twenty times. Are the sticks (or the throwing) fair?`,
  },
  fr: {
    starting: "Démarrage du moteur du jeu…",
    ready: "Prêt : changez la chance et recalculez.",
    working: (what, i, n) => `Calcul de ${what} (${i} sur ${n})…`,
    throws: "les lancers",
    chart: "la courbe des durées",
    byCounters: "les parties à plus de jetons",
    done: (p, n) => `Terminé : chaque chiffre vaut pour des bâtonnets qui montrent leur marque avec la chance ${p}, ${n} jetons par camp.`,
    failed: (m) => `Calcul impossible : ${m}`,
    caption: (p, n) => `Bâtonnets qui montrent leur marque avec la chance ${p}, ${n} jetons par camp.`,
    extra: (p) => `Chance de relancer : ${p}`,
    comeback: (t, n) => `Chance de gagner avec k jetons contre ${t} moins k, les deux alènes au départ, ${n} jetons par camp au départ, ce camp devant lancer`,
    total: (n) => `${n} lancers en tout.`,
    verdictNone: "Saisissez les décomptes de la classe pour les comparer à l'attendu exact.",
    small: (e) => `Certains décomptes attendus sont sous 5 (le plus petit vaut ${e}) : mettez en commun plus de lancers avant de vous fier au test.`,
    fits: (x) => `Total du khi-deux : ${x}. C'est moins que 9,49 : les décomptes ressemblent à ce que donnent ces bâtonnets ; un tel écart arrive souvent par hasard.`,
    odd: (x) => `Total du khi-deux : ${x}. C'est plus que 9,49 : avec ces bâtonnets, un écart aussi grand n'arrive par hasard que moins d'une fois sur vingt. Les bâtonnets (ou les lancers) sont-ils équilibrés ?`,
  },
};

const CRITICAL_5_PERCENT_4_DF = 9.488;

function W() { return WORDS[lang()] || WORDS.en; }

function num(x, digits = 1) {
  const t = x.toFixed(digits);
  return lang() === "fr" ? t.replace(".", ",") : t;
}

function pc(x, digits = 0) {
  const v = 100 * x;
  let t = num(v, digits);
  if (digits === 0 && v > 0 && v < 0.5) t = "<1";
  if (digits === 0 && v >= 99.5 && v < 100) t = ">99";
  return lang() === "fr" ? `${t}\u202f%` : `${t}%`;
}

function fraction(text) {
  const [a, b] = String(text).split("/").map(Number);
  return b ? a / b : Number(a);
}

class Lab {
  constructor(controls) {
    this.controls = controls;
    this.bias = controls.querySelector('[data-lab="bias"]');
    this.counters = controls.querySelector('[data-lab="counters"]');
    this.button = controls.querySelector('[data-lab="recompute"]');
    this.status = document.querySelector('[data-lab="status"]');
    this.verdict = document.querySelector('[data-lab="verdict"]');
    this.tally = document.querySelector('.lab[data-lab="tally"]');
    this.shares = [1, 4, 6, 4, 1].map((x) => x / 16);
    this.busy = false;
    this.button.addEventListener("click", () => this.recompute());
    this.bias.addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); this.recompute(); } });
    if (this.tally) {
      this.tally.querySelectorAll("input[data-k]").forEach((inp) => {
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
  }

  say(text) {
    if (this.status) this.status.textContent = text;
  }

  async recompute() {
    if (this.busy) return;
    this.busy = true;
    this.button.disabled = true;
    const bias = this.bias.value.trim().replace(",", ".");
    const counters = Number(this.counters.value);
    const w = W();
    try {
      await engineReady();
      const rulesets = [...document.querySelectorAll(".lab-rulesets tr[data-ruleset]")];
      const steps = 3 + rulesets.length;
      let step = 1;
      this.say(w.working(w.throws, step, steps));
      const probs = {};
      for (const table of ["sahe", "globe", "culin"]) {
        probs[table] = await call("zohn-ahl.probabilities", { table, bias });
      }
      const shownBias = probs.sahe.bias;
      this.showThrows(probs);
      const figures = [];
      for (const row of rulesets) {
        step += 1;
        const name = row.querySelector("th").textContent;
        this.say(w.working(name, step, steps));
        const res = await call("zohn-ahl.lab", { bias, counters, ruleset: row.dataset.ruleset,
          gully: row.dataset.gully, length: true, lang: lang() }, { timeoutMs: 300000 });
        figures.push(res.variants[0]);
        this.showVariant(row, res.variants[0]);
      }
      step += 1;
      this.say(w.working(w.chart, step, steps));
      const all = await call("zohn-ahl.lab", { bias, counters, length: true, lang: lang() }, { timeoutMs: 300000 });
      const chart = document.querySelector('.lab-chart[data-chart="length"]');
      if (chart && all.length_svg) chart.innerHTML = all.length_svg;
      this.showComeback(all.variants, counters);
      step += 1;
      this.say(w.working(w.byCounters, step, steps));
      const byCounters = await call("zohn-ahl.lab", { bias, part: "counters", lang: lang() }, { timeoutMs: 300000 });
      this.showCounters(byCounters);
      document.querySelectorAll(".lab-rulesets caption").forEach((c) => { c.textContent = w.caption(shownBias, counters); });
      document.querySelectorAll(".lab").forEach((lab) => { lab.dataset.bias = shownBias; lab.dataset.counters = String(counters); });
      this.say(w.done(shownBias, counters));
    } catch (err) {
      this.say(w.failed(errorText(err)));
    } finally {
      this.busy = false;
      this.button.disabled = false;
    }
  }

  showThrows(probs) {
    const marked = probs.sahe.marked || {};
    document.querySelectorAll(".lab-marks td[data-k]").forEach((td) => {
      const p = marked[td.dataset.k];
      if (p !== undefined) td.textContent = p;
    });
    for (const [table, res] of Object.entries(probs)) {
      document.querySelectorAll(`.lab-values[data-table="${table}"] td[data-value]`).forEach((td) => {
        const p = res.values[td.dataset.value];
        if (p !== undefined) td.textContent = p;
      });
      const extra = document.querySelector(`.lab-extra[data-table="${table}"]`);
      if (extra) extra.textContent = W().extra(res.extra);
    }
    this.shares = [0, 1, 2, 3, 4].map((k) => fraction(marked[String(k)]));
    if (this.tally) {
      this.tally.querySelectorAll('tr[data-k] td[data-role="share"]').forEach((td) => {
        td.textContent = marked[td.parentNode.dataset.k];
      });
      this.compare();
    }
  }

  showVariant(row, f) {
    const set = (k, text) => { const td = row.querySelector(`td[data-k="${k}"]`); if (td) td.textContent = text; };
    set("first", pc(f.first, 2));
    set("length", num(f.expected_throws));
    set("lap", pc(f.lap_chance_f));
    set("per_lap", num(f.throws_per_lap));
  }

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

  showCounters(res) {
    for (const r of res.rows) {
      const tr = document.querySelector(`.lab-counters tr[data-counters="${r.counters}"]`);
      if (!tr) continue;
      tr.querySelector('td[data-k="first"]').textContent = pc(r.first, 2);
      tr.querySelector('td[data-k="length"]').textContent = num(r.expected_throws);
    }
    const chart = document.querySelector('.lab-chart[data-chart="counters"]');
    if (chart && res.svg) chart.innerHTML = res.svg;
  }

  // The class's counts against the exact expectation: expected counts and chi-square.
  compare() {
    if (!this.tally) return;
    const w = W();
    const inputs = [...this.tally.querySelectorAll("input[data-k]")];
    const counts = inputs.map((i) => Math.max(0, Math.floor(Number(i.value) || 0)));
    const total = counts.reduce((a, b) => a + b, 0);
    let chi = 0;
    let smallest = Infinity;
    inputs.forEach((inp, k) => {
      const expected = total * this.shares[k];
      smallest = Math.min(smallest, expected);
      const cell = inp.closest("tr").querySelector('td[data-role="expected"]');
      cell.textContent = total ? num(expected) : "–";
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

let current = null;

function mount() {
  const controls = document.querySelector("[data-lab-controls]");
  if (!controls || controls.dataset.mounted) return;
  controls.dataset.mounted = "true";
  current = new Lab(controls);
  current.start();
}

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => mount());
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", mount);
} else {
  mount();
}

export { current };
