// The Jump Drive table. It draws the engine's `view` only and builds every picker by filtering `decision.actions`;
// it never decides what is legal. Its Confirm lives in the sticky action bar at the bottom of the screen.
import { h } from "../../ui/dom.js";
import { t } from "../../i18n.js";
import { cardFace, eyeIcon, militaryIcon } from "./card-face.js";
import { cardName, typeOf } from "../../ui/catalog.js";
import { withParsed, listParam, sameSet } from "../../ui/actions.js";
import { payableIds, suggestedIds, payActionFor } from "./payment.js";
import { actionList } from "../../ui/decision-list.js";
import { tableUi, wide } from "../../ui/table-state.js";
import { logPanel } from "../../ui/log-view.js";
import { seatName, textNodes, textString } from "../../ui/text.js";
import { helpButton } from "../../ui/popover.js";
import { thinkingNote } from "../../ui/decision-wait.js";
export { jdCardContent as cardContent } from "./card-face.js";
export { endColumns, endAbove, endBelow } from "./end.js";

const GAME = "jump_drive";

/** Which picker the decision needs, judged from its action verbs. */
function modeOf(parsed) {
  const verbs = new Set(parsed.map((a) => a.verb));
  if (verbs.has("keep")) return "opening";
  if (verbs.has("place") || verbs.has("explore")) return "plan";
  if (verbs.size === 1 && verbs.has("pay")) return "pay";
  return "generic";
}



/** The table and, separately, what the sticky action bar shows: {table, bar}. */
export function table(session) {
  const snap = session.snapshot;
  const view = snap.view || {};
  const me = snap.viewer;
  const parsed = withParsed(snap.decision ? snap.decision.actions : []);
  const mode = snap.decision ? modeOf(parsed) : "none";
  const ui = tableUi(session, { openOpponents: wide });
  const rerender = () => session.changed();

  const players = view.players || [];
  const mine = players.find((p) => p.seat === me) || null;
  const others = players.filter((p) => p.seat !== me);
  const decision = snap.terminal ? null : decisionArea(session, snap, view, mine, parsed, mode, ui, rerender);

  const table = h("div", { class: "jd-table", testid: "jd-table", dataset: { phase: view.phase, round: view.round, mode } },
    infoBar(snap, view),
    h("div", { class: "jd-main" },
      h("div", { class: "jd-board" },
        others.length ? h("div", { class: "opponents" }, others.map((p) => empirePanel(snap, view, p, false, ui))) : null,
        revealStrip(snap, view),
        mine ? empirePanel(snap, view, mine, true, ui) : null,
        decision ? decision.area : null,
        mine && Array.isArray(mine.hand) ? handArea(session, snap, view, mine, parsed, mode, ui, rerender) : null),
      h("aside", { class: "jd-side" }, logPanel(snap))));
  return { table, bar: decision ? decision.bar : null };
}

function infoBar(snap, view) {
  const out = [h("div", { class: "info-bar", testid: "info-bar" },
    h("span", { class: "info-round", testid: "round" }, view.rounds_limit ? t("jdui.table.round_of", { n: view.round ?? "–", of: view.rounds_limit }) : t("jdui.table.round", { n: view.round ?? "–" })),
    h("span", { class: "info-phase" }, t(`jdui.table.phase.${view.phase || "none"}`)),
    h("span", {}, t("jdui.table.deck", { n: view.deck ?? "–" })),
    h("span", {}, t("jdui.table.discard", { n: view.discard ?? "–" })),
    h("span", { class: "info-goal" }, view.solo ? t("jdui.table.goal_solo") : t("jdui.table.goal"),
      helpButton(t("jdui.table.goal_help_title"), view.solo ? t("jdui.table.goal_help_solo") : t("jdui.table.goal_help"), { key: "help:goal", testid: "help-goal" })))];
  if (view.campaign) {
    out.push(h("div", { class: "campaign" },
      h("strong", {}, t("jdui.table.campaign_game", { n: view.campaign.game ?? (view.campaign.used || []).length + 1 })),
      h("ul", {}, (view.campaign.conditions || []).map((c) => h("li", {
        class: (view.campaign.used || []).includes(c.id) ? "used" : null, key: c.id,
      }, t("jdui.table.condition", { name: t(`jd.term.condition.${c.id}`), text: t(`jd.term.condition_text.${c.id}`) }))))));
  }
  if (view.imaginary_empire) {
    out.push(h("div", { class: "imaginary" }, t("jdui.table.imaginary", { n: view.imaginary_empire.military })));
  }
  return out;
}

