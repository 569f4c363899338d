"""Verification of a Cleariosity Numbers deck against the design criteria.

Every criterion is something a class would notice. For every tier (its cards, its operations):

1. no card is an equation by itself;
2. perfect clear — the cards split into equation groups (a partition is the certificate);
3. teaching split — the tier's own colour splits into groups that hold only with the tier's
   new operation among its operations, with no trivial reading and enough different facts;
4. rich — every card is in at least ``MIN_GROUPS`` groups;
5. pairs — every card is in at least ``MIN_PAIRS`` two-card groups (what beginners find);
6. not trivial — at most ``TRIVIAL_SHARE`` of the tier's groups, and of the groups collected
   in full-view games, are trivial;
7. facts — the tier's groups cover enough of its facts (:mod:`deckgen.games.cleariosity.facts`), none of them
   dominating;
8. full-view play collects at least ``MIN_COLLECTED`` of the cards, and no card is left on
   the table in more than ``MAX_STRANDED`` of the games;
9. beginner play (two-card groups only) collects at least ``MIN_BEGINNER``;
10. practice — full-view games collect enough groups that practise the new operation;

and for the deck as a whole,

11. every digit appears often enough and every cell is used by enough cards;

and, for every tier again, variety in what full-view play collects (what a class notices in
its first week, even when every figure above is met):

12. no one equation is too large a share of those collected;
13. no one fact of the new operation is too large a share of the collections practising it;
14. few collections repeat an equation already collected in the same game;
15. enough collections a game read only with the new operation (2 × 2 = 4 is also 2 + 2);
16. every × and ÷ fact is in enough two-card groups and comes up often enough;
17. enough different additions and subtractions come up in ten games in a row.

"The new operation" is every operation a tier brings in, where a deck spec's tier adds several;
a tier that adds none (only more cards) practises every fact in play, and the criteria of new
facts (7, 10, 15, 16, 17) ask nothing of it unless its spec sets their lines.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, wait
from dataclasses import dataclass, field
from functools import cached_property, lru_cache, partial
from typing import Any

from deckgen.errors import DeckgenError
from deckgen.games.cleariosity.criteria import FACTS_MET, RARE_FACT_OPS, STANDARD_CRITERIA, Criteria, TierCriteria
from deckgen.games.cleariosity.facts import Fact, fact_counts, practises_new, tier_facts
from deckgen.games.cleariosity.groups import Group, find_groups, participation, raw_card
from deckgen.games.cleariosity.model import STANDARD_TIERS, Card, Deck, Tier
from deckgen.games.cleariosity.partition import PartitionResult, find_partition
from deckgen.games.cleariosity.play import NEEDS_NEW, PRACTISES, TRIVIAL, WINDOW, PlayStats, simulate
from deckgen.games.cleariosity.rules import OP_SYMBOLS, OPS, describe, is_trivial, self_equations
from deckgen.games.cleariosity.standard import (
    MIN_TEACHING_FACTS,
)
from deckgen.workers import POLL_SECONDS, worker_pool


def _per_tier(tiers: list[tuple[Tier, TierCriteria]], name: str) -> str:
    """A per-tier share in words: "10%", or "26% (green), 20% (yellow)" where tiers differ."""
    shares = [(tier, getattr(own, name)) for tier, own in tiers]
    if len({share for _, share in shares}) <= 1:
        return f"{shares[0][1]:.0%}" if shares else ""
    return ", ".join(f"{share:.0%} ({tier.name})" for tier, share in shares)


def _numbers_text(numbers: Sequence[int]) -> str:
    """``0-5``, or ``2-9, 10, 12, 14 ... 81`` for numbers with gaps."""
    if list(numbers) == list(range(min(numbers), max(numbers) + 1)):
        return f"{min(numbers)}-{max(numbers)}"
    runs: list[str] = []
    start = previous = numbers[0]
    for number in [*numbers[1:], None]:
        if number is not None and number == previous + 1:
            previous = number
            continue
        runs.append(str(start) if start == previous else f"{start}-{previous}")
        if number is not None:
            start = previous = number
    return ", ".join(runs)


def criteria_text(criteria: Criteria, deck_tiers: Sequence[Tier] = STANDARD_TIERS) -> dict[int, str]:
    """Each criterion in a line, with the thresholds of ``criteria`` (for reports and JSON)."""
    tiers = list(zip(deck_tiers, criteria.tiers, strict=False))
    collected = [own.min_collected for _, own in tiers]
    usual = max(set(collected), key=lambda share: (collected.count(share), share)) if collected else 0.92
    others = ", ".join(f"{own.min_collected:.0%} {tier.name}" for tier, own in tiers if own.min_collected != usual)
    return {
        1: "no card is an equation by itself",
        2: "perfect clear",
        3: "the new colour splits into groups of the operations it brings in (any in play, for a colour that adds "
        "none), none trivial, at least "
        f"{criteria.min_teaching_facts} facts",
        4: f"every card in at least {criteria.min_groups} groups",
        5: f"every card in at least {criteria.min_pairs} two-card groups",
        6: f"at most {criteria.trivial_share:.0%} trivial groups, in the deck and in play",
        7: "the tier's groups cover enough of its facts, none more than its share",
        8: (
            f"full-view games collect at least {usual:.0%}"
            + (f" ({others})" if others else "")
            + f", no card left in more than {criteria.max_stranded:.0%} of games"
        ),
        9: f"beginner games (two-card groups only) collect at least {criteria.min_beginner:.0%}",
        10: "games practise the new operation often enough",
        11: (
            f"every digit 1-{criteria.high} at least {criteria.min_digit_use} times and 0 at least "
            f"{criteria.min_zero_use}, every cell on at least {criteria.min_cell_use} cards"
            if criteria.numbers == tuple(range(criteria.high + 1))
            else f"only the spec's {len(criteria.numbers)} numbers ({_numbers_text(criteria.numbers)}), each at "
            f"least {criteria.min_digit_use} times"
            + (f" (0: {criteria.min_zero_use})" if 0 in criteria.numbers else "")
            + f", every cell on at least {criteria.min_cell_use} cards"
        ),
        12: f"the most-collected equation at most {_per_tier(tiers, 'max_top_equation')} of those collected",
        13: f"the most-collected fact of the new operation at most {criteria.max_top_new:.0%} of the collections "
        "practising it",
        14: f"at most {_per_tier(tiers, 'max_repeats')} of collections repeat an equation of the same game",
        15: (
            "games practise the new operation with no other reading often enough ("
            + ", ".join(f"{signs(t)} {own.min_needing_new:g}" for t, own in tiers if own.min_needing_new)
            + " a game)"
        ),
        16: (
            "every "
            + " and ".join(
                OP_SYMBOLS[op]
                for op in dict.fromkeys(op for t, own in tiers if own.min_fact_pairs for op in fact_pair_ops(t))
            )
            + " fact in at least "
            + " / ".join(sorted({str(own.min_fact_pairs) for _, own in tiers if own.min_fact_pairs}))
            + " two-card groups and collected at least "
            + " / ".join(sorted({f"{own.min_fact_per_game:g}" for _, own in tiers if own.min_fact_pairs}))
            + " times a game"
        ),
        17: (
            f"over {WINDOW} games in a row, at least "
            + " and ".join(
                f"{own.min_distinct_facts} different {' and '.join(OP_SYMBOLS[op] for op in distinct_ops(t))} facts"
                for t, own in tiers
                if own.min_distinct_facts
            )
            + " collected, at the level that brings them in"
        ),
        18: (
            "each focus fact of the spec in at least "
            + " / ".join(sorted({str(own.min_focus_pairs) for _, own in tiers if own.focus}) or ["3"])
            + " two-card groups and collected at least "
            + " / ".join(sorted({f"{own.min_focus_per_game:g}" for _, own in tiers if own.focus}) or ["0.5"])
            + " times a game, the focus facts together at least "
            + " / ".join(sorted({f"{own.min_focus_share:.0%}" for _, own in tiers if own.focus}) or ["50%"])
            + " of the collections practising their operations"
        ),
    }


def signs(tier: Tier) -> str:
    """The signs of the operations a tier practises, for the criteria's words ("×", "× and ÷")."""
    return " and ".join(OP_SYMBOLS[op] for op in tier.practised())


