// The reader's chosen colour scheme, applied before the page paints (mkdocs-material's
// inline script, moved into a file so that the Content-Security-Policy needs no
// 'unsafe-inline').
(function () {
  var palette = __md_get("__palette");
  if (!palette || !palette.color) return;
  if (palette.color.media === "(prefers-color-scheme)") {
    var light = matchMedia("(prefers-color-scheme: light)").matches;
    var input = document.querySelector(light
      ? "[data-md-color-media='(prefers-color-scheme: light)']"
      : "[data-md-color-media='(prefers-color-scheme: dark)']");
    palette.color.media = input.getAttribute("data-md-color-media");
    palette.color.scheme = input.getAttribute("data-md-color-scheme");
    palette.color.primary = input.getAttribute("data-md-color-primary");
    palette.color.accent = input.getAttribute("data-md-color-accent");
  }
  for (var [key, value] of Object.entries(palette.color)) {
    document.body.setAttribute("data-md-color-" + key, value);
  }
})();
