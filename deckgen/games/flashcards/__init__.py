"""Flash cards: a two-sided card for every row of a teacher's spreadsheet (CSV or Excel)."""

from deckgen.games.flashcards.game import FlashcardsGame

GAME = FlashcardsGame()
