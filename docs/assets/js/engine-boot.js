// @ts-check
// Python's early start on a return visit: the first script of the head of a page with a
// board (overrides/main.html), a classic script so that it runs the moment it arrives,
// before the page's style sheets and the theme's scripts are even asked for.
//
// Where this browser keeps Python's memory snapshot from an earlier visit (the engine
// client notes it in localStorage: SNAPSHOT_KEPT in engine-client.js), Python is restored from it in
// about a second, and this script creates the engine's worker at once; what the worker
// says is kept until the engine client (engine-client.js, loaded with the board scripts)
// takes the worker over and hears it all, in order. If the worker cannot be created, the
// client creates it itself and says what failed. On a first visit Python's start
// (downloading and compiling the runtime, setting up the interpreter) keeps a processor
// busy for seconds: it waits until the page has loaded or its first board is set up
// (boards.js), so that the page is drawn and answers the reader first.
//
// And while the site is being kept for offline use (the service worker's download after
// a first visit), this page asks the download to wait until its boards are playable
// (offline.js releases it): a second tab or a lesson link opened meanwhile starts as fast
// as a later visit.

// Whether this browser keeps a snapshot of Python (the engine client's note; the snapshot
// itself is checked by the worker, which starts normally from one it cannot use).
function snapshotKept() {
  try {
    return localStorage.getItem("engine-snapshot-kept") !== null;
  } catch {
    return false; // no localStorage: started as on a first visit
  }
}

(() => {
  const script = document.currentScript;
  if (!(script instanceof HTMLScriptElement) || typeof Worker !== "function") return;
  performance.mark("engine:first-script");
  if (snapshotKept()) {
    try {
      const worker = new Worker(new URL("engine-worker.mjs", script.src), {
        type: "module",
        name: "zohn-ahl-engine",
      });
      /** @type {Array<["message" | "error" | "messageerror", any]>} */
      const heard = [];
      worker.onmessage = (event) => heard.push(["message", event.data]);
      worker.onerror = (event) => {
        event.preventDefault();
        heard.push(["error", event.message]);
      };
      worker.onmessageerror = () => heard.push(["messageerror", null]);
      performance.mark("engine:worker-created");
      /** @type {any} */ (globalThis).__engineEarly = { worker, heard };
    } catch {
      // the client tries again and reports the failure in words
    }
  }
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.getRegistration().then((registration) => {
      if (registration && registration.installing) registration.installing.postMessage({ type: "hold" });
    }).catch(() => { /* no download to hold */ });
  }
})();
