// The Beyond the Sun table: the action board (pawn spaces with their costs and gains), the tech tree (levels I-IV,
// prerequisites, revealed techs as cards with their owners, unrevealed slots with their possible types), the star map
// (starmap.js: Sol, Deep Space, shipyards and systems as a graph, ships by player and level, control, the lit jumps),
// the faction mats, and the achievements with the end trigger. Pawn moves, research and ship moves are clicks on the board itself. It
// draws view.table and picks among decision.actions; it never decides what is legal.
import { h } from "../../ui/dom.js";
import { decisionBox, decisionPrompt, waitingDecision } from "../../ui/decision-wait.js";
import { t } from "../../i18n.js";
import { actionList } from "../../ui/decision-list.js";
import { tableUi, wide } from "../../ui/table-state.js";
import { logPanel } from "../../ui/log-view.js";
import { seatName, textNodes, textString } from "../../ui/text.js";
import { cardRef, helpButton } from "../../ui/popover.js";
import { cardName } from "../../ui/catalog.js";
import { selectedShip, shipHint, starMap } from "./starmap.js";

const GAME = "beyond_the_sun";
const txt = (snap, v, where) => (v && typeof v === "object" ? textNodes(snap, v, { where }) : v ?? "");
const str = (snap, v) => (v && typeof v === "object" ? textString(snap, v) : String(v ?? ""));


/** A player's marker: their colour, their seat's shape (a second cue for colour-blind players) and their initial. */
function seatDot(snap, seat, extra = null) {
  const name = seatName(snap, seat);
  return h("span", { class: ["seat-dot", `seat-bg-${seat}`, extra], role: "img", "aria-label": name },
    h("span", { "aria-hidden": "true" }, extra === "star" ? "" : t("btsui.map.seat_tag", { tag: (Array.from(name.trim())[0] || "?").toUpperCase() })));
}

// ------------------------------------------------------------------------------------------------ the table

export function table(session) {
  const snap = session.snapshot;
  const view = snap.view || {};
  const tb = view.table || {};
  const ui = tableUi(session, { openMats: wide, mapZoom: () => 1 });
  const legal = new Map(((snap.decision && snap.decision.actions) || []).map((a) => [a.a, a]));
  const rerender = () => session.changed();
  const pick = (a) => {
    if (session.busy || !legal.has(a)) return;
    ui.chosen = ui.chosen === a ? null : a;
    ui.slot = null;
    ui.ship = null;
    rerender();
  };
  const decision = snap.terminal ? null : decisionArea(session, snap, tb, legal, ui, rerender);
  const factions = tb.factions || [];
  const mine = factions.find((f) => f.seat === snap.viewer) || null;

  const table = h("div", { class: "bts-table", testid: "bts-table", dataset: { mode: decision ? decision.mode : "none", round: view.round } },
    infoBar(snap, view, tb),
    h("div", { class: "bts-main" },
      h("div", { class: "bts-center" },
        decision ? decision.area : null,
        actionBoard(snap, tb, legal, ui, pick),
        techTree(snap, tb, legal, ui, rerender),
        starMap(snap, tb, legal, ui, rerender)),
      h("div", { class: "bts-right" },
        mine ? factionMat(snap, tb, mine, true, ui) : null,
        factions.filter((f) => f.seat !== snap.viewer).map((f) => factionMat(snap, tb, f, false, ui)),
        achievementsPanel(snap, tb, legal, ui, pick),
        logPanel(snap))));
  return { table, bar: decision ? decision.bar : null };
}

function infoBar(snap, view, tb) {
  const end = tb.end || {};
  return h("div", { class: "info-bar", testid: "info-bar" },
    h("span", { class: "info-round", testid: "round" }, t("btsui.round", { n: view.round ?? 0 })),
    view.turn !== undefined && !snap.terminal ? h("span", { class: "info-phase" },
      view.turn === snap.viewer ? t("btsui.your_turn") : t("btsui.turn_of", { name: seatName(snap, view.turn) })) : null,
    end.text ? h("span", { testid: "end-trigger" }, txt(snap, end.text, "endtrig")) : null,
    h("span", { class: "info-goal" }, t("btsui.goal"),
      helpButton(t("btsui.goal_title"), t("btsui.goal_help"), { key: "help:bts-goal", testid: "help-goal" })));
}

