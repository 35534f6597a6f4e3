"""The page's JavaScript libraries from npm, shipped with the site (a step of the site's plugin, :mod:`build_scripts.plugin`).

``on_post_build`` copies each library of :data:`LIBRARIES` from ``node_modules`` (pinned
to an exact version in ``package.json``, installed by ``npm ci``) into
``assets/js/vendor/`` of the site, the way the Pyodide runtime is shipped: no page loads
anything from another origin. The page imports them through a small module of its own
(``docs/assets/js/qr.js`` for the QR codes, ``docs/assets/js/answers/qr-reader.js`` to read
them from a camera), so the library can change without touching
the boards. A library missing from ``node_modules`` stops the build with the command that
installs it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parent.parent

VENDOR = Path("assets") / "js" / "vendor"
# the file in node_modules -> its name under assets/js/vendor/ (qrcode-generator, MIT, opens
# with its copyright and licence; jsQR, Apache-2.0, the reader of QR codes the class results
# page runs on the camera's pictures, in a worker: docs/assets/js/answers/qr-reader.js)
LIBRARIES = {
    "qrcode-generator/dist/qrcode.mjs": "qrcode-generator.mjs",
    "jsqr/dist/jsQR.js": "jsqr.js",
}
# Libraries published as a UMD script only, shipped as modules: the file -> (its name under
# assets/js/vendor/, the names it exports). The script fills a CommonJS ``module`` given to
# it, its ``require`` answered with nothing (xz-decompress asks for Node's "stream/web" only
# where the browser has no ReadableStream), and the module exports what it exported. The
# script itself is unchanged (MIT for xz-decompress, its notice first).
UMD_LIBRARIES = {
    "xz-decompress/dist/package/xz-decompress.min.js": ("xz-decompress.mjs", ("XzReadableStream",)),
}
_UMD_BEFORE = "const module = { exports: {} };\nconst exports = module.exports;\nconst require = () => ({});\n"


def install_vendor(site_dir: Path, modules: Path = ROOT / "node_modules") -> list[Path]:
    """Copy every library of :data:`LIBRARIES` into ``site_dir``; return the files written."""
    target = site_dir / VENDOR
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for source, name in LIBRARIES.items():
        path = modules / source
        if not path.is_file():
            raise PluginError(f"node_modules/{source} is missing: run 'npm ci' (make setup) first")
        shutil.copyfile(path, target / name)
        written.append(target / name)
    for source, (name, names) in UMD_LIBRARIES.items():
        path = modules / source
        if not path.is_file():
            raise PluginError(f"node_modules/{source} is missing: run 'npm ci' (make setup) first")
        after = f"\nexport const {{ {', '.join(names)} }} = module.exports;\n"
        (target / name).write_text(
            _UMD_BEFORE + path.read_text(encoding="utf-8") + after, encoding="utf-8"
        )
        written.append(target / name)
    return written
