// make lint: ESLint's recommended rules on the page scripts and their Node tests.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  // a caught error may go unnamed or unused: the catch is the handling
  { rules: { "no-unused-vars": ["error", { caughtErrors: "none" }] } },
  {
    files: ["docs/assets/js/**/*.js", "docs/assets/js/**/*.mjs"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.worker },
    },
  },
  // the one classic script (run before any module, from the head of a board page)
  { files: ["docs/assets/js/engine-boot.js"], languageOptions: { sourceType: "script" } },
  // the site's own head scripts, classic scripts run before the theme's
  {
    files: ["overrides/assets/javascripts/same-page.js", "overrides/assets/javascripts/search-index-when-asked.js", "overrides/assets/javascripts/theme-start.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: { ...globals.browser } },
  },
  // the colour scheme, a classic script run in the header
  {
    files: ["overrides/assets/javascripts/theme-palette.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: { ...globals.browser } },
  },
  // the theme's search worker, reached through this one (a classic worker script)
  {
    files: ["overrides/assets/javascripts/workers/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: { ...globals.worker } },
  },
  {
    files: ["tests/js/*.mjs", "tests/pyodide/*.mjs", "build_scripts/*.mjs", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];
