// The game tables and what they need on a page: the table of each game with one of its own (the rest use the
// generic panel), the card texts for popovers, notices, keyboard shortcuts and popover keys. Shared by the app
// (main.js) and the embeds (embed/embed-app.js).
import { jumpDriveTable } from "./jump-drive-table.js";
import { aresTable } from "./ares-table.js";
import { btsTable } from "./bts-table.js";
import { aresCardContent } from "./ares-cards.js";
import { genericTable, genericCardContent } from "./generic-panel.js";
import { jdCardContent } from "./card-face.js";
import { mountNotices } from "./notices.js";
import { installKeyboard } from "./keyboard.js";
import { setPopoverRedraw, registerCardContent, installPopoverKeys } from "./popover.js";

/** Each game's own table: (session) => {table, bar}. */
export const GAME_TABLES = { jump_drive: jumpDriveTable, ares_expedition: aresTable, beyond_the_sun: btsTable };

/** The table function for a game, or the generic panel when it has none (or when `generic` is asked for). */
export function tableFor(game, generic = false) {
  return (!generic && GAME_TABLES[game]) || genericTable;
}

/** Set up a page that draws tables: notices, keys, and popovers that redraw with `draw` and know every card. */
export function installTablePage(draw) {
  mountNotices(document.body);
  installKeyboard();
  installPopoverKeys();
  setPopoverRedraw(draw);
  registerCardContent("jump_drive", jdCardContent);
  registerCardContent("ares_expedition", aresCardContent);
  registerCardContent("*", genericCardContent);
}
