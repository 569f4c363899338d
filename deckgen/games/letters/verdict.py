"""Everything a Cleariosity Letters deck must pass: its counts and blocklist check
(:mod:`.report`) and its simulated classes (:mod:`.play`).

Design checks its decks with seeds of its own (``DESIGN_SEED``), never those a teacher's check
plays, so that a figure read later is a fresh draw and not one the search selected on.
"""

from __future__ import annotations

from collections.abc import Sequence

from deckgen.games.letters.cards import LetterCard
from deckgen.games.letters.play import DESIGN_LINES, LINES, PlayLines, play_levels
from deckgen.games.letters.report import report_letters
from deckgen.games.letters.words import Word, WordList

#: The seed design plays its candidate decks with.
DESIGN_SEED = "design-check"
#: Games per level, player count and play model of a check.
CHECK_GAMES = 2000


def letters_failures(
    cards: Sequence[LetterCard],
    words: WordList,
    blocked: frozenset[str],
    focus: Sequence[tuple[Word, int]] = (),
    games: int = CHECK_GAMES,
    seed: int | str = DESIGN_SEED,
    lines: PlayLines = DESIGN_LINES,
) -> list[str]:
    """Every line the deck misses, counted or played (none: it passes). By default design's
    check: its own seed and its stricter lines; a teacher's check passes a seed of hers and
    :data:`~.play.LINES`."""
    counted = report_letters(cards, words, blocked, focus).failures()
    played = play_levels(cards, words, games, seed, focus)
    return counted + [line for level in played for line in level.failures(lines)]


def teacher_failures(
    cards: Sequence[LetterCard],
    words: WordList,
    blocked: frozenset[str],
    seed: int,
    focus: Sequence[tuple[Word, int]] = (),
    games: int = 2000,
) -> list[str]:
    """A teacher's check of a deck: her seed, the teacher's lines."""
    return letters_failures(cards, words, blocked, focus, games, seed, LINES)
