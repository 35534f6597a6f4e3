// @ts-check
// QR codes drawn in the page: a thin wrapper around the npm library qrcode-generator
// (pinned in package.json, copied into the site at build time by build_scripts/vendor.py,
// loaded from the site only when a code is first drawn). Whatever in the page needs a QR
// code draws it here, so the library is named in one place.

/** @type {Promise<any> | null} */
let library = null;

function qrcode() {
  if (!library) {
    const url = new URL("./vendor/qrcode-generator.mjs", import.meta.url).href;
    library = import(url).then((m) => m.default);
    library.catch(() => { library = null; });   // a failed load is tried again next time
  }
  return library;
}

/**
 * Draw `text` as a QR code on `canvas`: dark modules on white, a quiet zone of four
 * modules, `scale` pixels a module. By default the text is written as bytes (UTF-8) with
 * error correction level L, in the smallest version that holds it: a code shown on a
 * screen is not scratched, and fewer modules are easier for a camera to read. A text of
 * digits, capitals and `$%*+-./:` and space (a hand-in code) may ask for the
 * `alphanumeric` mode, which takes fewer modules. Returns the number of modules a side;
 * throws for a text longer than a QR code holds.
 * @param {HTMLCanvasElement} canvas
 * @param {string} text
 * @param {{scale?: number, level?: "L" | "M" | "Q" | "H", alphanumeric?: boolean}} [options]
 */
export async function drawQr(canvas, text, { scale = 4, level = "L", alphanumeric = false } = {}) {
  const make = await qrcode();
  const qr = make(0, level);
  if (alphanumeric) {
    qr.addData(text, "Alphanumeric");
  } else {
    const bytes = new TextEncoder().encode(text);
    qr.addData(Array.from(bytes, (b) => String.fromCharCode(b)).join(""), "Byte");
  }
  qr.make();
  const n = qr.getModuleCount();
  const quiet = 4;
  const side = (n + 2 * quiet) * scale;
  canvas.width = side;
  canvas.height = side;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("this browser draws no 2D canvas");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, side, side);
  ctx.fillStyle = "#000";
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (qr.isDark(r, c)) ctx.fillRect((c + quiet) * scale, (r + quiet) * scale, scale, scale);
    }
  }
  return n;
}
