"""The standard Cleariosity Numbers deck and the thresholds its design must meet.

These numbers are the product's promises (see the README's "What verify checks"); they
live here once so that verify, design and the deck loader agree.
"""

from __future__ import annotations

from deckgen.model import Tier

#: Cards per colour in the standard 60-card deck.
STANDARD_COUNTS: dict[Tier, int] = {Tier.GREEN: 24, Tier.YELLOW: 12, Tier.PURPLE: 12, Tier.ORANGE: 12}

#: Criterion 4: every card sits in at least this many groups of its own tier.
MIN_GROUPS = 6

#: Criterion 5: at most this share of a tier's groups may be trivial.
TRIVIAL_SHARE = 0.25

#: Criterion 6: average share of cards collected in simulated games, per tier and player count.
MIN_COLLECTED = 0.88
PLAYER_COUNTS = (2, 3, 4)
DEFAULT_GAMES = 2000

#: Criterion 7: every digit at least this often, every cell on at least this many cards.
MIN_DIGIT_USE = 10
MIN_CELL_USE = 14
