"""Pictures of stacked Cleariosity cards with their reading lines.

Shared by the teacher pack's answer keys, ``deckgen show`` and the README pictures, so
every picture of a stack is drawn from the same face geometry as the printed card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from deckgen.games.cleariosity.core.model import Card, Deck
from deckgen.games.cleariosity.output.faces import CleariosityGeometry, cell_number, tier_mark
from deckgen.games.grid import LINES
from deckgen.i18n import N_, _
from deckgen.layout.pictures import CARD_EDGE
from deckgen.layout.primitives import BLACK, Box, Primitive, Stroke
from deckgen.maths_signs import STANDARD_SIGNS, Signs

if TYPE_CHECKING:
    from deckgen.games.base import Stack

#: One highlight per equation of a stack, each band narrower than the one before, so that
#: where two lines cross both still show: (colour, share of the cell it covers, name). Each name
#: is marked whole ("blue band"), as its colour word agrees with "band" in other languages.
HIGHLIGHTS = (
    ("#FFE27A", 0.85, N_("yellow band")),
    ("#8FD3F4", 0.62, N_("blue band")),
    ("#F59AC0", 0.42, N_("pink band")),
    ("#9BDB8F", 0.26, N_("green band")),
)
HIGHLIGHT = HIGHLIGHTS[0][0]


def highlight_name(index: int) -> str:
    """What the teacher or pupil calls the band of the stack's ``index``-th equation, in the
    language spoken."""
    return _(HIGHLIGHTS[index % len(HIGHLIGHTS)][2])


OFF_LINE = "#C4C4C4"
COVERED = "#D62828"


def stack_picture(
    cards: Sequence[Card],
    geometry: CleariosityGeometry,
    lines: Sequence[str] = (),
    covered: Sequence[tuple[int, int]] = (),
    signs: Signs = STANDARD_SIGNS,
) -> list[Primitive]:
    """The cards stacked: each reading line highlighted in its own colour and width (see
    :data:`HIGHLIGHTS`), numbers off those lines in grey, the top card's mark in ``signs``.

    With no lines, every number is dark; ``covered`` cells get a red frame.
    """
    g = geometry
    on_lines = {cell for line in lines for cell in LINES[line]}
    shapes: list[Primitive] = [Box(0, 0, g.width, g.height, CARD_EDGE, None, 0.5)]
    for index, line in enumerate(lines):
        colour, share, _ = HIGHLIGHTS[index % len(HIGHLIGHTS)]
        centres = tuple(g.cell_centre(r, c) for r, c in LINES[line])
        shapes.append(Stroke(centres, g.cell * share, colour))
    for row, col in covered:
        x, y, w, h = g.cell_box(row, col)
        shapes.append(Box(x + 0.6, y + 0.6, w - 1.2, h - 1.2, COVERED, None, 0.6))
    for card in cards:
        for cell in card.cells:
            dark = not lines or (cell.row, cell.col) in on_lines
            shapes += cell_number(cell.value, cell.row, cell.col, g, BLACK if dark else OFF_LINE)
    top = max(cards, key=lambda c: c.tier.rank)
    shapes += tier_mark(top.tier, g, signs)
    return shapes


def sample_stack(deck: Deck) -> Stack | None:
    """Three cards of the deck's last level that read as one of its new facts (two if no three
    do), drawn at poker size with the reading line marked: the web page's preview of a stack."""
    from deckgen.games.base import Stack
    from deckgen.games.cleariosity.analysis.facts import practises_new
    from deckgen.games.cleariosity.core.groups import find_groups, raw_card
    from deckgen.games.cleariosity.core.stack import read_stack
    from deckgen.units import CARD_SIZES

    levels = deck.present()
    if not levels:
        return None
    tier = levels[-1]
    cards = deck.tier_cards(tier)
    groups = [g for g in find_groups([raw_card(c) for c in cards], tier.ops()) if practises_new(g, tier)]
    if not groups:
        return None
    # Best a stack with a card of the level's own colour (its dot shows on the stack), that
    # reads the new operation alone (any, at a level that adds none), of three cards.
    own = {index for index, card in enumerate(cards) if card.tier == tier}
    group = min(groups, key=lambda g: (not own & set(g.cards), not set(g.ops) <= set(tier.practised()), g.pair))
    chosen = [cards[i] for i in group.cards]
    reading = read_stack(chosen, tier, deck.signs)
    geometry = CleariosityGeometry(*CARD_SIZES["poker"])
    shapes = stack_picture(chosen, geometry, [e.line for e in reading.equations], reading.covered, deck.signs)
    ids = " ".join(c.id for c in chosen)
    reads = "; ".join(str(e) for e in reading.equations)
    return Stack(shapes, geometry.width, geometry.height, f"{ids}: {reads}")
