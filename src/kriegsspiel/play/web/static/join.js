// The invitation page /join/{id}/{code}: the game and the seat it offers, and a button that
// takes it. The server then keeps the seat's key in a cookie of this browser (the page never
// sees it), and the game page /play/{id} opens the seat. An invitation is taken once.
import {
  absolute,
  api,
  clear,
  el,
  gameData,
  knownGames,
  pathParts,
  playPath,
  put,
  rememberGame,
  roleBadge,
  roleName,
  spectatorUrl,
} from "./common.js";

const $ = (id) => document.getElementById(id);

function joinUrl(id, rest = "") {
  return `/api/games/${encodeURIComponent(id)}/join${rest}`;
}

function names(roles, data) {
  return (roles || []).map((r) => roleName(r, data)).join(" + ");
}

/** The way on from a refusal: this browser's own seat if it holds one, the spectator link, the lobby. */
function ways(id) {
  const box = el("p", { class: "notice-links" }, el("a", { class: "btn", href: "/" }, "Back to the lobby"));
  if (!id) return box;
  const known = knownGames()[id];
  if (known && known.roles && known.roles.length) {
    box.prepend(el("a", { class: "btn primary", href: playPath(id) }, `Open your seat (${names(known.roles)})`));
  }
  spectatorUrl(id).then((url) => {
    if (url) box.prepend(el("a", { class: "btn watch", href: absolute(url) }, "Watch as a spectator"));
  });
  return box;
}

function refuse(box, title, why, id = null) {
  document.title = `Kriegsspiel — ${title.toLowerCase()}`;
  box.classList.add("refused");
  clear(box).append(el("h1", {}, title), el("p", {}, why), ways(id));
}

function taken(box, id, invitation) {
  refuse(
    box,
    "This invitation has been taken",
    `${invitation && invitation.title ? `The seat in ${invitation.title} it offered` : "The seat it offered"} is held by whoever opened it first: an invitation works only once. If it was meant for you, ask whoever sent it for a new one.`,
    id,
  );
}

async function offer(box, id, code, invitation) {
  const data = await gameData(invitation.game);
  const roles = invitation.roles || [];
  document.title = `Kriegsspiel — an invitation to ${invitation.title}`;
  const known = knownGames()[id];
  const take = el("button", { type: "button", class: "btn primary big", id: "take" }, "Take this seat");
  const error = el("p", { class: "form-error", role: "alert" });
  const parts = [
    el("p", { class: "kicker" }, "You are invited to play"),
    el("h1", { id: "join-title" }, invitation.title),
    el("p", { class: "muted" }, "Game ", el("code", {}, id)),
    el(
      "div",
      { class: "seat-offer" },
      el("span", { class: "seat-offer-label" }, roles.length > 1 ? "Your seat holds" : "Your seat"),
      el("span", { class: "seat-offer-roles" }, roles.map((r) => roleBadge(r, data, "big"))),
    ),
    known && known.roles && known.roles.length
      ? el("p", { class: "warn" }, `This browser already holds ${names(known.roles, data)} in this game: taking this seat gives that one up here.`)
      : null,
    el("div", { class: "join-foot" }, take, error),
    el(
      "p",
      { class: "hint" },
      "The seat is kept in this browser: come back to it from the lobby or at this game's address. The invitation works once; after you take it, it opens nothing.",
    ),
  ];
  put(clear(box), ...parts);
  take.addEventListener("click", async () => {
    take.disabled = true;
    take.textContent = "Taking the seat…";
    error.textContent = "";
    let got;
    try {
      got = await api(joinUrl(id), { method: "POST", body: { code } });
    } catch (e) {
      if (e.status === 410) {
        taken(box, id, invitation);
        return;
      }
      error.textContent = e.message;
      take.disabled = false;
      take.textContent = "Take this seat";
      return;
    }
    rememberGame({ id, game: invitation.game, title: invitation.title, roles: (got && got.roles) || roles, created: Date.now() });
    // replace: the invitation's address, taken now, stays out of the history
    window.location.replace(playPath(id));
  });
}

async function main() {
  const box = $("invitation");
  const [id, code] = pathParts();
  if (!id || !code) {
    refuse(box, "This is not an invitation", "The address lacks the game or the invitation's code: copy the whole link you were sent.");
    return;
  }
  let invitation;
  try {
    invitation = await api(joinUrl(id, `/${encodeURIComponent(code)}`));
  } catch (e) {
    if (e.status === 410) taken(box, id, null);
    else if (e.status === 404) refuse(box, "No such invitation", "This invitation is not known here: check that you copied the whole link.", id);
    else refuse(box, "The invitation cannot be read", e.message);
    return;
  }
  if (invitation.claimed) taken(box, id, invitation);
  else await offer(box, id, code, invitation);
}

main();
