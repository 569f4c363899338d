"""Exact cover: found when it exists, proven absent when it does not."""

from __future__ import annotations

from deckgen.games.cleariosity.core.groups import Group
from deckgen.games.cleariosity.core.partition import find_partition


def group(*cards: int) -> Group:
    return Group(tuple(sorted(cards)), "row0", (1, 2, 3), ("+",))


def test_partition_is_found_and_covers_every_card_once() -> None:
    groups = [group(0, 2, 3), group(1, 4), group(2, 3, 5), group(0, 1), group(4, 5), group(2, 3)]
    result = find_partition(range(6), groups)
    assert result.found
    covered = sorted(c for g in result.groups or () for c in g.cards)
    assert covered == list(range(6))


def test_impossible_partition_is_reported_as_exhausted() -> None:
    result = find_partition(range(4), [group(0, 1), group(0, 2), group(0, 3)])
    assert not result.found
    assert result.exhausted


def test_groups_outside_the_cards_are_ignored() -> None:
    result = find_partition(range(2), [group(0, 1, 2)])
    assert not result.found


def test_budget_stops_a_long_search_without_claiming_impossibility() -> None:
    # 12 cards, every pair a group except that card 11 has none: no partition, many branches.
    groups = [group(a, b) for a in range(11) for b in range(a + 1, 11)]
    result = find_partition(range(12), groups, budget=5)
    assert not result.found
    result = find_partition(range(11), groups, budget=5)
    assert not result.found and not result.exhausted
