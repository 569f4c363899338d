"""Fast enumeration of equation groups, the hot path under verify, play and design.

Cards are handled in a compact *raw* form — a tuple of ``(position, value)`` pairs, where
position = row * 3 + col — so the designer can change a card without building objects.
For every line each card has a *footprint*: which of the line's three cells it fills. Two
cards make a group when their footprints are disjoint and together fill the line; three
cards when each fills exactly one cell. Bucketing cards by footprint turns the search into
a handful of dictionary look-ups. :func:`deckgen.games.cleariosity.rules.line_values` is the slow reference
this module is tested against.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import cast

from deckgen.games.cleariosity.core.model import Card
from deckgen.games.cleariosity.core.rules import MAX_VALUE, OPS, apply, practises, readings_trivial
from deckgen.games.grid import LINE_POSITIONS

RawCard = tuple[tuple[int, int], ...]

#: The three numbers of a line, once every cell of it is filled.
Line = tuple[int, int, int]


@dataclass(frozen=True)
class Group:
    """An equation group: card indices (ascending), the line, its numbers, its operations."""

    cards: tuple[int, ...]
    line: str
    values: tuple[int, int, int]
    ops: tuple[str, ...]

    @property
    def mask(self) -> int:
        """The group's cards as a bit mask (bit i = card index i)."""
        mask = 0
        for index in self.cards:
            mask |= 1 << index
        return mask

    @property
    def trivial(self) -> bool:
        """Every reading of the group is trivial."""
        return readings_trivial(self.values, self.ops)

    def practises(self, op: str) -> bool:
        """The group has a non-trivial reading with ``op``."""
        return practises(self.values, self.ops, op)

    @property
    def pair(self) -> bool:
        return len(self.cards) == 2


def raw_card(card: Card) -> RawCard:
    return tuple((cell.position, cell.value) for cell in card.cells)


@lru_cache(maxsize=32)
def equation_table(
    ops: tuple[str, ...], high: int = MAX_VALUE
) -> dict[tuple[int, int], tuple[tuple[int, tuple[str, ...]], ...]]:
    """For operands (a, b) up to ``high``: each reachable number c (0 to ``high``) with the
    operations giving a op b = c."""
    table: dict[tuple[int, int], tuple[tuple[int, tuple[str, ...]], ...]] = {}
    for a in range(high + 1):
        for b in range(high + 1):
            results: dict[int, list[str]] = {}
            for op in ops:
                c = apply(op, a, b)
                if c is not None and 0 <= c <= high:
                    results.setdefault(c, []).append(op)
            if results:
                table[a, b] = tuple((c, tuple(found)) for c, found in sorted(results.items()))
    return table


def largest(cards: Sequence[RawCard]) -> int:
    """The largest number on ``cards``, at least 9: the equation table to look groups up in
    (one-digit decks share the 0-9 table; a table to 99 takes 50 times as long to build)."""
    return max(9, max((value for card in cards for _, value in card), default=0))


def footprint(card: RawCard, line: tuple[int, int, int]) -> tuple[int, tuple[int | None, ...]]:
    """Which of the line's cells the card fills (bit i = i-th cell) and the numbers there."""
    mask = 0
    values: list[int | None] = [None, None, None]
    for position, value in card:
        for slot in range(3):
            if line[slot] == position:
                mask |= 1 << slot
                values[slot] = value
    return mask, tuple(values)


def find_groups(cards: Sequence[RawCard], ops: Iterable[str] = OPS) -> list[Group]:
    """Every equation group among ``cards`` under ``ops``, in a deterministic order."""
    table = equation_table(tuple(ops), largest(cards))
    groups: list[Group] = []
    for line_name, line in LINE_POSITIONS.items():
        by_mask: dict[int, list[tuple[int, tuple[int | None, ...]]]] = {}
        for index, card in enumerate(cards):
            mask, values = footprint(card, line)
            if mask and mask != 7:
                by_mask.setdefault(mask, []).append((index, values))
        # Two cards: one fills a single cell, the other the remaining two.
        for single in (1, 2, 4):
            for i, vi in by_mask.get(single, ()):
                for j, vj in by_mask.get(7 ^ single, ()):
                    # The two footprints fill the line between them, so every value is there.
                    a, b, c = cast(Line, tuple(vi[s] if vi[s] is not None else vj[s] for s in range(3)))
                    for result, found in table.get((a, b), ()):
                        if result == c:
                            groups.append(Group((min(i, j), max(i, j)), line_name, (a, b, c), found))
        # Three cards, one cell each.
        firsts = _by_value(by_mask.get(1, ()), 0)
        seconds = _by_value(by_mask.get(2, ()), 1)
        thirds = _by_value(by_mask.get(4, ()), 2)
        if not (firsts and seconds and thirds):
            continue
        for a, a_cards in firsts.items():
            for b, b_cards in seconds.items():
                for c, found in table.get((a, b), ()):
                    for k in thirds.get(c, ()):
                        for i in a_cards:
                            for j in b_cards:
                                groups.append(Group(tuple(sorted((i, j, k))), line_name, (a, b, c), found))
    return groups


def _by_value(entries: Iterable[tuple[int, tuple[int | None, ...]]], slot: int) -> dict[int, list[int]]:
    grouped: dict[int, list[int]] = {}
    for index, values in entries:
        grouped.setdefault(cast(int, values[slot]), []).append(index)  # the slot the entries fill
    return dict(sorted(grouped.items()))


def participation(groups: Iterable[Group], card_count: int) -> list[int]:
    """How many groups each card index belongs to."""
    counts = [0] * card_count
    for group in groups:
        for index in group.cards:
            counts[index] += 1
    return counts


def groups_with(cards: Sequence[RawCard], index: int, ops: Iterable[str] = OPS) -> list[Group]:
    """The equation groups among ``cards`` that include card ``index``.

    The designer changes one card at a time; only the groups through that card can change,
    so this is all it needs to recompute.
    """
    table = equation_table(tuple(ops), largest(cards))
    groups: list[Group] = []
    mine = cards[index]
    for line_name, line in LINE_POSITIONS.items():
        mask, values = footprint(mine, line)
        if not mask or mask == 7:
            continue
        others: dict[int, list[tuple[int, tuple[int | None, ...]]]] = {}
        for other, card in enumerate(cards):
            if other == index:
                continue
            other_mask, other_values = footprint(card, line)
            if other_mask and not other_mask & mask and other_mask != 7:
                others.setdefault(other_mask, []).append((other, other_values))
        missing = 7 ^ mask
        # One partner fills the rest of the line.
        for other, other_values in others.get(missing, ()):
            a, b, c = cast(Line, tuple(values[s] if values[s] is not None else other_values[s] for s in range(3)))
            for result, found in table.get((a, b), ()):
                if result == c:
                    groups.append(Group(tuple(sorted((index, other))), line_name, (a, b, c), found))
        if mask not in (1, 2, 4):
            continue
        # Two partners, one cell each.
        slot_a, slot_b = [s for s in range(3) if missing >> s & 1]
        for i, vi in others.get(1 << slot_a, ()):
            for j, vj in others.get(1 << slot_b, ()):
                merged = [
                    values[s] if values[s] is not None else vi[s] if vi[s] is not None else vj[s] for s in range(3)
                ]
                a, b, c = cast(Line, tuple(merged))
                for result, found in table.get((a, b), ()):
                    if result == c:
                        groups.append(Group(tuple(sorted((index, i, j))), line_name, (a, b, c), found))
    return groups
