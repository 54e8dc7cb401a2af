"""Checks a map document (parsed JSON) and lists its problems as (item, what is wrong).

Used by :func:`ttr_nb.board.parse_map` (the first problem becomes a MapError) and by
``ttr-nb check-map FILE`` (:mod:`ttr_nb.cli_check_map`: every problem is printed). The map
format's words and limits (route colours, longest route) live here; :mod:`ttr_nb.board`
reads them from here, and this module imports no board.
"""
from __future__ import annotations

import math
import re
import unicodedata
from collections import defaultdict
from typing import Any

from .errors import int_problem, shown

Problem = tuple[str, str]
ROUTE_COLORS = ("red", "orange", "yellow", "green", "blue", "pink", "white", "black", "gray")
"""A route's colour: one of the eight train-card colours, or gray (any one colour pays)."""
MAX_LENGTH = 8
"""The longest route, in spaces."""
KINDS = ("city", "country")
MAX_ROUTE_ID = 99_999
"""Route ids (and double groups) are whole numbers 1..MAX_ROUTE_ID."""
MAX_TUNNEL = 6
"""Most cards a tunnel may reveal (Team Asia prints 4 to 6, Europe 3)."""
MAX_TICKET_POINTS = 99
MAX_COORD = 10.0
"""Coordinates lie within ±MAX_COORD (the shipped maps use 0..1 across)."""
MAX_TRAINS = 999
MAX_CITIES = 300
MAX_ROUTES = 1_000
MAX_TICKETS = 1_000
"""The most cities, routes and tickets a map may have (the largest printed boards have about
50, 110 and 70): a bigger file is not a board, and would fill the memory of a control."""
KEY_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789_"
CITY_KEYS = ("name", "x", "y", "kind", "lon", "lat")
ROUTE_KEYS = ("id", "a", "b", "length", "color", "double_group", "ferry_locos", "tunnel",
              "mountains", "terrain", "spaces")
TICKET_KEYS = ("id", "a", "b", "points", "decks")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_num(v: Any, limit: float = MAX_COORD) -> bool:
    """A finite JSON number within ±limit (NaN, Infinity and huge numbers are not allowed)."""
    return (isinstance(v, (int, float)) and not isinstance(v, bool) and -limit <= v <= limit
            and math.isfinite(v))


def _unknown_keys(obj: dict, known: tuple[str, ...], where: str, out: list[Problem]) -> None:
    """Name every key the schema does not know (a typo such as 'lenght'), with a guess."""
    import difflib

    for k in obj:
        if k not in known:
            guess = difflib.get_close_matches(str(k), known, n=1)
            hint = f" (did you mean '{guess[0]}'?)" if guess else ""
            out.append((where, f"unknown key {shown(k)}{hint}; the keys are {', '.join(known)}"))


def _is_name(v: Any) -> bool:
    return isinstance(v, str) and bool(v.strip())


def check_document(doc: Any) -> list[Problem]:
    """Every problem found in a map document, in file order; empty when the map is good."""
    if not isinstance(doc, dict):
        return [("document", f"the top level must be a JSON object, not {type(doc).__name__}")]
    out: list[Problem] = []
    for key in ("cities", "routes", "tickets"):
        if not isinstance(doc.get(key), list):
            out.append((key, f"'{key}' must be a list" + (" (missing)" if key not in doc else "")))
    if out:
        return out
    for key, most in (("cities", MAX_CITIES), ("routes", MAX_ROUTES), ("tickets", MAX_TICKETS)):
        if len(doc[key]) > most:
            out.append((key, f"{len(doc[key]):,} {key}: a map has at most {most:,}"))
    if len(doc["cities"]) < 2 or not doc["routes"]:
        out.append(("board", f"a board needs two cities and a route between them "
                             f"(this one has {len(doc['cities'])} cities and {len(doc['routes'])} routes)"))
    if out:
        return out
    _check_meta(doc, out)
    names = _check_cities(doc["cities"], out)
    terrain_of = doc.get("terrain_of_color")
    routes = _check_routes(doc["routes"], names, terrain_of if isinstance(terrain_of, dict) else None, out)
    _check_groups(routes, out)
    decks = doc.get("decks")
    _check_tickets(doc["tickets"], names, decks if isinstance(decks, dict) else None, out)
    if not out:
        _check_connected(names, routes, out)
    return out


