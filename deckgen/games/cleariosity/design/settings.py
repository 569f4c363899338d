"""The design search's budgets, targets and weights (kept apart so the command line can show
the defaults without loading the search)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from deckgen.games.cleariosity.core.standard import TRIVIAL_SHARE

#: Seconds ``deckgen design`` searches at most by default: attempts go on until one passes or
#: this time is up. The deck a seed gives never depends on it (attempts are judged in order).
#: Five minutes: most designs end within a minute on 2 cores, but a preset of 90 cards can take
#: a dozen attempts (see docs/design.md), and a school's server runs several designs at once.
TIME_LIMIT = 300


@dataclass(frozen=True)
class DesignSettings:
    """Search budgets and weights. The defaults are what the shipped deck was made with."""

    #: Steps of the annealing search, per attempt.
    iterations: int = 60000
    #: Attempts (each from its own seed) before the search gives up; 0: as many as the time
    #: limit allows (:data:`TIME_LIMIT`).
    attempts: int = 0
    #: Start and end temperatures (geometric cooling).
    temperatures: tuple[float, float] = (3000.0, 20.0)
    #: Where numbers come into play tier by tier (nested tables), the search starts from free
    #: numbers laid for two-card groups (see ``design.start``), each card aiming for this many
    #: two-card groups more than criterion 5 asks, and anneals from a cooler start, so as
    #: to keep them.
    constructive_start: bool = True
    constructive_temperatures: tuple[float, float] = (300.0, 20.0)
    start_pair_margin: int = 1
    #: There, too, a fact short of two-card groups or in no group at all weighs this much more.
    constructive_fact_weight: int = 3
    constructive_uncovered_weight: int = 20
    #: Safety margins over the criteria, so that simulated play has room.
    group_margin: int = 2
    group_target: tuple[int, ...] = (20, 20, 30, 40)
    #: Two-card groups of different kinds (line and equation) each card should have.
    distinct_pair_target: int = 4
    pair_target: tuple[int, ...] = (9, 7, 7, 7)
    trivial_target: float = TRIVIAL_SHARE - 0.05
    fact_share_target: float = 0.34
    #: Target share of a tier's groups that practise its new operation.
    practice_target: tuple[float, ...] = (0.0, 0.26, 0.18, 0.16)
    #: Feedback from play: every ``feedback_every`` steps after the first ``feedback_start`` of
    #: them, ``feedback_games`` games per tier and player count; cards left over in more than
    #: ``strand_alarm`` of them get their pair targets raised, by at most ``boost_cap``. Fewer
    #: rounds of more games steer better than many small ones: 400 games every 3,000 steps judged
    #: a card left in 10 % of games to within about 1.5 points, so boosts and variety targets
    #: followed the noise, and about one attempt in four passed design's check; 2,000 every
    #: 6,000 passed about one in two (see docs/design.md).
    feedback_every: int = 6000
    feedback_start: float = 0.5
    feedback_games: int = 2000
    strand_alarm: float = 0.08
    boost_cap: int = 6
    #: A card left over within this much of verify's stranding line gets two boosts a round.
    strand_near: float = 0.03
    #: End the search at the first feedback round whose games meet every criterion: that deck
    #: usually passes verify's check, and the steps after it seldom make a better one.
    stop_when_clean: bool = True
    #: Rounds of ``feedback_every`` steps at the final temperature, each judged by feedback games,
    #: while no deck judged so far met every criterion there (see ``DeckSearch.anneal``).
    polish_rounds: int = 8
    polish_share: float = 0.4
    #: Decks of one attempt checked by verify, best first (see ``DeckSearch.candidates``).
    candidates: int = 2
    #: Variety: the largest share of a tier's groups one equation may have, and how many cards
    #: of one colour may carry the same number in the same cell.
    max_equation_share: float = 0.08
    max_same_number: int = 5
    #: Reward per card for two-card groups (diminishing past ``pair_cap``) and for all groups.
    pair_cap: int = 14
    pair_weight: tuple[float, ...] = (12.0, 6.0, 6.0, 6.0)
    group_weight: float = 0.3
    group_cap: int = 60
    #: Variety as play meets it (weighted totals, see ``design.score.py``): the largest share one
    #: equation may have, the largest sum of squared equation shares per tier (its inverse is the
    #: number of equally common equations play meets), the share that must read only with the new
    #: operation, the largest share of one fact among those practising, and how much these weigh.
    variety_weight: float = 4.0
    square_weight: tuple[float, ...] = (10.0, 10.0, 10.0, 30.0)
    top_equation_target: float = 0.085
    square_target: tuple[float, ...] = (0.045, 0.03, 0.019, 0.012)
    needing_target: tuple[float, ...] = (0.0, 0.27, 0.18, 0.12)
    needing_weight: tuple[float, ...] = (1.0, 1.0, 2.0, 1.0)
    top_fact_target: float = 0.25
    #: Every fact of a ×/÷ tier: this many two-card groups more than verify asks, and at least
    #: this share of the practice.
    rare_fact_pair_margin: int = 1
    #: How much a ×/÷ fact short of its two-card groups weighs (per pair short, squared).
    rare_fact_weight: int = 1
    rare_fact_floor: float = 0.10
    #: Focus facts (a spec's): each in at least one more two-card group than verify asks, each at
    #: least this share of the tier's practice, and together this much over verify's share.
    focus_floor: float = 0.06
    focus_share_margin: float = 0.08
    #: Decks with numbers past 9 (products such as 42) have far fewer groups a card than one of
    #: 0-9, where most small numbers add up to another: their group and pair targets per card.
    sparse_group_target: int = 12
    sparse_pair_target: int = 6
    sparse_distinct_pairs: int = 3
    #: Facts met in a run of games: the practising collections in ten games, and the facts to meet.
    window_practice: tuple[int, ...] = (100, 48, 0, 0)
    distinct_target: tuple[float, ...] = (27.0, 26.0, 0.0, 0.0)
    #: How the score weighs what it counts (see ``design.score.py``), in units of one group
    #: short of a target: the whole penalty's scale against the reward for pairs; a card short
    #: of its group target (a share per group), of kinds of pair and of pairs (halved squares);
    #: a tier's trivial groups over target; a fact of its operation in no group; a number
    #: printed too rarely (and far more once below verify's own line); a cell used too rarely;
    #: a card that is an equation by itself; and a run of facts met short of its target.
    penalty_scale: float = 100
    group_short_weight: float = 0.25
    square_short_weight: float = 0.5
    pair_below_line_weight: int = 2
    trivial_weight: float = 0.5
    equation_share_weight: float = 0.25
    uncovered_fact_weight: int = 10
    digit_weight: int = 3
    digit_below_line_weight: int = 30
    cell_weight: int = 3
    lonely_weight: int = 20
    distinct_weight: int = 2
    #: The moves and how often each is tried, as the upper ends of a roll from 0 to 1: a
    #: triple's fact below ``fact_move_below``, its line below ``line_move_below``, a free
    #: number's value below ``value_move_below``, else its cell (a whole planted two-card
    #: group first, at ``plant_rate`` of the steps, for numbers past 9).
    fact_move_below: float = 0.10
    line_move_below: float = 0.14
    value_move_below: float = 0.65
    plant_rate: float = 0.08
    #: Steering (see ``design.steering.py``): where the feedback games come within each margin
    #: of verify's line, the target moves by the factor (or step) beside it.
    steer_repeat_margin: float = 0.01
    steer_square: float = 0.9
    steer_top_margin: float = 0.015
    steer_top: float = 0.92
    steer_needing_margin: float = 0.3
    steer_needing: float = 0.02
    steer_top_fact_margin: float = 0.04
    steer_top_fact: float = 0.95
    steer_floor_margin: float = 0.06
    steer_floor: float = 1.1
    steer_distinct_margin: int = 1
    steer_distinct: float = 1.0
    steer_focus_margin: float = 0.1
    steer_focus: float = 1.15
    steer_focus_share_margin: float = 0.05
    steer_focus_share: float = 0.03

    def for_tiers(self, roles: Sequence[int], distinct: Sequence[bool]) -> DesignSettings:
        """These settings for a deck of other tiers: each per-tier entry (given above for the
        standard green, yellow, purple and orange) taken from the standard tier whose ``role``
        the tier plays, and no run-of-games target where a tier has no such criterion."""
        picked: dict[str, Any] = {name: tuple(getattr(self, name)[role] for role in roles) for name in PER_TIER}
        windows = zip(roles, distinct, strict=True)
        picked["window_practice"] = tuple(self.window_practice[role] if wanted else 0 for role, wanted in windows)
        return replace(self, **picked)

    def constructive(self) -> DesignSettings:
        """These settings for a search from a constructive start (see ``constructive_temperatures``)."""
        return replace(
            self,
            temperatures=self.constructive_temperatures,
            rare_fact_weight=self.constructive_fact_weight,
            uncovered_fact_weight=self.constructive_uncovered_weight,
        )

    def sparse(self) -> DesignSettings:
        """These settings for a deck of numbers past 9 (see ``sparse_group_target``)."""
        tiers = len(self.group_target)
        return replace(
            self,
            group_target=(self.sparse_group_target,) * tiers,
            pair_target=(self.sparse_pair_target,) * tiers,
            distinct_pair_target=self.sparse_distinct_pairs,
        )


#: The settings given once per standard tier.
PER_TIER = (
    "group_target",
    "pair_target",
    "practice_target",
    "pair_weight",
    "square_weight",
    "square_target",
    "needing_target",
    "needing_weight",
    "distinct_target",
)
