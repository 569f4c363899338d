"""Card faces: what is drawn on one card, in card millimetres (origin top-left of the trim).

The geometry of a Cleariosity card depends only on the card size, so the 3 × 3 cells sit
at exactly the same place on every card and stacked cards line up. Answer keys, PNG
previews and laser files all take their positions from :class:`CleariosityGeometry`.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.glyphs import STROKE, centre_line_bounds, text_width
from deckgen.layout.primitives import BLACK, Box, Disc, Primitive, Stroke, rotate_180, text
from deckgen.model import GRID_SIZE, Card, Tier

#: Tier dot colours: strong enough to read on clear film.
TIER_COLOURS: dict[Tier, str] = {
    Tier.GREEN: "#1E9E3A",
    Tier.YELLOW: "#F2B800",
    Tier.PURPLE: "#7A3FA8",
    Tier.ORANGE: "#F26B0F",
}
DIGIT_COLOUR = BLACK
TICK_COLOUR = "#B0B0B0"
#: Card ids are printed small and dark grey: readable when sorting, quiet in play.
ID_COLOUR = "#333333"
#: Digits fill this share of a cell's height (ink, round caps included).
DIGIT_HEIGHT_SHARE = 0.62


@dataclass(frozen=True)
class Face:
    """One drawable side of a card (or an overlay such as a set label)."""

    key: str
    width: float
    height: float
    primitives: tuple[Primitive, ...]


@dataclass(frozen=True)
class CleariosityGeometry:
    """Where everything sits on a Cleariosity card of a given size."""

    width: float
    height: float

    @property
    def side_margin(self) -> float:
        return max(3.0, 0.06 * self.width)

    @property
    def band(self) -> float:
        """Height of the clear bands above and below the grid (label on top, dot below)."""
        return (self.height - 3 * self.cell) / 2

    @property
    def cell(self) -> float:
        by_width = (self.width - 2 * self.side_margin) / GRID_SIZE
        by_height = (self.height - 2 * max(9.0, 0.14 * self.height)) / GRID_SIZE
        return min(by_width, by_height)

    @property
    def grid_origin(self) -> tuple[float, float]:
        return (self.width - 3 * self.cell) / 2, self.band

    def cell_box(self, row: int, col: int) -> tuple[float, float, float, float]:
        """(x, y, w, h) of a cell."""
        x0, y0 = self.grid_origin
        return x0 + col * self.cell, y0 + row * self.cell, self.cell, self.cell

    def cell_centre(self, row: int, col: int) -> tuple[float, float]:
        x, y, w, h = self.cell_box(row, col)
        return x + w / 2, y + h / 2

    @property
    def digit_size(self) -> float:
        """Cap height of the digit centre-lines; with the stroke the ink is 62 % of the cell."""
        return DIGIT_HEIGHT_SHARE * self.cell / (1 + STROKE)

    @property
    def dot_radius(self) -> float:
        return min(3.2, self.band * 0.22)

    @property
    def dot_centre(self) -> tuple[float, float]:
        r = self.dot_radius
        return max(self.side_margin, 2.5) + r, self.height - self.band / 2

    @property
    def symbol_size(self) -> float:
        return self.dot_radius * 1.6

    @property
    def label_size(self) -> float:
        """Cap height of the card id and the set label."""
        return min(2.2, self.band * 0.24)

    def label_baseline(self) -> tuple[float, float]:
        """Right end and baseline of the set label: the bottom band's right end, level with the id."""
        return self.width - max(self.side_margin, 2.5), self.dot_centre[1] + self.label_size / 2

    def id_start(self, op: str) -> tuple[float, float]:
        """Left end and baseline of the card id, just right of the tier dot and its sign."""
        cx, cy = self.dot_centre
        size = self.symbol_size
        sign_left = cx + self.dot_radius + 1.2
        return sign_left + (text_width(op) + STROKE) * size + 1.6, cy + self.label_size / 2


