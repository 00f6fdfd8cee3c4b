// The embed's URL parameters (docs/EMBED.md), read and checked before anything else runs. Nothing here touches
// the engine: a bad parameter is reported on the poster at once, as text.

import { pageData } from "../page-data.js";

const KNOWN = pageData("page-data-games") || []; // [{id, namespace, learn}], written by the build from the registry

/** The games this build holds. */
export const GAMES = KNOWN.map((g) => g.id);

/** The arguments of a problem's message that name a game by its id (shown by the game's name). */
const GAME_ARGS = ["game", "code_game", "named"];

/** A problem's arguments with the games they name (GAME_ARGS) as their names, by `nameOf(id)`. */
export function withGameNames(args, nameOf) {
  const out = { ...args };
  for (const k of GAME_ARGS) if (GAMES.includes(out[k])) out[k] = nameOf(out[k]);
  return out;
}

/** The catalog id of a game's name ("jd.name"), or null for a game this build lacks. */
export function gameNameId(game) {
  const known = KNOWN.find((g) => g.id === game);
  return known ? `${known.namespace}.name` : null;
}
/**
 * The game a position code's header names (docs/EMBED.md, "Position codes"), read without the engine: the game
 * number after the body's length, or 0 and the game id as text. Null when the header does not read (the engine
 * names that problem later).
 */
export function codeGame(code) {
  try {
    const head = code.slice(code.indexOf(".") + 1, code.indexOf(".") + 1 + 96).replace(/-/g, "+").replace(/_/g, "/");
    const bin = atob(head.slice(0, head.length - (head.length % 4)));
    let at = 0;
    while (at < bin.length && bin.charCodeAt(at) & 0x80) at += 1; // the body's length, a varint
    at += 1;
    const number = bin.charCodeAt(at);
    if (Number.isNaN(number)) return null;
    if (number !== 0) {
      const known = KNOWN.find((g) => g.code === number);
      return known ? known.id : `#${number}`;
    }
    const len = bin.charCodeAt(at + 1);
    const id = bin.slice(at + 2, at + 2 + len);
    return id.length === len ? id : null;
  } catch {
    return null;
  }
}

export const MODES = ["view", "play", "lesson"];
export const BOTS = ["greedy", "random", "none"];
export const CODE = /^st[0-9]+\.[A-Za-z0-9_-]{8,}$/;
export const MAX_CODE = 400_000;
const LESSON_ID = /^[a-z0-9][a-z0-9-]{0,59}$/;
const FRAME_ID = /^[A-Za-z0-9_-]{1,40}$/;
const MAX_CAPTION = 300;
/** The most moves a line may hold (pyengine/lessons.py MAX_LINE; docs/EMBED.md): a longer one is refused. */
export const MAX_LINE = 200;
const MAX_COMMENT = 300;

/**
 * The addresses lesson-url may name: https anywhere, or this site's own address (http on a local server). The
 * frame's policy allows only those (connect-src 'self' https:): a lesson over plain http from another site could
 * be changed on its way, and browsers block http from an https page anyway.
 */
export function lessonUrlAllowed(url) {
  return url.protocol === "https:" || url.origin === location.origin;
}