def distinct_ops(tier: Tier) -> tuple[str, ...]:
    """The operations whose facts criterion 17 counts at a tier: those it practises with a
    facts-met line of their own (+ and −), else all it practises."""
    return tuple(op for op in tier.practised() if op in FACTS_MET) or tier.practised()


def fact_pair_ops(tier: Tier) -> tuple[str, ...]:
    """The operations whose facts criterion 16 judges at a tier: its × and ÷, else all it practises."""
    return tuple(op for op in tier.practised() if op in RARE_FACT_OPS) or tier.practised()


def of_operations(kinds: Sequence[int], ops: Sequence[str]) -> list[int]:
    """The equations (numbered as :func:`equation_numbers` numbers them) that are facts of these
    operations: of their kind, not trivial, within the tables."""
    wanted = {OPS.index(op) for op in ops}
    return [i for i, kind in enumerate(kinds) if kind in wanted]


def spoken(tier: Tier, values: tuple[int, int, int]) -> str:
    """How a group with these numbers is named at ``tier`` (see :meth:`~.model.Tier.reading`)."""
    return describe(values, tier.reading(values))


#: The standard deck's criteria, in words.
CRITERIA = criteria_text(STANDARD_CRITERIA)

#: The criteria judged by simulated play (left unjudged with ``--games 0``).
PLAY_CRITERIA = (8, 9, 10, 12, 13, 14, 15, 16, 17, 18)

