"""What a Treenex deck allows: hands a game, and the range of scores, as text and JSON."""

from __future__ import annotations

from deckgen.games.treenex.model import (
    HANDS_PER_GAME,
    PLAYER_COUNTS,
    TreenexDeck,
    cards_per_hand,
    hands_in_deck,
    player_counts,
    score_range,
)
from deckgen.i18n import _, either


def treenex_text(deck: TreenexDeck) -> str:
    """The report for a terminal, in the language being spoken."""
    low, high = score_range(deck)
    sub_low, sub_high = score_range(deck, subtract=True)
    headers = [_("players"), _("cards a hand"), _("hands in deck"), _("hands a game")]
    # Each column as wide as its heading (a translated one may be longer), numbers to the right.
    widths = [len(header) + gap for header, gap in zip(headers, (2, 1, 2, 2), strict=True)]
    lines = [
        _('Treenex deck "{name}": values {low}-{high}, {copies} copies, {cards} cards').format(
            name=deck.name, low=deck.low, high=deck.high, copies=deck.copies, cards=len(deck.cards)
        ),
        "",
        headers[0].ljust(widths[0])
        + "".join(h.rjust(w) for h, w in zip(headers[1:], widths[1:], strict=True))
        + "  "
        + _("result"),
    ]
    for players in PLAYER_COUNTS:
        hands = hands_in_deck(deck, players)
        needed = HANDS_PER_GAME[players]
        result = (
            _("pass")
            if hands >= needed
            else _("FAIL: a game needs {cards} cards").format(cards=needed * cards_per_hand(players))
        )
        figures = [cards_per_hand(players), hands, needed]
        lines.append(
            str(players).ljust(widths[0])
            + "".join(str(f).rjust(w) for f, w in zip(figures, widths[1:], strict=True))
            + "  "
            + result
        )
    lines += [
        "",
        _("Scores for a × b + c and (a + b) × c: {low} to {high}").format(low=low, high=high),
        _("Subtraction variant, a × b − c and (a − b) × c: {low} to {high}").format(low=sub_low, high=sub_high),
    ]
    return "\n".join(lines) + "\n"


def treenex_passed(deck: TreenexDeck) -> bool:
    """Every number of players gets a whole game from the deck."""
    return player_counts(deck) == PLAYER_COUNTS


def treenex_json_report(deck: TreenexDeck) -> dict[str, object]:
    return {
        "deck": deck.name,
        "passed": treenex_passed(deck),
        "cards": len(deck.cards),
        "values": [deck.low, deck.high],
        "copies": deck.copies,
        "hands": {str(p): hands_in_deck(deck, p) for p in PLAYER_COUNTS},
        "hands_per_game": {str(p): HANDS_PER_GAME[p] for p in PLAYER_COUNTS},
        "score_range": {"standard": list(score_range(deck)), "subtraction": list(score_range(deck, subtract=True))},
        "failures": treenex_failures(deck),
    }


def treenex_failures(deck: TreenexDeck) -> list[str]:
    """What falls short, in the language being spoken: the numbers of players a whole game
    cannot be dealt to (none: the deck passes)."""
    short = [str(players) for players in PLAYER_COUNTS if players not in player_counts(deck)]
    if not short:
        return []
    return [_("the Treenex deck is too small for a full game of {players} players").format(players=either(short))]
