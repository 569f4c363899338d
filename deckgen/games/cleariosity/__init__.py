"""Cleariosity Numbers: 60 clear cards, three numbers each on a 3 × 3 grid, stacked into equations."""

from deckgen.games.cleariosity.game import CleariosityGame

GAME = CleariosityGame()
