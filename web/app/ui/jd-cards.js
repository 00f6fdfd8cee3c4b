// Jump Drive card facts for the faces: cost or defense, colour, icons, VP and income with their bonuses, in words
// from the message catalog.
import { t } from "../i18n.js";
import { cardName, cardText, record, typeOf } from "./catalog.js";

const GAME = "jump_drive";

function num(v, fallback = 0) {
  if (v === null || v === undefined || v === "") return fallback;
  const n = Number(v);
  return Number.isFinite(n) ? n : fallback;
}

const yes = (v) => v === true || v === "Y" || v === "y" || v === 1 || v === "true";

function worldsText(f, plural) {
  const bits = [];
  if (f.color) bits.push(t(`jdui.face.colour.${String(f.color).toLowerCase()}`));
  if (f.rebel) bits.push(t("jdui.face.rebel"));
  if (f.alien) bits.push(t("jdui.face.alien"));
  if (f.military === true) bits.push(t("jdui.face.military_adj"));
  if (f.military === false) bits.push(t("jdui.face.non_military_adj"));
  bits.push(t(plural ? "jdui.face.worlds" : "jdui.face.world"));
  return bits.join(" ");
}

function subjectText(s, every) {
  if (!s || typeof s !== "object") return "";
  if (s.worlds) return every > 1 ? `${every} ${worldsText(s.worlds, true)}` : worldsText(s.worlds, false);
  if (s.icon) return t(every > 1 ? "jdui.face.icons_n" : "jdui.face.icon_1", { n: every, icon: t(`jdui.face.icon.${s.icon}`) });
  if (s.developments) return every > 1 ? t("jdui.face.developments_n", { n: every }) : t("jdui.face.development");
  if (s.card) return cardName(GAME, s.card);
  if (s.military) return t("jdui.face.military_noun");
  return "";
}

/** Structured VP/income terms -> "+1 per blue world, +1 with Galactic Advertisers". */
export function termsText(terms) {
  if (!Array.isArray(terms) || !terms.length) return "";
  return terms.map((x) => {
    const amount = x.amount ?? 1;
    let s = t("jdui.face.plus", { n: amount });
    if (x.per) s = t("jdui.face.per", { n: amount, what: subjectText(x.per, x.every || 1) });
    else if (x.with) {
      if (x.with.card) s = t("jdui.face.with", { n: amount, what: cardName(GAME, x.with.card) });
      else if (x.with.other_card) s = t("jdui.face.if_other_has", { n: amount, what: cardName(GAME, x.with.other_card) });
      else if (x.with.worlds) s = t("jdui.face.with_a", { n: amount, what: worldsText(x.with.worlds, false) });
      else s = t("jdui.face.with", { n: amount, what: subjectText(x.with, 1) });
    }
    if (x.scope === "other") s += ` ${t("jdui.face.scope_other")}`;
    return s;
  }).join(", ");
}

function militaryText(terms) {
  if (!Array.isArray(terms) || !terms.length) return "";
  return terms.map((x) => {
    let s = t("jdui.face.military_plus", { n: x.amount ?? 1 });
    if (x.per) s += ` ${t("jdui.face.per_short", { what: subjectText(x.per, x.every || 1) })}`;
    if (x.against) s += ` ${t("jdui.face.against", { what: worldsText(x.against, true) })}`;
    return s;
  }).join(", ");
}

function discountText(terms) {
  if (!Array.isArray(terms) || !terms.length) return "";
  return terms.map((x) => {
    const a = x.applies || {};
    let what = t("jdui.face.cards");
    if (a.card) what = cardName(GAME, a.card);
    else if (a.type === "development") what = t("jdui.face.developments");
    else if (a.type === "world") what = worldsText(a, true);
    return t("jdui.face.discount", { n: x.amount ?? 1, what });
  }).join(", ");
}

/** A normalised description of one Jump Drive card type (or instance). */
export function cardInfo(id) {
  const typeId = typeOf(GAME, id);
  const rec = record(GAME, typeId) || {};
  const kindRaw = String(rec.type ?? "").toLowerCase();
  const kind = kindRaw.startsWith("dev") ? "development" : kindRaw.startsWith("world") ? "world" : (kindRaw || "unknown");
  const military = kind === "world" && (yes(rec.military_world) || ((rec.cost === null || rec.cost === undefined) && rec.defense !== null && rec.defense !== undefined));
  const icons = rec.icons && typeof rec.icons === "object" ? rec.icons : {};
  return {
    id: typeId,
    name: cardName(GAME, typeId),
    kind,
    military,
    colour: String(rec.color ?? "").toLowerCase() || null,
    cost: military ? null : num(rec.cost, null),
    defense: military ? num(rec.defense, null) : null,
    vp: num(rec.vp, 0),
    income: num(rec.income, 0),
    eyes: num(icons.explore, 0),
    militaryIcons: num(icons.military, 0),
    chromosomes: num(icons.chromosome, 0),
    rebel: yes(rec.rebel),
    alien: yes(rec.alien),
    vpText: termsText(rec.vp_terms),
    incomeText: termsText(rec.income_terms),
    militaryText: militaryText(rec.military_terms),
    discountText: discountText(rec.discounts),
    text: cardText(GAME, typeId),
    origin: rec.origin || null,
    known: Object.keys(rec).length > 0,
  };
}

/** Value used to pick the cheapest cards to pay with: printed cost (or defense) + printed VP and income. */
export function cardValue(id) {
  const c = cardInfo(id);
  return (c.cost ?? c.defense ?? 0) + c.vp + c.income;
}

/** The kind line of a card: "Development · cost 3", "Blue world · cost 2", "Military world · defense 4". */
export function kindLine(c) {
  if (c.kind === "development") return t("jdui.face.kind_dev", { cost: c.cost ?? "?" });
  if (c.military) {
    return t("jdui.face.kind_military", { colour: c.colour ? t(`jdui.face.colour.${c.colour}`) : "", defense: c.defense ?? "?" }).replace(/ {2,}/g, " ").trim();
  }
  if (c.kind === "world") return t("jdui.face.kind_world", { colour: c.colour ? t(`jdui.face.colour.${c.colour}`) : "", cost: c.cost ?? "?" }).replace(/ {2,}/g, " ").trim();
  return "";
}
