// Imperial Borders: Europe c. 1815 drawn from GET /api/data/imperial-borders on the real
// coastlines of the generated map (imperial-borders-map.js: Natural Earth land divided among
// the regions), with the view's control, fortifications, forces, orders and battle; legal
// actions that name a region are clicks on it.
import { clear, el, roleName, svg } from "../common.js";
import { MAP } from "./imperial-borders-map.js";
import {
  capital,
  choices,
  closeMenu as close,
  closeMenuOnLeave,
  collides,
  floatBoxes,
  keep,
  mapRoot,
  redrawOnResize,
  showMenu,
  star,
  textWidth,
  viewBoxFor,
  wireMap,
  zoomButtons,
  zoomTo,
} from "./shared.js";

// ----- constants ------------------------------------------------------------------------------

const W = MAP.width; // SVG user units across the map
const LAST_ROUND = 9; // L842-855

const COLOUR_HEX = {
  blue: "#2f5fa8",
  white: "#fbfaf4",
  gray: "#80838a",
  red: "#b9342a",
  green: "#3f7f45",
  tan: "#c9a467",
};
const INDEPENDENT = "#d6e6bb"; // the rulebook map's pale green
const FOREIGN_LAND = "#e6dfca"; // land outside the game
const COAST = "#7d7a66";
const SEA_EDGE = "#93b3ba";
const SEA_SHADES = ["#c9dadb", "#bfd3d6", "#d2e0de"];
const PAPER = [244, 237, 218];

const PHASES = {
  setup: "Set-up",
  taxes: "Phase 1 — Collect Taxes",
  orders: "Phase 2 — Plot Secret Orders",
  "turn-order": "Phase 3 — Establish Turn Order",
  march: "Phase 4 — On the March",
  annexation: "Phase 5 — Attempt Annexations",
  parade: "Phase 6 — On Parade",
  muster: "Phase 7 — Muster Forces",
  end: "Final Scoring",
};
const MEDALS = {
  "laetissima-natione": ["Laetissima Natione", "highest national morale"],
  "terra-aliena": ["Terra Aliena", "most annexed territories"],
  "maxime-patrias": ["Maxime Patrias", "most homeland territories"],
  "dominus-exercitus": ["Dominus Exercitus", "most elite land units"],
  "dominus-maris": ["Dominus Maris", "most elite ships"],
  "ad-victoriam-imperialis": ["Ad Victoriam Imperialis", "most medal points"],
};
const MP_COLUMNS = ["morale", "annexed", "homeland", "elite land units", "elite ships", "total"];

const UNIT_ORDER = ["full-infantry", "half-infantry", "cavalry", "cannon", "ship-of-the-line", "frigate"];
const ABBR = {
  "full-infantry": "Inf",
  "half-infantry": "HInf", // "2HInf": two Half Infantry ("2½Inf" read as two and a half)
  cavalry: "Cav",
  cannon: "Gun",
  "ship-of-the-line": "SoL",
  frigate: "Frig",
};
const NAME_FONT = { capital: 11.5, major: 10.5, minor: 9.5 }; // screen pixels
const CHIP_FONT = 8.6;
const CHIP_H = 11.5;
const PIP_W = 13;
const PIP_H = 11.5;
const OOA_HITS = { frigate: 1, "ship-of-the-line": 2 }; // L1028, when the data does not say
const TAGS = ["blue", "red", "white"];
const TAG_HEX = { blue: "#2f63c4", red: "#c0332b", white: "#ffffff" };
const TAG_TEXT = {
  blue: "moved or blocked: no further movement",
  red: "fought on the Active Nation's side: no second such battle",
  white: "order cancelled or dismissed: stays put",
}; // L541-548
const STATUS_TEXT = { plotted: "plotted", drafting: "being plotted", done: "carried out", cancelled: "cancelled", dismissed: "dismissed" };
const FACE = {
  blast: ["✸", "Blast"],
  "double-blast": ["✸✸", "Double Blast"],
  bar: ["▬", "Bar"],
  blank: ["", "Blank"],
  "blue-blast": ["✸", "Blue Blast"],
  "red-blast": ["✸", "Red Blast"],
};
const ZONES = { front: "Front Zone", rear: "Rear Zone", land: "Land Zone", sea: "Sea Zone" };
const NATION_KEYS = new Set([
  "allow_abstain",
  "deny_abstain",
  "allow_join",
  "deny_join",
  "give",
  "give_all",
  "pool_with",
  "prize_to",
  "trade",
  "nation",
  "partner",
]);
const KEY_WORDS = {
  from: "new order from",
  to: "on to",
  execute: "execute order",
  cancel: "cancel order",
  dismiss: "dismiss order",
  load: "load",
  onto: "onto",
  unload: "unload",
  exchange: "exchange",
  for: "for",
  ride: "ride on with",
  pick: "choose",
  hold: "hold back",
  bring: "bring in",
  to_rear: "to the Rear Zone:",
  to_front: "to the Front Zone:",
  buy: "buy",
  at: "at",
  battle: "battle in",
  seize: "seize",
  pennant: "Elite Pennant to",
  land: "place a land unit in",
  ship: "place a ship in",
  revolt: "stir a revolt in",
  allow_abstain: "allow to abstain:",
  deny_abstain: "refuse abstention:",
  allow_join: "allow to join:",
  deny_join: "refuse to join:",
  pool_with: "pool dice with",
  give: "give",
  prize_to: "prize to",
  target: "hit",
  drop: "drop",
  force: "force",
};

// ----- names and colours ------------------------------------------------------------------------

function nationHex(data, nation) {
  const n = data.nations && data.nations[nation];
  return (n && COLOUR_HEX[n.colour]) || "#6b665a";
}

function nationName(data, nation) {
  return roleName(nation, { empires: data.nations });
}

