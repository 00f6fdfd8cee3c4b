// The lesson recorder: an author mode on the game's own table. The author plays the expected move on the table (and
// may add more right answers), writes the caption, feedback for wrong moves (per move, per kind, or any other),
// hints, picks table elements to outline, plays the other seats' replies ("then") and goes on to the next step.
// The lesson is kept as the very JSON it exports (docs/EMBED.md, format 3), so an imported lesson that is not
// edited exports unchanged; every edit is written to the draft at once (lesson-drafts.js). Preview and the link run
// the lesson in embed.html, as a reader gets it.
import { h } from "./dom.js";
import { t } from "../i18n.js";
import { call } from "./engine-api.js";
import { textNodes, textString, seatName } from "./text.js";
import { tableFor } from "./tables.js";
import { actionBar } from "./action-bar.js";
import { divSnippet } from "./share.js";
import { EmbedSession } from "../embed/session.js";
import { checkShape, packLesson, LessonError } from "../embed/lesson-file.js";
import { playedOn } from "../embed/lesson.js";
import { GAMES } from "../embed/params.js";
import { writeDraft, newDraftId } from "./lesson-drafts.js";

export const TEXT_LANGUAGES = ["en", "pl", "cs", "ja"];
const MAX_HINTS = 5;
const MAX_LIST = 20;

/** A new lesson (format 3) of one step at a position. */
export function newLesson(game, code, seat) {
  return { format: "star-table-lesson", version: 3, game, title: "", seat, open: false, steps: [{ pos: code, caption: "" }] };
}

// ------------------------------------------------------------------------------------------------ texts by language

/** A lesson text in one language ("" when it has none): a plain string is English. */
export function textIn(value, lang) {
  if (typeof value === "string") return lang === "en" ? value : "";
  return value && typeof value === "object" && typeof value[lang] === "string" ? value[lang] : "";
}

/** A lesson text with one language set: English alone stays a plain string; another language makes it an object. */
export function withText(value, lang, text) {
  if (typeof value !== "object" || value === null) {
    if (lang === "en") return text;
    const out = { en: typeof value === "string" ? value : "" };
    if (text) out[lang] = text;
    return out;
  }
  const out = { ...value };
  if (text || lang === "en") out[lang] = text; else delete out[lang];
  return out;
}

/** The moves of a `then` after the step's first right move (a list, or per right move). */
function thenOf(step) {
  if (Array.isArray(step.then)) return step.then;
  if (step.then && typeof step.then === "object") return step.then[(step.expect || [])[0]] || [];
  return [];
}

/** The kind of a move: the first word of its action text (docs/EMBED.md, "wrong" rules). */
const kindOf = (action) => String(action).split(" ")[0];

// ------------------------------------------------------------------------------------------------ the recorder

export class Recorder {
  /** opts: {onChange(recorder), onError(err)} */
  constructor({ onChange, onError }) {
    this.onChange = onChange;
    this.onError = onError;
    this.draftId = null;
    this.lesson = null;
    this.at = 0;
    this.lang = "en";        // the language the texts are being written in
    this.stage = "answers";  // "answers": moves on the table are taken as answers; "replies": they are played as `then`
    this.pick = "expect";    // in "answers": what a move on the table is: "expect" (a right answer) or "wrong"
    this.picking = false;    // clicks on the table pick elements to outline
    this.session = null;
    this.startActions = [];  // the lesson seat's legal moves at the step's start: [{a, msg, label}]
    this.startSnap = null;
    this.labels = new Map(); // action text -> its words, for moves seen on the table
    this.codes = new Map();  // a continue step's start, by where it came from
    this.note = "";
    this.problem = "";
    this.dialog = null;      // "export" | "preview"
    this.exported = null;    // {json, link, snippet}
    this.closed = false;
    this.saveError = null;
  }

  changed() { if (!this.closed) this.onChange(this); }

  get step() { return this.lesson.steps[this.at]; }

  /** Open a lesson (a new one, an import or a draft) at step `at`. */
  async open(lesson, { draftId = null, at = 0 } = {}) {
    this.lesson = lesson;
    this.draftId = draftId || newDraftId();
    this.save();
    await this.openStep(Math.min(Math.max(0, at), lesson.steps.length - 1));
  }

  /** Write the draft now (after every edit). */
  save() {
    try {
      writeDraft(this.draftId, this.lesson, this.at);
      this.saveError = null;
    } catch (err) {
      this.saveError = err.message;
      this.onError(err);
    }
  }

