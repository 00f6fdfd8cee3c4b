// Parsing the canonical action texts into {verb, params} so pickers can be built by filtering the legal list.
// The page never invents an action: it only picks among decision.actions and sends the picked `a` string.

/** "place dev=a world=b how=contact" -> {verb: "place", params: {dev: "a", world: "b", how: "contact"}} */
export function parseAction(text) {
  const parts = String(text).trim().split(/\s+/);
  const verb = parts.shift() || "";
  const params = {};
  for (const p of parts) {
    const i = p.indexOf("=");
    if (i > 0) params[p.slice(0, i)] = p.slice(i + 1);
    else params[p] = true;
  }
  return { verb, params };
}

export function withParsed(actions) {
  return (actions || []).map((act) => ({ ...act, ...parseAction(act.a) }));
}

export function listParam(value) {
  if (value === undefined || value === null || value === true) return [];
  return String(value).split(",").filter(Boolean);
}

export function sameSet(a, b) {
  if (a.length !== b.length) return false;
  const s = new Set(a);
  return b.every((x) => s.has(x));
}
