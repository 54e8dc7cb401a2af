"""Variants: each way to play as data — ticket decks, deal/keep counts, trains, bonuses,
mechanics, and the named policies that fill the rules' holes.

>>> import ttr_nb
>>> ttr_nb.variants()
['europe', 'heart-of-africa', 'legendary-asia', 'team-asia', 'usa', 'usa-1910', 'usa-1910-classic', 'usa-big-cities', 'usa-mega']
>>> v = ttr_nb.get_variant("usa-mega")
>>> v.setup_deal, v.setup_keep, v.draw_count, v.draw_keep, v.bonuses
(5, 3, 4, 1, {'longest_path': 10, 'globetrotter': 15})
>>> ttr_nb.get_variant("usa", max_consecutive_loco_resets=5).policies["max_consecutive_loco_resets"]
5

Every rule hole is a :class:`Policy` with a default and the rule ID it stands for;
``get_variant(name, **overrides)`` changes them. An unknown name ("did you mean"), a value
of the wrong type or one outside the setting's limits (``Policy.bounds``, e.g. 0 to 100
resets in a row) raises :class:`ttr_nb.errors.ArgumentError`, a ValueError saying what is
allowed; ``None`` stands for the variant's own value.

The variants are data: one :class:`Variant` each in :data:`VARIANTS`. A new way to play (a
new map, a new mechanic) is added from outside the package with :func:`register_variant`
(and :func:`ttr_nb.rules.register_mechanic`, :func:`register_policy`): docs/extending.md.
"""
from __future__ import annotations

import difflib

from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Callable

from .board import Board, Ticket, load_map
from .errors import ArgumentError, shown


# -- policies -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Policy:
    """A named setting for a point the rules leave open (or a house rule)."""

    name: str
    default: Any
    rule: str
    doc: str
    choices: tuple[Any, ...] = ()
    """Allowed values (empty = any value of the default's type)."""
    bounds: tuple[int, int] | None = None
    """For a whole-number setting: the smallest and largest value allowed (None: any whole
    number a save file can hold, ±(2**63 - 1))."""


POLICIES: dict[str, Policy] = {}
_BOARDS: dict[str, Board] = {}


def _policy(name: str, default: Any, rule: str, doc: str, choices: tuple[Any, ...] = (),
            bounds: tuple[int, int] | None = None) -> None:
    POLICIES[name] = Policy(name, default, rule, doc, choices, bounds)


_policy("max_consecutive_loco_resets", 3, "B-4.6",
        "When 3 of the 5 face-up cards are Locomotives they are discarded and 5 new ones turned up, "
        "again and again; after this many resets in a row the Locomotives stay face up (BGA's cap). "
        "A reset also needs at least one card in the deck or the discard pile.", bounds=(0, 100))
_policy("all_pass_ends_game", True, "B-3.4",
        "When every player in turn had no legal action and passed, the game ends (otherwise it could "
        "never end).", (True, False))
_policy("double_routes_min_players", None, "B-5.8",
        "Both tracks of a double route are open from this many players on (None = the map's value, "
        "4 on every shipped map; 7 or more: never, a game has at most 6 players).", bounds=(0, 10))
_policy("end_trigger_trains", None, "B-7.1",
        "The final round starts when a player ends a turn with this many trains or fewer (None = the "
        "variant's value: 2; Team Asia: a team's 4, TA-21).", bounds=(0, 999))
_policy("classic_mystery_tickets", False, "U-1.2",
        "usa-1910-classic: also shuffle in the 4 Mystery Train tickets of the 1910 box (by default "
        "they belong to the Mega Game only).", (True, False))
_policy("mountain_points_per_x", 2, "LA-9",
        "Legendary Asia: points for each train put in the Mountain Crossing.", bounds=(0, 100))
# Heart of Africa (H-5, H-6): every uncertain point of the doubling rules.
_policy("loco_as_terrain", True, "H-6.1",
        "Heart of Africa: Locomotives may stand in for Terrain cards when doubling a route.", (True, False))
