// One running match: talks to the engine, runs bot seats, switches the viewer between human seats (with a hand-off
// screen in hot-seat games), autosaves after every action under the match's own id, and notices when another tab
// moved the same match on (then it stops writing and asks the player to reload or keep a copy).
import { call, EngineError } from "./engine-api.js";
import { saveMatch, newId, ConflictError, StorageFullError } from "../store.js";
import { seatName } from "./text.js";

// Pauses between bot moves, so they are visible and the page paints in between. "?pace=MS" in the address sets
// both (0: as fast as the engine goes, for long all-bot games and tests).
const PACE = Number.parseInt(new URLSearchParams(globalThis.location ? location.search : "").get("pace") ?? "", 10);
const BOT_PAUSE_MS = Number.isFinite(PACE) && PACE >= 0 ? PACE : 120;
const SPECTATOR_PAUSE_MS = Number.isFinite(PACE) && PACE >= 0 ? PACE : 350;
const FAST = PACE === 0;
// Moves replayed per engine call while loading ("?loadchunk=N" for tests; progress is drawn between calls).
const CHUNK = Number.parseInt(new URLSearchParams(globalThis.location ? location.search : "").get("loadchunk") ?? "", 10);
const LOAD_CHUNK = Number.isFinite(CHUNK) && CHUNK >= 1 && CHUNK <= 5000 ? CHUNK : 200;
// "?loaddelay=MS" waits between chunks (tests use it to see the progress screen on a short save).
const LOAD_DELAY = Number.parseInt(new URLSearchParams(globalThis.location ? location.search : "").get("loaddelay") ?? "", 10) || 0;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// A thinking bot's search runs in slices this long, so the page draws its progress and can stop it in between.
const THINK_SLICE_MS = 120;
// "?thinkms=MS" caps a searching bot's thinking time below its level's (quick browser tests of whole games).
const THINK_MS = Number.parseInt(new URLSearchParams(globalThis.location ? location.search : "").get("thinkms") ?? "", 10);
const THINK_CAP = Number.isFinite(THINK_MS) && THINK_MS >= 50 ? THINK_MS : null;
// "?noahead" keeps bots from thinking while the human chooses (benchmarks/browser_bots.py measures the difference).
const AHEAD = !new URLSearchParams(globalThis.location ? location.search : "").has("noahead");

export class LoadCancelled extends Error {
  constructor() { super("cancelled"); this.name = "LoadCancelled"; }
}

/**
 * Load a save into the engine a chunk of moves at a time (progress(at, total) between chunks; cancelled() is asked
 * before each, and a cancel drops the engine's loader and throws LoadCancelled). Resolves with the engine's answer:
 * the new match's id and its snapshot for no viewer.
 */
export async function loadSave(save, { progress = () => {}, cancelled = () => false } = {}) {
  const first = await call({ op: "load_start", save, viewer: null });
  for (;;) {
    if (cancelled()) {
      try { await call({ op: "load_cancel", loader: first.loader }); } catch { /* already gone */ }
      throw new LoadCancelled();
    }
    const answer = await call({ op: "load_step", loader: first.loader, entries: LOAD_CHUNK, viewer: null });
    if (answer.done) return answer;
    progress(answer.at, answer.total);
    if (LOAD_DELAY) await sleep(Math.min(LOAD_DELAY, 2000));
  }
}

export class MatchSession {
  constructor({ onChange, onError, onStale, gameName }) {
    this.onChange = onChange;
    this.onError = onError;
    this.onStale = onStale || (() => {});
    this.gameName = gameName || "";
    this.snapshot = null;
    this.matchId = null;       // the engine worker's id of this match
    this.storeId = null;       // the autosave's id in local storage
    this.rev = null;           // the autosave revision this tab last wrote or read
    this.saving = null;        // the autosave write under way (each waits for the one before)
    this.review = false;       // a finished game opened to look at: never written
    this.stale = false;        // another tab moved this match on
    this.viewer = null;
    this.busy = false;
    this.thinking = null;      // seat of the bot currently thinking
    this.thinkShare = 0;       // how much of its thinking budget it has used (0..1), for the progress bar
    this.cancelThinking = false;
    this.advancing = null;     // the running bot loop (a promise), so Undo can wait for it to stop
    this.ahead = null;         // bots thinking while the human chooses at the same moment (a promise)
    this.aheadGen = 0;         // bumped to stop that thinking after its current slice
    this.handoff = null;       // {seat, resolve} while the hand-off screen is up
    this.switching = false;
    this.closed = false;
    this.ui = {};              // table-local selection state; tables reset it when the decision changes
    this.focusHint = null;     // what should get focus after the next render ("decision", or a data-testid)
  }

