// Keep the language switch on the same page.
//
// mkdocs-static-i18n writes, on each page, links to the same page in each language. With
// navigation.instant, mkdocs-material swaps the page content but keeps the header, so those
// links would keep pointing at the first page of the visit. On every page shown
// (`document$`) this rewrites them from the address: English pages live at ROOT/path/,
// French pages at ROOT/fr/path/. A click on them loads the other language in full (its
// navigation, search index and page language differ), rather than by instant navigation.

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
  return rel;
}

function update() {
  if (root === null || !location.pathname.startsWith(root)) return;
  const rel = relativePath();
  for (const link of document.querySelectorAll(SELECTOR)) {
    const lang = link.getAttribute("hreflang");
    if (lang in PREFIX) link.href = root + PREFIX[lang] + rel + location.search;
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
