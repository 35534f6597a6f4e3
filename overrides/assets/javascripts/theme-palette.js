// The colour scheme: the theme's palette (mkdocs-material's inline script and its palette
// component), as one classic script run right after the toggle's form in the header
// (overrides/partials/palette.html), before the rest of the page is parsed. It chooses
// what the theme's component chose: the reader's stored choice, else the first option
// whose media query matches; sets it on <body>, shows the toggle's label, keeps the
// choice, and fills the theme-color and color-scheme <meta>s from the header's style.
//
// Done here, on the few elements parsed so far, it costs no restyle of the page: the
// theme's component did the same once the whole page was there, marking the whole body as
// switching colours (data-md-color-switching, which turns transitions off) and then not,
// two restyles of every element on every page's start. The switching mark stays for a
// change the reader makes, as the theme has it. A file, not inline: the
// Content-Security-Policy runs no inline script.
/* global __md_get, __md_set */
(function () {
  var form = document.querySelector("form[data-md-palette]");
  var header = document.querySelector("[data-md-component=header]");
  if (!form || !header) return;
  var inputs = Array.prototype.slice.call(form.querySelectorAll("input"));
  if (!inputs.length) return;
  var light = matchMedia("(prefers-color-scheme: light)");

  var themeColor = document.createElement("meta");
  themeColor.name = "theme-color";
  document.head.appendChild(themeColor);
  var current = 0;
  var colorScheme = document.createElement("meta");
  colorScheme.name = "color-scheme";
  document.head.appendChild(colorScheme);

  function stored() {
    try {
      return __md_get("__palette");
    } catch (err) {
      return null; // a stored value that is not JSON: as if none was stored
    }
  }

  // The option the theme's component starts with (its watchPalette).
  function chosen() {
    var palette = stored();
    var index = palette && typeof palette.index === "number"
      ? palette.index
      : inputs.findIndex(function (input) {
        return matchMedia(input.getAttribute("data-md-color-media")).matches;
      });
    return Math.max(0, Math.min(index, inputs.length - 1));
  }

  function apply(index, switching) {
    if (switching) document.body.setAttribute("data-md-color-switching", "");
    current = index;
    var input = inputs[index];
    var color = {
      media: input.getAttribute("data-md-color-media"),
      scheme: input.getAttribute("data-md-color-scheme"),
      primary: input.getAttribute("data-md-color-primary"),
      accent: input.getAttribute("data-md-color-accent"),
    };
    if (color.media === "(prefers-color-scheme)") {
      var system = document.querySelector(light.matches
        ? "[data-md-color-media='(prefers-color-scheme: light)']"
        : "[data-md-color-media='(prefers-color-scheme: dark)']");
      if (system) {
        color.scheme = system.getAttribute("data-md-color-scheme");
        color.primary = system.getAttribute("data-md-color-primary");
        color.accent = system.getAttribute("data-md-color-accent");
      }
    }
    for (var key in color) document.body.setAttribute("data-md-color-" + key, color[key]);
    inputs.forEach(function (each, n) {
      var label = each.nextElementSibling;
      if (label instanceof HTMLElement) label.hidden = n !== index;
    });
    __md_set("__palette", { index: index, color: color });
    var style = getComputedStyle(header);
    colorScheme.content = style.colorScheme;
    themeColor.content = "#" + (style.backgroundColor.match(/\d+/g) || [])
      .map(function (value) { return (+value).toString(16).padStart(2, "0"); })
      .join("");
    if (switching) {
      Promise.resolve().then(function () {
        document.body.removeAttribute("data-md-color-switching");
      });
    }
  }

  apply(chosen(), false);
  form.addEventListener("change", function (event) {
    var index = inputs.indexOf(event.target);
    if (index >= 0) apply(index, true);
  });
  // Enter on the toggle moves to the next option, as in the theme.
  form.addEventListener("keydown", function (event) {
    if (event.key !== "Enter") return;
    var next = inputs[(current + 1) % inputs.length];
    next.click();
    next.focus();
  });
  // The system's scheme changed: the theme's component started again from the stored
  // choice (or, with none stored, the option that now matches).
  light.addEventListener("change", function () {
    apply(chosen(), true);
  });
})();
