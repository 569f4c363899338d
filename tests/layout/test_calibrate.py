"""The calibration sheet, read back from its PDF: a true 100 mm ruler, and verniers whose
reading is the misplacement that --back-offset takes."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.cli import main
from deckgen.layout.calibration import READINGS, ROW, CalibrationSheet
from deckgen.units import PAPER_SIZES
from tests.pdfcheck import page_level_lines


def sheet_lines(tmp_path: Path, paper: str, duplex: str) -> tuple[list, list]:
    out = tmp_path / "calibration.pdf"
    assert main(["calibrate", "--paper", paper, "--duplex", duplex, "--out", str(out)]) == 0
    data = out.read_bytes()
    return page_level_lines(data, 1), page_level_lines(data, 2)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_ruler_measures_100_mm_in_the_pdf(paper: str, tmp_path: Path) -> None:
    front, _ = sheet_lines(tmp_path, paper, "long-edge")
    lengths = [abs(x1 - x0) for x0, y0, x1, y1, _ in front if abs(y0 - y1) < 1e-6]
    assert any(abs(length - 100.0) < 0.01 for length in lengths)
    assert any(abs(length - 101.6) < 0.01 for length in lengths)  # the 4 inch ruler


@pytest.mark.parametrize("duplex", ["long-edge", "short-edge"])
@pytest.mark.parametrize("error", [0.0, 1.5, -2.5, 4.0, -5.0])
def test_the_staircases_read_how_far_the_back_landed(duplex: str, error: float, tmp_path: Path) -> None:
    """Shift the back's lines as a printer would, and read the sheet like a teacher."""
    front, back = sheet_lines(tmp_path, "letter", duplex)
    sheet = CalibrationSheet(*PAPER_SIZES["letter"], duplex)
    width, height = sheet.width, sheet.height

    def from_front(x: float, y: float) -> tuple[float, float]:
        return (width - x, y) if duplex == "long-edge" else (x, height - y)

    (xx, xy), (yx, yy) = sheet.x_scale_centre, sheet.y_scale_centre
    upright = [ln for ln in front if abs(ln[0] - ln[2]) < 0.01 and abs(ln[0] - xx) < 0.01]
    level = [ln for ln in front if abs(ln[1] - ln[3]) < 0.01 and abs(ln[1] - yy) < 0.01]
    assert len(upright) == 1 and len(level) == 1
    steps_x, steps_y = [], []
    for x0, y0, x1, y1, _ in back:
        (fx0, fy0), (fx1, fy1) = from_front(x0, y0), from_front(x1, y1)
        if abs(fx0 - fx1) < 0.01 and xy <= min(fy0, fy1) <= xy + ROW * len(READINGS):
            steps_x.append((min(fy0, fy1), fx0 + error))  # (height, where it shows when misplaced)
        if abs(fy0 - fy1) < 0.01 and yx <= min(fx0, fx1) <= yx + ROW * len(READINGS):
            steps_y.append((min(fx0, fx1), fy0 + error))
    for steps, line_at in ((sorted(steps_x), xx), (sorted(steps_y), yy)):
        assert len(steps) == len(READINGS)
        on_line = [n for n, (_, at) in enumerate(steps) if abs(at - line_at) < 0.01]
        assert len(on_line) == 1
        assert READINGS[on_line[0]] == pytest.approx(error)  # the number printed beside that step


@pytest.mark.parametrize("paper", ["100x100mm", "150x200mm", "297x210mm", "a4x"])
def test_small_or_landscape_paper_is_refused(paper: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if paper == "a4x":
        paper = "279.4x215.9mm"  # letter on its side
    assert main(["calibrate", "--paper", paper, "--out", str(tmp_path / "c.pdf")]) == 1
    assert "upright paper at least 195 x 255 mm" in capsys.readouterr().err
    assert not (tmp_path / "c.pdf").exists()


@pytest.mark.parametrize("paper", ["letter", "a4", "legal", "tabloid", "a3", "195x255mm"])
def test_everything_on_the_sheet_is_on_the_paper(paper: str, tmp_path: Path) -> None:
    """Read back from the PDF: every letter and line of both sides lies inside the page, 5 mm in."""
    import pdfplumber

    out = tmp_path / "c.pdf"
    assert main(["calibrate", "--paper", paper, "--out", str(out)]) == 0
    k = 72 / 25.4
    with pdfplumber.open(out) as pdf:
        for page in pdf.pages:
            drawn = page.chars + page.lines + page.rects + page.curves
            assert min(o["x0"] for o in drawn) >= 5 * k and min(o["top"] for o in drawn) >= 5 * k
            assert max(o["x1"] for o in drawn) <= page.width - 5 * k
            assert max(o["bottom"] for o in drawn) <= page.height - 5 * k


@pytest.mark.parametrize("paper", ["letter", "a4", "legal", "tabloid"])
def test_no_text_runs_into_a_drawing(paper: str, tmp_path: Path) -> None:
    """Every word of the front stands clear of the rulers, the square and the staircase lines."""
    import pdfplumber

    out = tmp_path / "calibration.pdf"
    assert main(["calibrate", "--paper", paper, "--out", str(out)]) == 0
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        shapes = [(s["x0"], s["top"], s["x1"], s["bottom"]) for s in [*page.lines, *page.rects]]
        for word in page.extract_words():
            box = (word["x0"], word["top"], word["x1"], word["bottom"])
            hits = [s for s in shapes if s[0] < box[2] and box[0] < s[2] and s[1] < box[3] and box[1] < s[3]]
            assert not hits, f"{word['text']!r} runs into a drawing on {paper}"
