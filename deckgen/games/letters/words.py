"""Each language's reading levels and the words of three tiles a reader at each level decodes.

A word list is data (``templates/letters/words-<language>.toml``), checked on load: every word
is written as its three tiles (``sh-i-p``), every tile of a word was met at its level or an
earlier one, no word comes twice, and no word is on the language's blocklist. A teacher's own
words (this week's spelling list) are split into tiles the same way (:func:`split_word`).
"""

from __future__ import annotations

import tomllib
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from deckgen.errors import DeckgenError
from deckgen.i18n import N_, _
from deckgen.resources import data_folder

#: The languages Cleariosity Letters has words for, in the order the docs list them.
LANGUAGES = ("en", "es", "fr", "de")
#: The tiles of one cell: a letter, or a grapheme of two or three letters.
MAX_TILE = 3
#: Cards in a deck built round a teacher's words, and the least each level keeps: the first level,
#: which a class plays alone, as many as in a deck of the levels (see :func:`.design.focus_counts`).
DECK_CARDS = 60
LEAST_FIRST_LEVEL = 24
LEAST_PER_LEVEL = 12
#: The levels such a deck can hold.
MOST_FOCUS_LEVELS = 1 + (DECK_CARDS - LEAST_FIRST_LEVEL) // LEAST_PER_LEVEL


@dataclass(frozen=True)
class Word:
    """A word as the cards spell it: three tiles, one a cell, read in order."""

    tiles: tuple[str, str, str]

    @property
    def text(self) -> str:
        return "".join(self.tiles)

    def __str__(self) -> str:
        return "-".join(self.tiles)


@dataclass(frozen=True)
class Level:
    """One reading level: the tiles it adds and the words it adds (those its tiles make possible)."""

    name: str
    #: The curriculum step it follows, in the words of the source the word list names.
    step: str
    tiles: tuple[str, ...]
    words: tuple[Word, ...]


@dataclass(frozen=True)
class WordList:
    """A language's levels, in teaching order, and where they come from."""

    language: str
    name: str
    sources: tuple[str, ...]
    made: str
    levels: tuple[Level, ...]

    def tiles_to(self, rank: int) -> tuple[str, ...]:
        """Every tile a class has met by level ``rank`` (0: the first level), in teaching order."""
        return tuple(tile for level in self.levels[: rank + 1] for tile in level.tiles)

    def words_to(self, rank: int) -> tuple[Word, ...]:
        """Every word of the levels up to ``rank``."""
        return tuple(word for level in self.levels[: rank + 1] for word in level.words)


def with_words(words: WordList, focus: Sequence[tuple[Word, int]]) -> WordList:
    """``words`` with a teacher's own words added at their levels, where the list lacks them: a
    deck made round her words counts, plays and lists them like the level's own."""
    listed = {word.tiles for level in words.levels for word in level.words}
    extra: dict[int, list[Word]] = {}
    for word, rank in focus:
        if word.tiles not in listed and rank < len(words.levels):
            listed.add(word.tiles)
            extra.setdefault(rank, []).append(word)
    if not extra:
        return words
    levels = tuple(
        replace(level, words=level.words + tuple(extra.get(rank, ()))) for rank, level in enumerate(words.levels)
    )
    return replace(words, levels=levels)


def splits(text: str, tiles: Iterable[str]) -> list[tuple[str, str, str]]:
    """Every way to write ``text`` as three of ``tiles``, longest first tile first."""
    ordered = sorted(set(tiles), key=lambda tile: (-len(tile), tile))
    found: list[tuple[str, str, str]] = []
    for first in ordered:
        if not text.startswith(first):
            continue
        for second in ordered:
            rest = text[len(first) :]
            if rest.startswith(second) and rest[len(second) :] in ordered:
                found.append((first, second, rest[len(second) :]))
    return found


def split_word(text: str, words: WordList) -> tuple[Word, int] | None:
    """A teacher's word as three tiles of the language, and the first level whose tiles spell
    it; of several splits, the one a class meets first (then the one with the longer tiles
    first: ``sh-i-p`` rather than an ``s`` and an ``h``). ``None`` when no split exists."""
    text = text.strip().lower()
    for rank in range(len(words.levels)):
        found = splits(text, words.tiles_to(rank))
        if found:
            return Word(found[0]), rank
    return None


def word_file(language: str) -> Path:
    return data_folder("deckgen.games.letters.templates") / f"words-{language}.toml"


@cache
def load_words(language: str) -> WordList:
    """The shipped word list of ``language`` (one of :data:`LANGUAGES`)."""
    if language not in LANGUAGES:
        raise DeckgenError(
            f"Cleariosity Letters has no words in {language!r}; choose one of {', '.join(LANGUAGES)}",
        )
    return read_words(word_file(language))


