// "Share position" and "Embed" on every game screen: a link that opens the app at this position (a new match from
// it), and a ready iframe snippet of embed.html. The author picks what the reader sees: one seat's view, or every
// hand open; and whether the reader looks, or plays on against the bots.
import { h } from "./dom.js";
import { t } from "../i18n.js";
import { call } from "./engine-api.js";

/** The site's address (where index.html and embed.html live), from this page's address. */
function siteBase() {
  return new URL(".", location.href);
}

/** The app link that opens a new match at a position, with the given seat as the human one. */
export function shareLink(code, seat) {
  return `${new URL("index.html", siteBase()).href}#play=${code}&seat=${seat}`;
}

const NL = String.fromCharCode(10); // a line break in a snippet (kept out of the bundle's own lines)

/** A text as an HTML attribute value (the author's caption, a line of moves). */
function attr(text) {
  return String(text).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The iframe snippet for a position. */
export function embedSnippet(code, game, { seat, open, mode, line = [], caption = "" }) {
  const q = new URLSearchParams({ game, pos: code, mode });
  if (open) q.set("open", "1"); else q.set("seat", String(seat));
  if (line.length) q.set("line", line.join(";"));
  if (caption) q.set("caption", caption);
  const src = `${new URL("embed.html", siteBase()).href}?${q.toString()}`;
  return `<iframe src="${attr(src)}" title="${attr(caption || t("share.iframe_title"))}" style="width:100%;height:720px;border:0" loading="lazy"></iframe>`;
}

/**
 * The embed.js snippet (docs/EMBED.md): a div with the example's data- attributes and the script. In lesson mode
 * the lesson travels in the page: a script hands it to the example once embed.js is ready (its ready event).
 */
export function divSnippet(code, game, { seat, open, mode, line = [], caption = "", lesson = null }) {
  const script = `<script src="${attr(new URL("embed.js", siteBase()).href)}" async></script>`;
  const who = open ? ' data-open="1"' : ` data-seat="${seat}"`;
  const cap = caption ? ` data-caption="${attr(caption)}"` : "";
  if (mode === "lesson" && lesson) {
    const json = JSON.stringify(lesson).replace(/</g, "\\u003c");
    return [
      `<div id="my-star-table-lesson" data-star-table data-game="${game}" data-mode="lesson"${cap} style="min-height:720px"></div>`, script,
      "<script>", "(function () {", `  var lesson = ${json};`,
      '  function go() { StarTable.send(document.getElementById("my-star-table-lesson"), lesson); }',
      '  if (window.StarTable) go(); else document.addEventListener("star-table:ready", go, { once: true });',
      "})();", "</script>"].join(NL);
  }
  const lineAttr = line.length ? ` data-line="${attr(line.join("; "))}"` : "";
  return [`<div data-star-table data-game="${game}" data-pos="${code}"${who} data-mode="${mode}"${lineAttr}${cap} style="min-height:720px"></div>`, script].join(NL);
}

/** The one-step lesson of the seat's last move, from the share op's answer. */
function lessonOf(data, game, { open, caption }) {
  const l = data.lesson;
  if (!l) return null;
  return {
    format: "star-table-lesson", version: 2, game, title: caption || t("share.lesson_title"), seat: l.seat, open,
    steps: [{ pos: l.code, caption: caption || t("share.lesson_caption"), expect: [l.move] }],
  };
}

/** Read "#play=<code>&seat=N" from the address (a shared position): {code, seat} or null. */
export function sharedPosition(hash = location.hash) {
  if (!hash.startsWith("#play=")) return null;
  const q = new URLSearchParams(hash.slice(1));
  const code = q.get("play") || "";
  const seat = Number.parseInt(q.get("seat") || "0", 10);
  if (!/^st[0-9]+\.[A-Za-z0-9_-]{8,}$/.test(code) || code.length > 400_000) return { code: null, seat: 0 };
  return { code, seat: Number.isInteger(seat) && seat >= 0 && seat <= 3 ? seat : 0 };
}

async function copy(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    return t("share.copied", { what });
  } catch {
    return t("share.copy_by_hand");
  }
}

