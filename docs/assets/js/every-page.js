// @ts-check
// Run a script's set-up on every page a reader sees: each page of a visit that the theme's
// instant navigation shows (mkdocs-material's `document$`), or, without it, once the page
// has been parsed. A set-up finds its own elements on the page and marks them done.
//
// The theme's instant navigation keeps <html lang> from the first page of a visit: before
// any set-up, it is set to the language the page's content carries (data-page-lang, in
// overrides/main.html), so that boards and screen readers speak the page's language.

function keepTheLanguage() {
  const marker = document.querySelector("[data-page-lang]");
  const lang = marker && marker.getAttribute("data-page-lang");
  if (lang && document.documentElement.lang !== lang) document.documentElement.lang = lang;
}

/** @param {() => void} mount */
export function onEveryPage(mount) {
  const page$ = /** @type {any} */ (window).document$; // mkdocs-material's page observable
  if (page$ && typeof page$.subscribe === "function") {
    page$.subscribe(() => {
      keepTheLanguage();
      mount();
    });
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => mount());
  } else {
    mount();
  }
}
