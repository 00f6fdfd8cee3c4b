// A lesson file before any engine work (format: docs/EMBED.md, checked the same way by pyengine/lessons.py):
// fetching it (with a timeout, reading no further than the size limit), checking its shape (versions 1 to 3; in 3,
// every text may be an object of language -> text, English required, and the reader's language is chosen here),
// and telling each position code's game from its header. The poster runs all of it, so a lesson's errors show at
// once, before the engine starts.
import { CODE, MAX_CODE, GAMES, codeGame } from "./params.js";
import { chooseLanguage } from "../language.js";

export const LESSON_FORMAT = "star-table-lesson";
export const LESSON_VERSIONS = [1, 2, 3];
const LANG = /^[a-z]{2,3}$/;
export const MAX_BYTES = 256 * 1024;
export const FETCH_TIMEOUT_MS = 15000;
const MAX_STEPS = 40;
const MAX_TEXT = 1500;
const MAX_LIST = 20;
const MAX_HINTS = 5;
const HIGHLIGHT = /^[A-Za-z0-9_.:+-]{1,100}$/;
const KIND = /^[a-z_]{1,40}$/;
const STEP_KEYS = new Set(["pos", "continue", "caption", "highlight", "expect", "right", "wrong", "then", "reading", "hints"]);
const V2_KEYS = new Set(["hints"]);
const MAX_READING = 400;
// A reading note's link (pyengine/lessons.py _HREF): http(s), or a path (and #anchor) relative to the site's root.
const HREF = /^(?:https?:\/\/[^\s"'<>\\]{1,290}|(?!\/)(?!\.\.\/)[A-Za-z0-9_./-]{1,200}(?:#[A-Za-z0-9_-]{1,80})?|#[A-Za-z0-9_-]{1,80})$/;

/** A lesson that cannot be used: a catalog id and its fields (shown to the author as text). */
export class LessonError extends Error {
  constructor(id, args = {}) {
    super(id);
    this.name = "LessonError";
    this.id = id;
    this.args = args;
  }
}

/** Read a response's body as text, stopping (and refusing) once it passes MAX_BYTES. */
async function boundedText(res) {
  const declared = Number(res.headers.get("content-length"));
  if (declared > MAX_BYTES) throw new LessonError("embed.lesson.error.too_big", { limit: MAX_BYTES / 1024 });
  if (!res.body || !res.body.getReader) {
    const text = await res.text();
    if (text.length > MAX_BYTES) throw new LessonError("embed.lesson.error.too_big", { limit: MAX_BYTES / 1024 });
    return text;
  }
  const reader = res.body.getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      reader.cancel().catch(() => {});
      throw new LessonError("embed.lesson.error.too_big", { limit: MAX_BYTES / 1024 });
    }
    parts.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const part of parts) { bytes.set(part, at); at += part.byteLength; }
  return new TextDecoder().decode(bytes);
}

/** Fetch a lesson's JSON from a URL: a timeout, the size limit while reading, then JSON.parse. */
export async function fetchLesson(url, init = {}) {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), FETCH_TIMEOUT_MS);
  let text;
  try {
    let res;
    try {
      res = await fetch(url, { ...init, signal: abort.signal });
    } catch {
      throw new LessonError(abort.signal.aborted ? "embed.lesson.error.timeout" : "embed.lesson.error.fetch",
        { seconds: FETCH_TIMEOUT_MS / 1000 });
    }
    if (!res.ok) throw new LessonError(res.status === 404 ? "embed.lesson.error.missing" : "embed.lesson.error.fetch");
    try {
      text = await boundedText(res);
    } catch (err) {
      if (err instanceof LessonError) throw err;
      throw new LessonError(abort.signal.aborted ? "embed.lesson.error.timeout" : "embed.lesson.error.fetch",
        { seconds: FETCH_TIMEOUT_MS / 1000 });
    }
  } finally {
    clearTimeout(timer);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new LessonError("embed.lesson.error.not_json");
  }
}

/** The lesson the parameters name, from this site (lesson=) or another that allows it (lesson-url=, CORS), or
 * carried in the address itself (#lesson=, the recorder's link). */
export function fetchNamedLesson(params) {
  if (params.lessonData) return unpackLesson(params.lessonData);
  if (params.lesson) return fetchLesson(new URL(`./lessons/${params.lesson}.json`, document.baseURI).href);
  return fetchLesson(params.lessonUrl, { mode: "cors", credentials: "omit", referrerPolicy: "no-referrer" });
}

const isText = (v, limit) => typeof v === "string" && v.length <= limit;
const isTexts = (v) => Array.isArray(v) && v.length > 0 && v.length <= MAX_LIST && v.every((x) => typeof x === "string" && x.length <= 300);

