"""Cleariosity's pictures in the README: a card of each colour, and three cards stacked."""

from __future__ import annotations

from deckgen.games.cleariosity.deckfile import load_cleariosity
from deckgen.games.cleariosity.faces import CleariosityGeometry, cleariosity_front
from deckgen.games.cleariosity.pictures import stack_picture
from deckgen.games.cleariosity.stack import read_stack
from deckgen.games.cleariosity.verify import analyse_tier
from deckgen.layout.pictures import contact_sheet
from deckgen.render.png import draw, png_bytes
from deckgen.units import CARD_SIZES

DPI = 110
WHITE = (255, 255, 255, 255)


def docs_images() -> dict[str, bytes]:
    """File name → PNG bytes: one card of each colour, and a green equation of three cards stacked."""
    deck = load_cleariosity()
    geometry = CleariosityGeometry(*CARD_SIZES["poker"])
    faces = [(deck.colour_cards(t)[0].id, cleariosity_front(deck.colour_cards(t)[0], geometry)) for t in deck.present()]
    shapes, width, height = contact_sheet(faces, geometry.width, geometry.height, len(faces), outline=True)
    images = {"cards.png": png_bytes(draw(shapes, width, height, DPI, WHITE), DPI)}
    green = analyse_tier(deck, deck.tiers[0])
    groups = green.perfect_clear.groups or ()
    first = next((g for g in groups if len(g.cards) == 3), groups[0])
    cards = [green.cards[i] for i in first.cards]
    reading = read_stack(cards, deck.tiers[0])
    picture = stack_picture(cards, geometry, [e.line for e in reading.equations])
    images["stack.png"] = png_bytes(draw(picture, geometry.width, geometry.height, DPI, WHITE), DPI)
    return images
