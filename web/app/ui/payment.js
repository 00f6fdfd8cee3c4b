// Payment helpers: which cards may be paid, and the suggested cheapest set (lowest cost+VP value first).
import { cardValue } from "./jd-cards.js";

/** ids the legal `pay card=<id>` actions allow, in hand order when the hand is known. */
export function payableIds(parsedActions, hand = []) {
  const ids = parsedActions.filter((a) => a.verb === "pay" && a.params.card).map((a) => a.params.card);
  const set = new Set(ids);
  const ordered = hand.filter((id) => set.has(id));
  for (const id of ids) if (!ordered.includes(id)) ordered.push(id);
  return ordered;
}

/** The `count` lowest-value ids (stable for equal values: later hand cards go first, keeping older plans intact). */
export function suggestPayment(ids, count) {
  const scored = ids.map((id, i) => ({ id, i, v: cardValue(id) }));
  scored.sort((a, b) => a.v - b.v || b.i - a.i);
  return scored.slice(0, Math.max(0, count)).map((s) => s.id);
}

export function payActionFor(parsedActions, id) {
  const hit = parsedActions.find((a) => a.verb === "pay" && a.params.card === id);
  return hit ? hit.a : null;
}
