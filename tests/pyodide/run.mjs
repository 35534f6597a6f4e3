#!/usr/bin/env node
// Run a Python script inside real Pyodide (the runtime the site ships) under Node.
//
//     node tests/pyodide/run.mjs SCRIPT.py [ARG...]
//
// Loads Pyodide 314 from node_modules/pyodide, writes the repository's `engine/` package
// (every .py file) into Pyodide's in-memory file system at the same absolute path as on
// the host, puts the repository root first on sys.path, copies SCRIPT.py and every ARG
// that names an existing host file to the same path, and runs SCRIPT.py as `__main__`
// with sys.argv = [SCRIPT.py, ARG...]. The script's stdout and stderr go to Node's.
//
// The engine is copied as source files (not unpacked from a wheel) so that a test run
// needs no build step; the site loads the same files from a wheel.
//
// Options, through the environment (the defaults run the whole runtime of the npm package):
//   PYODIDE_STDLIB_ZIP=path    the standard library zip to start with (e.g. the site's
//                              trimmed one) instead of the package's python_stdlib.zip;
//   PYODIDE_ENGINE_WHEEL=path  install the engine as the site's worker does, by unpacking
//                              this wheel into site-packages, instead of copying its sources;
//   PYODIDE_IMPORTS_OUT=path   after the script, write there (JSON) the names of the
//                              standard library zip's files whose modules were imported;
//   PYODIDE_ENGINE_KERNELS=1   offer the engine the loops the site's worker offers it
//                              (globalThis.engineKernels: docs/assets/js/chain-sweeps.mjs,
//                              docs/assets/js/chain-carry.mjs).
//
// Exit status: the script's (0 on success, 1 on an uncaught exception, SystemExit's
// code otherwise); 3 if Pyodide fails to start or does not start within
// PYODIDE_START_TIMEOUT seconds (default 60); 2 for bad usage.
//
// Also importable: `runInPyodide(script, args)` returns the exit status.

import { readFileSync, readdirSync, statSync, existsSync, writeFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
export const REPO = resolve(HERE, "..", "..");
const PYODIDE_DIR = join(REPO, "node_modules", "pyodide");

function engineFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (name === "__pycache__") continue;
    if (statSync(path).isDirectory()) out.push(...engineFiles(path));
    else if (name.endsWith(".py")) out.push(path);
  }
  return out;
}

function writeInto(FS, hostPath) {
  const parent = dirname(hostPath).split(sep).join("/");
  FS.mkdirTree(parent);
  // Node's Buffer is copied into a plain Uint8Array for Emscripten's FS.
  FS.writeFile(hostPath.split(sep).join("/"), new Uint8Array(readFileSync(hostPath)));
}

async function startPyodide() {
  const { loadPyodide } = await import(pathToFileURL(join(PYODIDE_DIR, "pyodide.mjs")).href);
  const limit = Number(process.env.PYODIDE_START_TIMEOUT || 60) * 1000;
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Pyodide did not start within ${limit / 1000} s`)), limit);
  });
  try {
    const options = { indexURL: PYODIDE_DIR + "/" };
    if (process.env.PYODIDE_STDLIB_ZIP) options.stdLibURL = resolve(process.env.PYODIDE_STDLIB_ZIP);
    return await Promise.race([loadPyodide(options), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// The standard library zip's files whose modules are loaded (their spec's origin lies
// inside the zip), sorted; packages bring their __init__.py.
function importedFromStdlib(pyodide) {
  const names = pyodide.runPython(`
import sys
_zip = next(p for p in sys.path if p.endswith(".zip")) + "/"
sorted({
    m.__spec__.origin[len(_zip):]
    for m in list(sys.modules.values())
    if getattr(m, "__spec__", None) is not None
    and isinstance(m.__spec__.origin, str)
    and m.__spec__.origin.startswith(_zip)
})
`);
  const out = names.toJs();
  names.destroy();
  return out;
}

export async function runInPyodide(script, args = []) {
  const t0 = Date.now();
  let pyodide;
  try {
    pyodide = await startPyodide();
  } catch (err) {
    process.stderr.write(`pyodide runner: Pyodide failed to start: ${err && err.stack || err}\n`);
    return 3;
  }
  const startSeconds = (Date.now() - t0) / 1000;
  const write = (stream) => ({
    write: (buffer) => { stream.write(Buffer.from(buffer)); return buffer.length; },
  });
  pyodide.setStdout(write(process.stdout));
  pyodide.setStderr(write(process.stderr));

  if (process.env.PYODIDE_ENGINE_KERNELS) {
    const kernel = (name) => import(pathToFileURL(join(REPO, "docs", "assets", "js", name)).href);
    const [{ sweepChain }, { carryLengths }] = await Promise.all([kernel("chain-sweeps.mjs"), kernel("chain-carry.mjs")]);
    globalThis.engineKernels = { sweepChain, carryLengths };
  }
  const FS = pyodide.FS;
  const wheel = process.env.PYODIDE_ENGINE_WHEEL;
  if (wheel) {
    // The worker's way (docs/assets/js/worker-start.mjs): unpack into site-packages.
    const sitePackages = pyodide.pyimport("sys").path.toJs().find((p) => p.endsWith("site-packages"));
    pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
  } else {
    for (const file of engineFiles(join(REPO, "engine"))) writeInto(FS, file);
  }
  const scriptPath = resolve(script);
  writeInto(FS, scriptPath);
  const argv = [scriptPath];
  for (const arg of args) {
    if (existsSync(arg) && statSync(arg).isFile()) {
      const abs = resolve(arg);
      writeInto(FS, abs);
      argv.push(abs);
    } else {
      argv.push(arg);
    }
  }
  pyodide.globals.set("_runner_argv", pyodide.toPy(argv));
  pyodide.globals.set("_runner_repo", REPO.split(sep).join("/"));
  pyodide.globals.set("_runner_start_seconds", startSeconds);
  pyodide.globals.set("_runner_wheel", Boolean(wheel));
  const code = await pyodide.runPythonAsync(`
import os, runpy, sys, traceback
sys.argv = list(_runner_argv)
if not _runner_wheel:
    sys.path.insert(0, _runner_repo)
os.environ["PYODIDE_START_SECONDS"] = str(_runner_start_seconds)
_runner_status = 0
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
except SystemExit as exc:
    if exc.code is None:
        _runner_status = 0
    elif isinstance(exc.code, int):
        _runner_status = exc.code
    else:
        print(exc.code, file=sys.stderr)
        _runner_status = 1
except BaseException:
    traceback.print_exc()
    _runner_status = 1
sys.stdout.flush()
sys.stderr.flush()
_runner_status
`);
  if (process.env.PYODIDE_IMPORTS_OUT) {
    writeFileSync(process.env.PYODIDE_IMPORTS_OUT, JSON.stringify(importedFromStdlib(pyodide)) + "\n");
  }
  return code;
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const [script, ...args] = process.argv.slice(2);
  if (!script) {
    process.stderr.write("usage: node tests/pyodide/run.mjs SCRIPT.py [ARG...]\n");
    process.exit(2);
  }
  const status = await runInPyodide(script, args);
  process.exitCode = status;
}
