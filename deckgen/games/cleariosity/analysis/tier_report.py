"""A Cleariosity tier analysed: its groups, teaching split, facts, balance and variety, and the
reports (:class:`TierReport`, :class:`DeckReport`) that the criteria judge and the verdict fills
with simulated play (:mod:`~.verify.verdict`). Design, steering, the pack and table play read
the same analysis, so each measures a deck as verify does.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache, partial
from typing import Any

from deckgen.games.cleariosity.analysis.facts import Fact, fact_counts, practises_new, tier_facts
from deckgen.games.cleariosity.core.groups import Group, find_groups, participation, raw_card
from deckgen.games.cleariosity.core.model import Card, Deck, Tier
from deckgen.games.cleariosity.core.partition import PartitionResult, find_partition
from deckgen.games.cleariosity.core.rules import OPS, describe, is_trivial, self_equations
from deckgen.games.cleariosity.core.standard import (
    MIN_TEACHING_FACTS,
)
from deckgen.games.cleariosity.criteria.lines import STANDARD_CRITERIA, Criteria, TierCriteria, teacher_fact
from deckgen.games.cleariosity.criteria.registry import (
    BY_NUMBER,
    REGISTRY,
    criteria_text,
    fact_pair_ops,
    of_operations,
    share_of,
)
from deckgen.games.cleariosity.criteria.registry import stranded_figure as nearest_stranded
from deckgen.games.cleariosity.play.figures import (
    CONFIDENCE,
    CONFIDENT_Z,
    CONFIRM_FACTOR,
    CONFIRM_GROWTH,
    CONFIRM_LEAST,
    CONFIRM_ROUNDS,
    MARGIN,
    Figure,
    measured_items,
)
from deckgen.games.play.simulate import NEEDS_NEW, PRACTISES, TRIVIAL, WINDOW, PlayStats
from deckgen.i18n import N_, speaking


def spoken(tier: Tier, values: tuple[int, int, int]) -> str:
    """How a group with these numbers is named at ``tier`` (see :meth:`~.core.model.Tier.reading`)."""
    return describe(values, tier.reading(values))


#: What a class does at each tier, for the report ("students divide about 2.4 times a game").
#: What students do with each operation, in the report's words.
VERBS = {"+": N_("add"), "-": N_("subtract"), "*": N_("multiply"), "/": N_("divide")}


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
    per operation, the different facts (non-trivial equations) collected in :data:`~.play.simulate.WINDOW`
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
        return {players: self.full(players).collected_share for players in self.full_view}

    def full(self, players: int) -> PlayStats:
        """The full-view games at ``players`` that decide: the confirmation run's where there was one."""
        return self.confirmed.get(players) or self.full_view[players]

    def begin(self, players: int) -> PlayStats:
        """The beginner games at ``players`` that decide: the confirmation run's where there was one."""
        return self.confirmed_beginner.get(players) or self.beginner[players]

    def _games(self, model: str, players: int) -> tuple[PlayStats, bool]:
        if model == "beginner":
            return self.begin(players), players in self.confirmed_beginner
        return self.full(players), players in self.confirmed

    def play_figure(
        self,
        criterion: int,
        name: str,
        players: int,
        model: str,
        figure: Callable[[PlayStats], float | None],
        line: float,
        at_least: bool,
        share: bool = True,
    ) -> Figure:
        """A play figure of this tier, with its standard error (none in a designer's quick report)."""
        return self.play_items(
            criterion, name, players, model, lambda stats: [figure(stats)], [""], line, at_least, share
        )[0]

    def play_items(
        self,
        criterion: int,
        name: str,
        players: int,
        model: str,
        figure: Callable[[PlayStats], Sequence[float | None]],
        items: Sequence[str],
        line: float,
        at_least: bool,
        share: bool = True,
    ) -> list[Figure]:
        """A play figure for each of ``items`` (cards, equations), with standard errors."""
        stats, confirmed = self._games(model, players)
        last_round = self.rounds.get((model, players), 0) >= CONFIRM_ROUNDS
        return [
            Figure(
                criterion,
                name,
                value,
                line,
                at_least,
                players=players,
                item=item,
                stderr=None if self.point_estimates else error,
                games=stats.games,
                confirmed=confirmed,
                last_round=last_round,
                model=model,
                share=share,
                confident_z=self.confident_z,
            )
            for item, (value, error) in zip(items, measured_items(stats, figure, len(items)), strict=True)
        ]

    def figures(self) -> dict[int, list[Figure]]:
        """Every tier criterion's figures, by number (see :mod:`~.criteria.registry`)."""
        return {c.number: c.tier_figures(self) for c in REGISTRY if c.tier_figures is not None}

    def undecided(self) -> set[tuple[str, int]]:
        """The games (play model, player count) of every play figure near its line: for a confirmation run."""
        return {
            (f.model, f.players)
            for found in self.figures().values()
            for f in found
            if f.players is not None and f.decided() is None
        }

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
    def equation_values(self) -> list[tuple[tuple[int, int, int], str]]:
        """Each equation of :attr:`equations`: its numbers and the operation it is read with."""
        numbers, names, _ = self.equations
        found: list[tuple[tuple[int, int, int], str] | None] = [None] * len(names)
        for group, number in zip(self.groups, numbers, strict=True):
            if found[number] is None:
                found[number] = (group.values, self.tier.reading(group.values, group.ops))
        return [value for value in found if value is not None]

    def fact_families(self, among: Sequence[int]) -> list[tuple[str, list[int]]]:
        """The equations ``among`` (numbered as :attr:`equations`) by fact as a teacher counts it
        (5 × 9 = 45 and 9 × 5 = 45 one fact, see :func:`~.criteria.lines.teacher_fact`): each fact's
        name ("5 × 9 = 45 / 9 × 5 = 45") and its equations, in order of their first equation."""
        _, names, _ = self.equations
        values = self.equation_values
        families: dict[tuple[str, int, int], list[int]] = {}
        for i in among:
            families.setdefault(teacher_fact(*values[i]), []).append(i)
        return [(" / ".join(names[i] for i in members), members) for members in families.values()]

    @cached_property
    def outside_equations(self) -> list[int]:
        """The equations (numbered as :attr:`equations`) that are true but outside the level's
        facts: outside every in-play tier's tables (10 × 2 = 20 where the level practises 2 × 2
        to 5 × 5, or a fact a later level brings in), not trivial."""
        _, _, kinds = self.equations
        return [i for i, kind in enumerate(kinds) if 2 * TRIVIAL_KIND <= kind < 3 * TRIVIAL_KIND]

    def outside_share(self, players: int) -> float:
        """The share of full-view collections at ``players`` that are :attr:`outside_equations`."""
        return share_of(self.outside_equations)(self.full(players)) or 0.0

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
        stats = self.full(players)
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
        # The rarest fact as a teacher counts it: 5 × 9 = 45 and 9 × 5 = 45 together.
        families = self.fact_families(judged) if stats.equation_counts and stats.games else []
        collected = [(sum(stats.equation_counts[i] for i in members), name) for name, members in families]
        rarest = min(range(len(collected)), key=lambda k: (collected[k][0], k)) if collected else None
        return Variety(
            fewest_pairs=(names[fewest], pairs[fewest]) if fewest is not None else ("", 0),
            rarest=(collected[rarest][1], collected[rarest][0] / stats.games) if rarest is not None else ("", 0.0),
            top=(names[top], shares[top]) if top is not None else ("", 0.0),
            top_new=(names[top_new], counts[top_new] / new_total) if top_new is not None else ("", 0.0),
            repeats=stats.repeat_share,
            needing_new=stats.needing_new_per_game,
            distinct=distinct,
        )

    def focus(self, players: int) -> Focus:
        """How full-view games at this player count practise the tier's focus facts."""
        stats = self.full(players)
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
    #: Full-view and beginner games played again, more of them, where a figure was near its line.
    confirmed: dict[int, PlayStats] = field(default_factory=dict)
    confirmed_beginner: dict[int, PlayStats] = field(default_factory=dict)
    #: Confirmation rounds played for the games (play model, player count) of :attr:`confirmed`.
    rounds: dict[tuple[str, int], int] = field(default_factory=dict)
    #: Games (play model, player count) with a figure near its line, left unconfirmed because the
    #: deck failed another criterion (``verdict_only`` in :func:`verify_deck`); those figures are not judged.
    unsettled: set[tuple[str, int]] = field(default_factory=set)
    #: Judge play figures by their values alone, without standard errors (the designer's quick reports).
    point_estimates: bool = False
    #: Standard errors a confirmed play figure must clear its line by (design asks more than verify).
    confident_z: float = CONFIDENT_Z
    #: The thresholds this tier is judged by (the deck spec's; the standard deck's by default).
    criteria: Criteria = STANDARD_CRITERIA

    @property
    def own(self) -> TierCriteria:
        """This tier's own thresholds."""
        return self.criteria.tiers[self.tier.rank]

    def stranded(self, players: int, model: str = "full") -> tuple[str, float]:
        """The card most often left on the table in full-view games (or beginners' with
        ``model="beginner"``), and how often (from the confirmation run when there was one)."""
        shares = (self.begin(players) if model == "beginner" else self.full(players)).stranded()
        worst = max(range(len(shares)), key=lambda i: (shares[i], -i))
        return self.cards[worst].id, shares[worst]

    def stranded_figure(self, players: int) -> Figure:
        """Criterion 8's figure of the card nearest its line (in standard errors) at ``players``."""
        return nearest_stranded(self, players)[0]

    def failures(self) -> list[int]:
        """The numbers of the criteria this tier fails: a figure decided on the wrong side of its
        line (figures left undecided by an unplayed confirmation run are not judged)."""
        return [
            number
            for number, found in self.figures().items()
            if any(f.decided() is False or (f.decided() is None and not self._unsettled(f)) for f in found)
        ]

    def _unsettled(self, figure: Figure) -> bool:
        return (figure.model, figure.players) in self.unsettled

    def facts_meet(self) -> bool:
        if self.facts_covered < self.own.min_facts:
            return False
        limit = self.own.max_fact_share
        return limit >= 1.0 or self.largest_fact()[1] <= limit

    def certificate(self) -> list[dict[str, Any]]:
        groups = self.perfect_clear.groups or ()
        return [{"cards": [self.cards[i].id for i in g.cards], "line": g.line} for g in groups]

    def to_json(self) -> dict[str, Any]:
        """The tier's part of verify's JSON: in English whatever language is spoken (the JSON is
        the same in every language; the criteria's words in it are English)."""
        with speaking("en"):
            return self._json()

    def _json(self) -> dict[str, Any]:
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
            data["stranded"] = {str(p): self.stranded_json(p) for p in self.full_view}
            data["stranded_beginner"] = {
                str(p): {"card": card, "share": round(share, 4)}
                for p in self.beginner
                for card, share in [self.stranded(p, "beginner")]
            }
            data["practice"] = {str(p): round(self.full(p).practice_per_game, 3) for p in self.full_view}
            data["groups_collected"] = {str(p): round(self.full(p).groups_per_game, 3) for p in self.full_view}
            data["trivial_collected"] = {str(p): round(self.full(p).trivial_share, 4) for p in self.full_view}
            data["outside_collected"] = {str(p): round(self.outside_share(p), 4) for p in self.full_view}
            data["beginner"] = {str(p): round(self.begin(p).collected_share, 4) for p in self.beginner}
            data["confirmed"] = {"full_view": sorted(self.confirmed), "beginner": sorted(self.confirmed_beginner)}
            data["confirm_rounds"] = {
                key: {str(p): n for (model, p), n in sorted(self.rounds.items()) if model == name}
                for key, name in (("full_view", "full"), ("beginner", "beginner"))
            }
            data["variety"] = {str(p): self.variety(p).to_json() for p in self.full_view}
            if self.own.focus:
                data["focus"] = {str(p): self.focus(p).to_json() for p in self.full_view}
        failed = set(self.failures())
        words = criteria_text(self.criteria, self.tier.tiers())
        data["criteria"] = {
            str(number): {
                "words": words[number],
                "decided_by": BY_NUMBER[number].decided_by,
                "passed": number not in failed,
                "figures": [f.to_json() for f in found],
            }
            for number, found in self.figures().items()
            if found
        }
        return data

    def stranded_json(self, players: int) -> dict[str, Any]:
        """Criterion 8's card nearest its line at ``players``, as the JSON gives it."""
        figure = self.stranded_figure(players)
        return {"card": figure.item} | {
            key: value for key, value in figure.to_json().items() if key not in ("criterion", "figure", "item")
        }