function stat(label, value, testid) {
  return h("span", { class: "stat", testid }, h("span", { class: "stat-label" }, label), h("span", { class: "stat-value" }, String(value ?? 0)));
}

function empireStats(p) {
  return h("span", { class: "stats" },
    stat(t("jdui.stat.vp"), p.vp, `vp-${p.seat}`),
    p.vp_rate !== undefined ? stat(t("jdui.stat.vp_rate"), p.vp_rate) : null,
    stat(t("jdui.stat.income"), p.income),
    stat(t("jdui.stat.military"), p.military),
    p.eyes !== undefined ? stat(t("jdui.stat.eyes"), p.eyes) : null,
    stat(t("jdui.stat.hand"), p.hand_count, `hand-count-${p.seat}`),
    p.owes ? stat(t("jdui.stat.owes"), p.owes) : null,
    // Each player's own Survey Team (once per game): still theirs to use, or used.
    p.survey_team_used !== undefined ? h("span", { class: ["stat", p.survey_team_used ? "muted" : null], testid: `survey-${p.seat}` },
      t(p.survey_team_used ? "jdui.stat.survey_used" : "jdui.stat.survey_ready")) : null);
}

function empirePanel(snap, view, p, isMine, ui) {
  const name = seatName(snap, p.seat);
  const kind = (snap.seats[p.seat] || {}).kind;
  const toMove = (snap.to_move || []).includes(p.seat);
  const revealedIds = new Set();
  const rev = p.revealed || (view.last_reveal || [])[p.seat];
  if (rev) for (const k of ["dev", "world", "second_world"]) if (rev[k]) revealedIds.add(rev[k]);
  const empire = p.empire || [];
  const head = [
    h("span", { class: "empire-name", testid: `seat-name-${p.seat}` }, name),
    kind && kind !== "human" ? h("span", { class: "bot-tag" }, t(`seat.kind_tag.${kind}`)) : null,
    isMine ? h("span", { class: "you-tag" }, t("jdui.table.you_tag")) : null,
    p.status ? h("span", { class: `status status-${p.status}`, testid: `status-${p.seat}` }, t(`jdui.status.${p.status}`)) : null,
    empireStats(p),
  ];
  const body = [
    vpRace(p.vp, view.solo),
    h("div", { class: "tableau", testid: `tableau-${p.seat}` },
      empire.length ? empire.map((c) => cardFace(c.id, {
        type: c.card, small: !isMine, vpNow: c.vp, incomeNow: c.income, key: c.id,
        testid: `tableau-card-${c.id}`,
        extraClass: revealedIds.has(c.id) || c.round === view.round ? "fresh" : null,
      })) : h("p", { class: "empty-note" }, t("jdui.table.empty_empire"))),
  ];
  const cls = ["empire", isMine ? "mine" : "opponent", toMove ? "to-move" : null];
  if (isMine) {
    return h("section", { class: cls, testid: `empire-${p.seat}`, "aria-label": t("jdui.table.empire_of", { name }), key: `emp${p.seat}` },
      h("header", { class: "empire-head" }, head), body);
  }
  // Opponents fold on small screens: the summary line keeps their name, status and numbers in view.
  return h("details", {
    class: cls, testid: `empire-${p.seat}`, key: `emp${p.seat}`, open: ui.openOpponents,
    ontoggle: (e) => { ui.openOpponents = e.currentTarget.open; },
  },
  h("summary", { class: "empire-head" }, head),
  body);
}

function vpRace(vp, solo) {
  const goal = solo ? null : 50;
  if (!goal) return null;
  const pct = Math.max(0, Math.min(100, ((vp || 0) / goal) * 100));
  return h("div", { class: "vp-race", role: "progressbar", "aria-label": t("jdui.table.vp_race", { n: vp || 0, goal }),
    "aria-valuemin": "0", "aria-valuemax": String(goal), "aria-valuenow": String(vp || 0) },
  h("div", { class: "vp-race-fill", style: { width: `${pct}%` } }));
}

