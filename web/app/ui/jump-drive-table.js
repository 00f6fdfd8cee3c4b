// The Jump Drive table. It renders the engine's `view` only and builds every picker by filtering
// `decision.actions`; it never decides what is legal.
import { h } from "./dom.js";
import { cardFace, eyeIcon, militaryIcon } from "./card-face.js";
import { cardName, typeOf } from "./catalog.js";
import { withParsed, listParam, sameSet } from "./actions.js";
import { payableIds, suggestPayment, payActionFor } from "./payment.js";
import { actionButtons } from "./generic-panel.js";
import { logPanel, seatName } from "./log-view.js";

const GAME = "jump_drive";

const STATUS_TEXT = {
  choosing: "choosing…", ready: "ready", paying: "paying…", waiting: "waiting", done: "done",
};

/** Which picker the decision needs, judged from its action verbs. */
function modeOf(parsed) {
  const verbs = new Set(parsed.map((a) => a.verb));
  if (verbs.has("keep")) return "opening";
  if (verbs.has("place") || verbs.has("explore")) return "plan";
  if (verbs.size === 1 && verbs.has("pay")) return "pay";
  return "generic";
}

function decisionKey(snap) {
  const d = snap.decision;
  if (!d) return "none";
  return `${snap.viewer}|${d.kind}|${snap.log_length}|${(d.actions || []).length}`;
}

export function jumpDriveTable(session) {
  const snap = session.snapshot;
  const view = snap.view || {};
  const me = snap.viewer;
  const parsed = withParsed(snap.decision ? snap.decision.actions : []);
  const mode = snap.decision ? modeOf(parsed) : "none";
  const key = decisionKey(snap);
  if (session.ui.key !== key) session.ui = { key };
  const ui = session.ui;
  const rerender = () => session.changed();

  const players = view.players || [];
  const mine = players.find((p) => p.seat === me) || null;
  const others = players.filter((p) => p.seat !== me);

  return h("div", { class: "jd-table", testid: "jd-table", dataset: { phase: view.phase, round: view.round, mode } },
    infoBar(snap, view),
    h("div", { class: "jd-main" },
      h("div", { class: "jd-board" },
        h("div", { class: "opponents" }, others.map((p) => empirePanel(snap, view, p, false))),
        revealStrip(snap, view),
        mine ? empirePanel(snap, view, mine, true) : null,
        snap.terminal ? null : decisionArea(session, snap, view, mine, parsed, mode, ui, rerender),
        mine && Array.isArray(mine.hand) ? handArea(session, snap, view, mine, parsed, mode, ui, rerender) : null),
      h("aside", { class: "jd-side" }, logPanel(snap))));
}

function infoBar(snap, view) {
  const bits = [
    h("span", { class: "info-round", testid: "round" }, `Round ${view.round ?? "–"}${view.rounds_limit ? ` of ${view.rounds_limit}` : ""}`),
    h("span", { class: "info-phase" }, phaseName(view.phase)),
    h("span", { title: "Cards left in the draw deck" }, `Deck ${view.deck ?? "–"}`),
    h("span", { title: "Cards in the discard pile" }, `Discard ${view.discard ?? "–"}`),
    view.survey_teams_left !== undefined ? h("span", { title: "Survey Team cards left in the centre" }, `Survey Teams ${view.survey_teams_left}`) : null,
    h("span", { class: "info-goal", title: "The game ends after the round in which anyone reaches 50 VP" }, "Goal: 50 VP"),
  ];
  const out = [h("div", { class: "info-bar", testid: "info-bar" }, bits)];
  if (view.campaign) {
    out.push(h("div", { class: "campaign" },
      h("strong", {}, `Campaign game ${view.campaign.game}`),
      h("ul", {}, (view.campaign.conditions || []).map((c) => h("li", {
        class: (view.campaign.used || []).includes(c.id) ? "used" : null, title: c.text,
      }, `${c.name}: ${c.text}`)))));
  }
  if (view.imaginary_empire) {
    out.push(h("div", { class: "imaginary", title: "Solitaire: an imagined empire whose military equals the round number" },
      `Imaginary empire: military ${view.imaginary_empire.military}`));
  }
  return out;
}

