// Payment helpers: which cards the legal actions let the player pay with, and the action for one of them. The
// suggestion itself comes from the engine (view.suggested_discards, table_view.py).

/** ids the legal `pay card=<id>` actions allow, in hand order when the hand is known. */
export function payableIds(parsedActions, hand = []) {
  const ids = parsedActions.filter((a) => a.verb === "pay" && a.params.card).map((a) => a.params.card);
  const set = new Set(ids);
  const ordered = hand.filter((id) => set.has(id));
  for (const id of ids) if (!ordered.includes(id)) ordered.push(id);
  return ordered;
}

/** The engine's suggested cards to pay or discard with, kept to those still allowed (at most `count`). */
export function suggestedIds(view, allowed, count) {
  const allow = new Set(allowed);
  return (Array.isArray(view.suggested_discards) ? view.suggested_discards : []).filter((id) => allow.has(id)).slice(0, Math.max(0, count));
}

export function payActionFor(parsedActions, id) {
  const hit = parsedActions.find((a) => a.verb === "pay" && a.params.card === id);
  return hit ? hit.a : null;
}
