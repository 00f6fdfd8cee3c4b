// Card data per game (engine op "catalog"), and card names and texts from the message catalog.
import { call } from "./engine-api.js";
import { t, tMaybe, loadGameMessages } from "../i18n.js";
import { pageData } from "../page-data.js";

const catalogs = new Map(); // game id -> Map(card type id -> record), once loaded
const cardData = new Map(); // game id -> Promise of that map (one fetch a game)

/**
 * The games this build holds, as the build wrote them into the page from the engine's registry and the web folders:
 * [{id, namespace (of its texts), learn (its learn page's address, or null)}]. The same list drives the home screen,
 * the embeds' checks, the texts each game loads and its name.
 */
export function knownGames() {
  return pageData("page-data-games") || [];
}

/** The namespace of a game's texts (its card names, log lines, options, name), or null for a game this build lacks. */
export function namespaceOf(game) {
  const known = knownGames().find((g) => g.id === game);
  return known ? known.namespace : null;
}

/** A game's name, in the page's language. */
export function gameTitle(game) {
  const ns = namespaceOf(game);
  return (ns && tMaybe(`${ns}.name`)) || t("game.unknown_name");
}

/**
 * Fetch one of the files build.py writes from the engine's answers (app/data/), as JSON. Its address is taken from
 * the page's (both pages sit in the site's root), not this module's: the build bundles modules into other files.
 */
async function staticData(path) {
  const res = await fetch(new URL(`app/data/${path}`, document.baseURI));
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.json();
}

/** The engine's `info` answer (games, player counts, options, version), as build.py wrote it: no engine needed. */
export function loadGamesInfo() {
  const inline = pageData("page-data-info"); // the app page carries it (page-data.js)
  return inline !== null ? Promise.resolve(inline) : staticData("info.json");
}

/**
 * Load a game's card data (the file build.py wrote from the engine's `catalog` answer, else the engine itself) and
 * its texts (i18n/en.<game>.json). Resolves with the card data once both are in; rejects if the texts cannot load
 * (card data that cannot load leaves the engine's own card names).
 */
export async function loadCatalog(game) {
  if (!cardData.has(game)) cardData.set(game, fetchCardData(game));
  const [map] = await Promise.all([cardData.get(game), namespaceOf(game) ? loadGameMessages(game) : null]);
  return map;
}

async function fetchCardData(game) {
  const map = new Map();
  try {
    const answer = await staticData(`catalog/${encodeURIComponent(game)}.json`).catch(() => call({ op: "catalog", game }));
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

/** A card instance's type id: the id itself when it is a type, else without its "-N" copy suffix. */
export function typeOf(game, instanceId) {
  if (instanceId === null || instanceId === undefined) return null;
  const s = String(instanceId);
  if (catalogFor(game).has(s)) return s;
  return s.replace(/-\d+$/, "");
}

export function record(game, id) {
  return catalogFor(game).get(typeOf(game, id)) || null;
}

export function cardName(game, id) {
  const type = typeOf(game, id);
  const ns = namespaceOf(game);
  const fromCatalog = ns ? tMaybe(`${ns}.card.${type}.name`) : null;
  if (fromCatalog) return fromCatalog;
  const rec = record(game, id);
  return rec && rec.name ? String(rec.name) : t("card.unknown");
}

export function cardText(game, id) {
  const type = typeOf(game, id);
  const ns = namespaceOf(game);
  const fromCatalog = ns ? tMaybe(`${ns}.card.${type}.text`) : null;
  if (fromCatalog !== null) return fromCatalog;
  const rec = record(game, id);
  return rec && typeof rec.text === "string" ? rec.text : "";
}
