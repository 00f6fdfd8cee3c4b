// The Beyond the Sun star map: Sol, Deep Space, the shipyards and the systems drawn as a graph in SVG, each at the
// place view.table.map gives it (table_view.py MAP_LAYOUT), with the links between them as lines. A node shows its
// name, the ships of each player (a shape and the player's initial beside their colour, levels I-IIII and counts),
// who controls it, the strength it takes to colonize it and each player's strength there. The viewer's ships that
// can act are buttons; once one is selected, the places its legal jumps reach light up as arcs and as buttons
// (data-legal); so do the places the viewer may build at. The same facts stay readable as a list ("Map as a list")
// for screen readers and anyone who prefers text. On a phone the map is a scrollable, zoomable panel. It draws what
// the engine says and picks among decision.actions; it never decides what is legal.
import { h } from "../../ui/dom.js";
import { t } from "../../i18n.js";
import { seatName, textNodes, textString } from "../../ui/text.js";
import { cardRef, helpButton, openCard, openHelp } from "../../ui/popover.js";
import { cardName } from "../../ui/catalog.js";

const GAME = "beyond_the_sun";
const txt = (snap, v, where) => (v && typeof v === "object" ? textNodes(snap, v, { where }) : v ?? "");
const str = (snap, v) => (v && typeof v === "object" ? textString(snap, v) : String(v ?? ""));

// Sizes in the map's own units (the view is about 1200 wide; on a phone it is drawn at least MIN_PX wide, so a
// ship button, CHIP_H tall, stays at least 24 px).
const NODE_W = 248;
const PAD = 10;
const NAME_H = 30;
const SUB_H = 22;
const CONTROL_H = 28;
const ROW_H = 44;
const CHIP_H = 38;
const MARK_R = 15;
const INFO_R = 19;
const MARGIN = 26;
export const ZOOMS = [1, 1.25, 1.5, 2];
const LIST_KINDS = ["sol", "deep", "shipyard"];

/** A ship level as the board prints it: I, II, III, IIII. */
export function roman(level) {
  return t(`bts.term.level.${level}`);
}

let locNames = new Map();

/** A location's name (Text JSON) as the map lists it, or its id before the map was drawn. */
export function locName(id) {
  return locNames.get(id) || id;
}

export function selectedShip(tb, ui) {
  if (!ui.ship) return null;
  return (tb.ships || []).find((s) => `${s.at}:${s.level}` === ui.ship) || null;
}

export function shipHint(snap, ship, legal) {
  const moves = (ship.moves || []).filter((m) => legal.has(m.a));
  const where = str(snap, locName(ship.at));
  const goes = moves.some((m) => m.to);
  const acts = moves.some((m) => !m.to);
  const key = goes && acts ? "btsui.ship_selected_both" : goes ? "btsui.ship_selected_jump" : "btsui.ship_selected_act";
  return t(key, { level: roman(ship.level), at: where });
}

// ------------------------------------------------------------------------------------------------ seats

/** Each seat's short tag for its markers: the first letter of its name, with a digit or the seat number when two
 * names start alike ("You", "B2", "B3"). Colour is never the only cue: the tag and the marker's shape say it too. */
function seatTags(snap) {
  const n = (snap.seats || []).length;
  const names = Array.from({ length: n }, (_, s) => seatName(snap, s));
  const first = names.map((nm) => (Array.from(nm.trim())[0] || "?").toUpperCase());
  return names.map((nm, s) => {
    if (first.filter((x) => x === first[s]).length < 2) return t("btsui.map.seat_tag", { tag: first[s] });
    const digit = nm.match(/(\d)\s*$/);
    return t("btsui.map.seat_tag", { tag: `${first[s]}${digit ? digit[1] : s + 1}` });
  });
}

