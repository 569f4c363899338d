"""The print-ready PDFs, read back with pdfplumber, pypdf, poppler and qpdf."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from deckgen.build import BuildRequest, prepare, run
from deckgen.games.cleariosity.output.faces import CleariosityGeometry
from deckgen.games.cleariosity.spec.deckfile import load_cleariosity
from tests.pdfcheck import PT, boxes, fonts, mark_lines, render

POKER = (63.5, 88.9)
LETTER = (215.9, 279.4)


def build(folder: Path, decks: tuple[str, ...] = ("cleariosity", "treenex"), **options: object) -> dict[str, Path]:
    request = BuildRequest(
        games=decks,
        out=folder,
        options={k: v for k, v in options.items() if k != "pack"},
        pack=bool(options.get("pack", True)),
    )
    return {p.name: p for p in run(prepare(request))}


@pytest.fixture(scope="module")
def default_build(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return build(tmp_path_factory.mktemp("default"))


def test_default_build_writes_the_three_pdfs(default_build: dict[str, Path]) -> None:
    # With the pack comes the calibration sheet for the two-sided Treenex sheets.
    assert sorted(default_build) == ["calibration.pdf", "cleariosity-numbers.pdf", "teacher-pack.pdf", "treenex.pdf"]
    for path in default_build.values():
        subprocess.run(["qpdf", "--check", str(path)], check=True, capture_output=True)


def test_page_counts_and_sizes(default_build: dict[str, Path]) -> None:
    cleariosity = PdfReader(default_build["cleariosity-numbers.pdf"])
    assert len(cleariosity.pages) == 7  # 60 poker cards, 9 a letter page
    treenex = PdfReader(default_build["treenex.pdf"])
    assert len(treenex.pages) == 20  # 40 index cards, 4 a page, each page of fronts followed by backs
    for reader in (cleariosity, treenex):
        for page in reader.pages:
            assert float(page.mediabox.width) == pytest.approx(LETTER[0] * PT, abs=0.01)
            assert float(page.mediabox.height) == pytest.approx(LETTER[1] * PT, abs=0.01)


def expected_cuts(count: int, size: float, page: float) -> list[float]:
    start = (page - count * size) / 2
    return [start + k * size for k in range(count + 1)]


def test_crop_marks_show_the_card_grid(default_build: dict[str, Path]) -> None:
    marks = mark_lines(default_build["cleariosity-numbers.pdf"], 1)
    vertical = [m for m in marks if abs(m["x0"] - m["x1"]) < 1e-6]
    horizontal = [m for m in marks if abs(m["top"] - m["bottom"]) < 1e-6]
    xs = sorted({round(m["x0"], 3) for m in vertical})
    ys = sorted({round(m["top"], 3) for m in horizontal})
    assert xs == pytest.approx(expected_cuts(3, POKER[0], LETTER[0]), abs=0.05)
    assert ys == pytest.approx(expected_cuts(3, POKER[1], LETTER[1]), abs=0.05)
    # No mark crosses a card: the side marks stand outside the block, and the marks of the
    # vertical cuts (no room above or below the block) run along those cuts.
    x_lo, x_hi = xs[0], xs[-1]
    for m in horizontal:
        assert m["x1"] <= x_lo + 1e-6 or m["x0"] >= x_hi - 1e-6
    assert all(any(abs(m["x0"] - x) < 0.05 for x in xs) for m in vertical)


def test_crop_marks_are_thick_enough_to_print(default_build: dict[str, Path]) -> None:
    with pdfplumber.open(default_build["cleariosity-numbers.pdf"]) as pdf:
        widths = {
            round(line["linewidth"], 3) for line in pdf.pages[0].lines if line["stroking_color"] == (0.0, 0.0, 0.0)
        }
    assert min(widths) >= 0.25


def test_three_by_five_cards_four_to_a_letter_page(default_build: dict[str, Path]) -> None:
    marks = mark_lines(default_build["treenex.pdf"], 1)
    xs = sorted({round(m["x0"], 3) for m in marks if abs(m["x0"] - m["x1"]) < 1e-6})
    ys = sorted({round(m["top"], 3) for m in marks if abs(m["top"] - m["bottom"]) < 1e-6})
    assert xs == pytest.approx(expected_cuts(2, 76.2, LETTER[0]), abs=0.05)
    assert ys == pytest.approx(expected_cuts(2, 127.0, LETTER[1]), abs=0.05)


def test_a4_also_takes_nine_poker_cards(tmp_path: Path) -> None:
    files = build(tmp_path, ("cleariosity",), paper="a4", pack=False)
    reader = PdfReader(files["cleariosity-numbers.pdf"])
    assert len(reader.pages) == 7
    assert float(reader.pages[0].mediabox.width) == pytest.approx(210 * PT, abs=0.01)


def test_every_font_is_embedded(default_build: dict[str, Path]) -> None:
    pack_fonts = fonts(default_build["teacher-pack.pdf"])
    assert pack_fonts, "the teacher pack has text"
    for path in default_build.values():
        assert all(row["emb"] == "yes" for row in fonts(path)), path.name


def test_streams_are_flate_compressed_binary(default_build: dict[str, Path]) -> None:
    """No ASCII85 layer over the streams (a fifth larger, slower to write); qpdf finds no fault."""
    for path in default_build.values():
        data = path.read_bytes()
        assert b"/ASCII85Decode" not in data, path.name
        assert b"/FlateDecode" in data, path.name
        subprocess.run(["qpdf", "--check", str(path)], check=True, capture_output=True)


def digit_centres(path: Path, page: int, geometry: CleariosityGeometry, cards: int) -> list[tuple[float, float]]:
    """Per printed number: (x, y) of its drawn shape's centre relative to its cell centre, in mm
    (the bar under a 6 or a 9 left out: the number is centred, the bar hangs below it)."""
    cols = 3
    x0 = (LETTER[0] - cols * POKER[0]) / 2
    y0 = (LETTER[1] - 3 * POKER[1]) / 2
    with pdfplumber.open(path) as pdf:
        shapes = [c for c in pdf.pages[page - 1].curves + pdf.pages[page - 1].lines if c["linewidth"] > 1.0]
    by_cell: dict[tuple[int, int, int], list[float]] = {}
    for shape in shapes:
        sx, sy = (shape["x0"] + shape["x1"]) / 2 / PT, (shape["top"] + shape["bottom"]) / 2 / PT
        slot_col, slot_row = int((sx - x0) // POKER[0]), int((sy - y0) // POKER[1])
        lx, ly = sx - x0 - slot_col * POKER[0], sy - y0 - slot_row * POKER[1]
        gx, gy = geometry.grid_origin
        col, row = int((lx - gx) // geometry.cell), int((ly - gy) // geometry.cell)
        if not (0 <= col < 3 and 0 <= row < 3):
            continue
        flat = abs(shape["bottom"] - shape["top"]) < 0.5
        if flat and ly - geometry.cell_centre(row, col)[1] > 0.6 * geometry.digit_size:
            continue  # the bar under a 6 or a 9, below the number it marks
        key = (slot_row * cols + slot_col, row, col)
        box = by_cell.setdefault(key, [1e9, 1e9, -1e9, -1e9])
        box[0] = min(box[0], shape["x0"] / PT)
        box[1] = min(box[1], shape["top"] / PT)
        box[2] = max(box[2], shape["x1"] / PT)
        box[3] = max(box[3], shape["bottom"] / PT)
    offsets = []
    for (slot, row, col), (bx0, by0, bx1, by1) in by_cell.items():
        slot_row, slot_col = divmod(slot, cols)
        cx, cy = geometry.cell_centre(row, col)
        offsets.append(
            ((bx0 + bx1) / 2 - (x0 + slot_col * POKER[0] + cx), (by0 + by1) / 2 - (y0 + slot_row * POKER[1] + cy))
        )
    return offsets


def test_numbers_sit_at_the_same_place_on_every_card(default_build: dict[str, Path]) -> None:
    geometry = CleariosityGeometry(*POKER)
    offsets = []
    for page in range(1, 8):
        offsets += digit_centres(default_build["cleariosity-numbers.pdf"], page, geometry, 9)
    assert len(offsets) == 180  # every number of the deck found in a cell
    for dx, dy in offsets:
        assert abs(dx) <= 0.05 and abs(dy) <= 0.05


def test_rendered_card_shows_its_digits_in_the_right_cells(default_build: dict[str, Path], tmp_path: Path) -> None:
    dpi = 100
    image = render(default_build["cleariosity-numbers.pdf"], 1, dpi, tmp_path)
    geometry = CleariosityGeometry(*POKER)
    first = load_cleariosity().cards[0]
    carrying = {(c.row, c.col) for c in first.cells}
    x0 = (LETTER[0] - 3 * POKER[0]) / 2
    y0 = (LETTER[1] - 3 * POKER[1]) / 2
    px = dpi / 25.4
    for row in range(3):
        for col in range(3):
            x, y, w, h = geometry.cell_box(row, col)
            crop = image.crop(
                (round((x0 + x) * px), round((y0 + y) * px), round((x0 + x + w) * px), round((y0 + y + h) * px))
            )
            ink = crop.point(lambda v: 255 if v < 100 else 0).getbbox()  # box of the dark pixels
            if (row, col) in carrying:
                assert ink is not None
                assert (ink[3] - ink[1]) >= 0.55 * h * px, "digit shorter than 55 % of the cell"
            else:
                assert ink is None, f"cell {row},{col} of {first.id} should be clear"


def test_single_layout_sets_the_boxes(tmp_path: Path) -> None:
    files = build(tmp_path, ("treenex",), layout="single", bleed="3mm", marks="none", pack=False)
    found = boxes(files["treenex.pdf"])
    assert found["MediaBox"] == pytest.approx((0, 0, 76.2 + 6, 127 + 6), abs=0.01)
    assert found["BleedBox"] == pytest.approx((0, 0, 76.2 + 6, 127 + 6), abs=0.01)
    assert found["TrimBox"] == pytest.approx((3, 3, 76.2 + 3, 127 + 3), abs=0.01)
    assert len(PdfReader(files["treenex.pdf"]).pages) == 80  # front and back of 40 cards


def card_frames(path: Path, page: int) -> list[tuple[float, float]]:
    """Top-left corners (mm) of the rectangles drawn on a page."""
    with pdfplumber.open(path) as pdf:
        return sorted((r["x0"] / PT, r["top"] / PT) for r in pdf.pages[page - 1].rects)


@pytest.mark.parametrize("duplex", ["long-edge", "short-edge"])
def test_backs_land_behind_their_fronts(tmp_path: Path, duplex: str) -> None:
    # 21 cards (the fewest a game of 3 needs), four a sheet: the sixth sheet holds one card, top
    # left; its back must be mirrored.
    files = build(tmp_path, ("treenex",), values="0-6", copies=3, duplex=duplex, pack=False)
    path = files["treenex.pdf"]
    assert len(PdfReader(path).pages) == 12
    (fx, fy), *_ = card_frames(path, 11)
    back = card_frames(path, 12)
    front_x, front_y = fx - 3.81 / 2, fy - 3.81 / 2  # the front frame sits half an inset inside the card
    backs = [(x - 3.81 / 2, y - 3.81 / 2) for x, y in back if x > 0]  # so does the back frame
    bx, by = min(backs, key=lambda b: b[1]) if duplex == "long-edge" else backs[0]
    if duplex == "long-edge":
        assert front_x + bx + 76.2 == pytest.approx(LETTER[0], abs=0.01)
        assert by == pytest.approx(front_y, abs=0.01)
    else:
        assert front_y + by + 127.0 == pytest.approx(LETTER[1], abs=0.01)
        assert bx == pytest.approx(front_x, abs=0.01)


def test_same_inputs_same_bytes(tmp_path: Path, default_build: dict[str, Path]) -> None:
    again = build(tmp_path)
    for name, path in default_build.items():
        assert again[name].read_bytes() == path.read_bytes(), name


def test_sets_group_pages_and_label_cards(tmp_path: Path) -> None:
    files = build(tmp_path, ("cleariosity",), sets=3, pack=False)
    reader = PdfReader(files["cleariosity-numbers.pdf"])
    assert len(reader.pages) == 21  # each set starts a new sheet: 3 x 7


def test_mirror_flips_the_page(tmp_path: Path, default_build: dict[str, Path]) -> None:
    files = build(tmp_path, ("cleariosity",), mirror=True, pack=False)
    geometry = CleariosityGeometry(*POKER)
    with (
        pdfplumber.open(files["cleariosity-numbers.pdf"]) as mirrored,
        pdfplumber.open(default_build["cleariosity-numbers.pdf"]) as plain,
    ):
        dots = [
            sorted(
                round(c["x0"] / PT, 2)
                for c in pdf.pages[0].curves
                if c["fill"] and c["non_stroking_color"] != (0, 0, 0)
            )
            for pdf in (plain, mirrored)
        ]
    r = geometry.dot_radius
    assert dots[1] == sorted(round(LETTER[0] - x - 2 * r, 2) for x in dots[0])


def test_registration_marks_at_the_printable_corners(tmp_path: Path) -> None:
    files = build(tmp_path, ("cleariosity",), registration=True, pack=False)
    with pdfplumber.open(files["cleariosity-numbers.pdf"]) as pdf:
        squares = sorted((round(r["x0"] / PT, 3), round(r["top"] / PT, 3)) for r in pdf.pages[0].rects if r["fill"])
    assert squares == [(5.0, 5.0), (5.0, 269.4), (205.9, 5.0), (205.9, 269.4)]


def test_cut_lines_run_the_full_page_through_every_cut(tmp_path: Path) -> None:
    files = build(tmp_path, ("cleariosity",), marks="lines", pack=False)
    with pdfplumber.open(files["cleariosity-numbers.pdf"]) as pdf:
        lines = [ln for ln in pdf.pages[0].lines if abs(ln["linewidth"] - 0.5) < 1e-3]
    vertical = sorted(round(ln["x0"] / PT, 3) for ln in lines if ln["x0"] == ln["x1"])
    horizontal = sorted(round(ln["top"] / PT, 3) for ln in lines if ln["top"] == ln["bottom"])
    assert vertical == pytest.approx(expected_cuts(3, POKER[0], LETTER[0]), abs=0.05)
    assert horizontal == pytest.approx(expected_cuts(3, POKER[1], LETTER[1]), abs=0.05)
    for ln in lines:
        length = max(ln["x1"] - ln["x0"], ln["bottom"] - ln["top"]) / PT
        assert length == pytest.approx(LETTER[1] if ln["x0"] == ln["x1"] else LETTER[0], abs=0.01)


@pytest.mark.parametrize(
    ("duplex", "expected"), [("long-edge", "/DuplexFlipLongEdge"), ("short-edge", "/DuplexFlipShortEdge")]
)
def test_every_pdf_asks_the_print_dialog_for_actual_size_and_the_right_flip(
    duplex: str, expected: str, tmp_path: Path
) -> None:
    files = build(tmp_path, duplex=duplex)
    wanted = {
        "cleariosity-numbers.pdf": "/Simplex",  # film, one side
        "treenex.pdf": expected,
        "teacher-pack.pdf": "/Simplex",
    }
    for name, flip in wanted.items():
        preferences = PdfReader(files[name]).trailer["/Root"]["/ViewerPreferences"]
        assert preferences["/PrintScaling"] == "/None", name
        assert preferences["/Duplex"] == flip, name


def form_positions(path: Path, page: int) -> list[tuple[float, float]]:
    """(x, y) in mm, y down from the top, of every card form placed on a page (lower-left corners)."""
    reader = PdfReader(path)
    sheet = reader.pages[page - 1]
    height = float(sheet.mediabox.height)
    stream = sheet.get_contents().get_data().decode("latin-1")
    found = re.findall(r"1 0 0 1 ([-\d.]+) ([-\d.]+) cm\s*/([\w.]+) Do", stream)
    return [(float(x) / PT, (height - float(y)) / PT) for x, y, _ in found]


@pytest.mark.parametrize(("duplex", "seen_from_front"), [("long-edge", (-1.0, 1.5)), ("short-edge", (-1.0, 1.5))])
def test_back_offset_moves_every_back_by_the_reading_the_other_way(
    duplex: str, seen_from_front: tuple[float, float], tmp_path: Path
) -> None:
    """A back that landed 1 mm right and 1.5 mm high (reading 1mm,-1.5mm) is drawn 1 mm left and 1.5 mm lower."""
    plain = build(tmp_path / "plain", ("treenex",), duplex=duplex, pack=False)["treenex.pdf"]
    moved = build(tmp_path / "moved", ("treenex",), duplex=duplex, back_offset="1mm,-1.5mm", pack=False)
    fronts_plain, fronts_moved = form_positions(plain, 1), form_positions(moved["treenex.pdf"], 1)
    assert fronts_plain == fronts_moved  # fronts stay
    backs_plain, backs_moved = form_positions(plain, 2), form_positions(moved["treenex.pdf"], 2)
    assert len(backs_plain) == len(backs_moved) == 4
    for (x0, y0), (x1, y1) in zip(backs_plain, backs_moved, strict=True):
        dx, dy = x1 - x0, y1 - y0  # on the back page
        # Seen from the front, a long-edge flip mirrors x, a short-edge flip mirrors y.
        front_dx, front_dy = (-dx, dy) if duplex == "long-edge" else (dx, -dy)
        assert (front_dx, front_dy) == pytest.approx(seen_from_front, abs=0.01)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_fold_over_backs_mirror_their_fronts_about_the_fold(paper: str, tmp_path: Path) -> None:
    files = build(tmp_path, ("treenex",), duplex="fold", paper=paper, pack=False)
    path = files["treenex.pdf"]
    reader = PdfReader(path)
    assert len(reader.pages) == 20  # 40 cards, 2 pairs a page, no back pages
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/Simplex"
    stream = reader.pages[0].get_contents().get_data().decode("latin-1")
    placed = re.findall(r"1 0 0 1 ([-\d.]+) ([-\d.]+) cm\s*/([\w.]+) Do", stream)
    width = 76.2
    fronts = [(float(x) / PT, float(y) / PT) for x, y, name in placed if name.endswith(("T01", "T02"))]
    backs = [(float(x) / PT, float(y) / PT) for x, y, name in placed if name.endswith("treenex_back")]
    assert len(fronts) == len(backs) == 2
    folds = []
    for (fx, fy), (bx, by) in zip(sorted(fronts), sorted(backs), strict=True):
        fold = fx + width
        assert fold - fx == pytest.approx((bx + width) - fold, abs=0.01)  # left edge ↔ right edge
        assert bx == pytest.approx(fold, abs=0.01) and by == pytest.approx(fy, abs=0.01)
        folds.append(fold)
    grey_dashes = [m for m in mark_lines(path, 1) if abs(m["x0"] - m["x1"]) < 1e-6 and m["bottom"] - m["top"] <= 1.01]
    assert {round(m["x0"], 2) for m in grey_dashes} == {round(f, 2) for f in folds}
    # Every pair, once cut out, still shows its fold: dashes along the fold, within the pair.
    page_h = float(reader.pages[0].mediabox.height) / PT
    for (_, fy), fold in zip(sorted(fronts), folds, strict=True):
        top, bottom = page_h - fy - 127.0, page_h - fy  # placements are measured from the page's foot
        on_pair = [m for m in grey_dashes if abs(m["x0"] - fold) < 0.01 and top <= m["top"] and m["bottom"] <= bottom]
        assert len(on_pair) >= 60  # 1 mm dashes, 1 mm apart, along the 127 mm card


def test_fold_needs_sheets(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from deckgen.cli import main

    args = ["build", "--deck", "treenex", "--duplex", "fold", "--layout", "single", "--out", str(tmp_path / "o")]
    assert main(args) == 1
    assert "--duplex fold prints each back beside its card" in capsys.readouterr().err


def ink_coverage(path: Path) -> list[tuple[float, float, float, float]]:
    """C, M, Y, K coverage of every page, from Ghostscript's inkcov device (an independent renderer)."""
    out = subprocess.run(
        ["gs", "-q", "-o", "-", "-sDEVICE=inkcov", str(path)], capture_output=True, text=True, check=True
    ).stdout
    return [tuple(float(v) for v in line.split()[:4]) for line in out.splitlines() if "CMYK" in line]  # type: ignore[misc]


