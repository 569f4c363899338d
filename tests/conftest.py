"""Shared helpers for the tests: building cards from the deck-file grid notation."""

from __future__ import annotations

from deckgen.games.cleariosity.deckfile import parse_grid
from deckgen.games.cleariosity.model import Card, Tier


def card(grid: str, card_id: str = "X", tier: Tier = Tier.GREEN) -> Card:
    """A card from its grid, e.g. ``card("5 . . / . 3 . / . . 8")``."""
    return Card(card_id, tier, parse_grid(grid))
