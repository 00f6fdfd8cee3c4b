// Replay: step through any game, in progress or finished. The engine holds the match (a copy loaded from the save,
// never written) and answers the table at any move (`replay_at`) and the move list grouped by round and phase
// (`history`); the page draws the game's own table in "looking" mode, the log as it stood at that move, a slider,
// ◀ ▶ « » and the arrow keys, Home and End. Once the game is over every seat's view is open; during a game in
// progress the replay shows the one human seat's view, or the public view when several humans share the device.
// From any move the player can play on (a new match, each seat human or bot) or share a range of moves.
import { h } from "./dom.js";
import { t } from "../i18n.js";
import { call } from "./engine-api.js";
import { textNodes, textString, seatName } from "./text.js";
import { tableFor } from "./tables.js";
import { divSnippet, embedSnippet, shareLink } from "./share.js";
import { EmbedSession } from "../embed/session.js";
import { ReviewRun, reviewPanel } from "./review.js";

const LEVELS = ["human", "easy", "normal", "hard", "expert"];

/** One replay: the engine's copy of a match, the move list, and the table at the chosen move. */
export class Replay {
  /** opts: {onChange(replay), onError(err)} */
  constructor({ onChange, onError }) {
    this.onChange = onChange;
    this.onError = onError;
    this.session = null;    // an EmbedSession that only draws (readOnly): the table's view of the chosen move
    this.matchId = null;
    this.history = null;    // {total, moves, groups}
    this.at = 0;
    this.wanted = 0;        // the move asked for last (keys may outrun the engine; the latest wins)
    this.fetching = false;
    this.viewer = null;
    this.open = false;      // the game is over: every seat's view may be chosen
    this.seats = [];
    this.game = null;
    this.players = 0;
    this.dialog = null;     // "playon" | "share" | null
    this.playOn = null;     // {seats: [{name, kind}]}
    this.share = null;      // {from, to, data, note}
    this.review = null;     // a ReviewRun (ui/review.js) once "Review with Expert" was asked for
    this.side = "moves";    // the side column: "moves" (the move list) or "review"
    this.closed = false;
  }

  /** Review the viewer's decisions with Expert (a new review replaces one under way). */
  startReview() {
    if (this.viewer === null) return;
    if (this.review) this.review.cancel();
    this.review = new ReviewRun({ matchId: this.matchId, seat: this.viewer, onChange: () => this.changed() });
    this.side = "review";
    this.changed();
    this.review.run();
  }

  /** Close the review panel (a review under way is cancelled) and show the move list again. */
  closeReview() {
    if (this.review) this.review.cancel();
    this.review = null;
    this.side = "moves";
    this.changed();
  }

  changed() { if (!this.closed) this.onChange(this); }

  /**
   * Start on a match the engine holds (loaded from a save): `terminal` opens every seat's view; otherwise `viewer`
   * is the one seat whose view the replay may show (null: the public view). Opens at move `at` (default: the end).
   */
  async start(snapshot, { viewer, at = null }) {
    this.matchId = snapshot.match;
    this.game = snapshot.game;
    this.players = snapshot.players;
    this.seats = snapshot.seats || [];
    this.open = Boolean(snapshot.terminal);
    this.viewer = viewer;
    this.session = new EmbedSession({ bots: false, onChange: () => this.changed(), onError: this.onError, gameName: "" });
    this.session.readOnly = true;
    this.session.matchId = this.matchId;
    await this.loadHistory();
    await this.go(at === null ? this.history.total : at);
  }

  async loadHistory() {
    this.history = await call({ op: "history", match: this.matchId, viewer: this.viewer });
  }

  get total() { return this.history ? this.history.total : 0; }