  /** Apply an edit to the lesson, write the draft and redraw. */
  edit(fn) {
    fn(this.lesson, this.step);
    this.exported = null;
    this.save();
    this.changed();
  }

  /** The position step n starts from: its code, or where the step before leaves off (its first right move, then
   * its replies, each played by the lowest seat to move that may play it, as embed.html plays them). */
  async startOf(n) {
    const step = this.lesson.steps[n];
    if (step.pos) return step.pos;
    if (n === 0) throw new LessonError("author.error.first_continue");
    const prev = this.lesson.steps[n - 1];
    const from = await this.startOf(n - 1);
    if (!(prev.expect || []).length) return from;
    const then = thenOf(prev);
    const key = JSON.stringify([from, prev.expect[0], then]);
    if (!this.codes.has(key)) this.codes.set(key, await playedOn(from, this.lesson.seat, prev.expect[0], then, n));
    return this.codes.get(key);
  }

  /** Show step n on the table at its start, taking the lesson seat's moves as answers. */
  async openStep(n) {
    this.at = n;
    this.stage = "answers";
    this.pick = "expect";
    this.picking = false;
    this.problem = "";
    this.note = "";
    this.save();
    try {
      const code = await this.startOf(n);
      await this.openTable(code, this.lesson.seat);
    } catch (err) {
      this.problem = err instanceof LessonError ? t(err.id, err.args) : t("author.error.engine", { message: err.message || String(err) });
      this.startActions = [];
    }
    this.changed();
  }

  async openTable(code, viewer) {
    const old = this.session;
    this.session = null;
    if (old) await old.close();
    const summary = await call({ op: "new_from_code", code, summary: true });
    const seats = Array.from({ length: summary.players }, (_, i) => ({ name: t("author.seat", { n: i + 1 }), kind: "human" }));
    const session = new EmbedSession({
      gameName: "", bots: false, judge: (actions) => this.judge(actions),
      onChange: (s) => { if (this.session === s) this.changed(); },
      onError: (err) => this.onError(err),
    });
    this.session = session;
    await session.startFromCode(code, seats, viewer);
    this.players = summary.players;
    this.startSnap = session.snapshot;
    const d = session.snapshot.decision;
    this.startActions = d ? d.actions : [];
    for (const a of this.startActions) this.labels.set(a.a, a.msg ? textString(session.snapshot, a.msg) : a.label);
  }

  /** The words of a move (as the table named it when it was seen), else "Move n". */
  moveWords(action, n = 1) {
    return this.labels.get(action) || t("author.move_n", { n });
  }

  /** A move made on the table: an answer or a wrong move to answer (not played), or a reply (played). */
  async judge(actions) {
    const action = actions[0];
    const s = this.session;
    const snap = s.snapshot;
    const act = ((snap.decision || {}).actions || []).find((a) => a.a === action);
    if (act) this.labels.set(action, act.msg ? textString(snap, act.msg) : act.label);
    if (this.stage === "replies") {
      this.playReply(action);
      return false;
    }
    if (this.pick === "wrong") {
      if ((this.step.expect || []).includes(action)) this.note = t("author.already_right", { move: this.moveWords(action) });
      else this.addWrong({ move: action });
    } else if ((this.step.expect || []).includes(action)) {
      this.note = t("author.already_answer", { move: this.moveWords(action) });
    } else {
      this.addAnswer(action);
    }
    s.ui = {};
    this.changed();
    return false;
  }

  addAnswer(action) {
    if ((this.step.expect || []).length >= MAX_LIST) return;
    const wasFirst = !(this.step.expect || []).length;
    this.edit((lesson, step) => {
      step.expect = [...(step.expect || []), action];
      if (step.wrong && Array.isArray(step.wrong)) {
        step.wrong = step.wrong.filter((r) => r.move !== action);
        if (!step.wrong.length) delete step.wrong;
      }
    });
    this.note = wasFirst ? t("author.answer_recorded", { move: this.moveWords(action) }) : t("author.alt_recorded", { move: this.moveWords(action) });
  }

  removeAnswer(action) {
    this.edit((lesson, step) => {
      step.expect = step.expect.filter((a) => a !== action);
      if (step.then && !Array.isArray(step.then)) { const then = { ...step.then }; delete then[action]; step.then = then; }
      if (!step.expect.length) { delete step.expect; delete step.then; delete step.right; }
    });
  }

