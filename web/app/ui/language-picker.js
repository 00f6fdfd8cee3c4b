// The language picker: one <select> of the languages this build ships, each named in itself, on the home screen and
// in the game bar. Picking one switches the page at once (an open game stays as it is) and is remembered.
import { h } from "./dom.js";
import { t } from "../i18n.js";
import { languages, PSEUDO_LANGUAGES } from "../language.js";

/**
 * The picker for the current language `current`; `onPick(code)` runs on a change. `compact` hides its label from
 * sight (the game bar; screen readers still read it). Null when the build ships one language only.
 */
export function languagePicker({ id, current, onPick, compact = false }) {
  const list = languages();
  if (list.length < 2) return null;
  const options = list.map((l) => h("option", { value: l.code, lang: l.code, selected: l.code === current, key: l.code }, l.name));
  if (PSEUDO_LANGUAGES.includes(current)) {
    options.push(h("option", { value: current, selected: true, key: current }, t("app.language_test")));
  }
  return h("div", { class: ["lang-picker", compact ? "compact" : null], testid: "lang-picker" },
    h("label", { for: id, class: compact ? "visually-hidden" : null }, t("app.language")),
    h("select", { id, testid: "lang-select", onchange: (e) => onPick(e.target.value) }, options));
}
