"""A seeded search for a Cleariosity Numbers deck that meets every verify criterion.

How it works, and why:

1. **Teaching triples first.** Each colour's cards are split into triples, and each triple
   is given a line and a fact that holds, among the tier's operations, *only* with that
   colour's operation (green +, yellow −, purple ×, orange ÷), with no trivial operand, and
   the triples of one colour use different facts. Card k of a triple carries the k-th number
   of the fact on that line and nothing else on it. These triples are each colour's teaching
   split, and together a perfect clear of every tier, so criteria 2 and 3 hold by
   construction and stay true for the whole search.
2. **Free cells.** Each card's two other numbers sit off its triple's line. Simulated
   annealing changes one free number (its value or its cell), a triple's fact or a triple's
   line at a time. Only the groups through the changed cards are recomputed, from an index of
   which cards fill which cells of each line.
3. **What it aims for.** A static score, cheap enough for a step in under a millisecond:
   the hard criteria (no lone equation, groups and two-card groups per card, trivial share,
   fact coverage and fact shares, digit and cell balance) are penalties with a safety
   margin. Play collects a two-card group about twenty times as often as a given three-card
   one (pairs are complete as soon as two cards are up), so the trivial and practising
   shares that predict play weigh pairs ``PAIR_WEIGHT`` times. Every card should have
   several two-card groups of different kinds (line and equation): a card whose pairs all
   wait on one popular partner is the one left on the table. Variety caps the share of any
   one equation and how often a number repeats in a cell within a colour.
4. **Feedback from play.** Which cards are stranded depends on more than their own counts,
   so in the second half of the search a few hundred seeded games per tier are played every
   few thousand steps, and the cards left over too often get higher pair targets.
5. **Check.** Each attempt's deck is judged by simulated games (``deckgen design`` uses
   verify's); one that misses starts the next attempt from a seed derived from the first.
   Every budget counts steps or attempts, never seconds, so a seed always gives the same deck.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from deckgen.facts import tier_facts
from deckgen.groups import equation_table, find_groups
from deckgen.model import Card, Cell, Deck, Tier
from deckgen.play import simulate
from deckgen.rules import LINE_POSITIONS, OPS, equation_ops, is_trivial
from deckgen.standard import (
    MAX_FACT_SHARE,
    MIN_CELL_USE,
    MIN_FACTS,
    MIN_GROUPS,
    MIN_PAIRS,
    PLAYER_COUNTS,
    STANDARD_COUNTS,
    TRIVIAL_SHARE,
    min_digit_use,
)

LINES: tuple[tuple[int, int, int], ...] = tuple(LINE_POSITIONS.values())
#: How many times more often simulated play collects a given two-card group than a given
#: three-card one (measured on designed decks: about 20 to 30 times).
PAIR_WEIGHT = 20
TIERS: tuple[Tier, ...] = tuple(Tier)
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class DesignSettings:
    """Search budgets and weights. The defaults are what the shipped deck was made with."""

    #: Steps of the annealing search, per attempt.
    iterations: int = 60000
    #: Attempts (each from its own seed) before the search gives up.
    attempts: int = 4
    #: Start and end temperatures (geometric cooling).
    temperatures: tuple[float, float] = (3000.0, 20.0)
    #: Safety margins over the criteria, so that simulated play has room.
    group_margin: int = 2
    group_target: tuple[int, int, int, int] = (20, 20, 30, 40)
    #: Two-card groups of different kinds (line and equation) each card should have.
    distinct_pair_target: int = 4
    pair_target: tuple[int, int, int, int] = (9, 7, 7, 7)
    trivial_target: float = TRIVIAL_SHARE - 0.05
    fact_share_target: float = 0.34
    #: Target share of a tier's groups that practise its new operation.
    practice_target: tuple[float, float, float, float] = (0.0, 0.26, 0.18, 0.16)
    #: Feedback from play: every ``feedback_every`` steps after the first ``feedback_start`` of
    #: them, ``feedback_games`` games per tier and player count; cards left over in more than
    #: ``strand_alarm`` of them get their pair targets raised, by at most ``boost_cap``.
    feedback_every: int = 3000
    feedback_start: float = 0.5
    feedback_games: int = 400
    strand_alarm: float = 0.09
    boost_cap: int = 4
    #: Variety: the largest share of a tier's groups one equation may have, and how many cards
    #: of one colour may carry the same number in the same cell.
    max_equation_share: float = 0.08
    max_same_number: int = 5
    #: Reward per card for two-card groups (diminishing past ``pair_cap``) and for all groups.
    pair_cap: int = 14
    pair_weight: tuple[float, float, float, float] = (12.0, 6.0, 6.0, 6.0)
    group_weight: float = 0.3
    group_cap: int = 60


def teaching_facts(tier: Tier) -> list[tuple[int, int, int]]:
    """Facts of the tier that hold, among the tier's operations, only with its new operation."""
    return [f for f in tier_facts(tier) if equation_ops(*f, tier.ops()) == (tier.op,)]


