// The embed once the engine is up: the game's own table (compact), drawn from a position code, in one of three
// modes: view (the position, and a line of moves to step through), play (play on, against bots or alone) and
// lesson (guided steps whose moves the engine's canonical action texts judge). It never reads or writes the
// reader's saves. Every visible string comes from the message catalog; every lesson or caption text is text.
import { h, render } from "../ui/dom.js";
import { call, engineReady } from "../ui/engine-api.js";
import { engine } from "../engine-client.js";
import { currentLanguage, loadMessages, t, tMaybe } from "../i18n.js";
import { chooseLanguage, learnPageIn } from "../language.js";
import { loadCatalog, gameTitle, catalogFor, cardName } from "../ui/catalog.js";
import { endScreen } from "../ui/end-screen.js";
import { actionBar } from "../ui/action-bar.js";
import { textString } from "../ui/text.js";
import { reachable, revealTargets } from "../ui/in-view.js";
import { notify } from "../ui/notices.js";
import { tableFor, installTablePage, loadTable } from "../ui/tables.js";
import { popoverLayer, cardRef } from "../ui/popover.js";
import { EmbedSession } from "./session.js";
import { GAMES, withGameNames } from "./params.js";
import { checkShape, canonicalise, stepCode, LessonError, hostSentLesson } from "./lesson.js";
import { feedbackFor } from "./lesson-file.js";

const E = {
  ctx: null, params: null, game: null, code: null, codeGame: null, session: null, players: 0,
  viewer: 0, line: null,          // view: {snaps: [], at}
  lesson: null,                   // {title, seat, open, steps, at, solved, feedback: {kind, text}, done}
};

// ------------------------------------------------------------------------------------------------ drawing

let drawing = false;
let again = false;
let first = true;

function draw() {
  if (E.failed) return; // the error stays on screen (data-embed="error")
  if (drawing) { again = true; return; }
  drawing = true;
  if (first) { E.ctx.app.replaceChildren(); first = false; } // the poster was plain DOM
  const before = document.activeElement;
  const hadFocus = Boolean(before && before !== document.body);
  try {
    const [area, actions] = tableArea();
    render(h("div", { class: "embed-shell", testid: "embed" }, bar(), lessonPanel(),
      h("div", { class: "embed-scroll", testid: "embed-scroll" }, seatTabs(), moveList(), area),
      actions, popoverLayer()), E.ctx.app);
  } finally {
    drawing = false;
  }
  keepFocus(hadFocus);
  highlight();
  reveal();
  E.ctx.reportHeight();
  if (again) { again = false; draw(); }
}

/** After a draw removed the focused control (a move was made), focus goes to the lesson's feedback or the new
 * decision, never to <body>. */
function keepFocus(hadFocus) {
  const active = document.activeElement;
  if (!hadFocus || (active && active !== document.body && active.isConnected)) return;
  if (document.querySelector("[data-testid=popover]")) return;
  const target = document.querySelector("[data-testid=lesson-feedback], #app [data-autofocus], #app h2");
  if (!target) return;
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}

let revealedKey = null; // the step and decision reveal() last brought into view

/** After a draw that shows a new step or decision, bring what it is about into the frame's scrolling area: the
 * lesson step's highlighted elements first, else the decision's targets (ui/in-view.js), when none is in view. */
function reveal() {
  const snap = E.session && E.session.snapshot;
  if (!snap || document.querySelector("[data-testid=popover]")) return;
  const d = snap.decision;
  const key = `${E.lesson ? E.lesson.at : "-"}|${E.line ? E.line.at : "-"}|${snap.viewer}|${d ? d.kind : ""}|${snap.log_length}`;
  if (key === revealedKey) return;
  revealedKey = key;
  const marked = [...document.querySelectorAll(".lesson-hl")];
  if (marked.length) {
    if (!marked.some(reachable)) marked[0].scrollIntoView({ block: "center", inline: "nearest" });
    return;
  }
  revealTargets(document.querySelector("[data-testid=embed-scroll]") || document);
}

