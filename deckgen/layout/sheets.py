"""Imposition: cards on sheets, crop marks, cut lines, registration marks, duplex backs.

All of it in millimetres, computed once; the PDF, SVG and PNG backends only draw the plan.
Cards on a sheet form one centred block. They abut (gap 0) unless a bleed or a gap is asked
for, so neighbours share their cut lines — that is what fits 9 poker cards on letter paper.
Crop marks stand in the printable area, outside the block where there is room and along the
cut lines at the block's edge where there is not; either way they never cross a card.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from deckgen.errors import DeckgenError
from deckgen.i18n import _, decimal_g
from deckgen.layout.faces import Face
from deckgen.layout.primitives import BLACK, Box, Primitive, Stroke, mirror_x
from deckgen.print_choices import Duplex

#: Crop-mark pen: 0.5 pt, twice the least a printer reliably prints (0.25 pt).
MARK_WIDTH = 0.5 * 25.4 / 72
#: Crop marks start this far from the block and are at most this long; at least this much of
#: each mark lies inside the printable area (the margin or more from every page edge).
MARK_OFFSET = 1.0
MARK_LENGTH = 5.0
MIN_PRINTED_MARK = 3.0
#: Where there is no room outside the block, marks run this far along the cut, from the block's edge in.
INNER_MARK_LENGTH = 4.0
CUT_LINE_COLOUR = "#808080"
FOLD_COLOUR = "#808080"
#: Registration marks for print-and-cut: filled squares this size, at the printable corners.
REGISTRATION_SIZE = 5.0


@dataclass(frozen=True)
class Grid:
    """Where the cards of one sheet go: ``cols`` × ``rows`` from the block's top-left corner."""

    cols: int
    rows: int
    x0: float
    y0: float
    card_w: float
    card_h: float
    gap: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def slot(self, index: int) -> tuple[float, float]:
        """Top-left corner of the card trim in slot ``index`` (row by row)."""
        row, col = divmod(index, self.cols)
        return self.x0 + col * (self.card_w + self.gap), self.y0 + row * (self.card_h + self.gap)

    @property
    def block(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of all the cards together."""
        w = self.cols * self.card_w + (self.cols - 1) * self.gap
        h = self.rows * self.card_h + (self.rows - 1) * self.gap
        return self.x0, self.y0, self.x0 + w, self.y0 + h

    def cut_positions(self) -> tuple[list[float], list[float]]:
        """x of every vertical cut and y of every horizontal cut (shared edges once)."""
        xs = sorted(
            {round(self.x0 + c * (self.card_w + self.gap) + d, 4) for c in range(self.cols) for d in (0, self.card_w)}
        )
        ys = sorted(
            {round(self.y0 + r * (self.card_h + self.gap) + d, 4) for r in range(self.rows) for d in (0, self.card_h)}
        )
        return xs, ys


def impose(page_w: float, page_h: float, card_w: float, card_h: float, margin: float, gap: float) -> Grid:
    """The most cards that fit inside the printable area, as a block centred on the page."""
    usable_w, usable_h = page_w - 2 * margin, page_h - 2 * margin
    cols = math.floor((usable_w + gap) / (card_w + gap) + 1e-9)
    rows = math.floor((usable_h + gap) / (card_h + gap) + 1e-9)
    if cols < 1 or rows < 1:
        raise DeckgenError(
            _(
                "a {width} x {height} mm card does not fit in the printable area of a {page_width} x "
                "{page_height} mm page ({margin} mm margins); choose larger paper, a smaller card or a smaller "
                "--margin"
            ).format(
                width=decimal_g(card_w),
                height=decimal_g(card_h),
                page_width=decimal_g(page_w),
                page_height=decimal_g(page_h),
                margin=decimal_g(margin),
            )
        )
    block_w = cols * card_w + (cols - 1) * gap
    block_h = rows * card_h + (rows - 1) * gap
    return Grid(cols, rows, (page_w - block_w) / 2, (page_h - block_h) / 2, card_w, card_h, gap)


def crop_marks(grid: Grid, page_w: float, page_h: float, margin: float) -> list[Primitive]:
    """A mark in line with every cut, inside the printable area, never across a card.

    On each side of the block, if there is room between the block and the printable area's
    edge, the ticks stand outside the block (at least ``MIN_PRINTED_MARK`` long, all inside
    the margin-free area). If there is not — 9 poker cards fill a letter page to within 1.35 mm
    of its top and bottom margins — the ticks run from the block's edge inward *along* the
    cut lines, on the shared edges of the cards, so cutting along them cuts them away.
    """
    bx0, by0, bx1, by1 = grid.block
    xs, ys = grid.cut_positions()
    marks: list[Primitive] = []

    def tick(a: tuple[float, float], b: tuple[float, float]) -> None:
        marks.append(Stroke((a, b), MARK_WIDTH, BLACK, "mark"))

    def outside(room: float) -> float:
        """Length of an outside tick on a side with ``room`` mm from page edge to block (0: none fits)."""
        printable = room - MARK_OFFSET - margin
        return min(MARK_LENGTH, printable) if printable >= MIN_PRINTED_MARK else 0.0

    top, bottom = outside(by0), outside(page_h - by1)
    left, right = outside(bx0), outside(page_w - bx1)
    inner = INNER_MARK_LENGTH
    for x in xs:
        if top:
            tick((x, by0 - MARK_OFFSET - top), (x, by0 - MARK_OFFSET))
        else:
            tick((x, by0), (x, by0 + inner))
        if bottom:
            tick((x, by1 + MARK_OFFSET), (x, by1 + MARK_OFFSET + bottom))
        else:
            tick((x, by1 - inner), (x, by1))
    for y in ys:
        if left:
            tick((bx0 - MARK_OFFSET - left, y), (bx0 - MARK_OFFSET, y))
        else:
            tick((bx0, y), (bx0 + inner, y))
        if right:
            tick((bx1 + MARK_OFFSET, y), (bx1 + MARK_OFFSET + right, y))
        else:
            tick((bx1 - inner, y), (bx1, y))
    return marks


def fold_marks(grid: Grid, card_w: float, page_h: float, margin: float) -> list[Primitive]:
    """Dashes in line with the fold of every fold-over pair, above and below the block.

    Grey and dashed, unlike the black crop marks, so nobody cuts along a fold. They stand in
    the printable area outside the block where there is room, else just inside it, on the fold.
    """
    _, by0, _, by1 = grid.block
    folds = sorted({round(grid.slot(col)[0] + card_w, 4) for col in range(grid.cols)})
    room_top, room_bottom = by0 - MARK_OFFSET - margin, page_h - by1 - MARK_OFFSET - margin
    marks: list[Primitive] = []
    for x in folds:
        for room, edge, outward in ((room_top, by0, -1.0), (room_bottom, by1, 1.0)):
            start = edge + outward * MARK_OFFSET if room >= MIN_PRINTED_MARK else edge
            direction = outward if room >= MIN_PRINTED_MARK else -outward
            length = min(MARK_LENGTH, room) if room >= MIN_PRINTED_MARK else INNER_MARK_LENGTH
            for dash in range(0, int(length // 1.0), 2):  # 1 mm dashes, 1 mm gaps
                a = start + direction * dash
                b = start + direction * min(dash + 1.0, length)
                marks.append(Stroke(((x, a), (x, b)), MARK_WIDTH, FOLD_COLOUR, "mark"))
    return marks


def fold_lines(grid: Grid, card_w: float) -> list[Primitive]:
    """Dashes along every fold, through the whole block, so that each pair, once cut out,
    still shows where it folds (the marks outside the block are cut away with the margin)."""
    _, by0, _, by1 = grid.block
    folds = sorted({round(grid.slot(col)[0] + card_w, 4) for col in range(grid.cols)})
    lines: list[Primitive] = []
    for x in folds:
        y = by0 + 0.5  # dashes of 1 mm with 1 mm gaps, clear of the block's edges
        while y + 1.0 <= by1 - 0.5:
            lines.append(Stroke(((x, y), (x, y + 1.0)), MARK_WIDTH, FOLD_COLOUR, "mark"))
            y += 2.0
    return lines


def cut_lines(grid: Grid, page_w: float, page_h: float) -> list[Primitive]:
    """Full-length lines through every cut, edge to edge, for a guillotine or paper trimmer."""
    xs, ys = grid.cut_positions()
    lines: list[Primitive] = [Stroke(((x, 0.0), (x, page_h)), MARK_WIDTH, CUT_LINE_COLOUR, "mark") for x in xs]
    lines += [Stroke(((0.0, y), (page_w, y)), MARK_WIDTH, CUT_LINE_COLOUR, "mark") for y in ys]
    return lines


def registration_marks(grid: Grid, page_w: float, page_h: float, margin: float) -> list[tuple[float, float]]:
    """Top-left corners of the print-and-cut targets: the printable area's corners.

    The laser SVG places its marks with this same function, so they coincide with the
    printed ones. Raises when the corners are taken by cards.
    """
    size = REGISTRATION_SIZE
    corners = [
        (margin, margin),
        (page_w - margin - size, margin),
        (margin, page_h - margin - size),
        (page_w - margin - size, page_h - margin - size),
    ]
    bx0, by0, bx1, by1 = grid.block
    clear = 1.0
    for x, y in corners:
        overlaps = x < bx1 + clear and x + size > bx0 - clear and y < by1 + clear and y + size > by0 - clear
        if overlaps:
            raise DeckgenError(
                _(
                    "no room for registration marks beside the cards; use larger paper, a smaller --margin, or "
                    "leave out --registration"
                )
            )
    return corners


def registration_primitives(corners: Sequence[tuple[float, float]]) -> list[Primitive]:
    return [Box(x, y, REGISTRATION_SIZE, REGISTRATION_SIZE, None, BLACK, 0.0, "registration") for x, y in corners]


@dataclass(frozen=True)
class Placement:
    """A face drawn with its trim's top-left corner at (x, y) on the page."""

    face: str
    x: float
    y: float


@dataclass
class Page:
    width: float
    height: float
    placements: list[Placement] = field(default_factory=list)
    extras: list[Primitive] = field(default_factory=list)
    #: (x, y, w, h) of the trimmed card, for single-card pages (PDF TrimBox).
    trim: tuple[float, float, float, float] | None = None
    #: Which side of the sheet this is, for labels and tests.
    side: str = "front"


@dataclass
class SheetPlan:
    """Everything a backend needs: the faces once, and pages that place them."""

    name: str
    faces: dict[str, Face]
    pages: list[Page]

    def add_face(self, face: Face) -> str:
        self.faces.setdefault(face.key, face)
        return face.key


def mirrored(face: Face) -> Face:
    """The face as seen through the film from the other side."""
    text = tuple(line.mirrored(face.width) for line in face.text)
    return Face(face.key + "-mirrored", face.width, face.height, tuple(mirror_x(face.primitives, face.width)), text)


def mirror_page(page: Page, plan: SheetPlan) -> Page:
    """Mirror a whole page left-right: faces, positions and marks (for printing on the back of film)."""
    placements = []
    for placement in page.placements:
        face = plan.faces[placement.face]
        key = plan.add_face(mirrored(face))
        placements.append(Placement(key, page.width - placement.x - face.width, placement.y))
    trim = page.trim
    if trim is not None:
        trim = (page.width - trim[0] - trim[2], trim[1], trim[2], trim[3])
    return Page(page.width, page.height, placements, mirror_x(page.extras, page.width), trim, page.side)


def back_position(
    card: tuple[float, float],
    page_w: float,
    page_h: float,
    x: float,
    y: float,
    duplex: Duplex,
    offset: tuple[float, float] = (0.0, 0.0),
) -> tuple[float, float]:
    """Where the back of the card at (x, y) goes so that it lands behind the front.

    ``offset`` is the misplacement read off the calibration sheet: how far (x right, y down,
    seen from the front) a back landed from where it belonged. The back is drawn that much
    the other way, so it lands in place.
    """
    dx, dy = offset
    if duplex == Duplex.LONG_EDGE:  # the sheet turns about its long (vertical) edge: x is mirrored
        return page_w - x - card[0] + dx, y - dy
    if duplex == Duplex.SHORT_EDGE:  # turned about the short edge: y is mirrored
        return x - dx, page_h - y - card[1] + dy
    raise ValueError(duplex)


def seen_from_front(page_w: float, page_h: float, x: float, y: float, duplex: Duplex) -> tuple[float, float]:
    """Where a point drawn at (x, y) on a back page shows, seen from the front through the sheet."""
    if duplex == Duplex.LONG_EDGE:
        return page_w - x, y
    if duplex == Duplex.SHORT_EDGE:
        return x, page_h - y
    raise ValueError(duplex)