_policy("loco_terrain_value", 1, "H-6.3",
        "Heart of Africa: how many Terrain cards one Locomotive replaces when doubling.", (1, 2))
_policy("require_real_terrain_card", False, "H-6.3",
        "Heart of Africa: a doubling must include at least one real Terrain card.", (True, False))
_policy("majority_check", "before_discard", "H-5.4",
        "Heart of Africa: the Terrain majority is checked before (or after) the doubling cards are "
        "discarded.", ("before_discard", "after_discard"))
_policy("allow_zero_zero_majority", True, "H-5.5",
        "Heart of Africa: a 0-0 tie in a Terrain type counts as a majority (matters only with "
        "Locomotives as wild Terrain).", (True, False))
# Team Asia (TA-): every uncertain point, the rules text first.
# Europe (EU-4): the published rule first.
_policy("station_points", "reserve", "EU-4",
        "Europe: which train stations score 4 at the end: 'reserve' = each one never built (the "
        "published rule: 'each station kept in reserve'), or 'unused' = also each built station "
        "that lends no route (a reading of 'each unused station').", ("reserve", "unused"))
_policy("tunnel_reveal", "map", "TA-18",
        "Team Asia: cards revealed for a tunnel: 'map' = the number printed on the tunnel (the rules "
        "text: 4 to 6), or 3 (the Europe rule).", ("map", 3))
_policy("share_tickets_max", 2, "TA-14",
        "Team Asia: the share-tickets turn puts 1 up to this many tickets into the team holder (the "
        "rules text: 'up to 2').", (1, 2))
_policy("holders_visible_to", "team", "TA-6",
        "Team Asia: who sees a team's card and ticket holders: 'team' or 'all'.", ("team", "all"))
_policy("two_team_doubles", "one_track", "TA-20",
        "Team Asia: with 2 teams, a double route has only one usable track ('one_track', like 2-3 "
        "players) or both ('both').", ("one_track", "both"))
_policy("team_bonuses", "both", "TA-22",
        "Team Asia: the end-of-game bonuses: +10 Longest Path (the team's combined routes) and +10 "
        "Most completed tickets ('both'), only one of them, or 'none' (one secondary source only).",
        ("both", "longest_path", "most_tickets", "none"))