#: What a class does at each tier, for the report ("students divide about 2.4 times a game").
#: What students do with each operation, in the report's words.
VERBS = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide"}


@dataclass(frozen=True)
class Focus:
    """Criterion 18 at one player count: each focus fact's two-card groups and collections a
    game, and the focus facts' share of the collections that practise their operations."""

    facts: tuple[tuple[str, int, float], ...]
    share: float

    def to_json(self) -> dict[str, Any]:
        return {
            "facts": [
                {"equation": name, "pair_groups": pairs, "per_game": round(per_game, 3)}
                for name, pairs, per_game in self.facts
            ],
            "share": round(self.share, 4),
        }


@dataclass(frozen=True)
class Variety:
    """What a class meets in play beyond how much it collects: measured over simulated games.

    ``top``: the most-collected equation and its share of all the equations collected;
    ``top_new``: the most-collected fact of the tier's new operation and its share of the
    collections that practise it (trivial readings such as 5 × 1 = 5 left out); ``repeats``: the
    share of collections that repeat an equation already collected in that game;
    ``needing_new``: collections a game that read only with the new operation; ``distinct``:
    per operation, the different facts (non-trivial equations) collected in :data:`~.play.WINDOW`
    games in a row (expected), and how many the tier's groups hold.
    """

    top: tuple[str, float]
    top_new: tuple[str, float]
    repeats: float
    needing_new: float
    distinct: dict[str, tuple[float, int]]
    #: The new operation's fact (a non-trivial equation) in the fewest two-card groups (what
    #: beginners find), and how many.
    fewest_pairs: tuple[str, int] = ("", 0)
    #: The new operation's fact collected least often, and how many times a game.
    rarest: tuple[str, float] = ("", 0.0)

    def to_json(self) -> dict[str, Any]:
        return {
            "fewest_pairs_new": {"equation": self.fewest_pairs[0], "pair_groups": self.fewest_pairs[1]},
            "rarest_new": {"equation": self.rarest[0], "per_game": round(self.rarest[1], 3)},
            "most_collected": {"equation": self.top[0], "share": round(self.top[1], 4)},
            "most_collected_new": {"equation": self.top_new[0], "share": round(self.top_new[1], 4)},
            "repeat_share": round(self.repeats, 4),
            "needing_new_per_game": round(self.needing_new, 3),
            f"distinct_in_{WINDOW}_games": {
                op: {"expected": round(seen, 2), "in_groups": total}  # + - * /, as in "ops"
                for op, (seen, total) in self.distinct.items()
            },
        }


