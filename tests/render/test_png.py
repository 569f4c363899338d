"""PNG previews: exact pixel sizes, transparency, the same drawing as the PDF, `deckgen show`."""

from __future__ import annotations

import io
import itertools
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from deckgen.build import BuildRequest, prepare, run
from deckgen.cli import main
from deckgen.docs_images import docs_images
from deckgen.games.cleariosity.core.model import Card, Cell, Tier
from deckgen.games.cleariosity.core.stack import read_stack
from deckgen.games.cleariosity.output.faces import CleariosityGeometry, cleariosity_front
from deckgen.games.cleariosity.output.pictures import stack_picture
from deckgen.games.cleariosity.spec.deckfile import load_cleariosity
from deckgen.layout.primitives import Stroke
from deckgen.render.png import draw, png_bytes

ROOT = Path(__file__).resolve().parents[2]


def build_png(folder: Path, dpi: int = 300, **options: object) -> Path:
    run(prepare(BuildRequest(out=folder, options=dict(options), formats=("png",), dpi=dpi, pack=False)))
    return folder / "png"


@pytest.fixture(scope="module")
def png_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_png(tmp_path_factory.mktemp("png"), dpi=150)


def test_one_png_per_card_and_contact_sheets(png_folder: Path) -> None:
    names = {p.name for p in png_folder.iterdir()}
    deck = load_cleariosity()
    assert {f"{c.id}.png" for c in deck.cards} <= names
    assert {f"T{n:02d}.png" for n in range(1, 41)} <= names
    assert {"treenex-back.png", "cleariosity-numbers-contact.png", "treenex-contact.png"} <= names


@pytest.mark.parametrize(("name", "size_mm"), [("G01.png", (63.5, 88.9)), ("T07.png", (76.2, 127.0))])
def test_exact_pixel_size_and_dpi(png_folder: Path, name: str, size_mm: tuple[float, float]) -> None:
    with Image.open(png_folder / name) as image:
        assert image.size == (round(size_mm[0] / 25.4 * 150), round(size_mm[1] / 25.4 * 150))
        # PNG stores whole pixels per metre: 150 dpi is 5906 px/m, read back as 150.01.
        assert [round(d) for d in image.info["dpi"]] == [150, 150]


def test_cleariosity_cards_are_clear_and_treenex_cards_opaque(png_folder: Path) -> None:
    with Image.open(png_folder / "G01.png") as saved:
        assert saved.has_transparency_data
        film = saved.convert("RGBA")
        assert film.getpixel((2, 2))[3] == 0  # clear where nothing is printed
        assert film.getchannel("A").getextrema() == (0, 255)
    with Image.open(png_folder / "T01.png") as stock:
        assert not stock.has_transparency_data
        assert stock.convert("RGBA").getpixel((2, 2)) == (255, 255, 255, 255)


def dark_boxes(image: Image.Image, geometry: CleariosityGeometry, dpi: int) -> dict[tuple[int, int], tuple[int, ...]]:
    """Per grid cell, the bounding box of its dark pixels (a digit), in pixels."""
    grey = image.convert("L")
    px = dpi / 25.4
    boxes = {}
    for row in range(3):
        for col in range(3):
            x, y, w, h = geometry.cell_box(row, col)
            crop = grey.crop((round(x * px), round(y * px), round((x + w) * px), round((y + h) * px)))
            ink = crop.point(lambda v: 255 if v < 128 else 0).getbbox()
            if ink:
                boxes[row, col] = (
                    ink[0] + round(x * px),
                    ink[1] + round(y * px),
                    ink[2] + round(x * px),
                    ink[3] + round(y * px),
                )
    return boxes