  get seats() { return (this.snapshot && this.snapshot.seats) || []; }
  isHuman(seat) { return (this.seats[seat] || {}).kind === "human"; }
  searches(seat) { return ["hard", "expert"].includes((this.seats[seat] || {}).kind); }
  humanSeats() { return this.seats.map((s, i) => i).filter((i) => this.isHuman(i)); }
  name(seat) { return seatName(this.snapshot, seat); }

  changed() { if (!this.closed) this.onChange(this); }

  static firstHuman(seats, toMove = []) {
    const humans = seats.map((s, i) => (s.kind === "human" ? i : -1)).filter((i) => i >= 0);
    return humans.find((i) => toMove.includes(i)) ?? humans[0] ?? null;
  }

  async start(request) {
    const viewer = MatchSession.firstHuman(request.seats);
    const answer = await call({ ...request, op: "new_match", viewer });
    this.storeId = newId();
    this.rev = null;
    this.accept(answer, viewer);
    await this.autosave();
    await this.advance();
  }

  /** Start a new match from a position code (a shared link or an embed), with its own autosave. */
  async startFromCode(code, seats, viewer) {
    const answer = await call({ op: "new_from_code", code, seats, viewer });
    this.storeId = newId();
    this.rev = null;
    this.accept(answer, viewer);
    await this.autosave();
    await this.advance();
  }

  /** Start a new match that begins as `match` did and replays its first `at` moves ("Play on from here"). */
  async startFork(match, at, seats) {
    const viewer = MatchSession.firstHuman(seats);
    const answer = await call({ op: "fork", match, at, seats, viewer });
    this.storeId = newId();
    this.rev = null;
    this.accept(answer, viewer);
    await this.autosave();
    await this.advance();
  }

  /**
   * Load a save into the engine, replaying it in chunks (progress(at, total) after each), then show it.
   * opts: {storeId, rev} to keep writing the same autosave; {review: true} for a finished game to look at;
   * neither: a new match (a copy) with its own autosave.
   */
  async load(save, { storeId = null, rev = null, review = false, progress = () => {}, cancelled = () => false } = {}) {
    const answer = await loadSave(save, { progress, cancelled });
    this.matchId = answer.match;
    this.storeId = storeId || newId();
    this.rev = storeId ? rev : null;
    this.review = review || Boolean(answer.terminal && !storeId);
    const viewer = MatchSession.firstHuman(answer.seats || [], answer.to_move || []);
    const snap = viewer === null ? answer : await call({ op: "state", match: answer.match, viewer });
    this.accept(snap, viewer);
    if (!storeId && !this.review) await this.autosave();
    await this.advance();
  }

  accept(snapshot, viewer = this.viewer) {
    const prev = this.snapshot;
    const same = prev && viewer === this.viewer && prev.match === snapshot.match;
    this.snapshot = same ? { ...snapshot, log: keepEarlierLines(snapshot.log, prev.log) } : snapshot;
    if (snapshot.match) this.matchId = snapshot.match;
    this.viewer = viewer;
  }

  async refresh() {
    const snap = await call({ op: "state", match: this.matchId, viewer: this.viewer });
    this.accept(snap);
    this.changed();
  }

  async submit(action) {
    return this.act(() => call({ op: "submit", match: this.matchId, seat: this.viewer, action, viewer: this.viewer }));
  }

  async submitMany(actions) {
    return this.act(() => call({ op: "submit_many", match: this.matchId, seat: this.viewer, actions, viewer: this.viewer }));
  }

  /** Take back the viewer's last choice; a bot thinking meanwhile is stopped first (it thinks again after). */
  async undo() {
    if (!this.snapshot || !this.snapshot.can_undo) return;
    await this.stopThinking();
    return this.act(() => call({ op: "undo", match: this.matchId, seat: this.viewer, viewer: this.viewer }));
  }

