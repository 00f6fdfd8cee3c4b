// The Terraforming Mars: Ares Expedition table: Mars, the five phase cards, each player's board, the hand as card
// faces with their effective cost and why a card cannot be played, the payment before Confirm, the tableau by colour
// with blue actions on the cards, and every other decision as controls on the things themselves. It draws the
// engine's view (view.table) and picks among decision.actions; it never decides what is legal.
import { h } from "../../ui/dom.js";
import { decisionBox, decisionPrompt, waitingDecision } from "../../ui/decision-wait.js";
import { t } from "../../i18n.js";
import { withParsed } from "../../ui/actions.js";
import { actionList } from "../../ui/decision-list.js";
import { tableUi } from "../../ui/table-state.js";
import { logPanel } from "../../ui/log-view.js";
import { seatName, textNodes, textString } from "../../ui/text.js";
import { helpButton } from "../../ui/popover.js";
import { aresCard, aresInfo } from "./cards.js";
import { marsPanel, marsFromParams } from "./mars.js";
export { aresCardContent as cardContent } from "./cards.js";
export { endBelow } from "./end.js";

const PHASES = [1, 2, 3, 4, 5];


const labelOf = (snap, act) => (act ? (act.msg ? textString(snap, act.msg) : act.label || "") : "");

// ------------------------------------------------------------------------------------------------ the table

export function table(session) {
  const snap = session.snapshot;
  const view = snap.view || {};
  const tb = view.table || {};
  const me = snap.viewer;
  const players = tb.players || [];
  const mine = players.find((p) => p.seat === me) || null;
  // Opponents start on one line each; a spectator (no board of their own) sees every board open.
  const ui = tableUi(session, { openOpponents: () => mine === null });
  const parsed = withParsed(snap.decision ? snap.decision.actions : []);
  const rerender = () => session.changed();
  const others = players.filter((p) => p.seat !== me);
  const decision = snap.terminal ? null : decisionArea(session, snap, tb, parsed, ui, rerender);

  const table = h("div", { class: "ares-table", testid: "ares-table", dataset: { stage: view.stage, phase: view.phase ?? "", mode: decision ? decision.mode : "none" } },
    roundBar(snap, view, tb),
    phaseStrip(session, snap, tb, parsed, ui, rerender),
    h("div", { class: "ares-main" },
      h("div", { class: "ares-left" },
        marsPanel(snap, tb.mars || marsFromParams(view)),
        tb.solo ? soloPanel(snap, tb.solo) : null,
        tb.coop ? coopPanel(snap, tb.coop) : null),
      h("div", { class: "ares-center" },
        // The opponents first, each on one line until opened (their TR, VP, forests, hand and pick in the line).
        others.length ? h("div", { class: "ares-opponents" }, others.map((p) => boardPanel(session, snap, p, false, ui, rerender))) : null,
        decision ? decision.area : null,
        mine ? boardPanel(session, snap, mine, true, ui, rerender) : null,
        Array.isArray(tb.hand) ? handPanel(session, snap, tb, parsed, ui, rerender, decision ? decision.mode : "none") : null),
      h("aside", { class: "ares-side" }, logPanel(snap, { headers: isPhaseHeader }))));
  return { table, bar: decision ? decision.bar : null };
}

/** The "Phases this round" line also reads as a header, under its round's. */
function isPhaseHeader(entry) {
  return String(entry.id || "").startsWith("ares.log.phases");
}

function roundBar(snap, view, tb) {
  const solo = tb.solo;
  return h("div", { class: "info-bar", testid: "info-bar" },
    h("span", { class: "info-round", testid: "round" }, solo ? t("aresui.round_of", { n: view.round, of: solo.rounds || 25 }) : t("aresui.round", { n: view.round })),
    h("span", { class: "info-phase" }, view.phase ? t("aresui.phase_now", { phase: t(`ares.term.phase.${view.phase}`) }) : t(`aresui.stage.${view.stage}`)),
    h("span", {}, t("aresui.deck", { n: view.deck_size ?? 0 })),
    h("span", {}, t("aresui.discard", { n: view.discard_size ?? 0 })),
    h("span", { class: "info-goal" }, t(`aresui.goal.${view.mode || "standard"}`),
      helpButton(t("aresui.goal_title"), t(`aresui.goal_help.${view.mode || "standard"}`), { key: "help:ares-goal", testid: "help-goal" })));
}

