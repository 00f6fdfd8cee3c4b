// Keyboard shortcuts: E explore, C goes to Confirm, Enter confirms a complete selection, U undo, I card text (on a
// focused card). Buttons opt in with data-hotkey.
//
// Enter on a selectable target (a card, a phase card, a pawn space, a tech slot: a button with aria-pressed) presses
// Confirm when the choice is complete; otherwise it selects the target (it never unselects one), and once that
// completes the choice, the next Enter confirms. Space toggles the target, as a button does.
import { popoverOpen } from "./popover.js";

function typing(target) {
  if (!target || !target.closest) return false;
  return Boolean(target.closest("input, select, textarea, [contenteditable=''], [contenteditable='true']"));
}

function usable(b) {
  return !b.disabled && b.offsetParent !== null;
}

function press(hotkey) {
  const btn = [...document.querySelectorAll(`[data-hotkey="${hotkey}"]`)].find(usable);
  if (!btn) return false;
  btn.click();
  return true;
}

/** Move focus to the enabled Confirm button (the C key); return whether there was one. */
function focusConfirm() {
  const btn = [...document.querySelectorAll("[data-testid=confirm]")].find(usable);
  if (!btn) return false;
  btn.focus();
  return true;
}

export function installKeyboard() {
  document.addEventListener("keydown", (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || typing(ev.target) || popoverOpen()) return;
    if (ev.key === "Enter") {
      const target = ev.target && ev.target.closest ? ev.target : null;
      const pick = target && target.closest("button[aria-pressed]");
      if (pick) {
        // A selectable target: confirm when the choice is complete, else select the target (never unselect it).
        if (press("Enter")) { ev.preventDefault(); return; }
        if (pick.getAttribute("aria-pressed") !== "true" && pick.getAttribute("aria-disabled") !== "true") { ev.preventDefault(); pick.click(); }
        else ev.preventDefault();
        return;
      }
      if (target && target.closest("button, summary, a, label, [role=log]")) return;
      if (press("Enter")) ev.preventDefault();
    } else if (ev.key === "e" || ev.key === "E") {
      if (press("e")) ev.preventDefault();
    } else if (ev.key === "c" || ev.key === "C") {
      if (focusConfirm()) ev.preventDefault();
    } else if (ev.key === "u" || ev.key === "U") {
      if (press("u")) ev.preventDefault();
    }
  });
}
