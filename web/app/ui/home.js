// Home screen: games in progress (each with its own autosave), a new game (game, seats, seed, options with words
// and help), named save slots with import and export, and a short history of finished games.
import { h } from "./dom.js";
import { t, tMaybe, formatDateTime, currentLanguage } from "../i18n.js";
import { learnPageIn } from "../language.js";
import { helpButton } from "./popover.js";
import { knownGames, namespaceOf, gameTitle } from "./catalog.js";

const KINDS = ["human", "easy", "normal", "hard", "expert"];
// Seats of older saves may hold "greedy" (Normal's old name) or "random"; the form offers the four levels.
const LEGACY_KIND = { greedy: "normal", random: "easy" };
const MAX_SEED = 9007199254740991;

function defaultSeat(i) {
  return i === 0 ? { name: t("seat.default_you"), kind: "human" } : { name: t("seat.default_bot", { n: i + 1 }), kind: "normal" };
}

/** A seat still holding a default name ("You", "Bot 2", "Player 2") gets the default of its new kind, so a bot is
 *  never left named "You" (its win would read "You wins!"). Returns true when the name changed. */
function renameDefault(form, i) {
  const seat = form.seats[i];
  const defaults = new Set([t("seat.default_you")]);
  for (let n = 1; n <= form.seats.length; n++) {
    defaults.add(t("seat.default_bot", { n }));
    defaults.add(t("player.unnamed", { n }));
  }
  if (!defaults.has(seat.name.trim())) return false;
  const youTaken = form.seats.some((s, j) => j !== i && j < form.players && s.name.trim() === t("seat.default_you"));
  const name = seat.kind !== "human" ? t("seat.default_bot", { n: i + 1 })
    : youTaken ? t("player.unnamed", { n: i + 1 }) : t("seat.default_you");
  if (name === seat.name) return false;
  seat.name = name;
  return true;
}

export function initialForm(info, preferred = null) {
  const games = info.games || [];
  const game = games.find((g) => g.id === preferred) || games[0] || null;
  const form = { game: game ? game.id : null, players: 2, seed: "", seedError: null, options: {}, seats: [] };
  if (game) applyGame(form, game);
  return form;
}

function applyGame(form, game) {
  form.game = game.id;
  form.players = Math.min(Math.max(form.players || 2, game.min_players), game.max_players);
  form.options = {};
  for (const opt of game.options || []) form.options[opt.name] = opt.default;
  while (form.seats.length < game.max_players) form.seats.push(defaultSeat(form.seats.length));
}

function gameById(info, id) {
  return (info.games || []).find((g) => g.id === id) || null;
}

function applies(opt, players) {
  return !Array.isArray(opt.players) || (opt.players[0] <= players && players <= opt.players[1]);
}

/** An option's words: label, one-line help, and each choice's label and help, from the catalog. */
export function optionWords(gameId, opt) {
  const ns = namespaceOf(gameId) || gameId;
  const base = `${ns}.opt.${opt.name}`;
  return {
    label: tMaybe(`${base}.label`) || opt.label,
    help: tMaybe(`${base}.help`) || opt.help || "",
    choice: (v) => tMaybe(`${base}.choice.${v}`) || t("option.value_unnamed"),
    choiceHelp: (v) => tMaybe(`${base}.choice.${v}.help`),
  };
}

