"""What verify says of a flash-card deck: every card, and the size its text is set at."""

from __future__ import annotations

from typing import Any

from deckgen.games.base import Game, Verdict
from deckgen.games.flashcards.faces import MIN_TEXT, FlashGeometry, deck_fonts, text_box, undrawable
from deckgen.games.flashcards.model import FlashDeck
from deckgen.games.flashcards.text import TextDoesNotFit, fitted_size
from deckgen.units import CARD_SIZES, parse_size


def check(deck: FlashDeck, game: Game) -> Verdict:
    """Set every text at the game's default card size; a text that does not fit fails the deck."""
    card = parse_size(str(game.print_defaults["card_size"]), CARD_SIZES, "card size")
    geometry = FlashGeometry(*card)
    rows: list[dict[str, Any]] = []
    failures: list[str] = []
    chain = deck_fonts(deck)
    missing = undrawable(deck.cards, chain)
    for flash in deck.cards:
        sizes: dict[str, float | None] = {}
        for side, words in (("front", flash.front), ("back", flash.back)):
            try:
                sizes[side] = fitted_size(
                    words,
                    text_box(flash, side, geometry),
                    max_size=geometry.max_text,
                    min_size=MIN_TEXT,
                    bold=side == "front",
                    chain=chain,
                )
            except (TextDoesNotFit, ValueError) as error:
                sizes[side] = None
                failures.append(f"{flash.where}, {side}: {error}")
        rows.append({"id": flash.id, "row": flash.row, "count": flash.count, "text_mm": sizes})
    lines = [
        f'Flash cards "{deck.name}": {len(deck.printed)} cards to print, {len(deck.cards)} different',
        f"Text sizes (cap height) on {card[0]:g} x {card[1]:g} mm cards, at least {MIN_TEXT:g} mm:",
        "",
        f"{'id':<8}{'row':>5}{'copies':>8}{'front mm':>10}{'back mm':>9}",
    ]
    for row in rows:
        front, back = (row["text_mm"][side] for side in ("front", "back"))
        lines.append(f"{row['id']:<8}{row['row']:>5}{row['count']:>8}{_size(front):>10}{_size(back):>9}")
    lines += ["", *failures] if failures else []
    smallest = min((s for r in rows for s in r["text_mm"].values() if s is not None), default=None)
    data = {
        "deck": deck.name,
        "passed": not failures,
        "cards": len(deck.printed),
        "different": len(deck.cards),
        "card_mm": list(card),
        "smallest_text_mm": smallest,
        "rows": rows,
    }
    failure = None
    if missing:
        lines.append(missing[0].upper() + missing[1:])
        failure = missing
    elif failures:
        failure = f"{len(failures)} text(s) do not fit their card (see the report above)"
    return Verdict("\n".join(lines) + "\n", data, failure)


def _size(value: float | None) -> str:
    return "FAIL" if value is None else f"{value:.1f}"
