"""The player colours stay apart for colour-blind players (issue 30): the page's four seat colours, simulated for
protanopia and deuteranopia (Machado, Oliveira and Fernandes 2009, full severity), differ pairwise by at least
MIN_DELTA_E in CIELAB; and each seat has a shape of its own as a second cue."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

CSS = (Path(__file__).resolve().parents[1] / "web" / "css" / "app.css").read_text(encoding="utf-8")

MIN_DELTA_E = 25.0
"""The least CIE76 colour difference between two seats' colours, as each kind of vision sees them (about 2.3 is a
just-noticeable difference; 25 is plainly a different colour)."""

SIMULATIONS = {
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
}
"""Linear-RGB matrices that show a colour as each vision sees it."""


def seat_colours() -> list[str]:
    """Return the four seat colours the page's stylesheet defines (--seat-0 to --seat-3)."""
    found = dict(re.findall(r"--seat-([0-3]):\s*(#[0-9a-fA-F]{6})", CSS))
    return [found[str(i)] for i in range(4)]


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lab(hex_colour: str, vision: str) -> tuple[float, float, float]:
    """Return the CIELAB colour a sRGB colour appears as to a kind of vision."""
    rgb = [_linear(int(hex_colour[i:i + 2], 16)) for i in (1, 3, 5)]
    r, g, b = (max(0.0, min(1.0, sum(m * v for m, v in zip(row, rgb, strict=True))))
               for row in SIMULATIONS[vision])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """Return the CIE76 difference of two CIELAB colours."""
    return float(sum((p - q) ** 2 for p, q in zip(a, b, strict=True)) ** 0.5)


@pytest.mark.parametrize("vision", sorted(SIMULATIONS))
def test_every_pair_of_seat_colours_stays_apart(vision: str) -> None:
    """Two seats' markers never look alike, with normal vision or without red or green cones."""
    colours = seat_colours()
    close = [(a, b, round(delta_e(lab(a, vision), lab(b, vision)), 1)) for a, b in itertools.combinations(colours, 2)
             if delta_e(lab(a, vision), lab(b, vision)) < MIN_DELTA_E]
    assert not close, f"{vision}: seat colours too alike: {close}"


def test_the_check_catches_a_red_green_pair() -> None:
    """The former palette's green and red looked the same to a deuteranope: the check would have failed."""
    green, red = "#58d68d", "#ff8f8f"
    assert delta_e(lab(green, "deuteranopia"), lab(red, "deuteranopia")) < MIN_DELTA_E
    assert delta_e(lab(green, "normal"), lab(red, "normal")) > MIN_DELTA_E


def test_each_seat_has_a_shape_of_its_own() -> None:
    """The second cue: seat 1's marker is a circle (the base rule), 2 a square, 3 a diamond and 4 a triangle, as the
    Beyond the Sun star map draws them."""
    assert re.search(r"\.seat-dot \{[^}]*border-radius: 50%", CSS)
    assert re.search(r"\.seat-dot\.seat-bg-1 \{[^}]*border-radius: 2px", CSS)
    assert re.search(r"\.seat-dot\.seat-bg-2 \{[^}]*clip-path: polygon\(50% 0, 100% 50%, 50% 100%, 0 50%\)", CSS)
    assert re.search(r"\.seat-dot\.seat-bg-3 \{[^}]*clip-path: polygon\(50% 0, 100% 100%, 0 100%\)", CSS)
    starmap = (Path(__file__).resolve().parents[1] / "web/app/games/beyond_the_sun/starmap.js").read_text()
    assert "circle, square, diamond or triangle" in starmap
