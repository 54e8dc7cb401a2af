"""The errors users see: an illegal action, a broken save file."""
from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow now. ``reason`` is a sentence a teacher can read
    aloud; the game is left exactly as it was."""

    def __init__(self, reason: str, action: object = None):
        self.reason = reason
        self.action = action
        super().__init__(reason)


class SaveError(ValueError):
    """A save file that cannot be loaded: corrupted, truncated, or from a newer version."""