  /** Show the table after `at` moves (the latest request wins when several are under way). */
  async go(at) {
    this.wanted = Math.max(0, Math.min(this.total, at));
    if (this.fetching) return;
    this.fetching = true;
    try {
      while (!this.closed) {
        const want = this.wanted;
        const snap = await call({ op: "replay_at", match: this.matchId, at: want, viewer: this.viewer });
        if (this.closed) return;
        this.session.snapshot = { ...snap, decision: null, can_undo: false }; // a replay only looks
        this.session.viewer = this.viewer;
        this.session.ui = {};
        this.at = want;
        if (this.wanted === want) break;
      }
    } catch (err) {
      this.onError(err);
    } finally {
      this.fetching = false;
    }
    this.changed();
  }

  /** Look from another seat (only once the game is over). */
  async setViewer(seat) {
    if (!this.open) return;
    this.viewer = seat;
    await this.loadHistory();
    await this.go(this.at);
  }

  /** Arrow keys, Home and End step through the moves (not while typing, nor with a dialog or popover open). */
  onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey || this.dialog) return false;
    const el = event.target;
    if (el && el.closest && el.closest("input:not([type=range]), textarea, select, [contenteditable], [data-testid=popover]")) return false;
    if (el && el.matches && el.matches("input[type=range]")) return false; // the slider steps by itself
    const to = { ArrowLeft: this.wanted - 1, ArrowRight: this.wanted + 1, Home: 0, End: this.total }[event.key];
    if (to === undefined) return false;
    event.preventDefault();
    this.go(to);
    return true;
  }

  /** Ask the engine for the sharing texts of moves `from`..`to`, seen by the replay's viewer (null: all open). */
  async fetchShare() {
    const s = this.share;
    s.data = null;
    this.changed();
    try {
      s.data = await call({ op: "share", match: this.matchId, seat: this.viewer, from: s.from, to: s.to, viewer: this.viewer ?? 0 });
      s.note = "";
    } catch (err) {
      s.note = t("replay.share_failed", { message: err.message });
    }
    this.changed();
  }

  async close() {
    this.closed = true;
    if (this.review) this.review.state = "cancelled"; // closing the match drops its review in the engine too
    if (this.matchId) { try { await call({ op: "close", match: this.matchId }); } catch { /* gone */ } }
  }
}

// ------------------------------------------------------------------------------------------------ drawing

function moveText(snap, move) {
  return [h("span", { class: "replay-who" }, `${seatName(snap, move.seat)}: `), textNodes(snap, move.msg, { where: `mv${move.n}` })];
}

/** The move list, grouped by round and phase; the current move is marked and each move is a button. */
function moveList(rp) {
  const snap = rp.session.snapshot;
  const { moves, groups } = rp.history;
  const button = (n, label) => h("button", {
    type: "button", class: ["btn small ghost replay-move", rp.at === n ? "current" : null], testid: `replay-move-${n}`,
    "aria-current": rp.at === n ? "step" : null, onclick: () => rp.go(n),
  }, label);
  return h("nav", { class: "replay-moves", testid: "replay-moves", "aria-label": t("replay.moves_aria") },
    h("div", { class: "replay-moves-scroll", "data-replay-scroll": "1" },
      h("ol", { class: "replay-groups" },
        h("li", { key: "start" }, button(0, t("replay.start"))),
        groups.map((g, gi) => h("li", { key: `g${gi}`, class: "replay-group" },
          g.header ? h("h3", { class: "replay-group-title" },
            g.kind === "phase" && g.round_header ? [textNodes(snap, g.round_header, { where: `rh${gi}` }), " · "] : null,
            textNodes(snap, g.header, { where: `gh${gi}` })) : null,
          h("ol", { class: "replay-group-moves", start: g.first },
            moves.slice(g.first - 1, g.last).map((m) => h("li", { key: m.n }, button(m.n, moveWords(rp, m.n))))))))));
}

