"""Treenex card faces: the value large and in two corners, a shared patterned back, set labels."""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.glyphs import STROKE, centre_line_bounds, text_width
from deckgen.layout.faces import ID_COLOUR, Face, digit, frame_inset, reads_differently_turned, underline
from deckgen.layout.primitives import BLACK, Box, Primitive, Stroke, rotate_180, text

TREENEX_ACCENT = "#1F5FA8"
TREENEX_FRAME = "#9AA7B8"


@dataclass(frozen=True)
class TreenexGeometry:
    width: float
    height: float

    @property
    def inset(self) -> float:
        return frame_inset(self.width, self.height)

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
    """A diagonal lattice inside a frame, and the game's name on a clear band.

    The frame sits as far inside the trim as the front's, so a back folded over its card
    (``--duplex fold``) is as far from the fold as the front is."""
    w, h, inset = geometry.width, geometry.height, geometry.inset
    x0, y0, x1, y1 = inset / 2, inset / 2, w - inset / 2, h - inset / 2
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


def treenex_label(number: int, geometry: TreenexGeometry, word: str = "SET") -> Face:
    """'SET n' (``word``: the language's "SET") at the bottom centre, on the line of the card id."""
    shapes = text(
        f"{word} {number}", geometry.width / 2, geometry.label_baseline, geometry.label_size, ID_COLOUR, anchor="centre"
    )
    return Face(f"treenex-label-{number}", geometry.width, geometry.height, tuple(shapes))
