// What both boards share: building elements, the engine connection (with a retry when
// the worker was restarted), the game kept in the page address and in localStorage,
// and the "Copy link" control. No rules here: a game is its record, read by the engine.

import { strings } from "../i18n.js";

export const START_TIMEOUT_MS = 20000;

export function el(tag, attrs = {}, ...children) {
  const node = tag.startsWith("svg:")
    ? document.createElementNS("http://www.w3.org/2000/svg", tag.slice(4))
    : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.setAttribute("class", v);
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

// The part of a board with data-role=ROLE (H5's static markup), created when missing.
export function part(root, role, make, where = "append") {
  let node = root.querySelector(`:scope > [data-role="${role}"], :scope [data-role="${role}"]`);
  if (!node) {
    node = make();
    node.dataset.role = role;
    if (where === "prepend") root.prepend(node); else root.append(node);
  }
  return node;
}

// The button with data-action=ACTION inside `box`, created when missing; label set each time.
export function button(box, action, label, { key, title, pressed } = {}) {
  let b = box.querySelector(`[data-action="${action}"]`);
  if (!b) {
    b = el("button", { type: "button", class: "board-button", "data-action": action });
    box.append(b);
    b.textContent = label;
  }
  if (key) b.setAttribute("aria-keyshortcuts", key);
  if (title) b.title = title;
  if (pressed !== undefined) b.setAttribute("aria-pressed", String(pressed));
  return b;
}

export function config(root) {
  try {
    return JSON.parse(root.dataset.config || "{}") || {};
  } catch {
    return {};
  }
}

export function errorText(err) {
  if (!err) return "unknown error";
  if (typeof err === "string") return err;
  return err.message || err.reason || String(err);
}

// ---- the engine -------------------------------------------------------------

let clientPromise = null;

// The engine client (H5's engine-client.js), loaded only on pages that have a board.
export function engine() {
  if (!clientPromise) {
    clientPromise = import("../engine-client.js").then((m) => {
      const c = m.getEngine ? m.getEngine() : m.default;
      return c;
    });
  }
  return clientPromise;
}

// Wait until the engine is ready. If it cannot start, say so in plain words (the engine
// client's message, in the page's language) with a "Try again" button; the promise
// resolves once a later attempt succeeds, so the board comes to life then.
export function waitForEngine(root, statusNode, onFail) {
  const L = strings();
  return new Promise((resolve) => {
    const attempt = async () => {
      try {
        await engineReady();
        resolve(true);
      } catch (err) {
        console.error(err);
        root.dataset.ready = "error";
        root.setAttribute("aria-busy", "false");
        statusNode.hidden = false;
        statusNode.classList.add("board-error");
        statusNode.dataset.kind = "error";
        const msg = err && err.name === "EngineUnavailable" && err.message ? err.message : L.failed;
        const again = el("button", { type: "button", class: "board-button", "data-action": "retry", text: L.retry });
        statusNode.replaceChildren(el("span", { text: msg + " " }), again);
        if (onFail) onFail(err);
        again.addEventListener("click", async () => {
          again.disabled = true;
          statusNode.replaceChildren(el("span", { text: L.loading }));
          statusNode.classList.remove("board-error");
          statusNode.dataset.kind = "info";
          root.dataset.ready = "false";
          const c = await engine();
          try { c.restart ? await c.restart() : null; } catch { /* reported by attempt() */ }
          attempt();
        });
      }
    };
    attempt();
  });
}

export async function engineReady() {
  const c = await engine();
  const ready = c.ready && typeof c.ready.then === "function" ? c.ready
    : typeof c.ready === "function" ? c.ready() : Promise.resolve();
  let timer;
  const limit = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error("the engine did not start within 20 seconds")), START_TIMEOUT_MS + 2000);
  });
  try {
    await Promise.race([ready, limit]);
  } finally {
    clearTimeout(timer);
  }
  return c;
}

// call(cmd, args): the result, or throws (err.name "EngineError" for input the engine
// refuses, with err.message quoting it). A call lost because the worker died or hung is
// sent again once to the fresh worker (engine-client's `retries`): every call carries the
// whole record, so the game in progress survives a restart. `fallback(args, err)` may
// give smaller arguments for one more try (engine-client's `fallback`).
export async function call(cmd, args, { retries = 1, timeoutMs, fallback } = {}) {
  const c = await engine();
  const opts = { retries };
  if (timeoutMs) opts.timeoutMs = timeoutMs;
  if (fallback) opts.fallback = fallback;
  return c.call(cmd, args, opts);
}

export function isCancelled(err) {
  return !!err && err.name === "EngineCancelled";
}

