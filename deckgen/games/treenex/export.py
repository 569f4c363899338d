"""Treenex deck exports for other programs: JSON and CSV, byte-stable for the same deck."""

from __future__ import annotations

import csv
import io
import json

from deckgen.csv_cells import safe_row
from deckgen.games.treenex.model import TreenexDeck, card_ids


def treenex_json(deck: TreenexDeck) -> str:
    cards = [{"id": card_id, "value": value} for card_id, value in zip(card_ids(deck), deck.cards, strict=True)]
    data = {"name": deck.name, "values": [deck.low, deck.high], "copies": deck.copies, "cards": cards}
    return json.dumps(data, indent=2) + "\n"


def treenex_csv(deck: TreenexDeck) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["id", "value"])
    for card_id, value in zip(card_ids(deck), deck.cards, strict=True):
        writer.writerow(safe_row([card_id, value]))
    return buffer.getvalue()
