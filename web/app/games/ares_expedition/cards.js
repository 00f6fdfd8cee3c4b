// Ares Expedition card faces, in our own design (CSS and inline SVG): colour band, printed and effective cost, tags
// as icons, the requirement marked met or not, VP, the text, and what the card holds. A selectable face is a button
// with a separate "i" for the full text in the popover; tableau cards show their blue action as a button.
import { h } from "../../ui/dom.js";
import { t, tMaybe } from "../../i18n.js";
import { cardName, cardText, record, typeOf } from "../../ui/catalog.js";
import { cardInfoButton, longPressProps, openCard } from "../../ui/popover.js";
import { textNodes, textString } from "../../ui/text.js";

const GAME = "ares_expedition";

// One small glyph per tag (24x24 viewBox), drawn as plain paths.
const TAG_PATHS = {
  science: "M12 4a2 2 0 1 1 0 .1M4 12c0-3 16-3 16 0s-16 3-16 0M7 5c2.5-1.5 12.5 12 10 13.5S4.5 6.5 7 5M17 5c2.5 1.5-7.5 15-10 13.5S14.5 3.5 17 5",
  building: "M5 20V9l7-5 7 5v11h-5v-6h-4v6z",
  space: "M12 3l2.2 6.3H21l-5.4 4 2.1 6.5L12 15.8 6.3 19.8l2.1-6.5L3 9.3h6.8z",
  power: "M13 2L5 14h6l-1 8 8-12h-6z",
  plant: "M12 21c0-7 3-12 9-14-1 7-4 11-9 11M12 21c0-5-2-9-8-10 1 5 3 8 8 8",
  microbe: "M12 5a7 7 0 1 0 .1 0M9 10a1.5 1.5 0 1 0 .1 0M14 13a1.5 1.5 0 1 0 .1 0M11 15a1 1 0 1 0 .1 0",
  animal: "M7 9a2 2 0 1 0 .1 0M17 9a2 2 0 1 0 .1 0M10 5a2 2 0 1 0 .1 0M14 5a2 2 0 1 0 .1 0M12 12c-4 0-6 5-4 7 2 1 6 1 8 0 2-2 0-7-4-7",
  earth: "M12 3a9 9 0 1 0 .1 0M5 9c3 0 4 2 6 2s2 3 0 4-1 4 1 5M14 4c0 2 2 3 4 3M15 13c2 0 3 1 4 3",
  jovian: "M12 3a9 9 0 1 0 .1 0M3.5 9h17M3 13h18M4 16.5h16",
  event: "M12 3v12M7 10l5 5 5-5M6 20h12",
};

export function tagIcon(tag) {
  const name = t(`aresui.tag.${tag}`);
  return h("span", { class: `ares-tag tag-${tag}`, role: "img", "aria-label": name, key: tag },
    h("svg", { viewBox: "0 0 24 24", "aria-hidden": "true" }, h("path", { d: TAG_PATHS[tag] || "M6 6h12v12H6z" })));
}

/** The facts of a card from the engine's catalog record (printed cost, colour, tags, VP). */
export function aresInfo(id) {
  const rec = record(GAME, id) || {};
  return {
    id: typeOf(GAME, id),
    name: cardName(GAME, id),
    text: cardText(GAME, id),
    effect: tMaybe(`ares.card.${typeOf(GAME, id)}.effect`) ?? cardText(GAME, id),
    color: rec.color || (rec.kind === "corporation" ? "corporation" : "green"),
    cost: typeof rec.cost === "number" ? rec.cost : null,
    tags: Array.isArray(rec.tags) ? rec.tags : [],
    vp: typeof rec.vp === "number" ? rec.vp : null,
    kind: rec.kind || "project",
    mc: typeof rec.mc === "number" ? rec.mc : null,
  };
}

function costBadge(info, row) {
  if (info.cost === null) return null;
  const eff = row && typeof row.cost === "number" ? row.cost : null;
  const cheaper = eff !== null && eff !== info.cost;
  return h("span", { class: ["ares-cost", cheaper ? "cheaper" : null] },
    h("span", { class: "ares-cost-printed", "aria-label": t("aresui.card.printed_cost", { n: info.cost }) }, String(info.cost)),
    cheaper ? h("span", { class: "ares-cost-eff", "aria-label": t("aresui.card.effective_cost", { n: eff }) }, String(eff)) : null);
}

function requirementLine(snap, row) {
  const reqs = (row && row.requirements) || [];
  if (!reqs.length) return null;
  return h("ul", { class: "ares-reqs" }, reqs.map((r, i) => h("li", { class: r.met ? "met" : "unmet", key: i },
    h("span", { class: "req-mark", "aria-hidden": "true" }, r.met ? "✓" : "✗"),
    h("span", { class: "visually-hidden" }, r.met ? t("aresui.card.req_met") : t("aresui.card.req_unmet")),
    textNodes(snap, r.text, { where: `req${row.id}${i}` }),
    !r.met && r.now ? h("span", { class: "req-now" }, " (", textNodes(snap, r.now, { where: `now${row.id}${i}` }), ")") : null)));
}

