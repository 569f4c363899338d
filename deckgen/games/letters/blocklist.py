"""No stack of cards may spell a rude word: each language's blocklist, and the check.

The blocklist is that of glin-profanity (MIT licence), a maintained package with lists for
English, Spanish, French and German, taken as it ships: each entry in lower case, and only
entries of letters alone (a line of tiles spells nothing else). A teacher adds words of her own
(one a line). The check reads every line of every stack of one, two or three cards, whether
every card gives a tile to it or not, since a child reads what shows.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from deckgen.games.grid import LINE_POSITIONS
from deckgen.games.letters.cards import LetterCard, Spelled, spelled_lines, stacks

#: The file of each language among glin-profanity's dictionaries.
DICTIONARIES = {"en": "english", "es": "spanish", "fr": "french", "de": "german"}


@cache
def blocked_words(language: str) -> frozenset[str]:
    """The blocked words of ``language`` that a line of letter tiles could spell."""
    name = DICTIONARIES.get(language)
    if name is None:
        return frozenset()
    source = resources.files("glin_profanity") / "data" / "dictionaries" / f"{name}.json"
    entries = json.loads(source.read_text(encoding="utf-8"))["words"]
    return frozenset(folded for entry in entries if (folded := entry.strip().lower()).isalpha())


def with_own(language: str, own: Iterable[str] = ()) -> frozenset[str]:
    """The language's blocked words and a teacher's own (blank lines and spaces ignored)."""
    return blocked_words(language) | {word.strip().lower() for word in own if word.strip()}


def read_own_words(path: Path) -> list[str]:
    """A teacher's own blocked words from a file, one a line (``#`` starts a comment)."""
    from deckgen.games.letters.words import word_lines

    return [written.lower() for _number, written in word_lines(path)]


@dataclass(frozen=True)
class BlockCheck:
    """What the check read: how many stacks and lines, and every line that spelled a blocked word."""

    stacks: int
    lines: int
    found: tuple[Spelled, ...]

    @property
    def clean(self) -> bool:
        return not self.found


def check_stacks(cards: Sequence[LetterCard], blocked: frozenset[str], most: int = 3) -> BlockCheck:
    """Read every line of every stack of up to ``most`` cards against ``blocked``."""
    count = 0
    found: list[Spelled] = []
    for stack in stacks(cards, most):
        count += 1
        found.extend(line for line in spelled_lines(stack) if line.text in blocked)
    return BlockCheck(count, count * len(LINE_POSITIONS), tuple(found))
