// The page: a thin layer that draws what the engine says. Home screen, game screens, saves, hot-seat, cross-tab
// safety. Everything is drawn with keyed rendering (ui/dom.js) from the app state below; every string comes from
// the message catalog (i18n.js).
import { h, render } from "./ui/dom.js";
import { call } from "./ui/engine-api.js";
import { engine } from "./engine-client.js";
import { currentLanguage, loadMessages, requestedLanguage, switchLanguage, t } from "./i18n.js";
import { rememberLanguage, setPageLanguage } from "./language.js";
import { languagePicker } from "./ui/language-picker.js";
import { loadCatalog, loadGamesInfo, gameTitle } from "./ui/catalog.js";
import { trackEngine, engineState, engineStatusLine, untilEngine, engineWaitLayer } from "./ui/engine-status.js";
import { MatchSession, LoadCancelled, loadSave } from "./ui/match-session.js";
import { Replay, replayParts, followCurrentMove } from "./ui/replay.js";
import { Recorder, recorderParts, markHighlights, pickClick, newLesson } from "./ui/recorder.js";
import { listDrafts, readDraft, removeDraft } from "./ui/lesson-drafts.js";
import { PositionSetup, setupBody } from "./ui/setup-screen.js";
import { checkShape, LessonError } from "./embed/lesson-file.js";
import { GAMES } from "./embed/params.js";
import { homeScreen, initialForm } from "./ui/home.js";
import { tableFor, installTablePage, loadTable } from "./ui/tables.js";
import { endScreen } from "./ui/end-screen.js";
import { actionBar } from "./ui/action-bar.js";
import { shareControls, sharedPosition } from "./ui/share.js";
import { seatName, textString } from "./ui/text.js";
import { notify, loadErrorText, clearNotices } from "./ui/notices.js";
import { popoverLayer, openHelp, closePopover } from "./ui/popover.js";
import * as store from "./store.js";
import { onUpdateReady } from "./sw-update.js";
import { revealNewDecision } from "./ui/in-view.js";

// `?generic` in the address forces the generic panel for every game.
const GENERIC = new URLSearchParams(location.search).has("generic");
const DEFAULT_GAME = "jump_drive";
// A load that takes longer than a second shows its progress; "?progress=MS" changes the delay (tests use 0).
const PROGRESS_PARAM = Number.parseInt(new URLSearchParams(location.search).get("progress") ?? "", 10);
const PROGRESS_AFTER_MS = Number.isFinite(PROGRESS_PARAM) && PROGRESS_PARAM >= 0 ? PROGRESS_PARAM : 1000;

const HOME_PAINT_LATEST_MS = 3000; // see whenHomeOnScreen: the engine starts by then whatever the paint

const app = {
  root: null,
  info: null,
  form: null,
  homeUi: { pendingDelete: null },
  session: null,
  replay: null,         // a Replay while the replay screen is open (ui/replay.js)
  recorder: null,       // a Recorder while the lesson recorder is open (ui/recorder.js)
  setup: null,          // a PositionSetup while the setup screen is open (ui/setup-screen.js)
  lastRequest: null,
  saveDialog: null,     // {name} while the "save to slot" form is open
  share: { open: false }, // the Share position dialog
  loading: null,        // {label, at, total, since, cancelled} while a save replays
  waiting: null,        // {label, cancelled, cancel} while an action waits for the engine to finish booting
};

function gameInfo(id) {
  return ((app.info && app.info.games) || []).find((g) => g.id === id) || null;
}

function showError(err) {
  if (err instanceof store.StorageFullError) {
    notify(err.message, { kind: "error", testid: "storage-error" });
    return;
  }
  console.error(err);
  notify(err && err.message ? err.message : String(err), { kind: "error" });
}

// ------------------------------------------------------------------------------------------------ drawing

let drawing = false;
let drawAgain = false;
let hadFocus = false;

/** Draw the whole app (keyed diff), then put focus where a keyboard player expects it. */
function draw() {
  if (!app.root) return;
  if (drawing) { drawAgain = true; return; }
  drawing = true;
  const before = document.activeElement;
  hadFocus = Boolean(before && before !== document.body);
  try {
    render(h("div", { class: "app-shell" }, screen(), loadingLayer(), engineWaitLayer(app.waiting), popoverLayer()), app.root);
  } finally {
    drawing = false;
  }
  fixFocus();
  for (const el of document.querySelectorAll("[data-follow]")) if (el.dataset.pinned !== "0") el.scrollTop = el.scrollHeight;
  revealDecision();
  markRecent();
  if (app.replay) followCurrentMove();
  if (app.recorder) markHighlights(app.recorder);
  if (drawAgain) { drawAgain = false; draw(); }
}

function screen() {
  if (!app.info) return h("div", { class: "loading", testid: "engine-loading" }, t("boot.starting"));
  if (app.session) return gameScreen(app.session);
  if (app.replay) return replayScreen(app.replay);
  if (app.recorder) return recorderScreen(app.recorder);
  if (app.setup) return setupScreen(app.setup);
  if (app.loading) return h("div", { class: "loading", testid: "loading-save", role: "status" }, app.loading.label);
  document.title = t("app.title");
  app.root.dataset.screen = "home";
  return homeScreen(app.info, app.form, engineStatusLine(), {
    active: store.activeMatches(), finished: store.finishedMatches(), slots: store.slots(), damaged: store.damaged(),
    drafts: listDrafts(),
  }, {
    rerender: draw,
    onStart: (request) => startMatch(request),
    onContinue: continueMatch,
    onReview: reviewMatch,
    onOpenDraft: openDraft,
    onSetup: () => openSetup(app.form.game, app.form.players),
    onDeleteDraft: (id) => { removeDraft(id); notify(t("home.deleted")); draw(); },
    onImportLesson: importLesson,
    onReplay: (meta) => {
      const rec = store.readSave(meta);
      if (!rec) { notify(t("home.entry_damaged"), { kind: "error", testid: "load-error" }); draw(); return; }
      openReplay(rec.save);
    },
    onLoadSlot: loadSlot,
    onExportSlot: exportSlot,
    onDelete: deleteEntry,
    onImport: importFile,
    languageControl: languagePicker({ id: "lang-home", current: currentLanguage(), onPick: pickLanguage }),
  }, app.homeUi);
}

