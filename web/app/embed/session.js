// A match inside an embed: begun from a position code, never saved (the reader's saves are never read or
// written), with bots or none, and, in a lesson, every move first offered to the lesson to judge.
import { MatchSession } from "../ui/match-session.js";

export class EmbedSession extends MatchSession {
  /**
   * opts: the MatchSession callbacks, plus `bots` (false: no bot ever moves, as in lessons and views) and `judge`
   * (async (actions) => true to play the move, false to refuse it; lessons set it).
   */
  constructor(opts) {
    super(opts);
    this.bots = opts.bots !== false;
    this.judge = opts.judge || null;
    this.readOnly = false; // a view: the table is drawn, but no move can be made
  }

  async autosave() { /* an embed never writes the reader's saves */ }

  async submit(action) {
    if (this.readOnly || this.busy) return;
    if (this.judge && !(await this.judge([action]))) return;
    return super.submit(action);
  }

  async submitMany(actions) {
    if (this.readOnly || this.busy) return;
    if (this.judge && !(await this.judge(actions))) return;
    return super.submitMany(actions);
  }

  async advance() {
    if (!this.bots) {
      this.busy = false;
      this.focusHint = this.focusHint || "decision";
      this.changed();
      return;
    }
    return super.advance();
  }
}
