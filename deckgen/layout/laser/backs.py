"""Back sheets: each card's back engraved where the card lies once the stock is turned over."""

from __future__ import annotations

from deckgen.layout.faces import Face
from deckgen.layout.laser.marks import face_marks
from deckgen.layout.laser.order import serpentine, sort_score_paths
from deckgen.layout.laser.paths import LaserPath, LaserSheet, polyline
from deckgen.layout.laser.plan import LaserPlan, turned


def turned_back(face: Face) -> Face:
    """A back for a card turned a quarter clockwise: turned a quarter the other way, so that,
    seen from behind once the stock is turned over left to right, its top is at the same edge
    as its front's top (as a long-edge duplex print has it)."""
    return turned(turned(turned(face)))


def lay_out_back(plan: LaserPlan, number: int) -> LaserSheet:
    """The back sheet of bed ``number``: each card's back engraved where the card will be once
    the stock is turned over left to right (its place mirrored across the bed), and nothing cut.

    Engrave it first, on stock the size of the bed laid in the bed's corner; turn the stock
    over left to right into the same corner, then engrave and cut the front sheet.
    """
    settings, grid = plan.settings, plan.grid
    assert plan.backs is not None
    bed_w, bed_h = settings.bed
    sheet = LaserSheet(bed_w, bed_h)
    start, stop = number * grid.per_page, (number + 1) * grid.per_page
    chunk = list(plan.backs[start:stop])
    if plan.turn:
        chunk = [turned_back(face) for face in chunk]
    sheet.cards = [card_id for card_id, _, _ in plan.cards[start:stop]]
    scores: list[LaserPath] = []
    for slot in serpentine(len(chunk), grid.cols):
        x, y = grid.slot(slot)
        card_scores, fills = face_marks(chunk[slot], bed_w - x - grid.card_w, y, settings.engrave)
        sheet.engrave += fills
        scores += card_scores
    sheet.score = sort_score_paths(scores)
    if settings.guide:
        sheet.guide = [polyline([(0.0, 0.0), (bed_w, 0.0), (bed_w, bed_h), (0.0, bed_h)], closed=True)]
    return sheet
