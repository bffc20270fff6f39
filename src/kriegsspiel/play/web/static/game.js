// The game page /play/{id}[?role=R]: board, orders, log, chat, kept live by a websocket.
// The seat is opened by the cookie the server set when this browser made the game or took
// its invitation; the public spectator link adds ?token=S.
import {
  absolute,
  api,
  clear,
  drawResult,
  el,
  gameData,
  gameIdFromPath,
  knownGames,
  linkRow,
  loadRenderer,
  paleColour,
  params,
  quietOrders,
  rememberGame,
  roleBadge,
  roleColour,
  roleName,
  ruleCite,
  seatText,
  spectatorUrl,
  timeText,
  toast,
} from "./common.js";

const ui = {
  id: null,
  token: null, // the spectator link's token (a seat's key is a cookie this page never sees)
  pinned: null, // the role picked with ?role= (null: the server picks the one that must act)
  shape: null,
  data: {},
  renderer: null,
  drawn: null, // what the board was last drawn from
  next: null, // the newest SHAPE taken to be shown, not drawn yet (see show)
  drawing: null, // the drawing of it, to come
  actionsList: null, // the list of orders last drawn (its role, prompt, actions and labels)
  ws: null,
  wsTries: 0,
  wsTimer: null,
  closed: false,
  busy: null, // the SHAPE an order was sent from, until its answer comes
  mock: null,
  tab: "log",
  fullLog: null,
  creator: false, // this browser made the game: it may list the invitations
  invitations: null,
};

// The chat: loaded a page at a time (newest first), then kept up to date by the websocket.
const chat = {
  list: [], // oldest first
  ids: new Set(),
  more: false, // the server holds older messages than the first of the list
  seen: null, // the id of the newest message read here
  loading: false,
};

const $ = (id) => document.getElementById(id);
const utf8 = new TextDecoder();

