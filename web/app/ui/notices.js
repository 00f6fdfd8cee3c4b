// Visible messages for the player (errors, confirmations). Text only, never HTML.
import { h, clear } from "./dom.js";

let region = null;

export function mountNotices(parent) {
  region = h("div", { class: "notices", testid: "notices", "aria-live": "assertive" });
  parent.append(region);
  return region;
}

/** kind: "info" | "error" | "warn"; testid lets tests find particular messages (e.g. "storage-error"). */
export function notify(text, { kind = "info", testid = "message", sticky = kind === "error", timeout = 6000 } = {}) {
  if (!region) return;
  const item = h("div", { class: `notice notice-${kind}`, testid, role: kind === "error" ? "alert" : "status", dataset: { kind } },
    h("span", { class: "notice-text" }, String(text)),
    h("button", { type: "button", class: "notice-close", "aria-label": "Dismiss message", testid: "notice-close", onclick: () => item.remove() }, "×"));
  region.append(item);
  while (region.children.length > 4) region.firstChild.remove();
  if (!sticky) setTimeout(() => item.remove(), timeout);
  return item;
}

export function clearNotices() {
  if (region) clear(region);
}

const LOAD_ERRORS = {
  "save/invalid": "This file is not a valid saved game: it is damaged, or it was not made by this app.",
  "save/incompatible_version": "This save comes from a newer (or otherwise incompatible) version of the app and cannot be opened here.",
  "game/unknown": "This save is for a game this app does not have.",
  "bridge/bad_request": "The save could not be read: the request was malformed.",
};

export function loadErrorText(err) {
  const base = LOAD_ERRORS[err && err.code];
  if (base) return err.message && err.message !== base ? `${base} (${err.message})` : base;
  return err && err.message ? `The save could not be loaded: ${err.message}` : "The save could not be loaded.";
}
