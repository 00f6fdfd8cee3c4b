// The embed's first script: reads the URL's parameters, draws the light poster (game, caption, "Try it") with no
// engine work, reports the frame's height to the host page, and starts the engine (runtime.js) only when the
// reader asks, or when the host page says the example is in view. <html data-embed> is "poster", then "ready"
// once interactive, or "error" with a readable message on screen.
import { readParams, trustedHostOrigin, gameNameId, withGameNames } from "./params.js";
import { setMessages, t, readyToFormat } from "../i18n.js";
import { catalogFileOf, chooseLanguage, setPageLanguage } from "../language.js";

// The frame's language: lang= (embed.js passes the host page's), the reader's pick, or the browser's.
const frameLanguage = chooseLanguage();
const posterLanguage = catalogFileOf(frameLanguage);
setPageLanguage(frameLanguage);
import { fetchNamedLesson, checkShape, LessonError } from "./lesson-file.js";

const root = document.documentElement;
const app = document.getElementById("app");
const { params, problems } = readParams(location.search, location.hash);
root.dataset.theme = params.theme;
// The frame's own layout (default): a fixed height, the table scrolling inside it, Confirm below it (embed.css).
root.classList.toggle("compact", params.compact);
const hostOrigin = trustedHostOrigin(params);

/** Send a message to the host page (height and state only: nothing private, so any origin may read it). */
export function postToHost(message) {
  if (window.parent === window) return;
  window.parent.postMessage({ source: "star-table", id: params.frameId, ...message }, "*");
}

let lastHeight = 0;
/** Tell the host page the height the content needs, so it can size the frame (docs/EMBED.md). */
export function reportHeight() {
  const height = Math.ceil(app.getBoundingClientRect().bottom + window.scrollY);
  if (Math.abs(height - lastHeight) < 2) return;
  lastHeight = height;
  root.dataset.height = String(height);
  postToHost({ type: "star-table:height", height });
}
new ResizeObserver(() => reportHeight()).observe(app);

/** Set <html data-embed> and tell the host page. */
export function setState(state, message = "") {
  root.dataset.embed = state;
  postToHost({ type: "star-table:state", state, message });
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, v);
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

/** Show a problem as text (never HTML), with the poster's look. */
export function showError(text) {
  app.replaceChildren(el("section", { class: "poster poster-error", "data-testid": "embed-error", role: "alert" },
    el("h1", { class: "poster-title" }, t("embed.error.title")),
    el("p", {}, text)));
  setState("error", text);
  reportHeight();
}

// A lesson sent by the host page: accepted only from the parent window at the origin this frame trusts.
let lessonFromHost = null;
const lessonWaiters = [];
/** Resolves with the first lesson object the host page sends (docs/EMBED.md, "star-table:lesson"). */
export function hostLesson() {
  return lessonFromHost ? Promise.resolve(lessonFromHost) : new Promise((resolve) => lessonWaiters.push(resolve));
}

let booting = null;
window.addEventListener("message", (ev) => {
  const data = ev.data;
  if (ev.source !== window.parent || !data || typeof data !== "object") return;
  if (data.type === "star-table:boot") { boot(); return; }
  if (data.type === "star-table:lesson") {
    if (!hostOrigin || ev.origin !== hostOrigin) {
      root.dataset.hostLesson = "ignored"; // for tests and host pages: the message was not taken
      console.warn("lesson message ignored: it came from", ev.origin, "not the embedding page", hostOrigin);
      return;
    }
    if (lessonFromHost) return;
    root.dataset.hostLesson = "received";
    lessonFromHost = data.lesson;
    for (const resolve of lessonWaiters.splice(0)) resolve(lessonFromHost);
  }
});

/** A problem's arguments with the games they name shown by name (the poster's catalog holds the names). */
const named = (args) => withGameNames(args, (game) => t(gameNameId(game)));

function gameName() {
  return params.game && gameNameId(params.game) ? t(gameNameId(params.game)) : "";
}

