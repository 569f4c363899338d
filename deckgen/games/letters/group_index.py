"""The word groups of a deck kept up to date as its cards change, for the design search.

A search step changes one to three cards. Finding every group of the deck again (as
:func:`.groups.group_tuples` does) costs a pass over every line's cards; this index instead
drops the groups of a changed card and finds its new ones among the others, through each
line's cards by footprint and tile. Whoever keeps figures on the groups (the search's tally)
is told of each group that comes and goes. :func:`.groups.group_tuples` stays the reference
the index is tested against.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from deckgen.games.grid import LINE_POSITIONS
from deckgen.games.letters.groups import Lexicon, Tiles, footprint

#: A group as the index keeps it: its cards (ascending), the line's number and the tiles.
GroupKey = tuple[tuple[int, ...], int, Tiles]
#: Told of a group that comes (+1) or goes (-1).
Listener = Callable[[GroupKey, int], None]

_LINES = tuple(LINE_POSITIONS.values())


@dataclass(frozen=True)
class Replaced:
    """What one :meth:`GroupIndex.replace` changed: the card, its footprints before, and the
    groups that went and came (each sorted, as they were told)."""

    card: int
    prints: tuple[tuple[int, tuple[str | None, ...]], ...]
    gone: tuple[GroupKey, ...]
    came: tuple[GroupKey, ...]


class GroupIndex:
    """The groups among ``cards`` spelling a word of ``lexicon``, kept as cards are replaced."""

    def __init__(self, cards: Sequence[Mapping[int, str]], lexicon: Lexicon, listener: Listener | None = None) -> None:
        self.wanted = lexicon.wanted
        self.listener = listener
        # Words by one tile at one slot, and by two tiles at two slots: what a card showing
        # those needs from its partners.
        self._by_one: dict[tuple[int, str], list[Tiles]] = {}
        for tiles in sorted(self.wanted):
            for slot in range(3):
                self._by_one.setdefault((slot, tiles[slot]), []).append(tiles)
        lines = range(len(_LINES))
        #: Per line and slot, the cards filling only that cell of the line, by their tile there.
        self._singles: list[list[dict[str, set[int]]]] = [[{}, {}, {}] for _ in lines]
        #: Per line and footprint of two cells (3, 5, 6), the cards filling just those, with their tiles.
        self._doubles: list[dict[int, dict[int, tuple[str | None, ...]]]] = [{3: {}, 5: {}, 6: {}} for _ in lines]
        self._prints: list[tuple[tuple[int, tuple[str | None, ...]], ...]] = []
        self.groups: set[GroupKey] = set()
        self._of_card: list[set[GroupKey]] = [set() for _ in cards]
        for card, cells in enumerate(cards):
            self._prints.append(tuple(footprint(cells, line) for line in _LINES))
            self._file(card)
        for card in range(len(cards)):
            for key in self._found(card):
                if key not in self.groups:
                    self._add(key)

    def replace(self, card: int, cells: Mapping[int, str]) -> Replaced:
        """Card ``card`` now shows ``cells``: the groups it no longer makes go, its new ones come.
        Returns what changed, for :meth:`restore`.

        A step changes one tile of a card, and the groups through its two other tiles stay: only
        the difference is told, so the listener hears of about two groups in five it would otherwise.
        Each group's coming and going is told in the same order every run (sorted), so that
        whatever the listener keeps adds up the same way.
        """
        old = self._of_card[card]
        before = self._prints[card]
        self._refile(card, tuple(footprint(cells, line) for line in _LINES))
        new = set(self._found(card))
        gone, came = sorted(old - new), sorted(new - old)
        for key in gone:
            self._remove(key)
        for key in came:
            self._add(key)
        return Replaced(card, before, tuple(gone), tuple(came))

    def restore(self, replaced: Replaced) -> None:
        """Undo one :meth:`replace` (the latest not yet undone, as a search rejects its step):
        its groups are known, so none is looked for again, which halves a rejected step's cost."""
        self._refile(replaced.card, replaced.prints)
        for key in replaced.came:
            self._remove(key)
        for key in replaced.gone:
            self._add(key)

    # -- bookkeeping ------------------------------------------------------------------------
    def _add(self, key: GroupKey) -> None:
        self.groups.add(key)
        for card in key[0]:
            self._of_card[card].add(key)
        if self.listener is not None:
            self.listener(key, 1)

    def _remove(self, key: GroupKey) -> None:
        self.groups.discard(key)
        for card in key[0]:
            self._of_card[card].discard(key)
        if self.listener is not None:
            self.listener(key, -1)

    def _refile(self, card: int, prints: tuple[tuple[int, tuple[str | None, ...]], ...]) -> None:
        self._unfile(card)
        self._prints[card] = prints
        self._file(card)

    def _file(self, card: int) -> None:
        for number, (mask, shown) in enumerate(self._prints[card]):
            if mask in (1, 2, 4):
                slot = mask.bit_length() - 1
                self._singles[number][slot].setdefault(shown[slot], set()).add(card)  # type: ignore[arg-type]
            elif mask in (3, 5, 6):
                self._doubles[number][mask][card] = shown

    def _unfile(self, card: int) -> None:
        for number, (mask, shown) in enumerate(self._prints[card]):
            if mask in (1, 2, 4):
                slot = mask.bit_length() - 1
                holders = self._singles[number][slot][shown[slot]]  # type: ignore[index]
                holders.discard(card)
                if not holders:
                    del self._singles[number][slot][shown[slot]]  # type: ignore[arg-type]
            elif mask in (3, 5, 6):
                del self._doubles[number][mask][card]

    def _found(self, card: int) -> list[GroupKey]:
        """Every group ``card`` belongs to among the cards as filed now."""
        found: list[GroupKey] = []
        wanted = self.wanted
        for number, (mask, shown) in enumerate(self._prints[card]):
            singles = self._singles[number]
            if mask in (1, 2, 4):
                slot = mask.bit_length() - 1
                tile = shown[slot]
                for other, theirs in self._doubles[number][7 ^ mask].items():
                    tiles = tuple(tile if s == slot else theirs[s] for s in range(3))
                    if tiles in wanted:
                        found.append(((min(card, other), max(card, other)), number, tiles))
                a, b = (s for s in range(3) if s != slot)
                for tiles in self._by_one.get((slot, tile), ()):  # type: ignore[arg-type]
                    firsts, seconds = singles[a].get(tiles[a]), singles[b].get(tiles[b])
                    if firsts and seconds:
                        for i in firsts:
                            for j in seconds:
                                found.append((tuple(sorted((card, i, j))), number, tiles))
            elif mask in (3, 5, 6):
                missing = (7 ^ mask).bit_length() - 1
                for tile, holders in singles[missing].items():
                    tiles = tuple(tile if s == missing else shown[s] for s in range(3))
                    if tiles in wanted:
                        for other in holders:
                            found.append(((min(card, other), max(card, other)), number, tiles))
        return found
