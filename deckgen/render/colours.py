"""Colours for the PDF backend: screen RGB, or CMYK chosen for print (``--color cmyk``).

In CMYK every black is pure K (0, 0, 0, 1) — one plate, no registration fringe on thin
digits — greys are K alone, and each game's own colours have values picked for print (the
game lists them; the README shows them). Any other colour falls back to a plain conversion.
"""

from __future__ import annotations

from functools import cache

from reportlab.lib.colors import CMYKColor, Color, HexColor

from deckgen.games import cmyk_palette


def cmyk_of(hex_colour: str) -> tuple[float, float, float, float]:
    """The CMYK values of ``#RRGGBB``: from the table, K alone for greys, else a plain conversion."""
    key = hex_colour.upper()
    palette = cmyk_palette()
    if key in palette:
        return palette[key]
    r, g, b = (int(key[i : i + 2], 16) / 255 for i in (1, 3, 5))
    if r == g == b:
        return 0.0, 0.0, 0.0, round(1 - r, 4)
    k = 1 - max(r, g, b)
    c, m, y = (round((1 - v - k) / (1 - k), 4) for v in (r, g, b))
    return c, m, y, round(k, 4)


@cache
def colour(hex_colour: str, cmyk: bool) -> Color:
    """The reportlab colour of ``#RRGGBB`` (made once per colour: a deck draws thousands of shapes)."""
    if not cmyk:
        return HexColor(hex_colour)
    c, m, y, k = cmyk_of(hex_colour)
    return CMYKColor(c, m, y, k)
