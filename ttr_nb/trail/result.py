"""The result of a longest-trail search: :class:`Trail`."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Trail:
    """A trail: ``routes`` in the order travelled, ``cities`` in order (one more than the
    routes; a city may repeat), ``length`` in train cars. The empty trail has length 0,
    no routes and no cities."""

    length: int
    routes: tuple[int, ...]
    cities: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.routes)

    def describe(self) -> str:
        """One line: 'Pittsburgh → Saint Louis → … (31 cars, 9 routes)'."""
        if not self.routes:
            return "no route (0 cars)"
        n = len(self.routes)
        return f"{' → '.join(self.cities)} ({self.length} cars, {n} route{'s' * (n != 1)})"


EMPTY_TRAIL = Trail(0, (), ())
