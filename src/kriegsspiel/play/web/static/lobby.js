// The lobby at "/": the catalog, "play now against bots", a new-game form, the games on the server.
import {
  absolute,
  api,
  botName,
  clear,
  el,
  forgetGame,
  knownGames,
  linkRow,
  playPath,
  put,
  rememberGame,
  roleBadge,
  roleName,
  seatText,
  timeText,
  toast,
} from "./common.js";

const state = { catalog: [], byId: new Map(), dev: false };

const BLURB = {
  "first-world-war":
    "Four empires, eleven fronts, one action a turn from 1914 to 1919. Offensives, railways, events markers and the slow arithmetic of attrition.",
  "imperial-borders":
    "Six nations of 1815 Europe plot their orders in secret, bid gold for the turn order, fight dice battles and annex what the Congress of Vienna left free.",
  "imperialism-1880":
    "Eight great powers scramble for the world, 1880 to 1916: each turn the powers write their orders in secret and a referee (a person or a bot) adjudicates them at the console, which applies every chart, while the European Tensions Index climbs toward the Great War.",
  "imperial-elegy":
    "Six great powers from the Crimea to the Great War, 1850 to 1914: play cards for events or command points, spread influence, court the minor powers, shift the alliance blocs and keep World Tension below the brink.",
  "over-there":
    "East Prussia, August 1914, hex by hex: the Russian First and Second Armies against the German Eighth at Gumbinnen, Tannenberg and the Masurian Lakes, with supply, rail, cavalry screens and the first aircraft.",
  goofspiel: "The classic game of sealed bids: a prize is turned up, everyone bids a card in secret, the highest takes it.",
};

// ----- seats -----------------------------------------------------------------------------

// "Play now": the game as it is best met first (one power each, the historical set-up).
const PLAY_NOW = {
  "imperial-borders": { players: 6, scenario: "historical" },
  "imperialism-1880": { players: 1 },
  "imperial-elegy": { players: 6, scenario: "1850" },
};

function defaultPlayers(entry) {
  if (PLAY_NOW[entry.id]) return PLAY_NOW[entry.id].players;
  const counts = entry.player_counts || [];
  return counts.length ? Math.min(...counts) : 1;
}

function groups(entry, players) {
  const seats = entry.seats && entry.seats[String(players)];
  if (Array.isArray(seats) && seats.length) return seats;
  return (entry.roles || []).slice(0, players).map((r) => [r]);
}

/** The bots of a game card, one word a kind: "Random, Heuristic, Search (3 levels)". */
function botFamilies(ids) {
  const kinds = new Map();
  for (const id of ids) {
    const kind = botName(id).split(" (")[0];
    kinds.set(kind, (kinds.get(kind) || 0) + 1);
  }
  return [...kinds].map(([kind, n]) => (n > 1 ? `${kind} (${n} levels)` : kind)).join(", ");
}

function preferredBot(entry) {
  const bots = entry.bots || ["random"];
  if (bots.includes("heuristic")) return "heuristic";
  return bots.find((b) => b !== "random" && b !== "solitaire") || bots[0] || "random";
}

function sideName(entry, group) {
  if (entry.id === "first-world-war") {
    const central = group.every((r) => r === "germany" || r === "austria-hungary");
    const entente = group.every((r) => r === "western-allies" || r === "russia");
    if (group.length > 1 && central) return "the Central Powers";
    if (group.length > 1 && entente) return "the Entente";
  }
  // one seat holding every role of a big game: say so, rather than list them all
  if (group.length > 3 && group.length === (entry.roles || []).length) return `every role (${group.length})`;
  return group.map((r) => roleName(r, entry)).join(" + ");
}

/** The numbers of players a game allows, as they are: "2–4 players", "1 or 9 players". */
function countsText(entry) {
  const counts = [...new Set(entry.player_counts || [])].sort((a, b) => a - b);
  if (!counts.length) return "";
  const plural = counts[counts.length - 1] === 1 ? "player" : "players";
  if (counts.length === 1) return `${counts[0]} ${plural}`;
  const low = counts[0];
  const high = counts[counts.length - 1];
  if (high - low + 1 === counts.length) return `${low}–${high} ${plural}`;
  return `${counts.slice(0, -1).join(", ")} or ${high} ${plural}`;
}

