// Boot: starts the page's UI at once (its home screen draws from static data, see main.js) while the engine boots in
// the worker; a watchdog turns any boot failure (error, rejected promise, or no answer within BOOT_TIMEOUT_MS) into
// visible text, and the service worker is registered once the engine is ready (so precaching never competes with
// boot).
//
// Public API (for the UI):
//   import { booted, showBootError } from "./boot.js";
//   booted                Promise<object> the engine's `info` response, once it answered
//                         (rejects, after the error is on screen, if boot fails)
//   showBootError(error)  put an error on the boot screen (as text) and set data-engine="error"; the page learns of
//                         it through boot-failure.js
// For browser tests and benchmarks (the page's own instances; in a bundled build the modules below have no address of
// their own):
//   const { engine, store } = await import("./app/boot.js");   the engine client (engine-client.js) and the save
//                                                               store (store.js)
// The boot screen is <div id="boot"> (#boot-stage text, #boot-progress, #boot-error), shown until the UI is up
// (<html data-ui="ready">), and again for a boot error. <html data-engine> is "loading", then "ready" (set by the
// UI once its home screen is drawn too) or "error".
import { engine } from "./engine-client.js";
import { reportBootFailure } from "./boot-failure.js";
import { registerServiceWorker } from "./sw-update.js";
import { catalogFileOf, chooseLanguage, setPageLanguage } from "./language.js";
import { pageData } from "./page-data.js";

export { engine } from "./engine-client.js";
export * as store from "./store.js";

const BOOT_TIMEOUT_MS = 90_000;
const STAGE_STEPS = { runtime: 1, installing: 2, ready: 3 };

const root = document.documentElement;
const box = document.getElementById("boot");
const stageText = document.getElementById("boot-stage");
const progress = document.getElementById("boot-progress");
const errorText = document.getElementById("boot-error");

// The boot box's texts come from the message catalog too: build.py writes them into the page (#boot's data-runtime,
// data-installing, data-ready and data-failed, in English), since the catalog itself loads after this box first
// shows, and in every language (the "page-data-boot" block): the visit's language replaces them here, first thing.
const visitLanguage = chooseLanguage();
setPageLanguage(visitLanguage);
// The page carries English's catalog inline; another language's is one request, asked for now, while the modules
// load (i18n.js's fetch of the same address is then answered from this preload).
if (catalogFileOf(visitLanguage) !== "en") {
  const link = Object.assign(document.createElement("link"), { rel: "preload", as: "fetch", crossOrigin: "anonymous" });
  link.href = new URL(`app/i18n/${visitLanguage}.json`, document.baseURI).href;
  document.head.append(link);
}
const bootTexts = (pageData("page-data-boot") || {})[catalogFileOf(visitLanguage)];
if (bootTexts && box) {
  Object.assign(box.dataset, bootTexts);
  if (stageText && bootTexts.runtime) stageText.textContent = bootTexts.runtime;
}

function bootText(name) {
  return box?.dataset[name] ?? "";
}

function showStage(stage) {
  const value = STAGE_STEPS[stage];
  if (value === undefined || root.dataset.engine === "error") return;
  const label = bootText(stage);
  if (stageText && label) stageText.textContent = label;
  if (progress) progress.value = value;
}

let engineUp = false;

/** Shows a boot error as plain text and marks the page as failed (the first error wins). */
export function showBootError(error) {
  if (engineUp || root.dataset.engine === "ready" || root.dataset.engine === "error") return;
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  root.dataset.engine = "error";
  reportBootFailure(message);
  if (stageText) stageText.textContent = bootText("failed");
  if (progress) progress.hidden = true;
  if (errorText) {
    errorText.textContent = message;
    errorText.hidden = false;
  }
  if (box) box.hidden = false;
  console.error("boot failed:", error);
}

function watchdog() {
  const onError = (event) => showBootError(event.error ?? event.message ?? "unknown error");
  const onRejection = (event) => showBootError(event.reason ?? "unhandled promise rejection");
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
  const timer = setTimeout(
    () => showBootError(new Error(`no answer from the engine after ${BOOT_TIMEOUT_MS / 1000} s (stage: ${engine.stage})`)),
    BOOT_TIMEOUT_MS,
  );
  return () => {
    clearTimeout(timer);
    window.removeEventListener("error", onError);
    window.removeEventListener("unhandledrejection", onRejection);
  };
}


const stopWatchdog = watchdog();
showStage(engine.stage);
engine.addEventListener("stage", (event) => showStage(event.detail.stage));

export const booted = engine.ready.then(
  (info) => {
    engineUp = true;
    stopWatchdog();
    showStage("ready");
    registerServiceWorker();
    return info;
  },
  (error) => {
    showBootError(error);
    throw error;
  },
);
booted.catch(() => {}); // already on screen

// Warm-up: the first search in a page ran at a third of the later ones' speed while the runtime's WebAssembly was
// still being optimised. Once the engine is ready, in the page's idle time, a few short slices of a search
// (op "warmup", ~80 ms each) run that hot path, so a bot's first decision is not the slow one. Anything else asked
// of the engine stops it (at most one slice in the way). "?nowarm" leaves it out (benchmarks/browser_bots.py).
const WARM_SLICES = 5;
const WARM_SLICE_MS = 80;
const idle = () => new Promise((resolve) => (globalThis.requestIdleCallback ? requestIdleCallback(resolve, { timeout: 1000 }) : setTimeout(resolve, 50)));
async function warmUp() {
  if (new URLSearchParams(location.search).has("nowarm")) return;
  const started = performance.now();
  let expected = engine.calls;
  for (let i = 0; i < WARM_SLICES; i++) {
    await idle();
    if (engine.calls !== expected) break; // the player has started something: the engine is theirs
    const answer = await engine.call({ op: "warmup", ms: WARM_SLICE_MS });
    expected = engine.calls;
    if (!answer || answer.ok === false) break;
    engine.warm = { ...answer, slices: i + 1, wall_ms: Math.round(performance.now() - started) };
  }
  document.documentElement.dataset.warm = "done";
}
booted.then(warmUp, () => {});

// A returning visit (the service worker, registered only once an engine was ready, controls the page) has the
// runtime in its caches: the engine starts at once. A first visit draws the home screen first (main.js starts the
// engine then), so that drawing does not share the network and the cores with the runtime's download.
if (navigator.serviceWorker?.controller) engine.start();

// The UI starts at once: its home screen needs no engine (main.js).
import("./main.js").catch((error) => showBootError(error));