/** « ◀ slider ▶ » and where we are, at the bottom of the screen like the game's decision bar. */
function stepBar(rp) {
  const n = rp.total;
  const at = rp.at;
  const snap = rp.session.snapshot;
  const move = at > 0 ? rp.history.moves[at - 1] : null;
  return h("div", { class: "action-bar replay-bar", testid: "replay-bar", role: "group", "aria-label": t("replay.steps_aria") },
    h("div", { class: "replay-steps" },
      h("button", { type: "button", class: "btn small", testid: "replay-first", disabled: at <= 0, "aria-label": t("replay.first"), "aria-keyshortcuts": "Home", onclick: () => rp.go(0) }, "«"),
      h("button", { type: "button", class: "btn small", testid: "replay-back", disabled: at <= 0, "aria-label": t("replay.back"), "aria-keyshortcuts": "ArrowLeft", onclick: () => rp.go(at - 1) }, "◀"),
      h("input", { type: "range", class: "replay-slider", testid: "replay-slider", min: 0, max: n, step: 1, value: at,
        "aria-label": t("replay.slider"), "aria-valuetext": t("replay.at", { at, n }),
        oninput: (e) => rp.go(Number.parseInt(e.target.value, 10) || 0) }),
      h("button", { type: "button", class: "btn small", testid: "replay-next", disabled: at >= n, "aria-label": t("replay.next"), "aria-keyshortcuts": "ArrowRight", onclick: () => rp.go(at + 1) }, "▶"),
      h("button", { type: "button", class: "btn small", testid: "replay-last", disabled: at >= n, "aria-label": t("replay.last"), "aria-keyshortcuts": "End", onclick: () => rp.go(n) }, "»")),
    h("p", { class: "replay-where", testid: "replay-at", role: "status" },
      h("strong", {}, t("replay.at", { at, n })),
      move ? [" · ", moveText(snap, move)] : null));
}

function seatTabs(rp) {
  const snap = rp.session.snapshot;
  if (!rp.open) {
    return h("p", { class: "muted replay-seen", testid: "replay-seen" },
      rp.viewer === null ? t("replay.seen_public") : t("replay.seen_by", { name: seatName(snap, rp.viewer) }));
  }
  return h("div", { class: "seat-tabs", role: "group", "aria-label": t("replay.seen_as") },
    h("span", { class: "muted" }, t("replay.seen_as")),
    Array.from({ length: rp.players }, (_, seat) => h("button", {
      type: "button", key: seat, class: ["btn small", seat === rp.viewer ? "primary" : null], testid: `replay-viewer-${seat}`,
      "aria-pressed": seat === rp.viewer ? "true" : "false", onclick: () => rp.setViewer(seat),
    }, seatName(snap, seat))));
}

/** "Play on from here": each seat human or a bot level, then a new match from this move. */
function playOnDialog(rp, onPlayOn) {
  const p = rp.playOn;
  const snap = rp.session.snapshot;
  const close = () => { rp.dialog = null; rp.changed(); };
  return h("div", { class: "loading-layer", role: "presentation", onclick: (e) => { if (e.target === e.currentTarget) close(); } },
    h("form", { class: "loading-card replay-dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": "playon-title", testid: "playon-dialog",
      onkeydown: (e) => { if (e.key === "Escape") { e.stopPropagation(); close(); } },
      onsubmit: (e) => { e.preventDefault(); onPlayOn(rp.at, p.seats); } },
    h("h2", { id: "playon-title" }, t("replay.playon_title", { at: rp.at })),
    h("p", { class: "muted" }, t("replay.playon_help")),
    p.seats.map((seat, i) => h("div", { class: "share-row", key: i },
      h("label", { for: `playon-seat-${i}`, class: "field-label" }, seatName(snap, i)),
      h("select", { id: `playon-seat-${i}`, testid: `playon-seat-${i}`, value: seat.kind, "data-autofocus": i === 0 ? "1" : null,
        onchange: (e) => { seat.kind = e.target.value; } },
      LEVELS.map((k) => h("option", { value: k, key: k }, t(`seat.kind.${k}`)))))),
    h("div", { class: "row-buttons" },
      h("button", { type: "submit", class: "btn primary", testid: "playon-start" }, t("replay.playon_start")),
      h("button", { type: "button", class: "btn ghost", testid: "playon-cancel", onclick: close }, t("game.cancel")))));
}

