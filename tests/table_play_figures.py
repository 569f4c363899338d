"""Figures behind the teacher pack's table rules (run by hand, never by the test suite).

    .venv/bin/python tests/table_play_figures.py

Plays the shipped deck with :mod:`deckgen.games.cleariosity.analysis.table_play`, 2,000 games for each
table, seed "rules" (the same deals for every table of a tier, so figures side by side differ
by the rules alone), and prints:

1. two players of different spotting speeds: the odd player's share of wins, with and without
   the "not twice in a row" cooldown;
2. impatient players (who only look at the newest four cards): how often 6 or more cards are
   stranded, with and without a closing sweep, against players who look at the whole table;
3. per tier and player count: cards each player turns up, ties for first, cards left;
4. playing co-operatively: how often the class leaves at most 0, 2 or 4 cards.
"""

from __future__ import annotations

from deckgen.games.cleariosity.analysis.table_play import (
    FULL,
    IMPATIENT,
    Player,
    TableResult,
    TableSettings,
    seat,
    simulate_table,
    tier_groups,
)
from deckgen.games.cleariosity.core.model import STANDARD_TIERS, Tier
from deckgen.games.cleariosity.spec.deckfile import load_cleariosity

GAMES = 2000
SEED = "rules"
STRANDED = 6
ALLOWED_LEFT = (0, 2, 4)


def percent(share: float) -> str:
    return f"{100 * share:5.1f} %"


def main() -> None:
    deck = load_cleariosity()
    groups = {tier: tier_groups(deck, tier) for tier in STANDARD_TIERS}

    played: dict[tuple[Tier, tuple[Player, ...], TableSettings], TableResult] = {}

    def play(tier: Tier, players: tuple[Player, ...], settings: TableSettings) -> TableResult:
        key = (tier, players, settings)
        if key not in played:
            card_count, masks = groups[tier]
            played[key] = simulate_table(card_count, masks, players, settings, GAMES, SEED, tier)
        return played[key]

    print(f"Shipped deck, {GAMES:,} games per table, seed {SEED!r}.")
    print()
    print("1. Two players, full view: the odd player's share of wins (ties for first in brackets)")
    print(
        f"   {'tier':8} {'quick 1.5 v 1.0':>20} {'child 0.5 v 1.0':>20} {'quick, cooldown':>20} {'child, cooldown':>20}"
    )
    for tier in STANDARD_TIERS:
        cells = []
        for cooldown in (False, True):
            for speed in (1.5, 0.5):
                result = play(tier, seat([speed, 1.0]), TableSettings(cooldown=cooldown))
                cells.append(f"{percent(result.win_shares[0])} ({percent(result.tie_share).strip()})")
        print(f"   {tier.name:8} " + " ".join(f"{cell:>20}" for cell in cells))
    print()

    print(f"2. Share of games leaving {STRANDED} or more cards (mean cards left in brackets), equal speeds")
    print(f"   {'tier':8} {'players':>7} {'view':>10} {'no sweep':>18} {'sweep':>18}")
    for view in (IMPATIENT, FULL):
        for players in (4, 3):
            for tier in (Tier.ORANGE, Tier.GREEN, Tier.YELLOW, Tier.PURPLE):
                cells = []
                for sweep in (False, True):
                    result = play(tier, seat([1.0] * players, view), TableSettings(sweep=sweep))
                    cells.append(f"{percent(result.share_leaving_at_least(STRANDED))} ({result.mean_left:4.1f})")
                print(f"   {tier.name:8} {players:>7} {view:>10} " + " ".join(f"{cell:>18}" for cell in cells))
    print()

    print("3. Equal speeds, full view, sweep: turn-ups per player, ties for first, cards left, collections")
    print(f"   {'tier':8} {'players':>7} {'turn-ups':>9} {'tied':>9} {'cards left':>11} {'collections':>12}")
    for tier in STANDARD_TIERS:
        for players in (2, 3, 4):
            result = play(tier, seat([1.0] * players), TableSettings(sweep=True))
            print(
                f"   {tier.name:8} {players:>7} {result.turn_ups_per_player:>9} {percent(result.tie_share):>9}"
                f" {result.mean_left:>11.2f} {result.collections_per_game:>12.1f}"
            )
    print()

    print("4. Co-operative play, full view, sweep: share of games the class wins, leaving at most")
    print(f"   {'tier':8} {'players':>7} " + " ".join(f"{f'{allowed} cards':>9}" for allowed in ALLOWED_LEFT))
    for tier in STANDARD_TIERS:
        for players in (2, 3, 4):
            result = play(tier, seat([1.0] * players), TableSettings(sweep=True))
            shares = " ".join(f"{percent(result.class_win_share(allowed)):>9}" for allowed in ALLOWED_LEFT)
            print(f"   {tier.name:8} {players:>7} {shares}")


if __name__ == "__main__":
    main()
