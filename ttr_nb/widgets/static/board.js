// BoardWidget (ttr_nb.widgets.board_widget): the board as SVG, drawn from the geometry of the
// matplotlib pictures (ttr_nb.draw), with click, hover and keyboard events sent to Python.
// Shipped inside the package; it loads nothing from the network.
//
// Layers, bottom to top (the z-order of draw_board): ground, highlight bands (path, gap,
// trails), countries, track (tunnel outlines, car spaces), claimed cars and marks, closed and
// framed tracks, routes borrowed by train stations, the top (Locomotive stripes, X marks, tunnel
// badges, city dots), city rings, city names, train stations (Europe), the picked route or city,
// and the invisible targets that take the events.

const SVGNS = "http://www.w3.org/2000/svg";
const K = 1000; // board units -> SVG user units (keeps font sizes ordinary numbers)
const WATCHED = ["claims", "glow", "gap", "trails", "framed", "closed", "rings", "stations", "borrowed", "labels", "picked",
  "picked_city", "card", "tip", "notice", "title", "player_colors", "player_names", "marks",
  "answered", "width_px"];
let VIEWS = 0;

function s(tag, attrs, parent) {
  const e = document.createElementNS(SVGNS, tag);
  if (attrs) for (const k in attrs) if (attrs[k] !== undefined && attrs[k] !== null) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

function h(tag, cls, parent, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

const f = (v) => (v * K).toFixed(2);

function luminance(hex) {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex || "");
  if (!m) return 1;
  const n = parseInt(m[1], 16);
  const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => v / 255);
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

// a rectangle centred on a car space, turned by its angle (as matplotlib's Rectangle with
// rotation_point="center")
function carRect(sp, len, wid, attrs, parent) {
  const a = Object.assign({
    x: f(sp[0] - len / 2), y: f(sp[1] - wid / 2), width: f(len), height: f(wid),
    transform: `rotate(${sp[2]} ${f(sp[0])} ${f(sp[1])})`,
  }, attrs || {});
  return s("rect", a, parent);
}

function pointsOf(line) {
  return line.map((p) => `${f(p[0])},${f(p[1])}`).join(" ");
}

function upright(angle) {
  return (((angle + 90) % 180) + 180) % 180 - 90;
}

function render({ model, el }) {
  const uid = `ttrbw${++VIEWS}`;
  const geo = model.get("geometry");
  const st = geo.style;
  const W = st.car_width;
  const U = st.unit; // one point of the PNG pictures, in board units
  const routes = new Map(geo.routes.map((r) => [r.id, r]));
  const cities = new Map(geo.cities.map((c) => [c.name, c]));
  const [x0, x1, y0, y1] = geo.extent;

  const root = h("div", "ttr-bw", el);
  const notice = h("div", "ttr-bw-notice", root);
  notice.setAttribute("role", "alert");
  const title = h("div", "ttr-bw-title", root);
  const stage = h("div", "ttr-bw-stage", root);
  const svg = s("svg", {
    viewBox: `${f(x0)} ${f(y0)} ${f(x1 - x0)} ${f(y1 - y0)}`, class: "ttr-bw-svg", role: "group",
    "aria-label": `${geo.name}: the board. Tab to a route or a city, Enter to choose it.`,
  }, stage);
  const defs = s("defs", null, svg);
  const hatch = s("pattern", { id: `${uid}-hatch`, width: f(W * 0.5), height: f(W * 0.5),
    patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
  s("path", { d: `M0 0 V${f(W * 0.5)} M0 0 H${f(W * 0.5)}`, stroke: st.ink, "stroke-width": f(U * 0.8) }, hatch);

  const g = {};
  for (const name of ["ground", "bands", "countries", "track", "cars", "borrowed", "top", "rings", "names", "stations",
    "pick", "targets"]) {
    g[name] = s("g", { class: `ttr-bw-${name}` }, svg);
  }
  s("rect", { x: f(x0), y: f(y0), width: f(x1 - x0), height: f(y1 - y0), fill: st.background,
    stroke: "#8a7a5a", "stroke-width": f(U) }, g.ground);

  const tip = h("div", "ttr-bw-tip", stage);
  tip.setAttribute("role", "tooltip");
  tip.id = `${uid}-tip`;
  const card = h("div", "ttr-bw-card", stage);
  card.setAttribute("role", "dialog");
  const live = h("div", "ttr-bw-live", root); // read aloud by screen readers
  live.setAttribute("aria-live", "polite");
  const legend = h("div", "ttr-bw-legend", root);

  // -- the board as printed ---------------------------------------------------------------
  const halo = Math.max(1.5 * U, 0.0035);
  for (const c of geo.cities) {
    if (!c.country) continue;
    s("ellipse", { cx: f(c.x), cy: f(c.y), rx: f(st.country_radius * 1.45), ry: f(st.country_radius * 0.95),
      fill: st.country_fill, stroke: st.country_edge, "stroke-width": f(1.5 * U) }, g.countries);
  }
  for (const r of geo.routes) {
    for (const sp of r.spaces) {
      if (r.tunnel) {
        const lw = Math.max(0.8 * U, 0.09 * W);
        carRect(sp, r.L + W * 0.44, W * 1.44, { fill: "none", stroke: st.ink, "stroke-width": f(lw),
          "stroke-dasharray": `${f(2 * lw)} ${f(1.2 * lw)}` }, g.track);
      }
      carRect(sp, r.L, W, { fill: r.fill, stroke: r.edge, "stroke-width": f(0.6 * U) }, g.track);
    }
    r.locos.forEach((k) => {
      const sp = r.spaces[k];
      const t = (sp[2] * Math.PI) / 180;
      const band = (r.L * 0.8) / st.loco.length;
      st.loco.forEach((col, i) => {
        const off = (i - (st.loco.length - 1) / 2) * band;
        carRect([sp[0] + Math.cos(t) * off, sp[1] + Math.sin(t) * off, sp[2]], band, W * 0.68,
          { fill: col }, g.top);
      });
    });
    r.xs.forEach((k) => {
      const sp = r.spaces[k];
      const hh = W * 0.36;
      const lw = Math.max(0.8 * U, 0.16 * W);
      const gx = s("g", { transform: `rotate(${sp[2]} ${f(sp[0])} ${f(sp[1])})`, stroke: r.xink,
        "stroke-width": f(lw), "stroke-linecap": "round" }, g.top);
      s("line", { x1: f(sp[0] - hh), y1: f(sp[1] - hh), x2: f(sp[0] + hh), y2: f(sp[1] + hh) }, gx);
      s("line", { x1: f(sp[0] - hh), y1: f(sp[1] + hh), x2: f(sp[0] + hh), y2: f(sp[1] - hh) }, gx);
    });
    if (r.badge) {
      s("circle", { cx: f(r.badge[0]), cy: f(r.badge[1]), r: f(W * 0.95), fill: st.ink, stroke: "#ffffff",
        "stroke-width": f(0.8 * U) }, g.top);
      const t = s("text", { x: f(r.badge[0]), y: f(r.badge[1]), class: "ttr-bw-badge", "font-size": f(W * 1.25),
        fill: "#ffffff" }, g.top);
      t.textContent = String(r.tunnel);
    }
  }
  for (const c of geo.cities) {
    if (c.country) {
      const t = s("text", { x: f(c.x), y: f(c.y), class: "ttr-bw-country", "font-size": f(st.label_size * 1.05),
        "stroke-width": f(halo) }, g.names);
      t.textContent = c.name.toUpperCase();
    } else {
      s("circle", { cx: f(c.x), cy: f(c.y), r: f(st.city_radius), fill: st.city_fill, stroke: st.city_edge,
        "stroke-width": f(Math.max(0.8 * U, 0.0018)) }, g.top);
    }
    if (c.label && !c.country) {
      const b = c.label;
      const t = s("text", { x: f((b[0] + b[2]) / 2), y: f((b[1] + b[3]) / 2), class: "ttr-bw-name",
        "font-size": f(st.label_size), "stroke-width": f(halo) }, g.names);
      t.textContent = c.name;
    }
  }

  // -- targets: one per track (a double's tracks are separate), one per city ---------------
  const targets = new Map();
  function target(key, label, parent) {
    const t = s("g", { class: "ttr-bw-target", tabindex: "0", role: "button", "aria-label": label,
      "data-key": key, "aria-describedby": tip.id }, parent);
    s("title", null, t).textContent = label;
    targets.set(key, t);
    return t;
  }
  for (const r of geo.routes) {
    const t = target(`route:${r.id}`, r.name, g.targets);
    t.dataset.route = String(r.id);
    const wide = r.twins.length ? W * 1.25 : W * 2.4;
    for (const sp of r.spaces) carRect(sp, r.L * 1.06, wide, { class: "ttr-bw-hit" }, t);
  }
  for (const c of geo.cities) {
    const t = target(`city:${c.name}`, `${c.name}${c.country ? " (country)" : ""}`, g.targets);
    t.dataset.city = c.name;
    if (c.country) {
      s("ellipse", { cx: f(c.x), cy: f(c.y), rx: f(st.country_radius * 1.45), ry: f(st.country_radius * 0.95),
        class: "ttr-bw-hit" }, t);
    } else {
      s("circle", { cx: f(c.x), cy: f(c.y), r: f(st.city_radius * 2.3), class: "ttr-bw-hit" }, t);
      if (c.label) {
        const b = c.label;
        s("rect", { x: f(b[0]), y: f(b[1]), width: f(b[2] - b[0]), height: f(b[3] - b[1]), class: "ttr-bw-hit" }, t);
      }
    }
  }

  // -- talking to Python ---------------------------------------------------------------------
  const pending = new Map();
  const rtts = [];
  root.ttrRtts = rtts;
  let keyboard = false;
  function send(msg) {
    const seq = 1 + Math.floor(Math.random() * 2e9);
    msg.seq = seq;
    pending.set(seq, performance.now());
    if (pending.size > 50) pending.delete(pending.keys().next().value);
    model.send(msg);
  }
  function names() { return model.get("player_names") || []; }
  function owner(rid) {
    const p = (model.get("claims") || {})[String(rid)];
    if (p === undefined) return null;
    return names()[p] || `Player ${p + 1}`;
  }
  function facts(r) {
    const colour = r.color === "gray" ? "gray (any one colour)" : r.color;
    const out = [`${r.length} car${r.length === 1 ? "" : "s"}, ${colour}, ${r.points} points`];
    if (r.ferry) out.push(`ferry: ${r.ferry} Locomotive${r.ferry === 1 ? "" : "s"}`);
    if (r.tunnel) out.push(`tunnel: ${r.tunnel} cards revealed`);
    if (r.mountains) out.push(`${r.mountains} X: ${r.trains} trains`);
    return out;
  }
  // "Ana's train station" (and the route it borrows), or null: no station in the city
  function stationWords(name) {
    const p = (model.get("stations") || {})[name];
    if (p === undefined) return null;
    const who = names()[p] || `Player ${p + 1}`;
    const rid = (model.get("borrowed") || {})[name];
    const r = rid === undefined ? null : routes.get(rid);
    return `${who}'s train station${r ? ": it borrows " + r.name : ""}`;
  }
  function ariaFor(r) {
    const o = owner(r.id);
    return `Route ${r.name}: ${facts(r).join("; ")}; ${o ? "claimed by " + o : "open"}`;
  }

  let hovered = null;
  let hoverTimer = null;
  function anchorOf(key) {
    let x, y;
    if (key.startsWith("route:")) {
      const r = routes.get(Number(key.slice(6)));
      if (!r) return null;
      const sp = r.spaces[Math.floor((r.spaces.length - 1) / 2)];
      const sq = r.spaces[Math.ceil((r.spaces.length - 1) / 2)];
      [x, y] = [(sp[0] + sq[0]) / 2, (sp[1] + sq[1]) / 2];
    } else {
      const c = cities.get(key.slice(5));
      if (!c) return null;
      [x, y] = [c.x, c.y];
    }
    const m = svg.getScreenCTM();
    if (!m) return null;
    const p = svg.createSVGPoint();
    p.x = x * K;
    p.y = y * K;
    const q = p.matrixTransform(m);
    const box = stage.getBoundingClientRect();
    return [q.x - box.left, q.y - box.top];
  }
  function place(box, at, gap) {
    const sw = stage.clientWidth;
    const sh = stage.clientHeight;
    const bw = box.offsetWidth;
    const bh = box.offsetHeight;
    let left = at[0] + gap;
    if (left + bw > sw) left = at[0] - gap - bw;
    left = Math.max(2, Math.min(left, sw - bw - 2));
    let top = at[1] - bh / 2;
    top = Math.max(2, Math.min(top, sh - bh - 2));
    box.style.left = `${left}px`;
    box.style.top = `${top}px`;
  }
  // a box beside a target, never over it: right, left, below or above its bounds, the first
  // that fits in the picture
  function placeBeside(box, key, gap) {
    const t = targets.get(key);
    if (!t) return false;
    const sb = stage.getBoundingClientRect();
    const r = t.getBoundingClientRect();
    const [L, R, T, B] = [r.left - sb.left, r.right - sb.left, r.top - sb.top, r.bottom - sb.top];
    const sw = stage.clientWidth;
    const sh = stage.clientHeight;
    const bw = box.offsetWidth;
    const bh = box.offsetHeight;
    const clampX = (x) => Math.max(2, Math.min(x, sw - bw - 2));
    const clampY = (y) => Math.max(2, Math.min(y, sh - bh - 2));
    const cx = (L + R) / 2;
    const cy = (T + B) / 2;
    const tries = [[R + gap, clampY(cy - bh / 2), R + gap + bw <= sw], [L - gap - bw, clampY(cy - bh / 2), L - gap - bw >= 0],
      [clampX(cx - bw / 2), B + gap, B + gap + bh <= sh], [clampX(cx - bw / 2), T - gap - bh, T - gap - bh >= 0]];
    const ok = tries.find((x) => x[2]) || [clampX(R + gap), clampY(cy - bh / 2)];
    box.style.left = `${ok[0]}px`;
    box.style.top = `${ok[1]}px`;
    return true;
  }
  function tipLines(key) {
    if (key.startsWith("route:")) {
      const r = routes.get(Number(key.slice(6)));
      const o = owner(r.id);
      const lines = [r.name, ...facts(r), o ? `claimed by ${o}` : "open"];
      const t = model.get("tip") || {};
      if (t.route === r.id && t.text) lines.push(t.text);
      return lines;
    }
    const c = cities.get(key.slice(5));
    const n = geo.routes.filter((r) => r.a === c.name || r.b === c.name).length;
    const out = [c.name];
    const st = stationWords(c.name);
    if (st) out.push(st);
    out.push(`${n} route${n === 1 ? "" : "s"}; click for its tickets and routes`);
    return out;
  }
  function showTip(key, at) {
    hovered = key;
    tip.textContent = "";
    tipLines(key).forEach((line, i) => h("div", i === 0 ? "ttr-bw-tip-head" : "", tip, line));
    tip.classList.add("ttr-bw-on");
    if (at) place(tip, at, 18);
  }
  function hideTip(key) {
    if (key && hovered !== key) return;
    hovered = null;
    tip.classList.remove("ttr-bw-on");
  }
  function stagePoint(ev) {
    const box = stage.getBoundingClientRect();
    return [ev.clientX - box.left, ev.clientY - box.top];
  }

  function choose(t, viaKeys) {
    keyboard = viaKeys;
    hideTip();
    if (t.dataset.route !== undefined) {
      model.set("picked", Number(t.dataset.route)); // at once; Python confirms
      send({ event: "click", route: Number(t.dataset.route) });
    } else {
      send({ event: "click", city: t.dataset.city });
    }
    schedule();
  }
  const onClick = (ev) => {
    const t = ev.target.closest(".ttr-bw-target");
    if (t) choose(t, false);
  };
  const onKey = (ev) => {
    const t = ev.target.closest && ev.target.closest(".ttr-bw-target");
    if (t && (ev.key === "Enter" || ev.key === " ")) {
      ev.preventDefault();
      choose(t, true);
    }
  };
  const onOver = (ev) => {
    const t = ev.target.closest(".ttr-bw-target");
    if (!t || hovered === t.dataset.key) return;
    showTip(t.dataset.key, stagePoint(ev));
    askTip(t);
  };
  const onMove = (ev) => {
    if (hovered && tip.classList.contains("ttr-bw-on")) place(tip, stagePoint(ev), 18);
  };
  const onOut = (ev) => {
    const t = ev.target.closest(".ttr-bw-target");
    const to = ev.relatedTarget && ev.relatedTarget.closest && ev.relatedTarget.closest(".ttr-bw-target");
    if (t && to !== t) hideTip(t.dataset.key);
  };
  const onFocus = (ev) => {
    const t = ev.target.closest && ev.target.closest(".ttr-bw-target");
    if (!t) return;
    showTip(t.dataset.key, anchorOf(t.dataset.key));
    askTip(t);
  };
  const onBlur = (ev) => {
    const t = ev.target.closest && ev.target.closest(".ttr-bw-target");
    if (t) hideTip(t.dataset.key);
  };
  function askTip(t) {
    clearTimeout(hoverTimer);
    if (t.dataset.route === undefined) return;
    hoverTimer = setTimeout(() => {
      if (hovered === t.dataset.key) send({ event: "hover", route: Number(t.dataset.route) });
    }, 90);
  }
  svg.addEventListener("click", onClick);
  svg.addEventListener("keydown", onKey);
  svg.addEventListener("mouseover", onOver);
  svg.addEventListener("mousemove", onMove);
  svg.addEventListener("mouseout", onOut);
  svg.addEventListener("focusin", onFocus);
  svg.addEventListener("focusout", onBlur);

  // -- painting a position ---------------------------------------------------------------------
  function band(rid, width, attrs, parent) {
    const r = routes.get(rid);
    if (!r) return;
    s("polyline", Object.assign({ points: pointsOf(r.line), fill: "none", "stroke-width": f(width) }, attrs), parent);
  }
  function paintBands() {
    g.bands.textContent = "";
    const B = st.band;
    const rim = st.rim;
    const glow = model.get("glow") || {};
    for (const k of Object.keys(glow)) {
      band(Number(k), B + 2 * rim, { stroke: st.ink, "stroke-linecap": "round", "stroke-linejoin": "round" }, g.bands);
      band(Number(k), B, { stroke: glow[k], "stroke-opacity": 0.9, "stroke-linecap": "round",
        "stroke-linejoin": "round" }, g.bands);
    }
    const gw = B * 0.92;
    for (const rid of model.get("gap") || []) {
      band(rid, gw + 2 * rim, { stroke: st.ink }, g.bands);
      band(rid, gw, { stroke: st.gap, "stroke-dasharray": st.gap_dashes.map((d) => f(d * gw)).join(" ") }, g.bands);
    }
    const tw = B * 0.7;
    const colors = model.get("player_colors") || [];
    const trails = model.get("trails") || {};
    for (const p of Object.keys(trails).sort()) {
      const dash = st.trail_dashes[Number(p) % st.trail_dashes.length];
      for (const rid of trails[p]) {
        band(rid, tw + 2 * rim, { stroke: st.ink }, g.bands);
        band(rid, tw, { stroke: "#ffffff" }, g.bands);
        band(rid, tw, { stroke: colors[Number(p)] || st.ink, "stroke-dasharray": dash.map((d) => f(d * tw)).join(" ") },
          g.bands);
      }
    }
  }
  function paintCars() {
    g.cars.textContent = "";
    const claims = model.get("claims") || {};
    const colors = model.get("player_colors") || [];
    const marks = model.get("marks") || [];
    for (const k of Object.keys(claims)) {
      const r = routes.get(Number(k));
      if (!r) continue;
      const p = claims[k];
      const face = colors[p % Math.max(1, colors.length)] || "#777777";
      const ink = luminance(face) < 0.42 ? "#ffffff" : st.ink;
      const grp = s("g", { class: "ttr-bw-claim", "data-route": k, "data-player": String(p) }, g.cars);
      for (const sp of r.spaces) {
        carRect(sp, r.L + W * 0.1, W * 1.12, { fill: face, stroke: st.ink, "stroke-width": f(Math.max(0.9 * U, 0.13 * W)) }, grp);
        if (marks[p]) {
          const t = s("text", { x: f(sp[0]), y: f(sp[1]), class: "ttr-bw-mark", "font-size": f(W * 0.8), fill: ink,
            transform: `rotate(${upright(sp[2])} ${f(sp[0])} ${f(sp[1])})` }, grp);
          t.textContent = marks[p];
        }
      }
    }
    for (const rid of model.get("closed") || []) {
      const r = routes.get(rid);
      if (!r) continue;
      for (const sp of r.spaces) {
        carRect(sp, r.L, W, { fill: "#ffffff", "fill-opacity": 0.55, stroke: st.ink, "stroke-width": f(0.8 * U) }, g.cars);
        carRect(sp, r.L, W, { fill: `url(#${uid}-hatch)` }, g.cars);
      }
    }
    const sw = Math.max(1.8 * U, 0.3 * W);
    for (const rid of model.get("framed") || []) {
      const r = routes.get(rid);
      if (!r) continue;
      const grp = s("g", { class: "ttr-bw-framed", "data-route": String(rid) }, g.cars);
      for (const sp of r.spaces) {
        carRect(sp, r.L + W * 0.6, W * 1.6, { fill: "none", stroke: "#ffffff", "stroke-width": f(sw * 1.9) }, grp);
        carRect(sp, r.L + W * 0.6, W * 1.6, { fill: "none", stroke: st.ink, "stroke-width": f(sw),
          "stroke-dasharray": `${f(1.6 * sw)} ${f(1.2 * sw)}` }, grp);
      }
    }
  }
  function paintRings() {
    g.rings.textContent = "";
    const rings = model.get("rings") || {};
    const lw = Math.max(1.5 * U, 0.004);
    for (const name of Object.keys(rings)) {
      const c = cities.get(name);
      if (!c) continue;
      const rad = c.country ? st.country_radius * 1.1 : st.city_radius * 2.1;
      s("circle", { cx: f(c.x), cy: f(c.y), r: f(rad), fill: "none", stroke: st.ink, "stroke-width": f(lw + 2 * U) }, g.rings);
      s("circle", { cx: f(c.x), cy: f(c.y), r: f(rad), fill: "none", stroke: rings[name], "stroke-width": f(lw),
        class: "ttr-bw-ring", "data-city": name }, g.rings);
    }
  }
  // a train station's house (ttr_nb.draw.style.STATION_SHAPE) centred on (x, y), ``size`` board
  // units per city radius, in the player's colour with a dark outline in a white rim and the mark
  function house(x, y, size, face, mark, parent) {
    const pts = (st.station || []).map(([dx, dy]) => `${f(x + dx * size)},${f(y + dy * size)}`).join(" ");
    const lw = Math.max(U, 0.22 * size);
    s("polygon", { points: pts, fill: "none", stroke: "#ffffff", "stroke-width": f(lw + Math.max(1.5 * U, 0.25 * size)),
      "stroke-linejoin": "miter" }, parent);
    s("polygon", { points: pts, fill: face, stroke: st.ink, "stroke-width": f(lw), "stroke-linejoin": "miter" }, parent);
    if (mark) {
      const t = s("text", { x: f(x), y: f(y + 0.38 * size), class: "ttr-bw-mark", "font-size": f(1.05 * size),
        fill: luminance(face) < 0.42 ? "#ffffff" : st.ink }, parent);
      t.textContent = mark;
    }
  }
  function paintStations() {
    g.stations.textContent = "";
    g.borrowed.textContent = "";
    const stations = model.get("stations") || {};
    const borrowed = model.get("borrowed") || {};
    const colors = model.get("player_colors") || [];
    const marks = model.get("marks") || [];
    const R = st.city_radius;
    const face = (p) => colors[p % Math.max(1, colors.length)] || "#777777";
    const sw = Math.max(1.8 * U, 0.3 * W);
    for (const name of Object.keys(borrowed).sort()) {
      const r = routes.get(borrowed[name]);
      const p = stations[name];
      if (!r || p === undefined) continue;
      const grp = s("g", { class: "ttr-bw-borrowed", "data-city": name, "data-route": String(r.id) }, g.borrowed);
      for (const sp of r.spaces) {
        carRect(sp, r.L + W * 0.64, W * 1.7, { fill: "none", stroke: "#ffffff", "stroke-width": f(sw * 2.2) }, grp);
        carRect(sp, r.L + W * 0.64, W * 1.7, { fill: "none", stroke: face(p), "stroke-width": f(sw * 1.2),
          "stroke-dasharray": `${f(2.2 * sw * 1.2)} ${f(1.1 * sw * 1.2)}` }, grp);
      }
      const a = r.spaces[Math.floor((r.spaces.length - 1) / 2)];
      const b = r.spaces[Math.ceil((r.spaces.length - 1) / 2)];
      house((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, R * 0.75, face(p), null, grp);
    }
    for (const name of Object.keys(stations).sort()) {
      const c = cities.get(name);
      if (!c) continue;
      const p = stations[name];
      const grp = s("g", { class: "ttr-bw-station", "data-city": name, "data-player": String(p) }, g.stations);
      house(c.x, c.y, R, face(p), marks[p] || null, grp);
    }
    for (const c of geo.cities) {        // the city's name for screen readers and its tooltip
      const t = targets.get(`city:${c.name}`);
      if (!t) continue;
      const words = stationWords(c.name);
      const label = `${c.name}${c.country ? " (country)" : ""}${words ? ": " + words : ""}`;
      t.setAttribute("aria-label", label);
      t.firstChild.textContent = label;
    }
  }
  function paintPick() {
    g.pick.textContent = "";
    const rid = model.get("picked");
    const r = routes.get(rid);
    if (r) {
      const grp = s("g", { class: "ttr-bw-picked", "data-route": String(rid) }, g.pick);
      for (const sp of r.spaces) {
        carRect(sp, r.L + W * 0.5, W * 1.5, { fill: "none", stroke: "#ffffff", "stroke-width": f(W * 0.5) }, grp);
        carRect(sp, r.L + W * 0.5, W * 1.5, { fill: "none", stroke: st.ink, "stroke-width": f(W * 0.24) }, grp);
      }
    }
    const c = cities.get(model.get("picked_city"));
    if (c) {
      const rad = c.country ? st.country_radius * 1.2 : st.city_radius * 2.9;
      const grp = s("g", { class: "ttr-bw-picked", "data-city": c.name }, g.pick);
      s("circle", { cx: f(c.x), cy: f(c.y), r: f(rad), fill: "none", stroke: "#ffffff", "stroke-width": f(W * 0.55) }, grp);
      s("circle", { cx: f(c.x), cy: f(c.y), r: f(rad), fill: "none", stroke: st.ink, "stroke-width": f(W * 0.26) }, grp);
    }
    for (const [key, t] of targets) {
      const on = (r && key === `route:${r.id}`) || (c && key === `city:${c.name}`);
      t.setAttribute("aria-pressed", on ? "true" : "false");
    }
  }
  function paintAria() {
    for (const r of geo.routes) {
      const t = targets.get(`route:${r.id}`);
      const label = ariaFor(r);
      t.setAttribute("aria-label", label);
      t.firstChild.textContent = label;
      t.classList.toggle("ttr-bw-claimed", owner(r.id) !== null);
    }
  }
  function paintCard() {
    const c = model.get("card") || {};
    card.textContent = "";
    if (!c.title) {
      card.classList.remove("ttr-bw-on");
      return;
    }
    card.classList.toggle("ttr-bw-error", c.kind === "error");
    const head = h("div", "ttr-bw-card-head", card);
    h("span", "ttr-bw-card-title", head, c.title);
    const x = h("button", "ttr-bw-close", head, "×");
    x.setAttribute("aria-label", "close");
    x.title = "close (Esc)";
    x.addEventListener("click", () => {
      card.classList.remove("ttr-bw-on");
      send({ event: "close" });
    });
    for (const line of c.lines || []) h("div", "ttr-bw-card-line", card, line);
    if (c.reason) h("div", "ttr-bw-card-reason", card, c.reason);
    const bar = h("div", "ttr-bw-card-buttons", card);
    for (const b of c.buttons || []) {
      const btn = h("button", "ttr-bw-button", bar, b.label);
      btn.title = b.tip || b.label;
      btn.dataset.id = b.id;
      btn.addEventListener("click", () => send({ event: "button", id: b.id }));
    }
    card.setAttribute("aria-label", c.title);
    card.classList.add("ttr-bw-on");
    const at = c.at || {};
    const key = at.route !== undefined ? `route:${at.route}` : at.city !== undefined ? `city:${at.city}` : null;
    if (!key || !placeBeside(card, key, 14)) place(card, [stage.clientWidth - 8, 8], 22);
    live.textContent = [c.title, ...(c.lines || []), c.reason || ""].join(". ");
    if (keyboard) {
      const first = card.querySelector(".ttr-bw-button") || x;
      first.focus();
      keyboard = false;
    }
  }
  card.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") {
      card.classList.remove("ttr-bw-on");
      send({ event: "close" });
      const back = targets.get(model.get("picked") >= 0 ? `route:${model.get("picked")}` : `city:${model.get("picked_city")}`);
      if (back) back.focus();
    }
  });
  function swatch(parent, color, mark) {
    const sv = s("svg", { viewBox: "0 0 30 14", class: "ttr-bw-swatch", "aria-hidden": "true" }, parent);
    s("rect", { x: 1, y: 1, width: 28, height: 12, fill: color, stroke: st.ink, "stroke-width": 1.6 }, sv);
    if (mark) {
      const t = s("text", { x: 15, y: 7.5, class: "ttr-bw-mark", "font-size": 10,
        fill: luminance(color) < 0.42 ? "#ffffff" : st.ink }, sv);
      t.textContent = mark;
    }
    return sv;
  }
  function bandKey(parent, layers) {
    const sv = s("svg", { viewBox: "0 0 30 14", class: "ttr-bw-swatch", "aria-hidden": "true" }, parent);
    for (const a of layers) s("line", Object.assign({ x1: 2, y1: 7, x2: 28, y2: 7 }, a), sv);
    return sv;
  }
  function paintLegend() {
    legend.textContent = "";
    const colors = model.get("player_colors") || [];
    const marks = model.get("marks") || [];
    const nm = names();
    const claims = model.get("claims") || {};
    const labels = model.get("labels") || {};
    let n = nm.length;
    for (const k of Object.keys(claims)) n = Math.max(n, claims[k] + 1);
    for (const p of Object.values(model.get("stations") || {})) n = Math.max(n, p + 1);
    n = Math.min(n, colors.length);
    const item = (text) => {
      const it = h("span", "ttr-bw-key", legend);
      return [it, () => h("span", "", it, text)];
    };
    for (let i = 0; i < n; i++) {
      const [it, label] = item(nm[i] || `Player ${i + 1}`);
      swatch(it, colors[i], marks[i]);
      label();
    }
    const glow = Object.values(model.get("glow") || {});
    if (glow.length) {
      const [it, label] = item(labels.path || "highlighted routes");
      bandKey(it, [{ stroke: st.ink, "stroke-width": 9 }, { stroke: glow[0], "stroke-width": 6 }]);
      label();
    }
    if ((model.get("gap") || []).length) {
      const [it, label] = item(labels.gap || "gap: open routes a ticket still needs");
      bandKey(it, [{ stroke: st.ink, "stroke-width": 8 }, { stroke: st.gap, "stroke-width": 5, "stroke-dasharray": "5 3.5" }]);
      label();
    }
    const trails = model.get("trails") || {};
    for (const p of Object.keys(trails).sort()) {
      const [it, label] = item(labels.trail || `longest trail${nm[p] ? " (" + nm[p] + ")" : ""}`);
      bandKey(it, [{ stroke: st.ink, "stroke-width": 8 }, { stroke: "#ffffff", "stroke-width": 5 },
        { stroke: colors[p], "stroke-width": 5, "stroke-dasharray": "4 2" }]);
      label();
    }
    if ((model.get("framed") || []).length) {
      const [it, label] = item(labels.selected || "selected");
      const sv = s("svg", { viewBox: "0 0 30 14", class: "ttr-bw-swatch", "aria-hidden": "true" }, it);
      s("rect", { x: 3, y: 2, width: 24, height: 10, fill: "none", stroke: "#ffffff", "stroke-width": 3 }, sv);
      s("rect", { x: 3, y: 2, width: 24, height: 10, fill: "none", stroke: st.ink, "stroke-width": 1.6,
        "stroke-dasharray": "3 2" }, sv);
      label();
    }
    if ((model.get("closed") || []).length) {
      const [it, label] = item(labels.closed || "closed track");
      const sv = s("svg", { viewBox: "0 0 30 14", class: "ttr-bw-swatch", "aria-hidden": "true" }, it);
      s("rect", { x: 3, y: 2, width: 24, height: 10, fill: `url(#${uid}-hatch)`, stroke: st.ink }, sv);
      label();
    }
    const stations = model.get("stations") || {};
    const owners = [...new Set(Object.values(stations))].sort((x, y) => x - y);
    if (owners.length) {
      const [it, label] = item(labels.stations || "train station (a house in its owner's colour and mark)");
      const sv = s("svg", { viewBox: "0 0 30 14", class: "ttr-bw-swatch", "aria-hidden": "true" }, it);
      const q = owners[0];
      const pts = (st.station || []).map(([dx, dy]) => `${15 + dx * 5.2},${7.6 + dy * 5.2}`).join(" ");
      s("polygon", { points: pts, fill: colors[q % Math.max(1, colors.length)], stroke: st.ink, "stroke-width": 1.4 }, sv);
      label();
    }
    const lent = Object.keys(model.get("borrowed") || {});
    if (lent.length) {
      const [it, label] = item(labels.borrowed || "route a station borrows (framed in the borrower's colour)");
      const q = stations[lent[0]];
      const sv = s("svg", { viewBox: "0 0 30 14", class: "ttr-bw-swatch", "aria-hidden": "true" }, it);
      s("rect", { x: 3, y: 2, width: 24, height: 10, fill: "none", stroke: "#ffffff", "stroke-width": 3.4 }, sv);
      s("rect", { x: 3, y: 2, width: 24, height: 10, fill: "none", stroke: colors[q % Math.max(1, colors.length)] || st.ink,
        "stroke-width": 2, "stroke-dasharray": "4 2" }, sv);
      label();
    }
    const rings = Object.values(model.get("rings") || {});
    if (rings.length) {
      const [it, label] = item(labels.cities || "ringed cities");
      const sv = s("svg", { viewBox: "0 0 30 14", class: "ttr-bw-swatch", "aria-hidden": "true" }, it);
      s("circle", { cx: 15, cy: 7, r: 5, fill: "none", stroke: st.ink, "stroke-width": 3.2 }, sv);
      s("circle", { cx: 15, cy: 7, r: 5, fill: "none", stroke: rings[0], "stroke-width": 1.8 }, sv);
      label();
    }
    if (model.get("picked") >= 0 || model.get("picked_city")) {
      const [it, label] = item("your choice (click again or Esc)");
      const sv = s("svg", { viewBox: "0 0 30 14", class: "ttr-bw-swatch", "aria-hidden": "true" }, it);
      s("rect", { x: 3, y: 2, width: 24, height: 10, fill: "none", stroke: "#ffffff", "stroke-width": 3.4 }, sv);
      s("rect", { x: 3, y: 2, width: 24, height: 10, fill: "none", stroke: st.ink, "stroke-width": 1.8 }, sv);
      label();
    }
  }
  function paintFrame() {
    title.textContent = model.get("title") || geo.name;
    stage.style.maxWidth = `${model.get("width_px") || 900}px`;
    root.style.maxWidth = `${(model.get("width_px") || 900) + 4}px`;
    const n = model.get("notice") || "";
    notice.textContent = n;
    notice.classList.toggle("ttr-bw-on", !!n);
  }

  let dirty = new Set(WATCHED);
  let queued = false;
  function paint() {
    queued = false;
    const d = dirty;
    dirty = new Set();
    const any = (...names) => names.some((x) => d.has(x));
    if (any("glow", "gap", "trails", "player_colors")) paintBands();
    if (any("claims", "closed", "framed", "player_colors", "marks")) paintCars();
    if (any("rings")) paintRings();
    if (any("stations", "borrowed", "player_colors", "player_names", "marks")) paintStations();
    if (any("picked", "picked_city")) paintPick();
    if (any("claims", "player_names")) paintAria();
    if (any("title", "notice", "width_px")) paintFrame();
    if (any("claims", "glow", "gap", "trails", "framed", "closed", "rings", "stations", "borrowed", "labels", "picked",
      "picked_city", "player_colors", "player_names", "marks")) paintLegend();
    if (any("card")) paintCard();
    if (any("tip") && hovered) showTip(hovered, null);
    if (any("answered")) {
      const a = model.get("answered");
      const t0 = pending.get(a);
      if (t0 !== undefined) {
        pending.delete(a);
        const ms = performance.now() - t0;
        rtts.push(ms);
        root.dataset.rtt = ms.toFixed(1);
      }
      root.dataset.answered = String(a);
    }
  }
  function schedule() {
    if (!queued) {
      queued = true;
      queueMicrotask(paint);
    }
  }
  const handlers = WATCHED.map((name) => {
    const fn = () => {
      dirty.add(name);
      schedule();
    };
    model.on(`change:${name}`, fn);
    return [name, fn];
  });
  paint();
  // the box beside a picked route needs the laid-out picture to find its place
  requestAnimationFrame(() => {
    if ((model.get("card") || {}).title) paintCard();
  });

  return () => {
    for (const [name, fn] of handlers) model.off(`change:${name}`, fn);
    clearTimeout(hoverTimer);
    svg.removeEventListener("click", onClick);
    svg.removeEventListener("keydown", onKey);
    svg.removeEventListener("mouseover", onOver);
    svg.removeEventListener("mousemove", onMove);
    svg.removeEventListener("mouseout", onOut);
    svg.removeEventListener("focusin", onFocus);
    svg.removeEventListener("focusout", onBlur);
  };
}

export default { render };