# -- variants -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Variant:
    """One way to play: everything the engine needs besides the board.

    ``piles`` names the ticket piles and their ticket ids (in board order); ``setup_tickets``
    says how many tickets of each pile each player is dealt at setup (``setup_deal`` in all),
    of which at least ``setup_keep`` are kept; unkept setup tickets go to the bottom of the
    draw pile, or to the box (``setup_unkept='box'``, Legendary Asia LA-4). During the game a
    player draws ``draw_count`` tickets from ``draw_pile`` and keeps at least ``draw_keep``.
    Piles other than ``draw_pile`` are put back in the box after setup. In :data:`VARIANTS`
    a pile may be a deck name of the map (every ticket of that deck, in board order) and
    ``policies`` names the variant's own settings (None = the default); :func:`get_variant`
    gives the variant with ticket ids and every setting's value.
    """

    name: str
    title: str
    map: str
    players: tuple[int, ...]
    trains: int
    piles: dict[str, Any]
    setup_tickets: tuple[tuple[str, int], ...]
    setup_keep: int
    setup_unkept: str
    draw_pile: str
    draw_count: int
    draw_keep: int
    bonuses: dict[str, int]
    end_trigger: int = 2
    mechanics: tuple[str, ...] = ()
    team_size: int = 1
    initial_cards: int = 4
    display_size: int = 5
    cards_per_color: int = 12
    locomotives: int = 14
    policies: dict[str, Any] = field(default_factory=dict)
    rules: str = ""
    notes: tuple[str, ...] = ()

    @property
    def setup_deal(self) -> int:
        return sum(n for _, n in self.setup_tickets)

    @property
    def board(self) -> Board:
        b = _BOARDS.get(self.map)
        if b is None:
            b = _BOARDS[self.map] = load_map(self.map)
        return b

    @property
    def n_cards(self) -> int:
        return 8 * self.cards_per_color + self.locomotives

    def tickets(self) -> list[Ticket]:
        """Every ticket this variant uses, pile by pile."""
        b = self.board
        return [b.ticket(t) for ids in self.piles.values() for t in ids]

    def policy(self, name: str) -> Any:
        return self.policies[name]

    def describe(self) -> str:
        """A few lines: decks, deal/keep, trains, bonuses, mechanics, settings."""
        piles = ", ".join(f"{k} {len(v)}" for k, v in self.piles.items())
        bon = ", ".join(f"{k.replace('_', ' ')} +{p}" for k, p in self.bonuses.items()) or "none"
        lines = [f"{self.name}: {self.title}",
                 f"  map {self.map}; {'/'.join(map(str, self.players))} players; {self.trains} trains each",
                 f"  tickets: {piles}; deal {self.setup_deal} keep >= {self.setup_keep} "
                 f"(unkept to the {'box' if self.setup_unkept == 'box' else 'bottom of the deck'}); "
                 f"draw {self.draw_count} keep >= {self.draw_keep}",
                 f"  bonuses: {bon}",
                 f"  end: {self.end_trigger} trains or fewer" + (" (a team's)" if self.team_size > 1 else "")]
        if self.mechanics:
            lines.append("  mechanics: " + ", ".join(self.mechanics))
        lines.append("  settings: " + ", ".join(f"{k}={v!r}" for k, v in self.policies.items()))
        return "\n".join(lines)


# Which policies every variant shows; a variant lists its own in ``policies``.
_GENERAL = ("max_consecutive_loco_resets", "all_pass_ends_game", "double_routes_min_players",
            "end_trigger_trains")


def _mystery(board: Board) -> set[str]:
    """The 4 Mystery Train tickets of the 1910 box: '1910_classic' tickets whose city pair is
    not one of the 30 original tickets (U-1.2, U-1.4)."""
    orig = {frozenset((t.a, t.b)) for t in board.tickets_in("original")}
    return {t.id for t in board.tickets_in("1910_classic") if frozenset((t.a, t.b)) not in orig}


LEFT_OUT: dict[str, Callable[[Board], set[str]]] = {"classic_mystery_tickets": _mystery}
"""Settings that keep tickets out of every pile while they are False: setting -> the ids of
those tickets on the board."""

# -- the shipped variants: data -----------------------------------------------------------
# A pile is a tuple of ticket ids or the name of a deck of the map (every ticket of it, in
# board order); ``policies`` names the variant's own settings (None = the setting's default).
_USA = dict(map="usa", players=(2, 3, 4, 5), trains=45, setup_unkept="bottom", draw_pile="main",
            draw_keep=1)
