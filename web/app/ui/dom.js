// Tiny DOM helpers. Every piece of data goes in through textContent or attributes, never as HTML.

/**
 * h("div", {class: "x", dataset: {testid: "y"}, onclick: fn}, child, "text", [more])
 * Strings and numbers become text nodes; null/undefined/false children are skipped.
 */
export function h(tag, attrs = {}, ...children) {
  const el = tag === "svg" || SVG_TAGS.has(tag)
    ? document.createElementNS("http://www.w3.org/2000/svg", tag)
    : document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    else if (key === "dataset") for (const [k, v] of Object.entries(value)) { if (v !== null && v !== undefined) el.dataset[k] = String(v); }
    else if (key === "testid") el.dataset.testid = value;
    else if (key === "text") el.textContent = String(value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "value" && "value" in el && !(el instanceof SVGElement)) el.value = value;
    else if (key === "checked" || key === "disabled" || key === "selected" || key === "open") {
      el[key] = Boolean(value);
      if (key === "disabled" && value) el.setAttribute("aria-disabled", "true");
    } else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

const SVG_TAGS = new Set(["path", "circle", "rect", "polygon", "g", "text", "line", "ellipse", "title", "defs",
  "radialGradient", "linearGradient", "stop"]);

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

export function replace(el, ...children) {
  clear(el);
  return append(el, children);
}

/** "some text" -> "some-text", safe for data-testid suffixes. */
export function slug(s) {
  return String(s).toLowerCase().replace(/[^a-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "");
}
