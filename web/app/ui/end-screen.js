// The end screen of every game: who won and why (the tie-break in words), the scores, the history charts, and Play
// again (same seats and options, a new seed) and Home. A game's own module (games/<id>/table.js) may add its parts:
// endColumns(snap, out) for its score columns, endAbove(snap, out, hooks) and endBelow(snap) for panels around them.
import { h } from "./dom.js";
import { t, tMaybe } from "../i18n.js";
import { namespaceOf } from "./catalog.js";
import { seatName, textNodes } from "./text.js";
import { gameModule } from "./tables.js";

function detailWord(game, key) {
  return tMaybe(`${namespaceOf(game)}.outcome.detail.${key}`) || t("end.column_unnamed");
}

function tiebreakWords(game, key) {
  if (!key) return "";
  const how = tMaybe(`${namespaceOf(game)}.outcome.tiebreak.${key}`) || tMaybe(`end.tiebreak.${key}`) || t("end.tiebreak_unnamed");
  return t("end.decided_by", { how });
}

function headline(snap, out) {
  const d = out.details || {};
  if (d.result_msg) return textNodes(snap, d.result_msg, { where: "end" });
  const names = (out.winners || []).map((s) => seatName(snap, s));
  if (!names.length) return t("end.nobody_wins");
  // A winner called "You" (the viewer, or a seat that kept the default name) wins in the second person.
  if (names.length === 1 && (out.winners[0] === snap.viewer || names[0] === t("seat.default_you"))) return t("end.you_win");
  if (names.length === 1) return t("end.wins", { name: names[0] });
  return t("end.shared_win", { names: names.join(t("end.and")) });
}

function genericColumns(game, out) {
  const breakdown = (out.details && Array.isArray(out.details.breakdown)) ? out.details.breakdown : [];
  const keys = Object.keys(breakdown[0] || {}).filter((k) => k !== "total"); // the score column is the total
  const cols = [t("end.score"), ...keys.map((k) => detailWord(game, k))];
  const rows = (out.scores || []).map((score, s) => ({ seat: s, cells: [score, ...keys.map((k) => (breakdown[s] || {})[k])] }));
  return { cols, rows };
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

/** The end screen: {onHome, onPlayAgain, onReplay?, onReview?} and the hooks a game's own parts take (Jump Drive's
 *  onCampaignNext). Review with Expert is offered when a human seat played (its decisions are what it weighs). */
export function endScreen(session, { onHome, onPlayAgain, onReplay = null, onReview = null, ...hooks }) {
  const snap = session.snapshot;
  const out = snap.outcome || {};
  const winners = new Set(out.winners || []);
  const own = gameModule(snap.game) || {};
  const { cols, rows } = (own.endColumns && own.endColumns(snap, out)) || genericColumns(snap.game, out);
  const ordered = [...rows].sort((a, b) => (Number(b.cells[0]) || 0) - (Number(a.cells[0]) || 0));
  return h("section", { class: "panel end-screen", testid: "end-screen", "aria-labelledby": "end-title" },
    h("h2", { id: "end-title", tabindex: "-1", "data-autofocus": "1" }, t("end.title")),
    h("p", { class: "winner", testid: "winner" }, headline(snap, out)),
    h("p", { class: "tiebreak", testid: "tiebreak" }, tiebreakWords(snap.game, out.tiebreak)),
    own.endAbove ? own.endAbove(snap, out, hooks) : null,
    h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": t("end.scores_caption") },
      h("table", { class: "scores", testid: "final-scores" },
        h("caption", { class: "visually-hidden" }, t("end.scores_caption")),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("end.player")), cols.map((c, i) => h("th", { scope: "col", key: i }, c)))),
        h("tbody", {}, ordered.map((r) => h("tr", { class: winners.has(r.seat) ? "win" : null, key: r.seat },
          h("th", { scope: "row" }, winners.has(r.seat) ? h("span", { "aria-label": t("end.winner_mark") }, "★ ") : null, seatName(snap, r.seat)),
          r.cells.map((v, i) => h("td", { key: i, testid: i === 0 ? `final-score-${r.seat}` : null }, v === undefined || v === null ? "–" : String(v)))))))),
    own.endBelow ? own.endBelow(snap) : null,
    historyCharts(snap),
    h("div", { class: "end-buttons" },
      h("button", { type: "button", class: "btn primary", testid: "end-new-game", onclick: onPlayAgain }, t("end.play_again")),
      onReplay ? h("button", { type: "button", class: "btn", testid: "end-replay", onclick: onReplay }, t("end.replay")) : null,
      onReview && session.humanSeats && session.humanSeats().length ? h("button", { type: "button", class: "btn", testid: "end-review", onclick: onReview }, t("review.start")) : null,
      onHome ? h("button", { type: "button", class: "btn", testid: "end-home", onclick: onHome }, t("end.home")) : null));
}