  /** A wrong-move rule: {move} (that move), {kind} (moves of that kind) or {} (any other move). */
  addWrong(rule) {
    this.edit((lesson, step) => {
      const rules = typeof step.wrong === "string" || (step.wrong && !Array.isArray(step.wrong)) ? [{ text: step.wrong }] : [...(step.wrong || [])];
      if (rules.length >= MAX_LIST) return;
      const same = (r) => r.move === rule.move && r.kind === rule.kind;
      if (!rules.some(same)) {
        const entry = { ...rule, text: "" };
        const fallback = rules.findIndex((r) => r.move === undefined && r.kind === undefined);
        if (fallback >= 0 && (rule.move || rule.kind)) rules.splice(fallback, 0, entry); else rules.push(entry);
      }
      step.wrong = rules;
    });
    this.note = rule.move ? t("author.wrong_recorded", { move: this.moveWords(rule.move) }) : "";
  }

  removeWrong(i) {
    this.edit((lesson, step) => {
      step.wrong = Array.isArray(step.wrong) ? step.wrong.filter((_, k) => k !== i) : [];
      if (!step.wrong.length) delete step.wrong;
    });
  }

  /** Play the step's first right move on the table; the moves made after it are the replies. */
  async recordReplies() {
    const step = this.step;
    if (!(step.expect || []).length) return;
    this.edit((lesson, st) => { delete st.then; });
    this.stage = "replies";
    this.picking = false;
    try {
      const code = await this.startOf(this.at);
      await this.openTable(code, this.lesson.seat);
      const snap = await call({ op: "submit", match: this.session.matchId, seat: this.lesson.seat, action: step.expect[0], viewer: this.lesson.seat });
      this.session.accept(snap);
      this.session.readOnly = false;
      this.note = t("author.replies_now");
      await this.afterReply();
    } catch (err) {
      this.problem = t("author.error.engine", { message: err.message || String(err) });
      this.changed();
    }
  }

  /** Play a reply on the table for the seat shown, and record it as one of the step's `then` moves. */
  async playReply(action) {
    const s = this.session;
    s.busy = true;
    this.changed();
    try {
      s.accept(await call({ op: "submit", match: s.matchId, seat: s.viewer, action, viewer: s.viewer }));
      s.ui = {};
      this.edit((lesson, step) => {
        const list = [...thenOf(step), action];
        if (Array.isArray(step.then) || !step.then) step.then = list;
        else step.then = { ...step.then, [step.expect[0]]: list };
      });
      this.note = t("author.reply_recorded", { move: this.moveWords(action) });
    } catch (err) {
      this.onError(err);
    } finally {
      s.busy = false;
    }
    await this.afterReply();
  }

  /** After a reply: the table shows the next seat (other than the lesson's) to move; none left: the step is done. */
  async afterReply() {
    const s = this.session;
    const snap = s.snapshot;
    const others = (snap.to_move || []).filter((seat) => seat !== this.lesson.seat);
    const seat = others.length ? others[0] : this.lesson.seat;
    if (seat !== s.viewer) {
      s.viewer = seat;
      s.ui = {};
      s.accept(await call({ op: "state", match: s.matchId, viewer: seat }), seat);
    }
    s.readOnly = !others.length || snap.terminal;
    if (!others.length) this.note = t("author.replies_done");
    this.changed();
  }

  /** Stop taking replies and look at the step's start again. */
  async backToAnswers() {
    await this.openStep(this.at);
  }

  /** Add a step after this one: it begins where this one leaves off ("continue"), or at a position code. */
  async addStep() {
    if (this.lesson.steps.length >= 40) return;
    this.edit((lesson) => { lesson.steps.splice(this.at + 1, 0, { continue: true, caption: "" }); });
    await this.openStep(this.at + 1);
  }

  async removeStep(n) {
    if (this.lesson.steps.length <= 1) return;
    // A step that began where the removed one left off now begins at that position's code.
    const next = this.lesson.steps[n + 1];
    const code = next && next.continue ? await this.startOf(n + 1) : null;
    this.edit((lesson) => {
      lesson.steps.splice(n, 1);
      if (code) { const st = lesson.steps[n]; delete st.continue; lesson.steps[n] = { pos: code, ...st }; }
      const last = lesson.steps[lesson.steps.length - 1];
      delete last.then;
    });
    await this.openStep(Math.min(n, this.lesson.steps.length - 1));
  }

