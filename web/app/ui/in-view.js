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

/** The height the sticky action bar covers at the bottom of the screen (0 when there is none). */
function barHeight() {
  const bar = document.querySelector("[data-testid=action-bar]");
  return bar ? Math.max(0, window.innerHeight - bar.getBoundingClientRect().top) : 0;
}

/** Bring the decision's targets into view when none can be seen; return whether the page moved.
 *
 * The table's own targets (outside the decision panel: cards, spaces, slots, ships) come first: when there are some
 * and none can be seen, the page scrolls so the decision panel and the area holding the first of them (its section,
 * heading and all, when it fits) are both on screen, or else that area alone. When every target sits in the panel and
 * none can be seen, the first is brought into view. */
export function revealTargets(root = document) {
  const legal = [...root.querySelectorAll("[data-legal]")].filter(drawn);
  if (!legal.length) return false;
  const panel = root.querySelector("[data-testid=decision]");
  const onTable = legal.filter((el) => !(panel && panel.contains(el)) && !el.closest(".action-bar"));
  const primary = onTable.length ? onTable : legal;
  if (primary.some(reachable)) return false;
  const first = primary[0];
  const section = first.closest("section, [data-reveal-area]");
  const room = window.innerHeight - barHeight();
  const area = section && section.getBoundingClientRect().height <= room * 0.85 ? section : first;
  const a = area.getBoundingClientRect();
  const p = panel && onTable.length ? panel.getBoundingClientRect() : null;
  const top = p ? Math.min(p.top, a.top) : a.top;
  const bottom = p ? Math.max(p.bottom, a.bottom) : a.bottom;
  if (bottom - top <= room - 16) window.scrollBy(0, top - 8);
  else if (area === first) first.scrollIntoView({ block: "center", inline: "nearest" });
  else area.scrollIntoView({ block: "start", inline: "nearest" });
  if (!reachable(first)) first.scrollIntoView({ block: "nearest", inline: "nearest" });
  return true;
}

let shownKey = null;

/** After a draw: bring the targets of a decision that is new since the last call into view (see revealTargets). */
export function revealNewDecision(key, root = document) {
  if (key === shownKey) return false;
  shownKey = key;
  return key === null ? false : revealTargets(root);
}
