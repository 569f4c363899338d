"""Flash-card columns: headings in other languages, --front and --back naming the columns (two
fields on a side), and the columns a card leaves out, said in one note."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from deckgen.cli import main
from deckgen.games.flashcards.sheet import load_sheet

CHINESE = "Hanzi,Pinyin,English,Notes,Unit\n你好,nǐ hǎo,hello,a greeting,1\n谢谢,xièxie,thank you,,1\n"


def sheet(folder: Path, text: str, name: str = "words.csv") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "heading",
    [
        "Pregunta,Respuesta",
        "Vorderseite,Rückseite",
        "Frage,Antwort",
        "Recto,Verso",
        "Question,Réponse",
        "Term,Definition",
    ],
)
def test_headings_in_spanish_french_and_german_name_the_sides(tmp_path: Path, heading: str) -> None:
    (card,) = load_sheet(sheet(tmp_path, f"{heading}\n7 × 8,56\n")).cards
    assert (card.front, card.back) == ("7 × 8", "56")


def test_front_and_back_name_the_columns_and_a_side_may_have_two_fields(tmp_path: Path) -> None:
    deck = load_sheet(sheet(tmp_path, CHINESE), front=("hanzi",), back=("Pinyin", "English"))
    assert [(c.front, c.back) for c in deck.cards] == [("你好", "nǐ hǎo\nhello"), ("谢谢", "xièxie\nthank you")]
    assert deck.notes == (
        "columns 'Notes', 'Unit' left out: a card shows only its front and back "
        "(name more columns with --front or --back to print them too)",
    )


def test_a_build_says_which_columns_it_left_out_and_prints_both_fields(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = sheet(tmp_path, CHINESE)
    out = tmp_path / "out"
    args = [
        "build",
        "--file",
        str(path),
        "--front",
        "Hanzi",
        "--back",
        "Pinyin",
        "--back",
        "English",
        "--out",
        str(out),
    ]
    assert main(args) == 0
    err = capsys.readouterr().err
    assert "deckgen: note: words.csv: columns 'Notes', 'Unit' left out" in err
    text = subprocess.run(["pdftotext", str(out / "flashcards.pdf"), "-"], capture_output=True, text=True).stdout
    lines = [line for line in text.splitlines() if line.strip()]
    # Each field of the back on its own line, in the order named.
    assert lines.index("nǐ hǎo") + 1 == lines.index("hello")
    assert "a greeting" not in text
    # The command that made the file names the columns, so that it can be run again.
    keywords = subprocess.run(["pdfinfo", str(out / "flashcards.pdf")], capture_output=True, text=True).stdout
    assert "--front Hanzi --back Pinyin --back English" in keywords


def test_a_sheet_whose_columns_are_not_front_and_back_says_how_to_name_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = sheet(tmp_path, CHINESE)
    assert main(["build", "--file", str(path), "--out", str(tmp_path / "out")]) == 1
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert "no front and no back column among 'Hanzi', 'Pinyin', 'English', 'Notes', 'Unit'" in line
    assert "--front COLUMN --back COLUMN" in line
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--front", "Hanzi", "--back", "Pīnyin"], "no column is called 'Pīnyin' (--back); the columns are 'Hanzi'"),
        (["--front", "Hanzi", "--back", "Hanzi"], "column 'Hanzi' is named for both the front and the back"),
    ],
)
def test_a_column_named_wrongly_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    path = sheet(tmp_path, CHINESE)
    assert main(["verify", "--file", str(path), *args]) == 1
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert message in line


def test_front_and_back_name_columns_of_a_sheet_called_front_and_back_too(tmp_path: Path) -> None:
    """--back chooses the back's columns: the column called back is then left out, with a note."""
    deck = load_sheet(sheet(tmp_path, "front,back,example\ndog,perro,el perro ladra\n"), back=("example",))
    assert (deck.cards[0].front, deck.cards[0].back) == ("dog", "el perro ladra")
    assert "'back' left out" in deck.notes[0]


def test_front_and_back_belong_to_flash_cards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", "--game", "treenex", "--front", "x", "--out", str(tmp_path / "out")]) == 1
    assert "--front applies to Flash cards only" in capsys.readouterr().err


