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
      title: act.a,
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

export function genericTable(session) {
  const snap = session.snapshot;
  const d = snap.decision;
  return h("div", { class: "generic-table", testid: "generic-table" },
    h("section", { class: "panel decision-panel", testid: "decision-panel" },
      d ? [
        h("h2", { class: "prompt", testid: "decision-prompt" }, d.prompt || "Choose an action"),
        actionButtons(session, d.actions || []),
      ] : h("p", { class: "waiting", testid: "waiting" },
        snap.terminal ? "The game is over." : `Waiting for ${(snap.to_move || []).map((s) => seatName(snap, s)).join(", ") || "the engine"}…`)),
    h("section", { class: "panel" }, h("h3", {}, "Players"),
      h("ul", { class: "seat-list" }, (snap.seats || []).map((s, i) => h("li", { class: ["seat-row", (snap.to_move || []).includes(i) ? "to-move" : null] },
        h("span", { class: "seat-name" }, String(s.name)), " ", h("span", { class: "seat-kind" }, `(${s.kind})`))))),
    logPanel(snap),
    debugView(snap));
}