// ------------------------------------------------------------------------------------------------ decisions

function decisionArea(session, snap, tb, legal, ui, rerender) {
  const d = snap.decision;
  const waiting = waitingDecision(session, snap);
  if (waiting) return waiting;
  const { text: promptText, head } = decisionPrompt(snap, d);
  const chosen = ui.chosen && legal.has(ui.chosen) ? legal.get(ui.chosen) : null;
  const placed = placedActions(tb);
  const q = tb.question;
  const loose = (d.actions || []).filter((a) => !placed.has(a.a));
  const shipSel = selectedShip(tb, ui);
  const mode = q ? "question" : "act";
  const controls = [
    q && Array.isArray(q.options) ? questionButtons(session, snap, q, legal) : null,
    !q && shipSel ? h("p", { class: "hint", testid: "ship-hint" }, shipHint(snap, shipSel, legal)) : null,
    !q && chosenResearchTypes(snap, tb, ui, legal, rerender),
    loose.length ? h("div", { class: "acting-buttons" }, loose.map((a, i) => h("button", {
      type: "button", class: "btn", key: a.a, testid: `other-${i}`, dataset: { action: a.a }, "data-legal": "",
      onclick: () => { if (!session.busy) session.submit(a.a); },
    }, a.msg ? textString(snap, a.msg) : a.label || t("game.action_unnamed")))) : null,
    q ? null : h("p", { class: "hint", testid: "hint" }, actHint(tb, legal)),
    h("details", { class: "all-actions" }, h("summary", {}, t("game.all_actions", { n: (d.actions || []).length })), actionList(session, d.actions || [])),
  ];
  return {
    mode,
    area: decisionBox(mode, head, controls),
    // A question is answered by its buttons (no Confirm): the bar says so instead of "Nothing chosen yet".
    bar: { prompt: promptText, label: q ? t("game.answer_above") : chosen ? str(snap, chosen.msg || chosen.label) : "",
      confirm: q ? null : { enabled: Boolean(chosen), text: t("game.confirm"), run: () => chosen && session.submit(chosen.a) } },
  };
}

/** What to click now, in words, from where the legal actions sit (board, tree, ships, map, achievements). */
function actHint(tb, legal) {
  const has = (list) => list.some((a) => a && legal.has(a));
  const parts = [];
  if (has(((tb.board && tb.board.areas) || []).flatMap((ar) => (ar.spaces || []).map((sp) => sp.a)))) parts.push(t("btsui.hint.space"));
  if (has(((tb.techs && tb.techs.levels) || []).flatMap((lv) => (lv.slots || []).flatMap((sl) => (sl.research || []).map((r) => r.a))))) parts.push(t("btsui.hint.slot"));
  if (has((tb.ships || []).flatMap((sh) => (sh.moves || []).map((m) => m.a)))) parts.push(t("btsui.hint.ship"));
  if (has((tb.build || []).map((b) => b.a))) parts.push(t("btsui.hint.build"));
  if (has((tb.achievements || []).map((a) => a.claim))) parts.push(t("btsui.hint.claim"));
  return parts.length ? t("btsui.hint.then_confirm", { what: parts.join(t("btsui.hint.or")) }) : t("btsui.hint.buttons");
}

/** Every action the board, tree, map and mats place, so the rest can be offered as plain buttons. */
function placedActions(tb) {
  const out = new Set();
  for (const area of (tb.board && tb.board.areas) || []) for (const s of area.spaces || []) if (s.a) out.add(s.a);
  for (const lv of (tb.techs && tb.techs.levels) || []) for (const sl of lv.slots || []) for (const r of sl.research || []) out.add(r.a);
  for (const sh of tb.ships || []) for (const m of sh.moves || []) out.add(m.a);
  for (const b of tb.build || []) out.add(b.a);
  for (const ach of tb.achievements || []) if (ach.claim) out.add(ach.claim);
  if (tb.question) for (const o of tb.question.options || []) out.add(o.a);
  return out;
}

