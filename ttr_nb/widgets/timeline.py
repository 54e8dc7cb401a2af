"""The replay model moved to :mod:`ttr_nb.timeline` (it needs no ipywidgets); this name stays
for code that imported it from here."""
from __future__ import annotations

from ..timeline import Step, Timeline

__all__ = ["Step", "Timeline"]
