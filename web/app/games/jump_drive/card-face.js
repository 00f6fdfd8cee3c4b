// Jump Drive card faces drawn with CSS and inline SVG: cost shape, name, world colour, icons, VP and income lines,
// the power text. A face is one button: it selects (hand) or opens the card's full text (tableau, reveal); a
// selectable face has a separate "i" button for the text, and a long press opens it too.
import { h } from "../../ui/dom.js";
import { t } from "../../i18n.js";
import { cardInfo, kindLine } from "./cards.js";
import { typeOf } from "../../ui/catalog.js";
import { cardInfoButton, longPressProps, openCard } from "../../ui/popover.js";

const GAME = "jump_drive";

function costBadge(c) {
  const label = c.military ? t("jdui.face.defense_n", { n: c.defense ?? "?" }) : t("jdui.face.cost_n", { n: c.cost ?? "?" });
  const shape = c.kind === "development"
    ? h("polygon", { points: "16,2 30,16 16,30 2,16", class: "cost-shape" })
    : h("circle", { cx: "16", cy: "16", r: "13", class: "cost-shape" });
  return h("svg", { class: ["cost", c.kind === "development" ? "cost-dev" : c.military ? "cost-mil" : "cost-world"], viewBox: "0 0 32 32", "aria-label": label, role: "img" },
    shape,
    h("text", { x: "16", y: "21", "text-anchor": "middle", class: "cost-num" }, String(c.military ? c.defense ?? "?" : c.cost ?? "?")));
}

function planet(c) {
  if (c.kind !== "world") return null;
  const col = c.colour || "gray";
  // The moon's position also encodes the colour, so colour is never the only cue.
  const moon = { blue: [25, 7], brown: [7, 7], tan: [7, 7], green: [25, 25], yellow: [7, 25] }[col] || null;
  const name = t(`jdui.face.colour_long.${col}`);
  return h("svg", { class: `planet planet-${col}`, viewBox: "0 0 32 32", role: "img", "aria-label": name },
    h("circle", { cx: "16", cy: "16", r: "10", class: "planet-body" }),
    moon ? h("circle", { cx: String(moon[0]), cy: String(moon[1]), r: "3", class: "planet-moon" }) : null);
}

export function eyeIcon() {
  return h("svg", { class: "icon icon-eye", viewBox: "0 0 24 16", role: "img", "aria-label": t("jd.face.icon.explore") },
    h("path", { d: "M1 8 Q12 -3 23 8 Q12 19 1 8 Z", class: "eye-white" }),
    h("circle", { cx: "12", cy: "8", r: "3.5", class: "eye-pupil" }));
}

/** Income in Jump Drive is cards drawn: a small stack of two cards, named for screen readers. */
export function incomeIcon() {
  return h("svg", { class: "icon icon-income", viewBox: "0 0 20 16", role: "img", "aria-label": t("jdui.face.income_label") },
    h("rect", { x: "2", y: "3", width: "9", height: "12", rx: "1.5", class: "income-back" }),
    h("rect", { x: "8", y: "1", width: "9", height: "12", rx: "1.5", class: "income-front" }));
}

export function militaryIcon(n = 1) {
  return h("span", { class: "icon icon-mil", role: "img", "aria-label": t("jd.face.military_plus", { n }) }, `+${n}`);
}

export function chromosomeIcon() {
  return h("svg", { class: "icon icon-dna", viewBox: "0 0 16 16", role: "img", "aria-label": t("jd.face.icon.chromosome") },
    h("path", { d: "M3 2 L13 14 M13 2 L3 14", class: "dna-stroke" }));
}

function icons(c) {
  const out = [];
  for (let i = 0; i < c.eyes; i++) out.push(eyeIcon());
  if (c.militaryIcons) out.push(militaryIcon(c.militaryIcons));
  for (let i = 0; i < c.chromosomes; i++) out.push(chromosomeIcon());
  return h("div", { class: ["card-icons", out.length ? null : "empty"] }, out);
}

