"""What a Cleariosity Letters deck offers at each level, and the checks it must pass before play.

The figures a class meets without playing: at each level, among the cards in play there, how
many groups and two-card groups each card is in (a card in none is left on the table), how many
different words the groups spell and which is the commonest; and over the whole deck, every
line of every stack of one to three cards read against the blocklist, cards that spell a word
alone, and cards alike. Simulated classes are the next part of the proof.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from deckgen.games.grid import LINE_NAMES
from deckgen.games.letters.blocklist import BlockCheck, check_stacks
from deckgen.games.letters.cards import LetterCard
from deckgen.games.letters.groups import Lexicon, WordGroup, level_groups, lone_words
from deckgen.games.letters.words import Word, WordList, with_words
from deckgen.i18n import _, number

#: The lines a deck must meet: two-card groups and groups of each card at every level. (How
#: often the commonest word comes up is judged in play, where pairs come up far more often than
#: triples: see :mod:`.play`.)
MIN_PAIRS = 2
MIN_GROUPS = 4
#: Two-card groups each of a teacher's own words has, at least, at its level.
MIN_FOCUS_PAIRS = 2


@dataclass(frozen=True)
class LevelFigures:
    """One level's figures, among the cards in play there."""

    name: str
    cards: int
    groups: int
    pairs: int
    #: The card with the fewest two-card groups, and how many; likewise for groups.
    fewest_pairs: tuple[str, int]
    fewest_groups: tuple[str, int]
    words: int
    #: The word most groups spell, and its share of them.
    top_word: tuple[str, float]

    def failures(self) -> list[str]:
        said = []
        if self.fewest_pairs[1] < MIN_PAIRS:
            card, count = self.fewest_pairs
            said.append(
                _("{name}: {card} is in {count} two-card groups (at least {line})").format(
                    name=self.name, card=card, count=count, line=MIN_PAIRS
                )
            )
        if self.fewest_groups[1] < MIN_GROUPS:
            card, count = self.fewest_groups
            said.append(
                _("{name}: {card} is in {count} groups (at least {line})").format(
                    name=self.name, card=card, count=count, line=MIN_GROUPS
                )
            )
        return said


@dataclass(frozen=True)
class LettersReport:
    levels: tuple[LevelFigures, ...]
    blocked: BlockCheck
    lone: tuple[tuple[str, str], ...]
    alike: tuple[tuple[str, str], ...]
    #: Each of a teacher's words, and its two-card groups at its level.
    focus: tuple[tuple[str, int], ...] = ()

    def failures(self) -> list[str]:
        said = [line for level in self.levels for line in level.failures()]
        said += [
            _("{word} is in {pairs} two-card groups (a teacher's word: at least {line})").format(
                word=word, pairs=pairs, line=MIN_FOCUS_PAIRS
            )
            for word, pairs in self.focus
            if pairs < MIN_FOCUS_PAIRS
        ]
        said += [
            _("{cards} spell the blocked word {word} on the {line}").format(
                cards=" + ".join(line.cards), word=line.text, line=_(LINE_NAMES[line.line])
            )
            for line in self.blocked.found
        ]
        said += [
            _("{card} spells a word alone on its {line}").format(card=card, line=_(LINE_NAMES[line]))
            for card, line in self.lone
        ]
        said += [_("{first} and {second} are alike").format(first=first, second=second) for first, second in self.alike]
        return said

    def blocklist_line(self) -> str:
        check = self.blocked
        if check.clean:
            return _("no stack spells a blocked word ({lines} lines of {stacks} stacks checked)").format(
                lines=number(check.lines), stacks=number(check.stacks)
            )
        return _("{count} lines spell a blocked word ({lines} lines of {stacks} stacks checked)").format(
            count=number(len(check.found)), lines=number(check.lines), stacks=number(check.stacks)
        )


def report_letters(
    cards: Sequence[LetterCard],
    words: WordList,
    blocked: frozenset[str],
    focus: Sequence[tuple[Word, int]] = (),
    read_stacks: bool = True,
) -> LettersReport:
    """The deck's figures and checks (``focus``: a teacher's words, each with its level)."""
    words = with_words(words, focus)
    levels = []
    paired: list[tuple[str, int]] = []
    for rank in range(max(card.level for card in cards) + 1):
        in_play = [card for card in cards if card.level <= rank]
        groups = level_groups(cards, words, rank)
        pairs, alls = Counter[int](), Counter[int]()
        for group in groups:
            for index in group.cards:
                alls[index] += 1
                pairs[index] += group.pair
        fewest_pairs = min(range(len(in_play)), key=lambda i: (pairs[i], i))
        fewest_groups = min(range(len(in_play)), key=lambda i: (alls[i], i))
        spelled = Counter("".join(group.tiles) for group in groups)
        paired += _paired_at(groups, focus, rank)
        top, top_count = spelled.most_common(1)[0] if spelled else ("", 0)
        levels.append(
            LevelFigures(
                words.levels[rank].name if rank < len(words.levels) else str(rank + 1),
                len(in_play),
                len(groups),
                sum(group.pair for group in groups),
                (in_play[fewest_pairs].id, pairs[fewest_pairs]),
                (in_play[fewest_groups].id, alls[fewest_groups]),
                len(spelled),
                (top, top_count / len(groups) if groups else 0.0),
            )
        )
    every = Lexicon(word.tiles for word in words.words_to(len(words.levels) - 1))
    lone = tuple((card.id, line) for card in cards for line in lone_words(card.tiles, every))
    seen: dict[tuple[int, tuple[tuple[int, str], ...]], str] = {}
    alike = []
    for card in cards:
        key = (card.level, tuple(sorted(card.tiles.items())))
        if key in seen:
            alike.append((seen[key], card.id))
        seen.setdefault(key, card.id)
    checked = check_stacks(cards, blocked) if read_stacks else BlockCheck(0, 0, ())
    return LettersReport(tuple(levels), checked, lone, tuple(alike), tuple(paired))


def _paired_at(groups: Sequence[WordGroup], focus: Sequence[tuple[Word, int]], rank: int) -> list[tuple[str, int]]:
    return [
        (word.text, sum(1 for group in groups if group.pair and group.tiles == word.tiles))
        for word, at in focus
        if at == rank
    ]


def focus_pairs(
    cards: Sequence[LetterCard], words: WordList, focus: Sequence[tuple[Word, int]]
) -> list[tuple[str, int]]:
    """Each of a teacher's words and the two-card groups that spell it at its level."""
    words = with_words(words, focus)
    return [
        item
        for rank in sorted({at for _, at in focus})
        for item in _paired_at(level_groups(cards, words, rank), focus, rank)
    ]