/** The round whose reveal the strip shows: this round's once it is revealed, else the round before. */
function revealRound(view, current) {
  const planning = view.phase === "plan" || view.phase === "opening";
  return current && !planning ? view.round : Math.max(1, (view.round || 1) - 1);
}

/** What everyone placed in the reveal, on the table (not only in the log). */
function revealStrip(snap, view) {
  const current = (view.players || []).some((p) => p.revealed);
  const rows = (view.players || []).map((p) => ({ seat: p.seat, rev: p.revealed || (view.last_reveal || [])[p.seat] || null }));
  if (!rows.some((r) => r.rev)) return null;
  const how = (rev) => [
    rev.how === "conquer" ? t("jdui.reveal.conquered") : rev.how === "contact" ? t("jdui.reveal.contact") : null,
    rev.paid !== undefined && rev.paid !== null ? t("jdui.reveal.paid", { n: rev.paid }) : null,
    rev.drew ? t("jdui.reveal.drew", { n: rev.drew }) : null,
  ].filter(Boolean).join(" · ");
  return h("section", { class: "reveal", testid: "reveal", "aria-labelledby": "reveal-title" },
    // Named for its round: while the next round is being planned, the strip still shows the one before.
    h("h2", { id: "reveal-title", class: "section-title" }, t("jdui.reveal.round", { n: revealRound(view, current) })),
    h("div", { class: "reveal-row" }, rows.map(({ seat, rev }) => h("div", { class: "reveal-seat", testid: `reveal-${seat}`, key: seat },
      h("div", { class: "reveal-name" }, seatName(snap, seat)),
      !rev ? h("div", { class: "muted" }, "—")
        : rev.explore ? h("div", { class: "reveal-explore" }, eyeIcon(), " ", rev.drew ? t("jdui.reveal.explored_drew", { n: rev.drew }) : t("jdui.reveal.explored"))
          : h("div", { class: "reveal-cards" },
            [rev.dev, rev.world, rev.second_world].filter(Boolean).map((id) => cardFace(id, { small: true, key: `rev${seat}-${id}`, testid: `reveal-card-${id}` })),
            !rev.dev && !rev.world ? h("span", { class: "muted" }, t("jdui.reveal.nothing")) : null,
            how(rev) ? h("div", { class: "reveal-meta" }, how(rev)) : null)))));
}

// ---------------------------------------------------------------------------------------------- decisions

function decisionArea(session, snap, view, mine, parsed, mode, ui, rerender) {
  const d = snap.decision;
  const box = (...children) => h("section", { class: "decision", testid: "decision", dataset: { mode }, "aria-labelledby": "decision-prompt" }, children);
  const thinking = thinkingNote(session, snap);
  if (thinking) return { area: box(thinking.nodes, myPlan(mine)), bar: { prompt: thinking.text } };
  if (!d) {
    const waitingFor = (snap.to_move || []).filter((s) => s !== snap.viewer).map((s) => seatName(snap, s));
    const text = waitingFor.length ? t("game.waiting_for", { names: waitingFor.join(", ") }) : t("game.waiting");
    return { area: box(h("p", { class: "waiting", testid: "waiting", role: "status", id: "decision-prompt" }, text), myPlan(mine)), bar: { prompt: text } };
  }
  const promptNodes = d.prompt_msg ? textNodes(snap, d.prompt_msg, { where: "prompt" }) : [d.prompt || t("game.your_choice")];
  const promptText = d.prompt_msg ? textString(snap, d.prompt_msg) : (d.prompt || t("game.your_choice"));
  const head = h("h2", { class: "prompt", testid: "decision-prompt", id: "decision-prompt", tabindex: "-1", "data-autofocus": "1" }, promptNodes);
  let picked = null;
  if (mode === "plan") picked = planControls(session, snap, view, mine, parsed, ui, rerender);
  else if (mode === "pay") picked = payControls(session, snap, view, mine, parsed, ui, rerender);
  else if (mode === "opening") picked = openingControls(session, snap, mine, parsed, ui, rerender);
  if (!picked) return { area: box(head, actionList(session, d.actions || [])), bar: { prompt: promptText } };
  return {
    area: box(head, picked.controls, allActions(session, d)),
    bar: { prompt: promptText, label: picked.label, confirm: picked.confirm },
  };
}