_SHIPPED = (
    Variant(name="usa", title="Ticket to Ride (USA, base game)", piles={"main": "original"},
            setup_tickets=(("main", 3),), setup_keep=2, draw_count=3, bonuses={"longest_path": 10},
            rules="B-1 to B-8", **_USA),
    Variant(name="usa-1910-classic", title="USA 1910: Classic (the 30 reprinted tickets)",
            piles={"main": "1910_classic"}, setup_tickets=(("main", 3),), setup_keep=2, draw_count=3,
            bonuses={"longest_path": 10}, rules="U-1.3, U-1.4",
            policies={"classic_mystery_tickets": None},
            notes=("The 1910 box reprints the 30 original tickets (4 with lower values, U-1.3) "
                   "and adds 4 Mystery Train tickets; the Classic way to play uses the 30 "
                   "reprints only (the Mystery Train tickets belong to the Mega Game: U-1.2). "
                   "The setting classic_mystery_tickets=True adds them.",), **_USA),
    Variant(name="usa-1910", title="USA 1910: 1910 (the 35 new tickets, Globetrotter)",
            piles={"main": "1910"}, setup_tickets=(("main", 3),), setup_keep=2, draw_count=3,
            bonuses={"globetrotter": 15}, rules="U-1.4, U-1.5", **_USA),
    Variant(name="usa-mega", title="USA 1910: Mega Game (all 69 tickets, both bonuses)",
            piles={"main": "mega"}, setup_tickets=(("main", 5),), setup_keep=3, draw_count=4,
            bonuses={"longest_path": 10, "globetrotter": 15}, rules="U-1.4, U-1.5", **_USA),
    Variant(name="usa-big-cities", title="USA 1910: Big Cities (35 tickets naming a Big City, no bonus)",
            piles={"main": "big_cities"}, setup_tickets=(("main", 4),), setup_keep=2, draw_count=4,
            bonuses={}, rules="U-2.1, U-2.2", **_USA),
    Variant(name="heart-of-africa", title="The Heart of Africa (Map Collection 3)", map="heart_of_africa",
            players=(2, 3, 4, 5), trains=45, piles={"main": "main"},
            setup_tickets=(("main", 4),), setup_keep=2, setup_unkept="bottom",
            draw_pile="main", draw_count=4, draw_keep=1, bonuses={"globetrotter": 10},
            mechanics=("terrain",), rules="H-1 to H-10",
            policies=dict.fromkeys(("loco_as_terrain", "loco_terrain_value", "require_real_terrain_card",
                                    "majority_check", "allow_zero_zero_majority")),
            notes=("The board is a reconstruction authored for ttr_nb (not the official layout).",
                   "A route's Terrain type is that of its printed colour: yellow/orange/red = "
                   "Desert & Savanna, pink/blue/green = Jungle & Forest, white/black/gray = "
                   "Mountain & Cliff, whatever colour pays for it (H-3.2, H-3.3).",
                   "Doubling a route's points costs 1 Terrain card (1-3 spaces) or 2 (4-6) of "
                   "its type, and the claimer must hold at least as many of that type as every "
                   "other player (H-5.2, H-5.3).",
                   "Locomotives as wild Terrain cards (a rule the rules text leaves unfinished, H-6): "
                   "1 Locomotive = 1 Terrain card, on top of the route's payment, to the train "
                   "discard pile; the majority is still counted with real Terrain cards only. "
                   "The settings loco_as_terrain, loco_terrain_value, require_real_terrain_card, "
                   "majority_check, allow_zero_zero_majority change the uncertain points.")),
    Variant(name="team-asia", title="Team Asia (Map Collection 1)", map="team_asia", players=(4, 6),
            trains=27, piles={"main": "main"},
            setup_tickets=(("main", 5),), setup_keep=3, setup_unkept="bottom",
            draw_pile="main", draw_count=4, draw_keep=1,
            bonuses={"longest_path": 10, "most_tickets": 10}, end_trigger=4,
            mechanics=("teams", "tunnels"), team_size=2, rules="TA-1 to TA-24",
            policies=dict.fromkeys(("tunnel_reveal", "share_tickets_max", "holders_visible_to",
                                    "two_team_doubles", "team_bonuses")),
            notes=("The board is a reconstruction authored for ttr_nb (not the official layout).",
                   "Teams of 2 sit next to each other: seats 0+1, 2+3 (, 4+5).",
                   "Tunnels reveal the number of cards printed on each tunnel (4 to 6, as the "
                   "rules text says); the setting tunnel_reveal=3 for the Europe rule (TA-18).",
                   "Drawing 2 train cards: the player places the first card (hand or team "
                   "holder) after seeing it, the second goes to the other place (TA-8).")),
    Variant(name="legendary-asia", title="Legendary Asia (Map Collection 1)", map="legendary_asia",
            players=(2, 3, 4, 5), trains=45, piles={"long": "long", "regular": "regular"},
            setup_tickets=(("long", 1), ("regular", 3)), setup_keep=2, setup_unkept="box",
            draw_pile="regular", draw_count=3, draw_keep=1, bonuses={"asian_explorer": 10},
            mechanics=("mountains",), rules="LA-1 to LA-12, EU-2",
            policies={"mountain_points_per_x": None},
            notes=("Unkept setup tickets and the undealt Long Routes go back into the box "
                   "(LA-4); mid-game draws come from the regular pile (LA-5).",)),
    Variant(name="europe", title="Ticket to Ride Europe", map="europe", players=(2, 3, 4, 5), trains=45,
            piles={"long": "long", "regular": "regular"},
            setup_tickets=(("long", 1), ("regular", 3)), setup_keep=2, setup_unkept="box",
            draw_pile="regular", draw_count=3, draw_keep=1, bonuses={"longest_path": 10},
            mechanics=("tunnels", "train_stations"), rules="EU-1 to EU-5, B-1 to B-8",
            policies={"tunnel_reveal": 3, "station_points": None},
            notes=("Each player has 45 trains and 3 train stations (EU-1); unkept setup tickets and "
                   "the undealt Long Routes go back into the box, mid-game draws come from the "
                   "regular pile (EU-1).",
                   "Ferries need one Locomotive per Locomotive space (EU-2); tunnels reveal 3 cards "
                   "(EU-3: the setting tunnel_reveal).",
                   "A train station costs 1, then 2, then 3 cards of one colour; at the end each "
                   "lends its owner one route of another player into its city, and each station "
                   "never built scores 4 (EU-4; the setting station_points='unused' also gives 4 "
                   "to a built station that lends no route).",
                   "The 8-space route scores 21; the longest path (the European Express) scores 10, "
                   "every tied player scores it, and borrowed routes never lengthen it (EU-5). "
                   "Both tracks of a double route are open with 4 or 5 players only (B-5.8).")),
)

