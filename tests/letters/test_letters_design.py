"""The letters design: seeded, and what it makes passes the deck's checks in every language."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.errors import DeckgenError
from deckgen.games.letters.blocklist import blocked_words
from deckgen.games.letters.deckfile import LettersDeck, dump_letters, load_letters
from deckgen.games.letters.design import (
    LettersGoal,
    LettersSearch,
    LettersSettings,
    default_counts,
    design_candidates,
    design_letters,
    design_until_passing,
    first_passing,
    focus_counts,
)
from deckgen.games.letters.report import report_letters
from deckgen.games.letters.words import Word, load_words, read_spelling

QUICK = LettersSettings(steps=1500)
#: The search without its feedback games: what the counted checks ask it reaches by its score
#: alone (play is judged in tests/letters/test_shipped_letters_decks.py and tests/bench.py letters).
COUNTED = LettersSettings(steps=6000, feedback_every=0)
SPELLING = Path(__file__).parent.parent / "data" / "letters"


def test_the_english_levels_deck_passes_its_checks() -> None:
    words = load_words("en")
    blocked = blocked_words("en")
    counts = default_counts(len(words.levels))
    goal = LettersGoal(words, counts, blocked)
    made = design_until_passing(1, goal, lambda cards: report_letters(cards, words, blocked).failures(), COUNTED)
    assert made.failures == [] and made.attempt == 1
    cards = made.cards
    assert len(cards) == sum(counts) == 60 and all(len(card.tiles) == 3 for card in cards)
    report = report_letters(cards, words, blocked)
    assert report.blocklist_line() == "no stack spells a blocked word (288,400 lines of 36,050 stacks checked)"
    assert [level.cards for level in report.levels] == [24, 36, 48, 60]


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_teachers_twenty_words_come_up_in_pairs(language: str) -> None:
    """A week's spelling list of 20 words: each in two-card groups at its level, and the deck
    passes every counted check, at the first attempts (the other languages, and play, are in
    ``tests/bench.py letters``)."""
    words = load_words(language)
    blocked = blocked_words(language)
    focus = read_spelling(SPELLING / f"spelling-{language}.txt", words)
    assert len(focus) == 20
    goal = LettersGoal(words, focus_counts(focus), blocked, focus)
    made = design_until_passing(1, goal, lambda cards: report_letters(cards, words, blocked, focus).failures(), COUNTED)
    assert made.failures == [], made.failures
    report = report_letters(made.cards, words, blocked, focus)
    assert len(report.focus) == 20 and all(pairs >= 2 for _, pairs in report.focus)
    assert made.attempt <= 2


def test_the_same_seed_gives_the_same_deck() -> None:
    words = load_words("en")
    goal = LettersGoal(words, (12, 6), blocked_words("en"))
    first = design_letters(5, goal, QUICK)
    assert first == design_letters(5, goal, QUICK)
    assert first != design_letters(6, goal, QUICK)


def test_an_attempt_offers_its_best_rounds_and_the_first_deck_that_passes_is_taken() -> None:
    """Each attempt offers the decks of its two best feedback rounds, the one it keeps first; design's
    check takes the first that passes, and where none does, the one that missed fewest lines."""
    words = load_words("en")
    goal = LettersGoal(words, (12, 6), blocked_words("en"))
    settings = LettersSettings(steps=1500, feedback_start=0.2, feedback_every=300, feedback_games=200)
    search = LettersSearch(5, goal, settings)
    search.anneal()
    offered = search.candidates()
    assert offered[0] == search.cards()  # the deck the search keeps comes first
    assert offered == design_candidates(5, goal, settings)
    assert len(offered) == 2 and offered[0] != offered[1]
    second = first_passing(offered, 3, lambda cards: [] if cards == offered[1] else ["a line"])
    assert (second.cards, second.attempt, second.failures) == (offered[1], 3, [])
    nearest = first_passing(offered, 3, lambda cards: ["a", "b"] if cards == offered[0] else ["a"])
    assert (nearest.cards, nearest.failures) == (offered[1], ["a"])
    first = first_passing(offered, 3, lambda cards: [])
    assert first.cards == offered[0]


def test_cards_per_level_follow_a_teachers_words() -> None:
    word = Word(("a", "b", "c"))
    assert focus_counts([(word, 2)] * 20) == (24, 12, 24)
    assert focus_counts([(word, 0)] * 5) == (60,)
    assert focus_counts([(word, 1)] * 3 + [(word, 3)] * 7) == (24, 12, 12, 12)
    assert default_counts(4) == (24, 12, 12, 12) and default_counts(3) == (24, 18, 18)
    assert default_counts(5) == (24, 9, 9, 9, 9)


def test_every_list_a_teacher_may_give_makes_a_deck_of_sixty_cards() -> None:
    """Words at any levels up to MOST_FOCUS_LEVELS, in any numbers: 60 cards, 24 at the first
    level and 12 or more at each other; a word past them is refused on reading (a 75-card
    deck once came of a Spanish list with a syllable word)."""
    from itertools import combinations

    from deckgen.games.letters.words import MOST_FOCUS_LEVELS

    word = Word(("a", "b", "c"))
    for size in range(1, MOST_FOCUS_LEVELS + 1):
        for ranks in combinations(range(MOST_FOCUS_LEVELS), size):
            for many in (1, 7, 20):
                counts = focus_counts([(word, rank) for rank in ranks for _ in range(many)])
                assert sum(counts) == 60 and counts[0] >= 24 and min(counts) >= 12, (ranks, counts)
                assert all(count % 3 == 0 for count in counts[1:]), counts
    with pytest.raises(ValueError):
        focus_counts([(word, MOST_FOCUS_LEVELS)])


def test_a_teachers_word_past_the_levels_a_deck_holds_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "palabras.txt"
    path.write_text("sol\npelota\n", encoding="utf-8")
    with pytest.raises(DeckgenError, match="line 2: 'pelota' is first spelt at level 5"):
        read_spelling(path, load_words("es"))


def test_a_spelling_list_is_read_as_a_class_meets_its_words(tmp_path: Path) -> None:
    words = load_words("en")
    path = tmp_path / "spelling.txt"
    path.write_text("Ship\n\n# this week\nship\nmoon  # a note\n", encoding="utf-8")
    assert [(str(word), rank) for word, rank in read_spelling(path, words)] == [("sh-i-p", 2), ("m-oo-n", 2)]
    path.write_text("ship\nelephant\n", encoding="utf-8")
    with pytest.raises(DeckgenError, match=r"line 2: 'elephant' is not three tiles of the English levels"):
        read_spelling(path, words)
    path.write_text("\n# nothing\n", encoding="utf-8")
    with pytest.raises(DeckgenError, match="no words in it"):
        read_spelling(path, words)


def test_a_deck_file_round_trips(tmp_path: Path) -> None:
    words = load_words("de")
    cards = design_letters(1, LettersGoal(words, (12, 6), blocked_words("de")), QUICK)
    deck = LettersDeck("letters-de", "de", "deckgen design --game letters --lang de --seed 1", tuple(cards))
    path = tmp_path / "deck.toml"
    path.write_text(dump_letters(deck), encoding="utf-8")
    assert load_letters(path) == deck
    assert 'grid = "' in path.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('cards = [ { id = "G01", level = 1, grid = "a . ." } ]', "three rows of three cells"),
        ('cards = [ { id = "G01", level = 0, grid = "a . . / . . . / . . ." } ]', "level must be a whole number"),
        ('cards = [ { id = "G01", level = 1, grid = "a . 7 / . . . / . . ." } ]', "letters or '.'"),
        ('cards = [ { id = "G01", grid = "a" } ]', "level must be"),
        ("cards = []", "no cards"),
        ('cards = [ { id = "G01", level = 1, grid = "a . . / . t . / . . ." } ]', "three tiles, not 2"),
        (
            'cards = [ { id = "G01", level = 1, grid = "a . . / . t . / . . s" },'
            ' { id = "G01", level = 1, grid = "b . . / . t . / . . s" } ]',
            "card G01 comes twice",
        ),
    ],
)
def test_a_broken_deck_file_is_refused_in_one_line(tmp_path: Path, text: str, said: str) -> None:
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DeckgenError) as caught:
        load_letters(path)
    assert said in str(caught.value) and str(path) in str(caught.value)