function phaseName(phase) {
  return {
    opening: "Opening: keep 5 of 7", plan: "Choose what to place", pay: "Reveal and pay",
    explore_discard: "Explore: discard", score_choice: "Scoring choices", hand_limit: "Hand limit",
    campaign_tick: "Campaign", over: "Game over",
  }[phase] || phase || "";
}

function statPill(label, value, title, testid) {
  return h("span", { class: "stat", title, testid }, h("span", { class: "stat-label" }, label), h("span", { class: "stat-value" }, String(value ?? 0)));
}

function empirePanel(snap, view, p, isMine) {
  const name = seatName(snap, p.seat);
  const kind = (snap.seats[p.seat] || {}).kind;
  const toMove = (snap.to_move || []).includes(p.seat);
  const lastRound = view.round;
  const revealedIds = new Set();
  const rev = p.revealed || (view.last_reveal || [])[p.seat];
  if (rev) for (const k of ["dev", "world", "second_world"]) if (rev[k]) revealedIds.add(rev[k]);
  const empire = p.empire || [];
  return h("section", {
    class: ["empire", isMine ? "mine" : "opponent", toMove ? "to-move" : null],
    testid: `empire-${p.seat}`,
    "aria-label": `${name}'s empire`,
  },
  h("header", { class: "empire-head" },
    h("span", { class: "empire-name", testid: `seat-name-${p.seat}` }, name),
    kind && kind !== "human" ? h("span", { class: "bot-tag" }, `${kind} bot`) : null,
    isMine ? h("span", { class: "you-tag" }, "you") : null,
    p.status ? h("span", { class: `status status-${p.status}`, testid: `status-${p.seat}` }, STATUS_TEXT[p.status] || p.status) : null,
    h("span", { class: "stats" },
      statPill("VP", p.vp, "Victory points so far", `vp-${p.seat}`),
      p.vp_rate !== undefined ? statPill("VP/round", p.vp_rate, "VP this empire scores each round") : null,
      statPill("Income", p.income, "Cards drawn at income time"),
      statPill("Military", p.military, "Military: conquers worlds with defense up to this"),
      p.eyes !== undefined ? statPill("Eyes", p.eyes, "Explore icons in the empire") : null,
      statPill("Hand", p.hand_count, "Cards in hand", `hand-count-${p.seat}`),
      p.owes ? statPill("Owes", p.owes, "Cards still to discard") : null,
      p.survey_team_used ? h("span", { class: "stat muted", title: "This player has used their Survey Team" }, "Survey Team used") : null)),
  vpRace(p.vp),
  h("div", { class: "tableau", testid: `tableau-${p.seat}` },
    empire.length ? empire.map((c) => cardFace(GAME, c.id, {
      type: c.card, small: !isMine, vpNow: c.vp, incomeNow: c.income,
      testid: `tableau-card-${c.id}`,
      extraClass: revealedIds.has(c.id) || c.round === lastRound ? "fresh" : null,
    })) : h("p", { class: "empty-note" }, "No cards in this empire yet.")));
}

function vpRace(vp) {
  const pct = Math.max(0, Math.min(100, ((vp || 0) / 50) * 100));
  const fill = h("div", { class: "vp-race-fill" });
  fill.style.width = `${pct}%`; // CSSOM, not a style attribute: allowed by a strict CSP
  return h("div", { class: "vp-race", title: `${vp || 0} of 50 VP`, role: "progressbar", "aria-valuemin": "0", "aria-valuemax": "50", "aria-valuenow": String(vp || 0) },
    fill);
}

