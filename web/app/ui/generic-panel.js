// The generic decision panel: any registered game is playable as a list of labelled action buttons beside the
// game's own readable summary. Card names everywhere open the card's text. The raw view JSON is shown only with
// ?debug in the address.
import { h } from "./dom.js";
import { t } from "../i18n.js";
import { logPanel } from "./log-view.js";
import { seatName, textNodes, textString } from "./text.js";
import { cardRef } from "./popover.js";
import { cardName, cardText, record, typeOf } from "./catalog.js";
import { thinkingNote } from "./decision-wait.js";
import { actionList } from "./decision-list.js";

export const DEBUG = typeof location !== "undefined" && new URLSearchParams(location.search).has("debug");

/** The raw view and decision JSON, shown only with ?debug in the address. */
export function debugView(snapshot) {
  if (!DEBUG) return null;
  return h("details", { class: "debug", testid: "debug" },
    h("summary", { testid: "debug-toggle" }, t("debug.title")),
    h("pre", { class: "debug-json", testid: "debug-view" }, JSON.stringify(snapshot.view, null, 2)),
    h("pre", { class: "debug-json" }, JSON.stringify({ to_move: snapshot.to_move, decision: snapshot.decision, can_undo: snapshot.can_undo }, null, 2)));
}

const asText = (snap, v, where) => (v && typeof v === "object" ? textNodes(snap, v, { where }) : String(v ?? ""));

// A summary block's card groups: one row of card names per group, each opening the card's text.
function cardGroups(snap, groups, where) {
  return (Array.isArray(groups) ? groups : []).map((g, gi) => h("div", { class: "card-group", key: gi },
    h("span", { class: "card-group-label" }, asText(snap, g.label, `${where}g${gi}`), ":"),
    (g.cards || []).length
      ? (g.cards || []).map((c) => h("span", { class: "card-chip-wrap", key: c.id, testid: `card-chip-${c.id}` },
        cardRef(snap.game, String(c.card || c.id), cardName(snap.game, c.card || c.id), { cls: "card-chip", where: `${where}g${gi}` }),
        c.note ? h("span", { class: "chip-note" }, " (", asText(snap, c.note, `${where}n`), ")") : null))
      : h("span", { class: "muted" }, t("summary.none"))));
}

// A game's own readable summary (view.summary: [{title, lines, cards?}]), shown as text blocks and card names.
function summaryPanel(snap) {
  const view = snap.view;
  const blocks = Array.isArray(view && view.summary) ? view.summary : [];
  if (!blocks.length) return null;
  return h("section", { class: "panel summary-panel", testid: "state-summary", "aria-labelledby": "summary-title" },
    h("h2", { id: "summary-title" }, t("summary.title")),
    (view.notes || []).map((n, i) => h("p", { class: "summary-note", key: i }, asText(snap, n, `note${i}`))),
    blocks.map((b, i) => h("div", { class: "summary-block", testid: `summary-${i}`, key: i },
      h("h3", {}, asText(snap, b.title, `s${i}`)),
      h("ul", {}, (b.lines || []).map((line, j) => h("li", { key: j }, asText(snap, line, `s${i}l${j}`)))),
      cardGroups(snap, b.cards, `s${i}`))));
}

/** The table for games without one of their own: {table, bar}. */
export function genericTable(session) {
  const snap = session.snapshot;
  const d = snap.decision;
  const prompt = d ? (d.prompt_msg ? textString(snap, d.prompt_msg) : (d.prompt || t("game.choose_action"))) : null;
  const thinking = snap.terminal ? null : thinkingNote(session, snap);
  const waiting = snap.terminal ? t("game.over") : thinking ? thinking.text
    : t("game.waiting_for", { names: (snap.to_move || []).map((s) => seatName(snap, s)).join(", ") || t("game.the_engine") });
  const table = h("div", { class: "generic-table", testid: "generic-table" },
    h("section", { class: "panel decision-panel", testid: "decision-panel", "aria-labelledby": "decision-prompt" },
      d ? [
        h("h2", { class: "prompt", testid: "decision-prompt", id: "decision-prompt", tabindex: "-1", "data-autofocus": "1" },
          d.prompt_msg ? textNodes(snap, d.prompt_msg, { where: "prompt" }) : prompt),
        actionList(session, d.actions || []),
      ] : thinking ? thinking.nodes
        : h("p", { class: "waiting", testid: "waiting", role: "status", id: "decision-prompt", tabindex: "-1" }, waiting)),
    h("section", { class: "panel players-panel", "aria-labelledby": "players-title" },
      h("h2", { id: "players-title" }, t("game.players")),
      h("ul", { class: "seat-list" }, (snap.seats || []).map((s, i) => h("li", { class: ["seat-row", (snap.to_move || []).includes(i) ? "to-move" : null], key: i },
        h("span", { class: "seat-name" }, String(s.name)), " ", h("span", { class: "seat-kind" }, t(`seat.kind_paren.${s.kind}`)))))),
    summaryPanel(snap),
    logPanel(snap),
    debugView(snap));
  return { table, bar: { prompt: d ? prompt : waiting } };
}

/** A card's text in the popover for games without their own card faces: name, facts, text. */
export function genericCardContent(game, id) {
  const rec = record(game, id) || {};
  const facts = [];
  if (rec.cost !== undefined && rec.cost !== null) facts.push(t("card.fact.cost", { n: rec.cost }));
  if (rec.color) facts.push(t(`card.fact.colour.${rec.color}`));
  if (Array.isArray(rec.tags) && rec.tags.length) facts.push(t("card.fact.tags", { tags: rec.tags.map((x) => t(`card.fact.tag.${x}`)).join(", ") }));
  if (rec.level) facts.push(t("card.fact.level", { n: String(rec.level) })); // I, II, III, IIII as printed
  if (Array.isArray(rec.types) && rec.types.length) facts.push(rec.types.map((x) => t(`card.fact.type.${x}`)).join(" / "));
  if (typeof rec.vp === "number" && rec.vp) facts.push(t("card.fact.vp", { n: rec.vp }));
  return h("div", { class: "popover-generic" },
    h("p", { class: "popover-card-name" }, cardName(game, typeOf(game, id))),
    facts.length ? h("p", { class: "popover-card-kind" }, facts.join(" · ")) : null,
    h("p", { class: "popover-text" }, cardText(game, id) || t("card.no_text")),
    rec.origin === "stand-in" ? h("p", { class: "muted" }, t("card.stand_in_note")) : null);
}
