// Engine texts (labels, prompts, log lines, summary lines) drawn from the message catalog: {id, t, args}. The
// catalog entry's second-person form is used when its subject is the viewer ("You pay 2", "Bot 2 pays 2"), player
// references become names, card references become buttons that open the card's text, terms are looked up by id,
// numbers stay numbers (for plural forms), and a nested text ({msg: {id, args}}) is drawn the same way.
import { h } from "./dom.js";
import { entry, formatParts, t } from "../i18n.js";
import { cardName } from "./catalog.js";
import { cardRef } from "./popover.js";

/** A seat's name as the players typed it; never "Seat N". */
export function seatName(snapshot, seat) {
  const s = snapshot && snapshot.seats && snapshot.seats[seat];
  return s && s.name ? String(s.name) : t("player.unnamed", { n: Number(seat) + 1 });
}

function playerOf(ref) {
  if (!ref || typeof ref !== "object") return null;
  if ("player" in ref) return Number(ref.player);
  if ("seat" in ref) return Number(ref.seat);
  return null;
}

/** The template for a text as this viewer reads it. */
export function templateFor(snapshot, msg) {
  const e = msg && msg.id ? entry(msg.id) : undefined;
  const viewer = snapshot ? snapshot.viewer : null;
  if (e && typeof e === "object") {
    if (e.you && e.subject && viewer !== null && viewer !== undefined && playerOf((msg.args || {})[e.subject]) === viewer) return e.you;
    if (typeof e.t === "string") return e.t;
  }
  if (typeof e === "string") return e;
  return String((msg && msg.t) || "");
}

function refNode(snapshot, ref, where, plain) {
  if (ref === null || ref === undefined) return "?";
  if (typeof ref !== "object") return String(ref);
  const game = snapshot ? snapshot.game : null;
  const p = playerOf(ref);
  if (p !== null) {
    const name = seatName(snapshot, p);
    return plain ? name : h("span", { class: `ref-player seat-${p}` }, name);
  }
  if ("card" in ref) {
    const name = cardName(game, ref.card);
    return plain ? name : cardRef(game, String(ref.card), name, { where });
  }
  if ("cards" in ref && Array.isArray(ref.cards)) {
    const parts = ref.cards.map((c) => refNode(snapshot, { card: c }, where, plain));
    if (plain) return parts.join(", ");
    return parts.flatMap((node, i) => (i ? [", ", node] : [node]));
  }
  if ("n" in ref) return Number(ref.n);
  if ("term" in ref) return t(String(ref.term));
  if ("text" in ref) return String(ref.text);
  if ("msg" in ref && ref.msg && typeof ref.msg === "object") return pieces(snapshot, ref.msg, where, plain);
  if ("loc" in ref) return t("term.unknown_place");
  return "?";
}

function pieces(snapshot, msg, where, plain) {
  const template = templateFor(snapshot, msg);
  const values = {};
  for (const [name, ref] of Object.entries((msg && msg.args) || {})) {
    const value = refNode(snapshot, ref, where, plain);
    values[name] = plain && Array.isArray(value) ? value.join("") : value;
  }
  const out = formatParts(template, values);
  return plain ? (Array.isArray(out) ? out.join("") : String(out)) : out;
}

/** Virtual nodes for one engine text (card names are popover buttons). */
export function textNodes(snapshot, msg, { where = "" } = {}) {
  if (typeof msg === "string") return [msg];
  const out = pieces(snapshot, msg, where, false);
  return Array.isArray(out) ? out : [out];
}

/** The same text as a plain string (for accessible names, titles and tests). */
export function textString(snapshot, msg) {
  if (typeof msg === "string") return msg;
  return pieces(snapshot, msg, "", true);
}

/** Card ids a text mentions (for info buttons beside a control that cannot hold a nested button). */
export function textCards(msg) {
  const out = [];
  for (const ref of Object.values((msg && msg.args) || {})) {
    if (ref && typeof ref === "object" && "card" in ref) out.push(String(ref.card));
    if (ref && typeof ref === "object" && Array.isArray(ref.cards)) out.push(...ref.cards.map(String));
    if (ref && typeof ref === "object" && ref.msg && typeof ref.msg === "object") out.push(...textCards(ref.msg));
  }
  return out;
}
