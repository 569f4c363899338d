"""A seeded search for a Cleariosity Numbers deck that meets every verify criterion.

How it works, and why:

1. **Certificates first.** Each colour's cards are split into triples, and each triple is
   given a line and an equation that holds *only* with that colour's operation (green +,
   yellow −, purple ×, orange ÷). Card k of a triple carries the k-th number of the
   equation on that line and nothing else on it. These triples are the "new cards teach the
   new operation" partition, and together they are a perfect clear of every tier, so
   criteria 2 and 3 hold by construction and stay true for the whole search.
2. **Free cells.** Each card's two other numbers sit off its certificate line. A simulated
   annealing search changes one free number (value or cell) or one certificate equation at
   a time. Only the groups through the changed cards are recomputed
   (:func:`deckgen.groups.groups_with`).
3. **What it aims for.** Hard criteria (no self-equation, richness, trivial share, digit and
   cell balance) are penalties with a safety margin. So is variety: no equation may make up
   more than a set share of a tier's groups, and no number may sit in the same cell on more
   than a few cards of one colour — left alone, the search converges on a handful of
   equations repeated everywhere, which plays well and teaches little. Among decks that
   meet all that it prefers cards that sit in many groups — two-card groups weighted more,
   because they are the ones still within reach late in a game — which is what keeps
   simulated games from stranding cards.
4. **Polish.** A shorter second pass estimates play directly (the same seeded deals for
   every candidate: common random numbers) and keeps changes that collect more cards in
   the green tier, the smallest and hardest to clear.

Budgets are counted in iterations, never seconds, so a seed always gives the same deck.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from deckgen.groups import Group, RawCard, find_groups, groups_with
from deckgen.model import Card, Cell, Deck, Tier
from deckgen.play import partner_index, play_game
from deckgen.rules import LINE_POSITIONS, apply, equation_ops, is_trivial
from deckgen.standard import (
    MIN_CELL_USE,
    MIN_DIGIT_USE,
    MIN_GROUPS,
    PLAYER_COUNTS,
    STANDARD_COUNTS,
    TRIVIAL_SHARE,
)

LINES: tuple[tuple[int, int, int], ...] = tuple(LINE_POSITIONS.values())
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class DesignSettings:
    """Search budgets and weights. The defaults are what the shipped deck was made with."""

    #: Steps of the main annealing pass.
    iterations: int = 6000
    #: Steps of the play-polishing pass, the seeded deals per player count it plays, and how
    #: many tiers (from green up) it measures.
    polish_iterations: int = 800
    polish_games: int = 400
    polish_tiers: int = 1
    #: Reward per card: its groups plus ``pair_weight`` per two-card group, up to ``group_cap``.
    group_cap: int = 60
    pair_weight: float = 5.0
    #: Variety: the largest share of a tier's groups one equation may have, and how many cards
    #: of one colour may carry the same number in the same cell.
    max_equation_share: float = 0.08
    max_same_number: int = 3
    #: Start and end temperatures of the two passes (geometric cooling).
    temperatures: tuple[float, float] = (30.0, 0.3)
    polish_temperatures: tuple[float, float] = (3.0, 0.05)


def teaching_equations(op: str) -> list[tuple[int, int, int]]:
    """Non-trivial digit equations a op b = c that hold with ``op`` and no other operation."""
    found = []
    for a in range(10):
        for b in range(10):
            c = apply(op, a, b)
            if c is None or not 0 <= c <= 9:
                continue
            if equation_ops(a, b, c) == (op,) and not is_trivial(a, b, c, op):
                found.append((a, b, c))
    return found


class _TierGroups:
    """The groups of one tier, kept up to date one card at a time."""

    def __init__(self, size: int, ops: tuple[str, ...]) -> None:
        self.size = size
        self.ops = ops
        self.groups: dict[tuple[tuple[int, ...], str], Group] = {}
        self.by_card: list[set[tuple[tuple[int, ...], str]]] = [set() for _ in range(size)]
        self.count = [0] * size
        self.pairs = [0] * size
        self.trivial = 0
        self.equations: Counter[tuple[int, int, int]] = Counter()

    def add(self, group: Group) -> None:
        key = (group.cards, group.line)
        self.groups[key] = group
        pair = len(group.cards) == 2
        for member in group.cards:
            self.by_card[member].add(key)
            self.count[member] += 1
            self.pairs[member] += pair
        self.trivial += group.trivial
        self.equations[group.values] += 1

    def refresh(self, cards: list[RawCard], index: int) -> None:
        for key in sorted(self.by_card[index]):
            group = self.groups.pop(key)
            pair = len(group.cards) == 2
            for member in group.cards:
                self.by_card[member].discard(key)
                self.count[member] -= 1
                self.pairs[member] -= pair
            self.trivial -= group.trivial
            self.equations[group.values] -= 1
        for group in groups_with(cards[: self.size], index, self.ops):
            self.add(group)


class DeckSearch:
    """The state of one seeded search: cards, certificate triples and the tiers' groups."""

    def __init__(self, seed: int, settings: DesignSettings) -> None:
        self.rng = random.Random(seed)
        self.settings = settings
        self.colours: list[Tier] = [tier for tier in Tier for _ in range(STANDARD_COUNTS[tier])]
        self.tier_sizes = [sum(STANDARD_COUNTS[t] for t in tier.tiers()) for tier in Tier]
        self.first_index = [size - STANDARD_COUNTS[tier] for size, tier in zip(self.tier_sizes, Tier, strict=True)]
        total = len(self.colours)
        self.cells: list[dict[int, int]] = [{} for _ in range(total)]
        self.certificate_line = [0] * total
        self.certificate_cell = [0] * total
        self.triples: list[tuple[Tier, int, tuple[int, ...]]] = []
        self.equations = {tier: teaching_equations(tier.op) for tier in Tier}
        self._lay_certificates()
        self._fill_free_cells()
        self.raw: list[RawCard] = [self._raw(i) for i in range(total)]
        self.tiers = [_TierGroups(size, tier.ops()) for size, tier in zip(self.tier_sizes, Tier, strict=True)]
        for tier_groups in self.tiers:
            for group in find_groups(self.raw[: tier_groups.size], tier_groups.ops):
                tier_groups.add(group)

    # -- building the start ---------------------------------------------------------------
    def _lay_certificates(self) -> None:
        rng = self.rng
        for tier in Tier:
            start = self.colours.index(tier)
            members = list(range(start, start + STANDARD_COUNTS[tier]))
            rng.shuffle(members)
            for k in range(0, len(members), 3):
                triple = tuple(members[k : k + 3])
                line = rng.randrange(len(LINES))
                self.triples.append((tier, line, triple))
                for slot, card in enumerate(triple):
                    self.certificate_line[card] = line
                    self.certificate_cell[card] = LINES[line][slot]
        for number in range(len(self.triples)):
            tier = self.triples[number][0]
            self._set_equation(number, rng.choice(self.equations[tier]))

    def _set_equation(self, number: int, values: tuple[int, int, int]) -> None:
        _, line, triple = self.triples[number]
        for slot, card in enumerate(triple):
            self.cells[card][LINES[line][slot]] = values[slot]

    def _fill_free_cells(self) -> None:
        for card, cells in enumerate(self.cells):
            off_line = [p for p in range(9) if p not in LINES[self.certificate_line[card]]]
            for position in self.rng.sample(off_line, 2):
                cells[position] = self.rng.randrange(10)

    def _raw(self, card: int) -> RawCard:
        return tuple(sorted(self.cells[card].items()))

    def _refresh(self, card: int) -> None:
        self.raw[card] = self._raw(card)
        for tier_groups in self.tiers:
            if card < tier_groups.size:
                tier_groups.refresh(self.raw, card)

    # -- scoring --------------------------------------------------------------------------
    def penalty(self) -> float:
        """Missed criteria (large) minus the reward for rich, pair-friendly cards (small)."""
        missed = 0.0
        reward = 0.0
        cap = self.settings.group_cap
        weight = self.settings.pair_weight
        for tier_groups, first in zip(self.tiers, self.first_index, strict=True):
            for card in range(first, tier_groups.size):
                count = tier_groups.count[card]
                missed += max(0, MIN_GROUPS - count)
                reward += min(count + weight * tier_groups.pairs[card], cap)
            missed += max(0.0, tier_groups.trivial - (TRIVIAL_SHARE - 0.03) * len(tier_groups.groups))
            if tier_groups.groups:
                top = max(tier_groups.equations.values())
                missed += max(0.0, top - self.settings.max_equation_share * len(tier_groups.groups)) / 4
        digits = [0] * 10
        used = [0] * 9
        self_equations = 0
        for cells in self.cells:
            for position, value in cells.items():
                digits[value] += 1
                used[position] += 1
            for line in LINES:
                if line[0] in cells and line[1] in cells and line[2] in cells:
                    if equation_ops(cells[line[0]], cells[line[1]], cells[line[2]]):
                        self_equations += 1
        missed += sum(max(0, MIN_DIGIT_USE + 1 - n) for n in digits)
        missed += sum(max(0, MIN_CELL_USE + 1 - n) for n in used)
        missed += 5 * self_equations
        same: Counter[tuple[Tier, int, int]] = Counter()
        for tier, cells in zip(self.colours, self.cells, strict=True):
            for position, value in cells.items():
                same[tier, position, value] += 1
        missed += sum(max(0, n - self.settings.max_same_number) for n in same.values())
        return 100 * missed - reward

    # -- moves ----------------------------------------------------------------------------
    def _propose(self, max_card: int) -> list[tuple[int, dict[int, int]]] | None:
        """Change the deck a little; return the old cells of the cards touched, to undo."""
        rng = self.rng
        if rng.random() < 0.15:
            number = rng.randrange(len(self.triples))
            tier, _, triple = self.triples[number]
            if triple[0] >= max_card:
                return None
            saved = [(card, dict(self.cells[card])) for card in triple]
            self._set_equation(number, rng.choice(self.equations[tier]))
            return saved
        card = rng.randrange(max_card)
        cells = self.cells[card]
        saved = [(card, dict(cells))]
        position = rng.choice(sorted(p for p in cells if p != self.certificate_cell[card]))
        if rng.random() < 0.5:
            cells[position] = rng.randrange(10)
            return saved
        empty = [p for p in range(9) if p not in cells and p not in LINES[self.certificate_line[card]]]
        if not empty:
            return None
        cells[rng.choice(empty)] = cells.pop(position)
        return saved

    def _apply(self, saved: list[tuple[int, dict[int, int]]]) -> None:
        for card, _ in saved:
            self._refresh(card)

    def _undo(self, saved: list[tuple[int, dict[int, int]]]) -> None:
        for card, cells in saved:
            self.cells[card] = cells
        self._apply(saved)

    def anneal(
        self,
        score: Callable[[], float],
        iterations: int,
        temperatures: tuple[float, float],
        max_card: int,
        progress: Progress | None,
        done: int,
        total: int,
    ) -> None:
        """Simulated annealing on ``score`` (lower is better), touching cards below ``max_card``."""
        rng = self.rng
        start, end = temperatures
        current = score()
        for step in range(iterations):
            temperature = start * (end / start) ** (step / max(1, iterations))
            saved = self._propose(max_card)
            if saved is not None:
                self._apply(saved)
                candidate = score()
                if candidate <= current or rng.random() < math.exp((current - candidate) / temperature):
                    current = candidate
                else:
                    self._undo(saved)
            if progress is not None and step % 100 == 99:
                progress(done + step + 1, total)

    def polish_score(self, games: list[list[list[int]]], tiers: int) -> float:
        """The penalty, minus a large reward for cards collected in simulated games."""
        collected = 0.0
        for tier_number in range(tiers):
            tier_groups = self.tiers[tier_number]
            partners = partner_index(tier_groups.size, [g.mask for g in tier_groups.groups.values()])
            for players, orders in zip(PLAYER_COUNTS, games[tier_number], strict=True):
                rng = random.Random(players)
                got = sum(play_game(order, players, partners, rng) for order in orders)
                collected += got / (len(orders) * tier_groups.size)
        return self.penalty() - 3000 * collected

    def deck(self, name: str) -> Deck:
        cards = []
        numbers: dict[Tier, int] = {}
        for index, tier in enumerate(self.colours):
            numbers[tier] = numbers.get(tier, 0) + 1
            cells = tuple(Cell(p // 3, p % 3, v) for p, v in sorted(self.cells[index].items()))
            cards.append(Card(f"{tier.prefix}{numbers[tier]:02d}", tier, cells))
        return Deck(name, tuple(cards))


def _polish_deals(seed: int, tier_sizes: list[int], games: int) -> list[list[list[int]]]:
    """Fixed shuffled deals per tier and player count (2, 3, 4): the common random numbers."""
    deal = random.Random(f"polish:{seed}")
    deals = []
    for size in tier_sizes:
        per_tier = []
        for _ in PLAYER_COUNTS:
            orders = []
            for _ in range(games):
                order = list(range(size))
                deal.shuffle(order)
                orders.append(order)
            per_tier.append(orders)
        deals.append(per_tier)
    return deals


def design_deck(seed: int, settings: DesignSettings | None = None, progress: Progress | None = None) -> Deck:
    """Run the seeded search and return the deck it ends with (verify it before shipping)."""
    settings = settings or DesignSettings()
    search = DeckSearch(seed, settings)
    total = settings.iterations + settings.polish_iterations
    search.anneal(search.penalty, settings.iterations, settings.temperatures, len(search.colours), progress, 0, total)
    if settings.polish_iterations:
        games = _polish_deals(seed, search.tier_sizes[: settings.polish_tiers], settings.polish_games)
        max_card = search.tier_sizes[settings.polish_tiers - 1]
        search.anneal(
            lambda: search.polish_score(games, settings.polish_tiers),
            settings.polish_iterations,
            settings.polish_temperatures,
            max_card,
            progress,
            settings.iterations,
            total,
        )
    if progress is not None:
        progress(total, total)
    return search.deck("cleariosity-numbers")