@dataclass
class TierReport:
    tier: Tier
    cards: tuple[Card, ...]
    groups: list[Group]
    participation: list[int]
    pairs: list[int]
    trivial_share: float
    self_equations: list[str]
    perfect_clear: PartitionResult
    teaching: PartitionResult
    facts: Counter[Fact]
    full_view: dict[int, PlayStats] = field(default_factory=dict)
    beginner: dict[int, PlayStats] = field(default_factory=dict)

    @property
    def min_participation(self) -> int:
        return min(self.participation) if self.participation else 0

    @property
    def min_pairs(self) -> int:
        return min(self.pairs) if self.pairs else 0

    @property
    def play(self) -> dict[int, float]:
        """Full-view share of the cards collected, per player count."""
        return {players: stats.collected_share for players, stats in self.full_view.items()}

    @property
    def practising_groups(self) -> int:
        return sum(1 for g in self.groups if practises_new(g, self.tier))

    @property
    def facts_covered(self) -> int:
        return sum(1 for n in self.facts.values() if n)

    @cached_property
    def equations(self) -> tuple[list[int], list[str], list[int]]:
        """:func:`equation_numbers` of the tier's groups, worked out once for every player count."""
        return equation_numbers(self.groups, self.tier)

    @cached_property
    def equation_pairs(self) -> list[int]:
        """Two-card groups of each equation of :attr:`equations` (what beginners find)."""
        numbers, names, _ = self.equations
        pairs = [0] * len(names)
        for group, number in zip(self.groups, numbers, strict=True):
            pairs[number] += group.pair
        return pairs

    def variety(self, players: int) -> Variety:
        """How varied full-view games at this player count are (see :class:`Variety`)."""
        stats = self.full_view[players]
        _, names, kinds = self.equations
        pairs = self.equation_pairs
        shares = stats.equation_shares()
        top = max(range(len(shares)), key=lambda i: (shares[i], -i)) if shares else None
        # The facts a class practises: equations of the new operation read non-trivially (not × 1, ÷ 1).
        facts = of_operations(kinds, self.tier.practised())
        counts = stats.equation_counts or [0] * len(names)
        new_total = sum(counts[i] for i in facts)
        top_new = max(facts, key=lambda i: (counts[i], -i)) if facts and new_total else None
        distinct = {}
        for op in self.tier.ops():
            kind = OPS.index(op)
            in_deck = sum(1 for k in kinds if k == kind)
            seen = stats.window_distinct[kind] / stats.windows if stats.windows and stats.window_distinct else 0.0
            distinct[op] = (seen, in_deck)
        # Criterion 16 is of × and ÷ facts: a tier that adds + and × is judged by its × facts.
        judged = of_operations(kinds, fact_pair_ops(self.tier))
        fewest = min(judged, key=lambda i: (pairs[i], i)) if judged else None
        rarest = min(judged, key=lambda i: (stats.equation_counts[i], i)) if judged and stats.equation_counts else None
        return Variety(
            fewest_pairs=(names[fewest], pairs[fewest]) if fewest is not None else ("", 0),
            rarest=(names[rarest], stats.equation_counts[rarest] / stats.games) if rarest is not None else ("", 0.0),
            top=(names[top], shares[top]) if top is not None else ("", 0.0),
            top_new=(names[top_new], counts[top_new] / new_total) if top_new is not None else ("", 0.0),
            repeats=stats.repeat_share,
            needing_new=stats.needing_new_per_game,
            distinct=distinct,
        )

    def focus(self, players: int) -> Focus:
        """How full-view games at this player count practise the tier's focus facts (criterion 18)."""
        stats = self.full_view[players]
        _, names, kinds = self.equations
        counts = stats.equation_counts or [0] * len(names)
        index = {name: i for i, name in enumerate(names)}
        facts = []
        for a, op, b, c in self.own.focus:
            name = describe((a, b, c), op)
            # Its groups are named as a pupil reads them (2 + 2 = 4 where the tier adds + and ×).
            i = index.get(spoken(self.tier, (a, b, c)))
            if i is None:  # no group of the deck reads it
                facts.append((name, 0, 0.0))
            else:
                facts.append((name, self.equation_pairs[i], counts[i] / stats.games if stats.games else 0.0))
        # The collections that practise the focus facts' operations (non-trivial readings).
        kinds_practised = {OPS.index(op) for _, op, _, _ in self.own.focus}
        practising = sum(counts[i] for i, kind in enumerate(kinds) if kind in kinds_practised)
        focused = sum(counts[index[name]] for name, _, _ in facts if name in index)
        return Focus(tuple(facts), focused / practising if practising else 0.0)

    def largest_fact(self) -> tuple[Fact, float]:
        """The fact with the most practising groups, and its share of them."""
        total = sum(self.facts.values())
        fact = max(self.facts, key=lambda f: (self.facts[f], f))
        return fact, (self.facts[fact] / total if total else 0.0)

    def teaching_facts(self) -> int:
        return len({g.values for g in self.teaching.groups or ()})

    #: Whether :meth:`teaching_facts` is the most any teaching split has (else a lower bound).
    teaching_facts_exact: bool = True
    #: Full-view games played again, more of them, where the stranding figure was near its line.
    confirmed: dict[int, PlayStats] = field(default_factory=dict)
    #: Player counts whose stranding figure was near its line and left unconfirmed, because the
    #: deck failed another criterion (``verdict_only`` in :func:`verify_deck`); not judged.
    unsettled: set[int] = field(default_factory=set)
    #: The thresholds this tier is judged by (the deck spec's; the standard deck's by default).
    criteria: Criteria = STANDARD_CRITERIA

    @property
    def own(self) -> TierCriteria:
        """This tier's own thresholds."""
        return self.criteria.tiers[self.tier.rank]

    def stranded(self, players: int) -> tuple[str, float]:
        """The card most often left on the table in full-view games, and how often (from the
        confirmation run when there was one: see :func:`confirm_stranding`)."""
        stats = self.confirmed.get(players) or self.full_view[players]
        shares = stats.stranded()
        worst = max(range(len(shares)), key=lambda i: (shares[i], -i))
        return self.cards[worst].id, shares[worst]

    def stranded_margin(self, players: int) -> float:
        """Two standard errors of :meth:`stranded`'s share (about a 95 % range), from the games played."""
        stats = self.confirmed.get(players) or self.full_view[players]
        share = self.stranded(players)[1]
        return 2 * (share * (1 - share) / stats.games) ** 0.5 if stats.games else 0.0

    def failures(self) -> list[int]:
        failed = []
        if self.self_equations:
            failed.append(1)
        if not self.perfect_clear.found:
            failed.append(2)
        if not self.teaching.found:
            failed.append(3)
        limits, own = self.criteria, self.own
        if self.min_participation < limits.min_groups:
            failed.append(4)
        if self.min_pairs < limits.min_pairs:
            failed.append(5)
        most_trivial = limits.trivial_share
        if self.trivial_share > most_trivial or any(s.trivial_share > most_trivial for s in self.full_view.values()):
            failed.append(6)
        if not self.facts_meet():
            failed.append(7)
        if any(
            s.collected_share < own.min_collected
            or (self.stranded(p)[1] > limits.max_stranded and p not in self.unsettled)
            for p, s in self.full_view.items()
        ):
            failed.append(8)
        if any(s.collected_share < limits.min_beginner for s in self.beginner.values()):
            failed.append(9)
        if any(s.practice_per_game < own.min_practice for s in self.full_view.values()):
            failed.append(10)
        varieties = [self.variety(p) for p in self.full_view]
        if any(v.top[1] > own.max_top_equation for v in varieties):
            failed.append(12)
        if any(v.top_new[1] > limits.max_top_new for v in varieties):
            failed.append(13)
        if any(v.repeats > own.max_repeats for v in varieties):
            failed.append(14)
        if any(v.needing_new < own.min_needing_new for v in varieties):
            failed.append(15)
        if own.min_fact_pairs and any(
            v.fewest_pairs[1] < own.min_fact_pairs or v.rarest[1] < own.min_fact_per_game for v in varieties
        ):
            failed.append(16)
        if any(sum(v.distinct[op][0] for op in distinct_ops(self.tier)) < own.min_distinct_facts for v in varieties):
            failed.append(17)
        if own.focus and any(
            focus.share < own.min_focus_share
            or any(
                pairs < own.min_focus_pairs or per_game < own.min_focus_per_game for _, pairs, per_game in focus.facts
            )
            for focus in (self.focus(p) for p in self.full_view)
        ):
            failed.append(18)
        return failed

    def facts_meet(self) -> bool:
        if self.facts_covered < self.own.min_facts:
            return False
        limit = self.own.max_fact_share
        return limit >= 1.0 or self.largest_fact()[1] <= limit

    def certificate(self) -> list[dict[str, Any]]:
        groups = self.perfect_clear.groups or ()
        return [{"cards": [self.cards[i].id for i in g.cards], "line": g.line} for g in groups]

    def to_json(self) -> dict[str, Any]:
        fact, share = self.largest_fact()
        reading = self.tier.reading
        data: dict[str, Any] = {
            "cards": len(self.cards),
            "ops": list(self.tier.ops()),
            "groups": len(self.groups),
            "min_participation": self.min_participation,
            "trivial_share": round(self.trivial_share, 4),
            "perfect_clear": self.certificate(),
            "play": {str(p): round(s, 4) for p, s in self.play.items()},
            "passed": not self.failures(),
            "failed": [criteria_text(self.criteria, self.tier.tiers())[n] for n in self.failures()],
            "new_op": self.tier.adds[0] if len(self.tier.adds) == 1 else "",
            "new_ops": list(self.tier.adds),
            "pair_groups": sum(1 for g in self.groups if g.pair),
            "min_pairs": self.min_pairs,
            "practising_groups": self.practising_groups,
            "facts": {
                "covered": self.facts_covered,
                "of": len(self.facts),
                "missing": [
                    describe(f, reading(f))
                    for f in tier_facts(self.tier, self.criteria.numbers, self.criteria.factors)
                    if not self.facts[f]
                ],
                "largest": describe(fact, reading(fact)),
                "largest_share": round(share, 4),
            },
            "teaching_split": [
                {
                    "cards": [self.cards[i].id for i in g.cards],
                    "line": g.line,
                    "fact": describe(g.values, reading(g.values, g.ops)),
                }
                for g in self.teaching.groups or ()
            ],
            "teaching_facts": self.teaching_facts(),
            "teaching_facts_exact": self.teaching_facts_exact,
        }
        if self.full_view:
            data["stranded"] = {
                str(p): {
                    "card": card,
                    "share": round(s, 4),
                    "margin": round(self.stranded_margin(p), 4),
                    "games": (self.confirmed.get(p) or self.full_view[p]).games,
                    "most": self.criteria.max_stranded,
                }
                for p in self.full_view
                for card, s in [self.stranded(p)]
            }
            data["practice"] = {str(p): round(s.practice_per_game, 3) for p, s in self.full_view.items()}
            data["groups_collected"] = {str(p): round(s.groups_per_game, 3) for p, s in self.full_view.items()}
            data["trivial_collected"] = {str(p): round(s.trivial_share, 4) for p, s in self.full_view.items()}
            data["beginner"] = {str(p): round(s.collected_share, 4) for p, s in self.beginner.items()}
            data["variety"] = {str(p): self.variety(p).to_json() for p in self.full_view}
            if self.own.focus:
                data["focus"] = {str(p): self.focus(p).to_json() for p in self.full_view}
        return data


