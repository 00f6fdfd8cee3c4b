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

/** Ares Expedition: each player's VP by source and by card (the engine's table block). */
function aresVpByCard(snap) {
  const players = (snap.view && snap.view.table && snap.view.table.players) || [];
  if (!players.some((p) => Array.isArray(p.vp_cards))) return null;
  return h("div", { class: "vp-breakdown", testid: "vp-breakdown" },
    h("h3", {}, t("end.ares.by_card")),
    players.map((p) => h("details", { class: "vp-player", key: p.seat, testid: `vp-breakdown-${p.seat}`, open: players.length <= 2 },
      h("summary", {}, t("end.ares.player_total", { name: seatName(snap, p.seat), n: p.vp ?? 0, tr: (p.vp_parts || {}).tr ?? 0,
        forests: (p.vp_parts || {}).forests ?? 0, cards: (p.vp_parts || {}).cards ?? 0 })),
      (p.vp_cards || []).length ? h("ul", { class: "vp-card-list" }, p.vp_cards.map((c) => h("li", { key: c.id },
        cardRef(snap.game, c.id, cardName(snap.game, c.id), { where: `avp${p.seat}` }), " ", t("end.ares.card_vp", { n: c.vp }))))
        : h("p", { class: "muted" }, t("end.ares.no_card_vp")))));
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

const SEAT_COLOURS = ["#6fc3ff", "#ffcf5a", "#58d68d", "#ff8f8f"];

/** One small line chart of a value per player over the rounds (SVG drawn here; no library). */
function lineChart(snap, history, key, title) {
  const W = 320; const H = 150; const pad = 28;
  const rounds = history.map((r) => r.round);
  const values = history.flatMap((r) => r[key] || []);
  const max = Math.max(1, ...values);
  const x = (i) => pad + (i * (W - pad - 8)) / Math.max(1, history.length - 1);
  const y = (v) => H - pad + 4 - ((v / max) * (H - pad - 12));
  const seats = (snap.seats || []).map((_, s) => s);
  const summary = seats.map((s) => `${seatName(snap, s)} ${(history[history.length - 1][key] || [])[s] ?? 0}`).join(", ");
  return h("figure", { class: "chart", key, testid: `chart-${key}` },
    h("figcaption", {}, title),
    h("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": t("end.chart_aria", { what: title, rounds: rounds.length, summary }) },
      h("line", { x1: pad, y1: H - pad + 4, x2: W - 8, y2: H - pad + 4, class: "axis" }),
      h("line", { x1: pad, y1: 8, x2: pad, y2: H - pad + 4, class: "axis" }),
      h("text", { x: 4, y: 14, class: "axis-label" }, String(max)),
      h("text", { x: 4, y: H - pad + 4, class: "axis-label" }, "0"),
      h("text", { x: W - 8, y: H - 6, class: "axis-label", "text-anchor": "end" }, t("end.chart_rounds", { n: rounds[rounds.length - 1] })),
      seats.map((s) => h("polyline", { key: s, fill: "none", stroke: SEAT_COLOURS[s % 4], "stroke-width": "2.5",
        points: history.map((r, i) => `${x(i).toFixed(1)},${y((r[key] || [])[s] ?? 0).toFixed(1)}`).join(" ") }))),
    h("ul", { class: "chart-legend" }, seats.map((s) => h("li", { key: s },
      h("span", { class: "legend-swatch", style: { background: SEAT_COLOURS[s % 4] } }), seatName(snap, s)))));
}

function historyCharts(snap) {
  const history = snap.view && snap.view.table && snap.view.table.history;
  if (!Array.isArray(history) || history.length < 2) return null;
  // Each game's history names its own series (Ares: TR and VP; Beyond the Sun: VP); draw those present.
  const series = [["tr", "end.chart_tr"], ["vp", "end.chart_vp"]].filter(([key]) => history.every((r) => Array.isArray(r[key])));
  if (!series.length) return null;
  return h("div", { class: "charts", testid: "history-charts" }, series.map(([key, title]) => lineChart(snap, history, key, t(title))));
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
    snap.game === "ares_expedition" ? aresVpByCard(snap) : null,
    historyCharts(snap),
    h("div", { class: "end-buttons" },
      h("button", { type: "button", class: "btn primary", testid: "end-new-game", onclick: onPlayAgain }, t("end.play_again")),
      onHome ? h("button", { type: "button", class: "btn", testid: "end-home", onclick: onHome }, t("end.home")) : null));
}
