"""Two-digit numbers on Cleariosity cards: built in every format, measured at their printed size.

``tests/data/two-digit-deck.toml`` is a small deck of the tables to 9 x 9 (its spec beside it).
Card B01 carries 81 top left, 9 in the middle and 16 bottom right; 81 and 16 read as other
numbers turned half round (18, 91) and are underlined; a lone 9 (the card's dot says which way
is up) and 42 on B02 are not.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import svgelements as se
from PIL import Image

from deckgen.build import BuildRequest, prepare, run
from deckgen.games.cleariosity.output.faces import NUMBER_WIDTH_SHARE, CleariosityGeometry
from deckgen.games.cleariosity.spec.deckfile import load_cleariosity
from deckgen.glyphs import STROKE
from deckgen.units import CARD_SIZES

DATA = Path(__file__).parents[1] / "data"
DECK = DATA / "two-digit-deck.toml"
Box = tuple[float, float, float, float]


def build(folder: Path, formats: tuple[str, ...], **options: object) -> list[Path]:
    request = BuildRequest(
        games=("cleariosity",),
        out=folder,
        options=dict(options),
        formats=formats,
        pack=False,
        files={"cleariosity": DECK},
    )
    return sorted(run(prepare(request)))


def ink_boxes(image: Image.Image, dpi: float, cell: Box) -> list[Box]:
    """Bands of dark pixels (mm, card coordinates) in a cell, top to bottom: a number, then the
    bar under it if it has one (a blank row between them)."""
    x, y, w, h = cell
    scale = dpi / 25.4
    region = image.convert("L").crop(
        (round(x * scale), round(y * scale), round((x + w) * scale), round((y + h) * scale))
    )
    dark = region.point(lambda v: 255 if v < 128 else 0)
    rows = [dark.crop((0, r, dark.width, r + 1)).getbbox() is not None for r in range(dark.height)]
    bands: list[Box] = []
    r = 0
    while r < len(rows):
        if not rows[r]:
            r += 1
            continue
        start = r
        while r < len(rows) and rows[r]:
            r += 1
        box = dark.crop((0, start, dark.width, r)).getbbox()
        assert box is not None
        bands.append((x + box[0] / scale, y + start / scale, x + box[2] / scale, y + r / scale))
    return bands


def test_a_two_digit_deck_reads_and_builds_in_every_format(tmp_path: Path) -> None:
    deck = load_cleariosity(DECK)
    assert [c.value for c in deck.card("B01").cells] == [81, 9, 16]
    assert [t.name for t in deck.tiers] == ["blue", "red"]
    made = build(tmp_path, ("pdf", "svg", "png"))
    names = {p.name for p in made}
    assert "cleariosity-numbers.pdf" in names
    assert {f"{card.id}.png" for card in deck.cards} <= names
    assert any(p.suffix == ".svg" for p in made)


@pytest.mark.parametrize("size", ["poker", "bridge"])
def test_two_digit_numbers_fit_their_cell_and_agree_in_pdf_png_and_laser(tmp_path: Path, size: str) -> None:
    """81 is drawn smaller than a single digit, to 64 % of the cell's width, centred, at a cap
    height a class reads across a table (at least 7 mm at bridge size); the PNG and the laser
    file draw it where the PDF does."""
    card = CARD_SIZES[size]
    geometry = CleariosityGeometry(*card)
    cell = geometry.cell_box(0, 0)
    stroke = STROKE * geometry.number_size(81)

    # The PDF, one card a page (no margin, so the art is not shrunk into a printer's margin),
    # rendered by poppler at 600 dpi (a pixel is 0.04 mm).
    pdf = build(tmp_path / "pdf", ("pdf",), layout="single", margin="0mm", card_size=size)[0]
    subprocess.run(
        ["pdftoppm", "-r", "600", "-f", "1", "-l", "1", "-gray", "-png", str(pdf), str(tmp_path / "page")], check=True
    )
    page = Image.open(next(tmp_path.glob("page*.png")))
    number, bar = ink_boxes(page, 600, cell)
    nine = ink_boxes(page, 600, geometry.cell_box(1, 1))
    pixel = 25.4 / 600
    assert number[2] - number[0] == pytest.approx(NUMBER_WIDTH_SHARE * geometry.cell, abs=2 * pixel)
    assert 7.0 <= number[3] - number[1] < nine[0][3] - nine[0][1]  # readable, and smaller than the 9
    cx, cy = geometry.cell_centre(0, 0)
    assert (number[0] + number[2]) / 2 == pytest.approx(cx, abs=2 * pixel)
    assert (number[1] + number[3]) / 2 == pytest.approx(cy, abs=2 * pixel)
    # The bar under 81 (turned half round it reads 18) spans the number, below it; a lone 9 has none.
    assert bar[0] == pytest.approx(number[0], abs=2 * pixel) and bar[2] == pytest.approx(number[2], abs=2 * pixel)
    assert bar[1] > number[3] and len(nine) == 1

    # deckgen's own PNG: the same ink, to a pixel at 300 dpi.
    png = next(p for p in build(tmp_path / "png", ("png",), card_size=size) if p.name == "B01.png")
    film = Image.open(png).convert("RGBA")  # clear film: the ink on a transparent ground
    own = ink_boxes(Image.alpha_composite(Image.new("RGBA", film.size, "white"), film), 300, cell)
    assert len(own) == 2
    assert own[0] == pytest.approx(number, abs=25.4 / 300 + pixel)

    # Laser: a card alone on a bed; the score lines of 81 (centre-lines) where the PDF has its ink.
    sheet = next(p for p in build(tmp_path / "svg", ("svg",), card_size=size, bed=f"{card[0] + 16}x{card[1] + 20}mm"))
    svg = se.SVG.parse(str(sheet), ppi=25.4)

    def shapes(name: str) -> list[Box]:
        group = next(e for e in svg.elements() if isinstance(e, se.Group) and e.id == name)
        return [s.bbox() for s in group.select() if isinstance(s, se.Shape) and not isinstance(s, se.Group)]

    left, top = min(b[0] for b in shapes("cut")), min(b[1] for b in shapes("cut"))
    x, y, w, h = cell
    inside = [
        (b[0] - left, b[1] - top, b[2] - left, b[3] - top)
        for b in shapes("score")
        if x <= (b[0] + b[2]) / 2 - left <= x + w and y <= (b[1] + b[3]) / 2 - top <= y + h
    ]
    lines = [b for b in inside if b[1] < number[3]]  # the strokes of 81 (the foot of the 1 is flat)
    flats = [b for b in inside if b[3] - b[1] <= 0.01 and b[1] > number[3]]
    assert min(b[0] for b in lines) == pytest.approx(number[0] + stroke / 2, abs=2 * pixel)
    assert max(b[2] for b in lines) == pytest.approx(number[2] - stroke / 2, abs=2 * pixel)
    assert max(b[3] for b in lines) == pytest.approx(number[3] - stroke / 2, abs=2 * pixel)
    assert flats, "the bar under 81 is scored too"


def test_a_deck_file_finds_its_spec_beside_it_and_only_there(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The spec path in a deck file is read from the deck file's folder, wherever deckgen runs."""
    from deckgen.errors import DeckgenError

    monkeypatch.chdir(DATA)  # the spec is here, but not beside the copied deck
    moved = tmp_path / "deck.toml"
    moved.write_text(DECK.read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(DeckgenError) as raised:
        load_cleariosity(moved)
    said = str(raised.value)
    assert str(tmp_path / "two-digit-spec.toml") in said and "no such spec file" in said and "\n" not in said
    (tmp_path / "two-digit-spec.toml").write_text((DATA / "two-digit-spec.toml").read_text(encoding="utf-8"))
    assert [t.name for t in load_cleariosity(moved).tiers] == ["blue", "red"]


def test_show_names_this_decks_ids_for_an_unknown_card(capsys: pytest.CaptureFixture[str]) -> None:
    from deckgen.cli import main

    assert main(["show", "--file", str(DECK), "B01", "G02"]) == 1
    said = capsys.readouterr().err.strip()
    assert "unknown card 'G02'; this deck's ids are B01-B06, R01-R03" in said and "\n" not in said


def test_show_takes_a_level_of_the_deck_in_any_case(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from deckgen.cli import main

    picture = tmp_path / "stack.png"
    assert main(["show", "--file", str(DECK), "B03", "B05", "--level", "BLUE", "--out", str(picture)]) == 0
    assert picture.exists()
    assert main(["show", "--file", str(DECK), "B03", "B05", "--level", "green"]) == 1
    assert "this deck has no such level; use one of blue, red" in capsys.readouterr().err


def test_show_reads_a_preset_deck(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from deckgen.cli import main

    picture = tmp_path / "stack.png"
    assert main(["show", "--preset", "times-2-4", "G03", "G08", "G12", "--out", str(picture)]) == 0
    assert "2 × 3 = 6 (diagonal from bottom left)" in capsys.readouterr().out
    assert main(["show", "--preset", "times-2-4", "--file", str(DECK), "G05", "G10"]) == 1
    assert "--preset and --file both name a deck" in capsys.readouterr().err