/** "Share this": moves from..to as a line (the embed steps through them), a link and the snippets. */
function shareDialog(rp) {
  const s = rp.share;
  const data = s.data;
  const close = () => { rp.dialog = null; rp.changed(); document.querySelector("[data-testid=replay-share]")?.focus(); };
  const seat = rp.viewer ?? 0;
  const open = rp.viewer === null;
  const line = data ? data.line : [];
  const pos = data ? data.line_code : "";
  const q = new URLSearchParams({ game: rp.game, pos, mode: "view" });
  if (open) q.set("open", "1"); else q.set("seat", String(seat));
  if (line.length) q.set("line", line.join(";"));
  const link = data ? `${new URL("embed.html", new URL(".", location.href)).href}?${q.toString()}` : "";
  const div = data ? divSnippet(pos, rp.game, { seat, open, mode: "view", line }) : "";
  const iframe = data ? embedSnippet(pos, rp.game, { seat, open, mode: "view", line }) : "";
  const lineText = data ? line.join("; ") : "";
  const num = (key, label, min, max) => h("label", { class: "field-label replay-range" }, label,
    h("input", { type: "number", min, max, value: s[key], testid: `share-${key}`,
      onchange: (e) => {
        const v = Math.max(min, Math.min(max, Number.parseInt(e.target.value, 10) || 0));
        s[key] = v;
        if (s.from > s.to) { if (key === "from") s.to = v; else s.from = v; }
        rp.fetchShare();
      } }));
  const box = (id, label, value, rows) => [
    h("label", { for: id, class: "field-label", key: `${id}-l` }, label),
    h("textarea", { id, readonly: true, rows, value, testid: id, key: id, onfocus: (e) => e.target.select() })];
  return h("div", { class: "loading-layer share-layer", role: "presentation", onclick: (e) => { if (e.target === e.currentTarget) close(); } },
    h("section", { class: "loading-card share-card", role: "dialog", "aria-modal": "true", "aria-labelledby": "rshare-title", testid: "replay-share-dialog",
      onkeydown: (e) => { if (e.key === "Escape") { e.stopPropagation(); close(); } } },
    h("h2", { id: "rshare-title" }, t("replay.share_title")),
    h("p", { class: "muted" }, open ? t("share.honest_open") : t("share.honest_seat")),
    h("div", { class: "share-row" }, num("from", t("replay.share_from"), 0, rp.total), num("to", t("replay.share_to"), 0, rp.total)),
    h("p", { class: "muted", role: "status", testid: "replay-share-note" },
      data ? (data.line_cut ? t("share.line_cut", { n: line.length }) : t("share.line_n", { n: line.length })) : s.note || t("share.making")),
    data ? [
      box("replay-share-line", t("replay.share_line"), lineText, 3),
      h("label", { for: "replay-share-link", class: "field-label", key: "ll" }, t("replay.share_link")),
      h("input", { id: "replay-share-link", type: "text", readonly: true, value: link, testid: "replay-share-link", key: "li", onfocus: (e) => e.target.select() }),
      box("replay-share-div", t("share.div_label"), div, 3),
      box("replay-share-iframe", t("share.iframe_label"), iframe, 3),
      h("p", { class: "muted", key: "n", role: "status" }, s.note || ""),
    ] : null,
    h("div", { class: "row-buttons" },
      data ? h("a", { class: "btn ghost", href: link, target: "_blank", rel: "noopener", testid: "replay-share-try" }, t("share.try_link")) : null,
      h("button", { type: "button", class: "btn primary", testid: "replay-share-close", "data-autofocus": "1", onclick: close }, t("share.close")))));
}