def test_zero_width_joiners_that_spell_a_word_are_kept(tmp_path: Path) -> None:
    """Persian writes می‌خواهم with a zero-width non-joiner: without it the letters would join."""
    (card,) = load_sheet(sheet(tmp_path, "front,back\nمی\u200cخواهم,I want\n")).cards
    assert card.front == "می\u200cخواهم"


def test_a_font_named_draws_every_character_it_has(tmp_path: Path) -> None:
    from deckgen.games import game
    from deckgen.games.flashcards.fonts import shipped_sources
    from deckgen.layout.primitives import Shape

    heebo = next(source.path for source in shipped_sources() if source.key == "heebo")
    flash = game("flashcards")
    deck = flash.load(sheet(tmp_path, "front,back\nkite,∑\n"), {"font": str(heebo)})
    faces = flash.faces(deck, (88.9, 63.5), {})
    keys = [s.glyph for s in faces.fronts[0].primitives if isinstance(s, Shape) and s.glyph]
    assert keys and all(key.startswith("user-Heebo") for key in keys)
    # A character the font lacks (∑) comes from the shipped fonts.
    back = [s.glyph for s in faces.backs[0].primitives if isinstance(s, Shape) and s.glyph]  # type: ignore[index]
    assert back and not any(key.startswith("user-") for key in back)


@pytest.mark.parametrize(
    ("font", "message"),
    [("missing.ttf", "no such file"), ("words.csv", "not a font file deckgen can read")],
)
def test_a_font_that_is_not_one_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], font: str, message: str
) -> None:
    path = sheet(tmp_path, "front,back\nkite,toy\n")
    assert main(["build", "--file", str(path), "--font", str(tmp_path / font), "--out", str(tmp_path / "out")]) == 1
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert f"--font {tmp_path / font}: {message}" in line
    assert not (tmp_path / "out").exists()


def test_a_print_profile_may_name_the_font(tmp_path: Path) -> None:
    from deckgen.build import _game_options
    from deckgen.errors import DeckgenError
    from deckgen.games import game
    from deckgen.games.flashcards.fonts import shipped_sources
    from deckgen.profiles import load_profiles

    heebo = next(source.path for source in shipped_sources() if source.key == "heebo")
    profiles = tmp_path / "profiles.toml"
    profiles.write_text(f'[our-school]\ndescription = "x"\nfont = "{heebo}"\n', encoding="utf-8")
    chosen = load_profiles(profiles)["our-school"]
    flash = game("flashcards")
    options = _game_options(flash, chosen, {})
    deck = flash.load(sheet(tmp_path, "front,back\nkite,toy\n"), options)
    assert deck.fonts == (heebo.resolve(),)
    profiles.write_text('[our-school]\ndescription = "x"\nfont = 3\n', encoding="utf-8")
    with pytest.raises(DeckgenError, match="font = 3: write it in quotes"):
        load_profiles(profiles)


def test_headings_compare_composed_as_a_mac_may_write_them(tmp_path: Path) -> None:
    decomposed = "Re\u0301ponse"  # é as e and an accent
    (card,) = load_sheet(sheet(tmp_path, f"question,{decomposed}\n7 × 8,56\n")).cards
    assert card.back == "56"
    (card,) = load_sheet(
        sheet(tmp_path, "Wort,Ru\u0308ckseite\nHund,dog\n"), front=("Wort",), back=("Rückseite",)
    ).cards
    assert card.back == "dog"


def test_text_under_an_empty_heading_is_pointed_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = sheet(tmp_path, "front,,back\nkite,oops,toy\n")
    assert main(["verify", "--file", str(path)]) == 1
    assert "'oops' is in a column with no name" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("cut", "message"), [(None, "give the path of a .ttf"), (27_000, "its letters cannot be read")]
)
def test_an_empty_or_cut_short_font_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cut: int | None, message: str
) -> None:
    from deckgen.games.flashcards.fonts import shipped_sources

    font = ""
    if cut is not None:
        atkinson = shipped_sources()[0].path  # 54 KB: cut in half, its later letters are gone
        (tmp_path / "cut.ttf").write_bytes(atkinson.read_bytes()[:cut])
        font = str(tmp_path / "cut.ttf")
    path = sheet(tmp_path, "front,back\nkite,toy\n")
    assert main(["verify", "--file", str(path), "--font", font]) == 1
    assert message in capsys.readouterr().err