VARIANTS: dict[str, Variant] = {v.name: v for v in _SHIPPED}
"""Every variant by name, as written (piles may name decks): the shipped ones and those added
with :func:`register_variant`. :func:`get_variant` gives one ready to play."""

NAMES = tuple(VARIANTS)
"""The names of the shipped variants."""


def variants() -> list[str]:
    """The names of the variants (shipped and registered), sorted."""
    return sorted(VARIANTS)


def register_variant(variant: Variant, replace: bool = False) -> Variant:
    """Add ``variant`` (e.g. a new map with a new mechanic, docs/extending.md) so that
    ``new_game(variant.name)`` and saved games find it; return it ready to play.

    Its ``map`` is a shipped map's name or the path of a map file; each pile is a tuple of
    ticket ids or a deck name of the map; ``mechanics`` are names in
    :data:`ttr_nb.rules.MECHANICS` (:func:`ttr_nb.rules.register_mechanic`); ``policies``
    names its own settings (value None = the setting's default; :func:`register_policy`
    adds a setting). ValueError if the name is taken (a shipped one always; another one
    unless ``replace``) or something it names does not exist.
    """
    from .rules import MECHANICS

    if not isinstance(variant, Variant):
        raise ValueError(f"register_variant takes a ttr_nb.variants.Variant (Variant(name=..., map=..., "
                         f"...), docs/extending.md), not {type(variant).__name__} {shown(variant)}")
    name = variant.name
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"a variant needs a name, not {name!r}")
    if name in NAMES or (name in VARIANTS and not replace and VARIANTS[name] != variant):
        raise ValueError(f"there is already a variant called {name!r}; choose another name")
    unknown = [m for m in variant.mechanics if m not in MECHANICS]
    if unknown:
        raise ValueError(f"variant {name!r} uses the mechanic(s) {', '.join(map(repr, unknown))}, which "
                         f"are not registered (ttr_nb.rules.register_mechanic); known: "
                         f"{', '.join(sorted(MECHANICS))}")
    old = VARIANTS.get(name)
    VARIANTS[name] = variant
    _base.cache_clear()
    try:
        return get_variant(name)
    except Exception:
        if old is None:
            VARIANTS.pop(name)
        else:
            VARIANTS[name] = old
        _base.cache_clear()
        raise


