"""What verify says of a flash-card deck: every card, and the size its text is set at."""

from __future__ import annotations

from typing import Any

from deckgen.games.base import Game, Verdict
from deckgen.games.flashcards.faces import MIN_TEXT, FlashGeometry, deck_fonts, text_box, undrawable
from deckgen.games.flashcards.model import SIDE_NAMES, FlashDeck
from deckgen.games.flashcards.text import TextDoesNotFit, fitted_size
from deckgen.i18n import _, decimal, decimal_g
from deckgen.units import CARD_SIZES, parse_size

#: The report's columns: the least width of each, and the room before a heading.
WIDTHS = (8, 5, 8, 10, 9)
GAPS = (2, 2, 2, 2, 2)


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
                failures.append(
                    _("{where}, {side}: {error}").format(where=flash.where, side=_(SIDE_NAMES[side]), error=error)
                )
        rows.append({"id": flash.id, "row": flash.row, "count": flash.count, "text_mm": sizes})
    headers = [_("id"), _("row"), _("copies"), _("front mm"), _("back mm")]
    # Each column as wide as its heading (a translated one may be longer), numbers to the right.
    widths = [max(len(header) + gap, least) for header, gap, least in zip(headers, GAPS, WIDTHS, strict=True)]
    lines = [
        _('Flash cards "{name}": {cards} cards to print, {different} different').format(
            name=deck.name, cards=len(deck.printed), different=len(deck.cards)
        ),
        _("Text sizes (cap height) on {width} x {height} mm cards, at least {least} mm:").format(
            width=decimal_g(card[0]), height=decimal_g(card[1]), least=decimal_g(MIN_TEXT)
        ),
        "",
        headers[0].ljust(widths[0]) + "".join(h.rjust(w) for h, w in zip(headers[1:], widths[1:], strict=True)),
    ]
    for row in rows:
        front, back = (row["text_mm"][side] for side in ("front", "back"))
        figures = [row["row"], row["count"], _size(front), _size(back)]
        lines.append(
            row["id"].ljust(widths[0]) + "".join(str(f).rjust(w) for f, w in zip(figures, widths[1:], strict=True))
        )
    lines += ["", *failures] if failures else []
    smallest = min((s for r in rows for s in r["text_mm"].values() if s is not None), default=None)
    data = {
        "deck": deck.name,
        "passed": not failures and not missing,
        "cards": len(deck.printed),
        "different": len(deck.cards),
        "card_mm": list(card),
        "smallest_text_mm": smallest,
        "rows": rows,
        "failures": [missing] if missing else failures,
    }
    if missing:
        lines.append(missing[0].upper() + missing[1:])
        return Verdict("\n".join(lines) + "\n", data, missing)
    if failures:

        def failure_at(place: str) -> str:
            return _("{count} text(s) do not fit their card (see {report})").format(count=len(failures), report=place)

        return Verdict("\n".join(lines) + "\n", data, failure_at(_("the report above")), failure_at)
    return Verdict("\n".join(lines) + "\n", data, None)


def _size(value: float | None) -> str:
    return _("FAIL") if value is None else decimal(value)
