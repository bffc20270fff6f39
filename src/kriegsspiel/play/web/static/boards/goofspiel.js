// Goofspiel: a card table. The prize in the middle, each player's hand, bids sealed and revealed.
import { clear, el, roleColour, roleName } from "../common.js";

const SUIT = { hearts: "♥", clubs: "♣", spades: "♠", diamonds: "♦" };
const RED = new Set(["hearts", "diamonds"]);

function rank(n) {
  return { 1: "A", 11: "J", 12: "Q", 13: "K" }[n] || String(n);
}

function card(value, suit, { size = "", onClick = null, title = null, extra = null } = {}) {
  const attrs = {
    class: ["pcard", size, RED.has(suit) ? "red" : "black", onClick && "playable", extra],
    title: title || `${rank(value)} of ${suit}`,
  };
  const tag = onClick ? "button" : "div";
  if (onClick) {
    attrs.type = "button";
    attrs.onclick = onClick;
  }
  const s = SUIT[suit] || "•";
  return el(
    tag,
    attrs,
    el("span", { class: "corner tl" }, rank(value), el("br"), el("span", { class: "cs" }, s)),
    el("span", { class: "pip" }, s),
    el("span", { class: "corner br" }, rank(value), el("br"), el("span", { class: "cs" }, s)),
  );
}

function back({ size = "", label = "", title = "" } = {}) {
  return el("div", { class: ["pcard", "back", size], title }, label ? el("span", { class: "back-label" }, label) : null);
}

function playerArea(role, board, view, shape, mine, onAction) {
  const hand = (board.hands && board.hands[role]) || [];
  const committed = (view.committed || []).includes(role);
  const active = (shape.active || []).includes(role);
  const last = board.last_bids ? board.last_bids[role] : undefined;
  const won = (board.won && board.won[role]) || [];
  const legal = new Set(mine ? (shape.actions || []).filter((a) => typeof a === "number") : []);
  const canBid = mine && legal.size > 0 && onAction;

  const bidSlot = el("div", { class: "bid-slot" });
  if (committed) bidSlot.append(back({ size: "mid", label: "sealed", title: "bid made, hidden until all have bid" }));
  else if (active) bidSlot.append(el("div", { class: "slot-empty thinking" }, mine ? "your bid" : "thinking…"));
  else bidSlot.append(el("div", { class: "slot-empty" }, ""));
  if (last !== undefined && last !== null) {
    bidSlot.append(el("div", { class: "last-bid" }, el("span", { class: "muted small" }, "last bid"), card(last, role, { size: "small" })));
  }

  const handRow = el(
    "div",
    { class: ["hand", mine ? "mine" : "theirs"] },
    hand.length
      ? hand.map((v) =>
          card(v, role, {
            size: mine ? "" : "small",
            onClick: canBid && legal.has(v) ? () => onAction(v) : null,
            title: canBid && legal.has(v) ? `bid ${rank(v)}` : `${rank(v)} of ${role}`,
          }),
        )
      : el("span", { class: "muted" }, "no cards left"),
  );

  return el(
    "section",
    { class: ["seat-area", mine && "me", active && !committed && "to-act"], style: { "--power": roleColour(role) } },
    el(
      "header",
      { class: "seat-head" },
      el("span", { class: "suit-mark" }, SUIT[role] || "•"),
      el("span", { class: "seat-name" }, roleName(role), mine ? el("span", { class: "you" }, " (you)") : null),
      el("span", { class: "score", title: "points won" }, String((board.score || {})[role] ?? 0), el("small", {}, " pts")),
      el("span", { class: "won-count muted small", title: won.map(rank).join(", ") }, `${won.length} prize${won.length === 1 ? "" : "s"}`),
    ),
    el("div", { class: "seat-body" }, bidSlot, handRow),
  );
}

export function render(container, shape, data, onAction) {
  const view = shape.view || {};
  const board = view.board || {};
  const roles = view.roles || Object.keys(board.hands || {});
  const me = shape.role && roles.includes(shape.role) ? shape.role : null;
  const others = roles.filter((r) => r !== me);
  const pot = board.pot || (board.prize ? [board.prize] : []);
  const potValue = pot.reduce((a, b) => a + b, 0);

  const centre = el(
    "div",
    { class: "prize-zone" },
    el(
      "div",
      { class: "deck-pile", title: `${board.deck ?? 0} prize cards still in the deck` },
      board.deck ? back({ size: "mid", label: String(board.deck) }) : el("div", { class: "slot-empty" }, "empty"),
      el("div", { class: "muted small" }, "deck"),
    ),
    el(
      "div",
      { class: "pot" },
      el("div", { class: "pot-cards" }, pot.length ? pot.map((v) => card(v, "diamonds", { size: "big" })) : el("div", { class: "slot-empty big" }, "—")),
      el("div", { class: "pot-label" }, pot.length > 1 ? `Prize: ${potValue} points (${pot.length} cards carried)` : pot.length ? `Prize: ${potValue} point${potValue === 1 ? "" : "s"}` : "No prize"),
    ),
  );

  clear(container);
  container.append(
    el(
      "div",
      { class: "felt" },
      el("div", { class: "others" }, others.map((r) => playerArea(r, board, view, shape, false, onAction))),
      centre,
      me ? playerArea(me, board, view, shape, true, onAction) : null,
    ),
  );
}

export function summary(shape) {
  const b = (shape.view && shape.view.board) || {};
  const pot = b.pot || [];
  const total = pot.reduce((a, c) => a + c, 0);
  const bits = [];
  if (total) bits.push(`prize ${total}`);
  if (b.deck !== undefined) bits.push(`${b.deck} card${b.deck === 1 ? "" : "s"} left in the deck`);
  return bits.join(" · ");
}