@dataclass
class BalanceReport:
    digits: dict[int, int]
    cells: dict[tuple[int, int], int]
    criteria: Criteria = STANDARD_CRITERIA
    #: Cards that carry a number larger than the criteria's ``high`` (the spec's numbers).
    outside: tuple[str, ...] = ()

    def least(self, digit: int) -> int:
        """How often ``digit`` must be printed (0 teaches only trivial readings, so it needs fewer)."""
        return self.criteria.min_zero_use if digit == 0 else self.criteria.min_digit_use

    def passed(self) -> bool:
        return (
            not self.outside
            and all(n >= self.least(d) for d, n in self.digits.items())
            and min(self.cells.values()) >= self.criteria.min_cell_use
        )


@dataclass
class DeckReport:
    deck: Deck
    tiers: list[TierReport]
    balance: BalanceReport
    games: int
    seed: int
    criteria: Criteria = STANDARD_CRITERIA

    def failures(self) -> list[tuple[str, int]]:
        """(where, criterion number) for every failed check."""
        failed = [(report.tier.name, number) for report in self.tiers for number in report.failures()]
        if not self.balance.passed():
            failed.append(("deck", 11))
        return failed

    @property
    def passed(self) -> bool:
        return not self.failures()

    def to_json(self) -> dict[str, Any]:
        return {
            "deck": self.deck.name,
            "passed": self.passed,
            "games": self.games,
            "seed": self.seed,
            "tiers": {report.tier.name: report.to_json() for report in self.tiers},
            "balance": {
                "digits": {str(d): n for d, n in sorted(self.balance.digits.items())},
                "cells": {f"{r},{c}": n for (r, c), n in sorted(self.balance.cells.items())},
                "passed": self.balance.passed(),
            },
        }


