"""Cleariosity deck exports for other programs: JSON and CSV, byte-stable for the same deck."""

from __future__ import annotations

import csv
import io
import json

from deckgen.csv_cells import safe_row
from deckgen.games.cleariosity.core.model import Deck


def cleariosity_json(deck: Deck) -> str:
    cards = [
        {
            "id": card.id,
            "tier": card.tier.name,
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
            writer.writerow(safe_row([card.id, card.tier.name, cell.row, cell.col, cell.value]))
    return buffer.getvalue()