function questionButtons(session, snap, q, legal) {
  const facts = [
    q.source ? h("p", { class: "q-source", key: "src" }, t("btsui.q_source"), " ", cardRef(GAME, q.source, cardName(GAME, q.source), { where: "qsrc" })) : null,
    q.cost ? h("p", { class: "q-fact", key: "cost" }, t("btsui.q_cost"), " ", txt(snap, q.cost, "qcost")) : null,
    q.gives ? h("p", { class: "q-fact", key: "gives" }, txt(snap, q.gives, "qgives")) : null,
    q.kind === "production" || q.kind === "trade" ? h("p", { class: "q-fact", key: "yield" },
      t("btsui.q_yields", { growth: q.growth ?? 0, ore: q.ore ?? 0, rate: q.rate ?? 3 })) : null,
    (q.looking_at || []).length ? h("p", { class: "q-fact", key: "look" }, t("btsui.q_looking_at"), " ",
      q.looking_at.map((c, i) => [i ? ", " : "", cardRef(GAME, c, cardName(GAME, c), { where: `qlook${i}` })])) : null,
  ];
  return h("div", { class: "question-box", key: "question" }, facts,
    h("div", { class: "action-list question", role: "group", "aria-label": t("game.actions_aria"), testid: `question-${q.kind}` },
      q.options.filter((o) => legal.has(o.a)).map((o, i) => h("div", { class: "action-row", key: o.a },
        h("button", { type: "button", class: ["btn", "action-btn", o.type ? `type-btn type-${o.type}` : null], testid: `action-${i}`, dataset: { action: o.a }, "data-legal": "",
          onclick: () => { if (!session.busy) session.submit(o.a); } },
        o.type ? h("span", { class: "type-swatch", "aria-hidden": "true" }) : null, str(snap, o.label)),
        o.text ? h("span", { class: "q-option-text" }, txt(snap, o.text, `qo${i}`)) : null,
        o.card ? cardRef(GAME, o.card, t("btsui.card_text"), { cls: "card-chip", where: `q${i}` }) : null))));
}

// ------------------------------------------------------------------------------------------------ action board

function actionBoard(snap, tb, legal, ui, pick) {
  const areas = (tb.board && tb.board.areas) || [];
  if (!areas.length) return null;
  return h("section", { class: "panel bts-board", testid: "action-board", "aria-labelledby": "board-title" },
    h("h2", { id: "board-title", class: "section-title" }, t("btsui.board_title")),
    h("div", { class: "board-areas" }, areas.map((area) => h("div", { class: "board-area", key: area.id, testid: `area-${area.id}` },
      h("h3", { class: "area-name" }, txt(snap, area.name, `an${area.id}`),
        area.help ? helpButton(str(snap, area.name), str(snap, area.help), { key: `help:area:${area.id}` }) : null),
      h("ol", { class: "space-row" }, (area.spaces || []).map((s) => {
        const can = s.a && legal.has(s.a);
        const selected = can && ui.chosen === s.a;
        return h("li", { key: s.id, class: ["space", can ? "legal" : null, selected ? "selected" : null, s.pawn !== null && s.pawn !== undefined ? "taken" : null], testid: `space-${s.id}` },
          h("button", {
            type: "button", class: "space-hit", "aria-pressed": String(Boolean(selected)), "aria-disabled": can ? null : "true",
            "data-legal": can ? "" : null, dataset: { space: s.id },
            onclick: () => { if (can) pick(s.a); },
          },
          s.pawn !== null && s.pawn !== undefined ? h("span", { class: "pawn" }, seatDot(snap, s.pawn, "pawn-dot"), h("span", { class: "visually-hidden" }, t("btsui.pawn_of", { name: seatName(snap, s.pawn), you: s.pawn === snap.viewer || seatName(snap, s.pawn) === t("seat.default_you") ? "yes" : "no" }))) : null,
          s.cost ? h("span", { class: "space-cost" }, txt(snap, s.cost, `sc${s.id}`)) : null,
          s.gives ? h("span", { class: "space-gives" }, txt(snap, s.gives, `sg${s.id}`)) : null,
          null),
          !can && s.why_not ? h("span", { class: "space-why", testid: `why-${s.id}` }, txt(snap, s.why_not, `sw2${s.id}`)) : null);
      }))))));
}

