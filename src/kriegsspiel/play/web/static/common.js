// Shared helpers of the Kriegsspiel browser client: DOM building (text only, never
// HTML from the server), the JSON API, names and colours of the powers.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "class") node.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
      else if (key === "text") node.textContent = String(value);
      else if (key === "dataset") Object.assign(node.dataset, value);
      else if (key === "style" && typeof value === "object") {
        for (const [prop, v] of Object.entries(value)) {
          if (prop.startsWith("--") || prop.includes("-")) node.style.setProperty(prop, v);
          else node.style[prop] = v;
        }
      }
      // through the CSSOM: a style attribute in markup is refused by the page's Content-Security-Policy
      else if (key === "style") node.style.cssText = String(value);
      else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
      else if (key === "value" && "value" in node) node.value = value;
      else if (key === "checked" && "checked" in node) node.checked = Boolean(value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element; strings among the children become text nodes. */
export function el(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element. */
export function svg(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Append to a node what el() would: text for strings, nothing for null, undefined or false. */
export function put(node, ...children) {
  return fill(node, null, children);
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

// After "too many requests" (429), a GET asks again: first after BUSY_WAIT ms, then after
// waits growing to BUSY_MOST ms (with a little jitter, so that the pages of one browser do not
// ask in step), for a minute or so in all.
const BUSY_WAIT = 250;
const BUSY_MOST = 2000;
const BUSY_TRIES = 40;

/** fetch JSON; a 4xx/5xx raises ApiError with the server's {"error"} text. A GET refused as
 * one of too many requests from this address (429: other pages of this browser are busy) is
 * asked again after a moment, for a minute or so. */
export async function api(path, { method = "GET", body } = {}) {
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  for (let tries = 1; ; tries += 1) {
    try {
      response = await fetch(path, init);
    } catch (e) {
      throw new ApiError("the server cannot be reached", 0);
    }
    if (response.status !== 429 || method !== "GET" || tries >= BUSY_TRIES) break;
    const wait = Math.min(BUSY_MOST, BUSY_WAIT * 1.5 ** (tries - 1)) * (0.75 + 0.5 * Math.random());
    await new Promise((ok) => setTimeout(ok, wait));
  }
  let payload = null;
  const text = await response.text();
  try {
    payload = text ? JSON.parse(text) : null;
  } catch (e) {
    payload = null;
  }
  if (!response.ok) {
    const why = payload && typeof payload.error === "string" ? payload.error : `${response.status} ${response.statusText}`;
    throw new ApiError(why, response.status);
  }
  return payload;
}

export function params() {
  return new URLSearchParams(window.location.search);
}

/** The parts of the page's path after its first: [id] of /play/{id}, [id, code] of /join/{id}/{code}. */
export function pathParts() {
  const parts = window.location.pathname.split("/").filter(Boolean);
  return parts.slice(1).map((p) => decodeURIComponent(p));
}

/** The {id} of /play/{id} or /replay/{id}. */
export function gameIdFromPath() {
  const parts = pathParts();
  return parts.length === 1 ? parts[0] : null;
}

/** The game page of a seat: the browser's cookie opens it, so the address names no token. */
export function playPath(id) {
  return `/play/${encodeURIComponent(id)}`;
}

// ----- powers ------------------------------------------------------------------------

export const COLOURS = {
  germany: "#3a3a3a",
  "austria-hungary": "#3b6fb6",
  "western-allies": "#c0392b",
  russia: "#2e8b57",
  france: "#2b59c3",
  austria: "#9a9486",
  prussia: "#4a4f57",
  "great-britain": "#c0392b",
  spain: "#b8892e",
  britain: "#c0392b",
  italy: "#4f8f3c",
  japan: "#b3203a",
  usa: "#1f3a6b",
  referee: "#6b4e2a",
  hearts: "#b3261e",
  diamonds: "#c4561d",
  clubs: "#2f4a2a",
  spades: "#27313f",
  ge: "#3d3d40",
  uk: "#c9302a",
  fr: "#2f62c8",
  au: "#e6c43a",
  ru: "#f3f1e8",
  ot: "#2f8a3e",
};

const SPARE = ["#7a5c2e", "#6b4e8a", "#2a7a7a", "#8a6d1f", "#5a6b2f", "#8a3f5c"];

export function roleColour(role) {
  if (!role) return "#6b665a";
  if (COLOURS[role]) return COLOURS[role];
  let h = 0;
  for (const c of role) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return SPARE[h % SPARE.length];
}

const NAMES = {
  germany: "Germany",
  "austria-hungary": "Austria-Hungary",
  "western-allies": "Western Allies",
  russia: "Russia",
  "great-britain": "Great Britain",
  usa: "USA",
  ge: "Prussia/Germany",
  uk: "Britain",
  fr: "France",
  au: "Austria",
  ru: "Russia",
  ot: "Ottoman Empire",
};

/** A readable name for a role: the game's own name for it (its data's empires, or the
 * catalog's role_names when `data` is a catalog entry), else "western-allies" -> "Western Allies". */
export function roleName(role, data) {
  if (role === null || role === undefined) return "Spectator";
  const named =
    (data && data.role_names && data.role_names[role]) || (data && data.empires && data.empires[role] && data.empires[role].name);
  if (named) return named.replace(/^the /i, "");
  if (NAMES[role]) return NAMES[role];
  return String(role)
    .split(/[-_ ]+/)
    .map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w))
    .join(" ");
}

/** Whether a colour is so light that its swatch needs a dark outline to be seen on paper. */
export function paleColour(colour) {
  const m = /^#([0-9a-f]{6})$/i.exec(String(colour || "").trim());
  if (!m) return false;
  const n = parseInt(m[1], 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 225;
}

const BOT_NAMES = {
  random: "Random (any legal move)",
  heuristic: "Heuristic (rules of thumb)",
  rulebook: "Rulebook (the rulebook's own bot procedure)",
  solitaire: "Solitaire (the rulebook's own bot)",
  referee: "Referee (carries out the orders)",
  match: "Match (bids the card nearest the prize)",
};

/** A bot's name as a player reads it: "ismcts:0.2s" is "Search (thinks 0.2 s a move)", or,
 * ``short``, "Search 0.2 s". The id (what the API and `kriegsspiel play --seat` take) stays in
 * the option's value and tooltip. */
export function botName(id, short = false) {
  if (BOT_NAMES[id]) return short ? BOT_NAMES[id].split(" (")[0] : BOT_NAMES[id];
  const search = /^ismcts(?::(.*))?$/.exec(id);
  if (!search) return id;
  const level = (search[1] || "0.5s").split(":")[0];
  const seconds = /^(\d+(?:\.\d+)?)s$/.exec(level);
  if (seconds) return short ? `Search ${seconds[1]} s` : `Search (thinks ${seconds[1]} s a move)`;
  const iterations = /^\d+$/.test(level) ? `${level} iterations` : level;
  return short ? `Search ${iterations}` : `Search (${iterations} a move)`;
}

export function seatText(seat) {
  if (!seat || seat === "human") return "human";
  return seat.startsWith("bot:") ? `bot: ${botName(seat.slice(4))}` : seat;
}

/** A small coloured badge naming a power. */
export function roleBadge(role, data, extra) {
  const colour = roleColour(role);
  return el(
    "span",
    { class: ["role-badge", extra, paleColour(colour) && "pale"], style: { "--power": colour } },
    el("span", { class: "dot" }),
    roleName(role, data),
  );
}

// ----- board renderers -----------------------------------------------------------------

const renderers = new Map();

/** The board module of a game (boards/{game}.js), or boards/generic.js. */
export async function loadRenderer(game) {
  const id = /^[a-z0-9-]+$/.test(game || "") ? game : "generic";
  if (renderers.has(id)) return renderers.get(id);
  let mod;
  try {
    mod = await import(new URL(`./boards/${id}.js`, import.meta.url).href);
  } catch (e) {
    if (id !== "generic") console.info(`no board module for ${id}; using the generic one`, e);
    mod = await import(new URL("./boards/generic.js", import.meta.url).href);
  }
  renderers.set(id, mod);
  return mod;
}

const dataCache = new Map();

/** Give the data of a game without asking the server (the dev pages). */
export function seedData(game, data) {
  dataCache.set(game, Promise.resolve(data));
}

/** GET /api/data/{game}, once per page; {} when the game has none. */
export async function gameData(game) {
  if (!dataCache.has(game)) {
    dataCache.set(
      game,
      api(`/api/data/${encodeURIComponent(game)}`).catch((e) => {
        console.warn("no static data for", game, e);
        return {};
      }),
    );
  }
  return dataCache.get(game);
}

// ----- little things -----------------------------------------------------------------

export function timeText(at) {
  if (at === undefined || at === null) return "";
  const d = typeof at === "number" ? new Date(at < 1e12 ? at * 1000 : at) : new Date(at);
  if (Number.isNaN(d.getTime())) return String(at);
  const now = new Date();
  const sameDay = d.toDateString() === now.toDateString();
  const hm = d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return sameDay ? hm : `${d.toLocaleDateString([], { day: "numeric", month: "short" })} ${hm}`;
}

export function toast(message, kind = "info") {
  let box = document.getElementById("toasts");
  if (!box) {
    box = el("div", { id: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  const item = el("div", { class: ["toast", kind] }, message);
  box.append(item);
  setTimeout(() => item.classList.add("fade"), 3800);
  setTimeout(() => item.remove(), 4500);
}

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (e) {
    const area = el("textarea", { style: { position: "fixed", opacity: "0" } });
    area.value = text;
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch (e2) {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** An absolute URL for a server url that may be relative. */
export function absolute(url) {
  try {
    return new URL(url, window.location.origin).href;
  } catch (e) {
    return url;
  }
}

/** A link to hand on: whom it is for, the address (selected when focused), a copy
 * button, and "Enter" where the link opens a page of this browser's own. */
export function linkRow(label, url, { who = null, enter = false } = {}) {
  const full = absolute(url);
  const input = el("input", { type: "text", readonly: true, value: full, class: "link-field", "aria-label": `link: ${label}` });
  input.addEventListener("focus", () => input.select());
  return el(
    "div",
    { class: "link-row" },
    el("div", { class: "link-who" }, who || label),
    input,
    el(
      "button",
      {
        type: "button",
        class: "btn small copy",
        onclick: async () => toast((await copyText(full)) ? "Link copied." : "Copy it by hand: the browser refused."),
      },
      "Copy",
    ),
    enter ? el("a", { class: "btn small primary", href: full }, "Enter") : null,
  );
}

// The games this browser made or holds a seat in, so the lobby can offer them again:
// {id: {game, title, roles, creator, spectator, created}}. No token is kept here: the
// server keeps a seat's key in a cookie the page cannot read.
const STORE_KEY = "kriegsspiel.games";
const KEPT = ["id", "game", "title", "roles", "creator", "spectator", "created"];

function tidy(entry) {
  const out = {};
  for (const key of KEPT) if (entry && entry[key] !== undefined) out[key] = entry[key];
  return out;
}

function keep(all) {
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(all));
  } catch (e) {
    /* private mode: nothing kept */
  }
}

export function rememberGame(entry) {
  const all = knownGames();
  all[entry.id] = tidy({ ...(all[entry.id] || {}), ...entry });
  keep(all);
}

export function knownGames() {
  let raw;
  try {
    raw = JSON.parse(localStorage.getItem(STORE_KEY) || "{}");
  } catch (e) {
    return {};
  }
  if (!raw || typeof raw !== "object") return {};
  // entries written before seats moved to cookies held the seats' tokens: drop them
  let stale = false;
  for (const [id, entry] of Object.entries(raw)) {
    if (entry && (entry.seats || entry.kinds)) {
      raw[id] = tidy(entry);
      stale = true;
    }
  }
  if (stale) keep(raw);
  return raw;
}

export function forgetGame(id) {
  const all = knownGames();
  delete all[id];
  keep(all);
}

/** The spectator link of a game: kept in this browser, else from the games listing; null if unknown. */
export async function spectatorUrl(id) {
  const known = knownGames()[id];
  if (known && known.spectator) return known.spectator;
  try {
    const listing = await api("/api/games");
    const game = ((listing && listing.games) || []).find((g) => g.id === id);
    return (game && game.spectator) || null;
  } catch (e) {
    return null;
  }
}

/** Same JSON, for deciding whether to redraw. */
export function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

// A log line's rule: its citation, linked to the section of the game's player's guide that
// explains it (the guide opens beside the board).
// "pass", "done" and "no" are drawn quiet beside the orders that do something; when nothing
// else moves the game on (every unit placed: "done" or "undo"), "done" is the order to give.
const QUIET = new Set(["pass", "done", "no"]);

export function quietOrders(actions) {
  const onward = actions.some((a) => !QUIET.has(a) && a !== "undo");
  return (a) => onward && QUIET.has(a);
}

// A rule's chip is short: a rule cited by its section's name ("Phase 1: Collect Taxes",
// "Supply and isolation") shows its first words, the whole name in the tooltip.
export function citeChip(label) {
  if (label.length <= 14) return label;
  const head = label.split(":")[0];
  if (head.length <= 14) return head;
  return `${label.split(" ")[0].slice(0, 13)}…`;
}

export function ruleCite(line, game) {
  if (!line.rule) return null;
  const label = String(line.cite || line.rule);
  const chip = citeChip(label);
  if (!line.guide || !game) return el("span", { class: "rule", title: `rule ${label}` }, chip);
  return el(
    "a",
    {
      class: "rule",
      href: `/guide/${encodeURIComponent(game)}#${encodeURIComponent(line.guide)}`,
      target: "kriegsspiel-guide",
      title: `what the guide says of ${label}`,
    },
    chip,
  );
}

/** The result's headline as the seat reads it: a player whose role is among the winners reads
"Victory", one whose roles all lost "Defeat"; a spectator reads who won. */
export function resultHead(winners, mine) {
  if (!winners.length) return "No victor";
  if (!mine.length) return winners.length > 1 ? "The winners" : "The winner";
  return mine.some((r) => winners.includes(r)) ? "Victory" : "Defeat";
}

/** The game's result in ``box`` (hidden with none): the headline for ``mine``, the winners,
why, the scores, and ``next`` (links to what to do next) below. The game page and the replay. */
export function drawResult(box, res, mine, data, next = null) {
  clear(box);
  if (!res) {
    box.classList.add("hidden");
    return;
  }
  const winners = res.winners || [];
  const head = resultHead(winners, mine);
  const reason = res.reason ? String(res.reason) : "";
  put(
    box,
    el("div", { class: "result-head" }, head),
    winners.length
      ? el("div", { class: "winners" }, head === "Victory" ? null : el("span", { class: "won-by" }, "won by"), winners.map((r) => roleBadge(r, data, "big")))
      : null,
    reason ? el("p", { class: "reason" }, reason.charAt(0).toUpperCase() + reason.slice(1)) : null,
    res.scores
      ? el(
          "table",
          { class: "scores" },
          el(
            "tbody",
            {},
            Object.entries(res.scores)
              .sort((a, b) => b[1] - a[1])
              .map(([r, v]) => el("tr", { class: winners.includes(r) ? "won" : null }, el("td", {}, roleBadge(r, data)), el("td", { class: "num" }, String(v)))),
          ),
        )
      : null,
    next,
  );
  box.classList.remove("hidden");
}
