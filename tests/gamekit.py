"""Helpers that let a test run for every registered game, without naming any."""

from __future__ import annotations

from functools import cache
from typing import Any

from deckgen.games import game, games
from deckgen.layout.decks import deck_plan
from deckgen.layout.sheets import SheetPlan
from deckgen.printing import PrintSettings

GAMES = tuple(games())


@cache
def shipped_deck(key: str) -> Any:
    """A game's shipped deck (loaded once per test run)."""
    return game(key).load(None, {})


def sheet_plan(key: str, settings: PrintSettings, options: dict[str, Any] | None = None) -> SheetPlan:
    """The pages of a game's shipped deck, printed with ``settings``."""
    chosen = game(key)
    deck = shipped_deck(key) if not options else chosen.load(None, options)
    faces = chosen.faces(deck, settings.card, options or {})
    return deck_plan(chosen.deck_name(deck), chosen.name, faces, settings, chosen.min_card)