/** What everyone placed in the reveal, on the table (not only in the log). */
function revealStrip(snap, view) {
  const current = (view.players || []).some((p) => p.revealed);
  const rows = (view.players || []).map((p) => ({ seat: p.seat, rev: p.revealed || (view.last_reveal || [])[p.seat] || null }));
  if (!rows.some((r) => r.rev)) return null;
  return h("section", { class: "reveal", testid: "reveal", "aria-label": "Reveal" },
    h("h3", {}, current ? "Revealed this round" : "Last reveal"),
    h("div", { class: "reveal-row" }, rows.map(({ seat, rev }) => h("div", { class: "reveal-seat", testid: `reveal-${seat}` },
      h("div", { class: "reveal-name" }, seatName(snap, seat)),
      !rev ? h("div", { class: "muted" }, "—")
        : rev.explore ? h("div", { class: "reveal-explore" }, eyeIcon(), ` Explored${rev.drew ? `: drew ${rev.drew}` : ""}`)
          : h("div", { class: "reveal-cards" },
            [rev.dev, rev.world, rev.second_world].filter(Boolean).map((id) => cardFace(GAME, id, { small: true })),
            !rev.dev && !rev.world ? h("span", { class: "muted" }, "nothing placed") : null,
            h("div", { class: "reveal-meta" },
              rev.how === "conquer" ? "conquered" : rev.how === "contact" ? "paid via Contact Specialist" : null,
              rev.paid !== undefined && rev.paid !== null ? ` paid ${rev.paid}` : null,
              rev.drew ? ` · drew ${rev.drew}` : null))))));
}

// ---------------------------------------------------------------------------------------------- decisions

function decisionArea(session, snap, view, mine, parsed, mode, ui, rerender) {
  const d = snap.decision;
  const box = (...children) => h("section", { class: "decision", testid: "decision", dataset: { mode } }, children);
  if (session.thinking !== null && session.thinking !== undefined) {
    return box(h("p", { class: "thinking", testid: "bot-thinking", role: "status" }, `${seatName(snap, session.thinking)} is thinking…`));
  }
  if (!d) {
    const waitingFor = (snap.to_move || []).filter((s) => s !== snap.viewer).map((s) => seatName(snap, s));
    return box(h("p", { class: "waiting", testid: "waiting", role: "status" },
      waitingFor.length ? `Waiting for ${waitingFor.join(", ")}…` : "Waiting…"), myPlan(mine));
  }
  const head = h("h2", { class: "prompt", testid: "decision-prompt" }, d.prompt || "Your choice");
  if (mode === "plan") return box(head, planControls(session, snap, view, mine, parsed, ui, rerender), allActions(session, d));
  if (mode === "pay") return box(head, payControls(session, snap, view, mine, parsed, ui, rerender), allActions(session, d));
  if (mode === "opening") return box(head, openingControls(session, snap, mine, parsed, ui, rerender), allActions(session, d));
  return box(head, actionButtons(session, d.actions || []));
}

function myPlan(mine) {
  if (!mine || !mine.plan) return null;
  const p = mine.plan;
  const parts = [];
  if (p.explore) parts.push("Explore");
  if (p.dev) parts.push(p.dev === "survey" ? "Survey Team" : cardName(GAME, typeOf(p.dev)));
  if (p.world) parts.push(cardName(GAME, typeOf(p.world)));
  if (p.second_world || p.second) parts.push(cardName(GAME, typeOf(p.second_world || p.second)));
  return parts.length ? h("p", { class: "my-plan", testid: "my-plan" }, `Your choice (face down): ${parts.join(" + ")}`) : null;
}

/** Every legal action as a labelled button, tucked away: the specialised pickers above cover normal play. */
function allActions(session, d) {
  return h("details", { class: "all-actions" },
    h("summary", {}, `All ${(d.actions || []).length} legal actions`),
    actionButtons(session, d.actions || []));
}

function confirmButton(session, enabled, label, onClick) {
  return h("button", {
    type: "button", class: "btn primary confirm", testid: "confirm", dataset: { hotkey: "Enter" },
    disabled: !enabled || session.busy, onclick: onClick,
    title: "Confirm (Enter)",
  }, label);
}

// -- plan: explore, or development and/or world ------------------------------------------------------------

function planCandidates(parsed, sel) {
  return parsed.filter((a) => a.verb === "place"
    && (a.params.dev ?? null) === (sel.dev ?? null)
    && (a.params.world ?? null) === (sel.world ?? null)
    && (a.params.second ?? null) === (sel.second ?? null));
}