@dataclass
class BalanceReport:
    digits: dict[int, int]
    cells: dict[tuple[int, int], int]
    criteria: Criteria = STANDARD_CRITERIA
    #: Cards that carry a number outside the spec's, or one not yet in play at their tier.
    outside: tuple[str, ...] = ()

    def least(self, digit: int) -> int:
        """How often ``digit`` must be printed (see :meth:`~.criteria.lines.Criteria.least_use`)."""
        return self.criteria.least_use(digit)

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
    seed: int | str
    criteria: Criteria = STANDARD_CRITERIA

    @cached_property
    def alike(self) -> list[tuple[str, ...]]:
        """Cards alike (criterion 19): the ids of each set of cards with the same dot colour and
        the same numbers in the same cells, in deck order."""
        return alike_cards(self.deck)

    def balance_figures(self) -> list[Figure]:
        """The figures of the criteria judged for the deck as a whole (see :mod:`~.criteria.registry`)."""
        return [f for c in REGISTRY if c.deck_figures is not None for f in c.deck_figures(self)]

    def failures(self) -> list[tuple[str, int]]:
        """(where, criterion number) for every failed check."""
        failed = [(report.tier.name, number) for report in self.tiers for number in report.failures()]
        failed += [
            ("deck", c.number)
            for c in REGISTRY
            if c.deck_figures is not None and not all(f.decided() for f in c.deck_figures(self))
        ]
        return failed

    @property
    def passed(self) -> bool:
        return not self.failures()

    def to_json(self) -> dict[str, Any]:
        """Verify's JSON, the same in every language (see :meth:`TierReport.to_json`)."""
        with speaking("en"):
            return self._json()

    def _json(self) -> dict[str, Any]:
        return {
            "schema": JSON_SCHEMA,
            "deck": self.deck.name,
            "passed": self.passed,
            "failed": [{"where": where, "criterion": number} for where, number in self.failures()],
            "games": self.games,
            "seed": self.seed,
            "rule": {
                "margin": MARGIN,
                "confirm_factor": CONFIRM_FACTOR,
                "confirm_least": CONFIRM_LEAST,
                "confirm_growth": CONFIRM_GROWTH,
                "confirm_rounds": CONFIRM_ROUNDS,
                "confidence": CONFIDENCE,
            },
            "tiers": {report.tier.name: report.to_json() for report in self.tiers},
            "alike": [list(ids) for ids in self.alike],
            "duplicates_allowed": self.criteria.duplicates,
            "balance": {
                "digits": {str(d): n for d, n in sorted(self.balance.digits.items())},
                "cells": {f"{r},{c}": n for (r, c), n in sorted(self.balance.cells.items())},
                "passed": self.balance.passed(),
                "figures": [f.to_json() for f in self.balance_figures()],
            },
        }


