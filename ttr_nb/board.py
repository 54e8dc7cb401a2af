"""The board as data: City, Route, Ticket, Board, and load_map().

A board is read from one JSON file (the project's schema, ``maps/schema.json``)
and checked on the way in: any problem raises :class:`MapError`, which names the
file, the item (route id, ticket id, city) and what is wrong.

Example
-------
>>> import ttr_nb
>>> board = ttr_nb.load_map("usa")
>>> len(board.cities), len(board.routes), board.total_spaces()
(36, 100, 309)
"""
from __future__ import annotations

import difflib

from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Iterable

from .mapcheck import MAX_LENGTH, ROUTE_COLORS, check_document, name_key  # the map format's colours and limits
from .validate import fail
from .mapcheck import plain_name  # noqa: F401 (how a typed name is compared: used from here too)

COLORS = ROUTE_COLORS[:-1]
"""The eight train-card colours (pink is the card some editions call purple)."""
GRAY = ROUTE_COLORS[-1]
MAP_NAMES = ("usa", "legendary_asia", "heart_of_africa", "team_asia", "europe")


class MapError(ValueError):
    """A map file is broken: names the file, the item and what is wrong."""

    def __init__(self, file: str, item: str, problem: str):
        self.file, self.item, self.problem = file, item, problem
        super().__init__(f"{file}: {item}: {problem}")


@dataclass(frozen=True)
class City:
    """A city (or, on The Heart of Africa, a country: a dead end no path passes through)."""

    name: str
    x: float
    y: float
    kind: str = "city"

    @property
    def is_country(self) -> bool:
        return self.kind == "country"


@dataclass(frozen=True)
class Route:
    """One track between two cities.

    ``color`` is 'gray' for a route any one colour may pay; ``double_group`` is shared
    by every parallel track of one city pair (None for a single track);
    ``ferry_locos`` spaces must be paid with Locomotives; ``tunnel`` is the number of
    cards revealed when it is claimed (0 = not a tunnel); ``mountains`` is the number
    of X spaces (Legendary Asia); ``terrain`` is the Heart of Africa terrain type.
    """

    id: int
    a: str
    b: str
    length: int
    color: str
    double_group: int | None = None
    ferry_locos: int = 0
    tunnel: int = 0
    mountains: int = 0
    terrain: str | None = None
    spaces: tuple[tuple[float, float, float], ...] = field(default=(), compare=False, repr=False)

    @property
    def cities(self) -> tuple[str, str]:
        return (self.a, self.b)

    def other(self, city: str) -> str:
        """The far end of this route seen from ``city``."""
        return self.b if city == self.a else self.a

    @property
    def is_ferry(self) -> bool:
        return self.ferry_locos > 0

    @property
    def trains(self) -> int:
        """Trains it takes from the reserve: its spaces plus one per X (LA-10)."""
        return self.length + self.mountains

    def label(self) -> str:
        """Readable name, e.g. 'Denver–Omaha (4, gray)'."""
        extra = []
        if self.ferry_locos:
            extra.append(f"ferry {self.ferry_locos} Loco")
        if self.tunnel:
            extra.append(f"tunnel {self.tunnel}")
        if self.mountains:
            extra.append(f"{self.mountains} X")
        more = "".join(f", {e}" for e in extra)
        return f"{self.a}–{self.b} ({self.length}, {self.color}{more})"


@dataclass(frozen=True)
class Ticket:
    """A Destination Ticket: join ``a`` and ``b`` for ``points`` (lost if not joined)."""

    id: str
    a: str
    b: str
    points: int
    decks: frozenset[str] = frozenset()

    def label(self) -> str:
        return f"{self.a}–{self.b} ({self.points})"