@cache
def _tier_roles(values: tuple[int, int, int], ops: tuple[str, ...]) -> tuple[tuple[bool, bool, bool], ...]:
    """Per tier: (is a group at that tier, trivial there, practises the tier's new operation)."""
    roles = []
    for tier in TIERS:
        held = tuple(op for op in ops if op in tier.ops())
        if not held:
            roles.append((False, False, False))
            continue
        trivial = all(is_trivial(*values, op) for op in held)
        practising = tier.op in held and not is_trivial(*values, tier.op)
        roles.append((True, trivial, practising))
    return tuple(roles)


class _TierStats:
    """Running totals of one tier's groups; equations are indexed as a * 100 + b * 10 + c."""

    __slots__ = (
        "covered",
        "equations",
        "facts",
        "groups",
        "practising",
        "size",
        "trivial",
        "weighted",
        "weighted_practising",
        "weighted_trivial",
    )

    def __init__(self, size: int) -> None:
        self.size = size
        self.groups = 0
        self.trivial = 0
        self.practising = 0
        self.covered = 0
        # Play takes two-card groups far more often than three-card ones (they are complete as
        # soon as two cards are up): these totals count a pair PAIR_WEIGHT times, a triple once.
        self.weighted = 0
        self.weighted_practising = 0
        self.weighted_trivial = 0
        self.facts = [0] * 1000
        self.equations = [0] * 1000


def _triples(found: list, card: int, firsts: set[int], seconds: set[int], number: int, code: int, ops_key: int):
    for i in firsts:
        for j in seconds:
            found.append((tuple(sorted((card, i, j))), number, code, ops_key))