/** Bring a new decision's targets into view once it is settled on screen (ui/in-view.js). */
function revealDecision() {
  const s = app.session;
  const snap = s && s.snapshot;
  if (!s || s.busy || s.handoff || !snap || snap.terminal || document.querySelector("[data-testid=popover]")) return;
  const d = snap.decision;  // (the same key as ui/table-state.js's decisionKey, which the table chunks import)
  const key = d ? `${snap.viewer}|${d.kind}|${snap.log_length}|${(d.actions || []).length}` : null;
  revealNewDecision(key, document.getElementById("app") || document);
}

/** Where focus goes after a render: it never stays on <body>; after an action it goes to the new decision. */
function fixFocus() {
  // A modal layer (waiting for the engine, a slow load) holds focus while it is up.
  const layer = document.querySelector("[data-testid=engine-wait], [data-testid=load-progress]");
  if (layer) {
    if (!layer.contains(document.activeElement)) layer.querySelector("[data-autofocus]")?.focus();
    return;
  }
  const active = document.activeElement;
  const lost = hadFocus && (!active || active === document.body || !active.isConnected);
  const s = app.session;
  const wantDecision = s && s.focusHint === "decision" && !s.busy && !s.handoff;
  if (!lost && !wantDecision) return;
  if (document.querySelector("[data-testid=popover]")) return;
  const target = document.querySelector("#app [data-autofocus]") || document.querySelector("#app h1, #app h2");
  if (wantDecision) s.focusHint = null;
  if (target) {
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: !lost });
  }
}

function loadingLayer() {
  const l = app.loading;
  if (!l || Date.now() - l.since < PROGRESS_AFTER_MS) return null;
  const pct = l.total ? Math.round((100 * l.at) / l.total) : 0;
  return h("div", { class: "loading-layer", testid: "load-progress", role: "dialog", "aria-modal": "true", "aria-labelledby": "load-title" },
    h("div", { class: "loading-card" },
      h("h2", { id: "load-title" }, l.label),
      h("progress", { max: String(l.total || 1), value: String(l.at || 0), "aria-label": t("load.progress_aria", { pct }) }),
      h("p", { class: "muted" }, t("load.progress", { at: l.at || 0, total: l.total || 0 })),
      h("button", { type: "button", class: "btn", testid: "load-cancel", "data-autofocus": "1", onclick: () => { l.cancelled = true; } }, t("load.cancel"))));
}

// ------------------------------------------------------------------------------------------------ home actions

async function goHome() {
  closePopover({ restoreFocus: false });
  await closeReplay();
  await closeRecorder();
  closeSetup();
  if (app.session) {
    const s = app.session;
    app.session = null;
    await s.close();
  }
  app.saveDialog = null;
  draw();
  const h1 = document.querySelector("#app h1");
  if (h1) { h1.setAttribute("tabindex", "-1"); h1.focus(); }
}

function newSession(game) {
  const info = gameInfo(game);
  return new MatchSession({
    gameName: info ? gameTitle(info.id) : "",
    onChange: (s) => { if (app.session === s) draw(); },
    onError: showError,
    onStale: () => {},
  });
}

/**
 * Resolve true once the engine is ready. Until then a layer names what waits (`label`) and shows the engine's boot
 * stage, with Cancel; false when cancelled or when the engine failed (the home screen says why).
 */
async function engineFor(label) {
  if (engineState().stage === "ready") return true;
  if (app.waiting) app.waiting.cancel?.();
  const wait = { label, cancelled: false, cancel: null };
  app.waiting = wait;
  const ok = await untilEngine(wait, draw);
  if (app.waiting === wait) app.waiting = null;
  draw();
  if (!ok && engineState().stage === "error") notify(t("engine.failed", { message: engineState().error || "" }), { kind: "error", testid: "engine-error" });
  return ok;
}

/** Load a game's card data, texts and table before it opens; false, with a notice, when one cannot load. */
async function gameReady(game) {
  try {
    if (typeof game !== "string") throw new Error("no game named");
    await Promise.all([gameInfo(game) ? loadCatalog(game) : null, loadTable(game)]);
    return true;
  } catch (err) {
    console.error("a game could not open:", err);
    notify(t("game.texts_failed", { game: gameTitle(game) }), { kind: "error", testid: "load-error" });
    return false;
  }
}

async function startMatch(request) {
  if (!(await engineFor(t("engine.wait_start", { game: gameTitle(request.game) })))) return;
  if (!(await gameReady(request.game))) return;
  await closeCurrent();
  clearNotices();
  app.lastRequest = request;
  const session = newSession(request.game);
  app.session = session;
  draw();
  try {
    await session.start(request);
  } catch (err) {
    showError(err);
    if (app.session === session) await goHome();
  }
}

