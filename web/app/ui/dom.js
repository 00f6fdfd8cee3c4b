// Keyed rendering through Preact (vendored, pinned and hashed by build.py). Screens are functions of the app's
// state that return virtual nodes; render() diffs them into the page, so the focused element, scroll positions and
// open <details> survive a re-render. Every piece of data goes in as text or attributes, never as HTML.
import { h as ph, render as prender, Fragment } from "../vendor/preact.mjs";

export { Fragment };

const BOOLEAN_PROPS = new Set(["checked", "disabled", "selected", "open", "hidden", "multiple", "required", "readOnly"]);

function kebab(s) {
  return s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/**
 * h("div", {class: ["a", cond && "b"], testid: "x", dataset: {id: 3}, onclick: fn, key: "k"}, child, "text", [more])
 * class may be an array; testid becomes data-testid; dataset becomes data-* attributes; text is a text child.
 * null/undefined/false attributes are left out (booleans such as `checked` are passed through either way).
 */
export function h(tag, attrs, ...children) {
  const props = {};
  for (const [key, value] of Object.entries(attrs || {})) {
    if (BOOLEAN_PROPS.has(key)) { props[key] = Boolean(value); continue; }
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") props.class = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
    else if (key === "testid") props["data-testid"] = value;
    else if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined) props[`data-${kebab(k)}`] = String(v);
    } else if (key === "text") children = [value, ...children];
    else props[key] = value;
  }
  return ph(tag, props, ...children);
}

/** Draw a tree into a container (diffed against what it drew there before). */
export function render(vnode, container) {
  prender(vnode, container);
}

/** "some text" -> "some-text", safe for data-testid suffixes. */
export function slug(s) {
  return String(s).toLowerCase().replace(/[^a-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "");
}
