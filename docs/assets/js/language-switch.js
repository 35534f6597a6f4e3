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

const SELECTOR = ".md-select a[hreflang]";
const PREFIX = { en: "", fr: "fr/" };

function commonDirectory(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return a.slice(0, a.lastIndexOf("/", i - 1) + 1);
}

// The site's root path, learnt from the links the build wrote for the first page shown.
function siteRoot() {
  const here = location.pathname;
  for (const link of document.querySelectorAll(SELECTOR)) {
    const there = new URL(link.getAttribute("href"), location.href).pathname;
    if (there !== here) return commonDirectory(here, there);
  }
  return null;
}

const root = siteRoot();

function relativePath() {
  let rel = location.pathname.slice(root.length);
  if (rel.startsWith(PREFIX.fr)) rel = rel.slice(PREFIX.fr.length);
  return rel.replace(/^[/\\]+/, "");
}

// `path` as an address of this site under its root, or null if it would lead elsewhere.
function onThisSite(path) {
  let url;
  try {
    url = new URL(path, location.origin);
  } catch {
    return null;
  }
  const safe = url.origin === location.origin && url.pathname.startsWith(root)
    && !url.pathname.startsWith("//");
  return safe ? url.href : null;
}

function update() {
  if (root === null || !location.pathname.startsWith(root)) return;
  const rel = relativePath();
  for (const link of document.querySelectorAll(SELECTOR)) {
    const lang = link.getAttribute("hreflang");
    if (!(lang in PREFIX)) continue;
    const target = onThisSite(root + PREFIX[lang] + rel + location.search);
    if (target !== null) link.href = target;
  }
}

// A full load for a change of language (capture phase: before the instant navigation).
window.addEventListener("click", (event) => {
  const link = event.target instanceof Element && event.target.closest(SELECTOR);
  if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
  event.preventDefault();
  event.stopPropagation();
  location.assign(link.href);
}, true);

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(update);
} else {
  update();
}
