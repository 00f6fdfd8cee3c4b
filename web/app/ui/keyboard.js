// Keyboard shortcuts: E explore, Enter confirm (also on a focused card, where Space selects), U undo, I card text
// (on a focused card). Buttons opt in with data-hotkey.
import { popoverOpen } from "./popover.js";

function typing(target) {
  if (!target || !target.closest) return false;
  return Boolean(target.closest("input, select, textarea, [contenteditable=''], [contenteditable='true']"));
}

function press(hotkey) {
  const btn = [...document.querySelectorAll(`[data-hotkey="${hotkey}"]`)].find((b) => !b.disabled && b.offsetParent !== null);
  if (!btn) return false;
  btn.click();
  return true;
}

export function installKeyboard() {
  document.addEventListener("keydown", (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || typing(ev.target) || popoverOpen()) return;
    if (ev.key === "Enter") {
      // On a card, Space selects it and Enter confirms; any other focused control handles Enter itself.
      const onCard = ev.target && ev.target.closest && ev.target.closest(".card-hit");
      if (!onCard && ev.target && ev.target.closest && ev.target.closest("button, summary, a, label, [role=log]")) return;
      if (press("Enter")) ev.preventDefault();
    } else if (ev.key === "e" || ev.key === "E") {
      if (press("e")) ev.preventDefault();
    } else if (ev.key === "u" || ev.key === "U") {
      if (press("u")) ev.preventDefault();
    }
  });
}