class Board:
    """A map: cities, routes (each track of a double counted) and tickets.

    Load one with :func:`load_map`. A Board shows itself in Jupyter as a picture
    of the map (drawn by :mod:`ttr_nb.draw`, registered with IPython's PNG formatter when
    ``ttr_nb`` is imported there; this module imports no pictures) and has a short text form.
    """

    def __init__(self, key: str, name: str, cities: Iterable[City], routes: Iterable[Route],
                 tickets: Iterable[Ticket], meta: dict[str, Any] | None = None,
                 path: str | None = None):
        self.key = key
        self.name = name
        self.cities: dict[str, City] = {c.name: c for c in cities}
        self.routes: tuple[Route, ...] = tuple(routes)
        self.tickets: tuple[Ticket, ...] = tuple(tickets)
        self.meta: dict[str, Any] = dict(meta or {})
        self.path = path
        self._route_by_id = {r.id: r for r in self.routes}
        self._ticket_by_id = {t.id: t for t in self.tickets}

    # -- lookup ---------------------------------------------------------------
    def route(self, route_id: int) -> Route:
        """The route with this id (KeyError if there is none)."""
        return self._route_by_id[route_id]

    def ticket(self, ticket_id: str) -> Ticket:
        """The ticket with this id (KeyError if there is none)."""
        return self._ticket_by_id[ticket_id]

    def routes_between(self, a: str, b: str) -> list[Route]:
        """Every track joining ``a`` and ``b`` (both tracks of a double)."""
        return [r for r in self.routes if {r.a, r.b} == {a, b}]

    def find_route(self, a: str, b: str, color: str | None = None) -> Route:
        """The one track a–b (of ``color`` when the pair is a double); the cities' names are
        read as :meth:`city_named` reads them ('denver' is Denver). KeyError saying what is
        wrong: a city not on the board (with the nearest names), no route between the two
        (with the cities ``a`` does join), or a double named without its colour.

        >>> load_map("usa").find_route("denver", "omaha").label()
        'Denver–Omaha (4, pink)'
        """
        a, b = self.city_named(a), self.city_named(b)
        tracks = self.routes_between(a, b)
        found = [r for r in tracks if color is None or r.color == color]
        if len(found) == 1:
            return found[0]
        if not tracks:
            near = sorted({r.other(a) for r in self.routes if a in (r.a, r.b)})
            raise KeyError(f"{self.name} has no route between {a} and {b}; {a}'s routes go to "
                           f"{', '.join(near) or 'no city'}.")
        colours = " and ".join(r.color for r in tracks)
        if found:  # (more than one)
            how = ("give the colour of the track you mean" if color is None and len({r.color for r in found}) > 1
                   else f"name one track by its route id ({', '.join(str(r.id) for r in found)})")
            raise KeyError(f"{a}–{b} is a double route ({colours}): {how}.")
        raise KeyError(f"{a}–{b} has no {color} track; its tracks are {colours}.")

    def route_id(self, spec: Any, taken: Iterable[int] = ()) -> int:
        """A route id from an id, ``'City–City'`` (or ``'City-City'``), ``'City–City red'``,
        ``(a, b)`` or ``(a, b, colour)``.

        For a double route without a colour, the first track not in ``taken``. KeyError (or
        TypeError for a value of the wrong kind) naming the problem if there is no such route.

        >>> load_map("usa").route(load_map("usa").route_id("Denver–Omaha")).label()
        'Denver–Omaha (4, pink)'
        """
        if isinstance(spec, bool):
            raise TypeError(f"a route is an id or 'City–City', not {spec!r}")
        if isinstance(spec, int):
            if spec not in self._route_by_id:
                raise KeyError(f"{self.name} has no route with id {spec}.")
            return spec
        if isinstance(spec, Route):
            return self.route_id(spec.id)
        color = None
        if isinstance(spec, str):
            text = spec.strip()
            for c in ROUTE_COLORS:
                if text.lower().endswith(" " + c) or text.lower().endswith(f"({c})"):
                    color = c
                    text = text[: len(text) - len(c)].rstrip(" (").strip()
                    break
            for sep in ("–", " - ", "—", "-"):
                if sep in text:
                    a, b = (p.strip() for p in text.split(sep, 1))
                    break
            else:
                raise KeyError(f"Write a route as 'City–City' (e.g. 'Denver–Omaha'), not {spec!r}.")
        elif isinstance(spec, (tuple, list)) and len(spec) in (2, 3):
            a, b = spec[0], spec[1]
            color = spec[2] if len(spec) == 3 else None
        else:
            raise TypeError(f"a route is an id, 'City–City' or (city, city), not {spec!r}")
        a, b = self.city_named(a), self.city_named(b)
        found = [r for r in self.routes_between(a, b) if color is None or r.color == color]
        if not found:
            raise KeyError(f"No route joins {a} and {b}" + (f" in {color}" if color else "")
                           + f" on {self.name}.")
        taken = set(taken)
        free = [r for r in found if r.id not in taken]
        return (free or found)[0].id

    def city_named(self, name: Any) -> str:
        """The city called ``name``, forgiving case, spaces, dots, hyphens and accents
        ('montreal' is 'Montréal'); KeyError naming the board and the nearest names if there
        is none."""
        if isinstance(name, str) and name in self.cities:
            return name
        key = _city_key(name) if isinstance(name, str) else None
        for city in self.cities:
            if _city_key(city) == key:
                return city
        plain = {_city_key(c): c for c in self.cities}
        close = difflib.get_close_matches(key, list(plain), n=3, cutoff=0.6) if key else []
        hint = f" Did you mean {' or '.join(repr(plain[c]) for c in close)}?" if close else ""
        raise KeyError(f"{self.name} has no city called {name!r}.{hint}")

    def route_ids(self, specs: Iterable[Any]) -> list[int]:
        """The route ids of ``specs`` (each as :meth:`route_id` reads it), in order.

        A double named twice without a colour gives both of its tracks.
        """
        ids: list[int] = []
        for spec in specs:
            ids.append(self.route_id(spec, taken=ids))
        return ids

    @cached_property
    def twins(self) -> dict[int, tuple[int, ...]]:
        """For each route id, the ids of the other tracks of its double (or triple)."""
        groups: dict[int, list[int]] = {}
        for r in self.routes:
            if r.double_group is not None:
                groups.setdefault(r.double_group, []).append(r.id)
        return {r.id: tuple(i for i in groups.get(r.double_group, ()) if i != r.id)
                if r.double_group is not None else () for r in self.routes}

    def tickets_in(self, deck: str) -> list[Ticket]:
        """The tickets of one deck, in file order."""
        return [t for t in self.tickets if deck in t.decks]

    @property
    def decks(self) -> dict[str, str]:
        """Deck name -> description."""
        return dict(self.meta.get("decks", {}))

    @property
    def countries(self) -> list[str]:
        return [c.name for c in self.cities.values() if c.is_country]

    @property
    def official(self) -> bool:
        return bool(self.meta.get("official"))

    @property
    def height(self) -> float:
        return float(self.meta.get("height", 1.0))

    def route_points(self, length: int) -> int:
        """Points for claiming a route of this length (B-5.9: 1, 2, 4, 7, 10, 15; 8 → 21)."""
        table = self.meta.get("route_points") or {}
        if str(length) in table:
            return int(table[str(length)])
        return ROUTE_POINTS[length]

    def total_spaces(self) -> int:
        return sum(r.length for r in self.routes)

    # -- graph ----------------------------------------------------------------
    def to_networkx(self):
        """A networkx MultiGraph: cities as nodes (x, y, kind), one edge per track keyed by
        route id, with the Route fields as edge attributes."""
        import networkx as nx

        g = nx.MultiGraph(name=self.name, key=self.key)
        for c in self.cities.values():
            g.add_node(c.name, x=c.x, y=c.y, kind=c.kind)
        for r in self.routes:
            g.add_edge(r.a, r.b, key=r.id, id=r.id, length=r.length, color=r.color,
                       double_group=r.double_group, ferry_locos=r.ferry_locos, tunnel=r.tunnel,
                       mountains=r.mountains, terrain=r.terrain)
        return g

    def stats(self) -> dict[str, Any]:
        """Counts a teacher checks first: cities, routes, doubles, spaces, tickets per deck, colours."""
        groups = Counter(r.double_group for r in self.routes if r.double_group is not None)
        return {
            "cities": sum(1 for c in self.cities.values() if not c.is_country),
            "countries": len(self.countries),
            "routes": len(self.routes),
            "city_pairs": len({frozenset(r.cities) for r in self.routes}),
            "doubles": sum(1 for n in groups.values() if n == 2),
            "triples": sum(1 for n in groups.values() if n == 3),
            "spaces": self.total_spaces(),
            "lengths": dict(sorted(Counter(r.length for r in self.routes).items())),
            "colors": {c: n for c, n in sorted(Counter(r.color for r in self.routes).items())},
            "ferries": sum(1 for r in self.routes if r.ferry_locos),
            "tunnels": sum(1 for r in self.routes if r.tunnel),
            "mountain_routes": sum(1 for r in self.routes if r.mountains),
            "mountain_spaces": sum(r.mountains for r in self.routes),
            "tickets": {d: len(self.tickets_in(d)) for d in self.decks},
        }

    def describe(self) -> str:
        """The statistics as a few lines of text."""
        s = self.stats()
        lines = [self.name,
                 f"  {'official board' if self.official else 'authored for ttr_nb (not the official layout)'}",
                 f"  cities {s['cities']}" + (f" + {s['countries']} countries" if s["countries"] else ""),
                 f"  routes {s['routes']} ({s['city_pairs']} city pairs, {s['doubles']} doubles"
                 + (f", {s['triples']} triples" if s["triples"] else "") + f"), {s['spaces']} train spaces",
                 "  lengths " + " ".join(f"{k}:{v}" for k, v in s["lengths"].items()),
                 "  colours " + " ".join(f"{k}:{v}" for k, v in s["colors"].items())]
        special = [f"{s[k]} {k.replace('_', ' ')}" for k in ("ferries", "tunnels", "mountain_routes") if s[k]]
        if special:
            lines.append("  " + ", ".join(special) + (f" ({s['mountain_spaces']} X spaces)" if s["mountain_routes"] else ""))
        lines.append("  tickets " + ", ".join(f"{d} {n}" for d, n in s["tickets"].items()))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"<Board {self.key}: {len(self.cities)} cities, {len(self.routes)} routes, "
                f"{len(self.tickets)} tickets>")


