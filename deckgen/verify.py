"""Verification of a Cleariosity Numbers deck against the seven design criteria.

For every tier (its cards, its operations):

1. no card is an equation by itself;
2. perfect clear — the cards split into equation groups (a partition is the certificate);
3. the tier's own colour splits into groups that hold only with the tier's new operation;
4. every card is in at least ``MIN_GROUPS`` groups of the tier;
5. at most ``TRIVIAL_SHARE`` of the tier's groups are trivial;
6. simulated games collect at least ``MIN_COLLECTED`` of the cards for 2, 3 and 4 players;

and for the deck as a whole,

7. every digit appears at least ``MIN_DIGIT_USE`` times and every cell is used by at least
   ``MIN_CELL_USE`` cards.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from deckgen.groups import Group, find_groups, participation, raw_card
from deckgen.model import Card, Deck, Tier
from deckgen.partition import PartitionResult, find_partition
from deckgen.play import mean_collected
from deckgen.rules import OPS, self_equations
from deckgen.standard import (
    MIN_CELL_USE,
    MIN_COLLECTED,
    MIN_DIGIT_USE,
    MIN_GROUPS,
    PLAYER_COUNTS,
    TRIVIAL_SHARE,
)

CRITERIA = {
    1: "no card is an equation by itself",
    2: "perfect clear",
    3: "new cards teach the new operation",
    4: f"every card in at least {MIN_GROUPS} groups",
    5: f"at most {TRIVIAL_SHARE:.0%} trivial groups",
    6: f"simulated games collect at least {MIN_COLLECTED:.0%}",
    7: f"every digit at least {MIN_DIGIT_USE} times, every cell on at least {MIN_CELL_USE} cards",
}


@dataclass
class TierReport:
    tier: Tier
    cards: tuple[Card, ...]
    groups: list[Group]
    participation: list[int]
    trivial_share: float
    self_equations: list[str]
    perfect_clear: PartitionResult
    teaching: PartitionResult
    play: dict[int, float] = field(default_factory=dict)

    @property
    def min_participation(self) -> int:
        return min(self.participation) if self.participation else 0

    def failures(self) -> list[int]:
        failed = []
        if self.self_equations:
            failed.append(1)
        if not self.perfect_clear.found:
            failed.append(2)
        if not self.teaching.found:
            failed.append(3)
        if self.min_participation < MIN_GROUPS:
            failed.append(4)
        if self.trivial_share > TRIVIAL_SHARE:
            failed.append(5)
        if any(share < MIN_COLLECTED for share in self.play.values()):
            failed.append(6)
        return failed

    def certificate(self) -> list[dict[str, Any]]:
        groups = self.perfect_clear.groups or ()
        return [{"cards": [self.cards[i].id for i in g.cards], "line": g.line} for g in groups]


@dataclass
class BalanceReport:
    digits: dict[int, int]
    cells: dict[tuple[int, int], int]

    def passed(self) -> bool:
        return min(self.digits.values()) >= MIN_DIGIT_USE and min(self.cells.values()) >= MIN_CELL_USE


@dataclass
class DeckReport:
    deck: Deck
    tiers: list[TierReport]
    balance: BalanceReport
    games: int
    seed: int

    def failures(self) -> list[tuple[str, int]]:
        """(where, criterion number) for every failed check."""
        failed = [(report.tier.colour, number) for report in self.tiers for number in report.failures()]
        if not self.balance.passed():
            failed.append(("deck", 7))
        return failed

    @property
    def passed(self) -> bool:
        return not self.failures()

    def to_json(self) -> dict[str, Any]:
        tiers = {}
        for report in self.tiers:
            tiers[report.tier.colour] = {
                "cards": len(report.cards),
                "ops": list(report.tier.ops()),
                "groups": len(report.groups),
                "min_participation": report.min_participation,
                "trivial_share": round(report.trivial_share, 4),
                "perfect_clear": report.certificate(),
                "play": {str(players): round(share, 4) for players, share in report.play.items()},
                "passed": not report.failures(),
                "failed": [CRITERIA[n] for n in report.failures()],
            }
        return {
            "deck": self.deck.name,
            "passed": self.passed,
            "games": self.games,
            "seed": self.seed,
            "tiers": tiers,
            "balance": {
                "digits": {str(d): n for d, n in sorted(self.balance.digits.items())},
                "cells": {f"{r},{c}": n for (r, c), n in sorted(self.balance.cells.items())},
                "passed": self.balance.passed(),
            },
        }


def teaching_groups(cards: tuple[Card, ...], op: str) -> list[Group]:
    """Groups among ``cards`` whose equation holds with ``op`` and with no other operation."""
    return [g for g in find_groups([raw_card(c) for c in cards], OPS) if g.ops == (op,)]


def partition_preferring_non_trivial(cards: range, groups: list[Group]) -> PartitionResult:
    """A partition made of non-trivial groups if there is one (a better answer key), else any."""
    found = find_partition(cards, [g for g in groups if not g.trivial])
    return found if found.found else find_partition(cards, groups)


@lru_cache(maxsize=8)
def teaching_partition(deck: Deck, colour: Tier) -> PartitionResult:
    """Criterion 3 for one colour (indices into ``deck.colour_cards(colour)``); every later tier reuses it."""
    cards = deck.colour_cards(colour)
    return partition_preferring_non_trivial(range(len(cards)), teaching_groups(cards, colour.op))


def analyse_tier(deck: Deck, tier: Tier) -> TierReport:
    """Every check of one tier except simulated play (that is :func:`verify_deck`'s)."""
    cards = deck.tier_cards(tier)
    groups = find_groups([raw_card(c) for c in cards], tier.ops())
    counts = participation(groups, len(cards))
    trivial = sum(1 for g in groups if g.trivial)
    lonely = [
        f"{card.id}: {eq.values[0]} {eq.op} {eq.values[1]} = {eq.values[2]} ({eq.line})"
        for card in cards
        for eq in self_equations(card)
    ]
    index = {card.id: i for i, card in enumerate(cards)}
    # Each colour's teaching partition is valid at this tier too (the ops are cumulative),
    # so their union is a perfect clear; only if one is missing do we search the tier whole.
    own = deck.colour_cards(tier)
    teaching = teaching_partition(deck, tier)
    pieces: list[Group] = []
    for colour in tier.tiers():
        colour_cards = deck.colour_cards(colour)
        found = teaching_partition(deck, colour)
        if not found.groups:
            pieces = []
            break
        for g in found.groups:
            pieces.append(_reindex(g, colour_cards, index))
    if pieces:
        perfect = PartitionResult(tuple(sorted(pieces, key=lambda g: g.cards)), exhausted=False)
    else:
        perfect = partition_preferring_non_trivial(range(len(cards)), groups)
    teaching_in_tier = PartitionResult(
        tuple(_reindex(g, own, index) for g in teaching.groups) if teaching.groups else None, teaching.exhausted
    )
    return TierReport(
        tier=tier,
        cards=cards,
        groups=groups,
        participation=counts,
        trivial_share=trivial / len(groups) if groups else 0.0,
        self_equations=lonely,
        perfect_clear=perfect,
        teaching=teaching_in_tier,
    )


def _reindex(group: Group, cards: tuple[Card, ...], index: dict[str, int]) -> Group:
    members = tuple(sorted(index[cards[i].id] for i in group.cards))
    return Group(members, group.line, group.values, group.ops)


def balance(deck: Deck) -> BalanceReport:
    digits = {d: 0 for d in range(10)}
    cells = {(r, c): 0 for r in range(3) for c in range(3)}
    for card in deck.cards:
        for cell in card.cells:
            digits[cell.value] += 1
            cells[cell.row, cell.col] += 1
    return BalanceReport(digits, cells)


def _play_task(task: tuple[int, list[int], int, int, str]) -> float:
    return mean_collected(*task)


def verify_deck(
    deck: Deck, games: int, seed: int, workers: int = 1, progress: Callable[[int, int], None] | None = None
) -> DeckReport:
    """Run every check; simulated games are spread over ``workers`` processes."""
    tiers = [analyse_tier(deck, tier) for tier in Tier if deck.colour_cards(tier)]
    if games == 0:  # play not simulated: criterion 6 is left unjudged, the report says so
        return DeckReport(deck, tiers, balance(deck), games, seed)
    tasks = [
        (len(report.cards), [g.mask for g in report.groups], players, games, f"{seed}:{report.tier.colour}:{players}")
        for report in tiers
        for players in PLAYER_COUNTS
    ]
    results: list[float] = []
    with ProcessPoolExecutor(max_workers=workers) if workers > 1 else nullcontext() as pool:
        shares = pool.map(_play_task, tasks) if pool is not None else map(_play_task, tasks)
        for done, share in enumerate(shares, start=1):
            results.append(share)
            if progress:
                progress(done, len(tasks))
    for number, share in enumerate(results):
        tiers[number // len(PLAYER_COUNTS)].play[PLAYER_COUNTS[number % len(PLAYER_COUNTS)]] = share
    return DeckReport(deck, tiers, balance(deck), games, seed)