/** The host page's origin as an origin string, or null when the text is not an http(s) origin. */
export function originOf(text) {
  try {
    const u = new URL(text);
    return u.protocol === "https:" || u.protocol === "http:" ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * Read the embed's parameters. Returns {params, problems}: problems are catalog ids with their fields
 * ({id, args}), shown on the poster; params holds only checked values.
 */
export function readParams(search, hash = "") {
  const q = new URLSearchParams(search);
  const problems = [];
  const params = {
    game: null, pos: null, seat: 0, open: false, mode: "view", caption: "", theme: "dark", bots: "greedy",
    lesson: null, lessonUrl: null, line: [], ply: null, compact: true, frameId: null, hostOrigin: null, autoboot: false,
  };
  const game = q.get("game");
  if (game !== null && GAMES.includes(game)) params.game = game;
  else if (game !== null) problems.push({ id: "embed.error.game", args: { value: game.slice(0, 40) } });
  const pos = q.get("pos");
  if (pos !== null) {
    if (pos.length <= MAX_CODE && CODE.test(pos)) params.pos = pos;
    else problems.push({ id: "embed.error.pos", args: {} });
  }
  const seat = q.get("seat");
  if (seat !== null) {
    if (/^[0-3]$/.test(seat)) params.seat = Number(seat);
    else problems.push({ id: "embed.error.seat", args: { value: seat.slice(0, 20) } });
  }
  const open = q.get("open");
  params.open = open !== null && open !== "0" && open !== "false";
  const lesson = q.get("lesson");
  if (lesson !== null) {
    if (LESSON_ID.test(lesson)) params.lesson = lesson;
    else problems.push({ id: "embed.error.lesson_id", args: {} });
  }
  const lessonUrl = q.get("lesson-url");
  if (lessonUrl !== null) {
    const origin = originOf(lessonUrl);
    if (origin && lessonUrlAllowed(new URL(lessonUrl))) params.lessonUrl = new URL(lessonUrl).href;
    else problems.push({ id: "embed.error.lesson_url", args: {} });
  }
  // A lesson carried in the address itself (the recorder's link): "#lesson=" and its packed JSON (lesson-file.js).
  const packed = new URLSearchParams(String(hash).replace(/^#/, "")).get("lesson");
  if (packed !== null) {
    if (packed.length <= MAX_CODE && /^[zj]\.[A-Za-z0-9_-]+$/.test(packed)) params.lessonData = packed;
    else problems.push({ id: "embed.error.lesson_data", args: {} });
  }
  const mode = q.get("mode");
  if (mode !== null && !MODES.includes(mode)) problems.push({ id: "embed.error.mode", args: { value: mode.slice(0, 20) } });
  params.mode = MODES.includes(mode) ? mode : (params.lesson || params.lessonUrl || params.lessonData ? "lesson" : "view");
  const caption = q.get("caption");
  if (caption !== null) params.caption = caption.slice(0, MAX_CAPTION);
  params.theme = q.get("theme") === "light" ? "light" : "dark";
  const bots = q.get("bots");
  if (bots !== null && BOTS.includes(bots)) params.bots = bots;
  const line = q.get("line");
  if (line) {
    // Each move is an action text, optionally followed by "# a comment" (shown in the move list and while stepping).
    params.line = line.split(";").map((s) => s.trim()).filter(Boolean).map((entry) => {
      const at = entry.indexOf("#");
      return at < 0 ? { action: entry, comment: "" }
        : { action: entry.slice(0, at).trim(), comment: entry.slice(at + 1).trim().slice(0, MAX_COMMENT) };
    });
    if (params.line.length > MAX_LINE) problems.push({ id: "embed.error.line_long", args: { n: params.line.length, limit: MAX_LINE } });
  }
  const ply = q.get("ply");
  if (ply !== null) {
    if (/^[0-9]{1,3}$/.test(ply) && Number(ply) <= params.line.length) params.ply = Number(ply);
    else problems.push({ id: "embed.error.ply", args: { value: ply.slice(0, 10), n: params.line.length } });
  }
  params.compact = q.get("height") !== "auto";
  const id = q.get("id");
  if (id !== null && FRAME_ID.test(id)) params.frameId = id;
  const host = q.get("origin");
  if (host !== null) params.hostOrigin = originOf(host);
  params.autoboot = q.get("boot") === "auto";
  if (params.mode !== "lesson" && !params.pos) problems.push({ id: "embed.error.no_pos", args: {} });
  if (params.mode !== "lesson" && !params.game) problems.push({ id: "embed.error.no_game", args: {} });
  if (params.pos && params.game) {
    const game = codeGame(params.pos);
    if (game !== null && game !== params.game) problems.push({ id: "embed.error.pos_game_early", args: { game, named: params.game } });
  }
  return { params, problems };
}

/**
 * The origin whose messages (a lesson sent by postMessage) this frame accepts: the `origin` parameter, else the
 * embedding page's origin as the browser reports it. Null when unknown: then no such message is accepted.
 */
export function trustedHostOrigin(params) {
  if (params.hostOrigin) return params.hostOrigin;
  const ancestors = typeof location !== "undefined" ? location.ancestorOrigins : null;
  if (ancestors && ancestors.length) return originOf(ancestors[0]);
  return document.referrer ? originOf(document.referrer) : null;
}
