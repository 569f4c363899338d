"""Flash-card exports for other programs: JSON and CSV, byte-stable for the same deck."""

from __future__ import annotations

import csv
import io
import json

from deckgen.csv_cells import safe_row
from deckgen.games.flashcards.model import FlashDeck


def flashcards_json(deck: FlashDeck) -> str:
    """The deck as JSON; a card with pictures names their files (``image``, ``back_image``)."""
    cards = []
    for c in deck.cards:
        card: dict[str, object] = {"id": c.id, "front": c.front, "back": c.back, "count": c.count, "colour": c.colour}
        if c.front_picture is not None:
            card["image"] = c.front_picture.name
        if c.back_picture is not None:
            card["back_image"] = c.back_picture.name
        cards.append(card)
    return json.dumps({"name": deck.name, "cards": cards}, indent=2, ensure_ascii=False) + "\n"


def flashcards_csv(deck: FlashDeck) -> str:
    """The deck as a spreadsheet deckgen reads back (id, front, back, count, colour, and the
    pictures' file names when it has pictures: read beside the same files, it gives the same cards)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    pictures = any(c.front_picture or c.back_picture for c in deck.cards)
    writer.writerow(["id", "front", "back", "count", "colour", *(["image", "back image"] if pictures else [])])
    for c in deck.cards:
        row: list[object] = [c.id, c.front, c.back, c.count, c.colour or ""]
        if pictures:
            row += [c.front_picture.name if c.front_picture else "", c.back_picture.name if c.back_picture else ""]
        writer.writerow(safe_row(row))
    return buffer.getvalue()