function optionField(game, opt, form) {
  const id = `opt-${opt.name}`;
  const value = form.options[opt.name];
  const words = optionWords(game.id, opt);
  const help = words.help ? helpButton(words.label, words.help, { testid: `help-${opt.name}`, key: `help:${opt.name}` }) : null;
  if (opt.type === "bool") {
    return h("div", { class: "field field-check", key: opt.name },
      h("label", { class: "check-label", for: id },
        h("input", { type: "checkbox", id, testid: `option-${opt.name}`, checked: Boolean(value),
          onchange: (e) => { form.options[opt.name] = e.target.checked; } }),
        h("span", {}, words.label)),
      help);
  }
  if (opt.type === "int") {
    return h("div", { class: "field", key: opt.name },
      h("div", { class: "field-label" }, h("label", { for: id }, words.label), help),
      h("input", { type: "number", id, testid: `option-${opt.name}`, value: String(value ?? ""), inputmode: "numeric",
        min: opt.min ?? null, max: opt.max ?? null,
        onchange: (e) => {
          const n = parseInt(e.target.value, 10);
          const ok = Number.isFinite(n) && (opt.min === undefined || n >= opt.min) && (opt.max === undefined || n <= opt.max);
          form.options[opt.name] = ok ? n : opt.default;
          if (!ok) e.target.value = String(opt.default);
        } }));
  }
  if (opt.type === "list" && Array.isArray(opt.choices)) {
    const current = () => String(form.options[opt.name] ?? "").split(",").filter(Boolean);
    return h("fieldset", { class: "field-list", testid: `option-${opt.name}`, key: opt.name },
      h("legend", {}, words.label, help),
      opt.choices.map((c) => {
        const v = String(c);
        const cid = `${id}-${v}`;
        return h("label", { class: "check-label list-choice", for: cid, key: v },
          h("input", { type: "checkbox", id: cid, testid: `option-${opt.name}-${v}`, checked: current().includes(v),
            onchange: (e) => {
              const set = new Set(current());
              if (e.target.checked) set.add(v); else set.delete(v);
              form.options[opt.name] = opt.choices.map(String).filter((x) => set.has(x)).join(",");
            } }),
          h("span", {}, words.choice(v)));
      }));
  }
  if (opt.type === "choice") {
    const chosenHelp = words.choiceHelp(String(value));
    return h("div", { class: "field", key: opt.name },
      h("div", { class: "field-label" }, h("label", { for: id }, words.label), help),
      h("select", { id, testid: `option-${opt.name}`, onchange: (e) => { form.options[opt.name] = choiceValue(opt, e.target.value); form.rerender(); } },
        (opt.choices || []).map((c) => h("option", { value: String(c), selected: String(c) === String(value), key: String(c) }, words.choice(String(c))))),
      chosenHelp ? h("p", { class: "field-note", testid: `option-${opt.name}-note` }, chosenHelp) : null);
  }
  return h("div", { class: "field", key: opt.name },
    h("div", { class: "field-label" }, h("label", { for: id }, words.label), help),
    h("input", { type: "text", id, testid: `option-${opt.name}`, value: String(value ?? ""), onchange: (e) => { form.options[opt.name] = e.target.value; } }));
}

function choiceValue(opt, raw) {
  for (const c of opt.choices || []) if (String(c) === raw) return c;
  return raw;
}

/** The seed as the engine takes it: null (random) or a decimal string in JavaScript's safe range. */
export function seedValue(text) {
  const s = String(text ?? "").trim();
  if (s === "") return { seed: null };
  if (!/^\d{1,16}$/.test(s) || Number(s) > MAX_SEED) return { error: t("home.seed_invalid", { max: String(MAX_SEED) }) };
  return { seed: s };
}

function when(iso) {
  return formatDateTime(iso);
}

/** A finished game's winner and scores ("Ann won · Ann 52, Bob 47"), when its record has them. */
function resultLine(m) {
  const r = m.result;
  if (!r || !Array.isArray(r.scores) || !Array.isArray(m.names)) return null;
  const name = (s) => String(m.names[s] ?? t("player.unnamed", { n: s + 1 }));
  const winners = (r.winners || []).filter((s) => Number.isInteger(s) && s >= 0 && s < m.names.length);
  const scores = r.scores.map((n, s) => (Number.isFinite(n) ? t("home.result_score", { name: name(s), n }) : null)).filter(Boolean);
  const who = winners.length ? t("home.result_won", { names: winners.map(name).join(t("end.and")) }) : t("end.nobody_wins");
  return h("span", { class: "match-result", testid: "history-result" }, scores.length ? t("home.result", { who, scores: scores.join(", ") }) : who);
}

function describeEntry(m) {
  const bits = [gameTitle(m.game)];
  if (Array.isArray(m.names) && m.names.length) bits.push(m.names.join(t("home.vs")));
  if (m.round !== null && m.round !== undefined) bits.push(t("home.round_n", { n: m.round }));
  return bits.join(" · ");
}

function armedDelete(ui, id, label, onDelete, testid) {
  const armed = ui.pendingDelete === id;
  return h("button", {
    type: "button", class: ["btn", "small", "danger", armed ? "armed" : null], testid, dataset: { role: "delete" },
    "aria-label": armed ? t("home.delete_confirm_aria", { what: label }) : t("home.delete_aria", { what: label }),
    onclick: () => { if (armed) { ui.pendingDelete = null; onDelete(id); } else { ui.pendingDelete = id; ui.rerender(); } },
  }, armed ? t("home.delete_confirm") : t("home.delete"));
}