export function planRoles(parsed) {
  const devs = new Set(); const worlds = new Set(); const seconds = new Set();
  for (const a of parsed) {
    if (a.verb !== "place") continue;
    if (a.params.dev) devs.add(a.params.dev);
    if (a.params.world) worlds.add(a.params.world);
    if (a.params.second) seconds.add(a.params.second);
  }
  return { devs, worlds, seconds };
}

/** Toggle a hand card in the plan selection; the legal list decides which role it can take. */
export function togglePlanCard(parsed, sel, id) {
  const { devs, worlds } = planRoles(parsed);
  sel.explore = false;
  sel.variant = null;
  if (devs.has(id)) {
    sel.dev = sel.dev === id ? null : id;
    return;
  }
  if (sel.world === id) { sel.world = sel.second || null; sel.second = null; return; }
  if (sel.second === id) { sel.second = null; return; }
  if (sel.world && parsed.some((a) => a.verb === "place" && a.params.world === sel.world && a.params.second === id)) {
    sel.second = id;
    return;
  }
  if (worlds.has(id)) { sel.world = id; sel.second = null; }
}

function planControls(session, snap, view, mine, parsed, ui, rerender) {
  ui.sel = ui.sel || { dev: null, world: null, second: null, explore: false, variant: null };
  const sel = ui.sel;
  const exploreAct = parsed.find((a) => a.verb === "explore");
  const surveyOk = parsed.some((a) => a.verb === "place" && a.params.dev === "survey");
  const preview = view.explore_preview || null;

  let chosen = null;
  let candidates = [];
  if (sel.explore) chosen = exploreAct || null;
  else if (sel.dev || sel.world) {
    candidates = planCandidates(parsed, sel);
    chosen = candidates.find((c) => c.a === sel.variant) || candidates.find((c) => !c.params.how) || candidates[0] || null;
  }

  const summary = [];
  if (sel.explore) summary.push(h("span", { class: "sel-chip" }, "Explore"));
  if (sel.dev) summary.push(h("span", { class: "sel-chip sel-dev" }, sel.dev === "survey" ? "Survey Team" : cardName(GAME, typeOf(sel.dev))));
  if (sel.world) summary.push(h("span", { class: "sel-chip sel-world" }, cardName(GAME, typeOf(sel.world))));
  if (sel.second) summary.push(h("span", { class: "sel-chip sel-world" }, `2nd: ${cardName(GAME, typeOf(sel.second))}`));

  return h("div", { class: "plan" },
    h("p", { class: "hint" }, "Pick a development and/or a world from your hand below, or explore. Alone, a development costs 1 less; a world alone draws 1 card after paying."),
    h("div", { class: "plan-buttons" },
      exploreAct ? h("button", {
        type: "button", class: ["btn", "explore-btn", sel.explore ? "on" : null], testid: "explore",
        dataset: { hotkey: "e" }, "aria-pressed": String(Boolean(sel.explore)), disabled: session.busy,
        title: "Explore (E)",
        onclick: () => { ui.sel = { dev: null, world: null, second: null, explore: !sel.explore, variant: null }; rerender(); },
      }, eyeIcon(), " Explore",
      preview ? h("span", { class: "explore-preview", testid: "explore-preview" }, ` — draw ${preview.draw}, then discard ${preview.discard} (net +${preview.draw - preview.discard} cards)`) : null) : null,
      surveyOk ? h("button", {
        type: "button", class: ["btn", "survey-btn", sel.dev === "survey" ? "on" : null], testid: "survey",
        "aria-pressed": String(sel.dev === "survey"), disabled: session.busy,
        title: "Use your once-per-game Survey Team as this round's development (costs 1, free when placed alone)",
        onclick: () => { sel.explore = false; sel.variant = null; sel.dev = sel.dev === "survey" ? null : "survey"; rerender(); },
      }, "Survey Team", militaryIcon(1)) : null,
      (sel.dev || sel.world || sel.explore) ? h("button", {
        type: "button", class: "btn ghost", testid: "clear-selection",
        onclick: () => { ui.sel = null; rerender(); },
      }, "Clear") : null),
    h("div", { class: "selection", testid: "selection" }, summary.length ? summary : h("span", { class: "muted" }, "Nothing selected yet.")),
    candidates.length > 1 ? h("div", { class: "variants", role: "radiogroup", "aria-label": "How to place" },
      candidates.map((c, i) => h("label", { class: "variant" },
        h("input", { type: "radio", name: "variant", testid: `variant-${i}`, checked: chosen && c.a === chosen.a,
          onchange: () => { sel.variant = c.a; rerender(); } }),
        " ", c.label || c.a))) : null,
    (sel.dev || sel.world) && !chosen ? h("p", { class: "warn", testid: "no-match" }, "That combination cannot be placed this round.") : null,
    h("div", { class: "confirm-row" },
      h("div", { class: "action-label", testid: "action-label" }, chosen ? (chosen.label || chosen.a) : ""),
      confirmButton(session, Boolean(chosen), "Confirm", () => chosen && session.submit(chosen.a))));
}

