// Mars for Ares Expedition: the temperature and oxygen tracks with their colour zones and the 9 ocean tiles, drawn
// from the engine's view (view.table.mars). A track at its maximum says so; step bonuses sit on the track.
import { h } from "../../ui/dom.js";
import { t } from "../../i18n.js";
import { textNodes, textString } from "../../ui/text.js";

const ZONES = ["purple", "red", "yellow", "white"];

function zoneOfStep(track, step) {
  for (const z of track.zones || []) if (step >= z.from_step && step <= z.to_step) return z.zone;
  return track.zone || "purple";
}

/** One track as a row of cells, one per step, coloured by zone, the current step marked. */
function trackSvg(snap, key, track, unit) {
  const steps = track.max;
  const w = 100 / (steps + 1);
  const cells = [];
  for (let s = 0; s <= steps; s++) {
    const value = key === "temperature" ? -30 + 2 * s : s;
    const zone = track.zones ? zoneAt(track.zones, value) : zoneOfStep(track, s);
    cells.push(h("rect", { key: s, x: `${s * w}%`, y: "0", width: `${w}%`, height: "100%", class: [`zone-${zone}`, s === track.steps ? "current" : null, s < track.steps ? "passed" : null] }));
  }
  const marker = h("rect", { x: `${track.steps * w}%`, y: "0", width: `${w}%`, height: "100%", class: "track-marker" });
  const bonusMarks = (track.bonuses || []).map((b, i) => {
    const s = key === "temperature" ? (b.at + 30) / 2 : b.at;
    return h("circle", { key: `b${i}`, cx: `${(s + 0.5) * w}%`, cy: "50%", r: "3", class: "track-bonus" });
  });
  const label = t(`aresui.mars.${key}_aria`, { value: track.value, zone: t(`aresui.zone.${track.zone}`), max: key === "temperature" ? 8 : 14 });
  return h("svg", { class: "track-svg", role: "img", "aria-label": label, preserveAspectRatio: "none", viewBox: "0 0 100 10" },
    cells, marker, bonusMarks);
}

function zoneAt(zones, value) {
  for (const z of zones) if (value >= z.from && value <= z.to) return z.zone;
  return ZONES[0];
}

function trackRow(snap, key, track, unit) {
  if (!track) return null;
  return h("div", { class: ["mars-track", `track-${key}`, track.maxed ? "maxed" : null], testid: `track-${key}` },
    h("div", { class: "track-head" },
      h("span", { class: "track-name" }, t(`aresui.mars.${key}`)),
      h("span", { class: `track-value zone-text-${track.zone}` }, t(`aresui.mars.${key}_value`, { value: track.value })),
      h("span", { class: `zone-chip zone-${track.zone}` }, t(`aresui.zone.${track.zone}`)),
      track.maxed ? h("span", { class: "maxed-chip", testid: `${key}-maxed` }, t("aresui.mars.maxed")) : null),
    trackSvg(snap, key, track, unit),
    (track.bonuses || []).length ? h("ul", { class: "track-bonuses" }, track.bonuses.map((b, i) => h("li", { key: i },
      t(`aresui.mars.${key}_value`, { value: b.at }), ": ", textNodes(snap, b.text, { where: `bonus${key}${i}` })))) : null);
}

function oceans(snap, o) {
  if (!o) return null;
  const tiles = o.tiles || Array.from({ length: o.max || 9 }, (_, i) => ({ slot: i + 1, flipped: i < o.flipped, reward: null }));
  return h("div", { class: ["mars-oceans", o.maxed ? "maxed" : null], testid: "oceans" },
    h("div", { class: "track-head" },
      h("span", { class: "track-name" }, t("aresui.mars.oceans")),
      h("span", { class: "track-value" }, t("aresui.mars.oceans_value", { n: o.flipped, max: o.max || 9 })),
      o.maxed ? h("span", { class: "maxed-chip", testid: "oceans-maxed" }, t("aresui.mars.maxed")) : null),
    h("ol", { class: "ocean-grid" }, tiles.map((tile) => h("li", {
      key: tile.slot, class: ["ocean-tile", tile.flipped ? "flipped" : "down"], testid: `ocean-${tile.slot}`,
    },
    tile.flipped
      ? [h("span", { class: "visually-hidden" }, t("aresui.mars.ocean_flipped")), tile.reward ? textNodes(snap, tile.reward, { where: `ocean${tile.slot}` }) : t("aresui.mars.no_reward")]
      : h("span", { "aria-label": t("aresui.mars.ocean_down") }, "?")))),
    (o.rewards_left || []).length ? h("p", { class: "ocean-left muted" }, t("aresui.mars.rewards_left"), " ",
      o.rewards_left.map((r, i) => [i ? ", " : "", textString(snap, r)])) : null);
}

/** The Mars panel; `mars` is view.table.mars (or built from view.params when the table is missing). */
export function marsPanel(snap, mars) {
  return h("section", { class: "panel mars", testid: "mars", "aria-labelledby": "mars-title" },
    h("h2", { id: "mars-title", class: "section-title" }, t("aresui.mars.title")),
    trackRow(snap, "temperature", mars.temperature, "°C"),
    trackRow(snap, "oxygen", mars.oxygen, "%"),
    oceans(snap, mars.oceans));
}

/** A Mars block from the older view fields, for views without a table block. */
export function marsFromParams(view) {
  const p = view.params || {};
  const track = (key) => p[key] && ({
    steps: p[key].steps, max: p[key].max, zone: p[key].zone || "purple", maxed: p[key].steps >= p[key].max,
    value: key === "temperature" ? -30 + 2 * p[key].steps : p[key].steps,
  });
  return {
    temperature: track("temperature"), oxygen: track("oxygen"),
    oceans: p.ocean ? { flipped: p.ocean.steps, max: p.ocean.max, maxed: p.ocean.steps >= p.ocean.max } : null,
  };
}
