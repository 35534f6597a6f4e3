// @ts-check
// What every stick bias shares in the probability lab, shipped with the build: each
// ruleset's graph and the shape of its game lengths (engine/zohn_ahl/solver/prepared.py
// says what the file holds; build_scripts/runtime.py writes it, the manifest's "chains"
// names it). Reading them from the rules takes the page's Python seconds; installing the
// file takes a fraction of one. The engine's worker calls installChains before a lab
// request: the file is fetched and installed once, by the first such request (the others
// wait for it); a file that cannot be fetched or installed is tried again at the next
// lab request, and the engine meanwhile works out what it needs from the rules, as it
// does without the file.

/** @type {Promise<void> | null} */
let installing = null;

/**
 * Fetch the file at `url` and hand it to the engine (once per worker).
 * @param {any} pyodide
 * @param {URL | null} url  the manifest's "chains", or null (nothing to install)
 * @returns {Promise<void>}
 */
export function installChains(pyodide, url) {
  if (!url) return Promise.resolve();
  if (!installing) {
    installing = (async () => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      pyodide.pyimport("engine.protocol").install_chains(bytes);
    })().catch((err) => {
      installing = null;
      console.warn("engine worker: the lab's prepared chains were not installed:", err);
    });
  }
  return installing;
}
