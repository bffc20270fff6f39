// Imperial Elegy: six great powers from 1850 to the Great War. The world drawn from
// GET /api/data/imperial-elegy at the spaces' real coordinates: the main map (Europe, North
// Africa, the Middle East) large, the four submaps (Asia, Africa, North America, the South
// and Central Pacific) as insets of their own, each an equirectangular view of its part of the
// world. Spaces by type (keys square, capitals stars, territories circles, naval bases
// triangles, the strait a diamond) in their controller's colour; links by terrain; the naval
// boxes by name; units as counters per owner; the markers of influence, diplomacy, alliance,
// pacification, forts, WoI, occupation and rebels. Beside the map: the turn and World
// Tension, the Alliance Track, the six player displays, the war in progress, and for a seat
// its hand, home cards and national goals. In the Great War (24.0-32.0): its panel (the GW turn
// and step, the alliances with their budgets, stability and manpower, the turn order, the US and
// Italy, the combat cards, the trench battles, the GW deck), the seat's own GW card in its hand,
// the trenches of every key from GW turn 1 and the trench battle markers on the map. Legal
// actions that name a space, a unit, a card or a GW card are clicks on it; the others stay
// among the orders.
import { clear, el, paleColour, svg } from "../common.js";
import {
  capital,
  closeMenu as close,
  closeMenuOnLeave,
  collides,
  floatBoxes,
  keep,
  mapRoot,
  textWidth,
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

// ----- the frames: the main map and the submaps, each its own projection ------------------------

const W = 1000; // SVG user units across
const H = 620;
const FRAMES = [
  { id: "main", title: "Europe, North Africa and the Middle East", x: 0, y: 0, w: 622, h: 620, lon: [-16, 57], lat: [9, 63] },
  { id: "asia", title: "Asia", x: 630, y: 0, w: 370, h: 300, lon: [54, 150], lat: [-12, 62] },
  { id: "africa", title: "Africa", x: 630, y: 308, w: 181, h: 170, lon: [-20, 52], lat: [-37, 26] },
  { id: "south-central-pacific", title: "South & Central Pacific", x: 819, y: 308, w: 181, h: 170, lon: [138, 216], lat: [-38, 26] },
  { id: "north-america", title: "North America", x: 630, y: 486, w: 181, h: 134, lon: [-128, -62], lat: [13, 52] },
];
const LEGEND = { x: 819, y: 486, w: 181, h: 134 };

// where a naval box is drawn: its frame, and its point there when the data's lies outside it
const NAVAL_AT = {
  baltic: ["main"],
  "north-atlantic": ["main", 47.5, -11.5],
  "western-med": ["main", 38.6, 4.5],
  "eastern-med": ["main", 34.0, 24.0],
  "black-sea": ["main"],
  "south-atlantic": ["africa", -22, -8],
  "indian-ocean": ["asia", -2, 72],
  pacific: ["asia", 24, 140],
  "south-central-pacific": ["south-central-pacific", -28, 182],
};

// spaces drawn a little off their city, where two would sit on each other
const NUDGE = { croatia: [45.2, 16.9], carniola: [46.3, 14.2] };

for (const f of FRAMES) {
  const midLat = (f.lat[0] + f.lat[1]) / 2;
  const c = Math.cos((midLat * Math.PI) / 180);
  const s = Math.min(f.w / ((f.lon[1] - f.lon[0]) * c), f.h / (f.lat[1] - f.lat[0]));
  const cLon = (f.lon[0] + f.lon[1]) / 2;
  const cLat = (f.lat[0] + f.lat[1]) / 2;
  f.sx = s * c;
  f.sy = s;
  f.lon0 = cLon - f.w / 2 / f.sx; // the frame filled: the ranges widened to its box
  f.lat1 = cLat + f.h / 2 / f.sy;
  f.wrap = f.lon[1] > 180;
}
const FRAME = Object.fromEntries(FRAMES.map((f) => [f.id, f]));

function projIn(f, lat, lon) {
  const l = f.wrap && lon < 0 ? lon + 360 : lon;
  return [f.x + (l - f.lon0) * f.sx, f.y + (f.lat1 - lat) * f.sy];
}

// ----- powers, colours, words ----------------------------------------------------------------------

const PLAYERS = ["ge", "uk", "fr", "au", "ru", "ot"];
const STYLE = {
  ge: { fill: "#3d3d40", edge: "#0b0b0d", ink: "#fff" },
  uk: { fill: "#c9302a", edge: "#5e100b", ink: "#fff" },
  fr: { fill: "#2f62c8", edge: "#112d68", ink: "#fff" },
  au: { fill: "#e6c43a", edge: "#6b5600", ink: "#221f17" },
  ru: { fill: "#fbfaf4", edge: "#3f3c34", ink: "#221f17" },
  ot: { fill: "#2f8a3e", edge: "#113d18", ink: "#fff" },
  italy: { fill: "#8db04a", edge: "#3d5415", ink: "#1a2108" },
  us: { fill: "#1c2d6b", edge: "#070f2c", ink: "#fff" },
  rebel: { fill: "#8e2b1d", edge: "#3a0d06", ink: "#fff" },
  minor: { fill: "#7d4aa3", edge: "#311845", ink: "#fff" },
  none: { fill: "#f3eddb", edge: "#8a8070", ink: "#2a271e" },
};
const BOXES = ["entente-committed", "entente-aligned", "neutral", "alliance-aligned", "alliance-committed"];
const BOX_NAMES = {
  "entente-committed": "Entente committed",
  "entente-aligned": "Entente aligned",
  neutral: "Neutral",
  "alliance-aligned": "Alliance aligned",
  "alliance-committed": "Alliance committed",
};
const TYPE_NAMES = { key: "Key", capital: "Capital", subcapital: "Subcapital", territory: "Territory", "naval-base": "Naval base", strait: "Strait" };
const LINK_NAMES = { clear: "clear", difficult: "difficult", severe: "severe", "off-map": "off-map", tsrr: "Trans-Siberian Railroad" };
const UNIT_SHORT = {
  army: "A",
  reserve: "R",
  british: "B",
  indian: "I",
  turkish: "T",
  arab: "Ar",
  commonwealth: "C",
  ec: "EC",
  ef: "EF",
  "elite-ef": "EE",
  zouaves: "Z",
  squadron: "S",
  dreadnought: "D",
};
const PHASES = { prep: "Prep Phase", diplomacy: "Diplomacy Phase", action: "Action Phase", end: "End Phase", "great-war": "The Great War", over: "The game is over" };
const FLAG_TEXT = {
  italy_unified: "Italy unified",
  germany_unified: "Germany unified",
  suez_canal: "Suez Canal open",
  tsrr: "Trans-Siberian Railroad",
  dual_monarchy: "Dual Monarchy",
  india_stable: "India stable",
};

// the Great War (24.0-32.0): its steps, its two alliances (the war's attacker and defender
// sides), the trench battle statuses (28.1.1) and the spaces that hold trenches (28.1)
const GW_STEPS = { outbreak: "Outbreak Step", planning: "Planning Step", maneuver: "Maneuver Step", winter: "Winter Step" };
const GW_SIDES = ["alliance", "entente"];
const GW_SIDE_NAMES = { alliance: "Triple Alliance", entente: "Triple Entente" };
const GW_SIDE_OF_KEY = { attacker: "alliance", defender: "entente" };
const GW_NAMES = { us: "the US", italy: "Italy" };
/** What the game waits for, in words, by the question it asks (the state's name in the view). */
const WAITING = {
  impulse: "an impulse",
  spend: "spending CP",
  "goal-keep": "the national goals to keep",
  redeploy: "redeployment",
  militarism: "militarism",
  "event-choose": "an event's choice",
  "naval-moving": "naval movement",
  "naval-intercept-ask": "an interception",
  "naval-loss": "naval losses",
  "naval-retreat": "a naval retreat",
  "war-impulse": "a wartime impulse",
  "war-march": "a march",
  "war-rail": "rail movement",
  "war-deploy": "deploying reserves",
  "war-treaty": "the treaty options",
  "battle-support": "support for a battle",
  "battle-loss": "a battle's losses",
  "battle-advance": "an advance after battle",
  "battle-elite": "elite units in a battle",
  "gw-impulse": "a Great War impulse",
  "gw-card": "a GW card",
  "gw-neutral-card": "a neutral's GW card",
  "gw-gift": "gifts of CP",
  "gw-choose": "a choice",
  "gw-boost": "national will",
};
const GW_KINDS = { event: "event", combat: "combat", mandatory: "mandatory" };
const GW_LAST_TURN = 5;
const TRENCH_TYPES = ["key", "capital", "subcapital"];
const TRENCH_STATUS = { attacker: "Attacker Advantage", deadlock: "Deadlock", defender: "Defender Advantage" };
const TRENCH_SHORT = { attacker: "AA", deadlock: "DL", defender: "DA" };

// action keys naming a space (or a naval box), a unit, a card, a GW card, a minor power, a player
const SPACE_KEYS = ["space", "to", "at", "frm"];
const UNIT_KEYS = ["unit", "move"];
const CARD_KEYS = ["card", "home"];
const GW_CARD_KEYS = ["gw_play", "combat"];
const MINOR_KEYS = ["minor", "ally"];
const POWER_KEYS = ["power", "give", "ask", "gw_give"];

function styleOf(data, owner) {
  if (!owner) return STYLE.none;
  if (STYLE[owner]) return STYLE[owner];
  if (data.minors && data.minors[owner]) return STYLE.minor;
  return STYLE.minor;
}

function powerName(data, p) {
  const names = { ge: "Prussia", uk: "Britain", fr: "France", au: "Austria", ru: "Russia", ot: "the Ottoman Empire" };
  if (names[p]) return names[p];
  if (p === "rebel") return "rebels";
  const m = data.minors && data.minors[p];
  if (m) return m.name;
  const w = data.powers && data.powers[p];
  return w ? w.name : String(p);
}

function displayName(board, data, p) {
  if (p === "ge" && board.flags && board.flags.germany_unified) return "Germany";
  if (p === "au" && board.flags && board.flags.dual_monarchy) return "Austria-Hungary";
  return capital(powerName(data, p));
}

function placeName(data, id) {
  const sp = data.spaces && data.spaces[id];
  if (sp) return sp.name;
  const box = data.naval_boxes && data.naval_boxes[id];
  return box ? box.name : String(id);
}

function isPlace(data, id) {
  return typeof id === "string" && Boolean((data.spaces && data.spaces[id]) || (data.naval_boxes && data.naval_boxes[id]));
}

function decade(turn) {
  return `${1850 + 10 * ((turn || 1) - 1)}s`;
}

function words(id) {
  return capital(String(id).replace(/^(ge|uk|fr|au|ru|ot)-/, "").replace(/-/g, " "));
}

const cardIndexes = new WeakMap();

function cardOf(data, id) {
  if (!cardIndexes.has(data)) {
    const m = new Map();
    for (const c of data.cards || []) m.set(c.id, { ...c, home: false });
    for (const c of data.home_cards || []) m.set(c.id, { ...c, home: true });
    cardIndexes.set(data, m);
  }
  return cardIndexes.get(data).get(id) || null;
}

function cardTitle(data, id) {
  const c = cardOf(data, id);
  return c ? c.title : words(id);
}

const gwCardIndexes = new WeakMap();

/** A printed GW card (data.gw_cards) by its id, or null. */
function gwCardOf(data, id) {
  if (!gwCardIndexes.has(data)) gwCardIndexes.set(data, new Map((data.gw_cards || []).map((c) => [c.id, c])));
  return gwCardIndexes.get(data).get(id) || null;
}

function gwCardTitle(data, id) {
  const c = gwCardOf(data, id);
  return c ? c.title : words(id);
}

/** 28.1: from GW turn 1 every key (key, capital, subcapital) holds trenches; rebel spaces never do. */
function hasTrenches(board, data, id) {
  const g = board.gw;
  const sp = data.spaces && data.spaces[id];
  return Boolean(g && (g.turn || 0) >= 1 && sp && TRENCH_TYPES.includes(sp.type) && !(board.rebel_spaces || {})[id]);
}

/** A trench battle marker's status (28.1.1): "attacker", "deadlock" or "defender". */
function trenchStatus(tb) {
  if (!tb || !tb.adv) return "deadlock";
  return tb.adv === tb.by ? "attacker" : "defender";
}

/** A trench battle in words: its status, who the Attacker is and who holds the advantage. */
function trenchWords(tb) {
  const status = trenchStatus(tb);
  const by = GW_SIDE_NAMES[GW_SIDE_OF_KEY[tb.by]] || tb.by;
  const adv = tb.adv ? GW_SIDE_NAMES[GW_SIDE_OF_KEY[tb.adv]] || tb.adv : null;
  return `${TRENCH_STATUS[status]}: the ${by} attacked into the trenches${adv ? `, the ${adv} holds the advantage` : ", neither side holds the advantage"}`;
}

function unitText(u) {
  return `${UNIT_SHORT[u.t] || u.t}${u.r ? "'" : ""}`;
}

function unitWords(data, u) {
  return `${capital(u.t.replace(/-/g, " "))}${u.r ? " (reduced)" : ""}${u.o === "rebel" && u.n ? ` (${u.n})` : ""}`;
}

// ----- geometry ----------------------------------------------------------------------------------

const geometries = new WeakMap();

function pathIn(f, flat, shift) {
  const pts = [];
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const [x, y] = projIn(f, flat[i + 1], flat[i] + shift);
    pts.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  }
  return `M${pts.join("L")}Z`;
}