/** The Share button and, when open, its dialog (state in `ui`: {open, data, view, mode, back, caption, note}). */
export function shareControls(session, ui, redraw) {
  const snap = session.snapshot;
  const seat = snap ? snap.viewer ?? 0 : 0;
  const fetchShare = async () => {
    ui.data = null;
    redraw();
    try {
      ui.data = await call({ op: "share", match: session.matchId, seat: (ui.view || "seat") === "seat" ? seat : null,
        back: ui.back, viewer: seat });
    } catch (err) {
      ui.note = t("share.failed", { message: err.message });
    }
    redraw();
  };
  const openDialog = async () => {
    ui.open = true;
    ui.note = "";
    ui.back = ui.back ?? Math.min(10, snap.log_length || 0);
    await fetchShare();
    const first = document.querySelector("[data-testid=share-link]");
    if (first) first.focus();
  };
  const button = h("button", { type: "button", class: "btn", testid: "share-open", disabled: !snap, "aria-haspopup": "dialog",
    onclick: openDialog }, t("share.button"));
  if (!ui.open) return button;
  const view = ui.view || "seat";
  const open = view === "open";
  const data = ui.data;
  const caption = (ui.caption || "").slice(0, 300);
  const mode = ui.mode === "lesson" && data && !data.lesson ? "view" : ui.mode || "view";
  const line = mode === "view" && data ? data.line : [];
  const pos = data ? (line.length ? data.line_code : data.code) : "";
  const link = data ? shareLink(data.code, seat) : "";
  const lesson = data && mode === "lesson" ? lessonOf(data, snap.game, { open, caption }) : null;
  const div = data ? divSnippet(pos, snap.game, { seat, open, mode, line, caption, lesson }) : "";
  const iframe = data && mode !== "lesson" ? embedSnippet(pos, snap.game, { seat, open, mode, line, caption }) : "";
  const close = () => { ui.open = false; redraw(); const b = document.querySelector("[data-testid=share-open]"); if (b) b.focus(); };
  const radio = (name, value, current, label, set, disabled = false) => h("label", { class: "check-label", key: value },
    h("input", { type: "radio", name, value, checked: current === value, disabled, testid: `share-${name}-${value}`,
      onchange: () => { set(value); redraw(); } }), label);
  const name = session.name(seat);
  return [button, h("div", { class: "loading-layer share-layer", role: "presentation", onclick: (e) => { if (e.target === e.currentTarget) close(); } },
    h("section", { class: "loading-card share-card", role: "dialog", "aria-modal": "true", "aria-labelledby": "share-title", testid: "share-dialog",
      onkeydown: (e) => { if (e.key === "Escape") { e.stopPropagation(); close(); } } },
    h("h2", { id: "share-title" }, t("share.title")),
    h("fieldset", { class: "share-choices", key: "f1" }, h("legend", {}, t("share.reader_sees")),
      radio("view", "seat", view, t("share.view_seat", { name }), (v) => { ui.view = v; fetchShare(); }),
      radio("view", "open", view, t("share.view_open"), (v) => { ui.view = v; fetchShare(); })),
    h("p", { class: "muted share-honesty", testid: "share-honesty", key: "hn" },
      open ? t("share.honest_open") : t("share.honest_seat")),
    h("fieldset", { class: "share-choices", key: "f2" }, h("legend", {}, t("share.reader_does")),
      radio("mode", "view", mode, t("share.mode_view"), (v) => { ui.mode = v; }),
      radio("mode", "play", mode, t("share.mode_play"), (v) => { ui.mode = v; }),
      radio("mode", "lesson", mode, data && !data.lesson ? t("share.mode_lesson_none") : t("share.mode_lesson"),
        (v) => { ui.mode = v; }, Boolean(data && !data.lesson))),
    mode === "view" ? h("div", { class: "share-row share-back", key: "bk" },
      h("label", { for: "share-back", class: "field-label" }, t("share.back_label")),
      h("input", { id: "share-back", type: "number", min: 0, max: Math.min(200, snap.log_length || 0), value: ui.back ?? 0, testid: "share-back",
        onchange: (e) => { ui.back = Math.max(0, Math.min(200, Number.parseInt(e.target.value, 10) || 0)); fetchShare(); } }),
      h("span", { class: "muted", role: "status", testid: "share-line-note" },
        data ? (data.line_cut ? t("share.line_cut", { n: data.line.length }) : t("share.line_n", { n: data.line.length })) : "")) : null,
    h("label", { for: "share-caption", class: "field-label", key: "c1" }, t("share.caption_label")),
    h("input", { id: "share-caption", type: "text", maxlength: 300, value: caption, testid: "share-caption", key: "c2",
      oninput: (e) => { ui.caption = e.target.value; redraw(); } }),
    data ? null : h("p", { role: "status", key: "mk" }, ui.note || t("share.making")),
    data ? [
      h("label", { for: "share-div", class: "field-label", key: "d1" }, t("share.div_label")),
      h("textarea", { id: "share-div", readonly: true, rows: mode === "lesson" ? 8 : 3, value: div, testid: "share-div", key: "d2", onfocus: (e) => e.target.select() }),
      h("div", { class: "row-buttons", key: "d3" },
        h("button", { type: "button", class: "btn", testid: "share-copy-div", onclick: async () => { ui.note = await copy(div, t("share.what_embed")); redraw(); } }, t("share.copy_embed"))),
      iframe ? h("details", { class: "share-iframe", key: "if" },
        h("summary", {}, t("share.iframe_label")),
        h("textarea", { id: "share-embed", readonly: true, rows: 3, value: iframe, testid: "share-embed", "aria-label": t("share.iframe_label"), onfocus: (e) => e.target.select() }),
        h("button", { type: "button", class: "btn", testid: "share-copy-embed", onclick: async () => { ui.note = await copy(iframe, t("share.what_iframe")); redraw(); } }, t("share.copy_iframe"))) : null,
      h("label", { for: "share-link", class: "field-label", key: "l1" }, t("share.link_label")),
      h("p", { class: "muted", key: "l2" }, t("share.link_help")),
      h("div", { class: "share-row", key: "l3" },
        h("input", { id: "share-link", type: "text", readonly: true, value: link, testid: "share-link", onfocus: (e) => e.target.select() }),
        h("button", { type: "button", class: "btn", testid: "share-copy-link", onclick: async () => { ui.note = await copy(link, t("share.what_link")); redraw(); } }, t("share.copy"))),
      h("div", { class: "row-buttons", key: "e3" },
        h("a", { class: "btn ghost", href: link, target: "_blank", rel: "noopener", testid: "share-try" }, t("share.try_link"))),
      h("p", { class: "muted", role: "status", testid: "share-note", key: "n" }, ui.note || ""),
    ] : null,
    h("div", { class: "row-buttons" },
      h("button", { type: "button", class: "btn primary", testid: "share-close", onclick: close }, t("share.close")))))];
}
