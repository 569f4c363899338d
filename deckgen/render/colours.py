"""Colours for the PDF backend: screen RGB, or CMYK chosen for print (``--color cmyk``).

In CMYK every black is pure K (0, 0, 0, 1) — one plate, no registration fringe on thin
digits — greys are K alone, and each game's own colours have values picked for print (the
game lists them; the README shows them). Any other colour falls back to a plain conversion.

The games' colours reach this backend as a :class:`CmykInk` given by the build (which knows
the games), so drawing knows no game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from reportlab.lib.colors import CMYKColor, Color, HexColor

CMYK = tuple[float, float, float, float]


@dataclass(frozen=True)
class CmykInk:
    """Printing in CMYK (``--color cmyk``), with the print colours the games give: pairs of hex
    RGB (upper case) and CMYK, in order. A value (equal inks are one), so that the colours made
    for it are made once in a process however many files are drawn."""

    palette: tuple[tuple[str, CMYK], ...]

    @classmethod
    def of(cls, palette: Mapping[str, CMYK]) -> CmykInk:
        return cls(tuple(sorted((key.upper(), value) for key, value in palette.items())))


def cmyk_of(hex_colour: str, ink: CmykInk) -> CMYK:
    """The CMYK values of ``#RRGGBB``: from the games' table, K alone for greys, else a plain conversion."""
    key = hex_colour.upper()
    table = dict(ink.palette)
    if key in table:
        return table[key]
    r, g, b = (int(key[i : i + 2], 16) / 255 for i in (1, 3, 5))
    if r == g == b:
        return 0.0, 0.0, 0.0, round(1 - r, 4)
    k = 1 - max(r, g, b)
    c, m, y = (round((1 - v - k) / (1 - k), 4) for v in (r, g, b))
    return c, m, y, round(k, 4)


@cache
def colour(hex_colour: str, cmyk: CmykInk | None) -> Color:
    """The reportlab colour of ``#RRGGBB``, in CMYK with ``cmyk``, else RGB (made once per colour:
    a deck draws thousands of shapes)."""
    if cmyk is None:
        return HexColor(hex_colour)
    c, m, y, k = cmyk_of(hex_colour, cmyk)
    return CMYKColor(c, m, y, k)
