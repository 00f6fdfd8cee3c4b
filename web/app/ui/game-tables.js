// The game tables themselves and their card faces: what only an open game needs. tables.js loads this module on
// demand (loadTables), so the home screen's first drawing never waits for it.
import { jumpDriveTable } from "./jump-drive-table.js";
import { aresTable } from "./ares-table.js";
import { btsTable } from "./bts-table.js";
import { aresCardContent } from "./ares-cards.js";
import { genericTable, genericCardContent } from "./generic-panel.js";
import { jdCardContent } from "./card-face.js";

/** Each game's own table: (session) => {table, bar}. */
export const GAME_TABLES = { jump_drive: jumpDriveTable, ares_expedition: aresTable, beyond_the_sun: btsTable };

/** The table of a game without one of its own (and of any game, when asked for): the generic panel. */
export { genericTable };

/** What a card's popover shows, per game ("*": any other game). */
export const CARD_CONTENT = { jump_drive: jdCardContent, ares_expedition: aresCardContent, "*": genericCardContent };
