"""Simulated play on decks whose outcome is known exactly."""

from __future__ import annotations

import random

import pytest

from deckgen.games.play.simulate import (
    NEEDS_NEW,
    PRACTISES,
    TRIVIAL,
    WINDOW,
    mean_collected,
    partner_index,
    play_game,
    simulate,
)


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


def test_variety_counters_on_a_deck_worked_out_by_hand() -> None:
    """Four cards, all face up at once (one player): both groups are always collected. They are
    the same equation, so each game collects it twice, the second time a repeat."""
    masks = [0b0011, 0b1100]
    stats = simulate(4, masks, [NEEDS_NEW, 0], 1, 12, 7, equations=[0, 0], kinds=[1])
    assert stats.groups_collected == 24
    assert stats.equation_counts == [24]
    assert stats.repeats == 12 and stats.repeat_share == 0.5
    assert stats.needing_new == 12 and stats.needing_new_per_game == 1.0
    assert stats.windows == 12 - WINDOW + 1
    assert stats.window_distinct == [0, stats.windows]  # one equation of kind 1 in every run of games


def test_measuring_variety_does_not_change_the_games() -> None:
    masks = [0b000011, 0b001100, 0b110000, 0b010010, 0b101000]
    plain = simulate(6, masks, [0] * 5, 2, 300, "s")
    measured = simulate(6, masks, [0] * 5, 2, 300, "s", equations=[0, 1, 2, 0, 1], kinds=[0, 0, 1])
    assert (plain.cards_collected, plain.groups_collected, plain.left) == (
        measured.cards_collected,
        measured.groups_collected,
        measured.left,
    )
    assert sum(measured.equation_counts) == measured.groups_collected


def test_verify_reports_variety_for_every_tier_and_player_count() -> None:
    from deckgen.games.cleariosity.core.rules import describe
    from deckgen.games.cleariosity.core.standard import PLAYER_COUNTS
    from deckgen.games.cleariosity.spec.deckfile import load_cleariosity
    from deckgen.games.cleariosity.verify.verdict import verify_deck

    report = verify_deck(load_cleariosity(), games=200, seed=1)
    for tier in report.tiers:
        for players in PLAYER_COUNTS:
            stats = tier.full(players)  # a confirmation run's, where there was one
            variety = tier.variety(players)
            shares = stats.equation_shares()
            assert sum(shares) == pytest.approx(1.0)
            assert variety.top[1] == pytest.approx(max(shares))
            assert 0 <= variety.repeats <= 1 and variety.needing_new <= stats.practice_per_game + 1e-9
            for seen, in_groups in variety.distinct.values():
                assert 0 <= seen <= in_groups
            data = tier.to_json()["variety"][str(players)]
            assert data["most_collected"]["equation"] == variety.top[0]
            # The fact in the fewest two-card stacks, counted again from the groups.
            name, count = variety.fewest_pairs
            op = tier.tier.adds[0]
            pairs = [g for g in tier.groups if g.pair and op in g.ops and describe(g.values, op) == name]
            assert count == len(pairs)
            assert variety.rarest[1] >= 0 and data["rarest_new"]["equation"] == variety.rarest[0]


@pytest.mark.parametrize(("share", "words"), [(0.2, "one in five"), (0.25, "one in four"), (0.5, "one in two"),
                                              (0.37, "37%"), (0.08, "8%"), (0.0, "0%")])  # fmt: skip
def test_shares_read_as_a_teacher_says_them(share: float, words: str) -> None:
    from deckgen.games.cleariosity.output.report import one_in

    assert one_in(share) == words
