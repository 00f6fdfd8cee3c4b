// The page: a thin layer that draws what the engine says. Home screen, game screens, saves and hot-seat.
import { h, replace } from "./ui/dom.js";
import { call, engineReady } from "./ui/engine-api.js";
import { loadCatalog } from "./ui/catalog.js";
import { MatchSession } from "./ui/match-session.js";
import { homeScreen, initialForm } from "./ui/home.js";
import { jumpDriveTable, endScreen } from "./ui/jump-drive-table.js";
import { genericTable } from "./ui/generic-panel.js";
import { seatName } from "./ui/log-view.js";
import { mountNotices, notify, loadErrorText, clearNotices } from "./ui/notices.js";
import { installKeyboard } from "./ui/keyboard.js";
import {
  readAutosave, readSlot, writeSlot, deleteSlot, exportFile, parseImport, readFileText, ImportError, StorageFullError,
} from "./storage.js";

// Games with their own table; the rest use the generic panel. `?generic` in the URL forces the generic panel.
const TABLES = new URLSearchParams(location.search).has("generic") ? {} : { jump_drive: jumpDriveTable };
// The home screen starts on the game with a full table of its own; the others play through the generic panel.
const DEFAULT_GAME = "jump_drive";

const app = {
  root: null,
  screen: null,   // mount point for the current screen
  info: null,
  form: null,
  session: null,
  lastRequest: null,
  saveDialog: null,     // {name} while the "save to slot" form is open
  pendingDelete: null,  // slot id awaiting a second click
};

function gameInfo(id) {
  return ((app.info && app.info.games) || []).find((g) => g.id === id) || null;
}

function showError(err) {
  if (err instanceof StorageFullError) {
    notify(err.message, { kind: "error", testid: "storage-error" });
    return;
  }
  console.error(err);
  notify(err && err.message ? err.message : String(err), { kind: "error" });
}

// ------------------------------------------------------------------------------------------------ home

function renderHome() {
  document.title = "Star Table";
  app.root.dataset.screen = "home";
  replace(app.screen, homeScreen(app.info, app.form, {
    rerender: renderHome,
    onStart: (request) => startMatch(request),
    onContinue: continueAutosave,
    onLoadSlot: loadSlot,
    onDeleteSlot: (id) => {
      if (app.pendingDelete !== id) {
        app.pendingDelete = id;
        const btn = app.screen.querySelector(`[data-testid="slot-delete-${CSS.escape(id)}"]`);
        if (btn) { btn.textContent = "Really delete?"; btn.classList.add("armed"); }
        return;
      }
      app.pendingDelete = null;
      try {
        deleteSlot(id);
        notify("Save deleted.");
      } catch (err) { showError(err); }
      renderHome();
    },
    onExportSlot: (id) => {
      const rec = readSlot(id);
      if (!rec) { notify("That save slot is empty or damaged.", { kind: "error" }); return; }
      const file = exportFile(rec.save, rec.meta && rec.meta.name);
      notify(`Exported as ${file}.`);
    },
    onImport: importFile,
  }));
}

async function goHome() {
  if (app.session) {
    const s = app.session;
    app.session = null;
    await s.close();
  }
  app.saveDialog = null;
  renderHome();
}

// ------------------------------------------------------------------------------------------------ matches

function newSession(game) {
  const info = gameInfo(game);
  const session = new MatchSession({
    gameName: info ? info.name : game,
    onChange: (s) => { if (app.session === s) renderGame(); },
    onError: showError,
  });
  return session;
}

async function startMatch(request) {
  await closeCurrent();
  clearNotices();
  app.lastRequest = request;
  await loadCatalog(request.game);
  const session = newSession(request.game);
  app.session = session;
  renderGame();
  try {
    await session.start(request);
  } catch (err) {
    showError(err);
    if (app.session === session) await goHome();
  }
}

async function closeCurrent() {
  if (app.session) {
    const s = app.session;
    app.session = null;
    await s.close();
  }
}

