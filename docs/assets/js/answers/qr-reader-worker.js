// The reader of QR codes of the class results page, in a worker (a classic one: the
// library, jsQR from npm, pinned in package.json and copied into the site by
// build_scripts/vendor.py, is a script that defines `jsQR`). Each message is one picture
// from the camera, {data, width, height} (RGBA pixels); the reply is the text of the QR
// code found in it, or null. The pictures stay in this worker: nothing is sent anywhere.
/* global jsQR */
importScripts("../vendor/jsqr.js");

self.onmessage = (event) => {
  const { data, width, height } = event.data;
  let text = null;
  try {
    const found = jsQR(data, width, height, { inversionAttempts: "dontInvert" });
    text = found ? found.data : null;
  } catch {
    text = null;
  }
  self.postMessage(text);
};