// ------------------------------------------------------------------------------------------------ phases

function phaseStrip(session, snap, tb, parsed, ui, rerender) {
  const ph = tb.phases || {};
  const cards = ph.cards || PHASES.map((n) => ({ phase: n, state: "unknown" }));
  const picks = new Map(parsed.filter((a) => a.verb === "phase" || a.verb === "dummy").map((a) => [Number(a.params.pick), a]));
  const choosing = picks.size > 0;
  return h("section", { class: "phase-strip", testid: "phase-strip", "aria-labelledby": "phases-title" },
    h("h2", { id: "phases-title", class: "visually-hidden" }, t("aresui.phases_title")),
    h("ol", { class: "phase-cards" }, cards.map((c) => {
      const act = picks.get(c.phase);
      const isLast = choosing && ph.last === c.phase && !act;
      const selected = ui.phase === c.phase;
      const body = [
        h("span", { class: "phase-num" }, String(c.phase)),
        h("span", { class: "phase-name" }, t(`ares.term.phase.${c.phase}`)),
        c.bonus ? h("span", { class: "phase-bonus" }, t("aresui.phase_bonus"), " ", textNodes(snap, c.bonus, { where: `pb${c.phase}` })) : null,
        c.all ? h("span", { class: "phase-all" }, textNodes(snap, c.all, { where: `pa${c.phase}` })) : null,
        (c.chosen_by || []).length ? h("span", { class: "phase-who" }, t("aresui.chosen_by", { names: c.chosen_by.map((s) => seatName(snap, s)).join(", ") })) : null,
        ph.mine === c.phase && !choosing ? h("span", { class: "phase-mine" },
          t(cards.some((x) => (x.chosen_by || []).length) ? "aresui.your_pick_revealed" : "aresui.your_pick")) : null,
        isLast ? h("span", { class: "phase-why" }, ph.last_reason ? textNodes(snap, ph.last_reason, { where: "lastr" }) : t("aresui.last_round_pick")) : null,
      ];
      const cls = ["phase-card", `phase-${c.state || "unknown"}`, act ? "pickable" : null, selected ? "selected" : null, isLast ? "blocked" : null];
      if (choosing) {
        return h("li", { key: c.phase, class: cls, testid: `phase-card-${c.phase}` },
          h("button", {
            type: "button", class: "phase-hit", "aria-pressed": String(selected), "aria-disabled": act ? null : "true", "data-legal": act ? "" : null,
            onclick: () => { if (!act || session.busy) return; ui.phase = selected ? null : c.phase; rerender(); },
          }, body));
      }
      return h("li", { key: c.phase, class: cls, testid: `phase-card-${c.phase}` }, body);
    })));
}

// ------------------------------------------------------------------------------------------------ decisions

/** The decision panel and what the action bar shows, by what the legal actions are. */
function decisionArea(session, snap, tb, parsed, ui, rerender) {
  const d = snap.decision;
  const waiting = waitingDecision(session, snap);
  if (waiting) return waiting;
  const { text: promptText, head } = decisionPrompt(snap, d);
  const verbs = new Set(parsed.map((a) => a.verb));
  const all = h("details", { class: "all-actions" }, h("summary", {}, t("game.all_actions", { n: parsed.length })), actionList(session, d.actions || []));
  let picked;
  if (verbs.has("corp")) picked = corpPicker(session, snap, tb, parsed, ui, rerender);
  else if (verbs.has("phase") || verbs.has("dummy")) picked = phasePick(session, snap, parsed, ui);
  else if (verbs.has("swap")) picked = swapPicker(session, snap, parsed, ui, rerender);
  else if (verbs.has("keep") || verbs.has("discard")) picked = cardsPick(session, snap, tb, parsed, ui, rerender, verbs.has("keep") ? "keep" : "discard");
  else if (verbs.has("play") || verbs.has("sell") || verbs.has("std") || verbs.has("act") || verbs.has("done")) picked = actingPanel(session, snap, tb, parsed, ui, rerender);
  else picked = { mode: "choice", controls: questionPanel(session, snap, tb), bar: null };
  return {
    mode: picked.mode,
    area: decisionBox(picked.mode, head, tb.forced_conversion ? h("p", { class: "warn", testid: "forced-conversion" }, textNodes(snap, tb.forced_conversion, { where: "forced" })) : null,
      picked.controls, picked.mode === "choice" ? null : all),
    bar: { prompt: promptText, ...(picked.bar || {}) },
  };
}

