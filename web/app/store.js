// Local saves. One autosave per match, named slots, a short history of finished games; nothing ever overwrites
// another game. Layout (format 2):
//   pyengine:meta:<id>   small record {v, id, kind: "match" | "slot", game, names, round, status, rev, ...}
//   pyengine:match:<id>  the engine save of a match in progress or finished (its autosave)
//   pyengine:slot:<id>   the engine save of a named slot
// Lists come from scanning the meta keys, so two tabs never race on a shared index. Every write of a save goes
// before its meta; a failed write (storage full) throws StorageFullError and leaves the older record intact, and a
// new entry whose meta cannot be written loses its save too, so no save is ever left without its meta (an orphan,
// which no list shows). Writes of one entry hold a Web Lock named after it (where the browser has the API), and a
// match's revision is claimed in an IndexedDB transaction (see claimRevision), so two tabs cannot both pass the
// revision check of the same match; sweepOrphans() clears, at start, saves that lost their meta anyway (written
// before this rule, or by a tab closed between the two writes).
// Format 1 (one autosave key plus a slot index) is migrated once, on first start.
import { jsonProblem, MAX_BYTES } from "./json-guard.js";
import { t } from "./i18n.js";

const PREFIX = "pyengine:";
export const FORMAT = 2;
export const HISTORY_KEEP = 10;
const metaKey = (id) => `${PREFIX}meta:${id}`;
const saveKey = (kind, id) => `${PREFIX}${kind === "slot" ? "slot" : "match"}:${id}`;
// Format 1 keys.
const V1_AUTOSAVE = `${PREFIX}autosave`;
const V1_INDEX = `${PREFIX}saves`;
const v1SlotKey = (id) => `${PREFIX}save:${id}`;

export class StorageFullError extends Error {
  constructor(what) {
    super(t("storage.full", { what }));
    this.name = "StorageFullError";
  }
}

export class ImportError extends Error {
  constructor(message) {
    super(message);
    this.name = "ImportError";
  }
}

/** Raised when another tab moved a match on since this tab last read or wrote it. */
export class ConflictError extends Error {
  constructor(id) {
    super(t("storage.conflict"));
    this.name = "ConflictError";
    this.matchId = id;
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
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return null; // present but damaged
  }
}

export function newId() {
  return Date.now().toString(36) + Math.random().toString(36).slice(2, 8);
}

const now = () => new Date().toISOString();

// ------------------------------------------------------------------------------------------------ listing

/** Every meta record, newest first; damaged or too-new ones come back as {id, damaged: reason}. */
export function listAll() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key || !key.startsWith(`${PREFIX}meta:`)) continue;
    const id = key.slice(`${PREFIX}meta:`.length);
    const meta = read(key);
    if (!meta || typeof meta !== "object") out.push({ id, damaged: "corrupt" });
    else if (typeof meta.v !== "number" || meta.v > FORMAT) out.push({ id, damaged: "too_new", kind: meta.kind });
    else out.push({ ...meta, id });
  }
  return out.sort((a, b) => String(b.updatedAt || "").localeCompare(String(a.updatedAt || "")));
}

export const activeMatches = () => listAll().filter((m) => !m.damaged && m.kind === "match" && m.status === "active");
export const finishedMatches = () => listAll().filter((m) => !m.damaged && m.kind === "match" && m.status === "finished");
export const slots = () => listAll().filter((m) => !m.damaged && m.kind === "slot");
export const damaged = () => listAll().filter((m) => m.damaged);

export function readMeta(id) {
  const meta = read(metaKey(id));
  return meta && typeof meta === "object" ? meta : null;
}

/** The engine save stored for a meta record, or null when it is missing or damaged. */
export function readSave(meta) {
  const rec = read(saveKey(meta.kind, meta.id));
  return rec && typeof rec === "object" && rec.save && typeof rec.save === "object" ? rec : null;
}

// ------------------------------------------------------------------------------------------------ matches

// Each match's revision also lives in IndexedDB ("pyengine-revisions"): another tab's localStorage writes reach this
// tab's copy of localStorage a little later (Chromium hands them over between processes), so two tabs reading the
// same revision from localStorage at the same moment both passed the check; an IndexedDB transaction reads the
// committed value. Without IndexedDB (some private modes) the localStorage check alone remains.
let revisionsDb = null;

function openRevisions() {
  if (!revisionsDb) {
    revisionsDb = new Promise((resolve) => {
      try {
        const req = indexedDB.open("pyengine-revisions", 1);
        req.onupgradeneeded = () => req.result.createObjectStore("revisions");
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => resolve(null);
        req.onblocked = () => resolve(null);
      } catch {
        resolve(null);
      }
    });
  }
  return revisionsDb;
}