ROUTE_POINTS = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 7: 18, 8: 21}


# -- loading ------------------------------------------------------------------
_city_key = name_key
"""A city's name as :meth:`Board.city_named` compares it (``mapcheck.name_key``: the map
check refuses two cities that read the same)."""


def maps_dir() -> Path:
    """Where the shipped maps live: inside the installed package, or maps/ in a checkout."""
    here = Path(__file__).resolve().parent
    for p in (here / "data", here.parent / "maps"):
        if (p / "usa.json").is_file():
            return p
    raise FileNotFoundError("the shipped maps were not found (looked in ttr_nb/data and maps/)")


def load_map(name_or_path: str | Path) -> Board:
    """Load a board: a shipped map by name ('usa', 'legendary_asia', 'heart_of_africa',
    'team_asia', 'europe'; dashes work too) or a path to a JSON file. Raises MapError on a
    broken file.
    """
    from .errors import read_text, short_name

    if not isinstance(name_or_path, (str, Path)):
        raise MapError(shown_name(name_or_path), "file",
                       f"a map is a name ({', '.join(MAP_NAMES)}) or a path to a JSON file")
    if isinstance(name_or_path, str):
        name_or_path = str.__str__(name_or_path)  # (a subclass's own methods are not called)
    p = Path(name_or_path)
    key = str(name_or_path)
    if not p.suffix and len(p.parts) <= 1:  # a name: any case, "-", "_" or spaces between words
        key = "_".join(key.strip().lower().replace("-", " ").replace("_", " ").split())
        if key not in MAP_NAMES and not _exists(p) and key:
            close = difflib.get_close_matches(key, MAP_NAMES, n=2, cutoff=0.6)
            hint = f"; did you mean {' or '.join(map(repr, close))}?" if close else ""
            raise MapError(_printable(short_name(str(name_or_path))), "file",
                           f"no shipped map has this name{hint} (shipped maps: {', '.join(MAP_NAMES)}; "
                           f"or give the path of a map file)")
    if key in MAP_NAMES and not p.suffix:
        if key in _CACHE:
            return _CACHE[key]
        p = maps_dir() / f"{key}.json"
    if not str(name_or_path).strip():
        raise MapError("(no file name)", "file",
                       f"give a map name ({', '.join(MAP_NAMES)}) or the path of a map file")

    def error(file: str, problem: str) -> MapError:
        more = f" (shipped maps: {', '.join(MAP_NAMES)})" if problem == "no such map file" else ""
        return MapError(_printable(file), "file", problem + more)

    text = read_text(p, error, "map file")
    board = parse_map(text, str(p.name if p.parent == maps_dir() else p))
    if key in MAP_NAMES:
        _CACHE[key] = board
    return board