/** A seat's marker: circle, square, diamond or triangle (by seat), in its colour, with its tag inside. */
function marker(seat, tag, x, y, r = MARK_R) {
  const k = seat % 4;
  const shape = k === 0 ? h("circle", { cx: x, cy: y, r })
    : k === 1 ? h("rect", { x: x - r * 0.9, y: y - r * 0.9, width: r * 1.8, height: r * 1.8, rx: 3 })
    : k === 2 ? h("path", { d: `M${x} ${y - r * 1.25}L${x + r * 1.25} ${y}L${x} ${y + r * 1.25}L${x - r * 1.25} ${y}Z` })
    : h("path", { d: `M${x} ${y - r * 1.3}L${x + r * 1.3} ${y + r * 0.95}L${x - r * 1.3} ${y + r * 0.95}Z` });
  const ty = k === 3 ? y + r * 0.5 : y + r * 0.36;
  const fs = tag.length > 1 ? r * 0.8 : r;
  return h("g", { class: `mark seat-${seat % 4}` }, shape,
    h("text", { x, y: ty, "text-anchor": "middle", "font-size": fs, class: "mark-tag" }, tag));
}

// ------------------------------------------------------------------------------------------------ measuring

// A rough width of a text in the map's units (bold Latin text averages about 0.6 em): enough to lay out chips and
// to squeeze a long name into its node with textLength.
const textWidth = (s, size) => Array.from(String(s)).length * size * 0.6;

/** A player's name cut to the room it has in a node ("Alexandr…"): names are the players' own, of any length. */
function fit(name, size, room) {
  const chars = Array.from(String(name));
  if (textWidth(name, size) * 0.92 <= room) return name;
  const keep = Math.max(1, Math.floor(room / (size * 0.6 * 0.92)) - 1);
  return `${chars.slice(0, keep).join("")}…`;
}

/** The node's content, measured: its rows (one per seat with ships there), their chips, and its height. */
function measure(snap, l, tags, viewer, myShips) {
  const bySeat = new Map();
  for (const s of l.ships || []) bySeat.set(s.seat, [...(bySeat.get(s.seat) || []), s]);
  const rows = [];
  for (const [seat, list] of [...bySeat.entries()].sort((a, b) => a[0] - b[0])) {
    const strength = (l.strength || {})[String(seat)] ?? 0;
    const strText = t("btsui.map.strength", { n: strength });
    const room = NODE_W - 2 * PAD - 2 * MARK_R - 10 - textWidth(strText, 15) * 0.9 - 6;
    const chips = [];
    let x = 0;
    let line = 0;
    for (const s of list.sort((a, b) => a.level - b.level)) {
      const label = t("btsui.map.ship_chip", { level: roman(s.level), n: s.n });
      const w = textWidth(label, 16) + 14;
      if (x > 0 && x + w > room) { x = 0; line += 1; }
      const key = `${l.id}:${s.level}`;
      chips.push({ ...s, label, w, x, line, key, mine: seat === viewer && myShips.has(key) });
      x += w + 5;
    }
    rows.push({ seat, tag: tags[seat] || "?", strength, strText, chips, lines: line + 1 });
  }
  const sub = l.kind === "system";
  const controlled = l.controller !== null && l.controller !== undefined;
  const height = PAD + NAME_H + (sub ? SUB_H : 0) + (controlled ? CONTROL_H : 0)
    + rows.reduce((n, r) => n + r.lines * ROW_H, 0) + PAD;
  return { rows, sub, controlled, w: NODE_W, h: Math.max(height, 76) };
}

/** Where the straight line from a box's centre towards (tx, ty) leaves the box (plus a small gap). */
function edgePoint(box, tx, ty, gap = 6) {
  const dx = tx - box.x;
  const dy = ty - box.y;
  const hw = box.w / 2 + gap;
  const hh = box.h / 2 + gap;
  const k = Math.min(dx ? hw / Math.abs(dx) : Infinity, dy ? hh / Math.abs(dy) : Infinity);
  return [box.x + dx * k, box.y + dy * k];
}