/** The face's inner content (no interactive elements, so it can sit inside a button). */
function faceContent(c, opts) {
  const status = opts.onSelect ? (opts.disabled ? t("card.a11y.not_playable_short") : t("card.a11y.playable")) : null;
  return [
    status ? h("span", { class: "visually-hidden" }, `${status}. `) : null,
    h("div", { class: "card-top" }, costBadge(c), h("div", { class: "card-name" }, c.name), planet(c)),
    icons(c),
    opts.small ? null : h("div", { class: ["card-text", opts.full ? "full" : null] }, c.text || (c.known ? "" : t("card.details_unavailable"))),
    h("div", { class: "card-lines" },
      // A bonus text starts with its own sign ("+1 per Blue world"): printed after the base, as on the card.
      h("div", { class: "line-vp" }, h("span", { class: "chip chip-vp" }, t("jdui.face.vp_chip")), ` ${c.vp}`, c.vpText ? h("span", { class: "bonus" }, ` ${c.vpText}`) : null),
      h("div", { class: "line-income" }, incomeIcon(), ` ${c.income}`, c.incomeText ? h("span", { class: "bonus" }, ` ${c.incomeText}`) : null)),
    opts.full && (c.militaryText || c.discountText) ? h("div", { class: "card-extra" }, [c.militaryText, c.discountText].filter(Boolean).join(" · ")) : null,
    c.origin === "stand-in" ? h("div", { class: "badge-standin" }, t("card.stand_in")) : null,
    (opts.vpNow !== undefined || opts.incomeNow !== undefined)
      ? h("div", { class: "card-now" },
        h("span", { class: "now-vp", testid: opts.testid ? `${opts.testid}-vp` : null }, t("jdui.face.now_vp", { n: opts.vpNow ?? 0 })),
        h("span", { class: "now-income" }, t("jdui.face.now_income", { n: opts.incomeNow ?? 0 })))
      : null,
    opts.costLine ? h("div", { class: "card-cost-line" }, opts.costLine) : null,
    opts.reason ? h("div", { class: "card-reason" }, opts.reason) : null,
    opts.isNew ? h("div", { class: "card-new-badge" }, t("jdui.hand.new")) : null,
  ];
}

/**
 * One card face. opts: {type, testid, selected, disabled, reason, costLine, vpNow, incomeNow, small, full, isNew,
 * onSelect (the face selects; an "i" button opens the text), extraClass, key}
 */
export function cardFace(instance, opts = {}) {
  const typeId = opts.type || typeOf(GAME, instance);
  const c = cardInfo(typeId);
  const kindClass = c.kind === "development" ? "dev" : c.military ? "mil-world" : c.kind === "world" ? "world" : "other";
  const classes = ["card", `card-${kindClass}`, c.colour ? `colour-${c.colour}` : null,
    opts.selected ? "selected" : null, opts.disabled ? "disabled" : null, opts.small ? "small" : null,
    opts.onSelect ? "selectable" : null, opts.isNew ? "new" : null, opts.extraClass || null];
  const data = { card: typeId, id: instance, kind: c.kind, military: c.military ? "1" : "0", playable: opts.disabled ? "0" : "1" };
  if (opts.extraClass === "discarding") data.stamp = t("jdui.hand.discard_stamp"); // drawn by CSS, above the card
  if (opts.full) return h("div", { class: classes.concat("popover-card"), dataset: data }, faceContent(c, opts));
  if (opts.onSelect) {
    return h("div", { class: classes, testid: opts.testid || null, dataset: data, key: opts.key ?? instance },
      h("button", {
        type: "button", class: "card-hit", "aria-pressed": String(Boolean(opts.selected)), "aria-keyshortcuts": "I",
        "data-legal": opts.disabled ? null : "", dataset: { hit: instance, popoverKey: `face:${instance}` },
        onclick: (ev) => { ev.preventDefault(); opts.onSelect(); },
        onkeydown: (ev) => { if (ev.key === "i" || ev.key === "I") { ev.preventDefault(); openCard(GAME, typeId, ev.currentTarget); } },
        ...longPressProps(GAME, typeId),
      }, faceContent(c, opts)),
      cardInfoButton(GAME, typeId, c.name, { testid: opts.testid ? `${opts.testid}-info` : null }));
  }
  return h("button", {
    type: "button", class: classes.concat("card-hit-whole"), testid: opts.testid || null, dataset: { ...data, popoverKey: `face:${instance}` },
    key: opts.key ?? instance, "aria-haspopup": "dialog",
    onclick: (ev) => { ev.preventDefault(); openCard(GAME, typeId, ev.currentTarget); },
  }, faceContent(c, opts));
}

/** The popover's content for a Jump Drive card: the full face, every line in words. */
export function jdCardContent(game, id) {
  const c = cardInfo(typeOf(GAME, id));
  return h("div", { class: "popover-card-wrap" },
    h("p", { class: "popover-card-kind" }, kindLine(c)),
    cardFace(id, { full: true }));
}