/** Seats for "play now": the chosen player's roles human, every other role a bot. */
function botSeats(entry, players, humanIndex = 0) {
  const bot = `bot:${preferredBot(entry)}`;
  const seats = {};
  groups(entry, players).forEach((group, i) => {
    for (const role of group) seats[role] = i === humanIndex ? "human" : bot;
  });
  return seats;
}

// ----- creating a game ---------------------------------------------------------------------

/** POST /api/games. The server keeps the creator's seat in a cookie of this browser; the
 * other human seats come back as invitations, one link per person. "Play now" (and a game
 * with nobody to invite) goes straight to the game; otherwise the links to send are shown. */
async function create(entry, spec, { show = false } = {}) {
  const made = await api("/api/games", { method: "POST", body: spec });
  rememberGame({
    id: made.id,
    game: entry.id,
    title: entry.title,
    created: Date.now(),
    roles: made.you ? made.you.roles : null,
    creator: Boolean(made.you),
    spectator: made.spectator ? made.spectator.url : undefined,
  });
  const invitations = made.invitations || [];
  if (made.you && (!show || !invitations.length)) {
    window.location.href = playPath(made.id);
    return made;
  }
  showCreated(entry, made, spec.seats || {});
  return made;
}

function rolesWho(entry, roles) {
  return el("span", { class: "who-roles" }, (roles || []).map((r) => roleBadge(r, entry)));
}

function rolesText(entry, roles) {
  return (roles || []).map((r) => roleName(r, entry)).join(", ");
}

function showCreated(entry, made, kinds) {
  const box = document.getElementById("created");
  const body = clear(document.getElementById("created-body"));
  body.append(el("p", {}, `${entry.title} — game `, el("code", {}, made.id), "."));
  if (made.you) {
    body.append(
      el("h3", { class: "sub" }, "Your seat"),
      el("p", { class: "hint" }, "This link opens your seat in this browser only: keep it for yourself."),
      linkRow(rolesText(entry, made.you.roles), playPath(made.id), { who: rolesWho(entry, made.you.roles), enter: true }),
    );
  }
  const invitations = made.invitations || [];
  if (invitations.length) {
    body.append(
      el("h3", { class: "sub" }, "Invitations"),
      el("p", { class: "hint" }, "Send each link to one person: the first to open it takes the seat, and it works only once."),
      ...invitations.map((inv) => linkRow(rolesText(entry, inv.roles), inv.url, { who: rolesWho(entry, inv.roles) })),
    );
  }
  const bots = Object.entries(kinds).filter(([, k]) => k !== "human");
  if (bots.length) {
    body.append(
      el(
        "p",
        { class: "hint" },
        "Bots: ",
        ...bots.map(([r, k]) => el("span", { class: "bot-seat" }, roleBadge(r, entry), ` ${seatText(k)}`)),
      ),
    );
  }
  if (made.spectator) {
    body.append(
      el("h3", { class: "sub" }, "Spectators"),
      linkRow("spectators", made.spectator.url, { who: el("span", { class: "muted" }, "anyone may watch"), enter: !made.you }),
    );
  }
  box.classList.remove("hidden");
  box.scrollIntoView({ behavior: "smooth", block: "start" });
  loadGames();
}

// ----- the quick cards -----------------------------------------------------------------------

function quickCard(entry) {
  const players = defaultPlayers(entry);
  const sides = groups(entry, players);
  const choose = el(
    "select",
    { class: "side-select", "aria-label": `your side in ${entry.title}` },
    sides.map((g, i) => el("option", { value: String(i) }, sideName(entry, g))),
  );
  const solo = groups(entry, players).length === 1; // one seat holds every role: no bots to play against
  const playText = solo ? "Play now" : "Play now against bots";
  const button = el("button", { type: "button", class: "btn primary big" }, playText);
  button.addEventListener("click", async () => {
    button.disabled = true;
    button.textContent = "Mustering…";
    try {
      const scenario = PLAY_NOW[entry.id] && PLAY_NOW[entry.id].scenario;
      const seats = botSeats(entry, players, Number(choose.value) || 0);
      await create(entry, { game: entry.id, players, ...(scenario ? { scenario } : {}), seats });
    } catch (e) {
      toast(`Could not start the game: ${e.message}`, "error");
      button.disabled = false;
      button.textContent = playText;
    }
  });
  return el(
    "article",
    { class: ["game-card", `game-${entry.id}`] },
    el("div", { class: "game-card-art", "aria-hidden": "true" }),
    el(
      "div",
      { class: "game-card-body" },
      el("h3", {}, entry.title),
      el("p", { class: "blurb" }, BLURB[entry.id] || `${(entry.roles || []).length} roles.`),
      el(
        "p",
        { class: "facts" },
        el("span", { class: "counts" }, countsText(entry)),
        el("span", { title: `bot ids: ${(entry.bots || []).join(", ")}` }, `bots: ${botFamilies(entry.bots || [])}`),
      ),
      el("div", { class: "roles-line" }, (entry.roles || []).map((r) => roleBadge(r, entry))),
      el(
        "div",
        { class: "quick-actions" },
        sides.length > 1
          ? el("label", { class: "as-label" }, "You play ", choose)
          : el("span", { class: "as-label" }, "You play ", el("b", {}, sideName(entry, sides[0]))),
        button,
      ),
    ),
  );
}

