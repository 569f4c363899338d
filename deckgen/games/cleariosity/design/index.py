"""The design search's group kinds: what the running totals count groups by.

A group's kind is its equation's code, the set of operations it reads with, the top colour of
its cards, and whether it is a two-card group. The search sums thousands of groups a step by
kind, so a kind is one int with those four fields in fixed bits (:func:`group_kind` packs it,
:func:`kind_parts` unpacks it, and :data:`GroupKind` keeps the type apart from other ints);
the hot loops use the same shifts, from here.

:class:`GroupIndex` is the search's incremental state: the cards' cells filed by which cells
of each line they fill, and every running total the score reads (each tier's groups by kind,
each card's own groups and two-card groups, numbers printed and cells used). A move re-files
only the cards it changed, and the totals take in only the groups that changed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from typing import NamedTuple, NewType, cast

from deckgen.games.cleariosity.core.groups import equation_table
from deckgen.games.cleariosity.core.model import Tier
from deckgen.games.cleariosity.core.rules import OPS, equation_ops, is_trivial
from deckgen.games.cleariosity.design.compiled import groups_engine
from deckgen.games.cleariosity.design.score import PAIR_WEIGHT
from deckgen.games.grid import LINE_POSITIONS

#: The eight reading lines as grid positions (row * 3 + col).
LINES: tuple[tuple[int, int, int], ...] = tuple(LINE_POSITIONS.values())
#: Every line's number, for a look along all of them.
ALL_LINES = tuple(range(len(LINES)))

GroupKind = NewType("GroupKind", int)

#: Bits of a kind, from the lowest: two-card or not (1), top colour (TOP_BITS), operations'
#: key (OPS_BITS: room for 16 sets of operations, of which + - × ÷ make 15), then the code.
TOP_BITS = 3
OPS_BITS = 4
#: Room for tiers in a kind: 8 (a spec has at most :data:`~.spec.deck_spec.MOST_TIERS`, 6).
TIER_BITS_ROOM = 1 << TOP_BITS
OPS_ROOM = 1 << OPS_BITS
#: Shifts from a kind without its two-card bit (what the role cache is keyed by) to its fields.
OPS_SHIFT = TOP_BITS
CODE_SHIFT = TOP_BITS + OPS_BITS


class KindParts(NamedTuple):
    """A group kind's fields."""

    code: int
    ops_key: int
    top: int
    pair: bool


def group_kind(code: int, ops_key: int, top: int, pair: bool) -> GroupKind:
    """The kind of a group with this equation code, operations' key, top colour and size."""
    if not (0 <= ops_key < OPS_ROOM and 0 <= top < TIER_BITS_ROOM):
        raise ValueError(f"operations' key {ops_key} or top colour {top} does not fit a group kind")
    return GroupKind((((code << OPS_BITS | ops_key) << TOP_BITS | top) << 1) | pair)


def kind_parts(kind: GroupKind) -> KindParts:
    """The fields of a group kind (see :func:`group_kind`)."""
    role = kind >> 1
    return KindParts(
        role >> CODE_SHIFT, (role >> OPS_SHIFT) & (OPS_ROOM - 1), role & (TIER_BITS_ROOM - 1), bool(kind & 1)
    )