async function closeCurrent() {
  await closeReplay();
  await closeRecorder();
  closeSetup();
  if (app.session) {
    const s = app.session;
    app.session = null;
    await s.close();
  }
}

/** Open a save in a new session with a progress overlay; opts go to MatchSession.load. */
async function openSave(save, opts, label) {
  if (!(await engineFor(label || t("load.title")))) return null;
  // The loading screen replaces the current one at once (before any await), so no stale screen takes clicks.
  const loading = { label: label || t("load.title"), at: 0, total: 0, since: Date.now(), cancelled: false };
  app.loading = loading;
  app.saveDialog = null;
  const timer = setTimeout(draw, PROGRESS_AFTER_MS + 20);
  const previous = app.session;
  app.session = null;
  draw();
  if (previous) await previous.close();
  const game = save && typeof save === "object" ? save.game : null;
  if (!(await gameReady(game))) {
    clearTimeout(timer);
    app.loading = null;
    draw();
    return null;
  }
  const session = newSession(game);
  try {
    await session.load(save, {
      ...opts,
      progress: (at, total) => { loading.at = at; loading.total = total; draw(); },
      cancelled: () => loading.cancelled,
    });
  } catch (err) {
    clearTimeout(timer);
    app.loading = null;
    await session.close();
    draw();
    if (err instanceof LoadCancelled) notify(t("load.cancelled"));
    else notify(loadErrorText(err), { kind: "error", testid: "load-error" });
    return null;
  }
  clearTimeout(timer);
  app.loading = null;
  app.session = session;
  const snap = session.snapshot;
  app.lastRequest = {
    game: snap.game, players: snap.players, seed: null, options: snap.options || {},
    seats: (snap.seats || []).map((s) => ({ name: s.name, kind: s.kind })),
  };
  session.focusHint = "decision";
  draw();
  return session;
}

async function continueMatch(meta) {
  const rec = store.readSave(meta);
  if (!rec) { notify(t("home.entry_damaged"), { kind: "error", testid: "load-error" }); draw(); return; }
  await openSave(rec.save, { storeId: meta.id, rev: meta.rev }, t("load.continue_title", { game: gameTitle(meta.game) }));
}

async function reviewMatch(meta) {
  const rec = store.readSave(meta);
  if (!rec) { notify(t("home.entry_damaged"), { kind: "error", testid: "load-error" }); draw(); return; }
  await openSave(rec.save, { storeId: meta.id, rev: meta.rev, review: true }, t("load.review_title"));
}

async function loadSlot(meta) {
  const rec = store.readSave(meta);
  if (!rec) { notify(t("home.entry_damaged"), { kind: "error", testid: "load-error" }); draw(); return; }
  const s = await openSave(rec.save, {}, t("load.slot_title", { name: meta.name }));
  if (s) notify(s.review ? t("home.slot_opened_finished", { name: meta.name }) : t("home.slot_loaded", { name: meta.name }));
}

function exportSlot(meta) {
  const rec = store.readSave(meta);
  if (!rec) { notify(t("home.entry_damaged"), { kind: "error" }); return; }
  notify(t("home.exported", { file: store.exportFile(rec.save, meta.name) }));
}

function deleteEntry(id) {
  try {
    store.removeById(id);
    notify(t("home.deleted"));
  } catch (err) { showError(err); }
  draw();
}

async function importFile(file) {
  let save;
  try {
    save = store.parseImport(await store.readFileText(file));
  } catch (err) {
    notify(err instanceof store.ImportError ? err.message : t("import.unreadable", { detail: err.message }), { kind: "error", testid: "import-error" });
    return;
  }
  // The engine judges the save; what is stored is the engine's own normalised save, never the raw file.
  if (!(await engineFor(t("import.checking")))) return;
  let answer;
  let normalised;
  const loading = { label: t("import.checking"), at: 0, total: 0, since: Date.now(), cancelled: false };
  app.loading = loading;
  const timer = setTimeout(draw, PROGRESS_AFTER_MS + 20);
  draw();
  try {
    const first = await call({ op: "load_start", save, viewer: null });
    do {
      if (loading.cancelled) {
        try { await call({ op: "load_cancel", loader: first.loader }); } catch { /* already gone */ }
        notify(t("load.cancelled"));
        return;
      }
      answer = await call({ op: "load_step", loader: first.loader, entries: 500, viewer: null });
      if (!answer.done) { loading.at = answer.at; loading.total = answer.total; draw(); }
    } while (!answer.done);
    normalised = (await call({ op: "save", match: answer.match })).save;
  } catch (err) {
    notify(loadErrorText(err), { kind: "error", testid: "import-error" });
    return;
  } finally {
    clearTimeout(timer);
    app.loading = null;
    draw();
    if (answer && answer.match) { try { await call({ op: "close", match: answer.match }); } catch { /* fine */ } }
  }
  const info = gameInfo(answer.game);
  const name = String(file.name || t("import.default_name")).replace(/\.json$/i, "").slice(0, 80);
  try {
    store.writeSlot(name, normalised, {
      game: answer.game, gameName: info ? gameTitle(info.id) : "",
      names: (answer.seats || []).map((s) => String(s.name)), kinds: (answer.seats || []).map((s) => s.kind),
      round: answer.view && answer.view.round !== undefined ? answer.view.round : null, terminal: Boolean(answer.terminal),
    });
    notify(t("import.ok", { name }), { testid: "import-ok" });
  } catch (err) {
    showError(err);
  }
  draw();
}

// ------------------------------------------------------------------------------------------------ game screen

