"""A constructive start for the design search: free numbers laid to make two-card groups.

The search's usual start (:meth:`~.design.search.DeckSearch._fill_free_cells`) gives each card's two
free numbers at random. With the numbers 0-9 that is a fine start: most small numbers add up to
another, and every card soon has many groups. A deck of the times tables is sparse: few triples
of products read as an equation, and a tier of the 8 and 9 tables has 28 new facts on a few
dozen cards. From a random start the annealing never gives its rarest facts a two-card group
(criterion 16), and cards beginners can pair stay few (criteria 5 and 9).

So where numbers come into play tier by tier (a spec of nested tables), each free number is
laid, tier by tier and card by card, where it makes the most two-card groups worth having:

- a card whose two numbers on a line await a third (a *domino*) pairs with every card that
  carries that third number alone on the line, in its cell; a free number either turns a card's
  lone number on a line into such a domino, or is that lone third number for the dominoes
  already laid;
- a group is worth most when it reads as a fact of a tier that still lacks two-card groups (one
  more than criterion 16 asks), less for a card with fewer two-card groups than criterion 5
  asks, and little otherwise; a number that would spoil groups a card has (three numbers on
  a line) is weighed against them.

Ties are broken by the search's own random stream, so a seed still gives one deck. The
annealing then starts from this deck, cooler than from a random one (see
``DesignSettings.constructive_temperatures``), so it keeps what was built and mends the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckgen.games.cleariosity.core.rules import equation_ops, is_trivial
from deckgen.games.cleariosity.design.index import LINES

if TYPE_CHECKING:
    from deckgen.games.cleariosity.design.views import StartView

#: A two-card group the start counts: the partner card and the line's three numbers.
Pair = tuple[int, tuple[int, int, int]]

#: The lines through each cell, with the cell's slot on the line.
LINES_THROUGH: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((number, line.index(cell)) for number, line in enumerate(LINES) if cell in line) for cell in range(9)
)

#: What a new two-card group is worth to the start: one of a fact that lacks pairs (more while it
#: has none), one that gives a card short of pairs its pair, and any other group.
SHORT_FACT_WORTH = 3.0
UNPAIRED_FACT_WORTH = 6.0
SHORT_CARD_WORTH = 1.0
OTHER_WORTH = 0.1
#: What printing a number is worth while it is printed fewer times than criterion 11 asks (and
#: one more): the start keeps the numbers' balance, which the annealing would otherwise mend
#: by undoing groups.
RARE_NUMBER_WORTH = 2.0
#: Rounds of dominoes for the facts still short of two-card groups.
PLANT_ROUNDS = 2


class PairLayer:
    """Lays the free numbers of a search's cards, tier by tier, for two-card groups."""

    def __init__(self, search: StartView, fact_pairs: list[int], card_pairs: int) -> None:
        self.search = search
        self.cells = search.cells
        self.ranks = [tier.rank for tier in search.colours]
        self.ops = [tier.ops() for tier in search.tiers]
        #: Each fact a tier brings in (its × and ÷ facts: criterion 16's), with its tier.
        self.fact_tier: dict[tuple[int, int, int], int] = {}
        for rank, facts in enumerate(search.goal_facts):
            for fact in facts:
                self.fact_tier.setdefault(fact, rank)
        self.fact_pairs_wanted = fact_pairs
        self.card_pairs_wanted = card_pairs
        self.pairs_of_fact: dict[tuple[int, int, int], int] = dict.fromkeys(self.fact_tier, 0)
        self.card_pairs = [0] * len(self.cells)
        criteria = search.criteria
        self.printed = dict.fromkeys(criteria.numbers, 0)
        for cells in self.cells:
            for value in cells.values():
                self.printed[value] += 1
        self.needed = {number: criteria.least_use(number) + 1 for number in criteria.numbers}
        #: The laid cards' numbers line by line: alone on a line (by slot, then value) and two
        #: on a line (by the slot they leave empty).
        self.singles: list[list[dict[int, set[int]]]] = [[{} for _ in range(3)] for _ in LINES]
        self.dominoes: list[list[dict[int, dict[int, int]]]] = [[{} for _ in range(3)] for _ in LINES]

    # -- the groups a number would make or spoil ------------------------------------------
    def _on_line(self, card: int, line: int) -> dict[int, int]:
        """The card's numbers on a line, by slot."""
        cells = self.cells[card]
        return {slot: cells[cell] for slot, cell in enumerate(LINES[line]) if cell in cells}

    def _file(self, card: int, sign: int) -> None:
        """File (1) or unfile (-1) a laid card's numbers line by line: alone on a line by slot
        and value, two on a line by the slot they leave."""
        for line in range(len(LINES)):
            mine = self._on_line(card, line)
            if len(mine) == 1:
                ((slot, value),) = mine.items()
                holders = self.singles[line][slot].setdefault(value, set())
                if sign > 0:
                    holders.add(card)
                else:
                    holders.discard(card)
            elif len(mine) == 2:
                missing = 3 - sum(mine)
                if sign > 0:
                    self.dominoes[line][missing][card] = mine
                else:
                    self.dominoes[line][missing].pop(card, None)

    def _pairs_on_line(self, card: int, line: int, mine: dict[int, int]) -> list[Pair]:
        """The two-card groups ``card`` would make on a line with ``mine`` its numbers there:
        (partner, the line's numbers), among the cards laid so far."""
        found: list[Pair] = []
        if len(mine) == 2:
            missing = 3 - sum(mine)
            partners = [
                (other, {**mine, missing: value})
                for value, holders in self.singles[line][missing].items()
                for other in holders
            ]
        elif len(mine) == 1:
            slot = next(iter(mine))
            partners = [(other, {**theirs, **mine}) for other, theirs in self.dominoes[line][slot].items()]
        else:
            return found
        for other, merged in partners:
            if other == card:
                continue
            values = (merged[0], merged[1], merged[2])
            top = max(self.ranks[card], self.ranks[other])
            if any(not is_trivial(*values, op) for op in equation_ops(*values, self.ops[top])):
                found.append((other, values))
        return found

    def _worth(self, card: int, other: int, values: tuple[int, int, int]) -> float:
        worth = OTHER_WORTH
        rank = self.fact_tier.get(values)
        if rank is not None and max(self.ranks[card], self.ranks[other]) <= rank:
            have = self.pairs_of_fact[values]
            if have < self.fact_pairs_wanted[rank]:
                worth += UNPAIRED_FACT_WORTH if not have else SHORT_FACT_WORTH
        for member in (card, other):
            if self.card_pairs[member] < self.card_pairs_wanted:
                worth += SHORT_CARD_WORTH
        return worth

    def _change(self, card: int, cell: int, value: int) -> tuple[list[Pair], list[Pair]] | None:
        """The two-card groups the card would gain and lose with ``value`` in ``cell`` (``None``:
        three numbers on a line, which the start never lays)."""
        gained: list[Pair] = []
        lost: list[Pair] = []
        for line, slot in LINES_THROUGH[cell]:
            before = self._on_line(card, line)
            if len(before) == 2:
                return None
            after = {**before, slot: value}
            lost += self._pairs_on_line(card, line, before)
            gained += self._pairs_on_line(card, line, after)
        return gained, lost

    def _apply(self, card: int, pairs: list[Pair], sign: int) -> None:
        for other, values in pairs:
            rank = self.fact_tier.get(values)
            if rank is not None and max(self.ranks[card], self.ranks[other]) <= rank:
                self.pairs_of_fact[values] += sign
            self.card_pairs[card] += sign
            self.card_pairs[other] += sign

    # -- laying ----------------------------------------------------------------------------
    def lay(self) -> None:
        """Lay every card's free numbers, tier by tier: dominoes for the tier's facts short of
        two-card groups first (:meth:`_plant`, ``PLANT_ROUNDS`` rounds), then each number left
        where it is worth most (:meth:`_lay_one`)."""
        search = self.search
        rng = search.rng
        for first, last in zip(search.first_index, search.tier_sizes, strict=True):
            members = list(range(first, last))
            # The tier's cards come into play with their certificate numbers, each pair counted once.
            for card in members:
                for line in range(len(LINES)):
                    self._apply(card, self._pairs_on_line(card, line, self._on_line(card, line)), 1)
                self._file(card, 1)
            for _ in range(PLANT_ROUNDS):
                self._plant(members, first)
            for _ in range(2):
                rng.shuffle(members)
                for card in members:
                    if len(self.cells[card]) < 3:
                        self._lay_one(card)

    def _plant(self, members: list[int], rank_first: int) -> None:
        """Give each fact of the tier that lacks two-card groups a domino: a card of the tier
        takes the fact's numbers but one on a line (one or two free numbers, joining a number it
        has there), where the most cards laid so far carry the last number alone."""
        search = self.search
        rng = search.rng
        rank = self.ranks[rank_first]
        facts = [fact for fact, own in self.fact_tier.items() if own == rank]
        rng.shuffle(facts)
        for fact in facts:
            if self.pairs_of_fact[fact] >= self.fact_pairs_wanted[rank]:
                continue
            best = None
            for card in members:
                room = 3 - len(self.cells[card])
                if not room:
                    continue
                banned = set(LINES[search.certificate_line[card]])
                for line, cells_of_line in enumerate(LINES):
                    mine = self._on_line(card, line)
                    if len(mine) > 1:
                        continue
                    for lone in range(3):
                        wanted = {slot: fact[slot] for slot in range(3) if slot != lone}
                        if any(wanted.get(slot) != value for slot, value in mine.items()):
                            continue
                        new = [(cells_of_line[slot], value) for slot, value in wanted.items() if slot not in mine]
                        if len(new) > room or any(cell in banned for cell, _ in new):
                            continue
                        if any(value not in search.card_values[card] for _, value in new):
                            continue
                        holders = self.singles[line][lone].get(fact[lone], set())
                        partners = len(holders) - (card in holders)
                        # A domino that has a partner, then the fewest free numbers spent on it.
                        key = (partners > 0, -len(new), partners, rng.random())
                        if best is None or key > best[0]:
                            best = (key, card, new)
            if best is None:
                continue
            _, card, new = best
            for cell, value in new:
                change = self._change(card, cell, value)
                if change is None:  # a third number on another line: the rest is left to _lay_one
                    break
                gained, lost = change
                self._apply(card, lost, -1)
                self._file(card, -1)
                self.cells[card][cell] = value
                self.printed[value] += 1
                self._file(card, 1)
                self._apply(card, gained, 1)

    def _lay_one(self, card: int) -> None:
        """Lay one free number of ``card`` in the cell and with the value worth most (see
        the module's notes; ties broken at random)."""
        search = self.search
        rng = search.rng
        cells = self.cells[card]
        banned = set(LINES[search.certificate_line[card]])
        best: tuple[float, float, int, int, list[Pair], list[Pair]] | None = None
        for cell in range(9):
            if cell in cells or cell in banned:
                continue
            for value in search.card_values[card]:
                change = self._change(card, cell, value)
                if change is None:
                    continue
                gained, lost = change
                score = sum(self._worth(card, o, v) for o, v in gained) - sum(self._worth(card, o, v) for o, v in lost)
                if self.printed[value] < self.needed[value]:
                    score += RARE_NUMBER_WORTH
                tie = rng.random()
                if best is None or (score, tie) > best[:2]:
                    best = (score, tie, cell, value, gained, lost)
        if best is None:  # no cell free of a full line: any free cell, any number
            options = [cell for cell in range(9) if cell not in cells and cell not in banned]
            values = search.card_values[card]
            self._file(card, -1)
            value = values[rng.randrange(len(values))]
            cells[rng.choice(options)] = value
            self.printed[value] += 1
            self._file(card, 1)
            return
        _, _, cell, value, gained, lost = best
        self._apply(card, lost, -1)
        self._file(card, -1)
        cells[cell] = value
        self.printed[value] += 1
        self._file(card, 1)
        self._apply(card, gained, 1)
