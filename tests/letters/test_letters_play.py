"""Simulated classes for Cleariosity Letters: the shared games played on a letters deck, and the
lines a teacher's class needs."""

from __future__ import annotations

from dataclasses import replace

import pytest

from deckgen.games.letters.blocklist import blocked_words
from deckgen.games.letters.cards import LetterCard
from deckgen.games.letters.design import LettersGoal, LettersSettings, design_letters
from deckgen.games.letters.play import DESIGN_LINES, PLAYERS, PlayedLevel, play_levels
from deckgen.games.letters.verdict import letters_failures
from deckgen.games.letters.words import load_words, split_word

QUICK = LettersSettings(steps=1500, feedback_every=0)


def small_deck() -> list[LetterCard]:
    words = load_words("en")
    return design_letters(3, LettersGoal(words, (12, 6), blocked_words("en")), QUICK)


def test_each_level_is_played_by_every_player_count() -> None:
    words = load_words("en")
    cards = small_deck()
    played = play_levels(cards, words, 200, 1)
    assert [(level.level, level.players) for level in played] == [
        (words.levels[rank].name, players) for rank in range(2) for players in PLAYERS
    ]
    for level in played:
        in_play = 12 if level.level == words.levels[0].name else 18
        assert len(level.left) == len(level.left_beginner) == in_play
        assert 0.0 < level.collected <= 1.0 and level.games == 200
        assert level.stranded[1] == max(level.left) and 0 <= level.top_word[1] <= 1
    assert played == play_levels(cards, words, 200, 1)
    assert played != play_levels(cards, words, 200, 2)


def test_a_card_no_word_can_use_is_left_every_game() -> None:
    words = load_words("en")
    cards = [*small_deck(), LetterCard("Y07", 1, {0: "x", 4: "x", 8: "x"})]
    played = play_levels(cards, words, 200, 1)
    level = played[-1]
    assert level.stranded == ("Y07", 1.0)
    said = level.failures()
    assert any("Y07 is left on the table in 100.0% of games" in line for line in said)
    failures = letters_failures(cards, words, blocked_words("en"), games=200)
    assert any("Y07 is in 0 two-card groups" in line for line in failures)
    assert any("Y07 is left on the table" in line for line in failures)


def test_a_teachers_word_is_counted_a_game() -> None:
    words = load_words("en")
    cards = small_deck()
    placed = split_word("sat", words)
    assert placed is not None
    played = play_levels(cards, words, 300, 1, [placed])
    first = [level for level in played if level.level == words.levels[0].name]
    assert all(len(level.focus) == 1 and level.focus[0][0] == "sat" for level in first)


def test_the_lines_name_what_a_class_would_meet() -> None:
    level = PlayedLevel(
        "s a t p i n m d",
        3,
        1000,
        0.80,
        ("G04", 0.31),
        ("G05", 0.42),
        0.5,
        ("pin", 0.2),
        12.0,
        30.0,
        (("sat", 0.1),),
    )
    said = level.failures()
    assert said == [
        "s a t p i n m d, 3 players: a class collects 80.0% of the cards (at least 91%)",
        "s a t p i n m d, 3 players: G04 is left on the table in 31.0% of games (at most 15%)",
        "s a t p i n m d, 3 players: beginners leave G05 in 42.0% of their games (at most 20%)",
        "s a t p i n m d, 3 players: the level's new words come up 0.50 times a game (at least 1)",
        "s a t p i n m d, 3 players: pin is 20.0% of the collections (at most 10%)",
        "s a t p i n m d, 3 players: 12.0 different words in ten games (at least 30)",
        "s a t p i n m d, 3 players: sat is collected 0.10 times a game (a teacher's word: at least 0.50)",
    ]


def test_design_holds_its_decks_to_stricter_lines_than_a_teachers_check() -> None:
    """A figure just inside a teacher's line fails design's own check: a deck whose figure sits
    on the line would pass design's games and fail some of the teacher's."""
    level = PlayedLevel(
        "s a t p i n m d", 2, 1000, 0.95, ("G04", 0.14), ("G05", 0.1), 2.0, ("pat", 0.095), 40.0, 30.0, ()
    )
    assert level.failures() == []
    assert level.failures(DESIGN_LINES) == [
        "s a t p i n m d, 2 players: G04 is left on the table in 14.0% of games (at most 13%)",
        "s a t p i n m d, 2 players: pat is 9.5% of the collections (at most 9%)",
    ]


def test_a_level_of_few_words_allows_its_commonest_word_more() -> None:
    """As the numbers game scales its commonest equation: 10 % with 55 words in play or more, and
    as much more as there are fewer words, at most one half (design's lines a tenth inside)."""
    level = PlayedLevel(
        "a b c", 2, 1000, 0.95, ("G04", 0.1), ("G05", 0.1), 2.0, ("pat", 0.47), 9.0, 6.75, (), rank=1, words_in_play=9
    )
    assert level.failures() == []
    assert level.failures(DESIGN_LINES) == ["a b c, 2 players: pat is 47.0% of the collections (at most 45%)"]
    busier = replace(level, words_in_play=40, collected=0.915, top_word=("pat", 0.21))
    assert busier.top_line() == pytest.approx(0.1375)
    assert busier.failures() == [
        "a b c, 2 players: a class collects 91.5% of the cards (at least 92%)",
        "a b c, 2 players: pat is 21.0% of the collections (at most 14%)",
    ]
    assert replace(busier, rank=0).failures() == ["a b c, 2 players: pat is 21.0% of the collections (at most 14%)"]
    assert replace(busier, words_in_play=400).top_line() == 0.10


def test_a_long_list_of_a_teachers_words_is_held_to_what_the_levels_cards_can_bring_up() -> None:
    """24 new cards take part in about 24 / 2.5 collections a game; half of them shared among 20
    words is 0.24 a word; 4 words get the full half a game."""
    twenty = tuple((f"w{n}", 0.3) for n in range(20))
    level = PlayedLevel("a b c", 2, 1000, 0.95, ("G04", 0.1), ("G05", 0.1), 2.0, ("pat", 0.05), 40.0, 30.0, twenty)
    assert level.focus_line() == 0.5 and len(level.failures()) == 20
    counted = replace(level, own_cards=24)
    assert counted.focus_line() == pytest.approx(0.24) and counted.failures() == []
    assert replace(counted, focus=twenty[:4]).focus_line() == 0.5
