// Position setup: a teacher arranges what teachers arrange (hands, tableaux, the board's public state, whose turn and
// which phase) on a form the engine describes (`setup_form`: fields of kind cards, int or choice, grouped by seat
// and board). Every edit goes to the engine (`setup_apply`), which places the chosen cards, deals the rest face down
// as the rules require and runs the game's own position checks; each problem comes back in words and is shown next
// to the field it concerns. The result is a position code: play from it, make a lesson of it, or copy it.
import { h } from "./dom.js";
import { t } from "../i18n.js";
import { call } from "./engine-api.js";
import { textString } from "./text.js";
import { catalogFor, cardName } from "./catalog.js";
import { cardInfoButton } from "./popover.js";

const APPLY_AFTER_MS = 200; // edits this close together go to the engine once
const RESULTS = 8;          // card search results shown at once

/** The folded form of a name for searching: lower case, without accents. */
const fold = (s) => String(s).toLocaleLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");

export class PositionSetup {
  /** opts: {onChange(setup), onError(err)} */
  constructor({ onChange, onError }) {
    this.onChange = onChange;
    this.onError = onError;
    this.game = null;
    this.players = 2;
    this.base = null;       // the position the values apply to
    this.fields = [];
    this.values = {};
    this.problems = [];
    this.code = null;       // the position code, once the values make a legal position
    this.busy = false;
    this.search = {};       // field id -> the search text
    this.timer = null;
    this.seq = 0;
    this.closed = false;
  }

  changed() { if (!this.closed) this.onChange(this); }

  /** A new game's starting position (a seed from the page's clock unless given) as the form's base. */
  async start(game, players, seed = null) {
    this.game = game;
    this.players = players;
    const s = seed ?? Math.floor(Math.random() * 1e9);
    this.take(await call({ op: "setup_form", game, players, seed: s }));
  }

  /** A position code as the form's base (e.g. from a game). */
  async startFrom(code) {
    this.take(await call({ op: "setup_form", code }));
  }

  take(answer) {
    this.game = answer.game;
    this.players = answer.players;
    this.base = answer.base;
    this.fields = answer.fields;
    this.values = Object.fromEntries(answer.fields.map((f) => [f.id, f.value]));
    this.problems = [];
    this.code = answer.base;
    this.search = {};
    this.changed();
  }

  field(id) { return this.fields.find((f) => f.id === id); }

  /** Set a field's value; the engine checks it (and everything else) a moment later. */
  set(id, value) {
    this.values[id] = value;
    this.code = null;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.apply(), APPLY_AFTER_MS);
    this.changed();
  }

  async apply() {
    const seq = ++this.seq;
    this.busy = true;
    this.changed();
    try {
      const answer = await call({ op: "setup_apply", code: this.base, values: this.values });
      if (seq !== this.seq || this.closed) return;
      this.problems = answer.problems;
      this.code = answer.code;
      if (answer.code) {
        for (const f of answer.fields) this.values[f.id] = f.value; // as the engine placed them
      }
    } catch (err) {
      if (seq === this.seq) this.onError(err);
    } finally {
      if (seq === this.seq) this.busy = false;
    }
    this.changed();
  }

  close() { this.closed = true; clearTimeout(this.timer); }
}

// ------------------------------------------------------------------------------------------------ drawing

/** The engine's texts need a snapshot to name players: the setup's seats are "Player n". */
function words(S, msg) {
  const seats = Array.from({ length: S.players }, (_, i) => ({ name: t("author.seat", { n: i + 1 }), kind: "human" }));
  return textString({ game: S.game, seats, viewer: null, players: S.players }, msg);
}

function problemsOf(S, id) {
  return S.problems.filter((p) => p.field === id);
}

function problemNote(S, id) {
  const list = problemsOf(S, id);
  if (!list.length) return null;
  return h("div", { class: "field-error", id: `problem-${id}`, testid: `problem-${id}`, role: "alert" },
    h("ul", { class: "setup-problems" }, list.map((p, i) => h("li", { key: i }, words(S, p.msg)))));
}

