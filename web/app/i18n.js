// The message catalog: every string a player sees comes from here, keyed by id, as ICU MessageFormat ("{n, plural,
// one {# card} other {# cards}}"), formatted by intl-messageformat with the language's CLDR plural rules.
// The build writes it from the page's own strings (web/app/locales/), each game's table labels
// (web/app/games/<id>/locales/) and the engine's texts (labels, log lines, terms, card names and texts): i18n/en.json
// holds what the page needs before any game is open (the home screen draws from it), and i18n/en.<game>.json each
// game's own texts, added when that game first opens (loadGameMessages).
// An entry is a message, or {t, you?, subject?} for engine texts that have a second-person form.
//
// Most messages are plain text with {name} arguments and no quote: ICU gives them their plain meaning, each argument
// written as it is, and this module writes them itself. The formatter (about 10 KB compressed) is a chunk of its
// own, loaded (and awaited) with the first catalog that holds a message it needs (plural, select, quotes): the home
// screen's first drawing neither waits for it nor shares the main thread with it when its own messages are plain.

import { pageData } from "./page-data.js";
import { catalogFileOf, chooseLanguage, localeOf } from "./language.js";

let messages = {};
let loaded = { lang: "en", file: "en" }; // the language loadMessages loaded, and its file
const gameParts = new Map(); // game id -> Promise of its texts, added to `messages`
const formats = new Map(); // "<locale>\u0000<message>" -> its IntlMessageFormat, made once
const PLAIN = /^[^{}']*(?:\{[A-Za-z_]\w*\}[^{}']*)*$/; // plain text and {name} arguments, no quote
let Formatter = null; // intl-messageformat's IntlMessageFormat, once its chunk has loaded
let formatterLoad = null; // Promise of it, asked for by the first catalog that needs it

/** Load the formatter's chunk (once; a failed load is tried again by the next call). */
function loadFormatter() {
  formatterLoad ??= import("intl-messageformat").then((module) => { Formatter = module.IntlMessageFormat; });
  formatterLoad.catch((err) => { console.warn("the message formatter did not load:", err); formatterLoad = null; });
  return formatterLoad;
}

/**
 * Load the formatter if these messages need it (a plural, a select), so a page that set a small catalog with
 * setMessages (the embed's poster) can show them; resolves either way.
 */
export function readyToFormat(ids) {
  const need = ids.some((id) => { const tpl = templateOf(id); return tpl !== null && !PLAIN.test(tpl); });
  return need ? loadFormatter().catch(() => {}) : Promise.resolve();
}

/** Whether a catalog holds a message only the formatter can write (a plural, a select, a quote). */
function needsFormatter(table) {
  return Object.values(table).some((e) => (typeof e === "string" ? !PLAIN.test(e)
    : Boolean(e) && ((typeof e.t === "string" && !PLAIN.test(e.t)) || (typeof e.you === "string" && !PLAIN.test(e.you)))));
}

/**
 * Load a language's catalog (en, pl, cs, ja, or a test language). Resolves once t() can answer. The pseudo-language
 * "qps" is English with every entry wrapped in ⟦ ⟧, so a test can prove that every string on screen came from the
 * catalog; "qps-ploc" (built) is English accented and 40 % longer, for layouts that only fit English.
 */
export async function loadMessages(lang = "en") {
  // The catalogs' addresses come from the page's (the site's root), not this module's: the build bundles modules.
  const file = catalogFileOf(lang);
  let table = pageData(`page-data-i18n-${file}`); // the app page carries English inline (page-data.js)
  if (table === null) {
    const res = await fetch(new URL(`app/i18n/${file}.json`, document.baseURI));
    if (!res.ok) throw new Error(`message catalog ${file} not found (${res.status})`);
    table = await res.json();
  }
  if (needsFormatter(table)) await loadFormatter(); // else it loads with the first catalog that needs it
  messages = pseudo(lang, table);
  loaded = { lang, file };
  gameParts.clear();
  formats.clear();
  return messages;
}

/**
 * Add one game's texts (its cards, log lines, terms and prompts: build.py keeps them out of the page's first
 * catalog, which the home screen waits for) to the catalog. Resolves once t() can answer them; at most one fetch a
 * game. Every opening of a game waits for it (ui/catalog.js loadCatalog).
 */
export function loadGameMessages(game) {
  if (!gameParts.has(game)) {
    const { lang, file } = loaded;
    const part = fetch(new URL(`app/i18n/${file}.${encodeURIComponent(game)}.json`, document.baseURI)).then(async (res) => {
      if (!res.ok) throw new Error(`message catalog ${file}.${game} not found (${res.status})`);
      const raw = await res.json();
      if (needsFormatter(raw)) await loadFormatter();
      const table = pseudo(lang, raw);
      if (loaded.lang === lang) messages = { ...messages, ...table };
    });
    part.catch(() => gameParts.delete(game)); // a later opening asks again
    gameParts.set(game, part);
  }
  return gameParts.get(game);
}

/**
 * Switch the page to another language: its catalog, and the texts of every game loaded so far, so an open table
 * redraws in it at once (the game itself lives in the engine and is not touched). Resolves once t() answers in it.
 */
export async function switchLanguage(lang) {
  const games = [...gameParts.keys()];
  await loadMessages(lang);
  await Promise.all(games.map((g) => loadGameMessages(g)));
}

/** The language of the loaded catalog (a code such as "pl", or a test language). */
export function currentLanguage() {
  return loaded.lang;
}