def unregister_variant(name: str) -> None:
    """Remove a variant added with :func:`register_variant` (a shipped one stays)."""
    if name in NAMES:
        raise ValueError(f"{name!r} comes with ttr_nb and cannot be removed")
    VARIANTS.pop(name, None)
    _base.cache_clear()


def register_policy(name: str, default: Any, rule: str, doc: str, choices: tuple[Any, ...] = (),
                    bounds: tuple[int, int] | None = None) -> Policy:
    """Add a named setting (a mechanic's open rule or house rule) that a variant may list in
    its ``policies``; return it. ``bounds``: the smallest and largest value of a whole-number
    setting. ValueError if the name is taken by another setting."""
    p = Policy(name, default, rule, doc, tuple(choices), bounds)
    if name in POLICIES and POLICIES[name] != p:
        raise ValueError(f"there is already a setting called {name!r}")
    POLICIES[name] = p
    return p


def _pile(board: Board, name: str, pile: Any, left_out: set[str]) -> tuple[str, ...]:
    """A pile's ticket ids: the ids given, or every ticket of the deck it names."""
    if isinstance(pile, str):
        if pile not in board.decks:
            raise ValueError(f"pile {name!r} names the deck {pile!r}, which {board.name} does not "
                             f"have; its decks: {', '.join(sorted(board.decks))}")
        return tuple(t.id for t in board.tickets_in(pile) if t.id not in left_out)
    ids = tuple(pile)
    for t in ids:
        board.ticket(t)  # KeyError names a ticket the board does not have
    return tuple(t for t in ids if t not in left_out)


@lru_cache(maxsize=None)
def _base(name: str, kept: frozenset[str] = frozenset()) -> Variant:
    """The variant ``name`` ready to play: piles as ticket ids, every setting with its
    default; ``kept``: the settings of :data:`LEFT_OUT` that are True."""
    v = VARIANTS[name]
    b = v.board
    left_out: set[str] = set()
    for k, which in LEFT_OUT.items():
        if k in v.policies and k not in kept:
            left_out |= which(b)
    piles = {k: _pile(b, k, p, left_out) for k, p in v.piles.items()}
    for pile, _n in v.setup_tickets:
        if pile not in piles:
            raise ValueError(f"variant {name!r} deals from the pile {pile!r}, which it does not have")
    if v.draw_pile not in piles:
        raise ValueError(f"variant {name!r} draws from the pile {v.draw_pile!r}, which it does not have")
    unknown = [k for k in v.policies if k not in POLICIES]
    if unknown:
        raise ValueError(f"variant {name!r} lists the setting(s) {', '.join(map(repr, unknown))}, which "
                         f"do not exist (ttr_nb.variants.register_policy adds one)")
    pol = {k: POLICIES[k].default for k in _GENERAL + tuple(k for k in v.policies if k not in _GENERAL)}
    pol.update({k: val for k, val in v.policies.items() if val is not None})
    pol["double_routes_min_players"] = int(b.meta.get("double_routes_min_players", 4))
    pol["end_trigger_trains"] = v.end_trigger
    return replace(v, piles=piles, policies=pol)


_PLAIN = (bool, int, float, str, type(None))


def _is_choice(val: Any, choices: tuple[Any, ...]) -> bool:
    """``val in choices``, without calling a strange object's own ``__eq__``."""
    return type(val) in _PLAIN and val in choices


