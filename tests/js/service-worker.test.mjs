// The service worker's download of the site (build_scripts/service_worker.js), run in a
// bare context with a cache and a network of its own: every file is kept, and a page that
// starts meanwhile holds the download until it releases it, or until its hold runs out.
// (The whole offline copy in a real browser: tests/site/test_offline.py.)

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import vm from "node:vm";

const SOURCE = readFileSync(new URL("../../build_scripts/service_worker.js", import.meta.url), "utf8");
const FILES = ["index.html", "zohn-ahl/", "assets/js/boards.js", "assets/runtime/pyodide/pyodide.asm.wasm",
  "assets/runtime/engine.whl", "fr/index.html"];

// The worker in a context of its own: `clock` is its Date.now(); `later(ms, fn)` is its
// setTimeout (by default a wait that never ends by itself).
function start({ later = () => {} } = {}) {
  const listeners = {};
  const fetched = [];
  const kept = new Map();
  const time = { now: 0 };
  const context = vm.createContext({
    BUILD: "test",
    FILES,
    self: {
      location: { href: "https://school.example/site/sw.js" },
      addEventListener: (type, listener) => { listeners[type] = listener; },
      clients: { claim: async () => {} },
    },
    caches: {
      open: async () => ({ match: async (url) => kept.get(url), put: async (url, response) => { kept.set(url, response); } }),
      keys: async () => [],
      delete: async () => true,
    },
    fetch: async (request) => {
      fetched.push(new URL(request.url).pathname);
      return new Response("kept", { status: 200, headers: { "Content-Type": "text/plain" } });
    },
    Request, Response, Headers, URL, Map, Math, Array, Promise, Error,
    Date: { now: () => time.now },
    setTimeout: (fn, ms) => later(ms, fn, time),
  });
  vm.runInContext(SOURCE, context);
  let install;
  const worker = {
    fetched,
    kept,
    time,
    install() {
      listeners.install({ waitUntil: (promise) => { install = promise; } });
      return install;
    },
    say(id, type) {
      listeners.message({ source: { id }, data: { type } });
    },
  };
  return worker;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

test("every file of the build is kept", async () => {
  const worker = start();
  await worker.install();
  assert.equal(worker.kept.size, FILES.length);
  assert.deepEqual([...worker.fetched].sort(), FILES.map((f) => `/site/${f}`).sort());
});

test("a page that starts holds the download until it releases it", async () => {
  const worker = start();
  worker.say("second-tab", "hold");
  const done = worker.install();
  for (let i = 0; i < 20; i++) await settle();
  assert.deepEqual(worker.fetched, [], "the download went on while the page started");
  worker.say("second-tab", "release");
  await done;
  assert.equal(worker.kept.size, FILES.length);
});

test("two pages hold it: it goes on once both have released it", async () => {
  const worker = start();
  worker.say("tab-1", "hold");
  worker.say("tab-2", "hold");
  const done = worker.install();
  worker.say("tab-1", "release");
  for (let i = 0; i < 20; i++) await settle();
  assert.deepEqual(worker.fetched, []);
  worker.say("tab-2", "release");
  await done;
  assert.equal(worker.kept.size, FILES.length);
});

test("a hold that is never released runs out, and a message of another kind holds nothing", async () => {
  const waits = [];
  // time passes as the worker waits
  const worker = start({ later: (ms, fn, time) => { waits.push(ms); time.now += ms; setImmediate(fn); } });
  worker.say("a-page-that-closed", "hold");
  worker.say("someone", "keep everything");
  await worker.install();
  assert.equal(worker.kept.size, FILES.length);
  assert.deepEqual(waits, [10_000], "one wait, of the longest hold");
});
