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
    return written