function myPlan(mine) {
  if (!mine || !mine.plan) return null;
  const p = mine.plan;
  const parts = [];
  if (p.explore) parts.push(t("jdui.plan.explore"));
  if (p.dev) parts.push(p.dev === "survey" ? t("jdui.plan.survey") : cardName(GAME, p.dev));
  if (p.world) parts.push(cardName(GAME, p.world));
  if (p.second_world || p.second) parts.push(cardName(GAME, p.second_world || p.second));
  return parts.length ? h("p", { class: "my-plan", testid: "my-plan" }, t("jdui.plan.face_down", { what: parts.join(" + ") })) : null;
}

/** Every legal action as a labelled button, tucked away: the pickers above cover normal play. */
function allActions(session, d) {
  return h("details", { class: "all-actions" },
    h("summary", {}, t("game.all_actions", { n: (d.actions || []).length })),
    actionList(session, d.actions || []));
}

function labelOf(snap, act) {
  if (!act) return "";
  return act.msg ? textString(snap, act.msg) : (act.label || "");
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
  if (sel.explore) summary.push(h("span", { class: "sel-chip", key: "x" }, t("jdui.plan.explore")));
  if (sel.dev) summary.push(h("span", { class: "sel-chip sel-dev", key: "d" }, sel.dev === "survey" ? t("jdui.plan.survey") : cardName(GAME, sel.dev)));
  if (sel.world) summary.push(h("span", { class: "sel-chip sel-world", key: "w" }, cardName(GAME, sel.world)));
  if (sel.second) summary.push(h("span", { class: "sel-chip sel-world", key: "s" }, t("jdui.plan.second", { name: cardName(GAME, sel.second) })));

  const controls = h("div", { class: "plan" },
    h("p", { class: "hint" }, t("jdui.plan.hint")),
    h("div", { class: "plan-buttons" },
      exploreAct ? h("button", {
        type: "button", class: ["btn", "explore-btn", sel.explore ? "on" : null], testid: "explore", "data-legal": "",
        dataset: { hotkey: "e" }, "aria-pressed": String(Boolean(sel.explore)),
        "aria-keyshortcuts": "E",
        onclick: () => { if (session.busy) return; ui.sel = { dev: null, world: null, second: null, explore: !sel.explore, variant: null }; rerender(); },
      }, eyeIcon(), " ", t("jdui.plan.explore"),
      preview ? h("span", { class: "explore-preview", testid: "explore-preview" }, " ", t("jdui.plan.explore_preview", { draw: preview.draw, discard: preview.discard, net: preview.draw - preview.discard })) : null) : null,
      surveyOk ? h("button", {
        type: "button", class: ["btn", "survey-btn", sel.dev === "survey" ? "on" : null], testid: "survey", "data-legal": "",
        "aria-pressed": String(sel.dev === "survey"),
        onclick: () => { if (session.busy) return; sel.explore = false; sel.variant = null; sel.dev = sel.dev === "survey" ? null : "survey"; rerender(); },
      }, t("jdui.plan.survey"), " ", militaryIcon(1)) : null,
      surveyOk ? helpButton(t("jdui.plan.survey"), t("jdui.plan.survey_help"), { key: "help:survey", testid: "help-survey" }) : null,
      (sel.dev || sel.world || sel.explore) ? h("button", {
        type: "button", class: "btn ghost", testid: "clear-selection",
        onclick: () => { ui.sel = null; rerender(); },
      }, t("jdui.plan.clear")) : null),
    h("div", { class: "selection", testid: "selection", "aria-live": "polite" }, summary.length ? summary : h("span", { class: "muted" }, t("jdui.plan.nothing"))),
    candidates.length > 1 ? h("div", { class: "variants", role: "radiogroup", "aria-label": t("jdui.plan.how") },
      candidates.map((c, i) => h("label", { class: "variant", key: c.a },
        h("input", { type: "radio", name: "variant", testid: `variant-${i}`, checked: Boolean(chosen && c.a === chosen.a),
          onchange: () => { sel.variant = c.a; rerender(); } }),
        " ", labelOf(snap, c)))) : null,
    (sel.dev || sel.world) && !chosen ? h("p", { class: "warn", testid: "no-match" }, completionHint(parsed, sel)) : null);
  return {
    controls,
    label: chosen ? labelOf(snap, chosen) : "",
    confirm: { enabled: Boolean(chosen), text: t("game.confirm"), run: () => chosen && session.submit(chosen.a) },
  };
}

