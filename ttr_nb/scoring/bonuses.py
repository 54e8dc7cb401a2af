"""Bonus cards (Longest Path, Globetrotter, ...): a registry, and the award rule they share.

Bonuses are pluggable: :func:`register_bonus` adds one with a single function. The scorers
with the highest value (above 0) all score it; the line says who tied (B-8.2, U-1.5, H-9,
LA-12, TA-22).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Mapping, Sequence

from .lines import Line, and_, arrow, plural

if TYPE_CHECKING:  # pragma: no cover
    from .facts import ScorerFacts


@dataclass(frozen=True)
class Measure:
    """What a bonus compares for one scorer: ``value`` (higher is better, 0 never earns it),
    ``text`` ('31 cars'), and what to highlight and say about it."""

    value: int
    text: str
    routes: tuple[int, ...] = ()
    cities: tuple[str, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class Bonus:
    """A bonus card: the scorers with the highest ``measure`` (above 0) all score it.
    ``value``, when given, is ``measure(facts).value`` computed without the rest of the
    Measure (what a sheet by the numbers needs). ``rule`` is the rule ID that gives it;
    ``board_rules`` (board key, rule ID) pairs name another rule on a board whose own rules
    give it (the Globetrotter: U-1.5, +15, but H-9.1, +10, on The Heart of Africa)."""

    key: str
    title: str
    rule: str
    measure: Callable[["ScorerFacts"], Measure]
    value: Callable[["ScorerFacts"], int] | None = None
    board_rules: tuple[tuple[str, str], ...] = ()

    def rule_on(self, board_key: str) -> str:
        """The rule ID that gives this bonus on the board ``board_key``.

        >>> BONUSES["globetrotter"].rule_on("heart_of_africa"), BONUSES["globetrotter"].rule_on("usa")
        ('H-9.1', 'U-1.5')
        """
        return dict(self.board_rules).get(board_key, self.rule)


BONUSES: dict[str, Bonus] = {}
"""The bonus registry: key -> Bonus. Register a new one with :func:`register_bonus`."""


def register_bonus(key: str, title: str, rule: str,
                   value: Callable[["ScorerFacts"], int] | None = None,
                   board_rules: Mapping[str, str] | None = None):
    """Decorator: register ``measure(facts) -> Measure`` as the bonus ``key`` (``value``:
    optionally, its ``.value`` alone, computed faster; ``board_rules``: board key -> the rule
    ID that gives it on that board, where it is not ``rule``).

    The award logic is shared: the highest value wins, every tied scorer scores it, and a
    value of 0 never earns it.
    """

    def wrap(measure: Callable[["ScorerFacts"], Measure]) -> Callable[["ScorerFacts"], Measure]:
        BONUSES[key] = Bonus(key, title, rule, measure, value, tuple(sorted((board_rules or {}).items())))
        return measure

    return wrap


def bonus_line(bonus: Bonus, points: int, m: Measure, tied_with: Sequence[str],
               rule: str | None = None) -> Line:
    """The line of a bonus a scorer scores, naming who tied with it (``rule``: the rule ID
    cited, default ``bonus.rule``; see :meth:`Bonus.rule_on`)."""
    note = f" ({m.note})" if m.note else ""
    if tied_with:
        head = f"{bonus.title}, tied with {and_(tied_with)} at {m.text}"
    else:
        head = f"{bonus.title}: {m.text}"
    return Line("bonus", points, f"{head}{note}: +{points}", m.routes, m.cities,
                rule=bonus.rule if rule is None else rule, bonus=bonus.key)


@register_bonus("longest_path", "Longest Path", "B-8.2", value=lambda f: f.trail_length,
                board_rules={"europe": "EU-5"})
def _longest_path(facts: "ScorerFacts") -> Measure:
    t = facts.trail
    return Measure(t.length, plural(t.length, "car"), tuple(t.routes), tuple(t.cities), arrow(t.cities))


@register_bonus("globetrotter", "Globetrotter", "U-1.5",
                value=lambda f: f.tickets_completed, board_rules={"heart_of_africa": "H-9.1"})
def _globetrotter(facts: "ScorerFacts") -> Measure:
    n = facts.tickets_completed
    return Measure(n, plural(n, "completed ticket"))


@register_bonus("most_tickets", "Most completed tickets", "TA-22",
                value=lambda f: f.tickets_completed)
def _most_tickets(facts: "ScorerFacts") -> Measure:
    n = facts.tickets_completed
    return Measure(n, plural(n, "completed ticket"))


@register_bonus("asian_explorer", "Asian Explorer", "LA-12",
                value=lambda f: len(f.network.cities))
def _asian_explorer(facts: "ScorerFacts") -> Measure:
    net = facts.network
    n = len(net.cities)
    return Measure(n, plural(n, "city", "cities"), tuple(sorted(net.routes)), tuple(sorted(net.cities)))


__all__ = ["Measure", "Bonus", "BONUSES", "register_bonus", "bonus_line"]
