// @ts-check
// Keep the language switch on the same page.
//
// mkdocs-static-i18n writes, on each page, links to the same page in each language. With
// navigation.instant, mkdocs-material swaps the page content but keeps the header, so those
// links would keep pointing at the first page of the visit. On every page shown
// (`document$`) this rewrites them from the address: English pages live at ROOT/path/,
// French pages at ROOT/fr/path/. A click on them loads the other language in full (its
// navigation, search index and page language differ), rather than by instant navigation.
//
// The address is the reader's (or anyone's who sent them a link): a link built from it
// must stay on this site. On the 404 page, `//other.example/x/` (or `/\other.example/`,
// `/%2F%2Fother.example/`) is a path of this site, but "root + path" would make it a
// protocol-relative address of another site. So the path loses its leading slashes, the
// result is resolved against this origin, and a link that would leave the site's root
// keeps the address the build wrote (the language's home on the 404 page).
//
// The switch also keeps the reader's place. The build gives each heading the anchor of the
// same heading in the other language (`data-anchor-fr` on an English heading,
// `data-anchor-en` on a French one: build_scripts/twin_headings.py); at the click, the
// section being read (the last heading above the top of the screen) leads the other page's
// fragment, followed by the games the boards keep there (`game-ID=record`, game-links.js),
// so `#histoire&game-board-1=...`. The browser only scrolls to a fragment that is a whole
// anchor, so the page reached scrolls to the section itself.

const SELECTOR = ".md-select a[hreflang]";
/** @type {Record<string, string>} */
const PREFIX = { en: "", fr: "fr/" };

/** @param {string} a @param {string} b */
function commonDirectory(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return a.slice(0, a.lastIndexOf("/", i - 1) + 1);
}

// The site's root path, learnt from the links the build wrote for the first page shown.
function siteRoot() {
  const here = location.pathname;
  for (const link of /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll(SELECTOR))) {
    const there = new URL(link.getAttribute("href") || "", location.href).pathname;
    if (there !== here) return commonDirectory(here, there);
  }
  return null;
}

const root = siteRoot();

function relativePath() {
  let rel = location.pathname.slice((root || "").length);
  if (rel.startsWith(PREFIX.fr)) rel = rel.slice(PREFIX.fr.length);
  return rel.replace(/^[/\\]+/, "");
}

// `path` as an address of this site under its root, or null if it would lead elsewhere.
/** @param {string} path */
function onThisSite(path) {
  let url;
  try {
    url = new URL(path, location.origin);
  } catch {
    return null;
  }
  const safe = root !== null && url.origin === location.origin && url.pathname.startsWith(root)
    && !url.pathname.startsWith("//");
  return safe ? url.href : null;
}

// The entries of the address's fragment that hold a board's game ("key=value").
function gameEntries() {
  return location.hash.replace(/^#/, "").split("&").filter((part) => part.includes("="));
}

// The heading of the section at the top of the screen, or null while the page's first
// heading (its title) is still the one being read: the other page then opens at its top.
function currentHeading() {
  const header = document.querySelector(".md-header");
  const top = (header ? header.getBoundingClientRect().bottom : 0) + 16;
  const headings = [...document.querySelectorAll("article :is(h1, h2, h3, h4, h5, h6)[id]")];
  let current = null;
  for (const heading of headings) {
    if (heading.getBoundingClientRect().top > top) break;
    current = heading;
  }
  if (landed && landed.isConnected && landed.getBoundingClientRect().top < window.innerHeight) return landed;
  return current === headings[0] ? null : current;
}

// The fragment for the other language's page: its anchor of the section being read, then
// the games.
/** @param {string} lang */
function fragmentFor(lang) {
  const heading = currentHeading();
  const anchor = heading && heading.getAttribute(`data-anchor-${lang}`);
  const parts = [...(anchor ? [encodeURIComponent(anchor)] : []), ...gameEntries()];
  return parts.length ? `#${parts.join("&")}` : "";
}

// Arriving with "#anchor&game-...": the browser found no element by that whole name, so
// the section is brought to the top here, just below the header. The boards drawn after
// the page has loaded change its height: the section is kept at the top until the reader
// scrolls, types or touches the page (outside the header). Until then it is also the
// section a switch back carries, even near the end of a page, where it cannot reach the
// top of the screen.
/** @type {HTMLElement | null} */
let landed = null;

function landOnSection() {
  const parts = location.hash.replace(/^#/, "").split("&");
  if (!parts[0] || parts[0].includes("=")) return;
  let target;
  try {
    target = document.getElementById(decodeURIComponent(parts[0]));
  } catch {
    return;
  }
  if (!target) return;
  landed = target;
  const place = () => {
    const header = document.querySelector(".md-header");
    const top = header ? header.getBoundingClientRect().bottom : 0;
    window.scrollTo(0, window.scrollY + target.getBoundingClientRect().top - top);
  };
  place();
  const keep = new ResizeObserver(place);
  keep.observe(document.body);
  const stop = (/** @type {Event} */ event) => {
    if (event.target instanceof Element && event.target.closest(".md-header")) return;
    landed = null;
    keep.disconnect();
    for (const type of STOP_EVENTS) window.removeEventListener(type, stop, true);
  };
  for (const type of STOP_EVENTS) window.addEventListener(type, stop, { capture: true, passive: true });
}

const STOP_EVENTS = ["wheel", "touchstart", "keydown", "pointerdown"];

function update() {
  if (root === null || !location.pathname.startsWith(root)) return;
  const rel = relativePath();
  for (const link of /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll(SELECTOR))) {
    const lang = link.getAttribute("hreflang");
    if (lang === null || !(lang in PREFIX)) continue;
    const target = onThisSite(root + PREFIX[lang] + rel + location.search);
    if (target !== null) link.href = target;
  }
}

// The language of an address of this site: French pages live under ROOT/fr/.
/** @param {URL} url */
function languageOf(url) {
  return url.pathname.slice((root || "").length).startsWith(PREFIX.fr) ? "fr" : "en";
}

// A change of language loads the other page in full (capture phase: before the theme).
// The switch's links carry the section being read and the games. Any other link to a
// page of the other language (an author's "en français") goes to exactly the page it
// names: the theme would otherwise send it to the other language's twin of the page being
// read, as it does for its own switch, once it has read that language's sitemap.
window.addEventListener("click", (event) => {
  const link = event.target instanceof Element
    && /** @type {HTMLAnchorElement | null} */ (event.target.closest("a[href]"));
  if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey
    || event.shiftKey || event.altKey || link.target || link.hasAttribute("download")) return;
  let target;
  if (link.matches(SELECTOR)) {
    const switched = onThisSite(link.href.split("#")[0] + fragmentFor(link.getAttribute("hreflang") || ""));
    target = switched === null ? link.href : switched;
  } else {
    const url = new URL(link.href);
    const here = new URL(location.href);
    if (root === null || url.origin !== here.origin || !url.pathname.startsWith(root)
      || languageOf(url) === languageOf(here)) return;
    target = url.href;
  }
  event.preventDefault();
  event.stopPropagation();
  location.assign(target);
}, true);

landOnSection();

const page$ = /** @type {any} */ (window).document$;   // mkdocs-material's page observable
if (page$ && typeof page$.subscribe === "function") {
  page$.subscribe(update);
} else {
  update();
}