async function openSave(save) {
  await closeCurrent();
  const game = save && typeof save === "object" ? save.game : null;
  if (game) await loadCatalog(game);
  const session = newSession(game);
  app.session = session;
  app.saveDialog = null;
  try {
    await session.load(save);
  } catch (err) {
    app.session = null;
    await session.close();
    renderHome();
    notify(loadErrorText(err), { kind: "error", testid: "load-error" });
    return false;
  }
  const snap = session.snapshot;
  app.lastRequest = {
    game: snap.game, players: snap.players, seed: null, options: snap.options || {},
    seats: (snap.seats || []).map((s) => ({ name: s.name, kind: s.kind })),
  };
  if (!gameInfo(snap.game)) await loadCatalog(snap.game);
  renderGame();
  return true;
}

async function continueAutosave() {
  const rec = readAutosave();
  if (!rec) { notify("There is no game in progress."); renderHome(); return; }
  await openSave(rec.save);
}

async function loadSlot(id) {
  const rec = readSlot(id);
  if (!rec) { notify("That save slot is empty or damaged.", { kind: "error", testid: "load-error" }); return; }
  if (await openSave(rec.save)) notify(`Loaded “${rec.meta.name}”.`);
}

async function importFile(file) {
  let save;
  try {
    save = parseImport(await readFileText(file));
  } catch (err) {
    notify(err instanceof ImportError ? err.message : `The file could not be read: ${err.message}`, { kind: "error", testid: "import-error" });
    return;
  }
  // Let the engine judge the save; nothing is stored unless it loads.
  let answer;
  try {
    answer = await call({ op: "load", save, viewer: null });
  } catch (err) {
    notify(loadErrorText(err), { kind: "error", testid: "import-error" });
    return;
  }
  try { await call({ op: "close", match: answer.match }); } catch { /* fine */ }
  const info = gameInfo(answer.game);
  const name = String(file.name || "Imported game").replace(/\.json$/i, "");
  try {
    writeSlot(name, save, {
      game: answer.game, gameName: info ? info.name : answer.game,
      names: (answer.seats || []).map((s) => String(s.name)),
      round: answer.view && answer.view.round !== undefined ? answer.view.round : null,
    });
    notify(`Imported “${name}” into your saved games.`, { testid: "import-ok" });
  } catch (err) {
    showError(err);
  }
  renderHome();
}

// ------------------------------------------------------------------------------------------------ game screen

function toolbar(session) {
  const snap = session.snapshot;
  const info = gameInfo(snap ? snap.game : null);
  const dlg = app.saveDialog;
  return h("header", { class: "game-bar", testid: "game-bar" },
    h("button", { type: "button", class: "btn ghost", testid: "nav-home", onclick: goHome, title: "Back to the home screen (the game is autosaved)" }, "← Home"),
    h("h1", { class: "game-title" }, info ? info.name : (snap ? snap.game : "")),
    snap && snap.viewer !== null && snap.viewer !== undefined && session.humanSeats().length > 1
      ? h("span", { class: "viewer-tag", testid: "viewer" }, `Viewing as ${seatName(snap, snap.viewer)}`) : null,
    h("span", { class: "spacer" }),
    h("button", {
      type: "button", class: "btn", testid: "undo", dataset: { hotkey: "u" }, title: "Undo (U)",
      disabled: !snap || !snap.can_undo || session.busy || Boolean(session.handoff), onclick: () => session.undo(),
    }, "↶ Undo"),
    dlg ? h("form", {
      class: "save-form", testid: "save-form",
      onsubmit: async (ev) => {
        ev.preventDefault();
        const name = dlg.name.trim() || "Saved game";
        try {
          const save = await session.saveObject();
          writeSlot(name, save, session.meta());
          app.saveDialog = null;
          notify(`Saved as “${name}”.`, { testid: "save-ok" });
        } catch (err) { showError(err); }
        renderGame();
      },
    },
    h("input", { type: "text", testid: "save-name", "aria-label": "Name for this save", value: dlg.name, maxlength: "80",
      oninput: (e) => { dlg.name = e.target.value; } }),
    h("button", { type: "submit", class: "btn primary", testid: "save-confirm" }, "Save"),
    h("button", { type: "button", class: "btn ghost", testid: "save-cancel", onclick: () => { app.saveDialog = null; renderGame(); } }, "Cancel"))
      : h("button", {
        type: "button", class: "btn", testid: "save-open", disabled: !snap,
        onclick: () => { app.saveDialog = { name: defaultSaveName(session) }; renderGame(); const i = app.screen.querySelector("[data-testid=save-name]"); if (i) { i.focus(); i.select(); } },
      }, "Save"),
    h("button", {
      type: "button", class: "btn", testid: "export-current", disabled: !snap, title: "Download this game as a .json file",
      onclick: async () => {
        try { notify(`Exported as ${exportFile(await session.saveObject(), defaultSaveName(session))}.`); } catch (err) { showError(err); }
      },
    }, "Export"));
}

