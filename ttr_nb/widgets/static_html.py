"""A control as a web page fragment that works with no kernel: the ``text/html`` of its display.

Where no kernel draws a widget (the documentation site, ``jupyter nbconvert --to html`` of a
saved notebook), a :class:`~ttr_nb.widgets.GameStepper` shows its recorded game with a step
slider, ``|◀ ◀ ▶ ▶|`` and Play, and a :class:`~ttr_nb.widgets.BoardWidget` its board: both drawn
by the BoardWidget's own JavaScript (``static/board.js``) on data stored in the page, with the
same hover text and click boxes, nothing fetched from the network. A game is stored once: the
board's geometry, then for each step only what changed on the board (a claim, the frame
round the last claim, rings), the step's words and the players' totals.

Jupyter with a kernel shows the live widget (its view ranks first); the fragment is its
fallback, and carries the stored picture (``image/png``) for a viewer that runs no scripts.
"""
from __future__ import annotations

import base64
import html
import json
from pathlib import Path
from typing import Any

from ._common import EXPECTED, STEP_LABELS, action_text, doubled_glow, station_traits, status_text, step_marks

STATIC = Path(__file__).with_name("static")
MARK = "data-ttr-static"
"""The attribute of a fragment's outer element (``data-ttr-static="stepper"`` or ``"board"``)."""
BOARD_TRAITS = ("claims", "player_colors", "player_names", "marks", "glow", "gap", "trails", "framed",
                "closed", "rings", "stations", "borrowed", "labels", "title", "width_px")
"""The BoardWidget traits a position is drawn from (board.js reads them from its model)."""
STEP_TRAITS = ("claims", "glow", "rings", "framed", "labels", "stations", "borrowed")
"""The traits a GameStepper changes from step to step."""
DICT_TRAITS = ("claims", "glow", "rings", "stations", "borrowed")
"""Stored as differences: ``[added or changed entries, removed keys]``."""
MAX_STEPS = 5000
"""A longer record is shown as its picture (the page would be too big)."""
BUTTONS = (("first", "|◀", "back to the start (the deal, step 0)"), ("back", "◀", "back one step"),
           ("forward", "▶", "forward one step"), ("last", "▶|", "last step"),
           ("play", "▶ Play", "play the game step by step (press again to pause)"))
"""The bar's buttons: what replay.js calls them, their face, their tooltip and spoken name."""
NOTE = ("A replay of the recorded game, in this page: the slider and the buttons step through it; "
        "hover or click a route to see when it was claimed. In Jupyter the GameStepper also has "
        "the eyes menu, every hand and the score chart.")


def _read(name: str) -> str:
    return (STATIC / name).read_text(encoding="utf-8")


def _script() -> str:
    """replay.js with board.js inside it (an ES module's body, its ``export`` line taken out)."""
    board = _read("board.js")
    export = "export default { render };"
    if board.count(export) != 1:
        raise RuntimeError("static/board.js no longer ends with 'export default { render };'")
    code = _read("replay.js").replace("/*BOARD_JS*/", board.replace(export, ""))
    # smaller: no indentation, no comment lines (nothing else changes; both files are ours)
    code = "\n".join(line.strip() for line in code.splitlines()
                     if line.strip() and not line.strip().startswith("//"))
    low = code.lower()
    if "</script" in low or "<!--" in low:
        raise RuntimeError("the page's script would end early: it contains '</script' or '<!--'")
    return code