def teaching_groups(cards: tuple[Card, ...], tier: Tier) -> list[Group]:
    """Groups among ``cards`` that hold, among the tier's operations, only with the ones it
    brings in, not trivially, and as one of the facts it practises (for a tier that only adds
    cards: any fact in play, not trivially)."""
    found = find_groups([raw_card(c) for c in cards], tier.ops())
    new = set(tier.practised())
    return [g for g in found if set(g.ops) <= new and not g.trivial and practises_new(g, tier)]


def partition_preferring_non_trivial(cards: range, groups: list[Group]) -> PartitionResult:
    """A partition made of non-trivial groups if there is one (a better answer key), else any."""
    found = find_partition(cards, [g for g in groups if not g.trivial])
    return found if found.found else find_partition(cards, groups)


def _enough_facts(groups: list[Group], least: int = MIN_TEACHING_FACTS) -> bool:
    return len({g.values for g in groups}) >= least


#: Steps each search for a teaching split with more facts may take (a tenth of a second).
MORE_FACTS_BUDGET = 100_000


def _facts_of(groups: Sequence[Group]) -> int:
    return len({g.values for g in groups})


def _more_facts_than(known: int, groups: Sequence[Group]) -> bool:
    return _facts_of(groups) > known


@lru_cache(maxsize=8)
def teaching_split(deck: Deck, colour: Tier, least: int = MIN_TEACHING_FACTS) -> tuple[PartitionResult, bool]:
    """Criterion 3 for one colour: the teaching split with the most different facts found
    (indices into ``deck.colour_cards(colour)``), and whether that is proved the most any
    split has (``False``: a lower bound, the search for more ran out of budget)."""
    cards = deck.colour_cards(colour)
    groups = teaching_groups(cards, colour)
    best = find_partition(range(len(cards)), groups, accept=partial(_enough_facts, least=least))
    if best.groups is None:
        return best, best.exhausted
    while True:
        known = _facts_of(best.groups)
        more = find_partition(
            range(len(cards)),
            groups,
            budget=MORE_FACTS_BUDGET,
            accept=partial(_more_facts_than, known),
        )
        if more.groups is None:
            return best, more.exhausted
        best = PartitionResult(more.groups, best.exhausted)


def teaching_partition(deck: Deck, colour: Tier, least: int = MIN_TEACHING_FACTS) -> PartitionResult:
    """The teaching split of :func:`teaching_split`; every later tier reuses it."""
    return teaching_split(deck, colour, least)[0]


def analyse_tier(deck: Deck, tier: Tier, criteria: Criteria = STANDARD_CRITERIA) -> TierReport:
    """Every check of one tier except simulated play (that is :func:`verify_deck`'s)."""
    least = criteria.min_teaching_facts
    cards = deck.tier_cards(tier)
    groups = find_groups([raw_card(c) for c in cards], tier.ops())
    counts = participation(groups, len(cards))
    pairs = participation([g for g in groups if g.pair], len(cards))
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
    teaching, teaching_exact = teaching_split(deck, tier, least)
    pieces: list[Group] = []
    for colour in tier.tiers():
        colour_cards = deck.colour_cards(colour)
        found = teaching_partition(deck, colour, least)
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
        pairs=pairs,
        trivial_share=trivial / len(groups) if groups else 0.0,
        self_equations=lonely,
        perfect_clear=perfect,
        teaching=teaching_in_tier,
        teaching_facts_exact=teaching_exact,
        facts=fact_counts(groups, tier, criteria.numbers, criteria.factors),
        criteria=criteria,
    )


