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
   which cards fill which cells of each line. Where numbers come into play tier by tier (nested
   tables, a sparse deck), the free numbers start laid for two-card groups of every fact rather
   than at random (:mod:`~.design.start`), and the annealing starts cooler so as to keep them.
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
   so in the second half of the search 2,000 seeded games per tier and player count are played
   every 6,000 steps, and the cards left over too often get higher pair targets. The same
   games steer the variety targets: wherever play comes near one of verify's lines, that
   tier's target tightens a notch.
5. **Check.** The feedback games (seeds of their own) pick each attempt's candidates; each is
   then judged by verify's full verdict, confirmation runs included, with seeds design keeps
   for itself (``deckgen design``: two of them), never verify's. A deck that misses starts the
   next attempt from a seed derived from the first, until one passes or the time limit is up.
   Every budget inside an attempt counts steps, never seconds, and attempts are judged in order,
   so a seed always gives the same deck: time only decides when the search gives up.

The parts, each in its own module: the incremental state and group index
(:mod:`~.design.index`), the score's named terms (:mod:`~.design.score`), the moves
(:mod:`~.design.moves`), steering from the feedback games (:mod:`~.design.steering`), the
constructive start of nested tables (:mod:`~.design.start`) and every target, weight and budget
(:mod:`~.design.settings`). This module holds the search itself: the
start, the annealing loop, feedback and the attempts.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Callable, Generator, Iterator
from concurrent.futures import Future, wait
from contextlib import closing
from dataclasses import dataclass, replace
from functools import partial
from operator import itemgetter

from deckgen.games.cleariosity.analysis.facts import teaching_facts, tier_facts
from deckgen.games.cleariosity.analysis.tier_report import balance, equation_numbers, group_flags, quick_report
from deckgen.games.cleariosity.core.groups import find_groups
from deckgen.games.cleariosity.core.model import STANDARD_TIERS, Card, Cell, Deck, Tier
from deckgen.games.cleariosity.core.rules import is_trivial
from deckgen.games.cleariosity.core.standard import STANDARD_COUNTS
from deckgen.games.cleariosity.criteria.lines import STANDARD_CRITERIA, Criteria
from deckgen.games.cleariosity.criteria.registry import fact_pair_ops
from deckgen.games.cleariosity.design.compiled import groups_engine
from deckgen.games.cleariosity.design.index import LINES, Change, GroupIndex
from deckgen.games.cleariosity.design.moves import propose
from deckgen.games.cleariosity.design.score import penalty
from deckgen.games.cleariosity.design.settings import DesignSettings
from deckgen.games.cleariosity.design.start import PairLayer
from deckgen.games.cleariosity.design.steering import Steer, steer_focus, steer_variety
from deckgen.games.cleariosity.design.views import OldTriple, Proposal, Saved
from deckgen.games.play.simulate import simulate
from deckgen.workers import POLL_SECONDS, report, worker_pool
from deckgen.workers import context as worker_context

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


def _largest_at(codes: list[int]) -> Callable[[list[int]], int]:
    """A function giving the largest entry of a list at ``codes`` (compiled where built, else
    itemgetter and max, both in C): the score reads a tier's commonest equation and fact so."""
    engine = groups_engine()
    if engine is not None:
        return partial(engine.largest, tuple(codes))
    if len(codes) > 1:
        picker = itemgetter(*codes)
        return lambda values: max(picker(values))
    return lambda values: max(values[code] for code in codes)