function drawPoster(title) {
  const button = el("button", { type: "button", class: "btn primary big", "data-testid": "try-it" }, t(`embed.try.${params.mode}`));
  button.addEventListener("click", () => boot());
  app.replaceChildren(el("section", { class: "poster", "data-testid": "poster", "aria-labelledby": "poster-title" },
    el("p", { class: "poster-game", "data-testid": "poster-game" }, gameName()),
    el("h1", { class: "poster-title", id: "poster-title", "data-testid": "poster-caption" }, title),
    el("p", { class: "poster-what muted" }, t(`embed.what.${params.mode}`)),
    el("div", { class: "poster-actions" }, button),
    el("p", { class: "poster-status muted", "data-testid": "poster-status", role: "status" })));
  reportHeight();
}

let posterDrawn;
const posterReady = new Promise((resolve) => { posterDrawn = resolve; });

/** Start the engine and the example (once), after the poster is drawn (a host's early "boot" waits for it). */
export function boot() {
  if (booting) return booting;
  booting = posterReady.then(() => (root.dataset.embed === "poster" ? startEngine() : null));
  return booting;
}

function startEngine() {
  const status = app.querySelector("[data-testid=poster-status]");
  if (status) {
    const bar = el("progress", { "aria-label": t("embed.starting") });
    status.replaceChildren(el("span", {}, t("embed.starting")), bar);
  }
  const button = app.querySelector("[data-testid=try-it]");
  if (button) { button.setAttribute("aria-disabled", "true"); button.classList.add("is-disabled"); }
  root.dataset.engine = "loading";
  return import("./runtime.js")
    .then((runtime) => runtime.start({ params, app, setState, reportHeight, showError, hostLesson, postToHost, lesson: lessonFile }))
    .catch((err) => showError(err && err.message ? err.message : String(err)));
}

/** The lesson named by lesson= or lesson-url=, fetched and shape-checked (a promise), or null. */
let lessonFile = null;

/** Fetch and check the lesson the parameters name; its game must be the one game= names, when given. */
async function lessonFromParams() {
  const lesson = checkShape(await fetchNamedLesson(params));
  if (params.game && params.game !== lesson.game) {
    throw new LessonError("embed.lesson.error.game_param", { game: lesson.game, named: params.game });
  }
  return lesson;
}

async function main() {
  try {
    // From the embed page's address (the site's root), not this module's: the build bundles modules.
    const res = await fetch(new URL(`app/i18n/poster.${posterLanguage}.json`, document.baseURI));
    setMessages(await res.json(), frameLanguage);
  } catch {
    setMessages({});
  }
  document.title = t("embed.page_title", { game: gameName() || t("embed.poster.example") });
  if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
    problems.push({ id: "embed.error.no_engine_support", args: {} }); // said before any engine work
  }
  if (problems.length) {
    await readyToFormat(problems.map((p) => p.id));
    showError(problems.map((p) => t(p.id, named(p.args))).join(" "));
    posterDrawn();
    return;
  }
  if (params.mode === "lesson" && (params.lesson || params.lessonUrl || params.lessonData)) {
    lessonFile = lessonFromParams();
    lessonFile.catch(() => {}); // reported below, once the poster is drawn
  }
  let title = params.caption || t(`embed.poster.${params.mode}`);
  drawPoster(title);
  setState("poster");
  posterDrawn();
  if (lessonFile) {
    // The lesson is fetched and checked now, before any engine work, so its problems show at once.
    lessonFile.then((lesson) => {
      if (root.dataset.embed !== "poster") return;
      if (!params.caption) {
        title = lesson.title.slice(0, 120);
        app.querySelector("[data-testid=poster-caption]").textContent = title;
      }
      if (!params.game) app.querySelector("[data-testid=poster-game]").textContent = named({ game: lesson.game }).game;
      reportHeight();
    }, async (err) => {
      if (!(err instanceof LessonError)) { showError(String(err)); return; }
      await readyToFormat([err.id]);
      showError(t(err.id, named(err.args)));
    });
  }
  if (params.autoboot) boot();
}

main();
