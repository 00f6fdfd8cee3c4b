// The game tables and what they need on a page. Each game with a table of its own has a folder games/<id>/ whose
// table.js exports `table(session) -> {table, bar}` and may export `cardContent(game, id)` (what a card's popover
// shows) and the end screen's parts (ui/end-screen.js). A game without a folder is played through the generic panel.
// Shared by the app (main.js) and the embeds (embed/embed-app.js); the build bundles each game's folder as a chunk of
// its own, loaded only when that game opens.
//
//   installTablePage(draw)   notices, keys, and popovers that redraw with `draw` (at once: the home screen has them)
//   loadTable(game)          Promise: that game's own table module (or none), loaded once; every opening of a game
//                            waits for it, so the home screen's first drawing does not
//   tableFor(game, generic)  the table function for a game (after loadTable), the generic panel without one
//   gameModule(game)         the game's own module once loaded, or null
import { mountNotices } from "./notices.js";
import { installKeyboard } from "./keyboard.js";
import { setPopoverRedraw, registerCardContent, installPopoverKeys } from "./popover.js";

const modules = new Map(); // game id -> its table module, or null for a game without one
const loading = new Map(); // game id -> Promise of the above
let generic = null; // Promise of the generic panel's module (generic-panel.js), loaded with the first table
let genericModule = null; // that module, once loaded

/** The generic panel's module, loaded once (it serves any game, and draws every card a game gives no face). */
function loadGeneric() {
  generic ??= import("./generic-panel.js").then((module) => {
    registerCardContent("*", module.genericCardContent);
    return module;
  });
  generic.catch(() => { generic = null; });
  return generic;
}

/** The game's own table module, or null when the build holds no games/<id>/table.js (the generic panel serves). */
function importTable(game) {
  // A template literal the bundler turns into a map of every games/*/table.js, each its own chunk; a game id it does
  // not hold throws at once, before any request.
  try {
    return import(`../games/${game}/table.js`);
  } catch {
    return Promise.resolve(null);
  }
}

/** Load a game's own table module (once; a failed load is tried again by the next call). */
export function loadTable(game) {
  if (!loading.has(game)) {
    const part = Promise.all([importTable(String(game)), loadGeneric()]).then(([module, panel]) => {
      genericModule = panel;
      modules.set(game, module);
      if (module && module.cardContent) registerCardContent(game, module.cardContent);
    });
    part.catch(() => loading.delete(game));
    loading.set(game, part);
  }
  return loading.get(game);
}

/** The game's own module once loaded, or null. */
export function gameModule(game) {
  return modules.get(game) || null;
}

/** The table function for a game: its own, or the generic panel when it has none (or when `generic` is asked for). */
export function tableFor(game, generic = false) {
  if (!modules.has(game)) throw new Error(`tableFor(${game}) before loadTable`);
  const own = modules.get(game);
  return (!generic && own && own.table) || genericModule.genericTable;
}

/** Set up a page that draws tables: notices, keys, and popovers that redraw with `draw`. */
export function installTablePage(draw) {
  mountNotices(document.body);
  installKeyboard();
  installPopoverKeys();
  setPopoverRedraw(draw);
}