/** Mark the elements the lesson step names (their data-testid) after every draw. */
function highlight() {
  for (const el of document.querySelectorAll(".lesson-hl")) el.classList.remove("lesson-hl");
  const step = E.lesson && !E.lesson.done ? E.lesson.steps[E.lesson.at] : null;
  for (const id of step ? step.highlight : []) {
    for (const el of document.querySelectorAll(`[data-testid="${CSS.escape(id)}"]`)) el.classList.add("lesson-hl");
  }
}

function seatTabs() {
  const open = E.lesson ? E.lesson.open : E.params.open;
  if (!open || !E.session || !E.session.snapshot) return null;
  return h("div", { class: "seat-tabs", role: "group", "aria-label": t("embed.seen_by") },
    h("span", { class: "muted" }, t("embed.seen_by")),
    Array.from({ length: E.players }, (_, seat) => h("button", {
      type: "button", key: seat, class: ["btn small", seat === E.viewer ? "primary" : null], testid: `viewer-${seat}`,
      "aria-pressed": seat === E.viewer ? "true" : "false", onclick: () => switchViewer(seat),
    }, E.session.name(seat))));
}

function bar() {
  const appLink = E.code ? `./index.html#play=${E.code}&seat=${E.lesson ? E.lesson.seat : E.params.seat}` : null;
  return h("header", { class: "embed-bar", testid: "embed-bar" },
    h("span", { class: "embed-game" }, gameTitle(E.game)),
    E.params.caption ? h("span", { class: "embed-caption", testid: "embed-caption" }, E.params.caption) : null,
    h("span", { class: "spacer" }),
    E.line ? lineControls() : null,
    E.params.mode === "play" ? h("button", { type: "button", class: "btn small", testid: "embed-restart", onclick: () => restartPlay() }, t("embed.restart")) : null,
    appLink ? h("a", { class: "btn small ghost", href: appLink, target: "_blank", rel: "noopener", testid: "open-in-app" }, t("embed.open_in_app")) : null);
}

function lineControls() {
  const { snaps, at, labels } = E.line;
  const n = snaps.length - 1;
  const comment = at > 0 ? labels[at - 1].comment : "";
  return h("div", { class: "line-controls", role: "group", "aria-label": t("embed.line.aria"), "aria-keyshortcuts": "ArrowLeft ArrowRight Home End" },
    h("button", { type: "button", class: "btn small", testid: "line-start", disabled: at <= 0, "aria-label": t("embed.line.start"), onclick: () => lineGo(0) }, "«"),
    h("button", { type: "button", class: "btn small", testid: "line-back", disabled: at <= 0, "aria-label": t("embed.line.back"), onclick: () => lineGo(at - 1) }, "◀"),
    h("span", { class: "line-at", testid: "line-at", role: "status" }, t("embed.line.at", { at, n }),
      at > 0 ? h("span", { class: "line-move" }, ` · ${labels[at - 1].label}`) : null,
      comment ? h("span", { class: "line-comment", testid: "line-comment" }, ` · ${comment}`) : null),
    h("button", { type: "button", class: "btn small", testid: "line-next", disabled: at >= n, "aria-label": t("embed.line.next"), onclick: () => lineGo(at + 1) }, "▶"),
    h("button", { type: "button", class: "btn small", testid: "line-end", disabled: at >= n, "aria-label": t("embed.line.end"), onclick: () => lineGo(n) }, "»"));
}

/** Arrow keys, Home and End step through a line (not while typing, nor with a popover open). */
function lineKeys(event) {
  if (!E.line || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target && event.target.closest && event.target.closest("input, textarea, select, [contenteditable]")) return;
  if (document.querySelector("[data-testid=popover]")) return;
  const n = E.line.snaps.length - 1;
  const to = { ArrowLeft: E.line.at - 1, ArrowRight: E.line.at + 1, Home: 0, End: n }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  lineGo(Math.max(0, Math.min(n, to)));
}

