// Game log: templates with typed references rendered as text nodes only.
import { h } from "./dom.js";
import { cardName, cardTooltip, typeOf } from "./catalog.js";

export function seatName(snapshot, seat) {
  const s = snapshot && snapshot.seats && snapshot.seats[seat];
  return s && s.name ? String(s.name) : `Player ${Number(seat) + 1}`;
}

function renderRef(snapshot, ref) {
  if (ref === null || ref === undefined) return h("span", { class: "ref" }, "?");
  if (typeof ref !== "object") return h("span", { class: "ref" }, String(ref));
  if ("player" in ref) return h("span", { class: `ref ref-player seat-${ref.player}` }, seatName(snapshot, ref.player));
  if ("card" in ref) {
    const t = typeOf(ref.card);
    return h("span", { class: "ref ref-card", title: cardTooltip(snapshot.game, t) }, cardName(snapshot.game, t));
  }
  if ("cards" in ref && Array.isArray(ref.cards)) {
    return h("span", { class: "ref ref-cards" }, ref.cards.map((c, i) => [i ? ", " : "", renderRef(snapshot, { card: c })]));
  }
  if ("n" in ref) return h("span", { class: "ref ref-n" }, String(ref.n));
  if ("text" in ref) return h("span", { class: "ref ref-text" }, String(ref.text));
  if ("seat" in ref) return h("span", { class: "ref ref-player" }, seatName(snapshot, ref.seat));
  return h("span", { class: "ref" }, JSON.stringify(ref));
}

/** One entry -> a <li> built from text nodes and spans. */
export function renderEntry(snapshot, entry) {
  const li = h("li", { class: "log-entry", dataset: { seq: entry.seq } });
  const template = String(entry.t ?? "");
  const args = entry.args || {};
  const re = /\{(\w+)\}/g;
  let last = 0;
  let m;
  while ((m = re.exec(template)) !== null) {
    if (m.index > last) li.append(document.createTextNode(template.slice(last, m.index)));
    li.append(m[1] in args ? renderRef(snapshot, args[m[1]]) : document.createTextNode(m[0]));
    last = re.lastIndex;
  }
  if (last < template.length) li.append(document.createTextNode(template.slice(last)));
  return li;
}

/** Plain-text version of an entry (for the status line / announcements). */
export function entryText(snapshot, entry) {
  return renderEntry(snapshot, entry).textContent;
}

export function logPanel(snapshot, { testid = "log", newestFirst = true } = {}) {
  const entries = [...(snapshot.log || [])];
  if (newestFirst) entries.reverse();
  return h("section", { class: "log-panel", "aria-label": "Game log" },
    h("h3", {}, "Log"),
    h("ol", { class: "log", testid, "aria-live": "polite", reversed: newestFirst ? true : null },
      entries.map((e) => renderEntry(snapshot, e))));
}
