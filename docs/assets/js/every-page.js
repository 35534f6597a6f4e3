// @ts-check
// Run a script's set-up on every page a reader sees: each page of a visit that the theme's
// instant navigation shows (mkdocs-material's `document$`), or, without it, once the page
// has been parsed. A set-up finds its own elements on the page and marks them done.

/** @param {() => void} mount */
export function onEveryPage(mount) {
  const page$ = /** @type {any} */ (window).document$; // mkdocs-material's page observable
  if (page$ && typeof page$.subscribe === "function") {
    page$.subscribe(() => mount());
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => mount());
  } else {
    mount();
  }
}
