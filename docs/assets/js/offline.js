// @ts-check
// Keep the whole site for reading and playing offline: register the service worker (sw.js,
// at the site's root, written by the build) once the first page has settled -- after its
// boards are playable, or after it has loaded when it has none -- so that the download of
// the site runs in the background and never delays the first board. Skipped when the
// reader asked the browser to save data, and where browsers allow no service worker
// (an address that is not secure: neither HTTPS nor this computer). On a page with
// boards, the web app manifest is named once they are playable (linksAfterBoards).

const ROOT = new URL("../../", import.meta.url);
const BOARD_WAIT_MS = 60_000;

function loaded() {
  return document.readyState === "complete"
    ? Promise.resolve()
    : new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
}

// Resolves when every board of the page is playable (or has failed), or after a minute;
// a board left to be set up when the reader comes near it (data-waiting: boards.js) is
// not waited for.
function boardsSettled() {
  const pending = () => [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".board[data-game]"))]
    .some((board) => board.dataset.ready !== "true" && board.dataset.ready !== "error"
      && board.dataset.waiting === undefined);
  if (!pending()) return Promise.resolve();
  return /** @type {Promise<void>} */ (new Promise((resolve) => {
    const done = () => { observer.disconnect(); clearTimeout(timer); resolve(); };
    const observer = new MutationObserver(() => { if (!pending()) done(); });
    const timer = setTimeout(done, BOARD_WAIT_MS);
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ["data-ready", "data-waiting"] });
  }));
}

function idle() {
  return /** @type {Promise<void>} */ (new Promise((resolve) => ("requestIdleCallback" in window
    ? requestIdleCallback(() => resolve(), { timeout: 3000 })
    : setTimeout(resolve, 1000))));
}

async function keepOffline() {
  await loaded();
  await boardsSettled();
  await idle();
  await navigator.serviceWorker.register(new URL("sw.js", ROOT), {
    scope: ROOT.pathname,
    updateViaCache: "none",
  });
}

// A page with boards that started while the site was being kept asked the download to
// wait (engine-boot.js): once its boards are playable, the download goes on.
async function releaseTheDownload() {
  await boardsSettled();
  const registration = await navigator.serviceWorker.getRegistration(ROOT.href);
  if (registration && registration.installing) registration.installing.postMessage({ type: "release" });
}

// The head's links that wait for the page's boards (the web app manifest: the browser's
// reading of it and its icons would take processor time from Python's start), put into
// the head once the boards are playable; their addresses are read now, from this page.
async function linksAfterBoards() {
  const waiting = [...document.head.querySelectorAll('template[data-role="after-boards"]')];
  const links = waiting.flatMap((template) => [.../** @type {HTMLTemplateElement} */ (template).content.querySelectorAll("link")]);
  for (const link of links) link.href = new URL(link.getAttribute("href") || "", location.href).href;
  if (!links.length) return;
  await boardsSettled();
  for (const template of waiting) template.remove();
  document.head.append(...links);
}
linksAfterBoards().catch(() => { /* the page still works; it is not installable from here */ });

// the reader's data saver (Network Information API, not in every browser)
const connection = /** @type {{connection?: {saveData?: boolean}}} */ (navigator).connection;
if ("serviceWorker" in navigator && window.isSecureContext && location.protocol !== "file:"
    && !(connection && connection.saveData)) {
  keepOffline().catch((error) => console.warn("The site could not be kept for offline use:", error));
}
if ("serviceWorker" in navigator && document.querySelector(".board[data-game]")) {
  releaseTheDownload().catch(() => { /* a hold ends by itself */ });
}