def alike_cards(deck: Deck) -> list[tuple[str, ...]]:
    """The ids of each set of two or more cards alike: the same tier colour and the same numbers
    in the same cells (two cards with the same numbers and a different dot are told apart by
    the dot, and belong to different levels). In deck order."""
    found: dict[tuple[str, frozenset[tuple[int, int, int]]], list[str]] = {}
    for card in deck.cards:
        key = (card.tier.name, frozenset((cell.row, cell.col, cell.value) for cell in card.cells))
        found.setdefault(key, []).append(card.id)
    return [tuple(ids) for ids in found.values() if len(ids) > 1]


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
    deck: Deck,
    tier: Tier,
    groups: list[Group],
    played: Sequence[PlayStats],
    criteria: Criteria = STANDARD_CRITERIA,
    beginners: Sequence[PlayStats] = (),
) -> TierReport:
    """A tier's report from groups already found and full-view games already played (one per
    player count, in the order of ``criteria.players``), and beginner games likewise where given
    (criterion 9 is judged only then), for the designer to judge the decks it passes through by
    these criteria. The split criteria (2, 3) are taken as met, as a designed deck meets them by
    construction."""
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
        beginner=dict(zip(criteria.players, beginners, strict=True)) if beginners else {},
        criteria=criteria,
        point_estimates=True,
    )


