// One popover for every card name and help icon: it opens on tap, click, Enter or Space on a focused trigger, or a
// long press (touch), and closes on Esc, the close button, or a tap outside. Focus moves into it and comes back to
// the trigger. At phone width it is a bottom sheet. Card contents come from the game's card renderer.
import { h } from "./dom.js";
import { t } from "../i18n.js";

let current = null;      // {kind: "card" | "help", game, card, title, body, triggerKey}
let trigger = null;      // the element that opened it
let redraw = () => {};
const contentFor = new Map(); // game id -> (cardId) => vnode

export function setPopoverRedraw(fn) { redraw = fn; }
export function registerCardContent(game, fn) { contentFor.set(game, fn); }
export function popoverOpen() { return current !== null; }

function open(state, el) {
  trigger = el || document.activeElement;
  current = state;
  redraw(); // synchronous: the popover is in the page now
  const box = document.querySelector("[data-testid=popover]");
  const first = box && box.querySelector("[data-popover-close]");
  if (first) first.focus();
}

export function closePopover({ restoreFocus = true } = {}) {
  if (!current) return;
  const key = current.triggerKey;
  current = null;
  redraw();
  if (!restoreFocus) return;
  let el = trigger && trigger.isConnected ? trigger : null;
  if (!el && key) el = document.querySelector(`[data-popover-key="${CSS.escape(key)}"]`);
  if (el) el.focus();
  trigger = null;
}

export function openCard(game, card, el) {
  open({ kind: "card", game, card, triggerKey: el && el.dataset ? el.dataset.popoverKey : null }, el);
}

export function openHelp(title, body, el) {
  open({ kind: "help", title, body, triggerKey: el && el.dataset ? el.dataset.popoverKey : null }, el);
}

// Long press: after 500 ms of a still touch, open; the click that ends the press is swallowed.
const LONG_PRESS_MS = 500;

/** Props that open a card's popover on long press, for elements whose tap does something else (select). */
export function longPressProps(game, card) {
  let timer = null;
  let fired = false;
  let start = null;
  const cancel = () => { if (timer) clearTimeout(timer); timer = null; };
  return {
    onpointerdown: (ev) => {
      if (ev.pointerType === "mouse" && ev.button !== 0) return;
      fired = false;
      start = [ev.clientX, ev.clientY];
      const el = ev.currentTarget;
      cancel();
      timer = setTimeout(() => { fired = true; timer = null; openCard(game, card, el); }, LONG_PRESS_MS);
    },
    onpointermove: (ev) => {
      if (start && Math.hypot(ev.clientX - start[0], ev.clientY - start[1]) > 10) cancel();
    },
    onpointerup: cancel,
    onpointercancel: cancel,
    onpointerleave: cancel,
    oncontextmenu: (ev) => { if (fired || timer) ev.preventDefault(); },
    onclickcapture: (ev) => { if (fired) { fired = false; ev.preventDefault(); ev.stopPropagation(); } },
  };
}

/** A card's name as a button that opens its text. */
export function cardRef(game, card, name, { testid = null, cls = null, where = "" } = {}) {
  const key = `card:${where}:${card}`;
  return h("button", {
    type: "button", class: ["card-ref", cls], testid, "aria-haspopup": "dialog",
    dataset: { card, popoverKey: key },
    onclick: (ev) => { ev.preventDefault(); ev.stopPropagation(); openCard(game, card, ev.currentTarget); },
  }, name);
}

/** A small "i" button that opens a card's text, for card faces whose own click selects them. It is no tab stop of its
 * own (a card is one): a keyboard player presses I on the focused card, a pointer taps the button. */
export function cardInfoButton(game, card, name, { testid = null, tabStop = false } = {}) {
  return h("button", {
    type: "button", class: "card-info-btn", testid, "aria-haspopup": "dialog", tabindex: tabStop ? null : "-1",
    "aria-label": t("popover.card_text_of", { name }), dataset: { card, popoverKey: `info:${card}` },
    onclick: (ev) => { ev.preventDefault(); ev.stopPropagation(); openCard(game, card, ev.currentTarget); },
  });
}

/** A "?" help icon that opens a short text. */
export function helpButton(title, body, { testid = null, key = null } = {}) {
  return h("button", {
    type: "button", class: "help", testid, "aria-haspopup": "dialog", "aria-label": t("popover.help_about", { title }),
    dataset: { popoverKey: key || `help:${title}` },
    onclick: (ev) => { ev.preventDefault(); ev.stopPropagation(); openHelp(title, body, ev.currentTarget); },
  }, h("span", { "aria-hidden": "true" }, "?"));
}

/** The popover layer itself, drawn at the end of the app. */
export function popoverLayer() {
  if (!current) return null;
  const body = current.kind === "card"
    ? (contentFor.get(current.game) || contentFor.get("*"))(current.game, current.card)
    : h("p", { class: "popover-text" }, current.body);
  const title = current.kind === "card" ? t("popover.card_title") : current.title;
  return h("div", { class: "popover-backdrop", testid: "popover-backdrop", onclick: () => closePopover() },
    h("div", {
      class: ["popover", `popover-${current.kind}`], testid: "popover", role: "dialog", "aria-modal": "false",
      "aria-label": title, tabindex: "-1", onclick: (ev) => ev.stopPropagation(),
    },
    h("div", { class: "popover-head" },
      h("span", { class: "popover-title" }, title),
      h("button", { type: "button", class: "popover-close", "data-popover-close": "1", testid: "popover-close",
        "aria-label": t("popover.close"), onclick: () => closePopover() }, h("span", { "aria-hidden": "true" }, "×"))),
    h("div", { class: "popover-body", testid: "popover-body" }, body)));
}

/** Esc closes; Tab stays inside the popover while it is open. */
export function installPopoverKeys() {
  document.addEventListener("keydown", (ev) => {
    if (!current) return;
    if (ev.key === "Escape") { ev.preventDefault(); closePopover(); return; }
    if (ev.key === "Tab") {
      const box = document.querySelector("[data-testid=popover]");
      if (!box) return;
      const items = [...box.querySelectorAll("button, [href], input, [tabindex]:not([tabindex='-1'])")].filter((e) => !e.disabled);
      if (!items.length) return;
      const first = items[0]; const last = items[items.length - 1];
      if (!box.contains(document.activeElement)) { ev.preventDefault(); first.focus(); }
      else if (ev.shiftKey && document.activeElement === first) { ev.preventDefault(); last.focus(); }
      else if (!ev.shiftKey && document.activeElement === last) { ev.preventDefault(); first.focus(); }
    }
  }, true);
}
