// Review with Expert, in the replay: the engine weighs one seat's decisions again with Expert's search
// (pyengine/review.py), a slice at a time in the worker, and the page draws the progress, each decision as it is
// weighed (Expert's move, the win chance before and after), and the three costliest decisions as links into the
// replay. Cancel stops it after the slice under way. The page decides nothing: it lists what the engine answers.
import { h } from "./dom.js";
import { t } from "../i18n.js";
import { call } from "./engine-api.js";
import { textNodes, seatName } from "./text.js";

const SLICE_MS = 150;
// Expert's time cap for each decision, as when it plays in the page (pyengine/bots/levels.py).
const DECISION_CAP_MS = 1900;
// "?reviewiter=N" weighs each decision with N iterations (quick browser tests of the whole review).
const ITER = Number.parseInt(new URLSearchParams(globalThis.location ? location.search : "").get("reviewiter") ?? "", 10);
const ITERATIONS = Number.isFinite(ITER) && ITER >= 1 && ITER <= 100000 ? ITER : null;

/** One review of a seat's decisions: {state: "starting" | "running" | "done" | "cancelled" | "failed"}. */
export class ReviewRun {
  constructor({ matchId, seat, onChange }) {
    this.matchId = matchId;
    this.seat = seat;
    this.onChange = onChange;
    this.state = "starting";
    this.decisions = [];    // [{n, move, best?, same?, before?, after?, cost?}] in game order
    this.done = 0;
    this.total = 0;
    this.costliest = [];    // move numbers, costliest first
    this.error = "";
  }

  changed() {
    this.onChange(this);
    // The Cancel button goes when the review ends: focus moves to the panel's Close, never to the page's body.
    if (this.state !== "running" && this.state !== "starting" && typeof document !== "undefined") {
      const at = document.activeElement;
      if (!at || at === document.body) document.querySelector("[data-testid=review-again], [data-testid=review-close]")?.focus();
    }
  }

  /** Ask the engine for the seat's decisions, then weigh them slice by slice until done or cancelled. */
  async run() {
    try {
      const first = await call({ op: "review_start", match: this.matchId, seat: this.seat, iterations: ITERATIONS,
        max_ms: DECISION_CAP_MS });
      if (this.state !== "starting") { // cancelled while the engine was listing the decisions
        try { await call({ op: "review_cancel", match: this.matchId }); } catch { /* the match is gone */ }
        return;
      }
      this.decisions = first.decisions.map((d) => ({ ...d }));
      this.total = first.total;
      this.state = "running";
      this.changed();
      while (this.state === "running") {
        const step = await call({ op: "review_step", match: this.matchId, slice_ms: SLICE_MS });
        if (this.state !== "running") return;
        for (const d of step.decisions) {
          const i = this.decisions.findIndex((x) => x.n === d.n);
          if (i >= 0) this.decisions[i] = d;
        }
        this.done = step.done;
        if (step.finished) {
          this.costliest = step.costliest || [];
          this.state = "done";
        }
        this.changed();
      }
    } catch (err) {
      if (this.state === "cancelled") return;
      this.state = "failed";
      this.error = err.message;
      this.changed();
    }
  }

  /** Stop weighing (the engine drops the review after its slice under way). */
  async cancel() {
    if (this.state !== "running" && this.state !== "starting") return;
    this.state = "cancelled";
    this.changed();
    try { await call({ op: "review_cancel", match: this.matchId }); } catch { /* the match is gone */ }
  }

  get agreed() { return this.decisions.filter((d) => d.same).length; }
}

const chance = (d) => t("review.chance", { before: d.before, after: d.after });

function verdict(snap, d) {
  if (d.before === undefined) return h("span", { class: "muted" }, t("review.waiting"));
  if (d.same) return h("span", { class: "review-agree" }, t("review.agrees"), " · ", chance(d));
  return h("span", {}, h("strong", {}, t("review.expert"), ": "), textNodes(snap, d.best, { where: `rb${d.n}` }), " · ",
    h("span", { class: d.cost > 0 ? "review-cost" : null }, chance(d)));
}