class DeckSearch:
    """One seeded search: its teaching triples, targets, feedback and loop, on the cards and
    running totals of its :class:`~.design.index.GroupIndex`."""

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
        self.goal_facts = [goal.facts(t) for t in self.tiers]
        self.card_values = self._card_values()
        #: Numbers that come into play tier by tier (nested tables): the free numbers are laid
        #: for two-card groups (see design.start), and the annealing starts cooler.
        self.constructive = settings.constructive_start and bool(goal.criteria.tier_numbers)
        if self.constructive:
            self.settings = self.settings.constructive()
        self._lay_certificates()
        if self.constructive:
            wanted = [own.min_fact_pairs + settings.rare_fact_pair_margin for own in goal.criteria.tiers]
            PairLayer(self, wanted, goal.criteria.min_pairs + settings.start_pair_margin).lay()
        else:
            self._fill_free_cells()
        #: The cards filed line by line and the running totals of every group (the cells are shared).
        self.index = GroupIndex(
            self.cells, self.colours, self.tiers, self.tier_sizes, numbers, settings.max_same_number
        )
        # Extra pair targets for the cards that simulated games leave on the table (feedback).
        self.boost = [0] * total
        self.seed = seed
        self.feedback_round = 0
        #: The deck of the feedback round that missed the fewest criteria, and how many it missed.
        self.best: tuple[int, Deck] | None = None
        #: Every deck a feedback round judged: (criteria missed, minus the round, the deck).
        self.judged: list[tuple[int, int, Deck]] = []
        # Per tier, how far play feedback has moved the variety targets (see design.steering).
        self.steer = [Steer() for _ in self.tiers]
        self._aim(settings)

    def _aim(self, settings: DesignSettings) -> None:
        """The codes the score reads and the targets it aims at, from the goal's criteria and the
        group index (``settings``: as given, before they were fitted to the tiers)."""
        numbers, limits, allowed = self.numbers, self.criteria, set(self.numbers)
        base = self.index.base
        # Every equation code a group can have: the running totals by code are zero elsewhere,
        # so their largest entry is read from these alone (a tenth as many look-ups as codes).
        self.largest_equation = _largest_at(
            sorted(
                {(a * base + b) * base + c for a in numbers for b in numbers for c, _ in self.index.table[a * base + b]}
            )
        )
        self.digits_needed = [limits.least_use(digit) + 1 if digit in allowed else 0 for digit in range(base)]
        self.fact_codes = [[(a * base + b) * base + c for a, b, c in facts] for facts in self.goal_facts]
        # The facts criterion 16 judges: a tier's × and ÷ facts (all of them where it has no such
        # operation; a tier that adds + and × is judged by its × facts).
        self.rare_codes = [
            [code for code, fact in zip(codes, facts, strict=True) if tier.reading(fact) in fact_pair_ops(tier)]
            for tier, codes, facts in zip(self.tiers, self.fact_codes, self.goal_facts, strict=True)
        ]
        self.largest_fact = [_largest_at(codes) for codes in self.fact_codes]
        #: Per tier, the equations outside the level's facts (verify's criterion 20): true,
        #: not trivial, outside every in-play tier's tables (10 × 2 = 20 at 2 × 2 to 5 × 5).
        self.outside_codes = [self._outside_codes(tier) for tier in self.tiers]
        # Planting whole two-card groups (see design.moves.propose_plant): for numbers past 9
        # only, where a changed number seldom makes a group.
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
        # Repeats within a game: design aims under the line on the commonest equation where
        # verify's line is looser (it also grows with the cards in play, see criteria.repeat_scale),
        # so a larger deck's games repeat no more than its numbers alone would allow.
        self.repeat_lines = [min(own.max_repeats, own.max_top_equation) for own in limits.tiers]
        self.repeat_room = [line / STANDARD_VARIETY for line in self.repeat_lines]

    def _card_values(self) -> list[tuple[int, ...]]:
        """The numbers each card's free cells may take: those of the facts in play at its tier (and
        0, for the trivial readings a deck of numbers from 0 has). A card of the 2-5 tables has no
        use for 49; for numbers 0-9 every tier may use every number."""
        criteria, allowed = self.criteria, set(self.numbers)
        in_play: list[set[int]] = []
        for facts in self.goal_facts:
            used = {0} & allowed if not in_play else set(in_play[-1])
            for fact in facts:
                used |= set(fact)
            in_play.append(used)
        if criteria.tier_numbers:
            # Numbers that come into play tier by tier: criterion 11 allows a card only those of its tier.
            in_play = [set(criteria.in_play(rank)) for rank in range(len(self.tiers))]
        return [tuple(n for n in self.numbers if n in in_play[tier.rank]) for tier in self.colours]

    def _outside_codes(self, tier: Tier) -> list[int]:
        """The codes of the equations a group may read at ``tier`` that lie outside its facts, read
        as :func:`~.analysis.tier_report.equation_numbers` reads them (none for a deck without tables)."""
        base, in_play, found = self.index.base, set(tier.ops()), []
        for a in self.numbers:
            for b in self.numbers:
                for c, key in self.index.table[a * base + b]:
                    held = tuple(op for op in self.index.ops_sets[key] if op in in_play)
                    if not held:
                        continue
                    op = tier.reading((a, b, c), held)
                    if not is_trivial(a, b, c, op) and not any(t.covers((a, b, c), op) for t in tier.tiers()):
                        found.append((a * base + b) * base + c)
        return found

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
            self.write_triple(number)

    def write_triple(self, number: int) -> None:
        """Write triple ``number``'s fact onto its cards, on its line (the moves call it too)."""
        _, line, triple = self.triples[number]
        for slot, card in enumerate(triple):
            self.cells[card][LINES[line][slot]] = self.triple_fact[number][slot]

    def _fill_free_cells(self) -> None:
        for card, cells in enumerate(self.cells):
            off_line = [p for p in range(9) if p not in LINES[self.certificate_line[card]]]
            for position in self.rng.sample(off_line, 2):
                values = self.card_values[card]
                cells[position] = values[self.rng.randrange(len(values))]

    # -- scoring --------------------------------------------------------------------------
    def penalty(self) -> float:
        """The score a step is judged by (lower is better): see :mod:`~.design.score`."""
        return penalty(self)

    # -- moves (see design.moves) ---------------------------------------------------------
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
        self.index.account(refreshed, -1)
        for card in cards:
            self.index.file_card(card, self.index.refreshed_lines)

    def feedback(self) -> int:
        """Play each tier ``feedback_games`` seeded games and raise the targets of the cards left over.

        Which cards are stranded depends on more than their own counts (whose partners they
        wait for, and who else wants those partners), so the static score is corrected by
        what play shows: a card left on the table in more than ``strand_alarm`` of the
        full-view games of any tier and player count, or near criterion 9's line in beginners'
        games (two-card groups only), gets one more pair, and one more kind of pair, to aim for.
        """
        s = self.settings
        self.feedback_round += 1
        cards = [tuple(sorted(cells.items())) for cells in self.cells]
        worst = [0.0] * len(cards)
        worst_beginner = [0.0] * len(cards)
        deck = self.deck()
        limits = self.criteria
        misses = 0 if balance(deck, limits).passed() else 1
        for number, (tier, size) in enumerate(zip(self.tiers, self.tier_sizes, strict=True)):
            groups = find_groups(cards[:size], tier.ops())
            masks = [g.mask for g in groups]
            flags = group_flags(groups, tier)
            equations, names, kinds = equation_numbers(groups, tier)
            pairs = [index for index, group in enumerate(groups) if group.pair]
            pair_masks, pair_flags = [masks[i] for i in pairs], [flags[i] for i in pairs]
            played, beginners = [], []
            for players in limits.players:
                stream = f"feedback:{self.seed}:{self.feedback_round}:{tier.name}:{players}"
                stats = simulate(size, masks, flags, players, s.feedback_games, stream, equations, kinds)
                played.append(stats)
                for card, share in enumerate(stats.stranded()):
                    worst[card] = max(worst[card], share)
                stats = simulate(size, pair_masks, pair_flags, players, s.feedback_games, f"{stream}:beginner")
                beginners.append(stats)
                for card, share in enumerate(stats.stranded()):
                    worst_beginner[card] = max(worst_beginner[card], share)
            misses += len(quick_report(deck, tier, groups, played, limits, beginners).failures())
            own = limits.tiers[number]
            aimed = replace(own, max_repeats=self.repeat_lines[number])
            steer_variety(self.steer[number], s, tier, aimed, limits, played, kinds)
            if own.focus:
                steer_focus(self.steer[number], s, tier, own, played, names, kinds)
        # The deck as it stands is a candidate: those that missed the fewest criteria in these
        # games (the later on a tie) are what the attempt returns (see ``candidates``).
        self.judged.append((misses, -self.feedback_round, deck))
        if self.best is None or misses <= self.best[0]:
            self.best = (misses, deck)
        beginner_line = limits.max_stranded_beginner
        for card, (share, beginner) in enumerate(zip(worst, worst_beginner, strict=True)):
            # One notch over the alarm, two near verify's line (a card left that often there is
            # usually the one that fails criterion 8); beginners, who leave more cards, likewise
            # near criterion 9's line.
            notches = max(
                (share > s.strand_alarm) + (share > limits.max_stranded - s.strand_near),
                (beginner > beginner_line - 2 * s.strand_near) + (beginner > beginner_line - s.strand_near),
            )
            self.boost[card] = min(s.boost_cap, self.boost[card] + notches)
        return misses

    def anneal(self, iterations: int, progress: Progress | None, done: int, total: int) -> float:
        """Simulated annealing on :meth:`penalty` (lower is better); returns the final penalty.

        With ``stop_when_clean``, the search ends at the first feedback round whose games meet
        every criterion (that deck is then the one to check). When feedback is on and no deck
        the feedback games judged has met every criterion by the end, up to ``polish_rounds``
        more rounds of ``feedback_every`` steps (and at most ``polish_share`` of ``iterations``
        in all) run at the final temperature, each judged the same way, until one does (steps,
        never seconds).
        """
        s = self.settings
        start, end = s.temperatures
        first_feedback = int(iterations * s.feedback_start)
        current = self.penalty()
        for step in range(iterations):
            if s.feedback_every and step >= first_feedback and (step - first_feedback) % s.feedback_every == 0:
                if self.feedback() == 0 and s.stop_when_clean:
                    # Its games met every criterion: check this deck now rather than walk on.
                    if progress is not None:
                        progress(total, total)
                    return self.penalty()
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
        refreshed = self.index.refresh(cards)
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
        fewest criteria missed (the later round first). Feedback games, fewer than the check's, are a rough
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
    """How the search ended: the last deck checked (``None`` when time ran out before any attempt
    finished), the attempt that made it, whether it passed its check, and whether the search
    stopped because its time was up."""

    deck: Deck | None
    attempt: int
    passed: bool
    timed_out: bool = False