// -- payment, explore discards and the hand limit (all `pay card=<id>`) -------------------------------------

function payControls(session, snap, view, mine, parsed, ui, rerender) {
  const hand = (mine && mine.hand) || [];
  const ids = payableIds(parsed, hand);
  const owes = mine && Number.isFinite(mine.owes) && mine.owes > 0 ? Math.min(mine.owes, ids.length) : 1;
  if (!ui.pay) {
    ui.pay = new Set(suggestPayment(GAME, ids, owes));
    ui.suggested = new Set(ui.pay);
  }
  const n = ui.pay.size;
  const why = {
    explore_discard: `Explore: choose ${owes} card${owes === 1 ? "" : "s"} to discard from your whole hand.`,
    hand_limit: `Hand limit is 10: discard ${owes} card${owes === 1 ? "" : "s"}.`,
  }[view.phase] || `Pay ${owes} card${owes === 1 ? "" : "s"} from your hand.`;
  const isSuggestion = n === ui.suggested.size && [...ui.pay].every((x) => ui.suggested.has(x));
  return h("div", { class: "pay" },
    h("p", { class: "hint", testid: "pay-hint" }, why, " ",
      isSuggestion ? "The cheapest cards are pre-selected; click cards to change." : "Click cards to change the selection."),
    h("div", { class: "pay-count", testid: "pay-count" }, `Selected ${n} of ${owes}`),
    h("div", { class: "confirm-row" },
      h("button", { type: "button", class: "btn ghost", testid: "pay-suggest", onclick: () => { ui.pay = new Set(ui.suggested); rerender(); } }, "Suggest cheapest"),
      confirmButton(session, n === owes, `Discard ${n}`, () => {
        const acts = hand.filter((id) => ui.pay.has(id)).concat([...ui.pay].filter((id) => !hand.includes(id)))
          .map((id) => payActionFor(parsed, id)).filter(Boolean);
        if (acts.length === 1) session.submit(acts[0]);
        else session.submitMany(acts);
      })));
}

// -- opening: keep 5 of 7 ----------------------------------------------------------------------------------

function openingControls(session, snap, mine, parsed, ui, rerender) {
  const keeps = parsed.filter((a) => a.verb === "keep").map((a) => ({ ...a, discard: listParam(a.params.discard) }));
  const need = keeps.length ? keeps[0].discard.length : 2;
  if (!ui.discard) {
    const ids = [...new Set(keeps.flatMap((k) => k.discard))];
    const hand = ((mine && mine.hand) || []).filter((id) => ids.includes(id));
    ui.discard = new Set(suggestPayment(GAME, hand.length ? hand : ids, need));
  }
  const chosen = keeps.find((k) => sameSet(k.discard, [...ui.discard])) || null;
  return h("div", { class: "opening" },
    h("p", { class: "hint" }, `Choose ${need} cards to discard; you keep the rest. A suggestion is pre-selected.`),
    h("div", { class: "pay-count", testid: "pay-count" }, `Discarding ${ui.discard.size} of ${need}`),
    h("div", { class: "confirm-row" },
      h("div", { class: "action-label", testid: "action-label" }, chosen ? (chosen.label || chosen.a) : ""),
      confirmButton(session, Boolean(chosen), "Keep the rest", () => chosen && session.submit(chosen.a))));
}

