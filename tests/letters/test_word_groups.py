"""Word groups found by footprint agree with reading every stack cell by cell."""

from __future__ import annotations

import random

from deckgen.games.letters.cards import LetterCard, spelled_lines, stacks
from deckgen.games.letters.groups import Lexicon, find_groups, lone_words
from deckgen.games.letters.words import load_words


def test_groups_are_the_stacks_whose_every_card_gives_a_tile_to_a_word() -> None:
    english = load_words("en")
    words = [word.tiles for word in english.words_to(1)]
    lexicon = Lexicon(words)
    tiles = sorted({tile for word in words for tile in word})
    rng = random.Random(3)
    for _ in range(10):
        deck = [LetterCard(f"C{n:02d}", 0, {p: rng.choice(tiles) for p in rng.sample(range(9), 3)}) for n in range(14)]
        expected = set()
        for stack in stacks(deck):
            if len(stack) == 1:
                continue
            for line in spelled_lines(stack):
                if line.all_give and line.tiles in lexicon.wanted:
                    expected.add((tuple(sorted(int(card[1:]) for card in line.cards)), line.line, line.tiles))
        found = [(group.cards, group.line, group.tiles) for group in find_groups([c.tiles for c in deck], lexicon)]
        assert len(found) == len(set(found)) and set(found) == expected


def test_a_card_alone_spelling_a_word() -> None:
    lexicon = Lexicon([("c", "a", "t")])
    assert lone_words({0: "c", 4: "a", 8: "t"}, lexicon) == ["diag"]
    assert lone_words({0: "c", 4: "a", 7: "t"}, lexicon) == []
