"""Simulated games of the stacking games: how much of a deck a class collects, and what it practises.

The model of play (documented in the README): shuffle the tier's cards, deal them evenly,
leftovers face up. Each round every player turns up the top card of their pile; then, while
the face-up cards hold a group (an equation, a word), one of those groups — chosen uniformly at random —
is collected. The game ends when the piles are empty and no group is left.

Two models share this code. In **full view** every group may be taken. The **beginner**
model is the same game played by children who only ever see two-card stacks: it is simply
played on the deck's two-card groups alone.

Groups are bit masks over card indices, numbered by their position in the list given. Each
card keeps, for every partner card, the groups the two share, filed under the partner with
the lowest index among the card's partners in that group. Turning up a card then only looks
at the few cards already face up, and every newly complete group is found exactly once.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from deckgen.games.play.compiled import play_engine

PartnerIndex = list[dict[int, tuple[int, ...]]]

#: Flags of a group, for what a game collected: it practises the tier's new operation, it is
#: trivial, it reads only with the new operation (no earlier operation reads its numbers).
PRACTISES, TRIVIAL, NEEDS_NEW = 1, 2, 4
#: Variety is also measured over this many games in a row (a week of play, say).
WINDOW = 10
#: The games of a run are also totalled in this many consecutive batches, so that every figure
#: has a standard error: the spread of its value over the batches (the method of batch means,
#: which serves shares, ratios and runs of games alike), divided by the root of their number.
BATCHES = 40


def partner_index(card_count: int, masks: Sequence[int]) -> PartnerIndex:
    """For each card: lowest other member of a group → numbers of those groups."""
    lists: list[dict[int, list[int]]] = [{} for _ in range(card_count)]
    for number, mask in enumerate(masks):
        members = [i for i in range(card_count) if mask >> i & 1]
        for card in members:
            others = [m for m in members if m != card]
            lists[card].setdefault(others[0], []).append(number)
    return [{partner: tuple(found) for partner, found in entry.items()} for entry in lists]


def deal_rounds(order: Sequence[int], players: int) -> list[list[int]]:
    """The cards in the order they come face up: the leftovers of an even deal first, then one
    round at a time, each player's next card in seat order (player p holds the p-th even share)."""
    per_player = len(order) // players
    rounds = [list(order[players * per_player :])]
    rounds += [[order[player * per_player + r] for player in range(players)] for r in range(per_player)]
    return rounds


def play_game(
    order: Sequence[int], players: int, partners: PartnerIndex, masks: Sequence[int], rng: random.Random
) -> tuple[int, list[int]]:
    """Play one game with the cards dealt in ``order``: (mask of the cards collected, groups taken)."""
    face_up_mask = 0
    face_up: list[int] = []
    available: list[int] = []
    collected = 0
    taken_groups: list[int] = []
    randbelow = rng.randrange
    for arriving in deal_rounds(order, players):
        for card in arriving:
            face_up_mask |= 1 << card
            mine = partners[card]
            for other in face_up:
                for number in mine.get(other, ()):
                    mask = masks[number]
                    if mask & face_up_mask == mask:
                        available.append(number)
            face_up.append(card)
        while available:
            number = available[randbelow(len(available))]
            taken = masks[number]
            taken_groups.append(number)
            face_up_mask &= ~taken
            collected |= taken
            available = [other for other in available if not masks[other] & taken]
            face_up = [card for card in face_up if not taken >> card & 1]
    return collected, taken_groups


@dataclass
class PlayStats:
    """What ``games`` simulated games collected, summed over the games."""

    card_count: int
    games: int
    cards_collected: int = 0
    groups_collected: int = 0
    practising: int = 0
    trivial: int = 0
    left: list[int] = field(default_factory=list)
    #: Collected groups that read only with the new operation.
    needing_new: int = 0
    #: Times each equation was collected (by equation number; empty when not asked for).
    equation_counts: list[int] = field(default_factory=list)
    #: Collected groups whose equation had already been collected earlier in the same game.
    repeats: int = 0
    #: Distinct equations collected over :data:`WINDOW` games in a row, summed over every such run.
    window_distinct: list[int] = field(default_factory=list)
    windows: int = 0
    #: The same totals for consecutive batches of the games (:data:`BATCHES` of them, fewer when
    #: fewer games are played), for standard errors; empty in a batch itself.
    batches: list[PlayStats] = field(default_factory=list)

    def add(self, other: PlayStats) -> None:
        """Add another run's totals (of the same groups) to these."""
        self.games += other.games
        self.cards_collected += other.cards_collected
        self.groups_collected += other.groups_collected
        self.practising += other.practising
        self.trivial += other.trivial
        self.needing_new += other.needing_new
        self.repeats += other.repeats
        self.windows += other.windows
        for mine, theirs in ((self.left, other.left), (self.equation_counts, other.equation_counts)):
            for i, count in enumerate(theirs):
                mine[i] += count
        for i, count in enumerate(other.window_distinct):
            self.window_distinct[i] += count

    @property
    def needing_new_per_game(self) -> float:
        return self.needing_new / self.games if self.games else 0.0

    @property
    def repeat_share(self) -> float:
        """Share of the collected groups that repeat an equation already collected that game."""
        return self.repeats / self.groups_collected if self.groups_collected else 0.0

    def equation_shares(self) -> list[float]:
        """Each equation's share of all the equations collected."""
        total = sum(self.equation_counts)
        return [count / total for count in self.equation_counts] if total else []

    @property
    def collected_share(self) -> float:
        """Average share of the cards collected in a game."""
        return self.cards_collected / (self.games * self.card_count) if self.games and self.card_count else 0.0

    @property
    def practice_per_game(self) -> float:
        """Average number of collected groups a game that practise the tier's new operation."""
        return self.practising / self.games if self.games else 0.0

    @property
    def groups_per_game(self) -> float:
        return self.groups_collected / self.games if self.games else 0.0

    @property
    def trivial_share(self) -> float:
        """Share of the collected groups that are trivial."""
        return self.trivial / self.groups_collected if self.groups_collected else 0.0

    def stranded(self) -> list[float]:
        """For each card, the share of games that left it on the table."""
        return [count / self.games for count in self.left] if self.games else [0.0] * self.card_count