/**
 * The replay screen: {table, bar, side, dialogs} for main.js to place under its game bar. handlers: {onPlayOn(at,
 * seats), onMakeLesson(replay)}.
 */
export function replayParts(rp, handlers) {
  const snap = rp.session && rp.session.snapshot;
  if (!snap || !rp.history) return { body: h("div", { class: "loading", role: "status", testid: "replay-loading" }, t("replay.loading")) };
  const { table } = tableFor(snap.game)(rp.session);
  const tools = h("div", { class: "replay-tools row-buttons" },
    seatTabs(rp),
    h("span", { class: "spacer" }),
    h("button", { type: "button", class: "btn", testid: "replay-playon", onclick: () => {
      rp.playOn = { seats: rp.seats.map((s) => ({ name: s.name, kind: s.kind === "greedy" ? "normal" : s.kind === "random" ? "easy" : s.kind })) };
      rp.dialog = "playon";
      rp.changed();
    } }, t("replay.playon")),
    h("button", { type: "button", class: "btn", testid: "replay-share", onclick: () => {
      rp.share = { from: Math.max(0, rp.at - 10), to: rp.at, data: null, note: "" };
      rp.dialog = "share";
      rp.fetchShare();
    } }, t("replay.share")),
    handlers.onMakeLesson ? h("button", { type: "button", class: "btn", testid: "replay-lesson", onclick: () => handlers.onMakeLesson(rp) }, t("author.make_lesson")) : null,
    rp.viewer !== null ? h("button", { type: "button", class: "btn", testid: "replay-review", onclick: () => rp.startReview() }, t("review.start")) : null);
  const side = rp.review && rp.side === "review"
    ? reviewPanel(rp, rp.review, { onAgain: () => rp.startReview(), onClose: () => rp.closeReview() })
    : moveList(rp);
  const tabs = rp.review ? h("div", { class: "replay-side-tabs", role: "group", "aria-label": t("review.side_aria") },
    ["moves", "review"].map((k) => h("button", { type: "button", key: k, class: ["btn small", rp.side === k ? "primary" : null], testid: `replay-side-${k}`,
      "aria-pressed": rp.side === k ? "true" : "false", onclick: () => { rp.side = k; rp.changed(); } }, t(`review.tab_${k}`)))) : null;
  const body = h("div", { class: "replay", testid: "replay", dataset: { at: rp.at, total: rp.total } },
    tools,
    h("div", { class: "replay-main" },
      h("div", { class: ["replay-side", rp.review && rp.side === "review" ? "reviewing" : null] }, tabs, side),
      h("div", { class: ["game", "looking", "replay-table"], testid: "game", dataset: { game: snap.game, terminal: snap.terminal ? "1" : "0", busy: "0" } }, table)));
  const dialog = rp.dialog === "playon" ? playOnDialog(rp, handlers.onPlayOn) : rp.dialog === "share" && rp.share ? shareDialog(rp) : null;
  return { body, bar: stepBar(rp), dialog };
}

/** Keep the current move in view inside the move list (never scrolling the page itself). */
export function followCurrentMove() {
  const box = document.querySelector("[data-replay-scroll]");
  const cur = box && box.querySelector(".replay-move.current");
  if (!box || !cur) return;
  const b = box.getBoundingClientRect();
  const c = cur.getBoundingClientRect();
  if (c.top < b.top) box.scrollTop -= b.top - c.top + 8;
  else if (c.bottom > b.bottom) box.scrollTop += c.bottom - b.bottom + 8;
}

/** The replay's text for the move list's aria and tests: a move in plain words. */
export function moveWords(rp, n) {
  const snap = rp.session.snapshot;
  const m = rp.history.moves[n - 1];
  return m ? `${seatName(snap, m.seat)}: ${textString(snap, m.msg)}` : "";
}
