"""Contact sheets: every face of a deck on one picture, each labelled with its name.

The PNG previews use it, so every picture of a card is drawn from the same face as the
printed card.
"""

from __future__ import annotations

from collections.abc import Sequence

from deckgen.layout.faces import Face
from deckgen.layout.primitives import BLACK, Box, Primitive, text, translate

CARD_EDGE = "#9A9A9A"


def contact_sheet(
    faces: Sequence[tuple[str, Face]], card_w: float, card_h: float, columns: int, outline: bool
) -> tuple[list[Primitive], float, float]:
    """All faces on one sheet, each labelled with its id below it. Returns (shapes, width, height)."""
    gap = 4.0
    label = max(3.0, card_w * 0.06)
    cell_w, cell_h = card_w + gap, card_h + label * 2 + gap
    rows = -(-len(faces) // columns)
    shapes: list[Primitive] = []
    for index, (name, face) in enumerate(faces):
        row, col = divmod(index, columns)
        x, y = gap + col * cell_w, gap + row * cell_h
        if outline:
            shapes.append(Box(x, y, card_w, card_h, CARD_EDGE, None, 0.3))
        shapes += translate(face.primitives, x, y)
        shapes += text(name, x + card_w / 2, y + card_h + label * 1.5, label, BLACK, anchor="centre")
    return shapes, gap + columns * cell_w, gap + rows * cell_h
