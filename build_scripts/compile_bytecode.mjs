// Python modules in a zip compiled to bytecode by the interpreter that will run them.
//
//     node build_scripts/compile_bytecode.mjs SOURCE.zip OUT.zip
//
// Starts Pyodide from node_modules/pyodide (the runtime the site ships, with its whole
// standard library), reads SOURCE.zip (the trimmed standard library of
// build_scripts/stdlib.py, or the engine's wheel) and writes OUT.zip with the same entries
// in the same order, each module's source replaced by its bytecode: `x.py` becomes
// `x.pyc`, a sourceless module that Python's importers (the zip importer for the standard
// library, the file system's for the wheel unpacked into site-packages) load without
// compiling anything. The bytecode must come from the same Python version as the runtime,
// hence Pyodide's own compiler here: the build machine's Python is older. The bytecode
// leaves out the columns of each instruction (PYTHONNODEBUGRANGES, as `python -X
// no_debug_ranges`): a fifth smaller, and a traceback only loses its ^^^ marks (and,
// without the source, the lines' text). Other entries are copied as they are; a wheel's
// RECORD is written anew for the entries as written, each with its hash and size.
// The entries are stored, not deflated: the server compresses the whole file as it sends
// it (brotli or gzip, build_scripts/serve.py and precompress.py), and that compression,
// seeing across the modules, makes a smaller download than deflating each module alone
// (benchmarks/README.md has the measurement). Timestamps are fixed, so the same input
// gives the same bytes. Used by
// build_scripts/stdlib.py (`compile_zip`), whose results build_scripts/runtime.py caches.
//
// Exit status 0 on success; 1 with the reason on stderr otherwise.

import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const PYODIDE_DIR = join(ROOT, "node_modules", "pyodide");

const COMPILE = `
import base64, hashlib, io, zipfile
from importlib._bootstrap_external import _code_to_timestamp_pyc

def _entry(name, external_attr):
    entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    entry.external_attr = external_attr
    entry.compress_type = zipfile.ZIP_STORED
    return entry

def compiled(data: bytes) -> bytes:
    source = zipfile.ZipFile(io.BytesIO(data))
    buffer = io.BytesIO()
    record = None  # a wheel's RECORD: (its name, its attributes), written last
    lines = []
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as out:
        for info in source.infolist():
            body = source.read(info)
            name = info.filename
            if name.endswith(".dist-info/RECORD"):
                record = (name, info.external_attr)
                continue
            if name.endswith(".py"):
                try:
                    code = compile(body, name, "exec", dont_inherit=True)
                except SyntaxError as exc:
                    raise ValueError(f"{name} does not compile: {exc}") from None
                # (no source sits beside it: the time and size are never checked)
                body = _code_to_timestamp_pyc(code, 0, 0)
                name += "c"
            out.writestr(_entry(name, info.external_attr), body)
            if not name.endswith("/"):
                digest = base64.urlsafe_b64encode(hashlib.sha256(body).digest()).rstrip(b"=")
                lines.append(f"{name},sha256={digest.decode()},{len(body)}")
        if record is not None:
            text = "".join(f"{line}\\n" for line in [*lines, f"{record[0]},,"])
            out.writestr(_entry(*record), text.encode())
    return buffer.getvalue()
`;

async function main([source, out]) {
  if (!source || !out) {
    process.stderr.write("usage: node build_scripts/compile_bytecode.mjs SOURCE.zip OUT.zip\n");
    return 1;
  }
  const { loadPyodide } = await import(pathToFileURL(join(PYODIDE_DIR, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({
    indexURL: PYODIDE_DIR + "/",
    env: { PYTHONNODEBUGRANGES: "1" },
    stdout: () => {},
    stderr: (line) => process.stderr.write(line + "\n"),
  });
  pyodide.runPython(COMPILE);
  const input = pyodide.toPy(new Uint8Array(readFileSync(resolve(source))));
  const result = pyodide.globals.get("compiled")(input);
  writeFileSync(resolve(out), result.toJs());
  result.destroy();
  input.destroy();
  return 0;
}

main(process.argv.slice(2)).then(
  (status) => process.exit(status),
  (err) => {
    // a Python error's message is its traceback: its last line says what went wrong
    const lines = String((err && err.message) || err).trim().split("\n");
    process.stderr.write(`compile_bytecode: ${lines[lines.length - 1]}\n`);
    process.exit(1);
  },
);