function corpPicker(session, snap, tb, parsed, ui, rerender) {
  const acts = parsed.filter((a) => a.verb === "corp");
  const ids = acts.map((a) => a.params.pick);
  const chosen = acts.find((a) => a.params.pick === ui.corp) || null;
  const controls = h("div", { class: "corp-offer", testid: "corp-offer" },
    h("p", { class: "hint" }, t("aresui.corp_hint")),
    h("div", { class: "ares-cards-row" }, ids.map((id) => aresCard(snap, id, {
      key: id, testid: `corp-${id}`, selected: ui.corp === id,
      onSelect: () => { ui.corp = ui.corp === id ? null : id; rerender(); },
    }))));
  return {
    mode: "corp", controls,
    bar: { label: chosen ? labelOf(snap, chosen) : "", confirm: { enabled: Boolean(chosen), text: t("game.confirm"), run: () => chosen && session.submit(chosen.a) } },
  };
}

function phasePick(session, snap, parsed, ui) {
  const acts = parsed.filter((a) => a.verb === "phase" || a.verb === "dummy");
  const chosen = acts.find((a) => Number(a.params.pick) === ui.phase) || null;
  const controls = h("p", { class: "hint" }, acts.some((a) => a.verb === "dummy") ? t("aresui.dummy_hint") : t("aresui.phase_hint"));
  return {
    mode: "phase", controls,
    bar: { label: chosen ? labelOf(snap, chosen) : "", confirm: { enabled: Boolean(chosen), text: t("game.confirm"), run: () => chosen && session.submit(chosen.a) } },
  };
}

/** Co-op swap: one card of yours to give and one of your partner's to take, then Confirm (or skip). */
function swapPicker(session, snap, parsed, ui, rerender) {
  const swaps = parsed.filter((a) => a.verb === "swap");
  const others = parsed.filter((a) => a.verb !== "swap");
  const gives = [...new Set(swaps.map((a) => a.params.give))];
  const takes = [...new Set(swaps.map((a) => a.params.take))];
  const chosen = swaps.find((a) => a.params.give === ui.give && a.params.take === ui.take) || null;
  const row = (ids, key, testid) => h("div", { class: "ares-cards-row", testid }, ids.map((id) => aresCard(snap, id, {
    key: `${key}-${id}`, testid: `${testid}-${id}`, selected: ui[key] === id,
    onSelect: () => { ui[key] = ui[key] === id ? null : id; rerender(); },
  })));
  const controls = h("div", { class: "swap-pick", testid: "swap" },
    h("h3", { class: "section-title" }, t("aresui.swap.give")), row(gives, "give", "swap-give"),
    h("h3", { class: "section-title" }, t("aresui.swap.take")), row(takes, "take", "swap-take"),
    others.length ? actionList(session, others.map((a) => snap.decision.actions.find((x) => x.a === a.a)), { testidPrefix: "other" }) : null);
  return {
    mode: "swap", controls,
    bar: { label: chosen ? labelOf(snap, chosen) : t("aresui.swap.pick_both"),
      confirm: { enabled: Boolean(chosen), text: t("aresui.swap.confirm"), run: () => chosen && session.submit(chosen.a) } },
  };
}

