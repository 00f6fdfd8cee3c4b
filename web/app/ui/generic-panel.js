// Generic decision panel: any registered game is playable as a list of labelled action buttons,
// plus a collapsible debug view of the raw `view` JSON and the log.
import { h } from "./dom.js";
import { logPanel, seatName } from "./log-view.js";

export function actionButtons(session, actions, { testidPrefix = "action" } = {}) {
  return h("div", { class: "action-list", role: "group", "aria-label": "Legal actions" },
    actions.map((act, i) => h("button", {
      type: "button",
      class: "btn action-btn",
      testid: `${testidPrefix}-${i}`,
      dataset: { action: act.a },
      title: act.hint || act.a,
      disabled: session.busy,
      onclick: () => session.submit(act.a),
    }, act.label || act.a)));
}

export function debugView(snapshot) {
  return h("details", { class: "debug", testid: "debug" },
    h("summary", { testid: "debug-toggle" }, "Debug: view JSON and log"),
    h("pre", { class: "debug-json", testid: "debug-view" }, JSON.stringify(snapshot.view, null, 2)),
    h("pre", { class: "debug-json" }, JSON.stringify({ to_move: snapshot.to_move, decision: snapshot.decision, can_undo: snapshot.can_undo }, null, 2)),
    logPanel(snapshot, { testid: "debug-log" }));
}

// A summary block's cards (block.cards: [{label, cards: [{id, name, text, note}]}]): one row of chips per group,
// each chip naming a card and showing its full text as a tooltip (hover, or keyboard focus).
function cardGroups(groups) {
  return (Array.isArray(groups) ? groups : []).map((g) => h("div", { class: "card-group" },
    h("span", { class: "card-group-label" }, `${String(g.label)}:`),
    (g.cards || []).length
      ? (g.cards || []).map((c) => h("span", {
        class: "card-chip",
        tabindex: "0",
        title: c.text ? `${c.name}: ${c.text}` : String(c.name),
        testid: `card-chip-${c.id}`,
      }, c.note ? `${c.name} (${c.note})` : String(c.name)))
      : h("span", { class: "muted" }, "none")));
}

// A game's own readable summary (view.summary: [{title, lines, cards?}]), shown as text blocks and card chips.
function summaryPanel(view) {
  const blocks = Array.isArray(view && view.summary) ? view.summary : [];
  if (!blocks.length) return null;
  return h("section", { class: "panel summary-panel", testid: "state-summary" },
    h("h3", {}, "State"),
    (view.notes || []).map((n) => h("p", { class: "summary-note" }, String(n))),
    blocks.map((b, i) => h("div", { class: "summary-block", testid: `summary-${i}` },
      h("h4", {}, String(b.title)),
      h("ul", {}, (b.lines || []).map((line) => h("li", {}, String(line)))),
      cardGroups(b.cards))));
}

// The final score screen for games without a table of their own: scores, winners, the deciding tie-break.
function endPanel(snap) {
  const out = snap.outcome;
  if (!snap.terminal || !out) return null;
  const winners = (out.winners || []).map((s) => seatName(snap, s)).join(", ");
  const breakdown = (out.details && out.details.breakdown) || [];
  const result = out.details && out.details.result;
  const headline = result ? `Game over: ${result}`
    : !winners ? "Game over: nobody wins"
      : `Game over: ${winners} ${out.winners.length > 1 ? "share the win" : "wins"}`;
  return h("section", { class: "panel end-screen", testid: "end-screen" },
    h("h2", {}, headline),
    h("p", { testid: "end-tiebreak" }, `Decided by: ${String(out.tiebreak).replace(/_/g, " ")}`),
    h("table", { class: "score-table", testid: "final-scores" },
      h("thead", {}, h("tr", {}, h("th", {}, "Player"), h("th", {}, "VP"),
        Object.keys(breakdown[0] || {}).map((k) => h("th", {}, k.replace(/_/g, " "))))),
      h("tbody", {}, (out.scores || []).map((score, s) => h("tr", { class: (out.winners || []).includes(s) ? "winner" : null },
        h("td", {}, seatName(snap, s)), h("td", { testid: `final-score-${s}` }, String(score)),
        Object.values(breakdown[s] || {}).map((v) => h("td", {}, String(v))))))));
}

export function genericTable(session) {
  const snap = session.snapshot;
  const d = snap.decision;
  return h("div", { class: "generic-table", testid: "generic-table" },
    endPanel(snap),
    h("section", { class: "panel decision-panel", testid: "decision-panel" },
      d ? [
        h("h2", { class: "prompt", testid: "decision-prompt" }, d.prompt || "Choose an action"),
        actionButtons(session, d.actions || []),
      ] : h("p", { class: "waiting", testid: "waiting" },
        snap.terminal ? "The game is over." : `Waiting for ${(snap.to_move || []).map((s) => seatName(snap, s)).join(", ") || "the engine"}…`)),
    h("section", { class: "panel" }, h("h3", {}, "Players"),
      h("ul", { class: "seat-list" }, (snap.seats || []).map((s, i) => h("li", { class: ["seat-row", (snap.to_move || []).includes(i) ? "to-move" : null] },
        h("span", { class: "seat-name" }, String(s.name)), " ", h("span", { class: "seat-kind" }, `(${s.kind})`))))),
    summaryPanel(snap.view),
    logPanel(snap),
    debugView(snap));
}