  /** Toggle an element's outline on this step (its data-testid). */
  toggleHighlight(id) {
    this.edit((lesson, step) => {
      const list = step.highlight || [];
      step.highlight = list.includes(id) ? list.filter((x) => x !== id) : [...list, id].slice(0, MAX_LIST);
      if (!step.highlight.length) delete step.highlight;
    });
  }

  /** What stops the lesson from being used, in words: [{step, text}] (empty when it can be exported). */
  problems() {
    const out = [];
    const L = this.lesson;
    if (!textIn(L.title, "en").trim()) out.push({ step: null, text: t("author.problem.title") });
    L.steps.forEach((s, i) => {
      if (!textIn(s.caption, "en").trim()) out.push({ step: i, text: t("author.problem.caption", { n: i + 1 }) });
      if (s.then && i === L.steps.length - 1) out.push({ step: i, text: t("author.problem.last_then", { n: i + 1 }) });
      for (const r of Array.isArray(s.wrong) ? s.wrong : []) if (!textIn(r.text, "en").trim()) out.push({ step: i, text: t("author.problem.wrong_text", { n: i + 1 }) });
      for (const hint of s.hints || []) if (!textIn(hint, "en").trim()) out.push({ step: i, text: t("author.problem.hint", { n: i + 1 }) });
    });
    if (!out.length) {
      try { checkShape(JSON.parse(JSON.stringify(L)), GAMES, "en"); } catch (err) {
        out.push({ step: null, text: err instanceof LessonError ? t(err.id, err.args) : String(err.message || err) });
      }
    }
    return out;
  }

  /** The export texts: the JSON (as the shipped lessons are written), the reader's link and the embed.js snippet. */
  async makeExport() {
    const json = `${JSON.stringify(this.lesson, null, 1)}\n`;
    const packed = await packLesson(this.lesson);
    const base = new URL(".", location.href);
    const link = `${new URL("embed.html", base).href}?mode=lesson#lesson=${packed}`;
    const snippet = divSnippet(null, this.lesson.game, { seat: this.lesson.seat, open: this.lesson.open, mode: "lesson", lesson: this.lesson });
    this.exported = { json, link, snippet, packed };
    return this.exported;
  }

  async close() {
    this.closed = true;
    if (this.session) await this.session.close();
  }
}

// ------------------------------------------------------------------------------------------------ drawing

/** A text field in the language being written; English is the one a lesson needs. */
function textField(R, { id, label, value, set, rows = 2, max = 1500 }) {
  const v = textIn(value, R.lang);
  const en = R.lang === "en" ? "" : textIn(value, "en");
  return h("div", { class: "author-field", key: id },
    h("label", { for: id, class: "field-label" }, label),
    en ? h("p", { class: "muted author-en", lang: "en" }, en) : null,
    h("textarea", { id, testid: id, rows, maxlength: max, value: v, lang: R.lang,
      oninput: (e) => R.edit((lesson, step) => set(lesson, step, withText(value, R.lang, e.target.value))) }));
}

function stepTabs(R) {
  return h("nav", { class: "author-steps row-buttons", "aria-label": t("author.steps_aria") },
    R.lesson.steps.map((s, i) => h("button", {
      type: "button", key: i, class: ["btn small", i === R.at ? "primary" : null], testid: `author-step-${i}`,
      "aria-current": i === R.at ? "step" : null, onclick: () => R.openStep(i),
    }, t("author.step_n", { n: i + 1 }))),
    h("button", { type: "button", class: "btn small", testid: "author-add-step", onclick: () => R.addStep() }, t("author.add_step")));
}

function moveSelect(R, id, label, options, onAdd) {
  return h("form", { class: "author-add", key: id, onsubmit: (e) => {
    e.preventDefault();
    const v = e.currentTarget.querySelector("select").value;
    if (v) onAdd(v);
  } },
  h("label", { for: id, class: "visually-hidden" }, label),
  h("select", { id, testid: id }, h("option", { value: "" }, label), options.map((o) => h("option", { value: o.value, key: o.value }, o.label))),
  h("button", { type: "submit", class: "btn small", testid: `${id}-add` }, t("author.add")));
}

