"""The board drawn: car spaces, claims by player, highlighted trails, as PNG, SVG or a figure.

Everything is drawn from the map data. Routes with printed car-space positions
(``Route.spaces``: USA, Legendary Asia) are drawn where the board prints them;
the two authored boards lay their spaces out evenly between the two cities, with
double and triple tracks side by side (a route is bent a little where a straight row
would run into another route or city).

Symbols (the same on every board):

* a car space is a small rectangle in the route's colour (gray routes gray);
* a **ferry**'s Locomotive spaces carry multicolour stripes (any card colour, i.e. a Locomotive);
* a **tunnel** has a dark dashed outline round its spaces and a dark disc with the number
  of cards revealed when it is claimed (beside its spaces, on no car space, badge or city dot;
  the two tracks of a double tunnel that reveal the same number share one disc);
* a **mountain** (Legendary Asia) X space carries an X: it costs one extra train;
* a **country** (The Heart of Africa) is a large pale oval with its name in capitals;
* a route's **Terrain** type (The Heart of Africa, H-3.2) is a symbol on each of its spaces, so
  it does not rest on colour alone: a disc for Desert & Savanna, two upright bars for Jungle &
  Forest, a triangle for Mountain & Cliff;
* a **claimed** route is covered by cars: every space in the player's colour over its whole
  area, with a dark outline and the player's mark (initial or number), so players are told
  apart without colour (Team Asia partners share a colour and differ by mark);
* a **train station** (Europe) is a small house over its city's dot in its owner's colour, with a
  dark outline in a white rim and the owner's mark; a route a station **borrows** at the final
  score has each car framed in dashes of the borrower's colour, with a small house on it;
* highlights differ by style, not only by hue: a **path** is a solid band with dark edges
  under the cars, a **gap** a dashed orange band, a player's **longest trail** a wide yellow
  band with dark edges striped in the player's colour (a dash pattern per player) and its steps
  numbered 1, 2, 3 ... in order on white discs (it reads on a projector and in grey print), a
  **selected** route has black-and-white dashed frames, a **closed** track is cross-hatched.

Every picture has a text alternative written from the same data
(:func:`~ttr_nb.draw.alt.describe_picture`; ``ttr_nb.show`` attaches it to what it returns).

The legend sits in a strip under the board. The package is the picture in small parts, the
geometry computed once per board and drawn by every renderer:

* :mod:`~ttr_nb.draw.style`: colours and sizes (data);
* :mod:`~ttr_nb.draw.symbols`: the Terrain symbols' shapes;
* :mod:`~ttr_nb.draw.layout`: where every car space goes (numpy, no matplotlib);
* :mod:`~ttr_nb.draw.geometry`: the frame, centre lines, car corners, tunnel badges (numpy);
* :mod:`~ttr_nb.draw.labels`: where each city's name goes;
* :mod:`~ttr_nb.draw.position`: a position's claims and highlights, checked (data);
* :mod:`~ttr_nb.draw.render`: the matplotlib figure, as :func:`draw_fixed` (the board as
  printed) and :func:`draw_overlay` (claims and highlights on top);
* :mod:`~ttr_nb.draw.legend`: the legend under the board;
* :mod:`~ttr_nb.draw.raster`: the fixed part drawn once per board, size and resolution and
  each position painted over it: a game position costs tens of milliseconds instead of half
  a second (``ttr_nb.show``, a Board's picture in a notebook, the widgets);
* :mod:`~ttr_nb.draw.alt`: the picture's text alternative (data only);
* :mod:`~ttr_nb.draw.export`: :func:`board_png`, :func:`board_svg` (vector; the same bytes
  for the same position), :func:`save_board`.

The browser's BoardWidget draws the same geometry (:func:`ttr_nb.widgets.board_widget.board_geometry`).
Every car-space patch carries the gid ``"route-<id>"`` (tests and widgets find a route's
patches by it). The engine never imports this package, nor does this package import the
engine, the players or the widgets.

Example
-------
>>> import ttr_nb
>>> from ttr_nb.draw import draw_board
>>> ax = draw_board(ttr_nb.load_map("usa"), claims={1: 0, 2: 1}, highlight=[3])  # doctest: +SKIP
"""
from __future__ import annotations

# Every part's public names, importable from ttr_nb.draw.
from .alt import describe_picture
from .export import SVG_METADATA, board_png, board_svg, encode_png, label_dpi, save_board
from .geometry import (BADGE_RADIUS, badge_spots, board_extent, car_boxes, car_corners, car_samples, centre_line,
                       figure_size, gap_to_boxes, short_title, spread)
from .labels import CAR_TOUCH_COST, LABEL_GAPS, LABEL_MAX_GAP, place_labels
from .layout import BENDS, Layout, Space, board_layout, computed_bends, layout_fingerprint, shipped_bends
from .position import Overlay, checked_routes, cut_name, default_marks, prepare_overlay
from .raster import CACHE_SIZE, TRACK_Z, FixedPicture, fixed_picture, render_rgba
from .render import draw_board, draw_fixed, draw_overlay
from .style import (BACKGROUND, CITY_EDGE, CITY_FILL, CITY_RADIUS, COUNTRY_EDGE, COUNTRY_FILL, COUNTRY_RADIUS,
                    DEFAULT_WIDTH_IN, GAP_COLOR, GAP_DASHES, INK, LABEL_SIZE, LEGEND_BAND, LEGEND_FILL, LOCO_STRIPES,
                    MAX_CAR_LENGTH, NAME_MAX, PATH_COLOR, PLAYER_COLOR_NAMES, PLAYER_COLORS, ROUTE_COLORS_HEX,
                    TERRAIN_SYMBOLS, TERRAIN_WORDS, TRAIL_DASHES, TRAIL_FILL, ink_on, luminance)

# The names most code needs (the docs list them on this package's page; the others with their part).
__all__ = ["draw_board", "board_png", "board_svg", "save_board", "describe_picture", "label_dpi", "place_labels",
           "PLAYER_COLORS",
           "PLAYER_COLOR_NAMES", "ROUTE_COLORS_HEX", "PATH_COLOR", "GAP_COLOR"]

# The old private names, for code written before the split (tests/test_labels.py,
# tests/test_board_widget.py, tests/test_engine_text.py); new code uses the public names.
from .export import _board_png_full  # noqa: E402,F401
from .layout import _build_layout  # noqa: E402,F401

_layout = board_layout
_extent = board_extent
_badge_spots = badge_spots
_car_samples = car_samples
_car_boxes = car_boxes
_gap_to_boxes = gap_to_boxes