// -- the hand ------------------------------------------------------------------------------------------------

function handArea(session, snap, view, mine, parsed, mode, ui, rerender) {
  const info = new Map((view.hand_info || []).map((r) => [r.id, r]));
  const hand = mine.hand || [];
  let clickable = new Set();
  let selected = new Set();
  let onClick = null;
  let label = "Your hand";
  if (mode === "plan") {
    const { devs, worlds, seconds } = planRoles(parsed);
    clickable = new Set([...devs, ...worlds, ...seconds]);
    const sel = ui.sel || {};
    selected = new Set([sel.dev, sel.world, sel.second].filter(Boolean));
    onClick = (id) => { ui.sel = ui.sel || { dev: null, world: null, second: null, explore: false, variant: null }; togglePlanCard(parsed, ui.sel, id); rerender(); };
  } else if (mode === "pay") {
    clickable = new Set(payableIds(parsed, hand));
    selected = ui.pay || new Set();
    label = view.phase === "pay" ? "Your hand — selected cards are discarded as payment" : "Your hand — selected cards are discarded";
    onClick = (id) => { if (ui.pay.has(id)) ui.pay.delete(id); else ui.pay.add(id); rerender(); };
  } else if (mode === "opening") {
    const keeps = parsed.filter((a) => a.verb === "keep");
    clickable = new Set(keeps.flatMap((k) => listParam(k.params.discard)));
    selected = ui.discard || new Set();
    label = "Your opening hand — selected cards are discarded";
    onClick = (id) => {
      if (ui.discard.has(id)) ui.discard.delete(id);
      else ui.discard.add(id);
      rerender();
    };
  }
  return h("section", { class: ["hand", `hand-${mode}`], testid: "hand", "aria-label": "Your hand" },
    h("h3", {}, label, h("span", { class: "muted" }, ` (${hand.length})`)),
    h("div", { class: "hand-cards" }, hand.map((id) => {
      const row = info.get(id) || {};
      const can = clickable.has(id) && !session.busy;
      const unplayable = mode === "plan" && (row.playable === false || !clickable.has(id));
      return cardFace(GAME, id, {
        type: row.card || typeOf(id),
        testid: `hand-card-${id}`,
        selected: selected.has(id),
        disabled: unplayable,
        reason: unplayable ? (row.reason || (mode === "plan" ? "not playable now" : null)) : null,
        costLine: costLine(row),
        onClick: onClick && can ? () => onClick(id) : null,
        extraClass: mode === "pay" || mode === "opening" ? (selected.has(id) ? "discarding" : null) : null,
      });
    })));
}

function costLine(row) {
  if (!row) return null;
  if (row.cost_alone !== undefined && row.cost_alone !== null) {
    const bits = [`Pay ${row.cost_alone}`];
    if (row.cost_with_world !== undefined && row.cost_with_world !== null && row.cost_with_world !== row.cost_alone) bits.push(`${row.cost_with_world} with a world`);
    if (row.cost_with_dev !== undefined && row.cost_with_dev !== null && row.cost_with_dev !== row.cost_alone) bits.push(`${row.cost_with_dev} with a dev`);
    return bits.join(" · ");
  }
  if (row.defense !== undefined && row.defense !== null) {
    return `Conquer: defense ${row.defense} vs your ${row.military ?? 0}`;
  }
  return null;
}

// -- end screen --------------------------------------------------------------------------------------------

const TIEBREAK_TEXT = {
  vp: "Decided by most VP.",
  cards_in_hand: "Tied on VP — decided by most cards in hand.",
  income: "Tied on VP and cards in hand — decided by highest income.",
  shared: "Tied on VP, cards in hand and income — the tied players share the win.",
  solo: "Solitaire: 7 rounds; a win needs the target VP (in the campaign, a victory condition not used before).",
};

