// The page's language: which one a visit gets, and remembering a player's choice. Small and free of the catalog,
// so boot.js can set <html lang> and the boot box's text before anything else loads.
//
// The order: "?lang=" in the address wins; then the language the player picked (remembered in localStorage); then
// the best match for the browser's languages (navigator.languages, by their primary subtag); else English. The
// languages come from the build (buildkit/locales.py LANGUAGES), carried in the page's "page-data-languages" block.
// Two test languages exist besides: "qps" (English, every message marked) and "qps-ploc" (accented, 40 % longer).

import { pageData } from "./page-data.js";

export const PSEUDO_LANGUAGES = ["qps", "qps-ploc"];
const STORE_KEY = "pyengine:lang";

/** The languages this build ships: [{code, name}], the name in its own language; English when the page has none. */
export function languages() {
  const list = pageData("page-data-languages");
  return Array.isArray(list) && list.length ? list : [{ code: "en", name: "English" }];
}

/** Whether a code is a language this build ships, or a test language. */
export function isSupported(code) {
  return PSEUDO_LANGUAGES.includes(code) || languages().some((l) => l.code === code);
}

/** The best shipped language for a list of the browser's preferred tags (e.g. ["pl-PL", "en-US"]), or null. */
export function bestMatch(preferred) {
  const codes = languages().map((l) => l.code);
  for (const tag of preferred || []) {
    const primary = String(tag).toLowerCase().split("-")[0];
    if (codes.includes(primary)) return primary;
  }
  return null;
}

/** The language the player picked before, or null. */
export function rememberedLanguage() {
  try {
    const code = localStorage.getItem(STORE_KEY);
    return code && isSupported(code) && !PSEUDO_LANGUAGES.includes(code) ? code : null;
  } catch {
    return null;
  }
}

/** Remember a player's pick for the next visit (a storage that refuses is not an error: the pick holds this visit). */
export function rememberLanguage(code) {
  try {
    localStorage.setItem(STORE_KEY, code);
  } catch {
    /* private mode or storage full: the choice lasts this visit only */
  }
}

/** The language "?lang=" names, when it is one this build has, else null. */
export function addressLanguage(search = typeof location === "undefined" ? "" : location.search) {
  const code = new URLSearchParams(search).get("lang");
  return code && isSupported(code) ? code : null;
}

/** The language this visit gets: the address's, the remembered one, the browser's best match, or English. */
export function chooseLanguage() {
  const browser = typeof navigator === "undefined" ? [] : navigator.languages || [navigator.language];
  return addressLanguage() || rememberedLanguage() || bestMatch(browser) || "en";
}

/** The catalog file a language's texts come from: its own, or English's for "qps" (English, marked by the page). */
export function catalogFileOf(code) {
  return code === "qps" ? "en" : code;
}

/** The BCP 47 tag the page's <html lang> and Intl use for a language (the test languages are English). */
export function localeOf(code) {
  return PSEUDO_LANGUAGES.includes(code) ? "en" : code;
}

/** Set <html lang> for a language. */
export function setPageLanguage(code) {
  document.documentElement.lang = localeOf(code);
}

/**
 * A learn page's address in a language: "learn/<page>.html" (and any #anchor) becomes "learn/<page>.<lang>.html"
 * for a shipped language other than English; any other address is as it was.
 */
export function learnPageIn(href, code) {
  if (!code || code === "en" || PSEUDO_LANGUAGES.includes(code) || !languages().some((l) => l.code === code)) return href;
  return href.replace(/^(\.?\/?(?:\.\.\/)?learn\/[a-z0-9-]+)\.html(#|$)/, `$1.${code}.html$2`);
}
