"""Show a board, a game or a Scoresheet as a picture in a notebook, in one call.

``ttr_nb.show(game, highlight=..., gap=..., trails=..., selected=..., closed=..., cities=...)``
draws the board with every claimed route covered by its owner's cars (colour and mark; a
Team Asia team's partners share a colour and differ by mark), the highlights each in their
own style and the ``cities`` ringed, and returns the picture (a notebook displays it). A
Scoresheet is drawn with each scorer's routes; a Board with none. Train stations (Europe) are
houses over their cities in their owners' colours; a Scoresheet also shows the route each
station borrows (its cars framed in dashes of the borrower's colour).

Every picture carries its text alternative, written from the same data
(:func:`ttr_nb.draw.alt.describe_picture`): ``picture.describe()`` (also ``.text`` and ``.alt``)
says which board, whose routes, the highlighted path, gap and trails with their lengths in train
cars and the ringed cities. In a notebook the output holds the PNG and, as its ``text/plain``,
that text (with ``alt`` in the image's metadata); :meth:`BoardPicture.html` is an
``<img alt="...">`` and :func:`with_alt_text` adds the alt to the images of a notebook exported
to HTML. An SVG picture carries the text as its ``<title>``.
"""
from __future__ import annotations

import html as _html
import re
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from IPython.display import SVG, Image

if TYPE_CHECKING:  # pragma: no cover
    from .board import Board
    from .game import Game
    from .scoring import Scoresheet

LABEL_PX = 12.0
"""City names in a picture from :func:`show` are this many pixels high (font size in points
× dpi / 72), readable when a class sees it on a projector."""


def seat_style(game: Game, colors: Sequence[str] | None = None
               ) -> tuple[list[str], list[str], tuple[str, ...]]:
    """How a game is drawn seat by seat: each seat's colour, legend name and mark.

    Each seat's cars carry its player's initial; in a team game (Team Asia) partners share
    their team's colour (from ``colors``, default :data:`ttr_nb.draw.PLAYER_COLORS`) and their
    legend names say the team ("Ana (Ana & Bea)"), so the team reads by colour and the player
    by mark.
    """
    from .draw import PLAYER_COLORS, default_marks

    colors = list(colors or PLAYER_COLORS)
    groups = game.scorer_groups()
    team = {seat: i for i, (_name, seats) in enumerate(groups) for seat in seats}
    teams = any(len(seats) > 1 for _name, seats in groups)
    seats = range(game.n)
    names = [f"{game.names[s]} ({groups[team[s]][0]})" if teams else game.names[s] for s in seats]
    return ([colors[team.get(s, s) % len(colors)] for s in seats], names,
            default_marks(list(game.names), game.n))


def _is_game(source: Any) -> bool:
    """A game (told by what it has: the pictures do not import the engine)."""
    return hasattr(source, "route_owners") and hasattr(source, "scorer_groups") and hasattr(source, "variant")


def _is_scoresheet(source: Any) -> bool:
    """A Scoresheet (its scorers with their claims, the names, the board)."""
    return hasattr(source, "scorers") and hasattr(source, "names") and hasattr(source, "board")


def draw_args(source: Board | Game | Scoresheet) -> dict[str, Any]:
    """Keywords for :func:`ttr_nb.draw.draw_board` from a Board, Game or Scoresheet: ``board``,
    ``claims`` (route id -> player) and ``player_names``; for a game also ``player_colors``
    and ``marks``. A game is drawn seat by seat (:func:`seat_style`), a Scoresheet scorer by
    scorer. Train stations (Europe) come as ``stations`` (city -> player): a game's from what
    its view shows everyone (``view['stations']``), a Scoresheet's from its station lines, which
    also give ``borrowed`` (station city -> the route it borrows, EU-4)."""
    from .board import Board

    if isinstance(source, Board):
        return dict(board=source, claims={}, player_names=None)
    if _is_game(source):
        colors, names, marks = seat_style(source)
        out = dict(board=source.board, claims={int(r): int(s) for r, s in source.route_owners.items()},
                   player_colors=colors, player_names=names, marks=marks)
        built = source.view(None).get("stations")
        if built:
            out["stations"] = {str(c): int(s) for c, s in built.items()}
        return out
    if _is_scoresheet(source):
        claims = {c.route: i for i, s in enumerate(source.scorers) for c in s.claims}
        out = dict(board=source.board, claims=claims, player_names=list(source.names))
        if any(getattr(s, "extras", None) for s in source.scorers):
            stations, borrowed = _station_lines(source)
            if stations:
                out["stations"] = stations
            if borrowed:
                out["borrowed"] = borrowed
        return out
    raise TypeError(f"show() draws a Board, a Game or a Scoresheet, not {type(source).__name__}")


