"""The PDF's text layer gives each card's words back as the teacher typed them, in reading order,
to ``pdftotext`` and to ``pypdf``: a sum in Arabic-Indic digits (drawn right to left) as well as
Hebrew and Arabic words and sums in Western digits."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pypdf
import pytest

from deckgen.cli import main
from deckgen.layout.faces import TextLine
from deckgen.render.text_layer import seen_order

#: Marks pdftotext puts around right-to-left lines: they carry no letters.
BIDI_MARKS = dict.fromkeys(map(ord, "\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"))
#: Fronts of an Arabic class's sheet (each line of a card's text is one line of text), and one in Hebrew.
FRONTS = ("٣ + ٤ = ٧", "١٠ − ٣ = ٧", "شكرا", "مدرسة", "בית ספר", "3 + 4 = 7")


@pytest.fixture(scope="module")
def pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("order")
    sheet = out / "sums.csv"
    sheet.write_text("front,back\n" + "".join(f"{front},{n}\n" for n, front in enumerate(FRONTS)), "utf-8")
    assert main(["build", "--file", str(sheet), "--no-pack", "--out", str(out / "built")]) == 0
    return out / "built" / "flashcards.pdf"


def test_pdftotext_gives_every_front_as_typed(pdf: Path) -> None:
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    lines = {line.translate(BIDI_MARKS).strip() for line in text.splitlines()}
    for front in FRONTS:
        assert front in lines, f"{front!r} not among {sorted(lines)}"
    assert "٧ = ٤ + ٣" not in lines


def test_pypdf_gives_every_front_as_typed(pdf: Path) -> None:
    lines = {line.strip() for page in pypdf.PdfReader(pdf).pages for line in page.extract_text().splitlines()}
    for front in FRONTS:
        assert front in lines, f"{front!r} not among {sorted(lines)}"


def test_a_sum_is_written_in_reading_order_and_letters_as_seen() -> None:
    assert seen_order(TextLine("٣ + ٤ = ٧", 0, 0, 10, 1)) == "٣ + ٤ = ٧"
    assert seen_order(TextLine("شكرا", 0, 0, 10, 1, rtl=True)) == "اركش"
    # In a right-to-left line the sum stays one piece in reading order, the words around it as seen.
    assert seen_order(TextLine("الجواب ٣ + ٤ = ٧", 0, 0, 10, 1, rtl=True)) == "٣ + ٤ = ٧ باوجلا"
