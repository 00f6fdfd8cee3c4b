// Card catalog per game (op "catalog"), with tolerant accessors so the faces do not depend on exact field names.
import { call } from "./engine-api.js";

const catalogs = new Map(); // game id -> Map(card type id -> record)

export async function loadCatalog(game) {
  if (catalogs.has(game)) return catalogs.get(game);
  let map = new Map();
  try {
    const answer = await call({ op: "catalog", game });
    for (const rec of answer.cards || []) {
      const id = rec.id ?? rec.card_id ?? rec.type_id;
      if (id !== undefined) map.set(String(id), rec);
    }
  } catch (err) {
    console.warn("catalog unavailable for", game, err);
  }
  catalogs.set(game, map);
  return map;
}

export function catalogFor(game) {
  return catalogs.get(game) || new Map();
}

/** "gem_world-1" -> "gem_world" (instance id to card type id). */
export function typeOf(instanceId) {
  if (instanceId === null || instanceId === undefined) return null;
  const s = String(instanceId);
  return s.replace(/-\d+$/, "");
}

function num(v, fallback = 0) {
  if (v === null || v === undefined || v === "") return fallback;
  const n = Number(v);
  return Number.isFinite(n) ? n : fallback;
}

function yes(v) {
  return v === true || v === "Y" || v === "y" || v === 1 || v === "true";
}