def test_png_and_pdf_draw_the_same_digits(tmp_path: Path) -> None:
    """A card rasterised from the PDF by poppler and the card's PNG: digit boxes within 1 px."""
    dpi = 150
    # A 3 mm printer margin: the card's art is already that far in, so the page holds the card as drawn.
    options = {"layout": "single", "marks": "none", "margin": "3mm"}
    run(prepare(BuildRequest(games=("cleariosity",), out=tmp_path, options=options, pack=False)))
    pdf = str(tmp_path / "cleariosity-numbers.pdf")
    folder = build_png(tmp_path / "png-build", dpi=dpi, deck="cleariosity")
    geometry = CleariosityGeometry(63.5, 88.9)
    for page, card in enumerate(load_cleariosity().cards[:3], start=1):
        stem = tmp_path / f"page{page}"
        pages = ["-f", str(page), "-l", str(page)]
        subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-singlefile", *pages, pdf, str(stem)], check=True)
        with Image.open(stem.with_suffix(".png")) as rendered, Image.open(folder / f"{card.id}.png") as own:
            assert rendered.size == own.size
            on_white = Image.alpha_composite(Image.new("RGBA", own.size, "white"), own.convert("RGBA"))
            pdf_boxes, png_boxes = dark_boxes(rendered, geometry, dpi), dark_boxes(on_white, geometry, dpi)
        assert set(pdf_boxes) == set(png_boxes) == {(c.row, c.col) for c in card.cells}
        for cell, box in pdf_boxes.items():
            assert all(abs(a - b) <= 1 for a, b in zip(box, png_boxes[cell], strict=True)), (card.id, cell)


def test_saved_pngs_hold_exactly_the_drawn_pixels() -> None:
    """Cards are saved indexed (a dozen colours); a picture of many colours as RGBA; both exact."""
    geometry = CleariosityGeometry(63.5, 88.9)
    card = load_cleariosity().cards[30]
    drawn = draw(cleariosity_front(card, geometry).primitives, 63.5, 88.9, 300, (0, 0, 0, 0))
    many = Image.new("RGBA", (64, 64))
    many.putdata([(x * 4, y * 4, (x * y) % 256, 128 + x) for y in range(64) for x in range(64)])
    for image, mode in ((drawn, "P"), (many, "RGBA")):
        with Image.open(io.BytesIO(png_bytes(image, 300))) as saved:
            assert saved.mode == mode
            assert [round(d) for d in saved.info["dpi"]] == [300, 300]
            assert saved.convert("RGBA").tobytes() == image.tobytes()


def test_same_inputs_same_bytes(tmp_path: Path, png_folder: Path) -> None:
    again = build_png(tmp_path, dpi=150)
    for name in ("G01.png", "O12.png", "treenex-back.png", "cleariosity-numbers-contact.png"):
        assert (again / name).read_bytes() == (png_folder / name).read_bytes()


def test_format_all_builds_every_format(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["build", "--format", "all", "--deck", "cleariosity", "--out", str(tmp_path), "--dpi", "72"]) == 0
    assert (tmp_path / "cleariosity-numbers.pdf").exists()
    assert (tmp_path / "svg" / "cleariosity-numbers-sheet-01.svg").exists()
    assert (tmp_path / "png" / "G01.png").exists()


