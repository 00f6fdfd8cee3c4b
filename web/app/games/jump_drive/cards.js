// Jump Drive card facts for the faces, as the engine gives them: the numbers from the card data's `face` block
// (pyengine/games/jump_drive/table_view.py card_face) and the words of each face line from the catalog
// (jd.card.<id>.face.<line>, written by the engine from the card data). Nothing here works out a game fact.
import { tMaybe } from "../../i18n.js";
import { cardName, cardText, record, typeOf } from "../../ui/catalog.js";

const GAME = "jump_drive";

/** A face line's words for a card type, or "" when the card has none. */
function line(typeId, name) {
  return tMaybe(`jd.card.${typeId}.face.${name}`) || "";
}

/** A normalised description of one Jump Drive card type (or instance). */
export function cardInfo(id) {
  const typeId = typeOf(GAME, id);
  const rec = record(GAME, typeId) || {};
  const face = rec.face || {};
  return {
    id: typeId,
    name: cardName(GAME, typeId),
    kind: face.kind || "unknown",
    military: Boolean(face.military),
    colour: face.colour || null,
    cost: face.cost ?? null,
    defense: face.defense ?? null,
    vp: face.vp ?? 0,
    income: face.income ?? 0,
    eyes: face.eyes ?? 0,
    militaryIcons: face.military_icons ?? 0,
    chromosomes: face.chromosomes ?? 0,
    rebel: Boolean(face.rebel),
    alien: Boolean(face.alien),
    kindText: line(typeId, "kind"),
    vpText: line(typeId, "vp"),
    incomeText: line(typeId, "income"),
    militaryText: line(typeId, "military"),
    discountText: line(typeId, "discount"),
    text: cardText(GAME, typeId),
    origin: rec.origin || null,
    known: Object.keys(rec).length > 0,
  };
}

/** The kind line of a card: "Development · cost 3", "Blue world · cost 2", "Military world · defense 4". */
export function kindLine(c) {
  return c.kindText;
}