// ----- the new-game form -------------------------------------------------------------------

function optionInput(name, spec) {
  const id = `opt-${name}`;
  const help = spec && spec.help ? el("div", { class: "help" }, spec.help) : null;
  const words = name.replace(/_/g, " ");
  const title = (spec && spec.title) || words[0].toUpperCase() + words.slice(1); // the catalog's words for players
  let input;
  const choices = spec && Array.isArray(spec.choices) ? spec.choices : [];
  if (spec && typeof spec.default === "boolean" && choices.every((c) => typeof c === "boolean")) {
    // on or off; an option with one allowed value is shown, fixed
    input = el("input", { type: "checkbox", id, name, checked: spec.default, disabled: choices.length === 1 });
    input.dataset.kind = "bool";
    if (Array.isArray(spec.players)) input.dataset.players = spec.players.join(" "); // only with these counts
    return el("div", { class: "field check" }, el("label", { for: id }, input, el("span", {}, title)), help);
  }
  if (choices.length) {
    input = el(
      "select",
      { id, name },
      spec.choices.map((c) => el("option", { value: JSON.stringify(c), selected: c === spec.default }, String(c))),
    );
    input.dataset.kind = "json";
    return el("div", { class: "field" }, el("label", { for: id }, title), input, help);
  }
  if (spec && typeof spec.default === "number") {
    input = el("input", { type: "number", id, name, value: String(spec.default), step: "any" });
    input.dataset.kind = "number";
  } else {
    input = el("input", { type: "text", id, name, value: spec && spec.default != null ? String(spec.default) : "" });
    input.dataset.kind = "text";
  }
  return el("div", { class: "field" }, el("label", { for: id }, title), input, help);
}

