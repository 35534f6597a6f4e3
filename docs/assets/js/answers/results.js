// @ts-check
// The teachers' class results page: hand-in codes pasted one per line, read in the
// browser (hand-in-code.js), become a table of students by exercises, the counts per
// exercise, the exercises most often missed (linked to the lesson), the class's pooled
// tally against fair sticks (chi-square in words), and the lines that could not be read,
// each with its reason. The pasted text and the lesson are kept in localStorage until the
// teacher clears them. Does nothing on other pages.

import { decode } from "./hand-in-code.js";
import { onEveryPage } from "../every-page.js";

const STORE = "class-results:v1";
const CRITICAL_5_PERCENT_4_DF = 9.488;

/** @typedef {{id: string, href?: string, label?: string}} Field */
/** @typedef {{slug: string, lesson: number, version: number, title: string, tally?: boolean, fields: Field[]}} Lesson */
/** @typedef {{line: number, name?: string, tries: number[], tally?: number[] | null}} Student */
/** @typedef {{line: number, text: string, why: string, at?: number, chars?: string, title?: string, first?: number}} BadLine */

/** @param {string} template @param {Record<string, unknown>} values */
function fill(template, values) {
  return String(template).replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

/**
 * Read pasted text for one lesson: the students (in the order pasted) and the bad lines.
 * Pure (no DOM), exported for the tests.
 * @param {string} text
 * @param {{slug: string, lesson: number, version: number, fields: {id: string}[]}} lesson
 * @param {{slug: string, lesson: number, title: string}[]} all
 * @returns {{students: Student[], bad: BadLine[]}}
 */
export function readCodes(text, lesson, all) {
  /** @type {Student[]} */
  const students = [];
  /** @type {BadLine[]} */
  const bad = [];
  const seen = new Map();
  String(text).split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const r = decode(line);
    const n = i + 1;
    if (!r.ok) {
      if (r.why === "empty") return;
      bad.push({ line: n, text: line, why: r.why === "typo" && r.at ? "typo-at" : String(r.why), at: r.at, chars: r.chars });
      return;
    }
    const h = /** @type {import("./hand-in-code.js").HandIn} */ (r.handIn);   // (ok: it has one)
    if (h.lesson !== lesson.lesson) {
      const other = all.find((l) => l.lesson === h.lesson);
      bad.push({ line: n, text: line, why: other ? "other" : "unknown", title: other ? other.title : "" });
      return;
    }
    if (h.version !== lesson.version || h.tries.length !== lesson.fields.length) {
      bad.push({ line: n, text: line, why: "version" });
      return;
    }
    if (seen.has(r.code)) {
      bad.push({ line: n, text: line, why: "duplicate", first: seen.get(r.code) });
      return;
    }
    seen.set(r.code, n);
    students.push({ line: n, name: h.name, tries: h.tries, tally: h.tally });
  });
  return { students, bad };
}

/**
 * The pooled tally and its comparison with fair sticks (1 : 4 : 6 : 4 : 1).
 * @param {(number[] | null)[]} tallies
 */
export function pooledTally(tallies) {
  const got = [0, 0, 0, 0, 0];
  let k = 0;
  for (const t of tallies) {
    if (!t) continue;
    k += 1;
    t.forEach((n, i) => { got[i] += n; });
  }
  const total = got.reduce((a, b) => a + b, 0);
  const expected = [1, 4, 6, 4, 1].map((w) => (total * w) / 16);
  const chi = total ? got.reduce((s, g, i) => s + (g - expected[i]) ** 2 / expected[i], 0) : 0;
  return { got, expected, total, tallies: k, chi, odd: chi > CRITICAL_5_PERCENT_4_DF, small: expected.some((e) => e < 5) };
}

/** @param {string} tag @param {Record<string, string>} [attrs] @param {(Node | string)[]} [kids] */
function h(tag, attrs = {}, kids = []) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  for (const kid of kids) el.append(kid);
  return el;
}

