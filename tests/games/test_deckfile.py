"""Deck files: the shipped ones load; broken ones give one line naming file, card and fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.errors import DeckgenError
from deckgen.games import game, owner_of_file
from deckgen.games.cleariosity.core.model import STANDARD_TIERS
from deckgen.games.cleariosity.spec.deckfile import CLEARIOSITY_FILE, dump_cleariosity, load_cleariosity, parse_grid
from deckgen.games.treenex.deckfile import load_treenex

HEADER = 'name = "test"\ngame = "cleariosity"\n'


def test_shipped_deck_loads_with_standard_ids_and_counts() -> None:
    deck = load_cleariosity()
    ids = [card.id for card in deck.cards]
    expected = (
        [f"G{i:02d}" for i in range(1, 25)]
        + [f"Y{i:02d}" for i in range(1, 13)]
        + [f"P{i:02d}" for i in range(1, 13)]
        + [f"O{i:02d}" for i in range(1, 13)]
    )
    assert ids == expected
    assert [len(deck.colour_cards(t)) for t in STANDARD_TIERS] == [24, 12, 12, 12]


def test_shipped_deck_round_trips_byte_for_byte() -> None:
    text = CLEARIOSITY_FILE.read_text(encoding="utf-8")
    made_by = next(line.split('"')[1] for line in text.splitlines() if line.startswith("made_by"))
    assert dump_cleariosity(load_cleariosity(), made_by) == text


def test_shipped_treenex_deck() -> None:
    deck = load_treenex()
    assert (deck.low, deck.high, deck.copies, len(deck.cards)) == (0, 9, 4, 40)


def test_grid_notation() -> None:
    cells = parse_grid("5 . . / . 3 . / . . 8")
    assert [(c.row, c.col, c.value) for c in cells] == [(0, 0, 5), (1, 1, 3), (2, 2, 8)]


BROKEN = [
    ("not toml", "this is [ not toml", "not a valid deck file"),
    ("unknown top key", HEADER + 'colour = "red"\ncards = []\n', "unknown key 'colour'"),
    ("no cards", HEADER + "cards = []\n", "no cards"),
    ("wrong game", 'name = "x"\ngame = "chess"\ncards = []\n', 'needs game = "cleariosity"'),
    (
        "four numbers",
        HEADER + 'cards = [ { id = "G01", tier = "green", grid = "5 1 . / . 3 . / . . 8" } ]\n',
        "card G01: the grid has 4 numbers; write exactly 3 numbers and 6 dots",
    ),
    (
        "two numbers",
        HEADER + 'cards = [ { id = "G01", tier = "green", grid = "5 . . / . . . / . . 8" } ]\n',
        "card G01: the grid has 2 numbers",
    ),
    (
        "value out of range",
        HEADER + 'cards = [ { id = "G01", tier = "green", grid = "120 . . / . 3 . / . . 8" } ]\n',
        "card G01: row 1 has '120'; each mark must be a number 0-99 (no leading 0) or '.'",
    ),
    (
        "leading zero",
        HEADER + 'cards = [ { id = "G01", tier = "green", grid = "07 . . / . 3 . / . . 8" } ]\n',
        "card G01: row 1 has '07'",
    ),
    (
        "short row",
        HEADER + 'cards = [ { id = "G01", tier = "green", grid = "5 . / . 3 . / . . 8" } ]\n',
        "card G01: the grid needs 3 rows of 3 marks",
    ),
    (
        "unknown tier",
        HEADER + 'cards = [ { id = "G01", tier = "blue", grid = "5 . . / . 3 . / . . 8" } ]\n',
        "card G01: unknown tier 'blue'; use one of green, yellow, purple, orange",
    ),
    (
        "duplicate id",
        HEADER
        + 'cards = [ { id = "G01", tier = "green", grid = "5 . . / . 3 . / . . 8" },\n'
        + '  { id = "G01", tier = "green", grid = "5 . . / . 3 . / . . 8" } ]\n',
        "card G01: the id is used twice",
    ),
    (
        "unknown card key",
        HEADER + 'cards = [ { id = "G01", tier = "green", grid = "5 . . / . 3 . / . . 8", dot = 1 } ]\n',
        "card G01: unknown key 'dot'",
    ),
    (
        "missing id",
        HEADER + 'cards = [ { tier = "green", grid = "5 . . / . 3 . / . . 8" } ]\n',
        "card #1 has no id",
    ),
    (
        "standard counts",
        HEADER + 'standard = true\ncards = [ { id = "G01", tier = "green", grid = "5 . . / . 3 . / . . 8" } ]\n',
        "the standard deck needs 24 green cards but this file has 1",
    ),
]


@pytest.mark.parametrize(("text", "message"), [(t, m) for _, t, m in BROKEN], ids=[n for n, _, _ in BROKEN])
def test_broken_deck_files(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DeckgenError) as caught:
        load_cleariosity(path)
    assert message in str(caught.value)
    assert str(path) in str(caught.value)
    assert "\n" not in str(caught.value)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(DeckgenError, match="no such file"):
        load_cleariosity(tmp_path / "nope.toml")


def test_binary_file(tmp_path: Path) -> None:
    path = tmp_path / "deck.toml"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(DeckgenError, match="not UTF-8 text"):
        load_cleariosity(path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('name = "t"\ngame = "treenex"\nvalues = "9-0"\n', "must not be larger"),
        ('name = "t"\ngame = "treenex"\nvalues = "a-b"\n', "LO-HI"),
        ('name = "t"\ngame = "treenex"\ncopies = 0\n', "copies = 0"),
        ('name = "t"\ngame = "treenex"\nsuits = 4\n', "unknown key 'suits'"),
    ],
)
def test_broken_treenex_files(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "treenex.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DeckgenError, match=message):
        load_treenex(path)


def test_a_deck_file_names_its_game(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    path.write_text('name = "t"\ngame = "treenex"\nvalues = "10-19"\ncopies = 2\n', encoding="utf-8")
    assert owner_of_file(path) == "treenex"
    assert getattr(game("treenex").load(path, {}), "low", None) == 10
    assert owner_of_file(CLEARIOSITY_FILE) == "cleariosity"
    assert owner_of_file(tmp_path / "missing.toml") is None


def test_a_deck_designed_from_a_renamed_copy_of_the_standard_spec_loads(tmp_path: Path) -> None:
    """Its tiers are made from the spec (equal to the standard ones, not the same objects)."""
    from deckgen.cli import main

    spec = tmp_path / "ours.toml"
    text = (Path(__file__).parents[2] / "templates" / "cleariosity" / "specs" / "standard.toml").read_text(
        encoding="utf-8"
    )
    spec.write_text(text.replace('name = "standard"', 'name = "ours"'), encoding="utf-8")
    deck = tmp_path / "ours-deck.toml"
    args = ["design", "--seed", "1", "--spec", str(spec), "--iterations", "500", "--games", "0", "--attempts", "1"]
    main([*args, "--keep-failed", "--out", str(deck)])
    assert "standard = true" in deck.read_text(encoding="utf-8")
    loaded = load_cleariosity(deck)
    assert len(loaded.cards) == 60
