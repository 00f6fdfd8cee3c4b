// The parts of a decision panel that the tables drawing their own (Ares Expedition, Beyond the Sun) share: the panel
// itself, what it says while the viewer has nothing to decide, and the prompt heading.
import { h } from "./dom.js";
import { t } from "../i18n.js";
import { seatName, textNodes, textString } from "./text.js";

/** The panel's <section>, with the mode the browser tests read. */
export function decisionBox(mode, ...children) {
  return h("section", { class: "decision", testid: "decision", dataset: { mode }, "aria-labelledby": "decision-prompt" }, children);
}

/** {text, nodes} while a bot thinks: "Bot 2 is thinking…" (a live status) and a meter of how much of its thinking
 *  time it has used; null when no bot is thinking. */
export function thinkingNote(session, snap) {
  if (session.thinking === null || session.thinking === undefined) return null;
  const name = seatName(snap, session.thinking);
  const text = t("game.thinking", { name });
  const share = Math.max(0, Math.min(1, Number(session.thinkShare) || 0));
  return {
    text,
    nodes: [
      h("p", { class: "thinking", testid: "bot-thinking", role: "status", id: "decision-prompt" }, text),
      h("progress", { class: "think-meter", testid: "think-meter", max: "1", value: String(share),
        "aria-label": t("game.thinking_meter", { name }) }),
    ],
  };
}

/** {mode: "wait", area, bar} while a bot thinks or the viewer waits for others; null when the viewer decides. */
export function waitingDecision(session, snap) {
  const thinking = thinkingNote(session, snap);
  if (thinking) return { mode: "wait", area: decisionBox("wait", thinking.nodes), bar: { prompt: thinking.text } };
  if (!snap.decision) {
    const names = (snap.to_move || []).filter((s) => s !== snap.viewer).map((s) => seatName(snap, s));
    const text = names.length ? t("game.waiting_for", { names: names.join(", ") }) : t("game.waiting");
    return { mode: "wait", area: decisionBox("wait", h("p", { class: "waiting", testid: "waiting", role: "status", id: "decision-prompt" }, text)), bar: { prompt: text } };
  }
  return null;
}

/** {text, head}: the decision's prompt as plain text (for the action bar) and as the panel's focusable heading. */
export function decisionPrompt(snap, d) {
  const text = d.prompt_msg ? textString(snap, d.prompt_msg) : d.prompt || t("game.your_choice");
  const head = h("h2", { class: "prompt", testid: "decision-prompt", id: "decision-prompt", tabindex: "-1", "data-autofocus": "1" },
    d.prompt_msg ? textNodes(snap, d.prompt_msg, { where: "prompt" }) : text);
  return { text, head };
}
