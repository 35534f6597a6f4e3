"""The whole built site as one zip file, to serve on a computer with no internet
(``make offline``)::

    python -m build_scripts.archive [site] [dist/zohn-ahl-site.zip]

The zip holds one folder: the site, the server (``serve.py`` and the ``security.py`` it
reads its headers from, both standard library only) and a ``README.txt`` that says how to
start it in one line. A zip opens on every system without installing anything.
"""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
FOLDER = "zohn-ahl-site"
STORED = {".png", ".gz", ".br", ".jpg", ".jpeg", ".webp", ".woff2"}
"""Suffixes already compressed: stored as they are (compressing them again gains nothing).
The runtime's zip and wheel are not among them: their modules are stored uncompressed."""

README = """\
Zohn Ahl & Awithlaknannai -- the whole site, to use without internet
=====================================================================

Start it (Python 3.8 or later; nothing to install), from this folder:

    python3 serve.py

then open http://127.0.0.1:8000/ in a browser on this computer. Ctrl-C stops it.

For the other computers of a classroom network:

    python3 serve.py --host 0.0.0.0

and open the address it prints (http://<this computer's address>:8000/) on them.
Another port: --port 8080.

serve.py sends the files compressed, with the types and headers the site needs
(the Python that plays the games, pyodide.asm.wasm, must come as application/wasm).
The site also works from any other web server that does the same; the plain
"python3 -m http.server --directory site" works too, only slower (it compresses
nothing). Opening site/index.html as a file does not work: the games need a server.

A browser that opened the site from 127.0.0.1 or localhost keeps a copy of it for
offline use; from another computer's address (http://10.x.y.z:8000/), browsers
keep no copy, and the pages come from this computer each time.
"""


def write_archive(site: Path, target: Path) -> Path:
    """Write the zip of ``site`` to ``target``; return ``target``."""
    site, target = Path(site), Path(target)
    if not (site / "index.html").is_file():
        raise FileNotFoundError(f"no built site in {site} (index.html is missing): build it first")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".part")
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
        zf.writestr(f"{FOLDER}/README.txt", README)
        zf.write(HERE / "serve.py", f"{FOLDER}/serve.py")
        zf.write(HERE / "security.py", f"{FOLDER}/security.py")
        for path in sorted(p for p in site.rglob("*") if p.is_file()):
            rel = path.relative_to(site).as_posix()
            if path.suffix in (".map",) or rel.endswith(".xml.gz"):
                continue  # source maps and the search engines' copy: not for readers
            method = zipfile.ZIP_STORED if path.suffix.lower() in STORED else zipfile.ZIP_DEFLATED
            zf.write(path, f"{FOLDER}/site/{rel}", compress_type=method)
    partial.replace(target)
    return target


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    site = Path(args[0]) if args else ROOT / "site"
    target = Path(args[1]) if len(args) > 1 else ROOT / "dist" / f"{FOLDER}.zip"
    try:
        written = write_archive(site, target)
    except FileNotFoundError as err:
        print(f"archive: {err}", file=sys.stderr)
        return 1
    print(
        f"{written} ({written.stat().st_size / 1e6:.1f} MB): unzip it, then run: python3 serve.py"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
