"""The picture's palette and sizes: card and player colours, highlight styles, the board's
ground, city dots and the sizes of cars, dots and names (in board units: the board is 1 unit
wide). Data only: every renderer (matplotlib, the browser's SVG) reads them from here."""
from __future__ import annotations


ROUTE_COLORS_HEX: dict[str, str] = {
    "red": "#d7261e",
    "orange": "#f08a1c",
    "yellow": "#f6d21f",
    "green": "#2f9e44",
    "blue": "#1f62c9",
    "pink": "#f08fc8",
    "white": "#fbfbf6",
    "black": "#262626",
    "gray": "#a3a3a3",
}
"""Fill of an unclaimed car space, by route colour."""

PLAYER_COLORS: tuple[str, ...] = (
    "#580072",  # violet
    "#1a635c",  # teal
    "#731a03",  # brown
    "#a6d608",  # lime
    "#2dd3ff",  # sky blue
    "#b65a8f",  # orchid
)
"""Six player (or team) colours that every eye tells apart: in CAM02-UCS (colorspacious)
the first five are at least 20 apart and all six at least 16, under normal vision and
simulated deuteranomaly, protanomaly and tritanomaly at full severity
(``tests/test_palette.py``). None is a card colour (each is at least 16 from every route
colour under normal vision); under a colour-vision deficiency some come near a card colour
(lime near yellow), so a claimed car is also told by its dark outline and its mark."""

PLAYER_COLOR_NAMES: tuple[str, ...] = ("violet", "teal", "brown", "lime", "sky blue", "orchid")

PATH_COLOR = "#00c8f0"
"""Default colour of a highlighted path (a cyan band with dark edges; no card colour)."""

GAP_COLOR = "#ff6a00"
"""Colour of the dashed band of a ticket's gap."""

GAP_DASHES = (0, (1.0, 0.7))

TRAIL_FILL = "#ffe14a"
"""Ground of a longest trail's band (a light yellow that reads on a projector and in grey
print, between the band's dark edges); the player's dashes run along its middle."""

TRAIL_DASH_WIDTH = 0.62
"""The player's dashes are this fraction of the trail band's width (the band's own colour shows
as a solid edge on each side)."""

TRAIL_DASHES: tuple[tuple, ...] = ((0, (0.5, 0.5)), (0, (1.6, 0.6)), (0, (0.25, 0.35)),
                                   (0, (2.6, 0.8)), (0, (1.0, 0.4, 0.3, 0.4)), (0, (0.8, 1.0)))
"""Dash pattern of each player's longest-trail band (in band widths), so two trails differ
even where their colours look alike."""

STATION_SHAPE: tuple[tuple[float, float], ...] = ((-1.12, 0.95), (1.12, 0.95), (1.12, -0.25), (0.0, -1.35),
                                                  (-1.12, -0.25))
"""A train station's house (Europe, EU-4): its corners in city radii from the city's centre
(y southward), base, walls and roof. It covers the city dot and stays inside the ring a city
name keeps free round its dot, so it hides no name."""

STATION_Z = 7.5
"""Z-order of the station houses: over the city dots and names (the names keep clear of them)."""

BORROWED_DASHES = (0, (2.2, 1.1))
"""Dash pattern (in line widths) of the frame round each car of a route a train station
borrows, drawn in the borrowing player's colour over a white rim."""

TERRAIN_SYMBOLS: dict[str, str] = {"desert": "sun", "jungle": "trees", "mountain": "peak"}
"""The symbol on every car space of a Heart of Africa route, by its Terrain type (H-3.2), so
the type reads without its colours: a sun (a disc) for Desert & Savanna, trees (two upright
bars) for Jungle & Forest, a peak (a triangle) for Mountain & Cliff. Drawn upright, in the ink
that reads on the space (:func:`ink_on`); the shapes are in :mod:`ttr_nb.draw.render`."""

TERRAIN_WORDS: dict[str, str] = {"desert": "Desert & Savanna", "jungle": "Jungle & Forest",
                                 "mountain": "Mountain & Cliff"}
"""The Terrain types' names, as the cards print them (H-3.2)."""

TERRAIN_SYMBOL_SIZE = 0.62
"""A Terrain symbol's height, in car widths."""

NAME_MAX = 18
"""Names in the legend are cut to this many characters."""

LEGEND_BAND = 0.072
"""Height of the legend strip under the board, in board units."""

LEGEND_FILL = "#fbf8ef"

BACKGROUND = "#f3ecd9"

CITY_FILL = "#b3261e"

CITY_EDGE = "#ffffff"

COUNTRY_FILL = "#e9dcc0"

COUNTRY_EDGE = "#b99f6b"

INK = "#222222"

LOCO_STRIPES = ("#d7261e", "#f6d21f", "#2f9e44", "#1f62c9")

CITY_RADIUS = 0.0085

COUNTRY_RADIUS = 0.034

LABEL_SIZE = 0.0105          # city label font size

MAX_CAR_LENGTH = 0.034       # the printed boards' cars are about 0.031 long

DEFAULT_WIDTH_IN = 14.0


def luminance(color: str) -> float:
    """The relative luminance of a colour (0 black .. 1 white; any matplotlib colour)."""
    from matplotlib.colors import to_rgb

    r, g, b = to_rgb(color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink_on(color: str) -> str:
    """White or dark ink, whichever reads better on ``color``."""
    return "white" if luminance(color) < 0.42 else INK
