"""Plain-text reports of verification, for people reading a terminal."""

from __future__ import annotations

from deckgen.rules import OP_SYMBOLS, describe
from deckgen.standard import MIN_CELL_USE, MIN_DIGIT_USE, PLAYER_COUNTS
from deckgen.treenex import HANDS_PER_GAME, TreenexDeck, cards_per_hand, hands_in_deck, score_range
from deckgen.verify import CRITERIA, DeckReport


def cleariosity_text(report: DeckReport, source: str) -> str:
    lines = [
        f'Cleariosity Numbers deck "{report.deck.name}" ({source}), {len(report.deck.cards)} cards',
        f"Simulated play: {report.games:,} games per tier and player count, seed {report.seed}",
        "",
        f"{'tier':<8}{'cards':>6}  {'ops':<8}{'groups':>7}{'min/card':>10}{'trivial':>9}"
        f"  {'collected (2 / 3 / 4 players)':<30}result",
    ]
    for tier in report.tiers:
        ops = " ".join(OP_SYMBOLS[op] for op in tier.tier.ops())
        play = " / ".join(f"{tier.play[p]:.1%}" for p in PLAYER_COUNTS) if tier.play else "not played"
        failed = tier.failures()
        result = "pass" if not failed else "FAIL " + ",".join(str(n) for n in failed)
        lines.append(
            f"{tier.tier.colour:<8}{len(tier.cards):>6}  {ops:<8}{len(tier.groups):>7}{tier.min_participation:>10}"
            f"{tier.trivial_share:>9.1%}  {play:<30}{result}"
        )
    digits = report.balance.digits
    cells = report.balance.cells
    lines += [
        "",
        f"Digits 0-9 each used {min(digits.values())} to {max(digits.values())} times (need {MIN_DIGIT_USE}); "
        f"cells each used by {min(cells.values())} to {max(cells.values())} cards (need {MIN_CELL_USE}): "
        + ("pass" if report.balance.passed() else "FAIL 7"),
    ]
    for tier in report.tiers:
        if tier.self_equations:
            lines.append(
                f"Cards that are an equation on their own ({tier.tier.colour}): " + "; ".join(tier.self_equations)
            )
    for tier in report.tiers:
        lines += ["", f"Perfect clear, {tier.tier.colour} tier:"]
        groups = tier.perfect_clear.groups
        if groups is None:
            why = "no partition exists" if tier.perfect_clear.exhausted else "none found within the search budget"
            lines.append(f"  {why}")
            continue
        for group in groups:
            ids = " ".join(tier.cards[i].id for i in group.cards)
            lines.append(f"  {ids:<12} {group.line:<5} {describe(group.values, group.ops[0])}")
    lines.append("")
    if report.games == 0:
        lines.append(f"Criterion 6 ({CRITERIA[6]}) was not checked: no games were simulated (--games 0).")
    failures = report.failures()
    if failures:
        for where, number in failures:
            lines.append(f"FAILED {where}: criterion {number}, {CRITERIA[number]}")
    else:
        lines.append("All criteria pass in every tier.")
    return "\n".join(lines) + "\n"


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
