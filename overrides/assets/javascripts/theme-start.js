// The first two things the theme's script does on every page, done here in <head>, before
// the body is parsed, where they restyle nothing. Done by the theme's script, once the
// whole page is there, each restyled every element of the page:
//
// - the "js" class on <html> in place of "no-js" (the theme swaps them as its script
//   starts; its style sheet lays out some parts differently without JavaScript);
// - the style sheet's address made absolute. The instant navigation (data-md-instant on
//   this script: the theme's "navigation.instant") makes every address in the page
//   absolute as it starts, to compare the <head> of the next page with this one's; an
//   address set again makes the browser apply the sheet again, to every element. Here the
//   sheet has just arrived and the body is not there yet: applying it again costs
//   nothing, and the sheet still holds the page's first paint back until it is applied.
(() => {
  document.documentElement.classList.replace("no-js", "js");
  if (!("mdInstant" in document.currentScript.dataset) || location.protocol === "file:") return;
  for (const link of document.querySelectorAll("link[rel~=stylesheet][href]")) {
    const href = link.getAttribute("href");
    if (!/^(?:[a-z]+:)?\/\//i.test(href)) link.setAttribute("href", new URL(href, document.baseURI).href);
  }
})();
