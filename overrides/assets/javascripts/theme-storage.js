// The theme's storage helpers (mkdocs-material's inline head script, moved into a file so
// that the Content-Security-Policy needs no 'unsafe-inline'). The site's root comes from
// the script element's data-md-scope attribute, which the template fills in per page.
var __md_scope = new URL(document.currentScript.dataset.mdScope || ".", location);
var __md_hash = function (value) {
  return [...value].reduce(function (hash, ch) { return (hash << 5) - hash + ch.charCodeAt(0); }, 0);
};
var __md_get = function (key, storage, scope) {
  storage = storage || localStorage;
  scope = scope || __md_scope;
  return JSON.parse(storage.getItem(scope.pathname + "." + key));
};
var __md_set = function (key, value, storage, scope) {
  storage = storage || localStorage;
  scope = scope || __md_scope;
  try {
    storage.setItem(scope.pathname + "." + key, JSON.stringify(value));
  } catch (err) {
    // storage full or refused: the theme works without it
  }
};