def simulate(
    card_count: int,
    masks: Sequence[int],
    flags: Sequence[int],
    players: int,
    games: int,
    seed: str | int,
    equations: Sequence[int] = (),
    kinds: Sequence[int] = (),
) -> PlayStats:
    """Play ``games`` seeded games on the groups ``masks`` (with their ``flags``) and total them up.

    ``equations`` (optional): each group's equation number, for variety: how often each
    equation is collected, how many collections repeat one of the same game, and how many
    different equations of each kind (``kinds``: an equation number's kind, e.g. its operation)
    come up in :data:`WINDOW` games in a row. The games played are the same either way.
    """
    equation_slots = max(equations) + 1 if equations else 0
    kind_slots = (max(kinds) + 1 if kinds else 1) if equations else 0

    def empty(count: int) -> PlayStats:
        return PlayStats(
            card_count,
            count,
            left=[0] * card_count,
            equation_counts=[0] * equation_slots,
            window_distinct=[0] * kind_slots,
        )

    stats = empty(0)
    if card_count == 0 or games == 0:
        stats.games = games
        return stats
    rng = random.Random(seed)
    count = min(BATCHES, games)
    batch_games = [games * (number + 1) // count - games * number // count for number in range(count)]
    engine = play_engine()  # the same games, compiled (see play/compiled.py)
    if engine is not None:
        offsets, members = [0], []
        for mask in masks:
            while mask:  # the group's cards, lowest first
                low = mask & -mask
                members.append(low.bit_length() - 1)
                mask ^= low
            offsets.append(len(members))
        kind_list = list(kinds) if kinds else []
        totals = engine.simulate(
            card_count,
            offsets,
            members,
            list(flags),
            players,
            batch_games,
            rng.getstate()[1],
            list(equations),
            kind_list,
            equation_slots,
            kind_slots,
        )
        for played, cards, groups, practising, trivial, needing, repeats, windows, left, counts, distinct in totals:
            batch = PlayStats(
                card_count,
                played,
                cards_collected=cards,
                groups_collected=groups,
                practising=practising,
                trivial=trivial,
                left=left,
                needing_new=needing,
                equation_counts=counts,
                repeats=repeats,
                window_distinct=distinct,
                windows=windows,
            )
            stats.add(batch)
            stats.batches.append(batch)
        return stats
    partners = partner_index(card_count, masks)
    order = list(range(card_count))
    everyone = (1 << card_count) - 1
    recent: list[set[int]] = []
    # Over the last WINDOW games: how many of them collected each equation, and how many
    # different equations of each kind that makes (kept up to date game by game).
    in_window = [0] * equation_slots
    distinct_now = [0] * kind_slots
    for played in batch_games:
        batch = empty(played)
        left_masks: list[int] = []
        for _ in range(batch.games):
            rng.shuffle(order)
            collected, taken = play_game(order, players, partners, masks, rng)
            batch.cards_collected += collected.bit_count()
            batch.groups_collected += len(taken)
            for group in taken:
                flag = flags[group]
                batch.practising += flag & PRACTISES
                batch.trivial += (flag & TRIVIAL) >> 1
                batch.needing_new += (flag & NEEDS_NEW) >> 2
            if equations:
                seen: set[int] = set()
                for group in taken:
                    equation = equations[group]
                    batch.equation_counts[equation] += 1
                    batch.repeats += equation in seen
                    seen.add(equation)
                recent.append(seen)
                for equation in seen:
                    if in_window[equation] == 0:
                        distinct_now[kinds[equation] if kinds else 0] += 1
                    in_window[equation] += 1
                if len(recent) > WINDOW:
                    for equation in recent.pop(0):
                        in_window[equation] -= 1
                        if in_window[equation] == 0:
                            distinct_now[kinds[equation] if kinds else 0] -= 1
                if len(recent) == WINDOW:
                    batch.windows += 1
                    for kind, distinct in enumerate(distinct_now):
                        batch.window_distinct[kind] += distinct
            if collected != everyone:
                left_masks.append(everyone & ~collected)
        left = batch.left
        for mask in left_masks:
            while mask:
                low = mask & -mask
                left[low.bit_length() - 1] += 1
                mask ^= low
        stats.add(batch)
        stats.batches.append(batch)
    return stats


def mean_collected(card_count: int, masks: Sequence[int], players: int, games: int, seed: str | int) -> float:
    """Average share of the cards collected over ``games`` seeded games."""
    return simulate(card_count, masks, [0] * len(masks), players, games, seed).collected_share
