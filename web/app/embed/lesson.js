// Lessons in embeds (format: docs/EMBED.md, checked by pyengine/lessons.py): loading one from this site, from
// another origin that allows it (CORS), or from the host page; checking its shape before use; and each step's
// position (a code, or where the previous step left off, computed by the engine).
import { call } from "../ui/engine-api.js";
import { LessonError, MAX_BYTES, thenAfter } from "./lesson-file.js";

export { LessonError, checkShape } from "./lesson-file.js";

/** A lesson the host page sends (mode=lesson without lesson= or lesson-url=), size-checked. */
export async function hostSentLesson(hostLesson, onWaiting) {
  onWaiting();
  const lesson = await hostLesson();
  if (JSON.stringify(lesson ?? null).length > MAX_BYTES) throw new LessonError("embed.lesson.error.too_big", { limit: MAX_BYTES / 1024 });
  return lesson;
}

/** Replace each step's expected, follow-up and feedback moves by the engine's canonical texts (a typo is named). */
export async function canonicalise(lesson) {
  const slots = []; // [text, where, set(canonical)]
  lesson.steps.forEach((s, n) => {
    s.expect.forEach((text, i) => slots.push([text, `steps[${n}].expect`, (c) => { s.expect[i] = c; }]));
    const then = {};
    for (const [move, list] of Object.entries(s.then)) {
      const fixed = [...list];
      list.forEach((text, i) => slots.push([text, `steps[${n}].then`, (c) => { fixed[i] = c; }]));
      if (move === "*") then["*"] = fixed;
      else slots.push([move, `steps[${n}].then`, (c) => { then[c] = fixed; }]);
    }
    s.then = then;
    for (const key of ["right", "wrong"]) {
      for (const rule of s[key]) if (rule.move !== undefined) slots.push([rule.move, `steps[${n}].${key}`, (c) => { rule.move = c; }]);
    }
  });
  if (!slots.length) return lesson;
  const answer = await call({ op: "canonical", game: lesson.game, actions: slots.map((x) => x[0]) });
  slots.forEach(([text, where, set], i) => {
    const canon = answer.actions[i];
    if (canon === null) throw new LessonError("embed.lesson.error.action", { where, action: text.slice(0, 80) });
    set(canon);
  });
  return lesson;
}

/**
 * The position code step n starts from; a "continue" step asks the engine to play on from the step before: the
 * right move the reader made there (or its first expected move, when the reader skipped it), then its "then" moves
 * for that move. Codes are kept per move made, so stepping back and forth costs nothing.
 */
export async function stepCode(lesson, n) {
  const step = lesson.steps[n];
  if (step.pos) return step.pos;
  const prev = lesson.steps[n - 1];
  const from = await stepCode(lesson, n - 1);
  if (!prev.expect.length) return from;
  const move = prev.played && prev.expect.includes(prev.played) ? prev.played : prev.expect[0];
  step.codes = step.codes || new Map();
  const key = `${from}\n${move}`;
  if (!step.codes.has(key)) step.codes.set(key, await playedOn(from, lesson.seat, move, thenAfter(prev, move), n + 1));
  return step.codes.get(key);
}

/**
 * The position code after a right move and its "then" moves from a position (each played by the lowest seat to move
 * that may play it, as a line is): the start of a "continue" step. A "then" move that does not play is a
 * LessonError naming `stepNumber`, the move's place and its text.
 */
export async function playedOn(from, seat, move, then, stepNumber) {
  const opened = await call({ op: "new_from_code", code: from, viewer: null });
  try {
    await call({ op: "submit", match: opened.match, seat, action: move, viewer: null });
    for (const [i, action] of then.entries()) {
      try {
        await call({ op: "play", match: opened.match, action, viewer: null });
      } catch {
        throw new LessonError("embed.lesson.error.then", { step: stepNumber, move: i + 1, action: action.slice(0, 80) });
      }
    }
    return (await call({ op: "code", match: opened.match })).code;
  } finally {
    call({ op: "close", match: opened.match }).catch(() => {});
  }
}
