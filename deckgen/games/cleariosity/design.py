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
   one equation and how often a number repeats in a cell within a colour; and, with the same
   pair weighting, what play makes of it (verify's criteria 12-17): the largest equation and
   fact shares, the sum of squared equation shares (repeats within a game), the share that
   reads only with the new operation, every ×/÷ fact's pairs and share, and the facts a run of
   ten games meets.
4. **Feedback from play.** Which cards are stranded depends on more than their own counts,
   so in the second half of the search a few hundred seeded games per tier are played every
   few thousand steps, and the cards left over too often get higher pair targets. The same
   games steer the variety targets: wherever play comes near one of verify's lines, that
   tier's target tightens a notch.
5. **Check.** The feedback games (seeds of their own) pick each attempt's candidates; each is
   then judged by verify's full verdict, confirmation runs included, with seeds design keeps
   for itself (``deckgen design``: two of them), never verify's. A deck that misses starts the
   next attempt from a seed derived from the first.
   Every budget counts steps or attempts, never seconds, so a seed always gives the same deck.
"""

from __future__ import annotations

import math
import multiprocessing
import random
from collections import Counter
from collections.abc import Callable, Generator, Iterable
from concurrent.futures import Future, wait
from contextlib import closing
from dataclasses import dataclass
from functools import cache
from operator import itemgetter
from typing import NamedTuple

from deckgen.games.cleariosity.criteria import STANDARD_CRITERIA, Criteria
from deckgen.games.cleariosity.criteria_registry import fact_pair_ops
from deckgen.games.cleariosity.design_index import (
    CODE_SHIFT,
    LINES,
    OPS_BITS,
    OPS_ROOM,
    OPS_SHIFT,
    TIER_BITS_ROOM,
    TOP_BITS,
)
from deckgen.games.cleariosity.design_moves import propose
from deckgen.games.cleariosity.design_score import PAIR_WEIGHT, penalty
from deckgen.games.cleariosity.design_settings import DesignSettings
from deckgen.games.cleariosity.design_steering import Steer, steer_focus, steer_variety
from deckgen.games.cleariosity.facts import teaching_facts, tier_facts
from deckgen.games.cleariosity.groups import equation_table, find_groups
from deckgen.games.cleariosity.model import STANDARD_TIERS, Card, Cell, Deck, Tier
from deckgen.games.cleariosity.play import simulate
from deckgen.games.cleariosity.rules import OPS, equation_ops, is_trivial
from deckgen.games.cleariosity.standard import (
    STANDARD_COUNTS,
)
from deckgen.games.cleariosity.verify import (
    balance,
    equation_numbers,
    group_flags,
    quick_report,
)
from deckgen.workers import POLL_SECONDS, report, worker_pool

TIERS: tuple[Tier, ...] = STANDARD_TIERS
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class DesignGoal:
    """What to design: the tiers and their card counts, and the thresholds the decks will be
    checked by (which also say which numbers may be printed).

    The search's targets and weights (:class:`DesignSettings`) are tuned to the standard goal.
    """

    counts: tuple[int, ...] = tuple(STANDARD_COUNTS[tier] for tier in TIERS)
    criteria: Criteria = STANDARD_CRITERIA
    #: The designed deck's name, and the spec it is written for ("": the standard deck's).
    name: str = "cleariosity-numbers"
    spec: str = ""
    tiers: tuple[Tier, ...] = TIERS

    def __post_init__(self) -> None:
        if len(self.tiers) != len(self.counts):  # the first tiers of the standard four
            object.__setattr__(self, "tiers", self.tiers[: len(self.counts)])

    @property
    def numbers(self) -> tuple[int, ...]:
        return self.criteria.numbers

    def facts(self, tier: Tier) -> list[tuple[int, int, int]]:
        """The tier's facts whose numbers the deck may print."""
        return list(tier_facts(tier, self.criteria.numbers, self.criteria.factors))


STANDARD_GOAL = DesignGoal()
#: The standard deck's lines on the commonest equation and on repeats (criteria 12 and 14).
STANDARD_VARIETY = 0.10


#: The standard tier whose design targets a tier of each operation takes (the first tier: green's).
ROLE_OF_OPERATION = {"+": 1, "-": 1, "*": 2, "/": 3}


def tier_role(tier: Tier) -> int:
    """The standard tier (0 green, 1 yellow, 2 purple, 3 orange) whose targets ``tier`` takes:
    green's for the first tier, where a class starts, else that of the operation it adds (the
    last standard one of several), or for a tier that only adds cards, the tier before it's."""
    if tier.rank == 0:
        return 0
    if not tier.adds:
        return tier_role(tier.earlier[-1])
    return max(ROLE_OF_OPERATION[op] for op in tier.adds)


@cache
def _tier_roles(
    values: tuple[int, int, int], ops: tuple[str, ...], tiers: tuple[Tier, ...] = TIERS
) -> tuple[tuple[bool, bool, bool, bool], ...]:
    """Per tier: (is a group at that tier, trivial there, practises the tier's new operation,
    and reads only with it: no earlier operation holds)."""
    roles = []
    for tier in tiers:
        held = tuple(op for op in ops if op in tier.ops())
        if not held:
            roles.append((False, False, False, False))
            continue
        trivial = all(is_trivial(*values, op) for op in held)
        practising = any(
            op in held and not is_trivial(*values, op) and tier.teaches(values, op) for op in tier.practised()
        )
        roles.append((True, trivial, practising, practising and set(held) <= set(tier.adds)))
    return tuple(roles)


def _picker(codes: list[int]) -> Callable[[list[int]], tuple[int, ...]]:
    """A function giving the entries of a list at ``codes``, as a tuple (fast, in C)."""
    if len(codes) > 1:
        return itemgetter(*codes)
    return lambda values: tuple(values[code] for code in codes)


class _TierStats:
    """Running totals of one tier's groups; equations are indexed as (a * base + b) * base + c,
    where base is one more than the largest number (10 for numbers 0-9)."""

    __slots__ = (
        "covered",
        "equations",
        "facts",
        "groups",
        "pair_facts",
        "practising",
        "size",
        "square_sum",
        "trivial",
        "weighted",
        "weighted_equations",
        "weighted_facts",
        "weighted_needing",
        "weighted_practising",
        "weighted_trivial",
    )

    def __init__(self, size: int, codes: int) -> None:
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
        self.facts = [0] * codes
        self.equations = [0] * codes
        # Variety, as play meets it: each equation's and each fact's groups weighted as above,
        # the sum of the squared equation weights (how concentrated play is on a few equations),
        # the weighted groups that read only with the new operation, and each fact's two-card groups.
        self.weighted_equations = [0] * codes
        self.square_sum = 0
        self.weighted_facts = [0] * codes
        self.weighted_needing = 0
        self.pair_facts = [0] * codes


class Delta(NamedTuple):
    """What some groups add to the running totals (see :meth:`DeckSearch._delta`).

    ``kinds`` maps a group kind (:func:`~.design_index.group_kind`) to how many of the groups
    are of that kind; ``members`` lists the cards that count a three-card group as their own
    (once per group), and ``pair_members`` the same for two-card groups, with the pair's kind
    (line * codes + code).
    """

    kinds: dict[int, int]
    members: list[int]
    pair_members: list[tuple[int, int]]


class Change(NamedTuple):
    """What a move changes in the running totals: the groups through the changed cards after the
    move less those before it, by group kind, by card (three-card groups it counts as its own)
    and by (card, kind of two-card group). Most groups through a changed card do not involve
    the changed number and cancel out, so the totals take only what differs."""

    kinds: dict[int, int]
    members: dict[int, int]
    pairs: dict[tuple[int, int], int]


def _difference(after: Delta, before: Delta | None = None) -> Change:
    """``after`` less ``before`` (nothing, where ``before`` is ``None``), dropping what cancels."""
    kinds = dict(after.kinds)
    members = Counter(after.members)
    pairs = Counter(after.pair_members)
    if before is not None:
        for kind, number in before.kinds.items():
            left = kinds.get(kind, 0) - number
            if left:
                kinds[kind] = left
            else:
                del kinds[kind]
        for member, number in Counter(before.members).items():
            members[member] -= number
        for pair, number in Counter(before.pair_members).items():
            pairs[pair] -= number
    return Change(
        kinds,
        {member: n for member, n in members.items() if n},
        {pair: n for pair, n in pairs.items() if n},
    )


#: A move's undo record: each touched card's old cells, and a moved triple's (number, line, fact).
Saved = list[tuple[int, dict[int, int]]]
OldTriple = tuple[int, int, tuple[int, int, int]]
#: What a proposed move touched: the cards, their old cells, and a triple's old state.
Proposal = tuple[list[int], Saved, OldTriple | None]


class DeckSearch:
    """The state of one seeded search: cards, teaching triples and every tier's groups."""

    def __init__(self, seed: int | str, settings: DesignSettings, goal: DesignGoal = STANDARD_GOAL) -> None:
        self.rng = random.Random(seed)
        self.goal = goal
        self.tiers = goal.tiers
        self.criteria = goal.criteria
        # Each tier's targets are those of the standard tier it plays the part of (see tier_role).
        roles = [tier_role(tier) for tier in self.tiers]
        self.settings = settings.for_tiers(roles, [own.min_distinct_facts > 0 for own in goal.criteria.tiers])
        self.colours: list[Tier] = [
            tier for tier, count in zip(self.tiers, goal.counts, strict=True) for _ in range(count)
        ]
        self.tier_sizes = [sum(goal.counts[: number + 1]) for number in range(len(self.tiers))]
        self.first_index = [size - count for size, count in zip(self.tier_sizes, goal.counts, strict=True)]
        total = len(self.colours)
        self.cells: list[dict[int, int]] = [{} for _ in range(total)]
        self.certificate_line = [0] * total
        self.certificate_cell = [0] * total
        self.triples: list[tuple[Tier, int, tuple[int, ...]]] = []
        self.triple_fact: list[tuple[int, int, int]] = []
        numbers, factors = goal.criteria.numbers, goal.criteria.factors
        self.numbers = numbers
        self.facts = {tier: teaching_facts(tier, numbers, factors) for tier in self.tiers}
        # Numbers are coded in base ``base``: an equation a op b = c is (a * base + b) * base + c.
        base = self.base = max(numbers) + 1
        self.codes = base**3
        allowed = set(numbers)
        # Operands a * base + b → (c, key of the operations giving a op b = c), for every c printed.
        full_table = equation_table(OPS, max(numbers))
        self.ops_sets: list[tuple[str, ...]] = sorted({ops for row in full_table.values() for _, ops in row})
        ops_key = {ops: number for number, ops in enumerate(self.ops_sets)}
        assert len(self.ops_sets) <= OPS_ROOM and len(self.tiers) <= TIER_BITS_ROOM, "a group kind's bits are too few"
        # Per operations' key and colour: does a group read with those operations count at that
        # colour's tier (so that the top colour's cards count it as their own)?
        self.counts_at_top = [
            tuple(any(op in tier.ops() for op in ops) for tier in self.tiers)
            + (False,) * (TIER_BITS_ROOM - len(self.tiers))
            for ops in self.ops_sets
        ]
        self.table: list[tuple[tuple[int, int], ...]] = [
            tuple((c, ops_key[ops]) for c, ops in full_table.get((a, b), ()) if c in allowed)
            if a in allowed and b in allowed
            else ()
            for a in range(base)
            for b in range(base)
        ]
        # Every equation code a group can have: the running totals by code are zero elsewhere,
        # so their largest entry is read from these alone (a tenth as many look-ups as codes).
        self.equation_picker = _picker(
            sorted({(a * base + b) * base + c for a in numbers for b in numbers for c, _ in self.table[a * base + b]})
        )
        # The numbers a card's free cells may take: those of the facts in play at its tier (and 0,
        # for the trivial readings a deck of numbers from 0 has). A card of the 2-5 tables has
        # no use for 49; for numbers 0-9 every tier may use every number.
        self.goal_facts = [goal.facts(t) for t in self.tiers]
        in_play: list[set[int]] = []
        for facts in self.goal_facts:
            used = {0} & allowed if not in_play else set(in_play[-1])
            for fact in facts:
                used |= set(fact)
            in_play.append(used)
        if goal.criteria.tier_numbers:
            # Numbers that come into play tier by tier: criterion 11 allows a card only those of its tier.
            in_play = [set(goal.criteria.in_play(rank)) for rank in range(len(self.tiers))]
        self.card_values = [tuple(n for n in numbers if n in in_play[tier.rank]) for tier in self.colours]
        self._lay_certificates()
        self._fill_free_cells()
        # Index of footprints: for each line, which cards fill which of its cells.
        self.footprints: list[list[tuple[int, tuple[int, int, int]]]] = [[(0, (0, 0, 0))] * 8 for _ in range(total)]
        self.singles: list[list[list[set[int]]]] = [[[set() for _ in range(base)] for _ in range(3)] for _ in LINES]
        self.dominoes: list[dict[int, set[int]]] = [{m: set() for m in (3, 5, 6)} for _ in LINES]
        self.colour_rank = [tier.rank for tier in self.colours]
        self.counted: list[dict[int, int]] = [{} for _ in range(total)]
        self.digits = [0] * base
        self.used = [0] * 9
        self.same = [0] * (len(self.tiers) * 9 * base)
        self.same_excess = 0
        limits = goal.criteria
        self.digits_needed = [limits.least_use(digit) + 1 if digit in allowed else 0 for digit in range(base)]
        self.lonely = 0
        self.stats = [_TierStats(size, self.codes) for size in self.tier_sizes]
        self.role_cache: dict[int, tuple] = {}
        self.own_count = [0] * total
        self.own_pairs = [0] * total
        # Extra pair targets for the cards that simulated games leave on the table (feedback).
        self.boost = [0] * total
        self.seed = seed
        self.feedback_round = 0
        #: The deck of the feedback round that missed the fewest criteria, and how many it missed.
        self.best: tuple[int, Deck] | None = None
        #: Every deck a feedback round judged: (criteria missed, minus the round, the deck).
        self.judged: list[tuple[int, int, Deck]] = []
        # Per tier, how far play feedback has moved the variety targets (see _steer_variety).
        self.steer = [Steer() for _ in self.tiers]
        # Per card: its two-card groups by (line, equation). A card whose pairs all read the same
        # equation on the same line waits on one kind of partner, and is often left over.
        self.pair_kinds: list[dict[int, int]] = [{} for _ in range(total)]
        self.distinct_pairs = [0] * total
        self.fact_codes = [[(a * base + b) * base + c for a, b, c in facts] for facts in self.goal_facts]
        # The facts criterion 16 judges: a tier's × and ÷ facts (all of them where it has no such
        # operation; a tier that adds + and × is judged by its × facts).
        self.rare_codes = [
            [code for code, fact in zip(codes, facts, strict=True) if tier.reading(fact) in fact_pair_ops(tier)]
            for tier, codes, facts in zip(self.tiers, self.fact_codes, self.goal_facts, strict=True)
        ]
        self.fact_pickers = [_picker(codes) for codes in self.fact_codes]
        # Planting whole two-card groups (see _propose_plant): for numbers past 9 only, where a
        # changed number seldom makes a group; each tier's facts want this many two-card groups.
        self.plant_rate = settings.plant_rate if base > 10 else 0.0
        if base > 10:
            self.settings = self.settings.sparse()
        # Two-card groups each ×/÷ fact aims for: one more than criterion 16 asks (standard: 4).
        self.rare_pairs_wanted = [own.min_fact_pairs + settings.rare_fact_pair_margin for own in limits.tiers]
        self.pair_wanted = [
            max(own.min_focus_pairs if own.focus else 0, wanted if own.min_fact_pairs else 1)
            for own, wanted in zip(limits.tiers, self.rare_pairs_wanted, strict=True)
        ]
        # A spec's focus facts of each tier's own new facts (the ones play must practise most).
        self.focus_codes = [
            [(a * base + b) * base + c for a, op, b, c in own.focus if op in tier.practised() and (a, b, c) in facts]
            for tier, own, facts in zip(self.tiers, limits.tiers, self.goal_facts, strict=True)
        ]
        self.facts_needed = [own.min_facts + (2 if own.min_facts > 6 else 0) for own in limits.tiers]
        self.fact_share_capped = [own.max_fact_share < 1.0 for own in limits.tiers]
        # Where the criteria allow an equation to come up more often than in the standard deck
        # (fewer numbers, fewer equations), the variety targets give the same room.
        self.top_room = [own.max_top_equation / STANDARD_VARIETY for own in limits.tiers]
        self.repeat_room = [own.max_repeats / STANDARD_VARIETY for own in limits.tiers]
        for card in range(total):
            self._index(card)
        self._account(_difference(self._delta(list(range(total)))), 1)

    # -- building the start ---------------------------------------------------------------
    def _lay_certificates(self) -> None:
        rng = self.rng
        for tier, count in zip(self.tiers, self.goal.counts, strict=True):
            start = self.colours.index(tier)
            members = list(range(start, start + count))
            rng.shuffle(members)
            facts = list(self.facts[tier])
            rng.shuffle(facts)
            focus = {(a, b, c) for a, op, b, c in self.criteria.tiers[tier.rank].focus if op in tier.practised()}
            if focus:
                # The teaching triples start on the focus facts: each is then in a group by design.
                facts = [f for f in facts if f in focus] + [f for f in facts if f not in focus]
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
                values = self.card_values[card]
                cells[position] = values[self.rng.randrange(len(values))]

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
        same, cap, base = self.same, self.settings.max_same_number, self.base
        for position, value in cells.items():
            self.digits[value] += sign
            self.used[position] += sign
            slot = (colour * 9 + position) * base + value
            # How far the counts go over the cap, summed: up by one when a count rises past it.
            if sign > 0:
                if same[slot] >= cap:
                    self.same_excess += 1
            elif same[slot] > cap:
                self.same_excess -= 1
            same[slot] += sign
        for line in LINES:
            if line[0] in cells and line[1] in cells and line[2] in cells:
                if equation_ops(cells[line[0]], cells[line[1]], cells[line[2]]):
                    self.lonely += sign

    def _delta(self, changed: list[int]) -> Delta:
        """What the groups through the ``changed`` cards add to the running totals, each group once.

        Read from the footprint index, and summed on the way: the tiers' totals by group kind
        (equation, operations, top colour, two-card or not) with how many groups are of that
        kind, the cards that count a group as their own, and the two-card groups' kinds per
        card. Summing first is what makes a step cheap: a step touches about 150 groups but
        far fewer kinds, and adding the same totals in another order gives the same figures.
        """
        table = self.table
        base = self.base
        prints = self.footprints
        delta = Delta({}, [], [])
        earlier: set[int] = set()
        for card in changed:
            mine_rank = self.colour_rank[card]
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
                        for result, ops_key in table[merged[0] * base + merged[1]]:
                            if result == merged[2]:
                                code = (merged[0] * base + merged[1]) * base + result
                                self._add_pairs(card, mine_rank, partners, earlier, number, code, ops_key, delta)
                    continue
                slot = mask.bit_length() - 1
                mine = values[slot]
                # A single number: partners are a domino over the other two cells ...
                for other in self.dominoes[number][7 ^ mask]:
                    theirs = list(prints[other][number][1])
                    theirs[slot] = mine
                    for result, ops_key in table[theirs[0] * base + theirs[1]]:
                        if result == theirs[2]:
                            code = (theirs[0] * base + theirs[1]) * base + result
                            self._add_pairs(card, mine_rank, (other,), earlier, number, code, ops_key, delta)
                # ... or two more single numbers, one in each of the other cells.
                if slot == 2:
                    for a, firsts in enumerate(singles[0]):
                        if not firsts:
                            continue
                        for b, seconds in enumerate(singles[1]):
                            if not seconds:
                                continue
                            for result, ops_key in table[a * base + b]:
                                if result == mine:
                                    code = (a * base + b) * base + mine
                                    self._add_triples(card, mine_rank, firsts, seconds, earlier, code, ops_key, delta)
                else:
                    other_slot = 1 - slot
                    for value, others in enumerate(singles[other_slot]):
                        if not others:
                            continue
                        a, b = (mine, value) if slot == 0 else (value, mine)
                        for result, ops_key in table[a * base + b]:
                            thirds = singles[2][result]
                            if thirds:
                                code = (a * base + b) * base + result
                                self._add_triples(card, mine_rank, others, thirds, earlier, code, ops_key, delta)
            earlier.add(card)
        return delta

    def _role(self, key: int) -> tuple:
        """The tiers' totals a group kind counts in, each with its trivial and practising flags there."""
        role = self.role_cache.get(key)
        if role is None:
            code, ops_key, top = key >> CODE_SHIFT, (key >> OPS_SHIFT) & (OPS_ROOM - 1), key & (TIER_BITS_ROOM - 1)
            role = self.role_cache[key] = self._role_of(code, ops_key, top)
        return role

    def _add_pairs(
        self,
        card: int,
        mine_rank: int,
        partners: Iterable[int],
        earlier: set[int],
        line: int,
        code: int,
        ops_key: int,
        delta: Delta,
    ) -> None:
        """Two-card groups of ``card`` with each of ``partners`` (not counted through an earlier card)."""
        rank = self.colour_rank
        base = (code << OPS_BITS | ops_key) << TOP_BITS
        kind = line * self.codes + code
        kinds, own = delta.kinds, delta.pair_members
        counts_at_top = self.counts_at_top[ops_key]
        for other in partners:
            if other in earlier:
                continue
            theirs = rank[other]
            top = theirs if theirs > mine_rank else mine_rank
            key = base + top
            kinds[key * 2 + 1] = kinds.get(key * 2 + 1, 0) + 1
            if counts_at_top[top]:
                # The cards of the group's top colour count it as their own.
                if mine_rank == top:
                    own.append((card, kind))
                if theirs == top:
                    own.append((other, kind))

    def _add_triples(
        self,
        card: int,
        mine_rank: int,
        firsts: Iterable[int],
        seconds: Iterable[int],
        earlier: set[int],
        code: int,
        ops_key: int,
        delta: Delta,
    ) -> None:
        """Three-card groups of ``card`` with one of ``firsts`` and one of ``seconds``."""
        rank = self.colour_rank
        counts_at_top = self.counts_at_top[ops_key]
        per_top = [0] * TIER_BITS_ROOM
        own = delta.members
        for first in firsts:
            if first in earlier:
                continue
            first_rank = rank[first]
            top_so_far = first_rank if first_rank > mine_rank else mine_rank
            for second in seconds:
                if second in earlier:
                    continue
                second_rank = rank[second]
                top = second_rank if second_rank > top_so_far else top_so_far
                per_top[top] += 1
                if counts_at_top[top]:
                    if mine_rank == top:
                        own.append(card)
                    if first_rank == top:
                        own.append(first)
                    if second_rank == top:
                        own.append(second)
        kinds = delta.kinds
        base = (code << OPS_BITS | ops_key) << TOP_BITS
        for top, count in enumerate(per_top):
            if count:
                key = (base + top) * 2
                kinds[key] = kinds.get(key, 0) + count

    def _role_of(self, code: int, ops_key: int, top: int) -> tuple:
        base = self.base
        values = (code // (base * base), code // base % base, code % base)
        tier_roles = _tier_roles(values, self.ops_sets[ops_key], self.tiers)
        return tuple(
            (self.stats[t], trivial, practising, needing)
            for t, (member, trivial, practising, needing) in enumerate(tier_roles[: len(self.stats)])
            if member and t >= top
        )

    def _account(self, change: Change, sign: int) -> None:
        """Add (``sign`` 1) or take away (-1) a change from every running total."""
        count = self.own_count
        for member, number in change.members.items():
            count[member] += sign * number
        pairs, pair_kinds, distinct = self.own_pairs, self.pair_kinds, self.distinct_pairs
        for (member, kind), number in change.pairs.items():
            step = sign * number
            count[member] += step
            pairs[member] += step
            kinds = pair_kinds[member]
            was = kinds.get(kind, 0)
            now = was + step
            if now:
                kinds[kind] = now
            else:
                del kinds[kind]
            if not was:
                distinct[member] += 1
            elif not now:
                distinct[member] -= 1
        roles = self.role_cache
        for kind, number in change.kinds.items():
            step = sign * number
            weight = step * PAIR_WEIGHT if kind & 1 else step
            code = kind >> CODE_SHIFT + 1
            tiers = roles.get(kind >> 1)
            if tiers is None:
                tiers = self._role(kind >> 1)
            for stats, trivial, practising_here, needing in tiers:
                stats.groups += step
                stats.weighted += weight
                stats.equations[code] += step
                old = stats.weighted_equations[code]
                stats.weighted_equations[code] = old + weight
                stats.square_sum += weight * (2 * old + weight)
                if trivial:
                    stats.trivial += step
                    stats.weighted_trivial += weight
                if practising_here:
                    stats.practising += step
                    stats.weighted_practising += weight
                    stats.weighted_facts[code] += weight
                    if kind & 1:
                        stats.pair_facts[code] += step
                    if needing:
                        stats.weighted_needing += weight
                    facts = stats.facts
                    before = facts[code]
                    facts[code] = before + step
                    if not before:
                        stats.covered += 1
                    elif not before + step:
                        stats.covered -= 1

    def _refresh(self, cards: list[int]) -> Change:
        """Re-file changed cards and take in what changed (kept to undo the move cheaply)."""
        before = self._delta(cards)
        for card in cards:
            self._index(card)
        change = _difference(self._delta(cards), before)
        self._account(change, 1)
        return change

    # -- scoring --------------------------------------------------------------------------
    def penalty(self) -> float:
        """The score a step is judged by (lower is better): see :mod:`~.design_score`."""
        return penalty(self)

    # -- moves (see design_moves) ---------------------------------------------------------
    def _propose(self) -> Proposal | None:
        return propose(self)

    def _undo(self, cards: list[int], saved: Saved, old: OldTriple | None, refreshed: Change) -> None:
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
        self._account(refreshed, -1)
        for card in cards:
            self._index(card)

    def feedback(self) -> int:
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
        deck = self.deck()
        limits = self.criteria
        misses = 0 if balance(deck, limits).passed() else 1
        for number, (tier, size) in enumerate(zip(self.tiers, self.tier_sizes, strict=True)):
            groups = find_groups(cards[:size], tier.ops())
            masks = [g.mask for g in groups]
            flags = group_flags(groups, tier)
            equations, names, kinds = equation_numbers(groups, tier)
            played = []
            for players in limits.players:
                stream = f"feedback:{self.seed}:{self.feedback_round}:{tier.name}:{players}"
                stats = simulate(size, masks, flags, players, s.feedback_games, stream, equations, kinds)
                played.append(stats)
                for card, share in enumerate(stats.stranded()):
                    worst[card] = max(worst[card], share)
            misses += len(quick_report(deck, tier, groups, played, limits).failures())
            own = limits.tiers[number]
            steer_variety(self.steer[number], s, tier, own, limits, played, kinds)
            if own.focus:
                steer_focus(self.steer[number], s, tier, own, played, names, kinds)
        # The deck as it stands is a candidate: those that missed the fewest criteria in these
        # games (the later on a tie) are what the attempt returns (see ``candidates``).
        self.judged.append((misses, -self.feedback_round, deck))
        if self.best is None or misses <= self.best[0]:
            self.best = (misses, deck)
        for card, share in enumerate(worst):
            # One notch over the alarm, two near verify's line (a card left that often there is
            # usually the one that fails criterion 8).
            notches = (share > s.strand_alarm) + (share > limits.max_stranded - s.strand_near)
            self.boost[card] = min(s.boost_cap, self.boost[card] + notches)
        return misses

    def anneal(self, iterations: int, progress: Progress | None, done: int, total: int) -> float:
        """Simulated annealing on :meth:`penalty` (lower is better); returns the final penalty.

        When feedback is on and no deck the feedback games judged has met every criterion by
        the end, up to ``polish_rounds`` more rounds of ``feedback_every`` steps (and at most
        ``polish_share`` of ``iterations`` in all) run at the final temperature, each judged
        the same way, until one does (steps, never seconds).
        """
        s = self.settings
        start, end = s.temperatures
        first_feedback = int(iterations * s.feedback_start)
        current = self.penalty()
        for step in range(iterations):
            if s.feedback_every and step >= first_feedback and (step - first_feedback) % s.feedback_every == 0:
                self.feedback()
                current = self.penalty()
            current = self._step(current, start * (end / start) ** (step / max(1, iterations)))
            if progress is not None and step % 500 == 499:
                progress(done + step + 1, total)
        if not s.feedback_every:
            return current
        self.feedback()  # the final deck is a candidate too
        # At most polish_share more steps than the search itself (none for a short search).
        for _ in range(min(s.polish_rounds, int(iterations * s.polish_share) // s.feedback_every)):
            if self.best is not None and self.best[0] == 0:
                break
            current = self.penalty()
            for _ in range(s.feedback_every):
                current = self._step(current, end)
            self.feedback()
        return current

    def _step(self, current: float, temperature: float) -> float:
        """One proposed move, kept or undone (Metropolis rule); returns the penalty after it."""
        proposal = self._propose()
        if proposal is None:
            return current
        cards, saved, old = proposal
        refreshed = self._refresh(cards)
        candidate = self.penalty()
        if candidate <= current or self.rng.random() < math.exp((current - candidate) / temperature):
            return candidate
        self._undo(cards, saved, old, refreshed)
        return current

    def best_deck(self) -> Deck:
        """The deck to check first: of the decks the feedback games judged (the final one among
        them), the one that missed the fewest criteria there. Annealing ends wherever its last
        steps wander; a deck it passed through may have met more of what play asks."""
        return self.best[1] if self.best is not None else self.deck()

    def candidates(self, count: int) -> list[Deck]:
        """Up to ``count`` different decks to check, best first: :meth:`best_deck`, then the next
        fewest criteria missed (the later round first). A few hundred feedback games are a rough
        judge, so verify's check of a runner-up often passes where the best just missed."""
        found = [self.best_deck()]
        for _, _, deck in sorted(self.judged, key=lambda judged: judged[:2]):
            if len(found) >= count:
                break
            if deck.cards not in [other.cards for other in found]:
                found.append(deck)
        return found

    def deck(self) -> Deck:
        cards = []
        numbers: dict[Tier, int] = {}
        for index, tier in enumerate(self.colours):
            numbers[tier] = numbers.get(tier, 0) + 1
            cells = tuple(Cell(p // 3, p % 3, v) for p, v in sorted(self.cells[index].items()))
            cards.append(Card(f"{tier.prefix}{numbers[tier]:02d}", tier, cells))
        return Deck(self.goal.name, tuple(cards), self.goal.spec, self.goal.tiers)


@dataclass(frozen=True)
class DesignResult:
    """The deck a search ended with, the attempt that made it, and whether that attempt passed its check."""

    deck: Deck
    attempt: int
    passed: bool


def attempt_seed(seed: int, attempt: int) -> int | str:
    """Attempt 1 searches from the seed itself; later attempts from ``"seed:attempt"``."""
    return seed if attempt == 1 else f"{seed}:{attempt}"


def search_attempt(
    seed: int,
    attempt: int,
    settings: DesignSettings,
    progress: Progress | None = None,
    goal: DesignGoal = STANDARD_GOAL,
) -> list[Deck]:
    """One attempt's search, from its own seed: its candidate decks, best first (not yet checked)."""
    search = DeckSearch(attempt_seed(seed, attempt), settings, goal)
    search.anneal(settings.iterations, progress, 0, settings.iterations)
    return search.candidates(settings.candidates)


def _attempt_in_worker(seed: int, attempt: int, settings: DesignSettings, goal: DesignGoal) -> list[Deck]:
    return search_attempt(seed, attempt, settings, lambda done, _total: report((attempt, done)), goal)


def design_deck(
    seed: int,
    settings: DesignSettings | None = None,
    progress: Progress | None = None,
    check: Callable[[Deck], bool] | None = None,
    workers: int = 1,
    announce: Callable[[int, int], None] | None = None,
    goal: DesignGoal = STANDARD_GOAL,
) -> DesignResult:
    """Run the seeded search (verify what it returns before shipping it).

    With ``check`` (simulated play, typically), each attempt's candidate decks are judged by it
    in turn (``announce`` is told the attempt and the candidate's number first), and the search
    goes on to the next attempt until one passes or the attempts run out; the last deck checked
    is returned either way. Without it, one attempt is made and its best deck returned.

    With ``workers`` > 1, that many attempts search at once, each in its own process, and
    are still judged in order: attempt 2 is ready when attempt 1 fails its check, and the
    result is the same as one after another, only sooner.
    """
    settings = settings or DesignSettings()
    attempts = settings.attempts if check is not None else 1
    total = settings.iterations * attempts
    decks = _parallel_attempts if workers > 1 and attempts > 1 else _attempts_in_turn
    result: DesignResult | None = None
    with closing(decks(seed, settings, attempts, workers, progress, goal)) as made:
        for attempt, candidates in made:
            for number, deck in enumerate(candidates if check is not None else candidates[:1], start=1):
                if announce is not None:
                    announce(attempt, number)
                result = DesignResult(deck, attempt, check(deck) if check is not None else True)
                if result.passed:
                    break
            if result is not None and result.passed:
                break
    if progress is not None:
        progress(total, total)
    assert result is not None
    return result


def _attempts_in_turn(
    seed: int, settings: DesignSettings, attempts: int, _workers: int, progress: Progress | None, goal: DesignGoal
) -> Generator[tuple[int, list[Deck]], None, None]:
    total = settings.iterations * attempts
    for attempt in range(1, attempts + 1):
        done = (attempt - 1) * settings.iterations
        step = None if progress is None else (lambda steps, _total, done=done: progress(done + steps, total))
        yield attempt, search_attempt(seed, attempt, settings, step, goal)


def _parallel_attempts(
    seed: int, settings: DesignSettings, attempts: int, workers: int, progress: Progress | None, goal: DesignGoal
) -> Generator[tuple[int, list[Deck]], None, None]:
    """Attempts searched ``workers`` at a time, handed out in order of attempt.

    The next attempt starts when the caller asks for more (its check failed); the attempts
    still searching are ended when the caller stops asking.
    """
    total = settings.iterations * attempts
    queue = multiprocessing.get_context().Queue()
    steps = [0] * (attempts + 1)
    futures: dict[int, Future[list[Deck]]] = {}

    def show_progress() -> None:
        while not queue.empty():
            attempt, done = queue.get()
            steps[attempt] = max(steps[attempt], done)
        if progress is not None:
            progress(sum(steps), total)

    try:
        with worker_pool(workers, queue) as pool:

            def start(attempt: int) -> None:
                if attempt <= attempts:
                    futures[attempt] = pool.submit(_attempt_in_worker, seed, attempt, settings, goal)

            for attempt in range(1, workers + 1):
                start(attempt)
            for attempt in range(1, attempts + 1):
                future = futures.pop(attempt)
                while not wait([future], timeout=POLL_SECONDS).done:
                    show_progress()
                deck = future.result()
                steps[attempt] = settings.iterations
                show_progress()
                yield attempt, deck
                start(attempt + workers)
    finally:
        queue.close()
        queue.cancel_join_thread()
