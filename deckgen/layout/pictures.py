"""Pictures made of card faces: a stack of cards with its reading lines, and contact sheets.

Shared by the teacher pack's answer keys, ``deckgen show`` and the PNG contact sheets, so
every picture of a card is drawn from the same face geometry as the printed card.
"""

from __future__ import annotations

from collections.abc import Sequence

from deckgen.layout.faces import CleariosityGeometry, Face, digit, tier_mark
from deckgen.layout.primitives import BLACK, Box, Primitive, Stroke, text, translate
from deckgen.model import Card
from deckgen.rules import LINES

HIGHLIGHT = "#FFE27A"
OFF_LINE = "#C4C4C4"
COVERED = "#D62828"
CARD_EDGE = "#9A9A9A"


def stack_picture(
    cards: Sequence[Card],
    geometry: CleariosityGeometry,
    lines: Sequence[str] = (),
    covered: Sequence[tuple[int, int]] = (),
) -> list[Primitive]:
    """The cards stacked: each reading line highlighted, numbers off those lines in grey.

    With no lines, every number is dark; ``covered`` cells get a red frame.
    """
    g = geometry
    on_lines = {cell for line in lines for cell in LINES[line]}
    shapes: list[Primitive] = [Box(0, 0, g.width, g.height, CARD_EDGE, None, 0.5)]
    for line in lines:
        centres = tuple(g.cell_centre(r, c) for r, c in LINES[line])
        shapes.append(Stroke(centres, g.cell * 0.85, HIGHLIGHT))
    for cell in covered:
        x, y, w, h = g.cell_box(*cell)
        shapes.append(Box(x + 0.6, y + 0.6, w - 1.2, h - 1.2, COVERED, None, 0.6))
    for card in cards:
        for cell in card.cells:
            dark = not lines or (cell.row, cell.col) in on_lines
            cx, cy = g.cell_centre(cell.row, cell.col)
            shapes += digit(cell.value, cx, cy, g.digit_size, BLACK if dark else OFF_LINE)
    top = max(cards, key=lambda c: c.tier.rank)
    shapes += tier_mark(top.tier, g)
    return shapes


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
