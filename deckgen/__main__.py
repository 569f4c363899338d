"""``python -m deckgen`` runs the command line."""

from deckgen.entry import run

run()