def _check_meta(doc: dict, out: list[Problem]) -> None:
    """The board facts the loader uses: optional, but of the right type when present."""
    for k in ("key", "name"):
        if k in doc and not _is_name(doc[k]):
            out.append((k, f"'{k}' must be a non-empty string, got {shown(doc[k])}"))
    key = doc.get("key")
    if _is_name(key) and not (len(key) <= 40 and key[0].isalpha() and all(ch in KEY_CHARS for ch in key)):
        out.append(("key", f"'key' names the board in file names and links: lower-case letters, digits and "
                           f"'_', starting with a letter, at most 40 characters (like 'usa'), not {shown(key)}"))
    if "height" in doc and not (_is_num(doc["height"]) and doc["height"] > 0):
        out.append(("height", f"'height' must be a number > 0 and at most {MAX_COORD:g}, "
                              f"got {shown(doc['height'])}"))
    decks = doc.get("decks")
    if "decks" in doc and not (isinstance(decks, dict) and all(isinstance(v, str) for v in decks.values())):
        out.append(("decks", "'decks' must map each deck name to a description"))
    points = doc.get("route_points")
    if "route_points" in doc and not (
            isinstance(points, dict)
            and all(k in {str(n) for n in range(1, MAX_LENGTH + 1)} and _is_int(v) and 0 <= v <= 999
                    for k, v in points.items())):
        out.append(("route_points", f"'route_points' must map lengths '1'..'{MAX_LENGTH}' to whole numbers"))
    terrain = doc.get("terrain_of_color")
    if "terrain_of_color" in doc and not (
            isinstance(terrain, dict) and all(k in ROUTE_COLORS and isinstance(v, str) for k, v in terrain.items())):
        out.append(("terrain_of_color", "'terrain_of_color' must map route colours to terrain names"))
    for k in ("trains_per_player", "trains_per_team", "double_routes_min_players"):
        if k in doc and int_problem(doc[k], f"'{k}'", 1, MAX_TRAINS):
            out.append((k, int_problem(doc[k], f"'{k}'", 1, MAX_TRAINS)))


def plain_name(text: str) -> str:
    """A name as it is compared when typed: lower case, single spaces, no accents
    ('Montréal' and ' montreal' are both 'montreal')."""
    flat = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return " ".join(flat.lower().split())


def name_key(text: Any) -> str:
    """How a typed name is compared (a city, a player, a style): :func:`plain_name` with
    hyphens, dashes, underscores, slashes and dots as spaces ('sault st marie' is 'Sault St.
    Marie', 'destination hungry' is 'Destination-Hungry')."""
    flat = re.sub(r"[-‐‑–—_/]+", " ", str(text).replace("’", "'")).replace(".", " ")
    return plain_name(flat)


def _check_cities(cities: list, out: list[Problem]) -> dict[str, str]:
    names: dict[str, str] = {}
    keys: dict[str, str] = {}
    for i, c in enumerate(cities):
        where = f"city #{i + 1}"
        if not isinstance(c, dict):
            out.append((where, "must be an object"))
            continue
        name = c.get("name")
        if not isinstance(name, str) or not name.strip():
            out.append((where, "has no name"))
            continue
        where = f"city {shown(name)}"
        _unknown_keys(c, CITY_KEYS, where, out)
        if name in names:
            out.append((where, "is listed twice (duplicate city name)"))
        elif name_key(name) in keys:
            out.append((where, f"reads the same as city {shown(keys[name_key(name)])} when typed (names are "
                               f"compared without case, accents, dots or hyphens): give them different names"))
        keys.setdefault(name_key(name), name)
        for k in ("x", "y"):
            if not _is_num(c.get(k)):
                out.append((where, f"'{k}' must be a number from -{MAX_COORD:g} to {MAX_COORD:g}, "
                                   f"got {shown(c.get(k))}"))
        kind = c.get("kind", "city")
        if kind not in KINDS:
            out.append((where, f"kind {shown(kind)} is not one of {', '.join(KINDS)}"))
        names[name] = kind if kind in KINDS else "city"
    spots = {(c.get("x"), c.get("y")) for c in cities
             if isinstance(c, dict) and _is_num(c.get("x")) and _is_num(c.get("y"))}
    if len(names) >= 2 and len(spots) == 1:
        out.append(("cities", "every city is at the same point: give the cities their places (x, y)"))
    return names