class Results {
  /** @param {HTMLElement} root */
  constructor(root) {
    this.root = root;
    /** @type {Lesson[]} */
    this.lessons = JSON.parse(root.dataset.classResults || "[]");
    /** @type {Record<string, any>} */
    this.W = JSON.parse(root.dataset.words || "{}").results;
    this.decimalComma = document.documentElement.lang.startsWith("fr");
    const part = (/** @type {string} */ name) => /** @type {HTMLElement} */ (root.querySelector(`[data-results-part="${name}"]`));
    this.select = /** @type {HTMLSelectElement} */ (part("lesson"));
    this.codes = /** @type {HTMLTextAreaElement} */ (part("codes"));
    this.part = part;
    /** @type {{lesson?: string, text?: string}} */
    let saved = {};
    try {
      saved = JSON.parse(window.localStorage.getItem(STORE) || "{}") || {};
    } catch (err) {
      saved = {};
    }
    // the lesson a run-sheet's link chose (?lesson=forced-captures), or the last one read
    const asked = new URLSearchParams(window.location.search).get("lesson");
    const chosen = [asked, saved.lesson].find((slug) => slug && this.lessons.some((l) => l.slug === slug));
    if (chosen) this.select.value = chosen;
    this.codes.value = saved.text || "";
    part("read").addEventListener("click", () => {
      this.followCodes();
      this.read(true);
    });
    this.select.addEventListener("change", () => this.read(true));
    part("clear").addEventListener("click", () => {
      this.codes.value = "";
      try {
        window.localStorage.removeItem(STORE);
      } catch (err) {
        // nothing kept, nothing to remove
      }
      this.read(false);
      part("status").textContent = this.W.cleared;
    });
    part("print").addEventListener("click", () => window.print());
    part("camera").addEventListener("click", () => this.startCamera());
    part("camera-stop").addEventListener("click", () => this.stopCamera());
    this.read(false);
  }

  // -- the camera: each QR code read becomes a line of the codes, confirmed in words

  async startCamera() {
    const W = this.W;
    const video = /** @type {HTMLVideoElement} */ (this.part("video"));
    const heard = this.part("heard");
    try {
      const { startReading } = await import("./qr-reader.js");
      video.hidden = false;
      this.stopReading = await startReading(video, (text) => this.heardCode(text));
    } catch (err) {
      video.hidden = true;
      const why = err && typeof err === "object" && "name" in err ? String(err.name) : String(err);
      heard.textContent = fill(W["camera-failed"], { why });
      return;
    }
    this.part("camera").hidden = true;
    this.part("camera-stop").hidden = false;
    this.part("camera-stop").focus();
    heard.textContent = W["camera-on"];
  }

  stopCamera() {
    if (this.stopReading) this.stopReading();
    this.stopReading = null;
    this.part("video").hidden = true;
    this.part("camera-stop").hidden = true;
    this.part("camera").hidden = false;
    this.part("camera").focus();
    this.part("heard").textContent = this.W["camera-off"];
  }

  /** One QR code read by the camera: added to the codes once, and said. @param {string} text */
  heardCode(text) {
    const W = this.W;
    const heard = this.part("heard");
    const line = text.trim();
    const r = decode(line);
    const name = (/** @type {string | undefined} */ who, /** @type {number} */ n) => who || fill(W.unnamed, { n });
    const before = readCodes(this.codes.value, this.lesson(), this.lessons).students;
    if (r.ok) {
      const i = before.findIndex((s) => decode(this.codes.value.split(/\r?\n/)[s.line - 1].trim()).code === r.code);
      if (i >= 0) {
        heard.textContent = fill(W["camera-again"], { name: name(before[i].name, i + 1) });
        return;
      }
    }
    this.codes.value = this.codes.value.replace(/\s*$/, "") + (this.codes.value.trim() ? "\n" : "") + line + "\n";
    this.followCodes();
    this.read(true);
    const { students, bad } = readCodes(this.codes.value, this.lesson(), this.lessons);
    const lineNo = this.codes.value.split(/\r?\n/).findIndex((l) => l.trim() === line) + 1;
    const student = students.findIndex((s) => s.line === lineNo);
    if (student >= 0) {
      const s = students[student];
      heard.textContent = fill(W["camera-read"], {
        name: name(s.name, student + 1), right: s.tries.filter((t) => t > 0).length, n: s.tries.length,
      });
      return;
    }
    const b = bad.find((x) => x.line === lineNo);
    const reason = b ? fill(W.why[b.why], { chars: b.chars || "", at: b.at || "", group: b.at ? Math.ceil(b.at / 4) : "", title: b.title || "", n: b.first || "" }) : "";
    heard.textContent = fill(W["camera-bad"], { reason });
  }