function undoButton(session) {
  const snap = session.snapshot;
  // A bot's thinking does not block Undo: Undo stops it first (MatchSession.undo).
  const can = Boolean(snap && snap.can_undo) && (!session.busy || session.thinking !== null) && !session.handoff && !session.stale && !session.review;
  const why = () => {
    if (!snap) return "";
    if (snap.terminal) return t("undo.why.over");
    if (snap.undo_block) return t(`undo.why.${snap.undo_block}`);
    return t("undo.why.barrier");
  };
  return h("button", {
    type: "button", class: ["btn", can ? null : "is-disabled"], testid: "undo", dataset: { hotkey: can ? "u" : null },
    "aria-disabled": can ? null : "true", "aria-keyshortcuts": "U",
    "aria-describedby": can ? null : "undo-why",
    onclick: (ev) => { if (can) session.undo(); else openHelp(t("undo.title"), why(), ev.currentTarget); },
  }, t("game.undo"), can ? null : h("span", { id: "undo-why", class: "visually-hidden" }, why()));
}

function toolbar(session) {
  const snap = session.snapshot;
  const info = gameInfo(snap ? snap.game : null);
  const dlg = app.saveDialog;
  return h("header", { class: "game-bar", testid: "game-bar" },
    h("button", { type: "button", class: "btn ghost", testid: "nav-home", onclick: goHome }, t("game.home")),
    h("h1", { class: "game-title" }, info ? gameTitle(info.id) : ""),
    snap && snap.viewer !== null && snap.viewer !== undefined && session.humanSeats().length > 1
      ? h("span", { class: "viewer-tag", testid: "viewer" }, t("game.viewing_as", { name: seatName(snap, snap.viewer) })) : null,
    session.review ? h("span", { class: "viewer-tag", testid: "review-tag" }, t("game.review_tag")) : null,
    h("span", { class: "spacer" }),
    languagePicker({ id: "lang-game", current: currentLanguage(), onPick: pickLanguage, compact: true }),
    session.review ? null : undoButton(session),
    dlg ? h("form", {
      class: "save-form", testid: "save-form",
      onsubmit: async (ev) => {
        ev.preventDefault();
        const name = dlg.name.trim() || t("slot.default_name");
        try {
          store.writeSlot(name, await session.saveObject(), session.meta());
          app.saveDialog = null;
          notify(t("game.saved_as", { name }), { testid: "save-ok" });
        } catch (err) { showError(err); }
        draw();
      },
    },
    h("input", { type: "text", testid: "save-name", "aria-label": t("game.save_name_aria"), value: dlg.name, maxlength: "80", "data-autofocus": "1",
      oninput: (e) => { dlg.name = e.target.value; } }),
    h("button", { type: "submit", class: "btn primary", testid: "save-confirm" }, t("game.save")),
    h("button", { type: "button", class: "btn ghost", testid: "save-cancel", onclick: () => { app.saveDialog = null; draw(); } }, t("game.cancel")))
      : h("button", {
        type: "button", class: "btn", testid: "save-open", disabled: !snap,
        onclick: () => { app.saveDialog = { name: defaultSaveName(session) }; draw(); const i = document.querySelector("[data-testid=save-name]"); if (i) { i.focus(); i.select(); } },
      }, t("game.save_slot")),
    session.review ? null : shareControls(session, app.share, draw),
    h("button", { type: "button", class: "btn", testid: "make-lesson", disabled: !snap, onclick: () => lessonFromGame(session) }, t("author.make_lesson")),
    h("button", {
      type: "button", class: "btn", testid: "export-current", disabled: !snap,
      onclick: async () => {
        try { notify(t("home.exported", { file: store.exportFile(await session.saveObject(), defaultSaveName(session)) })); } catch (err) { showError(err); }
      },
    }, t("game.export")));
}

function defaultSaveName(session) {
  const m = session.meta();
  return t("game.default_save_name", { game: gameTitle(m.game), names: m.names.join(t("home.vs")), round: m.round ?? "–" });
}

function staleBanner(session) {
  if (!session.stale) return null;
  return h("div", { class: "stale-banner", testid: "stale-banner", role: "alertdialog", "aria-labelledby": "stale-title", "aria-describedby": "stale-text" },
    h("h2", { id: "stale-title" }, t("stale.title")),
    h("p", { id: "stale-text" }, t("stale.text")),
    h("div", { class: "row-buttons" },
      h("button", { type: "button", class: "btn primary", testid: "stale-reload", "data-autofocus": "1", onclick: () => reloadStale(session) }, t("stale.reload")),
      h("button", { type: "button", class: "btn", testid: "stale-fork", onclick: () => session.fork() }, t("stale.fork")),
      h("button", { type: "button", class: "btn ghost", testid: "stale-home", onclick: goHome }, t("game.home"))));
}

async function reloadStale(session) {
  const meta = store.readMeta(session.storeId);
  if (!meta) { notify(t("stale.gone"), { kind: "error" }); await goHome(); return; }
  await continueMatch(meta);
}

/** What the polite live region says when a decision is new: what happened since this player's last decision (the
 * last few log lines, and how many there were), then that it is their turn and the prompt. Kept on the session. */
