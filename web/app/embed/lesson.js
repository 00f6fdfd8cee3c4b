// Lessons in embeds (format: docs/EMBED.md, checked by pyengine/lessons.py): loading one from this site, from
// another origin that allows it (CORS), or from the host page; checking its shape before use; and each step's
// position (a code, or where the previous step left off, computed by the engine).
import { call } from "../ui/engine-api.js";
import { CODE, MAX_CODE } from "./params.js";

export const LESSON_FORMAT = "star-table-lesson";
export const LESSON_VERSION = 1;
const MAX_BYTES = 256 * 1024;
const MAX_STEPS = 40;
const MAX_TEXT = 1500;
const MAX_LIST = 20;
const HIGHLIGHT = /^[A-Za-z0-9_.:+-]{1,100}$/;
const STEP_KEYS = new Set(["pos", "continue", "caption", "highlight", "expect", "right", "wrong", "then", "reading"]);
const MAX_READING = 400;
// A reading note's link (pyengine/lessons.py _HREF): http(s), or a path (and #anchor) relative to the site's root.
const HREF = /^(?:https?:\/\/[^\s"'<>\\]{1,290}|(?!\/)(?!\.\.\/)[A-Za-z0-9_./-]{1,200}(?:#[A-Za-z0-9_-]{1,80})?|#[A-Za-z0-9_-]{1,80})$/;

/** A lesson that cannot be used; `where` names the field (shown to the author as text). */
export class LessonError extends Error {
  constructor(id, args = {}) {
    super(id);
    this.name = "LessonError";
    this.id = id;
    this.args = args;
  }
}

/** Fetch a lesson's JSON text from a URL and parse it (size-checked). */
async function fetchLesson(url, init) {
  let res;
  try {
    res = await fetch(url, init);
  } catch {
    throw new LessonError("embed.lesson.error.fetch");
  }
  if (!res.ok) throw new LessonError(res.status === 404 ? "embed.lesson.error.missing" : "embed.lesson.error.fetch");
  const text = await res.text();
  if (text.length > MAX_BYTES) throw new LessonError("embed.lesson.error.too_big");
  try {
    return JSON.parse(text);
  } catch {
    throw new LessonError("embed.lesson.error.not_json");
  }
}

/** The lesson the parameters name: lesson=<id> (this site), lesson-url= (CORS), or one the host page sends. */
export async function loadLesson(params, hostLesson, onWaiting) {
  if (params.lesson) return fetchLesson(new URL(`./lessons/${params.lesson}.json`, document.baseURI).href, {});
  if (params.lessonUrl) return fetchLesson(params.lessonUrl, { mode: "cors", credentials: "omit", referrerPolicy: "no-referrer" });
  onWaiting();
  const lesson = await hostLesson();
  if (JSON.stringify(lesson ?? null).length > MAX_BYTES) throw new LessonError("embed.lesson.error.too_big");
  return lesson;
}

const isText = (v, limit) => typeof v === "string" && v.length <= limit;
const isTexts = (v) => Array.isArray(v) && v.length > 0 && v.length <= MAX_LIST && v.every((x) => typeof x === "string" && x.length <= 300);

/** Check a lesson's shape; throw LessonError naming the first problem. Returns the lesson, normalised. */
export function checkShape(lesson, games) {
  const bad = (where) => { throw new LessonError("embed.lesson.error.field", { where }); };
  if (!lesson || typeof lesson !== "object" || Array.isArray(lesson)) bad("lesson");
  if (lesson.format !== LESSON_FORMAT) bad("format");
  if (lesson.version !== LESSON_VERSION) throw new LessonError("embed.lesson.error.version", { version: String(lesson.version).slice(0, 20) });
  if (!games.includes(lesson.game)) bad("game");
  if (!isText(lesson.title, 120)) bad("title");
  const seat = lesson.seat ?? 0;
  if (!Number.isInteger(seat) || seat < 0 || seat > 3) bad("seat");
  if (lesson.open !== undefined && typeof lesson.open !== "boolean") bad("open");
  if (!Array.isArray(lesson.steps) || !lesson.steps.length || lesson.steps.length > MAX_STEPS) bad("steps");
  const steps = lesson.steps.map((s, i) => {
    const where = `steps[${i}]`;
    if (!s || typeof s !== "object" || Array.isArray(s)) bad(where);
    for (const k of Object.keys(s)) if (!STEP_KEYS.has(k)) bad(`${where}.${k}`);
    const cont = s.continue === true;
    if (cont === ("pos" in s) || (cont && i === 0)) bad(`${where}.pos`);
    if (!cont && !(typeof s.pos === "string" && s.pos.length <= MAX_CODE && CODE.test(s.pos))) bad(`${where}.pos`);
    if (!isText(s.caption, MAX_TEXT)) bad(`${where}.caption`);
    for (const k of ["right", "wrong"]) if (s[k] !== undefined && !isText(s[k], MAX_TEXT)) bad(`${where}.${k}`);
    for (const k of ["highlight", "expect", "then"]) if (s[k] !== undefined && !isTexts(s[k])) bad(`${where}.${k}`);
    if (s.highlight && !s.highlight.every((x) => HIGHLIGHT.test(x))) bad(`${where}.highlight`);
    if (s.then && !s.expect) bad(`${where}.then`);
    const r = s.reading;
    if (r !== undefined && !(r && typeof r === "object" && !Array.isArray(r) && Object.keys(r).length === 2
      && isText(r.text, MAX_READING) && r.text && typeof r.href === "string" && HREF.test(r.href))) bad(`${where}.reading`);
    return {
      reading: r ? { text: r.text, href: r.href } : null,
      pos: cont ? null : s.pos, caption: s.caption, highlight: s.highlight || [], expect: s.expect || [],
      right: s.right || "", wrong: s.wrong || "", then: s.then || [],
    };
  });
  return { game: lesson.game, title: lesson.title, seat, open: lesson.open === true, steps };
}

/** Replace each step's expected and follow-up moves by the engine's canonical texts (a typo is named). */
export async function canonicalise(lesson) {
  const texts = lesson.steps.flatMap((s) => [...s.expect, ...s.then]);
  if (!texts.length) return lesson;
  const answer = await call({ op: "canonical", game: lesson.game, actions: texts });
  let i = 0;
  lesson.steps.forEach((s, n) => {
    const fix = (list, key) => list.map((text) => {
      const canon = answer.actions[i++];
      if (canon === null) throw new LessonError("embed.lesson.error.action", { where: `steps[${n}].${key}`, action: text.slice(0, 80) });
      return canon;
    });
    s.expect = fix(s.expect, "expect");
    s.then = fix(s.then, "then");
  });
  return lesson;
}

/** The position code step n starts from; a "continue" step asks the engine to play on from the step before. */
export async function stepCode(lesson, n) {
  const step = lesson.steps[n];
  if (step.pos) return step.pos;
  if (step.code) return step.code;
  const prev = lesson.steps[n - 1];
  const from = await stepCode(lesson, n - 1);
  if (!prev.expect.length) { step.code = from; return from; }
  const opened = await call({ op: "new_from_code", code: from, viewer: null });
  try {
    await call({ op: "submit", match: opened.match, seat: lesson.seat, action: prev.expect[0], viewer: null });
    for (const action of prev.then) await call({ op: "play", match: opened.match, action, viewer: null });
    step.code = (await call({ op: "code", match: opened.match })).code;
  } finally {
    call({ op: "close", match: opened.match }).catch(() => {});
  }
  return step.code;
}