function capital(text) {
  const s = String(text ?? "");
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

function name(role) {
  return roleName(role, ui.data);
}

function gameUrl(path = "") {
  return `/api/games/${encodeURIComponent(ui.id)}${path}`;
}

/** The query of a request: the spectator token if any, and the extra keys. */
function tokenQuery(extra = {}) {
  const q = new URLSearchParams();
  if (ui.token) q.set("token", ui.token);
  for (const [k, v] of Object.entries(extra)) q.set(k, String(v));
  const text = q.toString();
  return text ? `?${text}` : "";
}

/** The same, with the role this page is pinned to. */
function query(extra = {}) {
  return tokenQuery(ui.pinned ? { role: ui.pinned, ...extra } : extra);
}

function withToken(body) {
  return ui.token ? { ...body, token: ui.token } : body;
}

// ----- talking to the server --------------------------------------------------------------

// Which SHAPE the page shows. The answers to its requests and the websocket's pushes come by
// different ways and may cross: the answer to an order can arrive after the push of a later
// state (the bots moved on, another of the seat's roles must act now). So every request takes
// a number from one counter when it is sent, and every push when it arrives; a SHAPE is shown
// (taken to be drawn: see show) only if nothing numbered after it has been. Pushes come in the
// order the server sent them, each of the state at its sending, so the last push always tells
// the state of now. An undo's answer, or a push after someone's undo, is shown by the same rule
// though its step is lower. One exception: the answer to an order, against a push of the same
// role with a lower step that arrived while the order was on its way (a step only grows, and
// no one else may undo an order just given), is the newer of the two.
const order = { counter: 0, shown: 0 };

function ticket() {
  order.counter += 1;
  return order.counter;
}

/** Show `shape`, numbered `seq`, unless the page already shows a newer state. */
function offer(shape, seq, { answersOrder = false } = {}) {
  const now = ui.next || ui.shape;
  const later = seq > order.shown || (answersOrder && now && shape.role === now.role && shape.step > now.step);
  if (!later) return null;
  order.shown = Math.max(order.shown, seq);
  return show(shape);
}

async function fetchShape() {
  if (ui.mock) return ui.mock;
  return api(gameUrl(query()));
}

async function refresh() {
  const seq = ticket();
  try {
    offer(await fetchShape(), seq);
  } catch (e) {
    if (e.status === 401 || e.status === 403) noSeat(true);
    else if (e.status === 404) fatal("No such game", e.message);
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
  const ws = new WebSocket(`${proto}//${window.location.host}/ws/games/${encodeURIComponent(ui.id)}${query()}`);
  ws.binaryType = "arraybuffer"; // the server may send its JSON as text or as UTF-8 bytes
  ui.ws = ws;
  setConn("connecting");
  ws.onopen = () => {
    const again = ui.wsTries > 0;
    ui.wsTries = 0;
    setConn("live");
    if (again) {
      // what was said and done while the line was down
      refresh();
      loadChat();
    }
  };
  ws.onmessage = (event) => {
    if (ui.ws !== ws) return;
    const seq = ticket();
    let message;
    try {
      message = JSON.parse(typeof event.data === "string" ? event.data : utf8.decode(event.data));
    } catch (e) {
      return;
    }
    if (!message || typeof message !== "object") return;
    if (message.chat && !message.view) {
      receiveChat([message.chat]);
      return;
    }
    if (!message.view) return;
    if (ui.pinned && message.role !== ui.pinned) {
      refresh();
      return;
    }
    offer(message, seq);
  };
  ws.onclose = (event) => {
    if (ui.ws !== ws) return;
    if (event.code === 4401 || event.code === 4403) {
      setConn("closed");
      if (!handoverRequest) noSeat(true); // else this page's own handover: its answer tells the rest
      return;
    }
    if (event.code === 4404) {
      setConn("closed");
      fatal("No such game", event.reason || "The server does not know this game.");
      return;
    }
    if (event.code >= 4400 && event.code < 4500 && event.code !== 4429) {
      setConn("closed");
      fatal("The server closed this page's line", event.reason || `code ${event.code}`);
      return;
    }
    // a dropped line, or too many open at once (4429): try again, less and less often
    setConn("retrying");
    const wait = Math.min(15000, 800 * 2 ** ui.wsTries) + Math.random() * 400;
    ui.wsTries += 1;
    ui.wsTimer = setTimeout(connect, wait);
  };
  ws.onerror = () => {
    /* onclose follows */
  };
}

function stopLive() {
  ui.closed = true;
  clearTimeout(ui.wsTimer);
  if (ui.ws) {
    ui.ws.onclose = null;
    ui.ws.close();
    ui.ws = null;
  }
  setConn("closed");
}

function setConn(state) {
  const dot = $("conn");
  dot.className = `conn ${state}`;
  dot.title = { live: "live", connecting: "connecting…", retrying: "connection lost; retrying…", closed: "closed" }[state] || state;
}

// Every order carries the step it was chosen at: if the game has moved on meanwhile, the
// server refuses it (409) and the page shows the orders of now instead of sending it again.
const MOVED_ON = "The game moved on before your order arrived: here are the orders now.";

// While an order is on its way, a second click on the orders it was chosen from is not sent
// (a double click; it would be refused). The push of a later state may come before the
// order's answer: the orders that state shows are new ones, and a click on one of them goes.
function sending(from) {
  return Boolean(ui.busy && ui.busy.role === from.role && ui.busy.step === from.step);
}

async function submit(action) {
  const from = ui.shape;
  if (!from || sending(from) || ui.closed) return;
  if (ui.mock) {
    toast(`(mock) would send ${JSON.stringify(action)}`);
    return;
  }
  ui.busy = from;
  document.body.classList.add("busy");
  hideError();
  const seq = ticket();
  try {
    const shape = await api(gameUrl("/actions"), {
      method: "POST",
      body: withToken({ action, step: from.step, role: from.role }),
    });
    offer(shape, seq, { answersOrder: true });
  } catch (e) {
    refused(e);
  } finally {
    if (ui.busy === from) {
      ui.busy = null;
      document.body.classList.remove("busy");
    }
  }
}

async function undo() {
  const from = ui.shape;
  if (!from || sending(from) || ui.mock || ui.closed) return;
  ui.busy = from;
  hideError();
  const seq = ticket();
  try {
    offer(await api(gameUrl("/undo"), { method: "POST", body: withToken({ step: from.step, role: from.role }) }), seq);
  } catch (e) {
    refused(e);
  } finally {
    if (ui.busy === from) ui.busy = null;
  }
}

function refused(e) {
  if (e.status === 409) {
    showError(MOVED_ON, "note");
    refresh();
    return;
  }
  showError(e.message);
  if (e.status >= 400 && e.status < 500) refresh();
}

function showError(text, kind = "error") {
  const box = $("action-error");
  box.textContent = text;
  box.classList.toggle("note", kind === "note");
  box.classList.remove("hidden");
  clearTimeout(showError.timer);
  showError.timer = setTimeout(hideError, 12000);
}

function hideError() {
  $("action-error").classList.add("hidden");
}

/** The page's board area replaced by a message; the orders and the chat put away. */
function notice(kind, ...children) {
  stopLive();
  document.body.classList.add("seatless");
  $("seat-menu").open = false;
  clear($("role-switch"));
  if (!ui.shape) $("game-title").textContent = "";
  clear($("board")).append(el("div", { class: ["fatal", kind] }, ...children));
}

function fatal(title, message) {
  notice(
    "broken",
    el("h2", {}, title),
    el("p", {}, message),
    el("p", { class: "notice-links" }, el("a", { class: "btn primary", href: "/" }, "Back to the lobby")),
  );
}

/** Links to watch the game and to go back to the lobby; the first once the spectator link is known. */
function ways() {
  const box = el("p", { class: "notice-links" }, el("a", { class: "btn", href: "/" }, "Back to the lobby"));
  spectatorUrl(ui.id).then((url) => {
    if (url) box.prepend(el("a", { class: "btn primary watch", href: absolute(url) }, "Watch as a spectator"));
  });
  return box;
}

/** This browser holds no seat of the game any more: the lobby stops offering it. */
function forgetSeat() {
  if (knownGames()[ui.id]) rememberGame({ id: ui.id, roles: null });
}

/** The browser holds no key to a seat of this game (never had one, or it was handed over). */
function noSeat(lost) {
  if (ui.mock) return;
  if (!ui.token) forgetSeat();
  const why = ui.token
    ? "This link opens no seat of this game."
    : lost
      ? "This browser's key to the seat no longer opens it: the seat was handed over. Open the invitation you were sent, or watch as a spectator."
      : "Open the invitation you were sent, or watch as a spectator.";
  notice("no-seat", el("h2", {}, "You hold no seat in this game"), el("p", {}, why), ways());
}

// ----- drawing ---------------------------------------------------------------------------

// Drawing a SHAPE (a map above all) may take longer than the bots take to move: the pushes of
// their moves then queue up in the browser, and a page drawing each of them in turn falls
// further and further behind (seconds, on a busy machine), showing the others still moving
// long after its own turn has come. So a SHAPE taken to be shown is only noted, at once, and
// drawn in a task of its own, run once the page has nothing more urgent to do: the frames
// already come are read first (a read costs little), and only the newest state held then is
// drawn; those it overtook are passed over. Until then the page shows, and orders from, the
// state last drawn.
const nextTask = (() => {
  if (globalThis.scheduler && typeof globalThis.scheduler.postTask === "function") {
    // after the page's other tasks, the websocket's frames and the answers among them
    return (fn) => globalThis.scheduler.postTask(fn, { priority: "background" });
  }
  // elsewhere: after the tasks already queued (a message is not held back as a timer may be)
  const channel = new MessageChannel();
  const queue = [];
  channel.port1.onmessage = () => queue.shift()();
  return (fn) => {
    queue.push(fn);
    channel.port2.postMessage(null);
  };
})();

/** Draw `shape`, or a newer one taken before its turn comes; resolves once it is drawn. */
function show(shape) {
  if (ui.closed && !ui.mock) return null;
  if (!ui.ready || ui.readyGame !== shape.game) {
    ui.readyGame = shape.game;
    ui.ready = (async () => {
      ui.data = await gameData(shape.game);
      ui.renderer = await loadRenderer(shape.game);
    })();
  }
  ui.next = shape;
  if (!ui.drawing) ui.drawing = new Promise((resolve) => nextTask(() => resolve(drawNext())));
  return ui.drawing;
}

async function drawNext() {
  try {
    await ui.ready;
  } finally {
    ui.drawing = null;
  }
  const shape = ui.next;
  ui.next = null;
  if (!shape || (ui.closed && !ui.mock)) return; // the seat is gone
  ui.shape = shape;
  invitationsMayHaveChanged();
  if (followActive(shape)) return;
  // a part that cannot be drawn (a renderer's fault) leaves the others drawn, the orders above all
  for (const part of [drawHeader, drawBoard, drawPrompt, drawActions, drawLog, drawChat]) {
    try {
      part(shape);
    } catch (e) {
      console.error(e);
    }
  }
}

/** Auto mode: when another of this seat's roles must act now, ask the server for that one. */
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
  // many roles (a referee's nine) make a strip that scrolls sideways rather than a second row
  sw.classList.toggle("many", roles.length > 4);
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
            class: ["role-tab", r === shape.role && "current", ui.pinned === r && "on", acting && "acting", paleColour(roleColour(r)) && "pale"],
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
  showCurrentTab(sw);
  $("replay-link").href = replayPath();
  $("guide-link").href = `/guide/${encodeURIComponent(shape.game)}`;
  $("seat-menu").classList.toggle("hidden", !shape.role || Boolean(ui.mock));
}

/** The strip of role tabs scrolled (sideways, the page left where it is) to show the current one. */
function showCurrentTab(strip) {
  const tab = strip.querySelector(".role-tab.current");
  if (tab && strip.scrollWidth > strip.clientWidth) {
    const left = tab.offsetLeft - strip.offsetLeft;
    if (left < strip.scrollLeft || left + tab.offsetWidth > strip.scrollLeft + strip.clientWidth) {
      strip.scrollLeft = Math.max(0, left - (strip.clientWidth - tab.offsetWidth) / 2);
    }
  }
  stripEnds(strip);
}

/** Fade the ends of the strip of role tabs where more of them lie beyond. */
function stripEnds(strip) {
  const more = strip.scrollWidth - strip.clientWidth;
  strip.classList.toggle("more-left", more > 1 && strip.scrollLeft > 1);
  strip.classList.toggle("more-right", more > 1 && strip.scrollLeft < more - 1);
}

// ----- the seat: invitations (for the game's creator) and handing it over ----------------

function rolesText(roles) {
  return (roles || []).map((r) => name(r)).join(" + ");
}

function rolesBadges(roles) {
  return el("span", { class: "who-roles" }, (roles || []).map((r) => roleBadge(r, ui.data)));
}

async function loadInvitations() {
  if (!ui.creator || ui.mock) return;
  ui.invitesLoading = true;
  try {
    const got = await api(gameUrl("/invitations"));
    ui.invitations = (got && got.invitations) || [];
  } catch (e) {
    // not the creator's seat (403), or the seat is gone: no invitations to show
    ui.invitations = null;
    if (e.status === 403) {
      ui.creator = false;
      rememberGame({ id: ui.id, creator: false });
    }
  } finally {
    ui.invitesLoading = false;
  }
  drawSeatMenu();
}

// Nothing tells the page when an invitation is taken: while some are open it asks again now
// and then, and whenever the game moves on (the newcomer's first move, say).
function watchInvitations(open) {
  clearTimeout(ui.invitePoll);
  ui.invitePoll = open ? setTimeout(() => (document.hidden ? watchInvitations(open) : loadInvitations()), 20000) : null;
}

function invitationsMayHaveChanged() {
  const open = (ui.invitations || []).some((inv) => !inv.claimed);
  if (open && ui.creator && !ui.invitesLoading) loadInvitations();
}

function drawSeatMenu() {
  const open = (ui.invitations || []).filter((inv) => !inv.claimed);
  watchInvitations(open.length);
  const badge = $("open-invitations");
  badge.textContent = String(open.length);
  badge.classList.toggle("hidden", open.length === 0);
  badge.title = `${open.length} invitation${open.length === 1 ? "" : "s"} not yet taken`;

  const body = clear($("seat-body"));
  if (ui.creator && ui.invitations) {
    body.append(el("h3", {}, "Invitations"));
    if (!ui.invitations.length) body.append(el("p", { class: "muted small" }, "Every other seat is a bot's: there is nobody to invite."));
    else body.append(el("p", { class: "hint" }, "Send each to one person: the first to open it takes the seat."));
    for (const inv of ui.invitations) {
      // a seat handed over is open again, but its new invitation is its last holder's to send
      const note = inv.claimed ? "taken" : inv.url ? null : "handed over: its holder sends the new invitation";
      body.append(
        note
          ? el("div", { class: "link-row taken" }, el("div", { class: "link-who" }, rolesBadges(inv.roles)), el("span", { class: "muted small" }, note))
          : linkRow(rolesText(inv.roles), inv.url, { who: rolesBadges(inv.roles) }),
      );
    }
  }
  const watch = el("div", { class: "spectator-row" });
  body.append(watch);
  spectatorUrl(ui.id).then((url) => {
    if (url) watch.append(el("h3", {}, "Spectators"), linkRow("spectators", url, { who: el("span", { class: "muted" }, "anyone may watch") }));
  });
  if (ui.shape && ui.shape.role) body.append(handoverBox());
}

function handoverBox() {
  const confirm = el(
    "div",
    { class: "confirm hidden", id: "handover-confirm-box" },
    el("p", { class: "warn" }, "Your link will stop working at once: the seat goes to whoever takes the new invitation."),
    el(
      "div",
      { class: "confirm-buttons" },
      el("button", { type: "button", class: "btn small danger", id: "handover-confirm", onclick: handOver }, "Hand it over"),
      el("button", { type: "button", class: "btn small ghost", onclick: () => confirm.classList.add("hidden") }, "Keep it"),
    ),
  );
  return el(
    "div",
    { class: "handover" },
    el("h3", {}, "Hand over this seat"),
    el("p", { class: "hint" }, `Give ${rolesText(ui.shape.roles)} to someone else, or take it back yourself with a new key if you fear yours was seen.`),
    el(
      "button",
      { type: "button", class: "btn small", id: "handover", onclick: () => confirm.classList.remove("hidden") },
      "Hand over this seat…",
    ),
    confirm,
  );
}

// The name of the handover under way: asked again after a failure (a lost answer), it
// gives the same invitation rather than a refusal for the token it has already retired.
let handoverRequest = null;

function freshName() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

const HANDOVER_TRIES = 4;

async function handOver() {
  const button = $("handover-confirm");
  button.disabled = true;
  handoverRequest = handoverRequest || freshName();
  try {
    let got = null;
    for (let tries = 1; got === null; tries += 1) {
      try {
        got = await api(gameUrl("/handover"), { method: "POST", body: withToken({ request: handoverRequest }) });
      } catch (e) {
        // no answer: the server may have handed the seat over all the same; asked again
        // under the same name, it gives the same invitation
        if (e.status !== 0 || tries >= HANDOVER_TRIES) throw e;
        await new Promise((ok) => setTimeout(ok, 500 * tries));
      }
    }
    handoverRequest = null;
    handedOver(got.invitation);
  } catch (e) {
    button.disabled = false;
    toast(`The seat was not handed over: ${e.message}`, "error");
  }
}

function handedOver(invitation) {
  const roles = (invitation && invitation.roles) || (ui.shape && ui.shape.roles) || [];
  if (!ui.token) forgetSeat(); // a page opened by a link handed over that link's seat, not this browser's
  notice(
    "handed-over",
    el("h2", {}, "You handed this seat over"),
    el(
      "p",
      {},
      "Your link no longer opens it. Send this invitation to whoever is to hold ",
      rolesText(roles),
      " now: the first to open it takes the seat. (To keep the seat with a new key, open it yourself.)",
    ),
    linkRow(rolesText(roles), invitation.url, { who: rolesBadges(roles) }),
    ways(),
  );
}

// ----- the board, the prompt, the orders, the log -------------------------------------------

function pin(role) {
  ui.pinned = role;
  const q = params();
  if (role) q.set("role", role);
  else q.delete("role");
  const text = q.toString();
  history.replaceState(null, "", `${window.location.pathname}${text ? `?${text}` : ""}`);
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
  boardMore();
}

/** The board's box scrolls within itself (its panels under the map: the hand, the turn track):
 * while more of it lies below its bottom edge, a button over that edge says so and scrolls it. */
function boardMore() {
  const board = $("board");
  const below = board.scrollHeight - board.scrollTop - board.clientHeight;
  $("board-more").classList.toggle("hidden", below <= 24);
}

function genericSummary(view) {
  const b = view.board || {};
  const bits = [];
  if (b.year !== undefined) bits.push(`Year ${b.year}`);
  if (b.turn !== undefined) bits.push(`turn ${b.turn}`);
  if (b.round !== undefined) bits.push(`round ${b.round}`);
  return bits.join(" · ");
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

  const res = shape.result || view.result;
  const next = el("p", { class: "result-next" }, el("a", { href: "/" }, "New game"), " · ", el("a", { href: replayPath() }, "Watch the replay"));
  drawResult(result, shape.over ? res : null, shape.roles || [], ui.data, next);
}

/** The replay of this game, as this page's seat may watch it. */
function replayPath() {
  return `/replay/${encodeURIComponent(ui.id)}${query()}`;
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

function actionButton(action, label, text, quiet = false) {
  return el(
    "button",
    {
      type: "button",
      class: ["btn", "action", quiet ? "quiet" : null],
      title: capital(label),
      onclick: () => submit(action),
      onmouseenter: () => ui.renderer && ui.renderer.highlight && ui.renderer.highlight($("board"), action, ui.data),
      onmouseleave: () => ui.renderer && ui.renderer.highlight && ui.renderer.highlight($("board"), null, ui.data),
    },
    capital(text),
  );
}

// A new list of orders (a new prompt, new choices) opens at its top; the same list drawn
// again (the push that follows an answer) keeps where the player had scrolled.
// The same list pushed again leaves its buttons in place: replaced, a click that came just
// then would land on a button no longer on the page and be lost.
function drawActions(shape) {
  const box = $("actions");
  const list = JSON.stringify([shape.role, (shape.view && shape.view.prompt) || "", shape.actions || [], shape.labels || []]);
  if (ui.actionsList === list && box.childElementCount) {
    box.dataset.step = String(shape.step ?? "");
    $("undo").classList.toggle("hidden", !(shape.view && shape.view.can_undo) || !shape.role);
    return;
  }
  const scroll = ui.actionsList === list ? box.scrollTop : 0;
  ui.actionsList = list;
  try {
    fillActions(clear(box), shape);
  } finally {
    box.scrollTop = scroll;
  }
}

// A long list of orders (Imperialism 1880's 83 areas) gets a box to find one by its words.
const FILTER_AT = 24;

function addFilter(box) {
  const input = el("input", {
    type: "search",
    class: "action-filter",
    placeholder: "Find an order by its words…",
    "aria-label": "find an order by its words",
    oninput: () => {
      const words = input.value.trim().toLowerCase();
      for (const b of box.querySelectorAll("button.btn.action")) {
        b.classList.toggle("hidden", Boolean(words) && !(b.title || b.textContent).toLowerCase().includes(words));
      }
      for (const g of box.querySelectorAll(".action-group")) {
        g.classList.toggle("hidden", Boolean(words) && !g.querySelector("button.btn.action:not(.hidden)"));
      }
    },
  });
  box.prepend(input);
}

function fillActions(box, shape) {
  const actions = shape.actions || [];
  const labels = shape.labels || [];
  const label = (i) => (labels[i] !== undefined ? String(labels[i]) : JSON.stringify(actions[i]));
  $("undo").classList.toggle("hidden", !(shape.view && shape.view.can_undo) || !shape.role);
  box.dataset.step = String(shape.step ?? "");
  $("actions-card").classList.toggle("idle", !actions.length);
  if (!actions.length) {
    box.append(el("p", { class: "muted" }, shape.over ? "No more orders: the game is over." : shape.role ? "Nothing to order now." : "You are watching."));
    return;
  }
  // a board may name orders a newcomer must find at once (the one that ends the turn): first
  const wanted = ((ui.renderer && ui.renderer.firstOrders && ui.renderer.firstOrders(shape)) || []).map((a) =>
    JSON.stringify(a),
  );
  const first = actions.map((a, i) => i).filter((i) => wanted.includes(JSON.stringify(actions[i])));
  const quiet = quietOrders(actions);
  if (first.length && actions.length > 5) {
    const buttons = first.map((i) => actionButton(actions[i], label(i), label(i), quiet(actions[i])));
    box.append(el("div", { class: "action-group first-orders" }, el("div", { class: "action-list" }, buttons)));
  }
  if (actions.length <= 5) {
    // the order that moves the game on comes before "undo", which only takes a step back
    const shown = actions.map((a, i) => i).sort((i, j) => (actions[i] === "undo") - (actions[j] === "undo"));
    box.append(el("div", { class: "action-list" }, shown.map((i) => actionButton(actions[i], label(i), label(i), quiet(actions[i])))));
    return;
  }
  const order = [];
  const groups = new Map();
  actions.forEach((a, i) => {
    if (first.includes(i)) return;
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
        idx.map((i, j) =>
          actionButton(actions[i], texts[j], prefix ? texts[j].slice(prefix.length + 1) : texts[j], quiet(actions[i])),
        ),
      ),
    );
    box.append(section);
  }
  if (actions.length > FILTER_AT) addFilter(box);
}

function logLine(line) {
  return el(
    "li",
    { class: "log-line" },
    ruleCite(line, ui.shape && ui.shape.game),
    el("span", { class: "text" }, String(line.text ?? "")),
  );
}

// The log follows its newest line (when lines come, and when its box shrinks as the prompt
// or the orders grow) unless the player has scrolled up to read: a scroll the page did not
// make itself decides, and scrolling back to the end follows again.
// A scroll that comes with a change of the box's height is the browser's (its box grew or
// shrank as the panels above it changed), not the player's: it leaves "follow" as it was.
const logView = { follow: true, mine: null, height: null };

function logToEnd() {
  const list = $("log");
  list.scrollTop = list.scrollHeight;
  logView.mine = list.scrollTop;
  logView.height = list.clientHeight;
}

function logScrolled() {
  const list = $("log");
  if (logView.height !== null && list.clientHeight !== logView.height) {
    logView.height = list.clientHeight; // resized: the ResizeObserver puts it back to its end
    if (logView.follow) logToEnd();
    return;
  }
  if (logView.mine !== null && Math.abs(list.scrollTop - logView.mine) < 2) return; // the page's own scroll
  logView.mine = null;
  logView.follow = list.scrollHeight - list.scrollTop - list.clientHeight < 8;
}

function drawLog(shape) {
  const list = $("log");
  const tail = (shape.view && shape.view.log) || [];
  if (ui.fullLog && !ui.mock) {
    // the whole log is shown: read it again once for each new state of the game the page is given
    const seen = JSON.stringify(tail);
    if (seen !== ui.fullLogTail) {
      ui.fullLogTail = seen;
      refreshFullLog();
    }
  }
  const lines = ui.fullLog || tail;
  const key = JSON.stringify(lines);
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  clear(list).append(...lines.map(logLine));
  if (logView.follow) logToEnd();
}

async function refreshFullLog() {
  try {
    const got = await api(gameUrl(`/log${query()}`));
    if (ui.fullLog) {
      ui.fullLog = got.log || [];
      drawLog(ui.shape);
    }
  } catch (e) {
    toast(e.message, "error");
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
      const got = await api(gameUrl(`/log${query()}`));
      ui.fullLog = got.log || [];
      ui.fullLogTail = JSON.stringify((ui.shape.view && ui.shape.view.log) || []);
      button.textContent = "latest lines";
    } catch (e) {
      toast(e.message, "error");
      return;
    }
  }
  setTab("log");
  $("log").dataset.key = "";
  logView.follow = true;
  drawLog(ui.shape);
}

