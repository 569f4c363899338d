"""Colours for the PDF backend: screen RGB, or CMYK chosen for print (``--color cmyk``).

In CMYK every black is pure K (0, 0, 0, 1) — one plate, no registration fringe on thin
digits — greys are K alone, and the tier and Treenex colours have values picked for print
(listed in the README). Any other colour falls back to a plain conversion.
"""

from __future__ import annotations

from reportlab.lib.colors import CMYKColor, Color, HexColor

#: Print values (C, M, Y, K) of deckgen's own colours.
CMYK_VALUES: dict[str, tuple[float, float, float, float]] = {
    "#1E9E3A": (0.80, 0.00, 0.95, 0.05),  # green tier
    "#F2B800": (0.00, 0.25, 1.00, 0.00),  # yellow tier
    "#7A3FA8": (0.60, 0.80, 0.00, 0.00),  # purple tier
    "#F26B0F": (0.00, 0.65, 1.00, 0.00),  # orange tier
    "#1F5FA8": (0.90, 0.55, 0.00, 0.05),  # Treenex blue
    "#9AA7B8": (0.00, 0.00, 0.00, 0.35),  # Treenex frame: a neutral grey, K alone
}


def cmyk_of(hex_colour: str) -> tuple[float, float, float, float]:
    """The CMYK values of ``#RRGGBB``: from the table, K alone for greys, else a plain conversion."""
    key = hex_colour.upper()
    if key in CMYK_VALUES:
        return CMYK_VALUES[key]
    r, g, b = (int(key[i : i + 2], 16) / 255 for i in (1, 3, 5))
    if r == g == b:
        return 0.0, 0.0, 0.0, round(1 - r, 4)
    k = 1 - max(r, g, b)
    return tuple(round((1 - v - k) / (1 - k), 4) for v in (r, g, b)) + (round(k, 4),)  # type: ignore[return-value]


def colour(hex_colour: str, cmyk: bool) -> Color:
    if not cmyk:
        return HexColor(hex_colour)
    c, m, y, k = cmyk_of(hex_colour)
    return CMYKColor(c, m, y, k)
