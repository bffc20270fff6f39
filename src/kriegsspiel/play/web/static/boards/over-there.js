// Over There: East Prussia 1914 on its hex map, drawn from GET /api/data/over-there (the
// map's terrain, hexsides, towns, railways and roads), with the view's counters in NATO
// style, the reach of the unit being moved, the attack being built and the last combat.
// Legal actions that name a hex or a unit are clicks on the map; the others are buttons of
// the panel beside it (and all of them are in the game page's orders list).
import { clear, el, roleName, svg } from "../common.js";
import {
  capital,
  choices as legal,
  closeMenu as close,
  closeMenuOnLeave,
  collides,
  floatBoxes,
  keep,
  mapRoot,
  placeFloating,
  redrawOnResize,
  textWidth,
  viewBoxFor,
  wireMap,
  zoomButtons,
  zoomTo,
} from "./shared.js";

// ----- constants ------------------------------------------------------------------------------

const S = 30; // a hex's corner radius, in user units (flat-topped: 2S across, S·√3 high)
const R3 = Math.sqrt(3);
const PAD = 12;
const C = 42; // a counter's side
const ZOOMS = [1, 1.5, 2.25, 3.4, 5];

const TERRAIN = {
  clear: { fill: "#efe7c9", name: "Clear" },
  rough: { fill: "#dccaa1", name: "Rough" },
  woods: { fill: "url(#ot-t-woods)", swatch: "#d5e0ae", name: "Woods" },
  forest: { fill: "url(#ot-t-forest)", swatch: "#a9c48a", name: "Forest" },
  "wooded-rough": { fill: "url(#ot-t-woods)", swatch: "#d5e0ae", name: "Wooded rough" },
  swamp: { fill: "url(#ot-t-swamp)", swatch: "#d9e3cb", name: "Swamp" },
  "wooded-swamp": { fill: "url(#ot-t-wswamp)", swatch: "#c2d4a6", name: "Wooded swamp" },
  mountain: { fill: "#c9b08a", name: "Mountain" },
  lake: { fill: "#a9cbdb", name: "Lake" },
  sea: { fill: "#9fc1d2", name: "Sea" },
};
const RIVER_W = { "major-river": 4.6, river: 3, "minor-river": 1.8 };
const RIVER_TEXT = { "major-river": "major river", river: "river", "minor-river": "minor river", "lake-side": "lake shore", frontier: "1914 frontier", canal: "canal", "sea-side": "sea side" };
const SIDES = {
  "central-powers": { fill: "#a9ada4", band: "#7c8278", ink: "#1b1d19", short: "CP" },
  entente: { fill: "#b5c98d", band: "#7f9a57", ink: "#1b2112", short: "Ent" },
};
const OTHER_SIDE = { fill: "#c9c0a8", band: "#978c70", ink: "#222", short: "?" };
const SIZE_MARK = { army: "XXXX", corps: "XXX", division: "XX", brigade: "X", regiment: "III", battalion: "II", company: "I" };
const TYPE_TEXT = {
  rifle: "rifle (infantry)",
  "heavy-cavalry": "heavy cavalry",
  "heavy-artillery": "heavy artillery",
  "army-hq": "Army HQ",
  "corps-hq": "Corps HQ",
  fortress: "fortress",
  "man-pt": "Man Pt (replacements on the map, 16B3)",
};
const PHASES = ["initial", "movement", "combat", "reaction-movement", "reaction-combat", "exploitation"];
const PHASE_TEXT = {
  initial: "Initial",
  movement: "Movement",
  combat: "Combat",
  "reaction-movement": "Reaction movement",
  "reaction-combat": "Reaction combat",
  exploitation: "Exploitation",
};
const BY_TEXT = { march: "march", accel: "accelerated", rail: "rail", strat: "strategic rail", river: "river", overrun: "overrun" };
const TOWN_RANK = { "full-city": 0, "partial-city": 1, town: 2, place: 3 };
const TOWN_PX = { "full-city": 13, "partial-city": 12, town: 10.5, place: 9 };
const FORT_TEXT = { great: "great fortress", new: "new fortress", old: "old fortress" };
const DIS_TEXT = { 1: "disrupted", 2: "badly disrupted" };
const SUPPLY_TEXT = { general: "in general supply", out: "out of general supply", isolated: "isolated" };
const HEX_KEYS = ["to", "attack", "bombard", "commit", "retreat", "stack", "hex"];

const states = new WeakMap();
const geometries = new WeakMap();

// ----- names ----------------------------------------------------------------------------------


/** The column an attack is read on, in words: "auto" below 1:4 (an automatic AE or AD, 9B7), and
 * no column at all against a defense strength of 0 (its units fall without a die, 9G1). */
function columnWords(att) {
  if (att.column === "auto") return att.defense === 0 ? "none: eliminated (9G1)" : "auto (below 1:4)";
  return att.column;
}
function sideName(data, side) {
  if (!side) return "—";
  const s = data && data.sides && data.sides[side];
  if (typeof s === "string" && s) return s;
  return (s && s.name) || roleName(side, data);
}

function sideLook(side) {
  return SIDES[side] || OTHER_SIDE;
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function isHq(u) {
  return u && (u.type === "army-hq" || u.type === "corps-hq");
}

// ----- geometry -------------------------------------------------------------------------------

function axial(id) {
  const c = Number(id.slice(0, 2));
  const r = Number(id.slice(2, 4));
  return [c, r - Math.floor((c + 1) / 2)];
}

function toId(q, r) {
  const row = r + Math.floor((q + 1) / 2);
  if (q < 0 || q > 99 || row < 0 || row > 99) return null;
  return `${String(q).padStart(2, "0")}${String(row).padStart(2, "0")}`;
}

const DIRS = [
  [0, -1],
  [1, -1],
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
];

function pts(list) {
  return list.map((p) => `${p[0].toFixed(1)},${p[1].toFixed(1)}`).join(" ");
}

/** Where everything of the map goes, computed once per data pack: the engine's hex_to_pixel
 * (x = 1.5·S·q, y = √3·S·(r + q/2)) moved so that hex 0101 sits PAD from the corner. */
function geometry(data) {
  if (geometries.has(data)) return geometries.get(data);
  const m = data.map;
  const grid = m.grid || {};
  const ids = Object.keys(m.hexes || {}).sort();
  let cols = grid.columns || 0;
  let rows = grid.rows || 0;
  for (const id of ids) {
    cols = Math.max(cols, Number(id.slice(0, 2)));
    rows = Math.max(rows, Number(id.slice(2, 4)));
  }
  const X0 = PAD - 0.5 * S;
  const Y0 = PAD;
  const W = 2 * PAD + 1.5 * S * cols + 0.5 * S;
  const H = 2 * PAD + R3 * S * (rows + 0.5);
  const at = {};
  const corners = {};
  const nbrs = {};
  for (const id of ids) {
    const [q, r] = axial(id);
    const x = X0 + 1.5 * S * q;
    const y = Y0 + R3 * S * (r + q / 2);
    at[id] = [x, y];
    const h = (S * R3) / 2;
    corners[id] = [
      [x + S, y],
      [x + S / 2, y + h],
      [x - S / 2, y + h],
      [x - S, y],
      [x - S / 2, y - h],
      [x + S / 2, y - h],
    ];
  }
  for (const id of ids) {
    const [q, r] = axial(id);
    nbrs[id] = DIRS.map(([dq, dr]) => toId(q + dq, r + dr)).filter((n) => n && at[n]);
  }
  // the hexsides: the edge between the two centres, perpendicular to the line joining them
  const sides = [];
  for (const [key, rec] of Object.entries(m.hexsides || {})) {
    const [a, b] = key.split("|");
    if (!at[a] || !at[b]) continue;
    sides.push({ key, a, b, ends: edge(at[a], at[b]), features: rec.features || [], river: rec.river || rec.river_name || null, lake: rec.lake || rec.lake_name || null });
  }
  // the towns at their own coordinates inside their hex (the map's projection; else a local
  // fit from the centres of the hex and its neighbours), kept well inside the hex
  const project = projector(grid);
  const towns = {};
  const townsAt = {};
  for (const t of m.towns || []) {
    if (!at[t.hex]) continue;
    towns[t.id] = townPoint(t, m.hexes, at, nbrs, project);
    (townsAt[t.hex] = townsAt[t.hex] || []).push(t);
  }
  // the railway lines and the roads (each a list of hexes, centre to centre), and the lines
  // through each link
  const railLines = routeLines(m.rail_lines, m.rail);
  const roadLines = routeLines(Array.isArray(m.roads) ? m.roads : m.road_lines, Array.isArray(m.roads) ? null : m.roads);
  const rail = {};
  for (const line of railLines) {
    const hs = line.hexes || [];
    for (let i = 1; i < hs.length; i += 1) {
      const k = [hs[i - 1], hs[i]].sort().join("|");
      (rail[k] = rail[k] || []).push(line);
    }
  }
  const roads = {};
  for (const road of roadLines) {
    const hs = road.hexes || [];
    for (let i = 1; i < hs.length; i += 1) {
      const k = [hs[i - 1], hs[i]].sort().join("|");
      (roads[k] = roads[k] || []).push(road);
    }
  }
  const sideOf = {};
  for (const s of sides) {
    (sideOf[s.a] = sideOf[s.a] || []).push(s);
    (sideOf[s.b] = sideOf[s.b] || []).push(s);
  }
  const g = { ids, at, corners, nbrs, sides, sideOf, towns, townsAt, rail, roads, railLines, roadLines, W, H, cols, rows };
  geometries.set(data, g);
  return g;
}

function edge(a, b) {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy) || 1;
  const mx = (a[0] + b[0]) / 2;
  const my = (a[1] + b[1]) / 2;
  const nx = (-dy / len) * (S / 2);
  const ny = (dx / len) * (S / 2);
  return [
    [mx + nx, my + ny],
    [mx - nx, my - ny],
  ];
}

/** Lists of routes: the records as given (a list, or a dict by id), else one route a link of
 * `links` ({"0806|0906": ...}). */
function routeLines(records, links) {
  const list = Array.isArray(records) ? records : records && typeof records === "object" ? Object.values(records) : [];
  if (list.length || !links || typeof links !== "object") return list.filter((r) => r && Array.isArray(r.hexes));
  return Object.entries(links).map(([k, v]) => ({ id: k, name: Array.isArray(v) ? v.join(", ") : (v && v.lines && v.lines.join(", ")) || k, hexes: k.split("|"), ...(Array.isArray(v) ? {} : v) }));
}

/** The map's spherical Lambert conformal conic (grid.projection) and its grid (origin_m,
 * hex_spacing_m: the centre of hex 0101 in metres, y to the north), as a function from
 * (lat, lon) to the board's user units; null when the grid does not say. */
function projector(grid) {
  const p = grid && grid.projection;
  const o = grid && grid.origin_m;
  const d = grid && grid.hex_spacing_m;
  if (!p || !o || !d || p.proj !== "lcc") return null;
  const rad = Math.PI / 180;
  const t = (phi) => Math.tan(Math.PI / 4 + (phi * rad) / 2);
  const [p1, p2] = [p.lat_1 * rad, p.lat_2 * rad];
  const n = p.lat_1 === p.lat_2 ? Math.sin(p1) : Math.log(Math.cos(p1) / Math.cos(p2)) / Math.log(t(p.lat_2) / t(p.lat_1));
  const F = (Math.cos(p1) * t(p.lat_1) ** n) / n;
  const R = p.R || 6371008.8;
  const rho0 = (R * F) / t(p.lat_0) ** n;
  const f = (R3 * S) / d; // user units a metre
  return (lat, lon) => {
    const rho = (R * F) / t(lat) ** n;
    const th = n * (lon - p.lon_0) * rad;
    const x = rho * Math.sin(th);
    const y = rho0 - rho * Math.cos(th);
    return [PAD + S + (x - o[0]) * f, PAD + (R3 / 2) * S - (y - o[1]) * f];
  };
}

function clampTo(centre, p) {
  let dx = p[0] - centre[0];
  let dy = p[1] - centre[1];
  const dist = Math.hypot(dx, dy);
  const most = 0.6 * S;
  if (dist > most) {
    dx *= most / dist;
    dy *= most / dist;
  }
  return [centre[0] + dx, centre[1] + dy];
}

