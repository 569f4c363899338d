"""Data package ``deckgen.games.cleariosity.templates.specs``: the shipped deck specs (presets)."""