def _station_lines(sheet: Scoresheet) -> tuple[dict[str, int], dict[str, int]]:
    """A Scoresheet's train stations (city -> scorer) and the route each borrows (city ->
    route id), read from its ``station`` lines (EU-4)."""
    stations: dict[str, int] = {}
    borrowed: dict[str, int] = {}
    for i, lines in enumerate(sheet.lines):
        for line in lines:
            if line.kind != "station":
                continue
            for city in line.cities:
                stations[city] = i
                if line.routes:
                    borrowed[city] = line.routes[0]
    return stations, borrowed


def show(source: Board | Game | Scoresheet, *, highlight: Iterable[Any] = (), cities: Iterable[str] = (),
         gap: Iterable[Any] = (), trails: Mapping[Any, Iterable[Any]] | None = None,
         selected: Iterable[Any] = (), closed: Iterable[Any] = (),
         title: str | None = None, dpi: int | None = None, format: str = "png", **kw: Any):
    """The picture of ``source`` (a Board, Game or Scoresheet), ready to display.

    Parameters
    ----------
    source : Board, Game or Scoresheet
        What to draw: a board, a game's position (claims, players), or a score's players
        and their routes.
    highlight : iterable of route ids or names, optional
        A path (routes that complete a ticket): ids, or names such as ``"Denver–Omaha"``.
    cities : iterable of str, optional
        City names ringed.
    gap : iterable of route ids or names, optional
        Routes a failed ticket still needs (a dashed band).
    trails : mapping, optional
        Player -> routes of their longest trail; the player is a seat number (a game), a
        scorer number (a Scoresheet) or a name shown in the legend.
    selected : iterable of route ids or names, optional
        Routes framed as selected.
    closed : iterable of route ids or names, optional
        Tracks cross-hatched as closed.
    title : str, optional
        The title (default: the board's, or the game's variant).
    dpi : int, optional
        The resolution of the stored picture (default: the one at which city names are
        :data:`LABEL_PX` pixels high, about 1230 pixels wide for the USA board).
    format : {"png", "svg"}, default "png"
        ``"svg"``: a vector picture, crisp at any size (on a projector, in print); the same
        position gives the same bytes.
    **kw
        Other keywords go to :func:`ttr_nb.draw.draw_board` (``figsize``, ``dim_unclaimed``, ...).

    Returns
    -------
    BoardPicture or BoardSVG
        A :class:`BoardPicture` (an ``IPython.display.Image``; ``format="svg"``: a
        :class:`BoardSVG`, an ``IPython.display.SVG``): as the last line of a cell it is
        shown, with its text alternative (``.describe()``) as the output's text.

    Examples
    --------
    >>> import ttr_nb
    >>> usa = ttr_nb.load_map("usa")
    >>> ttr_nb.show(usa, highlight=["Denver–Omaha"], cities=["Denver"])  # doctest: +SKIP
    """
    from .draw import board_png, board_svg, label_dpi
    from .draw.alt import describe_picture

    args = draw_args(source)
    board = args.pop("board")
    if title is None and _is_game(source):
        title = source.variant.title
    names = list(args.get("player_names") or ())
    args.update(kw)
    if trails:
        args["trails"] = {_player_index(p, names): board.route_ids(ids) for p, ids in trails.items()}
    marks = dict(highlight=board.route_ids(highlight), gap=board.route_ids(gap),
                 selected=board.route_ids(selected), closed=board.route_ids(closed),
                 highlight_cities=list(cities), title=title, **args)
    if format not in ("png", "svg"):
        raise ValueError(f"format is 'png' or 'svg', not {format!r}")
    text = describe_picture(board, **marks)
    if format == "svg":
        return BoardSVG(board_svg(board, **marks), text)
    if dpi is None:
        dpi = label_dpi(board, LABEL_PX, kw.get("figsize"))
    return BoardPicture(board_png(board, dpi=dpi, **marks), text)