@pytest.mark.parametrize("dpi", ["71", "1201"])
def test_dpi_out_of_range(dpi: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", "--format", "png", "--dpi", dpi, "--out", str(tmp_path / "x")]) == 2
    assert "72<=x<=1200" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def test_show_prints_the_equation_and_writes_the_picture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "stack.png"
    assert main(["show", "G16", "G20", "G22", "--out", str(out)]) == 0
    assert capsys.readouterr().out.strip() == "2 + 5 = 7 (bottom row)"  # the answer keys' words
    with Image.open(out) as image:
        assert image.size == (round(63.5 / 25.4 * 200), round(88.9 / 25.4 * 200))


def test_show_at_another_level_makes_another_picture(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["show", "G01", "G08"]) == 0
    assert main(["show", "G01", "G08", "--level", "orange"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["stack-G01-G08-green.png", "stack-G01-G08-orange.png"]
    capsys.readouterr()


def _stack_with_equations(count: int) -> list[Card]:
    """Two cards of the shipped deck that read as at least ``count`` equations at their level."""
    cards = load_cleariosity().cards
    for a, b in itertools.combinations(cards, 2):
        level = max((a.tier, b.tier), key=lambda t: t.rank)
        if len(read_stack([a, b], level).equations) >= count:
            return [a, b]
    raise AssertionError(f"no pair of the shipped deck makes {count} equations")


def test_each_equation_of_a_stack_has_its_own_band(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    cards = _stack_with_equations(2)
    level = max((c.tier for c in cards), key=lambda t: t.rank)
    reading = read_stack(cards, level)
    geometry = CleariosityGeometry(63.5, 88.9)
    shapes = stack_picture(cards, geometry, [e.line for e in reading.equations], reading.covered)
    bands = [s for s in shapes if isinstance(s, Stroke) and s.width > geometry.cell * 0.2]
    assert len(bands) == len(reading.equations)
    assert len({b.colour for b in bands}) == len(bands), "each equation in its own colour"
    widths = [b.width for b in bands]
    assert widths == sorted(widths, reverse=True) and len(set(widths)) == len(widths), "crossing bands both show"
    assert main(["show", *(c.id for c in cards), "--out", str(tmp_path / "s.png")]) == 0
    printed = capsys.readouterr().out.strip().splitlines()
    assert printed[0].endswith(", yellow band") and printed[1].endswith(", blue band")
    # In German the band's colour is German too.
    assert main(["show", *(c.id for c in cards), "--out", str(tmp_path / "s.png"), "--lang", "de"]) == 0
    printed = capsys.readouterr().out.strip().splitlines()
    assert printed[0].endswith(", gelbes Band") and printed[1].endswith(", blaues Band")


def card(card_id: str, tier: Tier, *cells: tuple[int, int, int]) -> Card:
    return Card(card_id, tier, tuple(Cell(r, c, v) for r, c, v in cells))


def test_explains_a_covered_cell() -> None:
    a = card("A", Tier.GREEN, (0, 0, 3), (1, 1, 1), (2, 2, 1))
    b = card("B", Tier.GREEN, (0, 0, 4), (0, 1, 4), (0, 2, 7))
    reading = read_stack([a, b], Tier.GREEN)
    assert not reading.equations
    assert "top-left cell has two numbers (3 on A and 4 on B): they cover each other" in reading.reasons[0]
    assert reading.covered == [(0, 0)] or (0, 0) in reading.covered


def test_explains_an_operation_the_level_does_not_use() -> None:
    a = card("A", Tier.GREEN, (0, 0, 6), (1, 0, 1), (2, 0, 1))
    b = card("B", Tier.GREEN, (0, 1, 2), (1, 2, 5), (2, 2, 5))
    c = card("C", Tier.GREEN, (0, 2, 3), (2, 1, 8), (1, 1, 8))
    reading = read_stack([a, b, c], Tier.GREEN)
    assert any("needs × or ÷" not in r and "needs ÷" in r for r in reading.reasons), reading.reasons
    assert read_stack([a, b, c], Tier.ORANGE).equations[0].op == "/"


def test_explains_a_missing_number() -> None:
    a = card("A", Tier.GREEN, (0, 0, 3), (2, 0, 1), (2, 1, 1))
    b = card("B", Tier.GREEN, (0, 1, 4), (1, 1, 9), (1, 2, 9))
    reading = read_stack([a, b], Tier.GREEN)
    assert "Top row: no number in the top-right cell." in reading.reasons


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["show"], "name the cards to stack"),
        (["show", "G01", "Z99"], "unknown card 'Z99'"),
        (["show", "G01"], "an equation is made of 2 or 3 stacked cards"),
        (["show", "G01", "G01"], "named twice"),
        (["show", "G01", "G02", "--dpi", "5000"], "72<=x<=1200"),
    ],
)
def test_show_bad_input(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0]


def test_readme_pictures_are_current() -> None:
    for name, data in docs_images().items():
        assert (ROOT / "docs" / name).read_bytes() == data, f"docs/{name} is stale: run make docs"
