// Open the content tab that the address's #fragment names (mkdocs-material's inline
// script, moved into a file so that the Content-Security-Policy needs no 'unsafe-inline').
(function () {
  var target = document.getElementById(location.hash.slice(1));
  if (target && target.name) target.checked = target.name.startsWith("__tabbed_");
})();