def _reindex(group: Group, cards: tuple[Card, ...], index: dict[str, int]) -> Group:
    members = tuple(sorted(index[cards[i].id] for i in group.cards))
    return Group(members, group.line, group.values, group.ops)


def balance(deck: Deck, criteria: Criteria = STANDARD_CRITERIA) -> BalanceReport:
    digits = dict.fromkeys(criteria.numbers, 0)
    cells = {(r, c): 0 for r in range(3) for c in range(3)}
    outside = []
    for card in deck.cards:
        in_play = set(criteria.in_play(card.tier.rank))
        for cell in card.cells:
            if cell.value in digits:
                digits[cell.value] += 1
            if (cell.value not in digits or cell.value not in in_play) and card.id not in outside:
                outside.append(card.id)
            cells[cell.row, cell.col] += 1
    return BalanceReport(digits, cells, criteria, tuple(outside))


def group_flags(groups: list[Group], tier: Tier) -> list[int]:
    """Per group: :data:`~.play.simulate.PRACTISES`, :data:`~.play.simulate.TRIVIAL` and
    :data:`~.play.simulate.NEEDS_NEW` bits for the play counters."""
    only = set(tier.practised())
    return [
        PRACTISES * practises_new(g, tier)
        | TRIVIAL * g.trivial
        | NEEDS_NEW * (practises_new(g, tier) and set(g.ops) <= only)
        for g in groups
    ]


#: The version of verify's JSON: a key keeps its meaning within a version (see the README's table).
#: Version 2 gives every judged figure beside its line (``criteria``), with standard errors.
JSON_SCHEMA = 2

#: The kind of a trivial equation (5 × 1 = 5, 4 − 0 = 4) is its operation's number plus this.
TRIVIAL_KIND = len(OPS)


def equation_numbers(groups: list[Group], tier: Tier) -> tuple[list[int], list[str], list[int]]:
    """Each group's equation as a pupil says it ("3 + 3 = 6": its numbers, read with the tier's new
    operation when they can be, else with the first that holds), numbered; the equations'
    names; and each equation's kind: the number of its operation in :data:`~.core.rules.OPS`, plus
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
