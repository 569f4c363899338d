"""Cleariosity's pictures in the README: a card of each colour, and three cards stacked, for the
standard deck and for the times tables to 9 × 9."""

from __future__ import annotations

from deckgen.games.cleariosity.deckfile import load_cleariosity
from deckgen.games.cleariosity.faces import CleariosityGeometry, cleariosity_front
from deckgen.games.cleariosity.game import PRESET_FILES
from deckgen.games.cleariosity.groups import find_groups, raw_card
from deckgen.games.cleariosity.model import Card, Deck
from deckgen.games.cleariosity.pictures import stack_picture
from deckgen.games.cleariosity.stack import read_stack
from deckgen.games.cleariosity.verify import analyse_tier
from deckgen.layout.pictures import contact_sheet
from deckgen.render.png import draw, png_bytes
from deckgen.units import CARD_SIZES

DPI = 110
WHITE = (255, 255, 255, 255)


#: The times-tables preset, and the fact its stack picture shows (the one most often missed).
TIMES_PRESET = "times-2-9"
TIMES_FACT = (7, 8, 56)


def docs_images() -> dict[str, bytes]:
    """File name → PNG bytes: one card of each colour and a green equation of three cards
    stacked, for the standard deck; the same for the times tables, with 7 × 8 = 56."""
    deck = load_cleariosity()
    geometry = CleariosityGeometry(*CARD_SIZES["poker"])
    images = {"cards.png": _colours(deck, geometry)}
    green = analyse_tier(deck, deck.tiers[0])
    groups = green.perfect_clear.groups or ()
    first = next((g for g in groups if len(g.cards) == 3), groups[0])
    images["stack.png"] = _stack(deck, [green.cards[i] for i in first.cards], 0, geometry)
    times = load_cleariosity(PRESET_FILES[TIMES_PRESET])
    images["times-cards.png"] = _colours(times, geometry)
    images["times-stack.png"] = _stack(times, _fact_stack(times, TIMES_FACT), len(times.tiers) - 1, geometry)
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


def _fact_stack(deck: Deck, fact: tuple[int, int, int]) -> list[Card]:
    """The cards of the first three-card group, at the last tier, reading ``fact`` (a × b = c) in
    either order of its factors (7 × 8 = 56 or 8 × 7 = 56), the order as written first."""
    a, b, c = fact
    cards = list(deck.cards)
    groups = [g for g in find_groups([raw_card(card) for card in cards], deck.tiers[-1].ops()) if len(g.cards) == 3]
    for values in ((a, b, c), (b, a, c)):
        found = next((g for g in groups if g.values == values), None)
        if found is not None:
            return [cards[i] for i in found.cards]
    raise ValueError(f"{deck.name} has no three-card group reading {a} x {b} = {c} either way")