/** Keep k of n (research) or discard n: pick card faces, then Confirm plays them all at once. */
function cardsPick(session, snap, tb, parsed, ui, rerender, verb) {
  const acts = parsed.filter((a) => a.verb === verb);
  const others = parsed.filter((a) => a.verb !== verb);
  const ids = acts.map((a) => a.params.card);
  const q = tb.question || {};
  const need = verb === "keep" ? (q.keep || 1) : (q.left || q.n || 1);
  ui.pick = ui.pick || new Set();
  const n = ui.pick.size;
  const controls = h("div", { class: "cards-pick", testid: `pick-${verb}` },
    h("p", { class: "hint" }, t(`aresui.pick.${verb}_hint`, { n: need, of: ids.length })),
    h("div", { class: "ares-cards-row" }, ids.map((id) => aresCard(snap, id, {
      key: id, testid: `pick-card-${id}`, selected: ui.pick.has(id),
      row: (tb.hand || []).find((r) => r.id === id) || null,
      onSelect: () => { if (ui.pick.has(id)) ui.pick.delete(id); else if (ui.pick.size < need) ui.pick.add(id); rerender(); },
    }))),
    h("p", { class: "pay-count", "aria-live": "polite" }, t(`aresui.pick.${verb}_count`, { n, of: need })),
    others.length ? actionList(session, others.map((a) => snap.decision.actions.find((x) => x.a === a.a)), { testidPrefix: "other" }) : null);
  const chosen = acts.filter((a) => ui.pick.has(a.params.card)).map((a) => a.a);
  return {
    mode: verb, controls,
    bar: {
      label: n ? t(`aresui.pick.${verb}_label`, { n }) : "",
      confirm: { enabled: n === need, text: t(`aresui.pick.${verb}_confirm`, { n, left: Math.max(0, need - n) }), run: () => (chosen.length === 1 ? session.submit(chosen[0]) : session.submitMany(chosen)) },
    },
  };
}

/** A phase's actions: play a card (with its payment), sell cards, standard actions, other buttons, Done. */
function actingPanel(session, snap, tb, parsed, ui, rerender) {
  const d = snap.decision;
  const byA = new Map((d.actions || []).map((a) => [a.a, a]));
  const hand = tb.hand || [];
  const sel = ui.card ? hand.find((r) => r.id === ui.card) : null;
  const plays = sel ? (sel.plays || []).filter((p) => byA.has(p.a)) : [];
  const chosenPlay = plays.find((p) => p.a === ui.play) || plays[0] || null;
  const sells = parsed.filter((a) => a.verb === "sell");
  ui.sell = ui.sell || new Set();
  const std = (tb.standard || []).filter((s) => s.a && byA.has(s.a));
  const phase = (tb.phases && tb.phases.current) || null;
  const done = parsed.find((a) => a.verb === "done") || null;
  const shown = new Set([...hand.flatMap((r) => (r.plays || []).map((p) => p.a)), ...sells.map((a) => a.a), ...std.map((s) => s.a),
    ...(tb.players || []).flatMap((p) => ["blue", "green", "red"].flatMap((c) => ((p.tableau || {})[c] || []).flatMap((x) => (x.actions || []).map((y) => y.a))))]);
  const rest = (d.actions || []).filter((a) => !shown.has(a.a));
  const payment = sel && !ui.sellMode ? paymentPanel(snap, tb, sel, plays, chosenPlay, ui, rerender) : null;
  const controls = h("div", { class: "acting" },
    h("p", { class: "hint" }, ui.sellMode ? t("aresui.sell_hint", { n: (hand[0] && hand[0].sell_value) || 3 })
      : t(phase === 3 ? "aresui.action_hint" : "aresui.play_hint")),
    payment,
    h("div", { class: "acting-buttons" },
      sells.length ? h("button", { type: "button", class: ["btn", ui.sellMode ? "on" : null], testid: "sell-mode", "aria-pressed": String(Boolean(ui.sellMode)), "data-legal": "",
        onclick: () => { ui.sellMode = !ui.sellMode; ui.card = null; ui.sell = new Set(); rerender(); } }, t("aresui.sell_mode")) : null,
      rest.map((a, i) => h("button", { type: "button", class: "btn", key: a.a, testid: `act-${i}`, dataset: { action: a.a }, "data-legal": "", onclick: () => { if (!session.busy) session.submit(a.a); } }, labelOf(snap, a)))),
    // Every standard action is listed, so a newcomer learns they exist: a legal one is a button (data-legal), the
    // others are greyed with the engine's reason (its cost, the phase, a parameter already done).
    (tb.standard || []).length ? h("div", { class: "standard" },
      h("h3", { class: "section-title" }, t("aresui.standard_title"), helpButton(t("aresui.standard_title"), t("aresui.standard_help"), { key: "help:std" })),
      h("div", { class: "standard-buttons" }, tb.standard.map((s) => (s.a && byA.has(s.a)
        ? h("button", {
          type: "button", class: "btn small", key: s.what, testid: `std-${s.what}`, "data-legal": "",
          onclick: () => { if (!session.busy) session.submit(s.a); },
        }, textString(snap, s.label))
        : h("span", { class: "std-off", key: s.what, testid: `std-off-${s.what}` },
          h("span", { class: "std-off-label" }, textString(snap, s.label)),
          s.reason ? h("span", { class: "std-off-why" }, textString(snap, s.reason)) : null))))) : null);
  let bar;
  if (ui.sellMode) {
    const chosen = sells.filter((a) => ui.sell.has(a.params.card)).map((a) => a.a);
    bar = { label: t("aresui.sell_label", { n: chosen.length, mc: chosen.length * ((hand[0] && hand[0].sell_value) || 3) }),
      confirm: { enabled: chosen.length > 0, text: t("aresui.sell_confirm", { n: chosen.length }), run: () => (chosen.length === 1 ? session.submit(chosen[0]) : session.submitMany(chosen)) } };
  } else {
    if (phase === 3 && !chosenPlay && done) {
      bar = { label: t("aresui.action_bar"), confirm: { enabled: true, text: labelOf(snap, done), run: () => session.submit(done.a) } };
    } else {
      bar = { label: chosenPlay ? textString(snap, chosenPlay.label) : "",
        confirm: { enabled: Boolean(chosenPlay), text: t("aresui.play_confirm"), run: () => chosenPlay && session.submit(chosenPlay.a) } };
    }
  }
  return { mode: ui.sellMode ? "sell" : "act", controls, bar };
}

