// @ts-check
// The students' pages: the answer fields the build wrote after each exercise (checked at
// once against the salted hashes of the answer key, see canonical.js), the pair's tally
// form, and the "Hand in" section (the code of spec/hand-in-code.md, its QR code, a Copy
// button). What the student typed, the number of tries and the tally are kept in this
// browser's localStorage only, per lesson page and lesson version, so a reload keeps them;
// nothing is sent anywhere. Does nothing on pages without a hand-in section.

import { checkAnswer } from "./canonical.js";
import { encode } from "./hand-in-code.js";
import { drawQr } from "../qr.js";
import { copyText } from "../clipboard.js";
import { onEveryPage } from "../every-page.js";

/** @param {string} template @param {Record<string, unknown>} values */
function fill(template, values) {
  return String(template).replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

/** @param {string} key */
function load(key) {
  try {
    const saved = JSON.parse(window.localStorage.getItem(key) || "null");
    return saved && typeof saved === "object" ? saved : {};
  } catch (err) {
    return {};
  }
}

/** @param {string} key @param {object} value */
function save(key, value) {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch (err) {
    // private browsing or a full storage: the page still works, without the memory
  }
}

class HandInPage {
  /** @param {HTMLElement} root */
  constructor(root) {
    this.root = root;
    this.info = JSON.parse(/** @type {string} */ (root.dataset.handIn));
    this.W = JSON.parse(/** @type {string} */ (root.dataset.words));
    this.code = "";
    this.key = `answers:${this.info.slug}:${this.info.version}`;
    this.state = load(this.key);
    this.state.fields = this.state.fields || {};
    /** @type {HTMLElement[]} */
    this.fields = /** @type {HTMLElement[]} */ ([...document.querySelectorAll("[data-answer-field]")]);
    this.fields.forEach((el) => this.mountField(el));
    this.mountTally();
    this.name = /** @type {HTMLInputElement} */ (root.querySelector("#hand-in-name"));
    this.name.value = this.state.name || "";
    this.name.addEventListener("input", () => {
      this.state.name = this.name.value;
      this.store();
      this.update();
    });
    const copy = /** @type {HTMLElement} */ (root.querySelector('[data-hand-in-part="copy"]'));
    copy.addEventListener("click", () => this.copy());
    this.update();
  }

  store() {
    save(this.key, this.state);
  }

  /** @param {HTMLElement} el */
  mountField(el) {
    const id = /** @type {string} */ (el.dataset.answerField);
    const field = {
      kind: /** @type {string} */ (el.dataset.kind),
      salt: /** @type {string} */ (el.dataset.salt),
      answers: (el.dataset.answers || "").split(" ").filter(Boolean),
      near: (el.dataset.near || "").split(" ").filter(Boolean),
      coarse: (el.dataset.coarse || "").split(" ").filter(Boolean),
      early: (el.dataset.early || "").split(" ").filter(Boolean),
    };
    const input = /** @type {HTMLInputElement} */ (el.querySelector("input"));
    const button = /** @type {HTMLButtonElement} */ (el.querySelector("button"));
    const feedback = /** @type {HTMLElement} */ (el.querySelector(".answer-feedback"));
    const saved = this.state.fields[id] || { tries: 0, right: 0, value: "" };
    this.state.fields[id] = saved;
    input.value = saved.value || "";
    // the feedback of the last check: "right" or "wrong" (with the words said), kept for a reload
    const show = () => {
      el.classList.toggle("answer-right", saved.last === "right");
      el.classList.toggle("answer-wrong", saved.last === "wrong");
      input.setAttribute("aria-invalid", saved.last === "wrong" ? "true" : "false");
      feedback.textContent = saved.said || "";
    };
    const check = () => {
      const text = input.value;
      saved.value = text;
      const result = text.trim() ? checkAnswer(field, text) : { right: false, why: "unread" };
      if (["wrong", "range", "leapt", "early"].includes(result.why || "") || result.right) {
        saved.tries += 1;
        const tries = fill(saved.tries === 1 ? this.W.tries.one : this.W.tries.other, { n: saved.tries });
        if (result.right) {
          if (!saved.right) saved.right = saved.tries;
          saved.last = "right";
          saved.said = saved.tries === 1 ? this.W.right : fill(this.W["right-after"], { n: saved.tries });
        } else if (result.why === "leapt") {
          saved.last = "wrong";
          saved.said = fill(this.W.leapt, { token: result.token, tries });
        } else {
          const nudge = result.why === "range" ? this.W.range
            : result.why === "early" ? this.W.early : this.W.nudge[/** @type {string} */ (el.dataset.check)];
          saved.last = "wrong";
          saved.said = `${fill(this.W.wrong, { nudge })} ${tries}`;
        }
      } else {
        // not in the expected form: said, and not counted as a try
        saved.last = "unread";
        saved.said = result.why === "coarse" ? this.W.coarse
          : result.why === "bad-move"
          ? fill(this.W["bad-move"], { token: result.token })
          : result.why === "one-move" ? this.W["one-move"] : fill(this.W.unread[field.kind], { text: text.trim() });
      }
      this.store();
      show();
      // a right answer may open what starts from it: the feedback, read out, says so
      if (this.update() && saved.last === "right") feedback.textContent = `${saved.said} ${this.W.opened}`;
    };
    button.addEventListener("click", check);
    input.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter") {
        ev.preventDefault();
        check();
      }
    });
    input.addEventListener("input", () => {
      saved.value = input.value;
      this.store();
    });
    show();
  }

  mountTally() {
    this.tallyForm = document.querySelector("[data-tally-form]");
    if (!this.tallyForm) return;
    const T = this.W.tally;
    const inputs = /** @type {HTMLInputElement[]} */ ([...this.tallyForm.querySelectorAll("input[data-marks]")]);
    const total = /** @type {HTMLElement} */ (this.tallyForm.querySelector('[data-tally="total"]'));
    const saved = Array.isArray(this.state.tally) ? this.state.tally : ["", "", "", "", ""];
    inputs.forEach((inp, k) => { inp.value = saved[k] || ""; });
    const read = () => {
      const values = inputs.map((inp) => inp.value.trim());
      this.state.tally = values;
      this.store();
      const bad = values.find((v) => v && !(/^\d+$/.test(v) && Number(v) <= 2047));
      inputs.forEach((inp) => {
        const v = inp.value.trim();
        inp.setAttribute("aria-invalid", v && !(/^\d+$/.test(v) && Number(v) <= 2047) ? "true" : "false");
      });
      if (bad !== undefined) {
        total.textContent = fill(T.bad, { text: bad });
      } else if (values.some(Boolean)) {
        total.textContent = fill(T.total, { n: values.reduce((s, v) => s + (Number(v) || 0), 0) });
      } else {
        total.textContent = "";
      }
      this.update();
    };
    inputs.forEach((inp) => inp.addEventListener("input", read));
    read();
  }

  /** The tally to hand in: five counts, or null when none is entered or one is bad. */
  tally() {
    /** @type {string[]} */
    const values = Array.isArray(this.state.tally) ? this.state.tally : [];
    if (!this.tallyForm || !values.some(Boolean)) return null;
    if (values.some((v) => v && !(/^\d+$/.test(v) && Number(v) <= 2047))) return null;
    return [0, 1, 2, 3, 4].map((k) => Number(values[k]) || 0);
  }

  /** @param {string | undefined} after the ids of the fields that must be right */
  answered(after) {
    return (after || "").split(" ").filter(Boolean)
      .every((id) => this.state.fields[id] && this.state.fields[id].right > 0);
  }

  // A part that starts after moves of its own opens once the parts before it are right
  // (data-after, build_scripts/answer_fields.py): until then its premise, which may name
  // their answers, stays hidden. So does a board that starts from another exercise's
  // answer (a board block's after: line), a sentence in its place.
  // Returns how many parts and boards it opened that were shut.
  openParts() {
    /** @type {[HTMLElement, string, string][]} each gated element, its sentence, what it shuts */
    const gated = [];
    for (const el of this.fields) {
      if (el.dataset.after) gated.push([el, '[data-answer-part="locked"]', ".answer-hint, .answer-row"]);
    }
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".board-after[data-after]"))) {
      gated.push([el, '[data-board-part="locked"]', '[data-board-part="board"]']);
    }
    let opened = 0;
    for (const [el, sentence, shut] of gated) {
      const open = this.answered(el.dataset.after);
      const locked = /** @type {HTMLElement} */ (el.querySelector(sentence));
      if (open && !locked.hidden) opened += 1;
      for (const part of el.querySelectorAll(shut)) /** @type {HTMLElement} */ (part).hidden = !open;
      locked.hidden = open;
    }
    return opened;
  }

  // Returns how many shut parts and boards it opened.
  update() {
    const opened = this.openParts();
    /** @type {string[]} */
    const ids = this.info.fields;
    /** @type {number[]} */
    const tries = ids.map((id) => (this.state.fields[id] ? this.state.fields[id].right || 0 : 0));
    const code = encode({
      lesson: this.info.lesson,
      version: this.info.version,
      tries,
      tally: this.tally(),
      name: this.state.name || "",
    });
    const H = this.W["hand-in"];
    const right = tries.filter((t) => t > 0).length;
    /** @type {HTMLElement} */ (this.root.querySelector('[data-hand-in-part="summary"]')).textContent = ids.length
      ? fill(H.summary, { right, n: ids.length, first: tries.filter((t) => t === 1).length })
      : "";
    /** @type {HTMLElement} */ (this.root.querySelector('[data-hand-in-part="code"]')).textContent = code;
    this.code = code;
    const canvas = /** @type {HTMLCanvasElement} */ (this.root.querySelector('[data-hand-in-part="qr"]'));
    drawQr(canvas, code, { scale: 6, level: "M", alphanumeric: true }).then(() => {
      canvas.dataset.code = code;
    }).catch(() => {
      /** @type {HTMLElement} */ (this.root.querySelector('[data-hand-in-part="status"]')).textContent = H["qr-failed"];
    });
    return opened;
  }

  async copy() {
    const H = this.W["hand-in"];
    const status = /** @type {HTMLElement} */ (this.root.querySelector('[data-hand-in-part="status"]'));
    if (await copyText(this.code)) {
      status.textContent = H.copied;
    } else {
      const out = /** @type {HTMLElement} */ (this.root.querySelector('[data-hand-in-part="code"]'));
      const range = document.createRange();
      range.selectNodeContents(out);
      const sel = /** @type {Selection} */ (window.getSelection());
      sel.removeAllRanges();
      sel.addRange(range);
      status.textContent = H["copy-failed"];
    }
  }
}

function mount() {
  const root = /** @type {HTMLElement | null} */ (document.querySelector("[data-hand-in]"));
  if (!root || root.dataset.mounted) return;
  root.dataset.mounted = "1";
  new HandInPage(root);
}

onEveryPage(mount);