def _check_routes(routes: list, names: dict[str, str], terrain_of: Any,
                  out: list[Problem]) -> list[dict]:
    good, ids = [], set()
    lengths: dict[Any, set] = defaultdict(set)  # double group -> the lengths of its tracks
    for r in routes:
        if isinstance(r, dict) and _is_int(r.get("double_group")) and _is_int(r.get("length")):
            lengths[r["double_group"]].add(r["length"])
    for i, r in enumerate(routes):
        if not isinstance(r, dict):
            out.append((f"route #{i + 1}", "must be an object"))
            continue
        rid = r.get("id")
        bad_id = int_problem(rid, "id", 1, MAX_ROUTE_ID)
        where = f"route {rid}" if not bad_id else f"route #{i + 1}"
        if bad_id:
            out.append((where, bad_id))
            continue
        _unknown_keys(r, ROUTE_KEYS, where, out)
        if rid in ids:
            out.append((where, "duplicate route id"))
            continue
        ids.add(rid)
        bad = len(out)
        a, b = r.get("a"), r.get("b")
        for end in (a, b):
            if not isinstance(end, str) or end not in names:
                out.append((where, f"unknown city {shown(end)}"))
        if a == b and isinstance(a, str) and a in names:
            out.append((where, f"joins {a} to itself"))
        elif (isinstance(a, str) and isinstance(b, str) and a in names and b in names
              and names[a] == names[b] == "country"):
            out.append((where, f"joins two countries ({a}, {b})"))
        length = r.get("length")
        if not _is_int(length) or not 1 <= length <= MAX_LENGTH:
            out.append((where, f"length {shown(length)} is out of range 1..{MAX_LENGTH}"))
        color = r.get("color")
        if color not in ROUTE_COLORS:
            out.append((where, f"colour {shown(color)} is not one of {', '.join(ROUTE_COLORS)}"))
        for k in ("ferry_locos", "tunnel", "mountains"):
            v = r.get(k, 0)
            if not _is_int(v) or v < 0:
                out.append((where, f"'{k}' must be a whole number >= 0, got {shown(v)}"))
            elif _is_int(length) and k != "tunnel" and v > length:
                out.append((where, f"'{k}' ({shown(v)}) is more than the route's length ({shown(length)})"))
            elif k == "tunnel" and v > MAX_TUNNEL:
                out.append((where, f"'tunnel' reveals {shown(v)} cards; a tunnel reveals at most "
                                   f"{MAX_TUNNEL}"))
        dg = r.get("double_group")
        if dg is not None and int_problem(dg, "double_group", 0, MAX_ROUTE_ID):
            out.append((where, int_problem(dg, "double_group", 0, MAX_ROUTE_ID) + " (or null)"))
        if terrain_of and color in ROUTE_COLORS and r.get("terrain") != terrain_of.get(color):
            out.append((where, f"terrain {shown(r.get('terrain'))} does not match colour {color} "
                               f"({terrain_of.get(color)})"))
        spaces = r.get("spaces")
        length_ok = (_is_int(length) and 1 <= length <= MAX_LENGTH
                     and not (_is_int(dg) and len(lengths.get(dg, ())) >= 2))
        if spaces is not None and length_ok and (not isinstance(spaces, list) or len(spaces) != length
                                   or not all(isinstance(s, list) and len(s) == 3
                                              and all(_is_num(v, 1000.0) for v in s) for s in spaces)):
            out.append((where, f"'spaces' must list {length} [x, y, angle] triples"))
        if len(out) == bad:
            good.append(r)
    return good


