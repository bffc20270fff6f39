// The fallback board: the game's own view (view.board) shown as a readable tree.
import { clear, el, roleBadge } from "../common.js";

function scalar(value) {
  if (value === null || value === undefined) return el("span", { class: "j-null" }, "—");
  if (typeof value === "boolean") return el("span", { class: ["j-bool", value ? "yes" : "no"] }, value ? "yes" : "no");
  if (typeof value === "number") return el("span", { class: "j-num" }, String(value));
  return el("span", { class: "j-str" }, String(value));
}

function isScalar(v) {
  return v === null || typeof v !== "object";
}

function tree(value, depth, roles) {
  if (isScalar(value)) return scalar(value);
  if (Array.isArray(value)) {
    if (!value.length) return el("span", { class: "j-null" }, "none");
    if (value.every(isScalar)) return el("span", { class: "j-list" }, value.map((v) => el("span", { class: "j-chip" }, scalar(v))));
    return el("ol", { class: "j-array" }, value.map((v) => el("li", {}, tree(v, depth + 1, roles))));
  }
  const entries = Object.entries(value);
  if (!entries.length) return el("span", { class: "j-null" }, "none");
  const rows = entries.map(([k, v]) => {
    const keyNode = roles.has(k) ? roleBadge(k) : el("span", { class: "j-key" }, k.replace(/_/g, " "));
    if (isScalar(v) || (Array.isArray(v) && v.every(isScalar))) {
      return el("div", { class: "j-row" }, keyNode, tree(v, depth + 1, roles));
    }
    return el("details", { class: "j-nest", open: depth < 2 }, el("summary", {}, keyNode), tree(v, depth + 1, roles));
  });
  return el("div", { class: "j-object" }, rows);
}

export function render(container, shape, data, onAction) {
  const view = shape.view || {};
  const roles = new Set(view.roles || Object.keys(shape.seats || {}));
  clear(container);
  container.append(
    el(
      "div",
      { class: "generic-board paper" },
      el("h2", { class: "board-head" }, view.title || shape.game),
      el("p", { class: "muted small" }, "This game has no drawn board yet; here is everything your seat may see."),
      tree(view.board ?? {}, 0, roles),
    ),
  );
}

export function summary(shape) {
  const b = (shape.view && shape.view.board) || {};
  const bits = [];
  if (b.year !== undefined) bits.push(`Year ${b.year}`);
  if (b.turn !== undefined) bits.push(`turn ${b.turn}`);
  return bits.join(" · ");
}