// ------------------------------------------------------------------------------------------------ tech tree

const TYPE_CLASS = (types) => (types || []).map((x) => `type-${x}`).join(" ");

/** After a click on a slot: what researching it does next (an unrevealed slot with two types asks the type). */
function chosenResearchTypes(snap, tb, ui, legal, rerender) {
  if (!ui.slot) return null;
  const slot = ((tb.techs && tb.techs.levels) || []).flatMap((l) => l.slots || []).find((s) => s.slot === ui.slot);
  if (!slot) return null;
  const types = slot.choose_types || [];
  return h("div", { class: "slot-choice", testid: "slot-choice" },
    h("p", { class: "hint" }, slot.card ? t("btsui.research_revealed", { name: cardName(GAME, slot.card) })
      : types.length >= 2 ? t("btsui.research_two_types", { a: t(`btsui.type.${types[0]}`), b: t(`btsui.type.${types[1]}`) })
      : t("btsui.research_hidden")),
    types.length >= 2 && !slot.card ? h("p", { class: "type-preview", "aria-hidden": "true" }, types.map((x) => h("span", { class: `type-chip type-${x}`, key: x }, t(`btsui.type.${x}`)))) : null);
}

// The tree is one 12-column grid: level I has 4 slots (3 columns each), II and III 6 (2 each), IV 3 (4 each), so a
// slot sits under its prerequisites and the links are straight lines in the grid's own units (an SVG behind it).
const LEVEL_SPAN = { 1: 3, 2: 2, 3: 2, 4: 4 };
/** A slot's place as the board prints it ("II-3", "IIII-1": the game writes level four as IIII). */
export function slotLabel(id) {
  return t("btsui.slot_label", { slot: String(id) });
}

function slotPlace(levels) {
  const out = new Map();
  levels.forEach((lv, row) => (lv.slots || []).forEach((sl, i) => {
    const span = LEVEL_SPAN[lv.level] || Math.max(1, Math.floor(12 / Math.max(1, (lv.slots || []).length)));
    out.set(sl.slot, { row, col: i * span, span, cx: i * span + span / 2 });
  }));
  return out;
}

function techLinks(levels, place, ui) {
  const lines = [];
  for (const lv of levels) for (const sl of lv.slots || []) for (const pre of sl.prereqs || []) {
    const a = place.get(pre);
    const b = place.get(sl.slot);
    if (!a || !b) continue;
    const hot = ui.slot === sl.slot || ui.slot === pre;
    lines.push(h("line", { key: `${pre}>${sl.slot}`, x1: a.cx, y1: a.row + 0.9, x2: b.cx, y2: b.row + 0.1,
      class: hot ? "link hot" : "link", "vector-effect": "non-scaling-stroke" }));
  }
  return h("svg", { class: "tech-links", viewBox: `0 0 12 ${levels.length}`, preserveAspectRatio: "none", "aria-hidden": "true", focusable: "false" }, lines);
}