@cache
def _tier_roles(
    values: tuple[int, int, int], ops: tuple[str, ...], tiers: tuple[Tier, ...]
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


class TierStats:
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
    """What some groups add to the running totals (see :meth:`GroupIndex._delta`).

    ``kinds`` maps a group kind (:func:`~.design.index.group_kind`) to how many of the groups
    are of that kind; ``members`` lists the cards that count a three-card group as their own
    (once per group), and ``pair_members`` the same for two-card groups, with the pair's kind
    (line * codes + code). The compiled sums give both as dicts of counts instead of lists.
    """

    kinds: dict[int, int]
    members: list[int] | dict[int, int]
    pair_members: list[tuple[int, int]] | dict[tuple[int, int], int]


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


class GroupIndex:
    """The cards' cells, filed line by line, and the running totals of every tier's groups."""

    def __init__(
        self,
        cells: list[dict[int, int]],
        colours: Sequence[Tier],
        tiers: tuple[Tier, ...],
        tier_sizes: Sequence[int],
        numbers: Sequence[int],
        max_same_number: int,
    ) -> None:
        """File ``cells`` (one dict of position → number per card, shared with the caller, who
        changes them and calls :meth:`refresh`), of cards of these colours, and count every group."""
        self.cells = cells
        self.tiers = tiers
        self.max_same_number = max_same_number
        total = len(cells)
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
        # Index of footprints: for each line, which cards fill which of its cells.
        self.footprints: list[list[tuple[int, tuple[int, int, int]]]] = [[(0, (0, 0, 0))] * 8 for _ in range(total)]
        self.singles: list[list[list[set[int]]]] = [[[set() for _ in range(base)] for _ in range(3)] for _ in LINES]
        self.dominoes: list[dict[int, set[int]]] = [{m: set() for m in (3, 5, 6)} for _ in LINES]
        self.colour_rank = [tier.rank for tier in colours]
        self.counted: list[dict[int, int]] = [{} for _ in range(total)]
        self.digits = [0] * base
        self.used = [0] * 9
        self.same = [0] * (len(self.tiers) * 9 * base)
        self.same_excess = 0
        self.lonely = 0
        #: Cards by colour and cells, and how many cards repeat another's (verify's criterion 19).
        self.looks: Counter[tuple[int, frozenset[tuple[int, int]]]] = Counter()
        self.alike = 0
        self.stats = [TierStats(size, self.codes) for size in tier_sizes]
        self.role_cache: dict[int, tuple] = {}
        #: The lines the last refresh re-filed (an undo re-files the same ones).
        self.refreshed_lines: Sequence[int] = ALL_LINES
        self.own_count = [0] * total
        self.own_pairs = [0] * total
        # Per card: its two-card groups by (line, equation). A card whose pairs all read the same
        # equation on the same line waits on one kind of partner, and is often left over.
        self.pair_kinds: list[dict[int, int]] = [{} for _ in range(total)]
        self.distinct_pairs = [0] * total
        # The group sums compiled (see compiled.py), which read the index above as it is.
        self.engine = groups_engine()
        for card in range(total):
            self.file_card(card)
        self.account(_difference(self._delta(list(range(total)))), 1)

    # -- the group index ------------------------------------------------------------------
    def file_card(self, card: int, lines: Sequence[int] = ALL_LINES) -> None:
        """File the card's footprint on ``lines`` (every line, unless only some changed): dominoes
        by mask, single numbers by slot and value."""
        cells = self.cells[card]
        prints = self.footprints[card]
        if self.engine is not None:
            self.engine.index_card(card, list(lines), cells, prints, self.singles, self.dominoes)
            lines = ()
        for number in lines:
            line = LINES[number]
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
        """Digit, cell and same-number totals, lone equations and alike cards, kept up to date card
        by card."""
        cells = self.counted[card]
        colour = self.colour_rank[card]
        same, cap, base = self.same, self.max_same_number, self.base
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
        if cells:
            # A card counts as alike when another of its colour already looks the same.
            look = (colour, frozenset(cells.items()))
            if sign > 0:
                self.alike += self.looks[look] > 0
                self.looks[look] += 1
            else:
                self.looks[look] -= 1
                self.alike -= self.looks[look] > 0

    def _delta(self, changed: list[int], lines: Sequence[int] = ALL_LINES) -> Delta:
        """What the groups through the ``changed`` cards add to the running totals, each group once
        (on ``lines`` only: the numbers of the lines, in :data:`LINES`, to look along).

        Read from the footprint index, and summed on the way: the tiers' totals by group kind
        (equation, operations, top colour, two-card or not) with how many groups are of that
        kind, the cards that count a group as their own, and the two-card groups' kinds per
        card. Summing first is what makes a step cheap: a step touches about 150 groups but
        far fewer kinds, and adding the same totals in another order gives the same figures.
        """
        if self.engine is not None:
            return Delta(
                *self.engine.delta(
                    list(changed),
                    list(lines),
                    self.footprints,
                    self.singles,
                    self.dominoes,
                    self.table,
                    self.base,
                    self.codes,
                    self.colour_rank,
                    self.counts_at_top,
                )
            )
        table = self.table
        base = self.base
        prints = self.footprints
        delta = Delta({}, [], [])
        earlier: set[int] = set()
        for card in changed:
            mine_rank = self.colour_rank[card]
            for number in lines:
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
        kinds, own = delta.kinds, cast(list[tuple[int, int]], delta.pair_members)  # the Python's lists
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
        own = cast(list[int], delta.members)  # the Python's lists
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

    def account(self, change: Change, sign: int) -> None:
        """Add (``sign`` 1) or take away (-1) a change from every running total."""
        if self.engine is not None:
            self.engine.account(
                change,
                sign,
                self.own_count,
                self.own_pairs,
                self.pair_kinds,
                self.distinct_pairs,
                self.role_cache,
                self._role,
                PAIR_WEIGHT,
                CODE_SHIFT,
            )
            return
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

    def refresh(self, cards: list[int]) -> Change:
        """Re-file changed cards and take in what changed (kept to undo the move cheaply).

        Only the lines through a cell that changed are looked along, before and after: on every
        other line the changed cards' groups are the same before and after, and would cancel
        (a free number moved within a card touches two to four of the eight lines)."""
        moved = set()
        for card in cards:
            old, new = self.counted[card], self.cells[card]
            moved |= {position for position in old.keys() | new.keys() if old.get(position) != new.get(position)}
        lines = [number for number, line in enumerate(LINES) if moved.intersection(line)]
        self.refreshed_lines = lines
        before = self._delta(cards, lines)
        for card in cards:
            self.file_card(card, lines)
        after = self._delta(cards, lines)
        change = Change(*self.engine.difference(after, before)) if self.engine else _difference(after, before)
        self.account(change, 1)
        return change