// ----- the chat ----------------------------------------------------------------------------

function messageId(m) {
  return String(m.id);
}

/** Add messages the page has not shown yet (a push and an answer may bring the same one). */
function addMessages(messages, { older = false } = {}) {
  const fresh = (messages || []).filter((m) => m && m.id !== undefined && m.id !== null && !chat.ids.has(messageId(m)));
  for (const m of fresh) chat.ids.add(messageId(m));
  chat.list = older ? [...fresh, ...chat.list] : [...chat.list, ...fresh];
  return fresh.length;
}

/** The newest page of the chat; merged with what the page holds (after a reconnection, too). */
async function loadChat() {
  if (ui.mock || ui.closed) return;
  let got;
  try {
    got = await api(gameUrl(`/chat${tokenQuery()}`));
  } catch (e) {
    if (e.status !== 401 && e.status !== 403) toast(`The chat could not be read: ${e.message}`, "error");
    return;
  }
  const page = (got && got.chat) || [];
  const overlaps = !chat.list.length || page.some((m) => chat.ids.has(messageId(m)));
  if (!overlaps) {
    // more was said while the line was down than one page holds: start again from the newest
    chat.list = [];
    chat.ids = new Set();
  }
  if (!chat.list.length) chat.more = Boolean(got && got.more);
  addMessages(page);
  drawChat();
}