/** Run fn(store) in one IndexedDB transaction over the revisions; resolves to fn's value once it commits. */
async function revisionTransaction(fn) {
  const db = await openRevisions();
  if (!db) return fn(null);
  return new Promise((resolve, reject) => {
    const tx = db.transaction("revisions", "readwrite");
    let value;
    Promise.resolve(fn(tx.objectStore("revisions"))).then((v) => { value = v; }, (err) => { tx.abort(); reject(err); });
    tx.oncomplete = () => resolve(value);
    tx.onabort = () => reject(tx.error ?? new Error("aborted"));
  });
}

const request = (req) => new Promise((resolve, reject) => {
  req.onsuccess = () => resolve(req.result);
  req.onerror = () => reject(req.error);
});

/** Check that the match is still at `expectRev` (null: new) and claim the next revision; throws ConflictError. */
function claimRevision(id, expectRev, current) {
  return revisionTransaction(async (revisions) => {
    const stored = revisions ? await request(revisions.get(id)) : undefined;
    const have = stored ?? (current ? current.rev : null);
    if ((expectRev ?? null) !== have) throw new ConflictError(id);
    const rev = (have ?? 0) + 1;
    if (revisions) await request(revisions.put(rev, id));
    return rev;
  });
}

/** Give a claimed revision back (its write failed), so this tab's next save still matches. */
function releaseRevision(id, previous) {
  return revisionTransaction(async (revisions) => {
    if (!revisions) return;
    await request(previous === null ? revisions.delete(id) : revisions.put(previous, id));
  }).catch(() => {});
}

/** Run fn holding the entry's lock (Web Locks), so that no other tab reads or writes that entry meanwhile. */
function withEntryLock(id, fn) {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (locks && typeof locks.request === "function") return locks.request(`${PREFIX}entry:${id}`, async () => fn());
  return Promise.resolve().then(fn);
}

/**
 * Write a match's autosave (compare-and-set on its revision, under the entry's lock). `expectRev` is the revision
 * this tab last saw (null for a new match). Rejects with ConflictError if another tab wrote in between,
 * StorageFullError when full. Resolves to the new meta.
 */
export function saveMatch(id, save, info, expectRev) {
  return withEntryLock(id, async () => {
    const current = readMeta(id);
    if (current && (expectRev ?? null) !== current.rev) throw new ConflictError(id);
    const rev = await claimRevision(id, expectRev, current);
    try {
      return writeMatch(id, save, info, current, rev);
    } catch (err) {
      await releaseRevision(id, expectRev ?? null);
      throw err;
    }
  });
}

function writeMatch(id, save, info, current, rev) {
  const meta = {
    v: FORMAT, id, kind: "match", game: info.game, gameName: info.gameName, players: info.names.length,
    names: info.names, kinds: info.kinds, round: info.round ?? null, status: info.terminal ? "finished" : "active",
    logLength: info.logLength ?? null, createdAt: current ? current.createdAt : now(), updatedAt: now(), rev,
    origin: current ? current.origin ?? null : info.origin ?? null, result: info.result ?? null,
  };
  write(saveKey("match", id), { v: FORMAT, rev, save }, t("storage.what.autosave", { game: info.gameName }));
  try {
    write(metaKey(id), meta, t("storage.what.autosave", { game: info.gameName }));
  } catch (err) {
    // A new match without its meta would be an orphan: drop its save. An older match keeps its meta, which then
    // only shows an older round in the list.
    if (!current) localStorage.removeItem(saveKey("match", id));
    throw err;
  }
  if (meta.status === "finished") pruneHistory();
  return meta;
}

/** Keep only the newest finished matches. */
export function pruneHistory(keep = HISTORY_KEEP) {
  for (const m of finishedMatches().slice(keep)) removeEntry(m);
}

export function removeEntry(meta) {
  localStorage.removeItem(saveKey(meta.kind, meta.id));
  localStorage.removeItem(metaKey(meta.id));
  if (meta.kind === "match") releaseRevision(meta.id, null);
}

export function removeById(id) {
  const meta = readMeta(id);
  if (meta) removeEntry(meta);
  else {
    localStorage.removeItem(metaKey(id));
    localStorage.removeItem(saveKey("match", id));
    localStorage.removeItem(saveKey("slot", id));
  }
}

/** Remove saves whose meta is missing (nothing lists them), each under its entry's lock; resolves to how many. */
export async function sweepOrphans() {
  const orphans = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    const m = key && /^pyengine:(match|slot):(.+)$/.exec(key);
    if (m && localStorage.getItem(metaKey(m[2])) === null) orphans.push([key, m[2]]);
  }
  let removed = 0;
  for (const [key, id] of orphans) {
    await withEntryLock(id, () => {
      if (localStorage.getItem(metaKey(id)) === null && localStorage.getItem(key) !== null) {
        localStorage.removeItem(key);
        removed += 1;
      }
    });
  }
  return removed;
}

// ------------------------------------------------------------------------------------------------ slots

