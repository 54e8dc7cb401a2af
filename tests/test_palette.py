"""The player palette for every eye: CAM02-UCS distances (colorspacious) between the player
colours under normal vision and simulated colour-vision deficiencies at full severity."""
from __future__ import annotations

import itertools

import numpy as np
import pytest
from matplotlib.colors import to_rgb

from ttr_nb.draw import PLAYER_COLORS, ROUTE_COLORS_HEX

colorspacious = pytest.importorskip("colorspacious")

VISIONS = (None, "deuteranomaly", "protanomaly", "tritanomaly")


def seen(colors, vision):
    """CAM02-UCS coordinates of sRGB colours as a reader with ``vision`` sees them."""
    rgb = np.array([to_rgb(c) for c in colors])
    if vision is not None:
        rgb = np.clip(colorspacious.cspace_convert(
            rgb, {"name": "sRGB1+CVD", "cvd_type": vision, "severity": 100}, "sRGB1"), 0, 1)
    return colorspacious.cspace_convert(rgb, "sRGB1", "CAM02-UCS")


def distances(colors, vision):
    p = seen(colors, vision)
    return {(i, j): float(np.linalg.norm(p[i] - p[j])) for i, j in itertools.combinations(range(len(colors)), 2)}


@pytest.mark.parametrize("vision", VISIONS, ids=lambda v: v or "normal")
def test_up_to_five_players_stand_20_apart_and_six_16(vision):
    assert len(PLAYER_COLORS) >= 6
    d = distances(PLAYER_COLORS[:6], vision)
    five = min(v for (i, j), v in d.items() if j < 5)
    six = min(d.values())
    print(f"{vision or 'normal'}: 5 players min {five:.1f}, 6 players min {six:.1f}")
    assert five >= 20, {k: round(v, 1) for k, v in d.items() if v < 20}
    assert six >= 16, {k: round(v, 1) for k, v in d.items() if v < 16}


def test_player_colours_are_no_card_colour_to_normal_eyes():
    """Where it can be (normal vision), a player colour stands 15 apart from every route colour;
    the deficiency figures are printed (a claim is also told by its outline and mark)."""
    for vision in VISIONS:
        p, r = seen(PLAYER_COLORS, vision), seen(list(ROUTE_COLORS_HEX.values()), vision)
        d = np.linalg.norm(p[:, None] - r[None], axis=2)
        print(vision or "normal", [f"{d[i].min():.1f}" for i in range(len(PLAYER_COLORS))])
        if vision is None:
            assert d.min() >= 15


def test_distances_are_measured_not_assumed():
    """The measure itself: black and white are far apart, a colour is 0 from itself."""
    d = distances(["#000000", "#ffffff", "#000000"], None)
    assert d[(0, 1)] > 90 and d[(0, 2)] == pytest.approx(0)
