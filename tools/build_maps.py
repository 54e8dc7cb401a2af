"""Write the project's maps/*.json from the research files in ../shared/maps-source.

    python tools/build_maps.py [SOURCE_DIR]

One coordinate system for every board: x runs 0..1 from west to east, y runs
0..height from north to south (same unit on both axes).  The research boards
(USA, Legendary Asia) give board-image positions; Europe's research file gives real
geography, replaced by the printed board's positions of tools/europe_board.py (so its
picture reads like the board); the two authored boards give
lon/lat degrees, which are projected equirectangularly around their mean latitude.
The output is deterministic (sorted keys, fixed rounding).
"""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))  # (tools/europe_board.py)
OFFICIAL = ("Facts of the published board (cities, routes, tickets), transcribed from public sources "
            "and checked against the board and card art; see 'sources'.")
AUTHORED = ("Layout authored for the ttr_nb project from real geography. The official layout is not "
            "public, so cities, routes, colours, lengths and tickets here are a reconstruction that "
            "follows the known rules facts; it is NOT the official board.")
TRADEMARK = ("Ticket to Ride is a trademark of Days of Wonder. ttr_nb is fan-made teaching material, "
             "not affiliated with or endorsed by the publisher.")
MARGIN = 0.04


def _r(v: float) -> float:
    return round(v, 4)


def _route(r: dict, sx: float = 1.0, sy: float = 1.0) -> dict:
    tunnel = r.get("tunnel", 0)
    if tunnel is True:  # a plain flag means the Europe rule: 3 cards
        tunnel = 3
    out = {
        "id": r["id"], "a": r["a"], "b": r["b"], "length": r["length"], "color": r["color"],
        "double_group": r.get("double_group"), "ferry_locos": r.get("ferry_locos", 0),
        "tunnel": int(tunnel or 0), "mountains": r.get("mountains", 0),
    }
    if "terrain" in r:
        out["terrain"] = r["terrain"]
    if r.get("spaces"):
        out["spaces"] = [[_r(x * sx), _r(y * sy), a] for x, y, a in r["spaces"]]
    return out


def research(src: dict) -> dict:
    w, h = src["coordinates"]["board_px"]
    sy = h / w  # keep x in 0..1, put y in the same unit
    cities = [{"name": c["name"], "x": _r(c["x"]), "y": _r(c["y"] * sy), "kind": "city"}
              for c in src["cities"]]
    routes = [_route(r, 1.0, sy) for r in src["routes"]]
    return {"cities": cities, "routes": routes, "height": _r(sy)}


def authored(src: dict, frame: list | None = None) -> dict:
    """Project lon/lat to board units; ``frame`` (default: the board's own cities) fixes the
    projection, so re-authoring a corner of a board moves no other city."""
    lons = [c["lon"] for c in (frame or src["cities"])]
    lats = [c["lat"] for c in (frame or src["cities"])]
    k = math.cos(math.radians(sum(lats) / len(lats)))
    x0, y0 = min(lons), max(lats)
    scale = (1 - 2 * MARGIN) / max((lo - x0) * k for lo in lons)
    cities = [{"name": c["name"], "x": _r(MARGIN + (c["lon"] - x0) * k * scale),
               "y": _r(MARGIN + (y0 - c["lat"]) * scale),
               "kind": c.get("kind", "city"), "lon": c["lon"], "lat": c["lat"]}
              for c in src["cities"]]
    routes = [_route(r) for r in src["routes"]]
    return {"cities": cities, "routes": routes, "height": _r((y0 - min(lats)) * scale + 2 * MARGIN)}


# -- The Heart of Africa: Madagascar as one node (rules-spec H-8.4, H-8.5) ---------------------
MADAGASCAR_CITIES = ("Mahajanga", "Antananarivo", "Toliara")  # the research file's three cities
MADAGASCAR = {"name": "Madagascar", "lon": 45.0, "lat": -19.5, "kind": "city"}  # near Miandrivazo
MADAGASCAR_NOTE = (
    "Madagascar is ONE traversable node, an ordinary city named Madagascar (rules-spec H-8.4, H-8.5): "
    "every route into it meets there and a path may pass through it, unlike the countries. It is "
    "reached only by the three ferries across the Mozambique Channel (Nacala-Madagascar 3 spaces, "
    "1 locomotive; Beira-Madagascar 5 and Maputo-Madagascar 6, 2 locomotives each). The node sits in "
    "the west of the island, near Miandrivazo, where the three ferry lengths match the board's scale. "
    "(The research file has three Madagascar cities, Mahajanga, Antananarivo and Toliara, joined by "
    "land routes; tools/build_maps.py merges them into this node, drops those three land routes, ids "
    "97-99, and recomputes the ticket values.)")


