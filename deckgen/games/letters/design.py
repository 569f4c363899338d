"""A seeded search for a Cleariosity Letters deck: every level playable, many words, nothing rude.

The same plan as the numbers game's design, for words:

1. **Teaching triples.** Each level's cards are split into triples; each triple gets a line and
   a word of its own level (different words within a level), card k carrying the word's k-th
   tile on that line. So every level can be cleared and every card starts in a group of its
   level's new words, whatever the search does after.
2. **Free cells.** Each card's two other tiles lie off its triple's line. Annealing changes one
   free tile (its tile or its cell), a triple's word or a triple's line at a time.
3. **What it aims for.** At each level, among the cards in play there, every card in at least
   ``pair_target`` two-card groups (play collects pairs far more often than triples) and
   ``group_target`` groups in all; the level's own words at least ``new_share`` of its groups
   and no word more than ``top_share`` (pairs weighed ``PAIR_WEIGHT`` times, as play meets
   them); a teacher's own words each in ``focus_pairs`` two-card groups at their level (planted
   where short). Hard rules cost far more: a blocked word on any line of any stack, a card that
   spells a word alone, two cards alike.
4. **Feedback from play.** After the first steps, every level is played ``feedback_games``
   seeded games a player count each round (:mod:`.play`; a round takes a fraction of a second,
   so a sample large enough to tell a card left in 13 % of games from one left in 15 %). The
   cards left over get higher pair targets, a word collected near the commonest word's line a
   cap on its share, a level whose new words come up too rarely a larger share of them; the
   search ends at the first round whose games and counts meet design's lines, or else keeps the
   round that missed fewest.
5. **Candidates.** An attempt offers the :data:`CANDIDATES` decks its rounds judged best (fewest
   lines missed, the later of two alike first). Design's check plays them with a seed of its own,
   in that order, and takes the first that passes: where the best misses a line by a hair, the
   runner-up often clears it, and checking it takes under a second, against an attempt's ten or more.

Budgets are counted in steps, never seconds, and attempts are judged in order, so a seed always
gives the same deck.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from deckgen.games.grid import LINE_POSITIONS
from deckgen.games.letters.cards import LetterCard
from deckgen.games.letters.group_index import GroupIndex
from deckgen.games.letters.groups import Lexicon, Tiles, lone_words
from deckgen.games.letters.play import DESIGN_LINES, REFERENCE_WORDS, TOP_WORD_CEILING, PlayedLevel, play_levels
from deckgen.games.letters.play import LINES as TEACHER_LINES
from deckgen.games.letters.report import report_letters
from deckgen.games.letters.tally import LevelTally
from deckgen.games.letters.words import (
    DECK_CARDS,
    LEAST_FIRST_LEVEL,
    LEAST_PER_LEVEL,
    Word,
    WordList,
    splits,
    with_words,
)

LINES = tuple(LINE_POSITIONS.values())
#: The dot colours of the levels, in order (as the numbers game's tiers, then two more).
LEVEL_PREFIXES = ("G", "Y", "P", "O", "B", "R")
#: How many times a teacher's word's tiles are added to the free cells' pools.
FOCUS_POOL = 10
#: The share of steps that lay a teacher's word as a new two-card group (where there are such words).
PLANT_RATE = 0.1
#: Placings tried for it before the step gives up.
PLANT_TRIES = 10
#: Decks each attempt offers design's check (see the module's docstring).
CANDIDATES = 2


@dataclass(frozen=True)
class LettersSettings:
    """Search budgets, targets and weights."""

    steps: int = 20000
    temperatures: tuple[float, float] = (40.0, 0.5)
    pair_target: int = 3
    group_target: int = 5
    top_share: float = 0.07
    #: Two-card groups each teacher's word aims for: twice the two a teacher's check asks, since
    #: each pair is collected as that word in only some games (its cards are often taken first
    #: by other groups), and play must bring her words up often.
    focus_pairs: int = 4
    blocked_weight: float = 1000.0
    lone_weight: float = 200.0
    alike_weight: float = 200.0
    pair_weight: float = 4.0
    group_weight: float = 1.0
    top_weight: float = 200.0
    focus_weight: float = 100.0
    #: The share of a level's groups (two-card groups counted ``PAIR_WEIGHT`` times, as play
    #: meets them) that spell the level's own new words, at least; and what a share short weighs.
    new_share: float = 0.3
    new_weight: float = 200.0
    #: Feedback from play: every ``feedback_every`` steps after the first ``feedback_start`` of
    #: them, ``feedback_games`` games per level and player count; a card left over in more than
    #: ``strand_alarm`` of them gets its pair target raised (twice near the line), by at most
    #: ``boost_cap``. The search ends at the first round whose games and counts meet every line.
    feedback_every: int = 500
    feedback_start: float = 0.15
    feedback_games: int = 2000
    strand_alarm: float = 0.08
    strand_near: float = 0.03
    boost_cap: int = 6
    #: A level whose games collect within ``collect_margin`` of its line raises the pair targets
    #: of the cards left more often than the average card.
    collect_margin: float = 0.01
    #: A word whose share of a level's collections comes within ``top_margin`` of the line gets
    #: a cap on its weighed share of the groups (``word_cap_weight`` a share over it).
    top_margin: float = 0.02
    word_cap_weight: float = 400.0
    #: A later level whose own new words come up within ``new_margin`` of the line (times a
    #: game) gets ``new_step`` more of its weighed groups asked to spell them, up to ``new_lift_cap``.
    new_margin: float = 0.3
    new_step: float = 0.05
    new_lift_cap: float = 0.3
    #: A teacher's word that play collects within ``focus_margin`` of its line (times a game) is
    #: asked one more two-card group a round, up to ``focus_more_cap`` more.
    focus_margin: float = 0.1
    focus_more_cap: int = 4


@dataclass(frozen=True)
class LettersGoal:
    """What to design: the word list, the cards of each level, a teacher's own words (each
    placed at the first level whose tiles spell it) and the words no stack may spell."""

    words: WordList
    counts: tuple[int, ...]
    blocked: frozenset[str]
    focus: tuple[tuple[Word, int], ...] = ()


def default_counts(levels: int, cards: int = 60) -> tuple[int, ...]:
    """Cards per level: 24 at the first (as the numbers game's green), the rest shared out in
    threes (each level's teaching triples)."""
    if levels == 1:
        return (cards,)
    first = 24
    per = (cards - first) // (levels - 1) // 3 * 3
    return (first, *([per] * (levels - 1)))


def focus_counts(focus: Sequence[tuple[Word, int]], cards: int = DECK_CARDS) -> tuple[int, ...]:
    """Cards per level for a deck built round a teacher's words: the levels up to the last of
    them (a class reading this week's words needs no later level), the first with
    :data:`LEAST_FIRST_LEVEL` cards and each other with :data:`LEAST_PER_LEVEL`, and the rest
    shared among the levels of her words in proportion to how many of them each holds, in threes."""
    levels = max(rank for _, rank in focus) + 1
    counts = [LEAST_FIRST_LEVEL] + [LEAST_PER_LEVEL] * (levels - 1)
    if sum(counts) > cards:
        # read_spelling refuses such a list first, naming the word (MOST_FOCUS_LEVELS).
        raise ValueError(f"words of {levels} levels need more than {cards} cards")
    spare = (cards - sum(counts)) // 3
    held = Counter(rank for _, rank in focus)
    shares = {rank: spare * held[rank] / len(focus) for rank in held}
    for rank in held:
        counts[rank] += 3 * int(shares[rank])
    left = (cards - sum(counts)) // 3
    for rank in sorted(held, key=lambda r: (-(shares[r] - int(shares[r])), r))[:left]:
        counts[rank] += 3
    return tuple(counts)


def blocked_lexicon(words: WordList, blocked: frozenset[str]) -> Lexicon:
    """Every three tiles of the language whose letters together spell a blocked word."""
    inventory = words.tiles_to(len(words.levels) - 1)
    return Lexicon(split for text in sorted(blocked) for split in splits(text, inventory))


class LettersSearch:
    """One seeded search: the cards as maps of grid position to tile, their triples, and the score."""

    def __init__(self, seed: int | str, goal: LettersGoal, settings: LettersSettings) -> None:
        self.rng = random.Random(seed)
        self.goal, self.settings = goal, settings
        words = with_words(goal.words, goal.focus)
        self.levels = len(goal.counts)
        self.sizes = [sum(goal.counts[: rank + 1]) for rank in range(self.levels)]
        self.level_of = [rank for rank, count in enumerate(goal.counts) for _ in range(count)]
        self.lexicons = [Lexicon(word.tiles for word in words.words_to(rank)) for rank in range(self.levels)]
        self.word_rank = {word.tiles: rank for rank in range(self.levels) for word in words.levels[rank].words}
        self.own_words = [{word.tiles for word in words.levels[rank].words} for rank in range(self.levels)]
        self.blocked = blocked_lexicon(words, goal.blocked)
        # The tiles a card's free cells may take: those of its level's words and earlier ones, as
        # often as they come in them.
        self.focus = [(word.tiles, rank) for word, rank in goal.focus if rank < self.levels]
        # A teacher's words weigh as much as ten others in their levels' pools.
        self.pools: list[list[str]] = []
        for rank in range(self.levels):
            pool = [tile for word in words.words_to(rank) for tile in word.tiles]
            pool += [tile for tiles, at in self.focus if at <= rank for tile in tiles] * FOCUS_POOL
            self.pools.append(sorted(pool))
        self.tile_sets = [set(pool) for pool in self.pools]
        total = self.sizes[-1]
        self.cells: list[dict[int, str]] = [{} for _ in range(total)]
        self.line_of = [0] * total
        self.triples: list[tuple[int, int, tuple[int, int, int]]] = []  # (level, line, cards)
        self.triple_word: list[Tiles] = []
        self._lay_triples()
        self._fill_free()
        #: Extra two-card groups asked of the cards that the feedback games leave over.
        self.boost = [0] * total
        self._start_index()
        #: Lone and blocked words spelt by one card, by card contents, kept between steps.
        self._lone: dict[tuple[tuple[int, str], ...], tuple[int, int]] = {}
        self.seed = seed
        #: Raised by the feedback games at a level whose own new words come up too rarely: added
        #: to ``new_share`` there.
        self.new_lift = [0.0] * self.levels
        #: More two-card groups asked of each of a teacher's words that play collects too rarely.
        self.focus_more = [0] * len(self.focus)
        #: Caps on single words' weighed shares of a level's groups, from the feedback games.
        self.word_caps: dict[tuple[int, Tiles], float] = {}
        self.rounds = 0
        #: Each feedback round's deck, with the lines it missed and its round (for :meth:`candidates`).
        self.judged: list[tuple[int, int, list[dict[int, str]]]] = []

    # -- the start ------------------------------------------------------------------------
    def _lay_triples(self) -> None:
        rng = self.rng
        for rank in range(self.levels):
            start = self.sizes[rank] - self.goal.counts[rank]
            members = list(range(start, self.sizes[rank]))
            rng.shuffle(members)
            own = [word.tiles for word in self.goal.words.levels[rank].words]
            focus = [tiles for tiles, at in self.focus if at == rank]
            rng.shuffle(own)
            chosen = focus + [tiles for tiles in own if tiles not in focus]
            for k in range(0, len(members) - 2, 3):
                cards = (members[k], members[k + 1], members[k + 2])
                line = rng.randrange(len(LINES))
                self.triples.append((rank, line, cards))
                self.triple_word.append(chosen[(k // 3) % len(chosen)])
                self._write_triple(len(self.triples) - 1)

    def _write_triple(self, number: int) -> None:
        _, line, cards = self.triples[number]
        for slot, card in enumerate(cards):
            self.line_of[card] = line
            self.cells[card][LINES[line][slot]] = self.triple_word[number][slot]

    def _fill_free(self) -> None:
        for card, cells in enumerate(self.cells):
            free = [p for p in range(9) if p not in LINES[self.line_of[card]]]
            for position in self.rng.sample(free, 3 - len(cells)):
                pool = self.pools[self.level_of[card]]
                cells[position] = pool[self.rng.randrange(len(pool))]

    # -- the score ------------------------------------------------------------------------
    def _start_index(self) -> None:
        """The group indexes the score reads, built once the start deck is laid."""
        self.tally = LevelTally(self.levels, self.level_of, self.word_rank, self.focus)
        self.index = GroupIndex(self.cells, self.lexicons[-1], self.tally.count)
        self.blocked_index = GroupIndex(self.cells, self.blocked)

    def _apply(self, changes: dict[int, dict[int, str]]) -> Callable[[], None]:
        """Give cards new tiles (card → its cells); returns how to undo it."""
        saved = {card: self.cells[card] for card in changes}
        done = []
        for card, cells in changes.items():
            self.cells[card] = cells
            done.append((self.index.replace(card, cells), self.blocked_index.replace(card, cells)))

        def undo() -> None:
            # In reverse, each index told its own changes back: the deck, its groups and the
            # tally are as they were, without looking for a group again.
            for groups, blocked in reversed(done):
                self.blocked_index.restore(blocked)
                self.index.restore(groups)
            for card, cells in saved.items():
                self.cells[card] = cells

        return undo

    def penalty(self) -> float:
        """Missed targets and broken rules, weighed (lower is better; 0: every target met)."""
        s = self.settings
        tally, boost = self.tally, self.boost
        missed = 0.0
        for rank in range(self.levels):
            pairs, alls = tally.pairs[rank], tally.alls[rank]
            if rank:
                missed += s.new_weight * max(0.0, s.new_share + self.new_lift[rank] - tally.new_share(rank))
            for card in range(self.sizes[rank]):
                short = s.pair_target + boost[card] - pairs[card]
                if short > 0:
                    missed += s.pair_weight * short * short
                if alls[card] < s.group_target:
                    missed += s.group_weight * (s.group_target - alls[card])
            if tally.weight[rank]:
                # A level of few words cannot spread its groups thinner than its words allow
                # (the same scale as play's line on the commonest word).
                line = min(TOP_WORD_CEILING, s.top_share * max(1.0, REFERENCE_WORDS / len(self.lexicons[rank].wanted)))
                missed += s.top_weight * max(0.0, tally.top_share(rank) - line)
        for (rank, tiles), cap in self.word_caps.items():
            if tally.weight[rank]:
                missed += s.word_cap_weight * max(0.0, tally.words[rank][tiles] / tally.weight[rank] - cap)
        for paired, more in zip(tally.focus_paired, self.focus_more, strict=True):
            # The pairs every teacher's word needs weigh in full; those play asked for on top, a
            # quarter, so that no word is starved to feed another.
            missed += s.focus_weight * max(0, s.focus_pairs - paired)
            missed += s.focus_weight / 4 * max(0, s.focus_pairs + more - max(paired, s.focus_pairs))
        keys = [tuple(sorted(cells.items())) for cells in self.cells]
        lone = self._lone
        for key, cells in zip(keys, self.cells, strict=True):
            if key not in lone:
                lone[key] = (len(lone_words(cells, self.lexicons[-1])), len(lone_words(cells, self.blocked)))
        missed += s.blocked_weight * (len(self.blocked_index.groups) + sum(lone[k][1] for k in keys))
        missed += s.lone_weight * sum(lone[key][0] for key in keys)
        missed += s.alike_weight * (len(keys) - len(set(zip(self.level_of, keys, strict=True))))
        return missed

    def feedback(self) -> int:
        """Play every level ``feedback_games`` seeded games and steer the targets by them: the cards
        left over get higher pair targets, and a word that comes up near the commonest word's
        line gets a cap on its weighed share of the groups. Returns how many lines the deck
        misses, counted and played (0: it meets them all)."""
        s = self.settings
        self.rounds += 1
        cards = self.cards()
        played = play_levels(
            cards, self.goal.words, s.feedback_games, f"feedback:{self.seed}:{self.rounds}", self.goal.focus
        )
        notches = [0] * len(self.cells)
        new_lifts = [0.0] * self.levels
        focus_short: set[str] = set()
        for level in played:
            short = level.collected < level.collected_line(TEACHER_LINES) + s.collect_margin
            for card, (share, beginner) in enumerate(zip(level.left, level.left_beginner, strict=True)):
                found = max(
                    (share > s.strand_alarm) + (share > TEACHER_LINES.max_stranded - s.strand_near),
                    (beginner > TEACHER_LINES.max_stranded_beginner - 2 * s.strand_near)
                    + (beginner > TEACHER_LINES.max_stranded_beginner - s.strand_near),
                    int(short and share > 1 - level.collected),
                )
                notches[card] = max(notches[card], found)
            self._steer_words(level)
            for text, per_game in level.focus:
                if per_game < level.focus_line(TEACHER_LINES) + s.focus_margin:
                    focus_short.add(text)
            if level.rank and level.new_per_game < TEACHER_LINES.min_new_per_game + s.new_margin:
                new_lifts[level.rank] = s.new_step
        for card, notch in enumerate(notches):
            self.boost[card] = min(s.boost_cap, self.boost[card] + notch)
        for number, (tiles, _rank) in enumerate(self.focus):
            if "".join(tiles) in focus_short:
                self.focus_more[number] = min(s.focus_more_cap, self.focus_more[number] + 1)
        for rank, lift in enumerate(new_lifts):
            self.new_lift[rank] = min(s.new_lift_cap, self.new_lift[rank] + lift)
        # Every stack's lines are read against the blocklist by the final check; here the
        # search's own count of blocked groups stands for it.
        counted = report_letters(cards, self.goal.words, self.goal.blocked, self.goal.focus, False).failures()
        return len(counted) + sum(len(level.failures(DESIGN_LINES)) for level in played)

    def _steer_words(self, level: PlayedLevel) -> None:
        """Cap the weighed share of each word that play collects within ``top_margin`` of the
        commonest word's line, in proportion to how far over the aim it is."""
        s, tally = self.settings, self.tally
        aim = level.top_line(TEACHER_LINES) - s.top_margin
        for tiles, share in level.shares:
            if share <= aim or not tally.weight[level.rank]:
                continue
            now = tally.words[level.rank][tiles] / tally.weight[level.rank]
            key = (level.rank, tiles)
            self.word_caps[key] = min(self.word_caps.get(key, 1.0), now * aim / share)

    # -- moves ----------------------------------------------------------------------------
    def _propose(self) -> Callable[[], None] | None:
        """Change the deck a little; return how to undo it (``None``: nothing changed)."""
        rng = self.rng
        if self.focus and rng.random() < PLANT_RATE:
            return self._plant_focus()
        roll = rng.random()
        if roll < 0.08:
            return self._move_triple_word()
        if roll < 0.12:
            return self._move_triple_line()
        card = rng.randrange(len(self.cells))
        cells = dict(self.cells[card])
        free = sorted(p for p in cells if p not in LINES[self.line_of[card]])
        position = free[rng.randrange(len(free))]
        if roll < 0.7:
            pool = self.pools[self.level_of[card]]
            tile = pool[rng.randrange(len(pool))]
            if tile == cells[position]:
                return None
            cells[position] = tile
        else:
            empty = [p for p in range(9) if p not in cells and p not in LINES[self.line_of[card]]]
            cells[empty[rng.randrange(len(empty))]] = cells.pop(position)
        return self._apply({card: cells})

    def _plant_focus(self) -> Callable[[], None] | None:
        """Lay a teacher's word as a two-card group: one card of its level takes two of its tiles on
        a line, another the third; each keeps its teaching tile (and the second its other free
        tile), and nothing of either covers the word. The third tile may go to a card of an earlier
        level, if that level has the tile (a class meets a tile no earlier than its level): the
        word's own level has few cards to give."""
        rng = self.rng
        wanted = self.settings.focus_pairs
        paired = self.tally.focus_paired
        # The words under the pairs every teacher's word aims for come first: with twenty words
        # asked for more by play, a word with none would otherwise get one step in two hundred.
        short = [number for number in range(len(paired)) if paired[number] < wanted]
        short = short or [number for number in range(len(paired)) if paired[number] < wanted + self.focus_more[number]]
        if not short:
            return None
        tiles, rank = self.focus[short[rng.randrange(len(short))]]
        for _ in range(PLANT_TRIES):
            undo = self._plant(tiles, rank)
            if undo is not None:
                return undo
        return None

    def _plant(self, tiles: Tiles, rank: int) -> Callable[[], None] | None:
        rng = self.rng
        line = LINES[rng.randrange(len(LINES))]
        lone = rng.randrange(3)
        first = self.sizes[rank] - self.goal.counts[rank]
        double, single = rng.randrange(first, self.sizes[rank]), rng.randrange(self.sizes[rank])
        pair_cells = [line[slot] for slot in range(3) if slot != lone]
        if tiles[lone] not in self.tile_sets[self.level_of[single]]:
            return None  # a card of an earlier level takes only a tile its class has met
        if double == single or any(p in LINES[self.line_of[double]] for p in pair_cells):
            return None
        if line[lone] in LINES[self.line_of[single]]:
            return None
        double_cells = {p: t for p, t in self.cells[double].items() if p in LINES[self.line_of[double]]}
        if line[lone] in double_cells:
            return None
        for slot in range(3):
            if slot != lone:
                double_cells[line[slot]] = tiles[slot]
        old_single = self.cells[single]
        single_cells = {p: t for p, t in old_single.items() if p in LINES[self.line_of[single]]}
        kept = [p for p in old_single if p not in single_cells and p != line[lone]]
        keep = kept[rng.randrange(len(kept))] if kept else None
        if keep is not None:
            single_cells[keep] = old_single[keep]
        single_cells[line[lone]] = tiles[lone]
        if any(p in single_cells for p in pair_cells) or len(single_cells) != 3:
            return None
        return self._apply({double: double_cells, single: single_cells})

    def _move_triple_word(self) -> Callable[[], None] | None:
        rng = self.rng
        number = rng.randrange(len(self.triples))
        rank, line, cards = self.triples[number]
        if any(self.triple_word[number] == tiles for tiles, _ in self.focus):
            return None  # a teacher's word keeps its triple
        taken = {self.triple_word[n] for n, (r, _, _) in enumerate(self.triples) if r == rank}
        choices = sorted(tiles for tiles in self.own_words[rank] if tiles not in taken)
        if not choices:
            return None
        old = self.triple_word[number]
        word = self.triple_word[number] = choices[rng.randrange(len(choices))]
        changes = {card: {**self.cells[card], LINES[line][slot]: word[slot]} for slot, card in enumerate(cards)}
        undo_cells = self._apply(changes)

        def undo() -> None:
            self.triple_word[number] = old
            undo_cells()

        return undo

    def _move_triple_line(self) -> Callable[[], None] | None:
        rng = self.rng
        number = rng.randrange(len(self.triples))
        rank, line, cards = self.triples[number]
        new_line = rng.randrange(len(LINES))
        if new_line == line:
            return None
        changes = {}
        for slot, card in enumerate(cards):
            free = [tile for p, tile in sorted(self.cells[card].items()) if p != LINES[line][slot]]
            cells = {LINES[new_line][slot]: self.triple_word[number][slot]}
            empty = [p for p in range(9) if p not in LINES[new_line]]
            for tile, position in zip(free, rng.sample(empty, len(free)), strict=True):
                cells[position] = tile
            changes[card] = cells
            self.line_of[card] = new_line
        self.triples[number] = (rank, new_line, cards)
        undo_cells = self._apply(changes)

        def undo() -> None:
            self.triples[number] = (rank, line, cards)
            for card in cards:
                self.line_of[card] = line
            undo_cells()

        return undo

    # -- the search -----------------------------------------------------------------------
    def anneal(self, progress: Callable[[int, int], None] | None = None, deadline: float | None = None) -> float:
        """Simulated annealing on :meth:`penalty`; returns the final penalty.

        The search ends at the first feedback round whose games and counts meet every line;
        failing that, the deck of the round that missed fewest lines (the last such) is kept, as
        later steps may undo what an earlier round had reached. Past ``deadline`` (a
        :func:`time.monotonic` time) it stops with :class:`OutOfTime`: a deck cut short is never
        offered, so what a seed gives never depends on the clock."""
        import time

        s = self.settings
        steps = s.steps
        start, end = s.temperatures
        first_feedback = int(steps * s.feedback_start)
        current = self.penalty()
        for step in range(steps + 1):
            if s.feedback_every and step >= first_feedback and (step - first_feedback) % s.feedback_every == 0:
                missed = self.feedback()
                self.judged.append((missed, self.rounds, [dict(cells) for cells in self.cells]))
                if missed == 0:
                    break  # its games and counts meet every line: this is the deck
                current = self.penalty()
            if step == steps:
                break
            undo = self._propose()
            if undo is not None:
                candidate = self.penalty()
                temperature = start * (end / start) ** (step / max(1, steps))
                if candidate <= current or self.rng.random() < math.exp((current - candidate) / temperature):
                    current = candidate
                else:
                    undo()
            if step % 250 == 249:
                if progress is not None:
                    progress(step + 1, steps)
                if deadline is not None and time.monotonic() >= deadline:
                    raise OutOfTime
        ranked = self._ranked()
        if ranked and ranked[0] != self.cells:
            self.cells = ranked[0]
            self._start_index()
            current = self.penalty()
        return current

    def _ranked(self) -> list[list[dict[int, str]]]:
        """The feedback rounds' decks, best first: fewest lines missed, then the latest round."""
        return [cells for _missed, _round, cells in sorted(self.judged, key=lambda judged: (judged[0], -judged[1]))]

    def candidates(self, count: int = CANDIDATES) -> list[list[LetterCard]]:
        """Up to ``count`` different decks of the feedback rounds, best first: fewest lines missed,
        then the latest round (the deck :meth:`anneal` keeps comes first)."""
        offered: list[list[dict[int, str]]] = []
        for cells in self._ranked():
            if cells not in offered:
                offered.append(cells)
            if len(offered) == count:
                break
        return [self.cards(cells) for cells in offered] or [self.cards()]

    def cards(self, deck: list[dict[int, str]] | None = None) -> list[LetterCard]:
        """The deck as it stands (or ``deck``, cells of the same cards), cards named by level colour
        and number (G01, Y01, …)."""
        made: list[LetterCard] = []
        numbers: Counter[int] = Counter()
        for card, cells in enumerate(self.cells if deck is None else deck):
            rank = self.level_of[card]
            numbers[rank] += 1
            made.append(LetterCard(f"{LEVEL_PREFIXES[rank]}{numbers[rank]:02d}", rank, dict(sorted(cells.items()))))
        return made


def design_letters(
    seed: int | str,
    goal: LettersGoal,
    settings: LettersSettings | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[LetterCard]:
    """The deck the search gives for ``seed`` (check it before use: see :mod:`.report`): the
    first of :func:`design_candidates`."""
    return design_candidates(seed, goal, settings, progress)[0]


def design_candidates(
    seed: int | str,
    goal: LettersGoal,
    settings: LettersSettings | None = None,
    progress: Callable[[int, int], None] | None = None,
    deadline: float | None = None,
) -> list[list[LetterCard]]:
    """The decks one search offers for checking, best first (:meth:`LettersSearch.candidates`);
    :class:`OutOfTime` past ``deadline``."""
    search = LettersSearch(seed, goal, settings or LettersSettings())
    search.anneal(progress, deadline)
    return search.candidates()


class OutOfTime(Exception):
    """An attempt's search passed the time it was given, and was left unfinished."""


@dataclass(frozen=True)
class LettersDesign:
    """How a design ended: the deck that passed, or else the nearest deck of the last attempt
    checked; its attempt; and what it missed (nothing: it passed)."""

    cards: list[LetterCard]
    attempt: int
    failures: list[str]


def first_passing(
    candidates: Sequence[list[LetterCard]], attempt: int, check: Callable[[list[LetterCard]], list[str]]
) -> LettersDesign:
    """The first of an attempt's candidates that ``check`` passes, or else the one that missed
    fewest lines (the first such): the nearest deck, for ``--keep-failed``."""
    nearest = LettersDesign([], attempt, ["no deck offered"])
    for cards in candidates:
        made = LettersDesign(cards, attempt, check(cards))
        if not made.failures:
            return made
        if not nearest.cards or len(made.failures) < len(nearest.failures):
            nearest = made
    return nearest


def attempt_seed(seed: int, attempt: int) -> int | str:
    """Attempt 1 searches from the seed itself, later ones from ``"seed:attempt"`` (as the numbers game)."""
    return seed if attempt == 1 else f"{seed}:{attempt}"


def design_until_passing(
    seed: int,
    goal: LettersGoal,
    check: Callable[[list[LetterCard]], list[str]],
    settings: LettersSettings | None = None,
    attempts: int = 8,
    deadline: float | None = None,
    progress: Callable[[int, int, int], None] | None = None,
) -> LettersDesign:
    """Attempts in order, each from its own seed, until one's deck passes ``check`` (which says
    what a deck misses), the attempts run out, or the clock (:func:`time.monotonic`) passes
    ``deadline``. Attempts are judged in order, so the deck a seed gives never depends on time."""
    import time

    made = LettersDesign([], 0, ["no attempt ran"])
    for attempt in range(1, attempts + 1):
        if deadline is not None and time.monotonic() >= deadline:
            break
        step = None if progress is None else (lambda done, total, attempt=attempt: progress(attempt, done, total))
        try:
            candidates = design_candidates(attempt_seed(seed, attempt), goal, settings, step, deadline)
        except OutOfTime:
            break  # the attempt cut short is not judged: the last one judged stands
        made = first_passing(candidates, attempt, check)
        if not made.failures:
            break
    return made


def checked_attempt(
    seed: int, attempt: int, goal: LettersGoal, settings: LettersSettings | None, deadline: float | None = None
) -> LettersDesign:
    """One attempt's candidates and design's check of them (its own seed and lines: see
    :mod:`.verdict`): the first that passes, or the one that missed fewest lines; no deck at
    all when the search passed ``deadline``."""
    from deckgen.games.letters.verdict import letters_failures

    def check(cards: list[LetterCard]) -> list[str]:
        return letters_failures(cards, goal.words, goal.blocked, goal.focus)

    try:
        candidates = design_candidates(attempt_seed(seed, attempt), goal, settings, None, deadline)
    except OutOfTime:
        return LettersDesign([], attempt, ["out of time"])
    return first_passing(candidates, attempt, check)


def design_side_by_side(
    seed: int,
    goal: LettersGoal,
    settings: LettersSettings | None = None,
    attempts: int = 8,
    workers: int = 2,
    deadline: float | None = None,
) -> LettersDesign:
    """:func:`design_until_passing` with design's own check, ``workers`` attempts searching at
    once in processes of their own. Attempts are still judged in order, so a seed gives the same
    deck whatever the number of workers; only sooner."""
    import time
    from functools import partial

    from deckgen.workers import run_tasks

    tasks = [partial(checked_attempt, seed, attempt, goal, settings, deadline) for attempt in range(1, attempts + 1)]
    made = LettersDesign([], 0, ["no attempt ran"])
    results = run_tasks(tasks, workers)
    try:
        for judged in results:
            if not judged.cards:
                break  # cut short by the deadline: the last attempt judged stands
            made = judged
            if not made.failures or (deadline is not None and time.monotonic() >= deadline):
                break
    finally:
        results.close()
    return made
