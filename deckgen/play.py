"""Simulated games of Cleariosity Numbers, to measure how much of a deck gets collected.

The model of play (documented in the README): shuffle the tier's cards, deal them evenly,
leftovers face up. Each round every player turns up the top card of their pile; then, while
the face-up cards hold an equation group, one of those groups — chosen uniformly at random —
is collected. The game ends when the piles are empty and no group is left.

Groups are bit masks over card indices. Each card keeps, for every partner card, the groups
the two share, filed under the partner with the lowest index among the card's partners in
that group. Turning up a card then only looks at the few cards already face up, and every
newly complete group is found exactly once.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

PartnerIndex = list[dict[int, tuple[int, ...]]]


def partner_index(card_count: int, masks: Sequence[int]) -> PartnerIndex:
    """For each card: lowest other member of a group → masks of those groups."""
    lists: list[dict[int, list[int]]] = [{} for _ in range(card_count)]
    for mask in masks:
        members = [i for i in range(card_count) if mask >> i & 1]
        for card in members:
            others = [m for m in members if m != card]
            lists[card].setdefault(others[0], []).append(mask)
    return [{partner: tuple(found) for partner, found in entry.items()} for entry in lists]


def play_game(order: Sequence[int], players: int, partners: PartnerIndex, rng: random.Random) -> int:
    """Play one game with the cards dealt in ``order``; return how many cards were collected."""
    per_player = len(order) // players
    face_up_mask = 0
    face_up: list[int] = []
    available: list[int] = []
    collected = 0
    randbelow = rng.randrange
    rounds = [order[players * per_player :]]
    rounds += [[order[player * per_player + r] for player in range(players)] for r in range(per_player)]
    for arriving in rounds:
        for card in arriving:
            face_up_mask |= 1 << card
            mine = partners[card]
            for other in face_up:
                for mask in mine.get(other, ()):
                    if mask & face_up_mask == mask:
                        available.append(mask)
            face_up.append(card)
        while available:
            taken = available[randbelow(len(available))]
            face_up_mask &= ~taken
            collected += taken.bit_count()
            available = [mask for mask in available if not mask & taken]
            face_up = [card for card in face_up if not taken >> card & 1]
    return collected


def mean_collected(card_count: int, masks: Sequence[int], players: int, games: int, seed: str | int) -> float:
    """Average share of the cards collected over ``games`` seeded games."""
    if card_count == 0 or games == 0:
        return 0.0
    partners = partner_index(card_count, masks)
    rng = random.Random(seed)
    order = list(range(card_count))
    total = 0
    for _ in range(games):
        rng.shuffle(order)
        total += play_game(order, players, partners, rng)
    return total / (games * card_count)
