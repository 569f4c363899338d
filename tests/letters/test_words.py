"""The word lists of Cleariosity Letters: what ships loads and holds together, a teacher's word
splits into tiles, and a broken list is refused in one line naming where."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.errors import DeckgenError
from deckgen.games.letters.blocklist import blocked_words
from deckgen.games.letters.words import LANGUAGES, load_words, read_words, split_word, splits, word_file

SHIPPED = [language for language in LANGUAGES if word_file(language).exists()]


def test_english_ships() -> None:
    assert "en" in SHIPPED


@pytest.mark.parametrize("language", SHIPPED)
def test_every_word_is_three_tiles_met_by_its_level(language: str) -> None:
    words = load_words(language)
    assert words.language == language and words.sources and words.made
    seen: set[str] = set()
    for rank, level in enumerate(words.levels):
        assert level.words, f"level {level.name} adds no word"
        met = set(words.tiles_to(rank))
        for word in level.words:
            assert len(word.tiles) == 3 and set(word.tiles) <= met, str(word)
            assert word.tiles in splits(word.text, met)
            assert word.text not in seen and word.text not in blocked_words(language)
            seen.add(word.text)


@pytest.mark.parametrize("language", SHIPPED)
def test_each_level_needs_its_own_tiles(language: str) -> None:
    """A word sits at the first level whose tiles spell it, so a class meets it as soon as it can
    read it, and no earlier."""
    words = load_words(language)
    for rank, level in enumerate(words.levels):
        for word in level.words:
            placed = split_word(word.text, words)
            assert placed is not None and placed[1] == rank, f"{word} at {level.name}, readable at {placed}"


def test_a_teachers_word_splits_as_a_class_meets_it() -> None:
    english = load_words("en")
    assert split_word("Ship ", english) == (split_word("ship", english) or (None, 0))
    ship = split_word("ship", english)
    assert ship is not None and str(ship[0]) == "sh-i-p" and english.levels[ship[1]].name.startswith("j v w")
    stop = split_word("stop", english)
    assert stop is not None and str(stop[0]) == "st-o-p" and stop[1] == 3
    assert split_word("elephant", english) is None
    assert split_word("at", english) is None


def test_splits_finds_every_way() -> None:
    assert sorted(splits("sheep", ["s", "h", "sh", "ee", "p", "e"])) == [("sh", "ee", "p")]
    assert sorted(splits("abc", ["a", "b", "c", "ab", "bc"])) == [("a", "b", "c")]
    assert splits("abcd", ["a", "b", "cd", "ab", "c", "d"]) == [("ab", "c", "d"), ("a", "b", "cd")]


LIST_HEAD = """language = "en"
name = "English"
sources = ["a source"]
made = "by hand"
"""


@pytest.mark.parametrize(
    ("levels", "said"),
    [
        ("", "no [[level]] tables"),
        ('[[level]]\nname = "one"\nstep = "s"\ntiles = ["a", "t"]\nwords = ["a-t"]\n', "'a-t' is not three tiles"),
        (
            '[[level]]\nname = "one"\nstep = "s"\ntiles = ["s", "a", "t"]\nwords = ["s-a-p"]\n',
            "level 1 (one): word 's-a-p' uses the tile 'p', which no level up to this one brings",
        ),
        (
            '[[level]]\nname = "one"\nstep = "s"\ntiles = ["s", "a", "t"]\nwords = ["s-a-t", "s-a-t"]\n',
            "'sat' comes twice",
        ),
        (
            '[[level]]\nname = "one"\nstep = "s"\ntiles = ["s", "h", "i", "t"]\nwords = ["sh-i-t"]\n',
            "uses the tile 'sh'",
        ),
        (
            '[[level]]\nname = "one"\nstep = "s"\ntiles = ["sh", "i", "t"]\nwords = ["sh-i-t"]\n',
            "'shit' is on the blocklist",
        ),
        ('[[level]]\nname = "one"\nstep = "s"\ntiles = ["S"]\nwords = ["a-b-c"]\n', "tile 'S' is not one to three"),
        ('[[level]]\nname = "one"\ntiles = ["s", "a", "t"]\nwords = ["s-a-t"]\n', "'step' is missing"),
    ],
)
def test_a_broken_word_list_is_refused_in_one_line(tmp_path: Path, levels: str, said: str) -> None:
    path = tmp_path / "words-en.toml"
    path.write_text(LIST_HEAD + levels, encoding="utf-8")
    with pytest.raises(DeckgenError) as caught:
        read_words(path)
    message = str(caught.value)
    assert said in message and str(path) in message and "\n" not in message


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(DeckgenError, match="no words in 'xx'"):
        load_words("xx")
