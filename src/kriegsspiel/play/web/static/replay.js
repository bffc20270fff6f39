// The replay page /replay/{id}[?role=R][&step=K]: steps 0..N through the game as the seat saw
// it, N being the number of actions it knows of. The seat is opened by the browser's cookie;
// the spectator link adds ?token=S.
import {
  absolute,
  api,
  clear,
  drawResult,
  el,
  gameData,
  gameIdFromPath,
  loadRenderer,
  paleColour,
  params,
  roleBadge,
  roleColour,
  roleName,
  ruleCite,
  spectatorUrl,
} from "./common.js";

const ui = {
  id: null,
  token: null, // the spectator link's (a seat's key is a cookie this page never sees)
  role: null,
  total: 0,
  step: 0,
  cache: new Map(),
  data: {},
  renderer: null,
  game: null,
  playing: null,
  want: null,
  loading: false,
};

const $ = (id) => document.getElementById(id);

function query(extra = {}) {
  const q = new URLSearchParams();
  if (ui.token) q.set("token", ui.token);
  if (ui.role) q.set("role", ui.role);
  for (const [k, v] of Object.entries(extra)) q.set(k, String(v));
  const text = q.toString();
  return text ? `?${text}` : "";
}

// Stepping on is instant when the next steps are already here: a few are fetched ahead, and
// the SHAPEs seen lately are kept for stepping back (not every one of a long game).
const AHEAD = 6;
const KEPT = 120;
function fetchShape(step) {
  return api(`/api/games/${encodeURIComponent(ui.id)}/replay${query({ step })}`); // (a 429 is asked again)
}

function shapeAt(step) {
  const key = `${ui.role || ""}:${step}`;
  let p = ui.cache.get(key);
  if (p) {
    ui.cache.delete(key); // kept as the most recently used
  } else {
    p = fetchShape(step);
    p.catch(() => {
      if (ui.cache.get(key) === p) ui.cache.delete(key);
    });
  }
  ui.cache.set(key, p);
  while (ui.cache.size > KEPT) ui.cache.delete(ui.cache.keys().next().value);
  return p;
}

function fetchAhead(step) {
  for (let k = step + 1; k <= Math.min(ui.total, step + AHEAD); k += 1) {
    if (!ui.cache.has(`${ui.role || ""}:${k}`)) shapeAt(k).catch(() => {});
  }
}

function fail(message) {
  const box = $("replay-error");
  box.textContent = message;
  box.classList.remove("hidden");
}

async function go(step) {
  step = Math.max(0, Math.min(ui.total, step));
  ui.want = step;
  $("slider").value = String(step);
  $("step-no").textContent = `step ${step}`;
  if (ui.loading) return;
  ui.loading = true;
  try {
    while (ui.want !== null) {
      const target = ui.want;
      ui.want = null;
      const shape = await shapeAt(target);
      if (ui.want !== null) continue;
      ui.step = target;
      await draw(shape);
      fetchAhead(target);
    }
    $("replay-error").classList.add("hidden");
  } catch (e) {
    fail(e.message);
    stop();
  } finally {
    ui.loading = false;
  }
}

async function draw(shape) {
  if (ui.game !== shape.game) {
    ui.game = shape.game;
    ui.data = await gameData(shape.game);
    ui.renderer = await loadRenderer(shape.game);
  }
  const view = shape.view || {};
  $("game-title").textContent = `${view.title || shape.game} — replay`;
  $("game-summary").textContent = ui.renderer.summary ? ui.renderer.summary(shape, ui.data) : "";
  document.title = `Replay — ${view.title || shape.game}, step ${ui.step}`;
  try {
    ui.renderer.render($("board"), shape, ui.data, null);
  } catch (e) {
    console.error(e);
    clear($("board")).append(el("div", { class: "fatal" }, el("h2", {}, "The board could not be drawn"), el("pre", {}, String(e.stack || e))));
  }
  const state = clear($("turn-state"));
  const committed = new Set(view.committed || []);
  const waiting = (shape.active || []).filter((r) => !committed.has(r));
  if (shape.over) state.append(el("span", { class: "flag over" }, "Game over"));
  else if (waiting.length) state.append(el("span", { class: "waiting" }, "To act: "), ...waiting.map((r) => roleBadge(r, ui.data)));
  drawResult($("result"), shape.over ? shape.result || view.result : null, shape.roles || [], ui.data);
  const prompt = $("prompt");
  prompt.textContent = shape.role && shape.actions && shape.actions.length ? view.prompt || "" : "";
  prompt.classList.toggle("hidden", !prompt.textContent);
  const log = clear($("log"));
  for (const line of view.log || []) {
    log.append(
      el(
        "li",
        { class: "log-line" },
        ruleCite(line, ui.game),
        el("span", { class: "text" }, String(line.text ?? "")),
      ),
    );
  }
  // to the last line once laid out: asking for the layout now would lay the page out at every step
  requestAnimationFrame(() => (log.scrollTop = log.scrollHeight));
  drawRoles(shape);
  $("board").dataset.step = String(ui.step); // the step the board now shows
}

