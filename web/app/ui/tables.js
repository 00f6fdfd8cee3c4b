// The game tables and what they need on a page: the table of each game with one of its own (the rest use the
// generic panel), the card texts for popovers, notices, keyboard shortcuts and popover keys. Shared by the app
// (main.js) and the embeds (embed/embed-app.js).
//
//   installTablePage(draw)   notices, keys, and popovers that redraw with `draw` (at once: the home screen has them)
//   loadTables()             Promise: the tables' own modules (game-tables.js), loaded once; every opening of a
//                            game waits for it, so the home screen's first drawing does not
//   tableFor(game, generic)  the table function for a game (after loadTables)
import { mountNotices } from "./notices.js";
import { installKeyboard } from "./keyboard.js";
import { setPopoverRedraw, registerCardContent, installPopoverKeys } from "./popover.js";

let tables = null; // the game-tables.js module, once loaded
let loading = null;

/** Load the tables' modules (once; a failed load is tried again by the next call). */
export function loadTables() {
  if (!loading) {
    loading = import("./game-tables.js").then((module) => {
      tables = module;
      for (const [game, content] of Object.entries(module.CARD_CONTENT)) registerCardContent(game, content);
    });
    loading.catch(() => { loading = null; });
  }
  return loading;
}

/** The table function for a game, or the generic panel when it has none (or when `generic` is asked for). */
export function tableFor(game, generic = false) {
  if (!tables) throw new Error("tableFor before loadTables");
  return (!generic && tables.GAME_TABLES[game]) || tables.genericTable;
}

/** Set up a page that draws tables: notices, keys, and popovers that redraw with `draw`. */
export function installTablePage(draw) {
  mountNotices(document.body);
  installKeyboard();
  installPopoverKeys();
  setPopoverRedraw(draw);
}
