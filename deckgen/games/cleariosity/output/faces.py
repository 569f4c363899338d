"""Cleariosity card faces, in card millimetres (origin top-left of the trim).

The geometry of a Cleariosity card depends only on the card size, so the 3 × 3 cells sit
at exactly the same place on every card and stacked cards line up. Answer keys, PNG
previews and laser files all take their positions from :class:`CleariosityGeometry`.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.games.cleariosity.core.model import Card, Tier
from deckgen.games.grid import GRID_SIZE
from deckgen.games.grid_geometry import GridGeometry
from deckgen.glyphs import STROKE, centre_line_bounds, text_width
from deckgen.layout.faces import DIGIT_COLOUR, ID_COLOUR, Face, digit, reads_differently_turned, underline
from deckgen.layout.primitives import BLACK, Disc, Primitive, Stroke, text
from deckgen.maths_signs import STANDARD_SIGNS, Signs

TICK_COLOUR = "#B0B0B0"
#: Digits fill this share of a cell's height (ink, round caps included).
DIGIT_HEIGHT_SHARE = 0.62
#: A two-digit number is at most this share of a cell's width (ink), so that numbers in
#: neighbouring cells of a stack stay well apart; it is drawn smaller where it would be wider.
NUMBER_WIDTH_SHARE = 0.64


@dataclass(frozen=True)
class CleariosityGeometry(GridGeometry):
    """Where everything sits on a Cleariosity card of a given size: the shared grid, and the
    sizes of its digits and of the tier's sign and label."""

    @property
    def digit_size(self) -> float:
        """Cap height of the digit centre-lines; with the stroke the ink is 62 % of the cell."""
        return DIGIT_HEIGHT_SHARE * self.cell / (1 + STROKE)

    def number_size(self, value: int) -> float:
        """Cap height of ``value``'s centre-lines: :attr:`digit_size`, or less for a number too
        wide for :data:`NUMBER_WIDTH_SHARE` of the cell."""
        x0, _, x1, _ = centre_line_bounds(str(value))
        ink = (x1 - x0 + STROKE) * self.digit_size
        room = NUMBER_WIDTH_SHARE * self.cell
        return self.digit_size if ink <= room else self.digit_size * room / ink

    def sign_end(self, op: str) -> float:
        """Right end of the tier's sign beside the dot."""
        cx, _ = self.dot_centre
        return cx + self.dot_radius + 1.2 + (text_width(op) + STROKE) * self.symbol_size

    def id_start(self, op: str, label: str = "") -> tuple[float, float]:
        """Left end and baseline of the card id: right of the tier dot, its sign and its label."""
        _, cy = self.dot_centre
        # A letter beside the dot (a tier that adds no operation) stands further off, so that
        # it does not read as the first letter of the id ("B B04", not "BB04").
        x = self.sign_end(op) + (3.2 if op.isalpha() else 1.6)
        if label:
            x += (text_width(label) + STROKE) * self.label_size + 1.6
        return x, cy + self.label_size / 2


def cleariosity_front(
    card: Card, geometry: CleariosityGeometry, ticks: bool = False, signs: Signs = STANDARD_SIGNS
) -> Face:
    """Digits in their cells, the tier dot, and the tier's sign beside it (for colour-blind players),
    in the class's ``signs``."""
    shapes: list[Primitive] = []
    if ticks:
        shapes += grid_ticks(geometry)
    for cell in card.cells:
        shapes += cell_number(cell.value, cell.row, cell.col, geometry)
    shapes += tier_mark(card.tier, geometry, signs)
    x, baseline = geometry.id_start(signs.marked(card.tier.sign), card.tier.label)
    shapes += text(card.id, x, baseline, geometry.label_size, ID_COLOUR)
    return Face(f"card-{card.id}", geometry.width, geometry.height, tuple(shapes))


def cell_number(
    value: int, row: int, col: int, geometry: CleariosityGeometry, colour: str = DIGIT_COLOUR
) -> list[Primitive]:
    """A number centred in its cell, with a bar under a two-digit number that reads as another
    turned half round (16 and 91, 18 and 81, 68 and 89), as on playing cards.

    A single 6 or 9 has no bar: the card lies one way up (its dot at the bottom left), and a
    lone digit is read with it; a pair of digits is harder to place at a glance.
    """
    cx, cy = geometry.cell_centre(row, col)
    size = geometry.number_size(value)
    shapes = digit(value, cx, cy, size, colour)
    if value >= 10 and reads_differently_turned(value):
        x0, y0, x1, y1 = centre_line_bounds(str(value))
        shapes.append(underline(str(value), cx - (x0 + x1) / 2 * size, cy + (y0 + y1) / 2 * size, size, colour))
    return shapes


def tier_mark(tier: Tier, geometry: CleariosityGeometry, signs: Signs = STANDARD_SIGNS) -> list[Primitive]:
    cx, cy = geometry.dot_centre
    r = geometry.dot_radius
    size = geometry.symbol_size
    mark = signs.marked(tier.sign)
    shapes: list[Primitive] = [Disc(cx, cy, r, tier.dot)]
    shapes += text(mark, cx + r + 1.2 + STROKE * size / 2, cy + size * 0.45, size, BLACK)
    if tier.label:
        # A tier of its own tables: "6-9" small beside the sign, on the line of the card id.
        baseline = cy + geometry.label_size / 2
        shapes += text(tier.label, geometry.sign_end(mark) + 1.6, baseline, geometry.label_size, BLACK)
    return shapes


def grid_ticks(geometry: CleariosityGeometry) -> list[Primitive]:
    """Faint crosses where cell corners meet, to help line cards up; nothing else inside the grid."""
    x0, y0 = geometry.grid_origin
    arm = geometry.cell * 0.06
    shapes: list[Primitive] = []
    for i in range(GRID_SIZE + 1):
        for j in range(GRID_SIZE + 1):
            x, y = x0 + i * geometry.cell, y0 + j * geometry.cell
            shapes.append(Stroke(((x - arm, y), (x + arm, y)), 0.15, TICK_COLOUR))
            shapes.append(Stroke(((x, y - arm), (x, y + arm)), 0.15, TICK_COLOUR))
    return shapes