function frameOfSpace(sp) {
  return FRAME[sp.map] || FRAME.main;
}

function geometry(data) {
  if (geometries.has(data)) return geometries.get(data);
  const at = {};
  const frameOf = {};
  for (const [id, sp] of Object.entries(data.spaces || {})) {
    const f = frameOfSpace(sp);
    const [lat, lon] = NUDGE[id] || [sp.lat, sp.lon];
    at[id] = projIn(f, lat, lon);
    frameOf[id] = f.id;
  }
  for (const [id, b] of Object.entries(data.naval_boxes || {})) {
    const spec = NAVAL_AT[id] || ["main"];
    const f = FRAME[spec[0]] || FRAME.main;
    const lat = spec.length > 1 ? spec[1] : b.lat;
    const lon = spec.length > 1 ? spec[2] : b.lon;
    let [x, y] = projIn(f, lat, lon);
    x = Math.min(Math.max(x, f.x + 40), f.x + f.w - 40);
    y = Math.min(Math.max(y, f.y + 16), f.y + f.h - 12);
    at[id] = [x, y];
    frameOf[id] = f.id;
  }
  const links = [];
  for (const l of data.links || []) {
    if (!at[l.a] || !at[l.b]) continue;
    const same = frameOf[l.a] === frameOf[l.b];
    links.push({ ...l, same });
  }
  const lands = {};
  const waters = {};
  for (const f of FRAMES) {
    lands[f.id] = [];
    waters[f.id] = WATERS.map((w) => pathIn(f, w, 0));
    for (const poly of LANDS) {
      lands[f.id].push(pathIn(f, poly, 0));
      if (f.wrap) lands[f.id].push(pathIn(f, poly, 360));
    }
  }
  const g = { at, frameOf, links, lands, waters };
  geometries.set(data, g);
  return g;
}

// ----- what the actions name ---------------------------------------------------------------------

/** The minor power's space where its markers go (world.minor_space). */
function minorSpace(board, data, minor) {
  const m = data.minors && data.minors[minor];
  if (!m) return null;
  const ctl = board.control || {};
  if (ctl[m.capital] === minor) return m.capital;
  for (const [sid, c] of Object.entries(ctl)) if (c === minor) return sid;
  return data.spaces && data.spaces[m.capital] ? m.capital : null;
}

function unitGroupKey(u) {
  return `${u.at}|${u.o}`;
}

/** What each legal action names: places (spaces, naval boxes), unit groups, cards, powers. */
function actionIndex(shape, data) {
  const board = (shape.view && shape.view.board) || {};
  const units = board.units || {};
  const idx = { place: new Map(), group: new Map(), card: new Map(), gw: new Map(), power: new Map() };
  const add = (m, k, c) => {
    if (!m.has(k)) m.set(k, []);
    if (!m.get(k).includes(c)) m.get(k).push(c);
  };
  (shape.actions || []).forEach((a, i) => {
    if (!a || typeof a !== "object" || Array.isArray(a)) return;
    const c = { action: a, label: (shape.labels || [])[i] };
    for (const k of SPACE_KEYS) if (isPlace(data, a[k])) add(idx.place, a[k], c);
    for (const k of UNIT_KEYS) if (typeof a[k] === "string" && units[a[k]]) add(idx.group, unitGroupKey(units[a[k]]), c);
    for (const k of CARD_KEYS) if (typeof a[k] === "string" && cardOf(data, a[k])) add(idx.card, a[k], c);
    for (const k of GW_CARD_KEYS) if (typeof a[k] === "string" && gwCardOf(data, a[k])) add(idx.gw, a[k], c);
    for (const k of MINOR_KEYS) {
      const where = typeof a[k] === "string" ? minorSpace(board, data, a[k]) : null;
      if (where) add(idx.place, where, c);
    }
    for (const k of POWER_KEYS) if (PLAYERS.includes(a[k])) add(idx.power, a[k], c);
  });
  return idx;
}