function paymentPanel(snap, tb, sel, plays, chosen, ui, rerender) {
  const info = aresInfo(sel.id);
  const funds = tb.funds || {};
  return h("div", { class: "payment", testid: "payment", "aria-live": "polite" },
    h("h3", { class: "section-title" }, t("aresui.pay.title", { name: info.name })),
    h("table", { class: "pay-table" },
      h("tbody", {},
        h("tr", {}, h("th", { scope: "row" }, t("aresui.pay.printed")), h("td", {}, t("aresui.mc", { n: sel.printed_cost ?? info.cost ?? 0 }))),
        (sel.discounts || []).map((x, i) => h("tr", { key: i, class: "discount" }, h("th", { scope: "row" }, textNodes(snap, x.text, { where: `disc${i}` })), h("td", {}, t("aresui.minus_mc", { n: x.n })))),
        chosen && (chosen.uses || []).length ? h("tr", { class: "discount" }, h("th", { scope: "row" }, t("aresui.pay.options_used")), h("td", {}, t("aresui.minus_mc", { n: Math.max(0, (sel.cost ?? 0) - chosen.cost) }))) : null,
        h("tr", { class: "total" }, h("th", { scope: "row" }, t("aresui.pay.you_pay")), h("td", { testid: "pay-total" }, t("aresui.mc", { n: chosen ? chosen.cost : sel.cost ?? 0 }))),
        h("tr", {}, h("th", { scope: "row" }, t("aresui.pay.you_have")), h("td", {}, funds.heat_as_mc ? t("aresui.mc_and_heat", { n: funds.mc ?? 0, heat: funds.heat ?? 0 }) : t("aresui.mc", { n: funds.mc ?? 0 }))),
        chosen ? h("tr", {}, h("th", { scope: "row" }, t("aresui.pay.left")), h("td", { testid: "pay-left" }, t("aresui.mc", { n: Math.max(0, (funds.mc ?? 0) - chosen.cost) }))) : null)),
    plays.length > 1 ? h("div", { class: "variants", role: "radiogroup", "aria-label": t("aresui.pay.how") }, plays.map((p, i) => h("label", { class: "variant", key: p.a },
      h("input", { type: "radio", name: "pay-variant", testid: `pay-variant-${i}`, checked: chosen && chosen.a === p.a, onchange: () => { ui.play = p.a; rerender(); } }),
      " ", textString(snap, p.label)))) : null,
    !plays.length ? h("p", { class: "warn", testid: "not-playable" }, sel.reason ? textNodes(snap, sel.reason, { where: "selwhy" }) : t("aresui.not_now")) : null);
}

