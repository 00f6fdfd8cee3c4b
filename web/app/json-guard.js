// Limits on JSON the page hands to the engine: a save nested 1,600 levels deep once overflowed Pyodide's stack
// inside json.loads and killed the worker. Everything from outside (files, storage) is measured here first,
// without recursion, and refused with a readable reason; the bridge checks the same limits for CPython callers.

export const MAX_DEPTH = 40;
export const MAX_BYTES = 4 * 1024 * 1024;

/** Why a value breaks the limits, as {code, depth?, bytes?}, or null when it is fine. Walks iteratively. */
export function jsonProblem(value, { maxDepth = MAX_DEPTH, maxNodes = 2_000_000 } = {}) {
  const stack = [[value, 1]];
  let nodes = 0;
  while (stack.length) {
    const [v, depth] = stack.pop();
    if (v === null || typeof v !== "object") continue;
    if (depth > maxDepth) return { code: "too_deep", depth: maxDepth };
    nodes += 1;
    if (nodes > maxNodes) return { code: "too_large" };
    const items = Array.isArray(v) ? v : Object.values(v);
    for (const item of items) if (item !== null && typeof item === "object") stack.push([item, depth + 1]);
  }
  return null;
}

/** Depth of the deepest bracket in JSON text, scanning once (strings and escapes skipped); stops past the limit. */
export function textDepth(text, limit = MAX_DEPTH) {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i += 1; // backslash: skip the escaped character
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === 125 || c === 93) depth -= 1;
  }
  return deepest;
}
