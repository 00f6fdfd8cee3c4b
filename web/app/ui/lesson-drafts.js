// The lesson recorder's drafts: each draft its own localStorage entry ("pyengine:lesson:<id>"), written after every
// edit, so closing the tab loses nothing; a full storage is reported and the previous copy stays. No shared index
// (the list comes from scanning the keys), so two tabs never lose each other's drafts.
import { StorageFullError, newId } from "../store.js";

const PREFIX = "pyengine:lesson:";
export const DRAFT_VERSION = 1;

export function newDraftId() { return newId(); }

/** Every draft that reads, newest first: {id, title, game, steps, savedAt}. */
export function listDrafts() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key || !key.startsWith(PREFIX)) continue;
    const d = readDraft(key.slice(PREFIX.length));
    if (d) out.push({ id: d.id, title: d.lesson.title, game: d.lesson.game, steps: d.lesson.steps.length, savedAt: d.savedAt });
  }
  return out.sort((a, b) => String(b.savedAt).localeCompare(String(a.savedAt)));
}

/** A draft {id, lesson, at, savedAt}, or null when it is missing or damaged. */
export function readDraft(id) {
  try {
    const d = JSON.parse(localStorage.getItem(PREFIX + id) || "null");
    if (!d || d.v !== DRAFT_VERSION || !d.lesson || !Array.isArray(d.lesson.steps)) return null;
    return { id, lesson: d.lesson, at: Number.isInteger(d.at) ? d.at : 0, savedAt: d.savedAt || "" };
  } catch {
    return null;
  }
}

/** Write a draft; StorageFullError when the browser's storage is full (the previous copy stays as it was). */
export function writeDraft(id, lesson, at) {
  const text = JSON.stringify({ v: DRAFT_VERSION, lesson, at, savedAt: new Date().toISOString() });
  try {
    localStorage.setItem(PREFIX + id, text);
  } catch (err) {
    throw new StorageFullError(err && err.message ? err.message : String(err));
  }
}

export function removeDraft(id) {
  localStorage.removeItem(PREFIX + id);
}