function announcement(session) {
  const snap = session.snapshot;
  const d = snap && snap.decision;
  if (!d || session.busy || session.handoff) return session.announce || "";
  const key = `${snap.viewer}|${d.kind}|${snap.log_length}|${(d.actions || []).length}`;
  if (session.announcedKey === key) return session.announce || "";
  session.announcedKey = key;
  session.announcedSeq = session.announcedSeq || {};
  const since = session.announcedSeq[snap.viewer] ?? -1;
  const fresh = (snap.log || []).filter((e) => e.seq > since);
  if (fresh.length) session.announcedSeq[snap.viewer] = fresh[fresh.length - 1].seq;
  session.recent = recentRefs(fresh, snap.viewer);
  const prompt = d.prompt_msg ? textString(snap, d.prompt_msg) : (d.prompt || t("game.your_choice"));
  const parts = [];
  if (fresh.length) {
    const lines = fresh.slice(-LIVE_LINES).map((e) => textString(snap, e)).join("; ");
    parts.push(t("game.announce.since", { n: fresh.length, lines }));
  }
  parts.push(t("game.announce.turn", { prompt }));
  session.announce = parts.join(" ");
  return session.announce;
}

/** The cards and places the other players' log lines name (each line whose first player is not the viewer). */
function recentRefs(lines, viewer) {
  const out = new Set();
  const walk = (ref) => {
    if (!ref || typeof ref !== "object") return;
    if ("card" in ref) out.add(String(ref.card));
    if (Array.isArray(ref.cards)) for (const c of ref.cards) out.add(String(c));
    if (typeof ref.term === "string" && /\.term\.loc\./.test(ref.term)) out.add(`loc:${ref.term.split(".").pop()}`);
    if (ref.msg && typeof ref.msg === "object") {
      const m = /\.term\.system_at\.(.+)$/.exec(String(ref.msg.id || ""));
      if (m) out.add(`loc:${m[1]}`);
      for (const inner of Object.values(ref.msg.args || {})) walk(inner);
    }
  };
  for (const e of lines) {
    const refs = Object.values(e.args || {});
    const who = refs.find((r) => r && typeof r === "object" && "player" in r);
    if (!who || Number(who.player) === viewer) continue;
    for (const r of refs) walk(r);
  }
  return out;
}

/** Mark on the table (not in the log, the hand or a popover) what the other players' moves since this player's last
 * decision touched: `data-recent` on each card (data-card or data-id) and place (data-loc) they named. The tables
 * draw these attributes; the mark is set outside the diff, so a redraw does not clear it, and a new decision does. */
function markRecent() {
  const s = app.session;
  const recent = (s && s.recent) || new Set();
  const table = document.querySelector("#app [data-testid=game]");
  if (!table) return;
  for (const el of table.querySelectorAll("[data-recent]")) {
    if (!recent.has(el.dataset.card) && !recent.has(el.dataset.id) && !recent.has(`loc:${el.dataset.loc}`)) delete el.dataset.recent;
  }
  if (!recent.size) return;
  for (const el of table.querySelectorAll("[data-card], [data-id], [data-loc]")) {
    if (el.closest(".log-panel, [data-testid=hand], [data-testid=popover], .action-bar, .card-ref, .card-info-btn, .end-screen")) continue;
    const hit = recent.has(el.dataset.card) || recent.has(el.dataset.id) || (el.dataset.loc && recent.has(`loc:${el.dataset.loc}`));
    if (hit && !el.dataset.recent) el.dataset.recent = "1";
  }
}

/** The most log lines the live region reads out at a new decision (the newest ones). */
const LIVE_LINES = 5;

function gameScreen(session) {
  app.root.dataset.screen = "game";
  const snap = session.snapshot;
  const live = h("div", { class: "visually-hidden", role: "status", "aria-live": "polite", "aria-atomic": "true", testid: "announce", key: "announce" },
    snap && !snap.terminal ? announcement(session) : "");
  const wrap = (...children) => h("div", { class: ["game", session.busy ? "busy" : null], testid: "game",
    dataset: { game: snap ? snap.game : "", busy: session.busy ? "1" : "0", terminal: snap && snap.terminal ? "1" : "0" } }, children, live);
  if (!snap) return wrap(h("div", { class: "loading", testid: "starting", role: "status" }, t("game.starting")));
  const info = gameInfo(snap.game);
  document.title = t("title.game", { game: info ? gameTitle(info.id) : "" });
  if (session.switching) return wrap(h("div", { class: "loading", testid: "switching", role: "status" }, t("game.switching")));
  if (session.handoff) {
    const name = seatName(snap, session.handoff.seat);
    return wrap(h("div", { class: "handoff", testid: "handoff", role: "dialog", "aria-modal": "true", "aria-labelledby": "handoff-title" },
      h("div", { class: "handoff-card" },
        h("h2", { class: "handoff-title", testid: "handoff-text", id: "handoff-title" }, t("handoff.pass_to", { name })),
        h("p", { class: "muted" }, t("handoff.hidden")),
        h("button", { type: "button", class: "btn primary big", testid: "handoff-continue", "data-autofocus": "1", onclick: () => session.continueHandoff() },
          t("handoff.i_am", { name })))));
  }
  const { table, bar } = tableFor(snap.game, GENERIC)(session);
  const end = snap.terminal ? endScreen(session, {
    onHome: goHome,
    onPlayAgain: () => startMatch({ ...(app.lastRequest || { game: snap.game, players: snap.players, options: snap.options || {}, seats: snap.seats }), seed: null }),
    onReplay: async () => { try { openReplay(await session.saveObject()); } catch (err) { showError(err); } },
    onReview: async () => { try { openReplay(await session.saveObject(), { review: true }); } catch (err) { showError(err); } },
    onCampaignNext: (used) => startMatch({
      game: snap.game, players: snap.players, seed: null, seats: snap.seats,
      options: { ...(snap.options || {}), campaign: true, campaign_used: used },
    }),
  }) : null;
  return wrap(toolbar(session), staleBanner(session), end, table, snap.terminal ? null : actionBar(bar, session));
}

