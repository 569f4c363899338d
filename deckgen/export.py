"""Deck exports for other programs: JSON and CSV, byte-stable for the same deck."""

from __future__ import annotations

import csv
import io
import json

from deckgen.model import Deck
from deckgen.treenex import TreenexDeck, card_ids


def cleariosity_json(deck: Deck) -> str:
    cards = [
        {
            "id": card.id,
            "tier": card.tier.colour,
            "cells": [{"row": c.row, "col": c.col, "value": c.value} for c in sorted(card.cells)],
        }
        for card in deck.cards
    ]
    return json.dumps({"name": deck.name, "cards": cards}, indent=2) + "\n"


def cleariosity_csv(deck: Deck) -> str:
    """One row per number: id, tier, row, col, value."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["id", "tier", "row", "col", "value"])
    for card in deck.cards:
        for cell in sorted(card.cells):
            writer.writerow([card.id, card.tier.colour, cell.row, cell.col, cell.value])
    return buffer.getvalue()


def treenex_json(deck: TreenexDeck) -> str:
    cards = [{"id": card_id, "value": value} for card_id, value in zip(card_ids(deck), deck.cards, strict=True)]
    data = {"name": deck.name, "values": [deck.low, deck.high], "copies": deck.copies, "cards": cards}
    return json.dumps(data, indent=2) + "\n"


def treenex_csv(deck: TreenexDeck) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["id", "value"])
    for card_id, value in zip(card_ids(deck), deck.cards, strict=True):
        writer.writerow([card_id, value])
    return buffer.getvalue()
