// ESLint (pinned in package.json, run by .ci/run) for the site's scripts: ES modules for the
// browser, the service worker, and the node tests and tools under tests/js.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", ".venv/", "site/", "output/", "build/"] },
  js.configs.recommended,
  {
    files: ["dealgen/data/site/**/*.js"],
    languageOptions: { ecmaVersion: 2020, sourceType: "module", globals: globals.browser },
    rules: { "no-var": "off", eqeqeq: "error", "no-implicit-globals": "error" }
  },
  {
    files: ["dealgen/data/site/sw.js"],
    languageOptions: { sourceType: "script", globals: globals.serviceworker }
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
    rules: { eqeqeq: "error" }
  }
];