function answersPart(R) {
  const step = R.step;
  const expect = step.expect || [];
  const snap = R.startSnap;
  const rules = Array.isArray(step.wrong) ? step.wrong : step.wrong !== undefined ? [{ text: step.wrong }] : [];
  // A move is a right answer or has its own wrong-move text, never both.
  const legal = R.startActions.filter((a) => !expect.includes(a.a) && !rules.some((r) => r.move === a.a));
  const kinds = [...new Set(R.startActions.map((a) => kindOf(a.a)))];
  const ruleLabel = (r) => (r.move !== undefined ? R.moveWords(r.move)
    : r.kind !== undefined ? t("author.kind_rule", { example: R.moveWords((R.startActions.find((a) => kindOf(a.a) === r.kind) || {}).a || "") })
      : t("author.any_other"));
  const noMove = !R.startActions.length;
  return h("section", { class: "author-part", "aria-labelledby": "author-answers-h", key: "answers" },
    h("h3", { id: "author-answers-h" }, t("author.answers")),
    noMove ? h("p", { class: "muted", testid: "author-no-move" }, t("author.no_move", { name: snap ? seatName(snap, R.lesson.seat) : "" })) : [
      h("div", { class: "row-buttons author-pick", role: "group", "aria-label": t("author.table_move_is"), key: "pick" },
        h("span", { class: "muted" }, t("author.table_move_is")),
        h("button", { type: "button", class: ["btn small", R.pick === "expect" ? "primary" : null], "aria-pressed": R.pick === "expect" ? "true" : "false", testid: "author-pick-expect",
          onclick: () => { R.pick = "expect"; R.changed(); } }, t("author.pick_right")),
        h("button", { type: "button", class: ["btn small", R.pick === "wrong" ? "primary" : null], "aria-pressed": R.pick === "wrong" ? "true" : "false", testid: "author-pick-wrong",
          onclick: () => { R.pick = "wrong"; R.changed(); } }, t("author.pick_wrong"))),
      h("ol", { class: "author-list", testid: "author-expect", key: "ex" }, expect.map((a, i) => h("li", { key: a },
        h("span", {}, i === 0 ? t("author.main_answer", { move: R.moveWords(a) }) : R.moveWords(a)),
        h("button", { type: "button", class: "btn small ghost", testid: `author-expect-remove-${i}`, "aria-label": t("author.remove_aria", { what: R.moveWords(a) }), onclick: () => R.removeAnswer(a) }, "✕")))),
      legal.length ? moveSelect(R, "author-alt", t("author.add_answer"), legal.map((a) => ({ value: a.a, label: R.moveWords(a.a) })), (v) => R.addAnswer(v)) : null,
      // A right-answer text, or (format 2 and on) one text per right answer: each edited where it stands.
      expect.length && Array.isArray(step.right) ? step.right.map((r, i) => textField(R, { id: `author-right-${i}`,
        label: r.move !== undefined ? t("author.right_for", { move: R.moveWords(r.move) }) : t("author.right_text"), value: r.text,
        set: (lesson, st, v) => { st.right = st.right.map((x, k) => (k === i ? { ...x, text: v } : x)); } }))
        : expect.length ? textField(R, { id: "author-right", label: t("author.right_text"), value: step.right,
          set: (lesson, st, v) => { if (textIn(v, "en") || typeof v === "object") st.right = v; else delete st.right; } }) : null,
      h("h4", { key: "wh" }, t("author.wrong_feedback")),
      h("ol", { class: "author-list author-rules", testid: "author-wrong", key: "wr" }, rules.map((r, i) => h("li", { key: `${r.move || ""}|${r.kind || ""}|${i}` },
        textField(R, { id: `author-wrong-${i}`, label: ruleLabel(r), value: r.text,
          set: (lesson, st, v) => {
            if (!Array.isArray(st.wrong)) st.wrong = [{ text: st.wrong }];
            st.wrong = st.wrong.map((x, k) => (k === i ? { ...x, text: v } : x));
          } }),
        h("button", { type: "button", class: "btn small ghost", testid: `author-wrong-remove-${i}`, "aria-label": t("author.remove_aria", { what: ruleLabel(r) }), onclick: () => R.removeWrong(i) }, "✕")))),
      moveSelect(R, "author-wrong-for", t("author.add_wrong"), [
        ...R.startActions.filter((a) => !expect.includes(a.a) && !rules.some((r) => r.move === a.a)).map((a) => ({ value: `move:${a.a}`, label: R.moveWords(a.a) })),
        ...kinds.filter((k) => !rules.some((r) => r.kind === k)).map((k) => ({ value: `kind:${k}`, label: t("author.kind_rule", { example: R.moveWords((R.startActions.find((a) => kindOf(a.a) === k) || {}).a || "") }) })),
        ...(rules.some((r) => r.move === undefined && r.kind === undefined) ? [] : [{ value: "any:", label: t("author.any_other") }]),
      ], (v) => {
        const [what, ...rest] = v.split(":");
        const arg = rest.join(":");
        R.addWrong(what === "move" ? { move: arg } : what === "kind" ? { kind: arg } : {});
      }),
    ]);
}