// ------------------------------------------------------------------------------------------------ replay

async function closeReplay() {
  if (!app.replay) return;
  const rp = app.replay;
  app.replay = null;
  await rp.close();
}

/**
 * Open a save in the replay (ui/replay.js): the engine loads a copy (with progress for a long one), which is never
 * written. A finished game opens at its end with every seat's view open; a game in progress shows its one human
 * seat's view, or only the public view when several humans share the device (their hands stay hidden).
 */
async function openReplay(save, { review = false } = {}) {
  if (!(await engineFor(t("replay.loading")))) return;
  const game = save && typeof save === "object" ? save.game : null;
  const loading = { label: t("replay.loading"), at: 0, total: 0, since: Date.now(), cancelled: false };
  app.loading = loading;
  const timer = setTimeout(draw, PROGRESS_AFTER_MS + 20);
  closePopover({ restoreFocus: false });
  await closeCurrent();
  app.share = { open: false };
  draw();
  let answer = null;
  try {
    if (!(await gameReady(game))) return;
    answer = await loadSave(save, {
      progress: (at, total) => { loading.at = at; loading.total = total; draw(); },
      cancelled: () => loading.cancelled,
    });
  } catch (err) {
    if (err instanceof LoadCancelled) notify(t("load.cancelled"));
    else notify(loadErrorText(err), { kind: "error", testid: "load-error" });
    return;
  } finally {
    clearTimeout(timer);
    app.loading = null;
    draw();
  }
  const humans = (answer.seats || []).map((s, i) => (s.kind === "human" ? i : -1)).filter((i) => i >= 0);
  const viewer = answer.terminal ? (humans[0] ?? 0) : humans.length === 1 ? humans[0] : null;
  const rp = new Replay({ onChange: (r) => { if (app.replay === r) draw(); }, onError: showError });
  app.replay = rp;
  try {
    await rp.start(answer, { viewer });
  } catch (err) {
    showError(err);
    if (app.replay === rp) await goHome();
    return;
  }
  draw();
  if (review && rp.viewer !== null) {
    rp.startReview();
    document.querySelector("[data-testid=review-cancel]")?.focus();
  } else {
    document.querySelector("[data-testid=replay-slider]")?.focus();
  }
}

function replayScreen(rp) {
  app.root.dataset.screen = "replay";
  document.title = t("title.replay", { game: rp.game ? gameTitle(rp.game) : "" });
  const { body, bar, dialog } = replayParts(rp, {
    onPlayOn: (at, seats) => playOn(rp, at, seats),
    // A lesson holds only what its seat may know while the game is on: the others' hidden cards are dealt again
    // (the share op's honest resample), so recording it shows the author no real hand of a game still being played.
    onMakeLesson: rp.open || rp.viewer !== null ? async (r) => {
      try {
        const data = await call({ op: "share", match: r.matchId, seat: r.open ? null : r.viewer, from: r.at, to: r.at, viewer: r.viewer ?? 0 });
        const snap = r.session.snapshot;
        const seat = r.viewer ?? (snap.to_move || [])[0] ?? 0;
        await openRecorder(newLesson(r.game, data.code, seat));
      } catch (err) { showError(err); }
    } : null,
  });
  return h("div", { class: "game replay-screen", testid: "replay-screen" },
    h("header", { class: "game-bar", testid: "game-bar" },
      h("button", { type: "button", class: "btn ghost", testid: "nav-home", onclick: goHome }, t("game.home")),
      h("h1", { class: "game-title" }, rp.game ? gameTitle(rp.game) : ""),
      h("span", { class: "viewer-tag", testid: "replay-tag" }, t("replay.tag")),
      h("span", { class: "spacer" }),
      languagePicker({ id: "lang-game", current: currentLanguage(), onPick: pickLanguage, compact: true })),
    body, bar || null, dialog || null);
}

/** "Play on from here": a new match (its own autosave) from move `at`, with the seats the player chose. */
async function playOn(rp, at, seats) {
  const game = rp.game;
  const source = rp.matchId;
  rp.dialog = null;
  const session = newSession(game);
  app.lastRequest = null;
  // The replay's copy stays open until the new match has begun from it; then the replay closes.
  app.session = session;
  draw();
  try {
    await session.startFork(source, at, seats.map((s) => ({ name: s.name, kind: s.kind })));
    notify(t("replay.playon_started", { at }), { testid: "playon-started" });
  } catch (err) {
    showError(err);
    if (app.session === session) { app.session = null; await session.close(); }
  }
  if (app.replay === rp) { app.replay = null; await rp.close(); }
  draw();
}

// ------------------------------------------------------------------------------------------------ lesson recorder

async function closeRecorder() {
  if (!app.recorder) return;
  const r = app.recorder;
  app.recorder = null;
  await r.close();
}

/** Open the recorder on a lesson (new, imported or a draft); its draft is written at once. */
async function openRecorder(lesson, { draftId = null, at = 0 } = {}) {
  if (!(await engineFor(t("author.opening")))) return;
  if (!(await gameReady(lesson.game))) return;
  closePopover({ restoreFocus: false });
  await closeCurrent();
  const r = new Recorder({ onChange: (x) => { if (app.recorder === x) draw(); }, onError: showError });
  app.recorder = r;
  draw();
  await r.open(lesson, { draftId, at });
  draw();
  document.querySelector("[data-testid=author-title]")?.focus();
}

