"""The fast group index against the cell-by-cell rules, on random decks (hypothesis)."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from deckgen.games.cleariosity.core.groups import find_groups, groups_with, participation
from deckgen.games.cleariosity.core.model import Card, Cell, Tier
from deckgen.games.cleariosity.core.rules import OPS, group_ops
from deckgen.games.grid import LINES


@st.composite
def cards(draw: st.DrawFn, card_id: str) -> Card:
    positions = draw(st.lists(st.integers(0, 8), min_size=3, max_size=3, unique=True))
    values = draw(st.lists(st.integers(0, 9), min_size=3, max_size=3))
    cells = tuple(sorted(Cell(p // 3, p % 3, v) for p, v in zip(positions, values, strict=True)))
    return Card(card_id, Tier.GREEN, cells)


@st.composite
def decks(draw: st.DrawFn, max_size: int = 9) -> list[Card]:
    size = draw(st.integers(2, max_size))
    return [draw(cards(f"C{i}")) for i in range(size)]


ops_strategy = st.sampled_from([OPS[:1], OPS[:2], OPS[:3], OPS])


def raw(deck: list[Card]) -> list[tuple[tuple[int, int], ...]]:
    return [tuple((c.position, c.value) for c in card.cells) for card in deck]


def brute_force(deck: list[Card], ops: tuple[str, ...]) -> set[tuple[tuple[int, ...], str]]:
    found = set()
    for size in (2, 3):
        for members in combinations(range(len(deck)), size):
            for line in LINES:
                if group_ops([deck[i] for i in members], line, ops):
                    found.add((members, line))
    return found


@settings(max_examples=150, deadline=None)
@given(deck=decks(), ops=ops_strategy)
def test_every_fast_group_passes_the_cell_by_cell_check(deck: list[Card], ops: tuple[str, ...]) -> None:
    for group in find_groups(raw(deck), ops):
        members = [deck[i] for i in group.cards]
        assert set(group.ops) == set(group_ops(members, group.line, ops))
        assert group.ops


@settings(max_examples=150, deadline=None)
@given(deck=decks(), ops=ops_strategy)
def test_brute_force_agrees_with_the_fast_path(deck: list[Card], ops: tuple[str, ...]) -> None:
    fast = [(g.cards, g.line) for g in find_groups(raw(deck), ops)]
    assert len(fast) == len(set(fast)), "a group was reported twice"
    assert set(fast) == brute_force(deck, ops)


@settings(max_examples=100, deadline=None)
@given(deck=decks(), ops=ops_strategy, data=st.data())
def test_groups_through_one_card_match_the_full_search(
    deck: list[Card], ops: tuple[str, ...], data: st.DataObject
) -> None:
    index = data.draw(st.integers(0, len(deck) - 1))
    full = {(g.cards, g.line) for g in find_groups(raw(deck), ops) if index in g.cards}
    assert {(g.cards, g.line) for g in groups_with(raw(deck), index, ops)} == full


def test_dense_deck_counts_three_card_products() -> None:
    # Two cards with 1 at top-left, two with 2 top-middle, one with 3 top-right: 2 × 2 × 1 groups.
    deck = [
        Card("A", Tier.GREEN, (Cell(0, 0, 1), Cell(1, 1, 5), Cell(2, 2, 5))),
        Card("B", Tier.GREEN, (Cell(0, 0, 1), Cell(2, 0, 5), Cell(2, 1, 5))),
        Card("C", Tier.GREEN, (Cell(0, 1, 2), Cell(1, 0, 9), Cell(2, 0, 9))),
        Card("D", Tier.GREEN, (Cell(0, 1, 2), Cell(1, 2, 9), Cell(2, 2, 9))),
        Card("E", Tier.GREEN, (Cell(0, 2, 3), Cell(1, 0, 8), Cell(2, 1, 7))),
    ]
    row0 = [g for g in find_groups(raw(deck), ("+",)) if g.line == "row0"]
    assert sorted(g.cards for g in row0) == [(0, 2, 4), (0, 3, 4), (1, 2, 4), (1, 3, 4)]
    assert participation(row0, 5) == [2, 2, 2, 2, 4]