function drawRoles(shape) {
  const sw = clear($("role-switch"));
  const roles = shape.roles || [];
  sw.classList.toggle("many", roles.length > 4); // one row that scrolls sideways, never two
  if (roles.length <= 1) {
    sw.append(shape.role ? roleBadge(shape.role, ui.data, "big") : el("span", { class: "role-badge spectator" }, "Spectator"));
    return;
  }
  for (const r of roles) {
    sw.append(
      el(
        "button",
        {
          type: "button",
          class: ["role-tab", r === shape.role && "current", paleColour(roleColour(r)) && "pale"],
          style: { "--power": roleColour(r) },
          onclick: () => {
            ui.role = r;
            const q = params();
            q.set("role", r);
            history.replaceState(null, "", `${window.location.pathname}?${q.toString()}`);
            go(ui.step);
          },
        },
        el("span", { class: "dot" }),
        roleName(r, ui.data),
      ),
    );
  }
  const tab = sw.querySelector(".role-tab.current");
  if (tab && sw.scrollWidth > sw.clientWidth) sw.scrollLeft = Math.max(0, tab.offsetLeft - sw.offsetLeft - (sw.clientWidth - tab.offsetWidth) / 2);
}

/** The browser holds no seat of this game: say so, and offer to watch. */
function noSeat() {
  const links = el("p", { class: "notice-links" }, el("a", { class: "btn", href: "/" }, "Back to the lobby"));
  clear($("board")).append(
    el(
      "div",
      { class: "fatal no-seat" },
      el("h2", {}, "You hold no seat in this game"),
      el("p", {}, ui.token ? "This link opens no seat of this game." : "Open the invitation you were sent, or watch as a spectator."),
      links,
    ),
  );
  document.body.classList.add("seatless");
  spectatorUrl(ui.id).then((url) => {
    if (url) links.prepend(el("a", { class: "btn primary watch", href: absolute(url).replace("/play/", "/replay/") }, "Watch the replay as a spectator"));
  });
}

function stop() {
  if (ui.playing) clearInterval(ui.playing);
  ui.playing = null;
  $("play").textContent = "▶ Play";
}

function togglePlay() {
  if (ui.playing) {
    stop();
    return;
  }
  if (ui.step >= ui.total) go(0);
  $("play").textContent = "❚❚ Pause";
  ui.playing = setInterval(() => {
    if (ui.step >= ui.total) stop();
    else if (!ui.loading) go(ui.step + 1);
  }, 900);
}

/** The SHAPE of now, whose step is the last of the replay; null (and said why) if there is none. */
async function opening() {
  const ask = () => api(`/api/games/${encodeURIComponent(ui.id)}${query()}`);
  try {
    return await ask();
  } catch (e) {
    if (ui.role && e.status === 403) {
      // a ?role= this seat does not hold: the seat's own roles instead
      ui.role = null;
      try {
        return await ask();
      } catch (e2) {
        e = e2;
      }
    }
    if (e.status === 401 || e.status === 403) noSeat();
    else fail(e.message);
    return null;
  }
}

async function main() {
  const q = params();
  ui.token = q.get("token");
  ui.role = q.get("role");
  ui.id = gameIdFromPath();
  $("back-link").href = `/play/${encodeURIComponent(ui.id || "")}${query()}`;
  if (!ui.id) {
    fail("This address names no game.");
    return;
  }
  const now = await opening();
  if (!now) return;
  $("back-link").href = `/play/${encodeURIComponent(ui.id)}${query()}`;
  ui.total = now.step || 0; // the actions this seat knows of: the others' secret drafts are not steps of its replay
  const slider = $("slider");
  slider.max = String(ui.total);
  $("step-of").textContent = `steps 0–${ui.total}`;
  slider.addEventListener("input", () => {
    stop();
    go(Number(slider.value));
  });
  $("first").addEventListener("click", () => (stop(), go(0)));
  $("prev").addEventListener("click", () => (stop(), go(ui.step - 1)));
  $("next").addEventListener("click", () => (stop(), go(ui.step + 1)));
  $("last").addEventListener("click", () => (stop(), go(ui.total)));
  $("play").addEventListener("click", togglePlay);
  document.addEventListener("keydown", (e) => {
    if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "SELECT" || e.target.tagName === "BUTTON")) return;
    if (e.key === "ArrowLeft") (stop(), go(ui.step - 1), e.preventDefault());
    else if (e.key === "ArrowRight") (stop(), go(ui.step + 1), e.preventDefault());
    else if (e.key === "Home") (stop(), go(0), e.preventDefault());
    else if (e.key === "End") (stop(), go(ui.total), e.preventDefault());
    else if (e.key === " ") (togglePlay(), e.preventDefault());
  });
  const start = Number(q.get("step"));
  go(Number.isFinite(start) && q.has("step") ? start : ui.total);
}

main();