/** "Make a lesson" on a game screen: the game's position now, the seat on screen as the reader's. While the game
 * is on, every card that seat cannot see is dealt again (the share op), so the recorder shows no real hidden hand. */
async function lessonFromGame(session) {
  const snap = session.snapshot;
  try {
    const seat = snap.viewer ?? (snap.to_move || [])[0] ?? 0;
    const { code } = snap.terminal ? await call({ op: "code", match: session.matchId })
      : await call({ op: "share", match: session.matchId, seat, viewer: seat });
    await openRecorder(newLesson(snap.game, code, seat));
  } catch (err) { showError(err); }
}

function openDraft(id) {
  const d = readDraft(id);
  if (!d) { notify(t("home.draft_damaged"), { kind: "error", testid: "load-error" }); draw(); return; }
  openRecorder(d.lesson, { draftId: id, at: d.at });
}

/** Import a lesson file into the recorder: checked as embed.html checks it; the file itself is kept as it is. */
async function importLesson(file) {
  let lesson;
  try {
    const text = await store.readFileText(file);
    lesson = JSON.parse(text);
    checkShape(JSON.parse(text), GAMES, "en");
  } catch (err) {
    const why = err instanceof LessonError ? t(err.id, err.args) : err instanceof SyntaxError ? t("embed.lesson.error.not_json") : String(err.message || err);
    notify(t("author.import_failed", { message: why }), { kind: "error", testid: "import-error" });
    return;
  }
  await openRecorder(lesson);
}

function recorderScreen(r) {
  app.root.dataset.screen = "recorder";
  document.title = t("title.recorder");
  const { body, bar, dialog } = recorderParts(r);
  return h("div", { class: "game recorder-screen", testid: "recorder-screen" },
    h("header", { class: "game-bar", testid: "game-bar" },
      h("button", { type: "button", class: "btn ghost", testid: "nav-home", onclick: goHome }, t("game.home")),
      h("h1", { class: "game-title" }, r.lesson ? gameTitle(r.lesson.game) : ""),
      h("span", { class: "viewer-tag", testid: "recorder-tag" }, t("author.tag")),
      h("span", { class: "spacer" }),
      languagePicker({ id: "lang-game", current: currentLanguage(), onPick: pickLanguage, compact: true })),
    body, bar || null, dialog || null);
}

// ------------------------------------------------------------------------------------------------ position setup

function closeSetup() {
  if (app.setup) { app.setup.close(); app.setup = null; }
}

/** The setup screen, on a new deal of a game (the home form's game and players). */
async function openSetup(game, players) {
  if (!(await engineFor(t("setup.opening")))) return;
  if (!(await gameReady(game))) return;
  const S = app.setup && app.setup.game === game ? app.setup : new PositionSetup({ onChange: (x) => { if (app.setup === x) draw(); }, onError: showError });
  if (app.setup !== S) { await closeCurrent(); app.setup = S; }
  try {
    await S.start(game, Math.max(2, players));
  } catch (err) {
    showError(err);
    if (app.setup === S) { closeSetup(); draw(); }
    return;
  }
  draw();
  document.querySelector("[data-testid=setup] h2")?.focus();
}

function setupScreen(S) {
  app.root.dataset.screen = "setup";
  document.title = t("title.setup");
  const games = ((app.info && app.info.games) || []).map((g) => ({ id: g.id, name: gameTitle(g.id), min_players: g.min_players, max_players: g.max_players }));
  return h("div", { class: "game setup-screen", testid: "setup-screen" },
    h("header", { class: "game-bar", testid: "game-bar" },
      h("button", { type: "button", class: "btn ghost", testid: "nav-home", onclick: goHome }, t("game.home")),
      h("h1", { class: "game-title" }, t("setup.title")),
      h("span", { class: "spacer" }),
      languagePicker({ id: "lang-game", current: currentLanguage(), onPick: pickLanguage, compact: true })),
    S.fields.length ? setupBody(S, games, {
      onGame: (game, players) => openSetup(game, players),
      onPlay: (code) => playFromCode(code, 0),
      onLesson: (code) => openRecorder(newLesson(S.game, code, 0)),
    }) : h("div", { class: "loading", role: "status" }, t("setup.opening")));
}

// ------------------------------------------------------------------------------------------------ cross-tab

function watchOtherTabs() {
  store.onOtherTabChange(({ id, meta }) => {
    const s = app.session;
    if (s && !s.review && (id === null || id === s.storeId)) {
      if (!meta || meta.rev !== s.rev) s.markStale();
      return;
    }
    if (!s) draw();
  });
}

/** A new build waits (sw-update.js): say so, and reload into it only when the player asks. The game in progress
 *  is autosaved after every move, so the reload comes back to it (its autosave is written once more first). */
function offerUpdates() {
  let shown = false;
  onUpdateReady((apply) => {
    if (shown) return;
    shown = true;
    notify(t("app.update_ready"), {
      testid: "update-ready", sticky: true,
      action: { label: t("app.update_reload"), testid: "update-reload", run: async () => {
        try { if (app.session) await app.session.autosave(); } finally { apply(); }
      } },
    });
  });
}

// ------------------------------------------------------------------------------------------------ language

/**
 * Switch the page to a language the player picked: remembered for the next visit, written into the address when it
 * names one (so a reload keeps it), and drawn at once; an open game stays where it is (the engine holds it).
 */
