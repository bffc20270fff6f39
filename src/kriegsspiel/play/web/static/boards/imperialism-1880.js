// Imperialism 1880: a referee-run colonial campaign, 1880-1916. A world map (Mercator, the
// inhabited band, so that Europe and the map as a whole stand taller) drawn from GET
// /api/data/imperialism-1880: each area a disc at its coordinates with the powers' status
// markers as sectors (the more of the disc filled, the higher the status; unestablished
// markers pale and dashed), the home countries as squares, the sea zones and passages by
// name. Beside it: the turn track, a power's orders for the turn (requests, notes, "send")
// or the referee's inbox of every power's orders (take up, done, refuse), the report sent
// to a power after each turn, the European Tensions Index, the books as the seat may read
// them, the Casus Belli register, wars, treaties. Legal actions that name a place are clicks
// on it; a power's home (and its row in the panel) stands for the power.
import { clear, el, svg } from "../common.js";
import {
  capital,
  closeMenu as close,
  closeMenuOnLeave,
  collides,
  floatBoxes,
  keep,
  mapRoot,
  textWidth as measured,
  redrawOnResize,
  showMenu,
  star as starOf,
  viewBoxFor as viewBoxOf,
  wireMap,
  zoomButtons,
  zoomTo,
  mapWidth,
} from "./shared.js";
import { LANDS, WATERS } from "./coasts.js";

// ----- the projection -------------------------------------------------------------------------

const W = 1000; // SVG user units across the map
const LON0 = -180;
const LAT_N = 68;
const LAT_S = -48;
const S = W / 360; // user units per degree of longitude
const R = W / (2 * Math.PI); // the Mercator sphere's radius in user units

/** Mercator's northing of a latitude (clamped short of the poles). */
function merc(lat) {
  const phi = (Math.max(-85, Math.min(85, lat)) * Math.PI) / 180;
  return R * Math.log(Math.tan(Math.PI / 4 + phi / 2));
}

const H = merc(LAT_N) - merc(LAT_S); // about 2.4 : 1 (the plain projection's band was 3.1 : 1)
const DIVIDE_LON = -44; // between the West map and the East map (mid-Atlantic)

function proj(lat, lon) {
  return [(lon - LON0) * S, merc(LAT_N) - merc(lat)];
}

// ----- powers, statuses, words ----------------------------------------------------------------

const GREAT = ["britain", "france", "germany", "austria-hungary", "italy", "japan", "russia", "usa"];
const MINORS = ["belgium", "netherlands", "portugal", "spain"];
const POWERS = [...GREAT, ...MINORS];

const STYLE = {
  britain: { fill: "#d1302a", edge: "#6a110c" },
  france: { fill: "#2f66d0", edge: "#122f6b" },
  germany: { fill: "#3b3b3e", edge: "#0d0d0f" },
  "austria-hungary": { fill: "#c1902e", edge: "#ffffff" },
  italy: { fill: "#53a23c", edge: "#1d4a12" },
  japan: { fill: "#a8123e", edge: "#ffffff" },
  russia: { fill: "#1b5e3b", edge: "#082617" },
  usa: { fill: "#1c2d6b", edge: "#070f2c" },
  belgium: { fill: "#7d4aa3", edge: "#311845" },
  netherlands: { fill: "#f0821a", edge: "#6b3300" },
  portugal: { fill: "#14958c", edge: "#053b37" },
  spain: { fill: "#e6c21e", edge: "#6b5600" },
};

const STATUSES = ["interest", "influence", "protectorate", "possession", "state"];
// how much of the disc a status fills: the inner radius of its sector, as a share of the disc
const INNER = { interest: 0.62, influence: 0.4, protectorate: 0.16, possession: 0, state: 0 };
const STATUS_SHORT = { interest: "Int", influence: "Inf", protectorate: "Prot", possession: "Poss", state: "Dom" };

const PHASES = {
  income: "Income phase",
  orders: "The powers write their orders",
  "minor powers": "Minor powers' activity",
  entries: "Referee entries",
  "war-end determination": "War-end determination",
  "victory point record": "Victory Point Record",
  "final record": "Final Record",
  over: "The campaign is over",
};

// action keys whose value is a place (an area, a sea zone, a home country, a passage)
const PLACE_KEYS = new Set(["area", "where", "from", "to", "passage", "retreat_to"]);
// action keys whose value is a power
const POWER_KEYS = new Set([
  "power",
  "attacker",
  "defender",
  "aggressor",
  "target",
  "first",
  "second",
  "breaker",
  "minor",
  "neutral",
  "alliance",
  "invader",
  "by",
  "bearer",
  "fight",
  "unestablish",
]);

// where the passages are (the data gives only their seas and shores)
const PASSAGE_AT = {
  "the-straits": [41.1, 29.0],
  gibraltar: [36.0, -5.6],
  suez: [30.6, 32.3],
  "bab-el-mandeb": [12.6, 43.4],
  hormuz: [26.6, 56.4],
  malacca: [2.6, 101.2],
  sunda: [-6.0, 105.8],
  "korea-strait": [34.4, 129.3],
  "panama-canal": [9.1, -79.7],
  "nicaragua-canal": [11.4, -85.2],
};

const TAG_TEXT = {
  straits: "on a strait",
  canal: "on a canal",
  "canal-site": "on a canal route",
  "chinese-empire": "Chinese Empire",
  india: "India",
  european: "in Europe",
  "cb-usa-exempt": "no US Casus Belli here",
};

// ----- names -------------------------------------------------------------------------------------

function sign(n) {
  return n >= 0 ? `+${n}` : String(n);
}

function powerName(data, p) {
  if (p === "natives") return "the natives";
  if (p === "referee") return "the referee";
  const info = data.powers && data.powers[p];
  return info ? info.name : String(p);
}

function possessive(name) {
  return name.endsWith("s") ? `${name}'` : `${name}'s`;
}

function statusName(status, power) {
  if (status === "state") return { britain: "Dominion", usa: "State" }[power] || "State/Dominion";
  return capital(status);
}

function fill(p) {
  return (STYLE[p] || { fill: "#6b665a" }).fill;
}

function edge(p) {
  return (STYLE[p] || { edge: "#2a271e" }).edge;
}

function placeKind(data, id) {
  if (typeof id !== "string") return null;
  if (data.areas && data.areas[id]) return "area";
  if (data.seas && data.seas[id]) return "sea";
  if (data.homes && data.homes[id]) return "home";
  if (data.passages && data.passages[id]) return "passage";
  return null;
}

function placeName(data, id) {
  const kind = placeKind(data, id);
  if (!kind) return String(id);
  const table = { area: data.areas, sea: data.seas, home: data.homes, passage: data.passages }[kind];
  return capital(table[id].name);
}

function isPower(data, v) {
  return typeof v === "string" && Boolean(data.powers && data.powers[v]);
}

function unitWords(key, n) {
  const [size, role] = String(key).split("-");
  const words = `${capital(role || "")}(${String(size || "").replace(/^m/, "")})`;
  return n > 1 ? `${n}× ${words}` : words;
}

function unitSP(key) {
  const size = String(key).split("-")[0];
  return { m10: 10, m3: 3, m1: 1 }[size] || 0;
}

function tagText(data, tag) {
  if (TAG_TEXT[tag]) return TAG_TEXT[tag];
  if (tag.startsWith("cb-")) return `a marker here gives ${powerName(data, tag.slice(3))} a Casus Belli`;
  if (tag.startsWith("vp-")) return `Final Record group: ${tag.slice(3).replace(/-/g, " ")}`;
  return tag.replace(/-/g, " ");
}

// ----- geometry ----------------------------------------------------------------------------------

const geometries = new WeakMap();

function pathOf(flat) {
  const pts = [];
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const [x, y] = proj(flat[i + 1], flat[i]);
    pts.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  }
  return `M${pts.join("L")}Z`;
}

function geometry(data) {
  if (geometries.has(data)) return geometries.get(data);
  const at = {};
  for (const [id, a] of Object.entries(data.areas || {})) at[id] = proj(a.lat, a.lon);
  for (const [id, s] of Object.entries(data.seas || {})) at[id] = proj(s.lat, s.lon);
  for (const [id, h] of Object.entries(data.homes || {})) at[id] = proj(h.lat, h.lon);
  for (const [id, p] of Object.entries(data.passages || {})) {
    if (PASSAGE_AT[id]) {
      at[id] = proj(PASSAGE_AT[id][0], PASSAGE_AT[id][1]);
      continue;
    }
    const pts = (p.shores || []).map((x) => at[x]).filter(Boolean);
    if (pts.length) at[id] = [pts.reduce((s, q) => s + q[0], 0) / pts.length, pts.reduce((s, q) => s + q[1], 0) / pts.length];
  }
  const links = [];
  const seen = new Set();
  const linkAll = (table) => {
    for (const [id, x] of Object.entries(table || {})) {
      for (const o of [...(x.land || []), ...(x.homes || [])]) {
        if (!at[o] || !at[id]) continue;
        const key = [id, o].sort().join("|");
        if (seen.has(key)) continue;
        seen.add(key);
        if (Math.abs(at[id][0] - at[o][0]) > W / 2) continue; // not across the date line
        links.push([id, o]);
      }
    }
  };
  linkAll(data.areas);
  linkAll(data.homes);
  const g = { at, links, lands: LANDS.map(pathOf), waters: WATERS.map(pathOf) };
  geometries.set(data, g);
  return g;
}

// ----- what the actions name ---------------------------------------------------------------------

function single(action) {
  if (!action || typeof action !== "object" || Array.isArray(action)) return null;
  const keys = Object.keys(action);
  return keys.length === 1 ? [keys[0], action[keys[0]]] : null;
}