class BoardPicture(Image):
    """A board's PNG picture with its text alternative (what :func:`show` returns).

    ``describe()``, ``.text`` and ``.alt`` give the text; in a notebook the output is the PNG
    with the text as ``text/plain`` (read by screen readers and shown where images are not)
    and as the image's ``alt`` metadata. ``repr()`` is the text.
    """

    def __init__(self, data: bytes, text: str):
        super().__init__(data=data, format="png", alt=text)
        self.text = text

    def describe(self) -> str:
        """What the picture shows, in words."""
        return self.text

    def _repr_mimebundle_(self, include=None, exclude=None):
        data, meta = super()._repr_mimebundle_(include, exclude)
        data["text/plain"] = self.text
        return data, meta

    def __repr__(self) -> str:
        return self.text

    def html(self) -> str:
        """The picture as an HTML ``<img>`` with its text as ``alt`` (for a page or a handout)."""
        from binascii import b2a_base64

        b64 = b2a_base64(self.data, newline=False).decode("ascii")
        return f'<img src="data:image/png;base64,{b64}" alt="{_html.escape(self.text)}"/>'


class BoardSVG(SVG):
    """A board's SVG picture with its text alternative, which is also the SVG's ``<title>``
    (and ``aria-label``), so the vector picture carries its description wherever it goes."""

    def __init__(self, svg: str, text: str):
        self.text = text
        super().__init__(data=_svg_with_title(svg, text))

    def describe(self) -> str:
        """What the picture shows, in words."""
        return self.text

    @property
    def alt(self) -> str:
        return self.text

    def _repr_mimebundle_(self, include=None, exclude=None):
        return {"image/svg+xml": self._repr_svg_(), "text/plain": self.text}, {}

    def __repr__(self) -> str:
        return self.text


def _svg_with_title(svg: str, text: str) -> str:
    """The SVG with ``role="img"``, an ``aria-label`` and a ``<title>`` holding ``text``."""
    m = re.search(r"<svg\b[^>]*>", svg)
    if m is None:
        return svg
    esc = _html.escape(text)
    tag = m.group(0)
    opened = tag[:-1].rstrip("/") + f' role="img" aria-label="{esc}">'
    return svg[:m.start()] + opened + f"<title>{esc}</title>" + svg[m.end():]


PLACEHOLDER_ALTS = ("No description has been provided for this image",)
"""The alt texts exporters write when an image has none (nbconvert 7's HTML exporter): replaced."""

_IMG = re.compile(r"<img\b[^>]*>")
_ALT = re.compile(r'\salt="([^"]*)"')


def with_alt_text(page: str, notebook: Any) -> str:
    """``page`` (a notebook exported to HTML, e.g. by nbconvert) with each board picture's
    ``alt`` set to its text alternative, read from the notebook's outputs (the ``alt`` in an
    image's metadata). An ``alt`` already written is kept, unless it is an exporter's
    placeholder (:data:`PLACEHOLDER_ALTS`); images without a text are left as they are."""
    alts: dict[str, str] = {}
    for cell in notebook.get("cells", ()):
        for out in cell.get("outputs", ()) or ():
            png = (out.get("data") or {}).get("image/png")
            alt = ((out.get("metadata") or {}).get("image/png") or {}).get("alt")
            if alt and png:
                png = png if isinstance(png, str) else "".join(png)
                alts["".join(png.split())[:120]] = alt

    def fix(m: re.Match) -> str:
        tag = m.group(0)
        k = tag.find("base64,")
        alt = alts.get(tag[k + 7:k + 127]) if k >= 0 else None
        if alt is None:
            return tag
        old = _ALT.search(tag)
        if old is None:
            return tag[:4] + f' alt="{_html.escape(alt)}"' + tag[4:]
        if _html.unescape(old.group(1)) not in PLACEHOLDER_ALTS:
            return tag
        return tag[:old.start()] + f' alt="{_html.escape(alt)}"' + tag[old.end():]

    return _IMG.sub(fix, page) if alts else page


def _player_index(p: Any, names: list[str]) -> Any:
    """A player given by number or by name (as in the legend, or the name before " (team")."""
    if isinstance(p, str):
        for i, n in enumerate(names):
            if p == n or n.startswith(p + " ("):
                return i
        raise ValueError(f"no player called {p!r} (the players: {', '.join(names) or 'none'})")
    return p
