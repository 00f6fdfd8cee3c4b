// The game log: engine texts drawn from the catalog, oldest first in every game (the box follows the newest line
// unless the player scrolled up), with round and phase lines drawn as headers. Lines are keyed by their number, which
// the engine keeps stable, so a re-render only appends. The region is focusable, so keyboard players can scroll it.
import { h } from "./dom.js";
import { t } from "../i18n.js";
import { textNodes } from "./text.js";

/**
 * The log panel. newestFirst: newest line on top; otherwise (every game's table) oldest first, in a box that follows
 * the newest line (main.js keeps it scrolled to the bottom unless the player scrolled up). A line the engine marks
 * as opening a round or a phase (entry.kind "round" or "phase") is drawn as a separator; headers(entry) names more.
 */
export function logPanel(snapshot, { testid = "log", newestFirst = false, title = null, headers = null } = {}) {
  const entries = [...(snapshot.log || [])];
  if (newestFirst) entries.reverse();
  return h("section", { class: "log-panel", "aria-labelledby": `${testid}-title` },
    h("h2", { class: "log-title", id: `${testid}-title` }, title || t("log.title")),
    h("div", {
      class: "log-scroll", testid, role: "log", tabindex: "0", "aria-labelledby": `${testid}-title`,
      "data-follow": newestFirst ? null : "1",
      onscroll: newestFirst ? null : (e) => {
        const el = e.currentTarget;
        el.dataset.pinned = el.scrollHeight - el.scrollTop - el.clientHeight < 40 ? "1" : "0";
      },
    },
      h("ol", { class: "log", reversed: newestFirst ? true : null },
        entries.map((e) => h("li", {
          class: ["log-entry", e.kind ? `log-header log-${e.kind}` : headers && headers(e) ? "log-header" : null],
          key: e.seq, dataset: { seq: e.seq },
        },
          textNodes(snapshot, e, { where: `log${e.seq}` }))))));
}