/** The place an action names (its value under a place key), or null. */
function namedPlace(action, data) {
  const kv = single(action);
  if (!kv) return null;
  return PLACE_KEYS.has(kv[0]) && placeKind(data, kv[1]) ? kv[1] : null;
}

/** The power an action names (its value under a power key), or null. */
function namedPower(action, data) {
  const kv = single(action);
  if (!kv) return null;
  return POWER_KEYS.has(kv[0]) && isPower(data, kv[1]) ? kv[1] : null;
}

/** The place the current question is about: the last place of the entry being made, or the
 * area of a minor power's activity, of an unrest, of a retreat or of losses. */
function anchorOf(board, data, role) {
  const q = board.question || {};
  if (board.asking && board.asking !== "entries") {
    for (const k of ["area", "where"]) if (placeKind(data, q[k])) return q[k];
    return null;
  }
  const draft = writingOf(board, role) || (board.entry && board.entry.draft) || {};
  let out = null;
  for (const [k, v] of Object.entries(draft)) if (PLACE_KEYS.has(k) && placeKind(data, v)) out = v;
  return out;
}

/** The request a power is writing ({request, key: value...}), or null. */
function writingOf(board, role) {
  const mine = role && board.orders && board.orders[role];
  return mine && mine.writing && Object.keys(mine.writing).length ? mine.writing : null;
}

function actionIndex(shape, data) {
  const board = (shape.view && shape.view.board) || {};
  const place = new Map();
  const power = new Map();
  const add = (m, k, c) => {
    if (!m.has(k)) m.set(k, []);
    m.get(k).push(c);
  };
  const anchor = anchorOf(board, data, shape.role);
  // the entries' first menu (the kinds of entry) belongs to no place, nor a power's first menu of requests
  const entryOpen =
    (board.asking && board.asking !== "entries") || Object.keys((board.entry && board.entry.draft) || {}).length > 0 || Boolean(writingOf(board, shape.role));
  (shape.actions || []).forEach((a, i) => {
    const c = { action: a, label: (shape.labels || [])[i], attached: false };
    const pl = namedPlace(a, data);
    const pw = namedPower(a, data);
    if (pl) add(place, pl, c);
    if (pw) add(power, pw, c);
    if (!pl && anchor && entryOpen) add(place, anchor, { ...c, attached: true }); // the question's next choices
  });
  return { place, power, anchor };
}

/** The choices a click on a place offers: those naming it, and for a home its power's. */
function placeChoices(st, id) {
  const own = st.act.place.get(id) || [];
  const home = st.data.homes && st.data.homes[id];
  const byPower = home ? st.act.power.get(home.power) || [] : [];
  const out = [...own];
  for (const c of byPower) if (!out.some((o) => o.action === c.action)) out.push(c);
  return out;
}