function cardsField(S, f) {
  const value = S.values[f.id] || [];
  const q = S.search[f.id] || "";
  const allowed = f.choices || [...catalogFor(S.game).keys()];
  const found = q.trim() ? allowed.filter((id) => fold(cardName(S.game, id) || id).includes(fold(q.trim()))).slice(0, RESULTS) : [];
  const full = f.max !== undefined && value.length >= f.max;
  const bad = problemsOf(S, f.id).length > 0;
  return [
    h("div", { class: "setup-chips", role: "list", "aria-label": words(S, f.label), testid: `setup-${f.id}` },
      value.length ? value.map((id, i) => h("span", { class: "setup-chip", role: "listitem", key: `${id}-${i}`, dataset: { card: id } },
        h("span", { class: "setup-chip-name" }, cardName(S.game, id) || id),
        cardInfoButton(S.game, id, cardName(S.game, id) || id),
        h("button", { type: "button", class: "btn small ghost", testid: `setup-remove-${f.id}-${i}`, "aria-label": t("setup.remove", { card: cardName(S.game, id) || id }),
          onclick: () => S.set(f.id, value.filter((_, k) => k !== i)) }, "✕")))
        : h("span", { class: "muted", role: "listitem" }, t("setup.none"))),
    h("div", { class: "setup-search" },
      h("label", { for: `search-${f.id}`, class: "visually-hidden" }, t("setup.find_aria", { what: words(S, f.label) })),
      h("input", { id: `search-${f.id}`, type: "search", testid: `setup-search-${f.id}`, value: q, placeholder: t("setup.find"),
        disabled: full, "aria-invalid": bad ? "true" : null, "aria-describedby": bad ? `problem-${f.id}` : null,
        oninput: (e) => { S.search[f.id] = e.target.value; S.changed(); } }),
      full ? h("span", { class: "muted" }, t("setup.full", { n: f.max })) : null),
    found.length ? h("ul", { class: "setup-results", testid: `setup-results-${f.id}` }, found.map((id) => h("li", { key: id },
      h("button", { type: "button", class: "btn small", testid: `setup-add-${f.id}-${id}`,
        onclick: () => { S.set(f.id, [...value, id]); } }, t("setup.add", { card: cardName(S.game, id) || id }))))) : null,
  ];
}

function fieldNode(S, f) {
  const id = `setup-field-${f.id}`;
  const bad = problemsOf(S, f.id).length > 0;
  const label = words(S, f.label);
  let control;
  if (f.kind === "int") {
    control = h("input", { id, type: "number", testid: `setup-${f.id}`, min: f.min, max: f.max, step: f.step || 1, value: S.values[f.id] ?? "",
      "aria-invalid": bad ? "true" : null, "aria-describedby": bad ? `problem-${f.id}` : null,
      onchange: (e) => { const n = Number.parseInt(e.target.value, 10); S.set(f.id, Number.isFinite(n) ? n : e.target.value); } });
  } else if (f.kind === "choice") {
    control = h("select", { id, testid: `setup-${f.id}`, "aria-invalid": bad ? "true" : null, "aria-describedby": bad ? `problem-${f.id}` : null,
      onchange: (e) => { const c = f.choices.find((x) => String(x.value) === e.target.value); S.set(f.id, c ? c.value : e.target.value); } },
    f.choices.map((c) => h("option", { value: String(c.value), key: String(c.value), selected: c.value === S.values[f.id] }, words(S, c.label))));
  } else {
    control = cardsField(S, f);
  }
  return h("div", { class: ["setup-field", `setup-${f.kind}`, bad ? "has-problem" : null], key: f.id, dataset: { field: f.id } },
    f.kind === "cards" ? h("div", { class: "field-label" }, h("strong", {}, label),
      h("span", { class: "muted" }, t("setup.count", { n: (S.values[f.id] || []).length, max: f.max ?? "∞" })))
      : h("label", { for: id, class: "field-label" }, label),
    f.help ? h("p", { class: "muted setup-help" }, words(S, f.help)) : null,
    control,
    problemNote(S, f.id));
}

