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
7. facts — the tier's groups cover enough of its facts (:mod:`deckgen.games.cleariosity.analysis.facts`), none of them
   dominating;
8. full-view play collects at least ``MIN_COLLECTED`` of the cards, and no card is left on
   the table in more than ``MAX_STRANDED`` of the games;
9. beginner play (two-card groups only) collects at least ``MIN_BEGINNER``, and leaves no card in
   more than ``max_stranded_beginner`` of its games;
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

from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, wait

from deckgen.errors import DeckgenError
from deckgen.games.cleariosity.analysis.tier_report import DeckReport, TierReport, analyse_tier, balance, group_flags
from deckgen.games.cleariosity.core.model import Deck
from deckgen.games.cleariosity.criteria.lines import STANDARD_CRITERIA, Criteria
from deckgen.games.cleariosity.play.figures import (
    CONFIDENT_Z,
    CONFIRM_ROUNDS,
    confirm_games,
)
from deckgen.games.play.simulate import PlayStats, simulate
from deckgen.workers import POLL_SECONDS, worker_pool

#: The arguments of one run of :func:`~.play.simulate` (the last two empty: variety not measured).
PlayTask = tuple[int, list[int], list[int], int, int, str, list[int], list[int]]


#: The most equation groups a level may have for simulated play (the shipped deck's largest
#: level has 2,278; four standard decks have 118,336); past it a game takes seconds.
MAX_PLAY_GROUPS = 150_000


def _play_task(task: PlayTask) -> PlayStats:
    return simulate(*task)


def play_tasks(report: TierReport, games: int, seed: int | str) -> list[PlayTask]:
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
    seed: int | str,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    verdict_only: bool = False,
    criteria: Criteria = STANDARD_CRITERIA,
    confident_z: float = CONFIDENT_Z,
) -> DeckReport:
    """Run every check; simulated games are spread over ``workers`` processes.

    Play figures near their lines are then decided by confirmation runs (:func:`confirm`).
    ``seed``: verify's seeds are whole numbers; design checks its decks with seeds of its own
    (strings), so that no verdict a teacher reads comes from the games design selected on.
    ``verdict_only``: the caller needs only pass or fail (design checking its candidates), so
    when the deck already fails a criterion, confirmation runs are skipped and the figures they
    would have settled are left unjudged (``unsettled``).
    ``criteria``: the thresholds to judge by (a deck spec's), and the player counts to play.
    ``confident_z``: the standard errors a confirmed figure must clear its line by.
    """
    tiers = [analyse_tier(deck, tier, criteria) for tier in deck.present()]
    for report in tiers:
        report.confident_z = confident_z
    players = criteria.players
    if games == 0:  # play not simulated: the play criteria are left unjudged, the report says so
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
    for round in range(1, CONFIRM_ROUNDS + 1):
        near = [(report, model, count) for report in tiers for model, count in sorted(report.undecided())]
        if not near:
            break
        for report, model, count in near:
            report.unsettled.add((model, count))
        if verdict_only and made.failures():
            return made
        for report, _, _ in near:
            report.unsettled.clear()
        confirm(near, games, seed, workers, round)
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


def confirm(
    near: list[tuple[TierReport, str, int]], games: int, seed: int | str, workers: int = 1, round: int = 1
) -> None:
    """Play again, with more games, wherever a play figure is near its line.

    A figure within :data:`~.play.figures.MARGIN` standard errors of its line could pass with one
    seed and fail with another. For each (tier, play model, player count) in ``near`` the games
    are played again, as many as confirmation round ``round`` plays (:func:`~.play.figures.confirm_games`)
    with a seed of their own, in up to ``workers`` processes; every figure of those games is then
    read from that run (and marked confirmed), and decided by it, or by a further round.
    """
    tasks: list[PlayTask] = []
    own = ":confirm" if round == 1 else f":confirm{round}"
    for report, model, players in near:
        slot = report.criteria.players.index(players) + (len(report.criteria.players) if model == "beginner" else 0)
        played = confirm_games(games, round)
        size, masks, flags, count, more, stream, equations, kinds = play_tasks(report, played, seed)[slot]
        tasks.append((size, masks, flags, count, more, stream + own, equations, kinds))
    for (report, model, players), result in zip(near, _play_tasks(tasks, workers), strict=True):
        (report.confirmed_beginner if model == "beginner" else report.confirmed)[players] = result
        report.rounds[(model, players)] = round
