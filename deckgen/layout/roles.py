"""Laser roles and their colours: the one table every laser file and the README follow.

Laser software (LightBurn, Inkscape, RDWorks, Glowforge) assigns cut, score and engrave
operations by colour, so each role has its own pure colour (no two roles share one) and its
own layer.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Stroke width written on vector (cut and score) paths, with ``vector-effect="non-scaling-stroke"``
#: and Inkscape's ``-inkscape-stroke:hairline``: the way Inkscape itself saves a hairline. Inkscape
#: reads it as a hairline; browsers draw it one screen pixel wide at any zoom; viewers without
#: vector effects (librsvg) draw it 1 mm wide; laser software that sorts by colour ignores it.
HAIRLINE = 1


@dataclass(frozen=True)
class Role:
    name: str
    colour: str
    label: str
    vector: bool  # stroked hairline (True) or filled (False)


ROLES: dict[str, Role] = {
    "guide": Role("guide", "#00A000", "guide: notes, never cut", True),
    # Magenta, not black: black is the raster-engrave colour, and software that assigns
    # operations by colour must never engrave (or ignore) the registration squares.
    "registration": Role("registration", "#FF00FF", "registration: print-and-cut marks", False),
    "engrave": Role("engrave", "#000000", "engrave: raster fill", False),
    "score": Role("score", "#0000FF", "score: vector line, does not cut through", True),
    "cut": Role("cut", "#FF0000", "cut: through the material", True),
}

#: The order of the layers in a file: marks and engraving first, cutting last, so a part is
#: finished before it is cut free.
LAYER_ORDER = ("guide", "registration", "engrave", "score", "cut")
