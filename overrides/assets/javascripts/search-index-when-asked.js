// The search index downloaded when the reader first opens the search, not on every page.
//
// The theme asks for search/search_index.json (the text of every page, both languages:
// the largest file of a first visit after Python's runtime) the moment its script starts,
// and hands it to the search's worker, which only keeps it until the first query
// (search-when-asked.js). This script holds that one request back until the reader opens
// the search (the box focused, by a click, a tap or the theme's keys) or arrives from a
// search result (an address with ?h=, whose words the theme marks on the page), then
// sends it. The theme asks with XMLHttpRequest; every other request goes as it is.
//
// Loaded in <head>, before the theme's script.
(() => {
  const script = document.currentScript;
  if (!script) return;
  const index = new URL("../../search/search_index.json", script.src).href;
  let release = () => {};
  const asked = new Promise((resolve) => { release = resolve; });
  if (new URLSearchParams(location.search).has("h")) release();
  document.addEventListener("focusin", (event) => {
    if (event.target instanceof Element && event.target.closest(".md-search")) release();
  });
  document.addEventListener("change", (event) => {
    if (event.target instanceof HTMLInputElement && event.target.id === "__search") release();
  });

  const held = new WeakSet();
  const { open, send } = XMLHttpRequest.prototype;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    if (new URL(String(url), location.href).href === index) held.add(this);
    else held.delete(this);
    return open.call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.send = function (body) {
    if (!held.has(this)) return send.call(this, body);
    asked.then(() => send.call(this, body));
  };
})();