def quick_report(
    deck: Deck, tier: Tier, groups: list[Group], played: Sequence[PlayStats], criteria: Criteria = STANDARD_CRITERIA
) -> TierReport:
    """A tier's report from groups already found and full-view games already played (one per
    player count, in the order of ``criteria.players``), for the designer to judge the decks it passes
    through by these criteria. The split criteria (2, 3) are taken as met, as a designed deck
    meets them by construction, and beginner games (9) are not played."""
    cards = deck.tier_cards(tier)
    met = PartitionResult((), exhausted=False)
    return TierReport(
        tier=tier,
        cards=cards,
        groups=groups,
        participation=participation(groups, len(cards)),
        pairs=participation([g for g in groups if g.pair], len(cards)),
        trivial_share=sum(1 for g in groups if g.trivial) / len(groups) if groups else 0.0,
        self_equations=[f"{card.id}" for card in cards if self_equations(card)],
        perfect_clear=met,
        teaching=met,
        facts=fact_counts(groups, tier, criteria.numbers, criteria.factors),
        full_view=dict(zip(criteria.players, played, strict=True)),
        criteria=criteria,
    )


def _reindex(group: Group, cards: tuple[Card, ...], index: dict[str, int]) -> Group:
    members = tuple(sorted(index[cards[i].id] for i in group.cards))
    return Group(members, group.line, group.values, group.ops)


def balance(deck: Deck, criteria: Criteria = STANDARD_CRITERIA) -> BalanceReport:
    digits = dict.fromkeys(criteria.numbers, 0)
    cells = {(r, c): 0 for r in range(3) for c in range(3)}
    outside = []
    for card in deck.cards:
        for cell in card.cells:
            if cell.value in digits:
                digits[cell.value] += 1
            elif card.id not in outside:
                outside.append(card.id)
            cells[cell.row, cell.col] += 1
    return BalanceReport(digits, cells, criteria, tuple(outside))


def group_flags(groups: list[Group], tier: Tier) -> list[int]:
    """Per group: :data:`~.play.PRACTISES`, :data:`~.play.TRIVIAL` and :data:`~.play.NEEDS_NEW`
    bits for the play counters."""
    only = set(tier.practised())
    return [
        PRACTISES * practises_new(g, tier)
        | TRIVIAL * g.trivial
        | NEEDS_NEW * (practises_new(g, tier) and set(g.ops) <= only)
        for g in groups
    ]


#: The kind of a trivial equation (5 × 1 = 5, 4 − 0 = 4) is its operation's number plus this.
TRIVIAL_KIND = len(OPS)


def equation_numbers(groups: list[Group], tier: Tier) -> tuple[list[int], list[str], list[int]]:
    """Each group's equation as a pupil says it ("3 + 3 = 6": its numbers, read with the tier's new
    operation when they can be, else with the first that holds), numbered; the equations'
    names; and each equation's kind: the number of its operation in :data:`~.rules.OPS`, plus
    :data:`TRIVIAL_KIND` when that reading is trivial (not a fact the class practises), twice that
    for a true reading outside every tier's tables (2 × 12 = 24 in a deck of the tables to
    9 × 9), three times that for a fact of the tier's operation an earlier tier brought in."""
    numbers: dict[str, int] = {}
    kinds: list[int] = []
    found = []
    for group in groups:
        op = tier.reading(group.values, group.ops)
        name = describe(group.values, op)
        if name not in numbers:
            numbers[name] = len(numbers)
            if is_trivial(*group.values, op):
                kind = OPS.index(op) + TRIVIAL_KIND
            elif not any(t.covers(group.values, op) for t in tier.tiers()):
                kind = OPS.index(op) + 2 * TRIVIAL_KIND
            elif op in tier.adds and not tier.teaches(group.values, op):
                kind = OPS.index(op) + 3 * TRIVIAL_KIND
            else:
                kind = OPS.index(op)
            kinds.append(kind)
        found.append(numbers[name])
    return found, list(numbers), kinds


#: The arguments of one run of :func:`~.play.simulate` (the last two empty: variety not measured).
PlayTask = tuple[int, list[int], list[int], int, int, str, list[int], list[int]]


#: The most equation groups a level may have for simulated play (the shipped deck's largest
#: level has 2,278; four standard decks have 118,336); past it a game takes seconds.
MAX_PLAY_GROUPS = 150_000


def _play_task(task: PlayTask) -> PlayStats:
    return simulate(*task)


def play_tasks(report: TierReport, games: int, seed: int) -> list[PlayTask]:
    """Full-view then beginner games for each player count, each with its own seeded stream."""
    flags = group_flags(report.groups, report.tier)
    equations, _, kinds = report.equations
    masks = [g.mask for g in report.groups]
    pairs = [i for i, g in enumerate(report.groups) if g.pair]
    pair_masks = [masks[i] for i in pairs]
    pair_flags = [flags[i] for i in pairs]
    colour = report.tier.name
    size = len(report.cards)
    tasks: list[PlayTask] = [
        (size, masks, flags, p, games, f"{seed}:{colour}:{p}", equations, kinds) for p in report.criteria.players
    ]
    tasks += [
        (size, pair_masks, pair_flags, p, games, f"{seed}:{colour}:{p}:beginner", [], [])
        for p in report.criteria.players
    ]
    return tasks


