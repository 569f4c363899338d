"""Flash-card exports for other programs: JSON and CSV, byte-stable for the same deck."""

from __future__ import annotations

import csv
import io
import json

from deckgen.csv_cells import safe_row
from deckgen.games.flashcards.model import FlashDeck


def flashcards_json(deck: FlashDeck) -> str:
    cards = [{"id": c.id, "front": c.front, "back": c.back, "count": c.count, "colour": c.colour} for c in deck.cards]
    return json.dumps({"name": deck.name, "cards": cards}, indent=2, ensure_ascii=False) + "\n"


def flashcards_csv(deck: FlashDeck) -> str:
    """The deck as a spreadsheet deckgen reads back (id, front, back, count, colour)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["id", "front", "back", "count", "colour"])
    for c in deck.cards:
        writer.writerow(safe_row([c.id, c.front, c.back, c.count, c.colour or ""]))
    return buffer.getvalue()