/** Open the replay just before move n; on a phone, where the table is under the review, bring the table into view. */
function showMove(rp, n) {
  rp.go(n - 1);
  if (globalThis.matchMedia && matchMedia("(max-width: 760px)").matches) {
    document.querySelector(".replay-table")?.scrollIntoView({ block: "start" });
  }
}

/** A decision's row: the move number (a link into the replay, at the position before it), the move played, and
 *  Expert's view of it once weighed. */
function decisionRow(rp, rv, d, testid) {
  const snap = rp.session.snapshot;
  return h("li", { key: d.n, testid, class: ["review-item", rp.at === d.n - 1 ? "current" : null], dataset: { n: d.n } },
    h("button", { type: "button", class: "btn small ghost review-go", testid: `${testid}-go`, title: t("review.show", { n: d.n }),
      onclick: () => showMove(rp, d.n) }, t("review.move", { n: d.n })),
    h("span", { class: "review-played", testid: `${testid}-move` }, textNodes(snap, d.move, { where: `rm${testid}${d.n}` })),
    h("span", { class: "review-verdict" }, verdict(snap, d)));
}

function status(rv) {
  if (rv.state === "starting") return t("review.starting");
  if (rv.state === "running") return t("review.weighing", { at: Math.min(rv.done + 1, rv.total), n: rv.total });
  if (rv.state === "cancelled") return t("review.cancelled", { done: rv.done, n: rv.total });
  if (rv.state === "failed") return t("review.failed", { message: rv.error });
  if (!rv.total) return t("review.empty");
  return t("review.done", { n: rv.total, same: rv.agreed });
}

/** The review panel (the replay's side column while a review is open). */
export function reviewPanel(rp, rv, { onAgain, onClose }) {
  const snap = rp.session.snapshot;
  const running = rv.state === "running" || rv.state === "starting";
  const byN = new Map(rv.decisions.map((d) => [d.n, d]));
  const costly = rv.costliest.map((n) => byN.get(n)).filter(Boolean);
  return h("section", { class: "review-panel", testid: "review", "aria-labelledby": "review-title", dataset: { state: rv.state, match: rv.matchId } },
    h("div", { class: "review-head" },
      h("h2", { id: "review-title", class: "review-title" }, t("review.title", { name: seatName(snap, rv.seat) })),
      h("button", { type: "button", class: "btn small ghost", testid: "review-close", onclick: onClose }, t("review.close"))),
    h("p", { class: "muted review-status", role: "status", testid: "review-status" }, status(rv)),
    running ? h("div", { class: "review-progress-row" },
      h("progress", { max: Math.max(1, rv.total), value: rv.done, testid: "review-progress", "aria-label": t("review.progress_aria") }),
      h("button", { type: "button", class: "btn small", testid: "review-cancel", onclick: () => rv.cancel() }, t("review.cancel"))) : null,
    rv.state === "cancelled" || rv.state === "failed" ? h("button", { type: "button", class: "btn small", testid: "review-again", onclick: onAgain }, t("review.again")) : null,
    rv.state === "done" && rv.total ? h("div", { class: "review-costliest", testid: "review-costliest" },
      h("h3", {}, t("review.costliest")),
      costly.length
        ? h("ol", { class: "review-list" }, costly.map((d, i) => decisionRow(rp, rv, d, `review-costly-${i}`)))
        : h("p", { class: "muted" }, t("review.none_costly"))) : null,
    rv.total ? h("div", { class: "review-scroll", "data-replay-scroll": "1" },
      h("h3", {}, t("review.decisions")),
      h("ol", { class: "review-list", testid: "review-list" }, rv.decisions.map((d) => decisionRow(rp, rv, d, `review-item-${d.n}`)))) : null);
}
