// The type of docs/assets/js/words.js, which the build writes into the site
// (build_scripts/page_words.py) and so is not among the sources: the `page` words of every
// language, by language code. tsconfig.json's rootDirs lays this folder over
// docs/assets/js, so that `import { WORDS } from "./words.js"` in i18n.js finds it.
export const WORDS: Record<string, Record<string, any>>;