async function pickLanguage(code) {
  rememberLanguage(code);
  const url = new URL(location.href);
  if (url.searchParams.has("lang")) {
    url.searchParams.set("lang", code);
    history.replaceState(history.state, "", url);
  }
  try {
    await switchLanguage(code);
    setPageLanguage(code);
  } catch (err) {
    showError(err);
  }
  draw();
}

// ------------------------------------------------------------------------------------------------ boot

async function boot() {
  app.root = document.getElementById("app");
  app.root.dataset.testid = "app";
  installTablePage(draw);
  app.root.replaceChildren();
  // The home screen draws from static data made at build time (the catalog and the games' infos), so it is usable
  // while the engine still boots; what needs the engine waits for it (engineFor).
  try {
    const [, info] = await Promise.all([loadMessages(requestedLanguage()).catch(() => loadMessages("en")), loadGamesInfo()]);
    setPageLanguage(currentLanguage());
    app.info = info;
  } catch (err) {
    document.documentElement.dataset.shell = "error";
    render(h("div", { class: "fatal", testid: "engine-error", role: "alert" },
      // The catalog may be what failed: this heading comes from the page, which build.py fills from the catalog.
      h("h1", {}, document.getElementById("boot")?.dataset.pageFailed ?? ""),
      h("p", {}, err && err.message ? err.message : String(err))), app.root);
    return;
  }
  const moved = store.migrate();
  store.sweepOrphans().catch((err) => console.warn("orphan sweep failed", err));
  if (moved.autosave || moved.slots) notify(t("storage.migrated", { games: moved.autosave, slots: moved.slots }), { testid: "migrated" });
  if (moved.failed) notify(t("storage.migrate_failed", { n: moved.failed }), { kind: "error", testid: "storage-error" });
  app.form = initialForm(app.info, DEFAULT_GAME);
  watchOtherTabs();
  offerUpdates();
  trackEngine(draw).then((ok) => { if (ok) document.documentElement.dataset.engine = "ready"; });
  draw();
  performance.mark("shell:ready");
  document.documentElement.dataset.shell = "ready";
  document.documentElement.dataset.ui = "ready";
  // The engine starts once this first drawing is on screen (where the page defers it: build.py's shell-first),
  // so the home screen's paint does not share the network and the two cores with the runtime's download.
  // The games' card data and texts (each opening of a game waits for its own) load once the engine is up, so they
  // take no time from its start on the two cores. A game's table code loads only when that game opens.
  whenHomeOnScreen(() => engine.start());
  engine.ready.then(() => {
    for (const g of app.info.games || []) loadCatalog(g.id).catch(() => {}); // an opening asks again, and says why
  }, () => {});
  document.addEventListener("click", (e) => { if (app.recorder) pickClick(app.recorder, e); }, true);
  document.addEventListener("keydown", (e) => { if (app.replay && !app.session && !document.querySelector("[data-testid=popover]")) app.replay.onKey(e); });
  window.addEventListener("hashchange", () => { const next = sharedPosition(); if (next) openShared(next); });
  const shared = sharedPosition();
  if (shared) await openShared(shared);
}

/**
 * Run `then` once the home screen's tagline (elementtiming="home") has been on screen: the browser's Element Timing
 * entry, which comes once the frame is presented. A browser without that API runs it a frame after the first drawn
 * frame (two animation frames); a tab in the background, which paints nothing, at once; and every page by
 * HOME_PAINT_LATEST_MS. A busy machine that is slow to paint therefore does not start the engine before the home
 * screen is on screen (a fixed 300 ms timer did, and Lighthouse then counted the runtime's start against the paint).
 */
function whenHomeOnScreen(then) {
  let done = false;
  const go = () => { if (!done) { done = true; then(); } };
  if (document.visibilityState === "hidden") { go(); return; }
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") go(); }, { once: true });
  setTimeout(go, HOME_PAINT_LATEST_MS);
  if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes("element")) {
    requestAnimationFrame(() => requestAnimationFrame(go));
    return;
  }
  const seen = new PerformanceObserver((list) => {
    if (list.getEntries().some((e) => e.identifier === "home")) { seen.disconnect(); go(); }
  });
  seen.observe({ type: "element", buffered: true });
}

/** Open a shared position ("#play=<code>&seat=N"): a new match from it, the seat human and the others bots. */
async function openShared({ code, seat }) {
  history.replaceState(null, "", location.pathname + location.search); // a reload goes home, not to a second copy
  if (!code) { notify(t("share.bad_link"), { kind: "error", testid: "load-error" }); return; }
  await playFromCode(code, seat, t("share.opened"));
}

/** A new match from a position code: `seat` human, the others Normal bots; `said` is noticed once it is open. */
async function playFromCode(code, seat, said = null) {
  if (!(await engineFor(t("share.opening")))) return;
  let summary;
  try {
    summary = await call({ op: "new_from_code", code, summary: true });
  } catch (err) {
    notify(t("share.bad_code", { message: loadErrorText(err) }), { kind: "error", testid: "load-error" });
    return;
  }
  const human = Math.min(seat, summary.players - 1);
  const seats = Array.from({ length: summary.players }, (_, i) => (i === human
    ? { name: t("seat.default_you"), kind: "human" } : { name: t("seat.default_bot", { n: i + 1 }), kind: "normal" }));
  if (!(await gameReady(summary.game))) return;
  await closeCurrent();
  const session = newSession(summary.game);
  app.session = session;
  app.lastRequest = null;
  draw();
  try {
    await session.startFromCode(code, seats, human);
    if (said) notify(said, { testid: "shared-opened" });
  } catch (err) {
    showError(err);
    if (app.session === session) await goHome();
  }
}

boot();
