"""Hostile input, round four: small files that cost minutes or crash, characters newer than
Python, and numbers read one way on the command line and the page."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from deckgen.cli import main
from deckgen.print_options import PRINT_OPTIONS
from deckgen.serve.choices import PageChoices, check_text


def one_line_error(capsys: pytest.CaptureFixture[str], longest: int = 600) -> str:
    err = capsys.readouterr().err.strip()
    assert err.startswith("deckgen: error: ") and "\n" not in err, err[:2000]
    assert "Traceback" not in err and len(err) <= longest, err[:2000]
    return err


def _unknown_character() -> str:
    """A character this Python does not know: U+1FAE8 (Unicode 15) up to Python 3.11, else one
    no Unicode version has given out yet."""
    for char in ("\U0001fae8", "\U0002fffd", "\U000e0080"):
        if unicodedata.category(char) == "Cn":
            return char
    raise AssertionError("no unassigned character found")


@pytest.mark.parametrize("column", ["front", "back"])
def test_a_character_newer_than_python_is_refused_naming_it(
    column: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Dropped silently before, the card printing without it: now one line naming the row, the
    side and the character."""
    new = _unknown_character()
    sheet = tmp_path / "words.csv"
    front, back = ("shaking face " + new, "Gesicht") if column == "front" else ("face", "Gesicht " + new)
    sheet.write_text(f"front,back\nhello,Hallo\n{front},{back}\n", encoding="utf-8")
    assert main(["build", "--file", str(sheet), "--out", str(tmp_path / "out")]) == 1
    err = one_line_error(capsys)
    assert f"U+{ord(new):04X}" in err and "row 3" in err and f"the {column}" in err
    assert unicodedata.unidata_version in err
    assert not (tmp_path / "out").exists()


def test_noncharacters_are_still_dropped_like_control_characters(tmp_path: Path) -> None:
    """U+FFFF and its kind are never text (a program's own markers): dropped as before, not refused."""
    sheet = tmp_path / "words.csv"
    sheet.write_text("front,back\nhello\uffff,Hallo\ufdd0\n", encoding="utf-8")
    assert main(["build", "--file", str(sheet), "--format", "pdf", "--out", str(tmp_path / "out")]) == 0


#: What a teacher might type for set 2 (or 20), and whether it is a number deckgen reads.
TYPED = {
    "2": 2, " 2": 2, "2 ": 2, "02": 2, "20": 20,
    "２": None, "٢": None, "२": None, "+2": None, "2_0": None, "2.0": None, "-2": None, "0": None, "201": None,
    "": None, "²": None, "1e1": None,
}  # fmt: skip


@pytest.mark.parametrize("typed", TYPED)
def test_the_command_line_and_the_page_read_a_set_number_alike(
    typed: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--only-set ' 2'``, ``２`` and ``٢`` went through on the command line (click reads them
    with int()) and were refused on the page: both now read the digits 0-9 alone (spaces
    around them aside, as the page takes every field)."""
    option = next(option for option in PRINT_OPTIONS if option.name == "only_set")
    page = PageChoices.from_query({"game": ["cleariosity"], "sets": ["20"], "only_set": [typed]})
    on_page = page.errors.get("only_set") is None and check_text(option, typed.strip()) is None
    args = ["build", "--game", "cleariosity", "--sets", "20", "--only-set", typed, "--format", "pdf"]
    code = main([*args, "--out", str(tmp_path / "out")])
    assert on_page == (code == 0) == (TYPED[typed] is not None)
    if TYPED[typed] is None:
        assert code == 2
        assert "in the digits 0-9" in one_line_error(capsys)


def test_one_function_reads_the_numbers_of_both() -> None:
    from deckgen import cli
    from deckgen.errors import DeckgenError
    from deckgen.options import read_number
    from deckgen.serve import choices

    for typed, value in TYPED.items():
        if value is None:
            with pytest.raises(DeckgenError, match="in the digits 0-9"):
                read_number(typed, 1, 200)
        else:
            assert read_number(typed, 1, 200) == value
    assert cli.read_number is read_number and choices.read_number is read_number


def test_sets_is_read_by_the_same_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--sets 2_0`` made 20 sets, ``--sets ３`` three."""
    for typed in ("2_0", "３", "+3"):
        assert main(["build", "--game", "cleariosity", "--sets", typed, "--out", str(tmp_path / "out")]) == 2
        assert "in the digits 0-9" in one_line_error(capsys)
        assert PageChoices.from_query({"sets": [typed]}).errors.get("sets")
    assert not (tmp_path / "out").exists()
