"""The teacher pack: rules, score sheet, answer keys and packing list, read back as text."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from deckgen.build import BuildRequest, prepare, run
from deckgen.games.cleariosity.deckfile import load_cleariosity
from deckgen.games.cleariosity.model import Tier
from deckgen.games.cleariosity.rules import describe
from deckgen.games.cleariosity.verify import analyse_tier


@pytest.fixture(scope="module")
def pack_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("pack")
    run(prepare(BuildRequest(out=out, options={"sets": 12})))
    return out / "teacher-pack.pdf"


@pytest.fixture(scope="module")
def pack_text(pack_file: Path) -> str:
    reader = PdfReader(pack_file)
    return "\n".join(page.extract_text() for page in reader.pages)


def test_rules_of_both_games_with_variants(pack_text: str) -> None:
    for heading in ("Cleariosity Numbers", "Treenex", "How to play", "Variations", "What counts as an equation"):
        assert heading in pack_text
    assert "Low score wins, or middle score wins" in pack_text
    assert "(a − b) × c" in pack_text
    assert "10 to 19" in pack_text


def test_score_sheet_has_a_name_row_and_fits_the_text_width(pack_file: Path) -> None:
    with pdfplumber.open(pack_file) as pdf:
        page = next(p for p in pdf.pages if "Treenex score sheet" in (p.extract_text() or ""))
        words = (page.extract_text() or "").split()
        assert "Name" in words and words.count("Expression") == 4 and words.count("Value") == 4
        text_left = min(ch["x0"] for ch in page.chars)  # the text's left edge; margins are equal
        grid = [ln for ln in page.lines] + [r for r in page.rects]
        assert grid, "the score sheet is a ruled table"
        assert min(item["x0"] for item in grid) == pytest.approx(text_left, abs=1.0)
        assert max(item["x1"] for item in grid) == pytest.approx(page.width - text_left, abs=1.0)
        sizes = {round(ch["size"], 1) for ch in page.chars if ch["text"] in "ExpressionValue"}
        assert min(sizes) >= 9


def test_every_page_is_numbered(pack_file: Path) -> None:
    reader = PdfReader(pack_file)
    for number, page in enumerate(reader.pages, start=1):
        assert f"Page {number}" in page.extract_text()


def test_no_expression_is_split_across_lines(pack_file: Path) -> None:
    with pdfplumber.open(pack_file) as pdf:
        for page in pdf.pages:
            for line in (page.extract_text() or "").splitlines():
                line = line.strip()
                assert not line.endswith(("×", "+", "−", "÷", "=")), line
                assert not line.startswith(("× ", "+ ", "− ", "÷ ", "= ")), line


def test_teacher_text_names_no_command_line_options(pack_text: str) -> None:
    assert not re.search(r"--\w", pack_text)
    assert "deckgen" not in pack_text


def test_clear_cards_are_never_dealt_face_down(pack_text: str) -> None:
    cleariosity_rules = pack_text[: pack_text.index("Treenex — three-number expressions")]
    assert "face down" not in cleariosity_rules and "face-down" not in cleariosity_rules
    assert "cannot be read" in cleariosity_rules


def test_no_variation_repeats_a_rule(pack_text: str) -> None:
    assert "play four hands (or more" not in pack_text


def test_printing_guide_covers_what_a_teacher_needs(pack_text: str) -> None:
    guide = " ".join(pack_text[pack_text.index("Printing guide") :].split())
    for needed in (
        "Actual size",
        "100 %",
        "ruler",
        "63.5 × 88.9 mm",
        "paper type",
        "Inkjet film goes in inkjet printers only",
        "laser",
        "rough, coated side",
        "dry",
        "trimmer",
        "Sort by id",
        "G01",
        "envelope",
        "long edge",
    ):
        assert needed in guide, needed


def test_every_pdf_has_a_title_and_a_subject(tmp_path_factory: pytest.TempPathFactory) -> None:
    out = tmp_path_factory.mktemp("meta")
    for path in run(prepare(BuildRequest(out=out))):
        info = PdfReader(path).metadata
        assert info is not None
        for field in (info.title, info.subject):
            assert field and "unspecified" not in field, (path.name, field)


def test_answer_key_for_every_tier_lists_its_perfect_clear(pack_text: str) -> None:
    deck = load_cleariosity()
    flat = " ".join(pack_text.split())
    for tier in Tier:
        assert f"Answer key: {tier.colour} level" in pack_text
        for group in analyse_tier(deck, tier).perfect_clear.groups or ():
            assert describe(group.values, group.ops[0]) in flat


def test_packing_list_counts_the_sets(pack_text: str) -> None:
    assert "Packing list: 12 classroom sets" in pack_text
    flat = " ".join(pack_text.split())
    assert "Cleariosity Numbers 60 7 84" in flat  # 7 sheets a set, 84 for 12 sets
    assert "Treenex 40 10 120" in flat
    assert "24 green, 12 yellow, 12 purple, 12 orange" in flat
    assert "Cards per set" in flat and "Sheets per set" in flat
    assert "Cards a set" not in flat and "Sheets a set" not in flat


def test_the_rules_state_the_values_of_the_deck_printed(tmp_path: Path) -> None:
    request = BuildRequest(games=("treenex",), out=tmp_path, options={"values": "10-19", "copies": 3})
    run(prepare(request))
    reader = PdfReader(tmp_path / "teacher-pack.pdf")
    text = " ".join(" ".join(page.extract_text() for page in reader.pages).split())
    assert "cards numbered 10 to 19 (three of each)" in text
    assert "0 to 9" not in text
