"""Data package ``deckgen.games.letters.templates``: Cleariosity Letters' word lists.

Installed inside the game's own package and read with importlib.resources (see
``deckgen/resources.py``).
"""
