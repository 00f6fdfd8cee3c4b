// The game log: engine texts drawn from the catalog, newest first, keyed by sequence number so a re-render only
// adds the new lines. The region is focusable, so keyboard players can scroll it.
import { h } from "./dom.js";
import { t } from "../i18n.js";
import { textNodes } from "./text.js";

export function logPanel(snapshot, { testid = "log", newestFirst = true, title = null } = {}) {
  const entries = [...(snapshot.log || [])];
  if (newestFirst) entries.reverse();
  return h("section", { class: "log-panel", "aria-labelledby": `${testid}-title` },
    h("h2", { class: "log-title", id: `${testid}-title` }, title || t("log.title")),
    h("div", { class: "log-scroll", testid, role: "log", tabindex: "0", "aria-labelledby": `${testid}-title` },
      h("ol", { class: "log", reversed: newestFirst ? true : null },
        entries.map((e) => h("li", { class: "log-entry", key: e.seq, dataset: { seq: e.seq } }, textNodes(snapshot, e, { where: `log${e.seq}` }))))));
}
