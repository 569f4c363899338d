"""Criteria 12-17, variety in play: each fails on a real deck that misses it and passes on the shipped one.

The deck that misses them is the shipped deck from before these criteria (``tests/data``): it met
every earlier criterion, yet 3 + 3 = 6 was one green equation in five, 4 ÷ 2 = 2 nearly half the
divisions, 2 × 4 = 8 in a single two-card group, and a fifth of collections repeated one of the
same game.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.games.cleariosity.analysis.tier_report import DeckReport, TierReport
from deckgen.games.cleariosity.core.model import Tier
from deckgen.games.cleariosity.core.standard import (
    MAX_REPEATS,
    MAX_TOP_EQUATION,
    MAX_TOP_NEW,
    MIN_DISTINCT_FACTS,
    MIN_FACT_PAIRS,
    MIN_FACT_PER_GAME,
    MIN_NEEDING_NEW,
    PLAYER_COUNTS,
)
from deckgen.games.cleariosity.spec.deckfile import load_cleariosity
from deckgen.games.cleariosity.verify.verdict import verify_deck

BEFORE = Path(__file__).parents[1] / "data" / "cleariosity-before-variety.toml"


@pytest.fixture(scope="module")
def before() -> DeckReport:
    return verify_deck(load_cleariosity(BEFORE), games=2000, seed=1, workers=2)


@pytest.fixture(scope="module")
def shipped() -> DeckReport:
    return verify_deck(load_cleariosity(), games=2000, seed=1, workers=2)


def tier(report: DeckReport, colour: Tier) -> TierReport:
    return next(t for t in report.tiers if t.tier is colour)


def test_the_deck_before_met_every_earlier_criterion(before: DeckReport) -> None:
    """So each failure below is the variety criterion's own."""
    assert {number for _, number in before.failures()} <= {12, 13, 14, 15, 16, 17}


def test_12_one_equation_too_common(before: DeckReport, shipped: DeckReport) -> None:
    old = tier(before, Tier.GREEN)
    assert old.variety(3).top[0] == "3 + 3 = 6"
    assert old.variety(3).top[1] > MAX_TOP_EQUATION
    assert 12 in old.failures()
    for report in shipped.tiers:
        assert all(report.variety(p).top[1] <= MAX_TOP_EQUATION for p in PLAYER_COUNTS)
        assert 12 not in report.failures()


def test_13_one_fact_too_much_of_the_new_operation(before: DeckReport, shipped: DeckReport) -> None:
    old = tier(before, Tier.ORANGE)
    assert old.variety(3).top_new[0] == "4 ÷ 2 = 2"
    assert old.variety(3).top_new[1] > MAX_TOP_NEW
    assert 13 in old.failures()
    assert all(13 not in report.failures() for report in shipped.tiers)


def test_14_repeats_within_a_game(before: DeckReport, shipped: DeckReport) -> None:
    for report in before.tiers:
        assert report.variety(3).repeats > MAX_REPEATS
        assert 14 in report.failures()
    for report in shipped.tiers:
        assert all(report.variety(p).repeats <= MAX_REPEATS for p in PLAYER_COUNTS)
        assert 14 not in report.failures()


@pytest.mark.parametrize("colour", [Tier.PURPLE, Tier.ORANGE])
def test_15_practice_that_needs_the_new_operation(colour: Tier, before: DeckReport, shipped: DeckReport) -> None:
    old = tier(before, colour)
    assert old.variety(3).needing_new < MIN_NEEDING_NEW[colour]
    # Criterion 10 counts every collection that practises the operation, and passed.
    assert old.full_view[3].practice_per_game >= MIN_NEEDING_NEW[colour]
    assert 15 in old.failures()
    new = tier(shipped, colour)
    assert all(new.variety(p).needing_new >= MIN_NEEDING_NEW[colour] for p in PLAYER_COUNTS)
    assert 15 not in new.failures()


def test_16_a_fact_in_too_few_pairs_or_too_rare(before: DeckReport, shipped: DeckReport) -> None:
    purple = tier(before, Tier.PURPLE)
    assert purple.variety(3).fewest_pairs == ("2 × 4 = 8", 1)
    assert 16 in purple.failures()
    orange = tier(before, Tier.ORANGE)
    # Counted per equation, 6 ÷ 3 = 2 came up too rarely; a teacher counts it with 6 ÷ 2 = 3 as
    # one fact (the two divisions of 2 × 3 = 6), and that fact comes up often enough.
    _, names, _ = orange.equations
    stats = orange.full(3)
    assert stats.equation_counts[names.index("6 ÷ 3 = 2")] / stats.games < MIN_FACT_PER_GAME
    fact, per_game = orange.variety(3).rarest
    assert fact == "9 ÷ 3 = 3" and per_game >= MIN_FACT_PER_GAME  # a square: one equation, one fact
    assert 16 not in orange.failures()
    for colour in (Tier.PURPLE, Tier.ORANGE):
        new = tier(shipped, colour)
        for players in PLAYER_COUNTS:
            assert new.variety(players).fewest_pairs[1] >= MIN_FACT_PAIRS
            assert new.variety(players).rarest[1] >= MIN_FACT_PER_GAME
        assert 16 not in new.failures()


@pytest.mark.parametrize("colour", [Tier.GREEN, Tier.YELLOW])
def test_17_too_few_different_facts_in_ten_games(colour: Tier, before: DeckReport, shipped: DeckReport) -> None:
    old = tier(before, colour)
    assert old.variety(3).distinct[colour.adds[0]][0] < MIN_DISTINCT_FACTS[colour]
    assert 17 in old.failures()
    new = tier(shipped, colour)
    assert all(new.variety(p).distinct[colour.adds[0]][0] >= MIN_DISTINCT_FACTS[colour] for p in PLAYER_COUNTS)
    assert 17 not in new.failures()


def test_facts_met_count_only_non_trivial_equations(shipped: DeckReport) -> None:
    """A class meeting 5 − 0 = 5 has not met a subtraction fact: the facts held are those the groups
    practise (all of them for the new operation; fewer for an earlier one, as 2 + 2 = 4 is read
    2 × 2 = 4 once × is in play)."""
    for report in shipped.tiers:
        for op, (_, in_groups) in report.variety(3).distinct.items():
            practised = {g.values for g in report.groups if g.practises(op)}
            if op == report.tier.adds[0]:
                assert in_groups == len(practised)
            else:
                assert 0 < in_groups <= len(practised)
