"""The rules, one module per mechanic.

Core (every variant): :mod:`.drawing` (train cards, B-4), :mod:`.claiming` (routes, ferries,
B-5, EU-2), :mod:`.tickets` (B-2.4, B-6), :mod:`.endgame` (turns, the final round, B-7).
Plug-in mechanics are :class:`~.mechanic.Mechanic` subclasses found by name in
:data:`MECHANICS`; a variant lists the ones it uses. A mechanic written outside the package
is added with :func:`register_mechanic` (docs/extending.md).
"""
from __future__ import annotations

from importlib import import_module
from typing import Union

from .mechanic import Mechanic

MECHANICS: dict[str, Union[tuple[str, str, str], type[Mechanic]]] = {
    # name: (module, class, what is missing if the module does not exist yet), or the class
    "terrain": ("ttr_nb.rules.terrain", "Terrain", "The Heart of Africa Terrain cards (H-3 to H-6)"),
    "mountains": ("ttr_nb.rules.mountains", "Mountains", "Legendary Asia mountains (LA-9)"),
    "teams": ("ttr_nb.rules.teams", "Teams", "Team Asia teams and holders (TA-1 to TA-16)"),
    "tunnels": ("ttr_nb.rules.tunnels", "Tunnels", "Team Asia tunnels (EU-3, TA-17 to TA-19)"),
    "train_stations": ("ttr_nb.rules.stations", "TrainStations", "Europe's train stations (EU-4, EU-5)"),
}
"""Every mechanic by name: where the shipped ones live (imported on first use), or the class
of one added with :func:`register_mechanic`. The order is the order of a Scoresheet's
sections (:attr:`Mechanic.score_sections`)."""

SHIPPED = tuple(MECHANICS)
"""The names of the mechanics that come with ttr_nb."""

_CLASSES: dict[str, tuple[type[Mechanic], ...]] = {}  # the registry's classes, while it is unchanged


def mechanic_class(name: str) -> type[Mechanic]:
    """The Mechanic class called ``name``; NotImplementedError if its module is not written yet."""
    if name not in MECHANICS:
        raise ValueError(f"unknown mechanic {name!r}; known: {', '.join(sorted(MECHANICS))}")
    entry = MECHANICS[name]
    if isinstance(entry, type):
        return entry
    mod, cls, what = entry
    try:
        m = import_module(mod)
    except ModuleNotFoundError as e:
        if e.name == mod:
            raise NotImplementedError(f"{what} is not implemented yet (module {mod})") from None
        raise
    return getattr(m, cls)


def mechanic_classes() -> tuple[type[Mechanic], ...]:
    """The class of every mechanic in :data:`MECHANICS`, in its order (shipped ones whose
    module is not written yet are left out). A Scoresheet made without a game's list of
    mechanics asks these."""
    key = tuple(MECHANICS)
    found = _CLASSES.get(key)
    if found is None:
        out = []
        for name in key:
            try:
                out.append(mechanic_class(name))
            except NotImplementedError:
                continue
        _CLASSES.clear()
        found = _CLASSES[key] = tuple(out)
    return found


def register_mechanic(name: str, cls: type[Mechanic], replace: bool = False) -> type[Mechanic]:
    """Add the mechanic ``cls`` (a :class:`Mechanic` subclass whose ``name`` is ``name``) so
    that a variant listing ``name`` in its ``mechanics`` plays with it; return ``cls``.

    ValueError if ``name`` is taken (a shipped mechanic always; another one unless
    ``replace``), if ``cls`` is not a Mechanic subclass, or if its ``name`` differs.

    >>> from ttr_nb.rules import Mechanic, register_mechanic, unregister_mechanic
    >>> class Quiet(Mechanic):
    ...     name = "quiet"
    >>> register_mechanic("quiet", Quiet) is Quiet
    True
    >>> unregister_mechanic("quiet")
    """
    if name in SHIPPED or (name in MECHANICS and not replace and MECHANICS[name] is not cls):
        raise ValueError(f"there is already a mechanic called {name!r}; choose another name")
    if not (isinstance(cls, type) and issubclass(cls, Mechanic)):
        raise ValueError(f"mechanic {name!r} must be a subclass of ttr_nb.rules.Mechanic, not {cls!r}")
    if cls.name != name:
        raise ValueError(f"the class {cls.__name__} is called {cls.name!r} (its class attribute "
                         f"name); register it under that name, not {name!r}")
    MECHANICS[name] = cls
    _CLASSES.clear()
    return cls


def unregister_mechanic(name: str) -> None:
    """Remove a mechanic added with :func:`register_mechanic` (a shipped one stays)."""
    if name in SHIPPED:
        raise ValueError(f"{name!r} comes with ttr_nb and cannot be removed")
    MECHANICS.pop(name, None)
    _CLASSES.clear()


__all__ = ["Mechanic", "MECHANICS", "SHIPPED", "mechanic_class", "mechanic_classes",
           "register_mechanic", "unregister_mechanic"]