def _type_problem(k: str, val: Any, p: Policy) -> str | None:
    """Why ``val`` has the wrong type for setting ``k`` (``1`` for True/False, ``True`` for a
    number, ``3.0`` for 3): ``==`` alone lets 1 pass for True; None when the type is right."""
    if p.choices and not _is_choice(val, p.choices):
        return None  # not one of the choices at all: get_variant says "must be one of"
    kinds = {type(c) for c in p.choices} or ({type(p.default)} if p.default is not None else set())
    if not kinds or type(val) in kinds or (val is None and p.default is None):
        return None
    if kinds <= {bool}:
        want = "true or false"
    else:
        want = " or ".join(sorted("a whole number" if t is int else "text" if t is str else t.__name__
                                  for t in kinds))
        if p.bounds is not None and kinds == {int}:
            want += f" from {p.bounds[0]:,} to {p.bounds[1]:,}"
    return f"setting {k} must be {want}, not {shown(val)}"


def _setting_value(k: str, val: Any, p: Policy, v: Variant) -> Any:
    """``val`` checked for setting ``k`` of variant ``v``: one of its choices, a whole number
    within its bounds (a numpy integer is taken as an int), or JSON-able plain data (a save
    file holds it); ArgumentError naming the setting, its rule and what is allowed."""
    from . import validate

    what = f"setting {k} ({p.rule})"
    if p.choices:
        if not _is_choice(val, p.choices):
            near = validate.did_you_mean(val, [c for c in p.choices if type(c) is str])
            raise validate.ArgumentError(f"{what} must be one of {', '.join(map(repr, p.choices))}, "
                                         f"not {shown(val)}{near}", k)
        return val
    if val is None and p.default is None:
        return v.policies[k]  # (None: the variant's or map's own value)
    if type(p.default) is int or p.bounds is not None:
        lo, hi = p.bounds if p.bounds is not None else (None, None)
        if k == "end_trigger_trains":
            hi = min(hi, v.trains * v.team_size) if hi is not None else v.trains * v.team_size
        return validate.whole(val, what, lo, hi, what=_BOUND_NOTES.get(k, ""))
    if p.default is not None and not isinstance(val, type(p.default)):
        raise validate.ArgumentError(f"{what} must be a {type(p.default).__name__}, not {shown(val)}", k)
    if isinstance(val, str):
        return validate.text(val, what, strip=False)
    return validate.plain(val, what, max_depth=8, max_items=1000)


_BOUND_NOTES = {"end_trigger_trains": "at most the trains a player, or a Team Asia team, starts with",
                "double_routes_min_players": "7 or more: the second track never opens",
                "max_consecutive_loco_resets": "resets in a row"}


def variant_name(name: Any) -> str:
    """The registered variant ``name`` stands for, in any case and with ``_``, ``-`` or spaces
    between words ("Legendary_Asia" is ``legendary-asia``); ValueError naming the nearest
    variants for an unknown one."""
    if isinstance(name, str):
        name = str.__str__(name)  # (a subclass's own methods are not called)
        if name in VARIANTS:
            return name
        key = "-".join(name.strip().lower().replace("_", " ").replace("-", " ").split())
        if key in VARIANTS:
            return key
        close = difflib.get_close_matches(key, list(VARIANTS), n=3, cutoff=0.6)
        hint = f" Did you mean {' or '.join(map(repr, close))}?" if close else ""
        raise ArgumentError(f"unknown variant {shown(name)}.{hint} The variants are: {', '.join(variants())}",
                            "variant")
    raise ArgumentError(f"a variant is named by a string such as 'usa' (got {shown(name)}); "
                        f"the variants are: {', '.join(variants())}", "variant")


