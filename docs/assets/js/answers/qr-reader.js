// @ts-check
// Read QR codes from the device's camera, in the page: the camera's pictures are drawn on
// a canvas a few times a second and read by jsQR in a worker (qr-reader-worker.js); no
// picture leaves the device. The browser asks the reader's permission for the camera the
// first time; a refusal or a device without a camera is told to the caller.

const PICTURE_MS = 200; // a picture every 200 ms: quick enough for a code held still

/**
 * Start the camera in `video` and call `onText` with the text of each QR code it reads
 * (the same code again only once another has been read, or after `again` ms).
 * Returns a function that stops the camera.
 * @param {HTMLVideoElement} video
 * @param {(text: string) => void} onText
 * @param {{again?: number}} [options]
 * @returns {Promise<() => void>}
 */
export async function startReading(video, onText, { again = 4000 } = {}) {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: "environment" },
    audio: false,
  });
  const worker = new Worker(new URL("./qr-reader-worker.js", import.meta.url));
  video.srcObject = stream;
  video.muted = true;
  video.setAttribute("playsinline", "");
  await video.play();
  const canvas = document.createElement("canvas");
  const context = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d", { willReadFrequently: true }));
  let busy = false;
  let last = "";
  let lastAt = 0;
  worker.onmessage = (event) => {
    busy = false;
    const text = event.data;
    if (typeof text !== "string" || !text) return;
    const now = Date.now();
    if (text === last && now - lastAt < again) return;
    last = text;
    lastAt = now;
    onText(text);
  };
  const timer = window.setInterval(() => {
    if (busy || !video.videoWidth) return;
    const scale = Math.min(1, 640 / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const picture = context.getImageData(0, 0, canvas.width, canvas.height);
    busy = true;
    worker.postMessage({ data: picture.data, width: picture.width, height: picture.height }, [picture.data.buffer]);
  }, PICTURE_MS);
  return () => {
    window.clearInterval(timer);
    worker.terminate();
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
}