/**
 * A feedback field: a text (every move), or in version 2 a list of rules, first match wins:
 * {move, text} (that exact move), {kind, text} (any move of that kind, e.g. "sell"), {text} (the default).
 * Returns the rules as a list ([{text}] for a plain text), or null when the field is wrong.
 */
function feedbackRules(value, version, kinds) {
  if (value === undefined) return [];
  if (typeof value === "string") return value.length <= MAX_TEXT ? [{ text: value }] : null;
  if (version < 2 || !Array.isArray(value) || !value.length || value.length > MAX_LIST) return null;
  const rules = [];
  for (const r of value) {
    if (!r || typeof r !== "object" || Array.isArray(r) || !isText(r.text, MAX_TEXT)) return null;
    const keys = Object.keys(r).filter((k) => k !== "text");
    if (keys.length > 1 || (keys.length && !(kinds ? ["move", "kind"] : ["move"]).includes(keys[0]))) return null;
    if (r.move !== undefined && !isText(r.move, 300)) return null;
    if (r.kind !== undefined && !(typeof r.kind === "string" && KIND.test(r.kind))) return null;
    rules.push({ move: r.move, kind: r.kind, text: r.text });
  }
  return rules;
}

/**
 * A step's follow-up moves: a list (after any right move), or in version 2 an object naming the moves after each
 * right move ({"<right move>": [...]}). Returns {"*": list} or the object, or null when wrong.
 */
function thenMoves(value, version) {
  if (value === undefined) return {};
  if (Array.isArray(value)) return isTexts(value) ? { "*": value } : null;
  if (version < 2 || !value || typeof value !== "object") return null;
  const out = {};
  for (const [move, list] of Object.entries(value)) {
    if (!isText(move, 300) || !isTexts(list)) return null;
    out[move] = list;
  }
  return Object.keys(out).length ? out : null;
}

/**
 * A lesson's texts in one language (version 3: a text is a string, or {en, pl, ...} with English required; the
 * language's text, else English's). Returns a copy with every text a string; throws LessonError for a malformed one.
 */
function inLanguage(lesson, lang) {
  const copy = JSON.parse(JSON.stringify(lesson));
  const pick = (holder, key, where) => {
    const v = holder[key];
    if (!v || typeof v !== "object" || Array.isArray(v)) return;
    const ok = copy.version >= 3 && typeof v.en === "string"
      && Object.entries(v).every(([k, x]) => LANG.test(k) && typeof x === "string");
    if (!ok) throw new LessonError("embed.lesson.error.field", { where });
    holder[key] = typeof v[lang] === "string" && v[lang] ? v[lang] : v.en;
  };
  pick(copy, "title", "title");
  (Array.isArray(copy.steps) ? copy.steps : []).forEach((s, i) => {
    if (!s || typeof s !== "object") return;
    const where = `steps[${i}]`;
    pick(s, "caption", `${where}.caption`);
    for (const key of ["right", "wrong"]) {
      if (Array.isArray(s[key])) s[key].forEach((r, n) => { if (r && typeof r === "object") pick(r, "text", `${where}.${key}[${n}].text`); });
      else pick(s, key, `${where}.${key}`);
    }
    if (Array.isArray(s.hints)) s.hints.forEach((_, n) => pick(s.hints, n, `${where}.hints[${n}]`));
    if (s.reading && typeof s.reading === "object") pick(s.reading, "text", `${where}.reading.text`);
  });
  return copy;
}

/**
 * Check a lesson's shape; throw LessonError naming the first problem. Returns the lesson, normalised, its texts in
 * `lang` (the page's language by default) where the lesson gives them, else in English.
 */
