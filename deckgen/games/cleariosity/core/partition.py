"""Exact-cover search: split a set of cards into disjoint equation groups.

Used for the perfect-clear certificate and for the "new cards teach the new operation"
partition. This is Knuth's Algorithm X in the dictionary-of-sets form: it always branches
on the card with the fewest groups left, which settles designed decks in a few steps, and
covering or uncovering a group touches only the groups that share a card with it. A work
budget (counted in groups touched, so it bounds the time on any deck) keeps a hopeless
hand-edited deck from running for ever.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from deckgen.games.cleariosity.core.groups import Group

#: Groups touched by covering and uncovering before the search gives up: a few seconds of work
#: at most; a designed deck needs a few thousand.
DEFAULT_STEP_BUDGET = 1_000_000


@dataclass(frozen=True)
class PartitionResult:
    """A partition when one was found; otherwise whether the search proved there is none."""

    groups: tuple[Group, ...] | None
    exhausted: bool

    @property
    def found(self) -> bool:
        return self.groups is not None


class _BudgetSpent(Exception):
    pass


def find_partition(
    cards: Iterable[int],
    groups: Sequence[Group],
    budget: int = DEFAULT_STEP_BUDGET,
    accept: Callable[[list[Group]], bool] | None = None,
) -> PartitionResult:
    """Disjoint groups covering exactly ``cards`` (indices), or why not.

    With ``accept``, only a partition it accepts counts (for example one that uses enough
    different facts); the search goes on through the others, within the same budget.
    """
    wanted = set(cards)
    usable = [g for g in groups if set(g.cards) <= wanted]
    # columns: card -> ids of the groups that contain it; rows: group id -> its cards
    columns: dict[int, set[int]] = {card: set() for card in sorted(wanted)}
    rows = {number: group.cards for number, group in enumerate(usable)}
    for number, members in rows.items():
        for card in members:
            columns[card].add(number)
    chosen: list[int] = []
    steps = 0

    def cover(number: int) -> list[set[int]]:
        nonlocal steps
        removed = []
        for card in rows[number]:
            steps += len(columns[card])
            for other in columns[card]:
                for other_card in rows[other]:
                    if other_card != card:
                        columns[other_card].discard(other)
            removed.append(columns.pop(card))
        return removed

    def uncover(number: int, removed: list[set[int]]) -> None:
        for card, column in zip(reversed(rows[number]), reversed(removed), strict=True):
            columns[card] = column
            for other in column:
                for other_card in rows[other]:
                    if other_card != card:
                        columns[other_card].add(other)

    def search() -> bool:
        nonlocal steps
        if not columns:
            return accept is None or accept([usable[n] for n in chosen])
        steps += 1
        if steps > budget:
            raise _BudgetSpent
        card = min(columns, key=lambda c: (len(columns[c]), c))
        for number in sorted(columns[card]):
            chosen.append(number)
            removed = cover(number)
            if search():
                return True
            uncover(number, removed)
            chosen.pop()
        return False

    try:
        if search():
            return PartitionResult(tuple(usable[n] for n in chosen), exhausted=False)
        return PartitionResult(None, exhausted=True)
    except _BudgetSpent:
        return PartitionResult(None, exhausted=False)