def digit(value: int, cx: float, cy: float, size: float, colour: str = DIGIT_COLOUR) -> list[Primitive]:
    """A number whose drawn shape is centred on (cx, cy), at ``size`` mm cap height.

    Centred by the shape itself, not by its advance width, so a 1 sits as squarely in its
    cell as an 8 does.
    """
    x0, y0, x1, y1 = centre_line_bounds(str(value))
    left = cx - (x0 + x1) / 2 * size
    baseline = cy + (y0 + y1) / 2 * size
    return text(str(value), left, baseline, size, colour)


def cleariosity_front(card: Card, geometry: CleariosityGeometry, ticks: bool = False) -> Face:
    """Digits in their cells, the tier dot, and the tier's sign beside it (for colour-blind players)."""
    shapes: list[Primitive] = []
    if ticks:
        shapes += grid_ticks(geometry)
    for cell in card.cells:
        cx, cy = geometry.cell_centre(cell.row, cell.col)
        shapes += digit(cell.value, cx, cy, geometry.digit_size)
    shapes += tier_mark(card.tier, geometry)
    x, baseline = geometry.id_start(card.tier.op)
    shapes += text(card.id, x, baseline, geometry.label_size, ID_COLOUR)
    return Face(f"card-{card.id}", geometry.width, geometry.height, tuple(shapes))


def tier_mark(tier: Tier, geometry: CleariosityGeometry) -> list[Primitive]:
    cx, cy = geometry.dot_centre
    r = geometry.dot_radius
    size = geometry.symbol_size
    shapes: list[Primitive] = [Disc(cx, cy, r, TIER_COLOURS[tier])]
    shapes += text(tier.op, cx + r + 1.2 + STROKE * size / 2, cy + size * 0.45, size, BLACK)
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


def set_label(number: int, geometry: CleariosityGeometry) -> Face:
    """'SET n' at the right of the bottom band, on the line of the card id, clear of cells and dot."""
    x, baseline = geometry.label_baseline()
    shapes = text(f"SET {number}", x, baseline, geometry.label_size, ID_COLOUR, anchor="right")
    return Face(f"label-{number}", geometry.width, geometry.height, tuple(shapes))


# -- Treenex -------------------------------------------------------------------------------

TREENEX_ACCENT = "#1F5FA8"
TREENEX_FRAME = "#9AA7B8"


@dataclass(frozen=True)
class TreenexGeometry:
    width: float
    height: float

    @property
    def inset(self) -> float:
        return max(3.0, 0.05 * min(self.width, self.height))

    @property
    def index_size(self) -> float:
        return min(0.09 * self.height, 0.16 * self.width)

    def value_size(self, value: int) -> float:
        """Large centred value, as big as fits in 70 % of the width and 40 % of the height."""
        return min(0.4 * self.height, 0.7 * self.width / (text_width(str(value)) + STROKE))

    @property
    def label_size(self) -> float:
        """Cap height of the card id and the set label."""
        return min(2.2, self.index_size * 0.35)

    @property
    def label_baseline(self) -> float:
        """Baseline of the card id (bottom left) and the set label (bottom centre)."""
        return self.height - self.inset - 1.0


#: How digits read when a card is turned half round (those missing read as nothing).
TURNED_DIGITS = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}


def reads_differently_turned(value: int) -> bool:
    """A value that, turned half round, reads as another number: 6 and 9, 16 and 91, 68 and 89.

    Such values get a bar under them, as on playing cards and dice, so a corner index seen
    upside down is never taken for its twin.
    """
    written = str(value)
    if any(ch not in TURNED_DIGITS for ch in written):
        return False
    turned = "".join(TURNED_DIGITS[ch] for ch in reversed(written))
    return turned != written and not turned.startswith("0")


def underline(content: str, left: float, baseline: float, size: float, colour: str = BLACK) -> Stroke:
    """A bar under ``content`` as laid out by :func:`text` at ``left``, at the stroke's width."""
    x0, _, x1, _ = centre_line_bounds(content)
    y = baseline + 0.24 * size
    return Stroke(((left + x0 * size, y), (left + x1 * size, y)), STROKE * size, colour)


