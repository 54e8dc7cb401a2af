"""The rules, one module per mechanic.

Core (every variant): :mod:`.drawing` (train cards, B-4), :mod:`.claiming` (routes, ferries,
B-5, EU-2), :mod:`.tickets` (B-2.4, B-6), :mod:`.endgame` (turns, the final round, B-7),
:mod:`.fast` (the fast random sampler). Plug-in mechanics are :class:`~.mechanic.Mechanic`
subclasses found by name in :data:`MECHANICS`; a variant lists the ones it uses.
"""
from __future__ import annotations

from importlib import import_module

from .mechanic import Mechanic

MECHANICS: dict[str, tuple[str, str, str]] = {
    # name: (module, class, what is missing if the module does not exist yet)
    "mountains": ("ttr_nb.rules.mountains", "Mountains", "Legendary Asia mountains (LA-9)"),
    "terrain": ("ttr_nb.rules.terrain", "Terrain", "The Heart of Africa Terrain cards (H-3 to H-6)"),
    "teams": ("ttr_nb.rules.teams", "Teams", "Team Asia teams and holders (TA-1 to TA-16)"),
    "tunnels": ("ttr_nb.rules.tunnels", "Tunnels", "Team Asia tunnels (EU-3, TA-17 to TA-19)"),
}


def mechanic_class(name: str) -> type[Mechanic]:
    """The Mechanic class called ``name``; NotImplementedError if its module is not written yet."""
    if name not in MECHANICS:
        raise ValueError(f"unknown mechanic {name!r}; known: {', '.join(sorted(MECHANICS))}")
    mod, cls, what = MECHANICS[name]
    try:
        m = import_module(mod)
    except ModuleNotFoundError as e:
        if e.name == mod:
            raise NotImplementedError(f"{what} is not implemented yet (module {mod})") from None
        raise
    return getattr(m, cls)


__all__ = ["Mechanic", "MECHANICS", "mechanic_class"]