function repliesPart(R) {
  const step = R.step;
  const then = thenOf(step);
  const last = R.at === R.lesson.steps.length - 1;
  return h("section", { class: "author-part", "aria-labelledby": "author-replies-h", key: "replies" },
    h("h3", { id: "author-replies-h" }, t("author.replies")),
    h("p", { class: "muted" }, t("author.replies_help")),
    then.length ? h("ol", { class: "author-list", testid: "author-then" }, then.map((a, i) => h("li", { key: i }, R.moveWords(a, i + 1)))) : null,
    h("div", { class: "row-buttons" },
      R.stage === "answers"
        ? h("button", { type: "button", class: "btn", testid: "author-record-replies", disabled: !(step.expect || []).length, onclick: () => R.recordReplies() }, t("author.record_replies"))
        : h("button", { type: "button", class: "btn", testid: "author-replies-done", onclick: () => R.backToAnswers() }, t("author.back_to_answers")),
      then.length ? h("button", { type: "button", class: "btn ghost", testid: "author-clear-replies", onclick: () => R.edit((l, st) => { delete st.then; }) }, t("author.clear_replies")) : null,
      last && (step.expect || []).length ? h("button", { type: "button", class: "btn primary", testid: "author-next-step", onclick: () => R.addStep() }, t("author.next_step")) : null));
}

function hintsPart(R) {
  const step = R.step;
  const hints = step.hints || [];
  return h("section", { class: "author-part", "aria-labelledby": "author-hints-h", key: "hints" },
    h("h3", { id: "author-hints-h" }, t("author.hints")),
    hints.map((hint, i) => h("div", { class: "author-row", key: i },
      textField(R, { id: `author-hint-${i}`, label: t("author.hint_n", { n: i + 1 }), value: hint,
        set: (lesson, st, v) => { st.hints = st.hints.map((x, k) => (k === i ? v : x)); } }),
      h("button", { type: "button", class: "btn small ghost", testid: `author-hint-remove-${i}`, "aria-label": t("author.remove_aria", { what: t("author.hint_n", { n: i + 1 }) }),
        onclick: () => R.edit((l, st) => { st.hints = st.hints.filter((_, k) => k !== i); if (!st.hints.length) delete st.hints; }) }, "✕"))),
    hints.length < MAX_HINTS ? h("button", { type: "button", class: "btn small", testid: "author-add-hint", onclick: () => R.edit((l, st) => { st.hints = [...(st.hints || []), ""]; }) }, t("author.add_hint")) : null);
}

function highlightPart(R) {
  const list = R.step.highlight || [];
  return h("section", { class: "author-part", "aria-labelledby": "author-hl-h", key: "hl" },
    h("h3", { id: "author-hl-h" }, t("author.highlight")),
    h("button", { type: "button", class: ["btn small", R.picking ? "on" : null], testid: "author-pick-highlight", "aria-pressed": R.picking ? "true" : "false",
      onclick: () => { R.picking = !R.picking; R.changed(); } }, R.picking ? t("author.picking_done") : t("author.pick_highlight")),
    R.picking ? h("p", { class: "muted", role: "status" }, t("author.picking_help")) : null,
    list.length ? h("ul", { class: "author-list", testid: "author-highlights" }, list.map((id, i) => h("li", { key: id },
      h("span", {}, t("author.outlined", { n: i + 1 })),
      h("button", { type: "button", class: "btn small ghost", testid: `author-hl-remove-${i}`, "aria-label": t("author.remove_aria", { what: t("author.outlined", { n: i + 1 }) }), onclick: () => R.toggleHighlight(id) }, "✕")))) : null);
}