def treenex_front(value: int, geometry: TreenexGeometry, card_id: str = "", frame: bool = True) -> Face:
    """The value large in the middle and small in two corners, the lower one turned round.

    6 and 9 (and any value that reads as another turned round) are underlined everywhere they
    appear. The card id sits small in the bottom-left corner. ``frame`` draws a thin frame
    inside the trim (printing only: on a laser sheet it would show every cutting error).
    """
    w, h, inset = geometry.width, geometry.height, geometry.inset
    size = geometry.value_size(value)
    shapes: list[Primitive] = []
    if frame:
        shapes.append(Box(inset / 2, inset / 2, w - inset, h - inset, TREENEX_FRAME, None, 0.3))
    shapes += digit(value, w / 2, h / 2, size, BLACK)
    marked = reads_differently_turned(value)
    if marked:
        x0, y0, x1, y1 = centre_line_bounds(str(value))
        shapes.append(underline(str(value), w / 2 - (x0 + x1) / 2 * size, h / 2 + (y0 + y1) / 2 * size, size))
    index = geometry.index_size
    corner = text(str(value), inset + 1.0, inset + 1.0 + index, index, BLACK)
    if marked:
        corner.append(underline(str(value), inset + 1.0, inset + 1.0 + index, index))
    shapes += corner
    shapes += rotate_180(corner, w, h)
    if card_id:
        shapes += text(card_id, inset + 1.0, geometry.label_baseline, geometry.label_size, ID_COLOUR)
    key = f"treenex-{card_id or value}" + ("" if frame else "-unframed")
    return Face(key, w, h, tuple(shapes))


def treenex_back(geometry: TreenexGeometry) -> Face:
    """A diagonal lattice inside a frame, and the game's name on a clear band."""
    w, h, inset = geometry.width, geometry.height, geometry.inset
    x0, y0, x1, y1 = inset, inset, w - inset, h - inset
    shapes: list[Primitive] = [Box(x0, y0, x1 - x0, y1 - y0, TREENEX_ACCENT, None, 0.6)]
    pitch = 6.0
    span = (x1 - x0) + (y1 - y0)
    steps = int(span // pitch)
    for k in range(1, steps + 1):
        offset = k * pitch
        shapes.append(Stroke(_diagonal(x0, y0, x1, y1, offset, rising=False), 0.35, TREENEX_ACCENT))
        shapes.append(Stroke(_diagonal(x0, y0, x1, y1, offset, rising=True), 0.35, TREENEX_ACCENT))
    size = min(0.09 * h, 0.8 * (x1 - x0) / text_width("TREENEX"))
    band_h = size * 2.0
    shapes.append(Box(x0, h / 2 - band_h / 2, x1 - x0, band_h, TREENEX_ACCENT, "#FFFFFF", 0.6))
    shapes += text("TREENEX", w / 2, h / 2 + size / 2, size, TREENEX_ACCENT, anchor="centre")
    return Face("treenex-back", w, h, tuple(shapes))


def _diagonal(
    x0: float, y0: float, x1: float, y1: float, offset: float, rising: bool
) -> tuple[tuple[float, float], ...]:
    """A 45° line inside the box, ``offset`` mm along the box's edge from its top-left corner."""
    width, height = x1 - x0, y1 - y0
    # Falling line: points (x, y) with (x - x0) + (y - y0) = offset (y grows downward).
    start = (x0 + min(offset, width), y0 + max(0.0, offset - width))
    end = (x0 + max(0.0, offset - height), y0 + min(offset, height))
    if rising:
        start = (x1 - (start[0] - x0), start[1])
        end = (x1 - (end[0] - x0), end[1])
    return (round(start[0], 3), round(start[1], 3)), (round(end[0], 3), round(end[1], 3))


def treenex_label(number: int, geometry: TreenexGeometry) -> Face:
    """'SET n' at the bottom centre, on the line of the card id."""
    shapes = text(
        f"SET {number}", geometry.width / 2, geometry.label_baseline, geometry.label_size, ID_COLOUR, anchor="centre"
    )
    return Face(f"treenex-label-{number}", geometry.width, geometry.height, tuple(shapes))