function townPoint(t, hexes, at, nbrs, project) {
  const h = hexes[t.hex];
  const [x0, y0] = at[t.hex];
  if (typeof t.lat !== "number" || typeof t.lon !== "number") return [x0, y0];
  if (project) return clampTo([x0, y0], project(t.lat, t.lon));
  if (!h || typeof h.lat !== "number") return [x0, y0];
  const ns = (nbrs[t.hex] || []).filter((n) => hexes[n] && typeof hexes[n].lat === "number");
  for (let i = 0; i < ns.length; i += 1) {
    for (let j = i + 1; j < ns.length; j += 1) {
      const a = hexes[ns[i]];
      const b = hexes[ns[j]];
      const l11 = a.lon - h.lon;
      const l12 = b.lon - h.lon;
      const l21 = a.lat - h.lat;
      const l22 = b.lat - h.lat;
      const det = l11 * l22 - l12 * l21;
      if (Math.abs(det) < 1e-6) continue;
      const p11 = at[ns[i]][0] - x0;
      const p12 = at[ns[j]][0] - x0;
      const p21 = at[ns[i]][1] - y0;
      const p22 = at[ns[j]][1] - y0;
      // J = P · L⁻¹
      const i11 = l22 / det;
      const i12 = -l12 / det;
      const i21 = -l21 / det;
      const i22 = l11 / det;
      const dlon = t.lon - h.lon;
      const dlat = t.lat - h.lat;
      const dx = (p11 * i11 + p12 * i21) * dlon + (p11 * i12 + p12 * i22) * dlat;
      const dy = (p21 * i11 + p22 * i21) * dlon + (p21 * i12 + p22 * i22) * dlat;
      return clampTo([x0, y0], [x0 + dx, y0 + dy]);
    }
  }
  return [x0, y0];
}

// ----- the legal actions ----------------------------------------------------------------------

/** The legal actions by what they name: a hex (`to`, `attack`, `stack`...), a unit (`unit`,
 * `add`, `remove`, `activate`), or neither (`end`, `resolve`, `cancel`, `rest`, `choice`). */
function actionIndex(shape, data) {
  const board = (shape.view && shape.view.board) || {};
  const hexes = (data.map && data.map.hexes) || {};
  // a unit is a click on the map only where it stands on the map; an order naming a unit off
  // the map (due, eliminated) is a button of the panel
  const known = new Set((board.units || []).filter((u) => u.hex && hexes[u.hex]).map((u) => u.id));
  const hex = new Map();
  const unit = new Map();
  const other = [];
  const add = (m, k, c) => {
    if (!m.has(k)) m.set(k, []);
    m.get(k).push(c);
  };
  (shape.actions || []).forEach((a, i) => {
    const c = { action: a, label: labelOf(a, (shape.labels || [])[i]) };
    let placed = false;
    if (a && typeof a === "object") {
      for (const [k, v] of Object.entries(a)) {
        if (typeof v !== "string") continue;
        if (hexes[v] && (HEX_KEYS.includes(k) || !known.has(v))) {
          add(hex, v, c);
          placed = true;
        } else if (known.has(v)) {
          add(unit, v, c);
          placed = true;
        }
      }
    }
    if (!placed) other.push(c);
  });
  // 6-7: the destinations are listed one way at a time; a hex the units reach by another way
  // is a click too: it names that way, then the hex (``then``, sent once the way's list is in)
  const listed = new Set((shape.actions || []).map((a) => JSON.stringify(a)));
  const ways = new Set((shape.actions || []).filter((a) => a && typeof a === "object" && typeof a.way === "string").map((a) => a.way));
  const offer = (h, a, way, label) => {
    if (!listed.has(JSON.stringify(a)) && ways.has(way)) add(hex, h, { action: { way }, then: a, label });
  };
  for (const [h, r] of Object.entries(board.reach || {})) {
    if (!r || typeof r !== "object") continue;
    for (const by of MODES) {
      if (!(by in r) || by === "overrun") continue;
      offer(h, by === "march" ? { to: h } : { to: h, by }, WAY_OF[by], `to ${h}${by === "march" ? "" : ` by ${BY_TEXT[by]}`} (${WAY_TEXT[WAY_OF[by]]})`);
    }
  }
  for (const h of board.overruns || []) offer(h, { to: h, overrun: true }, "overrun", `overrun ${h}`);
  return { hex, unit, other };
}

/** The way whose list holds a move by each mode (the server's ``sequence.Destination``). */
const WAY_OF = { march: "march", accel: "accel", rail: "rail", strat: "rail", river: "river", overrun: "overrun" };
const WAY_TEXT = { march: "regular movement", accel: "accelerated movement", rail: "rail movement", river: "river movement", overrun: "overrun" };

/** Give the order of a choice; a move by another way names the way first and is sent itself
 * once the way's list has come (``render``). */
function choose(st, c) {
  if (!st.onAction) return;
  st.pending = c.then ? { action: c.then, step: st.shape.step } : null;
  st.onAction(c.action);
}

const AIR_TEXT = { recon: "air reconnaissance", gs: "ground support" };