function readable(c, data) {
  if (c.label !== undefined && c.label !== null && !/^[{["]/.test(String(c.label).trim())) return capital(c.label);
  const kv = single(c.action);
  if (kv) {
    if (placeKind(data, kv[1])) return placeName(data, kv[1]);
    if (isPower(data, kv[1])) return powerName(data, kv[1]);
    return `${kv[0].replace(/_/g, " ")}: ${String(kv[1])}`;
  }
  return capital(String(c.action));
}

// ----- text measurement ---------------------------------------------------------------------------

/** Without a canvas, text is guessed a little narrower here than on the other boards. */
const NARROW = [0.62, 0.56];

function textWidth(text, size, bold, italic) {
  return measured(text, size, bold, italic, NARROW);
}

// ----- the map's pieces ---------------------------------------------------------------------------

function polar(cx, cy, r, a) {
  return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
}

function fmt(p) {
  return `${p[0].toFixed(2)},${p[1].toFixed(2)}`;
}

/** A sector of a ring (r0 = 0: of a disc) from angle a0 to a1; the whole ring when a1 - a0 = 2π. */
function sector(cx, cy, r0, r1, a0, a1) {
  if (a1 - a0 >= 2 * Math.PI - 1e-6) {
    const outer = `M${fmt([cx + r1, cy])}A${r1.toFixed(2)},${r1.toFixed(2)} 0 1 1 ${fmt([cx - r1, cy])}A${r1.toFixed(2)},${r1.toFixed(2)} 0 1 1 ${fmt([cx + r1, cy])}Z`;
    if (r0 <= 0) return outer;
    return `${outer}M${fmt([cx + r0, cy])}A${r0.toFixed(2)},${r0.toFixed(2)} 0 1 0 ${fmt([cx - r0, cy])}A${r0.toFixed(2)},${r0.toFixed(2)} 0 1 0 ${fmt([cx + r0, cy])}Z`;
  }
  const large = a1 - a0 > Math.PI ? 1 : 0;
  const p1 = polar(cx, cy, r1, a0);
  const p2 = polar(cx, cy, r1, a1);
  let d = `M${fmt(p1)}A${r1.toFixed(2)},${r1.toFixed(2)} 0 ${large} 1 ${fmt(p2)}`;
  if (r0 <= 0) d += `L${fmt([cx, cy])}Z`;
  else d += `L${fmt(polar(cx, cy, r0, a1))}A${r0.toFixed(2)},${r0.toFixed(2)} 0 ${large} 0 ${fmt(polar(cx, cy, r0, a0))}Z`;
  return d;
}

function star(cx, cy, r, attrs) {
  return starOf(cx, cy, r, attrs, 2);
}

/** The markers of an area, highest status first (ties in the powers' order). */
function markersHere(board, id) {
  const here = (board.markers || {})[id] || {};
  return Object.entries(here).sort(
    (a, b) => STATUSES.indexOf(b[1].status) - STATUSES.indexOf(a[1].status) || POWERS.indexOf(a[0]) - POWERS.indexOf(b[0]),
  );
}

/** The units this seat may see, by place: place -> [[power, {kind: n}]]. */
function unitsByPlace(board) {
  const out = new Map();
  const add = (power, units) => {
    for (const [where, kinds] of Object.entries(units || {})) {
      if (!Object.values(kinds).some((n) => n > 0)) continue;
      if (!out.has(where)) out.set(where, []);
      out.get(where).push([power, kinds]);
    }
  };
  for (const [p, b] of Object.entries(board.books || {})) add(p, b.units);
  for (const [m, b] of Object.entries(board.minors || {})) add(m, b.units);
  return out;
}

function radiusPx(zoom) {
  return zoom >= 3.4 ? 8.5 : zoom >= 2.25 ? 7.5 : zoom >= 1.5 ? 6.5 : 5.8;
}

/** Where the names go at this zoom: those that would cover a disc or another name wait for
 * the tooltip and for zooming in. */
function layout(data, st, geo, board) {
  const k = st.k;
  const r = radiusPx(st.zoom) * k;
  const half = 5.5 * k;
  const obstacles = [];
  for (const id of Object.keys(data.areas || {})) {
    const [x, y] = geo.at[id];
    obstacles.push([x - r, y - r, x + r, y + r]);
  }
  for (const id of Object.keys(data.homes || {})) {
    const [x, y] = geo.at[id];
    obstacles.push([x - half, y - half, x + half, y + half]);
  }
  const taken = [...obstacles];
  const labels = new Map();
  const tryPlace = (id, lines, size, bold, italic, ox, oy) => {
    const [x, y] = geo.at[id];
    const w = Math.max(...lines.map((l) => textWidth(l, size, bold, italic))) * k;
    const lh = size * 1.05 * k;
    const h = lh * lines.length;
    const spots = [
      [x - w / 2, y + oy, "middle"],
      [x + ox, y - h / 2 + lh * 0.1, "start"],
      [x - w / 2, y - oy - h, "middle"],
      [x - ox - w, y - h / 2 + lh * 0.1, "end"],
    ];
    for (const [bx, by, anchor] of spots) {
      const box = [bx - 1 * k, by, bx + w + 1 * k, by + h];
      if (!collides(box, taken)) {
        taken.push(box);
        const tx = anchor === "middle" ? bx + w / 2 : anchor === "start" ? bx : bx + w;
        labels.set(id, { x: tx, y: by + lh * 0.82, anchor, lines, lh, size: size * k });
        return true;
      }
    }
    return false;
  };
  // the home countries first, then the sea zones, then the areas that matter most
  for (const id of Object.keys(data.homes || {})) {
    const g = GREAT.includes(data.homes[id].power);
    tryPlace(id, [data.homes[id].name], g ? 10 : 9, true, false, half + 2 * k, half + 1 * k);
  }
  for (const [id, s] of Object.entries(data.seas || {})) {
    const words = s.name.split(" ");
    const lines = s.name.length > 13 && words.length > 1 ? [words.slice(0, Math.ceil(words.length / 2)).join(" "), words.slice(Math.ceil(words.length / 2)).join(" ")] : [s.name];
    const ok = tryPlace(id, lines, 9, false, true, 0, -4 * k);
    if (!ok) labels.delete(id);
  }
  const rank = (id) => {
    let v = (data.areas[id].ev || 0) + markersHere(board, id).length * 4;
    if (st.act.place.has(id)) v += 100;
    if (st.act.anchor === id) v += 200;
    return v;
  };
  const ids = Object.keys(data.areas || {}).sort((a, b) => rank(b) - rank(a));
  for (const id of ids) tryPlace(id, [data.areas[id].name], 9.5, false, false, r + 2.5 * k, r + 1.5 * k);
  return labels;
}

function labelText(spot, cls, attrs = {}) {
  const t = svg("text", { class: cls, x: spot.x, y: spot.y, "text-anchor": spot.anchor, "font-size": spot.size.toFixed(2), ...attrs });
  spot.lines.forEach((line, i) => t.append(i === 0 ? svg("tspan", {}, line) : svg("tspan", { x: spot.x, dy: (spot.lh).toFixed(2) }, line)));
  return t;
}

function drawMap(shape, data, st) {
  const board = (shape.view && shape.view.board) || {};
  const geo = geometry(data);
  const k = st.k;
  const act = st.act;
  const r = radiusPx(st.zoom) * k;
  const units = unitsByPlace(board);
  const focus = new Set();
  if (act.anchor) focus.add(act.anchor);
  const q = board.question || {};
  for (const key of ["area", "where"]) if (placeKind(data, q[key])) focus.add(q[key]);
  const canals = new Map((board.canals || []).map((c) => [c.area, c.by]));
  const codominions = new Map((board.codominions || []).filter((c) => c.ended === null || c.ended === undefined).map((c) => [c.area, c.powers]));

  const map = mapRoot(st, { prefix: "imp", label: "World map of the campaign, 1880-1916", width: W, height: H, glow: { blur: 1.6, margin: 50 } });

  // the graticule: every 30 degrees, the equator and the tropics
  const grid = svg("g", { class: "imp-grid" });
  for (let lon = -150; lon <= 150; lon += 30) grid.append(svg("line", { x1: proj(0, lon)[0], y1: 0, x2: proj(0, lon)[0], y2: H }));
  for (const lat of [60, 30, -30]) grid.append(svg("line", { x1: 0, y1: proj(lat, 0)[1], x2: W, y2: proj(lat, 0)[1] }));
  grid.append(svg("line", { class: "equator", x1: 0, y1: proj(0, 0)[1], x2: W, y2: proj(0, 0)[1] }));
  for (const lat of [23.4, -23.4]) grid.append(svg("line", { class: "tropic", x1: 0, y1: proj(lat, 0)[1], x2: W, y2: proj(lat, 0)[1] }));
  map.append(grid);

  const lands = svg("g", { class: "imp-lands" });
  for (const d of geo.lands) lands.append(svg("path", { d }));
  for (const d of geo.waters) lands.append(svg("path", { class: "imp-water", d }));
  map.append(lands);

  // the two maps of the game: West (the Americas and Hawaii) and East
  const dx = proj(0, DIVIDE_LON)[0];
  map.append(
    svg(
      "g",
      { class: "imp-divide" },
      svg("line", { x1: dx, y1: 0, x2: dx, y2: H }),
      svg("text", { x: dx - 6 * k, y: H - 8 * k, "text-anchor": "end", "font-size": (10 * k).toFixed(2) }, "◂ WEST MAP"),
      svg("text", { x: dx + 6 * k, y: H - 8 * k, "text-anchor": "start", "font-size": (10 * k).toFixed(2) }, "EAST MAP ▸"),
    ),
  );

  // land links
  const links = svg("g", { class: "imp-links" });
  for (const [a, b] of geo.links) {
    links.append(svg("line", { x1: geo.at[a][0], y1: geo.at[a][1], x2: geo.at[b][0], y2: geo.at[b][1], "data-ends": `${a} ${b}` }));
  }
  map.append(links);

  const labels = layout(data, st, geo, board);

  // the sea zones
  const seas = svg("g", { class: "imp-seas" });
  for (const [id, s] of Object.entries(data.seas || {})) {
    const [x, y] = geo.at[id];
    const g = svg("g", {
      class: ["imp-place", "imp-sea", act.place.has(id) && "actionable", focus.has(id) && "focus"],
      "data-place": id,
      "data-tip": id,
    });
    g.append(svg("circle", { class: "imp-hit", cx: x, cy: y, r: 12 * k }));
    g.append(svg("circle", { class: "imp-sea-dot", cx: x, cy: y, r: 2 * k }));
    const spot = labels.get(id);
    g.append(labelText(spot || { x, y: y - 4 * k, anchor: "middle", lines: [s.name], lh: 9 * k, size: 9 * k }, ["imp-sea-name", !spot && "crowded"]));
    seas.append(g);
  }
  map.append(seas);

  // the passages: straits and canals
  const passages = svg("g", { class: "imp-passages" });
  for (const [id, p] of Object.entries(data.passages || {})) {
    if (!geo.at[id]) continue;
    const [x, y] = geo.at[id];
    const s = 3.6 * k;
    const by = canals.get(id);
    const g = svg("g", {
      class: ["imp-place", "imp-passage", `kind-${p.kind}`, by && "built", act.place.has(id) && "actionable", focus.has(id) && "focus"],
      "data-place": id,
      "data-tip": id,
    });
    g.append(svg("circle", { class: "imp-hit", cx: x, cy: y, r: s + 3 * k }));
    g.append(svg("path", { class: "imp-diamond", d: `M${x},${y - s}L${x + s},${y}L${x},${y + s}L${x - s},${y}Z`, fill: by ? fill(by) : null }));
    passages.append(g);
  }
  map.append(passages);

  // the home countries
  const homes = svg("g", { class: "imp-homes" });
  for (const [id, h] of Object.entries(data.homes || {})) {
    const [x, y] = geo.at[id];
    const s = (GREAT.includes(h.power) ? 5.5 : 4.5) * k;
    const clickable = placeChoices(st, id).length > 0;
    const g = svg("g", {
      class: ["imp-place", "imp-home", `pw-${h.power}`, clickable && "actionable", focus.has(id) && "focus"],
      "data-place": id,
      "data-tip": id,
      "data-power": h.power,
    });
    g.append(svg("rect", { class: "imp-hit", x: x - s - 3 * k, y: y - s - 3 * k, width: 2 * s + 6 * k, height: 2 * s + 6 * k }));
    g.append(svg("rect", { class: "imp-home-sq", x: x - s, y: y - s, width: 2 * s, height: 2 * s, rx: 1.2 * k, fill: fill(h.power), stroke: edge(h.power) }));
    homes.append(g);
  }
  map.append(homes);

  // the areas: a disc, and the status markers as sectors of it
  const areas = svg("g", { class: "imp-areas" });
  for (const [id, a] of Object.entries(data.areas || {})) {
    const [x, y] = geo.at[id];
    const here = markersHere(board, id);
    const g = svg("g", {
      class: ["imp-place", "imp-area", `map-${a.map}`, act.place.has(id) && "actionable", focus.has(id) && "focus", here.length && "held"],
      "data-place": id,
      "data-tip": id,
    });
    g.append(svg("circle", { class: "imp-hit", cx: x, cy: y, r: r + 3.5 * k }));
    g.append(svg("circle", { class: "imp-disc", cx: x, cy: y, r }));
    const n = here.length;
    here.forEach(([p, m], i) => {
      const a0 = -Math.PI / 2 + (2 * Math.PI * i) / n;
      const a1 = a0 + (2 * Math.PI) / n;
      const r0 = r * (INNER[m.status] ?? 0.5);
      g.append(
        svg("path", {
          class: ["imp-marker", `st-${m.status}`, !m.established && "unest"],
          d: sector(x, y, r0, r, a0, a1),
          fill: fill(p),
          stroke: m.established ? edge(p) : fill(p),
          "fill-rule": "evenodd",
          "data-power": p,
          "data-status": m.status,
        }),
      );
      if (m.status === "state") {
        const mid = (a0 + a1) / 2;
        const c = n === 1 ? [x, y] : polar(x, y, r * 0.55, mid);
        g.append(star(c[0], c[1], r * 0.42, { class: "imp-dom-star" }));
      } else if (m.status === "protectorate" && n === 1) {
        g.append(svg("circle", { class: "imp-prot-eye", cx: x, cy: y, r: r * 0.16 }));
      }
    });
    if (codominions.has(id)) g.append(svg("circle", { class: "imp-codom", cx: x, cy: y, r: r + 2 * k }));
    if (canals.has(id)) g.append(svg("circle", { class: "imp-canal-ring", cx: x, cy: y, r: r + 2 * k, stroke: fill(canals.get(id)) }));
    const armies = (board.chinese_armies || {})[id];
    if (armies) {
      g.append(svg("rect", { class: "imp-china", x: x - r - 5 * k, y: y - r - 4 * k, width: 7 * k, height: 7 * k, rx: 1 * k }));
      g.append(svg("text", { class: "imp-china-n", x: x - r - 1.5 * k, y: y - r + 1.6 * k, "text-anchor": "middle", "font-size": (6 * k).toFixed(2) }, String(armies)));
    }
    areas.append(g);
  }
  map.append(areas);

  // units the seat may see: a dot when zoomed out, a pip per power with its strength points zoomed in
  const pips = svg("g", { class: "imp-units" });
  for (const [where, list] of units) {
    if (!geo.at[where]) continue;
    const [x, y] = geo.at[where];
    const kind = placeKind(data, where);
    const off = kind === "home" ? 6 * k : kind === "sea" ? 4 * k : r;
    if (st.zoom < 2.25) {
      pips.append(svg("circle", { class: "imp-unit-dot", cx: x + off + 1.5 * k, cy: y - off - 1 * k, r: 2.2 * k, "data-tip": where }));
      continue;
    }
    let px = x + off + 1 * k;
    const py = y - off - 9 * k;
    for (const [p, kinds] of list) {
      const sp = Object.entries(kinds).reduce((s, [key, n]) => s + unitSP(key) * n, 0);
      const naval = Object.keys(kinds).some((key) => key.endsWith("naval"));
      const text = `${sp}${naval ? "⚓" : ""}`;
      const w = (textWidth(text, 7, true) + 4) * k;
      pips.append(
        svg(
          "g",
          { class: "imp-pip", "data-tip": where },
          svg("rect", { x: px, y: py, width: w, height: 9 * k, rx: 1.5 * k, fill: fill(p), stroke: edge(p) }),
          svg("text", { x: px + w / 2, y: py + 6.8 * k, "text-anchor": "middle", "font-size": (7 * k).toFixed(2), class: p === "spain" || p === "austria-hungary" || p === "netherlands" ? "dark" : null }, text),
        ),
      );
      px += w + 1 * k;
    }
  }
  map.append(pips);

  // names: the home countries, the areas
  const names = svg("g", { class: "imp-names" });
  for (const [id, h] of Object.entries(data.homes || {})) {
    const spot = labels.get(id);
    const [x, y] = geo.at[id];
    names.append(
      svg(
        "g",
        { class: ["imp-name-g", "imp-home-name", !spot && "crowded"], "data-place": id, "data-tip": id },
        labelText(spot || { x, y: y + 14 * k, anchor: "middle", lines: [h.name], lh: 10 * k, size: 10 * k }, "imp-name"),
      ),
    );
  }
  for (const [id, a] of Object.entries(data.areas || {})) {
    const spot = labels.get(id);
    const [x, y] = geo.at[id];
    names.append(
      svg(
        "g",
        { class: ["imp-name-g", "imp-area-name", !spot && "crowded", act.place.has(id) && "actionable"], "data-place": id, "data-tip": id },
        labelText(spot || { x, y: y + r + 10 * k, anchor: "middle", lines: [a.name], lh: 9.5 * k, size: 9.5 * k }, "imp-name"),
      ),
    );
  }
  map.append(names);
  return map;
}

// ----- tooltips and the click menu ----------------------------------------------------------------

function tipContent(id, st) {
  const { shape, data } = st;
  const board = (shape.view && shape.view.board) || {};
  const kind = placeKind(data, id);
  if (!kind) return null;
  const out = [el("div", { class: "tip-title" }, placeName(data, id))];
  if (kind === "area") {
    const a = data.areas[id];
    out.push(el("div", { class: "tip-sub" }, `EV ${a.ev} · ${a.region} · ${a.map === "west" ? "West" : "East"} map${a.dominion_eligible ? " · may become a Dominion/State" : ""}`));
    const tags = (a.tags || []).map((t) => tagText(data, t));
    if (tags.length) out.push(el("div", { class: "tip-sub" }, tags.join("; ")));
    const here = markersHere(board, id);
    if (!here.length) out.push(el("div", { class: "tip-row muted" }, "No status marker"));
    for (const [p, m] of here) {
      out.push(el("div", { class: "tip-row" }, el("i", { class: "sw", style: { background: fill(p) } }), `${powerName(data, p)}: ${statusName(m.status, p)}${m.established ? "" : " (unestablished)"}`));
    }
    const codo = (board.codominions || []).find((c) => c.area === id && (c.ended === null || c.ended === undefined));
    if (codo) out.push(el("div", { class: "tip-row" }, `Codominion of ${codo.powers.map((p) => powerName(data, p)).join(" and ")}`));
    const armies = (board.chinese_armies || {})[id];
    if (armies) out.push(el("div", { class: "tip-row" }, `Chinese armies: ${armies}`));
  } else if (kind === "sea") {
    const s = data.seas[id];
    out.push(el("div", { class: "tip-sub" }, `Sea zone · next to ${(s.adjacent || []).map((x) => placeName(data, x)).join(", ")}`));
  } else if (kind === "home") {
    const h = data.homes[id];
    out.push(el("div", { class: "tip-sub" }, `Home country of ${powerName(data, h.power)} · ${h.map === "west" ? "West" : "East"} map`));
  } else {
    const p = data.passages[id];
    const by = (board.canals || []).find((c) => c.area === id);
    out.push(el("div", { class: "tip-sub" }, `${capital(p.kind.replace("-", " "))} between ${(p.seas || []).map((x) => placeName(data, x)).join(" and ")}`));
    if (by) out.push(el("div", { class: "tip-row" }, `Canal built by ${powerName(data, by.by)}`));
  }
  for (const [p, kinds] of unitsByPlace(board).get(id) || []) {
    const list = Object.entries(kinds)
      .filter(([, n]) => n > 0)
      .map(([key, n]) => unitWords(key, n))
      .join(", ");
    out.push(el("div", { class: "tip-row small" }, el("i", { class: "sw", style: { background: fill(p) } }), `${powerName(data, p)}: ${list}`));
  }
  if (st.onAction) {
    const acts = placeChoices(st, id);
    if (acts.length) out.push(el("div", { class: "tip-act" }, acts.length === 1 ? `Click: ${readable(acts[0], data)}` : `${acts.length} choices — click`));
  }
  return out;
}

/** The tip and the menu stay inside the map's frame. */
const FLOAT = { pad: 6, below: 12, inside: true };

function openMenu(container, id, x, y, reopen = false) {
  const st = states.get(container);
  if (!st || !st.wrap) return;
  const { data, onAction } = st;
  const list = onAction ? placeChoices(st, id) : [];
  if (!reopen && list.length === 1 && !list[0].attached) {
    closeMenu(container);
    st.follow = { id, x, y, step: st.shape.step };
    onAction(list[0].action);
    return;
  }
  st.menu = { id, x, y };
  const prompt = st.shape.view && st.shape.view.prompt;
  showMenu(st, x, y, {
    title: placeName(data, id),
    list,
    button: (c) => [{ class: ["btn", "action", "imp-menu-item", typeof c.action === "string" && "quiet"], "data-action": JSON.stringify(c.action) }, readable(c, data)],
    pick: (c) => {
      st.follow = { id, x, y, step: st.shape.step };
      onAction(c.action);
    },
    prompt: prompt && list.some((c) => c.attached) ? prompt : null,
    info: () => tipContent(id, st),
    empty: onAction ? "Nothing to enter here now." : "Read only.",
    float: FLOAT,
  });
}

function closeMenu(container) {
  close(states.get(container));
}

// ----- zoom and pan -------------------------------------------------------------------------------

const ZOOMS = [1, 1.5, 2.25, 3.4, 5, 7];
const VIEWS = [
  ["World", 1, 0, 11],
  ["West map", 1.5, -100, 11],
  ["East map", 1.5, 80, 12],
  ["Europe", 5, 16, 47],
  ["Africa", 1.6, 20, 1],
  ["Asia", 2.25, 110, 20],
];

function viewBoxFor(st) {
  return viewBoxOf(st, W, H);
}

function setZoom(container, zoom, at) {
  const st = states.get(container);
  if (!st) return;
  zoomTo(st, ZOOMS, zoom, at);
  closeMenu(container);
  draw(container, st);
}

function goTo(container, zoom, lon, lat) {
  const st = states.get(container);
  if (!st) return;
  const [x, y] = proj(lat, lon);
  st.cx = x;
  st.cy = y;
  st.zoom = zoom;
  closeMenu(container);
  draw(container, st);
}

function wire(container, wrap, map) {
  const st = states.get(container);
  wireMap(st, wrap, map, {
    tip: (id) => tipContent(id, st),
    float: FLOAT,
    hover: (event) => {
      const t = event.target.closest && event.target.closest("[data-tip]");
      return t ? t.dataset.tip : null;
    },
    light: (id) => {
      for (const g of map.querySelectorAll(".imp-links .on")) g.classList.remove("on");
      for (const g of map.querySelectorAll(".hover")) g.classList.remove("hover");
      if (!id) return;
      for (const g of map.querySelectorAll(`.imp-links [data-ends~="${CSS.escape(id)}"]`)) g.classList.add("on");
      for (const g of map.querySelectorAll(`[data-place="${CSS.escape(id)}"]`)) g.classList.add("hover");
    },
    pan: { width: W, zooms: ZOOMS, viewBox: () => viewBoxFor(st), zoom: (z, at) => setZoom(container, z, at) },
    selector: "[data-place]",
    keyOf: (t) => t.dataset.place,
    open: (id, x, y) => openMenu(container, id, x, y),
  });
}

// ----- the side panel -----------------------------------------------------------------------------

function badge(data, p, extra) {
  return el("span", { class: ["imp-badge", extra], "data-power": p }, el("i", { class: "sw", style: { background: fill(p), "border-color": edge(p) } }), powerName(data, p));
}

function section(cls, title, ...children) {
  return el("section", { class: ["imp-card", cls] }, el("h3", {}, title), ...children);
}

/** A power badge that submits the legal action naming it (or small buttons when several do). */
function powerPick(st, p) {
  const data = st.data;
  const choices = st.onAction ? st.act.power.get(p) || [] : [];
  if (!choices.length) return badge(data, p);
  if (choices.length === 1) {
    const c = choices[0];
    return el(
      "button",
      {
        type: "button",
        class: "imp-pick",
        title: capital(c.label ?? readable(c, data)),
        "data-action": JSON.stringify(c.action),
        onclick: () => {
          highlight(st.container, null, data);
          st.onAction(c.action);
        },
        onmouseenter: () => highlight(st.container, c.action, data),
        onmouseleave: () => highlight(st.container, null, data),
      },
      badge(data, p),
      el("span", { class: "imp-pick-go" }, "▸"),
    );
  }
  return el(
    "span",
    { class: "imp-picks" },
    badge(data, p),
    choices.map((c) =>
      el(
        "button",
        { type: "button", class: "btn tiny imp-pick-small", "data-action": JSON.stringify(c.action), title: capital(c.label ?? ""), onclick: () => st.onAction(c.action) },
        capital(readable(c, data)).slice(0, 48),
      ),
    ),
  );
}

function turnCard(board, data) {
  const turns = (data.charts && data.charts.turns) || [];
  const year = board.year;
  const idx = turns.findIndex((t) => t.year === year);
  const last = turns.length ? turns[turns.length - 1].year : 1916;
  const over = board.phase === "over" || board.final;
  const card = section(
    "imp-turn",
    `${year} · Game Turn ${board.turn} of ${turns.length || 10}`,
    el("div", { class: ["imp-phase", over && "over"] }, over ? PHASES.over : PHASES[board.phase] || capital(board.phase || "")),
    el(
      "ol",
      { class: "imp-track", "aria-label": "the turn track, 1880-1916" },
      turns.map((t, i) =>
        el(
          "li",
          { class: [t.year === year && "now", idx >= 0 && i < idx && "past"], title: `${t.year}: Great War penalty ${t.great_war_penalty}` },
          el("span", { class: "y" }, String(t.year)),
          el("span", { class: "p" }, String(t.great_war_penalty)),
        ),
      ),
    ),
    el(
      "div",
      { class: "imp-penalty" },
      "Great War penalty this year: ",
      el("b", {}, `${board.great_war_penalty} VP`),
      el("span", { class: "muted small" }, ` (to the power that starts it; blank in ${last})`),
    ),
  );
  if (board.great_war) {
    const g = board.great_war;
    card.append(
      el("div", { class: "imp-alarm" }, `The Great War broke out in ${g.year} (${g.cause}); penalty ${g.penalty} VP to ${(g.bearers || []).map((p) => powerName(data, p)).join(", ")}.`),
    );
  }
  if (board.congress) card.append(el("div", { class: "imp-congress" }, `A Congress of Europe is in session (called ${board.congress.year}${board.congress.by ? ` by ${powerName(data, board.congress.by)}` : ""}).`));
  return card;
}

function etiCard(board, data) {
  const eti = board.eti ?? 0;
  const at = board.great_war_at || 0;
  const top = Math.max(at || 50, eti, 10);
  const changes = ((board.report && board.report.tensions && board.report.tensions.changes) || []).slice();
  const change = changes.reduce((s, e) => s + e.amount, 0);
  const share = Math.min(1, eti / top);
  const danger = at ? eti / at : 0;
  const gauge = el(
    "div",
    { class: ["imp-gauge", danger >= 0.8 && "hot", danger >= 0.5 && danger < 0.8 && "warm"], role: "meter", "aria-valuemin": "0", "aria-valuemax": String(top), "aria-valuenow": String(eti), "aria-label": "European Tensions Index" },
    el("div", { class: "imp-gauge-fill", style: { width: `${(share * 100).toFixed(1)}%` } }),
    at ? el("div", { class: "imp-gauge-mark", style: { left: `${((at / top) * 100).toFixed(1)}%` }, title: `the Great War breaks out at ${at}` }) : null,
  );
  const list = el(
    "ul",
    { class: "imp-changes" },
    changes.length
      ? changes.map((e) => el("li", {}, el("b", { class: e.amount > 0 ? "up" : "down" }, sign(e.amount)), ` ${capital(e.cause)} `, el("span", { class: "rule" }, e.line), el("span", { class: "muted" }, ` → ${e.eti}`)))
      : el("li", { class: "muted" }, "No change this turn."),
  );
  return section(
    "imp-eti",
    "European Tensions Index",
    el("div", { class: "imp-eti-row" }, el("span", { class: "imp-eti-value" }, String(eti)), el("span", { class: "muted" }, at ? ` of ${at}: the Great War` : " (the Great War only when the referee declares it)")),
    gauge,
    el("div", { class: "imp-sub" }, `This turn (${board.year}): ${sign(change)}`),
    list,
  );
}

function entryCard(st, board) {
  const data = st.data;
  const entry = board.entry;
  const asking = board.asking;
  if (!entry && !asking) return null;
  const words = (entry && entry.words) || [];
  if (entry && entry.confirm && asking === "entries") {
    // ending the entries ends the turn: a warning and the two answers, side by side
    const box = section("imp-entry", `End the turn of ${board.year}?`);
    box.classList.add("imp-confirm");
    Object.assign(box.style, { borderColor: "#a3281f", boxShadow: "0 0 0 2px rgba(163, 40, 31, 0.25)" });
    const prompt = st.shape.view && st.shape.view.prompt;
    if (prompt) box.append(el("p", { class: "imp-ask" }, prompt));
    box.append(
      el(
        "div",
        { class: "imp-confirm-row", style: { display: "flex", gap: "8px", flexWrap: "wrap" } },
        actButton(st, "end the turn", `Confirm: end the turn of ${board.year}`, { cls: "primary" }),
        actButton(st, "back", "Back to the entries"),
      ),
    );
    return box;
  }
  const box = section("imp-entry", asking === "entries" || !asking ? "The referee's entry" : "The referee must answer");
  if (entry && entry.taking) box.append(el("p", { class: "small" }, el("b", {}, `Taking up request ${entry.taking} of the inbox.`)));
  if (words.length) {
    box.append(el("ol", { class: "imp-crumbs" }, words.map((w) => el("li", {}, capital(w)))));
  } else if (asking === "entries") {
    box.append(el("p", { class: "muted small" }, `${entry ? entry.made : 0} ${entry && entry.made === 1 ? "entry" : "entries"} made this turn. Choose the kind of entry among the orders, answer a request of the inbox, or end the entries (you will be asked to confirm: it ends the turn).`));
  }
  const prompt = st.shape.view && st.shape.view.prompt;
  if (prompt && (words.length || asking !== "entries")) box.append(el("p", { class: "imp-ask" }, prompt));
  if (st.onAction) {
    const acts = st.shape.actions || [];
    const places = acts.filter((a) => namedPlace(a, data)).length;
    const powers = acts.filter((a) => namedPower(a, data)).length;
    const hints = [];
    if (places) hints.push(`click one of the ${places} places ringed in gold on the map`);
    if (powers) hints.push("pick a power in the table below or its home country on the map");
    if (st.act.anchor && acts.some((a) => !namedPlace(a, data))) hints.push(`click ${placeName(data, st.act.anchor)} on the map for the choices`);
    if (hints.length) box.append(el("p", { class: "imp-hint" }, `${capital(hints.join("; "))} — or use the orders.`));
  }
  return box;
}

// ----- the powers' orders, the referee's inbox, the report sent to a power -------------------------

const SUBMIT = "send the orders";
const STATUS_TEXT = { written: "written", open: "in the inbox", done: "carried out", refused: "refused", unanswered: "not acted on" };
const STATUS_COLOUR = { written: "#5d584c", open: "#8a5a00", done: "#2b6e2f", refused: "#a3281f", unanswered: "#5d584c" };

function statusTag(item, referee = false) {
  const text = item.kind === "note" && item.status === "done" ? "read" : referee && item.status === "open" ? "open" : STATUS_TEXT[item.status] || item.status;
  return el(
    "span",
    { class: "imp-req-status", "data-status": item.status, style: { color: STATUS_COLOUR[item.status] || "inherit", fontWeight: "600", whiteSpace: "nowrap" } },
    text,
  );
}

/** A button submitting one of this seat's legal actions (nothing when it is not legal now);
 * `send` may make the action sent from what was typed beside it. */
function actButton(st, action, text, { cls = null, send = null } = {}) {
  if (action === null) return null;
  const acts = st.shape.actions || [];
  const key = JSON.stringify(action);
  const i = acts.findIndex((a) => JSON.stringify(a) === key);
  if (!st.onAction || i < 0) return null;
  const label = (st.shape.labels || [])[i];
  return el(
    "button",
    {
      type: "button",
      class: ["btn", "tiny", cls],
      title: label ? capital(label) : text,
      "data-action": key,
      onclick: () => st.onAction(send ? send() : action),
      onmouseenter: () => highlight(st.container, action, st.data),
      onmouseleave: () => highlight(st.container, null, st.data),
    },
    text,
  );
}

/** The legal action withdrawing request `n` ({withdraw: n, power}: the power named lets its
 * label name the request), or null. */
function withdrawOf(acts, n) {
  return acts.find((a) => a && typeof a === "object" && !Array.isArray(a) && a.withdraw === n) || null;
}

function fullWidth(box) {
  box.style.gridColumn = "1 / -1";
  return box;
}

function requestRow(st, item, number, buttons, extra, referee = false) {
  return el(
    "li",
    { class: ["imp-req", `st-${item.status}`], "data-id": String(item.id || number), style: { margin: "3px 0" } },
    el("span", { class: "imp-req-id", style: { display: "inline-block", minWidth: "2.2em", fontWeight: "600" } }, `${item.id || number}.`),
    el("span", { class: "imp-req-words" }, capital(item.words)),
    " ",
    statusTag(item, referee),
    item.why ? el("span", { class: "imp-req-why muted small" }, ` — “${item.why}”`) : null,
    extra,
    buttons && buttons.some(Boolean) ? el("span", { class: "imp-req-acts", style: { display: "inline-flex", gap: "4px", marginLeft: "6px", flexWrap: "wrap" } }, buttons) : null,
  );
}

/** A power's orders: written in secret, sent, then answered by the referee (R35-R37). */
function ordersCard(st, board) {
  const role = st.shape.role;
  const mine = role && GREAT.includes(role) && (board.orders || {})[role];
  if (!mine) return null;
  const data = st.data;
  const view = st.shape.view || {};
  const acts = st.shape.actions || [];
  const canWrite = acts.includes(SUBMIT);
  const items = mine.items || [];
  const phase = board.phase === "orders";
  const box = fullWidth(section("imp-orders", phase ? `Your orders for ${board.year}` : `Your requests of ${board.year}`));
  if (canWrite) {
    box.append(
      el(
        "p",
        { class: "small" },
        "Write requests from the orders list (places are chosen on the map) and notes below, then send them. ",
        el("b", {}, "Nobody reads them before every power has sent its own."),
      ),
    );
  } else if (phase && (view.committed || []).includes(role)) {
    const waiting = (st.shape.active || []).filter((r) => !(view.committed || []).includes(r));
    box.append(el("p", { class: "small" }, el("b", {}, "Sent to the referee. "), waiting.length ? ["Waiting for ", waiting.map((p, i) => [i ? ", " : "", badge(data, p)]), "."] : null));
  } else if (!phase) {
    box.append(el("p", { class: "muted small" }, "In the referee's inbox: each is taken up, marked done or refused; your report follows the turn."));
  }
  box.append(
    items.length
      ? el(
          "ol",
          { class: "imp-req-list", style: { listStyle: "none", paddingLeft: "0", margin: "4px 0" } },
          items.map((item, i) => requestRow(st, item, i + 1, canWrite ? [actButton(st, withdrawOf(acts, i + 1), "withdraw", { cls: "ghost" })] : [])),
        )
      : el("p", { class: "muted small" }, phase ? "Nothing written yet." : "No requests sent this turn."),
  );
  if ((mine.draft || []).length) {
    box.append(el("div", { class: "imp-sub" }, "Writing"), el("ol", { class: "imp-crumbs" }, mine.draft.map((w) => el("li", {}, capital(w)))));
  }
  if (canWrite && !(mine.draft || []).length) {
    const text = el("textarea", {
      class: "imp-note-text",
      rows: "2",
      maxlength: "300",
      placeholder: "A note to the referee in your own words: an offer to pass on, a protest, a question…",
      "aria-label": "a note to the referee",
      value: st.noteText || "",
      style: { width: "100%", boxSizing: "border-box", font: "inherit", resize: "vertical" },
      oninput: (e) => {
        st.noteText = e.target.value;
        add.disabled = !e.target.value.trim();
      },
    });
    const add = el(
      "button",
      {
        type: "button",
        class: ["btn", "tiny", "imp-note-add"],
        disabled: !(st.noteText || "").trim(),
        onclick: () => {
          const words = (st.noteText || "").trim();
          if (!words) return;
          st.noteText = "";
          st.onAction({ note: words });
        },
      },
      "Add the note",
    );
    box.append(el("div", { class: "imp-note", style: { display: "grid", gap: "4px", margin: "6px 0" } }, text, el("div", {}, add)));
  }
  const send = actButton(st, SUBMIT, `Send the orders to the referee (${items.length})`, { cls: "primary" });
  if (send) box.append(el("div", { class: "imp-send", style: { marginTop: "6px" } }, send));
  return box;
}

/** The referee's inbox: every power's orders once all are sent; take up, mark done, refuse (R37). */
function inboxCard(st, board) {
  if (st.shape.role !== "referee" || !board.orders) return null;
  const data = st.data;
  const view = st.shape.view || {};
  if (board.phase === "orders") {
    const sent = view.committed || [];
    const waiting = (st.shape.active || []).filter((r) => !sent.includes(r));
    return fullWidth(
      section(
        "imp-inbox",
        `The inbox — orders of ${board.year}`,
        el("p", { class: "small" }, "The powers are writing their orders; you read them when all are sent."),
        el("p", { class: "small" }, "Sent: ", sent.length ? sent.map((p, i) => [i ? " " : "", badge(data, p)]) : el("span", { class: "muted" }, "none yet")),
        el("p", { class: "small" }, "Writing: ", waiting.length ? waiting.map((p, i) => [i ? " " : "", badge(data, p)]) : el("span", { class: "muted" }, "nobody")),
      ),
    );
  }
  const powers = GREAT.filter((p) => ((board.orders[p] || {}).items || []).length);
  const open = powers.reduce((n, p) => n + board.orders[p].items.filter((i) => i.status === "open").length, 0);
  const box = fullWidth(section("imp-inbox", `The inbox — orders of ${board.year} (${open} open)`));
  if (!powers.length) {
    box.append(el("p", { class: "muted small" }, "No power sent a request this turn."));
    return box;
  }
  st.reasons = st.reasons || {};
  for (const p of powers) {
    const rows = board.orders[p].items.map((item) => {
      let buttons = [];
      let extra = null;
      if (item.status === "open") {
        const why = () => (st.reasons[item.id] || "").trim();
        const answer = (key) => () => (why() ? { [key]: item.id, why: why() } : { [key]: item.id });
        // R41: a refusal left without words gives the console's reason, when it has one
        const refusal = () => (why() ? { refuse: item.id, why: why() } : item.reason ? { refuse: item.id, why: String(item.reason).slice(0, 300) } : { refuse: item.id });
        buttons = [
          actButton(st, { grant: item.id }, "take up", { cls: "primary" }),
          actButton(st, { done: item.id }, item.kind === "note" ? "read" : "done", { send: answer("done") }),
          actButton(st, { refuse: item.id }, "refuse", { send: refusal }),
        ];
        if (buttons.some(Boolean)) {
          buttons.push(
            el("input", {
              type: "text",
              class: "imp-reason",
              maxlength: "300",
              placeholder: item.reason ? "reason (blank: the console's)" : "reason (optional)",
              title: item.reason ? `Refused with the box blank, the power reads: ${item.reason}` : null,
              "aria-label": `the referee's words on request ${item.id}`,
              value: st.reasons[item.id] || "",
              style: { width: "11em", font: "inherit", fontSize: "12px" },
              oninput: (e) => {
                st.reasons[item.id] = e.target.value;
              },
            }),
          );
        }
        if (item.problem) extra = el("div", { class: "imp-req-problem small", style: { color: "#a3281f", marginLeft: "2.2em" } }, `Not possible as written: ${item.problem}`);
      }
      return requestRow(st, item, item.id, buttons, extra, true);
    });
    box.append(el("div", { class: "imp-inbox-power", "data-power": p }, el("div", { class: "imp-sub" }, badge(data, p)), el("ol", { class: "imp-req-list", style: { listStyle: "none", paddingLeft: "0", margin: "2px 0 6px" } }, rows)));
  }
  return box;
}

/** The report the referee sent this power after the last turn (R38). */
function dispatchCard(st, board) {
  const sent = board.dispatch;
  if (!sent) return null;
  const data = st.data;
  const r = sent.report || {};
  const me = (r.powers || [])[0];
  const t = r.tensions || {};
  const box = section("imp-dispatch", `Your report of ${sent.year}`);
  if (me) {
    box.append(
      el(
        "div",
        { class: "imp-book-sum" },
        el("span", {}, "Treasury ", el("b", { class: ["treasury", me.treasury < 0 && "neg"] }, String(me.treasury))),
        el("span", {}, `net ${sign(me.net)}`),
        el("span", {}, "VP ", el("b", {}, String(me.vp)), ` (${sign(me.vp_this_turn)})`),
        el("span", {}, `ETI ${t.eti} (${sign(t.change || 0)})`),
      ),
    );
  }
  const requests = sent.requests || [];
  box.append(
    requests.length
      ? el("ol", { class: "imp-req-list", style: { listStyle: "none", paddingLeft: "0", margin: "4px 0" } }, requests.map((item, i) => requestRow(st, { ...item, id: 0 }, i + 1, [], null)))
      : el("p", { class: "muted small" }, "You sent no requests that turn."),
  );
  const cbs = ((r.casus_belli || {}).open || []).length;
  const wars = (r.wars || []).length;
  box.append(el("p", { class: "muted small" }, `${cbs} Casus Belli unresolved; ${wars ? `${wars} war${wars > 1 ? "s" : ""} in progress` : "no war in progress"}. Its headline is in your log.`));
  return box;
}

function powersCard(st, board) {
  const data = st.data;
  const role = st.shape.role;
  const rows = new Map(((board.report && board.report.powers) || []).map((r) => [r.power, r]));
  const money = rows.size > 0;
  const counts = (p) => {
    let markers = 0;
    let control = 0;
    for (const here of Object.values(board.markers || {})) {
      const m = here[p];
      if (!m) continue;
      markers += 1;
      if (["protectorate", "possession", "state"].includes(m.status)) control += 1;
    }
    return { markers, control };
  };
  const head = ["", "Ctrl", "Mkrs"];
  if (money) head.push("Treasury", "Income", "Maint.", "Upkeep", "Net", "VP");
  const tips = { Ctrl: "areas it controls (Protectorate, Possession, Dominion/State)", Mkrs: "status markers on the map", "Maint.": "maintenance", Upkeep: "army upkeep", Net: "net this turn" };
  const table = el(
    "table",
    { class: "imp-table imp-powers-table" },
    el("thead", {}, el("tr", {}, head.map((h) => el("th", { title: tips[h] || null }, h)))),
    el(
      "tbody",
      {},
      GREAT.map((p) => {
        const c = counts(p);
        const r = rows.get(p);
        const left = (board.counters || {})[p] || {};
        const cells = [
          el("td", { class: "who" }, powerPick(st, p), p === role ? el("span", { class: "imp-you" }, "you") : null),
          el("td", { class: "num" }, String(c.control)),
          el("td", { class: "num" }, String(c.markers)),
        ];
        if (money) {
          if (r) {
            cells.push(
              el("td", { class: ["num", "treasury", r.treasury < 0 && "neg"] }, String(r.treasury)),
              el("td", { class: "num" }, String(r.income)),
              el("td", { class: "num" }, String(r.maintenance)),
              el("td", { class: "num" }, String(r.upkeep)),
              el("td", { class: ["num", r.net < 0 && "neg"] }, sign(r.net)),
              el("td", { class: "num vp", title: `${sign(r.vp_this_turn)} this turn` }, String(r.vp)),
            );
          } else {
            for (let i = 0; i < 6; i += 1) cells.push(el("td", { class: "num muted" }, "—"));
          }
        }
        return el(
          "tr",
          {
            class: [p === role && "me"],
            "data-power": p,
            title: `counters left: ${left.control ?? "?"} Control, ${left.influence ?? "?"} Influence${left.dominion ? `, ${left.dominion} Dominion` : ""}`,
          },
          cells,
        );
      }),
    ),
  );
  const note = money ? (rows.size === 1 ? "Your own books only: the other powers' treasuries are theirs to know." : "Every power's books (the referee's view).") : "The powers' books are private: open a power's seat to read its own.";
  return section("imp-powers", "Great powers", el("div", { class: "imp-scroll" }, table), el("p", { class: "muted small" }, note));
}

function minorsCard(st, board) {
  const data = st.data;
  const rows = (board.report && board.report.minors) || [];
  const markers = (p) => Object.values(board.markers || {}).filter((here) => here[p]).length;
  return section(
    "imp-minors",
    "Minor powers (public books)",
    el(
      "table",
      { class: "imp-table" },
      el("thead", {}, el("tr", {}, ["", "Mkrs", "Treasury", "Net"].map((h) => el("th", {}, h)))),
      el(
        "tbody",
        {},
        rows.map((r) =>
          el(
            "tr",
            { "data-power": r.power },
            el("td", { class: "who" }, powerPick(st, r.power)),
            el("td", { class: "num" }, String(markers(r.power))),
            el("td", { class: ["num", r.treasury < 0 && "neg"] }, String(r.treasury)),
            el("td", { class: ["num", r.net < 0 && "neg"], title: `income ${r.income}, maintenance ${r.maintenance}, army upkeep ${r.upkeep}` }, sign(r.net)),
          ),
        ),
      ),
    ),
    (board.supports || []).some((x) => !x.failed && !x.withdrawn)
      ? el(
          "p",
          { class: "small" },
          "Support declared: ",
          (board.supports || [])
            .filter((x) => !x.failed && !x.withdrawn)
            .map((x) => `${powerName(data, x.power)} for ${powerName(data, x.minor)} (${x.since || x.year || ""})`)
            .join("; "),
        )
      : null,
  );
}

function bookBody(data, p, b, year) {
  const units = Object.entries(b.units || {})
    .filter(([, kinds]) => Object.values(kinds).some((n) => n > 0))
    .sort((x, y) => placeName(data, x[0]).localeCompare(placeName(data, y[0])));
  const vp = b.vp || [];
  const total = vp.reduce((s, e) => s + e.amount, 0);
  return el(
    "div",
    { class: "imp-book" },
    el(
      "div",
      { class: "imp-book-sum" },
      el("span", {}, "Treasury ", el("b", { class: ["treasury", b.treasury < 0 && "neg"] }, String(b.treasury))),
      el("span", {}, `income ${b.income}`),
      el("span", {}, `maintenance ${b.maintenance}`),
      el("span", {}, `upkeep ${b.upkeep}`),
      el("span", {}, `net ${sign(b.net ?? 0)}`),
      el("span", {}, "VP ", el("b", {}, String(total))),
    ),
    (b.lines || []).length
      ? el(
          "div",
          { class: "imp-scroll" },
          el(
          "table",
          { class: "imp-table imp-lines" },
          el("thead", {}, el("tr", {}, ["Area", "Status", "EV", "Inc.", "Maint.", "Upk."].map((h) => el("th", {}, h)))),
          el(
            "tbody",
            {},
            b.lines.map((l) =>
              el(
                "tr",
                {},
                el("td", {}, placeName(data, l.area)),
                el("td", {}, statusName(l.status, p)),
                el("td", { class: "num" }, String(l.ev)),
                el("td", { class: "num" }, String(l.income)),
                el("td", { class: "num" }, String(l.maintenance)),
                el("td", { class: "num" }, String(l.upkeep)),
              ),
            ),
          ),
          ),
        )
      : el("p", { class: "muted small" }, "No income-bearing area yet."),
    el("div", { class: "imp-sub" }, "Units"),
    units.length
      ? el(
          "ul",
          { class: "imp-units-list" },
          units.map(([where, kinds]) =>
            el(
              "li",
              {},
              el("b", {}, placeName(data, where)),
              ": ",
              Object.entries(kinds)
                .filter(([, n]) => n > 0)
                .map(([key, n]) => unitWords(key, n))
                .join(", "),
            ),
          ),
        )
      : el("p", { class: "muted small" }, "None."),
    el("div", { class: "imp-sub" }, "Victory points"),
    vp.length
      ? el(
          "ul",
          { class: "imp-vp-list" },
          vp
            .slice()
            .reverse()
            .map((e) => el("li", { class: e.year === year ? "now" : null }, el("b", {}, sign(e.amount)), ` ${e.year}: ${e.rule} `, el("span", { class: "rule" }, e.line))),
        )
      : el("p", { class: "muted small" }, "None yet."),
  );
}

function booksCard(st, board) {
  const data = st.data;
  const books = board.books || {};
  const powers = GREAT.filter((p) => books[p]);
  if (!powers.length) return null;
  if (powers.length === 1) {
    const p = powers[0];
    return section("imp-books", `Your books — ${powerName(data, p)}`, bookBody(data, p, books[p], board.year));
  }
  return section(
    "imp-books",
    "Books (every power)",
    powers.map((p) =>
      el(
        "details",
        keep(st, `book:${p}`, { class: "imp-book-d", open: false }),
        el("summary", {}, badge(data, p), el("span", { class: "muted small" }, ` treasury ${books[p].treasury}, net ${sign(books[p].net ?? 0)}`)),
        bookBody(data, p, books[p], board.year),
      ),
    ),
  );
}

function cbCard(st, board) {
  const data = st.data;
  const all = board.casus_belli || [];
  const open = all.filter((c) => !c.resolved);
  const done = all.filter((c) => c.resolved);
  const row = (c) =>
    el(
      "li",
      { class: c.resolved ? "resolved" : "open" },
      el("span", { class: "imp-cb-id" }, `${c.id}.`),
      " ",
      badge(data, c.holder),
      " against ",
      badge(data, c.against),
      el("span", { class: "imp-cb-src" }, `: ${c.source} `),
      String(c.source).includes(`(${c.line})`) ? null : el("span", { class: "rule" }, c.line),
      el("span", { class: "muted small" }, ` ${c.year}`),
      c.resolved ? el("span", { class: "muted small" }, ` — ${c.resolved.how || "resolved"}${c.resolved.year ? ` (${c.resolved.year})` : ""}`) : null,
    );
  return section(
    "imp-cb",
    `Casus Belli register (${open.length} open)`,
    open.length ? el("ol", { class: "imp-cb-list" }, open.map(row)) : el("p", { class: "muted small" }, "No Casus Belli unresolved."),
    done.length ? el("details", keep(st, "cb-resolved", { open: false }), el("summary", { class: "small" }, `${done.length} resolved`), el("ol", { class: "imp-cb-list" }, done.map(row))) : null,
  );
}

function side(data, list) {
  return list.map((p, i) => [i ? " + " : "", badge(data, p)]);
}

function relationsCard(st, board) {
  const data = st.data;
  const wars = board.wars || [];
  const treaties = board.treaties || [];
  const live = wars.filter((w) => !w.ended);
  const ended = wars.filter((w) => w.ended);
  const inForce = treaties.filter((t) => !t.broken && !t.ended);
  const past = treaties.filter((t) => t.broken || t.ended);
  const box = section("imp-relations", "Wars and treaties");
  box.append(el("div", { class: "imp-sub" }, `Wars in progress (${live.length})`));
  box.append(
    live.length
      ? el(
          "ul",
          { class: "imp-wars" },
          live.map((w) => el("li", { class: "war" }, el("span", { class: "imp-swords", "aria-hidden": "true" }, "⚔ "), `War ${w.id}: `, side(data, w.sides[0] || []), " against ", side(data, w.sides[1] || []), el("span", { class: "muted small" }, ` since ${w.since}`))),
        )
      : el("p", { class: "muted small" }, "Peace among the powers."),
  );
  box.append(el("div", { class: "imp-sub" }, `Treaties in force (${inForce.length})`));
  box.append(
    inForce.length
      ? el(
          "ul",
          { class: "imp-treaties" },
          inForce.map((t) => el("li", {}, `${t.id}. ${capital(t.kind)}: `, side(data, t.parties), el("span", { class: "muted small" }, ` since ${t.since}${t.stipulations ? ` — ${t.stipulations}` : ""}`))),
        )
      : el("p", { class: "muted small" }, "None."),
  );
  if (ended.length || past.length) {
    box.append(
      el(
        "details",
        keep(st, "relations-past", { open: false }),
        el("summary", { class: "small" }, "Ended"),
        el(
          "ul",
          { class: "imp-past" },
          ended.map((w) => el("li", {}, `War ${w.id}: `, side(data, w.sides[0] || []), " against ", side(data, w.sides[1] || []), ` (${w.since}–${w.ended})`)),
          past.map((t) => el("li", {}, `Treaty ${t.id} (${t.kind}): `, side(data, t.parties), t.broken ? ` broken in ${t.broken.year ?? t.broken}` : ` ended ${t.ended}`)),
        ),
      ),
    );
  }
  const codos = (board.codominions || []).filter((c) => c.ended === null || c.ended === undefined);
  if (codos.length) box.append(el("p", { class: "small" }, "Codominions: ", codos.map((c) => `${placeName(data, c.area)} (${c.powers.map((p) => powerName(data, p)).join(", ")})`).join("; ")));
  if ((board.canals || []).length) box.append(el("p", { class: "small" }, "Canals: ", board.canals.map((c) => `${placeName(data, c.area)} (${powerName(data, c.by)})`).join("; ")));
  const mf = board.merchant_fleets;
  if (mf && (mf.granted || []).length) box.append(el("p", { class: "small" }, `Merchant Fleets handed out: ${mf.granted.length}`));
  return box;
}

function combatsCard(st, board) {
  const data = st.data;
  const combats = (board.combats || []).slice(-6).reverse();
  if (!combats.length) return null;
  return section(
    "imp-combats",
    "Combats",
    el(
      "ul",
      { class: "imp-combat-list" },
      combats.map((c) =>
        el(
          "li",
          {},
          el("b", {}, `${c.year} ${placeName(data, c.where)}`),
          `: ${powerName(data, c.attacker)} (${c.sp[0]} SP) attacks ${powerName(data, c.defender)} (${c.sp[1]} SP); table ${c.table}, ${c.column}, die ${c.roll}: `,
          el("b", {}, c.result),
          " ",
          el("span", { class: "rule" }, c.table === 1 ? "L867" : "L915"),
        ),
      ),
    ),
  );
}

function decisionsCard(st, board) {
  const list = (board.decisions || []).filter((d) => d.year === board.year);
  if (!list.length) return null;
  return section("imp-decisions", `Referee decisions, ${board.year}`, el("ul", { class: "imp-dec-list" }, list.map((d) => el("li", {}, capital(d.text)))));
}

function finalCard(st, board) {
  const data = st.data;
  if (!board.final) return null;
  const rows = Object.entries(board.final).sort((a, b) => b[1] - a[1]);
  const best = rows.length ? rows[0][1] : 0;
  return section(
    "imp-final",
    "Final Record",
    el(
      "table",
      { class: "imp-table" },
      el("tbody", {}, rows.map(([p, v]) => el("tr", { class: v === best ? "won" : null }, el("td", {}, badge(data, p)), el("td", { class: "num vp" }, `${v} VP`), el("td", {}, v === best ? "★" : "")))),
    ),
  );
}

function legendCard(st) {
  const data = st.data;
  const demo = (status, established) => {
    const s = svg("svg", { class: "imp-lg-svg", viewBox: "-10 -10 20 20", width: 18, height: 18, "aria-hidden": "true" });
    s.append(svg("circle", { class: "imp-disc", cx: 0, cy: 0, r: 8 }));
    if (status) {
      s.append(svg("path", { class: ["imp-marker", !established && "unest"], d: sector(0, 0, 8 * INNER[status], 8, 0, 2 * Math.PI), fill: fill("france"), stroke: established ? edge("france") : fill("france"), "fill-rule": "evenodd" }));
      if (status === "state") s.append(star(0, 0, 3.4, { class: "imp-dom-star" }));
      if (status === "protectorate") s.append(svg("circle", { class: "imp-prot-eye", cx: 0, cy: 0, r: 1.3 }));
    }
    return s;
  };
  return el(
    "details",
    keep(st, "legend", { class: ["imp-card", "imp-legend"], open: false }),
    el("summary", {}, "Key"),
    el(
      "div",
      { class: "imp-legend-body" },
      el("div", { class: "lg" }, demo(null), "an area without a marker"),
      STATUSES.map((s) => el("div", { class: "lg" }, demo(s, true), `${s === "state" ? "State/Dominion" : capital(s)} (${STATUS_SHORT[s]})`)),
      el("div", { class: "lg" }, demo("influence", false), "unestablished: pale, dashed"),
      el("div", { class: "lg" }, "Several powers in an area share its disc."),
      el("div", { class: "lg" }, el("i", { class: "lg-home" }), "a home country"),
      el("div", { class: "lg" }, el("i", { class: "lg-pass" }), "a strait or canal"),
      el("div", { class: "lg" }, el("i", { class: "lg-act" }), "you may enter something here: click"),
      el("div", { class: "lg-powers" }, POWERS.map((p) => badge(data, p))),
    ),
  );
}

function panel(st) {
  const board = (st.shape.view && st.shape.view.board) || {};
  const box = el("div", { class: "imp-panel" });
  const cards = [
    finalCard(st, board),
    turnCard(board, st.data),
    entryCard(st, board),
    inboxCard(st, board),
    dispatchCard(st, board),
    ordersCard(st, board),
    etiCard(board, st.data),
    powersCard(st, board),
    booksCard(st, board),
    cbCard(st, board),
    relationsCard(st, board),
    minorsCard(st, board),
    combatsCard(st, board),
    decisionsCard(st, board),
    legendCard(st),
  ];
  for (const c of cards) if (c) box.append(c);
  return box;
}

// ----- the module's interface ----------------------------------------------------------------------

const states = new WeakMap();

function draw(container, st, again = true) {
  const { shape, data, onAction } = st;
  const mapW = st.mapW || mapWidth(st, container);
  st.k = W / (mapW * st.zoom);
  st.viewBox = viewBoxFor(st);
  st.act = onAction ? actionIndex(shape, data) : { place: new Map(), power: new Map(), anchor: null };
  if (!onAction) st.act.anchor = anchorOf((shape.view && shape.view.board) || {}, data, shape.role);
  const map = drawMap(shape, data, st);
  for (const n of map.querySelectorAll(".imp-place.actionable")) {
    n.setAttribute("tabindex", "0");
    n.setAttribute("role", "button");
  }
  const { tip, menuBox } = floatBoxes("imp");
  const zoomBar = el(
    "div",
    { class: "imp-zoom" },
    zoomButtons(st, ZOOMS, (z) => setZoom(container, z)),
  );
  const views = el(
    "div",
    { class: "imp-views", role: "toolbar", "aria-label": "map views" },
    VIEWS.map(([name, z, lon, lat]) => el("button", { type: "button", class: "btn tiny ghost", onclick: () => goTo(container, z, lon, lat) }, name)),
  );
  const wrap = el("div", { class: "imp-map-wrap" }, map, zoomBar, views, tip, menuBox);
  Object.assign(st, { wrap, tip, menuBox, map, tipKey: null });
  wire(container, wrap, map);
  const scroll = container.scrollTop;
  const active = document.activeElement;
  const typing = active && container.contains(active) && active.matches(".imp-note-text, .imp-reason") ? active : null;
  const refocus = typing ? { cls: typing.classList.contains("imp-note-text") ? ".imp-note-text" : `.imp-reason[aria-label="${typing.getAttribute("aria-label")}"]` } : null;
  const side = panel(st);
  clear(container).append(el("div", { class: "imp-root" }, el("div", { class: ["imp", !onAction && "readonly"] }, wrap, side)));
  container.scrollTop = scroll;
  // reopen the menu where the reader left it; after a click's answer, offer the question's next choices there
  const open = st.menu;
  st.menu = null;
  if (onAction && st.follow && st.follow.step !== shape.step) {
    const f = st.follow;
    st.follow = null;
    if (placeChoices(st, f.id).some((c) => c.attached)) openMenu(container, f.id, f.x, f.y, true);
  } else if (onAction && open && placeChoices(st, open.id).length) {
    openMenu(container, open.id, open.x, open.y, true);
  }
  if (st.lit) highlight(container, st.lit, data);
  if (refocus) {
    const box = container.querySelector(refocus.cls);
    if (box) {
      box.focus();
      box.setSelectionRange(box.value.length, box.value.length);
    }
  }
  const drawn = mapWidth(st, container);
  if (again && drawn && Math.abs(drawn - mapW) / mapW > 0.03) {
    st.mapW = drawn;
    draw(container, st, false);
  }
}

export function render(container, shape, data, onAction) {
  if (!data || !data.areas || !data.powers) {
    clear(container).append(el("p", { class: "fatal" }, "The map data of Imperialism 1880 could not be loaded."));
    return;
  }
  let st = states.get(container);
  if (!st) {
    st = { container, menu: null, follow: null, hover: null, zoom: 1, cx: W / 2, cy: H / 2, lit: null };
    states.set(container, st);
    closeMenuOnLeave(st);
    redrawOnResize(
      container,
      st,
      () => (st.map ? st.map.getBoundingClientRect().width : 0),
      () => draw(container, st, false),
    );
  }
  if (st.shape && shape.step !== st.shape.step) st.lit = null; // the buttons it was lit from are gone
  Object.assign(st, { shape, data, onAction });
  draw(container, st);
}

/** Light up what an action names: its place, its power's home and row, or the place its
 * question is about. */
/** The orders shown first in the page's list: sending the orders, which ends the power's
 * turn, would otherwise come last of a dozen and below the list's fold. */
export function firstOrders() {
  return [SUBMIT];
}

export function highlight(container, action, data) {
  const st = states.get(container);
  if (!st || !st.map) return;
  st.lit = action === null || action === undefined ? null : action;
  for (const n of st.container.querySelectorAll(".hl")) n.classList.remove("hl");
  if (st.lit === null) return;
  const d = data || st.data;
  const places = new Set();
  const powers = new Set();
  const pl = namedPlace(action, d);
  const pw = namedPower(action, d);
  if (pl) places.add(pl);
  if (pw) {
    powers.add(pw);
    if (d.homes && d.homes[pw]) places.add(pw);
  }
  if (!pl && st.act && st.act.anchor && (st.shape.actions || []).some((a) => JSON.stringify(a) === JSON.stringify(action))) places.add(st.act.anchor);
  for (const id of places) for (const n of st.map.querySelectorAll(`[data-place="${CSS.escape(id)}"]`)) n.classList.add("hl");
  for (const p of powers) for (const n of st.container.querySelectorAll(`.imp-panel tr[data-power="${CSS.escape(p)}"]`)) n.classList.add("hl");
}

export function summary(shape, data) {
  const b = (shape.view && shape.view.board) || {};
  const bits = [];
  if (b.year) bits.push(`${b.year}, Game Turn ${b.turn}`);
  if (b.phase) bits.push(PHASES[b.phase] ? PHASES[b.phase].replace(/ \(L\d+\)$/, "") : b.phase);
  if (b.eti !== undefined) bits.push(`ETI ${b.eti}${b.great_war_at ? `/${b.great_war_at}` : ""}`);
  if (b.great_war) bits.push("the Great War");
  if (shape.over) bits.push("campaign over");
  return bits.join(" · ");
}
