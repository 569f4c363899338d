"""Lengths and sizes typed by users, parsed into millimetres."""

from __future__ import annotations

import re

import pytest

from deckgen.errors import DeckgenError
from deckgen.units import CARD_SIZES, PAPER_SIZES, mm_to_pt, mm_to_px, parse_length, parse_offset, parse_size


@pytest.mark.parametrize(
    ("text", "mm"), [("3mm", 3.0), ("0.125in", 3.175), ("1cm", 10.0), ("72pt", 25.4), ("0", 0.0), (".5 mm", 0.5)]
)
def test_lengths(text: str, mm: float) -> None:
    assert parse_length(text) == pytest.approx(mm)


@pytest.mark.parametrize("text", ["", "mm", "3 furlongs", "-2mm", "1e3mm"])
def test_bad_lengths(text: str) -> None:
    with pytest.raises(DeckgenError):
        parse_length(text)


@pytest.mark.parametrize(
    ("text", "size"),
    [("letter", (215.9, 279.4)), ("A4", (210.0, 297.0)), ("8.5x11in", (215.9, 279.4)), ("100 x 150mm", (100.0, 150.0))],
)
def test_sizes(text: str, size: tuple[float, float]) -> None:
    assert parse_size(text, PAPER_SIZES, "paper") == pytest.approx(size)


@pytest.mark.parametrize("text", ["napkin", "8.5x11", "0x10mm", "3x5parsecs"])
def test_bad_sizes(text: str) -> None:
    with pytest.raises(DeckgenError):
        parse_size(text, CARD_SIZES, "card size")


def test_conversions() -> None:
    assert mm_to_pt(25.4) == pytest.approx(72.0)
    assert mm_to_px(25.4, 300) == pytest.approx(300.0)
    assert CARD_SIZES["poker"] == (63.5, 88.9)


@pytest.mark.parametrize("text", ["2", "5", "0.5"])
def test_a_length_without_a_unit_is_refused_like_a_size(text: str) -> None:
    """One rule for lengths and sizes: a number takes a unit (0 alone may go without)."""
    with pytest.raises(DeckgenError, match=f"add a unit, e.g. {text}mm or {text}in"):
        parse_length(text)
    with pytest.raises(DeckgenError, match=f"add a unit, e.g. {text}x{text}mm or {text}x{text}in"):
        parse_size(f"{text}x{text}", PAPER_SIZES, "paper")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("+-1mm,0", "more than one sign"),
        ("--1mm,0", "more than one sign"),
        ("0,5mm", "give both DX and DY, e.g. 0.5mm,-1mm"),
        ("-1,5", "give both DX and DY"),
        ("1,5,2mm", "write DX and DY with units"),
        ("6mm,0", "more than the 5 mm the calibration sheet measures"),
    ],
)
def test_back_offsets_that_cannot_be_meant(text: str, message: str) -> None:
    with pytest.raises(DeckgenError, match=re.escape(message)):
        parse_offset(text)


def test_back_offsets_read_as_written() -> None:
    assert parse_offset("0.5mm,-1mm") == (0.5, -1.0)
    assert parse_offset("+0.5mm, -0.5mm") == (0.5, -0.5)
    assert parse_offset("0,0") == (0.0, 0.0)


@pytest.mark.parametrize(
    "text", ["0,5mm;-1mm", "0,5mm; -1mm", "0,5mm,-1mm", "0,5 mm, -1 mm", "0.5mm;-1mm", "+0,50mm,-1,0mm"]
)
def test_back_offsets_with_a_decimal_comma(text: str) -> None:
    """As German, French and Spanish write decimals: a comma between two digits is a decimal comma,
    and DX and DY are apart by a semicolon or by a comma that is not between digits."""
    assert parse_offset(text) == (0.5, -1.0)


def test_lengths_and_sizes_with_a_decimal_comma() -> None:
    assert parse_length("0,5mm") == 0.5 and parse_length(",5 mm") == 0.5
    assert parse_size("63,5x88,9mm", CARD_SIZES, "card size") == (63.5, 88.9)


def test_an_offset_refused_in_german_shows_how_german_writes_it() -> None:
    from deckgen.i18n import _, speaking

    with speaking("de"), pytest.raises(DeckgenError) as refused:
        parse_offset("0,5mm")
    with speaking("de"):
        assert str(refused.value) == _("back offset {text}: give both DX and DY, e.g. {example}").format(
            text="'0,5mm'", example="0,5mm;-1mm"
        )