def _exists(p: Path) -> bool:
    """``p.exists()``, False for a name the system cannot even look up (too long, a NUL)."""
    try:
        return p.exists()
    except (OSError, ValueError):
        return False


def _printable(name: str) -> str:
    """A file name as a message shows it: quoted when it holds a control character."""
    return name if name.isprintable() else shown_name(name)


def shown_name(value: Any) -> str:
    from .errors import shown

    return shown(value)


_CACHE: dict[str, Board] = {}


def parse_map(text: str, file: str = "<map>") -> Board:
    """Build and check a Board from JSON text; ``file`` names it in errors."""
    from .errors import load_json

    def error(where: str, problem: str) -> MapError:
        return MapError(file, where[len(file) + 2:] if where.startswith(file + ", ") else "file",
                        problem)

    doc = load_json(text, file, error)

    problems = check_document(doc)
    if problems:
        item, what = problems[0]
        more = f" (and {len(problems) - 1} more problem{'s' * (len(problems) > 2)})" if len(problems) > 1 else ""
        raise MapError(file, item, what + more)
    cities = [City(c["name"], float(c["x"]), float(c["y"]), c.get("kind", "city")) for c in doc["cities"]]
    routes = [Route(id=r["id"], a=r["a"], b=r["b"], length=r["length"], color=r["color"],
                    double_group=r.get("double_group"), ferry_locos=r.get("ferry_locos", 0),
                    tunnel=r.get("tunnel", 0), mountains=r.get("mountains", 0),
                    terrain=r.get("terrain"),
                    spaces=tuple(tuple(s) for s in r.get("spaces", ())))
              for r in doc["routes"]]
    tickets = [Ticket(t["id"], t["a"], t["b"], t["points"], frozenset(t.get("decks", ["main"])))
               for t in doc["tickets"]]
    meta = {k: v for k, v in doc.items() if k not in ("cities", "routes", "tickets")}
    return Board(doc.get("key", Path(file).stem), doc.get("name", file), cities, routes, tickets, meta, file)


def board_of(value: Any, arg: str = "board") -> "Board":
    """A Board, or a shipped map name / map file path (``ttr_nb.load_map``; its MapError
    names the file)."""
    if isinstance(value, Board):
        return value
    if isinstance(value, str):
        return load_map(value)
    raise fail(arg, value, "a Board or a map name such as 'usa' (ttr_nb.load_map)")
