"""The command a PDF records (deckgen/record.py) leaves out ``--paper`` where it names the paper
the class's language and country imply anyway, so that ``--lang de --paper a4`` and ``--lang de``
record, and make, the same files; a paper that is not the usual one, or one given beside a
profile or over a game's own default, stays in the command."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from deckgen.cli import main
from deckgen.games import games
from deckgen.record import build_command, build_words
from tests.pdfcheck import PT

PRESET = ["--preset", "times-2-9", "--lang", "de"]
RECORDED = "deckgen build --lang de --format pdf --game cleariosity --preset times-2-9"


def built(folder: Path, *words: str) -> dict[str, bytes]:
    assert main(["build", *words, "--out", str(folder)]) == 0
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file() and not p.name.startswith(".")}


def keywords(data: bytes | Path) -> str:
    reader = PdfReader(data if isinstance(data, Path) else io.BytesIO(data))
    return str(reader.metadata["/Keywords"])


def paper_mm(pdf: Path) -> tuple[float, float]:
    page = PdfReader(pdf).pages[0]
    return round(float(page.mediabox.width) / PT, 1), round(float(page.mediabox.height) / PT, 1)


def test_the_paper_german_implies_is_recorded_as_if_left_out(tmp_path: Path) -> None:
    typed = built(tmp_path / "a4", *PRESET, "--paper", "a4")
    implied = built(tmp_path / "implied", *PRESET)
    assert sorted(typed) == sorted(implied) == ["cleariosity-times-2-9-teacher-pack.pdf", "cleariosity-times-2-9.pdf"]
    for name, data in typed.items():
        assert keywords(data) == keywords(implied[name]) == RECORDED, name
        assert data == implied[name], f"{name}: --paper a4 and the A4 --lang de implies make other bytes"
    assert paper_mm(tmp_path / "a4" / "cleariosity-times-2-9.pdf") == (210.0, 297.0)


def test_a_paper_other_than_the_usual_one_stays_recorded(tmp_path: Path) -> None:
    built(tmp_path, *PRESET, "--paper", "letter", "--no-pack")
    pdf = tmp_path / "cleariosity-times-2-9.pdf"
    assert keywords(pdf) == RECORDED.replace("--preset", "--paper letter --preset") + " --no-pack"
    assert paper_mm(pdf) == (215.9, 279.4)


def test_a_paper_given_beside_a_profile_stays_recorded(tmp_path: Path) -> None:
    """The profile's paper (Letter) would take its place were it left out."""
    built(tmp_path, *PRESET, "--profile", "transparency-letter", "--paper", "a4", "--no-pack")
    pdf = tmp_path / "cleariosity-times-2-9.pdf"
    recorded = keywords(pdf)
    assert "--profile transparency-letter" in recorded and "--paper a4" in recorded, recorded
    assert paper_mm(pdf) == (210.0, 297.0)
    again = tmp_path / "again"
    built(again, *recorded.split()[2:])  # the recorded command makes it again
    assert (again / pdf.name).read_bytes() == pdf.read_bytes()


@pytest.mark.parametrize(
    ("language", "region", "paper", "kept"),
    [
        ("de", None, "a4", False),
        ("de", None, "letter", True),
        ("en", None, "letter", False),  # the United States
        ("en", None, "a4", True),
        ("en", "GB", "a4", False),
        ("en", "GB", "letter", True),
        ("es", "MX", "letter", False),
        ("es", "MX", "a4", True),
        ("fr", "CA", "letter", False),
    ],
)
def test_paper_is_left_out_only_where_language_and_country_imply_it(
    language: str, region: str | None, paper: str, kept: bool
) -> None:
    words = build_words(("treenex",), {"paper": paper, "sets": 2}, language=language, region=region)
    assert ("--paper" in words) is kept, build_command(words)
    if kept:
        assert words[words.index("--paper") + 1] == paper
    assert words[-2:] == ["--sets", "2"]


def test_paper_stays_where_a_profile_or_the_games_own_default_could_put_another(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    options = {"paper": "a4"}
    assert "--paper" not in build_words(("treenex",), options, language="de")
    assert "--paper" in build_words(("treenex",), options, language="de", profile="cardstock-letter")
    monkeypatch.setitem(games()["treenex"].print_defaults, "paper", "letter")
    assert "--paper" in build_words(("treenex",), options, language="de")
    assert "--paper" in build_words(("cleariosity", "treenex"), options, language="de")
    assert "--paper" not in build_words(("cleariosity",), options, language="de")