/** A jump arc: a gentle curve from the ship's place to a target, ending in an arrowhead at the target's edge. */
function arcPath(from, to) {
  const [x1, y1] = edgePoint(from, to.x, to.y);
  const [x2, y2] = edgePoint(to, from.x, from.y, 10);
  const mx = (x1 + x2) / 2;
  const my = (y1 + y2) / 2;
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const bend = Math.min(60, len * 0.18);
  const cx = mx + ((y2 - y1) / len) * bend;
  const cy = my - ((x2 - x1) / len) * bend;
  return `M${x1.toFixed(1)} ${y1.toFixed(1)}Q${cx.toFixed(1)} ${cy.toFixed(1)} ${x2.toFixed(1)} ${y2.toFixed(1)}`;
}

/** Enter and Space press an SVG button as they press an HTML one (and Enter goes no further: the page's Enter
 * shortcut, Confirm, is for when no control has focus). */
const pressKeys = (run) => (ev) => {
  if (ev.key === "Enter" || ev.key === " " || ev.key === "Spacebar") { ev.preventDefault(); ev.stopPropagation(); run(ev); }
};

/** The props of a focusable SVG element that acts as a button. */
function svgButton(label, run, extra = {}) {
  return { role: "button", tabindex: "0", "aria-label": label, onclick: run, onkeydown: pressKeys(run), ...extra };
}

// ------------------------------------------------------------------------------------------------ the map

export function starMap(snap, tb, legal, ui, rerender) {
  const locs = (tb.map && tb.map.locations) || [];
  if (!locs.length) return null;
  locNames = new Map(locs.map((l) => [l.id, l.name]));
  const ship = selectedShip(tb, ui);
  const targets = new Map();
  if (ship) for (const m of ship.moves || []) if (m.to && legal.has(m.a)) targets.set(m.to, [...(targets.get(m.to) || []), m]);
  const builds = new Map();
  for (const b of tb.build || []) if (legal.has(b.a)) builds.set(b.at, [...(builds.get(b.at) || []), b]);
  const myShips = new Map((tb.ships || []).filter((s) => (s.moves || []).some((m) => legal.has(m.a))).map((s) => [`${s.at}:${s.level}`, s]));
  const tags = seatTags(snap);
  const zoom = ZOOMS.includes(ui.mapZoom) ? ui.mapZoom : 1;
  const setZoom = (z) => {
    const el = document.querySelector("[data-testid=map-scroll]");
    const at = el ? [(el.scrollLeft + el.clientWidth / 2) / el.scrollWidth, (el.scrollTop + el.clientHeight / 2) / el.scrollHeight] : null;
    ui.mapZoom = z;
    rerender();
    // Zooming keeps the middle of what was in view in the middle.
    if (el && at) requestAnimationFrame(() => {
      el.scrollLeft = at[0] * el.scrollWidth - el.clientWidth / 2;
      el.scrollTop = at[1] * el.scrollHeight - el.clientHeight / 2;
    });
  };
  const zi = ZOOMS.indexOf(zoom);
  const seats = (snap.seats || []).map((_, s) => s);
  const selectedHere = ship ? ship : null;
  return h("section", { class: "panel bts-map", testid: "star-map", "aria-labelledby": "map-title" },
    h("div", { class: "map-head" },
      h("h2", { id: "map-title", class: "section-title" }, t("btsui.map_title"),
        helpButton(t("btsui.map_title"), t("btsui.map_help"), { key: "help:map" })),
      h("div", { class: "map-zoom", role: "group", "aria-label": t("btsui.map.zoom") },
        h("button", { type: "button", class: "btn small zoom-btn", testid: "map-zoom-out", "aria-label": t("btsui.map.zoom_out"),
          "aria-disabled": zi <= 0 ? "true" : null, onclick: () => { if (zi > 0) setZoom(ZOOMS[zi - 1]); } }, h("span", { "aria-hidden": "true" }, "−")),
        h("span", { class: "zoom-level", testid: "map-zoom-level", "aria-live": "polite" }, t("btsui.map.zoom_level", { pct: Math.round(zoom * 100) })),
        h("button", { type: "button", class: "btn small zoom-btn", testid: "map-zoom-in", "aria-label": t("btsui.map.zoom_in"),
          "aria-disabled": zi >= ZOOMS.length - 1 ? "true" : null, onclick: () => { if (zi < ZOOMS.length - 1) setZoom(ZOOMS[zi + 1]); } }, h("span", { "aria-hidden": "true" }, "+")))),
    selectedHere ? shipMoves(snap, selectedHere, legal, ui, rerender) : null,
    h("p", { class: "map-swipe muted" }, t("btsui.map.swipe")),
    h("div", { class: "map-scroll", testid: "map-scroll", role: "region", tabindex: "0", "aria-label": t("btsui.map.scroll_aria"), ref: centreOnce },
      mapSvg(snap, tb, locs, { ship, targets, builds, myShips, tags, legal, ui, rerender, zoom })),
    legend(snap, seats, tags, Boolean(ship) && targets.size > 0),
    h("details", { class: "map-list", testid: "map-list" },
      h("summary", {}, t("btsui.map.as_list")),
      mapList(snap, tb, locs)));
}

