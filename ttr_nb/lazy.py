"""A read-only sequence whose items are built on first reading (the legal actions of a state,
the events of an action): it compares equal to a list of the same items and prints as one."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Iterator


class ListView(Sequence):
    """A subclass gives :meth:`_list`, the whole list (built once); it may answer ``len`` and
    indexing without it. Everything else reads the list."""

    __slots__ = ()

    def _list(self) -> list:  # pragma: no cover (every subclass has its own)
        raise NotImplementedError

    def __len__(self) -> int:
        return len(self._list())

    def __getitem__(self, k: Any) -> Any:
        return self._list()[k]

    def __iter__(self) -> Iterator:
        return iter(self._list())

    def __contains__(self, a: object) -> bool:
        return a in self._list()

    def __reversed__(self) -> Iterator:
        return reversed(self._list())

    def index(self, a: Any, *args: Any) -> int:
        return self._list().index(a, *args)

    def count(self, a: Any) -> int:
        return self._list().count(a)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ListView):
            other = other._list()
        if isinstance(other, (list, tuple)):
            return self._list() == list(other)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = None  # type: ignore[assignment]

    def __add__(self, other: Any) -> list:
        return self._list() + list(other)

    def __radd__(self, other: Any) -> list:
        return list(other) + self._list()

    def __repr__(self) -> str:
        return repr(self._list())
