// Home screen: choose the game, seats, seed and options (rendered generically from GameInfo.options),
// continue the autosave, and manage save slots (load, delete, export, import).
import { h } from "./dom.js";
import { listSlots, readAutosave } from "../storage.js";

const KINDS = [["human", "Human"], ["greedy", "Bot (greedy)"], ["random", "Bot (random)"]];

function defaultSeat(i) {
  return i === 0 ? { name: "You", kind: "human" } : { name: `Bot ${i + 1}`, kind: "greedy" };
}

/** Form state survives re-renders. */
function webGames(info) {
  return info.games || [];
}

export function initialForm(info, preferred = null) {
  const games = webGames(info);
  const game = games.find((g) => g.id === preferred) || games[0] || null;
  const form = { game: game ? game.id : null, players: 2, seed: "", options: {}, seats: [] };
  if (game) applyGame(form, game);
  return form;
}

function applyGame(form, game) {
  form.game = game.id;
  form.players = Math.min(Math.max(form.players || 2, game.min_players), game.max_players);
  form.options = {};
  for (const opt of game.options || []) form.options[opt.name] = opt.default;
  syncSeats(form, game);
}

function syncSeats(form, game) {
  const max = game ? game.max_players : form.players;
  while (form.seats.length < max) form.seats.push(defaultSeat(form.seats.length));
}

function gameById(info, id) {
  return (info.games || []).find((g) => g.id === id) || null;
}

function optionField(opt, form) {
  const id = `opt-${opt.name}`;
  const value = form.options[opt.name];
  const help = opt.help ? h("span", { class: "help", title: opt.help, "aria-label": opt.help, tabindex: "0" }, "?") : null;
  let input;
  if (opt.type === "bool") {
    input = h("input", { type: "checkbox", id, testid: `option-${opt.name}`, checked: Boolean(value),
      onchange: (e) => { form.options[opt.name] = e.target.checked; } });
    return h("div", { class: "field field-check", title: opt.help || null }, input, h("label", { for: id }, opt.label || opt.name), help);
  }
  if (opt.type === "int") {
    input = h("input", { type: "number", id, testid: `option-${opt.name}`, value: String(value ?? ""),
      min: opt.min ?? null, max: opt.max ?? null,
      onchange: (e) => { const n = parseInt(e.target.value, 10); form.options[opt.name] = Number.isFinite(n) ? n : opt.default; } });
  } else if (opt.type === "list" && Array.isArray(opt.choices)) {
    // A comma-separated list chosen from fixed ids: one checkbox each.
    const current = () => String(form.options[opt.name] ?? "").split(",").filter(Boolean);
    return h("fieldset", { class: "field-list", title: opt.help || null, testid: `option-${opt.name}` },
      h("legend", {}, opt.label || opt.name, help),
      opt.choices.map((c) => {
        const v = String(typeof c === "object" && c !== null ? c.value ?? c.id : c);
        const cid = `${id}-${v}`;
        return h("span", { class: "list-choice" },
          h("input", { type: "checkbox", id: cid, testid: `option-${opt.name}-${v}`, checked: current().includes(v),
            onchange: (e) => {
              const set = new Set(current());
              if (e.target.checked) set.add(v); else set.delete(v);
              form.options[opt.name] = opt.choices.map((x) => String(typeof x === "object" && x !== null ? x.value ?? x.id : x)).filter((x) => set.has(x)).join(",");
            } }),
          h("label", { for: cid }, typeof c === "object" && c !== null ? c.label ?? v : v));
      }));
  } else if (opt.type === "choice") {
    input = h("select", { id, testid: `option-${opt.name}`, onchange: (e) => { form.options[opt.name] = choiceValue(opt, e.target.value); } },
      (opt.choices || []).map((c) => {
        const v = typeof c === "object" && c !== null ? c.value ?? c.id : c;
        const label = typeof c === "object" && c !== null ? c.label ?? String(v) : String(c);
        return h("option", { value: String(v), selected: String(v) === String(value) }, label);
      }));
  } else {
    input = h("input", { type: "text", id, testid: `option-${opt.name}`, value: String(value ?? ""),
      onchange: (e) => { form.options[opt.name] = e.target.value; } });
  }
  return h("div", { class: "field", title: opt.help || null }, h("label", { for: id }, opt.label || opt.name, help), input);
}

function choiceValue(opt, raw) {
  for (const c of opt.choices || []) {
    const v = typeof c === "object" && c !== null ? c.value ?? c.id : c;
    if (String(v) === raw) return v;
  }
  return raw;
}

/**
 * handlers: {onStart(request, gameInfo), onContinue(), onLoadSlot(id), onDeleteSlot(id), onExportSlot(id), onImport(file), rerender()}
 */
