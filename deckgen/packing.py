"""What the teacher pack says about each deck of a build (its packing list and printing guide).

Kept apart from the pack's typesetting, so that a build can work these out without loading
reportlab's typesetting: only the process that sets the pack does that.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PackingEntry:
    """One deck of the kit: what a set holds, how many sheets it takes, and how it is printed."""

    deck: str
    cards_per_set: int
    sheets_per_set: int
    sides: str
    media: str
    detail: str
    media_key: str = "paper"
    mirror: bool = False
    duplex: str = "none"
    card_size: tuple[float, float] = (63.5, 88.9)
    #: How the deck's card ids look, for sorting (each game says it in its own words).
    ids: str = ""
    #: What one card is called in a sentence (each game says it in its own words).
    card_noun: str = ""