def verify_deck(
    deck: Deck,
    games: int,
    seed: int,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    verdict_only: bool = False,
    criteria: Criteria = STANDARD_CRITERIA,
) -> DeckReport:
    """Run every check; simulated games are spread over ``workers`` processes.

    ``verdict_only``: the caller needs only pass or fail (design checking its candidates), so
    when the deck fails a criterion that no confirmation run can change, the runs are skipped
    and the stranding figures they would have settled are left unjudged (``unsettled``).
    ``criteria``: the thresholds to judge by (a deck spec's), and the player counts to play.
    """
    tiers = [analyse_tier(deck, tier, criteria) for tier in deck.present()]
    players = criteria.players
    if games == 0:  # play not simulated: criteria 8-10 are left unjudged, the report says so
        return DeckReport(deck, tiers, balance(deck, criteria), games, seed, criteria)
    for report in tiers:
        if len(report.groups) > MAX_PLAY_GROUPS:
            raise DeckgenError(
                f"the {report.tier.name} level has {len(report.groups):,} equation groups; simulated play takes "
                f"at most {MAX_PLAY_GROUPS:,} a level (a designed deck has about 2,000): check it with --games 0"
            )
    tasks = [task for report in tiers for task in play_tasks(report, games, seed)]
    per_tier = 2 * len(players)
    for number, result in enumerate(_play_tasks(tasks, workers, progress)):
        report = tiers[number // per_tier]
        slot = number % per_tier
        target = report.full_view if slot < len(players) else report.beginner
        target[players[slot % len(players)]] = result
    made = DeckReport(deck, tiers, balance(deck, criteria), games, seed, criteria)
    near = [(report, count) for report in tiers for count in players if near_line(report, count, games)]
    for report, count in near:
        report.unsettled.add(count)
    if verdict_only and made.failures():
        return made
    for report, _ in near:
        report.unsettled.clear()
    confirm_stranding(near, games, seed, workers)
    return made


def _play_tasks(
    tasks: list[PlayTask], workers: int, progress: Callable[[int, int], None] | None = None
) -> list[PlayStats]:
    """Each task's games, results in the order given, played in up to ``workers`` processes."""
    # Largest tasks first, so that two workers finish together.
    order = sorted(range(len(tasks)), key=lambda i: -len(tasks[i][1]) * tasks[i][0])
    ordered = [tasks[i] for i in order]
    placed: dict[int, PlayStats] = {}
    if workers <= 1 or len(tasks) <= 1:
        for done, (number, task) in enumerate(zip(order, ordered, strict=True), start=1):
            placed[number] = _play_task(task)
            if progress:
                progress(done, len(tasks))
    else:
        with worker_pool(min(workers, len(tasks))) as pool:
            futures = {pool.submit(_play_task, task): number for number, task in zip(order, ordered, strict=True)}
            pending = set(futures)
            while pending:
                finished, pending = wait(pending, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
                for future in finished:
                    placed[futures[future]] = future.result()
                if finished and progress:
                    progress(len(placed), len(tasks))
    return [placed[i] for i in range(len(tasks))]


#: A confirmation run plays this many times the games, with its own seed.
CONFIRM_FACTOR = 5
#: How many standard errors from its line a stranding figure must be to stand on the first run.
CONFIRM_WITHIN = 3.0


def near_line(report: TierReport, players: int, games: int) -> bool:
    """Whether the card most often left at ``players`` lies within :data:`CONFIRM_WITHIN`
    standard errors of its stranding line (``max_stranded``), as measured in the first ``games`` games."""
    share = report.stranded(players)[1]
    error = (share * (1 - share) / games) ** 0.5 if games else 0.0
    return abs(share - report.criteria.max_stranded) <= CONFIRM_WITHIN * max(error, 1e-9)


def confirm_stranding(near: list[tuple[TierReport, int]], games: int, seed: int, workers: int = 1) -> None:
    """Play again, with more games, wherever the card most often left is near the line.

    That figure is the largest of up to 60 noisy shares, so it reads high, and near the line
    another seed could flip pass to fail. For each (tier, player count) in ``near`` (see
    :func:`near_line`) the full-view games are played again, :data:`CONFIRM_FACTOR` times as
    many with their own seed, in up to ``workers`` processes; that run decides (and is reported).
    """
    tasks: list[PlayTask] = []
    for report, players in near:
        task = play_tasks(report, games * CONFIRM_FACTOR, seed)[report.criteria.players.index(players)]
        size, masks, flags, count, more, stream, equations, kinds = task
        tasks.append((size, masks, flags, count, more, stream + ":confirm", equations, kinds))
    for (report, players), result in zip(near, _play_tasks(tasks, workers), strict=True):
        report.confirmed[players] = result
