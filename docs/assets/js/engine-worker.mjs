// The page's Python: a module Web Worker that runs the rules engine in Pyodide.
//
// Started by engine-client.js (one per tab, only on pages with a board). It reads
// ../runtime/manifest.json (written by build_scripts/runtime.py at build time), loads the
// Pyodide runtime and the engine wheel from the same origin, imports engine.protocol and
// answers the page's requests. Every request and reply is JSON text: page input is data,
// never Python source.
//
// Messages from the page:   {id, cmd, args}
// Messages to the page:     {type: "ready", info: {engine, python, platform, startup_ms, stages}}
//                           {type: "fatal", message}          (start-up failed)
//                           {type: "reply", id, reply: "<JSON text of the protocol reply>"}
//                           {type: "broken", message}         (the interpreter failed: replace me)

const manifestURL = new URL("../runtime/manifest.json", import.meta.url);
const started = performance.now();

async function boot() {
  // Revalidated on every start: after a new build the manifest names the new wheel, whose
  // hashed URL can then be cached for good.
  const response = await fetch(manifestURL, { cache: "no-cache" });
  if (!response.ok) {
    throw new Error(`the runtime manifest ${manifestURL.pathname} could not be read (HTTP ${response.status})`);
  }
  let manifest;
  try {
    manifest = await response.json();
  } catch (err) {
    throw new Error(`the runtime manifest ${manifestURL.pathname} is not valid JSON`);
  }
  if (typeof manifest.indexURL !== "string" || typeof manifest.wheel !== "string") {
    throw new Error(`the runtime manifest ${manifestURL.pathname} does not name the runtime and the engine`);
  }
  const indexURL = new URL(manifest.indexURL, manifestURL);
  const wheelURL = new URL(manifest.wheel, manifestURL);
  if (indexURL.origin !== self.location.origin || wheelURL.origin !== self.location.origin) {
    throw new Error("the runtime manifest points to another site; only this site's files are loaded");
  }
  // The engine's wheel downloads while the interpreter starts.
  const wheel = fetch(wheelURL).then((r) => {
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  wheel.catch(() => {});  // reported below, once the interpreter is up
  const stages = {};
  const mark = (name, since) => { stages[name] = Math.round(performance.now() - since); return performance.now(); };
  let t = performance.now();
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  t = mark("import_pyodide_ms", t);
  const pyodide = await loadPyodide({
    indexURL: indexURL.href,
    stdout: () => {},
    stderr: () => {},
  });
  t = mark("interpreter_ms", t);
  let protocol;
  try {
    const sitePackages = pyodide.pyimport("sysconfig").get_path("purelib");
    pyodide.unpackArchive(await wheel, "wheel", { extractDir: sitePackages });
    protocol = pyodide.pyimport("engine.protocol");
  } catch (err) {
    const why = String((err && err.message) || err).trim().split("\n").pop();
    throw new Error(`the engine package ${wheelURL.pathname} could not be loaded (${why})`);
  }
  t = mark("wheel_and_engine_ms", t);
  const handle = protocol.handle;
  const ping = JSON.parse(handle(JSON.stringify({ id: 0, cmd: "ping", args: {} })));
  if (!ping.ok) {
    throw new Error(`the engine did not answer: ${ping.error && ping.error.message}`);
  }
  return { handle, info: { ...ping.result, startup_ms: Math.round(performance.now() - started), stages } };
}

const booting = boot();

booting.then(
  ({ info }) => self.postMessage({ type: "ready", info }),
  (err) => self.postMessage({ type: "fatal", message: String((err && err.message) || err) }),
);

function internalError(id, err) {
  return JSON.stringify({
    id,
    ok: false,
    error: {
      type: "WorkerError",
      kind: "internal",
      message: `internal error in the engine's worker: ${(err && err.message) || err}`,
      input: null,
      where: null,
    },
  });
}

self.onmessage = async (event) => {
  const data = event.data || {};
  const id = data.id;
  let engine;
  try {
    engine = await booting;
  } catch (err) {
    self.postMessage({ type: "reply", id, reply: internalError(id, err) });
    return;
  }
  let request;
  try {
    request = JSON.stringify({ id, cmd: data.cmd, args: data.args ?? {} });
  } catch (err) {
    const reply = JSON.stringify({ id, ok: false, error: { type: "RequestError", kind: "request",
      message: `the request cannot be written as JSON: ${(err && err.message) || err}`, input: null, where: null } });
    self.postMessage({ type: "reply", id, reply });
    return;
  }
  let reply;
  try {
    reply = engine.handle(request);
  } catch (err) {
    // handle() answers every Python exception itself, so an error reaching JavaScript
    // means the interpreter is broken (a fatal Pyodide error, a stack overflow): say so,
    // and ask the page to replace this worker.
    self.postMessage({ type: "reply", id, reply: internalError(id, err) });
    self.postMessage({ type: "broken", message: String((err && err.message) || err) });
    return;
  }
  self.postMessage({ type: "reply", id, reply });
};