export function checkShape(original, games = GAMES, lang = chooseLanguage()) {
  const bad = (where) => { throw new LessonError("embed.lesson.error.field", { where }); };
  if (!original || typeof original !== "object" || Array.isArray(original)) bad("lesson");
  const lesson = inLanguage(original, lang);
  if (lesson.format !== LESSON_FORMAT) bad("format");
  if (!LESSON_VERSIONS.includes(lesson.version)) throw new LessonError("embed.lesson.error.version", { version: String(lesson.version).slice(0, 20) });
  const version = lesson.version;
  if (!games.includes(lesson.game)) bad("game");
  if (!isText(lesson.title, 120)) bad("title");
  const seat = lesson.seat ?? 0;
  if (!Number.isInteger(seat) || seat < 0 || seat > 3) bad("seat");
  if (lesson.open !== undefined && typeof lesson.open !== "boolean") bad("open");
  if (!Array.isArray(lesson.steps) || !lesson.steps.length || lesson.steps.length > MAX_STEPS) bad("steps");
  const last = lesson.steps.length - 1;
  const steps = lesson.steps.map((s, i) => {
    const where = `steps[${i}]`;
    if (!s || typeof s !== "object" || Array.isArray(s)) bad(where);
    for (const k of Object.keys(s)) if (!STEP_KEYS.has(k) || (version < 2 && V2_KEYS.has(k))) bad(`${where}.${k}`);
    const cont = s.continue === true;
    if (cont === ("pos" in s) || (cont && i === 0)) bad(`${where}.pos`);
    if (!cont && !(typeof s.pos === "string" && s.pos.length <= MAX_CODE && CODE.test(s.pos))) bad(`${where}.pos`);
    if (!cont) {
      const game = codeGame(s.pos);
      if (game !== null && game !== lesson.game) {
        throw new LessonError("embed.lesson.error.pos_game", { where: `${where}.pos`, code_game: game, game: lesson.game });
      }
    }
    if (!isText(s.caption, MAX_TEXT)) bad(`${where}.caption`);
    const right = feedbackRules(s.right, version, false);
    const wrong = feedbackRules(s.wrong, version, true);
    if (right === null) bad(`${where}.right`);
    if (wrong === null) bad(`${where}.wrong`);
    for (const k of ["highlight", "expect"]) if (s[k] !== undefined && !isTexts(s[k])) bad(`${where}.${k}`);
    if (s.highlight && !s.highlight.every((x) => HIGHLIGHT.test(x))) bad(`${where}.highlight`);
    const then = thenMoves(s.then, version);
    if (then === null) bad(`${where}.then`);
    if (s.then !== undefined && (!s.expect || i === last)) bad(`${where}.then`);
    const hints = s.hints;
    if (hints !== undefined && !(Array.isArray(hints) && hints.length && hints.length <= MAX_HINTS
      && hints.every((x) => isText(x, MAX_TEXT) && x))) bad(`${where}.hints`);
    const r = s.reading;
    if (r !== undefined && !(r && typeof r === "object" && !Array.isArray(r) && Object.keys(r).length === 2
      && isText(r.text, MAX_READING) && r.text && typeof r.href === "string" && HREF.test(r.href))) bad(`${where}.reading`);
    return {
      reading: r ? { text: r.text, href: r.href } : null,
      pos: cont ? null : s.pos, caption: s.caption, highlight: s.highlight || [], expect: s.expect || [],
      right, wrong, then, hints: hints || [],
    };
  });
  return { version, game: lesson.game, title: lesson.title, seat, open: lesson.open === true, steps };
}

/** The feedback a rule list gives for a move: its exact move, else its kind, else the default; "" when none. */
export function feedbackFor(rules, move) {
  const kind = move.split(" ")[0];
  const exact = rules.find((r) => r.move === move);
  if (exact) return exact.text;
  const ofKind = rules.find((r) => r.kind === kind && r.move === undefined);
  if (ofKind) return ofKind.text;
  const fallback = rules.find((r) => r.move === undefined && r.kind === undefined);
  return fallback ? fallback.text : "";
}

/** The moves a step plays after a right move (its own list, else the list for any right move). */
export function thenAfter(step, move) {
  return step.then[move] || step.then["*"] || [];
}

// ------------------------------------------------------------------------------------------------ a lesson in a link

const b64url = (bytes) => {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

const fromB64url = (text) => {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
};

async function through(stream, bytes) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

/**
 * A lesson packed for an address ("#lesson=..."): "z." and base64url of its deflated JSON where the browser can
 * deflate (CompressionStream), else "j." and base64url of the JSON itself.
 */
export async function packLesson(lesson) {
  const json = new TextEncoder().encode(JSON.stringify(lesson));
  if (typeof CompressionStream === "function") return `z.${b64url(await through(new CompressionStream("deflate-raw"), json))}`;
  return `j.${b64url(json)}`;
}

/** The lesson a packed text holds (packLesson's inverse); LessonError when it is damaged or too big. */
export async function unpackLesson(packed) {
  try {
    const bytes = fromB64url(packed.slice(2));
    const json = packed.startsWith("z.") ? await through(new DecompressionStream("deflate-raw"), bytes) : bytes;
    if (json.length > MAX_BYTES) throw new LessonError("embed.lesson.error.too_big", { limit: MAX_BYTES / 1024 });
    return JSON.parse(new TextDecoder().decode(json));
  } catch (err) {
    if (err instanceof LessonError) throw err;
    throw new LessonError("embed.error.lesson_data");
  }
}