/** The server's label of an action; where it gives none or bare JSON, words for it. */
function labelOf(action, label) {
  if (label !== undefined && label !== null && !/^\s*[{["]/.test(String(label))) return String(label);
  if (!action || typeof action !== "object") return String(label ?? action);
  const [k, v] = Object.entries(action)[0] || [];
  const n = (x) => plural(x, "air point");
  if (k === "superiority" && typeof v === "number") return v ? `fly ${n(v)} for air superiority` : "fly no air superiority";
  if (k === "das" && typeof v === "number") return v ? `fly ${n(v)} in defensive air support` : "no defensive air support";
  if (k === "air") return `fly ${AIR_TEXT[v] || v}`;
  if (k === "unair") return `call back the ${AIR_TEXT[v] || v}`;
  if (k === "stay") return "stay where it is";
  if (k === "withdraw") return v ? "withdraw the units" : "keep the units";
  return Object.entries(action)
    .map(([key, val]) => `${key} ${val === true ? "" : val}`.trim())
    .join(", ");
}

/** The hexes and units an action names. */
function named(action, data, board) {
  const hexes = (data.map && data.map.hexes) || {};
  const out = { hexes: [], units: [] };
  if (!action || typeof action !== "object") return out;
  const units = new Set((board.units || []).map((u) => u.id));
  for (const v of Object.values(action)) {
    if (typeof v !== "string") continue;
    if (hexes[v]) out.hexes.push(v);
    else if (units.has(v)) out.units.push(v);
  }
  return out;
}

const MODES = ["march", "rail", "accel", "strat", "river", "overrun"];

/** How the unit being moved reaches each hex: {hex: {modes: {march: MP, ...}, by, mp}}, from
 * view.board.reach (either {"mp", "by"} or {mode: MP}) and from the legal {"to"} actions (a
 * hex an action names is reachable that way even where the reach says nothing). `by` is the
 * plainest way there (march, then rail, accelerated, strategic rail, river, overrun). */
function reachIndex(board, actions) {
  const out = {};
  const at = (h) => (out[h] = out[h] || { modes: {} });
  for (const [h, r] of Object.entries(board.reach || {})) {
    if (!r || typeof r !== "object") continue;
    const e = at(h);
    if (typeof r.by === "string") e.modes[r.by] = r.mp ?? null;
    for (const m of MODES) if (typeof r[m] === "number") e.modes[m] = r[m];
    if (!r.by && !MODES.some((m) => m in r) && typeof r.mp === "number") e.modes.march = r.mp;
  }
  for (const h of board.overruns || []) at(h).modes.overrun = null; // 6F: by every way, not only the one listed
  for (const a of actions) {
    if (!a || typeof a !== "object" || typeof a.to !== "string") continue;
    const m = a.overrun ? "overrun" : a.by || "march";
    const e = at(a.to);
    if (!(m in e.modes)) e.modes[m] = null;
  }
  for (const e of Object.values(out)) {
    e.by = MODES.find((m) => m in e.modes) || Object.keys(e.modes)[0] || "march";
    e.mp = e.modes[e.by];
  }
  return out;
}

function reachText(r) {
  return MODES.filter((m) => m in r.modes)
    .map((m) => `${BY_TEXT[m]}${typeof r.modes[m] === "number" ? ` ${r.modes[m]} MP` : ""}`)
    .join(", ");
}

// ----- NATO counters --------------------------------------------------------------------------

/** The NATO symbol of a unit type in the box (x, y, w, h). */
function symbol(type, x, y, w, h) {
  const g = svg("g", { class: "ot-sym" });
  g.append(svg("rect", { class: "ot-box", x, y, width: w, height: h }));
  if (type === "rifle") {
    g.append(svg("path", { d: `M${x},${y}L${x + w},${y + h}M${x + w},${y}L${x},${y + h}` }));
  } else if (type === "heavy-cavalry") {
    g.append(svg("path", { d: `M${x},${y + h}L${x + w},${y}` }));
  } else if (type === "heavy-artillery") {
    g.append(svg("circle", { class: "ot-dot", cx: x + w / 2, cy: y + h / 2, r: h * 0.2 }));
  } else if (type === "army-hq" || type === "corps-hq") {
    // the HQ's staff down from the box's lower left corner, the flag's letters inside
    g.append(svg("path", { class: "ot-staff", d: `M${x},${y + h}v${h * 0.55}` }));
    g.append(svg("text", { class: "ot-hq", x: x + w / 2, y: y + h * 0.72, "text-anchor": "middle", "font-size": (h * 0.62).toFixed(1) }, "HQ"));
  } else if (type === "man-pt") {
    // replacements: the letters of the Man Pt marker (16B3)
    g.append(svg("text", { class: "ot-hq", x: x + w / 2, y: y + h * 0.72, "text-anchor": "middle", "font-size": (h * 0.58).toFixed(1) }, "MP"));
  } else if (type === "fortress") {
    // battlements: a wall with three merlons
    const by = y + h * 0.82;
    const ty = y + h * 0.3;
    const my = y + h * 0.5;
    const s = w / 7;
    const d = `M${x + s * 0.5},${by}V${ty}h${s}v${my - ty}h${s}V${ty}h${s}v${my - ty}h${s}V${ty}h${s}V${by}Z`;
    g.append(svg("path", { class: "ot-fort-sym", d }));
  } else {
    g.append(svg("text", { class: "ot-hq", x: x + w / 2, y: y + h * 0.72, "text-anchor": "middle", "font-size": (h * 0.6).toFixed(1) }, "?"));
  }
  return g;
}

/** A strength as printed: halves as ½ (an on-map Man Pt defends with ½, 16B3). */
function half(x) {
  if (typeof x !== "number" || Number.isInteger(x)) return x;
  const whole = Math.floor(x);
  return x - whole === 0.5 ? `${whole || ""}½` : String(x);
}

function strengths(u) {
  const a = half(u.attack ?? "–");
  const d = half(u.defense ?? "–");
  const m = u.movement ?? "–";
  return `${a}-${d}-${m}`;
}

/** One counter, its top-left corner at (0, 0), `c` wide: the side's colour, the size mark,
 * the NATO box, the unit's short name and its strengths; `detail` false leaves out the name. */
function counter(u, c = C, { detail = true, badges = true } = {}) {
  const look = sideLook(u.side);
  const g = svg("g", { class: ["ot-counter", u.cadre && "cadre", u.moved && "moved", u.dis && `dis-${u.dis}`] });
  g.append(svg("rect", { class: "ot-c-bg", x: 0, y: 0, width: c, height: c, rx: c * 0.08, fill: look.fill }));
  if (u.cadre) {
    // the reduced side: a pale band across the top
    g.append(svg("rect", { class: "ot-c-cadre", x: c * 0.04, y: c * 0.04, width: c * 0.92, height: c * 0.2, rx: c * 0.04 }));
  }
  g.append(svg("text", { class: "ot-c-size", x: c / 2, y: c * 0.205, "text-anchor": "middle", "font-size": (c * 0.17).toFixed(1) }, SIZE_MARK[u.size] || ""));
  const bw = c * 0.58;
  const bh = c * 0.34;
  const bx = (c - bw) / 2;
  const by = c * 0.25;
  g.append(symbol(u.type, bx, by, bw, bh));
  if (detail && u.short) {
    const size = c * 0.15;
    let name = String(u.short);
    while (name.length > 2 && textWidth(name, size, true) > c * 0.94) name = name.slice(0, -1);
    g.append(svg("text", { class: "ot-c-name", x: c / 2, y: c * 0.745, "text-anchor": "middle", "font-size": size.toFixed(1) }, name));
  }
  g.append(svg("text", { class: "ot-c-str", x: c / 2, y: c * 0.95, "text-anchor": "middle", "font-size": (c * 0.215).toFixed(1) }, strengths(u)));
  if (badges) g.append(...markers(u, c));
  return g;
}

/** The markers on a counter's right edge: disruption, fatigue, supply. */
function markers(u, c) {
  const out = [];
  const bw = c * 0.34;
  const bh = c * 0.2;
  const put = (row, cls, text) => {
    const y = c * 0.02 + row * (bh + c * 0.04);
    out.push(
      svg(
        "g",
        { class: ["ot-mark", cls] },
        svg("rect", { x: c - bw * 0.7, y, width: bw, height: bh, rx: bh * 0.25 }),
        svg("text", { x: c - bw * 0.7 + bw / 2, y: y + bh * 0.78, "text-anchor": "middle", "font-size": (bh * 0.8).toFixed(1) }, text),
      ),
    );
  };
  if (u.dis === 1) put(0, "m-dis", "D");
  else if (u.dis === 2) put(0, "m-bdis", "BD");
  if (u.fat) put(1, "m-fat", `F${u.fat}`);
  if (u.supply === "out") put(2, "m-oos", "OS");
  else if (u.supply === "isolated") put(2, "m-iso", "ISO");
  if (u.carry) put(3, "m-res", `R${u.carry}`); // 11H: the Res Pts an Army HQ (or one division) carries
  return out;
}

function blankCounter(side, count, c = C) {
  const look = sideLook(side);
  return svg(
    "g",
    { class: "ot-counter hidden-stack" },
    svg("rect", { class: "ot-c-bg", x: 0, y: 0, width: c, height: c, rx: c * 0.08, fill: look.fill }),
    svg("text", { class: "ot-c-unknown", x: c / 2, y: c * 0.66, "text-anchor": "middle", "font-size": (c * 0.46).toFixed(1) }, "?"),
    svg("text", { class: "ot-c-str", x: c / 2, y: c * 0.93, "text-anchor": "middle", "font-size": (c * 0.17).toFixed(1) }, `${count} unseen`),
  );
}

/** A counter as a small picture of its own (the panel's lists, the menu, the legend). */
function miniCounter(u, px = 30) {
  return svg("svg", { class: "ot-mini", width: px, height: px, viewBox: `-1 -1 ${C + 2} ${C + 2}`, "aria-hidden": "true" }, counter(u, C, { detail: false }));
}

function unitLine(u) {
  const bits = [`${SIZE_MARK[u.size] ? `${u.size} ` : ""}${TYPE_TEXT[u.type] || u.type || "unit"}`, strengths(u)];
  if (u.cadre) bits.push("cadre");
  if (u.dis) bits.push(DIS_TEXT[u.dis]);
  if (u.fat) bits.push(`fatigue ${u.fat}`);
  if (u.supply && u.supply !== "general") bits.push(SUPPLY_TEXT[u.supply] || u.supply);
  if (u.moved) bits.push("moved");
  if (u.carry) bits.push(`carries ${plural(u.carry, "Res Pt")}`); // 11H
  return bits.join(" · ");
}

// ----- drawing the map ------------------------------------------------------------------------

function patterns() {
  const trees = (id, bg, fg, n) => {
    const p = svg("pattern", { id, width: 12, height: 12, patternUnits: "userSpaceOnUse" }, svg("rect", { width: 12, height: 12, fill: bg }));
    const spots = n === 2 ? [[3, 3.5], [9, 9.5]] : [[6, 6]];
    for (const [x, y] of spots) {
      p.append(svg("path", { d: `M${x},${y - 2.6}l2.2,3.6h-4.4z`, fill: fg }));
      p.append(svg("rect", { x: x - 0.35, y: y + 1, width: 0.7, height: 1.3, fill: fg }));
    }
    return p;
  };
  const marsh = (id, bg, withTrees) => {
    const p = svg(
      "pattern",
      { id, width: 14, height: 10, patternUnits: "userSpaceOnUse" },
      svg("rect", { width: 14, height: 10, fill: bg }),
      svg("path", { d: "M1,8h5M8,3h5", stroke: "#5f8fa6", "stroke-width": 0.9, fill: "none" }),
      svg("path", { d: "M3.5,8v-2M2.3,8l-0.8,-1.6M4.7,8l0.8,-1.6", stroke: "#6a8c5a", "stroke-width": 0.6, fill: "none" }),
    );
    if (withTrees) p.append(svg("path", { d: "M10.5,5.2l1.8,3h-3.6z", fill: "#5d8a45" }));
    return p;
  };
  const hatch = (id, colour, angle, width = 2.6) =>
    svg(
      "pattern",
      { id, width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: `rotate(${angle})` },
      svg("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: colour, "stroke-width": width }),
    );
  const arrow = svg(
    "marker",
    { id: "ot-arrow", viewBox: "0 0 10 10", refX: 7, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" },
    svg("path", { d: "M0,0L10,5L0,10z", class: "ot-arrow-head" }),
  );
  const arrowRet = svg(
    "marker",
    { id: "ot-arrow-ret", viewBox: "0 0 10 10", refX: 7, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" },
    svg("path", { d: "M0,0L10,5L0,10z", class: "ot-arrow-head ret" }),
  );
  return [
    trees("ot-t-woods", "#d8e2b0", "#7fa35f", 1),
    trees("ot-t-forest", "#a9c48a", "#4f7d3a", 2),
    marsh("ot-t-swamp", "#dbe5cd", false),
    marsh("ot-t-wswamp", "#c4d6a8", true),
    hatch("ot-own-entente", "rgba(95, 135, 50, 0.42)", 45),
    hatch("ot-own-central-powers", "rgba(80, 86, 78, 0.42)", 45),
    hatch("ot-zoc-entente", "rgba(50, 125, 10, 0.62)", -35, 1.8),
    hatch("ot-zoc-central-powers", "rgba(35, 45, 75, 0.55)", 35, 1.8),
    arrow,
    arrowRet,
  ];
}

/** An element of the map that does not change between drawings, made once and moved into
 * each new drawing. */
function kept(st, geo, key, make) {
  if (st.keptFor !== geo) {
    st.kept = new Map();
    st.keptFor = geo;
  }
  if (!st.kept.has(key)) st.kept.set(key, make());
  return st.kept.get(key);
}

function terrainLayer(data, geo) {
  const g = svg("g", { class: "ot-terrain", "pointer-events": "none" });
  for (const id of geo.ids) {
    const h = data.map.hexes[id];
    const t = TERRAIN[h.terrain] || TERRAIN.clear;
    g.append(svg("polygon", { points: pts(geo.corners[id]), fill: t.fill, class: ["ot-hex", `t-${h.terrain}`, h.country && `c-${h.country}`] }));
  }
  return g;
}

function hexsideLayer(geo) {
  const g = svg("g", { class: "ot-hexsides", "pointer-events": "none" });
  const line = (s, cls, w) => svg("line", { class: cls, x1: s.ends[0][0], y1: s.ends[0][1], x2: s.ends[1][0], y2: s.ends[1][1], "stroke-width": w });
  const lakes = svg("g", { class: "ot-lakeside" });
  const rivers = svg("g", { class: "ot-rivers" });
  const frontier = svg("g", { class: "ot-frontier" });
  for (const s of geo.sides) {
    for (const f of s.features) {
      if (RIVER_W[f]) rivers.append(line(s, `ot-river ${f}`, RIVER_W[f]));
      else if (f === "lake-side") lakes.append(line(s, "ot-lake-side", 6.5));
      else if (f === "canal") rivers.append(line(s, "ot-canal", 2));
    }
    if (s.features.includes("frontier")) frontier.append(line(s, "ot-frontier-line", 3));
  }
  g.append(lakes, rivers, frontier);
  return g;
}

function linkPath(geo, hexes) {
  const p = hexes.filter((h) => geo.at[h]).map((h) => geo.at[h]);
  return p.length >= 2 ? `M${p.map((q) => `${q[0].toFixed(1)},${q[1].toFixed(1)}`).join("L")}` : "";
}

function exitPath(geo, line, ex) {
  const hs = line.hexes || [];
  const i = hs.indexOf(ex.hex);
  if (i < 0 || hs.length < 2) return null;
  const from = geo.at[hs[i === 0 ? 1 : i - 1]];
  const to = geo.at[ex.hex];
  if (!from || !to) return null;
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const len = Math.hypot(dx, dy) || 1;
  return `M${to[0].toFixed(1)},${to[1].toFixed(1)}l${((dx / len) * S * 0.75).toFixed(1)},${((dy / len) * S * 0.75).toFixed(1)}`;
}

function routesLayer(data, geo) {
  const g = svg("g", { class: "ot-routes", "pointer-events": "none" });
  const roads = svg("g", { class: "ot-roads" });
  for (const r of geo.roadLines) {
    const d = linkPath(geo, r.hexes || []);
    if (d) roads.append(svg("path", { class: "ot-road", d }));
    for (const ex of r.exits || []) {
      const e = exitPath(geo, r, ex);
      if (e) roads.append(svg("path", { class: "ot-road", d: e }));
    }
  }
  const rails = svg("g", { class: "ot-rails" });
  // broad gauge under the standard, every line twice: the casing then the ties
  for (const gauge of ["broad", "standard"]) {
    for (const line of geo.railLines) {
      if ((line.gauge || "standard") !== gauge) continue;
      const ds = [linkPath(geo, line.hexes || [])];
      for (const ex of line.exits || []) ds.push(exitPath(geo, line, ex));
      for (const d of ds.filter(Boolean)) {
        rails.append(svg("path", { class: ["ot-rail", gauge, line.volume === "high" ? "high" : "low"], d }));
        rails.append(svg("path", { class: ["ot-rail-ties", gauge, line.volume === "high" ? "high" : "low"], d }));
      }
    }
  }
  g.append(roads, rails);
  return g;
}

function townMarks(data, geo) {
  const g = svg("g", { class: "ot-towns", "pointer-events": "none" });
  const list = [...(data.map.towns || [])].sort((a, b) => TOWN_RANK[b.size] - TOWN_RANK[a.size]);
  for (const t of list) {
    const p = geo.towns[t.id];
    if (!p) continue;
    const [x, y] = p;
    const mark = svg("g", { class: ["ot-town", `s-${t.size}`], "data-town": t.id, "data-hex": t.hex });
    if (t.size === "full-city") {
      // a city filling most of its hex
      const c = geo.at[t.hex];
      const inner = geo.corners[t.hex].map(([cx, cy]) => [c[0] + (cx - c[0]) * 0.62, c[1] + (cy - c[1]) * 0.62]);
      mark.append(svg("polygon", { class: "ot-city full", points: pts(inner) }));
    } else if (t.size === "partial-city") {
      mark.append(svg("rect", { class: "ot-city partial", x: x - 6.5, y: y - 5, width: 13, height: 10, rx: 1.5 }));
    } else if (t.size === "town") {
      mark.append(svg("rect", { class: "ot-town-dot town", x: x - 3.4, y: y - 3.4, width: 6.8, height: 6.8 }));
    } else {
      mark.append(svg("circle", { class: "ot-town-dot place", cx: x, cy: y, r: 2.3 }));
    }
    if (t.fortress) mark.append(fortMark(x, y, t.fortress.type));
    if (t.port) mark.append(svg("text", { class: "ot-port", x: x + 7, y: y + 11, "font-size": 10 }, "⚓"));
    g.append(mark);
  }
  return g;
}

/** A bastioned trace round a fortress town; a great fortress has a second ring. */
function fortMark(x, y, type) {
  const ring = (r) => {
    const p = [];
    for (let i = 0; i < 10; i += 1) {
      const a = -Math.PI / 2 + (Math.PI * i) / 5;
      const rr = i % 2 ? r * 0.62 : r;
      p.push([x + rr * Math.cos(a), y + rr * Math.sin(a)]);
    }
    return pts(p);
  };
  const g = svg("g", { class: ["ot-fort", type] });
  g.append(svg("polygon", { points: ring(9.5) }));
  if (type === "great") g.append(svg("polygon", { class: "inner", points: ring(13) }));
  return g;
}

/** The names of the towns at this zoom: cities and fortresses first; a name that would run
 * over another is left to the tooltip (and to zooming in). */
function townLabels(data, geo, st, occupied) {
  const k = st.k;
  const hexPx = (2 * S) / k;
  const g = svg("g", { class: "ot-town-names", "pointer-events": "none" });
  // the counters are obstacles: a name goes beside them where it can
  const counters = st.show.counters
    ? [...occupied].filter((h) => geo.at[h]).map((h) => {
        const [cx, cy] = geo.at[h];
        return [cx - C / 2 - 3, cy - C / 2 - 5, cx + C / 2 + 5, cy + C / 2 + 3];
      })
    : [];
  const list = [...(data.map.towns || [])].sort(
    (a, b) => TOWN_RANK[a.size] - TOWN_RANK[b.size] || (b.fortress ? 1 : 0) - (a.fortress ? 1 : 0) || (b.port ? 1 : 0) - (a.port ? 1 : 0),
  );
  const taken = [];
  for (const t of list) {
    const p = geo.towns[t.id];
    if (!p) continue;
    const major = t.size !== "place" || t.fortress || t.port;
    if (!major && hexPx < 64) continue;
    const px = TOWN_PX[t.size] + (t.fortress && t.size === "place" ? 1 : 0);
    const size = px * k;
    const bold = t.size !== "place";
    const w = textWidth(t.name, px, bold) * k;
    const [x, y] = p;
    const gap = (t.size === "full-city" ? 12 : t.fortress ? 10 : 5) * k;
    const c = geo.at[t.hex];
    const tries = [
      [x + gap, y + size * 0.34, "start"],
      [x - gap, y + size * 0.34, "end"],
      [x, y + gap + size * 0.8, "middle"],
      [x, y - gap - size * 0.1, "middle"],
      // beside the counters of the town's hex
      [c[0], c[1] + C / 2 + 4 + size * 0.8, "middle"],
      [c[0], c[1] - C / 2 - 6, "middle"],
      [c[0] + C / 2 + 5, y + size * 0.34, "start"],
      [c[0] - C / 2 - 5, y + size * 0.34, "end"],
    ];
    let spot = null;
    let fallback = null;
    for (const [lx, ly, anchor] of tries) {
      const x0 = anchor === "start" ? lx : anchor === "end" ? lx - w : lx - w / 2;
      const box = [x0 - 1.5 * k, ly - size * 0.8, x0 + w + 1.5 * k, ly + size * 0.25];
      if (box[0] < 0 || box[2] > geo.W || box[1] < 0 || box[3] > geo.H) continue;
      if (collides(box, taken)) continue;
      if (!collides(box, counters)) {
        spot = { lx, ly, anchor, box };
        break;
      }
      if (!fallback) fallback = { lx, ly, anchor, box };
    }
    // a city's or a town's name is written even where counters cover part of it
    if (!spot && major && t.size !== "place") spot = fallback;
    if (!spot) continue;
    taken.push(spot.box);
    g.append(
      svg(
        "text",
        {
          class: ["ot-town-name", `s-${t.size}`, t.fortress && "fortress"],
          x: spot.lx.toFixed(1),
          y: spot.ly.toFixed(1),
          "text-anchor": spot.anchor,
          "font-size": size.toFixed(2),
          "stroke-width": (2.6 * k).toFixed(2),
          "data-town": t.id,
        },
        t.name,
      ),
    );
  }
  return g;
}

function unitsByHex(board) {
  const m = new Map();
  for (const u of board.units || []) {
    if (!u.hex) continue;
    if (!m.has(u.hex)) m.set(u.hex, []);
    m.get(u.hex).push(u);
  }
  return m;
}

function unitRank(u, st) {
  const sel = (st.board.selected || []).includes(u.id) ? 10000 : 0;
  const act = st.act.unit.has(u.id) ? 1000 : 0;
  const fight = isHq(u) ? 0 : 100 + (Number(u.attack) || 0) + (Number(u.defense) || 0);
  return sel + act + fight;
}

function drawMap(shape, data, st) {
  const view = shape.view || {};
  const board = view.board || {};
  const geo = geometry(data);
  const k = st.k;
  const map = mapRoot(st, { prefix: "ot", label: "Map of East Prussia and Russian Poland, 1914", width: geo.W, height: geo.H, glow: { blur: 2.4, margin: 30 }, defs: patterns() });
  map.classList.toggle("no-counters", !st.show.counters);
  map.append(kept(st, geo, "terrain", () => terrainLayer(data, geo)));

  // hexes whose owner is not their 1914 country
  const own = svg("g", { class: "ot-owner", "pointer-events": "none" });
  for (const [h, side] of Object.entries(board.owner || {})) {
    if (!side || !geo.corners[h]) continue; // null: contested, owned by neither side (9J)
    own.append(svg("polygon", { points: pts(geo.corners[h]), fill: `url(#ot-own-${side})`, class: "ot-owned" }));
  }
  map.append(own);

  // zones of control (a toggle)
  if (st.show.zoc) {
    const z = svg("g", { class: "ot-zoc", "pointer-events": "none" });
    for (const [side, list] of Object.entries(board.zoc || {})) {
      for (const h of list || []) {
        if (geo.corners[h]) z.append(svg("polygon", { points: pts(geo.corners[h]), fill: `url(#ot-zoc-${side})`, class: `zoc-${side}` }));
      }
    }
    map.append(z);
  }

  map.append(kept(st, geo, "routes", () => routesLayer(data, geo)));
  map.append(kept(st, geo, "hexsides", () => hexsideLayer(geo)));

  // broken rail, field works
  const marks = svg("g", { class: "ot-marks", "pointer-events": "none" });
  for (const h of board.breaks || []) {
    const c = geo.at[h];
    if (!c) continue;
    const s = 7;
    marks.append(svg("path", { class: "ot-break", d: `M${c[0] - s},${c[1] - s}L${c[0] + s},${c[1] + s}M${c[0] + s},${c[1] - s}L${c[0] - s},${c[1] + s}` }));
  }
  // 7A7: a rail line captured and not yet cleared (a hit marker: a bar across the line)
  for (const h of board.obstructed || []) {
    const c = geo.at[h];
    if (!c) continue;
    marks.append(svg("rect", { class: "ot-obstructed", x: c[0] - 6, y: c[1] - 2, width: 12, height: 4, rx: 1 }));
  }
  // 13A2: a demolished bridge, a gap drawn across its hexside
  for (const key of board.demolished || []) {
    const [a, b] = key.split("|").map((h) => geo.at[h]);
    if (!a || !b) continue;
    const [mx, my] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const [dx, dy] = [(b[0] - a[0]) / 4, (b[1] - a[1]) / 4];
    marks.append(svg("path", { class: "ot-demolished", d: `M${mx - dx - dy * 0.6},${my - dy + dx * 0.6}L${mx + dx + dy * 0.6},${my + dy - dx * 0.6}M${mx - dx + dy * 0.6},${my - dy - dx * 0.6}L${mx + dx - dy * 0.6},${my + dy + dx * 0.6}` }));
  }
  for (const [h, w] of Object.entries(board.works || {})) {
    const cs = geo.corners[h];
    if (!cs) continue;
    // a line of works along the hex's lower edge, doubled for entrenchments
    const [a, b] = [cs[2], cs[1]];
    const y0 = a[1] - 4;
    const ticks = (y) => {
      let d = `M${a[0] + 2},${y}H${b[0] - 2}`;
      for (let x = a[0] + 4; x < b[0] - 2; x += 4) d += `M${x},${y}v-2.4`;
      return d;
    };
    marks.append(svg("path", { class: ["ot-works", `w-${w.side}`, w.level >= 2 && "entrenched"], d: w.level >= 2 ? `${ticks(y0)}${ticks(y0 - 4)}` : ticks(y0) }));
  }
  map.append(marks);

  map.append(kept(st, geo, "towns", () => townMarks(data, geo)));
  const occupied = new Set([...(board.units || []).map((u) => u.hex), ...(board.hidden || []).map((x) => x.hex)].filter(Boolean));
  map.append(townLabels(data, geo, st, occupied));

  // the hexes the pointer and the clicks land on: reach, targets, what may be clicked
  const reach = st.reach;
  const attackTargets = new Set();
  const bombardTargets = new Set();
  const placeTargets = new Set(); // 16B3: where a Man Pt of the pool may go
  for (const c of st.actAll) {
    const a = c.action;
    if (a && typeof a === "object" && typeof a.attack === "string") attackTargets.add(a.attack);
    if (a && typeof a === "object" && typeof a.bombard === "string") bombardTargets.add(a.bombard);
    if (a && typeof a === "object" && typeof a.place_man === "string") placeTargets.add(a.place_man);
  }
  st.targets = attackTargets;
  const byHex = unitsByHex(board);
  const hexLayer = svg("g", { class: "ot-hexes" });
  const idLayer = svg("g", { class: "ot-ids", "pointer-events": "none" });
  const showIds = st.show.ids || (2 * S) / k >= 92;
  for (const id of geo.ids) {
    const hexActs = st.act.hex.get(id) || [];
    const unitActs = (byHex.get(id) || []).some((u) => st.act.unit.has(u.id));
    const r = reach[id];
    const h = data.map.hexes[id];
    const poly = svg("polygon", {
      points: pts(geo.corners[id]),
      class: [
        "ot-cell",
        (hexActs.length || unitActs) && "actionable",
        r && `reach reach-${r.by}`,
        attackTargets.has(id) && "target",
        bombardTargets.has(id) && "bombard",
        placeTargets.has(id) && "place",
        board.attack && board.attack.hex === id && "attacked",
        (h.terrain === "sea" || h.terrain === "lake") && "water",
      ],
      "data-hex": id,
      "data-tip": `hex:${id}`,
    });
    hexLayer.append(poly);
    if (r && typeof r.mp === "number") {
      const c = geo.corners[id][4];
      idLayer.append(svg("text", { class: ["ot-mp", `reach-${r.by}`], x: c[0] + 1, y: c[1] + 9.5, "font-size": 8.5 }, String(r.mp)));
    }
    if (showIds) {
      const c = geo.at[id];
      const size = Math.min(8.5, 7.5 * k);
      idLayer.append(svg("text", { class: "ot-id", x: c[0], y: c[1] - (S * R3) / 2 + size + 0.6, "text-anchor": "middle", "font-size": size.toFixed(2) }, id));
    }
  }
  map.append(hexLayer, idLayer);

  // HQs' zones of influence and supply (a toggle)
  if (st.show.supply) map.append(supplyLayer(board, geo, byHex));

  // the counters, and the Res Pts on the ground beside them (11G)
  map.append(stacksLayer(shape, data, st, geo, byHex));
  map.append(resLayer(board, geo));
  map.append(contestedLayer(board, geo));

  // the attack being built and the last combat
  map.append(combatLayer(board, data, geo, st, byHex, attackTargets, bombardTargets));
  return map;
}

function hexesWithin(geo, from, n) {
  const seen = new Set([from]);
  let ring = [from];
  for (let i = 0; i < n; i += 1) {
    const next = [];
    for (const h of ring) for (const x of geo.nbrs[h] || []) if (!seen.has(x)) (seen.add(x), next.push(x));
    ring = next;
  }
  return seen;
}

function supplyLayer(board, geo, byHex) {
  const g = svg("g", { class: "ot-supply", "pointer-events": "none" });
  const units = new Map((board.units || []).map((u) => [u.id, u]));
  for (const [uid, info] of Object.entries(board.hq || {})) {
    const u = units.get(uid);
    let zoi = info && info.zoi;
    if (typeof zoi === "number" && u && u.hex) zoi = [...hexesWithin(geo, u.hex, zoi)];
    if (!Array.isArray(zoi)) continue;
    for (const h of zoi) {
      if (geo.corners[h]) g.append(svg("polygon", { class: ["ot-zoi", u && `zoi-${u.side}`, info.active === false && "inactive"], points: pts(geo.corners[h]) }));
    }
  }
  for (const [h, list] of byHex) {
    const worst = list.some((u) => u.supply === "isolated") ? "isolated" : list.some((u) => u.supply === "out") ? "out" : null;
    if (!worst || !geo.at[h]) continue;
    const [x, y] = geo.at[h];
    g.append(svg("circle", { class: ["ot-supply-ring", worst], cx: x, cy: y, r: C * 0.78 }));
  }
  return g;
}

/** 11G: the Res Pts on the ground: one's own, and the enemy's where his counters are seen
 * (the view lists them by side and hex). A crate with the count at the hex's lower left. */
function resLayer(board, geo) {
  const g = svg("g", { class: "ot-res", "pointer-events": "none" });
  for (const [side, pile] of Object.entries(board.res || {})) {
    for (const [h, n] of Object.entries(pile || {})) {
      if (!geo.at[h] || !n) continue;
      const [cx, cy] = geo.at[h];
      const w = C * 0.42;
      const x = cx - C * 0.78;
      const y = cy + C * 0.12;
      g.append(
        svg(
          "g",
          { class: ["ot-res-crate", `res-${side}`], "data-res": `${side}:${h}` },
          svg("rect", { x, y, width: w, height: w * 0.7, rx: 1.5 }),
          svg("text", { x: x + w / 2, y: y + w * 0.55, "text-anchor": "middle", "font-size": (w * 0.5).toFixed(1) }, `R${n}`),
        ),
      );
    }
  }
  return g;
}

function stacksLayer(shape, data, st, geo, byHex) {
  const board = st.board;
  const g = svg("g", { class: "ot-stacks" });
  const selected = new Set(board.selected || []);
  const attacking = new Set((board.attack && board.attack.units) || []);
  const detail = C / st.k >= 40; // the name on the counter only where it can be read
  for (const [h, list] of byHex) {
    if (!geo.at[h]) continue;
    const bySide = new Map();
    for (const u of list) {
      if (!bySide.has(u.side)) bySide.set(u.side, []);
      bySide.get(u.side).push(u);
    }
    const groups = [...bySide.entries()];
    groups.forEach(([side, us], gi) => {
      us.sort((a, b) => unitRank(b, st) - unitRank(a, st));
      const top = us[0];
      const n = us.length;
      const layers = Math.min(3, n) - 1;
      const shift = groups.length > 1 ? (gi === 0 ? -C * 0.3 : C * 0.3) : 0;
      const [cx, cy] = geo.at[h];
      const x = cx - C / 2 - layers * 1.5 + shift;
      const y = cy - C / 2 + layers * 1.5;
      const acts = us.some((u) => st.act.unit.has(u.id)) || (st.act.hex.get(h) || []).some((c) => c.action && c.action.stack === h);
      const mine = side === shape.role;
      const stack = svg("g", {
        class: [
          "ot-stack",
          mine ? "mine" : "theirs",
          acts && "actionable",
          us.some((u) => selected.has(u.id)) && "selected",
          us.some((u) => attacking.has(u.id)) && "attacking",
          !mine && st.targets && st.targets.has(h) && "target",
          !mine && board.attack && board.attack.hex === h && "attacked",
          us.some((u) => st.act.unit.has(u.id) && st.act.unit.get(u.id).some((c) => c.action && "add" in c.action)) && "may-join",
        ],
        "data-hex": h,
        "data-side": side,
        "data-units": us.map((u) => u.id).join(" "),
        "data-tip": `stack:${h}:${side}`,
        transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`,
      });
      for (let i = layers; i >= 1; i -= 1) {
        stack.append(svg("rect", { class: "ot-c-under", x: i * 3, y: -i * 3, width: C, height: C, rx: C * 0.08, fill: sideLook(side).band }));
      }
      stack.append(svg("rect", { class: "ot-c-ring", x: -2.5, y: -2.5, width: C + 5, height: C + 5, rx: C * 0.12 }));
      stack.append(counter(top, C, { detail }));
      if (n > 1) {
        stack.append(svg("circle", { class: "ot-count-bg", cx: 1, cy: 1, r: 7.2 }), svg("text", { class: "ot-count", x: 1, y: 4.4, "text-anchor": "middle", "font-size": 9.5 }, String(n)));
      }
      g.append(stack);
    });
  }
  for (const hdn of board.hidden || []) {
    if (!geo.at[hdn.hex]) continue;
    const [cx, cy] = geo.at[hdn.hex];
    const shown = byHex.has(hdn.hex);
    const x = cx - C / 2 + (shown ? C * 0.3 : 0);
    const y = cy - C / 2;
    const acts = (st.act.hex.get(hdn.hex) || []).length > 0;
    const stack = svg("g", {
      class: ["ot-stack", "theirs", "unseen", acts && "actionable", st.targets && st.targets.has(hdn.hex) && "target", board.attack && board.attack.hex === hdn.hex && "attacked"],
      "data-hex": hdn.hex,
      "data-side": hdn.side,
      "data-tip": `hidden:${hdn.hex}`,
      transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`,
    });
    stack.append(svg("rect", { class: "ot-c-ring", x: -2.5, y: -2.5, width: C + 5, height: C + 5, rx: C * 0.12 }));
    stack.append(blankCounter(hdn.side, hdn.count));
    g.append(stack);
  }
  return g;
}

function arrow(from, to, cls, trimEnd = 0.42, trimStart = 0.32) {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const len = Math.hypot(dx, dy) || 1;
  const a = [from[0] + (dx / len) * S * trimStart, from[1] + (dy / len) * S * trimStart];
  const b = [to[0] - (dx / len) * S * trimEnd, to[1] - (dy / len) * S * trimEnd];
  return svg("path", { class: cls, d: `M${a[0].toFixed(1)},${a[1].toFixed(1)}L${b[0].toFixed(1)},${b[1].toFixed(1)}`, "marker-end": "url(#ot-arrow)" });
}

function combatLayer(board, data, geo, st, byHex, attackTargets, bombardTargets) {
  const g = svg("g", { class: "ot-combat", "pointer-events": "none" });
  const where = new Map((board.units || []).map((u) => [u.id, u.hex]));
  // the enemy hexes that may be attacked: crossed sabres at their top
  for (const h of attackTargets) {
    const c = geo.at[h];
    if (!c || (board.attack && board.attack.hex === h)) continue;
    const odds = board.targets && board.targets[h] && board.targets[h].odds;
    // the sabres at the hex's top; the best odds open (every able unit attacking) beside them
    g.append(svg("text", { class: "ot-target-mark", x: c[0] + S * 0.62, y: c[1] - S * 0.42, "text-anchor": "middle", "font-size": 14 }, "⚔"));
    if (odds) {
      const w = textWidth(String(odds), 9.5, true) + 6;
      const y = c[1] + S * 0.78;
      g.append(
        svg("rect", { class: "ot-odds-bg", x: c[0] - w / 2, y: y - 8.5, width: w, height: 11.5, rx: 2.5 }),
        svg("text", { class: "ot-target-odds", x: c[0], y: y + 0.6, "text-anchor": "middle", "font-size": 9.5 }, String(odds)),
      );
    }
  }
  for (const h of bombardTargets) {
    const c = geo.at[h];
    if (c) g.append(svg("text", { class: "ot-target-mark bombard", x: c[0] + S * 0.55, y: c[1] - S * 0.42, "text-anchor": "middle", "font-size": 12 }, "✹"));
  }
  const att = board.attack;
  if (att && geo.at[att.hex]) {
    const c = geo.at[att.hex];
    g.append(svg("polygon", { class: "ot-attack-hex", points: pts(geo.corners[att.hex]) }));
    const from = new Set((att.units || []).map((u) => where.get(u)).filter(Boolean));
    for (const h of from) if (geo.at[h]) g.append(arrow(geo.at[h], c, "ot-attack-arrow"));
    if (att.odds) {
      const text = `${att.odds}${att.column && att.column !== att.odds ? ` → ${columnWords(att)}` : ""}`;
      const w = textWidth(text, 11, true) + 8;
      const y = c[1] + S * 0.62;
      g.append(
        svg("rect", { class: "ot-odds-bg", x: c[0] - w / 2, y: y - 10, width: w, height: 14, rx: 3 }),
        svg("text", { class: "ot-odds", x: c[0], y: y + 0.8, "text-anchor": "middle", "font-size": 11 }, text),
      );
    }
  }
  const last = board.last;
  if (last && geo.at[last.hex]) {
    const c = geo.at[last.hex];
    g.append(svg("polygon", { class: "ot-last-hex", points: pts(geo.corners[last.hex]) }));
    for (const [uid, path] of Object.entries(last.retreats || {})) {
      const hs = (path || []).filter((h) => geo.at[h]);
      if (!hs.length) continue;
      const from = (last.retreat_from || {})[uid] || ((last.defenders || []).includes(uid) ? last.hex : null);
      const full = from && geo.at[from] && hs[0] !== from ? [from, ...hs] : hs;
      if (full.length < 2) {
        // an attacker's retreat of one hex from a hex the report does not name: its end only
        const [x, y] = geo.at[full[0]];
        g.append(svg("circle", { class: "ot-retreat-end", cx: x, cy: y, r: C * 0.62, "data-unit": uid }));
        continue;
      }
      const d = `M${full.map((h) => `${geo.at[h][0].toFixed(1)},${geo.at[h][1].toFixed(1)}`).join("L")}`;
      g.append(svg("path", { class: "ot-retreat", d, "marker-end": "url(#ot-arrow-ret)", "data-unit": uid }));
    }
    for (const uid of last.advance || []) {
      const h = where.get(uid);
      if (h && geo.at[h] && h !== last.hex) g.append(arrow(geo.at[h], c, "ot-advance"));
    }
    if (last.result) {
      const text = String(last.result);
      const w = textWidth(text, 12, true) + 10;
      const x = c[0] + S * 0.35;
      const y = c[1] - S * 0.85;
      g.append(
        svg("rect", { class: "ot-result-bg", x: x - w / 2, y: y - 11, width: w, height: 15, rx: 3 }),
        svg("text", { class: "ot-result", x, y: y + 0.5, "text-anchor": "middle", "font-size": 12 }, text),
      );
    }
  }
  return g;
}

// ----- the panel ------------------------------------------------------------------------------

function actionButton(st, c, extra, text = null) {
  return el(
    "button",
    {
      type: "button",
      class: ["btn", "small", extra],
      title: capital(c.label),
      "data-action": JSON.stringify(c.action),
      disabled: st.onAction ? null : true,
      onclick: () => choose(st, c),
      onmouseenter: () => lightAction(st, c.action, true),
      onmouseleave: () => lightAction(st, c.action, false),
    },
    text || capital(c.label),
  );
}

function lightAction(st, action, on) {
  if (!st.map) return;
  highlightIn(st, on ? action : st.lit);
}

function unitRow(st, u, { acts = [], note = null } = {}) {
  return el(
    "div",
    { class: ["ot-unit-row", u.side === st.shape.role && "mine"], "data-unit": u.id },
    miniCounter(u, 28),
    el("div", { class: "ot-unit-text" }, el("div", { class: "ot-unit-name" }, u.name || u.id), el("div", { class: "ot-unit-sub" }, note || unitLine(u))),
    acts.length ? el("div", { class: "ot-unit-acts" }, acts.map((c) => actionButton(st, c, "tiny", shortLabel(c)))) : null,
  );
}

function panel(shape, data, st) {
  const board = st.board;
  const box = el("div", { class: "ot-panel" });
  const turns = Number(board.turns) || (data.turns || []).length || 4;
  const ti = Number(board.turn_index) || 0;
  box.append(
    el(
      "div",
      { class: "ot-section ot-turn" },
      el("div", { class: "ot-turn-name" }, board.turn || "—", board.date ? el("span", { class: "muted small" }, ` ${board.date}`) : null),
      el(
        "div",
        { class: "ot-track", "aria-label": `game turn ${ti + 1} of ${turns}` },
        Array.from({ length: turns }, (_, i) => {
          const t = (data.turns || [])[i];
          return el("span", { class: ["ot-tt", i < ti && "past", i === ti && "now"], title: t ? t.name : `turn ${i + 1}` }, t ? t.name.replace(/ \d+$/, "") : String(i + 1));
        }),
      ),
      board.phasing
        ? el("div", { class: "ot-phasing" }, el("span", { class: ["ot-side-chip", `s-${board.phasing}`] }, sideName(data, board.phasing)), " player turn")
        : null,
      el(
        "ol",
        { class: "ot-phases" },
        PHASES.map((p) => el("li", { class: [p === board.phase && "now", PHASES.indexOf(p) < PHASES.indexOf(board.phase) && "past"] }, PHASE_TEXT[p])),
      ),
      railText(board, shape.role) ? el("div", { class: "small muted" }, railText(board, shape.role)) : null,
      airText(board, data) ? el("div", { class: "small muted ot-air" }, airText(board, data)) : null,
      resText(board, shape.role) ? el("div", { class: "small muted ot-res-text" }, resText(board, shape.role)) : null,
      staffText(board, data) ? el("div", { class: "small muted ot-general-staff" }, staffText(board, data)) : null,
      board.vp
        ? el(
            "div",
            { class: "ot-vp" },
            Object.entries(board.vp).map(([side, v]) => el("span", { class: ["ot-side-chip", `s-${side}`], title: `${sideName(data, side)}: victory points from losses and options so far` }, `${sideName(data, side)} ${v} VP`)),
          )
        : null,
    ),
  );

  // what is being done now: the attack, the unit moving, the orders that name no place
  if (board.attack) box.append(attackPanel(st, data, board));
  else if (board.selected && board.selected.length) box.append(selectionPanel(st, data, board));
  const moving = !board.attack && board.selected && board.selected.length;
  const rest = moving || board.attack ? [] : st.act.other;
  if (rest.length) {
    // 16B3: the Man Pts are placed by a click on a tinted hex, taken back by one on their counter
    const placing = st.actAll.some((c) => c.action && typeof c.action.place_man === "string");
    const taking = st.actAll.some((c) => c.action && typeof c.action.take_back === "string");
    const how = placing ? "Click a tinted hex to place the Man Pt there." : taking ? "Click a Man Pt counter of yours to take it back into the pool." : null;
    box.append(
      el(
        "div",
        { class: "ot-section ot-orders" },
        el("h3", {}, "Orders"),
        how ? el("p", { class: "small muted" }, how) : null,
        el("div", { class: "ot-buttons" }, rest.map((c) => actionButton(st, c, c.action && "end" in c.action ? "primary" : null))),
      ),
    );
  }
  const waitingHint = hint(shape, st);
  if (waitingHint) box.append(el("div", { class: "ot-section ot-hint small" }, waitingHint));
  if (board.last) box.append(lastPanel(st, data, board.last));
  if (st.openStack) {
    const sp = stackPanel(st, data, st.openStack);
    if (sp) box.append(sp);
  }
  const due = board.due || [];
  if (due.length) {
    box.append(
      el(
        "details",
        keep(st, "due", { class: "ot-section ot-due", open: false }),
        el("summary", {}, `Reinforcements due (${due.reduce((s, d) => s + (d.units || []).length, 0)})`),
        el(
          "ul",
          {},
          due.map((d) =>
            el("li", {}, el("b", {}, `${turnName(data, d.turn)}: `), `${plural((d.units || []).length, "unit")}${d.entry ? ` at ${typeof d.entry === "string" ? d.entry : d.entry.place || JSON.stringify(d.entry)}` : ""}`, el("div", { class: "muted small" }, (d.units || []).map((u) => (data.units && data.units[u] && data.units[u].name) || u).join(", "))),
          ),
        ),
      ),
    );
  }
  const elim = Object.entries(board.eliminated || {}).filter(([, l]) => (l || []).length);
  if (elim.length) {
    box.append(
      el(
        "details",
        keep(st, "elim", { class: "ot-section ot-elim", open: false }),
        el("summary", {}, `Eliminated (${elim.map(([s, l]) => `${sideLook(s).short} ${l.length}`).join(", ")})`),
        elim.map(([side, l]) => el("div", { class: "small" }, el("b", {}, `${sideName(data, side)}: `), l.map((u) => (data.units && data.units[u] && data.units[u].name) || u).join(", "))),
      ),
    );
  }
  box.append(toggles(st), legend(st));
  return box;
}

function turnName(data, id) {
  const t = (data.turns || []).find((x) => x.id === id || x.name === id);
  return t ? t.name : String(id ?? "?");
}

function airText(board, data) {
  const air = board.air || {};
  return Object.entries(air)
    .filter(([, a]) => a && typeof a === "object")
    // B17B1: "aborts" counts the abort attempts still to make this phase, not points aborted;
    // the points flying superiority are spent, no longer among those left
    .map(([side, a]) => {
      const extra = [];
      if (a.sup) extra.push(`${a.sup} flew air superiority`);
      if (a.aborts) extra.push(`${plural(a.aborts, "abort attempt")} against enemy air points left`);
      return `${sideName(data, side)} air: ${plural(a.left ?? 0, "point")} left this player turn${extra.length ? ` (${extra.join("; ")})` : ""}`;
    })
    .join(" · ");
}

/** 14P: one's own leaders at the general staff, and which may take a command now. */
function staffText(board, data) {
  const staff = Object.entries(board.staff || {});
  if (!staff.length) return "";
  const names = staff.map(([id, ready]) => `${((data.leaders || {})[id] || {}).name || id}${ready ? "" : " (not before your next initial phase)"}`);
  return `At the general staff: ${names.join("; ")}`;
}

function railText(board, role) {
  const r = board.rail && role && board.rail[role];
  if (!r || r.capacity === undefined) return "";
  return `Rail capacity used this turn: ${r.used ?? 0} of ${r.capacity}`;
}

/** 11G, 11H: one's own Res Pts, on the ground and carried by Army HQs. */
function resText(board, role) {
  const pile = board.res && role && board.res[role];
  if (!pile) return "";
  const ground = Object.values(pile).reduce((a, b) => a + b, 0);
  const carried = (board.units || []).filter((u) => u.side === role).reduce((a, u) => a + (u.carry || 0), 0);
  return `Res Pts: ${ground} on the ground, ${carried} carried by Army HQs`;
}

function hint(shape, st) {
  const board = st.board;
  if (!st.onAction) return "Replay: read only.";
  if (board.attack) return null;
  if (board.selected && board.selected.length) return null;
  const all = (shape.actions || []).filter((a) => a && typeof a === "object");
  const count = (key) => all.filter((a) => key in a && a[key] !== null).length;
  const targets = count("attack");
  if (targets) return `Click an enemy hex ringed in red (⚔) to attack it: ${plural(targets, "target")}; the odds with every able unit are written under it.`;
  if (count("activate")) return "Click an Army HQ ringed in brass to check whether it stays active (14M); its units may then react.";
  if (count("commit")) return "Click a stack ringed in brass to commit it as a reserve, or commit none.";
  if (count("retreat")) return "Click the hex to retreat into.";
  if (count("bombard")) return "Click a hex marked ✹ to bombard it.";
  if (count("unit") || count("stack")) return "Click one of your counters ringed in brass to move it, or a stack to open it.";
  if (!(shape.actions || []).length) return "Waiting for the other side.";
  return null;
}

function selectionPanel(st, data, board) {
  const units = new Map((board.units || []).map((u) => [u.id, u]));
  const list = (board.selected || []).map((id) => units.get(id)).filter(Boolean);
  const acts = st.act.other;
  const bys = new Set(Object.values(st.reach).flatMap((r) => Object.keys(r.modes)));
  return el(
    "div",
    { class: "ot-section ot-selection" },
    el("h3", {}, list.length > 1 ? `Moving a stack of ${list.length}` : "Moving"),
    list.map((u) => unitRow(st, u)),
    el(
      "div",
      { class: "small ot-reach-key" },
      Object.keys(st.reach).length
        ? ["Click a tinted hex to move there:", ...MODES.filter((b) => bys.has(b)).map((b) => el("span", { class: ["ot-reach-sw", `reach-${b}`] }, BY_TEXT[b]))]
        : "No hex within reach.",
    ),
    acts.length ? el("div", { class: "ot-buttons" }, acts.map((c) => actionButton(st, c))) : null,
  );
}

function attackPanel(st, data, board) {
  const att = board.attack;
  const units = new Map((board.units || []).map((u) => [u.id, u]));
  const inAttack = new Set(att.units || []);
  const defenders = (board.units || []).filter((u) => u.hex === att.hex);
  const hidden = (board.hidden || []).find((h) => h.hex === att.hex);
  // attackers now, then the units that may join
  const joinable = [];
  for (const [uid, cs] of st.act.unit) {
    if (inAttack.has(uid)) continue;
    if (cs.some((c) => c.action && "add" in c.action)) joinable.push(uid);
  }
  const row = (uid) => {
    const u = units.get(uid) || { id: uid, ...(data.units && data.units[uid]) };
    const acts = (st.act.unit.get(uid) || []).filter((c) => c.action && ("add" in c.action || "remove" in c.action));
    return unitRow(st, u, { acts });
  };
  const buttons = st.act.other;
  const town = townsIn(data, geometry(data), att.hex);
  const figure = (label, value, title) => el("div", { class: "ot-fig", title }, el("span", { class: "ot-fig-l" }, label), el("b", {}, value === undefined || value === null ? "–" : String(value)));
  const signed = (n) => (typeof n === "number" ? (n > 0 ? `+${n}` : String(n)) : n);
  return el(
    "div",
    { class: "ot-section ot-attack" },
    el("h3", {}, `Attack on ${att.hex}${town ? ` (${town})` : ""}`),
    el(
      "div",
      { class: "ot-figs" },
      figure("Attack", att.attack, "total attack strength"),
      figure("Defense", att.defense, "total defense strength"),
      figure("Odds", att.odds, "attack to defense, rounded in the defender's favour"),
      figure("CRT", att.crt ? capital(att.crt) : null, "the Mobile or the Positional Combat Results Table"),
      figure("Column", columnWords(att), "the column used, after the shifts"),
      figure("DRM", signed(att.drm), "modifier to the die roll"),
      figure("Shifts", signed(att.shifts), "column shifts"),
    ),
    el("div", { class: "ot-sub" }, `Attackers (${inAttack.size})`),
    (att.units || []).length ? (att.units || []).map(row) : el("div", { class: "muted small" }, "None yet: click your counters next to the target."),
    joinable.length ? [el("div", { class: "ot-sub" }, "May join"), joinable.map(row)] : null,
    el("div", { class: "ot-sub" }, "Defenders"),
    defenders.length ? defenders.map((u) => unitRow(st, u)) : null,
    hidden ? el("div", { class: "muted small" }, `${plural(hidden.count, "counter")} unseen`) : null,
    att.air && Object.values(att.air).some(Boolean)
      ? el("div", { class: "small" }, `Air: ${Object.entries(att.air).filter(([, v]) => v).map(([k, v]) => `${AIR_TEXT[k] || k} ${v}`).join(", ")}`)
      : null,
    (att.notes || []).length ? el("div", { class: "small muted" }, att.notes.join("; ")) : null,
    buttons.length ? el("div", { class: "ot-buttons" }, buttons.map((c) => actionButton(st, c, c.action && "resolve" in c.action ? "primary" : null))) : null,
  );
}

function lastPanel(st, data, last) {
  const name = (uid) => {
    const u = (st.board.units || []).find((x) => x.id === uid);
    return (u && u.name) || (data.units && data.units[uid] && data.units[uid].name) || uid;
  };
  const town = townsIn(data, geometry(data), last.hex);
  const losses = Object.entries(last.losses || {}).filter(([, l]) => (l || []).length);
  const retreats = Object.entries(last.retreats || {});
  const drm = typeof last.drm === "number" && last.drm ? ` ${last.drm > 0 ? "+" : ""}${last.drm}` : "";
  // 9I: the defenders retreated before combat; no combat was fought, no die rolled
  const rbc = last.result === "RBC";
  const strengths = last.attack !== undefined && last.defense !== undefined && (last.attack || last.defense) ? `${last.attack} to ${last.defense}, ` : "";
  const line = rbc
    ? `${strengths}${last.odds || "?"} on the ${last.crt || "?"} CRT: the defenders retreated before combat (9I), no combat was fought: `
    : `${strengths}${last.odds || "?"}${last.column && last.column !== last.odds ? ` → ${last.column}` : ""} on the ${last.crt || "?"} CRT, ${last.roll === null || last.roll === undefined ? "no roll" : `die ${last.roll}${drm}`}: `;
  return el(
    "div",
    { class: "ot-section ot-last" },
    el("h3", {}, `Last combat: ${last.hex}${town ? ` (${town})` : ""}`),
    el(
      "div",
      { class: "small" },
      line,
      el("b", { class: "ot-result-code" }, String(last.result || "?")),
    ),
    el("div", { class: "small" }, `Attackers: ${(last.attackers || []).map(name).join(", ") || "—"}`),
    el("div", { class: "small" }, `Defenders: ${(last.defenders || []).map(name).join(", ") || "—"}`),
    losses.length ? el("div", { class: "small" }, "Losses: ", losses.map(([s, l]) => `${sideName(data, s)}: ${l.map(name).join(", ")}`).join("; ")) : el("div", { class: "small muted" }, "No losses."),
    retreats.length ? el("div", { class: "small" }, "Retreats: ", retreats.map(([u, p]) => `${name(u)} → ${(p || []).join(" → ")}`).join("; ")) : null,
    (last.advance || []).length ? el("div", { class: "small" }, `Advance: ${(last.advance || []).map(name).join(", ")}`) : null,
    (last.notes || []).length ? el("div", { class: "small muted" }, (last.notes || []).join("; ")) : null,
  );
}

function stackPanel(st, data, h) {
  const list = (st.board.units || []).filter((u) => u.hex === h);
  const hidden = (st.board.hidden || []).filter((x) => x.hex === h);
  if (!list.length && !hidden.length) return null;
  const town = townsIn(data, geometry(data), h);
  return el(
    "div",
    { class: "ot-section ot-stack-panel" },
    el(
      "h3",
      {},
      `Stack at ${h}${town ? ` (${town})` : ""}`,
      el(
        "button",
        {
          type: "button",
          class: "btn tiny ghost ot-close",
          "aria-label": "close the stack",
          onclick: () => {
            st.openStack = null;
            draw(st.container, st);
          },
        },
        "×",
      ),
    ),
    list.map((u) => unitRow(st, u, { acts: st.act.unit.get(u.id) || [] })),
    hidden.map((x) => el("div", { class: "small muted" }, `${sideName(data, x.side)}: ${plural(x.count, "counter")} unseen`)),
  );
}

function toggles(st) {
  const item = (key, text, title) =>
    el(
      "label",
      { class: "ot-toggle", title },
      el("input", {
        type: "checkbox",
        checked: Boolean(st.show[key]),
        "data-toggle": key,
        onchange: (e) => {
          st.show[key] = e.target.checked;
          draw(st.container, st);
        },
      }),
      text,
    );
  return el(
    "div",
    { class: "ot-section ot-toggles" },
    item("counters", "Counters", "show the counters (off: read the map beneath them)"),
    item("zoc", "ZOC", "zones of control: each side's hatched the way of its colour"),
    item("supply", "Supply", "units out of supply or isolated ringed; Army HQs' zones of influence"),
    item("ids", "Hex ids", "the printed id of every hex (shown anyway when zoomed in)"),
  );
}

function swatch(draw) {
  return svg("svg", { class: "ot-sw", width: 26, height: 16, viewBox: "0 0 26 16", "aria-hidden": "true" }, draw);
}

function legend(st) {
  const item = (pic, text) => el("span", { class: "lg" }, pic, text);
  const hexSw = (fill) => swatch(svg("polygon", { points: "6,1 20,1 25,8 20,15 6,15 1,8", fill, stroke: "#8a7d5a", "stroke-width": 0.8 }));
  const lineSw = (cls, w) => swatch(svg("path", { class: cls, d: "M1,8H25", "stroke-width": w }));
  const sample = (side, type, size, extra = {}) => miniCounter({ side, type, size, attack: 4, defense: 5, movement: 4, ...extra }, 22);
  return el(
    "details",
    keep(st, "legend", { class: "ot-section ot-legend", open: false }),
    el("summary", {}, "Key"),
    el(
      "div",
      { class: "ot-legend-body" },
      el("div", { class: "ot-sub" }, "Terrain"),
      ["clear", "woods", "forest", "swamp", "wooded-swamp", "lake", "sea"].map((t) => item(swatch(svg("g", {}, svg("polygon", { points: "6,1 20,1 25,8 20,15 6,15 1,8", fill: TERRAIN[t].fill, stroke: "#8a7d5a", "stroke-width": 0.8 }))), TERRAIN[t].name)),
      el("div", { class: "ot-sub" }, "Hexsides and routes"),
      item(lineSw("ot-river major-river", RIVER_W["major-river"]), "major river"),
      item(lineSw("ot-river river", RIVER_W.river), "river"),
      item(lineSw("ot-river minor-river", RIVER_W["minor-river"]), "minor river"),
      item(lineSw("ot-lake-side", 6), "lake shore (impassable)"),
      item(lineSw("ot-frontier-line", 3), "1914 frontier"),
      item(swatch([svg("path", { class: "ot-rail standard high", d: "M1,8H25" }), svg("path", { class: "ot-rail-ties standard high", d: "M1,8H25" })]), "railway, standard gauge"),
      item(swatch([svg("path", { class: "ot-rail broad high", d: "M1,8H25" }), svg("path", { class: "ot-rail-ties broad high", d: "M1,8H25" })]), "railway, Russian broad gauge"),
      item(lineSw("ot-road"), "main road"),
      el("div", { class: "ot-sub" }, "Towns"),
      item(swatch(svg("polygon", { class: "ot-city full", points: "8,2 18,2 22,8 18,14 8,14 4,8" })), "city (Warsaw)"),
      item(swatch(svg("rect", { class: "ot-city partial", x: 7, y: 3, width: 12, height: 10, rx: 1.5 })), "partial-hex city"),
      item(swatch(svg("rect", { class: "ot-town-dot town", x: 10, y: 5, width: 6, height: 6 })), "town"),
      item(swatch(svg("circle", { class: "ot-town-dot place", cx: 13, cy: 8, r: 2.3 })), "place"),
      item(swatch(svg("g", { transform: "translate(13,8) scale(0.6) translate(-13,-8)" }, fortMark(13, 8, "great"))), "fortress (double: great)"),
      item(hexSw("url(#ot-own-entente)"), "hex taken by the other side"),
      item(hexSw("url(#ot-zoc-entente)"), "Entente zone of control (ZOC toggle)"),
      item(hexSw("url(#ot-zoc-central-powers)"), "Central Powers zone of control"),
      el("div", { class: "ot-sub" }, "Counters"),
      item(sample("central-powers", "rifle", "division"), "Central Powers infantry division (attack-defense-movement)"),
      item(sample("entente", "heavy-cavalry", "division"), "Entente cavalry division"),
      item(sample("entente", "heavy-artillery", "battalion"), "heavy artillery"),
      item(sample("central-powers", "corps-hq", "corps"), "HQ (army XXXX, corps XXX)"),
      item(sample("central-powers", "fortress", "brigade"), "fortress garrison"),
      item(sample("entente", "rifle", "division", { cadre: true, dis: 1, fat: 1, supply: "out" }), "D disrupted, BD badly disrupted, F fatigue, OS out of supply, ISO isolated; a pale top band: cadre"),
      el("div", { class: "ot-sub" }, "Orders"),
      item(el("span", { class: "ot-reach-sw reach-march" }, ""), "march"),
      item(el("span", { class: "ot-reach-sw reach-accel" }, ""), "accelerated march"),
      item(el("span", { class: "ot-reach-sw reach-rail" }, ""), "rail"),
      item(el("span", { class: "ot-reach-sw reach-strat" }, ""), "strategic rail (ends the unit's moving and attacking)"),
      item(el("span", { class: "ot-reach-sw reach-river" }, ""), "river (optional rule 7C)"),
      item(el("span", { class: "ot-reach-sw reach-overrun" }, ""), "overrun"),
      item(el("span", { class: "ot-lg-glyph" }, "⚔"), "may be attacked: click"),
      item(el("span", { class: "ot-lg-glyph" }, "DR"), "result of the last combat, retreats as arrows"),
    ),
  );
}

// ----- tooltips and the click menu ------------------------------------------------------------

function townsIn(data, geo, h) {
  return (geo.townsAt[h] || []).map((t) => t.name).join(", ");
}

function hexFacts(data, geo, h, board) {
  const rec = data.map.hexes[h] || {};
  const out = [];
  const towns = geo.townsAt[h] || [];
  const country = rec.country ? (data.map.countries && data.map.countries[rec.country] ? data.map.countries[rec.country].name : capital(rec.country)) : null;
  out.push(el("div", { class: "tip-sub" }, `${(TERRAIN[rec.terrain] || { name: rec.terrain }).name}${rec.water ? ` (${rec.water})` : ""}${country ? ` · ${country} in 1914` : ""}`));
  for (const t of towns) {
    const bits = [t.size === "place" ? "place" : t.size.replace("-", " ")];
    if (t.fortress) bits.push(FORT_TEXT[t.fortress.type] || "fortress");
    if (t.port) bits.push(`${t.port} port`);
    out.push(el("div", { class: "tip-row" }, el("b", {}, t.name), ` — ${bits.join(", ")}`));
  }
  const owner = board.owner && board.owner[h];
  if (owner) out.push(el("div", { class: "tip-row warn" }, `Held by ${sideName(data, owner)}`));
  const w = board.works && board.works[h];
  if (w) out.push(el("div", { class: "tip-row" }, `${w.level >= 2 ? "Entrenchments" : "Field works"} (${sideName(data, w.side)})`));
  const sides = (geo.sideOf[h] || []).map((s) => {
    const other = s.a === h ? s.b : s.a;
    const what = s.features.map((f) => RIVER_TEXT[f] || f).join(" and ");
    const name = s.river || s.lake;
    return `${what}${name ? ` (${name})` : ""} to ${other}`;
  });
  if (sides.length) out.push(el("div", { class: "tip-row small" }, sides.join("; ")));
  const lines = new Set();
  for (const n of geo.nbrs[h] || []) for (const l of geo.rail[[h, n].sort().join("|")] || []) lines.add(l);
  if (lines.size) out.push(el("div", { class: "tip-row small" }, `Rail: ${[...lines].map((l) => `${l.name} (${l.gauge} gauge)`).join("; ")}`));
  if ((board.breaks || []).includes(h)) out.push(el("div", { class: "tip-row warn" }, "Rail broken here"));
  // 15A1, 13A2-3: the bridges on the hex's sides, by road or rail across a river
  for (const key of (data.bridges || []).filter((k) => k.split("|").includes(h))) {
    const other = key.split("|").find((x) => x !== h);
    if ((board.demolished || []).includes(key)) {
      const work = (board.repairs || {})[key];
      out.push(el("div", { class: "tip-row warn" }, `Bridge to ${other} demolished${work ? ` (${work} MPs of repair done)` : ""}`));
    } else {
      const owner = key in (board.bridges || {}) ? board.bridges[key] : (data.bridge_owners || {})[key];
      out.push(el("div", { class: "tip-row small" }, `Bridge to ${other}: ${owner ? sideName(data, owner) : "nobody's yet"}`));
    }
  }
  if ((board.obstructed || []).includes(h)) out.push(el("div", { class: "tip-row warn" }, "Rail obstructed here: no rail movement until a division clears it"));
  if ((board.contested || []).includes(h)) out.push(el("div", { class: "tip-row warn" }, "Contested (9J): attacks on it use the Mobile CRT at -1 and ignore its fortifications; no works here"));
  for (const [side, pile] of Object.entries(board.res || {})) {
    if (pile && pile[h]) out.push(el("div", { class: "tip-row" }, `${plural(pile[h], "Res Pt")} of ${sideName(data, side)} on the ground: combat supply for units within 3 hexes (11D)`));
  }
  if ((board.depleted || []).includes(h)) out.push(el("div", { class: "tip-row warn" }, "Fortress depleted: it feeds no garrison until a supply line reaches it again"));
  const roads = new Set();
  for (const n of geo.nbrs[h] || []) for (const r of geo.roads[[h, n].sort().join("|")] || []) roads.add(r.name);
  if (roads.size) out.push(el("div", { class: "tip-row small" }, `Road: ${[...roads].join("; ")}`));
  return out;
}

function tipContent(key, st) {
  const { data, board } = st;
  const geo = geometry(data);
  const [kind, h, side] = key.split(":");
  if (!data.map.hexes[h]) return null;
  const town = townsIn(data, geo, h);
  const out = [el("div", { class: "tip-title" }, `${h}${town ? ` · ${town}` : ""}`)];
  if (kind === "stack") {
    const list = (board.units || []).filter((u) => u.hex === h && u.side === side).sort((a, b) => unitRank(b, st) - unitRank(a, st));
    for (const u of list) out.push(el("div", { class: "tip-row" }, el("i", { class: ["sw", `s-${u.side}`] }), el("b", {}, u.name || u.id), ` ${strengths(u)}`, el("div", { class: "small muted" }, unitLine(u), hqText(st, u))));
    const pile = (board.res || {})[side] || {};
    if (pile[h]) out.push(el("div", { class: "tip-row" }, `${plural(pile[h], "Res Pt")} on the ground (11G)`));
  } else if (kind === "hidden") {
    for (const x of (board.hidden || []).filter((y) => y.hex === h)) out.push(el("div", { class: "tip-row" }, el("i", { class: ["sw", `s-${x.side}`] }), `${sideName(data, x.side)}: ${plural(x.count, "counter")}, out of contact`));
  } else {
    out.push(...hexFacts(data, geo, h, board));
    const us = (board.units || []).filter((u) => u.hex === h);
    if (us.length) out.push(el("div", { class: "tip-row small" }, us.map((u) => `${u.name || u.id} ${strengths(u)}`).join("; ")));
  }
  const r = st.reach[h];
  if (r) out.push(el("div", { class: "tip-row" }, `Within reach: ${reachText(r)}`));
  const tg = board.targets && board.targets[h];
  if (tg) out.push(el("div", { class: "tip-row" }, `Attack with every able unit: ${tg.attack ?? "?"} to ${tg.defense ?? "?"}, ${tg.odds || "?"}${tg.column && tg.column !== tg.odds ? ` → ${tg.column}` : ""} on the ${tg.crt || "?"} CRT${tg.drm ? `, DRM ${tg.drm > 0 ? "+" : ""}${tg.drm}` : ""}`));
  const acts = menuChoices(st, h);
  if (acts.length) out.push(el("div", { class: "tip-act" }, acts.length === 1 ? `Click: ${capital(acts[0].label)}` : `${acts.length} orders — click`));
  return out;
}

/** An Army HQ's state (14M): active or not, its leader. */
function hqText(st, u) {
  const hq = st.board.hq && st.board.hq[u.id];
  if (!hq) return "";
  const leader = hq.leader && st.data.leaders && st.data.leaders[hq.leader];
  return ` · ${hq.active ? "active" : "inactive"}${hq.leader ? ` · ${(leader && leader.name) || hq.leader}` : ""}`;
}

/** What a click on hex `h` offers: the orders that name the hex, then those of its units. */
function menuChoices(st, h) {
  const out = [...(st.act.hex.get(h) || [])];
  for (const u of (st.board.units || []).filter((x) => x.hex === h)) for (const c of st.act.unit.get(u.id) || []) if (!out.includes(c)) out.push(c);
  return out;
}

function openMenu(container, h, x, y, reopen = false) {
  const st = states.get(container);
  if (!st || !st.wrap) return;
  const { data, board } = st;
  const geo = geometry(data);
  const list = st.onAction ? menuChoices(st, h) : [];
  const here = (board.units || []).filter((u) => u.hex === h);
  const hidden = (board.hidden || []).filter((u) => u.hex === h);
  const hexActs = st.act.hex.get(h) || [];
  // one order, on the hex itself or on its only unit: at once
  if (!reopen && list.length === 1 && (hexActs.length === 1 || here.length <= 1)) {
    close(st);
    choose(st, list[0]);
    return;
  }
  if (here.length > 1) st.openStack = h;
  st.menu = { key: h, x, y };
  const box = clear(st.menuBox);
  const town = townsIn(data, geo, h);
  box.append(
    el(
      "div",
      { class: "menu-head" },
      el("span", {}, `${h}${town ? ` · ${town}` : ` · ${(TERRAIN[(data.map.hexes[h] || {}).terrain] || { name: "" }).name}`}`),
      el("button", { type: "button", class: "menu-close", "aria-label": "close", onclick: () => close(st) }, "×"),
    ),
  );
  const pick = (c) => () => {
    close(st);
    choose(st, c);
  };
  const button = (c) => el("button", { type: "button", class: "btn action ot-menu-item", "data-action": JSON.stringify(c.action), onclick: pick(c) }, capital(c.label));
  const r = st.reach[h];
  if (hexActs.length && st.onAction) {
    if (r) box.append(el("div", { class: "menu-prompt" }, `Within reach: ${reachText(r)}`));
    box.append(el("div", { class: "menu-list" }, hexActs.map(button)));
  }
  if (here.length) {
    const rows = here
      .sort((a, b) => unitRank(b, st) - unitRank(a, st))
      .map((u) => {
        const acts = st.onAction ? st.act.unit.get(u.id) || [] : [];
        return el(
          "div",
          { class: ["ot-menu-unit", u.side === st.shape.role && "mine"], "data-unit": u.id },
          miniCounter(u, 30),
          el("div", { class: "ot-unit-text" }, el("div", { class: "ot-unit-name" }, u.name || u.id), el("div", { class: "ot-unit-sub" }, unitLine(u))),
          acts.length ? el("div", { class: "ot-unit-acts" }, acts.map((c) => el("button", { type: "button", class: "btn tiny action ot-menu-item", "data-action": JSON.stringify(c.action), title: capital(c.label), onclick: pick(c) }, shortLabel(c)))) : null,
        );
      });
    box.append(el("div", { class: "ot-menu-units" }, rows));
  }
  for (const x of hidden) box.append(el("p", { class: "muted small" }, `${sideName(data, x.side)}: ${plural(x.count, "counter")} out of contact`));
  if (!list.length && !here.length && !hidden.length) {
    box.append(el("div", { class: "menu-info" }, hexFacts(data, geo, h, board)));
    box.append(el("p", { class: "muted small" }, st.onAction ? "No order concerns this hex now." : "Replay: read only."));
  }
  box.classList.remove("hidden");
  placeFloating(box, st.wrap, x, y, { inside: true });
  st.tip.classList.add("hidden");
  if (here.length > 1 && !reopen) drawPanelOnly(st);
}

/** A unit's order in a word or two (its full label is the button's title). */
function shortLabel(c) {
  const a = c.action || {};
  if ("unit" in a) return "Move";
  if ("add" in a) return "Add";
  if ("remove" in a) return "Remove";
  if ("activate" in a) return "Activate";
  if ("advance" in a) return "Advance";
  if ("load" in a) return "Take up Res Pt"; // 11H: the full words are the button's title
  if ("unload" in a) return "Put down Res Pt";
  return capital(c.label);
}

// ----- zoom, wiring, drawing ------------------------------------------------------------------

function setZoom(st, zoom, at) {
  zoomTo(st, ZOOMS, zoom, at);
  draw(st.container, st);
}

function wire(st, wrap, map) {
  wireMap(st, wrap, map, {
    tip: (key) => tipContent(key, st),
    float: { inside: true },
    hover: (event) => {
      const t = event.target.closest && event.target.closest("[data-hex]");
      return t ? t.dataset.hex : null;
    },
    light: (h) => {
      for (const n of map.querySelectorAll(".ot-cell.hover")) n.classList.remove("hover");
      if (h) for (const n of map.querySelectorAll(`.ot-cell[data-hex="${h}"]`)) n.classList.add("hover");
    },
    pan: { width: geometry(st.data).W, zooms: ZOOMS, viewBox: () => viewBoxFor(st, geometry(st.data).W, geometry(st.data).H), zoom: (z, at) => setZoom(st, z, at) },
    selector: "[data-hex]",
    keyOf: (t) => t.dataset.hex,
    open: (h, x, y) => openMenu(st.container, h, x, y),
  });
}

function measure(st, geo) {
  if (!st.map) return 0;
  const r = st.map.getBoundingClientRect();
  if (!r.width || !r.height) return 0;
  return Math.min(r.width, (r.height * geo.W) / geo.H);
}

function guessWidth(container, geo) {
  const cw = container.clientWidth || 900;
  const side = cw > 760 ? 262 : 0;
  const maxH = Math.max(420, (window.innerHeight || 800) - 84);
  return Math.max(200, Math.min(cw - side, (maxH * geo.W) / geo.H));
}

function drawPanelOnly(st) {
  if (!st.panelEl || !st.panelEl.parentNode) return;
  const scroll = st.panelEl.scrollTop;
  const side = panel(st.shape, st.data, st);
  st.panelEl.replaceWith(side);
  st.panelEl = side;
  side.scrollTop = scroll;
}

function draw(container, st, again = true) {
  const { shape, data } = st;
  const geo = geometry(data);
  const mapW = st.mapW || guessWidth(container, geo);
  st.k = geo.W / (mapW * st.zoom);
  st.viewBox = viewBoxFor(st, geo.W, geo.H);
  st.board = (shape.view && shape.view.board) || {};
  st.act = st.onAction ? actionIndex(shape, data) : { hex: new Map(), unit: new Map(), other: [] };
  st.actAll = st.onAction ? legal(shape, () => true) : [];
  st.reach = reachIndex(st.board, st.onAction ? shape.actions || [] : []);
  if (st.openStack && !(st.board.units || []).some((u) => u.hex === st.openStack) && !(st.board.hidden || []).some((u) => u.hex === st.openStack)) st.openStack = null;
  const map = drawMap(shape, data, st);
  for (const n of map.querySelectorAll(".ot-cell.actionable, .ot-stack.actionable")) {
    n.setAttribute("tabindex", "0");
    n.setAttribute("role", "button");
    const h = n.dataset.hex;
    const acts = menuChoices(st, h);
    n.setAttribute("aria-label", `${h}: ${acts.map((c) => c.label).join("; ")}`);
  }
  const { tip, menuBox } = floatBoxes("ot");
  const zoomBar = el(
    "div",
    { class: "ot-zoom" },
    zoomButtons(st, ZOOMS, (z) => setZoom(st, z)),
    el(
      "button",
      {
        type: "button",
        class: "btn tiny",
        title: "whole map",
        "aria-label": "whole map",
        onclick: () => {
          st.cx = geo.W / 2;
          st.cy = geo.H / 2;
          setZoom(st, 1);
        },
      },
      "⤢",
    ),
  );
  const wrap = el("div", { class: "ot-map-wrap" }, map, zoomBar, tip, menuBox);
  Object.assign(st, { wrap, tip, menuBox, map, tipKey: null });
  wire(st, wrap, map);
  const scrollKeep = st.panelEl ? st.panelEl.scrollTop : 0;
  const side = panel(shape, data, st);
  st.panelEl = side;
  clear(container).append(el("div", { class: "ot-root" }, el("div", { class: ["ot", !st.onAction && "readonly"] }, wrap, side)));
  side.scrollTop = scrollKeep;
  if (st.menu) {
    const h = st.menu.key;
    const still = menuChoices(st, h).length || (st.board.units || []).some((u) => u.hex === h);
    if (still) openMenu(container, h, st.menu.x, st.menu.y, true);
    else st.menu = null;
  }
  if (st.lit) highlightIn(st, st.lit);
  const drawn = measure(st, geo);
  if (drawn && Math.abs(drawn - mapW) / mapW > 0.03) {
    st.mapW = drawn;
    if (again) draw(container, st, false);
  }
}

// ----- the module's interface -----------------------------------------------------------------

export function render(container, shape, data, onAction) {
  if (!data || !data.map || !data.map.hexes) {
    clear(container).append(el("p", { class: "fatal" }, "The map data of Over There could not be loaded."));
    return;
  }
  let st = states.get(container);
  if (!st) {
    const geo = geometry(data);
    st = { container, menu: null, hover: null, zoom: 1, cx: geo.W / 2, cy: geo.H / 2, lit: null, openStack: null, show: { counters: true, zoc: false, supply: false, ids: false } };
    states.set(container, st);
    closeMenuOnLeave(st);
    redrawOnResize(
      container,
      st,
      () => measure(st, geometry(st.data)),
      () => draw(container, st, false),
    );
  }
  // a new state closes the menu and the stack of an order already given
  if (st.shape && st.shape.step !== shape.step) {
    st.menu = null;
    st.openStack = null;
  }
  Object.assign(st, { shape, data, onAction });
  draw(container, st);
  // the move a click chose by another way than the one listed, now that its way's list is in
  const pending = st.pending;
  if (pending && shape.step !== pending.step) {
    st.pending = null;
    const wanted = JSON.stringify(pending.action);
    if (onAction && (shape.actions || []).some((a) => JSON.stringify(a) === wanted)) setTimeout(() => onAction(pending.action), 0);
  }
}

/** 9J: the contested hex markers, over the counters: each hex's edge in red dashes. */
function contestedLayer(board, geo) {
  const g = svg("g", { class: "ot-contested-layer", "pointer-events": "none" });
  for (const h of board.contested || []) {
    const c = geo.at[h];
    const cs = geo.corners[h];
    if (!c || !cs) continue;
    const inner = cs.map(([x, y]) => [c[0] + (x - c[0]) * 0.92, c[1] + (y - c[1]) * 0.92]);
    g.append(svg("polygon", { class: "ot-contested", points: pts(inner) }));
  }
  return g;
}

function highlightIn(st, action) {
  for (const n of st.map.querySelectorAll(".hl")) n.classList.remove("hl");
  if (!action || typeof action !== "object") return;
  const { hexes, units } = named(action, st.data, st.board);
  for (const h of hexes) for (const n of st.map.querySelectorAll(`.ot-cell[data-hex="${h}"]`)) n.classList.add("hl");
  for (const u of units) {
    for (const n of st.map.querySelectorAll(".ot-stack[data-units]")) if (n.dataset.units.split(" ").includes(u)) n.classList.add("hl");
  }
}

/** Light up the hexes and units an action names (the orders panel's hover). */
export function highlight(container, action, data) {
  const st = states.get(container);
  if (!st || !st.map) return;
  st.lit = action === null || action === undefined ? null : action;
  highlightIn(st, st.lit);
}

export function summary(shape, data) {
  const b = (shape.view && shape.view.board) || {};
  const bits = [];
  if (b.turn) bits.push(b.turn);
  // a reaction phase is the other side's, in the phasing side's player turn
  const sides = Object.keys((data && data.sides) || {}).length ? Object.keys(data.sides) : ["entente", "central-powers"];
  const reacting = String(b.phase || "").startsWith("reaction") && b.phasing ? sides.find((x) => x !== b.phasing) : null;
  const who = reacting || b.phasing;
  if (who || b.phase) bits.push(`${who ? `${sideName(data || {}, who)} ` : ""}${(PHASE_TEXT[b.phase] || b.phase || "").toLowerCase()}`.trim());
  if (b.attack && b.attack.hex) bits.push(`attack on ${b.attack.hex}${b.attack.odds ? ` at ${b.attack.odds}` : ""}`);
  if (shape.over) bits.push("game over");
  return bits.join(" · ");
}
