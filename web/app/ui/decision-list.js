// The decision as a list: every legal action as a button labelled in words, the cards a label names with an info
// button beside it. The generic panel shows a whole decision this way; the game tables use it for the questions
// they draw no picture of.
import { h } from "./dom.js";
import { t } from "../i18n.js";
import { textString, textCards } from "./text.js";
import { cardInfoButton } from "./popover.js";
import { cardName } from "./catalog.js";

/** Every legal action as a button labelled in words; the cards a label names get an info button beside it. */
export function actionList(session, actions, { testidPrefix = "action" } = {}) {
  const snap = session.snapshot;
  return h("div", { class: "action-list", role: "group", "aria-label": t("game.actions_aria") },
    actions.map((act, i) => {
      const label = act.msg ? textString(snap, act.msg) : (act.label || t("game.action_unnamed"));
      const cards = act.msg ? textCards(act.msg) : [];
      return h("div", { class: "action-row", key: act.a },
        h("button", {
          type: "button", class: "btn action-btn", testid: `${testidPrefix}-${i}`, dataset: { action: act.a }, "data-legal": "",
          "aria-disabled": session.busy ? "true" : null,
          onclick: () => { if (!session.busy) session.submit(act.a); },
        }, label),
        cards.map((c) => cardInfoButton(snap.game, c, cardName(snap.game, c), { testid: `${testidPrefix}-${i}-card`, tabStop: true })));
    }));
}
