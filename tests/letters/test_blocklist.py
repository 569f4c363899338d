"""No stack spells a blocked word: the check against a line reader of the tests' own, written
from the rules and not from the game's code (:mod:`tests.letters.rules_reader`)."""

from __future__ import annotations

import random
from itertools import combinations

from deckgen.games.letters.blocklist import blocked_words, check_stacks, with_own
from deckgen.games.letters.cards import LetterCard
from tests.letters.rules_reader import shown_lines


def own_reading(cards: list[LetterCard]) -> set[tuple[tuple[str, ...], str]]:
    """Every (stack, spelled text) of 1-3 cards, read cell by cell."""
    found = set()
    for size in (1, 2, 3):
        for stack in combinations(cards, size):
            faces = [{divmod(position, 3): tile for position, tile in card.tiles.items()} for card in stack]
            found.update((tuple(card.id for card in stack), text) for text, _ in shown_lines(faces))
    return found


def random_deck(rng: random.Random, count: int, tiles: list[str]) -> list[LetterCard]:
    deck = []
    for number in range(count):
        cells = rng.sample(range(9), 3)
        deck.append(LetterCard(f"C{number:02d}", 0, {cell: rng.choice(tiles) for cell in cells}))
    return deck


def test_the_check_reads_every_line_as_the_rules_do() -> None:
    rng = random.Random(5)
    tiles = ["s", "h", "sh", "i", "t", "a", "p", "o"]
    for _ in range(20):
        deck = random_deck(rng, 12, tiles)
        spelled = own_reading(deck)
        blocked = frozenset(text for _, text in spelled)
        check = check_stacks(deck, blocked)
        assert {(line.cards, line.text) for line in check.found} == spelled
        stacks = 12 + 66 + 220
        assert (check.stacks, check.lines) == (stacks, stacks * 8)


def test_a_rude_word_across_two_cards_is_found() -> None:
    # S01 shows "sh" top left and "t" top right; S02 shows "i" in the top middle.
    first = LetterCard("S01", 0, {0: "sh", 2: "t", 4: "a"})
    second = LetterCard("S02", 0, {1: "i", 7: "o", 8: "p"})
    check = check_stacks([first, second], blocked_words("en"))
    assert [(line.cards, line.line, line.text) for line in check.found] == [(("S01", "S02"), "row0", "shit")]
    assert not check.clean and check.lines == 3 * 8


def test_a_covered_cell_spells_nothing() -> None:
    first = LetterCard("S01", 0, {0: "sh", 2: "t", 4: "a"})
    second = LetterCard("S02", 0, {1: "i", 0: "o", 8: "p"})  # its "o" lies on the "sh"
    assert check_stacks([first, second], blocked_words("en")).clean


def test_a_teachers_own_words_are_blocked_too() -> None:
    card = LetterCard("G01", 0, {3: "p", 4: "i", 5: "g"})
    assert check_stacks([card], blocked_words("en")).clean
    assert [line.text for line in check_stacks([card], with_own("en", ["Pig", " ", ""])).found] == ["pig"]


def test_every_language_has_a_blocklist_of_letters() -> None:
    for language in ("en", "es", "fr", "de"):
        words = blocked_words(language)
        assert len(words) > 20 and all(word.isalpha() and word == word.lower() for word in words)
    assert "shit" in blocked_words("en") and "puta" in blocked_words("es")
    assert "merde" in blocked_words("fr") and "arsch" in blocked_words("de")
