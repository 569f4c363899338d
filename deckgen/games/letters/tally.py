"""The design search's figures on a deck's word groups, per level, kept as groups come and go.

A group counts from the level of its latest card or word on: the cards and words of a level are
in play at every later one. Play collects a given two-card group far more often than a
three-card one, so where words are weighed (the share of a level's groups spelling its own new
words, the commonest word) a pair counts ``PAIR_WEIGHT`` times.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from deckgen.games.letters.group_index import GroupKey
from deckgen.games.letters.groups import Tiles

#: How many times more often play collects a given two-card group than a three-card one (as
#: the numbers game measured): the weight of a pair among the words a level's groups spell.
PAIR_WEIGHT = 20


class LevelTally:
    """Per level: each card's two-card groups and groups, the weighed words, the share of them
    that are the level's own new words, and each of a teacher's words' two-card groups."""

    def __init__(
        self,
        levels: int,
        level_of: Sequence[int],
        word_rank: Mapping[Tiles, int],
        focus: Sequence[tuple[Tiles, int]] = (),
    ) -> None:
        self.levels, self.level_of, self.word_rank = levels, level_of, word_rank
        cards = len(level_of)
        self.pairs = [[0] * cards for _ in range(levels)]
        self.alls = [[0] * cards for _ in range(levels)]
        self.words: list[Counter[Tiles]] = [Counter() for _ in range(levels)]
        self.weight = [0] * levels
        self.new = [0] * levels
        self._focus_at = {tiles: number for number, (tiles, _) in enumerate(focus)}
        self._focus_rank = [rank for _, rank in focus]
        self.focus_paired = [0] * len(focus)

    def count(self, key: GroupKey, sign: int) -> None:
        """A group comes (``sign`` 1) or goes (-1)."""
        members, _, tiles = key
        at = self.word_rank[tiles]
        own = at
        for card in members:
            if self.level_of[card] > at:
                at = self.level_of[card]
        pair = len(members) == 2
        weight = sign * (PAIR_WEIGHT if pair else 1)
        for rank in range(at, self.levels):
            self.words[rank][tiles] += weight
            self.weight[rank] += weight
            alls = self.alls[rank]
            for card in members:
                alls[card] += sign
            if pair:
                pairs = self.pairs[rank]
                for card in members:
                    pairs[card] += sign
        if own == at:
            self.new[at] += weight
        if pair and tiles in self._focus_at:
            number = self._focus_at[tiles]
            if at <= self._focus_rank[number]:
                self.focus_paired[number] += sign

    def new_share(self, rank: int) -> float:
        """The weighed share of the groups in play at ``rank`` that spell its own new words."""
        return self.new[rank] / self.weight[rank] if self.weight[rank] else 0.0

    def top_share(self, rank: int) -> float:
        """The weighed share of the commonest word among the groups in play at ``rank``."""
        total = self.weight[rank]
        return max(self.words[rank].values(), default=0) / total if total else 0.0
