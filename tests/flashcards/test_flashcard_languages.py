"""A teacher's flash-card sheet, Anki deck or picture refused in their language: each refusal is
the German catalogue's sentence for its message id, with the file, row, column and characters
filled in as they are (never translated); a message with no German falls back to English and
fails here."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.cli import main
from deckgen.errors import DeckgenError
from deckgen.games.flashcards.anki import load_package
from deckgen.games.flashcards.sheet import load_sheet
from deckgen.i18n import _, speaking


def german(message: str) -> str:
    """``message`` as the German catalogue has it (asserted to be translated)."""
    with speaking("de"):
        said = _(message)
    assert said != message, f"no German for {message!r}"
    return said


def refusal(load: object, *args: object) -> str:
    """What ``load(*args)`` refuses with, in German."""
    with speaking("de"), pytest.raises(DeckgenError) as refused:
        load(*args)  # type: ignore[operator]
    return str(refused.value)


def sheet(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "wörter.csv"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_sheet_with_no_rows_is_refused_in_german(tmp_path: Path) -> None:
    path = sheet(tmp_path, "front,back\n")
    said = german("{path}: no cards; write a row of column names (front, back) and a row per card under it")
    assert refusal(load_sheet, path) == said.format(path=path)


def test_a_missing_column_heading_is_refused_in_german(tmp_path: Path) -> None:
    path = sheet(tmp_path, "Vokabel,Übersetzung\nchat,Katze\n")
    where = german("{path}: row {row}").format(path=path, row=1)
    said = german(
        "{where}: no front and no back column among {columns}; call them front and back, or name them with {options}"
    )
    expected = said.format(where=where, columns="'Vokabel', 'Übersetzung'", options="--front COLUMN --back COLUMN")
    assert refusal(load_sheet, path) == expected

    named = german("{where}: no column is called {heading} ({option}); the columns are {columns}")
    refused = refusal(load_sheet, path, ("Hanzi",), ("Übersetzung",))
    assert refused == named.format(where=where, heading="'Hanzi'", option="--front", columns="'Vokabel', 'Übersetzung'")


def test_an_empty_side_and_a_missing_picture_name_the_side_and_column_in_german(tmp_path: Path) -> None:
    path = sheet(tmp_path, "front,back,image\n,Katze,\nHund,dog,hund.png\n")
    side = german("front")
    said = german("{where}: the {side} is empty; write what goes on the card's {side}")
    assert refusal(load_sheet, path) == said.format(
        where=german("{path}: row {row}").format(path=path, row=2), side=side
    )

    path.write_text("front,back,image\nHund,dog,hund.png\n", encoding="utf-8")
    where = german("{where}, column {column}").format(
        where=german("{path}: row {row}").format(path=path, row=2), column="C"
    )
    said = german("{where}: picture {name} not found; put the file beside the sheet, or fix its name")
    assert refusal(load_sheet, path) == said.format(where=where, name="'hund.png'")


def test_a_character_no_font_can_draw_is_refused_in_german_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from deckgen.games.flashcards import system_fonts

    monkeypatch.setattr(system_fonts, "system_sources", lambda missing, language: ())
    path = sheet(tmp_path, "front,back\nFlamingo,\U0001f9a9\n")
    assert main(["build", "--file", str(path), "--out", str(tmp_path / "out"), "--lang", "de"]) == 1
    (line,) = capsys.readouterr().err.strip().splitlines()
    place = german("{char} ({code}) in row {rows}").format(char="'\U0001f9a9'", code="U+1F9A9", rows="2")
    fix = german(
        "colour emoji cannot be printed as outlines; leave them out, or name a font that has them with --font "
        "yourfont.ttf"
    )
    said = german("{count} character no card font can draw: {characters}; {fix}, or write it another way")
    assert line.endswith(f"{path}: " + said.format(count=1, characters=place, fix=fix))
    assert not (tmp_path / "out").exists()


def test_a_broken_anki_deck_is_refused_in_german(tmp_path: Path) -> None:
    path = tmp_path / "stapel.apkg"
    path.write_text("not a zip", encoding="utf-8")
    said = german("{path}: not an Anki package (.apkg is a zip file); export the deck from Anki again")
    assert refusal(load_package, path) == said.format(path=path)


def test_the_same_refusals_stay_english_in_english(tmp_path: Path) -> None:
    path = sheet(tmp_path, "front,back\n")
    with pytest.raises(DeckgenError, match="no cards; write a row of column names"):
        load_sheet(path)