function techTree(snap, tb, legal, ui, rerender) {
  const levels = (tb.techs && tb.techs.levels) || [];
  if (!levels.length) return null;
  const guilds = (tb.techs && tb.techs.guilds) || [];
  const sizes = (tb.techs && tb.techs.deck_sizes) || {};
  const place = slotPlace(levels);
  // While the viewer picks a tech, the slots it cannot take say why (otherwise every slot would say "not now").
  const choosing = levels.some((lv) => (lv.slots || []).some((sl) => (sl.research || []).some((r) => legal.has(r.a))));
  return h("section", { class: "panel bts-techs", testid: "tech-tree", "aria-labelledby": "techs-title" },
    h("h2", { id: "techs-title", class: "section-title" }, t("btsui.techs_title"),
      helpButton(t("btsui.techs_title"), t("btsui.techs_help"), { key: "help:techs" })),
    h("ul", { class: "deck-counts muted", testid: "deck-counts" }, levels.map((lv) => sizes[lv.level] ? h("li", { key: lv.level },
      h("strong", {}, t(`btsui.level.${lv.level}`)), " ", deckText(sizes[lv.level])) : null)),
    guilds.length ? h("p", { class: "guilds muted" }, t("btsui.guilds"), " ", guilds.map((g, i) => [i ? ", " : "",
      h("span", { class: g.covered ? "guild covered" : "guild open", key: g.id }, txt(snap, g.name, `g${g.id}`), g.covered ? ` (${t("btsui.covered")})` : "",
        g.help ? helpButton(str(snap, g.name), str(snap, g.help), { key: `help:guild:${g.id}` }) : null)])) : null,
    h("div", { class: "tree-grid", style: { "--rows": String(levels.length) } },
      techLinks(levels, place, ui),
      levels.map((lv) => (lv.slots || []).map((sl) => slotCard(snap, sl, lv.level, place.get(sl.slot), legal, ui, rerender, choosing)))));
}

function deckText(sizes) {
  if (typeof sizes === "number") return t("btsui.deck_n", { n: sizes });
  return Object.entries(sizes).map(([type, n]) => t("btsui.deck_type", { type: t(`btsui.type.${type}`), n })).join(" · ");
}

function slotCard(snap, sl, level, at, legal, ui, rerender, choosing) {
  const options = (sl.research || []).filter((r) => legal.has(r.a));
  const can = options.length > 0;
  const selected = ui.slot === sl.slot;
  // A click selects the slot; with one way to research it that is the choice, with two the panel asks the type.
  const onclick = () => {
    if (!can) return;
    ui.slot = selected ? null : sl.slot;
    ui.ship = null;
    ui.chosen = !selected && options.length === 1 ? options[0].a : null;
    rerender();
  };
  const style = at ? { "grid-row": String(at.row + 1), "grid-column": `${at.col + 1} / span ${at.span}` } : null;
  const name = sl.card ? cardName(GAME, sl.card) : t("btsui.unrevealed");
  return h("div", { key: sl.slot, style, testid: `slot-${sl.slot}`, dataset: { level },
    class: ["tech-slot", TYPE_CLASS(sl.types), sl.card ? "revealed" : "hidden", can ? "legal" : null, selected ? "selected" : null, sl.covered ? "covered" : null, sl.stand_in ? "stand-in" : null] },
    h("button", { type: "button", class: "slot-hit", "aria-pressed": String(selected), "aria-disabled": can ? null : "true", "data-legal": can ? "" : null, dataset: { slot: sl.slot }, onclick },
      h("span", { class: "slot-id" }, slotLabel(sl.slot),
        (sl.owners || []).length ? h("span", { class: "slot-owners" }, sl.owners.map((s) => seatDot(snap, s))) : null),
      h("span", { class: ["tech-name", sl.card ? null : "muted"] }, name),
      h("span", { class: "slot-types" }, (sl.types || []).map((x) => h("span", { class: `type-chip type-${x}`, key: x }, t(`btsui.type.${x}`)))),
      sl.covered ? h("span", { class: "slot-covered" }, t("btsui.guild_cover")) : null,
      choosing && !can && sl.why_not ? h("span", { class: "slot-why", testid: `slot-why-${sl.slot}` }, txt(snap, sl.why_not, `sw${sl.slot}`)) : null,
      (sl.prereqs || []).length ? h("span", { class: "slot-needs" }, t(sl.need && sl.need < sl.prereqs.length ? "btsui.needs_some" : "btsui.needs",
        { slots: sl.prereqs.map(slotLabel).join(", "), n: sl.need || sl.prereqs.length })) : null),
    sl.card ? cardRef(GAME, sl.card, t("btsui.card_text"), { cls: "slot-text-btn", where: `slot${sl.slot}` }) : null);
}

// ------------------------------------------------------------------------------------------------ mats and achievements

