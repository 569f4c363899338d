"""Pictures of stacked letter cards with the line that spells a word, and the teaching
partitions the answer keys show.

Drawn from the printed faces' geometry (:mod:`.faces`), so a picture in the pack is what the
stack shows on the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from deckgen.games.grid import GRID_SIZE, LINE_POSITIONS, LINES
from deckgen.games.letters.cards import LetterCard
from deckgen.games.letters.faces import LettersGeometry, cell_tile, level_mark, widest_tile
from deckgen.games.letters.groups import Lexicon, WordGroup, find_groups
from deckgen.layout.pictures import CARD_EDGE
from deckgen.layout.primitives import BLACK, Box, Primitive, Stroke

if TYPE_CHECKING:
    from deckgen.games.base import Stack
    from deckgen.games.letters.deckfile import LettersDeck
    from deckgen.games.letters.words import WordList

#: The band under the line that spells the word, and the tiles off it.
HIGHLIGHT = "#FFE27A"
OFF_LINE = "#C4C4C4"


def deck_geometry(deck: LettersDeck, card: tuple[float, float]) -> LettersGeometry:
    """The geometry of the deck's cards at this size: its widest tile sets the letters' size."""
    return LettersGeometry(*card, widest=widest_tile(t for c in deck.cards for t in c.tiles.values()))


def stack_picture(cards: Sequence[LetterCard], geometry: LettersGeometry, line: str | None = None) -> list[Primitive]:
    """The cards stacked, the line that spells the word under a yellow band and its tiles dark,
    the tiles off it grey (with no line, every tile dark); the top level's dot below."""
    g = geometry
    shapes: list[Primitive] = [Box(0, 0, g.width, g.height, CARD_EDGE, None, 0.5)]
    on_line: set[int] = set()
    if line is not None:
        on_line = set(LINE_POSITIONS[line])
        centres = tuple(g.cell_centre(r, c) for r, c in LINES[line])
        shapes.append(Stroke(centres, g.cell * 0.85, HIGHLIGHT))
    for card in cards:
        for position, tile in sorted(card.tiles.items()):
            dark = line is None or position in on_line
            shapes += cell_tile(tile, *divmod(position, GRID_SIZE), g, BLACK if dark else OFF_LINE)
    shapes += level_mark(max(card.level for card in cards), g)
    return shapes


def teaching_partition(deck: LettersDeck, words: WordList, rank: int) -> list[WordGroup]:
    """One way to collect every card new at level ``rank`` with words of that level and earlier
    ones, among those cards alone (exact cover: each card in one group); ``[]`` if there is none.

    Groups index the level's own cards, in deck order."""
    own = [card for card in deck.cards if card.level == rank]
    lexicon = Lexicon(word.tiles for word in words.words_to(min(rank, len(words.levels) - 1)))
    groups = find_groups([card.tiles for card in own], lexicon)
    by_card: dict[int, list[WordGroup]] = {}
    for group in groups:
        for index in group.cards:
            by_card.setdefault(index, []).append(group)
    chosen: list[WordGroup] = []
    used: set[int] = set()

    def cover() -> bool:
        left = [index for index in range(len(own)) if index not in used]
        if not left:
            return True
        # The card with the fewest groups still open first: dead ends show soonest.
        options = {i: [g for g in by_card.get(i, ()) if not used & set(g.cards)] for i in left}
        card = min(left, key=lambda i: (len(options[i]), i))
        for group in sorted(options[card], key=lambda g: (-len(g.cards), g.cards, g.line)):
            chosen.append(group)
            used.update(group.cards)
            if cover():
                return True
            chosen.pop()
            used.difference_update(group.cards)
        return False

    return list(chosen) if cover() else []


def sample_stack(deck: LettersDeck, words: WordList) -> Stack | None:
    """Three cards of the first level that spell one of its words, at poker size, with the line
    marked: the web page's preview of a stack (two cards where no three do)."""
    from deckgen.games.base import Stack
    from deckgen.units import CARD_SIZES

    first = [card for card in deck.cards if card.level == 0]
    groups = find_groups([card.tiles for card in first], Lexicon(word.tiles for word in words.words_to(0)))
    if not groups:
        return None
    group = min(groups, key=lambda g: (-len(g.cards), g.cards, g.line))
    chosen = [first[i] for i in group.cards]
    geometry = deck_geometry(deck, CARD_SIZES["poker"])
    shapes = stack_picture(chosen, geometry, group.line)
    ids = " ".join(card.id for card in chosen)
    return Stack(shapes, geometry.width, geometry.height, f"{ids}: {''.join(group.tiles)}")
