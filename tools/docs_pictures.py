"""Draw the README's pictures: docs/usa.png (the USA board), docs/boards.png (four boards) and
docs/europe.png (the Europe board).

    .venv/bin/python tools/docs_pictures.py              # write them into docs/
    .venv/bin/python tools/docs_pictures.py --out DIR    # write them into DIR instead

Both are drawn by the package (ttr_nb.draw) and stored with a 256-colour palette, so the
README's pictures stay small.
"""
from __future__ import annotations

import argparse
import io
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
from PIL import Image  # noqa: E402

import ttr_nb  # noqa: E402
from ttr_nb.draw import draw_board, save_board  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BOARDS = ("usa", "legendary_asia", "team_asia", "heart_of_africa")


def boards_png(dpi: int = 80) -> bytes:
    """The four boards in a 2 × 2 grid, as compact PNG bytes."""
    fig, axes = plt.subplots(2, 2, figsize=(16, 13.5), gridspec_kw={"height_ratios": [1, 1.25]})
    for ax, name in zip(axes.flat, BOARDS):
        draw_board(ttr_nb.load_map(name), ax=ax)
    fig.subplots_adjust(left=0.01, right=0.99, bottom=0.01, top=0.97, wspace=0.03, hspace=0.06)
    buf = io.BytesIO()
    try:
        fig.savefig(buf, format="png", dpi=dpi, facecolor="white")
    finally:
        plt.close(fig)
    img = Image.open(io.BytesIO(buf.getvalue())).convert("RGB")
    small = img.quantize(256, dither=Image.Dither.NONE)
    out = io.BytesIO()
    small.save(out, format="PNG", optimize=True)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=ROOT / "docs", help="folder (default: docs/)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    save_board(ttr_nb.load_map("usa"), args.out / "usa.png", dpi=90)
    (args.out / "boards.png").write_bytes(boards_png())
    save_board(ttr_nb.load_map("europe"), args.out / "europe.png", dpi=90)
    print(f"wrote {args.out / 'usa.png'}, {args.out / 'boards.png'} and {args.out / 'europe.png'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
