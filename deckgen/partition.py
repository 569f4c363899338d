"""Exact-cover search: split a set of cards into disjoint equation groups.

Used for the perfect-clear certificate and for the "new cards teach the new operation"
partition. The search always branches on the card with the fewest groups left (Knuth's
rule for Algorithm X), which settles designed decks in a few steps; a step budget keeps a
hopeless hand-edited deck from running for ever.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from deckgen.groups import Group

DEFAULT_STEP_BUDGET = 200_000


@dataclass(frozen=True)
class PartitionResult:
    """A partition when one was found; otherwise whether the search proved there is none."""

    groups: tuple[Group, ...] | None
    exhausted: bool

    @property
    def found(self) -> bool:
        return self.groups is not None


def find_partition(cards: Sequence[int], groups: Sequence[Group], budget: int = DEFAULT_STEP_BUDGET) -> PartitionResult:
    """Disjoint groups covering exactly ``cards`` (indices), or why not."""
    wanted = set(cards)
    usable = [g for g in groups if set(g.cards) <= wanted]
    by_card: dict[int, list[Group]] = {card: [] for card in wanted}
    for group in usable:
        for card in group.cards:
            by_card[card].append(group)
    steps = 0
    chosen: list[Group] = []

    def search(open_cards: set[int]) -> bool | None:
        nonlocal steps
        if not open_cards:
            return True
        steps += 1
        if steps > budget:
            return None
        card = min(sorted(open_cards), key=lambda c: sum(1 for g in by_card[c] if set(g.cards) <= open_cards))
        gave_up = False
        for group in by_card[card]:
            members = set(group.cards)
            if not members <= open_cards:
                continue
            chosen.append(group)
            outcome = search(open_cards - members)
            if outcome:
                return True
            chosen.pop()
            if outcome is None:
                gave_up = True
                break
        return None if gave_up else False

    outcome = search(set(wanted))
    if outcome:
        return PartitionResult(tuple(chosen), exhausted=False)
    return PartitionResult(None, exhausted=outcome is False)
