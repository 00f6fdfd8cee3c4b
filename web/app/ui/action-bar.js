// The sticky action bar at the bottom of a game screen: the current decision's prompt, what is chosen, and Confirm.
// Shared by the app's game screen and the embeds.
import { h } from "./dom.js";
import { t } from "../i18n.js";

/** The bar for a table's `bar` ({prompt, label?, confirm?: {enabled, text, run}}), or null when there is none. */
export function actionBar(bar, session) {
  if (!bar) return null;
  const c = bar.confirm;
  return h("div", { class: "action-bar", testid: "action-bar", role: "region", "aria-label": t("game.action_bar_aria") },
    h("div", { class: "action-bar-text" },
      h("span", { class: "action-bar-prompt" }, bar.prompt || ""),
      bar.label !== undefined ? h("span", { class: "action-label", testid: "action-label" }, bar.label || t("game.nothing_chosen")) : null),
    c ? h("button", {
      type: "button", class: "btn primary confirm", testid: "confirm", dataset: { hotkey: "Enter" }, "aria-keyshortcuts": "Enter",
      disabled: !c.enabled,
      onclick: () => { if (c.enabled && !session.busy) c.run(); },
    }, c.text) : null);
}