function faceContent(snap, info, row, opts) {
  const status = opts.onSelect ? (row && row.playable === false ? t("card.a11y.not_playable_short") : t("card.a11y.playable")) : null;
  return [
    status ? h("span", { class: "visually-hidden" }, `${status}. `) : null,
    h("div", { class: "ares-top" },
      costBadge(info, row),
      h("span", { class: "ares-tags" }, info.tags.map(tagIcon))),
    h("div", { class: "ares-name" }, info.name),
    opts.small ? null : requirementLine(snap, row),
    h("div", { class: "ares-text" }, info.effect),
    h("div", { class: "ares-bottom" },
      info.vp ? h("span", { class: "ares-vp", "aria-label": t("aresui.card.vp", { n: info.vp }) }, String(info.vp)) : null,
      opts.holds ? h("span", { class: "ares-holds" }, t(`aresui.holds.${opts.holds.kind}`, { n: opts.holds.n })) : null,
      info.kind === "corporation" && info.mc !== null ? h("span", { class: "ares-start-mc" }, t("aresui.card.starts_with", { n: info.mc })) : null),
    row && row.reason && opts.showReason ? h("div", { class: "ares-reason" }, textNodes(snap, row.reason, { where: `why${row.id}` })) : null,
  ];
}

/**
 * A card face. opts: {row (the engine's hand row), small, selected, onSelect, holds, actions: [{a, label}],
 * onAction(a), testid, showReason, key}
 */
export function aresCard(snap, id, opts = {}) {
  const info = aresInfo(id);
  const row = opts.row || null;
  const cls = ["ares-card", `ares-${info.color}`, opts.small ? "small" : null, opts.selected ? "selected" : null,
    row && row.playable === false ? "unplayable" : null, row && row.playable ? "playable" : null];
  const data = { card: info.id, color: info.color, playable: row ? (row.playable ? "1" : "0") : null };
  const actions = (opts.actions || []).length
    ? h("div", { class: "ares-actions" }, opts.actions.map((act, i) => h("button", {
      type: "button", class: "btn small ares-action-btn", key: act.a, testid: `card-action-${info.id}-${i}`, "data-legal": "",
      onclick: (ev) => { ev.stopPropagation(); opts.onAction(act.a); },
    }, act.label ? textString(snap, act.label) : t("aresui.card.use_action")))) : null;
  if (opts.onSelect) {
    return h("div", { class: cls, testid: opts.testid, dataset: data, key: opts.key ?? id },
      h("button", {
        type: "button", class: "card-hit", "aria-pressed": String(Boolean(opts.selected)), "aria-keyshortcuts": "I",
        "data-legal": opts.disabled || (row && row.playable === false) ? null : "", dataset: { popoverKey: `aface:${id}` },
        onclick: (ev) => { ev.preventDefault(); opts.onSelect(); },
        onkeydown: (ev) => { if (ev.key === "i" || ev.key === "I") { ev.preventDefault(); openCard(GAME, info.id, ev.currentTarget); } },
        ...longPressProps(GAME, info.id),
      }, faceContent(snap, info, row, { ...opts, showReason: true })),
      cardInfoButton(GAME, info.id, info.name, { testid: opts.testid ? `${opts.testid}-info` : null }),
      actions);
  }
  return h("div", { class: cls, testid: opts.testid, dataset: data, key: opts.key ?? id },
    h("button", {
      type: "button", class: "card-hit", "aria-haspopup": "dialog", dataset: { popoverKey: `aface:${id}` },
      onclick: (ev) => { ev.preventDefault(); openCard(GAME, info.id, ev.currentTarget); },
    }, faceContent(snap, info, row, opts)),
    actions);
}

/** The popover's content for an Ares card: the face, large, with every line. */
export function aresCardContent(game, id) {
  const info = aresInfo(id);
  const facts = [];
  if (info.cost !== null) facts.push(t("card.fact.cost", { n: info.cost }));
  if (info.color && info.color !== "corporation") facts.push(t(`card.fact.colour.${info.color}`));
  if (info.tags.length) facts.push(t("card.fact.tags", { tags: info.tags.map((x) => t(`card.fact.tag.${x}`)).join(", ") }));
  if (info.vp) facts.push(t("card.fact.vp", { n: info.vp }));
  if (info.kind === "corporation" && info.mc !== null) facts.push(t("aresui.card.starts_with", { n: info.mc }));
  return h("div", { class: "popover-generic" },
    h("p", { class: "popover-card-name" }, info.name),
    facts.length ? h("p", { class: "popover-card-kind" }, facts.join(" · ")) : null,
    h("p", { class: "popover-text" }, info.text || t("card.no_text")),
    tMaybe(`aresui.colour_help.${info.color}`) ? h("p", { class: "muted" }, t(`aresui.colour_help.${info.color}`)) : null);
}