async function loadOlder() {
  if (chat.loading || !chat.list.length) return;
  chat.loading = true;
  const list = $("chat-lines");
  const fromBottom = list.scrollHeight - list.scrollTop;
  try {
    const got = await api(gameUrl(`/chat${tokenQuery({ before: chat.list[0].id })}`));
    addMessages((got && got.chat) || [], { older: true });
    chat.more = Boolean(got && got.more);
  } catch (e) {
    toast(`Older messages could not be read: ${e.message}`, "error");
  } finally {
    chat.loading = false;
  }
  drawChat();
  list.scrollTop = list.scrollHeight - fromBottom; // keep the lines read in their place
}

function receiveChat(messages) {
  if (addMessages(messages)) drawChat();
}

function chatLine(m, mine) {
  const from = m.from;
  return el(
    "li",
    { class: ["chat-line", mine.has(from) && "own", m.to && "private"], dataset: { id: messageId(m) } },
    el(
      "div",
      { class: "chat-meta" },
      from ? roleBadge(from, ui.data) : el("span", { class: "muted" }, "umpire"),
      m.to ? el("span", { class: "to" }, "→ ", roleBadge(m.to, ui.data), el("span", { class: "secret" }, " private")) : null,
      el("span", { class: "at" }, timeText(m.at)),
    ),
    el("div", { class: "chat-text" }, String(m.text ?? "")),
  );
}