class DeckSearch:
    """The state of one seeded search: cards, teaching triples and every tier's groups."""

    def __init__(self, seed: int | str, settings: DesignSettings) -> None:
        self.rng = random.Random(seed)
        self.settings = settings
        self.colours: list[Tier] = [tier for tier in TIERS for _ in range(STANDARD_COUNTS[tier])]
        self.tier_sizes = [sum(STANDARD_COUNTS[t] for t in tier.tiers()) for tier in TIERS]
        self.first_index = [size - STANDARD_COUNTS[tier] for size, tier in zip(self.tier_sizes, TIERS, strict=True)]
        total = len(self.colours)
        self.cells: list[dict[int, int]] = [{} for _ in range(total)]
        self.certificate_line = [0] * total
        self.certificate_cell = [0] * total
        self.triples: list[tuple[Tier, int, tuple[int, ...]]] = []
        self.triple_fact: list[tuple[int, int, int]] = []
        self.facts = {tier: teaching_facts(tier) for tier in TIERS}
        # Operands a * 10 + b → (c, key of the operations giving a op b = c), for every c.
        full_table = equation_table(OPS)
        self.ops_sets: list[tuple[str, ...]] = sorted({ops for row in full_table.values() for _, ops in row})
        ops_key = {ops: number for number, ops in enumerate(self.ops_sets)}
        self.table: list[tuple[tuple[int, int], ...]] = [
            tuple((c, ops_key[ops]) for c, ops in full_table.get((a, b), ())) for a in range(10) for b in range(10)
        ]
        self._lay_certificates()
        self._fill_free_cells()
        # Index of footprints: for each line, which cards fill which of its cells.
        self.footprints: list[list[tuple[int, tuple[int, int, int]]]] = [[(0, (0, 0, 0))] * 8 for _ in range(total)]
        self.singles: list[list[list[set[int]]]] = [[[set() for _ in range(10)] for _ in range(3)] for _ in LINES]
        self.dominoes: list[dict[int, set[int]]] = [{m: set() for m in (3, 5, 6)} for _ in LINES]
        self.colour_rank = [tier.rank for tier in self.colours]
        self.counted: list[dict[int, int]] = [{} for _ in range(total)]
        self.digits = [0] * 10
        self.used = [0] * 9
        self.same = [0] * (4 * 90)
        self.lonely = 0
        self.stats = [_TierStats(size) for size in self.tier_sizes]
        self.role_cache: dict[tuple, tuple] = {}
        self.own_count = [0] * total
        self.own_pairs = [0] * total
        # Extra pair targets for the cards that simulated games leave on the table (feedback).
        self.boost = [0] * total
        self.seed = seed
        self.feedback_round = 0
        # Per card: its two-card groups by (line, equation). A card whose pairs all read the same
        # equation on the same line waits on one kind of partner, and is often left over.
        self.pair_kinds: list[dict[int, int]] = [{} for _ in range(total)]
        self.distinct_pairs = [0] * total
        self.fact_codes = [[a * 100 + b * 10 + c for a, b, c in tier_facts(t)] for t in TIERS]
        self.facts_needed = [MIN_FACTS[t] + (2 if MIN_FACTS[t] > 6 else 0) for t in TIERS]
        self.fact_share_capped = [t in MAX_FACT_SHARE for t in TIERS]
        for card in range(total):
            self._index(card)
        self._account(self._roles(list(range(total))), 1)

    # -- building the start ---------------------------------------------------------------
    def _lay_certificates(self) -> None:
        rng = self.rng
        for tier in TIERS:
            start = self.colours.index(tier)
            members = list(range(start, start + STANDARD_COUNTS[tier]))
            rng.shuffle(members)
            facts = list(self.facts[tier])
            rng.shuffle(facts)
            for k in range(0, len(members), 3):
                triple = tuple(members[k : k + 3])
                line = rng.randrange(len(LINES))
                self.triples.append((tier, line, triple))
                self.triple_fact.append(facts[(k // 3) % len(facts)])
                for slot, card in enumerate(triple):
                    self.certificate_line[card] = line
                    self.certificate_cell[card] = LINES[line][slot]
        for number in range(len(self.triples)):
            self._write_triple(number)

    def _write_triple(self, number: int) -> None:
        _, line, triple = self.triples[number]
        for slot, card in enumerate(triple):
            self.cells[card][LINES[line][slot]] = self.triple_fact[number][slot]

    def _fill_free_cells(self) -> None:
        for card, cells in enumerate(self.cells):
            off_line = [p for p in range(9) if p not in LINES[self.certificate_line[card]]]
            for position in self.rng.sample(off_line, 2):
                cells[position] = self.rng.randrange(10)

    # -- the group index ------------------------------------------------------------------
    def _index(self, card: int) -> None:
        """File the card's footprint on every line: dominoes by mask, single numbers by slot and value."""
        cells = self.cells[card]
        prints = self.footprints[card]
        for number, line in enumerate(LINES):
            old_mask, old_values = prints[number]
            if old_mask in (1, 2, 4):
                slot = old_mask.bit_length() - 1
                self.singles[number][slot][old_values[slot]].discard(card)
            elif old_mask in (3, 5, 6):
                self.dominoes[number][old_mask].discard(card)
            mask = 0
            values = [0, 0, 0]
            for slot in range(3):
                value = cells.get(line[slot])
                if value is not None:
                    mask |= 1 << slot
                    values[slot] = value
            prints[number] = (mask, (values[0], values[1], values[2]))
            if mask in (1, 2, 4):
                slot = mask.bit_length() - 1
                self.singles[number][slot][values[slot]].add(card)
            elif mask in (3, 5, 6):
                self.dominoes[number][mask].add(card)
        self._count_card(card, -1)
        self.counted[card] = dict(cells)
        self._count_card(card, 1)

    def _count_card(self, card: int, sign: int) -> None:
        """Digit, cell and same-number totals and lone equations, kept up to date card by card."""
        cells = self.counted[card]
        colour = self.colour_rank[card]
        for position, value in cells.items():
            self.digits[value] += sign
            self.used[position] += sign
            self.same[colour * 90 + position * 10 + value] += sign
        for line in LINES:
            if line[0] in cells and line[1] in cells and line[2] in cells:
                if equation_ops(cells[line[0]], cells[line[1]], cells[line[2]]):
                    self.lonely += sign

    def _groups_through(self, card: int) -> list[tuple[tuple[int, ...], int, int, int]]:
        """Every group (all 60 cards, all operations) that includes ``card``, from the index.

        Each as (cards ascending, line number, equation code a * 100 + b * 10 + c, operations' key).
        """
        found: list[tuple[tuple[int, ...], int, int, int]] = []
        table = self.table
        prints = self.footprints
        for number in range(8):
            mask, values = prints[card][number]
            if not mask or mask == 7:
                continue
            singles = self.singles[number]
            if mask in (3, 5, 6):
                # A domino: partners carry the missing number alone on this line.
                missing = (7 ^ mask).bit_length() - 1
                for value, partners in enumerate(singles[missing]):
                    if not partners:
                        continue
                    merged = list(values)
                    merged[missing] = value
                    for result, ops_key in table[merged[0] * 10 + merged[1]]:
                        if result == merged[2]:
                            code = merged[0] * 100 + merged[1] * 10 + result
                            for other in partners:
                                found.append(((card, other) if card < other else (other, card), number, code, ops_key))
                continue
            slot = mask.bit_length() - 1
            mine = values[slot]
            # A single number: partners are a domino over the other two cells ...
            for other in self.dominoes[number][7 ^ mask]:
                theirs = list(prints[other][number][1])
                theirs[slot] = mine
                for result, ops_key in table[theirs[0] * 10 + theirs[1]]:
                    if result == theirs[2]:
                        code = theirs[0] * 100 + theirs[1] * 10 + result
                        found.append(((card, other) if card < other else (other, card), number, code, ops_key))
            # ... or two more single numbers, one in each of the other cells.
            if slot == 2:
                for a, firsts in enumerate(singles[0]):
                    if not firsts:
                        continue
                    for b, seconds in enumerate(singles[1]):
                        if not seconds:
                            continue
                        for result, ops_key in table[a * 10 + b]:
                            if result == mine:
                                _triples(found, card, firsts, seconds, number, a * 100 + b * 10 + mine, ops_key)
            else:
                other_slot = 1 - slot
                for value, others in enumerate(singles[other_slot]):
                    if not others:
                        continue
                    a, b = (mine, value) if slot == 0 else (value, mine)
                    for result, ops_key in table[a * 10 + b]:
                        thirds = singles[2][result]
                        if thirds:
                            _triples(found, card, others, thirds, number, a * 100 + b * 10 + result, ops_key)
        return found

    def _roles(self, changed: list[int]) -> list[tuple]:
        """What the groups through the ``changed`` cards add, each group once (from the current index).

        A role is (equation code, two-card?, line, members counted at their own tier, and the
        tiers' totals it belongs to with its trivial and practising flags there).
        """
        rank = self.colour_rank
        cache = self.role_cache
        roles = []
        for position, card in enumerate(changed):
            earlier = changed[:position]
            for cards, line, code, ops_key in self._groups_through(card):
                if earlier and any(member in earlier for member in cards):
                    continue  # already counted through an earlier changed card
                last = cards[-1]
                top = rank[last]
                key = (code * 16 + ops_key) * 4 + top
                shared = cache.get(key)
                if shared is None:
                    shared = cache[key] = self._role_of(code, ops_key, top)
                at_top, tiers = shared
                pair = len(cards) == 2
                if not at_top:
                    own: tuple[int, ...] = ()
                elif pair:
                    own = cards if rank[cards[0]] == top else (last,)
                else:
                    own = tuple(c for c in cards if rank[c] == top)
                roles.append((code, pair, line, own, tiers))
        return roles

    def _role_of(self, code: int, ops_key: int, top: int) -> tuple:
        values = (code // 100, code // 10 % 10, code % 10)
        tier_roles = _tier_roles(values, self.ops_sets[ops_key])
        tiers = tuple(
            (self.stats[t], trivial, practising)
            for t, (member, trivial, practising) in enumerate(tier_roles)
            if member and t >= top
        )
        return tier_roles[top][0], tiers

    def _account(self, roles: list[tuple], sign: int) -> None:
        """Add (``sign`` 1) or take away (-1) groups from every running total."""
        count, pairs = self.own_count, self.own_pairs
        pair_kinds, distinct = self.pair_kinds, self.distinct_pairs
        for code, pair, line, own, tiers in roles:
            for member in own:
                count[member] += sign
                if pair:
                    pairs[member] += sign
                    kinds = pair_kinds[member]
                    kind = line * 1000 + code
                    now = kinds.get(kind, 0) + sign
                    if now:
                        kinds[kind] = now
                    else:
                        del kinds[kind]
                    if now == (1 if sign > 0 else 0):
                        distinct[member] += sign
            weight = sign * (PAIR_WEIGHT if pair else 1)
            for stats, trivial, practising_here in tiers:
                stats.groups += sign
                stats.weighted += weight
                stats.equations[code] += sign
                if trivial:
                    stats.trivial += sign
                    stats.weighted_trivial += weight
                if practising_here:
                    stats.practising += sign
                    stats.weighted_practising += weight
                    facts = stats.facts
                    facts[code] += sign
                    if facts[code] == (1 if sign > 0 else 0):
                        stats.covered += sign

    def _refresh(self, cards: list[int]) -> tuple[list[tuple], list[tuple]]:
        """Re-file changed cards: the groups through them before and after (to undo cheaply)."""
        before = self._roles(cards)
        self._account(before, -1)
        for card in cards:
            self._index(card)
        after = self._roles(cards)
        self._account(after, 1)
        return before, after

    # -- scoring --------------------------------------------------------------------------
    def penalty(self) -> float:
        """Missed criteria and targets (large) minus the reward for cards rich in pairs (small)."""
        s = self.settings
        missed = 0.0
        reward = 0.0
        count, pairs = self.own_count, self.own_pairs
        floor_groups = MIN_GROUPS + s.group_margin
        rank = self.colour_rank
        for card in range(len(count)):
            n, p = count[card], pairs[card]
            tier = rank[card]
            if n < floor_groups:
                missed += floor_groups - n
            if n < s.group_target[tier]:
                missed += (s.group_target[tier] - n) / 4
            kinds = self.distinct_pairs[card]
            if kinds < s.distinct_pair_target:
                missed += (s.distinct_pair_target - kinds) ** 2 / 2
            target = s.pair_target[tier]
            if p < target:
                missed += (target - p) ** 2 / 2 + 2 * max(0, MIN_PAIRS - p)
            boost = self.boost[card]
            if boost:
                # Cards that play leaves over: one more pair and one more kind of pair per boost.
                missed += max(0, target + boost - p) + max(0, s.distinct_pair_target + boost - kinds)
            reward += s.pair_weight[tier] * min(p, s.pair_cap) + s.group_weight * min(n, s.group_cap)
        for tier_number, stats in enumerate(self.stats):
            groups = stats.groups or 1
            weighted = stats.weighted or 1
            missed += max(0.0, stats.trivial - s.trivial_target * groups) / 2
            missed += max(0.0, stats.weighted_trivial - s.trivial_target * weighted) / PAIR_WEIGHT
            missed += max(0.0, s.practice_target[tier_number] * weighted - stats.weighted_practising) / PAIR_WEIGHT
            missed += max(0.0, max(stats.equations) - s.max_equation_share * groups) / 4
            missed += 10 * max(0, self.facts_needed[tier_number] - stats.covered)
            if self.fact_share_capped[tier_number] and stats.practising:
                top = max(stats.facts[code] for code in self.fact_codes[tier_number])
                missed += max(0.0, top - s.fact_share_target * stats.practising)
        missed += 3 * sum(max(0, min_digit_use(d) + 1 - n) for d, n in enumerate(self.digits))
        missed += 3 * sum(max(0, MIN_CELL_USE + 1 - n) for n in self.used)
        missed += 20 * self.lonely
        missed += sum(n - s.max_same_number for n in self.same if n > s.max_same_number)
        return 100 * missed - reward

    # -- moves ----------------------------------------------------------------------------
    def _propose(self) -> tuple[list[int], list[tuple[int, dict[int, int]]], tuple[int, int, tuple] | None] | None:
        """Change the deck a little; return the cards touched, their old cells, and a triple's old state."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.10:
            return self._propose_fact()
        if roll < 0.14:
            return self._propose_line()
        card = rng.randrange(len(self.cells))
        cells = self.cells[card]
        saved = [(card, dict(cells))]
        position = rng.choice(sorted(p for p in cells if p != self.certificate_cell[card]))
        if roll < 0.65:
            value = rng.randrange(10)
            if value == cells[position]:
                return None
            cells[position] = value
            return [card], saved, None
        empty = [p for p in range(9) if p not in cells and p not in LINES[self.certificate_line[card]]]
        cells[rng.choice(empty)] = cells.pop(position)
        return [card], saved, None

    def _propose_fact(self):
        rng = self.rng
        number = rng.randrange(len(self.triples))
        tier, line, triple = self.triples[number]
        taken = {self.triple_fact[n] for n, t in enumerate(self.triples) if t[0] is tier and n != number}
        choices = [f for f in self.facts[tier] if f not in taken]
        if not choices:
            return None
        saved = [(card, dict(self.cells[card])) for card in triple]
        old = (number, line, self.triple_fact[number])
        self.triple_fact[number] = rng.choice(choices)
        self._write_triple(number)
        return list(triple), saved, old

    def _propose_line(self):
        rng = self.rng
        number = rng.randrange(len(self.triples))
        tier, line, triple = self.triples[number]
        new_line = rng.randrange(len(LINES))
        if new_line == line:
            return None
        saved = [(card, dict(self.cells[card])) for card in triple]
        old = (number, line, self.triple_fact[number])
        cells_of_new = LINES[new_line]
        for slot, card in enumerate(triple):
            cells = self.cells[card]
            free = {p: v for p, v in cells.items() if p != self.certificate_cell[card]}
            cells.clear()
            cells[cells_of_new[slot]] = self.triple_fact[number][slot]
            for position, value in free.items():
                if position in cells_of_new:
                    options = [p for p in range(9) if p not in cells_of_new and p not in cells and p not in free]
                    position = rng.choice(options)
                cells[position] = value
            self.certificate_line[card] = new_line
            self.certificate_cell[card] = cells_of_new[slot]
        self.triples[number] = (tier, new_line, triple)
        return list(triple), saved, old

    def _undo(self, cards: list[int], saved, old, refreshed: tuple[list[tuple], list[tuple]]) -> None:
        for card, cells in saved:
            self.cells[card] = cells
        if old is not None:
            number, line, fact = old
            tier, _, triple = self.triples[number]
            self.triples[number] = (tier, line, triple)
            self.triple_fact[number] = fact
            for slot, card in enumerate(triple):
                self.certificate_line[card] = line
                self.certificate_cell[card] = LINES[line][slot]
        before, after = refreshed
        self._account(after, -1)
        for card in cards:
            self._index(card)
        self._account(before, 1)

    def feedback(self) -> None:
        """Play each tier a few hundred seeded games and raise the targets of the cards left over.

        Which cards are stranded depends on more than their own counts (whose partners they
        wait for, and who else wants those partners), so the static score is corrected by
        what play shows: a card left on the table in more than ``strand_alarm`` of the games
        of any tier and player count gets one more pair, and one more kind of pair, to aim for.
        """
        s = self.settings
        self.feedback_round += 1
        cards = [tuple(sorted(cells.items())) for cells in self.cells]
        worst = [0.0] * len(cards)
        for tier, size in zip(TIERS, self.tier_sizes, strict=True):
            masks = [g.mask for g in find_groups(cards[:size], tier.ops())]
            for players in PLAYER_COUNTS:
                stream = f"feedback:{self.seed}:{self.feedback_round}:{tier.colour}:{players}"
                stats = simulate(size, masks, [0] * len(masks), players, s.feedback_games, stream)
                for card, share in enumerate(stats.stranded()):
                    worst[card] = max(worst[card], share)
        for card, share in enumerate(worst):
            if share > s.strand_alarm and self.boost[card] < s.boost_cap:
                self.boost[card] += 1

    def anneal(self, iterations: int, progress: Progress | None, done: int, total: int) -> float:
        """Simulated annealing on :meth:`penalty` (lower is better); returns the final penalty."""
        rng = self.rng
        s = self.settings
        start, end = s.temperatures
        first_feedback = int(iterations * s.feedback_start)
        current = self.penalty()
        for step in range(iterations):
            if s.feedback_every and step >= first_feedback and (step - first_feedback) % s.feedback_every == 0:
                self.feedback()
                current = self.penalty()
            temperature = start * (end / start) ** (step / max(1, iterations))
            proposal = self._propose()
            if proposal is not None:
                cards, saved, old = proposal
                refreshed = self._refresh(cards)
                candidate = self.penalty()
                if candidate <= current or rng.random() < math.exp((current - candidate) / temperature):
                    current = candidate
                else:
                    self._undo(cards, saved, old, refreshed)
            if progress is not None and step % 500 == 499:
                progress(done + step + 1, total)
        return current

    def deck(self, name: str) -> Deck:
        cards = []
        numbers: dict[Tier, int] = {}
        for index, tier in enumerate(self.colours):
            numbers[tier] = numbers.get(tier, 0) + 1
            cells = tuple(Cell(p // 3, p % 3, v) for p, v in sorted(self.cells[index].items()))
            cards.append(Card(f"{tier.prefix}{numbers[tier]:02d}", tier, cells))
        return Deck(name, tuple(cards))


@dataclass(frozen=True)
class DesignResult:
    """The deck a search ended with, the attempt that made it, and whether that attempt passed its check."""

    deck: Deck
    attempt: int
    passed: bool


def attempt_seed(seed: int, attempt: int) -> int | str:
    """Attempt 1 searches from the seed itself; later attempts from ``"seed:attempt"``."""
    return seed if attempt == 1 else f"{seed}:{attempt}"


def design_deck(
    seed: int,
    settings: DesignSettings | None = None,
    progress: Progress | None = None,
    check: Callable[[Deck], bool] | None = None,
) -> DesignResult:
    """Run the seeded search (verify what it returns before shipping it).

    With ``check`` (simulated play, typically), each attempt's deck is judged by it and the
    search goes on to the next attempt until one passes or the attempts run out; the last
    deck is returned either way. Without it, one attempt is made.
    """
    settings = settings or DesignSettings()
    attempts = settings.attempts if check is not None else 1
    total = settings.iterations * attempts
    result: DesignResult | None = None
    for attempt in range(1, attempts + 1):
        search = DeckSearch(attempt_seed(seed, attempt), settings)
        search.anneal(settings.iterations, progress, (attempt - 1) * settings.iterations, total)
        deck = search.deck("cleariosity-numbers")
        result = DesignResult(deck, attempt, check(deck) if check is not None else True)
        if result.passed:
            break
    if progress is not None:
        progress(total, total)
    assert result is not None
    return result