// ------------------------------------------------------------------------------------------------ hand and boards

function handPanel(session, snap, tb, parsed, ui, rerender, mode) {
  const hand = tb.hand || [];
  const sellable = new Set(parsed.filter((a) => a.verb === "sell").map((a) => a.params.card));
  const acting = mode === "act" || mode === "sell";
  return h("section", { class: "hand ares-hand", testid: "hand", "aria-labelledby": "hand-title" },
    h("h2", { class: "section-title", id: "hand-title" }, ui.sellMode ? t("aresui.hand_sell") : t("aresui.hand"), h("span", { class: "muted" }, ` (${hand.length})`)),
    hand.length ? h("div", { class: "ares-cards-row" }, hand.map((row) => aresCard(snap, row.id, {
      key: row.id, testid: `hand-card-${row.id}`, row,
      selected: ui.sellMode ? ui.sell.has(row.id) : ui.card === row.id,
      disabled: !acting || (ui.sellMode && !sellable.has(row.id)),
      onSelect: acting ? () => {
        if (session.busy) return;
        if (ui.sellMode) { if (!sellable.has(row.id)) return; if (ui.sell.has(row.id)) ui.sell.delete(row.id); else ui.sell.add(row.id); }
        else { ui.card = ui.card === row.id ? null : row.id; ui.play = null; }
        rerender();
      } : () => {},
    }))) : h("p", { class: "empty-note" }, t("aresui.hand_empty")));
}

function resource(label, stock, prod, testid) {
  return h("div", { class: "res", testid },
    h("span", { class: "res-label" }, label),
    h("span", { class: "res-stock" }, String(stock ?? 0)),
    prod !== undefined && prod !== null ? h("span", { class: "res-prod", "aria-label": t("aresui.board.production_aria", { n: prod }) }, t("aresui.board.prod", { n: prod })) : null);
}

function boardPanel(session, snap, p, isMine, ui, rerender) {
  const name = seatName(snap, p.seat);
  const stock = p.stock || {};
  const prod = p.prod || {};
  const head = [
    h("span", { class: "empire-name", testid: `seat-name-${p.seat}` }, name),
    p.corporation ? h("span", { class: "corp-name" }, aresInfo(p.corporation).name) : null,
    isMine ? h("span", { class: "you-tag" }, t("aresui.table.you_tag")) : null,
    p.done && snap.view && snap.view.stage === "phase" ? h("span", { class: "status status-done" }, t("aresui.board.done")) : null,
    h("span", { class: "stats" },
      h("span", { class: "stat stat-tr", testid: `tr-${p.seat}` }, h("span", { class: "stat-label" }, t("aresui.board.tr")), h("span", { class: "stat-value" }, String(p.tr ?? 0))),
      h("span", { class: "stat", testid: `vp-${p.seat}` }, h("span", { class: "stat-label" }, t("aresui.board.vp")), h("span", { class: "stat-value" }, String(p.vp ?? 0))),
      h("span", { class: "stat" }, h("span", { class: "stat-label" }, t("aresui.board.forests")), h("span", { class: "stat-value" }, String(p.forests ?? 0))),
      isMine ? null : h("span", { class: "stat" }, h("span", { class: "stat-label" }, t("aresui.board.hand")), h("span", { class: "stat-value" }, String(p.hand_size ?? 0))),
      p.pick ? h("span", { class: "stat" }, h("span", { class: "stat-label" }, t("aresui.board.pick")), h("span", { class: "stat-value" }, t(`ares.term.phase.${p.pick}`))) : null),
  ];
  const body = [
    h("div", { class: "res-grid" },
      resource(t("aresui.res.mc"), stock.mc, p.mc_per_production ?? prod.mc, `mc-${p.seat}`),
      resource(t("aresui.res.heat"), stock.heat, prod.heat),
      resource(t("aresui.res.plants"), stock.plants, prod.plants),
      resource(t("aresui.res.steel"), stock.steel, null),
      resource(t("aresui.res.titanium"), stock.titanium, null),
      resource(t("aresui.res.cards"), prod.cards ?? 0, null)),
    tableau(session, snap, p, isMine),
  ];
  const cls = ["empire", "ares-board", isMine ? "mine" : "opponent", (snap.to_move || []).includes(p.seat) ? "to-move" : null];
  if (isMine) return h("section", { class: cls, testid: `board-${p.seat}`, "aria-label": t("aresui.board.of", { name }), key: `b${p.seat}` }, h("header", { class: "empire-head" }, head), body);
  return h("details", { class: cls, testid: `board-${p.seat}`, key: `b${p.seat}`, open: ui.openOpponents, ontoggle: (e) => { ui.openOpponents = e.currentTarget.open; } },
    h("summary", { class: "empire-head" }, head), body);
}

