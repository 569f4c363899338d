"""Every shipped Cleariosity Letters deck, read with a line reader of this test's own, written from
the rules and not from the game's code:

- no stack of one, two or three cards shows a blocked word on any line, however the cards give
  its letters (a child reads what shows);
- every word the teacher pack lists for a level can be made at that level: some stack of two or
  three cards in play there spells it on a line, each card giving at least one cell, none covered.

The reader is :mod:`tests.letters.rules_reader`.
"""

from __future__ import annotations

import re
import tomllib
from itertools import combinations
from pathlib import Path

import pytest

from tests.letters.rules_reader import shown_lines

ROOT = Path(__file__).resolve().parents[2]
DECKS = sorted((ROOT / "templates" / "letters").glob("letters-*.toml"))


def read_deck(path: Path) -> tuple[str, list[tuple[str, int, dict[tuple[int, int], str]]]]:
    """The deck's language and cards as (id, level from 1, {(row, col): tile}), from the file's text."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    cards = []
    for entry in data["cards"]:
        rows = [row.split() for row in entry["grid"].split("/")]
        cells = {(r, c): tile for r, row in enumerate(rows) for c, tile in enumerate(row) if tile != "."}
        cards.append((entry["id"], entry["level"], cells))
    return data["language"], cards


def blocklist(language: str) -> set[str]:
    import json
    from importlib import resources

    name = {"en": "english", "es": "spanish", "fr": "french", "de": "german"}[language]
    source = resources.files("glin_profanity") / "data" / "dictionaries" / f"{name}.json"
    return {word.strip().lower() for word in json.loads(source.read_text(encoding="utf-8"))["words"]}


def pack_words(path: Path) -> dict[int, list[str]]:
    """The words the teacher pack lists for each level (from the pack's own blocks, as printed)."""
    from deckgen.games import games
    from deckgen.i18n import speaking
    from deckgen.pack_blocks import Heading, Text, Together

    game = games()["letters"]
    language, _ = read_deck(path)
    listed: dict[int, list[str]] = {}
    with speaking(language):
        deck = game.load(path, {})
        sections = game.pack_sections(deck, (63.5, 88.9), 170.0)
    for section in sections:
        for block in section.blocks:
            if not isinstance(block, Together):
                continue
            heading, text = block.blocks[0], block.blocks[1]
            if isinstance(heading, Heading) and isinstance(text, Text) and ":" in text.text:
                level = re.search(r"(\d+)", heading.text)
                if level and not heading.text.startswith(("Answer", "Clave", "Corrigé", "Lösung")):
                    listed[int(level.group(1))] = [word.strip() for word in text.text.split(":", 1)[1].split(",")]
    return listed


@pytest.mark.parametrize("path", DECKS, ids=[path.stem for path in DECKS])
def test_no_stack_of_a_shipped_deck_shows_a_blocked_word(path: Path) -> None:
    language, cards = read_deck(path)
    blocked = blocklist(language)
    faces = [cells for _, _, cells in cards]
    read = 0
    for size in (1, 2, 3):
        for stack in combinations(faces, size):
            for text, _all_give in shown_lines(list(stack)):
                read += 1
                assert text not in blocked, f"{path.name}: a stack spells {text!r}"
    assert read > 10_000  # the reader did read the deck's lines


@pytest.mark.parametrize("path", DECKS, ids=[path.stem for path in DECKS])
def test_every_word_the_pack_lists_can_be_made(path: Path) -> None:
    _, cards = read_deck(path)
    listed = pack_words(path)
    assert listed and sum(len(words) for words in listed.values()) >= 20
    for level, words in listed.items():
        in_play = [cells for _, at, cells in cards if at <= level]
        made = set()
        for size in (2, 3):
            for stack in combinations(in_play, size):
                made.update(text for text, all_give in shown_lines(list(stack)) if all_give)
        missing = [word for word in words if word not in made]
        assert not missing, f"{path.name}, level {level}: the pack lists {missing}, which no stack spells"


def test_the_reader_finds_a_word_across_two_cards_and_not_through_a_covered_cell() -> None:
    top = {(0, 0): "s", (0, 1): "a"}
    other = {(0, 2): "t", (2, 2): "x"}
    assert ("sat", True) in shown_lines([top, other])
    covering = {(0, 2): "t", (0, 1): "o"}
    assert all(text != "sat" and text != "sot" for text, _ in shown_lines([top, covering]))
