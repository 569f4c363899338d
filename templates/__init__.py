"""Data package ``deckgen.templates``: the print profiles and laser beds every game shares.

Installed inside deckgen and read with importlib.resources (see ``deckgen/resources.py``);
each game's own decks and specs are in ``templates/<game>/``, installed in that game's package.
"""