function isLight(hex) {
  const [r, g, b] = rgb(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b > 170;
}

function rgb(hex) {
  const h = hex.replace("#", "");
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
}

function mix(hex, amount) {
  const c = rgb(hex);
  const out = c.map((v, i) => Math.round(v * amount + PAPER[i] * (1 - amount)));
  return `#${out.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function regionKind(data, id) {
  if (typeof id !== "string") return null;
  if (data.territories && data.territories[id]) return "territory";
  if (data.mountains && data.mountains[id]) return "mountain";
  if (data.ports && data.ports[id]) return "port";
  if (data.seas && data.seas[id]) return "sea";
  return null;
}

function regionInfo(data, id) {
  const kind = regionKind(data, id);
  return kind ? data[{ territory: "territories", mountain: "mountains", port: "ports", sea: "seas" }[kind]][id] : null;
}

function regionName(data, id) {
  const info = regionInfo(data, id);
  if (!info) return String(id);
  return regionKind(data, id) === "port" ? `Port of ${info.name}` : info.name;
}

function unitName(data, type) {
  return (data.units && data.units[type] && data.units[type].name) || String(type);
}

function ooaHits(data, type) {
  const u = data.units && data.units[type];
  if (u && u.hits_to_out_of_action) return u.hits_to_out_of_action;
  return OOA_HITS[type] || null;
}

function outOfAction(data, f) {
  const hits = ooaHits(data, f.type);
  return Boolean(hits && f.damage >= hits);
}

function forceText(data, board, fid) {
  const f = board.forces && board.forces[fid];
  if (!f) return String(fid);
  const bits = [f.elite ? "elite" : "", unitName(data, f.type)].filter(Boolean).join(" ");
  const where = f.cargo_of ? "aboard ship" : regionName(data, f.at);
  const dmg = f.damage ? `, ${plural(f.damage, "damage")}` : "";
  return `${nationName(data, f.nation)}'s ${bits} (${where}${dmg})`;
}

// ----- geometry: projection and the regions' shapes ---------------------------------------------

const geometries = new WeakMap();

/** The map's projection (imperial-borders-map.js says which): Lambert conformal conic, in the
 * board's user units. Only a region the generated map lacks is placed with it. */
function projector() {
  const p = MAP.projection;
  const rad = Math.PI / 180;
  const t = (phi) => Math.tan(Math.PI / 4 + (phi * rad) / 2);
  const n = Math.log(Math.cos(p.lat1 * rad) / Math.cos(p.lat2 * rad)) / Math.log(t(p.lat2) / t(p.lat1));
  const f = (Math.cos(p.lat1 * rad) * t(p.lat1) ** n) / n;
  const rho0 = f / t(p.lat0) ** n;
  const proj = (lat, lon) => {
    const rho = f / t(lat) ** n;
    const th = n * (lon - p.lon0) * rad;
    return [(rho * Math.sin(th) - p.x0) * p.scale, (p.y1 - (rho0 - rho * Math.cos(th))) * p.scale];
  };
  const S = dist(proj(p.lat0, p.lon0), proj(p.lat0 + 1, p.lon0)); // user units per degree of latitude
  return { proj, H: MAP.height, S };
}

function dist(a, b) {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

function circle(c, r, n = 28) {
  const out = [];
  for (let i = 0; i < n; i += 1) {
    const a = (2 * Math.PI * i) / n;
    out.push([c[0] + r * Math.cos(a), c[1] + r * Math.sin(a)]);
  }
  return out;
}

function anchorText(p) {
  return p ? `${p[0].toFixed(1)},${p[1].toFixed(1)}` : null;
}

function pathOf(poly) {
  if (!poly || poly.length < 3) return "";
  return `M${poly.map((p) => `${p[0].toFixed(1)},${p[1].toFixed(1)}`).join("L")}Z`;
}

/** Where everything goes; computed once per data pack. The shapes are the generated map's:
 * Territories on the real coastlines, Open Seas on the real water, the Ottoman areas clipped
 * to the land. A region the map lacks (a data pack with a new region) gets a disc at its
 * coordinates, so that it can still be seen and clicked. */
function geometry(data) {
  if (geometries.has(data)) return geometries.get(data);
  const { proj, H, S } = projector();
  const at = {};
  for (const kind of ["territories", "mountains", "ports", "seas"]) {
    for (const [id, r] of Object.entries(data[kind] || {})) at[id] = MAP.at[id] ? [...MAP.at[id]] : proj(r.lat, r.lon);
  }
  const cells = {};
  const labelAt = {};
  for (const id of Object.keys(data.territories || {})) {
    cells[id] = MAP.territories[id] || pathOf(circle(at[id], 0.45 * S));
    labelAt[id] = at[id];
  }
  const seaCells = {};
  for (const id of Object.keys(data.seas || {})) seaCells[id] = MAP.seas[id] || pathOf(circle(at[id], 1.2 * S));
  // three shades for the seas, neighbours apart
  const shade = {};
  for (const id of Object.keys(data.seas || {})) {
    const used = new Set((data.seas[id].seas || []).map((o) => shade[o]).filter((x) => x !== undefined));
    shade[id] = [0, 1, 2].find((i) => !used.has(i)) ?? 0;
  }
  // land links (each pair once) and mountain links
  const links = [];
  const seen = new Set();
  for (const [id, t] of Object.entries(data.territories || {})) {
    for (const o of t.land || []) {
      if (!data.territories[o]) continue;
      const key = [id, o].sort().join("|");
      if (seen.has(key)) continue;
      seen.add(key);
      links.push([id, o]);
    }
  }
  // a Mountain Range lies along the border it guards (the map says where and which way)
  const ridges = {};
  for (const [id, m] of Object.entries(data.mountains || {})) {
    const c = at[id];
    let dir = MAP.ridges[id] ? [...MAP.ridges[id]] : null;
    if (!dir) {
      const sides = (m.land || []).map((x) => at[x]).filter(Boolean);
      dir = [1, 0];
      if (sides.length >= 2) {
        const v = [sides[1][0] - sides[0][0], sides[1][1] - sides[0][1]];
        const n = Math.hypot(v[0], v[1]) || 1;
        dir = [-v[1] / n, v[0] / n]; // along the border between the two sides
      } else if (sides.length === 1) {
        const v = [sides[0][0] - c[0], sides[0][1] - c[1]];
        const n = Math.hypot(v[0], v[1]) || 1;
        dir = [-v[1] / n, v[0] / n];
      }
      if (dir[0] < 0) dir = [-dir[0], -dir[1]];
    }
    ridges[id] = { c, dir };
  }
  const seaLinks = [];
  const seenSea = new Set();
  for (const [id, s] of Object.entries(data.seas || {})) {
    for (const o of s.seas || []) {
      const key = [id, o].sort().join("|");
      if (!data.seas[o] || seenSea.has(key)) continue;
      seenSea.add(key);
      seaLinks.push([id, o]);
    }
  }
  const offlimits = Object.entries(data.offlimits || {}).map(([id, o]) => ({
    id,
    name: o.name,
    d: MAP.offlimits[id] || pathOf((o.outline || []).map(([lat, lon]) => proj(lat, lon))),
    at: MAP.at[id] ? [...MAP.at[id]] : proj(o.lat, o.lon),
  }));
  const g = { at, H, S, cells, labelAt, seaCells, shade, links, ridges, seaLinks, offlimits, proj, foreign: MAP.foreign || "" };
  geometries.set(data, g);
  return g;
}

// ----- what the actions name ----------------------------------------------------------------

function valuesOf(action, key, out = []) {
  if (typeof action === "string") out.push([key, action]);
  else if (Array.isArray(action)) for (const v of action) valuesOf(v, key, out);
  else if (action && typeof action === "object") for (const [k, v] of Object.entries(action)) valuesOf(v, k, out);
  return out;
}

/** The region ids an action names among its values (nations named as nations excluded). */
function actionRegions(action, data) {
  if (!action || typeof action !== "object") return [];
  return valuesOf(action, null)
    .filter(([k, v]) => !NATION_KEYS.has(k) && regionKind(data, v))
    .map(([, v]) => v);
}

/** The force ids an action names. */
function actionForces(action, board) {
  if (!action || typeof action !== "object") return [];
  const forces = board.forces || {};
  return valuesOf(action, null)
    .filter(([, v]) => Object.prototype.hasOwnProperty.call(forces, v))
    .map(([, v]) => v);
}

/** The order (index in the role's list) an action names: {"execute": n}, {"cancel": n}. */
function actionOrder(action) {
  if (!action || typeof action !== "object") return null;
  for (const k of ["execute", "cancel", "dismiss"]) if (typeof action[k] === "number") return action[k] - 1;
  return null;
}

function isJsonish(label) {
  return /^[{["]/.test(String(label).trim());
}

function valueText(k, v, data, board) {
  if (typeof v === "number") {
    if (k === "count") return plural(v, "force");
    if (k === "bid" || k === "gold") return `${v} Gold`;
    return String(v);
  }
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (Array.isArray(v)) return v.map((x) => valueText(k, x, data, board)).join(", ");
  if (typeof v !== "string") return JSON.stringify(v);
  if (NATION_KEYS.has(k) && data.nations && data.nations[v]) return nationName(data, v);
  if (regionKind(data, v)) return regionName(data, v);
  if (board.forces && board.forces[v]) return forceText(data, board, v);
  if (data.nations && data.nations[v]) return nationName(data, v);
  if (data.units && data.units[v]) return unitName(data, v);
  return v.replace(/[-_]/g, " ");
}

/** A readable text for an action: the server's label unless it is bare JSON. */
function readable(action, label, data, board, role) {
  if (label !== undefined && label !== null && !isJsonish(label)) return String(label);
  if (typeof action === "string") return capital(action.replace(/[-_]/g, " "));
  if (action && typeof action === "object") {
    const entries = Object.entries(action);
    if (entries.length === 1) {
      const [k, v] = entries[0];
      if (k === "count") return `Send ${valueText(k, v, data, board)}`;
      if (k === "bid") return `Bid ${valueText(k, v, data, board)}`;
      if (k === "slot") return `Take place ${v} in the Turn Order`;
      if (k === "execute" || k === "cancel" || k === "dismiss") {
        const mine = ((board.orders || {})[role] || [])[v - 1];
        return `${capital(KEY_WORDS[k])} ${v}${mine ? `: ${orderText(data, mine)}` : ""}`;
      }
    }
    return capital(entries.map(([k, v]) => `${KEY_WORDS[k] ?? k.replace(/_/g, " ")} ${valueText(k, v, data, board)}`).join(" "));
  }
  return String(action);
}

function orderText(data, o) {
  const stops = [o.from, ...(o.path || [])].map((r) => regionName(data, r)).join(" → ");
  return `${o.count ? plural(o.count, "force") : "? forces"}: ${stops}`;
}

// ----- the map's pieces -----------------------------------------------------------------------

/** Government Building icons: 4, 2 or 1 by tier (L210). */
function buildings(cx, y, n, k) {
  const s = 3.4 * k;
  const gap = 1.2 * k;
  const total = n * s + (n - 1) * gap;
  let x = cx - total / 2;
  const g = svg("g", { class: "ib-tier" });
  for (let i = 0; i < n; i += 1) {
    g.append(
      svg("path", {
        d: `M${x.toFixed(1)},${(y + s).toFixed(1)}h${s.toFixed(1)}v${(-s * 0.62).toFixed(1)}l${(-s / 2).toFixed(1)},${(-s * 0.38).toFixed(1)}l${(-s / 2).toFixed(1)},${(s * 0.38).toFixed(1)}z`,
      }),
    );
    x += s + gap;
  }
  return g;
}

function ridgePath(r, k, len) {
  const [cx, cy] = r.c;
  const [dx, dy] = r.dir;
  const nx = -dy;
  const ny = dx;
  const n = 5;
  const pts = [];
  for (let i = 0; i <= n; i += 1) {
    const t = -len / 2 + (len * i) / n;
    const h = (i % 2 ? -1 : 1) * 3.2 * k;
    pts.push(`${(cx + dx * t + nx * h).toFixed(1)},${(cy + dy * t + ny * h).toFixed(1)}`);
  }
  return `M${pts.join("L")}`;
}

/** One chip per nation in a region: counts by Force Type, elites, damage, tags, cargo. */
function stackSummary(data, forces, fids) {
  const byType = new Map();
  const tags = { blue: 0, red: 0, white: 0 };
  for (const fid of fids) {
    const f = forces[fid];
    if (!byType.has(f.type)) byType.set(f.type, { n: 0, elite: 0, damage: 0, ooa: 0, cargo: new Map() });
    const t = byType.get(f.type);
    t.n += 1;
    if (f.elite) t.elite += 1;
    if (f.damage) t.damage += f.damage;
    if (outOfAction(data, f)) t.ooa += 1;
    for (const tag of f.tags || []) if (tag in tags) tags[tag] += 1;
  }
  for (const c of Object.values(forces)) {
    if (!c.cargo_of || !fids.includes(c.cargo_of)) continue;
    const t = byType.get(forces[c.cargo_of].type);
    t.cargo.set(c.type, (t.cargo.get(c.type) || 0) + 1);
  }
  const types = [...byType.keys()].sort((a, b) => UNIT_ORDER.indexOf(a) - UNIT_ORDER.indexOf(b));
  return { types: types.map((t) => [t, byType.get(t)]), tags };
}

function chipPieces(summary) {
  const pieces = [];
  for (const [type, t] of summary.types) {
    if (pieces.length) pieces.push({ text: " " });
    pieces.push({ text: `${t.n}${ABBR[type] || type}` });
    if (t.elite) pieces.push({ text: t.elite > 1 ? `★${t.elite}` : "★", cls: "elite" });
    if (t.damage) pieces.push({ text: `✚${t.damage}`, cls: "dmg" });
    if (t.ooa) pieces.push({ text: `⊘${t.ooa}`, cls: "ooa" });
    if (t.cargo.size) {
      const inner = [...t.cargo.entries()]
        .sort((a, b) => UNIT_ORDER.indexOf(a[0]) - UNIT_ORDER.indexOf(b[0]))
        .map(([ct, n]) => `${n}${ABBR[ct] || ct}`)
        .join(" ");
      pieces.push({ text: `[${inner}]`, cls: "cargo" });
    }
  }
  return pieces;
}

// ----- drawing the map ------------------------------------------------------------------------

function controllerOf(board, id) {
  return (board.control || {})[id] || null;
}

function fortHp(data, board, id) {
  const kind = regionKind(data, id);
  if (!controllerOf(board, id)) return null;
  const tier = kind === "territory" ? data.territories[id].tier : kind === "port" ? data.ports[id].tier : null;
  const fort = tier && data.forts && data.forts[tier];
  if (!fort) return null;
  const dmg = (board.damage || {})[id] || 0;
  return { hp: Math.max(0, fort.hp - dmg), of: fort.hp, dmg, name: fort.name };
}

function stackAnchor(data, geo, id, k) {
  const kind = regionKind(data, id);
  const [x, y] = geo.at[id];
  if (kind === "territory") return [x, y + 8 * k];
  if (kind === "sea") return [x, y + 7 * k];
  if (kind === "mountain") return [x, y + 7 * k];
  if (kind === "port") {
    const p = data.ports[id];
    const t = p.territory && geo.at[p.territory];
    if (!t) return [x, y + 7 * k];
    const d = dist([x, y], t) || 1;
    return [x + ((x - t[0]) / d) * 9 * k, y + ((y - t[1]) / d) * 9 * k];
  }
  return [x, y];
}

/** Where the forces and names go at this zoom: full chips where there is room, else small
 * pips; names that would cover others are left to the tooltip and to zooming in. */
function layout(shape, data, st, geo, board) {
  const k = st.k;
  const forces = board.forces || {};
  const order = board.nations || Object.keys(data.nations || {});
  const byRegion = new Map();
  for (const [fid, f] of Object.entries(forces)) {
    if (f.cargo_of || !geo.at[f.at]) continue;
    if (!byRegion.has(f.at)) byRegion.set(f.at, new Map());
    const m = byRegion.get(f.at);
    if (!m.has(f.nation)) m.set(f.nation, []);
    m.get(f.nation).push(fid);
  }
  for (const r of Object.keys(board.tents || {})) if (geo.at[r] && !byRegion.has(r)) byRegion.set(r, new Map());
  const size = CHIP_FONT * k;
  const h = CHIP_H * k;
  const stacks = [];
  for (const [region, m] of byRegion) {
    const nations = [...m.keys()].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    const rows = nations.map((nation) => {
      const fids = m.get(nation);
      const summary = stackSummary(data, forces, fids);
      const pieces = chipPieces(summary);
      const textW = pieces.reduce((s, p) => s + textWidth(p.text, CHIP_FONT, !p.cls || p.cls !== "cargo"), 0) * k;
      const tags = TAGS.filter((t) => summary.tags[t]);
      const w = textW + 9.5 * k + tags.length * 10 * k;
      return { nation, fids, summary, pieces, textW, tags, w };
    });
    const tents = Object.entries((board.tents || {})[region] || {}).filter(([, n]) => n);
    const [ax, ay] = stackAnchor(data, geo, region, k);
    const mine = nations.includes(shape.role);
    const acted = nations.some((n) => (st.act.chip.get(`${n}@${region}`) || []).length);
    const count = [...m.values()].reduce((s, l) => s + l.length, 0);
    stacks.push({ region, rows, tents, ax, ay, prio: (acted ? 2000 : 0) + (mine ? 1000 : 0) + count });
  }
  stacks.sort((a, b) => b.prio - a.prio);
  // the cores of the territory names: full chips keep off them
  const cores = new Map();
  for (const [id, t] of Object.entries(data.territories || {})) {
    const [x, y] = geo.labelAt[id];
    const w = Math.min(textWidth(t.name, 9, false), 44) * k;
    cores.set(id, [x - w / 2, y - 7 * k, x + w / 2, y + 2 * k]);
  }
  const placed = [];
  for (const s of stacks) {
    const width = Math.max(0, ...s.rows.map((r) => r.w));
    const height = s.rows.length * (h + 1.5 * k) + (s.tents.length ? 9 * k : 0);
    const full = [s.ax - width / 2, s.ay, s.ax + width / 2, s.ay + height];
    const others = [...cores.entries()].filter(([id]) => id !== s.region).map(([, b]) => b);
    if (!collides(full, placed) && !collides(full, others)) {
      s.full = true;
      s.box = full;
    } else {
      s.full = false;
      const pw = s.rows.length * PIP_W * k + (s.tents.length ? 9 * k : 0);
      s.box = [s.ax - pw / 2, s.ay, s.ax + pw / 2, s.ay + PIP_H * k];
    }
    placed.push(s.box);
  }
  // names: capitals, then majors, then minors
  const labels = new Map();
  const tierRank = { capital: 0, major: 1, minor: 2 };
  const ids = Object.keys(data.territories || {}).sort((a, b) => {
    const ta = data.territories[a];
    const tb = data.territories[b];
    return tierRank[ta.tier] - tierRank[tb.tier] || (st.act.region.has(b) ? 1 : 0) - (st.act.region.has(a) ? 1 : 0);
  });
  const taken = [...placed];
  for (const id of ids) {
    const t = data.territories[id];
    const [x, y] = geo.labelAt[id];
    const base = NAME_FONT[t.tier];
    let done = null;
    for (const [scale, dy] of [
      [1, 0],
      [0.84, 0],
      [0.84, -0.9],
      [0.72, 0],
    ]) {
      const size = base * scale * k;
      const w = textWidth(t.name, base * scale, t.tier !== "minor") * k + (t.tier === "capital" ? 11 * k : 0);
      const yy = y + dy * size;
      const box = [x - w / 2, yy - size * 0.78, x + w / 2, yy + 6 * k];
      if (!collides(box, taken)) {
        done = { x, y: yy, size, w, box };
        break;
      }
    }
    if (done) taken.push(done.box);
    labels.set(id, done);
  }
  // port names, mountain names: only where there is room
  const portNames = new Map();
  const mtnNames = new Map();
  if (st.zoom < 2) return { stacks, labels, portNames, mtnNames };
  for (const [id, p] of Object.entries(data.ports || {})) {
    const [x, y] = geo.at[id];
    const size = 7.6 * k;
    const w = textWidth(p.name, 7.6, false) * k;
    const box = [x + 7 * k, y - size * 0.8, x + 7 * k + w, y + 2 * k];
    if (!collides(box, taken)) {
      taken.push(box);
      portNames.set(id, { x: x + 7 * k, y: y + 2.6 * k, size });
    }
  }
  for (const [id, m] of Object.entries(data.mountains || {})) {
    const [x, y] = geo.at[id];
    const size = 7.4 * k;
    const w = textWidth(m.name, 7.4, false) * k;
    const box = [x - w / 2, y + 6 * k, x + w / 2, y + 6 * k + size];
    if (!collides(box, taken)) {
      taken.push(box);
      mtnNames.set(id, { x, y: y + 6 * k + size * 0.85, size });
    }
  }
  return { stacks, labels, portNames, mtnNames };
}

/** An element of the map that does not change between drawings (a shape and its long path),
 * made once and moved into each new drawing: the browser need not read the path again. */
function kept(st, geo, key, make) {
  if (st.keptFor !== geo) {
    st.kept = new Map();
    st.keptFor = geo;
  }
  if (!st.kept.has(key)) st.kept.set(key, make());
  return st.kept.get(key);
}

function drawMap(shape, data, st) {
  const view = shape.view || {};
  const board = view.board || {};
  const geo = geometry(data);
  const k = st.k; // user units per screen pixel at this zoom
  const role = shape.role;
  const act = st.act; // region -> choices, chip -> choices, order -> choices
  const battleAt = board.battle && board.battle.region;
  const focus = new Set(
    valuesOf(board.question || {}, null)
      .map(([, v]) => v)
      .filter((v) => regionKind(data, v)),
  );
  if (battleAt) focus.add(battleAt);

  const hatch = svg(
    "pattern",
    { id: "ib-hatch", width: 7, height: 7, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
    svg("rect", { width: 7, height: 7, fill: "#e6d3a8" }),
    svg("line", { x1: 0, y1: 0, x2: 0, y2: 7, stroke: "#a88a55", "stroke-width": 2.2 }),
  );
  const map = mapRoot(st, { prefix: "ib", label: "Map of Europe, 1815", width: W, height: geo.H, glow: { blur: 2.2, margin: 20 }, defs: [hatch] });

  // the Open Seas, shaded apart; their shapes run on under the land, which is drawn over them
  const seas = svg("g", { class: "ib-seas" });
  for (const [id, d] of Object.entries(geo.seaCells)) {
    const g = svg("g", {
      class: ["ib-region", "ib-sea", act.region.has(id) && "actionable", focus.has(id) && "focus"],
      "data-region": id,
      "data-tip": `region:${id}`,
      "data-anchor": anchorText(geo.at[id]),
    });
    g.append(kept(st, geo, `sea:${id}`, () => svg("path", { d, fill: SEA_SHADES[geo.shade[id] || 0] })));
    seas.append(g);
  }
  map.append(seas);

  // the static layers: the seas' borders, and the land that is no region's (Africa, Asia Minor,
  // the islands the game leaves out)
  map.append(
    kept(st, geo, "sea-edges", () => {
      const g = svg("g", { class: "ib-sea-edges", "pointer-events": "none" });
      for (const d of Object.values(geo.seaCells)) {
        g.append(svg("path", { d, fill: "none", stroke: SEA_EDGE, "stroke-width": 0.8, "stroke-dasharray": "4 3", "vector-effect": "non-scaling-stroke" }));
      }
      return g;
    }),
  );
  if (geo.foreign) {
    map.append(kept(st, geo, "foreign", () => svg("path", { class: "ib-foreign", d: geo.foreign, fill: FOREIGN_LAND, stroke: COAST, "stroke-width": 0.7, "stroke-linejoin": "round", "vector-effect": "non-scaling-stroke" })));
  }

  // the Territories, in their controller's colour (independent: pale green)
  const lands = svg("g", { class: "ib-lands" });
  for (const [id, d] of Object.entries(geo.cells)) {
    const t = data.territories[id];
    const owner = controllerOf(board, id);
    const hex = owner ? nationHex(data, owner) : null;
    const fill = owner ? (hex === COLOUR_HEX.white ? hex : mix(hex, 0.55)) : INDEPENDENT;
    const g = svg("g", {
      class: [
        "ib-region",
        "ib-territory",
        `tier-${t.tier}`,
        act.region.has(id) && "actionable",
        focus.has(id) && "focus",
        (board.revolts || []).includes(id) && "revolt",
        owner && (board.neutral || []).includes(owner) && "closed",
      ],
      "data-region": id,
      "data-tip": `region:${id}`,
      "data-anchor": anchorText(geo.labelAt[id]),
    });
    const cell = kept(st, geo, `cell:${id}`, () => svg("path", { d, class: "ib-cell" }));
    cell.setAttribute("fill", fill);
    g.append(cell);
    if (t.homeland && owner && owner !== t.homeland) {
      // a homeland held by another nation keeps a rim of its own nation's colour
      g.append(svg("path", { d, class: "ib-homeland-rim", stroke: nationHex(data, t.homeland) }));
    }
    lands.append(g);
  }
  map.append(lands);

  // the Ottoman Empire: off-limits (L224)
  const off = svg("g", { class: "ib-offlimits" });
  for (const o of geo.offlimits) {
    off.append(kept(st, geo, `off:${o.id}`, () => svg("path", { d: o.d, fill: "url(#ib-hatch)", "data-offlimits": o.id }, svg("title", {}, `${o.name}: off-limits`))));
    const [x, y] = o.at;
    off.append(svg("text", { class: "ib-off-name", x, y, "text-anchor": "middle", "font-size": (8.6 * k).toFixed(2) }, "Ottoman Empire"));
  }
  map.append(off);

  // links: land adjacency, seas, mountains to their sides, ports to their interiors
  const links = svg("g", { class: "ib-links" });
  const line = (a, b, cls) => svg("line", { class: cls, x1: geo.at[a][0], y1: geo.at[a][1], x2: geo.at[b][0], y2: geo.at[b][1], "data-ends": `${a} ${b}` });
  for (const [a, b] of geo.links) links.append(line(a, b, "ib-land-link"));
  for (const [a, b] of geo.seaLinks) links.append(line(a, b, "ib-sea-link"));
  for (const [id, m] of Object.entries(data.mountains || {})) for (const t of m.land || []) if (geo.at[t]) links.append(line(id, t, "ib-mtn-link"));
  for (const [id, p] of Object.entries(data.ports || {})) if (p.territory && geo.at[p.territory]) links.append(line(id, p.territory, "ib-port-link"));
  map.append(links);

  const lay = layout(shape, data, st, geo, board);

  // sea names
  const seaNames = svg("g", { class: "ib-sea-names" });
  for (const [id, s] of Object.entries(data.seas || {})) {
    const [x, y] = geo.at[id];
    seaNames.append(svg("text", { x, y: y + 3 * k, "text-anchor": "middle", "font-size": (9 * k).toFixed(2), "data-region": id, "data-tip": `region:${id}`, class: "ib-sea-name" }, s.name));
  }
  map.append(seaNames);

  // Mountain Ranges: ridges along the border of the territories they separate
  const mountains = svg("g", { class: "ib-mountains" });
  for (const [id, m] of Object.entries(data.mountains || {})) {
    const r = geo.ridges[id];
    const d = ridgePath(r, k, 20 * k);
    const g = svg("g", {
      class: ["ib-region", "ib-mountain", `mtn-${m.colour}`, act.region.has(id) && "actionable", focus.has(id) && "focus"],
      "data-region": id,
      "data-tip": `region:${id}`,
    });
    g.append(svg("circle", { class: "ib-hit", cx: r.c[0], cy: r.c[1], r: 10 * k }));
    g.append(svg("path", { class: "ridge-under", d, "stroke-width": 4.6 * k }));
    g.append(svg("path", { class: "ridge", d, "stroke-width": 2.6 * k }));
    const nm = lay.mtnNames.get(id);
    if (nm) g.append(svg("text", { class: "ib-mtn-name", x: nm.x, y: nm.y, "text-anchor": "middle", "font-size": nm.size.toFixed(2) }, m.name));
    mountains.append(g);
  }
  map.append(mountains);

  // orders: paths through the region centres
  map.append(drawOrders(shape, data, st, geo, board, role, k));

  // Ports: roundels in their controller's colour
  const ports = svg("g", { class: "ib-ports" });
  for (const [id, p] of Object.entries(data.ports || {})) {
    const [x, y] = geo.at[id];
    const owner = controllerOf(board, id);
    const r = (p.tier === "capital" ? 5.6 : p.tier === "major" ? 4.8 : 4) * k;
    const g = svg("g", {
      class: [
        "ib-region",
        "ib-port",
        owner ? "held" : "independent",
        act.region.has(id) && "actionable",
        focus.has(id) && "focus",
        owner && (board.neutral || []).includes(owner) && "closed",
      ],
      "data-region": id,
      "data-tip": `region:${id}`,
    });
    g.append(svg("circle", { class: "ib-hit", cx: x, cy: y, r: r + 3.5 * k }));
    g.append(svg("circle", { class: "roundel", cx: x, cy: y, r, fill: owner ? nationHex(data, owner) : "#f6f1df" }));
    if (p.tier === "capital") g.append(svg("circle", { class: "roundel-ring", cx: x, cy: y, r: r * 0.55 }));
    const hp = fortHp(data, board, id);
    if (hp && hp.dmg) {
      g.append(svg("circle", { class: "ib-dmg", cx: x + r, cy: y - r, r: 3.6 * k }));
      g.append(svg("text", { class: "ib-dmg-n", x: x + r, y: y - r + 2.3 * k, "font-size": (6 * k).toFixed(2), "text-anchor": "middle" }, String(hp.dmg)));
    }
    const nm = lay.portNames.get(id);
    if (nm) g.append(svg("text", { class: "ib-port-name", x: nm.x, y: nm.y, "font-size": nm.size.toFixed(2) }, p.name));
    ports.append(g);
  }
  map.append(ports);

  // territory names, tiers, fortification damage, revolts, held gold
  const labels = svg("g", { class: "ib-labels" });
  for (const [id, t] of Object.entries(data.territories || {})) {
    const spot = lay.labels.get(id);
    const [ax, ay] = geo.labelAt[id];
    const g = svg("g", { class: ["ib-label", `tier-${t.tier}`, !spot && "crowded"], "data-region": id, "data-tip": `region:${id}` });
    const x = spot ? spot.x : ax;
    const y = spot ? spot.y : ay;
    const size = spot ? spot.size : NAME_FONT[t.tier] * 0.8 * k;
    const w = spot ? spot.w - (t.tier === "capital" ? 11 * k : 0) : 0;
    if (t.tier === "capital") g.append(star(spot ? x - w / 2 - 6 * k : x, spot ? y - size * 0.36 : y, 4.6 * k, { class: "ib-capital-star" }));
    g.append(svg("text", { class: "ib-name", x, y, "text-anchor": "middle", "font-size": size.toFixed(2) }, t.name));
    if (spot) g.append(buildings(x, y + 1.6 * k, t.tier === "capital" ? 4 : t.tier === "major" ? 2 : 1, k));
    else g.append(svg("circle", { class: "ib-dot", cx: ax, cy: ay, r: 1.8 * k }));
    const hp = fortHp(data, board, id);
    let mx = spot ? x + w / 2 + 3 * k : ax + 3 * k;
    const my = spot ? y - size * 0.36 : ay;
    if (hp && hp.dmg) {
      for (let i = 0; i < hp.dmg; i += 1) {
        g.append(svg("rect", { class: "ib-dmg", x: mx, y: my - 2 * k, width: 4 * k, height: 4 * k, rx: 0.7 * k }));
        mx += 5 * k;
      }
    }
    if ((board.revolts || []).includes(id)) {
      g.append(svg("circle", { class: "ib-revolt", cx: mx + 4 * k, cy: my, r: 4 * k }));
      g.append(svg("text", { class: "ib-revolt-n", x: mx + 4 * k, y: my + 2.5 * k, "text-anchor": "middle", "font-size": (6.4 * k).toFixed(2) }, "!"));
      mx += 9 * k;
    }
    const held = (board.held_gold || {})[id];
    if (held) {
      g.append(svg("circle", { class: "ib-gold", cx: mx + 4 * k, cy: my, r: 4.4 * k }));
      g.append(svg("text", { class: "ib-gold-n", x: mx + 4 * k, y: my + 2.3 * k, "text-anchor": "middle", "font-size": (6 * k).toFixed(2) }, String(held)));
    }
    labels.append(g);
  }
  map.append(labels);

  // a battle in progress: crossed sabres over the region
  if (battleAt && geo.at[battleAt]) {
    const [x, y] = geo.at[battleAt];
    const s = 7 * k;
    const yy = y - 17 * k;
    map.append(
      svg(
        "g",
        { class: "ib-battle-mark", "data-tip": `region:${battleAt}` },
        svg("circle", { cx: x, cy: yy, r: s * 1.3 }),
        svg("line", { x1: x - s * 0.75, y1: yy - s * 0.75, x2: x + s * 0.75, y2: yy + s * 0.75 }),
        svg("line", { x1: x + s * 0.75, y1: yy - s * 0.75, x2: x - s * 0.75, y2: yy + s * 0.75 }),
      ),
    );
  }

  map.append(drawStacks(shape, data, st, lay, k));
  return map;
}

function drawStacks(shape, data, st, lay, k) {
  const g = svg("g", { class: "ib-stacks" });
  const h = CHIP_H * k;
  for (const s of lay.stacks) {
    let y = s.ay;
    if (s.full) {
      for (const row of s.rows) {
        const x = s.ax - row.w / 2;
        const colour = nationHex(data, row.nation);
        const key = `${row.nation}@${s.region}`;
        const chip = svg("g", {
          class: ["ib-chip", row.nation === shape.role && "mine", st.act.chip.has(key) && "actionable"],
          "data-chip": key,
          "data-region": s.region,
          "data-tip": `chip:${key}`,
        });
        chip.append(svg("rect", { class: "chip-bg", x, y, width: row.w, height: h, rx: 2 * k, stroke: colour }));
        chip.append(svg("rect", { class: "chip-flag", x, y, width: 5 * k, height: h, rx: 1.5 * k, fill: colour }));
        const text = svg("text", { class: "chip-text", x: x + 7 * k, y: y + h * 0.76, "font-size": (CHIP_FONT * k).toFixed(2) });
        for (const p of row.pieces) text.append(p.cls ? svg("tspan", { class: p.cls }, p.text) : p.text);
        chip.append(text);
        let tx = x + 7 * k + row.textW + 2.5 * k;
        for (const tag of row.tags) {
          chip.append(svg("rect", { class: `tag tag-${tag}`, x: tx, y: y + 1.8 * k, width: 8.5 * k, height: h - 3.6 * k, rx: 1 * k, fill: TAG_HEX[tag] }));
          chip.append(svg("text", { class: `tag-n tag-${tag}`, x: tx + 4.25 * k, y: y + h * 0.72, "text-anchor": "middle", "font-size": (6.6 * k).toFixed(2) }, String(row.summary.tags[tag])));
          tx += 10 * k;
        }
        g.append(chip);
        y += h + 1.5 * k;
      }
    } else {
      let x = s.box[0];
      for (const row of s.rows) {
        const colour = nationHex(data, row.nation);
        const key = `${row.nation}@${s.region}`;
        const n = row.fids.length;
        const elite = row.fids.some((f) => (shape.view.board.forces[f] || {}).elite);
        const pip = svg("g", {
          class: ["ib-chip", "pip", row.nation === shape.role && "mine", st.act.chip.has(key) && "actionable"],
          "data-chip": key,
          "data-region": s.region,
          "data-tip": `chip:${key}`,
        });
        pip.append(svg("rect", { class: "pip-bg", x: x + 0.5 * k, y, width: (PIP_W - 1) * k, height: PIP_H * k, rx: 2 * k, fill: colour }));
        pip.append(svg("text", { class: ["pip-n", isLight(colour) && "dark"], x: x + (PIP_W / 2) * k, y: y + PIP_H * 0.76 * k, "text-anchor": "middle", "font-size": (8.4 * k).toFixed(2) }, String(n)));
        if (elite) pip.append(star(x + (PIP_W - 1.5) * k, y + 1 * k, 2.8 * k, { class: "pip-elite" }));
        if (row.tags.length) pip.append(svg("rect", { class: "pip-tag", x: x + 1.5 * k, y: y + (PIP_H - 3) * k, width: (PIP_W - 4) * k, height: 2 * k, fill: TAG_HEX[row.tags[0]] }));
        g.append(pip);
        x += PIP_W * k;
      }
      y += PIP_H * k + 1.5 * k;
    }
    if (s.tents.length) {
      let tx = s.full ? s.ax - (s.tents.length * 14 * k) / 2 : s.box[2] - s.tents.length * 9 * k;
      const ty = s.full ? y : s.ay;
      for (const [nation, n] of s.tents) {
        g.append(
          svg(
            "g",
            { class: "ib-tent", "data-tip": `tent:${s.region}:${nation}` },
            svg("path", { d: `M${tx},${ty + 8 * k}l${4.5 * k},${-7 * k}l${4.5 * k},${7 * k}z`, fill: nationHex(data, nation) }),
            s.full ? svg("text", { x: tx + 10 * k, y: ty + 7.5 * k, "font-size": (7 * k).toFixed(2) }, String(n)) : null,
          ),
        );
        tx += (s.full ? 14 : 9) * k;
      }
    }
  }
  return g;
}

function drawOrders(shape, data, st, geo, board, role, k) {
  const g = svg("g", { class: "ib-orders" });
  const all = board.orders || {};
  const nations = Object.keys(all).sort((a, b) => (a === role ? 1 : 0) - (b === role ? 1 : 0));
  for (const nation of nations) {
    const colour = nationHex(data, nation);
    (all[nation] || []).forEach((o, i) => {
      const stops = [o.from, ...(o.path || [])].filter((r) => geo.at[r]);
      if (!stops.length) return;
      const pts = stops.map((r) => geo.at[r]);
      const acts = nation === role ? st.act.order.get(i) || [] : [];
      const grp = svg("g", {
        class: ["ib-order", `st-${o.status}`, nation === role && "mine", acts.length && "actionable"],
        "data-order": nation === role ? String(i) : null,
        "data-tip": `order:${nation}:${i}`,
      });
      const d = `M${pts.map((p) => `${p[0].toFixed(1)},${p[1].toFixed(1)}`).join("L")}`;
      grp.append(svg("path", { class: "casing", d, "stroke-width": 5 * k }));
      grp.append(svg("path", { class: "line", d, stroke: colour, "stroke-width": 2.8 * k }));
      grp.append(svg("circle", { class: "origin", cx: pts[0][0], cy: pts[0][1], r: 3.4 * k, fill: colour }));
      if (pts.length >= 2) {
        const [p, q] = [pts[pts.length - 2], pts[pts.length - 1]];
        const len = dist(p, q) || 1;
        const ux = (q[0] - p[0]) / len;
        const uy = (q[1] - p[1]) / len;
        const tip = [q[0] - ux * 3 * k, q[1] - uy * 3 * k];
        const base = [tip[0] - ux * 9 * k, tip[1] - uy * 9 * k];
        grp.append(
          svg("path", {
            class: "head",
            d: `M${tip[0].toFixed(1)},${tip[1].toFixed(1)}L${(base[0] - uy * 4.6 * k).toFixed(1)},${(base[1] + ux * 4.6 * k).toFixed(1)}L${(base[0] + uy * 4.6 * k).toFixed(1)},${(base[1] - ux * 4.6 * k).toFixed(1)}Z`,
            fill: colour,
          }),
        );
        if (o.count && (nation === role || o.status === "plotted")) {
          const mid = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
          grp.append(svg("circle", { class: "count-bg", cx: mid[0], cy: mid[1], r: 6.5 * k, stroke: colour }));
          grp.append(svg("text", { class: "count", x: mid[0], y: mid[1] + 2.8 * k, "text-anchor": "middle", "font-size": (8 * k).toFixed(2) }, String(o.count)));
        }
      }
      g.append(grp);
    });
  }
  return g;
}


// ----- the side panel -------------------------------------------------------------------------

function badge(data, nation, extra) {
  const c = nationHex(data, nation);
  return el(
    "span",
    { class: ["ib-badge", extra], style: { "--nation": c } },
    el("i", { class: "sw", style: { background: c } }),
    nationName(data, nation),
  );
}

function panel(shape, data, st) {
  const view = shape.view || {};
  const board = view.board || {};
  const role = shape.role;
  const neutral = new Set(board.neutral || []);
  const nations = board.nations || Object.keys(data.nations || {});
  const last = board.last_round || LAST_ROUND;
  const box = el("div", { class: "ib-panel" });

  box.append(
    el(
      "div",
      { class: "ib-round" },
      el("div", { class: "ib-round-no" }, `Game Round ${board.round ?? "–"}`, el("span", { class: "muted" }, ` of ${last}`)),
      el("div", { class: "ib-phase" }, PHASES[board.phase] || capital(board.phase || "")),
      board.active ? el("div", { class: "ib-active" }, "Active Nation: ", badge(data, board.active, "big")) : null,
    ),
  );

  // a battle in progress comes first
  if (board.battle) box.append(battlePanel(data, board, board.battle));

  // turn order
  const moved = new Set(board.moved || []);
  box.append(
    el(
      "div",
      { class: "ib-section" },
      el("h3", {}, "Turn Order"),
      el(
        "ol",
        { class: "ib-turn-order" },
        (board.turn_order || []).map((n) =>
          el(
            "li",
            { class: [n === board.active && "active", moved.has(n) && "moved", neutral.has(n) && "neutral", n === role && "me"] },
            badge(data, n),
            neutral.has(n) ? el("span", { class: "muted small" }, " neutral") : null,
            n === board.active ? el("span", { class: "ib-now" }, " ◀ now") : moved.has(n) ? el("span", { class: "muted small" }, " ✓") : null,
          ),
        ),
      ),
    ),
  );

  // nations: Gold, Prestige, Medal Points, Medals
  const medalsOf = {};
  for (const [m, holder] of Object.entries(board.medals || {})) if (holder) (medalsOf[holder] = medalsOf[holder] || []).push(m);
  box.append(
    el(
      "div",
      { class: "ib-section" },
      el("h3", {}, "Nations"),
      el(
        "table",
        { class: "ib-nations" },
        el("thead", {}, el("tr", {}, el("th", {}, ""), el("th", { title: "Gold in the Treasury" }, "Gold"), el("th", { title: "Prestige Points" }, "Pres."), el("th", { title: "Medal Points, last On Parade" }, "MP"), el("th", { title: "Medals held" }, "Med."))),
        el(
          "tbody",
          {},
          nations.map((n) => {
            const mp = (board.medal_points || {})[n] || [];
            const mpTip = mp.length ? MP_COLUMNS.map((c, i) => `${c}: ${mp[i] ?? 0}`).join(" · ") : "";
            return el(
              "tr",
              { class: [n === role && "me", neutral.has(n) && "neutral"], "data-nation": n },
              el("td", {}, badge(data, n), n === role ? el("span", { class: "ib-you" }, "you") : null),
              el("td", { class: "num" }, String((board.gold || {})[n] ?? "–")),
              el("td", { class: "num" }, String((board.prestige || {})[n] ?? "–")),
              el("td", { class: "num", title: mpTip }, String(mp.length ? mp[5] ?? 0 : "–")),
              el(
                "td",
                { class: "medals" },
                (medalsOf[n] || []).map((m) => el("span", { class: "ib-medal", title: `${MEDALS[m] ? MEDALS[m][0] : m}: ${MEDALS[m] ? MEDALS[m][1] : ""}` }, (MEDALS[m] ? MEDALS[m][0] : m).split(" ").map((w) => w[0]).join(""))),
              ),
            );
          }),
        ),
      ),
    ),
  );

  // orders
  const orders = board.orders || {};
  const mine = role ? orders[role] || [] : [];
  const others = Object.keys(orders).filter((n) => n !== role && (orders[n] || []).length);
  if (mine.length || others.length) {
    const list = el("div", { class: "ib-section ib-order-list" }, el("h3", {}, role ? "Orders" : "Revealed orders"));
    const item = (n, o, i) => {
      const acts = n === role ? st.act.order.get(i) || [] : [];
      return el(
        "li",
        {
          class: [`st-${o.status}`, acts.length && "actionable"],
          "data-order-item": n === role ? String(i) : null,
          onmouseenter: () => lightOrder(st, n, i, true),
          onmouseleave: () => lightOrder(st, n, i, false),
        },
        el("i", { class: "sw", style: { background: nationHex(data, n) } }),
        el("span", {}, `${i + 1}. ${orderText(data, o)}`),
        el("span", { class: "muted small" }, ` — ${STATUS_TEXT[o.status] || o.status}`),
      );
    };
    if (mine.length) list.append(el("ol", { class: "ib-orders-ol" }, mine.map((o, i) => item(role, o, i))));
    for (const n of others) {
      list.append(
        el(
          "details",
          keep(st, `orders:${n}`, { class: "ib-revealed", open: n === board.active || others.length === 1 }),
          el("summary", {}, badge(data, n), el("span", { class: "muted small" }, ` ${plural(orders[n].length, "order")}`)),
          el("ol", { class: "ib-orders-ol" }, orders[n].map((o, i) => item(n, o, i))),
        ),
      );
    }
    box.append(list);
  }

  // set-up: the seat's own starting positions, plotted so far or to be placed (secret, L285)
  const dots = board.plotting || (role && (board.setup_dots || {})[role]) || [];
  if (dots.length) {
    const counts = new Map();
    for (const [kind, region] of dots) counts.set(`${region}|${kind}`, (counts.get(`${region}|${kind}`) || 0) + 1);
    const rows = [...counts.entries()]
      .map(([key, n]) => {
        const [region, kind] = key.split("|");
        return [regionName(data, region), plural(n, kind === "ship" ? "Ship" : "Land Unit")];
      })
      .sort((x, y) => x[0].localeCompare(y[0]));
    box.append(
      el(
        "div",
        { class: "ib-section ib-plotted" },
        el("h3", {}, board.plotting ? "Your starting positions so far" : "Your starting positions to place"),
        el("ul", {}, rows.map(([where, what]) => el("li", {}, `${where}: ${what}`))),
        el("p", { class: "muted small" }, "Secret from the other nations until placed."),
      ),
    );
  }

  if (board.last_battle && !board.battle) box.append(lastBattle(data, board.last_battle));

  // medals held
  const held = Object.entries(board.medals || {}).filter(([, h]) => h);
  if (held.length) {
    box.append(
      el(
        "div",
        { class: "ib-section" },
        el("h3", {}, "Medals"),
        el("ul", { class: "ib-medals" }, held.map(([m, h]) => el("li", {}, el("b", {}, MEDALS[m] ? MEDALS[m][0] : m), " ", badge(data, h)))),
      ),
    );
  }
  box.append(legend(st));
  return box;
}

function sideUnits(data, board, b, side) {
  const forces = board.forces || {};
  const zones = new Map();
  for (const [fid, u] of Object.entries(b.units || {})) {
    if (u.side !== side) continue;
    const f = forces[fid];
    if (!f) continue;
    const z = u.zone || (b.kind === "sea" ? "sea" : "front");
    if (!zones.has(z)) zones.set(z, new Map());
    const m = zones.get(z);
    const key = `${f.nation}|${f.type}|${f.elite ? 1 : 0}`;
    const cur = m.get(key) || { nation: f.nation, type: f.type, elite: f.elite, n: 0, damage: 0 };
    cur.n += 1;
    cur.damage += f.damage || 0;
    m.set(key, cur);
  }
  return zones;
}

function dice(faces, colour) {
  return (faces || []).map((f) => {
    const [glyph, title] = FACE[f] || [f, f];
    return el("span", { class: ["ib-die", colour, f], title: `${colour} die: ${title}` }, glyph);
  });
}

function battlePanel(data, board, b) {
  const box = el("div", { class: "ib-section ib-battle" });
  const kindText = { land: "land battle", sea: "sea battle", port: "Port battle" }[b.kind] || "battle";
  box.append(
    el("h3", {}, `Battle in ${regionName(data, b.region)}`),
    el("div", { class: "muted small" }, `${capital(kindText)} · ${b.round ? `Battle Round ${b.round}` : "Pre-Battle"}${b.terms && b.terms.secret ? " · sides chosen in secret" : ""}`),
  );
  const sides = [
    ["a", "Attackers"],
    ["d", "Defenders"],
  ];
  const grid = el("div", { class: "ib-sides" });
  for (const [side, title] of sides) {
    const col = el("div", { class: ["ib-side", `side-${side}`] });
    const who = (b.sides && b.sides[side]) || [];
    const commander = b.commanders && b.commanders[side];
    col.append(el("div", { class: "ib-side-head" }, title, b.stance && b.stance[side] ? el("span", { class: ["ib-stance", b.stance[side]] }, b.stance[side]) : null));
    col.append(el("div", { class: "ib-side-who" }, who.length ? who.map((n) => badge(data, n, n === commander && "commander")) : el("span", { class: "muted small" }, "—")));
    if (commander) col.append(el("div", { class: "muted small" }, `Commander: ${nationName(data, commander)}`));
    if (b.fort && b.fort.side === side && !b.fort_held) {
      const hp = fortHp(data, board, b.region);
      col.append(el("div", { class: "ib-fort-line" }, `${hp ? hp.name : "Fortification"} of ${nationName(data, b.fort.nation)}${hp ? ` (${hp.hp}/${hp.of} HP)` : ""}`));
    }
    for (const [zone, m] of sideUnits(data, board, b, side)) {
      col.append(
        el(
          "div",
          { class: "ib-zone" },
          el("span", { class: "zone-name" }, `${ZONES[zone] || zone}: `),
          [...m.values()].map((u) =>
            el(
              "span",
              { class: "ib-unit", style: { "--nation": nationHex(data, u.nation) } },
              `${u.n} ${ABBR[u.type] || u.type}${u.elite ? "★" : ""}${u.damage ? ` ✚${u.damage}` : ""}`,
            ),
          ),
        ),
      );
    }
    const roll = b.rolls && b.rolls[side];
    if (roll && ((roll.black || []).length || (roll.white || []).length)) {
      col.append(el("div", { class: "ib-dice" }, dice(roll.black, "black"), dice(roll.white, "white")));
    }
    const pool = (b.pool && b.pool[side]) || {};
    const hits = Object.entries(pool).filter(([, v]) => v);
    if (hits.length) col.append(el("div", { class: "small" }, "Hits to assign: ", hits.map(([h, v]) => `${v} ${h}`).join(", ")));
    const spoils = (b.spoils && b.spoils[side]) || [];
    if (spoils.length) {
      const pts = spoils.reduce((s, x) => s + (x.points || 0), 0);
      col.append(el("div", { class: "small" }, `Enemy Casualties: ${pts} pts (${spoils.map((x) => x.what).join(", ")})`));
    }
    grid.append(col);
  }
  box.append(grid);
  const choicesMade = Object.entries(b.choices || {});
  if (choicesMade.length) {
    box.append(el("div", { class: "small" }, "Sides chosen: ", choicesMade.map(([n, c]) => `${nationName(data, n)} ${c}`).join(", ")));
  }
  const held = Object.keys(b.held || {}).length;
  if (held) box.append(el("div", { class: "small muted" }, `${plural(held, "force")} held back`));
  if ((b.lost || []).length) {
    const by = {};
    for (const [n] of b.lost) by[n] = (by[n] || 0) + 1;
    box.append(el("div", { class: "small" }, "Lost: ", Object.entries(by).map(([n, c]) => `${nationName(data, n)} ${c}`).join(", ")));
  }
  if (b.outcome) box.append(el("div", { class: "ib-outcome" }, `${capital(b.outcome)}${b.victor ? ` — ${nationName(data, b.victor)}` : ""}`));
  return box;
}

function lastBattle(data, lb) {
  const text = lb.outcome === "called-off" ? "called off" : lb.outcome || "over";
  return el(
    "div",
    { class: "ib-section ib-last-battle" },
    el("h3", {}, "Last battle"),
    el("div", { class: "small" }, `${regionName(data, lb.region)} (${lb.kind}): ${text}${lb.victor ? `, won by ${nationName(data, lb.victor)}` : ""}${lb.captured ? ", captured" : ""}`),
  );
}

function legend(st) {
  const item = (cls, text) => el("span", { class: "lg" }, el("i", { class: cls }), text);
  return el(
    "details",
    keep(st, "legend", { class: "ib-section ib-legend", open: false }),
    el("summary", {}, "Key"),
    el(
      "div",
      { class: "ib-legend-body" },
      item("lg-indep", "independent territory"),
      item("lg-star", "Capital; ▪ Government Buildings: 4, 2, 1 by tier"),
      item("lg-mtn brown", "brown mountain range"),
      item("lg-mtn white", "white mountain range"),
      item("lg-port", "port (roundel in its controller's colour)"),
      item("lg-off", "Ottoman Empire: off-limits"),
      item("lg-dmg", "damage token on a fortification"),
      item("lg-act", "you may act here: click"),
      el("span", { class: "lg" }, "counts first (2HInf: two Half Infantry) · Inf Full Infantry · HInf Half Infantry · Cav Cavalry · Gun Cannon · SoL Ship of the Line · Frig Frigate"),
      el("span", { class: "lg" }, "★ elite · ✚ damage · ⊘ out of action · [ ] cargo · ▮ Arrow Tags (blue, red, white)"),
    ),
  );
}

function lightOrder(st, nation, i, on) {
  if (!st.map) return;
  for (const o of st.map.querySelectorAll(`.ib-order[data-tip="order:${nation}:${i}"]`)) o.classList.toggle("hl", on);
}

// ----- tooltips and the click menu --------------------------------------------------------------

function tipContent(key, shape, data) {
  const view = shape.view || {};
  const board = view.board || {};
  const forces = board.forces || {};
  const [kind, rest] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
  if (kind === "region") {
    const id = rest;
    const info = regionInfo(data, id);
    if (!info) return null;
    const rk = regionKind(data, id);
    const out = [el("div", { class: "tip-title" }, regionName(data, id))];
    const owner = controllerOf(board, id);
    if (rk === "territory") {
      out.push(
        el(
          "div",
          { class: "tip-sub" },
          `${capital(info.tier)} territory (${info.value} Gold, ${info.value} MP)${info.homeland ? ` · homeland of ${nationName(data, info.homeland)}` : ""}${info.island ? " · island" : ""}`,
        ),
      );
    } else if (rk === "port") {
      out.push(el("div", { class: "tip-sub" }, `${capital(info.tier)} port on the ${regionName(data, info.sea)}${info.territory ? ` · interior ${regionName(data, info.territory)}` : " · no interior"}`));
    } else if (rk === "mountain") {
      out.push(el("div", { class: "tip-sub" }, `${capital(info.colour)} mountain range between ${(info.land || []).map((t) => regionName(data, t)).join(" and ")}`));
    } else {
      out.push(el("div", { class: "tip-sub" }, `Open sea · next to ${(info.seas || []).map((t) => regionName(data, t)).join(", ")}`));
    }
    if (rk === "territory" || rk === "port") {
      const hp = fortHp(data, board, id);
      out.push(
        el(
          "div",
          { class: "tip-row" },
          owner ? el("i", { class: "sw", style: { background: nationHex(data, owner) } }) : null,
          owner ? `Held by ${nationName(data, owner)}` : "Independent",
          hp ? ` · ${hp.name}: ${hp.hp}/${hp.of} HP` : "",
        ),
      );
    }
    if (owner && (board.neutral || []).includes(owner)) out.push(el("div", { class: "tip-row warn" }, `${nationName(data, owner)} is Neutral: no Mobile Force may enter`));
    if ((board.revolts || []).includes(id)) out.push(el("div", { class: "tip-row warn" }, "Revolt!"));
    if ((board.held_gold || {})[id]) out.push(el("div", { class: "tip-row" }, `${board.held_gold[id]} Gold held here`));
    const here = Object.entries(forces).filter(([, f]) => f.at === id && !f.cargo_of);
    for (const [fid, f] of here) out.push(forceRow(data, board, fid, f));
    const tents = (board.tents || {})[id];
    if (tents) for (const [n, c] of Object.entries(tents)) if (c) out.push(el("div", { class: "tip-row small" }, `${nationName(data, n)}: ${plural(c, "Field Hospital Tent")}`));
    const acts = choices(shape, (a) => actionRegions(a, data).includes(id));
    if (acts.length) out.push(el("div", { class: "tip-act" }, acts.length === 1 ? `Click: ${readable(acts[0].action, acts[0].label, data, board, shape.role)}` : `${acts.length} orders possible — click`));
    return out;
  }
  if (kind === "chip") {
    const [nation, region] = rest.split("@");
    const here = Object.entries(forces).filter(([, f]) => f.at === region && f.nation === nation && !f.cargo_of);
    return [el("div", { class: "tip-title" }, `${nationName(data, nation)} in ${regionName(data, region)}`), here.map(([fid, f]) => forceRow(data, board, fid, f))];
  }
  if (kind === "order") {
    const [nation, i] = rest.split(":");
    const o = ((board.orders || {})[nation] || [])[Number(i)];
    if (!o) return null;
    return [el("div", { class: "tip-title" }, `${nationName(data, nation)}: order ${Number(i) + 1}`), el("div", { class: "tip-row" }, orderText(data, o)), el("div", { class: "tip-sub" }, STATUS_TEXT[o.status] || o.status)];
  }
  if (kind === "tent") {
    const [region, nation] = rest.split(":");
    const n = ((board.tents || {})[region] || {})[nation] || 0;
    return [el("div", { class: "tip-row" }, `${nationName(data, nation)}: ${plural(n, "Field Hospital Tent")} in ${regionName(data, region)}`)];
  }
  return null;
}

function forceRow(data, board, fid, f) {
  const forces = board.forces || {};
  const bits = [f.elite ? "elite " : "", unitName(data, f.type)];
  const extra = [];
  if (f.damage) extra.push(plural(f.damage, "damage"));
  if (outOfAction(data, f)) extra.push("out of action");
  for (const t of f.tags || []) extra.push(`${t} Arrow Tag (${TAG_TEXT[t] || t})`);
  const cargo = Object.values(forces).filter((c) => c.cargo_of === fid);
  if (cargo.length) extra.push(`cargo: ${cargo.map((c) => `${c.elite ? "elite " : ""}${unitName(data, c.type)}`).join(", ")}`);
  return el(
    "div",
    { class: "tip-row small" },
    el("i", { class: "sw", style: { background: nationHex(data, f.nation) } }),
    `${nationName(data, f.nation)}: ${bits.join("")}`,
    extra.length ? ` — ${extra.join("; ")}` : "",
    el("span", { class: "muted" }, ` ${fid}`),
  );
}

function menuChoices(key, shape, data, st) {
  const board = (shape.view && shape.view.board) || {};
  const [kind, id] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
  if (kind === "region") {
    const own = st.act.region.get(id) || [];
    const forces = board.forces || {};
    const here = new Set(Object.keys(forces).filter((fid) => forces[fid].at === id));
    const byForce = choices(shape, (a) => !own.some((c) => c.action === a) && actionForces(a, board).some((f) => here.has(f)));
    return [...own, ...byForce];
  }
  if (kind === "chip") return st.act.chip.get(id) || [];
  if (kind === "order") return st.act.order.get(Number(id)) || [];
  return [];
}

function menuTitle(key, data, shape) {
  const [kind, id] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
  if (kind === "region") return regionName(data, id);
  if (kind === "chip") {
    const [n, r] = id.split("@");
    return `${nationName(data, n)} in ${regionName(data, r)}`;
  }
  if (kind === "order") return `Order ${Number(id) + 1}`;
  return "";
}

function openMenu(container, key, x, y, reopen = false) {
  const st = states.get(container);
  if (!st || !st.wrap) return;
  const { shape, data, onAction } = st;
  const board = (shape.view && shape.view.board) || {};
  const list = onAction ? menuChoices(key, shape, data, st) : [];
  const direct = !reopen && list.length === 1 && key.startsWith("region:") && actionRegions(list[0].action, data).includes(key.slice(7));
  if (direct) {
    closeMenu(container);
    onAction(list[0].action);
    return;
  }
  st.menu = { key, x, y };
  showMenu(st, x, y, {
    title: menuTitle(key, data, shape),
    list,
    button: (c) => [{ class: "btn action ib-menu-item", "data-action": JSON.stringify(c.action) }, readable(c.action, c.label, data, board, shape.role)],
    pick: (c) => onAction(c.action),
    info: () => tipContent(key.startsWith("order:") ? `order:${shape.role}:${key.slice(6)}` : key, shape, data),
    empty: onAction ? "No order concerns this place now." : "Read only.",
  });
}

function closeMenu(container) {
  close(states.get(container));
}

// ----- zoom and pan ------------------------------------------------------------------------------

const ZOOMS = [1, 1.5, 2.25, 3.4, 5];

function setZoom(container, zoom, at) {
  const st = states.get(container);
  if (!st) return;
  zoomTo(st, ZOOMS, zoom, at);
  redraw(container);
}

// ----- wiring ------------------------------------------------------------------------------------

function wire(container, wrap, map) {
  const st = states.get(container);
  const keyOf = (t) => (t.dataset.order ? `order:${t.dataset.order}` : t.dataset.chip ? `chip:${t.dataset.chip}` : `region:${t.dataset.region}`);
  wireMap(st, wrap, map, {
    tip: (key) => tipContent(key, st.shape, st.data),
    hover: (event) => {
      const regionEl = event.target.closest && event.target.closest("[data-region]");
      return regionEl ? regionEl.dataset.region : null;
    },
    light: (hover) => {
      for (const g of map.querySelectorAll(".hover")) g.classList.remove("hover");
      for (const g of map.querySelectorAll(".ib-links .on")) g.classList.remove("on");
      if (hover) {
        for (const g of map.querySelectorAll(`.ib-region[data-region="${CSS.escape(hover)}"]`)) g.classList.add("hover");
        for (const g of map.querySelectorAll(`.ib-links [data-ends~="${CSS.escape(hover)}"]`)) g.classList.add("on");
      }
    },
    pan: { width: W, zooms: ZOOMS, viewBox: () => viewBoxFor(st, W, geometry(st.data).H), zoom: (z, at) => setZoom(container, z, at) },
    selector: "[data-region],[data-chip],[data-order]",
    keyOf,
    // a click on a force or an order counts only where it may act; else it is on the region
    clickKey: (event) => {
      const t = event.target;
      if (!t || !t.closest) return null;
      const order = t.closest("[data-order]");
      if (order && order.classList.contains("actionable")) return `order:${order.dataset.order}`;
      const chip = t.closest("[data-chip]");
      if (chip && chip.classList.contains("actionable")) return `chip:${chip.dataset.chip}`;
      const region = t.closest("[data-region]");
      if (region) return `region:${region.dataset.region}`;
      return null;
    },
    open: (key, x, y) => openMenu(container, key, x, y),
  });
}

// ----- the module's interface ----------------------------------------------------------------

const states = new WeakMap();

function actionIndex(shape, data) {
  const board = (shape.view && shape.view.board) || {};
  const forces = board.forces || {};
  const region = new Map();
  const chip = new Map();
  const order = new Map();
  const add = (m, k, c) => {
    if (!m.has(k)) m.set(k, []);
    if (!m.get(k).includes(c)) m.get(k).push(c);
  };
  (shape.actions || []).forEach((a, i) => {
    const c = { action: a, label: (shape.labels || [])[i] };
    for (const r of new Set(actionRegions(a, data))) add(region, r, c);
    for (const fid of new Set(actionForces(a, board))) {
      const f = forces[fid];
      const ship = f.cargo_of && forces[f.cargo_of];
      const at = f.cargo_of ? ship && ship.at : f.at;
      const nation = f.cargo_of && ship ? ship.nation : f.nation;
      if (at) add(chip, `${nation}@${at}`, c);
    }
    const o = actionOrder(a);
    if (o !== null) {
      add(order, o, c);
      const mine = ((board.orders || {})[shape.role] || [])[o];
      if (mine && mine.from) add(region, mine.from, c); // an order is also a click on its origin
    }
  });
  // the order being plotted: its last region offers the number of forces (and undo)
  const mine = ((board.orders || {})[shape.role] || []).filter((x) => x.status === "drafting").pop();
  if (mine) {
    const end = (mine.path || []).length ? mine.path[mine.path.length - 1] : mine.from;
    (shape.actions || []).forEach((a, i) => {
      if ((a && typeof a === "object" && "count" in a) || a === "undo") add(region, end, { action: a, label: (shape.labels || [])[i] });
    });
  }
  return { region, chip, order };
}

function redraw(container) {
  const st = states.get(container);
  if (!st || !st.shape) return;
  draw(container, st);
}

/** The map's drawn width in pixels at zoom 1 (what a user unit is worth on the screen). */
function measure(st, geo) {
  if (!st.map) return 0;
  const r = st.map.getBoundingClientRect();
  if (!r.width || !r.height) return 0;
  return Math.min(r.width, (r.height * W) / geo.H);
}

function guessWidth(container, geo) {
  const cw = container.clientWidth || 900;
  const side = cw > 760 ? 244 : 0;
  const maxH = Math.max(420, (window.innerHeight || 800) - 84);
  return Math.max(200, Math.min(cw - side, (maxH * W) / geo.H));
}

function draw(container, st, again = true) {
  const { shape, data, onAction } = st;
  const geo = geometry(data);
  const mapW = st.mapW || guessWidth(container, geo);
  st.k = W / (mapW * st.zoom); // user units per screen pixel
  st.viewBox = viewBoxFor(st, W, geo.H);
  st.act = onAction ? actionIndex(shape, data) : { region: new Map(), chip: new Map(), order: new Map() };
  const map = drawMap(shape, data, st);
  for (const n of map.querySelectorAll(".actionable")) {
    n.setAttribute("tabindex", "0");
    n.setAttribute("role", "button");
  }
  const { tip, menuBox } = floatBoxes("ib");
  const zoomBar = el(
    "div",
    { class: "ib-zoom" },
    zoomButtons(st, ZOOMS, (z) => setZoom(container, z)),
    el(
      "button",
      {
        type: "button",
        class: "btn tiny",
        title: "whole map",
        "aria-label": "whole map",
        onclick: () => {
          st.cx = W / 2;
          st.cy = geo.H / 2;
          setZoom(container, 1);
        },
      },
      "⤢",
    ),
  );
  const wrap = el("div", { class: "ib-map-wrap" }, map, zoomBar, tip, menuBox);
  Object.assign(st, { wrap, tip, menuBox, map, tipKey: null });
  wire(container, wrap, map);
  const scrollKeep = st.panelEl ? st.panelEl.scrollTop : 0;
  const side = panel(shape, data, st);
  st.panelEl = side;
  clear(container).append(el("div", { class: "ib-root" }, el("div", { class: ["ib", !onAction && "readonly"] }, wrap, side)));
  side.scrollTop = scrollKeep;
  if (st.menu) {
    const again = menuChoices(st.menu.key, shape, data, st);
    if (again.length) openMenu(container, st.menu.key, st.menu.x, st.menu.y, true);
    else st.menu = null;
  }
  if (st.lit) highlight(container, st.lit, data);
  const drawn = measure(st, geo);
  if (drawn && Math.abs(drawn - mapW) / mapW > 0.03) {
    st.mapW = drawn;
    if (again) draw(container, st, false);
  }
}

export function render(container, shape, data, onAction) {
  if (!data || !data.territories || !data.nations) {
    clear(container).append(el("p", { class: "fatal" }, "The map data of Imperial Borders could not be loaded."));
    return;
  }
  let st = states.get(container);
  if (!st) {
    const H = geometry(data).H;
    st = { menu: null, hover: null, zoom: 1, cx: W / 2, cy: H / 2, lit: null };
    states.set(container, st);
    closeMenuOnLeave(st);
    // a new window size: draw the names and stacks again for the new scale
    redrawOnResize(
      container,
      st,
      () => measure(st, geometry(st.data)),
      () => draw(container, st, false),
    );
  }
  Object.assign(st, { shape, data, onAction });
  draw(container, st);
}

/** Light up the regions, forces and orders an action names (the orders panel's hover). */
export function highlight(container, action, data) {
  const st = states.get(container);
  if (!st || !st.map) return;
  st.lit = action === null || action === undefined ? null : action;
  for (const n of st.map.querySelectorAll(".hl")) n.classList.remove("hl");
  if (!st.lit || typeof action !== "object") return;
  const d = data || st.data;
  const board = (st.shape.view && st.shape.view.board) || {};
  for (const r of actionRegions(action, d)) {
    for (const n of st.map.querySelectorAll(`[data-region="${CSS.escape(r)}"]`)) n.classList.add("hl");
  }
  const forces = board.forces || {};
  for (const fid of actionForces(action, board)) {
    const f = forces[fid];
    const ship = f.cargo_of && forces[f.cargo_of];
    const at = ship ? ship.at : f.at;
    const nation = ship ? ship.nation : f.nation;
    for (const n of st.map.querySelectorAll(`[data-chip="${CSS.escape(`${nation}@${at}`)}"]`)) n.classList.add("hl");
  }
  const o = actionOrder(action);
  if (o !== null && st.shape.role) {
    for (const n of st.map.querySelectorAll(`.ib-order[data-tip="order:${CSS.escape(st.shape.role)}:${o}"]`)) n.classList.add("hl");
  }
}

export function summary(shape, data) {
  const b = (shape.view && shape.view.board) || {};
  const bits = [];
  if (b.round) bits.push(`Game Round ${b.round} of ${b.last_round || LAST_ROUND}`);
  if (b.phase) bits.push(PHASES[b.phase] || b.phase);
  if (b.active) bits.push(`${nationName(data || {}, b.active)} on the march`);
  if (b.battle) bits.push(`battle in ${regionName(data || {}, b.battle.region)}`);
  if (shape.over) bits.push("game over");
  return bits.join(" · ");
}
