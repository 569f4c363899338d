"""Cleariosity's pictures in the README: a card of each colour, and three cards stacked, for the
standard deck and for the times tables to 9 × 9."""

from __future__ import annotations

from collections import Counter

from deckgen.games.cleariosity.analysis.tier_report import analyse_tier
from deckgen.games.cleariosity.core.groups import find_groups, raw_card
from deckgen.games.cleariosity.core.model import Card, Deck
from deckgen.games.cleariosity.core.stack import read_stack
from deckgen.games.cleariosity.output.faces import CleariosityGeometry, cleariosity_front
from deckgen.games.cleariosity.output.pictures import stack_picture
from deckgen.games.cleariosity.spec.deckfile import load_cleariosity
from deckgen.games.cleariosity.spec.presets import PRESET_FILES
from deckgen.layout.pictures import contact_sheet
from deckgen.render.png import draw, png_bytes
from deckgen.units import CARD_SIZES

DPI = 110
WHITE = (255, 255, 255, 255)


#: The times-tables preset, and the facts its stack picture may show: those most often missed,
#: the first the deck holds as a three-card group (a designed deck need not hold each so).
TIMES_PRESET = "times-2-9"
TIMES_FACTS = ((7, 8, 56), (6, 8, 48), (7, 9, 63), (6, 7, 42))


def docs_images() -> dict[str, bytes]:
    """File name → PNG bytes: one card of each colour and a green equation of three cards
    stacked, for the standard deck; the same for the times tables, with a hard fact (7 × 8 = 56)."""
    deck = load_cleariosity()
    geometry = CleariosityGeometry(*CARD_SIZES["poker"])
    images = {"cards.png": _colours(deck, geometry)}
    green = analyse_tier(deck, deck.tiers[0])
    groups = green.perfect_clear.groups or ()
    first = next((g for g in groups if len(g.cards) == 3), groups[0])
    images["stack.png"] = _stack(deck, [green.cards[i] for i in first.cards], 0, geometry)
    times = load_cleariosity(PRESET_FILES[TIMES_PRESET])
    images["times-cards.png"] = _colours(times, geometry)
    images["times-stack.png"] = _stack(times, _fact_stack(times, TIMES_FACTS), len(times.tiers) - 1, geometry)
    return images


def _colours(deck: Deck, geometry: CleariosityGeometry) -> bytes:
    """The first card of each colour, side by side."""
    faces = [(deck.colour_cards(t)[0].id, cleariosity_front(deck.colour_cards(t)[0], geometry)) for t in deck.present()]
    shapes, width, height = contact_sheet(faces, geometry.width, geometry.height, len(faces), outline=True)
    return png_bytes(draw(shapes, width, height, DPI, WHITE), DPI)


def _stack(deck: Deck, cards: list[Card], rank: int, geometry: CleariosityGeometry) -> bytes:
    """These cards stacked, with the lines they read marked."""
    reading = read_stack(cards, deck.tiers[rank])
    picture = stack_picture(cards, geometry, [e.line for e in reading.equations])
    return png_bytes(draw(picture, geometry.width, geometry.height, DPI, WHITE), DPI)


def _fact_stack(deck: Deck, facts: tuple[tuple[int, int, int], ...]) -> list[Card]:
    """The cards of a three-card group, at the last tier, reading one of ``facts`` (a × b = c) in
    either order of its factors (7 × 8 = 56 or 8 × 7 = 56): the one whose cards put two numbers
    in the fewest cells, the clearest picture (on a tie, the earlier fact, the order as written,
    then the first group)."""
    cards = list(deck.cards)
    groups = [g for g in find_groups([raw_card(card) for card in cards], deck.tiers[-1].ops()) if len(g.cards) == 3]
    readings = [values for a, b, c in facts for values in ((a, b, c), (b, a, c))]
    found = [(rank, g) for rank, values in enumerate(readings) for g in groups if g.values == values]
    if not found:
        raise ValueError(f"{deck.name} has no three-card group reading any of {facts} either way")
    _, best = min(found, key=lambda item: (_crowded_cells([cards[i] for i in item[1].cards]), item[0]))
    return [cards[i] for i in best.cards]


def _crowded_cells(cards: list[Card]) -> int:
    """How many cells of these stacked cards hold two numbers or more."""
    used = Counter((cell.row, cell.col) for card in cards for cell in card.cells)
    return sum(1 for count in used.values() if count > 1)