/** A question the engine asks (choose an option, a target card, how much heat...): one button per answer, worded
 * by the engine's own text for it, with the cards it names openable. */
function questionPanel(session, snap, tb) {
  const q = tb.question;
  const d = snap.decision;
  if (!q || !Array.isArray(q.options) || !q.options.length) return actionList(session, d.actions || []);
  const legal = new Set((d.actions || []).map((a) => a.a));
  return h("div", { class: "action-list question", role: "group", "aria-label": t("game.actions_aria"), testid: `question-${q.kind}` },
    q.options.filter((o) => legal.has(o.a)).map((o, i) => h("div", { class: "action-row", key: o.a },
      h("button", { type: "button", class: "btn action-btn", testid: `action-${i}`, dataset: { action: o.a }, "data-legal": "",
        onclick: () => { if (!session.busy) session.submit(o.a); } },
      textString(snap, o.text || o.label)),
      o.card ? cardChip(snap, o.card) : null,
      o.give ? cardChip(snap, o.give) : null,
      o.take ? cardChip(snap, o.take) : null)));
}

function cardChip(snap, id) {
  return aresCard(snap, id, { small: true, key: `chip-${id}`, testid: `option-card-${id}` });
}

function tableau(session, snap, p, isMine) {
  const tab = { ...(p.tableau || {}) };
  if (p.corporation_card) tab.corporation = [p.corporation_card];
  const groups = ["corporation", "blue", "green", "red"].filter((c) => (tab[c] || []).length);
  if (!groups.length) return h("p", { class: "empty-note" }, t("aresui.tableau_empty"));
  return h("div", { class: "ares-tableau", testid: `tableau-${p.seat}` }, groups.map((c) => h("div", { class: `tableau-group group-${c}`, key: c },
    h("h3", { class: "section-title" }, t(`aresui.tableau.${c}`, { n: tab[c].length })),
    h("div", { class: "ares-cards-row" }, tab[c].map((x) => aresCard(snap, x.id, {
      key: x.id, small: true, testid: `tableau-card-${x.id}`, holds: x.holds,
      actions: isMine ? (x.actions || []) : [], onAction: (a) => { if (!session.busy) session.submit(a); },
    }))))));
}

// ------------------------------------------------------------------------------------------------ solo and co-op

function soloPanel(snap, s) {
  return h("section", { class: "panel ares-solo", testid: "solo" },
    h("h2", { class: "section-title" }, t("aresui.solo.title")),
    h("p", {}, t("aresui.solo.round", { n: s.round ?? 0, of: s.rounds || 25 }), s.level ? [" · ", textNodes(snap, s.level, { where: "lvl" })] : null),
    h("p", {}, t("aresui.solo.marker", { n: s.marker ?? 0 })),
    (s.deck_left || []).length ? h("p", {}, t("aresui.solo.deck_left", { phases: s.deck_left.map((n) => t(`ares.term.phase.${n}`)).join(", ") })) : null,
    s.next_raise ? h("p", {}, textNodes(snap, s.next_raise, { where: "raise" })) : null,
    s.ordering ? h("p", { testid: "solo-ordering" }, t("aresui.solo.ordering", { chosen: (s.ordering.chosen || []).map((n) => t(`ares.term.phase.${n}`)).join(" → ") || "—" })) : null);
}

function coopPanel(snap, c) {
  return h("section", { class: "panel ares-coop", testid: "coop" },
    h("h2", { class: "section-title" }, t("aresui.coop.title")),
    h("p", {}, t("aresui.coop.pool", { cubes: c.cubes ?? 0, markers: c.markers ?? 0 })),
    h("p", {}, t("aresui.coop.team_vp", { n: c.team_vp ?? 0, target: c.target ?? 80 })));
}
