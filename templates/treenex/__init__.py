"""Data package ``deckgen.games.treenex.templates``: this game's shipped deck files.

Installed inside the game's own package and read with importlib.resources (see
``deckgen/resources.py``).
"""
