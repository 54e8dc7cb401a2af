"""The Scoresheet: every point of a final score, computed exactly and explained.

A score is made of lines, and every line says where it comes from:

- ``route``: a claimed route, 1, 2, 4, 7, 10, 15 points for 1 to 6 spaces (8 → 21), B-5.9;
- the lines a game's mechanics add (:attr:`Mechanic.score_sections
  <ttr_nb.rules.mechanic.Mechanic.score_sections>`): ``terrain``, a Heart of Africa route
  doubled with Terrain cards (H-5); ``mountain``, the Mountain Crossing of Legendary Asia
  (LA-9); a mechanic written outside the package adds its own (docs/extending.md);
- ``ticket``: + its value when done (with the path that does it), − when not (with what each
  end reaches and the gap between them: tracks the scorer may still claim, B-5.8, TA-20), B-6.5;
- ``bonus``: Longest Path, Globetrotter, Asian Explorer, the Team Asia bonuses; a tie gives
  every tied player the bonus, and the line says who tied (B-8.2, U-1.5, H-9, LA-12, TA-22).

Bonuses are pluggable: :func:`register_bonus` adds one with a single function.

A sheet follows the game's settings (``settings``, the game's policies; ``game.score()``
passes them): which tracks a scorer may still claim is
:func:`ttr_nb.rules.claiming.track_closed`, the rule play itself uses.

Rooms: :mod:`.lines` (Claim, Scorer, Line, the sections), :mod:`.claims` (the lines of
claims), :mod:`.tickets` (ticket lines and gaps), :mod:`.bonuses`, :mod:`.facts` (a scorer's
trail, network, tickets done), :mod:`.check` (what a sheet refuses), :mod:`.sheet`.

Example
-------
>>> import ttr_nb
>>> from ttr_nb.scoring import Claim, Scorer, Scoresheet
>>> board = ttr_nb.load_map("usa")
>>> mia = Scorer("Mia", claims=(Claim(34),), tickets=())
>>> sheet = Scoresheet.compute(board, [mia], {"longest_path": 10})
>>> sheet.totals
(17,)
"""
from __future__ import annotations

from typing import Any

from .bonuses import BONUSES, Bonus, Measure, register_bonus
from .facts import ScorerFacts
from .lines import Claim, Line, Scorer, TicketResult, sections
from .sheet import Scoresheet, _numbers_only
from .tickets import closed_to


def line_kinds() -> tuple[str, ...]:
    """Every kind of score line, in sheet order: the core's and every registered mechanic's."""
    from ..rules import mechanic_classes

    return tuple(k for k, _ in sections(mechanic_classes()))


def __getattr__(name: str) -> Any:
    if name == "KINDS":  # the kinds of score line, in the order a sheet lists them
        return line_kinds()
    raise AttributeError(f"module 'ttr_nb.scoring' has no attribute {name!r}")


__all__ = ["Scoresheet", "Scorer", "Claim", "Line", "TicketResult", "Measure", "Bonus",
           "BONUSES", "register_bonus", "ScorerFacts", "closed_to", "sections", "line_kinds"]
