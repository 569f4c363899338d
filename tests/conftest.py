"""Shared helpers for the tests: cards from the deck-file grid notation, and the --store-golden flag."""

from __future__ import annotations

import pytest

from deckgen.games.cleariosity.core.model import Card, Tier
from deckgen.games.cleariosity.spec.deckfile import parse_grid


def card(grid: str, card_id: str = "X", tier: Tier = Tier.GREEN) -> Card:
    """A card from its grid, e.g. ``card("5 . . / . 3 . / . . 8")``."""
    return Card(card_id, tier, parse_grid(grid))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--store-golden",
        action="store_true",
        help="Write the golden reference renders (tests/golden/) anew from this build instead of comparing.",
    )


@pytest.fixture
def store_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--store-golden"))