export function homeScreen(info, form, handlers) {
  const game = gameById(info, form.game);
  const autosave = readAutosave();
  const slots = listSlots();

  const seatRows = [];
  for (let i = 0; i < form.players; i++) {
    const seat = form.seats[i];
    seatRows.push(h("div", { class: "seat-row-edit", testid: `seat-row-${i}` },
      h("span", { class: "seat-no" }, `Seat ${i + 1}`),
      h("input", { type: "text", class: "seat-name-input", testid: `seat-name-input-${i}`, value: seat.name, maxlength: "40",
        "aria-label": `Name for seat ${i + 1}`, oninput: (e) => { seat.name = e.target.value; } }),
      h("select", { testid: `seat-kind-${i}`, "aria-label": `Who plays seat ${i + 1}`, onchange: (e) => { seat.kind = e.target.value; } },
        KINDS.map(([v, label]) => h("option", { value: v, selected: seat.kind === v }, label)))));
  }

  const start = () => {
    const seats = form.seats.slice(0, form.players).map((s, i) => ({ name: (s.name || "").trim() || `Player ${i + 1}`, kind: s.kind }));
    const seedText = String(form.seed ?? "").trim();
    const seed = seedText === "" ? null : parseInt(seedText, 10);
    handlers.onStart({ game: form.game, players: form.players, seed: Number.isFinite(seed) ? seed : null, options: { ...form.options }, seats }, game);
  };

  return h("div", { class: "home", testid: "home" },
    h("header", { class: "home-head" },
      h("h1", {}, "Star Table"),
      h("p", { class: "tagline" }, "Space card games at your own table — offline, in your browser.")),
    autosave ? h("section", { class: "panel continue-panel" },
      h("div", {},
        h("strong", {}, "Game in progress"), " ",
        h("span", { class: "muted", testid: "continue-meta" }, describeMeta(autosave.meta))),
      h("button", { type: "button", class: "btn primary", testid: "continue", onclick: handlers.onContinue }, "Continue")) : null,
    h("section", { class: "panel new-game", "aria-label": "New game" },
      h("h2", {}, "New game"),
      h("div", { class: "field" },
        h("label", { for: "game-select" }, "Game"),
        h("select", { id: "game-select", testid: "game-select", onchange: (e) => { applyGame(form, gameById(info, e.target.value)); handlers.rerender(); } },
          webGames(info).map((g) => h("option", { value: g.id, selected: g.id === form.game }, g.name)))),
      game ? h("div", { class: "field" },
        h("label", { for: "player-count" }, `Players (${game.min_players}–${game.max_players})`),
        h("input", { id: "player-count", testid: "player-count", type: "number", min: String(game.min_players), max: String(game.max_players), value: String(form.players),
          onchange: (e) => {
            const n = parseInt(e.target.value, 10);
            form.players = Math.min(Math.max(Number.isFinite(n) ? n : game.min_players, game.min_players), game.max_players);
            syncSeats(form, game);
            handlers.rerender();
          } })) : null,
      h("fieldset", { class: "seats" }, h("legend", {}, "Seats"), seatRows),
      h("div", { class: "field" },
        h("label", { for: "seed-input" }, "Seed (optional)", h("span", { class: "help", title: "The same seed and choices replay the same shuffle. Leave empty for a random game.", tabindex: "0" }, "?")),
        h("input", { id: "seed-input", testid: "seed-input", type: "number", value: String(form.seed ?? ""), placeholder: "random",
          oninput: (e) => { form.seed = e.target.value; } })),
      game && (game.options || []).length ? h("fieldset", { class: "options" }, h("legend", {}, "Options"), game.options.map((o) => optionField(o, form))) : null,
      h("button", { type: "button", class: "btn primary big", testid: "start-game", disabled: !game, onclick: start }, "Start game")),
    h("section", { class: "panel saves", "aria-label": "Saved games" },
      h("h2", {}, "Saved games"),
      slots.length ? h("ul", { class: "slot-list", testid: "slot-list" }, slots.map((s) => h("li", { class: "slot", testid: "slot-row", dataset: { name: s.name, id: s.id } },
        h("div", { class: "slot-info" },
          h("strong", { class: "slot-name" }, s.name),
          h("span", { class: "muted" }, describeMeta(s))),
        h("div", { class: "slot-buttons" },
          h("button", { type: "button", class: "btn small", testid: `slot-load-${s.id}`, dataset: { role: "load" }, onclick: () => handlers.onLoadSlot(s.id) }, "Load"),
          h("button", { type: "button", class: "btn small", testid: `slot-export-${s.id}`, dataset: { role: "export" }, onclick: () => handlers.onExportSlot(s.id) }, "Export"),
          h("button", { type: "button", class: "btn small danger", testid: `slot-delete-${s.id}`, dataset: { role: "delete" }, onclick: () => handlers.onDeleteSlot(s.id) }, "Delete")))))
        : h("p", { class: "muted", testid: "no-slots" }, "No saved games yet. Use “Save” during a game."),
      h("div", { class: "import" },
        h("label", { for: "import-file", class: "btn" }, "Import a saved game (.json)…"),
        h("input", { id: "import-file", class: "visually-hidden-file", type: "file", accept: ".json,application/json", testid: "import-file",
          onchange: (e) => { const f = e.target.files && e.target.files[0]; e.target.value = ""; if (f) handlers.onImport(f); } }))),
    h("footer", { class: "home-foot muted" },
      `Engine ${info.engine_version || ""}. Keyboard in games: E explore · Enter confirm · U undo.`));
}

export function describeMeta(meta) {
  if (!meta) return "";
  const bits = [];
  if (meta.gameName || meta.game) bits.push(meta.gameName || meta.game);
  if (Array.isArray(meta.names) && meta.names.length) bits.push(meta.names.join(" vs "));
  if (meta.round !== null && meta.round !== undefined) bits.push(`round ${meta.round}`);
  if (meta.savedAt) {
    const d = new Date(meta.savedAt);
    if (!Number.isNaN(d.getTime())) bits.push(d.toLocaleString());
  }
  return bits.join(" · ");
}