function exportDialog(R, close) {
  const x = R.exported;
  const problems = R.problems();
  const box = (id, label, value, rows) => [
    h("label", { for: id, class: "field-label", key: `${id}-l` }, label),
    h("textarea", { id, testid: id, key: id, readonly: true, rows, value, onfocus: (e) => e.target.select() })];
  return h("div", { class: "loading-layer share-layer", role: "presentation", onclick: (e) => { if (e.target === e.currentTarget) close(); } },
    h("section", { class: "loading-card share-card", role: "dialog", "aria-modal": "true", "aria-labelledby": "author-export-title", testid: "author-export",
      onkeydown: (e) => { if (e.key === "Escape") { e.stopPropagation(); close(); } } },
    h("h2", { id: "author-export-title" }, t("author.export_title")),
    problems.length ? h("ul", { class: "author-problems", testid: "author-problems", role: "alert" }, problems.map((p, i) => h("li", { key: i }, p.text))) : null,
    x ? [
      box("author-export-json", t("author.export_json"), x.json, 8),
      h("div", { class: "row-buttons", key: "dl" },
        h("button", { type: "button", class: "btn", testid: "author-download", onclick: () => download(x.json, lessonFileName(R.lesson)) }, t("author.download"))),
      box("author-export-snippet", t("author.export_snippet"), x.snippet, 5),
      box("author-export-link", t("author.export_link"), x.link, 3),
      h("a", { class: "btn ghost", key: "try", href: x.link, target: "_blank", rel: "noopener", testid: "author-try-link" }, t("share.try_link")),
    ] : h("p", { role: "status" }, t("share.making")),
    h("div", { class: "row-buttons" },
      h("button", { type: "button", class: "btn primary", testid: "author-export-close", "data-autofocus": "1", onclick: close }, t("share.close")))));
}

function previewDialog(R, close) {
  const x = R.exported;
  const src = x ? x.link.replace("?mode=lesson", `?mode=lesson&boot=auto&lang=${R.lang}`) : "";
  return h("div", { class: "loading-layer share-layer", role: "presentation" },
    h("section", { class: "loading-card author-preview", role: "dialog", "aria-modal": "true", "aria-labelledby": "author-preview-title", testid: "author-preview",
      onkeydown: (e) => { if (e.key === "Escape") { e.stopPropagation(); close(); } } },
    h("div", { class: "row-buttons" },
      h("h2", { id: "author-preview-title" }, t("author.preview_title")),
      h("span", { class: "spacer" }),
      h("button", { type: "button", class: "btn primary", testid: "author-preview-close", "data-autofocus": "1", onclick: close }, t("share.close"))),
    x ? h("iframe", { src, title: t("author.preview_title"), testid: "author-preview-frame", class: "author-preview-frame" }) : h("p", { role: "status" }, t("share.making"))));
}

function lessonFileName(lesson) {
  const base = String(lesson.id || textIn(lesson.title, "en") || "lesson").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return `${base || "lesson"}.json`;
}

function download(text, name) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The recorder's screen parts: {body, bar, dialog}. The editor beside the table (above it on phones); the table's
 * own decision bar at the bottom, so the author makes moves as a player does.
 */
