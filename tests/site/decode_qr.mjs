// Reads a QR code from RGBA pixels with the npm library jsQR (pinned in package.json):
// stdin is JSON {width, height, rgba: base64}; stdout the text the code holds (nothing
// when no code is found). tests/site/test_e2e_classmate.py gives it a canvas's pixels.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const jsQR = require("jsqr");

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const { width, height, rgba } = JSON.parse(input);
  const pixels = new Uint8ClampedArray(Buffer.from(rgba, "base64"));
  const code = jsQR(pixels, width, height);
  process.stdout.write(code ? code.data : "");
});
