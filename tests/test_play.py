"""Simulated play on decks whose outcome is known exactly."""

from __future__ import annotations

import random

from deckgen.games.cleariosity.play import PRACTISES, TRIVIAL, mean_collected, partner_index, play_game, simulate


def test_disjoint_groups_are_always_collected() -> None:
    masks = [0b000011, 0b001100, 0b110000]
    for players in (2, 3, 4):
        assert mean_collected(6, masks, players, 50, seed=1) == 1.0


def test_no_groups_collects_nothing() -> None:
    assert mean_collected(8, [], 2, 20, seed=1) == 0.0


def test_two_groups_sharing_a_card_leave_one_card() -> None:
    # Cards 0-1 and 0-2 are groups; whichever is taken, the third card is stranded.
    assert mean_collected(3, [0b011, 0b101], 2, 100, seed=3) == 2 / 3


def test_leftover_cards_are_played_before_the_first_round() -> None:
    # 5 cards, 2 players: card order[4] is a leftover, face up from the start.
    masks = [0b00011]
    partners = partner_index(5, masks)
    collected, taken = play_game([2, 3, 4, 1, 0], 2, partners, masks, random.Random(0))
    assert (collected, taken) == (0b00011, [0])  # 0 face up, 1 arrives later


def test_a_three_card_group_needs_all_three_face_up() -> None:
    masks = [0b0111]
    partners = partner_index(4, masks)
    assert play_game([0, 1, 2, 3], 4, partners, masks, random.Random(0))[0] == 0b0111
    assert play_game([0, 3, 1, 2], 2, partners, masks, random.Random(0))[0] == 0b0111


def test_same_seed_same_result_and_seeds_matter() -> None:
    masks = [0b0011, 0b0110, 0b1100, 0b1001, 0b0101]
    first = mean_collected(4, masks, 2, 200, seed="a")
    assert first == mean_collected(4, masks, 2, 200, seed="a")
    results = {mean_collected(4, masks, 2, 30, seed=s) for s in range(20)}
    assert len(results) > 1


def test_simulate_counts_what_each_game_collects() -> None:
    # Two disjoint pairs: every game takes both, one practising and one trivial.
    stats = simulate(4, [0b0011, 0b1100], [PRACTISES, TRIVIAL], 2, 50, seed=1)
    assert stats.collected_share == 1.0
    assert stats.groups_per_game == 2.0
    assert stats.practice_per_game == 1.0
    assert stats.trivial_share == 0.5
    assert stats.stranded() == [0.0] * 4


def test_simulate_finds_the_card_left_on_the_table() -> None:
    # Cards 0-1 and 0-2 are groups: card 0 always goes, and exactly one of 1 and 2 stays behind.
    stats = simulate(3, [0b011, 0b101], [0, 0], 2, 400, seed=2)
    left = stats.stranded()
    assert left[0] == 0.0
    assert left[1] + left[2] == 1.0
    assert 0.3 < left[1] < 0.7


def test_a_three_card_group_is_never_a_beginners_group() -> None:
    # With only the triple, a full-view game clears everything and a beginner's game nothing.
    assert mean_collected(3, [0b111], 3, 20, seed=1) == 1.0
    assert mean_collected(3, [], 3, 20, seed=1) == 0.0
