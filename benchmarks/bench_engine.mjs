#!/usr/bin/env node
// The engine benchmark inside real Pyodide under Node: runs benchmarks/bench_engine.py
// with the Pyodide runner of the tests (tests/pyodide/run.mjs); the JSON goes to stdout.
// The engine is offered the loops the site's worker offers it (the lab's game lengths in
// JavaScript: docs/assets/js/chain-carry.mjs), so the figures are the page's.
//
//     node benchmarks/bench_engine.mjs [--quick] [--win-games N]
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runInPyodide } from "../tests/pyodide/run.mjs";

const here = dirname(fileURLToPath(import.meta.url));
// the endgame tables, copied into Pyodide's file system by the runner (files named as arguments)
const tables = join(here, "..", "engine", "awithlaknannai", "tables");
const tableArgs = readdirSync(tables).filter((f) => f.endsWith(".egtb")).flatMap((f) => ["--table", join(tables, f)]);
process.env.PYODIDE_ENGINE_KERNELS = "1";
process.exitCode = await runInPyodide(join(here, "bench_engine.py"), [...process.argv.slice(2), ...tableArgs]);