/** When the map first appears in a panel narrower than itself (a phone), it opens on its middle, where Sol is. */
function centreOnce(el) {
  if (!el || el.dataset.centred) return;
  el.dataset.centred = "1";
  if (el.scrollWidth > el.clientWidth) el.scrollLeft = (el.scrollWidth - el.clientWidth) / 2;
}

function mapSvg(snap, tb, locs, c) {
  const boxes = new Map();
  const measured = new Map();
  for (const l of locs) {
    const m = measure(snap, l, c.tags, snap.viewer, c.myShips);
    measured.set(l.id, m);
    boxes.set(l.id, { x: l.x ?? 0, y: l.y ?? 0, w: m.w, h: m.h });
  }
  let minX = Infinity; let minY = Infinity; let maxX = -Infinity; let maxY = -Infinity;
  for (const b of boxes.values()) {
    minX = Math.min(minX, b.x - b.w / 2); maxX = Math.max(maxX, b.x + b.w / 2);
    minY = Math.min(minY, b.y - b.h / 2); maxY = Math.max(maxY, b.y + b.h / 2);
  }
  const vx = Math.floor(minX - MARGIN);
  const vy = Math.floor(minY - MARGIN);
  const vw = Math.ceil(maxX - minX + 2 * MARGIN);
  const vh = Math.ceil(maxY - minY + 2 * MARGIN);
  const edges = [];
  const seen = new Set();
  for (const l of locs) for (const other of l.adjacent || []) {
    const key = [l.id, other].sort().join("~");
    if (seen.has(key) || !boxes.has(other)) continue;
    seen.add(key);
    const a = boxes.get(l.id);
    const b = boxes.get(other);
    edges.push(h("line", { key, x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "map-link" }));
  }
  const from = c.ship ? boxes.get(c.ship.at) : null;
  const arcs = from ? [...c.targets.entries()].filter(([to]) => boxes.has(to)).map(([to, moves]) => {
    const chosen = moves.some((m) => m.a === c.ui.chosen);
    return h("path", { key: `arc-${to}`, d: arcPath(from, boxes.get(to)), class: ["jump-arc", chosen ? "chosen" : null],
      "marker-end": chosen ? "url(#map-arrow-chosen)" : "url(#map-arrow)", testid: `arc-${to}` });
  }) : [];
  return h("svg", {
    class: "map-svg", testid: "map-svg", viewBox: `${vx} ${vy} ${vw} ${vh}`, role: "group", "aria-labelledby": "map-title",
    style: { "--map-zoom": String(c.zoom), "aspect-ratio": `${vw} / ${vh}` }, dataset: { zoom: c.zoom },
  },
  h("defs", { key: "defs" },
    h("marker", { id: "map-arrow", viewBox: "0 0 10 10", refX: 6, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" },
      h("path", { d: "M0 0L10 5L0 10Z", class: "arrow-head" })),
    h("marker", { id: "map-arrow-chosen", viewBox: "0 0 10 10", refX: 6, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" },
      h("path", { d: "M0 0L10 5L0 10Z", class: "arrow-head chosen" }))),
  h("g", { class: "map-links", "aria-hidden": "true", key: "links" }, edges),
  h("g", { class: "jump-arcs", "aria-hidden": "true", key: "arcs" }, arcs),
  h("g", { class: "map-nodes", key: "nodes" }, locs.map((l) => node(snap, l, boxes.get(l.id), measured.get(l.id), { ...c, boxes }))));
}

function node(snap, l, box, m, c) {
  const left = box.x - box.w / 2;
  const top = box.y - box.h / 2;
  const jumps = c.targets.get(l.id) || [];
  const builds = c.builds.get(l.id) || [];
  const isTarget = jumps.length > 0;
  const canBuild = !isTarget && builds.length > 0;
  const options = isTarget ? jumps : canBuild ? builds : [];
  const chosen = options.some((o) => o.a === c.ui.chosen);
  const shipHere = c.ship && c.ship.at === l.id;
  const name = l.card ? cardName(GAME, l.card) : l.kind === "system" ? t(l.empty ? "btsui.no_system_left" : "btsui.face_down") : str(snap, l.name);
  const nameRoom = box.w - 2 * PAD - 2 * INFO_R - 6;
  const nameW = textWidth(name, 20);
  let y = top + PAD + 22;
  const parts = [
    h("rect", { key: "bg", x: left, y: top, width: box.w, height: box.h, rx: 14, class: "node-bg" }),
    h("text", { key: "name", x: left + PAD, y, class: "node-name", "font-size": 20,
      textLength: nameW > nameRoom ? nameRoom : null, lengthAdjust: nameW > nameRoom ? "spacingAndGlyphs" : null }, name),
  ];
  y += NAME_H - 22;
  if (m.sub) {
    y += SUB_H - 4;
    parts.push(h("text", { key: "sub", x: left + PAD, y, class: "node-sub", "font-size": 16 }, str(snap, l.name)));
    if (l.colonize) parts.push(h("text", { key: "col", x: left + box.w - PAD, y, class: "node-colonize", "font-size": 16, "text-anchor": "end" }, t("btsui.colonize_n", { n: l.colonize })));
    y += 4;
  }
  if (m.controlled) {
    const cy = y + CONTROL_H / 2 + 1;
    const label = t("btsui.controlled_by");
    const lx = left + PAD + 22;
    const mx = lx + textWidth(label, 16) * 0.92 + 16;
    const who = fit(seatName(snap, l.controller), 16, left + box.w - PAD - (mx + 16));
    parts.push(h("g", { key: "ctl", class: "node-control" },
      h("path", { d: `M${left + PAD + 4} ${cy + 9}V${cy - 10}L${left + PAD + 17} ${cy - 5}L${left + PAD + 4} ${cy}`, class: `flag seat-${l.controller % 4}` }),
      h("text", { x: lx, y: cy + 5, "font-size": 16, class: "node-sub" }, label),
      marker(l.controller, c.tags[l.controller] || "?", mx, cy, 11),
      h("text", { x: mx + 16, y: cy + 5, "font-size": 16, class: "node-who" }, who)));
    y += CONTROL_H;
  }
  const buttons = [];
  for (const row of m.rows) {
    const cy = y + ROW_H / 2;
    parts.push(marker(row.seat, row.tag, left + PAD + MARK_R + 2, cy));
    parts.push(h("text", { key: `str${row.seat}`, x: left + box.w - PAD, y: cy + 5, class: "node-strength", "font-size": 15, "text-anchor": "end" }, row.strText));
    for (const chip of row.chips) {
      const cx = left + PAD + 2 * MARK_R + 12 + chip.x;
      const chipY = y + chip.line * ROW_H + (ROW_H - CHIP_H) / 2;
      const body = [
        h("rect", { x: cx, y: chipY, width: chip.w, height: CHIP_H, rx: 8, class: "chip-bg" }),
        h("text", { x: cx + chip.w / 2, y: chipY + CHIP_H / 2 + 6, "text-anchor": "middle", "font-size": 16, class: "chip-text" }, chip.label),
      ];
      const cls = ["ship", `ship-seat-${row.seat % 4}`];
      if (chip.mine) {
        const selected = c.ui.ship === chip.key;
        const run = () => { c.ui.ship = selected ? null : chip.key; c.ui.chosen = null; c.rerender(); };
        const label = t("btsui.map.select_ship", { chip: chip.label, n: chip.n, level: roman(chip.level), at: str(snap, l.name) });
        buttons.push(h("g", { key: `ship-${chip.key}`, class: [...cls, "mine", selected ? "selected" : null], testid: `ship-${l.id}-${chip.level}`,
          "data-legal": "", "aria-pressed": String(selected), ...svgButton(label, run) }, body));
      } else {
        parts.push(h("g", { key: `chip-${chip.seat}-${chip.level}`, class: cls }, body));
      }
    }
    y += row.lines * ROW_H;
  }
  // The "i" button: the system's card, or what the place is worth.
  const infoX = left + box.w - PAD - INFO_R + 2;
  const infoY = top + PAD + INFO_R - 4;
  const infoKey = `map-info:${l.id}`;
  const openInfo = (ev) => {
    if (l.card) openCard(GAME, l.card, ev.currentTarget);
    else openHelp(name, l.reward ? str(snap, l.reward) : name, ev.currentTarget);
  };
  const info = l.card || l.reward ? h("g", { key: "info", class: "node-info", "aria-haspopup": "dialog", dataset: { popoverKey: infoKey },
    ...svgButton(l.card ? t("popover.card_text_of", { name }) : t("popover.help_about", { title: name }), openInfo) },
  h("circle", { cx: infoX, cy: infoY, r: INFO_R }),
  // The "i" drawn, not written: an icon has no words (the button's name says what it opens, in every language).
  h("circle", { class: "glyph", cx: infoX, cy: infoY - 6, r: 2.4 }),
  h("rect", { class: "glyph", x: infoX - 1.8, y: infoY - 2, width: 3.6, height: 10, rx: 1 })) : null;
  const pill = options.length ? (() => {
    const word = chosen ? t("btsui.map.chosen") : isTarget ? t("btsui.map.jump_here") : t("btsui.map.build_here");
    const pw = textWidth(word, 15) + 22;
    // On the bottom edge, unless the jump's arc arrives there: then on the top edge, clear of its arrowhead.
    const from = isTarget && c.ship ? c.boxes.get(c.ship.at) : null;
    const arrives = from ? edgePoint(box, from.x, from.y) : null;
    const py = arrives && arrives[1] > box.y + box.h / 2 - 1 ? top : top + box.h;
    return h("g", { key: "pill", class: ["target-pill", chosen ? "chosen" : null] },
      h("rect", { x: box.x - pw / 2, y: py - 13, width: pw, height: 26, rx: 13 }),
      h("text", { x: box.x, y: py + 5, "text-anchor": "middle", "font-size": 15 }, word));
  })() : null;
  const choose = () => {
    c.ui.chosen = options.length === 1 ? options[0].a : (options.find((o) => o.a === c.ui.chosen) ? c.ui.chosen : options[0].a);
    c.rerender();
  };
  const hitLabel = options.length ? str(snap, options.find((o) => o.a === c.ui.chosen)?.label || options[0].label) : null;
  const hit = options.length ? h("rect", { key: "hit", x: left, y: top, width: box.w, height: box.h, rx: 14, class: ["loc-hit", chosen ? "chosen" : null],
    testid: `target-${l.id}`, "data-legal": "", "aria-pressed": String(chosen), ...svgButton(hitLabel, choose) }) : null;
  return h("g", {
    key: l.id, testid: `loc-${l.id}`, dataset: { loc: l.id },
    class: ["map-node", `node-${l.kind}`, l.face_up === false ? "face-down" : null, m.controlled ? "controlled" : null,
      options.length ? "target" : null, chosen ? "chosen" : null, shipHere ? "from" : null],
  },
  h("g", { key: "draw", "aria-hidden": "true" }, parts, pill),
  buttons, info, hit);
}

/** Under the map's head while a ship is selected: what it can do where it is (colonize, upgrade, retire, ...). */
function shipMoves(snap, ship, legal, ui, rerender) {
  const moves = (ship.moves || []).filter((m) => legal.has(m.a) && !m.to);
  if (!moves.length) return null;
  return h("div", { class: "ship-moves", testid: "ship-moves" },
    h("div", { class: "acting-buttons" }, moves.map((m) => h("button", {
      type: "button", class: ["btn", ui.chosen === m.a ? "on" : null], key: m.a, "aria-pressed": String(ui.chosen === m.a), "data-legal": "",
      onclick: () => { ui.chosen = ui.chosen === m.a ? null : m.a; rerender(); },
    }, str(snap, m.label)))));
}

function legend(snap, seats, tags, jumping) {
  return h("div", { class: "map-legend", testid: "map-legend" },
    h("ul", { class: "legend-seats" }, seats.map((s) => h("li", { key: s },
      h("svg", { class: "legend-mark", viewBox: "-18 -18 36 36", "aria-hidden": "true", focusable: "false" }, marker(s, tags[s] || "?", 0, 0)),
      seatName(snap, s)))),
    h("p", { class: "legend-line muted" }, t("btsui.map.legend")),
    jumping ? h("p", { class: "legend-line", testid: "map-legend-jumps" }, t("btsui.map.legend_jumps")) : null);
}

// ------------------------------------------------------------------------------------------------ the list

function mapList(snap, tb, locs) {
  const groups = [
    ["home", locs.filter((l) => LIST_KINDS.includes(l.kind))],
    ...[...new Set(locs.filter((l) => l.sector).map((l) => l.sector))].map((sec) => [sec, locs.filter((l) => l.sector === sec)]),
    ["other", locs.filter((l) => !l.sector && !LIST_KINDS.includes(l.kind))],
  ].filter(([, list]) => list.length);
  return groups.map(([gid, list]) => h("div", { class: "map-group", key: gid },
    gid !== "home" && gid !== "other" ? h("h3", { class: "sector-name" }, sectorName(snap, tb, gid)) : null,
    h("ul", { class: "loc-row" }, list.map((l) => listItem(snap, l)))));
}

function sectorName(snap, tb, id) {
  const sec = ((tb.map && tb.map.sectors) || []).find((s) => s.id === id);
  return sec ? txt(snap, sec.name, `sec${id}`) : t("btsui.sector", { id });
}

function listItem(snap, l) {
  const st = Object.entries(l.strength || {}).filter(([, n]) => n > 0);
  return h("li", { key: l.id, class: ["map-loc", `loc-${l.kind}`], testid: `list-loc-${l.id}` },
    h("div", { class: "loc-head" },
      h("span", { class: "loc-name" }, txt(snap, l.name, `ln${l.id}`)),
      l.controller !== null && l.controller !== undefined ? h("span", { class: "loc-control" }, t("btsui.controlled_by"), " ", seatName(snap, l.controller)) : null),
    l.card ? h("div", { class: "loc-card" }, cardRef(GAME, l.card, cardName(GAME, l.card), { where: `loc${l.id}` }))
      : l.kind === "system" ? h("div", { class: "loc-card muted" }, t(l.empty ? "btsui.no_system_left" : "btsui.face_down")) : null,
    l.colonize ? h("div", { class: "loc-numbers" }, t("btsui.colonize_n", { n: l.colonize })) : null,
    l.reward ? h("div", { class: "loc-reward" }, txt(snap, l.reward, `rw${l.id}`)) : null,
    st.length ? h("div", { class: "loc-strength", testid: `strength-${l.id}` }, t("btsui.strength"), " ",
      st.map(([seat, n], i) => [i ? ", " : "", t("btsui.strength_of", { name: seatName(snap, Number(seat)), n })])) : null,
    (l.ships || []).length ? h("ul", { class: "loc-ships" }, l.ships.map((s) => h("li", { key: `${s.seat}-${s.level}` },
      t("btsui.ships_aria", { name: seatName(snap, s.seat), n: s.n, level: roman(s.level) })))) : null,
    (l.adjacent || []).length ? h("div", { class: "loc-links" }, t("btsui.links_to", { places: l.adjacent.map((id) => str(snap, locName(id))).join(", ") })) : null);
}