/** The table (in the frame's scrolling area) and its decision bar with Confirm (below it, always on screen). */
function tableArea() {
  const s = E.session;
  if (!s || !s.snapshot) return [h("div", { class: "loading", role: "status" }, t("embed.starting")), null];
  const snap = s.snapshot;
  const { table, bar: decisionBar } = tableFor(snap.game)(s);
  const end = snap.terminal && E.params.mode === "play" ? endScreen(s, { onHome: null, onPlayAgain: () => restartPlay() }) : null;
  const waiting = E.lesson && !E.lesson.done && !E.lesson.steps[E.lesson.at].expect.length;
  // Looking only (view mode, a read step, a solved step): the table's own controls would do nothing, so they go.
  const looking = Boolean(snap.terminal || s.readOnly || waiting);
  return [h("div", { class: ["game", "embed-game-area", s.busy ? "busy" : null, looking ? "looking" : null], testid: "game",
    dataset: { game: snap.game, busy: s.busy ? "1" : "0", terminal: snap.terminal ? "1" : "0" } },
  end, table), looking ? null : actionBar(decisionBar, s)];
}

/** In view mode with a line: the moves, each a button with its comment, the current one marked. */
function moveList() {
  if (!E.line || E.line.snaps.length < 2) return null;
  const { at, labels } = E.line;
  return h("details", { class: "move-list", testid: "move-list", open: E.line.listOpen, ontoggle: (e) => { E.line.listOpen = e.target.open; } },
    h("summary", {}, t("embed.line.moves", { n: labels.length })),
    h("ol", {}, labels.map((m, i) => h("li", { key: i },
      h("button", { type: "button", class: ["btn small ghost", at === i + 1 ? "current" : null], testid: `move-${i + 1}`,
        "aria-current": at === i + 1 ? "step" : null, onclick: () => lineGo(i + 1) }, m.label),
      m.comment ? h("span", { class: "move-comment muted" }, m.comment) : null))));
}

// ------------------------------------------------------------------------------------------------ captions

let names = null; // [regex, Map(name -> card id)] for the game

