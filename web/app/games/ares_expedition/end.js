// Ares Expedition's part of the end screen: each player's VP by source (TR, forests, cards) and by card.
import { h } from "../../ui/dom.js";
import { t } from "../../i18n.js";
import { cardName } from "../../ui/catalog.js";
import { seatName } from "../../ui/text.js";
import { cardRef } from "../../ui/popover.js";

/** Below the scores: each player's VP by source and by card (the engine's table block). */
export function endBelow(snap) {
  const players = (snap.view && snap.view.table && snap.view.table.players) || [];
  if (!players.some((p) => Array.isArray(p.vp_cards))) return null;
  return h("div", { class: "vp-breakdown", testid: "vp-breakdown" },
    h("h3", {}, t("aresui.end.by_card")),
    players.map((p) => h("details", { class: "vp-player", key: p.seat, testid: `vp-breakdown-${p.seat}`, open: players.length <= 2 },
      h("summary", {}, t("aresui.end.player_total", { name: seatName(snap, p.seat), n: p.vp ?? 0, tr: (p.vp_parts || {}).tr ?? 0,
        forests: (p.vp_parts || {}).forests ?? 0, cards: (p.vp_parts || {}).cards ?? 0 })),
      (p.vp_cards || []).length ? h("ul", { class: "vp-card-list" }, p.vp_cards.map((c) => h("li", { key: c.id },
        cardRef(snap.game, c.id, cardName(snap.game, c.id), { where: `avp${p.seat}` }), " ", t("aresui.end.card_vp", { n: c.vp }))))
        : h("p", { class: "muted" }, t("aresui.end.no_card_vp")))));
}