export function writeSlot(name, save, info) {
  const id = newId();
  const meta = {
    v: FORMAT, id, kind: "slot", name: String(name || t("slot.default_name")).slice(0, 80), game: info.game,
    gameName: info.gameName, players: info.names.length, names: info.names, kinds: info.kinds,
    round: info.round ?? null, status: info.terminal ? "finished" : "active", createdAt: now(), updatedAt: now(), rev: 1,
  };
  write(saveKey("slot", id), { v: FORMAT, rev: 1, save }, t("storage.what.slot", { name: meta.name }));
  try {
    write(metaKey(id), meta, t("storage.what.slot", { name: meta.name }));
  } catch (err) {
    localStorage.removeItem(saveKey("slot", id));
    throw err;
  }
  return meta;
}

// ------------------------------------------------------------------------------------------------ migration

/**
 * Bring format-1 storage (one autosave key, a slot index and slot keys) to format 2. Each old record is copied,
 * then removed; a failed copy leaves the old record where it was for the next start. Returns what moved.
 */
export function migrate() {
  const moved = { autosave: 0, slots: 0, failed: 0 };
  const auto = read(V1_AUTOSAVE);
  if (auto !== undefined) {
    if (auto && auto.save && typeof auto.save === "object") {
      try {
        const m = auto.meta || {};
        const id = newId();
        const names = Array.isArray(m.names) ? m.names.map(String) : [];
        write(saveKey("match", id), { v: FORMAT, rev: 1, save: auto.save }, t("storage.what.autosave", { game: m.gameName || m.game || "" }));
        write(metaKey(id), {
          v: FORMAT, id, kind: "match", game: m.game || auto.save.game, gameName: m.gameName || m.game || auto.save.game,
          players: names.length, names, kinds: Array.isArray(m.kinds) ? m.kinds : null, round: m.round ?? null,
          status: m.terminal ? "finished" : "active", createdAt: m.savedAt || now(), updatedAt: m.savedAt || now(), rev: 1,
          origin: "migrated",
        }, t("storage.what.autosave", { game: m.gameName || "" }));
        localStorage.removeItem(V1_AUTOSAVE);
        moved.autosave += 1;
      } catch {
        moved.failed += 1;
      }
    } else {
      localStorage.removeItem(V1_AUTOSAVE); // damaged: nothing to keep
    }
  }
  const index = read(V1_INDEX);
  if (index !== undefined) {
    let left = 0;
    for (const entry of Array.isArray(index) ? index : []) {
      if (!entry || typeof entry.id !== "string") continue;
      const rec = read(v1SlotKey(entry.id));
      if (!rec || !rec.save) { localStorage.removeItem(v1SlotKey(entry.id)); continue; }
      try {
        const m = { ...(rec.meta || {}), ...entry };
        const names = Array.isArray(m.names) ? m.names.map(String) : [];
        write(saveKey("slot", entry.id), { v: FORMAT, rev: 1, save: rec.save }, t("storage.what.slot", { name: m.name || "" }));
        write(metaKey(entry.id), {
          v: FORMAT, id: entry.id, kind: "slot", name: String(m.name || t("slot.default_name")).slice(0, 80),
          game: m.game || rec.save.game, gameName: m.gameName || m.game || rec.save.game, players: names.length, names,
          kinds: null, round: m.round ?? null, status: "active", createdAt: m.savedAt || now(), updatedAt: m.savedAt || now(), rev: 1,
        }, t("storage.what.slot", { name: m.name || "" }));
        localStorage.removeItem(v1SlotKey(entry.id));
        moved.slots += 1;
      } catch {
        left += 1;
        moved.failed += 1;
      }
    }
    if (!left) localStorage.removeItem(V1_INDEX);
  }
  return moved;
}

// ------------------------------------------------------------------------------------------------ files

/** Offer a save object as a downloadable .json file; returns the file name. */
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

/** Parse an imported file's text into a save object, refusing junk early; the engine checks the rest. */
export function parseImport(text) {
  if (text.length > MAX_BYTES) throw new ImportError(t("import.too_large", { mb: Math.round(MAX_BYTES / 1048576) }));
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ImportError(t("import.not_json"));
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new ImportError(t("import.no_object"));
  const problem = jsonProblem(data);
  if (problem) throw new ImportError(t(problem.code === "too_deep" ? "import.too_deep" : "import.too_large", { depth: problem.depth, mb: Math.round(MAX_BYTES / 1048576) }));
  // Our own slot records ({save, meta}) are accepted too.
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

/** Subscribe to changes other tabs make to saves; `fn({id, meta})` (meta null when deleted). */
export function onOtherTabChange(fn) {
  window.addEventListener("storage", (ev) => {
    if (ev.storageArea !== localStorage) return;
    if (ev.key === null) { fn({ id: null, meta: null }); return; }
    if (!ev.key.startsWith(`${PREFIX}meta:`)) return;
    const id = ev.key.slice(`${PREFIX}meta:`.length);
    let meta = null;
    try { meta = ev.newValue ? JSON.parse(ev.newValue) : null; } catch { meta = null; }
    fn({ id, meta });
  });
}