/** Why a selection cannot be placed alone, and which hand cards would complete it ("add Drop Ships"). */
function completionHint(parsed, sel) {
  const picked = [sel.dev, sel.world, sel.second].filter(Boolean);
  const others = new Set();
  for (const a of parsed) {
    if (a.verb !== "place") continue;
    const ids = [a.params.dev, a.params.world, a.params.second].filter(Boolean);
    if (picked.every((id) => ids.includes(id))) for (const id of ids) if (!picked.includes(id)) others.add(id);
  }
  if (!others.size) return t("jdui.plan.no_match");
  return t("jdui.plan.needs", { names: [...others].map((id) => (id === "survey" ? t("jdui.plan.survey") : cardName(GAME, id))).join(t("jdui.plan.or")) });
}

// -- payment, explore discards and the hand limit (all `pay card=<id>`) -------------------------------------

function payControls(session, snap, view, mine, parsed, ui, rerender) {
  const hand = (mine && mine.hand) || [];
  const ids = payableIds(parsed, hand);
  const owes = mine && Number.isFinite(mine.owes) && mine.owes > 0 ? Math.min(mine.owes, ids.length) : 1;
  const reason = (mine && mine.owe_reason) || "pay";
  if (!ui.pay) {
    ui.pay = new Set(suggestedIds(view, ids, owes));
    ui.suggested = new Set(ui.pay);
  }
  const n = ui.pay.size;
  const isSuggestion = n === ui.suggested.size && [...ui.pay].every((x) => ui.suggested.has(x));
  const controls = h("div", { class: "pay" },
    h("p", { class: "hint", testid: "pay-hint" }, t(`jdui.pay.why.${reason}`, { n: owes }), " ",
      isSuggestion ? t("jdui.pay.suggested") : t("jdui.pay.click_to_change")),
    h("div", { class: ["pay-count", n > owes ? "over" : null], testid: "pay-count", "aria-live": "polite" },
      t("jdui.pay.selected", { n, of: owes }), n > owes ? ` ${t("jdui.select.too_many", { n: n - owes })}` : null),
    h("div", { class: "confirm-row" },
      h("button", { type: "button", class: "btn ghost", testid: "pay-suggest", onclick: () => { ui.pay = new Set(ui.suggested); rerender(); } }, t("jdui.pay.suggest"))));
  const acts = () => hand.filter((id) => ui.pay.has(id)).concat([...ui.pay].filter((id) => !hand.includes(id)))
    .map((id) => payActionFor(parsed, id)).filter(Boolean);
  return {
    controls,
    label: n > owes ? t("jdui.select.too_many", { n: n - owes }) : t(`jdui.pay.label.${reason}`, { n }),
    confirm: {
      enabled: n === owes, text: t("jdui.pay.confirm", { n }),
      run: () => { const a = acts(); if (a.length === 1) session.submit(a[0]); else session.submitMany(a); },
    },
  };
}

// -- opening: keep 5 of 7 ----------------------------------------------------------------------------------

