// Keyboard shortcuts: E explore, Enter confirm, U undo. Buttons opt in with data-hotkey.
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
    if (ev.ctrlKey || ev.metaKey || ev.altKey || typing(ev.target)) return;
    if (ev.key === "Enter") {
      // A focused button already handles Enter itself.
      if (ev.target && ev.target.closest && ev.target.closest("button, summary, a, label")) return;
      if (press("Enter")) ev.preventDefault();
    } else if (ev.key === "e" || ev.key === "E") {
      if (press("e")) ev.preventDefault();
    } else if (ev.key === "u" || ev.key === "U") {
      if (press("u")) ev.preventDefault();
    }
  });
}