function drawChat() {
  const shape = ui.shape;
  if (!shape) return;
  const mine = new Set(shape.roles || []);
  const list = $("chat-lines");
  const key = JSON.stringify([chat.more, chat.loading, chat.list.length && messageId(chat.list[0]), chat.list.length && messageId(chat.list[chat.list.length - 1]), chat.list.length]);
  if (list.dataset.key !== key) {
    list.dataset.key = key;
    const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    clear(list);
    if (chat.more) {
      list.append(
        el(
          "li",
          { class: "chat-older" },
          el("button", { type: "button", class: "btn tiny ghost", id: "chat-older", onclick: loadOlder, disabled: chat.loading }, "older messages"),
        ),
      );
    }
    if (!chat.list.length) list.append(el("li", { class: "muted small empty" }, "No dispatches yet."));
    for (const m of chat.list) list.append(chatLine(m, mine));
    if (nearBottom || ui.tab !== "chat") list.scrollTop = list.scrollHeight;
  }

  drawUnread();

  // recipients: everyone, or one other role of this game
  const select = $("chat-to");
  const roles = Object.keys(shape.seats || {}).length ? Object.keys(shape.seats) : (shape.view && shape.view.roles) || [];
  const options = [["", "Public"], ...roles.filter((r) => !(shape.roles || []).includes(r)).map((r) => [r, `To ${name(r)}`])];
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

// Unread: the others' messages after the last one read here. A message is read once the chat
// is in sight: its tab open, its lines on the screen (on a phone they may lie far below the
// board) and the page not hidden behind another. A private message to one of this seat's
// roles marks the badge as such until it is read.
function newerThan(m, seen) {
  if (seen === null || seen === undefined) return true;
  const a = Number(m.id);
  const b = Number(seen);
  if (Number.isFinite(a) && Number.isFinite(b)) return a > b;
  const at = chat.list.findIndex((x) => messageId(x) === String(seen));
  return at < 0 || chat.list.indexOf(m) > at;
}

/** Whether the chat's newest line shows: its tab open, the page shown, the line on the screen
 * and in the list's view. */
function chatInSight() {
  if (ui.tab !== "chat" || document.hidden) return false;
  const list = $("chat-lines");
  const line = list.querySelector(".chat-line:last-of-type");
  if (!line) return false;
  const r = line.getBoundingClientRect();
  const box = list.getBoundingClientRect();
  const top = Math.max(r.top, box.top, 0);
  const bottom = Math.min(r.bottom, box.bottom, window.innerHeight);
  return bottom - top >= Math.min(16, r.height);
}

function markRead() {
  const newest = chat.list.length ? messageId(chat.list[chat.list.length - 1]) : null;
  if (newest === null || chat.seen === newest || !chatInSight()) return false;
  chat.seen = newest;
  if (!ui.mock) localSet(`seen.${ui.id}`, newest);
  return true;
}

function drawUnread() {
  const shape = ui.shape;
  if (!shape) return;
  markRead();
  const mine = new Set(shape.roles || []);
  const unread = chat.list.filter((m) => !mine.has(m.from) && newerThan(m, chat.seen));
  const secret = unread.filter((m) => m.to && mine.has(m.to)).length;
  const title = unread.length
    ? `${unread.length} unread dispatch${unread.length === 1 ? "" : "es"}${secret ? `, ${secret} private to you` : ""}`
    : "";
  for (const badge of [$("unread"), $("unread-top")]) {
    badge.textContent = String(unread.length);
    badge.classList.toggle("hidden", unread.length === 0);
    badge.classList.toggle("private", secret > 0);
    badge.title = title;
  }
  const jump = $("chat-jump");
  jump.classList.toggle("hidden", unread.length === 0);
  jump.classList.toggle("private", secret > 0);
  jump.title = title ? `${title}: open the chat` : "";
}

/** Open the chat and bring it into sight (the header's unread button). */
function openChat() {
  setTab("chat");
  $("chat").scrollIntoView({ block: "nearest" });
  drawUnread();
}

async function sendChat(event) {
  event.preventDefault();
  const input = $("chat-text");
  const text = input.value.trim();
  if (!text || !ui.shape || ui.closed) return;
  if (ui.mock) {
    toast("(mock) chat not sent");
    return;
  }
  const to = $("chat-to").value || null;
  const body = { text, role: ui.shape.role };
  if (to) body.to = to;
  input.disabled = true;
  try {
    const got = await api(gameUrl("/chat"), { method: "POST", body: withToken(body) });
    input.value = "";
    if (got && got.message) receiveChat([got.message]);
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
    drawChat();
    const list = $("chat-lines");
    list.scrollTop = list.scrollHeight;
    drawUnread();
  }
  if (tab === "log") {
    logView.follow = true;
    logToEnd();
  }
}

// ----- start -------------------------------------------------------------------------------

function wire() {
  $("undo").addEventListener("click", undo);
  $("chat-form").addEventListener("submit", sendChat);
  $("tab-log").addEventListener("click", () => setTab("log"));
  $("tab-chat").addEventListener("click", () => setTab("chat"));
  $("full-log").addEventListener("click", toggleFullLog);
  $("chat-jump").addEventListener("click", openChat);
  $("role-switch").addEventListener("scroll", () => stripEnds($("role-switch")), { passive: true });
  window.addEventListener("resize", () => stripEnds($("role-switch")), { passive: true });
  // the chat read once it comes into sight (scrolled to on a phone, or the page shown again)
  let sightTimer = null;
  const sight = () => {
    clearTimeout(sightTimer);
    sightTimer = setTimeout(drawUnread, 150);
  };
  window.addEventListener("scroll", sight, { passive: true });
  window.addEventListener("resize", sight, { passive: true });
  document.addEventListener("visibilitychange", sight);
  $("log").addEventListener("scroll", logScrolled, { passive: true });
  $("board").addEventListener("scroll", boardMore, { passive: true });
  window.addEventListener("resize", boardMore, { passive: true });
  $("board-more").addEventListener("click", () => {
    const board = $("board");
    board.scrollBy({ top: Math.max(120, board.clientHeight * 0.7), behavior: "smooth" });
  });
  if (typeof ResizeObserver !== "undefined") {
    new ResizeObserver(() => {
      if (logView.follow) logToEnd();
    }).observe($("log"));
    new ResizeObserver(boardMore).observe($("board")); // the box itself, as the page's layout settles
  }
  $("seat-menu").addEventListener("toggle", () => {
    if (!$("seat-menu").open) return;
    drawSeatMenu();
    loadInvitations();
  });
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden && ui.ws && ui.ws.readyState !== WebSocket.OPEN && !ui.closed && !ui.mock) {
      ui.wsTries = 0;
      connect();
    }
  });
}