/**
 * The setup screen's body. handlers: {onGame(game, players), onPlay(code), onLesson(code)}; `games`: [{id, name,
 * min_players, max_players}] of the games that offer a setup.
 */
export function setupBody(S, games, handlers) {
  const groups = [];
  for (const f of S.fields) {
    let g = groups.find((x) => x.id === f.group);
    if (!g) { g = { id: f.group, fields: [] }; groups.push(g); }
    g.fields.push(f);
  }
  groups.sort((a, b) => (a.id === "board" ? -1 : b.id === "board" ? 1 : a.id.localeCompare(b.id)));
  const general = problemsOf(S, null);
  const info = games.find((g) => g.id === S.game);
  return h("div", { class: "setup", testid: "setup", dataset: { game: S.game || "", busy: S.busy || (S.code === null && !S.problems.length) ? "1" : "0", ok: S.code ? "1" : "0" } },
    h("section", { class: "panel setup-head" },
      h("div", { class: "setup-pick" },
        h("div", { class: "field" },
          h("label", { for: "setup-game" }, t("home.game")),
          h("select", { id: "setup-game", testid: "setup-game", onchange: (e) => handlers.onGame(e.target.value, S.players) },
            games.map((g) => h("option", { value: g.id, key: g.id, selected: g.id === S.game }, g.name)))),
        info ? h("div", { class: "field" },
          h("label", { for: "setup-players" }, t("setup.players")),
          h("select", { id: "setup-players", testid: "setup-players", onchange: (e) => handlers.onGame(S.game, Number(e.target.value)) },
            Array.from({ length: info.max_players - Math.max(2, info.min_players) + 1 }, (_, k) => Math.max(2, info.min_players) + k)
              .map((n) => h("option", { value: String(n), key: n, selected: n === S.players }, String(n))))) : null,
        h("button", { type: "button", class: "btn", testid: "setup-new-deal", onclick: () => handlers.onGame(S.game, S.players) }, t("setup.new_deal"))),
      h("p", { class: "muted" }, t("setup.help"))),
    general.length ? h("div", { class: "field-error", testid: "problem-position", role: "alert" },
      h("ul", { class: "setup-problems" }, general.map((p, i) => h("li", { key: i }, words(S, p.msg))))) : null,
    h("div", { class: "setup-groups" },
      groups.map((g) => h("section", { class: "panel setup-group", key: g.id, "aria-labelledby": `setup-h-${g.id}`, testid: `setup-group-${g.id}` },
        h("h2", { id: `setup-h-${g.id}` }, g.id === "board" ? t("setup.board") : t("author.seat", { n: Number(g.id.split(".")[1]) + 1 })),
        g.fields.map((f) => fieldNode(S, f))))),
    h("section", { class: "action-bar setup-result", testid: "setup-result", "aria-live": "polite" },
      S.code ? [
        h("div", { class: "setup-code-box", key: "c" },
          h("label", { for: "setup-code", class: "field-label" }, t("setup.code")),
          h("input", { id: "setup-code", type: "text", readonly: true, value: S.code, testid: "setup-code", onfocus: (e) => e.target.select() })),
        h("div", { class: "row-buttons", key: "b" },
          h("button", { type: "button", class: "btn primary", testid: "setup-play", onclick: () => handlers.onPlay(S.code) }, t("setup.play")),
          h("button", { type: "button", class: "btn", testid: "setup-lesson", onclick: () => handlers.onLesson(S.code) }, t("author.make_lesson"))),
      ] : h("p", { class: "setup-wait", role: "status", testid: "setup-status" },
        S.problems.length ? t("setup.fix", { n: S.problems.length }) : t("setup.checking"))));
}