def attempt_seed(seed: int, attempt: int) -> int | str:
    """Attempt 1 searches from the seed itself; later attempts from ``"seed:attempt"``."""
    return seed if attempt == 1 else f"{seed}:{attempt}"


#: ``progress(attempt, steps, steps_an_attempt)``: how far the attempt the search waits on has come.
AttemptProgress = Callable[[int, int, int], None]


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


def attempt_numbers(settings: DesignSettings) -> Iterator[int]:
    """The attempts in order: up to ``settings.attempts``, or without end where it is 0 (the time
    limit then ends the search)."""
    return iter(range(1, settings.attempts + 1)) if settings.attempts else itertools.count(1)


def design_deck(
    seed: int,
    settings: DesignSettings | None = None,
    progress: AttemptProgress | None = None,
    check: Callable[[Deck], bool] | None = None,
    workers: int = 1,
    announce: Callable[[int, int], None] | None = None,
    goal: DesignGoal = STANDARD_GOAL,
    deadline: float | None = None,
) -> DesignResult:
    """Run the seeded search (verify what it returns before shipping it).

    With ``check`` (simulated play, typically), each attempt's candidate decks are judged by it
    in turn (``announce`` is told the attempt and the candidate's number first), and the search
    goes on to the next attempt until one passes, the attempts run out (``settings.attempts``; 0:
    no end) or the clock passes ``deadline`` (a :func:`time.monotonic` time); the last deck
    checked is returned either way. Without it, one attempt is made and its best deck returned.

    Attempts are judged in order, so the deck a seed gives never depends on the time: a slower
    computer may run out of time where a faster one finds the deck, never find another one.

    With ``workers`` > 1, that many attempts search at once, each in its own process, and
    are still judged in order: attempt 2 is ready when attempt 1 fails its check, and the
    result is the same as one after another, only sooner.
    """
    settings = settings or DesignSettings()
    if check is None:
        settings = replace(settings, attempts=1)
    decks = _parallel_attempts if workers > 1 and settings.attempts != 1 else _attempts_in_turn
    result: DesignResult | None = None
    with closing(decks(seed, settings, workers, progress, goal, deadline)) as made:
        for attempt, candidates in made:
            for number, deck in enumerate(candidates if check is not None else candidates[:1], start=1):
                if announce is not None:
                    announce(attempt, number)
                result = DesignResult(deck, attempt, check(deck) if check is not None else True)
                if result.passed:
                    return result
    if result is None:
        return DesignResult(None, 0, False, timed_out=True)
    return replace(result, timed_out=_past(deadline))