def read_words(path: Path) -> WordList:
    """A word list from its TOML file, checked (one line naming the file and the entry when not)."""
    from deckgen.games.letters.blocklist import blocked_words

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise DeckgenError(f"{path}: cannot read this word list: {error}") from None
    where = str(path)
    language = _text(data, "language", where)
    blocked = blocked_words(language)
    levels: list[Level] = []
    seen: dict[str, str] = {}
    met: list[str] = []
    raw_levels = data.get("level")
    if not isinstance(raw_levels, list) or not raw_levels:
        raise DeckgenError(f"{where}: no [[level]] tables; a word list has one per reading level, in teaching order")
    for number, raw in enumerate(raw_levels, start=1):
        if not isinstance(raw, dict):
            raise DeckgenError(f"{where}: level {number} is not a table")
        at = f"{where}: level {number}"
        name = _text(raw, "name", at)
        at = f"{at} ({name})"
        tiles = _texts(raw, "tiles", at)
        for tile in tiles:
            if len(tile) > MAX_TILE or not tile.isalpha() or tile != tile.lower():
                raise DeckgenError(f"{at}: tile {tile!r} is not one to three lower-case letters")
            if tile in met:
                raise DeckgenError(f"{at}: tile {tile!r} was met at an earlier level; list each tile once")
            met.append(tile)
        words = tuple(_word(text, met, at, seen, blocked) for text in _texts(raw, "words", at))
        levels.append(Level(name, _text(raw, "step", at), tuple(tiles), words))
    return WordList(
        language,
        _text(data, "name", where),
        tuple(_texts(data, "sources", where)),
        _text(data, "made", where),
        tuple(levels),
    )


def _word(written: str, met: Sequence[str], at: str, seen: dict[str, str], blocked: frozenset[str]) -> Word:
    parts = written.split("-")
    if len(parts) != 3 or not all(parts):
        raise DeckgenError(f"{at}: word {written!r} is not three tiles joined by '-' (such as sh-i-p)")
    for tile in parts:
        if tile not in met:
            raise DeckgenError(
                f"{at}: word {written!r} uses the tile {tile!r}, which no level up to this one brings; "
                "add it to this level's tiles or move the word to a later level"
            )
    word = Word((parts[0], parts[1], parts[2]))
    if word.text in seen:
        raise DeckgenError(f"{at}: word {word.text!r} comes twice (also at {seen[word.text]})")
    if word.text in blocked:
        raise DeckgenError(f"{at}: word {word.text!r} is on the blocklist; take it out")
    seen[word.text] = at
    return word


def _text(data: dict[str, object], key: str, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise DeckgenError(f"{where}: {key!r} is missing or not a text")
    return value


def _texts(data: dict[str, object], key: str, where: str) -> list[str]:
    value = data.get(key)
    if not isinstance(value, list) or not value or not all(isinstance(item, str) and item for item in value):
        raise DeckgenError(f"{where}: {key!r} is missing or not a list of texts")
    return list(value)


def word_lines(path: Path) -> list[tuple[int, str]]:
    """The words of a teacher's list, one a line, each with its line number: blank lines and
    everything from ``#`` left out, letters composed (é as one character, as a Mac may save it
    decomposed). Her spelling list and her own words to block are read alike."""
    from deckgen.deckfile import read_text

    text = unicodedata.normalize("NFC", read_text(path, N_("word list")))
    lines = ((number, line.split("#", 1)[0].strip()) for number, line in enumerate(text.splitlines(), start=1))
    return [(number, written) for number, written in lines if written]


def read_spelling(path: Path, words: WordList) -> tuple[tuple[Word, int], ...]:
    """A teacher's own words (one a line; blank lines and lines from ``#`` skipped), each as three
    tiles and the first level whose tiles spell it; one line naming the word and how to fix it
    when one cannot be spelled."""
    from deckgen.games.letters.blocklist import blocked_words

    found: dict[str, tuple[Word, int]] = {}
    for number, written in word_lines(path):
        placed = split_word(written, words)
        if placed is None:
            longest = max(len(tile) for tile in words.tiles_to(len(words.levels) - 1))
            raise DeckgenError(
                _(
                    "{path}: line {number}: {word} is not three tiles of the {language} levels (a letter, or a "
                    "grapheme of up to {longest} letters, a cell); take it out or write another word"
                ).format(path=path, number=number, word=repr(written), language=words.name, longest=longest)
            )
        if placed[0].text in blocked_words(words.language):
            raise DeckgenError(
                _("{path}: line {number}: {word} is on the blocklist; take it out").format(
                    path=path, number=number, word=repr(written)
                )
            )
        if placed[1] >= MOST_FOCUS_LEVELS:
            raise DeckgenError(
                _(
                    "{path}: line {number}: {word} is first spelt at level {level}; a deck for a teacher's words "
                    "holds levels 1 to {most} (60 cards, at least 12 a level); take it out or give a word of "
                    "an earlier level"
                ).format(
                    path=path,
                    number=number,
                    word=repr(written),
                    level=placed[1] + 1,
                    most=MOST_FOCUS_LEVELS,
                )
            )
        found.setdefault(placed[0].text, placed)
    if not found:
        raise DeckgenError(_("{path}: no words in it; write one word a line").format(path=path))
    return tuple(found.values())