/** Split a lesson text so the game's card names become buttons that open the card's text. */
function captionNodes(text) {
  if (!names) {
    const map = new Map();
    for (const id of catalogFor(E.game).keys()) {
      const name = cardName(E.game, id);
      if (name && name.length >= 4 && !map.has(name)) map.set(name, id);
    }
    const alts = [...map.keys()].sort((a, b) => b.length - a.length).map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    names = [alts.length ? new RegExp(`(?<![\\w])(${alts.join("|")})(?![\\w])`, "g") : null, map];
  }
  const [re, map] = names;
  if (!re) return [text];
  const out = [];
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push(cardRef(E.game, map.get(m[0]), m[0], { where: "lesson", cls: "lesson-card" }));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

// ------------------------------------------------------------------------------------------------ lesson

function lessonPanel() {
  const L = E.lesson;
  if (!L) return null;
  if (L.done) {
    return h("section", { class: "lesson done", testid: "lesson", "aria-labelledby": "lesson-title" },
      h("h2", { id: "lesson-title" }, L.title),
      h("p", { class: "lesson-feedback right", testid: "lesson-complete", role: "status", tabindex: "-1" }, t("embed.lesson.complete")),
      h("div", { class: "row-buttons" },
        h("button", { type: "button", class: "btn primary", testid: "lesson-restart", onclick: () => showStep(0) }, t("embed.lesson.restart"))));
  }
  const step = L.steps[L.at];
  const last = L.at === L.steps.length - 1;
  const fb = L.feedback;
  return h("section", { class: "lesson", testid: "lesson", "aria-labelledby": "lesson-title", dataset: { step: L.at, solved: L.solved ? "1" : "0" } },
    h("div", { class: "lesson-head" },
      h("h2", { id: "lesson-title" }, L.title),
      h("span", { class: "lesson-progress muted", testid: "lesson-progress" }, t("embed.lesson.progress", { at: L.at + 1, n: L.steps.length }))),
    h("p", { class: "lesson-caption", testid: "lesson-caption" }, captionNodes(step.caption)),
    step.reading ? h("p", { class: "lesson-reading", testid: "lesson-reading", role: "note" },
      h("strong", {}, t("embed.lesson.reading")), " ", step.reading.text, " ",
      h("a", { href: new URL(learnPageIn(step.reading.href, currentLanguage()), document.baseURI).href, target: "_blank", rel: "noopener" },
        t("embed.lesson.reading_link"))) : null,
    step.expect.length || fb ? h("p", { class: ["lesson-feedback", fb ? fb.kind : null], testid: "lesson-feedback", role: "status", "aria-live": "polite" },
      fb ? captionNodes(fb.text) : t("embed.lesson.your_move")) : null,
    L.hintsShown ? h("ol", { class: "lesson-hints", testid: "lesson-hints", "aria-label": t("embed.lesson.hints") },
      step.hints.slice(0, L.hintsShown).map((text, i) => h("li", { key: i, testid: `lesson-hint-${i}` }, captionNodes(text)))) : null,
    h("div", { class: "row-buttons" },
      step.hints.length && !L.solved && L.hintsShown < step.hints.length ? h("button", { type: "button", class: "btn ghost", testid: "lesson-hint",
        onclick: () => { L.hintsShown += 1; draw(); } },
      t("embed.lesson.hint", { n: L.hintsShown + 1, of: step.hints.length })) : null,
      step.expect.length && !L.solved ? h("button", { type: "button", class: "btn", testid: "lesson-show", onclick: () => showMe() }, t("embed.lesson.show_me")) : null,
      step.expect.length && (L.solved || fb) ? h("button", { type: "button", class: "btn ghost", testid: "lesson-retry", onclick: () => showStep(L.at) }, t("embed.lesson.retry")) : null,
      h("button", { type: "button", class: ["btn", L.solved || !step.expect.length ? "primary" : null], testid: "lesson-next", onclick: () => (last ? finish() : showStep(L.at + 1)) },
        last ? t("embed.lesson.finish") : t("embed.lesson.next"))));
}

/** The lesson's judge: right moves are played, wrong ones are refused with the step's feedback. */
async function judge(actions) {
  const L = E.lesson;
  const step = L.steps[L.at];
  if (L.solved || !step.expect.length) return false;
  const tried = actions[0];
  if (E.session.viewer !== L.seat) { // open lessons let the reader look from other seats; the moves are theirs
    L.feedback = { kind: "wrong", text: t("embed.lesson.your_seat", { name: E.session.name(L.seat) }) };
    draw();
    focusFeedback();
    return false;
  }
  if (step.expect.includes(tried)) {
    L.solved = true;
    step.played = tried; // a following "continue" step plays on from this move
    const right = feedbackFor(step.right, tried);
    const text = L.showing === undefined ? right || t("embed.lesson.right")
      : `${t("embed.lesson.shown", { move: L.showing })} ${right}`.trim();
    L.feedback = { kind: "right", text };
    E.session.readOnly = true; // this move is played; the next one belongs to the next step
    return true;
  }
  const act = ((E.session.snapshot.decision || {}).actions || []).find((a) => a.a === tried);
  L.feedback = { kind: "wrong", text: feedbackFor(step.wrong, tried) || t("embed.lesson.wrong") };
  L.tried = act ? act.a : tried;
  E.session.ui = {};
  E.session.focusHint = null;
  draw();
  focusFeedback();
  return false;
}

function focusFeedback() {
  const el = document.querySelector("[data-testid=lesson-feedback]");
  if (el) { el.setAttribute("tabindex", "-1"); el.focus({ preventScroll: false }); }
}

async function showMe() {
  const L = E.lesson;
  const step = L.steps[L.at];
  const snap = E.session.snapshot;
  const act = ((snap.decision || {}).actions || []).find((a) => a.a === step.expect[0]);
  // The judge words the feedback as a shown move, so the page never draws the plain "right" text in between.
  L.showing = act ? (act.msg ? textString(snap, act.msg) : act.label) : "";
  try {
    await E.session.submit(step.expect[0]);
  } finally {
    delete L.showing;
  }
  draw();
  focusFeedback();
}

async function showStep(n) {
  const L = E.lesson;
  L.at = n;
  L.done = false;
  L.solved = false;
  L.feedback = null;
  L.hintsShown = 0;
  try {
    const code = await stepCode(L, n);
    await openSession(code, { viewer: E.viewer, bots: false, judge });
    E.session.readOnly = !L.steps[n].expect.length;
  } catch (err) {
    fail(err);
    return;
  }
  draw();
  const cap = document.querySelector("[data-testid=lesson-caption]");
  if (cap && n > 0) { cap.setAttribute("tabindex", "-1"); cap.focus({ preventScroll: true }); }
}

function finish() {
  E.lesson.done = true;
  if (E.session) E.session.readOnly = true;
  draw();
  const el = document.querySelector("[data-testid=lesson-complete]");
  if (el) el.focus();
}

async function startLesson() {
  let lesson;
  try {
    // A lesson named by lesson= or lesson-url= was fetched and checked by the poster, before the engine started.
    lesson = E.ctx.lesson ? await E.ctx.lesson : checkShape(await hostSentLesson(E.ctx.hostLesson, () => {
      const status = document.querySelector("[data-testid=poster-status]");
      if (status) status.textContent = t("embed.lesson.waiting");
    }), GAMES);
    if (E.params.game && E.params.game !== lesson.game) {
      throw new LessonError("embed.lesson.error.game_param", { game: lesson.game, named: E.params.game });
    }
    E.game = lesson.game;
    await Promise.all([loadCatalog(E.game), loadTable(E.game)]);
    lesson = await canonicalise(lesson);
  } catch (err) {
    fail(err);
    return false;
  }
  E.lesson = { ...lesson, at: 0, solved: false, feedback: null, done: false };
  E.viewer = lesson.seat;
  await showStep(0);
  return true;
}

// ------------------------------------------------------------------------------------------------ sessions

function seatsFor(players, reader, kind) {
  return Array.from({ length: players }, (_, seat) => (seat === reader
    ? { name: t("embed.seat.you"), kind: "human" }
    : { name: kind === "human" ? t("embed.seat.player", { n: seat + 1 }) : t("embed.seat.bot", { n: seat + 1 }), kind }));
}

async function openSession(code, { viewer, bots, judge: judgeFn = null, kind = "human" }) {
  const old = E.session;
  E.session = null;
  if (old) await old.close();
  const summary = await call({ op: "new_from_code", code, summary: true });
  E.players = summary.players;
  E.codeGame = summary.game;
  // Named as the author wrote it (seat= counts from 0, docs/EMBED.md), not shifted by one.
  if (viewer >= E.players) throw new LessonError("embed.error.seat_range", { seat: viewer, n: E.players, last: E.players - 1 });
  E.code = code;
  const session = new EmbedSession({
    gameName: gameTitle(summary.game), bots, judge: judgeFn,
    onChange: (s) => {
      if (E.session !== s) return;
      if (s.handoff) { s.continueHandoff(); return; } // an embed played alone switches seats without a hand-off
      if (s.viewer !== null) E.viewer = s.viewer;
      draw();
    },
    onError: (err) => notify(errorText(err), { kind: "error", testid: "embed-notice" }),
  });
  E.session = session;
  const reader = E.lesson ? E.lesson.seat : E.params.seat;
  await session.startFromCode(code, seatsFor(E.players, reader, kind), viewer);
  return session;
}

async function switchViewer(seat) {
  E.viewer = seat;
  if (E.line) { await computeLine(); draw(); return; }
  const s = E.session;
  s.viewer = seat;
  s.ui = {};
  await s.refresh();
}

async function restartPlay() {
  const kind = E.params.bots === "none" ? "human" : E.params.bots;
  await openSession(E.params.pos, { viewer: E.params.seat, bots: true, kind });
  E.viewer = E.params.seat;
  draw();
}

/** View mode with a line of moves: the snapshot after each move, for the Back and Next buttons. */
async function computeLine() {
  const s = await openSession(E.params.pos, { viewer: E.viewer, bots: false });
  s.readOnly = true;
  const snaps = [s.snapshot];
  const labels = [];
  for (const [i, { action, comment }] of E.params.line.entries()) {
    const before = snaps[snaps.length - 1];
    try {
      snaps.push(await call({ op: "play", match: s.matchId, action, viewer: E.viewer }));
    } catch (err) {
      throw new LessonError("embed.error.line", { n: i + 1, action: action.slice(0, 80) });
    }
    // The move in words: its label where the viewer made it, else its first log line the viewer may see, else
    // "Move n" (another seat's hidden choice).
    const own = ((before.decision || {}).actions || []).find((a) => a.a === action);
    const played = (snaps[snaps.length - 1].log || []).filter((e) => !(before.log || []).some((b) => b.seq === e.seq));
    const label = own ? (own.msg ? textString(before, own.msg) : own.label)
      : played.length ? textString(snaps[snaps.length - 1], played[0]) : t("embed.line.move_n", { n: i + 1 });
    labels.push({ label, comment });
  }
  const start = E.line ? E.line.at : Math.min(E.params.ply ?? 0, snaps.length - 1);
  E.line = { snaps, labels, at: Math.min(start, snaps.length - 1), listOpen: E.line ? E.line.listOpen : false };
  s.accept(snaps[E.line.at]);
}

function lineGo(at) {
  E.line.at = at;
  E.session.accept(E.line.snaps[at]);
  draw();
}

// ------------------------------------------------------------------------------------------------ errors

function errorText(err) {
  if (err instanceof LessonError) return t(err.id, withGameNames(err.args, gameTitle));
  const code = err && err.code;
  return (code && tMaybe(`embed.error.${code}`)) || t("embed.error.engine", { message: err && err.message ? err.message : String(err) });
}

function fail(err) {
  console.error(err);
  E.failed = true;
  E.ctx.showError(errorText(err));
}

// ------------------------------------------------------------------------------------------------ start

/** Run the example (called by runtime.js once PyScript is loading). */
export async function run(ctx) {
  E.ctx = ctx;
  E.params = ctx.params;
  E.game = ctx.params.game;
  E.viewer = ctx.params.seat;
  await loadMessages(chooseLanguage()).catch(() => loadMessages("en"));
  await engineReady();
  document.documentElement.dataset.engine = "ready";
  const worker = engine.worker; // one shared engine for the page's examples, or this frame's own (storage refused)
  if (worker) Object.assign(document.documentElement.dataset, { engineWorker: worker.kind, engineId: worker.workerId || "" });
  installTablePage(draw);
  document.addEventListener("keydown", lineKeys);
  if (E.params.mode === "lesson") {
    if (!(await startLesson())) return;
  } else {
    try {
      await Promise.all([loadCatalog(E.game), loadTable(E.game)]);
      if (E.params.mode === "play") {
        const kind = E.params.bots === "none" ? "human" : E.params.bots;
        await openSession(E.params.pos, { viewer: E.params.seat, bots: true, kind });
      } else if (E.params.line.length) {
        await computeLine();
      } else {
        const s = await openSession(E.params.pos, { viewer: E.params.seat, bots: false });
        s.readOnly = true;
      }
      if (E.codeGame !== E.game) throw new LessonError("embed.error.pos_game", { game: gameTitle(E.codeGame) });
    } catch (err) {
      fail(err);
      return;
    }
    draw();
  }
  document.title = t("embed.page_title", { game: gameTitle(E.game) });
  ctx.setState("ready");
  // The reader's click on "Try it" removed the focused button: focus goes to the example, never to <body>.
  const target = document.querySelector("[data-testid=lesson-caption], #app [data-autofocus], #app h2");
  const lost = !document.activeElement || document.activeElement === document.body;
  if (target && lost && document.hasFocus()) {
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }
}
