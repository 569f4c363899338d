"""Cleariosity Letters through the command line: build, verify, export, and design's refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from deckgen.cli import main
from deckgen.games.letters.words import LANGUAGES


def test_build_writes_the_cards_and_a_pack_with_the_rules_and_words(tmp_path: Path) -> None:
    assert main(["build", "--game", "letters", "--format", "pdf", "--out", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("."))
    assert names == ["cleariosity-letters.pdf", "teacher-pack.pdf"]
    assert len(PdfReader(tmp_path / "cleariosity-letters.pdf").pages) == 7  # 60 cards, 9 a sheet
    pack = "\n".join(page.extract_text() or "" for page in PdfReader(tmp_path / "teacher-pack.pdf").pages)
    for said in ("Cleariosity Letters: the rules", "The words of each level", "Answer key: Level 1 (green)"):
        assert said in pack


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_builds_its_own_deck(language: str, tmp_path: Path) -> None:
    out = tmp_path / language
    assert main(["build", "--game", "letters", "--lang", language, "--format", "svg", "--out", str(out)]) == 0
    exported = tmp_path / "deck.json"
    assert main(["export", "--game", "letters", "--lang", language, "--format", "json", "--out", str(exported)]) == 0
    data = json.loads(exported.read_text(encoding="utf-8"))
    assert data["language"] == language and len(data["cards"]) == 60
    assert all(len(card["tiles"]) == 3 for card in data["cards"])


def test_verify_reads_the_shipped_deck_and_says_it_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "report.json"
    assert main(["verify", "--game", "letters", "--json", "--out", str(report)]) == 0
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["passed"] and data["failures"] == []
    assert data["blocklist"]["lines_checked"] == 288_400 and data["blocklist"]["found"] == []
    assert [level["level"] for level in data["levels"]] == [1, 2, 3, 4]
    assert all(len(level["play"]) == 3 for level in data["levels"])


@pytest.mark.parametrize(
    ("language", "listed", "said"),
    [
        ("en", "ship\nelephant\n", ["line 2: 'elephant' is not three tiles of the English levels"]),
        # Spanish has five levels; a deck for a teacher's words holds four (24 cards, then 12 a
        # level). Said in the deck's language: line 2, 'pelota', first at level 5; levels 1 to 4.
        ("es", "sol\npelota\n", ["línea 2: 'pelota' se escribe a partir del nivel 5", "los niveles 1 a 4"]),
    ],
)
def test_a_word_the_deck_cannot_hold_is_refused_in_one_line(
    language: str, listed: str, said: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    words = tmp_path / "spelling.txt"
    words.write_text(listed, encoding="utf-8")
    out = tmp_path / "deck.toml"
    assert main(["design", "--game", "letters", "--lang", language, "--words", str(words), "--out", str(out)]) != 0
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and all(part in lines[0] for part in said), lines
    assert not out.exists()


def test_design_help_points_to_each_games_own(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["design", "--help"]) == 0
    assert "For Cleariosity Letters: deckgen design --game letters --help" in capsys.readouterr().out
    assert main(["design", "--game", "letters", "--help"]) == 0
    assert "--words FILE" in capsys.readouterr().out


def test_a_broken_letters_deck_file_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "mine.toml"
    deck.write_text('game = "letters"\nlanguage = "en"\ncards = [{ id = "G01", level = 1, grid = "s a t" }]\n')
    assert main(["build", "--game", "letters", "--file", str(deck), "--out", str(tmp_path / "out")]) != 0
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and "card 1 (G01): the grid needs three rows of three cells" in said[0]
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


@pytest.mark.parametrize("game", ["lettres", "treenex", ""])
def test_design_for_a_game_without_one_is_refused_in_one_line(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["design", f"--game={game}"]) == 2
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and "design is a command of cleariosity, letters; choose one of them" in said[0]


def test_the_progress_file_may_not_be_the_block_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    block = tmp_path / "block.txt"
    block.write_text("bum\n", encoding="utf-8")
    args = ["design", "--game", "letters", "--block", str(block), "--progress-file", str(block)]
    assert main([*args, "--out", str(tmp_path / "deck.toml")]) != 0
    assert "is the --block file" in capsys.readouterr().err
    assert block.read_text(encoding="utf-8") == "bum\n"


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (('grid = ". . p', 'grid = ". . ω'), "'ω' is not a tile of the English levels up to level 1"),
        (('id = "G01"', 'id = "../x"'), "id '../x' is not a card id"),
        (('language = "en"', 'language = "xx"'), "language = 'xx'; Cleariosity Letters has words in en, es, fr, de"),
        (('language = "en"', 'langauge = "en"'), "unknown key 'langauge'"),
    ],
)
def test_a_letters_deck_file_is_checked_against_its_language(
    change: tuple[str, str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from deckgen.games import game

    text = game("letters").deck_file(None).read_text(encoding="utf-8")
    old, new = change
    assert old in text
    text = text.replace(old, new, 1)
    deck = tmp_path / "deck.toml"
    deck.write_text(text, encoding="utf-8")
    assert main(["verify", "--game", "letters", "--file", str(deck)]) != 0
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and said in lines[0], lines


def test_a_deck_without_its_first_level_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "deck.toml"
    deck.write_text('game = "letters"\ncards = [{ id = "O01", level = 4, grid = "st . . / . o . / . . p" }]\n')
    assert main(["verify", "--game", "letters", "--file", str(deck)]) != 0
    assert "no card at level 1; a deck holds every level up to its last" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("words", "said"),
    [
        ('["elephant"]', "the deck lists the word 'elephant', which the English levels cannot spell"),
        ('["ship"]', "the deck lists the word ship, first spelled at level 3, but its cards end at level 1"),
    ],
)
def test_a_teachers_word_the_deck_cannot_bring_up_is_refused_on_reading(
    words: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = tmp_path / "deck.toml"
    grid = '{ id = "G01", level = 1, grid = "s . . / . a . / . . t" }'
    deck.write_text(f'game = "letters"\nwords = {words}\ncards = [{grid}]\n', encoding="utf-8")
    assert main(["build", "--game", "letters", "--file", str(deck), "--out", str(tmp_path / "out")]) != 0
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and f"{deck}: {said}" in lines[0], lines


def test_a_deck_word_on_the_blocklist_is_refused_on_reading(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "deck.toml"
    grid = '{ id = "G01", level = 1, grid = "s . . / . a . / . . t" }'
    deck.write_text(f'game = "letters"\nwords = ["ass"]\ncards = [{grid}]\n', encoding="utf-8")
    assert main(["build", "--game", "letters", "--file", str(deck), "--out", str(tmp_path / "out")]) != 0
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "the deck lists the word 'ass', which is on the blocklist" in lines[0], lines


@pytest.mark.parametrize("grid", ["s m p / . . . / . . n", ". . . / . . . / . . .", "s a t / s a t / s a t"])
def test_a_card_without_three_tiles_is_refused_on_reading(
    grid: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = tmp_path / "deck.toml"
    deck.write_text(f'game = "letters"\ncards = [{{ id = "G01", level = 1, grid = "{grid}" }}]\n', encoding="utf-8")
    assert main(["verify", "--game", "letters", "--file", str(deck)]) != 0
    lines = capsys.readouterr().err.strip().splitlines()
    tiles = sum(cell != "." for cell in grid.replace("/", " ").split())
    assert len(lines) == 1 and f"(G01): a card carries three tiles, not {tiles}" in lines[0], lines


def test_a_deck_whose_stacks_spell_a_blocked_word_is_never_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Build and the page's upload check refuse it in one line; verify still reads it, and lists every line."""
    from deckgen.games import game
    from deckgen.serve.upload_check import verdict

    text = game("letters").deck_file(None).read_text(encoding="utf-8")
    first = text.index('grid = "', text.index('id = "Y01"')) + len('grid = "')
    rude = text[:first] + "f u ck / . . . / . . ." + text[text.index('"', first) :]
    deck = tmp_path / "deck.toml"
    deck.write_text(rude, encoding="utf-8")
    out = tmp_path / "out"
    assert main(["build", "--game", "letters", "--file", str(deck), "--out", str(out)]) != 0
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "the blocked word fuck reads on the top row of Y01" in lines[0], lines
    assert not out.exists() or not any(out.iterdir())
    assert "the blocked word fuck" in str(verdict("letters", deck).get("refused"))
    assert main(["verify", "--game", "letters", "--file", str(deck)]) != 0
    assert "spell the blocked word fuck on the top row" in capsys.readouterr().out


def test_design_stops_within_its_time_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An attempt is given up when the time is out, not only between attempts."""
    import time

    out = tmp_path / "deck.toml"
    start = time.monotonic()
    command = ["design", "--game", "letters", "--levels", "1", "--iterations", "1000000", "--attempts", "1"]
    assert main([*command, "--time-limit", "1", "--out", str(out)]) != 0
    assert time.monotonic() - start < 60  # a million steps take minutes
    assert "no attempt finished within --time-limit 1 s" in capsys.readouterr().err
    assert not out.exists()