function readable(c, data) {
  if (c.label !== undefined && c.label !== null && !/^[{["]/.test(String(c.label).trim())) return capital(c.label);
  return JSON.stringify(c.action);
}

/** The choices a click on a map key ("s:space" or "u:place|owner") offers. */
function keyChoices(st, key) {
  if (!st.onAction || !key) return [];
  if (key.startsWith("s:")) return st.act.place.get(key.slice(2)) || [];
  if (key.startsWith("u:")) return st.act.group.get(key.slice(2)) || [];
  return [];
}

// ----- the map's pieces ---------------------------------------------------------------------------

function radiusPx(zoom) {
  return zoom >= 3.4 ? 7 : zoom >= 2.25 ? 6.2 : zoom >= 1.5 ? 5.4 : 4.8;
}

function symbol(type, x, y, r, attrs) {
  if (type === "key") return svg("rect", { x: x - r * 0.85, y: y - r * 0.85, width: r * 1.7, height: r * 1.7, rx: r * 0.12, ...attrs });
  if (type === "capital") return starOf(x, y, r * 1.45, attrs, 2);
  if (type === "subcapital") return starOf(x, y, r * 1.2, attrs, 2);
  if (type === "naval-base") {
    const h = r * 1.1;
    return svg("polygon", { points: `${x.toFixed(2)},${(y - h * 1.05).toFixed(2)} ${(x + h).toFixed(2)},${(y + h * 0.75).toFixed(2)} ${(x - h).toFixed(2)},${(y + h * 0.75).toFixed(2)}`, ...attrs });
  }
  if (type === "strait") {
    const h = r * 1.05;
    return svg("polygon", { points: `${x},${y - h} ${x + h},${y} ${x},${y + h} ${x - h},${y}`, ...attrs });
  }
  return svg("circle", { cx: x, cy: y, r: r * 0.8, ...attrs });
}

/** The markers on a space: [{text, owner, what}] (influence, diplomacy, ally, pacification,
 * fort, WoI, occupied, GoE, rebels). */
function markersBySpace(board, data) {
  const out = new Map();
  const add = (sid, m) => {
    if (!sid) return;
    if (!out.has(sid)) out.set(sid, []);
    out.get(sid).push(m);
  };
  for (const [sid, p] of Object.entries(board.influence || {})) add(sid, { text: "I", owner: p, what: `${displayName(board, data, p)} influence` });
  for (const [minor, p] of Object.entries(board.diplomacy || {})) add(minorSpace(board, data, minor), { text: "D", owner: p, what: `${displayName(board, data, p)} diplomacy with ${powerName(data, minor)}` });
  for (const [minor, p] of Object.entries(board.allies || {})) add(minorSpace(board, data, minor), { text: "Al", owner: p, what: `${powerName(data, minor)} allied to ${displayName(board, data, p)}` });
  for (const [sid, v] of Object.entries(board.pacification || {})) add(sid, { text: `P${v}`, owner: null, what: `pacification marker (value ${v})`, cls: "pac" });
  for (const [sid, f] of Object.entries(board.forts || {})) {
    const [owner, level] = Array.isArray(f) ? f : [null, f];
    add(sid, { text: `F${level}`, owner, what: `fort level ${level}${owner ? ` (${displayName(board, data, owner)})` : ""}`, cls: "fort" });
  }
  for (const [sid, v] of Object.entries(board.woi || {})) add(sid, { text: "W", owner: null, what: `War of Independence marker${v ? " (flipped)" : ""}`, cls: "woi" });
  for (const [sid, p] of Object.entries(board.occupied || {})) add(sid, { text: "Oc", owner: p, what: `occupied by ${displayName(board, data, p)}`, cls: "occ" });
  const goe = board.goe || {};
  for (const sid of Array.isArray(goe) ? goe : Object.keys(goe)) add(sid, { text: "G", owner: null, what: "Government of Exile / pacification (GoE)", cls: "goe" });
  for (const [sid, n] of Object.entries(board.rebel_spaces || {})) add(sid, { text: `R${n > 1 ? n : ""}`, owner: "rebel", what: `rebels (${n})`, cls: "rebel" });
  return out;
}

/** The trench marker of a key from GW turn 1 (28.1): a zigzag line under its symbol. */
function trenchLine(cx, cy, half, amp, attrs) {
  const n = 6;
  const pts = [];
  for (let i = 0; i <= n; i += 1) pts.push(`${(cx - half + (2 * half * i) / n).toFixed(2)},${(cy + (i % 2 ? -amp : amp)).toFixed(2)}`);
  return svg("polyline", { class: "ie-gw-trench", points: pts.join(" "), ...attrs });
}

/** A trench battle marker (28.1.1), a counter of its own at the upper left of its space, above
 * the names and units: its status (AA Attacker Advantage, DL Deadlock, DA Defender Advantage). */
function trenchBattleMarker(x, y, w, h, k, tb, attrs) {
  const status = trenchStatus(tb);
  return svg(
    "g",
    { class: ["ie-gw-tb", `tb-${status}`], "data-status": status, "data-trench-battle": TRENCH_STATUS[status], "aria-label": `trench battle: ${TRENCH_STATUS[status]}`, ...attrs },
    svg("rect", { x, y, width: w, height: h, rx: 1.2 * k }),
    svg("text", { x: x + w / 2, y: y + h * 0.74, "text-anchor": "middle", "font-size": (h * 0.68).toFixed(2) }, TRENCH_SHORT[status]),
  );
}

/** The units by place and owner: Map "place|owner" -> [[id, unit]]. */
function unitGroups(board) {
  const out = new Map();
  for (const [id, u] of Object.entries(board.units || {})) {
    const k = unitGroupKey(u);
    if (!out.has(k)) out.set(k, []);
    out.get(k).push([id, u]);
  }
  return out;
}

function groupText(list) {
  if (list.length === 1) return unitText(list[0][1]);
  const kinds = new Set(list.map(([, u]) => UNIT_SHORT[u.t] || u.t));
  return kinds.size === 1 ? `${list.length}${[...kinds][0]}` : String(list.length);
}

/** Where the names go at this zoom: those that would cover a symbol or another name wait for
 * the tooltip and for zooming in. */
function layout(data, st, geo) {
  const k = st.k;
  const r = radiusPx(st.zoom) * k;
  const board = (st.shape.view && st.shape.view.board) || {};
  const taken = [];
  for (const id of Object.keys(data.spaces || {})) {
    const [x, y] = geo.at[id];
    // the trenches of a key in the Great War (28.1) lie under its symbol: no name over them
    const dug = hasTrenches(board, data, id);
    taken.push([x - r * (dug ? 1.3 : 1), y - r, x + r * (dug ? 1.3 : 1), y + r + (dug ? 3.8 * k : 0)]);
  }
  for (const id of Object.keys(data.naval_boxes || {})) {
    const b = navalBox(data, geo, id, k);
    taken.push([b.x, b.y, b.x + b.w, b.y + b.h]);
  }
  for (const f of FRAMES) taken.push([f.x, f.y, f.x + textWidth(f.title, 9, true) * k + 10 * k, f.y + 13 * k]);
  const labels = new Map();
  const size = 8.5;
  const rank = (id) => {
    const t = data.spaces[id].type;
    let v = { capital: 50, subcapital: 40, key: 30, "naval-base": 20, strait: 20, territory: 10 }[t] || 0;
    if (st.act.place.has(id)) v += 100;
    return v;
  };
  const ids = Object.keys(data.spaces || {}).sort((a, b) => rank(b) - rank(a));
  for (const id of ids) {
    const [x, y] = geo.at[id];
    const f = FRAME[geo.frameOf[id]];
    const name = data.spaces[id].name;
    const w = textWidth(name, size, false, false) * k;
    const lh = size * k;
    const o = r + 1.5 * k;
    const below = hasTrenches(board, data, id) ? o + 3.6 * k : o;
    const spots = [
      [x - w / 2, y + below, "middle"],
      [x + o, y - lh / 2, "start"],
      [x - w / 2, y - o - lh, "middle"],
      [x - o - w, y - lh / 2, "end"],
    ];
    for (const [bx, by, anchor] of spots) {
      const box = [bx - 1 * k, by, bx + w + 1 * k, by + lh];
      if (box[0] < f.x || box[2] > f.x + f.w || box[1] < f.y || box[3] > f.y + f.h) continue;
      if (!collides(box, taken)) {
        taken.push(box);
        const tx = anchor === "middle" ? bx + w / 2 : anchor === "start" ? bx : bx + w;
        labels.set(id, { x: tx, y: by + lh * 0.8, anchor, size: size * k });
        break;
      }
    }
  }
  return labels;
}

function navalBox(data, geo, id, k) {
  const name = data.naval_boxes[id].name;
  const w = textWidth(name, 8, true, true) * k + 8 * k;
  const h = 13 * k;
  const [x, y] = geo.at[id];
  return { x: x - w / 2, y: y - h / 2, w, h, name };
}

function drawMap(shape, data, st) {
  const board = (shape.view && shape.view.board) || {};
  const geo = geometry(data);
  const k = st.k;
  const act = st.act;
  const r = radiusPx(st.zoom) * k;
  const control = board.control || {};
  const rebels = board.rebel_spaces || {};
  const trenchBattles = (board.gw && board.gw.trenches) || {};

  const defs = FRAMES.map((f) => svg("clipPath", { id: `ie-clip-${f.id}` }, svg("rect", { x: f.x, y: f.y, width: f.w, height: f.h })));
  const map = mapRoot(st, { prefix: "ie", label: "Map of the world, 1850-1914", width: W, height: H, glow: { blur: 1.6, margin: 60 }, defs });
  map.append(svg("rect", { class: "ie-gutter", x: 0, y: 0, width: W, height: H }));

  // the frames: sea, coasts, graticule, title
  for (const f of FRAMES) {
    const g = svg("g", { class: ["ie-frame", `frame-${f.id}`], "clip-path": `url(#ie-clip-${f.id})`, "data-frame": f.id });
    g.append(svg("rect", { class: "ie-sea", x: f.x, y: f.y, width: f.w, height: f.h }));
    const grid = svg("g", { class: "ie-grid" });
    for (let lon = -180; lon <= 360; lon += f.id === "main" ? 10 : 20) {
      const [x] = projIn(f, 0, lon > 180 ? lon - 360 : lon);
      if (x > f.x && x < f.x + f.w) grid.append(svg("line", { x1: x, y1: f.y, x2: x, y2: f.y + f.h }));
    }
    for (let lat = -60; lat <= 80; lat += f.id === "main" ? 10 : 20) {
      const [, y] = projIn(f, lat, f.lon0 + 1);
      if (y > f.y && y < f.y + f.h) grid.append(svg("line", { class: lat === 0 ? "equator" : null, x1: f.x, y1: y, x2: f.x + f.w, y2: y }));
    }
    g.append(grid);
    const lands = svg("g", { class: "ie-lands" });
    for (const d of geo.lands[f.id]) lands.append(svg("path", { d }));
    for (const d of geo.waters[f.id]) lands.append(svg("path", { class: "ie-water", d }));
    g.append(lands);
    map.append(g);
  }
  for (const f of FRAMES) {
    map.append(svg("rect", { class: "ie-frame-edge", x: f.x, y: f.y, width: f.w, height: f.h }));
    const tw = textWidth(f.title, 9, true) * k + 10 * k;
    map.append(
      svg(
        "g",
        { class: "ie-frame-title" },
        svg("rect", { x: f.x, y: f.y, width: tw, height: 13 * k, rx: 2 * k }),
        svg("text", { x: f.x + 5 * k, y: f.y + 9.5 * k, "font-size": (9 * k).toFixed(2) }, f.title),
      ),
    );
  }

  // links
  const links = svg("g", { class: "ie-links" });
  for (const l of geo.links) {
    const [ax, ay] = geo.at[l.a];
    const [bx, by] = geo.at[l.b];
    const ends = `${l.a} ${l.b}`;
    if (l.same) {
      if (l.type === "tsrr") {
        links.append(svg("line", { class: "ie-link tsrr-base", x1: ax, y1: ay, x2: bx, y2: by, "data-ends": ends }));
        links.append(svg("line", { class: "ie-link tsrr", x1: ax, y1: ay, x2: bx, y2: by, "data-ends": ends }));
      } else {
        links.append(svg("line", { class: ["ie-link", l.type], x1: ax, y1: ay, x2: bx, y2: by, "data-ends": ends }));
      }
      continue;
    }
    // between two frames: a stub from each end, the way the other lies on the globe
    const A = data.spaces[l.a];
    const B = data.spaces[l.b];
    for (const [from, to, x, y] of [
      [A, B, ax, ay],
      [B, A, bx, by],
    ]) {
      let dx = (to.lon - from.lon) * Math.cos((from.lat * Math.PI) / 180);
      let dy = -(to.lat - from.lat);
      const n = Math.hypot(dx, dy) || 1;
      dx /= n;
      dy /= n;
      const len = 16 * k;
      links.append(svg("line", { class: ["ie-link", l.type, "stub"], x1: x, y1: y, x2: x + dx * len, y2: y + dy * len, "data-ends": ends }));
      links.append(svg("text", { class: "ie-stub-name", x: x + dx * (len + 2 * k), y: y + dy * (len + 2 * k) + 3 * k, "text-anchor": dx < -0.3 ? "end" : dx > 0.3 ? "start" : "middle", "font-size": (6.5 * k).toFixed(2) }, `→ ${to.name}`));
    }
  }
  map.append(links);

  // the naval boxes
  const boxes = svg("g", { class: "ie-boxes" });
  for (const id of Object.keys(data.naval_boxes || {})) {
    const b = navalBox(data, geo, id, k);
    const g = svg("g", { class: ["ie-place", "ie-box", act.place.has(id) && "actionable"], "data-key": `s:${id}`, "data-place": id, "data-tip": `s:${id}` });
    g.append(svg("rect", { class: "ie-box-rect", x: b.x, y: b.y, width: b.w, height: b.h, rx: 2 * k }));
    g.append(svg("text", { class: "ie-box-name", x: b.x + b.w / 2, y: b.y + b.h / 2 + 2.9 * k, "text-anchor": "middle", "font-size": (8 * k).toFixed(2) }, b.name));
    boxes.append(g);
  }
  map.append(boxes);

  // the spaces
  const labels = layout(data, st, geo);
  const marks = markersBySpace(board, data);
  const tbs = svg("g", { class: "ie-gw-tbs" });
  const spaces = svg("g", { class: "ie-spaces" });
  const names = svg("g", { class: "ie-names" });
  for (const [id, sp] of Object.entries(data.spaces || {})) {
    const [x, y] = geo.at[id];
    const owner = control[id];
    const sty = styleOf(data, owner);
    const g = svg("g", {
      class: ["ie-place", "ie-space", `t-${sp.type}`, act.place.has(id) && "actionable", rebels[id] && "rebels", !owner && "free"],
      "data-key": `s:${id}`,
      "data-place": id,
      "data-tip": `s:${id}`,
      "data-owner": owner || "",
    });
    g.append(svg("circle", { class: "ie-hit", cx: x, cy: y, r: r + 3 * k }));
    g.append(symbol(sp.type, x, y, r, { class: "ie-sym", fill: sty.fill, stroke: sty.edge }));
    if (sp.home && owner && owner !== sp.home && PLAYERS.includes(sp.home)) {
      g.append(svg("circle", { class: "ie-home-dot", cx: x, cy: y, r: r * 0.32, fill: styleOf(data, sp.home).fill }));
    }
    const trenched = hasTrenches(board, data, id);
    if (trenched) g.append(trenchLine(x, y + r + 2.2 * k, r * 1.3, 1.3 * k, { "data-trench": id }));
    const tb = trenchBattles[id];
    if (tb) {
      // on top of everything (the names, the counters), to the upper left of the space
      const th = 11 * k;
      const tw = (textWidth(TRENCH_SHORT[trenchStatus(tb)], 7.5, true) + 6) * k;
      tbs.append(trenchBattleMarker(x - r - tw - 0.5 * k, y - r - th + 2.5 * k, tw, th, k, tb, { "data-place": id, "data-key": `s:${id}`, "data-tip": `s:${id}` }));
    }
    const list = marks.get(id) || [];
    if (list.length) {
      const mw = (m) => (textWidth(m.text, 6, true) + 3) * k;
      const total = list.reduce((s, m) => s + mw(m) + 1 * k, -1 * k);
      let mx = x - total / 2;
      const my = y + r + (trenched ? 4.2 : 1) * k;
      for (const m of list) {
        const ms = m.owner ? styleOf(data, m.owner) : null;
        const w = mw(m);
        g.append(
          svg(
            "g",
            { class: ["ie-marker", m.cls], "data-marker": m.text },
            svg("rect", { x: mx, y: my, width: w, height: 7.5 * k, rx: 1.5 * k, fill: ms ? ms.fill : null, stroke: ms ? ms.edge : null }),
            svg("text", { x: mx + w / 2, y: my + 5.8 * k, "text-anchor": "middle", "font-size": (6 * k).toFixed(2), fill: ms ? ms.ink : null }, m.text),
          ),
        );
        mx += w + 1 * k;
      }
    }
    spaces.append(g);
    const spot = labels.get(id);
    names.append(
      svg(
        "g",
        { class: ["ie-name-g", !spot && "crowded", act.place.has(id) && "actionable"], "data-key": `s:${id}`, "data-place": id, "data-tip": `s:${id}` },
        svg(
          "text",
          { class: "ie-name", x: spot ? spot.x : x, y: spot ? spot.y : y + r + 9 * k, "text-anchor": spot ? spot.anchor : "middle", "font-size": (spot ? spot.size : 8.5 * k).toFixed(2) },
          sp.name,
        ),
      ),
    );
  }
  map.append(spaces);

  // units: a counter per owner and place
  const counters = svg("g", { class: "ie-units" });
  const offsets = new Map();
  for (const [key, list] of unitGroups(board)) {
    const [where, owner] = key.split("|");
    if (!geo.at[where]) continue;
    const [x, y] = geo.at[where];
    const isBox = Boolean(data.naval_boxes && data.naval_boxes[where]);
    const sty = styleOf(data, owner);
    const text = groupText(list);
    const w = (textWidth(text, 6.5, true) + 4) * k;
    const h = 9 * k;
    const start = isBox ? navalBox(data, geo, where, k).x + navalBox(data, geo, where, k).w + 1.5 * k : x + r + 1 * k;
    const py = isBox ? y - h / 2 : y - r - h + 1 * k;
    const px = offsets.has(where) ? offsets.get(where) : start;
    offsets.set(where, px + w + 1 * k);
    const ids = list.map(([id]) => id);
    counters.append(
      svg(
        "g",
        {
          class: ["ie-counter", act.group.has(key) && "actionable", list.every(([, u]) => u.r) && "reduced"],
          "data-key": `u:${key}`,
          "data-tip": `u:${key}`,
          "data-units": ids.join(" "),
          "data-owner": owner,
        },
        svg("rect", { x: px, y: py, width: w, height: h, rx: 1.5 * k, fill: sty.fill, stroke: sty.edge }),
        svg("text", { x: px + w / 2, y: py + 6.8 * k, "text-anchor": "middle", "font-size": (6.5 * k).toFixed(2), fill: sty.ink }, text),
      ),
    );
  }
  map.append(names);
  map.append(counters);
  map.append(tbs);

  // the key, in the corner the insets leave
  map.append(legend(k, board));
  return map;
}

function legend(k, board) {
  const L = LEGEND;
  const g = svg("g", { class: "ie-legend", "aria-label": "key" });
  g.append(svg("rect", { class: "ie-legend-bg", x: L.x, y: L.y, width: L.w, height: L.h, rx: 3 }));
  const fs = Math.min(7.5, 7.5 * k);
  const rows = [
    ["key", "Key"],
    ["capital", "Capital"],
    ["territory", "Territory"],
    ["naval-base", "Naval base"],
    ["strait", "Strait"],
  ];
  rows.forEach(([t, name], i) => {
    const x = L.x + 10;
    const y = L.y + 12 + i * 13;
    g.append(symbol(t, x, y, 4.2, { class: "ie-sym", fill: STYLE.none.fill, stroke: STYLE.none.edge }));
    g.append(svg("text", { x: x + 9, y: y + 3, "font-size": fs }, name));
  });
  const lk = [
    ["clear", "clear"],
    ["difficult", "difficult"],
    ["severe", "severe"],
    ["off-map", "off-map"],
    ["tsrr", "TSRR"],
  ];
  lk.forEach(([t, name], i) => {
    const x = L.x + 92;
    const y = L.y + 12 + i * 13;
    if (t === "tsrr") {
      g.append(svg("line", { class: "ie-link tsrr-base", x1: x, y1: y, x2: x + 22, y2: y }));
      g.append(svg("line", { class: "ie-link tsrr", x1: x, y1: y, x2: x + 22, y2: y }));
    } else g.append(svg("line", { class: ["ie-link", t], x1: x, y1: y, x2: x + 22, y2: y }));
    g.append(svg("text", { x: x + 26, y: y + 3, "font-size": fs }, name));
  });
  if (board && board.gw) {
    // the Great War's trenches (28.1) and trench battle markers (28.1.1)
    const y = L.y + 84;
    g.append(trenchLine(L.x + 13, y, 7, 1.6, {}));
    g.append(svg("text", { x: L.x + 24, y: y + 3, "font-size": fs }, "trenches"));
    let x = L.x + 64;
    for (const status of ["attacker", "deadlock", "defender"]) {
      g.append(trenchBattleMarker(x, y - 5, 14, 10, 1, { by: "attacker", adv: { attacker: "attacker", deadlock: null, defender: "defender" }[status] }, {}));
      x += 16;
    }
    g.append(svg("text", { x: x + 2, y: y + 3, "font-size": fs }, "trench battle"));
  }
  g.append(svg("text", { x: L.x + 6, y: L.y + L.h - 18, "font-size": fs * 0.95 }, "I influence · D diplomacy · Al ally · P pacif."));
  g.append(svg("text", { x: L.x + 6, y: L.y + L.h - 7, "font-size": fs * 0.95 }, "F fort · W WoI · Oc occupied · R rebels"));
  return g;
}

// ----- tooltips and the click menu ----------------------------------------------------------------

function tipContent(key, st) {
  const { shape, data } = st;
  const board = (shape.view && shape.view.board) || {};
  if (!key) return null;
  const out = [];
  if (key.startsWith("s:")) {
    const id = key.slice(2);
    out.push(el("div", { class: "tip-title" }, placeName(data, id)));
    const sp = data.spaces && data.spaces[id];
    if (sp) {
      const owner = (board.control || {})[id];
      out.push(
        el(
          "div",
          { class: "tip-sub" },
          `${TYPE_NAMES[sp.type] || sp.type} · ${sp.map === "main" ? "main map" : `${sp.map.replace(/-/g, " ")} map`}${sp.home ? ` · home of ${powerName(data, sp.home)}` : ""}`,
        ),
      );
      out.push(el("div", { class: "tip-row" }, swatch(styleOf(data, owner)), owner ? `Controlled by ${displayName(board, data, owner)}` : "Uncontrolled"));
      if ((sp.ports || []).length) out.push(el("div", { class: "tip-sub" }, `Port on ${sp.ports.map((b) => placeName(data, b)).join(", ")}`));
      if ((sp.flashpoints || []).length) out.push(el("div", { class: "tip-sub" }, `Flashpoint: ${sp.flashpoints.map((f) => (data.flashpoints[f] ? data.flashpoints[f].name : f)).join(", ")}`));
      for (const m of markersBySpace(board, data).get(id) || []) out.push(el("div", { class: "tip-row small" }, capital(m.what)));
      if (hasTrenches(board, data, id)) out.push(el("div", { class: "tip-row small ie-gw-tip-trench" }, "Trenches (28.1): an attack needs a full strength army and costs the attacker a step"));
      const tb = ((board.gw && board.gw.trenches) || {})[id];
      if (tb) out.push(el("div", { class: "tip-row small ie-gw-tip-tb", "data-status": trenchStatus(tb) }, `Trench battle marker (28.1.1) — ${trenchWords(tb)}`));
      const links = (data.links || []).filter((l) => l.a === id || l.b === id);
      if (links.length) out.push(el("div", { class: "tip-sub" }, `Links: ${links.map((l) => `${placeName(data, l.a === id ? l.b : l.a)}${l.type === "clear" ? "" : ` (${LINK_NAMES[l.type] || l.type})`}`).join(", ")}`));
    } else if (data.naval_boxes && data.naval_boxes[id]) {
      const b = data.naval_boxes[id];
      out.push(el("div", { class: "tip-sub" }, `Naval box${b.european ? " (European)" : ""} · next to ${(b.adjacent || []).map((x) => placeName(data, x)).join(", ")}`));
    }
    for (const [gk, list] of unitGroups(board)) {
      if (gk.split("|")[0] !== id) continue;
      const owner = gk.split("|")[1];
      out.push(el("div", { class: "tip-row small" }, swatch(styleOf(data, owner)), `${displayName(board, data, owner)}: ${list.map(([, u]) => unitWords(data, u)).join(", ")}`));
    }
  } else if (key.startsWith("u:")) {
    const [where, owner] = key.slice(2).split("|");
    const list = unitGroups(board).get(key.slice(2)) || [];
    out.push(el("div", { class: "tip-title" }, `${displayName(board, data, owner)} in ${placeName(data, where)}`));
    for (const [id, u] of list) out.push(el("div", { class: "tip-row small" }, `${unitWords(data, u)} `, el("span", { class: "muted" }, id)));
  } else return null;
  if (st.onAction) {
    const acts = keyChoices(st, key);
    if (acts.length) out.push(el("div", { class: "tip-act" }, acts.length === 1 ? `Click: ${readable(acts[0], data)}` : `${acts.length} choices — click`));
  }
  return out;
}

const FLOAT = { pad: 6, below: 12, inside: true };

function keyTitle(st, key) {
  const board = (st.shape.view && st.shape.view.board) || {};
  if (key.startsWith("s:")) return placeName(st.data, key.slice(2));
  const [where, owner] = key.slice(2).split("|");
  return `${displayName(board, st.data, owner)} units in ${placeName(st.data, where)}`;
}

function openMenu(container, key, x, y) {
  const st = states.get(container);
  if (!st || !st.wrap) return;
  const { data, onAction } = st;
  const list = keyChoices(st, key);
  if (list.length === 1) {
    close(st);
    onAction(list[0].action);
    return;
  }
  st.menu = { key, x, y };
  showMenu(st, x, y, {
    title: keyTitle(st, key),
    list,
    button: (c) => [{ class: ["btn", "action", "ie-menu-item"], "data-action": JSON.stringify(c.action) }, readable(c, data)],
    pick: (c) => onAction(c.action),
    info: () => tipContent(key, st),
    empty: onAction ? "Nothing to order here now." : "Read only.",
    float: FLOAT,
  });
}

// ----- zoom and pan -------------------------------------------------------------------------------

const ZOOMS = [1, 1.5, 2.25, 3.4, 5];
const VIEWS = [
  ["World", 1, null],
  ["Europe", 2.25, ["main", 49, 12]],
  ["Balkans & Near East", 2.25, ["main", 40, 30]],
  ["Asia", 2.25, ["asia", 28, 100]],
  ["Africa", 3.4, ["africa", -6, 16]],
];

function setZoom(container, zoom, at) {
  const st = states.get(container);
  if (!st) return;
  zoomTo(st, ZOOMS, zoom, at);
  close(st);
  draw(container, st);
}

function goTo(container, zoom, where) {
  const st = states.get(container);
  if (!st) return;
  if (where) {
    const [x, y] = projIn(FRAME[where[0]], where[1], where[2]);
    st.cx = x;
    st.cy = y;
  } else {
    st.cx = W / 2;
    st.cy = H / 2;
  }
  st.zoom = zoom;
  close(st);
  draw(container, st);
}

function wire(container, wrap, map) {
  const st = states.get(container);
  wireMap(st, wrap, map, {
    tip: (key) => tipContent(key, st),
    float: FLOAT,
    hover: (event) => {
      const t = event.target.closest && event.target.closest("[data-tip]");
      return t ? t.dataset.tip : null;
    },
    light: (key) => {
      for (const g of map.querySelectorAll(".ie-links .on")) g.classList.remove("on");
      for (const g of map.querySelectorAll(".hover")) g.classList.remove("hover");
      if (!key) return;
      if (key.startsWith("s:")) {
        const id = key.slice(2);
        for (const g of map.querySelectorAll(`.ie-links [data-ends~="${CSS.escape(id)}"]`)) g.classList.add("on");
      }
      for (const g of map.querySelectorAll(`[data-key="${CSS.escape(key)}"]`)) g.classList.add("hover");
    },
    pan: { width: W, zooms: ZOOMS, viewBox: () => viewBoxOf(st, W, H), zoom: (z, at) => setZoom(container, z, at) },
    selector: "[data-key]",
    keyOf: (t) => t.dataset.key,
    open: (key, x, y) => openMenu(container, key, x, y),
  });
}

// ----- the side panel -----------------------------------------------------------------------------

/** A power's colour swatch; a near-white one (Russia's) drawn with a dark outline, so that it
 * does not look like an empty box. */
function swatch(s) {
  return el("i", { class: ["sw", paleColour(s.fill) && "pale"], style: { background: s.fill, "border-color": s.edge } });
}

function badge(board, data, p, extra) {
  const s = styleOf(data, p);
  return el("span", { class: ["ie-badge", extra], "data-power": p }, swatch(s), el("span", { class: "ie-badge-name" }, displayName(board, data, p)));
}

function section(cls, title, ...children) {
  return el("section", { class: ["ie-card", cls] }, el("h3", {}, title), ...children);
}

function actButton(st, c, text, extra) {
  return el(
    "button",
    {
      type: "button",
      class: ["btn", "tiny", "ie-act", extra],
      "data-action": JSON.stringify(c.action),
      title: capital(c.label ?? ""),
      onclick: () => {
        highlight(st.container, null, st.data);
        st.onAction(c.action);
      },
      onmouseenter: () => highlight(st.container, c.action, st.data),
      onmouseleave: () => highlight(st.container, null, st.data),
    },
    text,
  );
}

function turnCard(st, board) {
  const data = st.data;
  const turn = board.turn || 1;
  const card = section(
    "ie-turn",
    `Turn ${turn} of 7 · the ${decade(turn)}`,
    el(
      "ol",
      { class: "ie-track", "aria-label": "the turn track" },
      [1, 2, 3, 4, 5, 6, 7].map((t) => el("li", { class: [t === turn && "now", t < turn && "past", board.first_turn && t < board.first_turn && "unplayed"] }, decade(t))),
    ),
    el("div", { class: ["ie-phase", board.phase === "over" && "over"] }, PHASES[board.phase] || capital(board.phase || "")),
  );
  const imp = board.impulse;
  if (board.phase === "action" && imp && imp.power) {
    card.append(el("div", { class: "ie-impulse" }, "Impulse: ", badge(board, data, imp.power), board.cp ? el("span", {}, ` · ${board.cp} CP left`) : null));
  }
  if (board.asking) {
    const who = (st.shape.active || []).map((p) => powerName(data, p)).join(", ");
    const what = WAITING[board.asking];
    card.append(el("div", { class: "muted small ie-waiting" }, `Waiting on ${who || "the game"}${what ? ` (${what})` : ""}`));
  }
  const wtt = board.wtt ?? 0;
  card.append(
    el("div", { class: "ie-sub" }, "World Tension"),
    el(
      "ol",
      { class: "ie-wtt", "aria-label": "World Tension Track", "data-wtt": String(wtt) },
      [0, 1, 2, 3, 4, 5].map((v) => el("li", { class: [v === wtt && "now", v < wtt && "past", v >= 4 && "hot"] }, String(v))),
    ),
  );
  const flags = board.flags || {};
  const chips = Object.entries(FLAG_TEXT)
    .filter(([f]) => flags[f])
    .map(([, t]) => el("span", { class: "ie-chip" }, t));
  if (flags.fr_government) chips.push(el("span", { class: "ie-chip" }, `France: ${words(flags.fr_government)}`));
  if (chips.length) card.append(el("div", { class: "ie-chips" }, chips));
  card.append(el("div", { class: "muted small" }, `Deck ${board.deck ?? "?"} · discard ${(board.discard || []).length} · removed ${(board.removed || []).length}`));
  return card;
}

function allianceCard(st, board) {
  const data = st.data;
  const powers = board.powers || {};
  return section(
    "ie-alliance",
    "Alliance Track",
    el(
      "ol",
      { class: "ie-boxes-track" },
      BOXES.map((b) =>
        el(
          "li",
          { class: ["ie-abox", `ab-${b}`], "data-box": b },
          el("div", { class: "ie-abox-name" }, BOX_NAMES[b]),
          el(
            "div",
            { class: "ie-abox-powers" },
            PLAYERS.filter((p) => powers[p] && powers[p].alliance === b).map((p) => badge(board, data, p)),
          ),
        ),
      ),
    ),
  );
}

function manpowerText(mp) {
  return Object.entries(mp || {})
    .map(([k, v]) => `${v} ${k}`)
    .join(", ");
}

function displaysCard(st, board) {
  const data = st.data;
  const role = st.shape.role;
  const powers = board.powers || {};
  const box = section("ie-displays", "Player displays");
  const grid = el("div", { class: "ie-display-grid" });
  for (const p of PLAYERS) {
    const d = powers[p];
    if (!d) continue;
    const reserves = d.reserves || [];
    const mpit = d.mpit || {};
    const rows = [
      ["Stability", String(d.stability)],
      ["Industry", String(d.industry)],
      ["Manpower", manpowerText(d.manpower) || "0"],
      ["Reserves", `${reserves.length}${reserves.some(Boolean) ? ` (${reserves.filter(Boolean).length} deployed)` : ""}`],
      ["Alliance box", BOX_NAMES[d.alliance] || d.alliance || "—"],
      ["MPIT", `E ${mpit.entente ?? 0} · A ${mpit.alliance ?? 0} · N ${mpit.neutral ?? 0}`],
      ["Cards in hand", String(d.hand_size ?? (d.hand || []).length)],
      ["Industrialization", d.industrialize ? cardTitle(data, d.industrialize) : d.auto ? "auto chit" : "—"],
      ["Chain", (d.chain || []).length ? d.chain.map((c) => cardTitle(data, c)).join(", ") : "—"],
    ];
    if (d.vp) rows.push(["VP", String(d.vp)]);
    if (d.marker) rows.push(["Card marker", d.marker > 0 ? `+${d.marker}` : String(d.marker)]);
    if (d.passed) rows.push(["", "passed"]);
    const acts = st.onAction ? st.act.power.get(p) || [] : [];
    grid.append(
      el(
        "div",
        {
          class: ["ie-display", p === role && "me", paleColour(styleOf(data, p).fill) && "pale"],
          "data-power": p,
          style: { "--power": styleOf(data, p).fill, "--power-edge": styleOf(data, p).edge },
        },
        el("div", { class: "ie-display-head" }, badge(board, data, p), p === role ? el("span", { class: "ie-you" }, "you") : null, board.impulse && board.impulse.power === p && board.phase === "action" ? el("span", { class: "ie-now" }, "impulse") : null),
        el(
          "dl",
          { class: "ie-dl" },
          rows.map(([k, v]) => [el("dt", {}, k), el("dd", { "data-field": k.toLowerCase() }, v)]),
        ),
        acts.length ? el("div", { class: "ie-acts" }, acts.map((c) => actButton(st, c, capital(readable(c, data))))) : null,
      ),
    );
  }
  box.append(grid);
  return box;
}

function plain(v, data) {
  if (v === null || v === undefined) return "—";
  if (typeof v === "string") return isPlace(data, v) ? placeName(data, v) : PLAYERS.includes(v) || (data.minors && data.minors[v]) ? powerName(data, v) : v;
  if (Array.isArray(v)) return v.map((x) => plain(x, data)).join(", ");
  if (typeof v === "object") return Object.entries(v).map(([k, x]) => `${k}: ${plain(x, data)}`).join("; ");
  return String(v);
}

// What a player follows of a war (12.17.2), a battle (18.1, 19.3) and a crisis (23.0); the
// rest of the records (the flow's own bookkeeping) stays out of the panel. Each field is
// [name, (record, data, board) => text]; an empty text leaves the row out.
const WAR_FIELDS = [
  ["Attackers", (w, d) => (w.attackers || []).map((x) => plain(x, d)).join(", ")],
  ["Defenders", (w, d) => (w.defenders || []).map((x) => plain(x, d)).join(", ")],
  ["Primary belligerents", (w, d) => (w.primary ? `${plain(w.primary.attacker, d)} against ${plain(w.primary.defender, d)}` : "")],
  ["War aim", (w) => (w.aim ? capital(w.aim) + (w.italian ? " (Italian)" : "") : "")],
  ["Objectives", (w, d) => (w.objectives || []).map((x) => plain(x, d)).join(", ")],
  ["Initiative", (w, d) => (w.order || []).map((x) => plain(x, d)).join(" → ")],
  ["War budgets", (w, d) => Object.entries(w.budget || {}).map(([k, v]) => `${plain(k, d)} ${v} CP`).join(", ")],
  ["Battle modifiers", (w, d) => Object.entries(w.drm || {}).filter(([, v]) => v).map(([k, v]) => `${plain(k, d)} ${v > 0 ? "+" : ""}${v}`).join(", ")],
];

// ----- battles in words --------------------------------------------------------------------------

const SIDES = { a: "attacker", d: "defender" };

function signed(n) {
  return n ? `${n > 0 ? "+" : "−"}${Math.abs(n)}` : "0";
}

function stepsText(n) {
  return `${n} step${n === 1 ? "" : "s"}`;
}

/** A power in a battle: a player by its name of the day, a minor power, the rebels. */
function fighter(p, data, board) {
  if (!p) return "";
  return PLAYERS.includes(p) ? displayName(board, data, p) : capital(powerName(data, p));
}

/** Who leads side "a" or "d" of a running battle: the main forces of a land battle (18.1.2),
 * the leading power of a naval one (19.3). */
function sideName(b, side, data, board) {
  const leads = (b.kind === "naval" ? b.lead : b.main) || {};
  return fighter(leads[side], data, board) || `the ${SIDES[side]}`;
}

function attackText(b, data, board) {
  const a = sideName(b, "a", data, board);
  const at = placeName(data, b.at);
  const d = (b.kind === "naval" ? b.lead : b.main) || {};
  const defender = d.d ? `; ${fighter(d.d, data, board)} defends` : "";
  if (b.kind === "naval") return `${a} attacks at sea in ${at} (naval battle)${defender}`;
  if (b.frm === b.at) return `${a} attacks in ${at}${defender}`;
  const from = b.amphibious ? `from the sea (${placeName(data, b.frm)})` : `from ${placeName(data, b.frm)}`;
  return `${a} attacks ${at} ${from}${defender}`;
}

function modifiersText(b, data, board) {
  const mods = b.mods || {};
  const side = (s) => ((mods[s] || []).length ? `${sideName(b, s, data, board)}: ${mods[s].map(([why, v]) => `${why} ${signed(v)}`).join(", ")}` : "");
  return b.dice ? [side("a"), side("d")].filter(Boolean).join(" · ") : "";
}

function diceText(b, data, board) {
  const dice = b.dice;
  if (!dice || typeof dice !== "object") return "";
  const diff = b.diff ?? dice.a - dice.d + (b.bdrm || 0);
  return `${sideName(b, "a", data, board)} rolls ${dice.a}, ${sideName(b, "d", data, board)} rolls ${dice.d}; with the battle modifier ${signed(b.bdrm || 0)} the differential is ${signed(diff)}`;
}

/** 18.4: who won, and whether decisively. */
function resultText(b, data, board) {
  const r = b.result;
  if (!r || !r.winner) return "";
  return `${sideName(b, r.winner, data, board)}, the ${SIDES[r.winner]}, wins${r.decisive ? " a decisive battle" : " the battle"}`;
}

/** 18.6: each side's step losses, those taken and those still to take. */
function lossesText(b, data, board) {
  if (!b.result) return "";
  const side = (s) => {
    const taken = (b.taken || {})[s] || 0;
    const left = (b.losses || {})[s] || 0;
    const total = taken + left;
    const name = sideName(b, s, data, board);
    if (!total) return `${name} none`;
    return `${name} ${stepsText(total)}${left ? ` (${left} still to take)` : ""}`;
  };
  return `${side("a")}; ${side("d")}`;
}

/** 18.7, 18.7.1, 19.7: what follows the result. */
function afterText(b, data, board) {
  const r = b.result;
  if (!r || !r.winner) return "";
  const a = sideName(b, "a", data, board);
  const d = sideName(b, "d", data, board);
  const at = placeName(data, b.at);
  if (b.kind === "naval") return `${r.winner === "a" ? d : a}'s surviving ships retreat from ${at}`;
  if (r.winner === "d") return "The attack is repulsed: nobody retreats, nobody advances";
  if ((b.main || {}).d === "rebel") return `The rebels in ${at} are eliminated: rebels never retreat`;
  const advance = b.wartime && b.frm !== b.at ? `, then ${a} advances into ${at}` : " (nobody advances after a battle in peacetime)";
  return `${d}'s surviving units retreat from ${at}${advance}`;
}

const BATTLE_FIELDS = [
  ["Attack", attackText],
  ["Strength", (b, d, board) => (b.dice && b.strength ? `${sideName(b, "a", d, board)} ${b.strength.a ?? "?"}, ${sideName(b, "d", d, board)} ${b.strength.d ?? "?"}` : "")],
  ["Modifiers", modifiersText],
  ["Dice", diceText],
  ["Result", resultText],
  ["Losses", lossesText],
  ["Retreat and advance", afterText],
];

/** The last land battle fought (18.1), as battle.py records it once it is over. */
const LAST_BATTLE_FIELDS = [
  [
    "Battle",
    (lb, d, board) => {
      const a = fighter(lb.attacker, d, board);
      const from = lb.frm && lb.frm !== lb.at ? ` from ${placeName(d, lb.frm)}` : "";
      const against = lb.defender ? `, defended by ${fighter(lb.defender, d, board)}` : "";
      return `${a} attacked ${placeName(d, lb.at)}${from}${against}`;
    },
  ],
  ["Dice", (lb, d, board) => (lb.dice && lb.dice.a !== undefined ? `${fighter(lb.attacker, d, board)} rolled ${lb.dice.a}, ${fighter(lb.defender, d, board) || "the defender"} rolled ${lb.dice.d}` : "")],
  [
    "Result",
    (lb, d, board) => {
      if (!lb.defender && !lb.dice) return `${fighter(lb.attacker, d, board)} landed unopposed`;
      const won = lb.winner === "attacker" ? fighter(lb.attacker, d, board) : fighter(lb.defender, d, board) || "the defender";
      return `${won}, the ${lb.winner}, won${lb.decisive ? " a decisive battle" : ""}`;
    },
  ],
  [
    "Losses",
    (lb, d, board) => {
      const l = lb.losses || {};
      if (!lb.defender && !lb.dice) return "";
      return `${fighter(lb.attacker, d, board)} ${stepsText(l.a || 0)}; ${fighter(lb.defender, d, board) || "the defender"} ${stepsText(l.d || 0)}`;
    },
  ],
  ["Retreat", (lb, d, board) => (lb.retreated ? `${fighter(lb.defender, d, board) || "The defender"} retreated from ${placeName(d, lb.at)}` : lb.winner === "defender" ? "None: the attack was repulsed" : "")],
  [
    "Advance",
    (lb, d, board) => {
      const n = (lb.advanced || []).length;
      if (n) return `${n} unit${n === 1 ? "" : "s"} of ${fighter(lb.attacker, d, board)} advanced into ${placeName(d, lb.at)}`;
      return lb.winner === "attacker" ? "None" : "";
    },
  ],
];

/** The last naval battle (19.3), as naval.py records it: the attacker is named, the defender not. */
const LAST_NAVAL_FIELDS = [
  ["Battle", (nb, d, board) => `${fighter(nb.attacker, d, board)} attacked at sea in ${placeName(d, nb.at)}`],
  ["Dice", (nb, d, board) => (nb.dice && nb.dice.a !== undefined ? `${fighter(nb.attacker, d, board)} rolled ${nb.dice.a}, the defender ${nb.dice.d}` : "")],
  ["Result", (nb, d, board) => `${nb.winner === "attacker" ? `${fighter(nb.attacker, d, board)}, the attacker,` : "The defender"} won${nb.decisive ? " a decisive battle" : ""}`],
  ["Losses", (nb, d, board) => `${fighter(nb.attacker, d, board)} ${stepsText((nb.losses || {}).a || 0)}; the defender ${stepsText((nb.losses || {}).d || 0)}`],
];

const CRISIS_FIELDS = [
  ["Inciting event", (c) => c.title || ""],
  ["Incident", (c) => c.incident || ""],
  ["Result", (c) => c.text || ""],
  ["Outbreak", (c) => (c.outbreak ? "the Great War breaks out" : "")],
];

function fieldKey(name) {
  return name.toLowerCase().replace(/[^a-z]+/g, "-");
}

function fieldList(fields, record, data, board) {
  const rows = fields.map(([k, f]) => [k, f(record, data, board)]).filter(([, v]) => v);
  return el(
    "dl",
    { class: "ie-dl wide" },
    rows.map(([k, v]) => [el("dt", {}, k), el("dd", { "data-field": fieldKey(k) }, v)]),
  );
}

function fieldsCard(cls, title, fields, record, data, board) {
  return section(cls, title, fieldList(fields, record, data, board));
}

// ----- the Great War (24.0-32.0) -----------------------------------------------------------------

/** A belligerent of the GW by name: a player, the US or Italy. */
function gwName(board, data, q) {
  return GW_NAMES[q] ? capital(GW_NAMES[q]) : displayName(board, data, q);
}

function gwBadge(board, data, q) {
  if (!GW_NAMES[q]) return badge(board, data, q);
  return el("span", { class: "ie-badge", "data-power": q }, swatch(styleOf(data, q)), el("span", { class: "ie-badge-name" }, gwName(board, data, q)));
}

/** The alliance a player, the US or Italy fights in, or null (greatwar.side_of). */
function gwSideOf(board, q) {
  const g = board.gw || {};
  for (const a of GW_SIDES) if (((g.sides || {})[a] || []).includes(q)) return a;
  if (q === "us" && g.us && GW_SIDES.includes(g.us.box)) return g.us.box;
  const w = board.war || {};
  if (q === "italy") return (w.attackers || []).includes("italy") ? "alliance" : (w.defenders || []).includes("italy") ? "entente" : null;
  return null;
}

/** Stability, manpower and the VP of the outbreak of a player, the US or Italy. */
function gwStats(board, q) {
  const g = board.gw || {};
  if (q === "us") return { stability: (g.us || {}).stability, manpower: (g.us || {}).manpower };
  if (q === "italy") {
    const it = (board.majors || {}).italy || {};
    return { stability: it.gw_stability, manpower: it.gw_manpower };
  }
  const d = (board.powers || {})[q] || {};
  const mp = Object.values(d.manpower || {}).reduce((s, v) => s + v, 0);
  return { stability: d.stability, manpower: mp, vp: (g.vp || {})[q] };
}

function gwMembers(board, side) {
  const g = board.gw || {};
  const out = [...((g.sides || {})[side] || [])];
  for (const q of ["us", "italy"]) if (gwSideOf(board, q) === side && !out.includes(q)) out.push(q);
  return out;
}

function gwActor(board) {
  const g = board.gw || {};
  const w = board.war || {};
  return g.step === "maneuver" && w.impulse ? w.impulse.actor : null;
}

/** One alliance (or the neutral players) as a table: each power's CP budget left this GW turn,
 * stability, manpower and the VP scored at the outbreak; eliminated powers struck through. */
function gwTable(st, board, side, members) {
  const data = st.data;
  const g = board.gw || {};
  const budget = (board.war && board.war.gw && board.war.budget) || {};
  const actor = gwActor(board);
  const num = (v) => (v === undefined || v === null ? "—" : String(v));
  const rows = members.map((q) => {
    const out = (g.eliminated || []).includes(q);
    const tired = (g.exhausted || []).includes(q);
    const s = gwStats(board, q);
    return el(
      "tr",
      { class: ["ie-gw-row", out && "out", tired && "exhausted", q === actor && "now"], "data-power": q },
      el(
        "td",
        { class: "ie-gw-who" },
        out ? el("s", { class: "ie-gw-struck" }, gwBadge(board, data, q)) : gwBadge(board, data, q),
        out ? el("span", { class: "ie-tag" }, "eliminated") : null,
        q === actor ? el("span", { class: "ie-now" }, "impulse") : null,
      ),
      el("td", { "data-field": "budget", title: "CP left in the war budget this GW turn" }, side === "neutral" || out ? "—" : num(budget[q])),
      el("td", { "data-field": "stability" }, num(s.stability)),
      el("td", { "data-field": "manpower", class: tired && "ie-gw-exhausted" }, num(s.manpower), tired ? " ✕" : ""),
      el("td", { "data-field": "vp" }, num(s.vp)),
    );
  });
  return el(
    "table",
    { class: ["ie-gw-table", `side-${side}`], "data-side": side },
    el("caption", {}, side === "neutral" ? "Neutral" : GW_SIDE_NAMES[side], el("span", { class: "muted" }, side === "alliance" ? " · the attackers" : side === "entente" ? " · the defenders" : "")),
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        el("th", {}, "Power"),
        el("th", { title: "CP left in the war budget this GW turn (26.2)" }, "CP"),
        el("th", { title: "stability (30.0)" }, "Stab"),
        el("th", { title: "manpower (27.6); ✕ exhausted" }, "MP"),
        el("th", { title: "VP scored at the outbreak: the national will (25.5, 25.6)" }, "VP"),
      ),
    ),
    el("tbody", {}, rows),
  );
}

function gwOrderText(x) {
  if (x.startsWith("bonus-")) return `${GW_SIDE_NAMES[x.slice(6)] || x.slice(6)} bonus impulse`;
  return null;
}

/** The GW's record beyond the alliances, in words: each field [name, (gw, data, board) => text or nodes]. */
const GW_FIELDS = [
  [
    "Turn order",
    (g, d, board) =>
      ((board.war && board.war.order) || []).length
        ? el(
            "ol",
            { class: "ie-gw-order" },
            board.war.order.map((x) => el("li", { class: [x === gwActor(board) && "now", x.startsWith("bonus-") && "bonus"], "data-order": x }, gwOrderText(x) || gwBadge(board, d, x))),
          )
        : "",
  ],
  ["Neutral players", (g, d, board) => (g.neutrals || []).filter((q) => !(g.eliminated || []).includes(q)).map((q) => gwName(board, d, q)).join(", ")],
  ["Eliminated", (g, d, board) => ((g.eliminated || []).length ? el("s", { class: "ie-gw-struck" }, g.eliminated.map((q) => gwName(board, d, q)).join(", ")) : "")],
  ["Exhausted manpower", (g, d, board) => (g.exhausted || []).map((q) => gwName(board, d, q)).join(", ")],
  [
    "The US",
    (g) => {
      const us = g.us || {};
      const where =
        us.box === "neutral"
          ? "in the neutral box"
          : GW_SIDES.includes(us.box)
            ? `with the ${GW_SIDE_NAMES[us.box]}${us.entered !== null && us.entered !== undefined ? ` since GW turn ${us.entered}` : ""}`
            : us.box === "out"
              ? "out of the war (surrendered)"
              : "not in play";
      return `${where} · stability ${us.stability ?? "—"} · manpower ${us.manpower ?? "—"}`;
    },
  ],
  [
    "Italy",
    (g, d, board) => {
      const it = (board.majors || {}).italy;
      if (!it) return "";
      const side = gwSideOf(board, "italy");
      const where = side ? `with the ${GW_SIDE_NAMES[side]}` : `not at war (${BOX_NAMES[it.alliance] || it.alliance || "neutral"})`;
      const stats = it.gw_stability !== undefined ? ` · stability ${it.gw_stability} · manpower ${it.gw_manpower ?? 0}` : "";
      return `${where}${stats}`;
    },
  ],
  [
    "Combat cards",
    (g, d, board) => {
      const list = Object.entries(g.combat || {});
      if (!list.length) return "";
      return el(
        "ul",
        { class: ["ie-list", "ie-gw-combat"] },
        list.map(([id, c]) =>
          el(
            "li",
            { "data-gw-card": id, "data-up": c.up ? "up" : "down" },
            el("b", {}, gwCardTitle(d, id)),
            ` — face ${c.up ? "up" : "down"} in front of ${gwName(board, d, c.holder)}`,
          ),
        ),
      );
    },
  ],
  [
    "Trench battles",
    (g, d) => {
      const list = Object.entries(g.trenches || {});
      if (!list.length) return "";
      return el(
        "ul",
        { class: ["ie-list", "ie-gw-trenches"] },
        list.map(([sid, tb]) => {
          const status = trenchStatus(tb);
          return el(
            "li",
            { "data-place": sid, "data-status": status },
            el("span", { class: ["ie-gw-tb-chip", `tb-${status}`] }, TRENCH_SHORT[status]),
            " ",
            el("b", {}, placeName(d, sid)),
            `: ${trenchWords(tb)}`,
          );
        }),
      );
    },
  ],
  ["GW deck", (g, d, board) => `${board.gw_deck ?? "?"} cards · discard ${(g.discard || []).length}`],
  ["Discard", (g, d) => (g.discard || []).map((id) => gwCardTitle(d, id)).join(", ")],
  ["Reserve ECs", (g, d, board) => Object.entries(g.reserve_ecs || {}).filter(([, n]) => n).map(([q, n]) => `${gwName(board, d, q)} ${n}`).join(", ")],
  ["British armies waiting", (g) => (g.uk_armies ? `${g.uk_armies}, to London at the start of GW turn 1 (25.6.1)` : "")],
  ["Colonial war CP", (g, d, board) => Object.entries(g.bonus_cp || {}).filter(([, n]) => n).map(([q, n]) => `${gwName(board, d, q)} +${n}`).join(", ")],
];

/** The Great War panel: the GW turn and step, the two alliances (budgets, stability, manpower,
 * the VP of the outbreak), the neutral players, the turn order with its bonus impulses, the US and
 * Italy, the combat cards, the trench battles, the GW deck and discard. */
function gwCard(st, board) {
  const g = board.gw;
  if (!g) return null;
  const data = st.data;
  const turn = g.turn || 0;
  const box = section(
    "ie-gw ie-gw-panel",
    "The Great War",
    el(
      "ol",
      { class: ["ie-track", "ie-gw-track"], "aria-label": "the GW turn track" },
      [0, 1, 2, 3, 4, 5].map((t) => el("li", { class: [t === turn && "now", t < turn && "past"], "data-gw-turn": String(t) }, `GW ${t}`)),
    ),
    el("div", { class: "ie-phase ie-gw-step", "data-field": "gw-turn" }, `GW turn ${turn} of ${GW_LAST_TURN} · ${GW_STEPS[g.step] || capital(g.step || "")}`),
  );
  if (g.winner) box.append(el("div", { class: "ie-gw-winner" }, `The ${GW_SIDE_NAMES[g.winner] || g.winner} has won the Great War`));
  const actor = gwActor(board);
  if (actor) box.append(el("div", { class: "ie-impulse" }, "Impulse: ", gwBadge(board, data, actor), ` · ${((board.war || {}).budget || {})[actor] ?? 0} CP left`));
  const tables = GW_SIDES.map((a) => gwTable(st, board, a, gwMembers(board, a)));
  const ns = (g.neutrals || []).filter((q) => !(g.eliminated || []).includes(q));
  if (ns.length) tables.push(gwTable(st, board, "neutral", ns));
  box.append(el("div", { class: "ie-gw-sides" }, tables));
  box.append(el("p", { class: "muted small ie-gw-note" }, "CP: the war budget left this GW turn · VP: scored at the outbreak, the national will (25.6)"));
  box.append(fieldList(GW_FIELDS, g, data, board));
  return box;
}

function warCard(st, board) {
  const data = st.data;
  const out = [];
  for (const [key, title, fields] of [
    ["war", "The war in progress", WAR_FIELDS],
    ["battle", "Battle", BATTLE_FIELDS],
    ["crisis", "Crisis", CRISIS_FIELDS],
  ]) {
    if (board[key]) out.push(fieldsCard(`ie-${key}`, title, fields, board[key], data, board));
  }
  if (!out.length) out.push(section("ie-war", "War", el("p", { class: "muted small" }, "Peace among the powers.")));
  if (!board.battle && board.last_battle) out.push(fieldsCard("ie-last-battle", "Last battle", LAST_BATTLE_FIELDS, board.last_battle, data, board));
  if (!board.battle && board.last_naval_battle) out.push(fieldsCard("ie-last-naval", "Last naval battle", LAST_NAVAL_FIELDS, board.last_naval_battle, data, board));
  return out;
}

function cardBox(st, id, acts, { chosen = false } = {}) {
  const data = st.data;
  const c = cardOf(data, id);
  const title = c ? c.title : words(id);
  return el(
    "li",
    { class: ["ie-handcard", c && c.home && "home", chosen && "chosen", acts.length && "actionable"], "data-card": id },
    el(
      "div",
      { class: "ie-handcard-head" },
      el("span", { class: "ie-cp", title: "command points" }, c ? `${c.cp} CP` : "?"),
      el("b", { class: "ie-card-title" }, title),
      c && c.decade ? el("span", { class: "muted small" }, ` ${c.decade}`) : null,
      c && c.home ? el("span", { class: "ie-tag" }, "home") : null,
      chosen ? el("span", { class: "ie-tag" }, "chosen") : null,
      ...(c && c.flags ? c.flags.map((f) => el("span", { class: "ie-tag flag" }, f)) : []),
    ),
    c && c.text ? el("p", { class: "ie-card-text" }, c.text) : null,
    acts.length
      ? el(
          "div",
          { class: "ie-acts" },
          acts.map((a) => {
            let text = readable(a, data);
            if (text.toLowerCase().startsWith(title.toLowerCase())) text = text.slice(title.length).replace(/^[\s:,]+/, "");
            if (a.action.home) text = "Choose as this turn's home card";
            return actButton(st, a, capital(text) || "Play", "ie-card-act");
          }),
        )
      : null,
  );
}

/** What a button on a GW card says: how the card is played (the full label is its title). */
function gwActText(c) {
  const a = c.action;
  if (a === "keep") return "Keep it";
  if (a === "none") return "Play no combat card";
  if (a && a.combat) return "Play in this battle (+2)";
  if (a && a.gw_play) return { event: "Play for its event", bonus: "Play for a bonus action", both: "Play: event and a bonus action" }[a.use] || "Play for its event";
  return capital(String(c.label ?? JSON.stringify(a)));
}

/** A GW card (26.0): its number, title, kind and text, and the actions that play it. */
function gwCardBox(st, id, acts, note) {
  const c = gwCardOf(st.data, id);
  const title = c ? c.title : words(id);
  return el(
    "li",
    { class: ["ie-handcard", "ie-gw-handcard", c && `gw-${c.kind}`, acts.length && "actionable"], "data-gw-card": id },
    el(
      "div",
      { class: "ie-handcard-head" },
      el("span", { class: "ie-cp ie-gw-number", title: "GW card number" }, c ? `GW #${c.number}` : "GW"),
      el("b", { class: "ie-card-title" }, title),
      c ? el("span", { class: ["ie-tag", "ie-gw-kind", c.kind !== "event" && "flag"] }, GW_KINDS[c.kind] || c.kind) : null,
      note ? el("span", { class: "ie-tag" }, note) : null,
    ),
    c && c.text ? el("p", { class: "ie-card-text" }, c.text) : null,
    acts.length ? el("div", { class: "ie-acts" }, acts.map((a) => actButton(st, a, gwActText(a), "ie-card-act ie-gw-act"))) : null,
  );
}

/** The seat's own GW card (only its own: the view holds no other), the combat cards face up in
 * front of it, and the actions that play them when the game asks (gw-card, gw-neutral-card,
 * gw-combat-card). */
function gwHandPart(st, board, me, role) {
  const g = board.gw;
  const hand = me.gw_hand || [];
  if (!g && !hand.length) return [];
  const loose = (name) => {
    const i = (st.shape.actions || []).indexOf(name);
    return st.onAction && i >= 0 ? [{ action: name, label: (st.shape.labels || [])[i] }] : [];
  };
  const asking = board.asking;
  const keep = asking === "gw-card" || asking === "gw-neutral-card" ? loose("keep") : [];
  const ids = [...hand];
  const notes = {};
  for (const [id, c] of Object.entries((g && g.combat) || {})) {
    if (c.holder === role && c.up && !ids.includes(id)) {
      ids.push(id);
      notes[id] = "face up before you";
    }
  }
  for (const id of st.act.gw.keys()) if (!ids.includes(id)) ids.push(id);
  const out = [el("div", { class: "ie-sub" }, "Great War card")];
  if (ids.length) {
    out.push(
      el(
        "ul",
        { class: ["ie-cards", "ie-gw-hand"] },
        ids.map((id) => gwCardBox(st, id, [...(st.act.gw.get(id) || []), ...(hand.includes(id) ? keep : [])], notes[id])),
      ),
    );
  } else out.push(el("p", { class: "muted small" }, "No GW card in hand."));
  const none = asking === "gw-combat-card" ? loose("none") : [];
  if (none.length || (keep.length && !hand.length)) out.push(el("div", { class: "ie-acts" }, [...none, ...(hand.length ? [] : keep)].map((c) => actButton(st, c, gwActText(c)))));
  return out;
}

function handCard(st, board) {
  const data = st.data;
  const role = st.shape.role;
  const me = role && board.powers && board.powers[role];
  if (!me || !Array.isArray(me.hand)) return null;
  const box = section("ie-hand", `Your hand — ${displayName(board, data, role)}`);
  const seen = new Set();
  const hand = me.hand.map((id) => {
    seen.add(id);
    return cardBox(st, id, st.onAction ? st.act.card.get(id) || [] : [], { chosen: id === me.home });
  });
  const outOfPlay = board.gw && !hand.length ? "The action cards are out of play in the Great War (25.1)." : "No card in hand.";
  box.append(hand.length ? el("ul", { class: "ie-cards" }, hand) : el("p", { class: "muted small" }, outOfPlay));
  box.append(...gwHandPart(st, board, me, role));
  // 25.1: the home cards are out of play in the Great War as well
  const homes = board.gw ? [] : (me.homes || []).filter((id) => !seen.has(id));
  if (homes.length) {
    box.append(el("div", { class: "ie-sub" }, "Home cards"));
    box.append(el("ul", { class: "ie-cards" }, homes.map((id) => cardBox(st, id, st.onAction ? st.act.card.get(id) || [] : [], { chosen: id === me.home }))));
  }
  // cards the actions name that are not in the hand (a draft, an event's choice)
  const others = [...(st.act.card.keys() || [])].filter((id) => !seen.has(id) && !homes.includes(id));
  if (others.length) {
    box.append(el("div", { class: "ie-sub" }, "Cards to choose from"));
    box.append(el("ul", { class: "ie-cards" }, others.map((id) => cardBox(st, id, st.act.card.get(id) || []))));
  }
  box.append(el("div", { class: "ie-sub" }, "National goals"));
  const goals = me.goals || [];
  const cards = me.goal_cards || {};
  // a goal with what it asks and scores (2.2.1): its title, its VP, its text
  const goalItem = (g, acts) => {
    const c = cards[g];
    return el(
      "li",
      { "data-goal": g },
      el("b", {}, c ? c.title : words(g)),
      c && c.vp != null ? el("span", { class: "muted" }, ` · ${c.vp} VP`) : null,
      c && c.text ? el("div", { class: "small" }, c.text) : null,
      acts.length ? el("div", { class: "ie-acts" }, acts) : null,
    );
  };
  box.append(goals.length ? el("ul", { class: "ie-goals" }, goals.map((g) => goalItem(g, []))) : el("p", { class: "muted small" }, "None kept yet."));
  const drawn = me.goals_drawn || [];
  if (drawn.length) {
    // 20.11: the goals just drawn, each with its "keep" when the game asks
    const keepOf = (g) => {
      const i = (st.shape.actions || []).findIndex((a) => a && typeof a === "object" && a.keep === g);
      return st.onAction && i >= 0 ? [actButton(st, { action: st.shape.actions[i], label: (st.shape.labels || [])[i] }, "Keep")] : [];
    };
    box.append(el("div", { class: "ie-sub" }, "Drawn: keep one"), el("ul", { class: "ie-goals" }, drawn.map((g) => goalItem(g, keepOf(g)))));
  }
  if ((me.draft || []).length) box.append(el("p", { class: "small" }, `Draft: ${me.draft.map(words).join(", ")}`));
  return box;
}

function minorsCard(st, board) {
  const data = st.data;
  const rows = [];
  const names = new Set([...Object.keys(board.diplomacy || {}), ...Object.keys(board.allies || {}), ...Object.keys(board.build_box || {})]);
  for (const m of [...names].sort()) {
    const bits = [];
    if ((board.diplomacy || {})[m]) bits.push(["diplomacy: ", badge(board, data, board.diplomacy[m])]);
    if ((board.allies || {})[m]) bits.push(["ally of ", badge(board, data, board.allies[m])]);
    if ((board.build_box || {})[m]) bits.push(`${board.build_box[m]} army waiting`);
    rows.push(el("li", {}, el("b", {}, powerName(data, m)), ": ", bits.map((b, i) => [i ? " · " : "", b])));
  }
  const gone = board.gone || [];
  return section(
    "ie-minors",
    "Minor powers",
    rows.length ? el("ul", { class: "ie-list" }, rows) : el("p", { class: "muted small" }, "No diplomacy or alliance marker yet."),
    gone.length ? el("p", { class: "small muted" }, `Gone: ${gone.map((m) => powerName(data, m)).join(", ")}`) : null,
  );
}

function flashpointsCard(st, board) {
  const data = st.data;
  const control = board.control || {};
  const rows = Object.entries(data.flashpoints || {})
    .filter(([, f]) => (f.spaces || []).length)
    .map(([id, f]) => {
      const counts = {};
      for (const sid of f.spaces) {
        const who = control[sid] || (board.influence || {})[sid];
        if (PLAYERS.includes(who)) counts[who] = (counts[who] || 0) + 1;
      }
      return el(
        "li",
        { "data-flashpoint": id },
        el("b", {}, f.name),
        el("span", { class: "muted small" }, ` (${f.spaces.length} spaces${f.threshold ? `, ${f.threshold} to dominate` : ""}) `),
        Object.entries(counts).map(([p, n]) => el("span", { class: "ie-fp" }, badge(board, data, p), ` ${n}`)),
      );
    });
  return el("details", keep(st, "flashpoints", { class: ["ie-card", "ie-flashpoints"], open: false }), el("summary", {}, "Flashpoints"), el("ul", { class: "ie-list" }, rows));
}

function panel(st) {
  const board = (st.shape.view && st.shape.view.board) || {};
  const box = el("div", { class: "ie-panel" });
  // in the Great War its panel and the war's come first after the hand (the GW card is there)
  const cards = board.gw
    ? [turnCard(st, board), handCard(st, board), gwCard(st, board), warCard(st, board), allianceCard(st, board), displaysCard(st, board), minorsCard(st, board), flashpointsCard(st, board)]
    : [turnCard(st, board), handCard(st, board), allianceCard(st, board), displaysCard(st, board), warCard(st, board), minorsCard(st, board), flashpointsCard(st, board)];
  for (const c of cards.flat()) if (c) box.append(c);
  return box;
}

// ----- the module's interface ----------------------------------------------------------------------

const states = new WeakMap();

function draw(container, st, again = true) {
  const { shape, data, onAction } = st;
  const mapW = st.mapW || mapWidth(st, container);
  st.k = W / (mapW * st.zoom);
  st.viewBox = viewBoxOf(st, W, H);
  st.act = onAction ? actionIndex(shape, data) : { place: new Map(), group: new Map(), card: new Map(), gw: new Map(), power: new Map() };
  const map = drawMap(shape, data, st);
  for (const n of map.querySelectorAll(".actionable[data-key]")) {
    n.setAttribute("tabindex", "0");
    n.setAttribute("role", "button");
  }
  const { tip, menuBox } = floatBoxes("ie");
  const zoomBar = el("div", { class: "ie-zoom" }, zoomButtons(st, ZOOMS, (z) => setZoom(container, z)));
  const views = el(
    "div",
    { class: "ie-views", role: "toolbar", "aria-label": "map views" },
    VIEWS.map(([name, z, where]) => el("button", { type: "button", class: "btn tiny ghost", onclick: () => goTo(container, z, where) }, name)),
  );
  const wrap = el("div", { class: "ie-map-wrap" }, map, zoomBar, views, tip, menuBox);
  Object.assign(st, { wrap, tip, menuBox, map, tipKey: null });
  wire(container, wrap, map);
  const scroll = container.scrollTop;
  const side = panel(st);
  clear(container).append(el("div", { class: "ie-root" }, el("div", { class: ["ie", !onAction && "readonly"] }, wrap, side)));
  container.scrollTop = scroll;
  const open = st.menu;
  st.menu = null;
  if (onAction && open && keyChoices(st, open.key).length > 1) openMenu(container, open.key, open.x, open.y);
  if (st.lit) highlight(container, st.lit, data);
  const drawn = mapWidth(st, container);
  if (again && drawn && Math.abs(drawn - mapW) / mapW > 0.03) {
    st.mapW = drawn;
    draw(container, st, false);
  }
}

export function render(container, shape, data, onAction) {
  if (!data || !data.spaces || !data.powers) {
    clear(container).append(el("p", { class: "fatal" }, "The map data of Imperial Elegy could not be loaded."));
    return;
  }
  let st = states.get(container);
  if (!st) {
    st = { container, menu: null, hover: null, zoom: 1, cx: W / 2, cy: H / 2, lit: null };
    states.set(container, st);
    closeMenuOnLeave(st);
    redrawOnResize(
      container,
      st,
      () => (st.map ? st.map.getBoundingClientRect().width : 0),
      () => draw(container, st, false),
    );
  }
  if (st.shape && shape.step !== st.shape.step) st.lit = null;
  Object.assign(st, { shape, data, onAction });
  draw(container, st);
}

/** Light up what an action names: its spaces, units, cards and powers. */
export function highlight(container, action, data) {
  const st = states.get(container);
  if (!st || !st.map) return;
  st.lit = action === null || action === undefined ? null : action;
  for (const n of st.container.querySelectorAll(".hl")) n.classList.remove("hl");
  if (st.lit === null || typeof action !== "object" || Array.isArray(action)) return;
  const d = data || st.data;
  const board = (st.shape.view && st.shape.view.board) || {};
  const units = board.units || {};
  const sel = [];
  for (const k of SPACE_KEYS) if (isPlace(d, action[k])) sel.push(`[data-key="s:${CSS.escape(action[k])}"]`);
  for (const k of MINOR_KEYS) {
    const where = typeof action[k] === "string" ? minorSpace(board, d, action[k]) : null;
    if (where) sel.push(`[data-key="s:${CSS.escape(where)}"]`);
  }
  for (const k of UNIT_KEYS) if (typeof action[k] === "string" && units[action[k]]) sel.push(`[data-key="u:${CSS.escape(unitGroupKey(units[action[k]]))}"]`);
  for (const k of CARD_KEYS) if (typeof action[k] === "string") sel.push(`.ie-handcard[data-card="${CSS.escape(action[k])}"]`);
  for (const k of GW_CARD_KEYS) if (typeof action[k] === "string") sel.push(`.ie-handcard[data-gw-card="${CSS.escape(action[k])}"]`);
  for (const k of POWER_KEYS) if (PLAYERS.includes(action[k])) sel.push(`.ie-display[data-power="${CSS.escape(action[k])}"]`);
  if (!sel.length) return;
  for (const n of st.container.querySelectorAll(sel.join(","))) n.classList.add("hl");
}

export function summary(shape) {
  const b = (shape.view && shape.view.board) || {};
  const bits = [];
  if (b.turn) bits.push(`Turn ${b.turn} (${decade(b.turn)})`);
  if (b.gw) bits.push(`The Great War: GW turn ${b.gw.turn ?? 0}, ${GW_STEPS[b.gw.step] || b.gw.step}`);
  else if (b.phase) bits.push(PHASES[b.phase] || b.phase);
  if (b.wtt !== undefined) bits.push(`World Tension ${b.wtt}`);
  if (b.war && !b.gw) bits.push("at war");
  if (shape.over) bits.push("game over");
  return bits.join(" · ");
}