function defaultSaveName(session) {
  const m = session.meta();
  return `${m.gameName || m.game} ${m.names.join(" vs ")}${m.round !== null && m.round !== undefined ? ` r${m.round}` : ""}`;
}

function renderGame() {
  const session = app.session;
  if (!session) return;
  app.root.dataset.screen = "game";
  const snap = session.snapshot;
  if (!snap) {
    replace(app.screen, h("div", { class: "loading", testid: "starting" }, "Setting up the table…"));
    return;
  }
  if (session.switching) {
    replace(app.screen, h("div", { class: "loading", testid: "switching" }, "Turning the table…"));
    return;
  }
  if (session.handoff) {
    const name = seatName(snap, session.handoff.seat);
    const go = () => session.continueHandoff();
    replace(app.screen, h("div", {
      class: "handoff", testid: "handoff", role: "dialog", "aria-label": "Pass the device", tabindex: "0",
      onclick: go, onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } },
    },
    h("div", { class: "handoff-card" },
      h("p", { class: "handoff-title", testid: "handoff-text" }, `Pass to ${name}`),
      h("p", { class: "muted" }, "The previous player's hand and choice are hidden."),
      h("button", { type: "button", class: "btn primary big", testid: "handoff-continue" }, `I am ${name} — tap to continue`))));
    const btn = app.screen.querySelector("[data-testid=handoff-continue]");
    if (btn) btn.focus();
    return;
  }
  document.title = `${gameInfo(snap.game) ? gameInfo(snap.game).name : snap.game} — Star Table`;
  const table = (TABLES[snap.game] || genericTable)(session);
  const thinking = session.thinking !== null && session.thinking !== undefined && !TABLES[snap.game]
    ? h("p", { class: "thinking", testid: "bot-thinking", role: "status" }, `${seatName(snap, session.thinking)} is thinking…`) : null;
  // Games with their own table bring their end screen; the generic panel draws its own final scores.
  const end = snap.terminal && TABLES[snap.game] ? endScreen(session, {
    onHome: goHome,
    onNewSame: () => startMatch(app.lastRequest || { game: snap.game, players: snap.players, seed: null, options: snap.options || {}, seats: snap.seats }),
    onCampaignNext: (used) => startMatch({
      game: snap.game, players: snap.players, seed: null, seats: snap.seats,
      options: { ...(snap.options || {}), campaign: true, campaign_used: used },
    }),
  }) : null;
  const scrollY = window.scrollY;
  replace(app.screen, h("div", { class: ["game", session.busy ? "busy" : null], testid: "game", dataset: { game: snap.game, busy: session.busy ? "1" : "0", terminal: snap.terminal ? "1" : "0" } },
    toolbar(session), thinking, end, table));
  window.scrollTo(0, scrollY);
}

// ------------------------------------------------------------------------------------------------ boot

async function boot() {
  app.root = document.getElementById("app") || document.body.appendChild(h("main", { id: "app" }));
  app.root.dataset.testid = "app";
  mountNotices(document.body);
  app.screen = h("div", { class: "screen" });
  replace(app.root, app.screen, h("div", { class: "loading", testid: "engine-loading" }, "Starting the rules engine…"));
  installKeyboard();
  try {
    await engineReady();
    app.info = await call({ op: "info" });
  } catch (err) {
    document.documentElement.dataset.engine = "error";
    replace(app.root, h("div", { class: "fatal", testid: "engine-error", role: "alert" },
      h("h1", {}, "The rules engine could not start"),
      h("p", {}, err && err.message ? err.message : String(err))));
    return;
  }
  app.form = initialForm(app.info, DEFAULT_GAME);
  replace(app.root, app.screen);
  renderHome();
  document.documentElement.dataset.engine = "ready";
  document.documentElement.dataset.ui = "ready";
}

boot();