def _json(data: Any) -> str:
    """JSON safe inside ``<script type="application/json">`` (no ``<``, ``>`` or ``&``)."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def board_state(widget: Any) -> dict[str, Any]:
    """The traits of a BoardWidget that board.js draws a position from (no geometry)."""
    return {k: getattr(widget, k) for k in BOARD_TRAITS}


def step_traits(stepper: Any, game: Any, step: int) -> dict[str, Any]:
    """The board traits a GameStepper shows at ``step`` (``game`` is that position), as
    ``GameStepper._render`` sets them through ``BoardWidget.show``."""
    tl, eyes, bw = stepper.timeline, stepper.eyes, stepper.board_widget
    view = game.view(eyes)
    n = len(bw.player_colors) or 1
    claims = {int(r): int(s) for r, s in view["route_owners"].items()}
    rings, last = step_marks(tl, tl.steps[step - 1] if step else None, view, eyes)
    return {"claims": {str(r): p % n for r, p in sorted(claims.items())},
            "glow": {str(r): c for r, c in sorted(doubled_glow(game).items())},
            "rings": dict(sorted(rings.items())), "framed": sorted(set(last)),
            "labels": {str(k): str(v) for k, v in STEP_LABELS.items()},
            **_stations(game, view, n)}


def _stations(game: Any, view: dict, n: int) -> dict[str, Any]:
    """The train stations of a step (Europe) as the board traits ``stations`` and ``borrowed``
    (empty for a game without stations: stored once, at step 0)."""
    stations, borrowed = station_traits(game, view)
    return {"stations": {c: p % n for c, p in sorted(stations.items())}, "borrowed": dict(sorted(borrowed.items()))}


def difference(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """What changed from one step's traits to the next: a dict trait as ``[added or changed,
    removed keys]``, any other trait whole; unchanged traits are left out."""
    out: dict[str, Any] = {}
    for k, v in after.items():
        old = before.get(k)
        if old == v:
            continue
        if k in DICT_TRAITS:
            old = old or {}
            out[k] = [{a: b for a, b in v.items() if old.get(a) != b}, sorted(set(old) - set(v))]
        else:
            out[k] = v
    return out


def replay(data_steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every step's traits again from the differences (what replay.js does in the page)."""
    out, cur = [], {}
    for d in data_steps:
        nxt = dict(cur)
        for k, v in d.items():
            if k in DICT_TRAITS:
                got = {**cur.get(k, {}), **v[0]}
                for gone in v[1]:
                    got.pop(gone, None)
                nxt[k] = got
            else:
                nxt[k] = v
        out.append(nxt)
        cur = nxt
    return out


def stepper_data(stepper: Any) -> dict[str, Any]:
    """A GameStepper's recorded game as the page needs it: the board's geometry and looks,
    each step's board differences, words (``[status, what the step did]``) and the players'
    ``[trains, cards, tickets, route points]``, the turn of each step, and when each claimed
    route was claimed (``route id -> [step, seat, turn]``). As the stepper's eyes see it."""
    tl, eyes = stepper.timeline, stepper.eyes
    game = tl.fresh()
    steps, texts, players, turns = [], [], [], []
    before: dict[str, Any] = {}
    for k in range(stepper.n_steps + 1):
        if k:
            game.apply(tl.actions[k - 1])
        traits = step_traits(stepper, game, k)
        steps.append(difference(before, traits))
        before = traits
        view = game.view(eyes)
        texts.append([status_text(game), "the deal" if k == 0 else action_text(tl.steps[k - 1], eyes)])
        players.append([[p["trains"], p["cards"], p["tickets"], p["route_points"]] for p in view["players"]])
        turns.append(tl.turn_at(k))
    board = board_state(stepper.board_widget)
    for k in STEP_TRAITS:
        board.pop(k, None)
    return {"geometry": stepper.board_widget.geometry, "board": board, "names": list(tl.names),
            "n": stepper.n_steps, "start": stepper.step, "steps": steps, "texts": texts,
            "players": players, "turns": turns,
            "claimed": {str(st.route): [st.index, st.seat, st.turn] for st in tl.steps if st.route is not None}}


def _picture(png_b64: str | None, alt: str) -> str:
    if not png_b64:
        return f'<p class="ttr-static-wait">{html.escape(alt or "The board is drawn here by its script.")}</p>'
    return (f'<img class="ttr-static-picture" src="data:image/png;base64,{png_b64}" '
            f'alt="{html.escape(alt, quote=True)}">')