  lesson() {
    return this.lessons.find((l) => l.slug === this.select.value) || this.lessons[0];
  }

  /** When no pasted code is of the chosen lesson, choose the lesson most codes are of. */
  followCodes() {
    const counts = new Map();
    for (const line of this.codes.value.split(/\r?\n/)) {
      const r = decode(line);
      if (r.ok && r.handIn) counts.set(r.handIn.lesson, (counts.get(r.handIn.lesson) || 0) + 1);
    }
    const chosen = this.lessons.find((l) => l.slug === this.select.value);
    if (!counts.size || (chosen && counts.has(chosen.lesson))) return;
    const [best] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
    const lesson = this.lessons.find((l) => l.lesson === best);
    if (lesson) this.select.value = lesson.slug;
  }

  /** @param {number} x @param {number} digits */
  num(x, digits) {
    const t = x.toFixed(digits);
    return this.decimalComma ? t.replace(".", ",") : t;
  }

  /** @param {boolean} keep */
  read(keep) {
    const W = this.W;
    const lesson = this.lessons.find((l) => l.slug === this.select.value) || this.lessons[0];
    if (keep) {
      try {
        window.localStorage.setItem(STORE, JSON.stringify({ lesson: lesson.slug, text: this.codes.value }));
      } catch (err) {
        // private browsing: the table works, without the memory
      }
    }
    const { students, bad } = readCodes(this.codes.value, lesson, this.lessons);
    this.part("status").textContent = students.length
      ? fill(W["read-n"][students.length === 1 ? "one" : "other"], { n: students.length })
      : W.none;
    // what a printed table says it is: the lesson, the day, the number of codes
    const date = new Date().toLocaleDateString(document.documentElement.lang || undefined,
      { year: "numeric", month: "long", day: "numeric" });
    this.part("print-head").textContent = fill(W.printed[students.length === 1 ? "one" : "other"], { title: lesson.title, date, n: students.length });
    this.drawTable(lesson, students);
    this.drawMissed(lesson, students);
    this.drawTally(lesson, students);
    this.drawBad(bad);
  }

  /** @param {Lesson} lesson @param {Student[]} students */
  drawTable(lesson, students) {
    const W = this.W;
    const box = this.part("table");
    box.replaceChildren();
    if (!students.length || !lesson.fields.length) return;
    // short marks for the eye, the words for a screen reader (and a printed legend)
    const hidden = (/** @type {string} */ text) => h("span", { class: "answers-sr-only" }, [text]);
    const shown = (/** @type {string} */ text) => h("span", { "aria-hidden": "true" }, [text]);
    const head = h("tr", {}, [h("th", { scope: "col" }, [W.student]),
      ...lesson.fields.map((f) => h("th", { scope: "col" }, [
        h("a", { href: f.href || "", "aria-label": f.label || "" }, [f.id]),
      ]))]);
    const body = students.map((s, i) => h("tr", {}, [
      h("th", { scope: "row" }, [s.name || fill(W.unnamed, { n: i + 1 })]),
      ...s.tries.map((t) => {
        const n = t === 15 ? "15+" : String(t);
        if (t === 1) return h("td", { class: "result-first" }, [shown("\u2713"), hidden(W.first)]);
        if (t > 1) return h("td", { class: "result-later" }, [shown(`\u2713${n}`), hidden(fill(W.later, { n }))]);
        return h("td", { class: "result-missing" }, [shown("\u2013"), hidden(W.missing)]);
      }),
    ]));
    const count = (/** @type {string} */ label, /** @type {(t: number) => boolean} */ test) => h("tr", { class: "result-count" }, [
      h("th", { scope: "row" }, [label]),
      ...lesson.fields.map((_, j) => h("td", {}, [String(students.filter((s) => test(s.tries[j])).length)])),
    ]);
    box.append(h("p", { class: "class-results-legend" }, [W.legend]));
    box.append(h("table", { class: "class-results-grid" }, [
      h("thead", {}, [head]),
      h("tbody", {}, body),
      h("tfoot", {}, [count(W["count-first"], (t) => t === 1), count(W["count-later"], (t) => t > 1),
        count(W["count-missing"], (t) => t === 0)]),
    ]));
  }