export function recorderParts(R) {
  if (!R.lesson) return { body: h("div", { class: "loading", role: "status" }, t("author.opening")) };
  const L = R.lesson;
  const step = R.step;
  const s = R.session;
  const snap = s && s.snapshot;
  const openDialog = async (kind) => {
    R.dialog = kind;
    R.changed();
    try { await R.makeExport(); } catch (err) { R.onError(err); }
    R.changed();
  };
  const close = () => { R.dialog = null; R.changed(); document.querySelector("[data-testid=author-export-open]")?.focus(); };
  const editor = h("div", { class: "author-editor", testid: "author-editor" },
    h("div", { class: "author-field author-lang" },
      h("label", { for: "author-lang", class: "field-label" }, t("author.writing_in")),
      h("select", { id: "author-lang", testid: "author-lang", onchange: (e) => { R.lang = e.target.value; R.changed(); } },
        TEXT_LANGUAGES.map((l) => h("option", { value: l, key: l, selected: l === R.lang }, t(`author.lang.${l}`)))),
      R.lang !== "en" ? h("p", { class: "muted" }, t("author.lang_help")) : null),
    textField(R, { id: "author-title", label: t("author.title_label"), value: L.title, rows: 1, max: 120,
      set: (lesson, st, v) => { lesson.title = v; } }),
    h("label", { class: "check-label" },
      h("input", { type: "checkbox", testid: "author-open", checked: L.open === true,
        onchange: (e) => R.edit((lesson) => { lesson.open = e.target.checked; }) }), t("author.open_label")),
    stepTabs(R),
    h("section", { class: "author-part", "aria-labelledby": "author-step-h", key: `step${R.at}` },
      h("h3", { id: "author-step-h" }, t("author.step_title", { n: R.at + 1, of: L.steps.length }),
        L.steps.length > 1 ? h("button", { type: "button", class: "btn small ghost", testid: "author-remove-step", onclick: () => R.removeStep(R.at) }, t("author.remove_step")) : null),
      h("p", { class: "muted", testid: "author-step-where" }, step.continue ? t("author.step_continue") : t("author.step_pos")),
      textField(R, { id: "author-caption", label: t("author.caption"), value: step.caption, rows: 3,
        set: (lesson, st, v) => { st.caption = v; } }),
      step.reading ? textField(R, { id: "author-reading", label: t("author.reading"), value: step.reading.text, rows: 2, max: 400,
        set: (lesson, st, v) => { st.reading = { ...st.reading, text: v }; } }) : null),
    R.problem ? h("p", { class: "field-error", role: "alert", testid: "author-problem" }, R.problem) : null,
    answersPart(R), hintsPart(R), highlightPart(R), repliesPart(R),
    h("div", { class: "row-buttons author-out" },
      h("button", { type: "button", class: "btn primary", testid: "author-preview-open", onclick: () => openDialog("preview") }, t("author.preview")),
      h("button", { type: "button", class: "btn", testid: "author-export-open", onclick: () => openDialog("export") }, t("author.export"))),
    R.saveError ? null : h("p", { class: "muted", testid: "author-saved" }, t("author.saved")));
  let table = null;
  let bar = null;
  if (snap) {
    const parts = tableFor(snap.game)(s);
    table = parts.table;
    bar = s.readOnly ? null : parts.bar;
  }
  const status = h("p", { class: "author-status", role: "status", testid: "author-note" },
    R.stage === "replies" ? t("author.stage_replies", { name: snap && s.viewer !== null ? seatName(snap, s.viewer) : "" })
      : R.pick === "wrong" ? t("author.stage_wrong") : t("author.stage_answers", { name: snap ? seatName(snap, R.lesson.seat) : "" }),
    R.note ? [" ", h("strong", {}, R.note)] : null);
  const body = h("div", { class: "author", testid: "author", dataset: { step: R.at, stage: R.stage, pick: R.pick, picking: R.picking ? "1" : "0",
    replying: R.stage === "replies" && s && !s.readOnly ? "1" : "0", answers: (step.expect || []).length } },
    h("div", { class: "author-main" }, editor,
      h("div", { class: "author-table" }, status,
        table ? h("div", { class: ["game", R.picking ? "picking" : null], testid: "game", dataset: { game: snap.game, busy: s.busy ? "1" : "0", terminal: snap.terminal ? "1" : "0" } }, table)
          : h("div", { class: "loading", role: "status" }, t("author.opening")))));
  const dialog = R.dialog === "export" ? exportDialog(R, close) : R.dialog === "preview" ? previewDialog(R, close) : null;
  return { body, bar: bar && s ? actionBar(bar, s) : null, dialog };
}

/** Outline the step's chosen elements on the table (after every draw). */
export function markHighlights(R) {
  for (const el of document.querySelectorAll(".author .lesson-hl")) el.classList.remove("lesson-hl");
  if (!R || !R.lesson) return;
  for (const id of R.step.highlight || []) {
    for (const el of document.querySelectorAll(`.author [data-testid=game] [data-testid="${CSS.escape(id)}"]`)) el.classList.add("lesson-hl");
  }
}

/** While picking, a click on the table outlines (or clears) the element it hits instead of playing. */
export function pickClick(R, event) {
  if (!R || !R.picking) return false;
  const table = event.target.closest && event.target.closest(".author [data-testid=game]");
  if (!table) return false;
  let el = event.target.closest("[data-testid]");
  while (el && el !== table && !el.dataset.testid) el = el.parentElement.closest("[data-testid]");
  if (!el || el === table) return false;
  event.preventDefault();
  event.stopPropagation();
  R.toggleHighlight(el.dataset.testid);
  return true;
}

/** The recorder's words for a step's moves (for tests and the live region). */
export function stepMoves(R) {
  return (R.step.expect || []).map((a) => R.moveWords(a));
}

export { textNodes };