def get_variant(name: str | Variant, **policy_overrides: Any) -> Variant:
    """The variant ``name`` with its policies, some of them changed by keyword.

    Raises ValueError for an unknown variant, a policy this variant does not have, or a value
    that is not allowed.
    """
    if isinstance(name, Variant):
        base, name = name, name.name
        if not policy_overrides:
            return base
        policy_overrides = {**base.policies, **policy_overrides}
    name = variant_name(name)
    v = _base(name, frozenset(k for k in LEFT_OUT if policy_overrides.get(k) is True))
    if not policy_overrides:
        return v
    from .validate import ArgumentError, did_you_mean

    for k, val in policy_overrides.items():  # a value of the wrong type, whatever the variant
        wrong = _type_problem(k, val, POLICIES[k]) if k in POLICIES else None
        if wrong and not (type(val).__module__ == "numpy" and type(POLICIES[k].default) is int):
            raise ArgumentError(wrong, k)
    pol = dict(v.policies)
    for k, val in policy_overrides.items():
        if k not in pol:
            known = ", ".join(pol)
            raise ArgumentError(f"variant {name!r} has no setting {shown(k)}{did_you_mean(k, pol)}; its "
                                f"settings are: {known}", k)
        pol[k] = _setting_value(k, val, POLICIES[k], v)
    end = pol.get("end_trigger_trains", v.end_trigger)
    bonuses = v.bonuses
    if pol.get("team_bonuses", "both") != "both":  # Team Asia, TA-22
        keep = {"longest_path": ("longest_path",), "most_tickets": ("most_tickets",), "none": ()}
        bonuses = {k: p for k, p in v.bonuses.items() if k in keep[pol["team_bonuses"]]}
    return replace(v, policies=pol, end_trigger=end, bonuses=bonuses)


def policy_table() -> list[tuple[str, Any, str, str]]:
    """Every named policy: (name, default, rule ID, what it decides)."""
    return [(p.name, p.default, p.rule, p.doc) for p in POLICIES.values()]


def compare(names: list[str] | tuple[str, ...]) -> str:
    """A text table of ways to play, one row each: ticket deck size, tickets dealt at setup /
    kept at least, tickets drawn in the game / kept at least, Train Car cards, bonuses.

    >>> print(compare(["usa", "usa-mega"]))  # doctest: +NORMALIZE_WHITESPACE
    way to play  tickets  setup: deal / keep  game: draw / keep  cards  bonuses
    usa               30               3 / 2              3 / 1    110  Longest Path +10
    usa-mega          69               5 / 3              4 / 1    110  Longest Path +10, Globetrotter +15
    """
    rows = [("way to play", "tickets", "setup: deal / keep", "game: draw / keep", "cards", "bonuses")]
    for name in names:
        v = get_variant(name)
        bonuses = ", ".join(f"{k.replace('_', ' ').title()} +{p}" for k, p in v.bonuses.items())
        rows.append((v.name, str(sum(len(ids) for ids in v.piles.values())),
                     f"{v.setup_deal} / {v.setup_keep}", f"{v.draw_count} / {v.draw_keep}",
                     str(v.n_cards), bonuses or "none"))
    widths = [max(len(r[k]) for r in rows) for k in range(5)]
    return "\n".join("  ".join([r[0].ljust(widths[0])] + [r[k].rjust(widths[k]) for k in range(1, 5)]
                               + [r[5]]).rstrip() for r in rows)


def reprinted_values(board: Board | None = None) -> list[tuple[Ticket, Ticket]]:
    """The original USA tickets whose USA 1910 reprint has another value (U-1.3), as
    (original, reprint) pairs in the order of the original deck.

    >>> [(o.points, r.points) for o, r in reprinted_values()][:2]
    [(20, 19), (21, 20)]
    """
    b = board or load_map("usa")
    reprint = {frozenset((t.a, t.b)): t for t in b.tickets_in("1910_classic")}
    return [(t, reprint[frozenset((t.a, t.b))]) for t in b.tickets_in("original")
            if frozenset((t.a, t.b)) in reprint and reprint[frozenset((t.a, t.b))].points != t.points]
