"""The word groups of a deck: two or three cards that, stacked, spell a word along a line.

A group follows the stacking rules (:mod:`deckgen.games.grid`): the line's three cells each show
exactly one tile, and every card of the stack gives at least one of them. Cards are compared by
*footprint* on each line (which of its cells a card fills): two cards make a group when their
footprints fill the line between them, three when each fills one cell, so finding the groups is
a few look-ups a line rather than a pass over every stack. :func:`.cards.spelled_lines` is the
slow reference it is tested against.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from deckgen.games.grid import LINE_POSITIONS

if TYPE_CHECKING:
    from deckgen.games.letters.cards import LetterCard
    from deckgen.games.letters.words import WordList

#: A word as its three tiles, in reading order.
Tiles = tuple[str, str, str]


@dataclass(frozen=True)
class WordGroup:
    """Cards (indices, ascending) that spell ``tiles`` along ``line``."""

    cards: tuple[int, ...]
    line: str
    tiles: Tiles

    @property
    def pair(self) -> bool:
        return len(self.cards) == 2

    @property
    def mask(self) -> int:
        mask = 0
        for index in self.cards:
            mask |= 1 << index
        return mask


def footprint(card: Mapping[int, str], line: tuple[int, int, int]) -> tuple[int, tuple[str | None, ...]]:
    """Which of the line's cells ``card`` fills (bit i: the i-th cell) and its tiles there."""
    mask = 0
    shown: list[str | None] = [None, None, None]
    for slot, position in enumerate(line):
        tile = card.get(position)
        if tile is not None:
            mask |= 1 << slot
            shown[slot] = tile
    return mask, tuple(shown)


class Lexicon:
    """Words to look groups up in: the set, and each word's last tile by its first two (so a
    group of three cards is found from the tiles of two)."""

    def __init__(self, words: Iterable[Tiles]) -> None:
        self.wanted = frozenset(words)
        self.endings: dict[tuple[str, str], list[str]] = {}
        for first, second, third in sorted(self.wanted):
            self.endings.setdefault((first, second), []).append(third)


def find_groups(cards: Sequence[Mapping[int, str]], lexicon: Lexicon) -> list[WordGroup]:
    """Every group among ``cards`` (each a map of grid position to tile) spelling a word of
    ``lexicon``, in a fixed order: line by line, pairs then triples."""
    return [WordGroup(members, line, tiles) for members, line, tiles in group_tuples(cards, lexicon)]


#: A card's footprint on each of the eight lines, in :data:`LINE_POSITIONS` order.
Prints = tuple[tuple[int, tuple[str | None, ...]], ...]
#: Per line, the cards by footprint (those filling one or two of its cells), with their tiles there.
Buckets = list[dict[int, list[tuple[int, tuple[str | None, ...]]]]]


def card_prints(card: Mapping[int, str]) -> Prints:
    return tuple(footprint(card, line) for line in LINE_POSITIONS.values())


def buckets_of(prints: Sequence[Prints]) -> Buckets:
    """The cards of each line by footprint, from every card's :func:`card_prints` (which the
    design search keeps for cards it has not changed)."""
    buckets: Buckets = []
    for number in range(len(LINE_POSITIONS)):
        by_mask: dict[int, list[tuple[int, tuple[str | None, ...]]]] = {}
        for index, printed in enumerate(prints):
            mask, shown = printed[number]
            if mask and mask != 7:
                by_mask.setdefault(mask, []).append((index, shown))
        buckets.append(by_mask)
    return buckets


def group_tuples(
    cards: Sequence[Mapping[int, str]], lexicon: Lexicon, buckets: Buckets | None = None
) -> list[tuple[tuple[int, ...], str, Tiles]]:
    """:func:`find_groups` as plain tuples (cards, line, tiles): the design search counts them at
    every step and needs no more (``buckets``: :func:`buckets_of` the cards, where known)."""
    wanted, endings = lexicon.wanted, lexicon.endings
    if buckets is None:
        buckets = buckets_of([card_prints(card) for card in cards])
    groups: list[tuple[tuple[int, ...], str, Tiles]] = []
    for name, by_mask in zip(LINE_POSITIONS, buckets, strict=True):
        for single in (1, 2, 4):
            for i, one in by_mask.get(single, ()):
                for j, other in by_mask.get(7 ^ single, ()):
                    tiles = (
                        one[0] if one[0] is not None else other[0],
                        one[1] if one[1] is not None else other[1],
                        one[2] if one[2] is not None else other[2],
                    )
                    if tiles in wanted:
                        groups.append(((min(i, j), max(i, j)), name, tiles))
        firsts, seconds, thirds = (_by_tile(by_mask.get(1 << slot, ()), slot) for slot in range(3))
        if not (firsts and seconds and thirds):
            continue
        for first, first_cards in firsts.items():
            for second, second_cards in seconds.items():
                for third in endings.get((first, second), ()):
                    for k in thirds.get(third, ()):
                        for i in first_cards:
                            for j in second_cards:
                                groups.append((tuple(sorted((i, j, k))), name, (first, second, third)))
    return groups


def _by_tile(entries: Iterable[tuple[int, tuple[str | None, ...]]], slot: int) -> dict[str, list[int]]:
    found: dict[str, list[int]] = {}
    for index, shown in entries:
        tile = shown[slot]
        if tile is not None:
            found.setdefault(tile, []).append(index)
    return dict(sorted(found.items()))


def lone_words(card: Mapping[int, str], lexicon: Lexicon) -> list[str]:
    """The lines on which ``card`` alone spells a word (a card that needs no partner teaches
    nothing, and a class cannot collect it)."""
    wanted = lexicon.wanted
    return [
        name
        for name, line in LINE_POSITIONS.items()
        if all(position in card for position in line) and tuple(card[p] for p in line) in wanted
    ]


def level_groups(cards: Sequence[LetterCard], words: WordList, rank: int) -> list[WordGroup]:
    """The groups among the cards in play at level ``rank`` (its own and earlier levels')."""
    in_play = [card.tiles for card in cards if card.level <= rank]
    return find_groups(in_play, Lexicon(word.tiles for word in words.words_to(rank)))
