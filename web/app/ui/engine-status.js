// The engine's boot as the page sees it once the home screen is up: a status line on the home screen, and a waiting
// layer (with the boot stage and a Cancel button) for anything that needs the engine before it is ready.
//
//   trackEngine(onChange)   follow the engine's boot; onChange() after every stage change, the end, or a failure
//   engineState()           {stage: "runtime"|"installing"|"ready"|"error", error: text|null}
//   engineStatusLine()      the home screen's status line (a live region; it says so once ready)
//   untilEngine(wait)       resolves true once the engine is ready, false if `wait.cancelled` is set first or the
//                           engine failed; while it waits, `wait` is drawn by engineWaitLayer()
//   engineWaitLayer(wait)   the waiting layer for a pending wait, or null
import { h } from "./dom.js";
import { t } from "../i18n.js";
import { engine } from "../engine-client.js";
import { bootFailure } from "../boot-failure.js";

const STAGE_STEP = { runtime: 1, installing: 2, ready: 3 };
const state = { stage: engine.stage, error: null };
const listeners = new Set();
let settled = null; // Promise<boolean>: true when ready, false when the engine failed

function changed() {
  for (const fn of listeners) fn();
}

/** Follow the engine's boot; `onChange` runs after every stage change, once it is ready, and if it fails. */
export function trackEngine(onChange) {
  listeners.add(onChange);
  if (settled) return settled;
  engine.addEventListener("stage", (event) => { state.stage = event.detail.stage; changed(); });
  const fail = (message) => {
    if (state.stage === "ready") return false;
    state.stage = "error";
    state.error = message;
    changed();
    return false;
  };
  settled = Promise.race([
    engine.ready.then(() => { state.stage = "ready"; changed(); return true; },
      (error) => fail(error && error.message ? error.message : String(error))),
    bootFailure.then(fail),
  ]);
  return settled;
}

export function engineState() {
  return { ...state };
}

function stageText() {
  if (state.stage === "error") return t("engine.failed", { message: state.error || "" });
  return t(`engine.stage.${state.stage}`, { step: STAGE_STEP[state.stage] || 1, steps: 3 });
}

/**
 * The home screen's line about the engine: what it is doing while it boots, that it is ready, the error if it failed.
 * It stays on screen once ready (one line of text changes), so nothing below it moves.
 */
export function engineStatusLine() {
  return h("p", {
    class: ["engine-status", state.stage === "error" ? "is-error" : "muted"],
    testid: "engine-status", role: "status", dataset: { stage: state.stage },
  }, stageText());
}

/** Wait for the engine (true once ready; false when cancelled or failed). The caller draws `wait` meanwhile. */
export async function untilEngine(wait, redraw) {
  if (state.stage === "ready") return true;
  const cancelled = new Promise((resolve) => { wait.cancel = () => { wait.cancelled = true; resolve(false); }; });
  redraw();
  const ok = await Promise.race([settled || trackEngine(redraw), cancelled]);
  return ok && !wait.cancelled;
}

/** The layer shown while an action waits for the engine: its label, the boot stage as a progress bar, Cancel. */
export function engineWaitLayer(wait) {
  if (!wait || wait.done) return null;
  const failed = state.stage === "error";
  const step = STAGE_STEP[state.stage] || 1;
  return h("div", { class: "loading-layer", testid: "engine-wait", role: "dialog", "aria-modal": "true", "aria-labelledby": "engine-wait-title" },
    h("div", { class: "loading-card" },
      h("h2", { id: "engine-wait-title" }, wait.label),
      failed ? null : h("progress", { max: "3", value: String(step), testid: "engine-wait-progress", "aria-label": stageText() }),
      h("p", { class: failed ? "field-error" : "muted", role: "status" }, stageText()),
      h("button", { type: "button", class: "btn", testid: "engine-wait-cancel", "data-autofocus": "1", onclick: () => wait.cancel && wait.cancel() },
        t(failed ? "engine.wait_back" : "engine.wait_cancel"))));
}
