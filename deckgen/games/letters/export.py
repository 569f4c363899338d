"""Cleariosity Letters deck exports for other programs: JSON and CSV, byte-stable for the same deck.

Each card as its id, its level (1 first) and its tiles by cell: ``tiles`` maps "row,col" (0 at
the top left) to the tile; the CSV writes the grid as the deck file does (``sh . . / . i . / . . p``).
"""

from __future__ import annotations

import csv
import io
import json

from deckgen.csv_cells import safe_row
from deckgen.games.grid import GRID_SIZE
from deckgen.games.letters.deckfile import LettersDeck, grid_text


def letters_json(deck: LettersDeck) -> str:
    cards = [
        {
            "id": card.id,
            "level": card.level + 1,
            "tiles": {f"{p // GRID_SIZE},{p % GRID_SIZE}": tile for p, tile in sorted(card.tiles.items())},
        }
        for card in deck.cards
    ]
    data = {"name": deck.name, "language": deck.language, "words": list(deck.focus), "cards": cards}
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def letters_csv(deck: LettersDeck) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["id", "level", "grid"])
    for card in deck.cards:
        writer.writerow(safe_row([card.id, card.level + 1, grid_text(card)]))
    return buffer.getvalue()