function dropPin() {
  ui.pinned = null;
  const q = params();
  q.delete("role");
  const text = q.toString();
  history.replaceState(null, "", `${window.location.pathname}${text ? `?${text}` : ""}`);
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
    addMessages(options.mock.chat || []);
    setConn("closed");
    await show(options.mock);
    return;
  }
  ui.id = gameIdFromPath();
  if (!ui.id) {
    fatal("No game here", "This address names no game.");
    return;
  }
  const known = knownGames()[ui.id];
  ui.creator = !ui.token && Boolean(known && known.creator);
  chat.seen = localGet(`seen.${ui.id}`);
  let shape;
  let seq = ticket();
  try {
    shape = await fetchShape();
  } catch (e) {
    if (ui.pinned && e.status === 403) {
      // a ?role= this seat does not hold: fall back to the seat's own roles
      dropPin();
      seq = ticket();
      try {
        shape = await fetchShape();
      } catch (e2) {
        opening(e2);
        return;
      }
    } else {
      opening(e);
      return;
    }
  }
  if (shape.role && !ui.token) rememberGame({ id: ui.id, game: shape.game, title: (shape.view && shape.view.title) || shape.game, roles: shape.roles });
  if (shape.creator) ui.creator = true; // the server says so, on any device
  await offer(shape, seq);
  loadChat();
  loadInvitations();
  connect();
}

/** Why the first request failed, told plainly. */
function opening(e) {
  if (e.status === 401 || e.status === 403) noSeat(false);
  else if (e.status === 404) fatal("No such game", "The server does not know this game: check the address.");
  else fatal("This game cannot be opened", e.message);
}

function localGet(key) {
  try {
    return localStorage.getItem(`kriegsspiel.${key}`);
  } catch (e) {
    return null;
  }
}

function localSet(key, value) {
  try {
    localStorage.setItem(`kriegsspiel.${key}`, String(value));
  } catch (e) {
    /* private mode */
  }
}

if (!document.body.dataset.dev) start();
