// Keeping the decision's targets in view. Every element that chooses a legal action carries `data-legal`. After a
// new decision is drawn, if none of them can be seen, the page scrolls the first one to the middle of the screen
// (nested scroll boxes too); the prompt stays in the sticky action bar. While the decision stays the same, or when a
// target is already in view, nothing moves.

/** The points of an element's box that are tried: its centre and four points just inside its corners. */
function probePoints(r) {
  const inset = Math.min(4, r.width / 4, r.height / 4);
  return [[r.left + r.width / 2, r.top + r.height / 2], [r.left + inset, r.top + inset], [r.right - inset, r.top + inset],
    [r.left + inset, r.bottom - inset], [r.right - inset, r.bottom - inset]];
}

/** Whether a player can see and click the element now: a point of it lies in the viewport, on top (not under the
 * sticky action bar, a toolbar or a closed panel). */
export function reachable(el) {
  const r = el.getBoundingClientRect();
  if (r.width < 1 || r.height < 1) return false;
  const w = window.innerWidth;
  const hgt = window.innerHeight;
  for (const [x, y] of probePoints(r)) {
    if (x < 0 || y < 0 || x >= w || y >= hgt) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === el || el.contains(hit))) return true;
  }
  return false;
}

/** Whether an element is drawn at all: a box, and not inside a closed panel (a closed <details> keeps its content's
 * boxes in Chromium, hidden by content-visibility). */
function drawn(el) {
  const r = el.getBoundingClientRect();
  if (r.width < 1 || r.height < 1) return false;
  if (typeof el.checkVisibility === "function") return el.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true });
  const closed = el.closest("details:not([open])");
  return !closed || Boolean(el.closest("summary"));
}

/** Scroll the first drawn `[data-legal]` element under `root` into view when none can be seen; return whether the
 * page moved. */
export function revealTargets(root = document) {
  const legal = [...root.querySelectorAll("[data-legal]")];
  if (!legal.length || legal.some(reachable)) return false;
  const first = legal.find(drawn);
  if (!first) return false;
  // The panel that holds it, heading and all, when it fits in most of the screen; else the element, centred.
  const area = first.closest("section, [data-reveal-area]");
  if (area && area.getBoundingClientRect().height <= window.innerHeight * 0.75) area.scrollIntoView({ block: "start", inline: "nearest" });
  else first.scrollIntoView({ block: "center", inline: "nearest" });
  return true;
}

let shownKey = null;

/** After a draw: bring the targets of a decision that is new since the last call into view (see revealTargets). */
export function revealNewDecision(key, root = document) {
  if (key === shownKey) return false;
  shownKey = key;
  return key === null ? false : revealTargets(root);
}
