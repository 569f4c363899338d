"""Simulated games of Cleariosity Numbers as a table of real players plays them.

:mod:`.play` asks how much of a deck a class collects; this module asks what the teacher
pack's rules do for the people at the table: who wins when one player spots equations faster
than another, how many cards are stranded when players only watch the newest cards, and what
a closing sweep or a "not twice in a row" rule changes. The figures back those rules.

The model of play is :mod:`.play`'s: shuffle the tier's cards, deal them evenly, the leftovers
face up first; each round every player turns up the top card of their pile, in seat order;
then, while the face-up cards hold a group that someone may claim, one is collected. On top:

- **Spotting speed.** Each player has a speed (1.0 a typical player, 1.5 a quick one, 0.5 a
  child at half speed). The group collected is chosen uniformly among the groups that some
  player allowed to claim can see; it is claimed by one of the allowed players who can see it,
  player *i* with probability ``speed_i`` over the sum of their speeds.
- **View.** A ``"full"`` player sees every face-up card; an ``"impatient"`` player only looks at
  the newest :data:`IMPATIENT_WINDOW` face-up cards (by turn-up order, among the cards still on
  the table), so a group is visible to them only if all its cards are among those. Collecting
  cards moves older cards into that window.
- **Sweep.** When the piles are empty, everyone checks the whole table (full view) and keeps
  collecting until no group is left. Without it the game ends when the piles are empty and no
  group anyone can see (and may claim) is left.
- **Cooldown.** Whoever collected the last group may not claim the next one; a group only the
  cooled-down player could claim waits for someone else (with two players the claims
  alternate). With one player there is nobody else, so the rule does not apply.
- **Winning.** The player who collected the most cards wins; a tie for the most cards is a win
  for nobody and is counted on its own. Playing co-operatively ("the class against the deck"),
  the class wins when at most ``allowed_left`` cards are left on the table.

Randomness is split so that settings can be compared on the same games: the deals come from one
generator seeded from the seed, and each game's choices (which group, who claims it) from a
generator of its own, seeded from the seed and the game's number. The same seed therefore deals
the same cards whatever the players or settings, and a game with a sweep plays exactly as the
game without one until the piles are empty.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from deckgen.games.cleariosity.analysis.tier_report import analyse_tier
from deckgen.games.cleariosity.core.model import Deck, Tier
from deckgen.games.play.simulate import PartnerIndex, deal_rounds, partner_index

FULL = "full"
IMPATIENT = "impatient"
VIEWS = (FULL, IMPATIENT)
#: How many of the newest face-up cards an impatient player looks at.
IMPATIENT_WINDOW = 4


@dataclass(frozen=True)
class Player:
    """A player at the table: how fast they spot equations, and which face-up cards they look at."""

    speed: float = 1.0
    view: str = FULL

    def __post_init__(self) -> None:
        if not self.speed > 0:
            raise ValueError(f"a player's spotting speed must be positive, not {self.speed}")
        if self.view not in VIEWS:
            raise ValueError(f"a player's view is one of {', '.join(VIEWS)}, not {self.view!r}")


def seat(speeds: Sequence[float], view: str = FULL) -> tuple[Player, ...]:
    """Players with these spotting speeds, all with the same view."""
    return tuple(Player(speed, view) for speed in speeds)


@dataclass(frozen=True)
class TableSettings:
    """The house rules that change play: a closing sweep, and no claiming twice in a row."""

    sweep: bool = False
    cooldown: bool = False


@dataclass(frozen=True)
class TableGame:
    """One game: cards collected by each player, cards left on the table, every claim in order."""

    cards: tuple[int, ...]
    left: int
    #: (group number, player) for each group collected, in the order collected.
    claims: tuple[tuple[int, int], ...]

    def winner(self) -> int | None:
        """The player with the most cards, or None when two or more tie for the most."""
        best = max(self.cards)
        leaders = [i for i, count in enumerate(self.cards) if count == best]
        return leaders[0] if len(leaders) == 1 else None


def play_table_game(
    order: Sequence[int],
    players: Sequence[Player],
    settings: TableSettings,
    partners: PartnerIndex,
    masks: Sequence[int],
    rng: random.Random,
) -> TableGame:
    """Play one game with the cards dealt in ``order`` (see the module docstring for the rules).

    ``partners`` is :func:`.play.partner_index` of ``masks``: a card turned up only looks at the
    cards already face up to find the groups it completes.
    """
    count = len(players)
    if count == 0:
        raise ValueError("a game needs at least one player")
    rounds = deal_rounds(order, count)
    speeds = [player.speed for player in players]
    full_seers = [i for i, player in enumerate(players) if player.view == FULL]
    impatient_seers = [i for i, player in enumerate(players) if player.view == IMPATIENT]
    face_up: list[int] = []  # in turn-up order, oldest first
    face_up_mask = 0
    complete: list[int] = []  # numbers of the groups whose cards are all face up
    cards = [0] * count
    claims: list[tuple[int, int]] = []
    blocked = -1  # the player who may not claim next (-1: nobody)
    randbelow = rng.randrange
    uniform = rng.random

    def collect(everyone_full: bool) -> None:
        nonlocal face_up, face_up_mask, complete, blocked
        while complete:
            barred = blocked if settings.cooldown and count > 1 else -1
            if everyone_full:
                full = [i for i in range(count) if i != barred]
                impatient: list[int] = []
            else:
                full = [i for i in full_seers if i != barred]
                impatient = [i for i in impatient_seers if i != barred]
            window = 0
            if impatient:
                for card in face_up[-IMPATIENT_WINDOW:]:
                    window |= 1 << card
            if full:
                candidates = complete
            else:
                candidates = [number for number in complete if not masks[number] & ~window]
            if not candidates:
                return
            number = candidates[randbelow(len(candidates))]
            taken = masks[number]
            seers = full + impatient if impatient and not taken & ~window else full
            # Drawn even when only one player can claim, so that who claims never changes the
            # later draws: when everyone sees alike, a cooldown moves claims, not collections.
            pick = uniform() * sum(speeds[i] for i in seers)
            claimer = seers[-1]
            for i in seers:
                pick -= speeds[i]
                if pick < 0:
                    claimer = i
                    break
            claims.append((number, claimer))
            cards[claimer] += taken.bit_count()
            blocked = claimer
            face_up_mask &= ~taken
            face_up = [card for card in face_up if not taken >> card & 1]
            complete = [other for other in complete if not masks[other] & taken]

    all_full = not impatient_seers
    for arriving in rounds:
        for card in arriving:
            face_up_mask |= 1 << card
            mine = partners[card]
            for other in face_up:
                for number in mine.get(other, ()):
                    mask = masks[number]
                    if mask & face_up_mask == mask:
                        complete.append(number)
            face_up.append(card)
        collect(all_full)
    if settings.sweep:
        collect(True)
    return TableGame(tuple(cards), len(face_up), tuple(claims))


@dataclass(frozen=True)
class TableResult:
    """What ``games`` seeded games at one table, under one set of rules, came to."""

    tier: Tier | None
    players: tuple[Player, ...]
    settings: TableSettings
    games: int
    seed: str
    card_count: int
    #: Cards left on the table at the end of each game, in game order.
    left_per_game: tuple[int, ...]
    #: Games each player won outright.
    wins: tuple[int, ...]
    #: Games in which two or more players tied for the most cards.
    ties: int
    #: Groups collected, over all the games.
    collections: int
    #: Cards each player collected, over all the games.
    cards_by_player: tuple[int, ...]

    @property
    def turn_ups_per_player(self) -> int:
        """Cards each player turns up in a game (the leftovers start face up and are nobody's)."""
        return self.card_count // len(self.players) if self.players else 0

    @property
    def mean_left(self) -> float:
        return sum(self.left_per_game) / self.games if self.games else 0.0

    def share_leaving_at_least(self, cards: int) -> float:
        """Share of the games that left ``cards`` or more cards on the table."""
        return sum(1 for left in self.left_per_game if left >= cards) / self.games if self.games else 0.0

    def class_win_share(self, allowed_left: int) -> float:
        """Co-operative play: share of the games the class wins, leaving at most ``allowed_left`` cards."""
        return sum(1 for left in self.left_per_game if left <= allowed_left) / self.games if self.games else 0.0

    @property
    def win_shares(self) -> tuple[float, ...]:
        """Each player's share of the games won outright (ties for first are nobody's win)."""
        return tuple(wins / self.games if self.games else 0.0 for wins in self.wins)

    @property
    def tie_share(self) -> float:
        return self.ties / self.games if self.games else 0.0

    @property
    def collections_per_game(self) -> float:
        return self.collections / self.games if self.games else 0.0


def simulate_table(
    card_count: int,
    masks: Sequence[int],
    players: Sequence[Player],
    settings: TableSettings,
    games: int,
    seed: str,
    tier: Tier | None = None,
) -> TableResult:
    """Play ``games`` seeded games on the groups ``masks`` over cards ``0 .. card_count - 1``."""
    table = tuple(players)
    if not table:
        raise ValueError("a game needs at least one player")
    partners = partner_index(card_count, masks)
    deal = random.Random(f"{seed}/deal")
    order = list(range(card_count))
    left: list[int] = []
    wins = [0] * len(table)
    cards = [0] * len(table)
    ties = collections = 0
    for game in range(games):
        deal.shuffle(order)
        played = play_table_game(order, table, settings, partners, masks, random.Random(f"{seed}/play/{game}"))
        left.append(played.left)
        collections += len(played.claims)
        for i, count in enumerate(played.cards):
            cards[i] += count
        winner = played.winner()
        if winner is None:
            ties += 1
        else:
            wins[winner] += 1
    return TableResult(
        tier=tier,
        players=table,
        settings=settings,
        games=games,
        seed=seed,
        card_count=card_count,
        left_per_game=tuple(left),
        wins=tuple(wins),
        ties=ties,
        collections=collections,
        cards_by_player=tuple(cards),
    )


def simulate_tier(
    deck: Deck, tier: Tier, players: Sequence[Player], settings: TableSettings, games: int, seed: str
) -> TableResult:
    """:func:`simulate_table` on every equation group of ``deck`` at ``tier``."""
    card_count, masks = tier_groups(deck, tier)
    return simulate_table(card_count, masks, players, settings, games, seed, tier)


def tier_groups(deck: Deck, tier: Tier) -> tuple[int, list[int]]:
    """The number of cards in play at ``tier`` and the masks of all their equation groups.

    Finding the groups is the slow part of a small simulation; callers trying many tables on
    one tier can find them once and call :func:`simulate_table` directly.
    """
    report = analyse_tier(deck, tier)
    return len(report.cards), [group.mask for group in report.groups]
