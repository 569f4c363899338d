"""A sheet of a plan laid out whole: its cut, score and engrave geometry in mm."""

from __future__ import annotations

from collections.abc import Sequence

from deckgen.layout.laser.backs import lay_out_back
from deckgen.layout.laser.cuts import card_outline, common_line_cuts
from deckgen.layout.laser.marks import face_marks
from deckgen.layout.laser.order import nearest_first, serpentine, sort_score_paths, two_opt
from deckgen.layout.laser.paths import LaserPath, LaserSheet, polyline
from deckgen.layout.laser.plan import LaserCard, LaserPlan, plan_laser, turned
from deckgen.layout.sheets import REGISTRATION_SIZE, Grid, registration_marks
from deckgen.printing import LaserSettings


def lay_out_sheet(plan: LaserPlan, number: int, back: bool = False) -> LaserSheet:
    """Sheet ``number`` (from 0) of the plan: its cut, score and engrave geometry in mm (with
    ``back``, its back sheet: see :func:`lay_out_back`)."""
    if back:
        return lay_out_back(plan, number)
    settings, grid = plan.settings, plan.grid
    bed_w, bed_h = settings.bed
    sheet = LaserSheet(bed_w, bed_h)
    chunk = plan.cards[number * grid.per_page : (number + 1) * grid.per_page]
    if plan.turn:
        chunk = [(name, turned(face), turned(label) if label else None) for name, face, label in chunk]
    scores: list[LaserPath] = []
    cuts: list[LaserPath] = []
    sheet.cards = [card_id for card_id, _, _ in chunk]
    for slot in serpentine(len(chunk), grid.cols):
        _, face, label = chunk[slot]
        x, y = grid.slot(slot)
        card_scores, fills = face_marks(face, x, y, settings.engrave)
        sheet.engrave += fills
        if label is not None:
            label_scores, fills = face_marks(label, x, y, settings.engrave)
            card_scores += label_scores
            sheet.engrave += fills
        scores += card_scores
        if not (settings.common_line and settings.corner_radius == 0):
            cuts.append(card_outline(x, y, grid.card_w, grid.card_h, settings.corner_radius, settings.kerf))
    # The whole sheet's score paths, nearest first from the bed's corner (open paths may be
    # run backwards): what vpype's linesort does, and no longer.
    sheet.score = sort_score_paths(scores)
    if settings.common_line and settings.corner_radius == 0:
        sheet.cut = common_line_cuts(grid, len(chunk), settings.kerf)
    else:
        sheet.cut = two_opt(nearest_first(cuts))
    if settings.registration and plan.print_and_cut:
        corners = registration_marks(grid, bed_w, bed_h, settings.margin)
        sheet.registration = [(x, y, REGISTRATION_SIZE) for x, y in corners]
    if settings.guide:
        sheet.guide = [polyline([(0.0, 0.0), (bed_w, 0.0), (bed_w, bed_h), (0.0, bed_h)], closed=True)]
    return sheet


def lay_out_sheets(
    cards: Sequence[LaserCard],
    card: tuple[float, float],
    settings: LaserSettings,
    paper_grid: Grid | None = None,
) -> list[LaserSheet]:
    """Every sheet of :func:`plan_laser`, laid out."""
    plan = plan_laser(cards, card, settings, paper_grid)
    return [lay_out_sheet(plan, number) for number in range(plan.sheets)]