export function tiebreakText(tb) {
  return TIEBREAK_TEXT[tb] || (tb ? `Decided by: ${tb}` : "");
}

// The solo campaign's progress lives in the game options (campaign_used), so saves carry it with no other store.
function campaignPanel(snap, out, onCampaignNext) {
  const camp = snap.view && snap.view.campaign;
  if (!camp) return null;
  const used = (camp.used || []).slice();
  const ticked = out.details && out.details.campaign ? out.details.campaign.ticked : null;
  const names = Object.fromEntries((camp.conditions || []).map((c) => [c.id, c.name]));
  const done = ticked ? [...used, ticked] : used;
  const total = (camp.conditions || []).length || 4;
  const game = used.length + 1;
  let status;
  let next = null;
  if (!ticked) {
    status = `Campaign lost in game ${game} of ${total}: no unused victory condition was met.`;
    next = h("button", { type: "button", class: "btn primary", testid: "campaign-restart",
      onclick: () => onCampaignNext("") }, "Start a new campaign");
  } else if (done.length >= total) {
    status = `Campaign won! All ${total} victory conditions met in ${total} games in a row.`;
  } else {
    status = `Game ${game} of ${total} won: ${names[ticked] || ticked} ticked off.`;
    next = h("button", { type: "button", class: "btn primary", testid: "campaign-next",
      onclick: () => onCampaignNext(done.join(",")) }, `Next campaign game (${game + 1} of ${total})`);
  }
  return h("div", { class: "campaign-progress", testid: "campaign-progress" },
    h("p", { testid: "campaign-status" }, status),
    h("ul", {}, (camp.conditions || []).map((c) => h("li", { class: done.includes(c.id) ? "done" : null, title: c.text },
      done.includes(c.id) ? "✔ " : "☐ ", `${c.name}: ${c.text}`))),
    next);
}

export function endScreen(session, { onHome, onNewSame, onCampaignNext }) {
  const snap = session.snapshot;
  const out = snap.outcome || {};
  const players = (snap.view && snap.view.players) || [];
  const winners = new Set(out.winners || []);
  const rows = (snap.seats || []).map((s, i) => {
    const p = players.find((x) => x.seat === i) || {};
    return { seat: i, score: (out.scores || [])[i], hand: p.hand_count, income: p.income };
  }).sort((a, b) => (b.score ?? 0) - (a.score ?? 0) || (b.hand ?? 0) - (a.hand ?? 0) || (b.income ?? 0) - (a.income ?? 0));
  const names = [...winners].map((s) => seatName(snap, s));
  return h("section", { class: "end-screen", testid: "end-screen", role: "dialog", "aria-label": "Game over" },
    h("h2", {}, "Game over"),
    h("p", { class: "winner", testid: "winner" }, names.length > 1 ? `Shared win: ${names.join(" and ")}` : `${names[0] ?? "Nobody"} wins!`),
    h("p", { class: "tiebreak", testid: "tiebreak" }, tiebreakText(out.tiebreak)),
    campaignPanel(snap, out, onCampaignNext || (() => {})),
    h("table", { class: "scores", testid: "scores" },
      h("thead", {}, h("tr", {}, h("th", {}, "Player"), h("th", {}, "VP"), h("th", {}, "Cards in hand"), h("th", {}, "Income"))),
      h("tbody", {}, rows.map((r) => h("tr", { class: winners.has(r.seat) ? "win" : null },
        h("td", {}, winners.has(r.seat) ? "★ " : "", seatName(snap, r.seat)),
        h("td", { testid: `score-${r.seat}` }, String(r.score ?? "–")),
        h("td", {}, String(r.hand ?? "–")),
        h("td", {}, String(r.income ?? "–")))))),
    h("div", { class: "end-buttons" },
      h("button", { type: "button", class: "btn primary", testid: "end-new-game", onclick: onNewSame }, "Play again"),
      h("button", { type: "button", class: "btn", testid: "end-home", onclick: onHome }, "Home")));
}
