"""The page takes a teacher's word list for Cleariosity Letters: an uploaded .txt is a list to
design a deck round (the design command the page runs), a word the levels cannot spell is
refused in one line, and an uploaded letters deck file is built as it is."""

from __future__ import annotations

from pathlib import Path

from deckgen.games import game
from deckgen.i18n import speaking
from deckgen.serve.upload_check import verdict


def test_a_word_list_is_designed_round(tmp_path: Path) -> None:
    words = tmp_path / "week-12.txt"
    words.write_text("ship\nchip\n# this week\nfish\n", encoding="utf-8")
    assert verdict("letters", words) == {
        "design": ["design", "--game", "letters", "--words", "week-12.txt", "--seed", "1", "--out", "week-12-deck.toml"]
    }


def test_a_word_the_levels_cannot_spell_is_refused_in_the_language_spoken(tmp_path: Path) -> None:
    words = tmp_path / "palabras.txt"
    words.write_text("sol\nelefante\n", encoding="utf-8")
    with speaking("es"):
        said = verdict("letters", words)
    assert "línea 2: 'elefante' no son tres casillas de los niveles (Español)" in str(said["refused"])


def test_a_letters_deck_file_is_taken_as_it_is(tmp_path: Path) -> None:
    deck = tmp_path / "deck.toml"
    deck.write_bytes(game("letters").deck_file(None).read_bytes())
    assert verdict("letters", deck) == {"design": None}
