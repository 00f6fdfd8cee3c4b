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

/** The iframe snippet for a position. */
export function embedSnippet(code, game, { seat, open, mode }) {
  const q = new URLSearchParams({ game, pos: code, mode });
  if (open) q.set("open", "1"); else q.set("seat", String(seat));
  const src = `${new URL("embed.html", siteBase()).href}?${q.toString()}`;
  return `<iframe src="${src.replace(/&/g, "&amp;")}" title="${t("share.iframe_title")}" style="width:100%;height:640px;border:0" loading="lazy"></iframe>`;
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

/** The Share button and, when open, its dialog (state in `ui`: {open, code, view, mode, note}). */
export function shareControls(session, ui, redraw) {
  const snap = session.snapshot;
  const openDialog = async () => {
    ui.open = true;
    ui.note = "";
    ui.code = null;
    redraw();
    try {
      ui.code = (await call({ op: "code", match: session.matchId })).code;
    } catch (err) {
      ui.note = t("share.failed", { message: err.message });
    }
    redraw();
    const first = document.querySelector("[data-testid=share-link]");
    if (first) first.focus();
  };
  const button = h("button", { type: "button", class: "btn", testid: "share-open", disabled: !snap, "aria-haspopup": "dialog",
    onclick: openDialog }, t("share.button"));
  if (!ui.open) return button;
  const seat = snap.viewer ?? 0;
  const view = ui.view || "seat";
  const mode = ui.mode || "view";
  const link = ui.code ? shareLink(ui.code, seat) : "";
  const snippet = ui.code ? embedSnippet(ui.code, snap.game, { seat, open: view === "open", mode }) : "";
  const close = () => { ui.open = false; redraw(); const b = document.querySelector("[data-testid=share-open]"); if (b) b.focus(); };
  const radio = (name, value, current, label, set) => h("label", { class: "check-label", key: value },
    h("input", { type: "radio", name, value, checked: current === value, testid: `share-${name}-${value}`, onchange: () => { set(value); redraw(); } }), label);
  return [button, h("div", { class: "loading-layer share-layer", role: "presentation", onclick: (e) => { if (e.target === e.currentTarget) close(); } },
    h("section", { class: "loading-card share-card", role: "dialog", "aria-modal": "true", "aria-labelledby": "share-title", testid: "share-dialog",
      onkeydown: (e) => { if (e.key === "Escape") { e.stopPropagation(); close(); } } },
    h("h2", { id: "share-title" }, t("share.title")),
    ui.code ? null : h("p", { role: "status" }, ui.note || t("share.making")),
    ui.code ? [
      h("label", { for: "share-link", class: "field-label", key: "l1" }, t("share.link_label")),
      h("p", { class: "muted", key: "l2" }, t("share.link_help")),
      h("div", { class: "share-row", key: "l3" },
        h("input", { id: "share-link", type: "text", readonly: true, value: link, testid: "share-link", onfocus: (e) => e.target.select() }),
        h("button", { type: "button", class: "btn", testid: "share-copy-link", onclick: async () => { ui.note = await copy(link, t("share.what_link")); redraw(); } }, t("share.copy"))),
      h("fieldset", { class: "share-choices", key: "f1" }, h("legend", {}, t("share.reader_sees")),
        radio("view", "seat", view, t("share.view_seat", { name: session.name(seat) }), (v) => { ui.view = v; }),
        radio("view", "open", view, t("share.view_open"), (v) => { ui.view = v; })),
      h("fieldset", { class: "share-choices", key: "f2" }, h("legend", {}, t("share.reader_does")),
        radio("mode", "view", mode, t("share.mode_view"), (v) => { ui.mode = v; }),
        radio("mode", "play", mode, t("share.mode_play"), (v) => { ui.mode = v; })),
      h("label", { for: "share-embed", class: "field-label", key: "e1" }, t("share.embed_label")),
      h("textarea", { id: "share-embed", readonly: true, rows: 4, value: snippet, testid: "share-embed", key: "e2", onfocus: (e) => e.target.select() }),
      h("div", { class: "row-buttons", key: "e3" },
        h("button", { type: "button", class: "btn", testid: "share-copy-embed", onclick: async () => { ui.note = await copy(snippet, t("share.what_embed")); redraw(); } }, t("share.copy_embed")),
        h("a", { class: "btn ghost", href: link, target: "_blank", rel: "noopener", testid: "share-try" }, t("share.try_link"))),
      h("p", { class: "muted", role: "status", testid: "share-note", key: "n" }, ui.note || ""),
    ] : null,
    h("div", { class: "row-buttons" },
      h("button", { type: "button", class: "btn primary", testid: "share-close", onclick: close }, t("share.close")))))];
}