export async function cancel() {
  const c = await engine();
  if (c.cancel) return c.cancel();
}

// ---- games in the address and in localStorage -----------------------------------

export function paramName(id) {
  return `game-${id}`;
}

export function recordFromAddress(id) {
  const params = new URLSearchParams(location.search);
  return params.get(paramName(id));
}

export function storageKey(id) {
  return `zaa:${location.pathname}:${id}`;
}

export function savedRecord(id) {
  try {
    return localStorage.getItem(storageKey(id));
  } catch {
    return null;
  }
}

export function linkFor(id, record) {
  const url = new URL(location.href);
  url.searchParams.set(paramName(id), record);
  return url.toString();
}

// Keep the current game: in localStorage (reload resumes it) and in the address
// (replaceState, so the back button is not flooded and #anchors are kept).
export function keep(id, record, { address = true } = {}) {
  try {
    localStorage.setItem(storageKey(id), record);
  } catch { /* storage may be disabled: the address still holds the game */ }
  if (!address) return;
  try {
    const url = new URL(location.href);
    url.searchParams.set(paramName(id), record);
    history.replaceState(history.state, "", url.toString());
  } catch { /* ignore */ }
}

export function forget(id) {
  try {
    localStorage.removeItem(storageKey(id));
  } catch { /* ignore */ }
  try {
    const url = new URL(location.href);
    if (url.searchParams.has(paramName(id))) {
      url.searchParams.delete(paramName(id));
      history.replaceState(history.state, "", url.toString());
    }
  } catch { /* ignore */ }
}

// The record to open a board with: the address first, then localStorage, then the
// block's own start. Each candidate is read by the engine (`load`); a bad one is
// reported in words and the next is tried.
export async function openGame(id, loadCmd, startRecord, say) {
  const L = strings();
  const fromAddress = recordFromAddress(id);
  if (fromAddress !== null) {
    try {
      return await call(loadCmd, { record: fromAddress });
    } catch (err) {
      forget(id);
      say(L.badLink(errorText(err)), "error");
      return null;
    }
  }
  const saved = savedRecord(id);
  if (saved !== null && saved !== startRecord) {
    try {
      return await call(loadCmd, { record: saved });
    } catch (err) {
      forget(id);
      say(L.badSaved(errorText(err)), "error");
      return null;
    }
  }
  return null;
}

export async function copyLink(id, record, say, box) {
  const L = strings();
  const url = linkFor(id, record);
  let copied = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(url);
      copied = true;
    }
  } catch { copied = false; }
  let field = box.querySelector(".board-link");
  if (!field) {
    field = el("input", { class: "board-link", type: "text", readonly: true, "aria-label": L.linkShown });
    box.append(field);
  }
  field.value = url;
  field.hidden = false;
  if (!copied) {
    field.focus();
    field.select();
    try { copied = document.execCommand && document.execCommand("copy"); } catch { copied = false; }
  }
  say(copied ? L.linkCopied : L.linkShown);
  return url;
}

export function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

export function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

export function setReady(root, value) {
  root.dataset.ready = String(value);
  root.setAttribute("aria-busy", value === true ? "false" : value === "error" ? "false" : "true");
}

// What every board does the same way: its messages (the status line and the aria-live
// region) and its start: wait for the engine, open the game from the address, the saved
// game or the block, then let the board show it. A board class extends this and gives
// `loadCmd`, `freshView()`, `opened(view)` (show the game, enable its controls) and
// `maybeComputer()`.
export class Board {
  constructor(root) {
    this.root = root;
    this.L = strings();
    this.cfg = config(root);
    this.id = root.id;
    this.view = null;
    this.busy = false;
    this.alive = true;
  }

  say(text, kind = "info") {
    this.live.textContent = text;
    this.live.dataset.kind = kind;
  }

  setStatus(text, kind = "info") {
    this.status.textContent = text;
    this.status.dataset.kind = kind;
    this.status.classList.toggle("board-error", kind === "error");
    this.status.hidden = !text;
  }

  async start() {
    setReady(this.root, false);
    this.setStatus(this.L.loading);
    await waitForEngine(this.root, this.status);
    setReady(this.root, false);
    let view = await openGame(this.id, this.loadCmd, this.cfg.record, (m, k) => this.setStatus(m, k));
    const warned = view === null && this.status.dataset.kind === "error";
    try {
      if (!view) view = await this.freshView();
      if (!warned) this.setStatus("");
      await this.opened(view);
    } catch (err) {
      this.setStatus(errorText(err), "error");
      setReady(this.root, "error");
      return this;
    }
    setReady(this.root, true);
    this.maybeComputer();
    return this;
  }

  destroy() {
    this.alive = false;
  }
}
