"""The standard Cleariosity Numbers deck and the thresholds its design must meet.

These numbers are the product's promises (see the README's "What verify checks"); they
live here once so that verify, design and the deck loader agree.
"""

from __future__ import annotations

from deckgen.games.cleariosity.core.model import Tier

#: Cards per colour in the standard 60-card deck.
STANDARD_COUNTS: dict[Tier, int] = {Tier.GREEN: 24, Tier.YELLOW: 12, Tier.PURPLE: 12, Tier.ORANGE: 12}

#: Rich: every card sits in at least this many groups of its tier.
MIN_GROUPS = 6

#: Two-card groups: every card sits in at least this many two-card groups of its tier.
#: Beginners find pairs first, and a card with few pairs is the one left on the table.
MIN_PAIRS = 4

#: Not trivial: at most this share of a tier's groups, and of the groups collected in
#: full-view play, may be trivial.
TRIVIAL_SHARE = 0.18

#: The teaching split of each colour uses at least this many different facts.
MIN_TEACHING_FACTS = 3

#: Full-view play: average share of the cards collected, per tier and player count, and the
#: most often any single card may be left on the table.
#: Green, the level every class starts on, gives a point of collection for variety: with fewer
#: repeats, each equation's groups share cards, so each card is in fewer groups.
MIN_COLLECTED: dict[Tier, float] = {Tier.GREEN: 0.91, Tier.YELLOW: 0.92, Tier.PURPLE: 0.92, Tier.ORANGE: 0.92}
MAX_STRANDED = 0.15

#: Beginner play (two-card groups only): average share of the cards collected.
MIN_BEGINNER = 0.90

#: Practice: groups a full-view game collects that practise the tier's new operation.
MIN_PRACTICE: dict[Tier, float] = {Tier.YELLOW: 3.5, Tier.PURPLE: 3.0, Tier.ORANGE: 3.0}

#: Facts covered by a tier's groups (see :mod:`deckgen.games.cleariosity.analysis.facts`): how many of the tier's
#: facts must occur, and the largest share of the practising groups any one may take.
MIN_FACTS: dict[Tier, int] = {Tier.GREEN: 30, Tier.YELLOW: 24, Tier.PURPLE: 6, Tier.ORANGE: 6}
MAX_FACT_SHARE: dict[Tier, float] = {Tier.PURPLE: 0.40, Tier.ORANGE: 0.40}

#: Variety in full-view play. The most-collected equation may be at most this share of the
#: equations collected ...
MAX_TOP_EQUATION = 0.10
#: ... the most-collected fact of the tier's new operation at most this share of the
#: collections that practise it ...
MAX_TOP_NEW = 0.30
#: ... and at most this share of a game's collections may repeat an equation already collected
#: in that game.
MAX_REPEATS = 0.10
#: Collections a game that read only with the tier's new operation (no earlier one reads them).
MIN_NEEDING_NEW: dict[Tier, float] = {Tier.YELLOW: 3.5, Tier.PURPLE: 3.0, Tier.ORANGE: 3.0}
#: Every fact of these tiers' new operation that the deck holds: in at least this many two-card
#: groups (what beginners find), and collected at least this often a game.
RARE_FACT_TIERS = (Tier.PURPLE, Tier.ORANGE)
MIN_FACT_PAIRS = 3
MIN_FACT_PER_GAME = 0.3
#: Different facts of an operation collected in ten games in a row (expected), at the level
#: that brings the operation in.
MIN_DISTINCT_FACTS: dict[Tier, int] = {Tier.GREEN: 23, Tier.YELLOW: 19}

PLAYER_COUNTS = (2, 3, 4)
DEFAULT_GAMES = 2000

#: Deck balance: every digit 1-9 printed at least this often (0 teaches only trivial
#: readings, so it needs fewer), every cell used by at least this many cards.
MIN_DIGIT_USE = 14
MIN_ZERO_USE = 8
MIN_CELL_USE = 14


def min_digit_use(digit: int) -> int:
    return MIN_ZERO_USE if digit == 0 else MIN_DIGIT_USE