  async act(fn) {
    if (this.busy || this.stale || this.review) return;
    this.busy = true;
    this.focusHint = "decision";
    this.changed();
    try {
      const snap = await fn();
      this.accept(snap);
      this.ui = {};
      await this.autosave();
    } catch (err) {
      this.busy = false;
      this.onError(err);
      try { await this.refresh(); } catch { /* ignore */ }
      return;
    }
    this.busy = false;
    await this.advance();
  }

  /**
   * Run bots while only bot seats must move; a human seat that must choose at the same time as bots chooses first
   * (so Undo can still take its choice back while they think), then hand the screen to the human seat that must act.
   * While that human chooses, the searching bots of the same moment think ahead in the worker's idle time, so
   * their moves are ready (or nearly) when the human confirms.
   */
  advance() {
    this.advancing = this.#advance();
    return this.advancing;
  }

  /** Let the searching bots that choose at the same moment as the human think meanwhile, one after another; they
   *  only find their moves (`think` with `ahead`), which are played once the human has chosen. */
  thinkAhead(seats) {
    const gen = ++this.aheadGen;
    const run = async () => {
      for (const seat of seats) {
        for (;;) {
          if (gen !== this.aheadGen || this.closed || this.stale) return;
          let answer;
          try {
            answer = await call({ op: "think", match: this.matchId, seat, viewer: this.viewer, slice_ms: THINK_SLICE_MS,
              max_ms: THINK_CAP, ahead: true });
          } catch { return; } // the position moved on: the bot thinks again when its turn comes
          if (!answer.thinking) break;
        }
      }
    };
    this.ahead = run();
  }

  /** Stop the bots' thinking ahead after its current slice (what they found is kept by the engine). */
  async stopAhead() {
    this.aheadGen++;
    const running = this.ahead;
    this.ahead = null;
    if (running) await running;
  }