/**
 * lists: {active, finished, slots, damaged}; handlers: {onStart(request), onContinue(meta), onDelete(id),
 * onLoadSlot(meta), onExportSlot(meta), onImport(file), onReview(meta), onReplay(meta), rerender(), languageControl (the language
 * picker, a node)}; ui: {pendingDelete}.
 */
/** A lesson's title in the page's language (a draft may hold a text per language), else English. */
function lessonTitle(title) {
  if (typeof title === "string") return title;
  if (!title || typeof title !== "object") return "";
  return title[currentLanguage()] || title.en || "";
}

export function homeScreen(info, form, engineStatus, lists, handlers, ui) {
  const game = gameById(info, form.game);
  ui.rerender = handlers.rerender;
  form.rerender = handlers.rerender;
  const seatRows = [];
  for (let i = 0; i < form.players; i++) {
    const seat = form.seats[i];
    seatRows.push(h("div", { class: "seat-row-edit", testid: `seat-row-${i}`, key: i },
      h("input", { type: "text", class: "seat-name-input", testid: `seat-name-input-${i}`, value: seat.name, maxlength: "40",
        "aria-label": t("home.seat_name_aria", { n: i + 1 }), oninput: (e) => { seat.name = e.target.value; } }),
      h("select", { testid: `seat-kind-${i}`, "aria-label": t("home.seat_kind_aria", { n: i + 1 }), onchange: (e) => {
        seat.kind = e.target.value;
        if (renameDefault(form, i)) handlers.rerender();
      } },
        KINDS.map((k) => h("option", { value: k, selected: (LEGACY_KIND[seat.kind] || seat.kind) === k, key: k }, t(`seat.kind.${k}`))))));
  }
  const levelsHelp = helpButton(t("seat.levels.title"), t("seat.levels.help"), { testid: "help-bot-levels", key: "help:levels" });

  const start = () => {
    const seed = seedValue(form.seed);
    if (seed.error) { form.seedError = seed.error; handlers.rerender(); return; }
    form.seedError = null;
    const seats = form.seats.slice(0, form.players).map((s, i) => ({ name: (s.name || "").trim().slice(0, 40) || t("player.unnamed", { n: i + 1 }), kind: s.kind }));
    const options = {};
    for (const opt of (game && game.options) || []) if (applies(opt, form.players)) options[opt.name] = form.options[opt.name];
    handlers.onStart({ game: form.game, players: form.players, seed: seed.seed, options, seats });
  };

  const shownOptions = game ? (game.options || []).filter((o) => applies(o, form.players)) : [];

  return h("div", { class: "home", testid: "home" },
    h("header", { class: "home-head" },
      h("h1", {}, t("app.title")),
      // main.js starts the engine once this line is on screen (Element Timing; the title's text is transparent,
      // painted through its gradient, which Element Timing does not count).
      h("p", { class: "tagline", elementtiming: "home" }, t("app.tagline")),
      engineStatus,
      handlers.languageControl || null),
    lists.active.length ? h("section", { class: "panel in-progress", "aria-labelledby": "h-progress", testid: "in-progress" },
      h("h2", { id: "h-progress" }, t("home.in_progress")),
      h("ul", { class: "match-list" }, lists.active.map((m) => h("li", { class: "match-row", testid: "match-row", key: m.id, dataset: { id: m.id, game: m.game } },
        h("div", { class: "match-info" },
          h("strong", {}, describeEntry(m)),
          h("span", { class: "muted" }, t("home.last_played", { when: when(m.updatedAt) }))),
        h("div", { class: "row-buttons" },
          h("button", { type: "button", class: "btn primary small", testid: `continue-${m.id}`, dataset: { role: "continue" },
            "aria-label": t("home.continue_aria", { what: describeEntry(m) }), onclick: () => handlers.onContinue(m) }, t("home.continue")),
          h("button", { type: "button", class: "btn small", testid: `replay-${m.id}`, dataset: { role: "replay" },
            "aria-label": t("home.replay_aria", { what: describeEntry(m) }), onclick: () => handlers.onReplay(m) }, t("home.replay")),
          armedDelete(ui, m.id, describeEntry(m), handlers.onDelete, `delete-${m.id}`)))))) : null,
    h("section", { class: "panel new-game", "aria-labelledby": "h-new" },
      h("h2", { id: "h-new" }, t("home.new_game")),
      h("div", { class: "field" },
        h("label", { for: "game-select" }, t("home.game")),
        h("select", { id: "game-select", testid: "game-select", onchange: (e) => { applyGame(form, gameById(info, e.target.value)); handlers.rerender(); } },
          (info.games || []).map((g) => h("option", { value: g.id, selected: g.id === form.game, key: g.id }, gameTitle(g.id))))),
      game ? h("div", { class: "field" },
        h("label", { for: "player-count" }, t("home.players", { min: game.min_players, max: game.max_players })),
        h("select", { id: "player-count", testid: "player-count",
          onchange: (e) => { form.players = parseInt(e.target.value, 10); handlers.rerender(); } },
        Array.from({ length: game.max_players - game.min_players + 1 }, (_, k) => game.min_players + k).map((n) =>
          h("option", { value: String(n), selected: n === form.players, key: n }, n === 1 ? t("home.players_solo") : String(n))))) : null,
      h("fieldset", { class: "seats" }, h("legend", {}, t("home.seats"), levelsHelp), seatRows),
      h("div", { class: "field" },
        h("div", { class: "field-label" },
          h("label", { for: "seed-input" }, t("home.seed")),
          helpButton(t("home.seed"), t("home.seed_help"), { testid: "help-seed", key: "help:seed" })),
        h("input", { id: "seed-input", testid: "seed-input", type: "text", inputmode: "numeric", value: String(form.seed ?? ""), placeholder: t("home.seed_placeholder"),
          "aria-invalid": form.seedError ? "true" : null, "aria-describedby": form.seedError ? "seed-error" : null,
          oninput: (e) => { form.seed = e.target.value; } }),
        form.seedError ? h("p", { class: "field-error", id: "seed-error", testid: "seed-error", role: "alert" }, form.seedError) : null),
      shownOptions.length ? h("fieldset", { class: "options" }, h("legend", {}, t("home.options")), shownOptions.map((o) => optionField(game, o, form))) : null,
      h("button", { type: "button", class: "btn primary big", testid: "start-game", disabled: !game, onclick: start }, t("home.start"))),
    h("section", { class: "panel saves", "aria-labelledby": "h-saves" },
      h("h2", { id: "h-saves" }, t("home.saved_games")),
      lists.slots.length ? h("ul", { class: "slot-list", testid: "slot-list" }, lists.slots.map((s) => h("li", { class: "slot", testid: "slot-row", key: s.id, dataset: { name: s.name, id: s.id } },
        h("div", { class: "slot-info" },
          h("strong", { class: "slot-name" }, s.name),
          h("span", { class: "muted" }, `${describeEntry(s)} · ${when(s.updatedAt)}`)),
        h("div", { class: "row-buttons" },
          h("button", { type: "button", class: "btn small", testid: `slot-load-${s.id}`, dataset: { role: "load" }, "aria-label": t("home.load_aria", { name: s.name }), onclick: () => handlers.onLoadSlot(s) }, t("home.load")),
          h("button", { type: "button", class: "btn small", testid: `slot-replay-${s.id}`, dataset: { role: "replay" }, "aria-label": t("home.replay_aria", { what: s.name }), onclick: () => handlers.onReplay(s) }, t("home.replay")),
          h("button", { type: "button", class: "btn small", testid: `slot-export-${s.id}`, dataset: { role: "export" }, "aria-label": t("home.export_aria", { name: s.name }), onclick: () => handlers.onExportSlot(s) }, t("home.export")),
          armedDelete(ui, s.id, s.name, handlers.onDelete, `slot-delete-${s.id}`)))))
        : h("p", { class: "muted", testid: "no-slots" }, t("home.no_slots")),
      lists.damaged.length ? h("ul", { class: "slot-list damaged", testid: "damaged-list" }, lists.damaged.map((d) => h("li", { class: "slot", key: d.id },
        h("span", {}, t(d.damaged === "too_new" ? "home.damaged_too_new" : "home.damaged_corrupt")),
        armedDelete(ui, d.id, t("home.damaged_entry"), handlers.onDelete, `damaged-delete-${d.id}`)))) : null,
      h("div", { class: "import" },
        h("label", { for: "import-file", class: "btn" }, t("home.import")),
        h("input", { id: "import-file", class: "visually-hidden-file", type: "file", accept: ".json,application/json", testid: "import-file",
          onchange: (e) => { const f = e.target.files && e.target.files[0]; e.target.value = ""; if (f) handlers.onImport(f); } }))),
    lists.finished.length ? h("section", { class: "panel history", "aria-labelledby": "h-history", testid: "history" },
      h("h2", { id: "h-history" }, t("home.history")),
      h("ul", { class: "match-list" }, lists.finished.map((m) => h("li", { class: "match-row", testid: "history-row", key: m.id, dataset: { id: m.id } },
        h("div", { class: "match-info" },
          h("strong", {}, describeEntry(m)),
          resultLine(m),
          h("span", { class: "muted" }, t("home.finished_at", { when: when(m.updatedAt) }))),
        h("div", { class: "row-buttons" },
          h("button", { type: "button", class: "btn small", testid: `review-${m.id}`, dataset: { role: "review" }, "aria-label": t("home.review_aria", { what: describeEntry(m) }), onclick: () => handlers.onReview(m) }, t("home.review")),
          h("button", { type: "button", class: "btn small", testid: `replay-${m.id}`, dataset: { role: "replay" }, "aria-label": t("home.replay_aria", { what: describeEntry(m) }), onclick: () => handlers.onReplay(m) }, t("home.replay")),
          armedDelete(ui, m.id, describeEntry(m), handlers.onDelete, `delete-${m.id}`)))))) : null,
    h("section", { class: "panel lessons", "aria-labelledby": "h-lessons", testid: "lessons-panel" },
      h("h2", { id: "h-lessons" }, t("home.lessons")),
      h("p", { class: "muted" }, t("home.lessons_text")),
      h("div", { class: "row-buttons" },
        handlers.onSetup ? h("button", { type: "button", class: "btn", testid: "open-setup", onclick: () => handlers.onSetup() }, t("home.setup")) : null,
        h("label", { for: "import-lesson", class: "btn" }, t("home.import_lesson")),
        h("input", { id: "import-lesson", class: "visually-hidden-file", type: "file", accept: ".json,application/json", testid: "import-lesson",
          onchange: (e) => { const f = e.target.files && e.target.files[0]; e.target.value = ""; if (f) handlers.onImportLesson(f); } })),
      (lists.drafts || []).length ? h("ul", { class: "slot-list", testid: "draft-list" }, lists.drafts.map((d) => h("li", { class: "slot", testid: "draft-row", key: d.id, dataset: { id: d.id } },
        h("div", { class: "slot-info" },
          h("strong", { class: "slot-name" }, lessonTitle(d.title) || t("home.draft_untitled")),
          h("span", { class: "muted" }, `${gameTitle(d.game)} · ${t("home.draft_steps", { n: d.steps })} · ${when(d.savedAt)}`)),
        h("div", { class: "row-buttons" },
          h("button", { type: "button", class: "btn small", testid: `draft-open-${d.id}`, "aria-label": t("home.draft_open_aria", { name: lessonTitle(d.title) || t("home.draft_untitled") }), onclick: () => handlers.onOpenDraft(d.id) }, t("home.draft_open")),
          armedDelete(ui, d.id, lessonTitle(d.title) || t("home.draft_untitled"), handlers.onDeleteDraft, `draft-delete-${d.id}`))))) : null),
    h("section", { class: "panel learn-links", "aria-labelledby": "h-learn", testid: "learn-links" },
      h("h2", { id: "h-learn" }, t("home.learn")),
      h("p", { class: "muted" }, t("home.learn_text")),
      h("ul", { class: "learn-list" }, knownGames().filter((g) => g.learn).map((g) => h("li", { key: g.id },
        h("a", { href: `./${learnPageIn(g.learn, currentLanguage())}`, testid: `learn-${g.id}` }, t("home.learn_game", { game: gameTitle(g.id) })))),
      h("li", { key: "authors" }, h("a", { href: `./${learnPageIn("learn/authors.html", currentLanguage())}`, testid: "learn-authors" }, t("home.learn_authors"))))),
    h("footer", { class: "home-foot muted" }, t("home.footer", { version: info.engine_version || "" })));
}
