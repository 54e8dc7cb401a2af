"""The record a save file keeps of its position (``Game.to_json`` writes it, ``Game.from_json``
checks it): the number of actions, the last one, and short digests of the action list and of
the final state, so a save whose actions were cut, reordered or changed is named as such."""
from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from .actions import action_from_json
from .errors import SaveError, shown

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


def digest(doc: Any) -> str:
    """16 hex digits of the SHA-256 of ``doc`` (text, or plain data as canonical JSON)."""
    text = doc if isinstance(doc, str) else json.dumps(doc, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def saved_position(doc: dict[str, Any]) -> dict[str, Any] | None:
    """The ``position`` record of a save (None when it has none: an older save); SaveError
    if it is not one."""
    pos = doc.get("position")
    if pos is None:
        return None
    if not isinstance(pos, dict):
        raise SaveError(f"'position' must be the record of the saved position (an object), not {shown(pos)}")
    for key, ok in (("actions", lambda x: type(x) is int and x >= 0),
                    ("last", lambda x: x is None or isinstance(x, dict)),
                    ("history", lambda x: type(x) is str and 0 < len(x) <= 64),
                    ("state", lambda x: type(x) is str and 0 < len(x) <= 64)):
        if key not in pos or not ok(pos[key]):
            raise SaveError(f"'position' has no valid {key!r}: {shown(pos)}")
    return pos


def _action_words(d: Any) -> str:
    """An action of a save file in words ('claim route 34 with 3 red'), or its JSON."""
    try:
        return action_from_json(d).text()
    except Exception:  # noqa: BLE001 (not an action: shown as it is)
        return shown(d)


_LOAD_ANYWAY = "To load the actions as they are, use Game.from_json(text, check=False)."


def changed(actions: list, saved: dict[str, Any]) -> str | None:
    """How the save's action list differs from the one its position was saved with (another
    number of actions, another last action, other actions before it), or None."""
    n, last = saved["actions"], saved["last"]
    head = "This save was changed after it was saved:"
    if len(actions) != n:
        what = "cut short or emptied" if len(actions) < n else "added to"
        return (f"{head} it was saved after {n:,} actions, but its list now has {len(actions):,} (the "
                f"list was {what}). {_LOAD_ANYWAY}")
    if n and actions[-1] != last:
        return (f"{head} its last action was '{_action_words(last)}', but the list now ends with "
                f"'{_action_words(actions[-1])}' (actions reordered or changed). {_LOAD_ANYWAY}")
    if digest(actions) != saved["history"]:
        return (f"{head} it has the same {n:,} actions and the same last one, but not in the same "
                f"order or not the same ones before it (actions reordered or changed). {_LOAD_ANYWAY}")
    return None


def check_state(game: "Game", saved: dict[str, Any]) -> None:
    """SaveError when the replayed game is not at the saved position."""
    now = game.position()
    if now["state"] != saved["state"]:
        raise SaveError(f"This save does not replay to the game that was saved: its {now['actions']:,} "
                        f"actions, unchanged, now lead to another position (turn {now['turn']}; when "
                        f"saved: turn {saved.get('turn', '?')}). The seed, the players or the settings "
                        f"were changed, or this version of ttr_nb plays the rules differently from the "
                        f"one that saved it. {_LOAD_ANYWAY}")
