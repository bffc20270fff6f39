// The First World War: an SVG map of the eleven fronts in their three theatres, drawn from
// GET /api/data/first-world-war, with the counters, armies, events markers and offensives of the view.
import { clear, el, roleColour, roleName, svg } from "../common.js";
import { capital, choices as legal, closeMenuOnLeave, floatBoxes, showMenu, textWidth, wireMap } from "./shared.js";

// ----- geometry (SVG user units; the map is 1000 wide and scales with the page) -----------
// Two columns side by side (the West and Italy, then the East); on a narrow board (a phone, a
// small window) one column, the three theatres stacked, 492 wide, read by scrolling down
// rather than sideways.

const W = 1000;
const COL_W = 492;
const COL_X = [0, 508];
const STACK_BELOW = 820; // a board narrower than the two columns need (pixels) stacks the theatres
const TH = 22; // theatre header
const BH = 84; // one front's band
const GAP = 8; // between two theatres in a column
const PAD = 20; // the track's margin inside a band
const BREST_FRONTS = [7, 8, 9, 11]; // 10.0: fall silent under the treaty
const THEATRE_TITLE = { west: "Western Front", italy: "Italian Front", east: "Eastern Front" };
const KIND_TEXT = { replacement: "replacement city", victory: "victory city", base: "supply base" };
const SHORT = { germany: "GER", "austria-hungary": "A-H", "western-allies": "W-A", russia: "RUS" };
const RESULT_TEXT = { won: "Attack succeeds", repulsed: "Attack repulsed", both: "Both leads lost" };
const FRONT_KEYS = ["offensive", "railway", "transfer", "to", "front"];
const ARMY_KEYS = ["place", "move", "lead", "replace"];

const layouts = new WeakMap(); // data -> {wide, stacked}
const states = new WeakMap();

function empires(data) {
  return Object.keys(data.empires || {});
}

function alliance(data, empire) {
  return (data.empires && data.empires[empire] && data.empires[empire].alliance) || "central";
}

function frontName(data, n) {
  const f = data.fronts && data.fronts[String(n)];
  return f ? f.name : `Front ${n}`;
}

function name(data, role) {
  return roleName(role, data);
}

/** Where every front, city and base goes, in two columns or (stacked) one; computed once
 * per data pack and shape. */
function layout(data, stacked = false) {
  if (!layouts.has(data)) layouts.set(data, {});
  const kept = layouts.get(data);
  const kind = stacked ? "stacked" : "wide";
  if (kept[kind]) return kept[kind];
  const fronts = Object.values(data.fronts || {}).sort((a, b) => a.number - b.number);
  const byTheatre = new Map();
  for (const f of fronts) {
    if (!byTheatre.has(f.theatre)) byTheatre.set(f.theatre, []);
    byTheatre.get(f.theatre).push(f);
  }
  const columns = stacked ? [["west", "italy", "east"]] : [["west", "italy"], ["east"]];
  for (const t of byTheatre.keys()) {
    if (!columns.flat().includes(t)) {
      const size = (col) => col.reduce((s, x) => s + (byTheatre.get(x) || []).length, 0);
      (stacked || size(columns[0]) <= size(columns[1]) ? columns[0] : columns[1]).push(t);
    }
  }
  const bands = {};
  const headers = [];
  const colEnd = [0, 0];
  columns.forEach((col, ci) => {
    let y = 0;
    for (const t of col) {
      const list = byTheatre.get(t);
      if (!list || !list.length) continue;
      if (y > 0) y += GAP;
      headers.push({ theatre: t, x: COL_X[ci], y, w: COL_W });
      y += TH;
      for (const f of list) {
        bands[f.number] = { n: f.number, x: COL_X[ci], y, w: COL_W, col: ci, nodes: {} };
        y += BH;
      }
    }
    colEnd[ci] = y;
  });
  // the offensive's panel: under the East (wide), or under everything (stacked)
  const panelCol = stacked ? 0 : 1;
  const H = stacked ? colEnd[0] + GAP + 112 : Math.max(colEnd[0], colEnd[1] + 112);
  const width = stacked ? COL_W : W;

  // nodes: columns by distance from the Entente base along the attack lines
  const locs = data.locations || {};
  for (const f of fronts) {
    const band = bands[f.number];
    const start = f.bases && f.bases.entente;
    const depth = {};
    if (start && locs[start]) {
      depth[start] = 0;
      const queue = [start];
      while (queue.length) {
        const id = queue.shift();
        for (const next of (locs[id] && locs[id].links) || []) {
          if (locs[next] && locs[next].front === f.number && depth[next] === undefined) {
            depth[next] = depth[id] + 1;
            queue.push(next);
          }
        }
      }
    }
    const members = Object.keys(locs).filter((id) => locs[id].front === f.number);
    (f.line || []).forEach((id, i) => {
      if (depth[id] === undefined) depth[id] = i + 1;
    });
    for (const id of members) if (depth[id] === undefined) depth[id] = 1;
    const maxDepth = Math.max(1, ...members.map((id) => depth[id]));
    const x0 = band.x + PAD;
    const step = (band.w - 2 * PAD) / maxDepth;
    const yc = band.y + 42;
    const atDepth = new Map();
    for (const id of members) {
      if (!atDepth.has(depth[id])) atDepth.set(depth[id], []);
      atDepth.get(depth[id]).push(id);
    }
    for (const [d, ids] of atDepth) {
      ids.sort((a, b) => (locs[b].lat || 0) - (locs[a].lat || 0)); // north on top
      ids.forEach((id, i) => {
        const spread = ids.length === 1 ? 0 : -12 + (24 * i) / (ids.length - 1);
        band.nodes[id] = { id, x: x0 + d * step, y: yc + spread, paired: ids.length > 1, depth: d };
      });
    }
  }
  const out = { bands, headers, H, colEnd, width, stacked, panel: { x: COL_X[panelCol], y: colEnd[panelCol] + (stacked ? GAP : 0) } };
  kept[kind] = out;
  return out;
}