def _past(deadline: float | None) -> bool:
    return deadline is not None and time.monotonic() >= deadline


def _attempts_in_turn(
    seed: int,
    settings: DesignSettings,
    _workers: int,
    progress: AttemptProgress | None,
    goal: DesignGoal,
    deadline: float | None,
) -> Generator[tuple[int, list[Deck]], None, None]:
    """Attempts one after another, while there is time to start one."""
    for attempt in attempt_numbers(settings):
        if _past(deadline):
            return
        step = None if progress is None else (lambda steps, total, attempt=attempt: progress(attempt, steps, total))
        yield attempt, search_attempt(seed, attempt, settings, step, goal)


def _parallel_attempts(
    seed: int,
    settings: DesignSettings,
    workers: int,
    progress: AttemptProgress | None,
    goal: DesignGoal,
    deadline: float | None,
) -> Generator[tuple[int, list[Deck]], None, None]:
    """Attempts searched ``workers`` at a time, handed out in order of attempt.

    The next attempt starts when the caller asks for more (its check failed); the attempts
    still searching are ended when the caller stops asking, or when the time is up.
    """
    queue = worker_context().Queue()
    steps: dict[int, int] = {}
    futures: dict[int, Future[list[Deck]]] = {}
    numbers = attempt_numbers(settings)

    def show_progress(waiting: int) -> None:
        while not queue.empty():
            attempt, done = queue.get()
            steps[attempt] = max(steps.get(attempt, 0), done)
        if progress is not None:
            progress(waiting, steps.get(waiting, 0), settings.iterations)

    try:
        with worker_pool(workers, queue) as pool:

            def start() -> None:
                attempt = next(numbers, None)
                if attempt is not None:
                    futures[attempt] = pool.submit(_attempt_in_worker, seed, attempt, settings, goal)

            for _ in range(workers):
                start()
            while futures:
                attempt = min(futures)
                future = futures.pop(attempt)
                while not wait([future], timeout=POLL_SECONDS).done:
                    show_progress(attempt)
                    if _past(deadline):
                        return
                decks = future.result()
                steps[attempt] = settings.iterations
                show_progress(attempt)
                yield attempt, decks
                if _past(deadline):
                    return
                start()
    finally:
        queue.close()
        queue.cancel_join_thread()
