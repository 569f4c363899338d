"""Judged figures and the rule that decides them: a number beside its line, with its standard error.

A figure the deck alone decides (groups per card, facts covered) is exact: it passes when it
is on the right side of its line. A figure from simulated play is one draw of a noisy
estimate, and another seed moves it. So a play figure passes only when it is on the right side
of its line with at least :data:`CONFIDENCE` confidence (one-sided):

- more than :data:`MARGIN` standard errors on the right side in the first run: it passes;
  more than :data:`MARGIN` on the wrong side: it fails;
- within :data:`MARGIN` standard errors of its line: the games it comes from are played again,
  :data:`CONFIRM_FACTOR` times as many (at least :data:`CONFIRM_LEAST`) with their own seed. That
  run is judged the same way, and a figure still within :data:`MARGIN` of its line is played
  again, :data:`CONFIRM_GROWTH` times as many games each round, up to :data:`CONFIRM_ROUNDS`
  rounds. The last round decides: the figure passes when it is at least :data:`CONFIDENT_Z` of
  its (much smaller) standard errors on the right side.

Why rounds: a figure is one draw whose spread shrinks with the games. A deck whose figure truly
lies 1 percentage point inside its line can sit within 3 standard errors of it in 10,000 games,
and then a single confirmation run passes it at some seeds and fails it at others (most of all
where the figure is the most adverse of 70 cards). Four or sixteen times the games tell it apart
from its line, so the verdict no longer turns on the seed; only a deck within a few tenths of a
point of its line still can, and design seldom writes one (it asks more: :data:`DESIGN_Z`). Seldom:
a deck whose card is truly left in about 14.7 % of games (line 15 %) reads 14.6 % at design's two
seeds now and then, clears :data:`DESIGN_Z`, and then fails verify at some seeds (the
divide-2-5-10 deck of design seed 4 fails at verify seeds 5 and 6).

A figure over many items (every card's share of games left on the table, every fact's
collections a game) is judged by its most adverse item: the one nearest the wrong side,
counted in standard errors; when that one passes, every other does.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from deckgen.games.play.simulate import PlayStats

#: Standard errors from its line within which a play figure is decided by a confirmation run.
MARGIN = 3.0
#: A confirmation run plays this many times the games, with its own seed, and never fewer than
#: :data:`CONFIRM_LEAST` (five times verify's 2,000), so that a check with fewer games is decided
#: by as many games as the usual one wherever a figure is near its line.
CONFIRM_FACTOR = 5
CONFIRM_LEAST = 10_000
#: Each further confirmation round plays this many times the games of the one before ...
CONFIRM_GROWTH = 4
#: ... up to this many rounds (10,000, 40,000 and 160,000 games after verify's 2,000).
CONFIRM_ROUNDS = 3


def confirm_games(games: int, round: int = 1) -> int:
    """The games of confirmation round ``round`` (from 1) after a first run of ``games``."""
    return max(games * CONFIRM_FACTOR, CONFIRM_LEAST) * CONFIRM_GROWTH ** (round - 1)


#: The confidence with which a play figure must lie on the right side of its line, and the
#: one-sided normal quantile that goes with it.
CONFIDENCE = 0.99
CONFIDENT_Z = 2.326
#: What design asks of a confirmed figure before it accepts a deck: half as many standard errors
#: again as verify asks (3.49 for 2.33). A deck whose figure sits just past verify's line would
#: pass design's own check now and then, and then fail a teacher's verify at other seeds (the
#: winner's curse of trying many candidates: a deck designed from the standard spec with seed 3
#: passed two checks at verify's distance and failed verify at 5 of seeds 1-10). Twice verify's
#: distance was tried too: then neither tables preset could be designed with the seeds tried
#: (the card most often left being the largest of 70 to 130 shares).
DESIGN_Z = 1.5 * CONFIDENT_Z


@dataclass(frozen=True)
class Figure:
    """One number a criterion judges, beside its line.

    ``stderr`` is ``None`` for a figure the deck alone decides (exact); for a play figure it is
    the standard error over the ``games`` it was measured in, ``confirmed`` says whether those
    were a confirmation run's, and ``last_round`` whether that run was the last one verify plays.
    """

    criterion: int
    name: str
    value: float
    line: float
    at_least: bool
    players: int | None = None
    item: str = ""
    stderr: float | None = None
    games: int = 0
    confirmed: bool = False
    #: A confirmation run after which no larger one is played: it decides at :attr:`confident_z`.
    last_round: bool = True
    #: Which games it comes from ("full" view or "beginner"), for confirmation runs.
    model: str = ""
    #: A share (of cards, games, collections) rather than a count (groups, collections a game).
    share: bool = True
    #: Standard errors a confirmed figure must clear its line by (design asks :data:`DESIGN_Z`).
    confident_z: float = CONFIDENT_Z

    @property
    def from_play(self) -> bool:
        return self.stderr is not None

    def on_right_side(self) -> bool:
        return self.value >= self.line if self.at_least else self.value <= self.line

    def distance(self) -> float:
        """How far on the right side of its line (negative: the wrong side), in standard errors."""
        gap = self.value - self.line if self.at_least else self.line - self.value
        if self.stderr is None or self.stderr == 0:
            return math.inf if gap >= 0 else -math.inf
        return gap / self.stderr

    def decided(self) -> bool | None:
        """Pass (``True``), fail (``False``), or ``None``: near its line, for a confirmation run to decide."""
        if self.stderr is None:
            return self.on_right_side()
        distance = self.distance()
        if self.confirmed and self.last_round:
            return distance >= self.confident_z
        # A confirmation round that is not the last passes a figure only as clear as the last would.
        clear = max(MARGIN, self.confident_z) if self.confirmed else MARGIN
        if distance > clear:
            return True
        if distance < -MARGIN:
            return False
        return None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"criterion": self.criterion, "figure": self.name}
        if self.players is not None:
            data["players"] = self.players
        if self.item:
            data["item"] = self.item
        data |= {
            "value": round(self.value, 4),
            "line": round(self.line, 4),
            "sense": "at_least" if self.at_least else "at_most",
            "unit": "share" if self.share else "count",
            "decided_by": "play" if self.from_play else "deck",
        }
        if self.stderr is not None:
            data |= {
                "stderr": round(self.stderr, 4) if math.isfinite(self.stderr) else None,
                "games": self.games,
                "confirmed": self.confirmed,
            }
        decided = self.decided()
        data["passed"] = decided
        return data


def standard_error(values: Sequence[float | None]) -> float:
    """The standard error of a mean over batches (``None``: a batch that has no value)."""
    found = [v for v in values if v is not None]
    if len(found) < 2:
        return math.inf
    mean = sum(found) / len(found)
    variance = sum((v - mean) ** 2 for v in found) / (len(found) - 1)
    return math.sqrt(variance / len(found))


def measured(stats: PlayStats, figure: Callable[[PlayStats], float | None]) -> tuple[float, float]:
    """A figure of a run and its standard error, from its spread over the run's batches."""
    value = figure(stats)
    return (value if value is not None else 0.0), standard_error([figure(batch) for batch in stats.batches])


def measured_items(
    stats: PlayStats, figure: Callable[[PlayStats], Sequence[float | None]], count: int
) -> list[tuple[float, float]]:
    """Per item, a figure of a run and its standard error (``figure`` gives ``count`` values)."""
    whole = figure(stats)
    batches = [figure(batch) for batch in stats.batches]
    found: list[tuple[float, float]] = []
    for i in range(count):
        value = whole[i]
        found.append((value if value is not None else 0.0, standard_error([b[i] for b in batches])))
    return found


def most_adverse(figures: Sequence[Figure]) -> list[Figure]:
    """The item nearest the wrong side of its line (in standard errors), as a one-figure list."""
    if not figures:
        return []
    return [min(figures, key=lambda f: (f.distance(), f.value if f.at_least else -f.value))]