// ----- what the actions mention --------------------------------------------------------

function mentionsFront(action, n, data) {
  if (!action || typeof action !== "object") return false;
  if (FRONT_KEYS.some((k) => k in action && Number(action[k]) === n)) return true;
  if ("occupy" in action) {
    const loc = data.locations && data.locations[action.occupy];
    return Boolean(loc && loc.front === n);
  }
  return false;
}

function mentionsCity(action, id) {
  return action && typeof action === "object" && action.occupy === id;
}

function mentionsArmy(action, id) {
  return action && typeof action === "object" && ARMY_KEYS.some((k) => action[k] === id);
}

/** The legal actions passing `test`, every one labelled (as JSON where the shape gives no label). */
function choices(shape, test) {
  return legal(shape, test).map((c) => ({ action: c.action, label: c.label !== undefined ? String(c.label) : JSON.stringify(c.action) }));
}

// ----- drawing helpers ----------------------------------------------------------------

function hexagon(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 6; i += 1) {
    const a = (Math.PI / 3) * i + Math.PI / 6;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

/** The text, cut with an ellipsis to fit a width. */
function fit(text, width, size) {
  if (textWidth(text, size, true) <= width) return text;
  let t = text;
  while (t.length > 1 && textWidth(`${t}…`, size, true) > width) t = t.slice(0, -1);
  return `${t.trimEnd()}…`;
}

function owner(view, data, id) {
  const board = view.board || {};
  const loc = data.locations[id];
  return (board.cities && board.cities[id]) || (loc && loc.owner) || null;
}

function yearIndex(data, year) {
  const i = (data.years || []).indexOf(year);
  return i < 0 ? 0 : i;
}

// ----- the map --------------------------------------------------------------------------

function drawStacks(g, band, counters, data, side) {
  const list = empires(data).filter((e) => alliance(data, e) === side && (counters[e] || 0) > 0);
  const size = 17;
  let x = side === "entente" ? band.x + 8 : band.x + band.w - 8;
  for (const e of list) {
    const count = counters[e];
    const layers = Math.min(3, count);
    const width = size + (layers - 1) * 2.5;
    const left = side === "entente" ? x : x - width;
    const stack = svg("g", { class: "stack", "data-tip": `stack:${band.n}:${e}` });
    const top = band.y + 7;
    for (let i = layers - 1; i >= 0; i -= 1) {
      stack.append(
        svg("rect", {
          x: left + i * 2.5,
          y: top - i * 2.5,
          width: size,
          height: size,
          rx: 2.5,
          class: i === 0 ? "token top" : "token under",
          fill: roleColour(e),
        }),
      );
    }
    stack.append(svg("text", { x: left + size / 2, y: top + size / 2 + 4, class: "token-count", "text-anchor": "middle" }, String(count)));
    g.append(stack);
    x = side === "entente" ? x + width + 6 : x - width - 6;
  }
}

function armyChips(g, band, view, data, shape, myRoles) {
  const board = view.board || {};
  const here = Object.entries(board.armies || {}).filter(([, a]) => a.where === "board" && Number(a.front) === band.n);
  const bySide = { entente: [], central: [] };
  for (const [id, a] of here) bySide[alliance(data, a.ctl)].push([id, a]);
  const sortKey = ([id, a]) => `${myRoles.has(a.ctl) ? 0 : 1}${(data.armies[id] && data.armies[id].label) || id}`;
  const y = band.y + 64;
  const h = 15;
  const limit = band.w / 2 - 10;
  for (const side of ["entente", "central"]) {
    const list = bySide[side].sort((p, q) => (sortKey(p) < sortKey(q) ? -1 : 1));
    const dummies = side === alliance(data, view.role) ? ((board.fronts || {})[String(band.n)] || {}).my_dummies || 0 : 0;
    let used = 0;
    const items = [];
    for (const [id, a] of list) {
      const info = data.armies[id] || {};
      const label = info.label || id;
      const cv = info.cv;
      const w = textWidth(label, 10, true) + (cv !== undefined ? textWidth(String(cv), 10, true) + 6 : 0) + 10 + (a.up ? 5 : 0);
      items.push({ id, a, label, cv, w });
    }
    if (dummies) items.push({ dummy: dummies, w: textWidth(`${dummies} dummy`, 9.5, false) + 12 });
    let shown = 0;
    for (const it of items) {
      if (used + it.w > limit - 30 && shown < items.length - 1) break;
      used += it.w + 4;
      shown += 1;
    }
    let x = side === "entente" ? band.x + 8 : band.x + band.w - 8;
    const place = (w) => {
      const left = side === "entente" ? x : x - w;
      x = side === "entente" ? x + w + 4 : x - w - 4;
      return left;
    };
    for (const it of items.slice(0, shown)) {
      const left = place(it.w);
      if (it.dummy) {
        g.append(
          svg(
            "g",
            { class: "chip dummy", "data-tip": `dummies:${band.n}` },
            svg("rect", { x: left, y, width: it.w, height: h, rx: 3 }),
            svg("text", { x: left + it.w / 2, y: y + 11, "text-anchor": "middle" }, `${it.dummy} dummy`),
          ),
        );
        continue;
      }
      const mine = myRoles.has(it.a.ctl);
      const acts = choices(shape, (a) => mentionsArmy(a, it.id));
      const colour = roleColour(it.a.ctl);
      const chip = svg("g", {
        class: ["chip", mine ? "mine" : "seen", acts.length && "actionable", it.a.locked && "locked"],
        "data-tip": `army:${it.id}`,
        "data-click": `army:${it.id}`,
        tabindex: acts.length ? 0 : null,
        role: acts.length ? "button" : null,
        "aria-label": acts.length ? `${it.label}: ${acts.map((c) => c.label).join("; ")}` : null,
      });
      chip.append(
        svg("rect", {
          x: left,
          y,
          width: it.w,
          height: h,
          rx: 3,
          fill: mine ? colour : "#fdf8ea",
          stroke: mine ? "rgba(0,0,0,0.35)" : colour,
          "stroke-width": mine ? 0.8 : 1.3,
        }),
      );
      let tx = left + 5;
      if (it.a.up) {
        chip.append(svg("circle", { cx: left + 5, cy: y + h / 2, r: 2.2, class: "up-dot", fill: mine ? "#fff" : colour }));
        tx += 5;
      }
      const text = svg("text", { x: tx, y: y + 11, fill: mine ? "#fff" : colour }, it.label);
      if (it.cv !== undefined) text.append(svg("tspan", { class: "cv", dx: 4, fill: mine ? "#ffe39a" : "#4a4535" }, String(it.cv)));
      chip.append(text);
      g.append(chip);
    }
    if (shown < items.length) {
      const rest = items.length - shown;
      const w = textWidth(`+${rest}`, 10, true) + 10;
      const left = place(w);
      g.append(
        svg(
          "g",
          { class: "chip more", "data-tip": `front:${band.n}`, "data-click": `front:${band.n}` },
          svg("rect", { x: left, y, width: w, height: h, rx: 3 }),
          svg("text", { x: left + w / 2, y: y + 11, "text-anchor": "middle" }, `+${rest}`),
        ),
      );
    }
  }
}

function drawBand(map, band, shape, data, st, myRoles) {
  const view = shape.view || {};
  const board = view.board || {};
  const front = data.fronts[String(band.n)];
  const fv = (board.fronts && board.fronts[String(band.n)]) || { counters: {} };
  const battle = board.battle && Number(board.battle.front) === band.n;
  const silent = board.brest_litovsk !== null && board.brest_litovsk !== undefined && BREST_FRONTS.includes(band.n);
  const acts = choices(shape, (a) => mentionsFront(a, band.n, data));
  const g = svg("g", {
    class: ["front", acts.length && "actionable", battle && "battle", silent && "silent", front.mountain && "mountain", st.hover === band.n && "hover"],
    "data-front": band.n,
  });
  g.append(
    svg("rect", {
      class: "band-bg",
      x: band.x + 1.5,
      y: band.y + 1.5,
      width: band.w - 3,
      height: BH - 3,
      rx: 6,
      "data-tip": `front:${band.n}`,
      "data-click": `front:${band.n}`,
      tabindex: acts.length ? 0 : null,
      role: acts.length ? "button" : null,
      "aria-label": acts.length ? `Front ${band.n}, ${front.name}: ${acts.length} orders` : null,
    }),
  );
  if (front.mountain) {
    g.append(svg("rect", { class: "band-hatch", x: band.x + 1.5, y: band.y + 1.5, width: band.w - 3, height: BH - 3, rx: 6, fill: "url(#fww-mountain)" }));
  }
  // the title, centred, between the two sides' stacks
  const title = svg("text", { class: "front-title", x: band.x + band.w / 2, y: band.y + 18, "text-anchor": "middle" });
  title.append(svg("tspan", { class: "front-no" }, `${band.n}`), svg("tspan", { dx: 6 }, front.name));
  if (front.mountain) title.append(svg("tspan", { class: "mountain-mark", dx: 5 }, "▲"));
  if (battle) title.append(svg("tspan", { class: "battle-mark", dx: 6 }, "⚔"));
  if (silent) title.append(svg("tspan", { class: "silent-text", dx: 8 }, "silent: Brest-Litovsk"));
  g.append(title);

  drawStacks(g, band, fv.counters || {}, data, "entente");
  drawStacks(g, band, fv.counters || {}, data, "central");

  // attack lines
  const locs = data.locations;
  const yi = board.year_index ?? yearIndex(data, board.year);
  const drawn = new Set();
  const lines = svg("g", { class: "links" });
  for (const [id, node] of Object.entries(band.nodes)) {
    for (const other of locs[id].links || []) {
      const key = [id, other].sort().join("|");
      if (drawn.has(key) || !band.nodes[other]) continue;
      drawn.add(key);
      const o = band.nodes[other];
      const opensAt = (locs[id].opens && locs[id].opens[other]) || (locs[other].opens && locs[other].opens[id]);
      const closed = opensAt && yearIndex(data, opensAt) > yi;
      const a1 = alliance(data, owner(view, data, id));
      const a2 = alliance(data, owner(view, data, other));
      const cls = closed ? "link closed" : a1 !== a2 ? "link frontline" : `link ${a1}`;
      lines.append(svg("line", { class: cls, x1: node.x, y1: node.y, x2: o.x, y2: o.y }, closed ? svg("title", {}, `open from ${opensAt}`) : null));
    }
  }
  g.append(lines);

  // cities and bases
  for (const [id, node] of Object.entries(band.nodes)) {
    const loc = locs[id];
    const who = owner(view, data, id);
    const fill = roleColour(who);
    const captured = loc.kind !== "base" && who !== loc.owner;
    const cityActs = choices(shape, (a) => mentionsCity(a, id));
    const c = svg("g", {
      class: ["loc", loc.kind, captured && "captured", cityActs.length && "actionable"],
      "data-tip": `city:${id}`,
      "data-click": `city:${id}`,
      tabindex: cityActs.length ? 0 : null,
      role: cityActs.length ? "button" : null,
      "aria-label": cityActs.length ? `${loc.name}: ${cityActs.map((c) => c.label).join("; ")}` : null,
    });
    c.append(svg("circle", { cx: node.x, cy: node.y, r: 14, class: "hit" }));
    if (loc.kind === "base") c.append(svg("polygon", { points: hexagon(node.x, node.y, 9.5), fill }));
    else if (loc.kind === "victory") c.append(svg("rect", { x: node.x - 7.5, y: node.y - 7.5, width: 15, height: 15, rx: 1.5, fill }));
    else c.append(svg("circle", { cx: node.x, cy: node.y, r: 8, fill }));
    if (loc.kind === "replacement") c.append(svg("circle", { cx: node.x, cy: node.y, r: 3, class: "inner" }));
    if (loc.kind !== "base") {
      if (node.paired) c.append(svg("text", { class: "city-name", x: node.x + 11, y: node.y + 4 }, loc.name));
      else c.append(svg("text", { class: "city-name", x: node.x, y: node.y + 20, "text-anchor": "middle" }, loc.name));
    }
    g.append(c);
  }
  armyChips(g, band, view, data, shape, myRoles);
  if (silent) {
    g.append(svg("rect", { class: "silent-veil", x: band.x + 1.5, y: band.y + 1.5, width: band.w - 3, height: BH - 3, rx: 6 }));
  }
  map.append(g);
}

function markerText(data, value) {
  if (value === null || value === undefined) return "none";
  if (typeof value === "string" && data.markers && data.markers[value]) {
    const m = data.markers[value];
    const v = m.value ? ` (${m.value > 0 ? "+" : ""}${m.value})` : "";
    return `${m.title}${v}`;
  }
  if (value === true || value === "hidden" || value === "face-down") return "face-down";
  return String(value);
}

function leadText(data, id) {
  if (!id) return "—";
  const a = data.armies && data.armies[id];
  return a ? `${a.label} (CV ${a.cv})` : String(id);
}

function drawBattle(map, shape, data, lay) {
  const board = (shape.view && shape.view.board) || {};
  const b = board.battle || board.last_battle;
  const x = lay.panel.x;
  const y = lay.panel.y + 6;
  const w = COL_W;
  const h = lay.H - y;
  const g = svg("g", { class: ["battle-panel", board.battle ? "current" : "past"] });
  g.append(svg("rect", { class: "panel-bg", x: x + 1.5, y, width: w - 3, height: h - 1.5, rx: 6 }));
  if (!b) {
    g.append(
      svg("text", { class: "panel-title", x: x + 14, y: y + 22 }, "No offensive yet"),
      svg("text", { class: "panel-note", x: x + 14, y: y + 42 }, "The dice and markers of each offensive are shown here."),
    );
    map.append(g);
    return;
  }
  const front = Number(b.front);
  const head = `${board.battle ? "Offensive" : "Last offensive"} on Front ${front} — ${frontName(data, front)}`;
  g.append(svg("text", { class: "panel-title", x: x + 14, y: y + 21 }, board.battle ? "⚔ " : "", head));
  if (b.result) {
    g.append(svg("text", { class: ["panel-result", `r-${String(b.result).replace(/[^a-z-]/gi, "")}`], x: x + w - 14, y: y + 21, "text-anchor": "end" }, RESULT_TEXT[b.result] || capital(b.result)));
  }
  const cols = [x + 14, x + 118, x + 214, x + 428, x + 466];
  const headY = y + 40;
  ["", "lead", "marker", "die", "total"].forEach((t, i) =>
    g.append(svg("text", { class: "panel-head", x: cols[i], y: headY, "text-anchor": i >= 3 ? "middle" : "start" }, t)),
  );
  const pending = board.battle ? "…" : "—";
  [b.attacker, b.defender].forEach((role, r) => {
    if (!role) return;
    const rowY = headY + 20 + r * 20;
    const leads = b.leads || {};
    const markers = b.markers || {};
    const dice = b.dice || {};
    const totals = b.totals || {};
    g.append(
      svg("rect", { x: cols[0], y: rowY - 10, width: 9, height: 11, rx: 1.5, fill: roleColour(role) }),
      svg(
        "text",
        { class: "panel-cell who", x: cols[0] + 14, y: rowY },
        SHORT[role] || name(data, role),
        svg("tspan", { class: "panel-role", dx: 4 }, r === 0 ? "att." : "def."),
      ),
      svg("text", { class: "panel-cell", x: cols[1], y: rowY }, role in leads ? fit(leadText(data, leads[role]), 92, 11.5) : pending),
      svg("text", { class: "panel-cell", x: cols[2], y: rowY }, role in markers ? fit(markerText(data, markers[role]), 196, 11.5) : pending),
      svg("text", { class: "panel-cell num", x: cols[3], y: rowY, "text-anchor": "middle" }, role in dice ? String(dice[role]) : board.battle ? "·" : "—"),
      svg("text", { class: "panel-cell num total", x: cols[4], y: rowY, "text-anchor": "middle" }, role in totals ? String(totals[role]) : board.battle ? "·" : "—"),
    );
  });
  // the notes under the rows: Espionage, and what the totals add to lead, marker and die
  const notes = [];
  const spied = Object.entries(b.espionage || {}).filter(([, v]) => v);
  if (spied.length) notes.push(`Espionage: ${spied.map(([r]) => name(data, r)).join(", ")}`);
  for (const [role, mods] of Object.entries(b.mods || {})) {
    for (const [what, n] of mods || []) notes.push(`${SHORT[role] || name(data, role)} ${n > 0 ? "+" : "−"}${Math.abs(n)} ${what}`);
  }
  if (notes.length) {
    g.append(svg("text", { class: "panel-note", x: cols[0], y: headY + 60 }, fit(notes.join(" · "), w - 28, 11)));
  }
  g.append(svg("title", {}, `${b.attacker ? name(data, b.attacker) : "?"} attacks ${b.defender ? name(data, b.defender) : "?"} on ${frontName(data, front)}`));
  map.append(g);
}

function drawMap(shape, data, st) {
  const lay = layout(data, st.stacked);
  const myRoles = new Set([...(shape.roles || []), shape.view && shape.view.role].filter(Boolean));
  const map = svg("svg", {
    class: ["fww-map", lay.stacked && "stacked"],
    viewBox: `0 0 ${lay.width} ${lay.H}`,
    role: "img",
    "aria-label": "map of the fronts",
    preserveAspectRatio: "xMidYMin meet",
  });
  map.append(
    svg(
      "defs",
      {},
      svg(
        "pattern",
        { id: "fww-mountain", width: 14, height: 10, patternUnits: "userSpaceOnUse" },
        svg("path", { d: "M1 9 L4.5 4 L8 9", class: "hatch" }),
      ),
    ),
  );
  for (const h of lay.headers) {
    map.append(
      svg(
        "g",
        { class: ["theatre", h.theatre] },
        svg("rect", { x: h.x, y: h.y + 2, width: h.w, height: TH - 4, rx: 3 }),
        svg("text", { x: h.x + 10, y: h.y + 15.5 }, (THEATRE_TITLE[h.theatre] || capital(h.theatre)).toUpperCase()),
        svg("text", { class: "sides", x: h.x + h.w - 10, y: h.y + 15.5, "text-anchor": "end" }, "Entente ◂   ▸ Central Powers"),
      ),
    );
  }
  for (const band of Object.values(lay.bands)) drawBand(map, band, shape, data, st, myRoles);
  drawBattle(map, shape, data, lay);
  return map;
}

// ----- the bars above the map -----------------------------------------------------------

function statusTags(status) {
  if (!status) return [];
  const tags = [];
  if (status.capitulated) tags.push("capitulated");
  for (const k of ["revolution", "mutiny", "unrest", "politics"]) if (status[k]) tags.push(typeof status[k] === "string" ? `${k}: ${status[k]}` : k);
  if (status.failures) tags.push(`${status.failures} failed offensive${status.failures === 1 ? "" : "s"}`);
  if (status.bonus) tags.push(`bonus ${status.bonus}`);
  return tags;
}

const MARKER_KEYS = ["marker", "counter", "espionage", "put_back"];

function topBar(shape, data, onAction) {
  const view = shape.view || {};
  const board = view.board || {};
  const years = data.years || [];
  const yi = board.year_index ?? yearIndex(data, board.year);
  const order = board.order || {};
  const acting = board.acting;

  const yearBox = el(
    "div",
    { class: "tb-year" },
    el("div", { class: "tb-label" }, "Year"),
    el("div", { class: "tb-big" }, board.year || "—"),
    el(
      "div",
      { class: "year-track", "aria-hidden": "true" },
      years.map((y, i) => el("span", { class: ["yt", i < yi && "past", i === yi && "now"], title: y }, "")),
    ),
  );

  let turnBox;
  if (acting || shape.over || (order.turns && board.turn)) {
    turnBox = el(
      "div",
      { class: "tb-turn" },
      el("div", { class: "tb-label" }, shape.over ? "Turn order" : "Player turn"),
      el(
        "div",
        { class: "turn-seq" },
        (order.turns || []).map((r) =>
          el("span", { class: ["seq", r === acting && "now"], style: { "--power": roleColour(r) }, title: name(data, r) }, SHORT[r] || name(data, r)),
        ),
      ),
    );
  } else {
    turnBox = el(
      "div",
      { class: "tb-turn" },
      el("div", { class: "tb-label" }, "Deployment"),
      el(
        "div",
        { class: "turn-seq" },
        (order.deploy || []).map((r) =>
          el(
            "span",
            { class: ["seq", (shape.active || []).includes(r) && "now"], style: { "--power": roleColour(r) }, title: name(data, r) },
            SHORT[r] || name(data, r),
          ),
        ),
      ),
    );
  }

  const powers = el(
    "div",
    { class: "tb-powers" },
    empires(data).map((e) => {
      const hand = board.hands && board.hands[e];
      const handText = Array.isArray(hand)
        ? `${hand.length} marker${hand.length === 1 ? "" : "s"}`
        : hand
          ? `${hand.count} marker${hand.count === 1 ? "" : "s"}${hand.mandatory ? `, ${hand.mandatory} mandatory` : ""}`
          : "";
      const tags = statusTags(board.status && board.status[e]);
      const capitulated = board.status && board.status[e] && board.status[e].capitulated;
      return el(
        "div",
        {
          class: ["power", e === view.role && "me", e === acting && "acting", capitulated && "capitulated"],
          style: { "--power": roleColour(e) },
          title: `${name(data, e)}: ${board.vp ? board.vp[e] : "?"} victory points, ${board.cp ? board.cp[e] : "?"} capitulation points; ${handText}${tags.length ? `; ${tags.join(", ")}` : ""}`,
        },
        el("div", { class: "power-name" }, name(data, e)),
        el(
          "div",
          { class: "power-nums" },
          el("span", { class: "vp" }, el("b", {}, String(board.vp ? board.vp[e] ?? "–" : "–")), " VP"),
          el("span", { class: "cp" }, el("b", {}, String(board.cp ? board.cp[e] ?? "–" : "–")), " CP"),
          el("span", { class: "hand", title: handText }, "✉ ", Array.isArray(hand) ? String(hand.length) : hand ? String(hand.count) : "0", hand && !Array.isArray(hand) && hand.mandatory ? el("sup", { class: "mand" }, "!") : null),
        ),
        tags.length ? el("div", { class: "power-tags" }, tags.join(" · ")) : null,
      );
    }),
  );

  const flags = el("div", { class: "tb-flags" });
  if (board.brest_litovsk !== null && board.brest_litovsk !== undefined) {
    const when = typeof board.brest_litovsk === "number" ? years[board.brest_litovsk] || board.brest_litovsk : board.brest_litovsk;
    flags.append(el("span", { class: "flag treaty", title: "Fronts 7, 8, 9 and 11 are silent (10.0)" }, `Brest-Litovsk, ${when}`));
  }

  const mine = board.hands && view.role && board.hands[view.role];
  const markerRow = el(
    "div",
    { class: "fww-hand" },
    el("span", { class: "tb-label" }, view.role ? "Your events markers" : "Events markers"),
    Array.isArray(mine) && mine.length
      ? mine.map((m) => {
          const info = (data.markers && data.markers[m]) || { title: m };
          const val = info.value ? `${info.value > 0 ? "+" : ""}${info.value}` : "";
          const tip = [
            info.title,
            info.use ? `use: ${info.use === "either" ? "attack or defence" : info.use}` : "",
            info.value ? `value ${val}` : "",
            info.mandatory ? "mandatory" : "",
            info.nationalities && !info.nationalities.includes("any") ? `for ${info.nationalities.join(", ")} armies` : "",
          ]
            .filter(Boolean)
            .join(" · ");
          const act = onAction ? choices(shape, (a) => a && typeof a === "object" && MARKER_KEYS.some((k) => a[k] === m))[0] : null;
          return el(
            act ? "button" : "span",
            {
              type: act ? "button" : null,
              class: ["marker-chip", info.alliance, info.mandatory && "mandatory", act && "actionable"],
              title: act ? `${capital(act.label)} — ${tip}` : tip,
              onclick: act ? () => onAction(act.action) : null,
            },
            el("span", { class: "m-use" }, info.use === "attack" ? "att" : info.use === "defence" ? "def" : "a/d"),
            info.title,
            val ? el("b", { class: "m-val" }, val) : null,
          );
        })
      : el("span", { class: "muted small" }, view.role ? "none in hand" : "hidden"),
    el(
      "span",
      { class: "cups muted small", title: "markers left in each alliance's cup" },
      board.cups ? `cups: Central ${board.cups.central ?? "?"} · Entente ${board.cups.entente ?? "?"}` : "",
    ),
  );
  markerRow.insertBefore(flags, markerRow.lastChild);
  return el("div", { class: "fww-top" }, el("div", { class: "fww-bar" }, yearBox, turnBox, powers), markerRow);
}

function legend() {
  const item = (cls, text) => el("span", { class: "lg" }, el("i", { class: cls }), text);
  return el(
    "div",
    { class: "fww-legend" },
    item("lg-circle", "replacement city"),
    item("lg-box", "victory city"),
    item("lg-hex", "supply base"),
    item("lg-front", "front line"),
    item("lg-closed", "not yet open"),
    item("lg-captured", "captured"),
    item("lg-act", "you may act here"),
    item("lg-chip", "your army, combat value"),
    item("lg-seen", "army seen face-up"),
  );
}

// ----- tooltips and menus ---------------------------------------------------------------

function tipContent(key, shape, data) {
  const view = shape.view || {};
  const board = view.board || {};
  const [kind, id, extra] = key.split(":");
  if (kind === "front" || kind === "dummies" || kind === "stack") {
    const n = Number(id);
    const f = data.fronts[String(n)];
    const fv = (board.fronts && board.fronts[String(n)]) || { counters: {} };
    const rows = Object.entries(fv.counters || {}).map(([e, c]) =>
      el("div", { class: ["tip-row", kind === "stack" && extra === e && "hl"] }, el("i", { class: "sw", style: { background: roleColour(e) } }), `${name(data, e)}: ${c} counter${c === 1 ? "" : "s"}`),
    );
    const armies = Object.entries(board.armies || {})
      .filter(([, a]) => a.where === "board" && Number(a.front) === n)
      .map(([aid, a]) => {
        const info = data.armies[aid] || {};
        return `${info.label || aid}${info.cv !== undefined ? ` (${info.cv})` : ""}${a.up ? "" : " ▾"}`;
      });
    const acts = choices(shape, (a) => mentionsFront(a, n, data));
    return [
      el("div", { class: "tip-title" }, `Front ${n} — ${f.name}`),
      el("div", { class: "tip-sub" }, `${capital(f.theatre)} theatre${f.mountain ? " · mountain front" : ""} · adjacent: ${(f.adjacent || []).join(", ") || "none"}`),
      rows.length ? rows : el("div", { class: "tip-row muted" }, "No counters."),
      fv.my_dummies ? el("div", { class: "tip-row" }, `Your dummies here: ${fv.my_dummies}`) : null,
      armies.length ? el("div", { class: "tip-row small" }, `Known armies: ${armies.join(", ")}`) : null,
      acts.length ? el("div", { class: "tip-act" }, `${acts.length} order${acts.length === 1 ? "" : "s"} possible — click`) : null,
    ];
  }
  if (kind === "city") {
    const loc = data.locations[id];
    if (!loc) return null;
    const who = owner(view, data, id);
    const acts = choices(shape, (a) => mentionsCity(a, id));
    const opens = Object.entries(loc.opens || {}).map(([o, y]) => `line to ${(data.locations[o] || {}).name || o} opens ${y}`);
    return [
      el("div", { class: "tip-title" }, loc.name),
      el("div", { class: "tip-sub" }, `${capital(KIND_TEXT[loc.kind] || loc.kind)} · Front ${loc.front} (${frontName(data, loc.front)})`),
      el(
        "div",
        { class: "tip-row" },
        el("i", { class: "sw", style: { background: roleColour(who) } }),
        `Held by ${name(data, who)}`,
        loc.kind !== "base" && who !== loc.owner ? ` (captured from ${name(data, loc.owner)})` : "",
      ),
      opens.length ? el("div", { class: "tip-row small" }, opens.join("; ")) : null,
      acts.length ? el("div", { class: "tip-act" }, "You may occupy it — click") : null,
    ];
  }
  if (kind === "army") {
    const info = data.armies[id] || {};
    const a = (board.armies || {})[id] || {};
    const acts = choices(shape, (x) => mentionsArmy(x, id));
    return [
      el("div", { class: "tip-title" }, info.name || id),
      el("div", { class: "tip-sub" }, `${info.label || id} · combat value ${info.cv ?? "?"} · ${info.nationality || ""}`),
      el(
        "div",
        { class: "tip-row" },
        el("i", { class: "sw", style: { background: roleColour(a.ctl) } }),
        `Played by ${name(data, a.ctl)} · ${a.up ? "face-up (known to all)" : "face-down"}${a.locked ? " · locked" : ""}`,
      ),
      acts.length ? el("div", { class: "tip-act" }, `${acts.length} order${acts.length === 1 ? "" : "s"} — click`) : null,
    ];
  }
  return null;
}

function menuChoices(key, shape, data) {
  const [kind, id] = key.split(":");
  if (kind === "front" || kind === "stack" || kind === "dummies") return choices(shape, (a) => mentionsFront(a, Number(id), data));
  if (kind === "city") {
    const loc = data.locations[id];
    const own = choices(shape, (a) => mentionsCity(a, id));
    const rest = loc ? choices(shape, (a) => !mentionsCity(a, id) && mentionsFront(a, loc.front, data)) : [];
    return [...own, ...rest];
  }
  if (kind === "army") {
    const own = choices(shape, (a) => mentionsArmy(a, id));
    if (own.length) return own;
    const a = (((shape.view || {}).board || {}).armies || {})[id];
    return a && a.front ? choices(shape, (x) => mentionsFront(x, Number(a.front), data)) : [];
  }
  return [];
}

function menuTitle(key, data) {
  const [kind, id] = key.split(":");
  if (kind === "city") return (data.locations[id] || {}).name || id;
  if (kind === "army") return (data.armies[id] || {}).name || id;
  return `Front ${id} — ${frontName(data, Number(id))}`;
}

function openMenu(container, key, x, y) {
  const st = states.get(container);
  if (!st || !st.wrap) return;
  const { shape, data, onAction } = st;
  st.menu = { key, x, y };
  showMenu(st, x, y, {
    title: menuTitle(key, data),
    list: onAction ? menuChoices(key, shape, data) : [],
    button: (c) => [{ class: "btn action" }, capital(c.label)],
    pick: (c) => onAction(c.action),
    info: () => tipContent(key, shape, data),
    empty: onAction ? "No order concerns this place now." : "Replay: read only.",
  });
}

function wire(container, wrap, map) {
  const st = states.get(container);
  wireMap(st, wrap, map, {
    tip: (key) => tipContent(key, st.shape, st.data),
    hover: (event) => {
      const front = event.target.closest && event.target.closest("[data-front]");
      return front ? Number(front.dataset.front) : null;
    },
    light: (n, event) => {
      for (const g of map.querySelectorAll(".front.hover")) g.classList.remove("hover");
      if (n !== null) event.target.closest("[data-front]").classList.add("hover");
    },
    selector: "[data-click]",
    keyOf: (t) => t.dataset.click,
    open: (key, x, y) => openMenu(container, key, x, y),
  });
}

// ----- the module's interface -----------------------------------------------------------

/** Whether the board is too narrow for the theatres side by side (a phone). */
function narrow(container) {
  const width = container.clientWidth;
  return width > 0 && width < STACK_BELOW;
}

/** Draw again when the board's width crosses from one layout to the other. */
function restackOnResize(container, st) {
  if (typeof ResizeObserver === "undefined") return;
  new ResizeObserver(() => {
    clearTimeout(st.resizeTimer);
    st.resizeTimer = setTimeout(() => {
      if (st.shape && narrow(container) !== st.stacked) render(container, st.shape, st.data, st.onAction);
    }, 120);
  }).observe(container);
}

export function render(container, shape, data, onAction) {
  if (!data || !data.fronts || !data.locations) {
    clear(container).append(el("p", { class: "fatal" }, "The map data of this game could not be loaded."));
    return;
  }
  let st = states.get(container);
  if (!st) {
    st = { menu: null, hover: null };
    states.set(container, st);
    closeMenuOnLeave(st);
    restackOnResize(container, st);
  }
  Object.assign(st, { shape, data, onAction, tipKey: null, stacked: narrow(container) });
  const map = drawMap(shape, data, st);
  const { tip, menuBox } = floatBoxes("fww");
  const wrap = el("div", { class: ["fww-map-wrap", st.stacked && "stacked"] }, map, tip, menuBox);
  Object.assign(st, { wrap, tip, menuBox, map });
  wire(container, wrap, map);
  clear(container).append(el("div", { class: ["fww", !onAction && "readonly"] }, topBar(shape, data, onAction), wrap, legend()));
  if (st.menu) {
    const again = menuChoices(st.menu.key, shape, data);
    if (again.length) openMenu(container, st.menu.key, st.menu.x, st.menu.y);
    else st.menu = null;
  }
}

/** Light up the fronts, cities and armies an action names (the side panel's hover). */
export function highlight(container, action, data) {
  const st = states.get(container);
  if (!st || !st.map) return;
  for (const n of st.map.querySelectorAll(".hl")) n.classList.remove("hl");
  if (action === null || action === undefined || typeof action !== "object") return;
  for (const g of st.map.querySelectorAll(".front")) {
    if (mentionsFront(action, Number(g.dataset.front), data)) g.classList.add("hl");
  }
  for (const c of st.map.querySelectorAll("[data-click]")) {
    const [kind, id] = c.dataset.click.split(":");
    if ((kind === "city" && mentionsCity(action, id)) || (kind === "army" && mentionsArmy(action, id))) c.classList.add("hl");
  }
}

export function summary(shape, data) {
  const b = (shape.view && shape.view.board) || {};
  const bits = [];
  if (b.year) bits.push(b.year);
  if (b.acting) bits.push(`${roleName(b.acting, data)} to act`);
  else if (shape.over) bits.push("game over");
  else bits.push("deployment");
  if (b.battle) bits.push(`offensive on Front ${b.battle.front}`);
  return bits.join(" · ");
}
