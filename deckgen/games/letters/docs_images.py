"""Cleariosity Letters' pictures in the README and docs: a card of each level, and three
first-level cards stacked with the word they spell marked (the English deck)."""

from __future__ import annotations

from collections.abc import Sequence

from deckgen.games.letters.cards import LetterCard
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
    words = load_words(deck.language)
    geometry = deck_geometry(deck, CARD_SIZES["poker"])
    shown = [level_card(deck.cards, rank, words.levels[rank].tiles) for rank in sorted({c.level for c in deck.cards})]
    faces = [(card.id, letters_front(card, geometry)) for card in shown]
    shapes, width, height = contact_sheet(faces, geometry.width, geometry.height, len(faces), outline=True)
    images = {"letters-cards.png": png_bytes(draw(shapes, width, height, DPI, WHITE), DPI)}
    stack = sample_stack(deck, words)
    if stack is not None:
        images["letters-stack.png"] = png_bytes(draw(list(stack.shapes), stack.width, stack.height, DPI, WHITE), DPI)
    return images


def level_card(cards: Sequence[LetterCard], rank: int, new_tiles: Sequence[str]) -> LetterCard:
    """The card a picture shows for level ``rank``: its first card with most of the tiles the
    level brings in (a level-3 card showing only letters of level 1 would not show what is new)."""
    own = [card for card in cards if card.level == rank]
    return max(own, key=lambda card: sum(tile in new_tiles for tile in card.tiles.values()))