function buildForm(entry) {
  const form = clear(document.getElementById("new-form"));
  const gameSelect = el(
    "select",
    { id: "f-game", name: "game" },
    state.catalog.map((g) => el("option", { value: g.id, selected: g.id === entry.id }, g.title)),
  );
  gameSelect.addEventListener("change", () => buildForm(state.byId.get(gameSelect.value)));

  const counts = entry.player_counts && entry.player_counts.length ? entry.player_counts : [1];
  const playersSelect = el(
    "select",
    { id: "f-players", name: "players" },
    counts.map((n) => el("option", { value: String(n), selected: n === defaultPlayers(entry) }, String(n))),
  );

  const scenarios = entry.scenarios || [];
  const scenarioHelp = el("div", { class: "help" });
  const scenarioSelect = el(
    "select",
    { id: "f-scenario", name: "scenario" },
    scenarios.map((s, i) => el("option", { value: s.id, selected: i === 0 }, s.title || s.id)),
  );
  const showScenarioHelp = () => {
    const s = scenarios.find((x) => x.id === scenarioSelect.value);
    scenarioHelp.textContent = s && s.help ? s.help : "";
  };
  scenarioSelect.addEventListener("change", showScenarioHelp);
  showScenarioHelp();

  const seed = el("input", { type: "number", id: "f-seed", name: "seed", placeholder: "random", min: "0", step: "1" });
  const seatsBox = el("div", { class: "seats-box" });
  // the seat the creator takes: one of the players with a human role
  const creatorSelect = el("select", { id: "f-creator", name: "creator" });
  const creatorField = el("div", { class: "field" }, el("label", { for: "f-creator" }, "Your seat"), creatorSelect);
  const drawCreator = () => {
    const keep = creatorSelect.value;
    const humans = [...seatsBox.querySelectorAll("fieldset.seat-group")]
      .map((set) => [...set.querySelectorAll("select[data-role]")].filter((sel) => sel.value === "human").map((sel) => sel.dataset.role))
      .filter((roles) => roles.length);
    clear(creatorSelect).append(...humans.map((roles) => el("option", { value: roles[0], selected: roles[0] === keep }, sideName(entry, roles))));
    creatorField.classList.toggle("hidden", !humans.length);
  };
  const drawSeats = () => {
    clear(seatsBox);
    const players = Number(playersSelect.value);
    const bots = entry.bots || ["random"];
    const seatGroups = groups(entry, players);
    // more groups than players: each group is a seat to choose from, not a person
    const groupWord = seatGroups.length > players ? "Seat" : "Player";
    seatGroups.forEach((group, i) => {
      const rows = group.map((role) => {
        const sel = el(
          "select",
          { name: `seat-${role}`, "aria-label": `who plays ${roleName(role, entry)}` },
          el("option", { value: "human", selected: i === 0 }, "human"),
          bots.map((b) => el("option", { value: `bot:${b}`, title: `${botName(b)}: ${b}`, selected: i !== 0 && b === preferredBot(entry) }, `bot: ${botName(b, true)}`)),
        );
        sel.dataset.role = role;
        sel.addEventListener("change", drawCreator);
        return el("div", { class: "seat-row" }, roleBadge(role, entry), sel);
      });
      // several roles to one player: the roles set to human here are one person's, not a second player's
      const together = group.length > 1 && groupWord === "Player" ? el("p", { class: "hint small" }, "One person plays the roles set to human here.") : null;
      seatsBox.append(
        el("fieldset", { class: "seat-group" }, el("legend", {}, `${groupWord} ${i + 1}`, group.length > 1 ? ` — ${sideName(entry, group)}` : ""), together, rows),
      );
    });
    drawCreator();
  };
  playersSelect.addEventListener("change", drawSeats);
  drawSeats();
  // an option played only with some player counts (the catalog's "players") is off otherwise
  const fitOptions = () => {
    for (const input of form.querySelectorAll("input[data-players]")) {
      const fits = input.dataset.players.split(" ").includes(playersSelect.value);
      if (!fits) input.checked = false;
      input.disabled = !fits;
    }
  };
  playersSelect.addEventListener("change", fitOptions);

  const options = Object.entries(entry.options || {});
  const submit = el("button", { type: "submit", class: "btn primary" }, "Create the game");
  const error = el("p", { class: "form-error", role: "alert" });

  put(
    form,
    el(
      "div",
      { class: "form-grid" },
      el("div", { class: "field" }, el("label", { for: "f-game" }, "Game"), gameSelect),
      el("div", { class: "field" }, el("label", { for: "f-players" }, "Players"), playersSelect),
      scenarios.length ? el("div", { class: "field wide" }, el("label", { for: "f-scenario" }, "Scenario"), scenarioSelect, scenarioHelp) : null,
      state.dev ? el("div", { class: "field" }, el("label", { for: "f-seed" }, "Seed ", el("span", { class: "muted" }, "(development mode)")), seed) : null,
    ),
    options.length ? el("h3", { class: "sub" }, "Options") : null,
    options.length ? el("div", { class: "options-box" }, options.map(([name, spec]) => optionInput(name, spec))) : null,
    el("h3", { class: "sub" }, "Seats"),
    seatsBox,
    creatorField,
    el("div", { class: "form-foot" }, submit, error),
  );
  fitOptions();

  form.onsubmit = async (event) => {
    event.preventDefault();
    error.textContent = "";
    const spec = { game: entry.id, players: Number(playersSelect.value), seats: {} };
    if (scenarios.length) spec.scenario = scenarioSelect.value;
    if (state.dev && seed.value.trim() !== "") spec.seed = Number(seed.value);
    const opts = {};
    for (const input of form.querySelectorAll("[data-kind]")) {
      const kind = input.dataset.kind;
      if (kind === "bool") opts[input.name] = input.checked;
      else if (kind === "json") opts[input.name] = JSON.parse(input.value);
      else if (kind === "number") opts[input.name] = Number(input.value);
      else opts[input.name] = input.value;
    }
    if (Object.keys(opts).length) spec.options = opts;
    for (const sel of seatsBox.querySelectorAll("select[data-role]")) spec.seats[sel.dataset.role] = sel.value;
    if (creatorSelect.value) spec.creator = creatorSelect.value;
    submit.disabled = true;
    try {
      await create(entry, spec, { show: true });
    } catch (e) {
      error.textContent = e.message;
    } finally {
      submit.disabled = false;
    }
  };
}

