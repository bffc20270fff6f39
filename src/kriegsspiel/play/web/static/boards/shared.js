// The machinery the map boards (first-world-war.js, imperial-borders.js, imperialism-1880.js)
// have in common: text, legal choices, the tooltip that follows the pointer, the click menu
// of a place's legal actions, zoom and pan, and the wiring of the map's pointer and keys.
// Each board keeps what is its own (what a tip says, what a click offers, how it draws) and
// passes it in. A board's state `st` holds at least `wrap` (the map's frame), `map` (the
// SVG), `tip` and `menuBox` (from floatBoxes), `menu` (the open menu or null), `tipKey`
// and `hover`; with zoom, `zoom`, `cx`, `cy` and the drag in progress.
import { clear, el, svg } from "../common.js";

// ----- text ---------------------------------------------------------------------------------------

export function capital(text) {
  const s = String(text ?? "");
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

let measurer; // undefined: not tried yet; null: no canvas here

/** The width of a text in pixels, measured on a canvas; without one, guessed at `perChar`
 * (bold, plain) times the size a character. */
export function textWidth(text, size, bold, italic, perChar = [0.64, 0.58]) {
  if (measurer === undefined) {
    try {
      measurer = document.createElement("canvas").getContext("2d") || null;
    } catch (e) {
      measurer = null;
    }
  }
  if (measurer) {
    measurer.font = `${italic ? "italic " : ""}${bold ? "700 " : ""}${size}px "Trebuchet MS", "Segoe UI", "Noto Sans", "DejaVu Sans", sans-serif`;
    const w = measurer.measureText(text).width;
    if (w > 0) return w;
  }
  return String(text).length * size * (bold ? perChar[0] : perChar[1]);
}

// ----- drawing ------------------------------------------------------------------------------------

/** Whether the box [x0, y0, x1, y1] overlaps one of `boxes`. */
export function collides(box, boxes) {
  for (const b of boxes) if (box[0] < b[2] && box[2] > b[0] && box[1] < b[3] && box[3] > b[1]) return true;
  return false;
}

/** A five-pointed star, its points written with `digits` decimals. */
export function star(cx, cy, r, attrs, digits = 1) {
  const pts = [];
  for (let i = 0; i < 10; i += 1) {
    const a = -Math.PI / 2 + (Math.PI * i) / 5;
    const rr = i % 2 ? r * 0.45 : r;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(digits)},${(cy + rr * Math.sin(a)).toFixed(digits)}`);
  }
  return svg("polygon", { points: pts.join(" "), ...attrs });
}

/** A <details>' attributes that remember whether the reader opened or closed it. */
export function keep(st, key, attrs) {
  const open = st.opened && key in st.opened ? st.opened[key] : attrs.open;
  return {
    ...attrs,
    open,
    ontoggle: (e) => {
      if (e.target.open === Boolean(open)) return; // drawn so, not the reader's doing
      st.opened = st.opened || {};
      st.opened[key] = e.target.open;
    },
  };
}

// ----- legal actions ------------------------------------------------------------------------------

/** The legal actions of the shape that pass `test`, each with its label: [{action, label}]. */
export function choices(shape, test) {
  const acts = shape.actions || [];
  const labels = shape.labels || [];
  const out = [];
  acts.forEach((a, i) => {
    if (test(a)) out.push({ action: a, label: labels[i] });
  });
  return out;
}

// ----- the tooltip and the click menu -------------------------------------------------------------

/** The tooltip and the menu box of a map, hidden; `prefix` names their CSS classes. */
export function floatBoxes(prefix) {
  return {
    tip: el("div", { class: `${prefix}-tip hidden`, role: "tooltip" }),
    menuBox: el("div", { class: `${prefix}-menu hidden`, role: "menu" }),
  };
}

/** The pointer's position in the frame `wrap`, in pixels. */
export function localPoint(wrap, event) {
  const r = wrap.getBoundingClientRect();
  return [event.clientX - r.left, event.clientY - r.top];
}

/** Put a floating box (tip or menu) next to the point (x, y) of `wrap`, on the other side
 * where it would run over the frame's right or bottom edge. `pad`: the margin kept to the
 * edges; `below`: how far under the point it starts; `inside`: keep it inside the frame's
 * height (a frame shorter than the box counts as tall enough). */
export function placeFloating(box, wrap, x, y, { pad = 8, below = 14, inside = false } = {}) {
  const bw = box.offsetWidth || 240;
  const bh = box.offsetHeight || 120;
  const ww = wrap.clientWidth || 1000;
  const wh = inside ? Math.max(wrap.clientHeight || 300, bh + 2 * pad) : wrap.clientHeight || 600;
  let left = x + 14;
  let top = y + below;
  if (left + bw > ww - pad) left = Math.max(pad, x - bw - 14);
  if (top + bh > wh - pad) top = Math.max(pad, inside ? Math.min(y - bh - 10, wh - bh - pad) : y - bh - 10);
  box.style.left = `${left}px`;
  box.style.top = `${top}px`;
}

function hideTip(st) {
  st.tip.classList.add("hidden");
  st.tipKey = null;
}

/** Show the tip of `key` (a data-tip value; null: none) at the pointer: `content(key)` builds
 * it (an element, a list of them, or null for no tip). No tip while a menu is open. */
function followTip(st, wrap, event, key, content, float) {
  if (!key || st.menu) {
    hideTip(st);
    return;
  }
  if (key !== st.tipKey) {
    st.tipKey = key;
    const body = content(key);
    clear(st.tip);
    if (!body) {
      st.tip.classList.add("hidden");
      return;
    }
    st.tip.append(...[body].flat(2).filter(Boolean));
    st.tip.classList.remove("hidden");
  }
  const [x, y] = localPoint(wrap, event);
  placeFloating(st.tip, wrap, x, y, float);
}

export function closeMenu(st) {
  if (!st) return;
  st.menu = null;
  if (st.menuBox) st.menuBox.classList.add("hidden");
}

/** Fill and show the menu box at (x, y) of the frame: a head with `title` and a close button,
 * then a button a choice of `list` (`button(c)` gives its attributes and text; a click closes
 * the menu and calls `pick(c)`), after `prompt` when there is one; with no choice, `info()`
 * (what the tip says, or null) and the line `empty`. The tip hides meanwhile. */
export function showMenu(st, x, y, { title, list, button, pick, prompt = null, info, empty, float }) {
  const box = clear(st.menuBox);
  box.append(
    el(
      "div",
      { class: "menu-head" },
      el("span", {}, title),
      el("button", { type: "button", class: "menu-close", "aria-label": "close", onclick: () => closeMenu(st) }, "×"),
    ),
  );
  if (list.length) {
    if (prompt) box.append(el("div", { class: "menu-prompt" }, prompt));
    box.append(
      el(
        "div",
        { class: "menu-list" },
        list.map((c) => {
          const [attrs, text] = button(c);
          return el(
            "button",
            {
              type: "button",
              ...attrs,
              onclick: () => {
                closeMenu(st);
                pick(c);
              },
            },
            text,
          );
        }),
      ),
    );
  } else {
    const content = info();
    if (content) box.append(el("div", { class: "menu-info" }, content));
    box.append(el("p", { class: "muted small" }, empty));
  }
  box.classList.remove("hidden");
  placeFloating(box, st.wrap, x, y, float);
  st.tip.classList.add("hidden");
}

/** Escape, or a click outside the map and its menu, closes the menu (once per container). */
export function closeMenuOnLeave(st) {
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") closeMenu(st);
  });
  document.addEventListener("click", (e) => {
    if (st.menuBox && !st.menuBox.contains(e.target) && !(st.wrap && st.wrap.contains(e.target))) closeMenu(st);
  });
}

/** Draw again, a little after the container's size settles, when the map's drawn width
 * (`measure()`) is more than 3% off the one it was drawn for (`st.mapW`). */
export function redrawOnResize(container, st, measure, redraw) {
  if (typeof ResizeObserver === "undefined") return;
  const watch = new ResizeObserver(() => {
    clearTimeout(st.resizeTimer);
    st.resizeTimer = setTimeout(() => {
      const drawn = measure();
      if (drawn && st.mapW && Math.abs(drawn - st.mapW) / st.mapW > 0.03) {
        st.mapW = drawn;
        redraw();
      }
    }, 120);
  });
  watch.observe(container);
}

// ----- zoom and pan -------------------------------------------------------------------------------

/** The root <svg> of a zoomable map `width` x `height`, its classes and ids named by `prefix`:
 * viewBox `st.viewBox`, "zoomed" once zoomed in; in its defs, `defs` then a glow filter
 * `${prefix}-glow` (a blur of `glow.blur` in a box `glow.margin`% larger each side); under
 * all, the ocean, three times the map each way. */
export function mapRoot(st, { prefix, label, width, height, glow, defs = [] }) {
  const map = svg("svg", {
    class: [`${prefix}-map`, st.zoom > 1 && "zoomed"],
    viewBox: st.viewBox,
    role: "group",
    "aria-label": label,
    preserveAspectRatio: "xMidYMid meet",
  });
  map.append(
    svg(
      "defs",
      {},
      ...defs,
      svg(
        "filter",
        { id: `${prefix}-glow`, x: `-${glow.margin}%`, y: `-${glow.margin}%`, width: `${100 + 2 * glow.margin}%`, height: `${100 + 2 * glow.margin}%` },
        svg("feGaussianBlur", { stdDeviation: glow.blur, result: "b" }),
        svg("feMerge", {}, svg("feMergeNode", { in: "b" }), svg("feMergeNode", { in: "SourceGraphic" })),
      ),
    ),
  );
  map.append(svg("rect", { class: `${prefix}-ocean`, x: -width, y: -height, width: 3 * width, height: 3 * height }));
  return map;
}

/** The viewBox of a map `width` x `height` at `st.zoom` around (st.cx, st.cy), the centre
 * kept so the view stays on the map. */
export function viewBoxFor(st, width, height) {
  const w = width / st.zoom;
  const h = height / st.zoom;
  st.cx = Math.min(Math.max(st.cx, w / 2), width - w / 2);
  st.cy = Math.min(Math.max(st.cy, h / 2), height - h / 2);
  return `${(st.cx - w / 2).toFixed(1)} ${(st.cy - h / 2).toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`;
}

/** Set `st.zoom` (within 1 and the last of `zooms`), keeping the map point `at` (if any)
 * where it is on the screen. The board draws again. */
export function zoomTo(st, zooms, zoom, at) {
  const z = Math.min(zooms[zooms.length - 1], Math.max(1, zoom));
  if (at) {
    // keep the point under the pointer in place
    const f = st.zoom / z;
    st.cx = at[0] + (st.cx - at[0]) * f;
    st.cy = at[1] + (st.cy - at[1]) * f;
  }
  st.zoom = z;
}

/** The "+" and "−" buttons: the next step of `zooms` in or out, through `setZoom(z)`. */
export function zoomButtons(st, zooms, setZoom) {
  return [
    el("button", { type: "button", class: "btn tiny", title: "zoom in", "aria-label": "zoom in", onclick: () => setZoom(zooms.find((z) => z > st.zoom + 1e-6) || st.zoom) }, "+"),
    el("button", { type: "button", class: "btn tiny", title: "zoom out", "aria-label": "zoom out", onclick: () => setZoom([...zooms].reverse().find((z) => z < st.zoom - 1e-6) || 1) }, "−"),
  ];
}

/** The pointer's position in the map's user units, or null. */
export function svgPoint(map, event) {
  const pt = map.createSVGPoint();
  pt.x = event.clientX;
  pt.y = event.clientY;
  const m = map.getScreenCTM();
  if (!m) return null;
  const p = pt.matrixTransform(m.inverse());
  return [p.x, p.y];
}

// ----- wiring -------------------------------------------------------------------------------------

/** Wire a map drawn in `wrap`:
 * - the pointer over a [data-tip] shows `tip(key)` at the pointer (`float`: placeFloating's
 *   options); `hover(event)` names what it is over, and `light(name, event)` lights it up
 *   when that changes (`light(null, null)` when it leaves the map);
 * - with `pan` ({width, zooms, viewBox(), zoom(z, at)}): dragging pans the zoomed map and
 *   the wheel zooms (at once with ctrl, else once zoomed in);
 * - Enter or space on a `selector` element, or a click (what `clickKey(event)` names; by
 *   default `keyOf` of the `selector` element clicked), calls `open(key, x, y)`; a click on
 *   nothing closes the menu. */
export function wireMap(st, wrap, map, { tip, float, hover, light, pan = null, selector, keyOf, clickKey, open }) {
  const clicked =
    clickKey ||
    ((event) => {
      const t = event.target.closest && event.target.closest(selector);
      return t ? keyOf(t) : null;
    });
  map.addEventListener("mousemove", (event) => {
    if (st.drag && st.drag.moved) return;
    const target = event.target.closest && event.target.closest("[data-tip]");
    const over = hover(event);
    if (over !== st.hover) {
      st.hover = over;
      light(over, event);
    }
    followTip(st, wrap, event, target ? target.dataset.tip : null, tip, float);
  });
  map.addEventListener("mouseleave", () => {
    hideTip(st);
    st.hover = null;
    light(null, null);
  });
  if (pan) {
    map.addEventListener("pointerdown", (event) => {
      if (st.zoom <= 1 || event.button !== 0) return;
      st.drag = { x: event.clientX, y: event.clientY, cx: st.cx, cy: st.cy, moved: false };
    });
    map.addEventListener("pointermove", (event) => {
      const d = st.drag;
      if (!d) return;
      const dx = event.clientX - d.x;
      const dy = event.clientY - d.y;
      if (!d.moved && Math.hypot(dx, dy) < 5) return;
      d.moved = true;
      const scale = pan.width / st.zoom / (map.clientWidth || pan.width);
      st.cx = d.cx - dx * scale;
      st.cy = d.cy - dy * scale;
      map.setAttribute("viewBox", pan.viewBox());
    });
    const endDrag = () => {
      if (st.drag && st.drag.moved) st.justDragged = true;
      st.drag = null;
    };
    map.addEventListener("pointerup", endDrag);
    map.addEventListener("pointercancel", endDrag);
    map.addEventListener(
      "wheel",
      (event) => {
        // the page scrolls as usual until the map is zoomed (ctrl + wheel zooms at once)
        if (!event.ctrlKey && !event.metaKey && st.zoom <= 1) return;
        event.preventDefault();
        const zooms = pan.zooms;
        const i = zooms.findIndex((z) => z >= st.zoom - 1e-6);
        const next = event.deltaY < 0 ? zooms[Math.min(zooms.length - 1, i + 1)] : zooms[Math.max(0, i - 1)];
        pan.zoom(next, svgPoint(map, event));
      },
      { passive: false },
    );
  }
  map.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const t = event.target.closest && event.target.closest(selector);
    if (!t) return;
    event.preventDefault();
    const r = wrap.getBoundingClientRect();
    const b = t.getBoundingClientRect();
    open(keyOf(t), b.left - r.left + b.width / 2, b.top - r.top + b.height / 2);
    const first = st.menuBox.querySelector(".menu-list button");
    if (first) first.focus();
  });
  map.addEventListener("click", (event) => {
    if (st.justDragged) {
      st.justDragged = false;
      return;
    }
    const key = clicked(event);
    if (key === null) {
      closeMenu(st);
      return;
    }
    const [x, y] = localPoint(wrap, event);
    open(key, x, y);
    event.stopPropagation();
  });
}

/** The map's width on screen in pixels: its SVG's if drawn, else the container's. */
export function mapWidth(st, container) {
  if (st.map) {
    const r = st.map.getBoundingClientRect();
    if (r.width) return r.width;
  }
  return Math.max(280, (container.clientWidth || 940) - 2);
}