  /** @param {Lesson} lesson @param {Student[]} students */
  drawMissed(lesson, students) {
    const W = this.W;
    const box = this.part("missed");
    box.replaceChildren();
    if (!students.length || !lesson.fields.length) return;
    const missed = lesson.fields
      .map((f, j) => ({ f, n: students.filter((s) => s.tries[j] === 0).length }))
      .filter((m) => m.n > 0)
      .sort((a, b) => b.n - a.n)
      .slice(0, 5);
    box.append(h("h3", {}, [W["missed-heading"]]));
    if (!missed.length) {
      box.append(h("p", {}, [W["missed-none"]]));
      return;
    }
    const [before, after] = String(W.missed).split("{label}");
    box.append(h("ol", { class: "class-results-missed" }, missed.map((m) => h("li", {}, [
      fill(before, { n: m.n, total: students.length }),
      h("a", { href: m.f.href || "" }, [m.f.label || ""]),
      fill(after || "", { n: m.n, total: students.length }),
    ]))));
  }

  /** @param {Lesson} lesson @param {Student[]} students */
  drawTally(lesson, students) {
    const W = this.W;
    const box = this.part("tally");
    box.replaceChildren();
    if (!lesson.tally || !students.length) return;
    box.append(h("h3", {}, [W["tally-heading"]]));
    const t = pooledTally(students.map((s) => s.tally || null));
    if (!t.tallies) {
      box.append(h("p", {}, [W["tally-none"]]));
      return;
    }
    box.append(h("table", { class: "class-results-tally" }, [
      h("thead", {}, [h("tr", {}, [h("th", { scope: "col" }, [W["tally-marks"]]),
        ...[0, 1, 2, 3, 4].map((k) => h("th", { scope: "col" }, [String(k)]))])]),
      h("tbody", {}, [
        h("tr", {}, [h("th", { scope: "row" }, [W["tally-got"]]), ...t.got.map((g) => h("td", {}, [String(g)]))]),
        h("tr", {}, [h("th", { scope: "row" }, [W["tally-expected"]]), ...t.expected.map((e) => h("td", {}, [this.num(e, 1)]))]),
      ]),
    ]));
    box.append(h("p", {}, [fill(W["tally-total"][t.tallies === 1 ? "one" : "other"], { n: t.total, k: t.tallies })]));
    box.append(h("p", { class: "class-results-chi" }, [
      `${fill(W.chi, { x: this.num(t.chi, 2) })} ${t.odd ? W["chi-odd"] : W["chi-fits"]}${t.small ? " " + W["chi-small"] : ""}`,
    ]));
  }

  /** @param {BadLine[]} bad */
  drawBad(bad) {
    const W = this.W;
    const box = this.part("bad");
    box.replaceChildren();
    if (!bad.length) return;
    box.append(h("h3", {}, [W["bad-heading"]]));
    box.append(h("ul", { class: "class-results-bad" }, bad.map((b) => {
      const reason = fill(W.why[b.why], {
        chars: b.chars || "", at: b.at || "", group: b.at ? Math.ceil(b.at / 4) : "",
        title: b.title || "", n: b.first || "",
      });
      return h("li", {}, [fill(W.line, { n: b.line, text: b.text.slice(0, 60), reason })]);
    })));
  }
}

function mount() {
  const root = /** @type {HTMLElement | null} */ (document.querySelector("[data-class-results]"));
  if (!root || root.dataset.mounted) return;
  root.dataset.mounted = "1";
  new Results(root);
}

if (typeof document !== "undefined") onEveryPage(mount); // (not under node's tests)
