// @ts-check
// The page's Python: a module Web Worker that runs the rules engine in Pyodide.
//
// Started by engine-client.js (one per tab, only on pages with a board). It starts Python
// and the engine from the site's own files (worker-start.mjs), watching and counting the
// runtime's downloads (worker-downloads.mjs, worker-report.mjs), keeps a memory snapshot
// of the started interpreter for later starts (worker-snapshot.mjs), and answers the
// page's requests (worker-requests.mjs). Every request and reply is JSON text: page input
// is data, never Python source.
//
// Messages from the page:   {id, cmd, args, background?}  (background: after the others)
// Messages to the page:     {type: "alive", lock}     (at once: the Web Lock this worker holds
//                                                      until it ends; see engine-client.js)
//                           {type: "progress", received, total, stage?}
//                                                     (start-up is moving: bytes of the runtime
//                                                      received so far: worker-report.mjs)
//                           {type: "ready", info: {engine, python, platform, start, startup_ms,
//                                                  stages, snapshot?, marks}}
//                                                     (start "normal" or "snapshot": worker-start.mjs;
//                                                      marks: worker-report.mjs)
//                           {type: "snapshot", info: {status, bytes?, make_ms?, save_ms?, reason?}}
//                           {type: "fatal", message}          (start-up failed)
//                           {type: "reply", id, reply: "<JSON text of the protocol reply>"}
//                           {type: "broken", message}         (the interpreter failed: replace me)

import { runtimeFailure, markStart, said, startMarks } from "./worker-report.mjs";
import { downloadsSettled, keepDecoded } from "./worker-downloads.mjs";
import { boot } from "./worker-start.mjs";
import { takeSnapshot } from "./worker-snapshot.mjs";
import { receive, whenIdle } from "./worker-requests.mjs";

const started = performance.now();
markStart("engine:worker-started");

// ---- Liveness: a Web Lock held until this worker ends (engine-client.js waits for it) ----

function holdLock() {
  if (!(self.navigator && navigator.locks)) return;
  const name = `engine-worker-${self.crypto && crypto.randomUUID ? crypto.randomUUID() : Math.random().toString(36).slice(2)}`;
  navigator.locks.request(name, () => {
    self.postMessage({ type: "alive", lock: name });
    return new Promise(() => {}); // released only when the worker ends
  }).catch(() => {});
}
holdLock();

// ---- The start, and the snapshot after a normal one ----

const booting = Promise.race([
  boot().catch(async (err) => { await downloadsSettled(); throw err; }),
  runtimeFailure,
]);

booting.then(
  (engine) => {
    const info = { ...engine.ping, start: engine.start, startup_ms: Math.round(performance.now() - started),
      stages: engine.stages, snapshot: engine.snapshot, marks: startMarks };
    self.postMessage({ type: "ready", info });
    const key = engine.key;
    // Once the page has asked nothing for a moment (whenIdle): on a plain-http origin the
    // runtime's files decoded from their copies are kept (worker-downloads.mjs), then,
    // after a normal start, the snapshot is taken. The page's first requests (the game,
    // then the drawing of its board, each sent once the one before is answered) wait
    // neither for these copies nor for the modules of the game not in play. The engine's
    // other modules are imported, so that the snapshot holds them all, and the memory is
    // copied (a few tens of milliseconds of this worker); the checksum and the store's
    // write run in the background. (The files are written first: a tab closed once the
    // snapshot is kept has nothing left to write.)
    const save = () => {
      if (engine.snapshot.status !== "to-save" || !key) return;
      let saving;
      try {
        saving = takeSnapshot(engine.pyodide, key);
      } catch (err) {
        saving = Promise.reject(err);
      }
      saving.then(
        (result) => self.postMessage({ type: "snapshot", info: result }),
        (err) => self.postMessage({ type: "snapshot", info: { status: "failed", reason: said(err) } }),
      );
    };
    // (after files were written, the page may have asked again meanwhile: idle once more)
    whenIdle(() => keepDecoded().then((wrote) => (wrote ? whenIdle(save) : save())));
  },
  (err) => self.postMessage({ type: "fatal", message: said(err) }),
);

// ---- The page's requests ----

self.onmessage = (event) => receive(booting, event.data || {});
