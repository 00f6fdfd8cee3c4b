// Card faces drawn with CSS + inline SVG: cost shape, name, world colour, icons, VP/income lines, power text.
import { h } from "./dom.js";
import { cardInfo, cardTooltip, typeOf } from "./catalog.js";

const COLOUR_NAMES = { blue: "Novelty (blue)", brown: "Rare elements (brown)", tan: "Rare elements (brown)", green: "Genes (green)", yellow: "Alien technology (yellow)", gray: "No good (gray)", grey: "No good (gray)" };

function costBadge(c) {
  if (c.kind === "development") {
    return h("svg", { class: "cost cost-dev", viewBox: "0 0 32 32", "aria-label": `cost ${c.cost ?? "?"}`, role: "img" },
      h("polygon", { points: "16,2 30,16 16,30 2,16", class: "cost-shape" }),
      h("text", { x: "16", y: "21", "text-anchor": "middle", class: "cost-num" }, String(c.cost ?? "?")));
  }
  if (c.military) {
    return h("svg", { class: "cost cost-mil", viewBox: "0 0 32 32", "aria-label": `defense ${c.defense ?? "?"}`, role: "img" },
      h("circle", { cx: "16", cy: "16", r: "13", class: "cost-shape" }),
      h("text", { x: "16", y: "21", "text-anchor": "middle", class: "cost-num" }, String(c.defense ?? "?")));
  }
  return h("svg", { class: "cost cost-world", viewBox: "0 0 32 32", "aria-label": `cost ${c.cost ?? "?"}`, role: "img" },
    h("circle", { cx: "16", cy: "16", r: "13", class: "cost-shape" }),
    h("text", { x: "16", y: "21", "text-anchor": "middle", class: "cost-num" }, String(c.cost ?? "?")));
}

function planet(c) {
  if (c.kind !== "world") return null;
  const col = c.colour || "gray";
  // The moon's position also encodes the colour, so the colour is not the only cue.
  const moon = { blue: [25, 7], brown: [7, 7], tan: [7, 7], green: [25, 25], yellow: [7, 25] }[col] || null;
  return h("svg", { class: `planet planet-${col}`, viewBox: "0 0 32 32", role: "img", "aria-label": COLOUR_NAMES[col] || col },
    h("title", {}, COLOUR_NAMES[col] || col),
    h("circle", { cx: "16", cy: "16", r: "10", class: "planet-body" }),
    moon ? h("circle", { cx: String(moon[0]), cy: String(moon[1]), r: "3", class: "planet-moon" }) : null);
}

export function eyeIcon() {
  return h("svg", { class: "icon icon-eye", viewBox: "0 0 24 16", role: "img", "aria-label": "explore" },
    h("title", {}, "explore"),
    h("path", { d: "M1 8 Q12 -3 23 8 Q12 19 1 8 Z", class: "eye-white" }),
    h("circle", { cx: "12", cy: "8", r: "3.5", class: "eye-pupil" }));
}

export function militaryIcon(n = 1) {
  return h("span", { class: "icon icon-mil", title: "military", "aria-label": `+${n} military` }, `+${n}`);
}

export function chromosomeIcon() {
  return h("svg", { class: "icon icon-dna", viewBox: "0 0 16 16", role: "img", "aria-label": "chromosome" },
    h("title", {}, "chromosome"),
    h("path", { d: "M3 2 L13 14 M13 2 L3 14", class: "dna-stroke" }));
}

function icons(c) {
  const out = [];
  for (let i = 0; i < c.eyes; i++) out.push(eyeIcon());
  if (c.militaryIcons) out.push(militaryIcon(c.militaryIcons));
  for (let i = 0; i < c.chromosomes; i++) out.push(chromosomeIcon());
  return out.length ? h("div", { class: "card-icons" }, out) : h("div", { class: "card-icons empty" });
}

/**
 * One card face. opts: {instance, testid, selected, disabled, reason, costLine, vpNow, incomeNow, small, onClick, badge}
 */
export function cardFace(game, typeOrInstance, opts = {}) {
  const typeId = opts.type || typeOf(typeOrInstance);
  const c = cardInfo(game, typeId);
  const kindClass = c.kind === "development" ? "dev" : c.military ? "mil-world" : c.kind === "world" ? "world" : "other";
  const classes = ["card", `card-${kindClass}`, c.colour ? `colour-${c.colour}` : null,
    opts.selected ? "selected" : null, opts.disabled ? "disabled" : null, opts.small ? "small" : null,
    opts.onClick ? "clickable" : null, opts.extraClass || null];
  let tip = cardTooltip(game, typeId);
  if (opts.reason) tip += `\nCannot play now: ${opts.reason}`;
  const tag = opts.onClick ? "button" : "div";
  const el = h(tag, {
    class: classes,
    title: tip,
    testid: opts.testid || null,
    type: tag === "button" ? "button" : null,
    "aria-pressed": opts.onClick ? String(Boolean(opts.selected)) : null,
    "aria-label": opts.onClick ? `${c.name}${opts.reason ? " (cannot play: " + opts.reason + ")" : ""}` : null,
    dataset: { card: typeId, id: typeOrInstance, kind: c.kind, military: c.military ? "1" : "0", playable: opts.disabled ? "0" : "1" },
    onclick: opts.onClick ? (ev) => { ev.preventDefault(); opts.onClick(); } : null,
  },
  h("div", { class: "card-top" }, costBadge(c), h("div", { class: "card-name" }, c.name), planet(c)),
  icons(c),
  opts.small ? null : h("div", { class: "card-text" }, c.text || (c.known ? "" : "(card details unavailable)")),
  h("div", { class: "card-lines" },
    h("div", { class: "line-vp", title: "VP each round" }, h("span", { class: "chip chip-vp" }, "VP"), ` ${c.vp}`, c.vpText ? h("span", { class: "bonus" }, ` + ${c.vpText}`) : null),
    h("div", { class: "line-income", title: "Cards drawn each round" }, h("span", { class: "chip chip-income" }, "$"), ` ${c.income}`, c.incomeText ? h("span", { class: "bonus" }, ` + ${c.incomeText}`) : null)),
  c.origin === "stand-in" ? h("div", { class: "badge-standin", title: "Stand-in card: our own placeholder design" }, "stand-in") : null,
  (opts.vpNow !== undefined || opts.incomeNow !== undefined)
    ? h("div", { class: "card-now", title: "This round: VP scored and cards of income" },
      h("span", { class: "now-vp", testid: opts.testid ? `${opts.testid}-vp` : null }, `${opts.vpNow ?? 0} VP`),
      h("span", { class: "now-income" }, `+${opts.incomeNow ?? 0} $`))
    : null,
  opts.costLine ? h("div", { class: "card-cost-line" }, opts.costLine) : null,
  opts.reason ? h("div", { class: "card-reason" }, opts.reason) : null,
  opts.badge ? h("div", { class: "card-badge" }, opts.badge) : null);
  return el;
}