def cheapest_trains(cities: dict, routes: list, a: str, b: str) -> int:
    """Fewest trains joining a and b (length + X spaces); a country only as an end (H-8.2)."""
    dist, todo = {a: 0}, [(0, a)]
    while todo:
        todo.sort(reverse=True)
        d, c = todo.pop()
        if c == b:
            return d
        if d > dist[c] or (c != a and cities[c] == "country"):
            continue
        for r in routes:
            if c in (r["a"], r["b"]):
                n = r["b"] if r["a"] == c else r["a"]
                w = d + r["length"] + r.get("mountains", 0)
                if w < dist.get(n, w + 1):
                    dist[n] = w
                    todo.append((w, n))
    raise ValueError(f"no path from {a} to {b}")


def one_madagascar(src: dict) -> dict:
    """The Heart of Africa with its three Madagascar cities merged into one node "Madagascar".

    Routes inside the island go; the ferries end at the node (ids kept); tickets that named an
    old city name Madagascar; every ticket value is the cheapest train cost again."""
    old = set(MADAGASCAR_CITIES)
    out = dict(src)
    out["cities"] = [c for c in src["cities"] if c["name"] not in old] + [dict(MADAGASCAR)]
    here = lambda c: MADAGASCAR["name"] if c in old else c  # noqa: E731
    out["routes"] = [{**r, "a": here(r["a"]), "b": here(r["b"])} for r in src["routes"]
                     if not (r["a"] in old and r["b"] in old)]
    kinds = {c["name"]: c.get("kind", "city") for c in out["cities"]}
    out["tickets"] = [{**t, "a": here(t["a"]), "b": here(t["b"]),
                       "points": cheapest_trains(kinds, out["routes"], here(t["a"]), here(t["b"]))}
                      for t in src["tickets"]]
    notes = []
    for n in src["design_notes"]:
        if n.startswith("Madagascar is three"):
            n = MADAGASCAR_NOTE
        notes.append(n.replace(", Madagascar highlands.", "."))
    out["design_notes"] = notes
    return out


def usa_tickets(src: dict) -> tuple[list, dict]:
    tickets, n = [], {"original": 0, "1910": 0, "1910_classic": 0}
    prefix = {"original": "O", "1910": "N", "1910_classic": "C"}
    for t in src["tickets"]:
        deck = t["deck"]
        n[deck] += 1
        decks = [deck]
        if t.get("mega_game"):
            decks.append("mega")
        if t.get("big_cities"):
            decks.append("big_cities")
        tickets.append({"id": f"{prefix[deck]}{n[deck]:02d}", "a": t["a"], "b": t["b"],
                        "points": t["points"], "decks": sorted(decks)})
    decks = {
        "original": "the 30 tickets of the 2004 base game",
        "1910": "the 35 new tickets of USA 1910",
        "1910_classic": "the USA 1910 box's large-format reprint of the 30 originals (4 with new values) plus the 4 Mystery Train tickets",
        "mega": "Mega Game: every USA 1910 ticket (1910 + 1910_classic = 69)",
        "big_cities": "Big Cities: the 35 USA 1910 tickets that name a Big City (printed in red)",
    }
    return tickets, decks


