// @ts-check
// Instant navigation at whatever address the site is served from.
//
// mkdocs-material's instant navigation (which keeps the page's scripts, and so the Python
// worker, across the pages of a visit) follows a link only if its address is in the
// sitemap. The sitemap names the pages at the address the site was built for (site_url);
// the theme adopts the host name of the address being served, but not its port nor its
// folder, so a copy served at http://10.0.0.5:8000/, from a USB stick, or at
// https://example.org/project/ got a full page load -- and a new Python -- on every link.
//
// This module does the theme's check with the addresses translated: where the site is
// served from (the folder this script's site lives in) stands for where it was built for
// (the page's canonical address, less the page's own path). A link to a page of the
// sitemap that the theme let go is handed to the theme's instant navigation
// (`location$`) as the theme itself does. Where the two addresses agree, the theme
// handles every link and this module does nothing.

const config = JSON.parse(document.getElementById("__config")?.textContent || "{}");
const canonical = /** @type {HTMLLinkElement | null} */ (document.querySelector('link[rel="canonical"]'));
// mkdocs-material's observable of the address it navigates to
const location$ = /** @type {any} */ (window).location$;
const served = new URL("../../", import.meta.url).href;
const built = canonical && typeof config.base === "string" ? new URL(config.base, canonical.href).href : null;

async function sitemapPages() {
  const response = await fetch(new URL("sitemap.xml", served));
  if (!response.ok) return new Set();
  const xml = new DOMParser().parseFromString(await response.text(), "text/xml");
  return new Set([...xml.querySelectorAll("url > loc")].map((loc) => (loc.textContent || "").trim()));
}

/** @param {HTMLAnchorElement} link @param {Set<string>} pages */
function pageOf(link, pages) {
  const url = new URL(link.href);
  url.search = url.hash = "";
  if (!url.href.startsWith(served)) return null;
  if (url.pathname === location.pathname) return null; // same page: the browser scrolls
  return pages.has(built + url.href.slice(served.length)) ? url : null;
}

/** @param {Set<string>} pages */
function follow(pages) {
  document.body.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey
        || event.shiftKey || event.altKey || !(event.target instanceof Element)) return;
    const link = /** @type {HTMLAnchorElement | null} */ (event.target.closest("a[href]"));
    if (!link || link.target || link.hasAttribute("download") || !pageOf(link, pages)) return;
    event.preventDefault();
    // as the theme does: remember where the reader was, then go
    history.replaceState({ x: window.scrollX, y: window.scrollY }, "");
    history.pushState(null, "", link.href);
    location$.next(new URL(link.href));
  });
}

const wanted = built && built !== served && location.protocol !== "file:"
  && Array.isArray(config.features) && config.features.includes("navigation.instant")
  && location$ && typeof location$.next === "function";
if (wanted) {
  sitemapPages().then(follow).catch(() => {}); // no sitemap: full page loads, as before
}