function factionMat(snap, tb, f, isMine, ui) {
  const name = seatName(snap, f.seat);
  const pop = f.population || {};
  const head = [
    seatDot(snap, f.seat),
    h("span", { class: "empire-name", testid: `seat-name-${f.seat}` }, name),
    // A button inside an opponent's <summary> would be nested interactive content: there the faction is in the body.
    f.faction && isMine ? cardRef(GAME, f.faction, cardName(GAME, f.faction), { where: `fac${f.seat}` }) : null,
    h("span", { class: "stats" },
      h("span", { class: "stat", testid: `vp-${f.seat}` }, h("span", { class: "stat-label" }, t("btsui.vp")), h("span", { class: "stat-value" }, String(f.vp ?? 0))),
      h("span", { class: "stat" }, h("span", { class: "stat-label" }, t("btsui.ore")), h("span", { class: "stat-value" }, String(f.ore ?? 0))),
      h("span", { class: "stat" }, h("span", { class: "stat-label" }, t("btsui.population")), h("span", { class: "stat-value" }, String(pop.total ?? 0)))),
  ];
  const cardOfSlot = new Map(((tb.techs && tb.techs.levels) || []).flatMap((l) => l.slots || []).map((sl) => [sl.slot, sl.card]));
  const notes = (pop.columns || []).filter((c) => c.note);
  const body = [
    f.faction && !isMine ? h("p", { class: "faction-line" }, cardRef(GAME, f.faction, cardName(GAME, f.faction), { where: `fac${f.seat}` })) : null,
    (pop.columns || []).length ? h("div", { class: "pop-columns" },
      h("h3", { class: "section-title" }, t("btsui.supply"),
        helpButton(t("btsui.supply"), t("btsui.supply_help"), { key: `help:supply:${f.seat}` })),
      h("ol", { class: "pop-row" }, pop.columns.map((c) => h("li", { key: c.id, class: ["pop-col", c.grow ? "grows" : null], testid: `pop-${f.seat}-${c.id}` },
        h("span", { class: "pop-id" }, t("btsui.column_label", { id: c.id })),
        h("span", { class: "pop-pips", role: "img", "aria-label": t("btsui.cubes_aria", { n: c.cubes, cap: c.capacity }) },
          Array.from({ length: c.capacity }, (_, i) => h("span", { key: i, class: i < c.cubes ? "pip full" : "pip" }))),
        h("span", { class: "pop-cubes", "aria-hidden": "true" }, `${c.cubes}/${c.capacity}`),
        c.grow ? h("span", { class: "pop-grow" }, t("btsui.grow_here", { n: c.grow })) : null))),
      notes.length ? h("ul", { class: "pop-notes" }, notes.map((c) => h("li", { key: c.id },
        h("strong", {}, t("btsui.column", { id: c.id })), " ", txt(snap, c.note, `pc${f.seat}${c.id}`)))) : null) : null,
    (f.production || []).length ? h("ul", { class: "prod-list" }, f.production.map((p) => h("li", { key: p.kind },
      t(`btsui.prod.${p.kind}`, { left: p.discs_left ?? 0, auto: p.automated ?? 0, yield: p.yield ?? 0 })))) : null,
    f.power ? h("p", { class: "faction-power" }, txt(snap, f.power, `pw${f.seat}`)) : null,
    (f.powers || []).length ? h("ul", { class: "power-list" }, f.powers.map((pw) => h("li", { key: pw.id, class: pw.unlocked ? "unlocked" : "locked" },
      h("strong", {}, txt(snap, pw.name, `pwn${f.seat}${pw.id}`)), " ", pw.unlocked ? t("btsui.unlocked") : [t("btsui.locked"), " ", txt(snap, pw.needs, `pwq${f.seat}${pw.id}`)],
      h("br", {}), txt(snap, pw.text, `pwt${f.seat}${pw.id}`)))) : null,
    (f.techs || []).length ? h("p", { class: "mat-line" }, h("strong", {}, t("btsui.techs_owned")), " ",
      f.techs.map((sl, i) => [i ? ", " : "", cardOfSlot.get(sl) ? cardRef(GAME, cardOfSlot.get(sl), cardName(GAME, cardOfSlot.get(sl)), { where: `mt${f.seat}${sl}` }) : slotLabel(sl)])) : null,
    (f.colonies || []).length ? h("p", { class: "mat-line", testid: `colonies-${f.seat}` }, h("strong", {}, t("btsui.colonies_owned", { n: f.colonies.length })), " ",
      f.colonies.map((c, i) => [i ? ", " : "", cardRef(GAME, c, cardName(GAME, c), { where: `mc${f.seat}${i}` })])) : null,
    f.vp_parts ? h("p", { class: "muted vp-parts" }, Object.entries(f.vp_parts).filter(([, v]) => v).map(([k, v]) => t("btsui.vp_part", { what: t(`bts.outcome.detail.${k}`), n: v })).join(" · ")) : null,
  ];
  const cls = ["empire", "bts-mat", isMine ? "mine" : "opponent", (snap.to_move || []).includes(f.seat) ? "to-move" : null];
  if (isMine) return h("section", { class: cls, testid: `mat-${f.seat}`, "aria-label": t("btsui.mat_of", { name }), key: `m${f.seat}` }, h("header", { class: "empire-head" }, head), body);
  return h("details", { class: cls, testid: `mat-${f.seat}`, key: `m${f.seat}`, open: ui.openMats, ontoggle: (e) => { ui.openMats = e.currentTarget.open; } },
    h("summary", { class: "empire-head" }, head), body);
}