// ----- the games on the server ---------------------------------------------------------------

/** The links of a listed game: this browser's seat (its cookie opens it), and the spectator link. */
function gameLinks(game, known) {
  const links = [];
  const entry = state.byId.get(game.game);
  if (known && known.roles && known.roles.length) {
    links.push(el("a", { class: "seat-link", href: playPath(game.id), title: "open your seat" }, `open: ${known.roles.map((r) => roleName(r, entry)).join(" + ")}`));
  }
  if (game.spectator) links.push(el("a", { class: "seat-link muted watch", href: absolute(game.spectator) }, "watch"));
  return links;
}

async function loadGames() {
  const box = document.getElementById("games-list");
  let listing;
  try {
    listing = await api("/api/games");
  } catch (e) {
    clear(box).append(el("p", { class: "form-error" }, `Cannot list the games: ${e.message}`));
    return;
  }
  const games = (listing && listing.games) || [];
  clear(box);
  if (!games.length) {
    box.append(el("p", { class: "hint" }, "No game yet. Start one!"));
    return;
  }
  const known = knownGames();
  const rows = games.map((g) => {
    const links = gameLinks(g, known[g.id]);
    const entry = state.byId.get(g.game);
    return el(
      "tr",
      { class: known[g.id] && known[g.id].roles ? "mine" : null, dataset: { game: g.id } },
      el("td", {}, el("div", { class: "g-title" }, g.title || g.game), el("code", { class: "g-id" }, g.id)),
      el("td", { class: "muted" }, timeText(g.created)),
      el(
        "td",
        {},
        el("span", { class: ["status", g.over ? "over" : "live"] }, g.over ? "over" : "in play"),
        g.step !== undefined ? el("div", { class: "muted small" }, `${g.step} moves`) : null,
      ),
      el(
        "td",
        {},
        el(
          "div",
          { class: "seats-cell" },
          Object.entries(g.seats || {}).map(([role, kind]) =>
            el(
              "span",
              { class: "seat-chip", title: seatText(kind) },
              roleBadge(role, entry),
              el("span", { class: "kind" }, kind === "human" ? "human" : kind.replace(/^bot:/, "bot ")),
            ),
          ),
        ),
      ),
      el(
        "td",
        {},
        el("div", { class: "links-cell" }, links.length ? links : el("span", { class: "muted small" }, "ask the host for an invitation")),
      ),
    );
  });
  box.append(
    el(
      "table",
      { class: "games-table" },
      el("thead", {}, el("tr", {}, ["Game", "Started", "State", "Seats", ""].map((h) => el("th", {}, h)))),
      el("tbody", {}, rows),
    ),
  );
  // drop local keys of games the server no longer knows
  const live = new Set(games.map((g) => g.id));
  if (games.length < 200) for (const id of Object.keys(known)) if (!live.has(id)) forgetGame(id);
}

// ----- start -------------------------------------------------------------------------------

async function main() {
  document.getElementById("refresh-games").addEventListener("click", loadGames);
  setInterval(() => {
    if (!document.hidden) loadGames();
  }, 20000);
  try {
    state.catalog = await api("/api/catalog");
    state.dev = Boolean((await api("/api/server")).dev); // seeds are chosen only in development mode
  } catch (e) {
    clear(document.getElementById("quick-cards")).append(el("p", { class: "form-error" }, `Cannot read the catalog: ${e.message}`));
    loadGames();
    return;
  }
  for (const g of state.catalog) state.byId.set(g.id, g);
  loadGames(); // once the catalog names the games' roles
  // the real games first, the reference module last
  const ordered = [...state.catalog].sort((a, b) => (a.id === "goofspiel") - (b.id === "goofspiel"));
  clear(document.getElementById("quick-cards")).append(...ordered.map(quickCard));
  if (ordered.length) buildForm(ordered[0]);
}

main();
