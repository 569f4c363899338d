"""Cleariosity Letters' pictures in the README and docs: the first card of each level, and three
first-level cards stacked with the word they spell marked (the English deck)."""

from __future__ import annotations

from deckgen.games.letters.deckfile import load_letters
from deckgen.games.letters.faces import letters_front
from deckgen.games.letters.pictures import deck_geometry, sample_stack
from deckgen.games.letters.words import load_words
from deckgen.layout.pictures import contact_sheet
from deckgen.render.png import draw, png_bytes
from deckgen.units import CARD_SIZES

DPI = 110
WHITE = (255, 255, 255, 255)


def docs_images() -> dict[str, bytes]:
    """File name → PNG bytes: ``letters-cards.png`` and ``letters-stack.png``."""
    from deckgen.games.letters.game import shipped_deck

    deck = load_letters(shipped_deck("en"))
    geometry = deck_geometry(deck, CARD_SIZES["poker"])
    firsts = [next(card for card in deck.cards if card.level == rank) for rank in sorted({c.level for c in deck.cards})]
    faces = [(card.id, letters_front(card, geometry)) for card in firsts]
    shapes, width, height = contact_sheet(faces, geometry.width, geometry.height, len(faces), outline=True)
    images = {"letters-cards.png": png_bytes(draw(shapes, width, height, DPI, WHITE), DPI)}
    stack = sample_stack(deck, load_words(deck.language))
    if stack is not None:
        images["letters-stack.png"] = png_bytes(draw(list(stack.shapes), stack.width, stack.height, DPI, WHITE), DPI)
    return images
