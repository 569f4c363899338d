"""Treenex ("three-number expressions"): a deck of numbered cards for a × b + c and (a + b) × c."""

from deckgen.games.treenex.game import TreenexGame

GAME = TreenexGame()