function humanize(id) {
  return String(id).replace(/[_-]+/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}

/** A normalised description of one card type. Works with whatever fields the catalog record has. */
export function cardInfo(game, typeId) {
  const rec = catalogFor(game).get(String(typeId)) || {};
  const kindRaw = String(rec.type ?? rec.kind ?? rec.card_type ?? "").toLowerCase();
  const kind = kindRaw.startsWith("dev") ? "development" : kindRaw.startsWith("world") ? "world" : (kindRaw || "unknown");
  const military = kind === "world" && (yes(rec.military_world) || yes(rec.military) ||
    ((rec.cost === null || rec.cost === undefined) && rec.defense !== null && rec.defense !== undefined));
  const colour = String(rec.color ?? rec.colour ?? rec.world_color ?? "").toLowerCase() || null;
  const icons = rec.icons && typeof rec.icons === "object" ? rec.icons : {};
  const game_ = game;
  return {
    id: String(typeId),
    name: rec.name || humanize(typeId),
    kind,
    military,
    colour,
    cost: military ? null : num(rec.cost, null),
    defense: military ? num(rec.defense, null) : null,
    vp: num(rec.vp ?? rec.vp_base, 0),
    income: num(rec.income ?? rec.income_base, 0),
    eyes: num(icons.explore ?? rec.explore_eyes, 0),
    militaryIcons: num(icons.military ?? rec.military_icons, 0),
    chromosomes: num(icons.chromosome ?? rec.chromosome_icons, 0),
    rebel: yes(rec.rebel),
    alien: yes(rec.alien),
    vpText: termsText(game_, rec.vp_terms) || bonusText(rec.vp_bonus),
    incomeText: termsText(game_, rec.income_terms) || bonusText(rec.income_bonus),
    militaryText: militaryText(game_, rec.military_terms),
    discountText: discountText(game_, rec.discounts),
    text: typeof rec.text === "string" ? rec.text : "",
    origin: rec.origin || null,
    known: Object.keys(rec).length > 0,
  };
}

function bonusText(v) {
  if (v === null || v === undefined || v === "") return "";
  if (typeof v === "string") return v;
  if (typeof v === "number") return String(v);
  return "";
}

function worldsText(f, plural) {
  const bits = [];
  if (f.color) bits.push(f.color);
  if (f.rebel) bits.push("Rebel");
  if (f.alien) bits.push("Alien");
  if (f.military === true) bits.push("military");
  if (f.military === false) bits.push("non-military");
  bits.push(plural ? "worlds" : "world");
  return bits.join(" ");
}

function nameOf(game, id) {
  const rec = catalogFor(game).get(String(id));
  return rec && rec.name ? rec.name : humanize(id);
}

function subjectText(game, s, every) {
  if (!s || typeof s !== "object") return "";
  if (s.worlds) return every > 1 ? `${every} ${worldsText(s.worlds, true)}` : worldsText(s.worlds, false);
  if (s.icon) return every > 1 ? `${every} ${s.icon} icons` : `${s.icon} icon`;
  if (s.developments) return every > 1 ? `${every} developments` : "development";
  if (s.card) return nameOf(game, s.card);
  if (s.military) return "military";
  return "";
}

/** Structured VP/income terms -> "+1 per blue world, +1 with Galactic Advertisers". */
export function termsText(game, terms) {
  if (!Array.isArray(terms) || !terms.length) return "";
  return terms.map((t) => {
    const amt = `+${t.amount ?? 1}`;
    let s = amt;
    if (t.per) s = `${amt} per ${subjectText(game, t.per, t.every || 1)}`;
    else if (t.with) {
      if (t.with.card) s = `${amt} with ${nameOf(game, t.with.card)}`;
      else if (t.with.other_card) s = `${amt} if another empire has ${nameOf(game, t.with.other_card)}`;
      else if (t.with.worlds) s = `${amt} with a ${worldsText(t.with.worlds, false)}`;
      else s = `${amt} with ${subjectText(game, t.with)}`;
    }
    if (t.scope === "other") s += " (yours + one other empire)";
    return s;
  }).join(", ");
}

function militaryText(game, terms) {
  if (!Array.isArray(terms) || !terms.length) return "";
  return terms.map((t) => {
    let s = `+${t.amount ?? 1} military`;
    if (t.per) s += ` per ${subjectText(game, t.per, t.every || 1)}`;
    if (t.against) s += ` against ${worldsText(t.against, true)}`;
    return s;
  }).join(", ");
}

function discountText(game, terms) {
  if (!Array.isArray(terms) || !terms.length) return "";
  return terms.map((t) => {
    const a = t.applies || {};
    let what = "cards";
    if (a.card) what = nameOf(game, a.card);
    else if (a.type === "development") what = "developments";
    else if (a.type === "world") what = worldsText(a, true);
    return `−${t.amount ?? 1} cost for ${what}`;
  }).join(", ");
}

/** Value used to pick the cheapest cards to pay with: printed cost (or defense) + printed VP. */
export function cardValue(game, typeId) {
  const c = cardInfo(game, typeId);
  return (c.cost ?? c.defense ?? 0) + c.vp + c.income;
}

export function cardName(game, typeId) {
  return cardInfo(game, typeId).name;
}

/** Full one-line description for tooltips. */
export function cardTooltip(game, typeId) {
  const c = cardInfo(game, typeId);
  const parts = [c.name];
  if (c.kind === "development") parts.push(`Development, cost ${c.cost ?? "?"}`);
  else if (c.military) parts.push(`Military ${c.colour ? c.colour + " " : ""}world, defense ${c.defense ?? "?"}${c.rebel ? " (Rebel)" : ""}${c.alien ? " (Alien)" : ""}`);
  else if (c.kind === "world") parts.push(`${c.colour ? c.colour[0].toUpperCase() + c.colour.slice(1) + " " : ""}world, cost ${c.cost ?? "?"}`);
  const icons = [];
  if (c.eyes) icons.push(`${c.eyes} explore`);
  if (c.militaryIcons) icons.push(`+${c.militaryIcons} military`);
  if (c.chromosomes) icons.push(`${c.chromosomes} chromosome`);
  if (icons.length) parts.push("Icons: " + icons.join(", "));
  if (c.militaryText) parts.push(c.militaryText);
  if (c.discountText) parts.push(c.discountText);
  parts.push(`VP ${c.vp}${c.vpText ? " + " + c.vpText : ""}; income ${c.income}${c.incomeText ? " + " + c.incomeText : ""}`);
  if (c.text) parts.push(c.text);
  if (c.origin === "stand-in") parts.push("(Stand-in card: our own placeholder design)");
  return parts.join("\n");
}
