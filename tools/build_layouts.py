"""Store the computed layout of the authored boards with the maps (maps/layouts/<key>.json).

    .venv/bin/python tools/build_layouts.py

The Heart of Africa and Team Asia have no printed car spaces: ttr_nb lays each route out
between its cities and bends some so they do not run into each other (a search that takes
0.1-0.2 s). That search's answer, one bend per city pair, is stored here so the first picture
of a board is quick; it is used only while the board's cities and tracks are those it was
computed for (a fingerprint), and tests/test_labels.py checks it equals a fresh computation.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ttr_nb.board import MAP_NAMES, load_map  # noqa: E402
from ttr_nb.draw import computed_bends, layout_fingerprint  # noqa: E402

OUT = ROOT / "maps" / "layouts"


def main() -> int:
    OUT.mkdir(exist_ok=True)
    for name in MAP_NAMES:
        board = load_map(name)
        bends = computed_bends(board)
        if not bends:        # every route has printed spaces: nothing to store
            continue
        doc = {"board": board.key, "fingerprint": layout_fingerprint(board),
               "about": "bends of the authored routes, written by tools/build_layouts.py",
               "bends": sorted([*sorted(k), round(b, 6)] for k, b in bends.items())}
        path = OUT / f"{board.key}.json"
        rows = ",\n".join("  " + json.dumps(row, ensure_ascii=False) for row in doc.pop("bends"))
        head = json.dumps(doc, ensure_ascii=False, indent=1)[:-2]
        path.write_text(f'{head},\n "bends": [\n{rows}\n ]\n}}\n', encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}: {len(bends)} city pairs, "
              f"{sum(1 for b in bends.values() if b)} bent")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
