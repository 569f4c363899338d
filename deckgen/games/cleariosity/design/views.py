"""What the score, the moves and the constructive start may read of a search: each a narrow,
typed view of :class:`~.design.search.DeckSearch` (a Protocol it meets), so that these modules
need not import the search, and a newcomer sees at a glance what each one depends on.

The search's moves and their undo records are typed here too, for the same reason."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from deckgen.games.cleariosity.core.model import Tier
from deckgen.games.cleariosity.criteria.lines import Criteria
from deckgen.games.cleariosity.design.index import GroupIndex
from deckgen.games.cleariosity.design.settings import DesignSettings
from deckgen.games.cleariosity.design.steering import Steer

#: A fact (a, b, c) of a tier, as its three numbers.
Triple = tuple[int, int, int]
#: A move's undo record: each touched card's old cells, and a moved triple's (number, line, fact).
Saved = list[tuple[int, dict[int, int]]]
OldTriple = tuple[int, int, Triple]
#: What a proposed move touched: the cards, their old cells, and a triple's old state.
Proposal = tuple[list[int], Saved, OldTriple | None]
#: The largest entry of a list of running totals, at the codes a view reads (see search._largest_at).
Largest = Callable[[list[int]], int]


class SearchShape(Protocol):
    """The deck being searched: its tiers, cards, and the numbers each card may take."""

    @property
    def rng(self) -> random.Random: ...
    @property
    def settings(self) -> DesignSettings: ...
    @property
    def criteria(self) -> Criteria: ...
    @property
    def tiers(self) -> Sequence[Tier]: ...
    @property
    def colours(self) -> list[Tier]: ...
    @property
    def tier_sizes(self) -> list[int]: ...
    @property
    def first_index(self) -> list[int]: ...
    @property
    def cells(self) -> list[dict[int, int]]: ...
    @property
    def card_values(self) -> list[tuple[int, ...]]: ...
    @property
    def certificate_line(self) -> list[int]: ...
    @property
    def goal_facts(self) -> list[list[Triple]]: ...


class StartView(SearchShape, Protocol):
    """What the constructive start (:mod:`~.design.start`) reads: the shape of the deck alone."""


class MoveView(SearchShape, Protocol):
    """What the moves (:mod:`~.design.moves`) read and change: the teaching triples and free cells,
    and the index's running totals, which say where a move is wanted."""

    @property
    def certificate_cell(self) -> list[int]: ...
    @property
    def triples(self) -> list[tuple[Tier, int, tuple[int, ...]]]: ...
    @property
    def triple_fact(self) -> list[Triple]: ...
    @property
    def facts(self) -> dict[Tier, list[Triple]]: ...
    @property
    def fact_codes(self) -> list[list[int]]: ...
    @property
    def pair_wanted(self) -> list[int]: ...
    @property
    def index(self) -> GroupIndex: ...
    @property
    def plant_rate(self) -> float: ...

    def write_triple(self, number: int) -> None:
        """Write triple ``number``'s fact onto its cards, on its line."""


class ScoreView(Protocol):
    """What the score (:mod:`~.design.score`) reads: the index's running totals and the search's
    targets, never the cards."""

    @property
    def index(self) -> GroupIndex: ...
    @property
    def settings(self) -> DesignSettings: ...
    @property
    def criteria(self) -> Criteria: ...
    @property
    def steer(self) -> list[Steer]: ...
    @property
    def boost(self) -> list[int]: ...
    @property
    def digits_needed(self) -> list[int]: ...
    @property
    def largest_equation(self) -> Largest: ...
    @property
    def largest_fact(self) -> list[Largest]: ...
    @property
    def fact_codes(self) -> list[list[int]]: ...
    @property
    def rare_codes(self) -> list[list[int]]: ...
    @property
    def focus_codes(self) -> list[list[int]]: ...
    @property
    def outside_codes(self) -> list[list[int]]: ...
    @property
    def facts_needed(self) -> list[int]: ...
    @property
    def fact_share_capped(self) -> list[bool]: ...
    @property
    def rare_pairs_wanted(self) -> list[int]: ...
    @property
    def top_room(self) -> list[float]: ...
    @property
    def repeat_room(self) -> list[float]: ...
