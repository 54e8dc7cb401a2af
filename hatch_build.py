"""Wheel build hook: the lessons go into the wheel file by file (both editions, the notebooks
only), so nothing else in ``notebooks/`` (``.ipynb_checkpoints`` left by Jupyter, scratch
files) is packed. Hatch's ``force-include`` of a folder would copy it whole."""
from __future__ import annotations

from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class LessonFiles(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        lessons = Path(self.root) / "notebooks"
        for nb in sorted(lessons.glob("*.ipynb")) + sorted((lessons / "student").glob("*.ipynb")):
            build_data["force_include"][str(nb)] = f"ttr_nb/notebooks/{nb.relative_to(lessons).as_posix()}"
