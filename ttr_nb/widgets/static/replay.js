// A control in a page with no kernel (ttr_nb.widgets.static_html): the BoardWidget's own
// drawing (board.js, inserted below by Python) on a model kept in the page, and for a
// GameStepper the recorded game's steps (a slider, |◀ ◀ ▶ ▶|, Play), each step's board
// rebuilt from per-step differences. Hover a route for its facts (and when it was claimed);
// click a route or a city for a box. It loads nothing from the network.
(function () {
  "use strict";
  const BOARD = (function () {
    /*BOARD_JS*/
    return render;
  })();
  const DICTS = ["claims", "glow", "rings", "stations", "borrowed"];

  function pageModel(state, onSend) {
    const listeners = {};
    return {
      get: (k) => state[k],
      set(k, v) {
        state[k] = v;
        for (const fn of (listeners[`change:${k}`] || []).slice()) fn();
      },
      on(ev, fn) { (listeners[ev] = listeners[ev] || []).push(fn); },
      off(ev, fn) { listeners[ev] = (listeners[ev] || []).filter((g) => g !== fn); },
      send(msg) { onSend(msg); },
      save_changes() {},
    };
  }

  function el(tag, cls, parent, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }
  const plural = (n, w) => `${n} ${w}${n === 1 ? "" : "s"}`;

  // every step's board traits, from the first step's and each step's differences
  function frames(steps) {
    const out = [];
    let cur = {};
    for (const d of steps) {
      const next = Object.assign({}, cur);
      for (const k of Object.keys(d)) {
        if (DICTS.includes(k)) {
          const v = Object.assign({}, cur[k] || {}, d[k][0]);
          for (const gone of d[k][1]) delete v[gone];
          next[k] = v;
        } else {
          next[k] = d[k];
        }
      }
      out.push(next);
      cur = next;
    }
    return out;
  }

  function init(root) {
    root.dataset.ttrLive = "1";
    const data = JSON.parse(root.querySelector("script.ttr-static-data").textContent);
    const geo = data.geometry;
    const routes = new Map(geo.routes.map((r) => [r.id, r]));
    const stage = root.querySelector(".ttr-static-board");
    const state = Object.assign({ picked: -1, picked_city: "", card: {}, tip: {}, notice: "", answered: 0 },
      data.board, { geometry: geo });
    const rec = data.steps ? data : null; // a recorded game, or a board alone
    const all = rec ? frames(rec.steps) : null;
    let step = rec ? rec.start : 0;

    function owner(rid) {
      const p = (state.claims || {})[String(rid)];
      return p === undefined ? null : (state.player_names[p] || `Player ${p + 1}`);
    }
    function facts(r) {
      const colour = r.color === "gray" ? "gray (any one colour)" : r.color;
      const out = [`${plural(r.length, "car")}, ${colour}, ${r.points} points`];
      if (r.ferry) out.push(`ferry: ${plural(r.ferry, "Locomotive")} needed`);
      if (r.tunnel) out.push(`tunnel: ${r.tunnel} cards revealed when claimed`);
      if (r.mountains) out.push(`${plural(r.mountains, "X space")}: ${r.trains} trains`);
      if (r.terrain) out.push(`terrain: ${r.terrain}`);
      if (r.twins.length) out.push("one track of a double route (each track is its own target)");
      return out;
    }
    // when the route is claimed in the recorded game, as the GameStepper words it
    function claimWords(rid) {
      const c = rec && rec.claimed[String(rid)];
      if (!c) return [rec ? "Nobody claims it in this game." : "", null];
      const [at, seat, turn] = c;
      const d = Math.abs(at - step);
      const rel = at === step ? "the step shown" : at < step ? `${plural(d, "step")} ago` : `${plural(d, "step")} from now`;
      return [`Claimed by ${rec.names[seat]} at step ${at} (turn ${turn}), ${rel}.`, at];
    }
    function routeCard(rid) {
      const r = routes.get(rid);
      const o = owner(rid);
      const lines = facts(r);
      const buttons = [];
      if (rec) {
        const [words, at] = claimWords(rid);
        lines.push(words);
        if (at !== null) {
          if (rec.texts[at][1]) lines.push(rec.texts[at][1]);
          if (at !== step) buttons.push({ id: `goto:${at}`, label: `Go to step ${at}`, tip: `Go to step ${at}` });
          if (at > 1 && at - 1 !== step) {
            buttons.push({ id: `goto:${at - 1}`, label: `Just before (step ${at - 1})`, tip: "the step before the claim" });
          }
        }
      } else {
        lines.push(o ? `claimed by ${o}` : "not claimed");
      }
      return { at: { route: rid }, title: r.name, lines, buttons, reason: "", kind: "info" };
    }
    function cityCard(name) {
      const rs = geo.routes.filter((r) => r.a === name || r.b === name)
        .map((r) => [r.a === name ? r.b : r.a, r]).sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1].id - y[1].id));
      const parts = rs.map(([other, r]) => {
        const o = owner(r.id);
        return `${other} (${r.length}, ${r.color}${o ? ", " + o : ""})`;
      });
      const lines = [`${plural(rs.length, "route")}: ${parts.join(", ")}`];
      const sp = (state.stations || {})[name];
      if (sp !== undefined) {
        const lent = routes.get((state.borrowed || {})[name]);
        lines.push(`${state.player_names[sp] || "Player " + (sp + 1)}'s train station${lent ? ": it borrows " + lent.name : ""}`);
      }
      if (rec) lines.push("Its tickets: run the lesson in Jupyter (the GameStepper shows them).");
      return { at: { city: name }, title: name, lines, buttons: [], reason: "", kind: "info" };
    }

    let m = null;
    function onSend(msg) {
      if (msg.event === "hover") {
        m.set("tip", { route: msg.route, text: rec ? claimWords(msg.route)[0] : "" });
      } else if (msg.event === "leave") {
        m.set("tip", {});
      } else if (msg.event === "close") {
        m.set("card", {});
      } else if (msg.event === "click" && msg.route !== undefined && routes.has(msg.route)) {
        m.set("picked", msg.route);
        m.set("picked_city", "");
        m.set("card", routeCard(msg.route));
      } else if (msg.event === "click" && msg.city !== undefined) {
        m.set("picked", -1);
        m.set("picked_city", msg.city);
        m.set("card", cityCard(msg.city));
      } else if (msg.event === "button" && /^goto:\d+$/.test(msg.id || "")) {
        stop();
        go(Number(msg.id.slice(5)));
      }
      if (msg.seq !== undefined) m.set("answered", msg.seq);
    }
    m = pageModel(state, onSend);
    const picture = stage.querySelector("img");
    const host = el("div", "ttr-static-live", stage);
    BOARD({ model: m, el: host });
    if (picture) picture.remove(); // the stored picture, shown until the board is drawn
    root.classList.add("ttr-static-on");
    if (!rec) return;

    // -- the recorded game's steps ----------------------------------------------------------
    const bar = root.querySelector(".ttr-static-bar");
    const slider = bar.querySelector("input[type=range]");
    const counter = root.querySelector(".ttr-static-counter");
    const status = root.querySelector(".ttr-static-status");
    const players = root.querySelector(".ttr-static-players");
    const log = root.querySelector(".ttr-static-log");
    const btn = (k) => bar.querySelector(`button[data-go=${k}]`);
    let timer = null;
    function playing(on) {
      const b = btn("play");
      b.textContent = on ? "⏸ Pause" : "▶ Play";
      b.title = on ? "pause here (the step stays)" : "play the game step by step (press again to pause)";
      b.setAttribute("aria-label", b.title);
      b.setAttribute("aria-pressed", on ? "true" : "false");
    }
    function stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
      playing(false);
    }
    function play() {
      if (timer !== null) return stop();
      if (step >= rec.n) go(0);
      playing(true);
      timer = setInterval(() => (step < rec.n ? go(step + 1) : stop()), 500);
    }
    function paintPlayers() {
      players.textContent = "";
      const t = el("table", "ttr-static-table", players);
      const head = el("tr", "", el("thead", "", t));
      for (const w of ["player", "trains", "cards", "tickets", "points"]) el("th", "", head, w);
      const body = el("tbody", "", t);
      rec.players[step].forEach((row, s) => {
        const tr = el("tr", "", body);
        const td = el("td", "", tr);
        const sw = el("span", "ttr-static-swatch", td);
        sw.style.background = state.player_colors[s % state.player_colors.length];
        el("span", "", td, rec.names[s]);
        row.forEach((v, i) => el("td", i === 3 ? "ttr-static-points" : "", tr, String(v)));
      });
    }
    function paintLog() {
      log.textContent = "";
      el("div", "ttr-static-log-head", log, "What happened (newest first)");
      for (let k = step; k >= Math.max(0, step - 3); k--) {
        const row = el("div", k === step ? "ttr-static-now" : "", log);
        el("small", "", row, k === 0 ? "deal " : `${k} `);
        row.appendChild(document.createTextNode(rec.texts[k][1]));
      }
    }
    function go(k) {
      k = Math.max(0, Math.min(rec.n, Math.round(Number(k)) || 0));
      step = k;
      const f = all[k];
      for (const key of Object.keys(f)) {
        if (JSON.stringify(state[key]) !== JSON.stringify(f[key])) m.set(key, f[key]);
      }
      slider.value = String(k);
      counter.textContent = k === 0 ? `step 0 of ${rec.n} (the deal)` : `step ${k} of ${rec.n}, turn ${rec.turns[k]}`;
      status.textContent = rec.texts[k][0];
      btn("first").disabled = btn("back").disabled = k === 0;
      btn("forward").disabled = btn("last").disabled = k === rec.n;
      paintPlayers();
      paintLog();
      const at = (state.card || {}).at || {};
      if (at.route !== undefined) m.set("card", routeCard(at.route)); // "3 steps ago" changes
      else if (at.city !== undefined) m.set("card", cityCard(at.city));
      root.dataset.step = String(k);
    }
    slider.addEventListener("input", () => { stop(); go(slider.value); });
    btn("first").addEventListener("click", () => { stop(); go(0); });
    btn("back").addEventListener("click", () => { stop(); go(step - 1); });
    btn("forward").addEventListener("click", () => { stop(); go(step + 1); });
    btn("last").addEventListener("click", () => { stop(); go(rec.n); });
    btn("play").addEventListener("click", play);
    bar.hidden = false;
    go(step);
  }

  for (const root of document.querySelectorAll("[data-ttr-static]:not([data-ttr-live])")) {
    try {
      init(root);
    } catch (e) {
      root.dataset.ttrError = String(e); // the stored picture stays
    }
  }
})();
