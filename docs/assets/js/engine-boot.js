// @ts-check
// Python's start, as early as a page can make it: the first script of the head of a page
// with a board (overrides/main.html), a classic script so that it runs the moment it
// arrives, before the page's style sheets and the theme's scripts are even asked for.
// It only creates the engine's worker and keeps what the worker says until the engine
// client (engine-client.js, loaded with the board scripts) takes the worker over and
// hears it all, in order. If the worker cannot be created, the client creates it itself
// and says what failed. And while the site is being kept for offline use (the service
// worker's download after a first visit), this page asks the download to wait until its
// boards are playable (offline.js releases it): a second tab or a lesson link opened
// meanwhile starts as fast as a later visit.
(() => {
  const script = document.currentScript;
  if (!(script instanceof HTMLScriptElement) || typeof Worker !== "function") return;
  performance.mark("engine:first-script");
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
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.getRegistration().then((registration) => {
      if (registration && registration.installing) registration.installing.postMessage({ type: "hold" });
    }).catch(() => { /* no download to hold */ });
  }
})();
