"""Simulated play on decks whose outcome is known exactly."""

from __future__ import annotations

import random

from deckgen.play import mean_collected, partner_index, play_game


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
    partners = partner_index(5, [0b00011])
    assert play_game([2, 3, 4, 1, 0], 2, partners, random.Random(0)) == 2  # 0 face up, 1 arrives later


def test_a_three_card_group_needs_all_three_face_up() -> None:
    partners = partner_index(4, [0b0111])
    assert play_game([0, 1, 2, 3], 4, partners, random.Random(0)) == 3
    assert play_game([0, 3, 1, 2], 2, partners, random.Random(0)) == 3


def test_same_seed_same_result_and_seeds_matter() -> None:
    masks = [0b0011, 0b0110, 0b1100, 0b1001, 0b0101]
    first = mean_collected(4, masks, 2, 200, seed="a")
    assert first == mean_collected(4, masks, 2, 200, seed="a")
    results = {mean_collected(4, masks, 2, 30, seed=s) for s in range(20)}
    assert len(results) > 1
