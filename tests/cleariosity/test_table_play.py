"""Simulated table play: hand-made group sets whose outcome is known, and properties of the shipped deck."""

from __future__ import annotations

import random
from functools import cache
from itertools import pairwise

import pytest

from deckgen.games.cleariosity.analysis.table_play import (
    IMPATIENT,
    Player,
    TableGame,
    TableSettings,
    play_table_game,
    seat,
    simulate_table,
    simulate_tier,
    tier_groups,
)
from deckgen.games.cleariosity.core.model import Tier
from deckgen.games.cleariosity.spec.deckfile import load_cleariosity
from deckgen.games.play.simulate import partner_index

PLAIN = TableSettings()
SWEEP = TableSettings(sweep=True)
COOLDOWN = TableSettings(cooldown=True)


@cache
def orange() -> tuple[int, list[int]]:
    return tier_groups(load_cleariosity(), Tier.ORANGE)


def one_game(order: list[int], masks: list[int], players: tuple[Player, ...], settings: TableSettings) -> TableGame:
    return play_table_game(order, players, settings, partner_index(len(order), masks), masks, random.Random("t"))


def test_disjoint_pairs_are_always_collected() -> None:
    result = simulate_table(6, [0b000011, 0b001100, 0b110000], seat([1.0, 1.0]), PLAIN, 100, "a")
    assert result.left_per_game == (0,) * 100
    assert result.collections_per_game == 3
    assert result.class_win_share(0) == 1.0
    assert sum(result.cards_by_player) == 600


def test_two_groups_sharing_a_card_always_leave_one() -> None:
    result = simulate_table(3, [0b011, 0b101], seat([1.0, 1.0]), SWEEP, 100, "a")
    assert result.mean_left == 1.0
    assert result.class_win_share(0) == 0.0
    assert result.class_win_share(1) == 1.0
    assert result.share_leaving_at_least(1) == 1.0


def test_a_single_pair_goes_to_each_player_in_proportion_to_speed() -> None:
    # One group, collected every game by exactly one player: never a tie, and the quick
    # player (speed 3) should take about three games in four.
    result = simulate_table(4, [0b0011], seat([3.0, 1.0]), PLAIN, 2000, "speed")
    assert result.ties == 0
    assert sum(result.wins) == 2000
    assert 0.72 < result.win_shares[0] < 0.78


def test_nothing_collected_is_a_tie_for_everyone() -> None:
    result = simulate_table(6, [], seat([1.0, 2.0, 1.0]), SWEEP, 20, "a")
    assert result.tie_share == 1.0
    assert result.win_shares == (0.0, 0.0, 0.0)
    assert result.mean_left == 6.0


def test_turn_ups_leave_the_leftovers_to_nobody() -> None:
    assert simulate_table(24, [], seat([1.0] * 4), PLAIN, 1, "a").turn_ups_per_player == 6
    assert simulate_table(60, [], seat([1.0] * 4), PLAIN, 1, "a").turn_ups_per_player == 15
    assert simulate_table(36, [], seat([1.0] * 5), PLAIN, 1, "a").turn_ups_per_player == 7


def test_an_impatient_player_misses_a_group_older_than_the_newest_four() -> None:
    # One player turns up 0, 2, 3, 4, 1, 5: when card 1 arrives card 0 is fifth newest.
    order = [0, 2, 3, 4, 1, 5]
    masks = [0b000011]
    assert one_game(order, masks, seat([1.0], IMPATIENT), PLAIN).left == 6
    assert one_game(order, masks, seat([1.0], IMPATIENT), SWEEP).left == 4
    assert one_game(order, masks, seat([1.0]), PLAIN).left == 4
    # Card 0 turned up one card later is still among the newest four when card 1 arrives.
    assert one_game([2, 0, 3, 4, 1, 5], masks, seat([1.0], IMPATIENT), PLAIN).left == 4


def test_collecting_brings_older_cards_into_an_impatient_view() -> None:
    # Group {0, 1} is out of view when 1 arrives; once {3, 5} is collected, 0 is among the newest four.
    order = [0, 2, 3, 4, 1, 5]
    game = one_game(order, [0b000011, 0b101000], seat([1.0], IMPATIENT), PLAIN)
    assert [number for number, _ in game.claims] == [1, 0]
    assert game.left == 2