def test_cmyk_prints_black_digits_with_the_k_plate_alone(tmp_path: Path) -> None:
    cmyk = ink_coverage(build(tmp_path / "cmyk", ("treenex",), color="cmyk", pack=False)["treenex.pdf"])
    rgb = ink_coverage(build(tmp_path / "rgb", ("treenex",), pack=False)["treenex.pdf"])
    fronts, backs = cmyk[0::2], cmyk[1::2]
    for c, m, y, k in fronts:  # black digits, dark-grey ids, the grey frame
        assert (c, m, y) == (0.0, 0.0, 0.0) and k > 0
    assert all(c > 0 and m > 0 for c, m, _, _ in backs)  # the blue back keeps its colour
    assert all(c > 0 and m > 0 and y > 0 for c, m, y, _ in rgb[0::2])  # RGB black prints on every plate


def test_the_print_shop_profile_uses_cmyk(tmp_path: Path) -> None:
    from deckgen.cli import main

    out = tmp_path / "shop"
    assert main(["build", "--profile", "print-shop", "--deck", "treenex", "--no-pack", "--out", str(out)]) == 0
    c, m, y, k = ink_coverage(out / "treenex.pdf")[0]
    assert (c, m, y) == (0.0, 0.0, 0.0) and k > 0


def test_cmyk_teacher_pack_prints_text_on_the_k_plate_alone(tmp_path: Path) -> None:
    """The pack of a CMYK build: pages of text (the Treenex rules, the printing guide) use K alone."""
    pack = build(tmp_path / "cmyk", color="cmyk")["teacher-pack.pdf"]
    cmyk = ink_coverage(pack)
    rgb = ink_coverage(build(tmp_path / "rgb")["teacher-pack.pdf"])
    with pdfplumber.open(pack) as pdf:
        treenex = next(i for i, page in enumerate(pdf.pages) if "Treenex" in (page.extract_text() or "")[:40])
    for page in (cmyk[treenex], cmyk[-1]):
        c, m, y, k = page
        assert (c, m, y) == (0.0, 0.0, 0.0) and k > 0
    assert all(v > 0 for v in rgb[-1][:3])  # RGB black text prints on every plate


def test_every_pdf_of_a_cmyk_build_prints_black_on_k_alone(tmp_path: Path) -> None:
    """The calibration sheet that comes with two-sided sheets is black and white: on K alone too
    (the decks and the pack are checked above)."""
    files = build(tmp_path / "cmyk", ("treenex",), color="cmyk")
    assert "calibration.pdf" in files
    for page in ink_coverage(files["calibration.pdf"]):
        c, m, y, k = page
        assert (c, m, y) == (0.0, 0.0, 0.0) and k > 0