/** The BCP 47 locale of the loaded catalog, for Intl (the test languages format as English). */
export function currentLocale() {
  return localeOf(loaded.lang);
}

const numberFormats = new Map();
/** A number written the page's way (Intl.NumberFormat of its locale). */
export function formatNumber(n) {
  const locale = currentLocale();
  if (!numberFormats.has(locale)) numberFormats.set(locale, new Intl.NumberFormat(locale));
  return numberFormats.get(locale).format(n);
}

/** A date and time written the page's way (Intl.DateTimeFormat of its locale), or "" for no valid date. */
export function formatDateTime(value) {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return "";
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: "medium", timeStyle: "short" }).format(d);
}

// "?i18n-mark" (tests) marks every entry in any language as "qps" marks English's, so a test can prove that every
// string on screen came from that language's catalog.
const MARK_ALL = typeof location !== "undefined" && new URLSearchParams(location.search).has("i18n-mark");

/** The catalog as loaded, with every entry wrapped in ⟦ ⟧ for the pseudo-language "qps" (or any, marked). */
function pseudo(lang, table) {
  if (lang !== "qps" && !MARK_ALL) return table;
  const wrap = (s) => (s === "" ? s : `⟦${s}⟧`);
  const out = {};
  for (const [k, v] of Object.entries(table)) {
    out[k] = typeof v === "string" ? wrap(v) : { ...v, t: wrap(v.t), ...(v.you ? { you: wrap(v.you) } : {}) };
  }
  return out;
}

/** The language this visit gets (language.js chooseLanguage: the address, the player's pick, the browser's). */
export function requestedLanguage() {
  return chooseLanguage();
}

/** Install a catalog directly (tests, the embed's poster), in a language ("en" unless named). */
export function setMessages(table, lang = "en") {
  messages = pseudo(lang, table || {});
  loaded = { lang, file: catalogFileOf(lang) };
}

/** The raw entry for an id: a string, an engine entry object, or undefined. */
export function entry(id) {
  return messages[id];
}

export function has(id) {
  return Object.prototype.hasOwnProperty.call(messages, id);
}

/** A message's template: the text of a string entry, or the third-person form of an engine entry; null if missing. */
export function templateOf(id) {
  const e = messages[id];
  if (typeof e === "string") return e;
  if (e && typeof e === "object" && typeof e.t === "string") return e.t;
  return null;
}

/** The formatter of one message in the page's language (null, with a warning, when it is not valid ICU). */
function formatter(template) {
  const locale = currentLocale();
  const key = `${locale}\u0000${template}`;
  if (!formats.has(key)) {
    let fmt = null;
    try {
      if (!Formatter) throw new Error("the message formatter has not loaded");
      fmt = new Formatter(template, locale, undefined, { ignoreTag: true });
      fmt.names = argumentNames(fmt.getAst(), new Set());
    } catch (err) {
      if (typeof console !== "undefined") console.warn("message is not valid ICU:", template, err);
    }
    formats.set(key, fmt);
  }
  return formats.get(key);
}

/** Every argument a parsed message uses, at any depth (so a missing one can be shown rather than thrown). */
function argumentNames(ast, out) {
  for (const el of ast) {
    if (el && typeof el.value === "string" && el.type !== 0 && el.type !== 7) out.add(el.value);
    if (el && el.options) for (const opt of Object.values(el.options)) argumentNames(opt.value, out);
  }
  return out;
}

/**
 * Format a message with its arguments: a list of parts when an argument is an object (a drawn node: card names are
 * buttons), else a string. An argument the caller left out shows as {name}, as a message that is not valid ICU shows
 * as written, so tests catch both.
 */
export function formatParts(template, params = {}) {
  if (PLAIN.test(template)) return plainParts(template, params);
  const fmt = formatter(template);
  if (!fmt) return template;
  const values = { ...params };
  for (const name of fmt.names) if (!(name in values)) values[name] = `{${name}}`;
  try {
    return fmt.format(values);
  } catch (err) {
    if (typeof console !== "undefined") console.warn("message could not be formatted:", template, err);
    return template;
  }
}

/** A plain message (text and {name} arguments) with its arguments: ICU's meaning, each argument as it is. */
function plainParts(template, params) {
  if (!template.includes("{")) return template;
  const pieces = template.split(/\{([A-Za-z_]\w*)\}/);
  const out = pieces.map((piece, i) => {
    if (i % 2 === 0) return piece;
    const value = params[piece];
    if (value === undefined || value === null) return `{${piece}}`;
    return typeof value === "object" ? value : typeof value === "number" ? formatNumber(value) : String(value);
  }).filter((piece) => piece !== "");
  return out.every((piece) => typeof piece === "string") ? out.join("") : out;
}

/** Format a message with its arguments, as a string. */
export function format(template, params = {}) {
  const out = formatParts(template, params);
  return Array.isArray(out) ? out.join("") : String(out);
}

/** The text of a catalog id with its parameters. A missing id shows as the id itself, which tests catch. */
export function t(id, params) {
  const tpl = templateOf(id);
  if (tpl === null) {
    if (typeof console !== "undefined") console.warn("missing message", id);
    return `⟨${id}⟩`;
  }
  return format(tpl, params);
}

/** Like t(), but null when the id is missing (for optional texts such as option help). */
export function tMaybe(id, params) {
  return templateOf(id) === null ? null : t(id, params);
}