def _check_groups(routes: list[dict], out: list[Problem]) -> None:
    groups: dict[int, list[dict]] = defaultdict(list)
    pairs: dict[frozenset, list[dict]] = defaultdict(list)
    # a double_group that is not a whole number was reported with its route already
    routes = [r for r in routes if r.get("double_group") is None or _is_int(r.get("double_group"))]
    for r in routes:
        pairs[frozenset((r["a"], r["b"]))].append(r)
        if r.get("double_group") is not None:
            groups[r["double_group"]].append(r)
    for g, tracks in groups.items():
        first = tracks[0]
        where = f"double group {g} (routes {', '.join(str(t['id']) for t in tracks)})"
        if len(tracks) == 1:
            out.append((where, "has only one track"))
        elif len(tracks) > 3:
            out.append((where, f"has {len(tracks)} tracks (at most 3)"))
        for t in tracks[1:]:
            if {t["a"], t["b"]} != {first["a"], first["b"]}:
                out.append((where, f"tracks disagree on their cities: route {first['id']} is "
                                   f"{first['a']}–{first['b']}, route {t['id']} is {t['a']}–{t['b']}"))
            elif t["length"] != first["length"]:
                out.append((where, f"tracks disagree on their length: route {first['id']} is "
                                   f"{first['length']}, route {t['id']} is {t['length']}"))
        colors = [t["color"] for t in tracks if t["color"] != "gray"]
        if len(colors) != len(set(colors)):
            out.append((where, "two tracks have the same colour"))
    for pair, tracks in pairs.items():
        dgs = {t.get("double_group") for t in tracks}
        if len(tracks) > 1 and (len(dgs) != 1 or None in dgs):
            out.append((f"routes {', '.join(str(t['id']) for t in tracks)}",
                        f"parallel tracks {'–'.join(sorted(pair))} are not grouped in one double_group"))


def _check_tickets(tickets: list, names: dict[str, str], decks_declared: dict | None,
                   out: list[Problem]) -> None:
    ids = set()
    for i, t in enumerate(tickets):
        if not isinstance(t, dict):
            out.append((f"ticket #{i + 1}", "must be an object"))
            continue
        tid = t.get("id")
        where = (f"ticket {tid if len(tid) <= 60 else shown(tid)}" if isinstance(tid, str) and tid
                 else f"ticket #{i + 1}")
        _unknown_keys(t, TICKET_KEYS, where, out)
        if not isinstance(tid, str) or not tid:
            out.append((where, f"id must be a non-empty string, got {shown(tid)}"))
        elif tid in ids:
            out.append((where, "duplicate ticket id"))
        else:
            ids.add(tid)
        for end in (t.get("a"), t.get("b")):
            if not isinstance(end, str) or end not in names:
                out.append((where, f"goes to unknown city {shown(end)}"))
        if t.get("a") == t.get("b"):
            out.append((where, "joins a city to itself"))
        bad_points = int_problem(t.get("points"), "points", 1, MAX_TICKET_POINTS)
        if bad_points:
            out.append((where, bad_points))
        decks = t.get("decks", ["main"])
        if not isinstance(decks, list) or not decks or not all(isinstance(d, str) for d in decks):
            out.append((where, f"decks must be a non-empty list of names, got {shown(decks)}"))
        elif decks_declared is not None and any(d not in decks_declared for d in decks):
            out.append((where, f"deck {shown(next(d for d in decks if d not in decks_declared))} is not "
                               f"one of the board's decks ({', '.join(decks_declared)})"))


def _check_connected(names: dict[str, str], routes: list[dict], out: list[Problem]) -> None:
    """Every city reachable from every other without passing through a country (H-8.2)."""
    adj: dict[str, set[str]] = defaultdict(set)
    for r in routes:
        adj[r["a"]].add(r["b"])
        adj[r["b"]].add(r["a"])
    cities = [n for n, k in names.items() if k == "city"]
    if not cities:
        out.append(("cities", "the map has no city"))
        return
    seen, stack = {cities[0]}, [cities[0]]
    while stack:
        c = stack.pop()
        if names[c] == "country":
            continue  # a country ends a path
        for n in adj[c] - seen:
            seen.add(n)
            stack.append(n)
    missing = sorted(n for n in names if n not in seen)
    if missing:
        out.append(("board", f"disconnected: {', '.join(missing[:5])}"
                             + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")
                             + f" cannot be reached from {cities[0]}"))