def europe_as_printed(src: dict) -> dict:
    """Europe with the printed board's city and car-space positions (tools/europe_board.py)
    instead of the research file's real geography and schematic spaces, so the picture reads
    like the board on the table; every other fact of the research file is kept. ValueError if
    a route of the table does not join the same two cities or has not one space per car."""
    from europe_board import BOARD_PX, CITIES, ROUTES

    w, h = BOARD_PX
    names = {k: name for k, (name, _, _) in CITIES.items()}
    where = {name: (x, y) for name, x, y in CITIES.values()}
    if set(where) != {c["name"] for c in src["cities"]}:
        raise ValueError("tools/europe_board.py names other cities than the research file")
    out = dict(src)
    out["coordinates"] = {**src["coordinates"], "board_px": [w, h]}
    out["cities"] = [{"name": c["name"], "x": where[c["name"]][0] / w, "y": where[c["name"]][1] / h}
                     for c in src["cities"]]
    routes = []
    for r in src["routes"]:
        a, b, spaces = ROUTES[r["id"]]
        if {names[a], names[b]} != {r["a"], r["b"]} or len(spaces) != r["length"]:
            raise ValueError(f"route {r['id']} {r['a']}-{r['b']}: tools/europe_board.py disagrees")
        routes.append({**r, "spaces": [[x / w, y / h, t] for x, y, t in spaces]})
    out["routes"] = routes
    out["source"] = [s.replace(" (city list only; board positions not used)", " (city list)")
                     for s in src.get("source", [])] + [
        "board positions: github.com/thoun/tickettoride/modules/maps/europe/cities.php"
        "@0dddfffe4e2bfe691e2dd74fad9bdd46d54dbf55 and routes.php@100940e36e6b9a568cb48376bf6603408eff764d "
        "(the printed board's city and car-space pixels, tools/europe_board.py; they replace the "
        "research file's real geography and schematic spaces)"]
    return out


def build(src_dir: Path) -> None:
    for key in ("usa", "legendary_asia", "heart_of_africa", "team_asia", "europe"):
        src = json.loads((src_dir / f"{key}.json").read_text())
        official = key in ("usa", "legendary_asia", "europe")
        frame = src["cities"]
        if key == "heart_of_africa":
            src = one_madagascar(src)
        if key == "europe":
            src = europe_as_printed(src)
        geo = research(src) if official else authored(src, frame)
        out = {
            "schema_version": 1,
            "key": key,
            "name": src["name"],
            "official": official,
            "provenance": OFFICIAL if official else AUTHORED,
            "notice": TRADEMARK,
            "sources": src.get("source", []),
            "height": geo["height"],
            "trains_per_player": src["trains_per_player"],
            "double_routes_min_players": src["double_routes_min_players"],
            "route_points": src["route_points"],
        }
        if key == "usa":
            out["tickets"], out["decks"] = usa_tickets(src)
            out["big_cities"] = src["big_cities"]
        elif key in ("legendary_asia", "europe"):
            n = {"regular": 0, "long": 0}
            tickets = []
            for t in src["tickets"]:
                n[t["deck"]] += 1
                tickets.append({"id": f"{'L' if t['deck'] == 'long' else 'R'}{n[t['deck']]:02d}",
                                "a": t["a"], "b": t["b"], "points": t["points"], "decks": [t["deck"]]})
            out["tickets"] = tickets
            out["decks"] = {"regular": f"the {n['regular']} regular tickets",
                            "long": f"the {n['long']} Long Route tickets"}
            out["corrections"] = src.get("corrections", [])
        else:
            out["tickets"] = [{"id": f"T{i:02d}", "a": t["a"], "b": t["b"], "points": t["points"],
                               "decks": ["main"]} for i, t in enumerate(src["tickets"], 1)]
            out["decks"] = {"main": f"the {len(src['tickets'])} tickets of this board"}
            out["design_notes"] = src.get("design_notes", [])
        if key == "heart_of_africa":
            out["terrain_of_color"] = src["terrain_of_color"]
        if key == "team_asia":
            out["trains_per_team"] = src["trains_per_team"]
        out["cities"] = geo["cities"]
        out["routes"] = geo["routes"]
        (ROOT / "maps" / f"{key}.json").write_text(_dump(out))
        print(f"wrote maps/{key}.json: {len(out['cities'])} cities, {len(out['routes'])} routes, "
              f"{len(out['tickets'])} tickets")


def _dump(doc: dict) -> str:
    """JSON with one city/route/ticket per line: readable diffs, stable bytes."""
    lines = ["{"]
    items = list(doc.items())
    for i, (k, v) in enumerate(items):
        end = "," if i < len(items) - 1 else ""
        if k in ("cities", "routes", "tickets", "corrections") and v:
            lines.append(f'  "{k}": [')
            lines += [f"    {json.dumps(x, ensure_ascii=False)}{',' if j < len(v) - 1 else ''}"
                      for j, x in enumerate(v)]
            lines.append(f"  ]{end}")
        else:
            lines.append(f'  "{k}": {json.dumps(v, ensure_ascii=False)}{end}')
    lines.append("}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    build(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "maps-source")