  async #advance() {
    if (this.review) { this.changed(); return; }
    await this.stopAhead();
    this.busy = true;
    try {
      for (let guard = 0; guard < 5000 && !this.closed && !this.stale; guard++) {
        const snap = this.snapshot;
        if (snap.terminal) break;
        const toMove = snap.to_move || [];
        const bots = toMove.filter((s) => !this.isHuman(s));
        const humans = toMove.filter((s) => this.isHuman(s));
        if (bots.length && FAST && bots.length === toMove.length && !bots.some((s) => this.searches(s))) {
          // Fast pace: the worker plays every bot move up to the next human decision in one round trip (not for
          // the levels that search: they think in slices, showing their progress, so they can be stopped).
          this.thinking = bots[0];
          this.changed();
          this.accept(await call({ op: "bots", match: this.matchId, viewer: this.viewer, max_steps: 500 }));
          this.thinking = null;
          await this.autosave();
          continue;
        }
        if (bots.length && !humans.length) {
          const seat = bots[0];
          if (!(await this.think(seat))) return;
          continue;
        }
        if (AHEAD && humans.includes(this.viewer) && bots.some((s) => this.searches(s))) {
          this.thinkAhead(bots.filter((s) => this.searches(s)));
          break;
        }
        if (!humans.length || humans.includes(this.viewer)) break;
        // Another human seat must act: hot-seat hand-off.
        const next = humans[0];
        if (this.humanSeats().length > 1) {
          this.busy = false;
          await new Promise((resolve) => { this.handoff = { seat: next, resolve }; this.changed(); });
          this.busy = true;
        }
        this.viewer = next;
        this.ui = {};
        this.accept(await call({ op: "state", match: this.matchId, viewer: next }), next);
        this.switching = false;
      }
    } catch (err) {
      this.onError(err);
    } finally {
      this.thinking = null;
      this.thinkShare = 0;
      this.switching = false;
      this.busy = false;
      this.focusHint = this.focusHint || "decision";
      this.changed();
    }
  }

  /**
   * Let one bot seat think, a slice at a time (the progress is drawn between slices), and play its move. Returns
   * false when the thinking was cancelled (Undo, Home, a new game, another tab) before the move was made.
   */
  async think(seat) {
    this.thinking = seat;
    this.thinkShare = 0;
    this.changed();
    await sleep(this.humanSeats().length ? BOT_PAUSE_MS : SPECTATOR_PAUSE_MS);
    for (;;) {
      if (this.closed || this.stale || this.cancelThinking) {
        if (!this.closed) { try { await call({ op: "think_cancel", match: this.matchId }); } catch { /* gone */ } }
        return false;
      }
      const answer = await call({ op: "think", match: this.matchId, seat, viewer: this.viewer, slice_ms: THINK_SLICE_MS,
        max_ms: THINK_CAP });
      if (answer.thinking) {
        this.thinkShare = answer.thinking.share;
        this.changed();
        continue;
      }
      this.accept(answer);
      this.thinking = null;
      this.thinkShare = 0;
      await this.autosave();
      return true;
    }
  }

  /** Stop a bot's thinking (after its current slice) and wait until the bot loop has let go. */
  async stopThinking() {
    if (this.thinking === null) return;
    this.cancelThinking = true;
    try { await this.advancing; } finally { this.cancelThinking = false; }
  }

  continueHandoff() {
    const pending = this.handoff;
    if (!pending) return;
    this.handoff = null;
    this.switching = true; // hide the hand-off and the previous hand at once; the next seat's view follows
    this.busy = true;
    this.changed();
    pending.resolve();
  }

  /** What the saves list shows about this match. */
  meta() {
    const snap = this.snapshot || {};
    return {
      game: snap.game,
      gameName: this.gameName,
      names: this.seats.map((s) => String(s.name)),
      kinds: this.seats.map((s) => s.kind),
      round: snap.view && snap.view.round !== undefined ? snap.view.round : null,
      terminal: Boolean(snap.terminal),
      logLength: snap.log_length ?? null,
      // A finished game's result, for the finished-games list: who won and every seat's score.
      result: snap.terminal && snap.outcome ? {
        winners: (snap.outcome.winners || []).filter(Number.isInteger),
        scores: (snap.outcome.scores || []).map((n) => (Number.isFinite(n) ? n : null)),
      } : null,
    };
  }

  async saveObject() {
    const answer = await call({ op: "save", match: this.matchId });
    return answer.save;
  }

  /** Write this match's autosave, after any write still under way; on a conflict with another tab, stop and tell
   *  the page. (One write at a time: each passes the revision the one before it wrote.) */
  autosave() {
    this.saving = (this.saving ?? Promise.resolve()).then(() => this.autosaveNow());
    return this.saving;
  }

  async autosaveNow() {
    if (!this.snapshot || this.review || this.stale || this.closed) return;
    try {
      const meta = await saveMatch(this.storeId, await this.saveObject(), this.meta(), this.rev);
      this.rev = meta.rev;
    } catch (err) {
      if (err instanceof ConflictError) { this.markStale(); return; }
      if (err instanceof StorageFullError) this.onError(err);
      else if (err instanceof EngineError) console.warn("autosave failed", err);
      else this.onError(err);
    }
  }

  /** Another tab wrote this match: stop writing until the player reloads or forks it. */
  markStale() {
    if (this.stale) return;
    this.stale = true;
    this.onStale(this);
    this.changed();
  }

  /** Keep this tab's position as a new match (a copy); the other tab keeps the original. */
  async fork() {
    this.storeId = newId();
    this.rev = null;
    this.stale = false;
    await this.autosave();
    this.changed();
    await this.advance();
  }

  async close() {
    this.closed = true;
    if (this.handoff) this.handoff.resolve();
    if (this.matchId) {
      try { await call({ op: "close", match: this.matchId }); } catch { /* already gone */ }
    }
  }
}

/** The page keeps this many log lines at most (the engine's state keeps fewer: each game its last lines). */
export const PAGE_LOG_LINES = 2000;

/** A snapshot's log with the lines the page showed before that the engine has since dropped from its state (their
 * numbers are below every line it still sends), so the page's log keeps the whole game and only ever grows. */
export function keepEarlierLines(log, previous) {
  const now = log || [];
  if (!previous || !previous.length) return now;
  const first = now.length ? now[0].seq : Infinity;
  const earlier = previous.filter((e) => e.seq < first);
  return earlier.length ? earlier.concat(now).slice(-PAGE_LOG_LINES) : now;
}