def test_a_full_view_player_sees_what_an_impatient_one_misses() -> None:
    # Two players, piles 0 2 3 6 and 4 5 7 1: when card 1 arrives last, card 0 is eighth newest.
    order = [0, 2, 3, 6, 4, 5, 7, 1]
    masks = [0b00000011]
    # However quick the impatient player is, a group they cannot see goes to the other one.
    players = (Player(100.0, IMPATIENT), Player(1.0))
    partners = partner_index(8, masks)
    for seed in range(20):
        mixed = play_table_game(order, players, PLAIN, partners, masks, random.Random(seed))
        assert mixed.left == 6
        assert mixed.claims == ((0, 1),)
        assert mixed.winner() == 1
    assert one_game(order, masks, seat([1.0, 1.0], IMPATIENT), PLAIN).left == 8


def test_same_seed_same_games_and_seeds_matter() -> None:
    card_count, masks = orange()
    players = seat([1.5, 1.0, 0.5], IMPATIENT)
    first = simulate_table(card_count, masks, players, COOLDOWN, 60, "same")
    assert first == simulate_table(card_count, masks, players, COOLDOWN, 60, "same")
    other = simulate_table(card_count, masks, players, COOLDOWN, 60, "other")
    assert other.left_per_game != first.left_per_game


def test_a_sweep_never_collects_fewer_cards_on_the_same_deal() -> None:
    card_count, masks = orange()
    players = seat([1.0] * 4, IMPATIENT)
    without = simulate_table(card_count, masks, players, PLAIN, 300, "sweep")
    with_sweep = simulate_table(card_count, masks, players, SWEEP, 300, "sweep")
    assert all(a >= b for a, b in zip(without.left_per_game, with_sweep.left_per_game, strict=True))
    assert with_sweep.mean_left < without.mean_left
    assert with_sweep.share_leaving_at_least(6) < without.share_leaving_at_least(6)


def test_impatience_strands_more_cards_than_full_view() -> None:
    card_count, masks = orange()
    full = simulate_table(card_count, masks, seat([1.0] * 4), PLAIN, 300, "view")
    impatient = simulate_table(card_count, masks, seat([1.0] * 4, IMPATIENT), PLAIN, 300, "view")
    assert impatient.mean_left > full.mean_left + 2


def test_cooldown_makes_two_player_claims_alternate() -> None:
    card_count, masks = orange()
    partners = partner_index(card_count, masks)
    order = list(range(card_count))
    deal = random.Random("deal")
    for game in range(50):
        deal.shuffle(order)
        for view in ("full", IMPATIENT):
            players = seat([1.5, 0.5], view)
            played = play_table_game(order, players, COOLDOWN, partners, masks, random.Random(game))
            claimers = [player for _, player in played.claims]
            assert len(claimers) > 5
            assert all(a != b for a, b in pairwise(claimers))


def test_cooldown_moves_claims_not_collections() -> None:
    card_count, masks = orange()
    players = seat([1.5, 0.5])
    free = simulate_table(card_count, masks, players, SWEEP, 200, "cool")
    cooled = simulate_table(card_count, masks, players, TableSettings(sweep=True, cooldown=True), 200, "cool")
    assert free.left_per_game == cooled.left_per_game
    assert free.collections == cooled.collections
    # The slow player takes a far bigger share of the cards when the quick one must wait.
    assert cooled.cards_by_player[1] / sum(cooled.cards_by_player) > 0.4
    assert free.cards_by_player[1] / sum(free.cards_by_player) < 0.3
    assert cooled.win_shares[1] > free.win_shares[1]


def test_class_wins_share_is_a_share_and_grows_with_the_allowed_leftover() -> None:
    card_count, masks = orange()
    result = simulate_table(card_count, masks, seat([1.0] * 3), SWEEP, 300, "class")
    shares = [result.class_win_share(allowed) for allowed in range(0, card_count + 1)]
    assert all(0.0 <= share <= 1.0 for share in shares)
    assert all(a <= b for a, b in pairwise(shares))
    assert shares[0] < shares[4]
    assert shares[-1] == 1.0


def test_simulate_tier_plays_the_tiers_cards() -> None:
    result = simulate_tier(load_cleariosity(), Tier.GREEN, seat([1.0] * 4), SWEEP, 50, "tier")
    assert result.card_count == 24
    assert result.turn_ups_per_player == 6
    assert result.tier is Tier.GREEN
    assert 0 < result.collections_per_game <= 12


@pytest.mark.parametrize("speed", [0.0, -1.0, float("nan")])
def test_a_speed_must_be_positive(speed: float) -> None:
    with pytest.raises(ValueError, match="speed"):
        Player(speed)


def test_a_view_must_be_known() -> None:
    with pytest.raises(ValueError, match="view"):
        Player(1.0, "sideways")


def test_a_game_needs_a_player() -> None:
    with pytest.raises(ValueError, match="at least one player"):
        simulate_table(4, [], (), PLAIN, 1, "a")