function openingControls(session, snap, mine, parsed, ui, rerender) {
  const keeps = parsed.filter((a) => a.verb === "keep").map((a) => ({ ...a, discard: listParam(a.params.discard) }));
  const need = keeps.length ? keeps[0].discard.length : 2;
  if (!ui.discard) {
    const ids = [...new Set(keeps.flatMap((k) => k.discard))];
    ui.discard = new Set(suggestedIds(snap.view || {}, ids, need));
  }
  const chosen = keeps.find((k) => sameSet(k.discard, [...ui.discard])) || null;
  const controls = h("div", { class: "opening" },
    h("p", { class: "hint" }, t("jdui.opening.hint", { n: need })),
    h("div", { class: ["pay-count", ui.discard.size > need ? "over" : null], testid: "pay-count", "aria-live": "polite" },
      t("jdui.opening.count", { n: ui.discard.size, of: need }),
      ui.discard.size > need ? ` ${t("jdui.select.too_many", { n: ui.discard.size - need })}` : null));
  const label = chosen ? labelOf(snap, chosen)
    : ui.discard.size > need ? t("jdui.select.too_many", { n: ui.discard.size - need })
      : t("jdui.select.more", { n: need - ui.discard.size });
  return {
    controls,
    label,
    confirm: { enabled: Boolean(chosen), text: t("jdui.opening.confirm"), run: () => chosen && session.submit(chosen.a) },
  };
}

// -- the hand ------------------------------------------------------------------------------------------------

function handArea(session, snap, view, mine, parsed, mode, ui, rerender) {
  const info = new Map((view.hand_info || []).map((r) => [r.id, r]));
  const hand = mine.hand || [];
  const fresh = new Set(mine.hand_new || []);
  let clickable = new Set();
  let selected = new Set();
  let onSelect = null;
  let label = t("jdui.hand.title");
  if (mode === "plan") {
    const { devs, worlds, seconds } = planRoles(parsed);
    clickable = new Set([...devs, ...worlds, ...seconds]);
    const sel = ui.sel || {};
    selected = new Set([sel.dev, sel.world, sel.second].filter(Boolean));
    onSelect = (id) => { ui.sel = ui.sel || { dev: null, world: null, second: null, explore: false, variant: null }; togglePlanCard(parsed, ui.sel, id); rerender(); };
  } else if (mode === "pay") {
    clickable = new Set(payableIds(parsed, hand));
    selected = ui.pay || new Set();
    label = t(`jdui.hand.title_${(mine && mine.owe_reason) || "pay"}`);
    onSelect = (id) => { if (ui.pay.has(id)) ui.pay.delete(id); else ui.pay.add(id); rerender(); };
  } else if (mode === "opening") {
    clickable = new Set(parsed.filter((a) => a.verb === "keep").flatMap((k) => listParam(k.params.discard)));
    selected = ui.discard || new Set();
    label = t("jdui.hand.title_opening");
    onSelect = (id) => { if (ui.discard.has(id)) ui.discard.delete(id); else ui.discard.add(id); rerender(); };
  }
  return h("section", { class: ["hand", `hand-${mode}`], testid: "hand", "aria-labelledby": "hand-title" },
    h("h2", { class: "section-title", id: "hand-title" }, label, h("span", { class: "muted" }, ` (${hand.length})`)),
    h("div", { class: "hand-cards" }, hand.map((id) => {
      const row = info.get(id) || {};
      const can = clickable.has(id);
      const unplayable = mode === "plan" && (row.playable === false || !clickable.has(id));
      const reason = unplayable ? (row.reason_msg ? textString(snap, row.reason_msg) : (row.reason || t("jdui.hand.not_now"))) : null;
      return cardFace(id, {
        type: row.card || typeOf(GAME, id), key: id,
        testid: `hand-card-${id}`,
        selected: selected.has(id),
        disabled: unplayable || !can,
        reason,
        isNew: fresh.has(id),
        costLine: costLine(row),
        onSelect: onSelect && can ? () => { if (!session.busy) onSelect(id); } : (onSelect ? () => {} : null),
        extraClass: mode === "pay" || mode === "opening" ? (selected.has(id) ? "discarding" : null) : null,
      });
    })));
}

function costLine(row) {
  if (!row) return null;
  if (row.cost_alone !== undefined && row.cost_alone !== null) {
    const bits = [t("jdui.hand.pay", { n: row.cost_alone })];
    if (row.cost_with_world !== undefined && row.cost_with_world !== null && row.cost_with_world !== row.cost_alone) bits.push(t("jdui.hand.with_world", { n: row.cost_with_world }));
    return bits.join(" · ");
  }
  if (row.defense !== undefined && row.defense !== null) return t("jdui.hand.conquer", { defense: row.defense, military: row.military ?? 0 });
  return null;
}
