"""Which cards go on which bed, before any geometry is made."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from deckgen.errors import DeckgenError
from deckgen.layout.faces import Face
from deckgen.layout.laser.bed import check_settings, laser_grid
from deckgen.layout.primitives import rotate_90
from deckgen.layout.sheets import Grid
from deckgen.printing import LaserSettings


def turned(face: Face) -> Face:
    """The face turned a quarter clockwise (for beds where turned cards fit better)."""
    return Face(face.key + "-turned", face.height, face.width, tuple(rotate_90(face.primitives, face.height)))


LaserCard = tuple[str, Face, Face | None]


@dataclass(frozen=True)
class LaserPlan:
    """Which cards go on which bed, before any geometry is made (each sheet is then laid out
    on its own, so sheets can be made side by side)."""

    cards: Sequence[LaserCard]
    grid: Grid
    settings: LaserSettings
    #: Print-and-cut: the cards sit where the PDF printed them, with registration marks.
    print_and_cut: bool
    #: The cards are turned a quarter (more fit on a bed that way).
    turn: bool
    #: Each card's back, in the order of ``cards``, where the backs differ (flash cards' answers):
    #: each sheet then has a back sheet to engrave on the other side of the stock.
    backs: Sequence[Face] | None = None

    @property
    def sheets(self) -> int:
        """Beds of cards (a sheet and, with backs, its back sheet count once)."""
        return -(-len(self.cards) // self.grid.per_page)

    @property
    def sides(self) -> tuple[bool, ...]:
        """For each bed: whether a back sheet is made beside the front (``(False,)`` or ``(False, True)``)."""
        return (False, True) if self.backs is not None else (False,)

    @property
    def files(self) -> int:
        """SVG files the plan makes: a front per bed, and a back for each where there are backs."""
        return self.sheets * len(self.sides)


def plan_laser(
    cards: Sequence[LaserCard],
    card: tuple[float, float],
    settings: LaserSettings,
    paper_grid: Grid | None = None,
    backs: Sequence[Face] | None = None,
) -> LaserPlan:
    """Cards (id, face, optional label) onto as few beds as possible.

    With ``paper_grid`` (print-and-cut) the cards sit exactly where the PDF printed them and
    the registration marks come from the same function as the PDF's.
    """
    check_settings(settings, card)
    grid = paper_grid or laser_grid(settings, card)
    turn = False
    if paper_grid is None and card[0] != card[1]:
        # Turned a quarter, the cards may fit more to a bed: fewer sheets to cut.
        try:
            turned_grid = laser_grid(settings, (card[1], card[0]))
        except DeckgenError:
            turned_grid = None
        if turned_grid is not None and turned_grid.per_page > grid.per_page:
            grid, turn = turned_grid, True
    return LaserPlan(cards, grid, settings, paper_grid is not None, turn, backs)
