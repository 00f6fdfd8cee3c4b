// The end screen of every game: who won and why (the tie-break in words), the scores with the game's own columns,
// Jump Drive's VP per card (base and bonus), and Play again (same seats and options, a new seed) and Home.
import { h } from "./dom.js";
import { t, tMaybe } from "../i18n.js";
import { NAMESPACE, cardName } from "./catalog.js";
import { seatName, textNodes } from "./text.js";
import { cardRef } from "./popover.js";

function detailWord(game, key) {
  return tMaybe(`${NAMESPACE[game]}.outcome.detail.${key}`) || t("end.column_unnamed");
}

function tiebreakWords(game, key) {
  if (!key) return "";
  const how = tMaybe(`${NAMESPACE[game]}.outcome.tiebreak.${key}`) || tMaybe(`end.tiebreak.${key}`) || t("end.tiebreak_unnamed");
  return t("end.decided_by", { how });
}

function headline(snap, out) {
  const d = out.details || {};
  if (d.result_msg) return textNodes(snap, d.result_msg, { where: "end" });
  const names = (out.winners || []).map((s) => seatName(snap, s));
  if (!names.length) return t("end.nobody_wins");
  if (names.length === 1 && out.winners[0] === snap.viewer) return t("end.you_win");
  if (names.length === 1) return t("end.wins", { name: names[0] });
  return t("end.shared_win", { names: names.join(t("end.and")) });
}

/** Jump Drive: rows of {seat, score, hand, income}, and each player's VP per card. */
function jdColumns(snap, out) {
  const players = (snap.view && snap.view.players) || [];
  const cols = [t("end.jd.vp"), t("end.jd.cards_in_hand"), t("end.jd.income")];
  const rows = (snap.seats || []).map((s, i) => {
    const p = players.find((x) => x.seat === i) || {};
    const inHand = out.details && Array.isArray(out.details.cards_in_hand) ? out.details.cards_in_hand[i] : p.hand_count;
    const income = out.details && Array.isArray(out.details.income) ? out.details.income[i] : p.income;
    return { seat: i, cells: [(out.scores || [])[i], inHand, income] };
  });
  return { cols, rows };
}

function genericColumns(game, out) {
  const breakdown = (out.details && Array.isArray(out.details.breakdown)) ? out.details.breakdown : [];
  const keys = Object.keys(breakdown[0] || {}).filter((k) => k !== "total"); // the score column is the total
  const cols = [t("end.score"), ...keys.map((k) => detailWord(game, k))];
  const rows = (out.scores || []).map((score, s) => ({ seat: s, cells: [score, ...keys.map((k) => (breakdown[s] || {})[k])] }));
  return { cols, rows };
}

function vpBreakdown(snap) {
  const players = (snap.view && snap.view.players) || [];
  if (!players.some((p) => Array.isArray(p.vp_breakdown))) return null;
  return h("div", { class: "vp-breakdown", testid: "vp-breakdown" },
    h("h3", {}, t("end.jd.by_card")),
    players.map((p) => h("details", { class: "vp-player", key: p.seat, testid: `vp-breakdown-${p.seat}`, open: players.length <= 2 },
      h("summary", {}, t("end.jd.player_total", { name: seatName(snap, p.seat), n: p.vp ?? 0 })),
      h("table", { class: "scores small-table" },
        h("caption", { class: "visually-hidden" }, t("end.jd.caption", { name: seatName(snap, p.seat) })),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("end.jd.card")), h("th", { scope: "col" }, t("end.jd.base")),
          h("th", { scope: "col" }, t("end.jd.bonus")), h("th", { scope: "col" }, t("end.jd.total")))),
        h("tbody", {}, (p.vp_breakdown || []).map((r) => h("tr", { key: r.id },
          h("th", { scope: "row" }, cardRef(snap.game, r.id, cardName(snap.game, r.id), { where: `vpb${p.seat}` })),
          h("td", {}, String(r.base)), h("td", {}, String(r.bonus)), h("td", {}, String(r.base + r.bonus)))))))));
}

// The solo campaign's progress lives in the game options (campaign_used), so saves carry it with no other store.
function campaignPanel(snap, out, onCampaignNext) {
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
    status = t("end.campaign.lost", { game, total });
    next = h("button", { type: "button", class: "btn primary", testid: "campaign-restart", onclick: () => onCampaignNext("") }, t("end.campaign.restart"));
  } else if (done.length >= total) {
    status = t("end.campaign.won", { total });
  } else {
    status = t("end.campaign.game_won", { game, total, name: names[ticked] || t("end.campaign.a_condition") });
    next = h("button", { type: "button", class: "btn primary", testid: "campaign-next", onclick: () => onCampaignNext(done.join(",")) },
      t("end.campaign.next", { n: game + 1, total }));
  }
  return h("div", { class: "campaign-progress", testid: "campaign-progress" },
    h("p", { testid: "campaign-status" }, status),
    h("ul", {}, (camp.conditions || []).map((c) => h("li", { class: done.includes(c.id) ? "done" : null, key: c.id },
      done.includes(c.id) ? "✔ " : "☐ ", t("jdui.table.condition", { name: t(`jd.term.condition.${c.id}`), text: t(`jd.term.condition_text.${c.id}`) })))),
    next);
}

export function endScreen(session, { onHome, onPlayAgain, onCampaignNext }) {
  const snap = session.snapshot;
  const out = snap.outcome || {};
  const winners = new Set(out.winners || []);
  const { cols, rows } = snap.game === "jump_drive" ? jdColumns(snap, out) : genericColumns(snap.game, out);
  const ordered = [...rows].sort((a, b) => (Number(b.cells[0]) || 0) - (Number(a.cells[0]) || 0));
  return h("section", { class: "panel end-screen", testid: "end-screen", "aria-labelledby": "end-title" },
    h("h2", { id: "end-title", tabindex: "-1", "data-autofocus": "1" }, t("end.title")),
    h("p", { class: "winner", testid: "winner" }, headline(snap, out)),
    h("p", { class: "tiebreak", testid: "tiebreak" }, tiebreakWords(snap.game, out.tiebreak)),
    snap.game === "jump_drive" ? campaignPanel(snap, out, onCampaignNext || (() => {})) : null,
    h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": t("end.scores_caption") },
      h("table", { class: "scores", testid: "final-scores" },
        h("caption", { class: "visually-hidden" }, t("end.scores_caption")),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("end.player")), cols.map((c, i) => h("th", { scope: "col", key: i }, c)))),
        h("tbody", {}, ordered.map((r) => h("tr", { class: winners.has(r.seat) ? "win" : null, key: r.seat },
          h("th", { scope: "row" }, winners.has(r.seat) ? h("span", { "aria-label": t("end.winner_mark") }, "★ ") : null, seatName(snap, r.seat)),
          r.cells.map((v, i) => h("td", { key: i, testid: i === 0 ? `final-score-${r.seat}` : null }, v === undefined || v === null ? "–" : String(v)))))))),
    snap.game === "jump_drive" ? vpBreakdown(snap) : null,
    h("div", { class: "end-buttons" },
      h("button", { type: "button", class: "btn primary", testid: "end-new-game", onclick: onPlayAgain }, t("end.play_again")),
      h("button", { type: "button", class: "btn", testid: "end-home", onclick: onHome }, t("end.home"))));
}
