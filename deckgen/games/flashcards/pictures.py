"""The README's picture of the sample deck: a few fronts with their backs beneath them."""

from __future__ import annotations

from deckgen.games.base import Game
from deckgen.games.flashcards.faces import FlashGeometry, back, front
from deckgen.layout.pictures import contact_sheet
from deckgen.render.png import draw, png_bytes
from deckgen.units import CARD_SIZES, parse_size

DPI = 80
WHITE = (255, 255, 255, 255)
#: Cards of the sample that show what the game does: a fact, a fraction, Greek, a question.
SHOWN = ("M02", "D04", "S08", "W01")


def sample_picture(game: Game) -> bytes:
    """Fronts of a few cards of the sample, and their backs in the row below."""
    deck = game.load(None, {})
    card = parse_size(str(game.print_defaults["card_size"]), CARD_SIZES, "card size")
    geometry = FlashGeometry(*card)
    cards = [c for c in deck.cards if c.id in SHOWN] or list(deck.cards[: len(SHOWN)])
    faces = [(c.id, front(c, geometry)) for c in cards] + [(f"{c.id} BACK", back(c, geometry)) for c in cards]
    shapes, width, height = contact_sheet(faces, geometry.width, geometry.height, len(cards), outline=False)
    return png_bytes(draw(shapes, width, height, DPI, WHITE), DPI)
