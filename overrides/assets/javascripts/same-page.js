// No page fetched again when only the address's fragment changes.
//
// The theme's instant navigation fetches the page again the first time the address
// changes, even when only its fragment did (a game link to the page already open, a link
// to a heading, Back to the previous fragment): its list of addresses starts empty, so the
// first one always counts as a new page, and every board on the page would start again.
// Until the theme has gone to another page once, such a change is left to the browser,
// which only scrolls (a board follows the new address itself, on "hashchange").
//
// Loaded in <head>, before the theme's script: listeners on the window run in the order
// they were added, so this one comes first.
(() => {
  let navigated = false;
  const here = new URL(location.href);
  const samePage = (href) => {
    if (navigated) return false;
    const url = new URL(href, location.href);
    return url.origin === here.origin && url.pathname === here.pathname && url.search === here.search;
  };
  window.addEventListener("popstate", (event) => {
    if (samePage(location.href)) event.stopImmediatePropagation();
  });
  document.addEventListener("DOMContentLoaded", () => {
    const location$ = window.location$;
    if (!location$ || typeof location$.subscribe !== "function") return;
    location$.subscribe(() => { navigated = true; });
    // The theme listens for clicks on <body>: a same-page link stops below it (after the
    // link's own handlers) and the browser follows it.
    const container = document.querySelector(".md-container");
    if (container) container.addEventListener("click", (event) => {
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (link && !link.target && !event.defaultPrevented && samePage(link.href)) event.stopPropagation();
    });
  });
})();
