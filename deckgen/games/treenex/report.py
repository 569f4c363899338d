"""What a Treenex deck allows: hands a game, and the range of scores, as text and JSON."""

from __future__ import annotations

from deckgen.games.treenex.model import (
    HANDS_PER_GAME,
    PLAYER_COUNTS,
    TreenexDeck,
    cards_per_hand,
    hands_in_deck,
    score_range,
)


def treenex_text(deck: TreenexDeck) -> str:
    low, high = score_range(deck)
    sub_low, sub_high = score_range(deck, subtract=True)
    lines = [
        f'Treenex deck "{deck.name}": values {deck.low}-{deck.high}, {deck.copies} copies, {len(deck.cards)} cards',
        "",
        f"{'players':<9}{'cards a hand':>13}{'hands in deck':>15}{'hands a game':>14}  result",
    ]
    for players in PLAYER_COUNTS:
        hands = hands_in_deck(deck, players)
        needed = HANDS_PER_GAME[players]
        result = "pass" if hands >= needed else f"FAIL: a game needs {needed * cards_per_hand(players)} cards"
        lines.append(f"{players:<9}{cards_per_hand(players):>13}{hands:>15}{needed:>14}  {result}")
    lines += [
        "",
        f"Scores for a × b + c and (a + b) × c: {low} to {high}",
        f"Subtraction variant, a × b − c and (a − b) × c: {sub_low} to {sub_high}",
    ]
    return "\n".join(lines) + "\n"


def treenex_passed(deck: TreenexDeck) -> bool:
    return all(hands_in_deck(deck, p) >= HANDS_PER_GAME[p] for p in PLAYER_COUNTS)


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
    }