function achievementsPanel(snap, tb, legal, ui, pick) {
  const achs = tb.achievements || [];
  const events = tb.events || [];
  if (!achs.length && !events.length) return null;
  return h("section", { class: "panel bts-achievements", testid: "achievements", "aria-labelledby": "ach-title" },
    h("h2", { id: "ach-title", class: "section-title" }, t("btsui.achievements")),
    h("ul", { class: "ach-list" }, achs.map((a) => {
      const can = a.claim && legal.has(a.claim);
      return h("li", { key: a.id, class: ["ach", can ? "legal" : null, a.claim && ui.chosen === a.claim ? "selected" : null], testid: `ach-${a.id}` },
        h("div", { class: "ach-head" },
          cardRef(GAME, a.id, a.name ? str(snap, a.name) : cardName(GAME, a.id), { where: `ach${a.id}` }),
          a.met_by_viewer === true ? h("span", { class: "ach-met" }, t("btsui.met")) : a.met_by_viewer === false ? h("span", { class: "ach-unmet" }, t("btsui.not_met")) : null),
        a.needs ? h("div", { class: "ach-needs" }, txt(snap, a.needs, `an${a.id}`),
          typeof a.have === "number" && typeof a.at_least === "number" ? h("span", { class: "ach-have" }, " ", t("btsui.you_have", { n: a.have, need: a.at_least })) : null) : null,
        h("div", { class: "ach-discs" }, (a.discs || []).map((d, i) => h("span", { key: i, class: "ach-disc" }, seatDot(snap, d.seat, d.star ? "star" : null), (a.vp || [])[i] !== undefined ? t("btsui.vp_n", { n: a.vp[i] }) : null)),
          (a.vp || []).slice((a.discs || []).length).map((v, i) => h("span", { key: `free${i}`, class: "ach-disc free" }, h("span", { class: "seat-dot empty", "aria-hidden": "true" }), t("btsui.vp_n", { n: v })))),
        can ? h("button", { type: "button", class: ["btn", "small", ui.chosen === a.claim ? "on" : null], testid: `claim-${a.id}`, "data-legal": "", onclick: () => pick(a.claim) }, t("btsui.claim")) : null);
    })),
    events.length ? [h("h3", { class: "section-title", key: "evt" }, t("btsui.events")),
      h("ul", { class: "event-list", key: "evl" }, events.map((e, i) => h("li", { key: i }, cardRef(GAME, e.card, cardName(GAME, e.card), { where: `ev${i}` }))))] : null);
}
