// Local persistence: one autosave, named save slots, and file export/import.
// Keys: pyengine:autosave, pyengine:saves (index of slots), pyengine:save:<id> (one slot each).
// Every write reports a full localStorage as a StorageFullError instead of losing the save silently.

const PREFIX = "pyengine:";
export const AUTOSAVE_KEY = PREFIX + "autosave";
export const INDEX_KEY = PREFIX + "saves";
export const slotKey = (id) => `${PREFIX}save:${id}`;

export class StorageFullError extends Error {
  constructor(what) {
    super(`The browser storage is full: ${what} could not be saved. Delete or export some save slots, then try again.`);
    this.name = "StorageFullError";
  }
}

export class ImportError extends Error {
  constructor(message) {
    super(message);
    this.name = "ImportError";
  }
}

function isQuotaError(err) {
  return err && (err.name === "QuotaExceededError" || err.name === "NS_ERROR_DOM_QUOTA_REACHED" || err.code === 22 || err.code === 1014);
}

function write(key, value, what) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch (err) {
    if (isQuotaError(err)) throw new StorageFullError(what);
    throw err;
  }
}

function read(key) {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** A stored record: {save: <engine save object>, meta: {game, gameName, names, round, savedAt, name?}} */
export function readAutosave() {
  const rec = read(AUTOSAVE_KEY);
  return rec && rec.save ? rec : null;
}

export function writeAutosave(save, meta) {
  write(AUTOSAVE_KEY, { save, meta: { ...meta, savedAt: new Date().toISOString() } }, "the autosave");
}

export function clearAutosave() {
  localStorage.removeItem(AUTOSAVE_KEY);
}

/** Slot index, newest first: [{id, name, game, gameName, names, round, savedAt}] */
export function listSlots() {
  const index = read(INDEX_KEY);
  if (!Array.isArray(index)) return [];
  return index.filter((s) => s && typeof s.id === "string").sort((a, b) => String(b.savedAt).localeCompare(String(a.savedAt)));
}

function newId() {
  return Date.now().toString(36) + Math.random().toString(36).slice(2, 7);
}

/** Store a save in a new slot (or overwrite `id`). Returns the slot entry. Writes the slot before the index. */
export function writeSlot(name, save, meta, id = null) {
  const slotId = id || newId();
  const entry = { ...meta, id: slotId, name: String(name || "Saved game").slice(0, 80), savedAt: new Date().toISOString() };
  write(slotKey(slotId), { save, meta: entry }, `the save "${entry.name}"`);
  const index = listSlots().filter((s) => s.id !== slotId);
  index.unshift(entry);
  try {
    write(INDEX_KEY, index, "the save list");
  } catch (err) {
    localStorage.removeItem(slotKey(slotId)); // keep index and slots consistent
    throw err;
  }
  return entry;
}

export function readSlot(id) {
  const rec = read(slotKey(id));
  return rec && rec.save ? rec : null;
}

export function deleteSlot(id) {
  localStorage.removeItem(slotKey(id));
  const index = listSlots().filter((s) => s.id !== id);
  write(INDEX_KEY, index, "the save list");
}

/** Offer the save object as a downloadable .json file. */
export function exportFile(save, baseName) {
  const name = (String(baseName || "game").replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "") || "game") + ".json";
  const blob = new Blob([JSON.stringify(save, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}

/** Parse an imported file's text. Throws ImportError with a readable message; the engine validates the rest. */
export function parseImport(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ImportError("This file is not a saved game: it is not valid JSON (it may be damaged or cut short).");
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) {
    throw new ImportError("This file is not a saved game: it holds no save object.");
  }
  // Accept our own slot records too ({save, meta}).
  if (data.save && typeof data.save === "object" && data.meta) return data.save;
  return data;
}

export function readFileText(file) {
  if (file.text) return file.text();
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsText(file);
  });
}
