// Visible messages for the player (errors, confirmations), in their own live region outside the app's tree.
// Text only, never HTML.
import { t } from "../i18n.js";

let region = null;

export function mountNotices(parent) {
  region = document.createElement("div");
  region.className = "notices";
  region.dataset.testid = "notices";
  region.setAttribute("aria-live", "assertive");
  parent.append(region);
  return region;
}

/** kind: "info" | "error" | "warn"; testid lets tests find particular messages (e.g. "storage-error"); action
 *  ({label, testid, run}) adds a button that runs it. */
export function notify(text, { kind = "info", testid = "message", sticky = kind === "error", timeout = 6000, action = null } = {}) {
  if (!region) return null;
  const item = document.createElement("div");
  item.className = `notice notice-${kind}`;
  item.dataset.testid = testid;
  item.dataset.kind = kind;
  item.setAttribute("role", kind === "error" ? "alert" : "status");
  const span = document.createElement("span");
  span.className = "notice-text";
  span.textContent = String(text);
  const close = document.createElement("button");
  close.type = "button";
  close.className = "notice-close";
  close.dataset.testid = "notice-close";
  close.setAttribute("aria-label", t("notice.dismiss"));
  close.textContent = "×";
  close.addEventListener("click", () => {
    const next = item.nextElementSibling || item.previousElementSibling;
    item.remove();
    if (next) next.querySelector("button")?.focus();
  });
  if (action) {
    const act = document.createElement("button");
    act.type = "button";
    act.className = "btn primary notice-action";
    act.dataset.testid = action.testid || "notice-action";
    act.textContent = action.label;
    act.addEventListener("click", () => action.run());
    item.append(span, act, close);
  } else {
    item.append(span, close);
  }
  region.append(item);
  while (region.children.length > 4) region.firstChild.remove();
  if (!sticky) setTimeout(() => item.remove(), timeout);
  return item;
}

export function clearNotices() {
  if (region) region.replaceChildren();
}

const LOAD_ERRORS = {
  "save/invalid": "load.error.invalid",
  "save/invalid_position": "load.error.invalid",
  "save/incompatible_version": "load.error.incompatible",
  "game/unknown": "load.error.unknown_game",
  "bridge/bad_request": "load.error.bad_request",
  "input/too_deep": "load.error.too_deep",
  "input/too_large": "load.error.too_large",
};

/** A load or import error in words; the engine's detail (which names the first problem) follows in brackets. */
export function loadErrorText(err) {
  const id = LOAD_ERRORS[err && err.code];
  if (id) return err.message ? t("load.error.with_detail", { text: t(id), detail: err.message }) : t(id);
  return err && err.message ? t("load.error.other", { detail: err.message }) : t("load.error.generic");
}
