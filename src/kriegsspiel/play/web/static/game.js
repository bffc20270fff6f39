// The game page /play/{id}?token=T[&role=R]: board, orders, log, chat, kept live by a websocket.
import {
  absolute,
  api,
  clear,
  copyText,
  el,
  gameData,
  gameIdFromPath,
  knownGames,
  loadRenderer,
  params,
  roleBadge,
  roleColour,
  roleName,
  seatsByToken,
  seatText,
  timeText,
  toast,
} from "./common.js";

const ui = {
  id: null,
  token: null,
  pinned: null, // the role picked with ?role= (null: the server picks the one that must act)
  shape: null,
  data: {},
  renderer: null,
  drawn: null, // what the board was last drawn from
  ws: null,
  wsTries: 0,
  wsTimer: null,
  closed: false,
  busy: false,
  mock: null,
  tab: "log",
  seenChat: 0,
  fullLog: null,
};

const $ = (id) => document.getElementById(id);

function capital(text) {
  const s = String(text ?? "");
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

function name(role) {
  return roleName(role, ui.data);
}

function query(extra = {}) {
  const q = new URLSearchParams();
  if (ui.token) q.set("token", ui.token);
  if (ui.pinned) q.set("role", ui.pinned);
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  return q.toString();
}

// ----- talking to the server --------------------------------------------------------------

async function fetchShape() {
  if (ui.mock) return ui.mock;
  return api(`/api/games/${encodeURIComponent(ui.id)}?${query()}`);
}

async function refresh() {
  try {
    show(await fetchShape());
  } catch (e) {
    if (e.status === 403 || e.status === 404 || e.status === 401) fatal(e.message);
    else toast(`Could not refresh: ${e.message}`, "error");
  }
}

function connect() {
  if (ui.mock || ui.closed) return;
  clearTimeout(ui.wsTimer);
  if (ui.ws) {
    ui.ws.onclose = null;
    ui.ws.close();
  }
  const proto = window.location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${window.location.host}/ws/games/${encodeURIComponent(ui.id)}?${query()}`);
  ui.ws = ws;
  setConn("connecting");
  ws.onopen = () => {
    const again = ui.wsTries > 0;
    ui.wsTries = 0;
    setConn("live");
    if (again) refresh();
  };
  ws.onmessage = (event) => {
    let shape;
    try {
      shape = JSON.parse(event.data);
    } catch (e) {
      return;
    }
    if (!shape || typeof shape !== "object" || !shape.view) return;
    if (ui.pinned && shape.role !== ui.pinned) {
      refresh();
      return;
    }
    show(shape);
  };
  ws.onclose = (event) => {
    if (ui.ws !== ws) return;
    if (event.code >= 4400 && event.code < 4500) {
      setConn("closed");
      fatal(event.reason || "the server refused this seat");
      return;
    }
    setConn("retrying");
    const wait = Math.min(15000, 800 * 2 ** ui.wsTries) + Math.random() * 400;
    ui.wsTries += 1;
    ui.wsTimer = setTimeout(connect, wait);
  };
  ws.onerror = () => {
    /* onclose follows */
  };
}

function setConn(state) {
  const dot = $("conn");
  dot.className = `conn ${state}`;
  dot.title = { live: "live", connecting: "connecting…", retrying: "connection lost; retrying…", closed: "closed" }[state] || state;
}

async function submit(action) {
  if (!ui.shape || ui.busy) return;
  if (ui.mock) {
    toast(`(mock) would send ${JSON.stringify(action)}`);
    return;
  }
  ui.busy = true;
  document.body.classList.add("busy");
  hideError();
  try {
    const shape = await api(`/api/games/${encodeURIComponent(ui.id)}/actions`, {
      method: "POST",
      body: { token: ui.token, action, role: ui.shape.role },
    });
    // the websocket may already have brought a later state (bots move fast): keep the later one
    if (!ui.shape || shape.step >= ui.shape.step || shape.role !== ui.shape.role) show(shape);
  } catch (e) {
    showError(e.message);
    if (e.status >= 400 && e.status < 500) refresh();
  } finally {
    ui.busy = false;
    document.body.classList.remove("busy");
  }
}

async function undo() {
  if (!ui.shape || ui.busy || ui.mock) return;
  ui.busy = true;
  hideError();
  try {
    show(await api(`/api/games/${encodeURIComponent(ui.id)}/undo`, { method: "POST", body: { token: ui.token, role: ui.shape.role } }));
  } catch (e) {
    showError(e.message);
  } finally {
    ui.busy = false;
  }
}

function showError(text) {
  const box = $("action-error");
  box.textContent = text;
  box.classList.remove("hidden");
  clearTimeout(showError.timer);
  showError.timer = setTimeout(hideError, 12000);
}

function hideError() {
  $("action-error").classList.add("hidden");
}

function fatal(message) {
  ui.closed = true;
  if (ui.ws) {
    ui.ws.onclose = null;
    ui.ws.close();
  }
  const board = clear($("board"));
  board.append(
    el(
      "div",
      { class: "fatal" },
      el("h2", {}, "This seat cannot be opened"),
      el("p", {}, message),
      el("p", {}, el("a", { class: "btn primary", href: "/" }, "Back to the lobby")),
    ),
  );
}

// ----- drawing ---------------------------------------------------------------------------

async function show(shape) {
  if (!ui.ready || ui.readyGame !== shape.game) {
    ui.readyGame = shape.game;
    ui.ready = (async () => {
      ui.data = await gameData(shape.game);
      ui.renderer = await loadRenderer(shape.game);
    })();
  }
  ui.shape = shape;
  await ui.ready;
  if (ui.shape !== shape) return; // a newer one is being drawn
  if (followActive(shape)) return;
  drawHeader(shape);
  drawBoard(shape);
  drawPrompt(shape);
  drawActions(shape);
  drawLog(shape);
  drawChat(shape);
}

/** Auto mode: when another of this token's roles must act now, ask the server for that one. */
function followActive(shape) {
  if (ui.pinned || ui.mock || (shape.actions && shape.actions.length)) return false;
  const committed = new Set((shape.view && shape.view.committed) || []);
  const other = (shape.active || []).find((r) => r !== shape.role && (shape.roles || []).includes(r) && !committed.has(r));
  if (!other) return false;
  const key = `${shape.step}:${other}`;
  if (ui.followed === key) return false;
  ui.followed = key;
  refresh();
  return true;
}

function drawHeader(shape) {
  const view = shape.view || {};
  const title = view.title || shape.game;
  $("game-title").textContent = title;
  const summary = ui.renderer && ui.renderer.summary ? ui.renderer.summary(shape, ui.data) : genericSummary(view);
  $("game-summary").textContent = summary || "";
  const mine = shape.actions && shape.actions.length && !shape.over;
  document.title = `${mine ? "● " : ""}${title} — ${name(shape.role)}`;

  const sw = clear($("role-switch"));
  const roles = shape.roles || [];
  if (roles.length > 1) {
    sw.append(
      el(
        "button",
        { type: "button", class: ["role-tab", !ui.pinned && "on"], title: "show whichever of your roles must act", onclick: () => pin(null) },
        "Auto",
      ),
    );
    for (const r of roles) {
      const acting = (shape.active || []).includes(r) && !((view.committed || []).includes(r));
      sw.append(
        el(
          "button",
          {
            type: "button",
            class: ["role-tab", r === shape.role && "current", ui.pinned === r && "on", acting && "acting"],
            style: { "--power": roleColour(r) },
            title: acting ? `${name(r)} must act` : name(r),
            onclick: () => pin(r),
          },
          el("span", { class: "dot" }),
          name(r),
          acting ? el("span", { class: "to-act", "aria-label": "must act" }, "!") : null,
        ),
      );
    }
  } else {
    sw.append(shape.role ? roleBadge(shape.role, ui.data, "big") : el("span", { class: "role-badge spectator" }, "Spectator"));
  }
  $("replay-link").href = `/replay/${encodeURIComponent(ui.id)}?${query()}`;
  drawInvite();
}

function genericSummary(view) {
  const b = view.board || {};
  const bits = [];
  if (b.year !== undefined) bits.push(`Year ${b.year}`);
  if (b.turn !== undefined) bits.push(`turn ${b.turn}`);
  if (b.round !== undefined) bits.push(`round ${b.round}`);
  return bits.join(" · ");
}

function drawInvite() {
  const known = knownGames()[ui.id];
  const box = $("invite");
  if (!known || !known.seats) {
    box.classList.add("hidden");
    return;
  }
  const body = clear($("invite-body"));
  const byToken = seatsByToken(known);
  if (known.spectator) byToken.set(known.spectator.token, { url: known.spectator.url, roles: [], spectator: true });
  for (const [token, s] of byToken) {
    const url = absolute(s.url);
    body.append(
      el(
        "div",
        { class: ["invite-row", token === ui.token && "me"] },
        el("span", { class: "who" }, s.spectator ? "Spectators" : s.roles.map((r) => name(r)).join(" + ")),
        el(
          "button",
          { type: "button", class: "btn tiny", onclick: async () => toast((await copyText(url)) ? "Link copied." : "Copy failed.") },
          "copy link",
        ),
        token === ui.token ? el("span", { class: "muted small" }, "you") : el("a", { class: "btn tiny ghost", href: url }, "open"),
      ),
    );
  }
  box.classList.remove("hidden");
}

function pin(role) {
  ui.pinned = role;
  const q = params();
  if (role) q.set("role", role);
  else q.delete("role");
  history.replaceState(null, "", `${window.location.pathname}?${q.toString()}`);
  ui.drawn = null;
  refresh();
  connect();
}

function drawBoard(shape) {
  const key = JSON.stringify([shape.role, shape.view, shape.actions, shape.labels, shape.active]);
  if (key === ui.drawn) return;
  ui.drawn = key;
  const board = $("board");
  try {
    ui.renderer.render(board, shape, ui.data, submit);
  } catch (e) {
    console.error(e);
    clear(board).append(el("div", { class: "fatal" }, el("h2", {}, "The board could not be drawn"), el("pre", {}, String(e.stack || e))));
  }
}

function waitingFor(shape) {
  const view = shape.view || {};
  const committed = new Set(view.committed || []);
  const mine = new Set(shape.roles || []);
  return (shape.active || []).filter((r) => !committed.has(r) && !mine.has(r));
}

function drawPrompt(shape) {
  const view = shape.view || {};
  const state = clear($("turn-state"));
  const prompt = $("prompt");
  const result = $("result");
  const mineActive = (shape.active || []).filter((r) => (shape.roles || []).includes(r));
  const committed = new Set(view.committed || []);
  const myTurn = shape.actions && shape.actions.length > 0 && !shape.over;
  $("prompt-card").classList.toggle("your-move", myTurn);

  if (shape.over) {
    state.append(el("span", { class: "flag over" }, "Game over"));
  } else if (myTurn) {
    state.append(el("span", { class: "flag go" }, "Your move"), roleBadge(shape.role, ui.data));
  } else {
    const others = waitingFor(shape);
    if (shape.role && committed.has(shape.role)) state.append(el("span", { class: "flag done" }, "Orders sealed"));
    if (others.length) {
      state.append(
        el("span", { class: "waiting" }, "Waiting for "),
        ...others.map((r) =>
          el("span", { class: "wait-who" }, roleBadge(r, ui.data), el("span", { class: "muted small" }, seatText((shape.seats || {})[r]))),
        ),
      );
    }
    const otherMine = mineActive.filter((r) => r !== shape.role && !committed.has(r));
    if (otherMine.length) {
      state.append(
        el(
          "button",
          { type: "button", class: "btn small primary", onclick: () => pin(otherMine[0]) },
          `${name(otherMine[0])} must act — switch`,
        ),
      );
    }
  }

  prompt.textContent = view.prompt || (shape.over ? "" : myTurn ? "Choose your action." : "");
  prompt.classList.toggle("hidden", !prompt.textContent);

  clear(result);
  const res = shape.result || view.result;
  if (shape.over && res) {
    const winners = res.winners || [];
    result.append(
      el("div", { class: "result-head" }, winners.length ? "Victory" : "No victor"),
      winners.length ? el("div", { class: "winners" }, winners.map((r) => roleBadge(r, ui.data, "big"))) : null,
      res.reason ? el("p", { class: "reason" }, capital(res.reason)) : null,
      res.scores
        ? el(
            "table",
            { class: "scores" },
            el(
              "tbody",
              {},
              Object.entries(res.scores)
                .sort((a, b) => b[1] - a[1])
                .map(([r, v]) => el("tr", { class: winners.includes(r) ? "won" : null }, el("td", {}, roleBadge(r, ui.data)), el("td", { class: "num" }, String(v)))),
            ),
          )
        : null,
    );
    result.classList.remove("hidden");
  } else {
    result.classList.add("hidden");
  }
}

function groupKey(action) {
  if (action === null) return "null";
  if (typeof action !== "object") return `_${typeof action}`;
  const keys = Object.keys(action).sort();
  if (keys.length === 1) return keys[0];
  return keys.map((k) => (typeof action[k] === "string" ? `${k}=${action[k]}` : k)).join(",");
}

function commonPrefix(labels) {
  if (labels.length < 3) return "";
  let prefix = labels[0];
  for (const l of labels) {
    let i = 0;
    while (i < prefix.length && i < l.length && prefix[i] === l[i]) i += 1;
    prefix = prefix.slice(0, i);
  }
  const cut = prefix.lastIndexOf(" ");
  prefix = cut > 0 ? prefix.slice(0, cut) : "";
  // keep at least something on each button
  return labels.every((l) => l.length > prefix.length + 1) ? prefix : "";
}

function actionButton(action, label, text) {
  return el(
    "button",
    {
      type: "button",
      class: ["btn", "action", action === "pass" || action === "done" || action === "no" ? "quiet" : null],
      title: capital(label),
      onclick: () => submit(action),
      onmouseenter: () => ui.renderer && ui.renderer.highlight && ui.renderer.highlight($("board"), action, ui.data),
      onmouseleave: () => ui.renderer && ui.renderer.highlight && ui.renderer.highlight($("board"), null, ui.data),
    },
    capital(text),
  );
}

function drawActions(shape) {
  const box = clear($("actions"));
  const actions = shape.actions || [];
  const labels = shape.labels || [];
  const label = (i) => (labels[i] !== undefined ? String(labels[i]) : JSON.stringify(actions[i]));
  $("undo").classList.toggle("hidden", !(shape.view && shape.view.can_undo) || !shape.role);
  $("actions-card").classList.toggle("idle", !actions.length);
  if (!actions.length) {
    box.append(el("p", { class: "muted" }, shape.over ? "No more orders: the game is over." : shape.role ? "Nothing to order now." : "You are watching."));
    return;
  }
  if (actions.length <= 5) {
    box.append(el("div", { class: "action-list" }, actions.map((a, i) => actionButton(a, label(i), label(i)))));
    return;
  }
  const order = [];
  const groups = new Map();
  actions.forEach((a, i) => {
    const k = groupKey(a);
    if (!groups.has(k)) {
      groups.set(k, []);
      order.push(k);
    }
    groups.get(k).push(i);
  });
  for (const k of order) {
    const idx = groups.get(k);
    const texts = idx.map(label);
    const prefix = commonPrefix(texts);
    const section = el("div", { class: "action-group" });
    if (prefix) section.append(el("div", { class: "group-head" }, capital(prefix)));
    section.append(
      el(
        "div",
        { class: ["action-list", prefix && "compact"] },
        idx.map((i, j) => actionButton(actions[i], texts[j], prefix ? texts[j].slice(prefix.length + 1) : texts[j])),
      ),
    );
    box.append(section);
  }
}

function logLine(line) {
  return el(
    "li",
    { class: "log-line" },
    line.rule ? el("span", { class: "rule", title: `rule ${line.rule}` }, String(line.rule)) : null,
    el("span", { class: "text" }, String(line.text ?? "")),
  );
}

function drawLog(shape) {
  const list = $("log");
  const lines = ui.fullLog || (shape.view && shape.view.log) || [];
  const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  const key = JSON.stringify(lines);
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  clear(list).append(...lines.map(logLine));
  if (nearBottom || !list.dataset.scrolled) {
    list.scrollTop = list.scrollHeight;
    list.dataset.scrolled = "1";
  }
}

async function toggleFullLog() {
  const button = $("full-log");
  if (ui.fullLog) {
    ui.fullLog = null;
    button.textContent = "whole log";
  } else if (ui.mock) {
    ui.fullLog = (ui.shape.view && ui.shape.view.log) || [];
  } else {
    try {
      const got = await api(`/api/games/${encodeURIComponent(ui.id)}/log?${query()}`);
      ui.fullLog = got.log || [];
      button.textContent = "latest lines";
    } catch (e) {
      toast(e.message, "error");
      return;
    }
  }
  setTab("log");
  $("log").dataset.key = "";
  $("log").dataset.scrolled = "";
  drawLog(ui.shape);
}

function drawChat(shape) {
  const chat = shape.chat || [];
  const list = $("chat-lines");
  const key = JSON.stringify(chat);
  if (list.dataset.key !== key) {
    list.dataset.key = key;
    const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    const mine = new Set(shape.roles || []);
    clear(list);
    if (!chat.length) list.append(el("li", { class: "muted small empty" }, "No dispatches yet."));
    for (const m of chat) {
      const from = m.from;
      list.append(
        el(
          "li",
          { class: ["chat-line", mine.has(from) && "own", m.to && "private"] },
          el(
            "div",
            { class: "chat-meta" },
            from ? roleBadge(from, ui.data) : el("span", { class: "muted" }, "umpire"),
            m.to ? el("span", { class: "to" }, "→ ", roleBadge(m.to, ui.data), el("span", { class: "secret" }, " private")) : null,
            el("span", { class: "at" }, timeText(m.at)),
          ),
          el("div", { class: "chat-text" }, String(m.text ?? "")),
        ),
      );
    }
    if (nearBottom || ui.tab !== "chat") list.scrollTop = list.scrollHeight;
  }
  if (ui.tab === "chat" && ui.seenChat !== chat.length) {
    ui.seenChat = chat.length;
    if (!ui.mock) sessionSet(`seen.${ui.id}`, chat.length);
  }
  if (ui.seenChat > chat.length) ui.seenChat = chat.length;
  const unread = Math.max(0, chat.length - ui.seenChat);
  const badge = $("unread");
  badge.textContent = String(unread);
  badge.classList.toggle("hidden", unread === 0);

  // recipients: everyone, or one other role of this game
  const select = $("chat-to");
  const roles = Object.keys(shape.seats || {}).length ? Object.keys(shape.seats) : (shape.view && shape.view.roles) || [];
  const options = [["", "To all"], ...roles.filter((r) => !(shape.roles || []).includes(r)).map((r) => [r, `To ${name(r)}`])];
  const optKey = JSON.stringify(options);
  if (select.dataset.key !== optKey) {
    const keep = select.value;
    select.dataset.key = optKey;
    clear(select).append(...options.map(([v, t]) => el("option", { value: v, selected: v === keep }, t)));
  }
  const spectator = !shape.role;
  $("chat-text").disabled = spectator;
  $("chat-text").placeholder = spectator ? "Spectators do not chat." : "Send a dispatch…";
}

async function sendChat(event) {
  event.preventDefault();
  const input = $("chat-text");
  const text = input.value.trim();
  if (!text || !ui.shape) return;
  if (ui.mock) {
    toast("(mock) chat not sent");
    return;
  }
  const to = $("chat-to").value || null;
  const body = { token: ui.token, text };
  if (to) body.to = to;
  input.disabled = true;
  try {
    await api(`/api/games/${encodeURIComponent(ui.id)}/chat`, { method: "POST", body });
    input.value = "";
    if (!ui.ws || ui.ws.readyState !== WebSocket.OPEN) refresh();
  } catch (e) {
    toast(`Not sent: ${e.message}`, "error");
  } finally {
    input.disabled = false;
    input.focus();
  }
}

function setTab(tab) {
  ui.tab = tab;
  $("tab-log").classList.toggle("active", tab === "log");
  $("tab-chat").classList.toggle("active", tab === "chat");
  $("tab-log").setAttribute("aria-selected", String(tab === "log"));
  $("tab-chat").setAttribute("aria-selected", String(tab === "chat"));
  $("log").classList.toggle("hidden", tab !== "log");
  $("chat").classList.toggle("hidden", tab !== "chat");
  if (tab === "chat" && ui.shape) {
    drawChat(ui.shape);
    const list = $("chat-lines");
    list.scrollTop = list.scrollHeight;
  }
  if (tab === "log") {
    const list = $("log");
    list.scrollTop = list.scrollHeight;
  }
}

// ----- start -------------------------------------------------------------------------------

function wire() {
  $("undo").addEventListener("click", undo);
  $("chat-form").addEventListener("submit", sendChat);
  $("tab-log").addEventListener("click", () => setTab("log"));
  $("tab-chat").addEventListener("click", () => setTab("chat"));
  $("full-log").addEventListener("click", toggleFullLog);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden && ui.ws && ui.ws.readyState !== WebSocket.OPEN && !ui.closed && !ui.mock) {
      ui.wsTries = 0;
      connect();
    }
  });
}

/** Start the page; {mock: SHAPE} draws a captured SHAPE without a server (static/dev). */
export async function start(options = {}) {
  wire();
  const q = params();
  ui.token = q.get("token");
  ui.pinned = q.get("role") || null;
  if (options.mock) {
    ui.mock = options.mock;
    ui.id = options.mock.id || "mock";
    setConn("closed");
    await show(options.mock);
    return;
  }
  ui.id = gameIdFromPath();
  if (!ui.id) {
    fatal("No game id in the address.");
    return;
  }
  if (!ui.token) {
    fatal("This address has no token: open the seat link you were given.");
    return;
  }
  ui.seenChat = Number(sessionGet(`seen.${ui.id}`)) || 0;
  try {
    await show(await fetchShape());
  } catch (e) {
    if (ui.pinned && e.status === 403) {
      // a ?role= this token does not hold: fall back to the token's own roles
      ui.pinned = null;
      const q = params();
      q.delete("role");
      history.replaceState(null, "", `${window.location.pathname}?${q.toString()}`);
      try {
        await show(await fetchShape());
      } catch (e2) {
        fatal(e2.message);
        return;
      }
    } else {
      fatal(e.message);
      return;
    }
  }
  connect();
}

function sessionGet(key) {
  try {
    return localStorage.getItem(`kriegsspiel.${key}`);
  } catch (e) {
    return null;
  }
}

function sessionSet(key, value) {
  try {
    localStorage.setItem(`kriegsspiel.${key}`, String(value));
  } catch (e) {
    /* private mode */
  }
}

if (!document.body.dataset.dev) start();
