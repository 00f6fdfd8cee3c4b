// Jump Drive's part of the end screen: the score columns (VP, cards in hand, income: the tie-break order), the solo
// campaign's progress with its next game, and each player's VP per card (printed and bonus).
import { h } from "../../ui/dom.js";
import { t } from "../../i18n.js";
import { cardName } from "../../ui/catalog.js";
import { seatName } from "../../ui/text.js";
import { cardRef } from "../../ui/popover.js";

/** The score table's columns and rows: {cols, rows: [{seat, cells}]}, VP first. */
export function endColumns(snap, out) {
  const players = (snap.view && snap.view.players) || [];
  const cols = [t("jdui.end.vp"), t("jdui.end.cards_in_hand"), t("jdui.end.income")];
  const rows = (snap.seats || []).map((s, i) => {
    const p = players.find((x) => x.seat === i) || {};
    const inHand = out.details && Array.isArray(out.details.cards_in_hand) ? out.details.cards_in_hand[i] : p.hand_count;
    const income = out.details && Array.isArray(out.details.income) ? out.details.income[i] : p.income;
    return { seat: i, cells: [(out.scores || [])[i], inHand, income] };
  });
  return { cols, rows };
}

/** Above the scores: the solo campaign's progress (it lives in the game options, so saves carry it). */
export function endAbove(snap, out, { onCampaignNext = () => {} } = {}) {
  const camp = snap.view && snap.view.campaign;
  if (!camp) return null;
  const used = (camp.used || []).slice();
  const ticked = out.details && out.details.campaign ? out.details.campaign.ticked : null;
  const names = Object.fromEntries((camp.conditions || []).map((c) => [c.id, t(`jd.term.condition.${c.id}`)]));
  const done = ticked ? [...used, ticked] : used;
  const total = (camp.conditions || []).length || 4;
  const game = used.length + 1;
  let status;
  let next = null;
  if (!ticked) {
    status = t("jdui.end.campaign.lost", { game, total });
    next = h("button", { type: "button", class: "btn primary", testid: "campaign-restart", onclick: () => onCampaignNext("") }, t("jdui.end.campaign.restart"));
  } else if (done.length >= total) {
    status = t("jdui.end.campaign.won", { total });
  } else {
    status = t("jdui.end.campaign.game_won", { game, total, name: names[ticked] || t("jdui.end.campaign.a_condition") });
    next = h("button", { type: "button", class: "btn primary", testid: "campaign-next", onclick: () => onCampaignNext(done.join(",")) },
      t("jdui.end.campaign.next", { n: game + 1, total }));
  }
  return h("div", { class: "campaign-progress", testid: "campaign-progress" },
    h("p", { testid: "campaign-status" }, status),
    h("ul", {}, (camp.conditions || []).map((c) => h("li", { class: done.includes(c.id) ? "done" : null, key: c.id },
      done.includes(c.id) ? "✔ " : "☐ ", t("jdui.table.condition", { name: t(`jd.term.condition.${c.id}`), text: t(`jd.term.condition_text.${c.id}`) })))),
    next);
}

/** Below the scores: each player's VP per card over the game (printed and bonus). */
export function endBelow(snap) {
  const players = (snap.view && snap.view.players) || [];
  if (!players.some((p) => Array.isArray(p.vp_breakdown))) return null;
  return h("div", { class: "vp-breakdown", testid: "vp-breakdown" },
    h("h3", {}, t("jdui.end.by_card")),
    players.map((p) => h("details", { class: "vp-player", key: p.seat, testid: `vp-breakdown-${p.seat}`, open: players.length <= 2 },
      h("summary", {}, t("jdui.end.player_total", { name: seatName(snap, p.seat), n: p.vp ?? 0 })),
      h("table", { class: "scores small-table" },
        h("caption", { class: "visually-hidden" }, t("jdui.end.caption", { name: seatName(snap, p.seat) })),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("jdui.end.card")), h("th", { scope: "col" }, t("jdui.end.base")),
          h("th", { scope: "col" }, t("jdui.end.bonus")), h("th", { scope: "col" }, t("jdui.end.total")))),
        h("tbody", {}, (p.vp_breakdown || []).map((r) => h("tr", { key: r.id },
          h("th", { scope: "row" }, cardRef(snap.game, r.id, cardName(snap.game, r.id), { where: `vpb${p.seat}` })),
          h("td", {}, String(r.base)), h("td", {}, String(r.bonus)), h("td", {}, String(r.base + r.bonus)))))))));
}