def _page(kind: str, data: dict[str, Any], inner: str, label: str) -> str:
    return (f'<div class="ttr-static ttr-static-{kind}" {MARK}="{kind}" role="group" '
            f'aria-label="{html.escape(label, quote=True)}">'
            f'<style>{_read("board.css")}{_read("replay.css")}</style>{inner}'
            f'<script type="application/json" class="ttr-static-data">{_json(data)}</script>'
            f'<script>{_script()}</script></div>')


def _counter(k: int, n: int, turn: int) -> str:
    return f"step 0 of {n} (the deal)" if k == 0 else f"step {k} of {n}, turn {turn}"


def stepper_html(stepper: Any, png_b64: str | None = None, alt: str = "") -> str:
    """A GameStepper's recorded game as a self-contained HTML fragment (no kernel): the step
    slider, ``|◀ ◀ ▶ ▶|``, Play, the board and the players, at the stepper's step and eyes.
    ``png_b64`` (the stored picture, base64) is shown until the script draws the board."""
    if stepper.n_steps > MAX_STEPS:
        raise ValueError(f"a record of {stepper.n_steps} steps is too long for a page (at most {MAX_STEPS})")
    data = stepper_data(stepper)
    n, k = data["n"], data["start"]
    tl = stepper.timeline
    eyes = ("eyes: the teacher (every hand)" if stepper.eyes is None
            else f"eyes: {tl.names[stepper.eyes]}'s (only their own cards and tickets)")
    buttons = "".join(
        f'<button type="button" data-go="{go}" title="{tip}" aria-label="{tip}"'
        + (' aria-pressed="false"' if go == "play" else "") + f">{face}</button>"
        for go, face, tip in BUTTONS)
    bar = (f'<div class="ttr-static-bar" role="group" aria-label="step through the game" hidden>{buttons}'
           f'<label>step <input type="range" min="0" max="{n}" value="{k}" step="1" '
           f'aria-label="step (0 is the deal)"></label>'
           f'<span class="ttr-static-counter">{_counter(k, n, data["turns"][k])}</span>'
           f'<span class="ttr-static-eyes">{html.escape(eyes)}</span></div>')
    inner = (bar + f'<div class="ttr-static-status">{html.escape(data["texts"][k][0])}</div>'
             f'<div class="ttr-static-board">{_picture(png_b64, alt)}</div>'
             '<div class="ttr-static-side"><div class="ttr-static-players"></div>'
             '<div class="ttr-static-log"></div></div>'
             f'<p class="ttr-static-note">{html.escape(NOTE)}</p>')
    label = f"GameStepper: a recorded game of {tl.variant.name}, {len(tl.names)} players, {n} steps"
    return _page("stepper", data, inner, label)


def board_html(widget: Any, png_b64: str | None = None, alt: str = "") -> str:
    """A BoardWidget's board and position as a self-contained HTML fragment (no kernel):
    hover a route for its facts, click a route or a city for a box."""
    data = {"geometry": widget.geometry, "board": board_state(widget)}
    inner = f'<div class="ttr-static-board">{_picture(png_b64, alt)}</div>'
    return _page("board", data, inner, f"BoardWidget: the {widget.board.name} board")


def with_static_html(bundle: Any, make: Any) -> Any:
    """A display bundle with ``text/html`` from ``make(png_b64, alt)`` (the bundle's picture
    and its alt text passed in). A fragment that cannot be made leaves the bundle as it was."""
    data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
    if data is None:
        return bundle
    png = data.get("image/png")
    alt = ((meta or {}).get("image/png") or {}).get("alt", "")
    try:
        page = make(png, alt)
    except EXPECTED:                     # the picture alone is still a good display
        return bundle
    return {**data, "text/html": page}, meta


def png_of(page: str) -> bytes | None:
    """The stored picture inside a fragment (None if it has none): for tests and tools."""
    start = page.find('src="data:image/png;base64,')
    if start < 0:
        return None
    start += len('src="data:image/png;base64,')
    return base64.b64decode(page[start:page.index('"', start)])
