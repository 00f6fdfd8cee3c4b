// The decision panel while the viewer has nothing to decide: a bot is thinking, or other seats are choosing. Shared by
// the tables that draw their own decision panel (Ares Expedition, Beyond the Sun).
import { h } from "./dom.js";
import { t } from "../i18n.js";
import { seatName } from "./text.js";

/** The panel's <section>, with the mode the browser tests read. */
export function decisionBox(mode, ...children) {
  return h("section", { class: "decision", testid: "decision", dataset: { mode }, "aria-labelledby": "decision-prompt" }, children);
}

/** {mode: "wait", area, bar} while a bot thinks or the viewer waits for others; null when the viewer decides. */
export function waitingDecision(session, snap) {
  if (session.thinking !== null && session.thinking !== undefined) {
    const text = t("game.thinking", { name: seatName(snap, session.thinking) });
    return { mode: "wait", area: decisionBox("wait", h("p", { class: "thinking", testid: "bot-thinking", role: "status", id: "decision-prompt" }, text)), bar: { prompt: text } };
  }
  if (!snap.decision) {
    const names = (snap.to_move || []).filter((s) => s !== snap.viewer).map((s) => seatName(snap, s));
    const text = names.length ? t("game.waiting_for", { names: names.join(", ") }) : t("game.waiting");
    return { mode: "wait", area: decisionBox("wait", h("p", { class: "waiting", testid: "waiting", role: "status", id: "decision-prompt" }, text)), bar: { prompt: text } };
  }
  return null;
}
