"""`ttr-nb check-map`: check map files and print every problem, or a good map's statistics."""
from __future__ import annotations

import unicodedata
from pathlib import Path

from .board import MAP_NAMES, _exists, maps_dir, parse_map
from .errors import parse_json, read_text, short_name, shown
from .mapcheck import check_document


def main(files: list[str]) -> int:
    """`ttr-nb check-map`: print every problem (exit 1), or the statistics of a good map."""
    status = 0
    for f in files:
        if any(unicodedata.category(ch) == "Cc" for ch in f):
            print(f"{short_name(shown(f))}: not a map: a file name has no control characters")
            status = 1
            continue
        f_shown = f if f.strip() else shown(f)  # (a blank name is quoted)
        path = maps_dir() / f"{f.replace('-', '_')}.json" if f.replace("-", "_") in MAP_NAMES else Path(f)
        if not _exists(path) and path.suffix != ".json" and "/" not in f:
            print(f"{short_name(f_shown)}: no such map: give a map file (.json) or a shipped map: {', '.join(MAP_NAMES)}")
            status = 1
            continue
        try:
            try:
                text = read_text(path, _Unreadable, "map file")
            except _Unreadable as e:
                raise _Unreadable(e.args[0], f"cannot read: {e.args[1]}") from None
            doc = parse_json(text, str(f), _Unreadable)
        except _Unreadable as e:
            where = str(e.args[0]).replace(", line ", ": line ", 1)
            print(f"{where}: {e.args[1]}")
            status = 1
            continue
        problems = check_document(doc)
        if problems:
            for item, what in problems:
                print(f"{f}: {item}: {what}")
            print(f"{f}: {len(problems)} problem{'s' * (len(problems) != 1)}")
            status = 1
            continue
        print(f"{f}: OK")
        print(parse_map(text, str(f)).describe())
    return status


class _Unreadable(Exception):
    """A map file check-map cannot read (the file, what is wrong)."""
