"""`deckgen build` through the CLI: profiles, overrides and one-line errors with no files left."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from deckgen.cli import main
from deckgen.games import game, games
from deckgen.printing import resolve
from deckgen.profiles import load_profiles
from tests.pdfcheck import PT, boxes


def test_build_with_no_options_writes_into_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["build", "--format", "pdf"]) == 0
    assert sorted(p.name for p in (tmp_path / "output").iterdir() if not p.name.startswith(".")) == [
        "calibration.pdf",
        "cleariosity-numbers.pdf",
        "teacher-pack.pdf",
        "treenex.pdf",
    ]


def test_profile_picks_its_deck_and_options(tmp_path: Path) -> None:
    assert main(["build", "--profile", "index-cards", "--out", str(tmp_path), "--no-pack"]) == 0
    assert [p.name for p in tmp_path.iterdir() if not p.name.startswith(".")] == ["treenex.pdf"]
    found = boxes(tmp_path / "treenex.pdf")
    assert found["TrimBox"][2:] == pytest.approx((76.2, 127.0), abs=0.01)


def test_options_override_the_profile(tmp_path: Path) -> None:
    assert main(["build", "--profile", "index-cards", "--layout", "sheet", "--out", str(tmp_path), "--no-pack"]) == 0
    page = PdfReader(tmp_path / "treenex.pdf").pages[0]
    assert float(page.mediabox.width) == pytest.approx(215.9 * PT, abs=0.01)


def test_every_shipped_profile_resolves() -> None:
    for name, values in load_profiles().items():
        for key in [values["deck"]] if "deck" in values else games():
            resolve(game(key), values, {}, name)  # raises on a bad value
        assert values.get("description"), name


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--card-size", "300x400mm"], "does not fit in the printable area"),
        (["--sets", "0"], "0 is not in the range 1<=x<=200"),
        (["--sets", "10000"], "10000 is not in the range"),
        (["--paper", "napkin"], "paper 'napkin': use one of letter, a4"),
        (["--paper", "8.5x11"], "add a unit"),
        (["--bleed", "3 furlongs"], "length '3 furlongs'"),
        (["--profile", "nope"], "unknown profile 'nope'"),
        (["--file", "missing.toml"], "missing.toml: no such file"),
        (["--deck", "treenex", "--values", "9-1"], "must not be larger"),
        (["--card-size", "20x20mm"], "too small for Cleariosity Numbers; use at least 30 x 40 mm (either way round)"),
        (["--registration", "--layout", "single"], "--registration needs --layout sheet"),
    ],
)
def test_bad_build_input(args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    assert main(["build", "--out", str(out), *args]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("deckgen: error: ")
    assert message in err[0]
    assert not out.exists() or not any(out.iterdir()), "no partial output"


def test_out_that_is_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "taken"
    target.write_text("x")
    assert main(["build", "--out", str(target)]) != 0
    assert "is a file" in capsys.readouterr().err


def test_out_that_cannot_be_created(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", "--out", "/proc/deckgen-cannot-write-here", "--no-pack"]) == 1
    assert "cannot create the folder" in capsys.readouterr().err


def test_a_deck_file_goes_to_its_own_game(tmp_path: Path) -> None:
    """build --file takes any game's deck file: named with --game, or told by its game key."""
    deck = tmp_path / "my-treenex.toml"
    deck.write_text('name = "teens"\ngame = "treenex"\nvalues = "10-19"\ncopies = 2\n', encoding="utf-8")
    out = tmp_path / "named"
    assert main(["build", "--deck", "treenex", "--file", str(deck), "--out", str(out), "--no-pack"]) == 0
    assert len(PdfReader(out / "treenex.pdf").pages) == 10  # 20 cards, 4 a page, fronts and backs
    out = tmp_path / "told"
    assert main(["build", "--file", str(deck), "--out", str(out), "--no-pack"]) == 0
    # That deck alone: not the shipped Cleariosity deck beside it.
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == ["treenex.pdf"]
    assert len(PdfReader(out / "treenex.pdf").pages) == 10


def test_two_presets_built_into_one_folder_keep_both_files(tmp_path: Path) -> None:
    """Each preset's PDF and laser sheets carry its name; the standard deck keeps its own."""
    from deckgen.cli import main

    out = tmp_path / "out"
    for preset in ("times-2-4", "times-6-8"):
        assert (
            main(
                [
                    "build",
                    "--game",
                    "cleariosity",
                    "--preset",
                    preset,
                    "--format",
                    "pdf",
                    "--format",
                    "svg",
                    "--no-pack",
                    "--out",
                    str(out),
                ]
            )
            == 0
        )
        assert (out / "svg" / f"cleariosity-{preset}-sheet-01.svg").is_file()
    assert main(["build", "--game", "cleariosity", "--no-pack", "--out", str(out)]) == 0
    assert sorted(p.name for p in out.glob("*.pdf")) == [
        "cleariosity-numbers.pdf",
        "cleariosity-times-2-4.pdf",
        "cleariosity-times-6-8.pdf",
    ]


def test_two_presets_built_into_one_folder_keep_both_packs(tmp_path: Path) -> None:
    """Each preset's answer keys fit its own deck alone: its pack carries its name, and says which
    deck it is for under the game's name (the operations of each key in words, with their signs)."""
    for preset in ("times-2-4", "pairs"):
        assert main(["build", "--preset", preset, "--format", "pdf", "--out", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.iterdir() if p.name.endswith("-teacher-pack.pdf"))
    assert names == ["cleariosity-pairs-teacher-pack.pdf", "cleariosity-times-2-4-teacher-pack.pdf"]
    assert not (tmp_path / "teacher-pack.pdf").exists()
    pack = "\n".join(p.extract_text() or "" for p in PdfReader(tmp_path / names[1]).pages)
    assert "(the preset times-2-4)" in pack and "This deck:" in pack
    assert "Operations: multiplying (×)." in pack


@pytest.mark.parametrize("name", ["words.xls", "words.ods", "words.tsv"])
def test_a_spreadsheet_in_another_form_is_told_to_be_saved_as_csv_or_xlsx(
    tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """It used to be told to name a game (--game cleariosity), which cannot read it either."""
    sheet = tmp_path / name
    sheet.write_text("front\tback\nchat\tcat\n", encoding="utf-8")
    assert main(["build", "--file", str(sheet), "--out", str(tmp_path / "out")]) == 1
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line.endswith(f"{sheet}: flash cards are read from a .csv or .xlsx file; save the spreadsheet as one")
