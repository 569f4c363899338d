"""No text runs into a drawing, on any page deckgen makes that carries text.

Read from each PDF itself with pdfplumber: every word's box, and every drawn line, rectangle
edge and curve (with its line width). A word overlaps a drawing when a stroked segment
passes through the word's box; filled shapes behind text (table shading) are not drawings
over it. Every document with text is checked on every paper it is made for: the teacher
pack of each game and of all of them (letter and A4), and the calibration sheet on every
named paper.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from deckgen.build import BuildRequest, prepare, run
from deckgen.cli import main
from deckgen.games import games
from deckgen.i18n import LANGUAGES, _, speaking
from deckgen.units import PAPER_SIZES
from tests.gamekit import GAMES

Segment = tuple[float, float, float, float, float]  # x0, y0, x1, y1 (pt, y down), line width

#: Words may touch a line (a table's cell padding is 6 pt); they may not cross into it.
TOUCH = 0.5


def _segments(page: Any) -> list[Segment]:
    found: list[Segment] = []
    for line in page.lines + page.curves:
        if not line.get("stroke", True):
            continue
        points = line["pts"]
        width = float(line.get("linewidth") or 0.0)
        found += [(x0, y0, x1, y1, width) for (x0, y0), (x1, y1) in pairwise(points)]
    for rect in page.rects:
        if not rect.get("stroke"):
            continue
        x0, y0, x1, y1, width = rect["x0"], rect["top"], rect["x1"], rect["bottom"], float(rect["linewidth"] or 0)
        found += [(x0, y0, x1, y0, width), (x1, y0, x1, y1, width), (x1, y1, x0, y1, width), (x0, y1, x0, y0, width)]
    return found


def _crosses(segment: Segment, box: tuple[float, float, float, float]) -> bool:
    """Whether the stroked segment (its width included) passes through the box (Liang-Barsky clipping)."""
    x0, y0, x1, y1, width = segment
    pad = width / 2 - TOUCH
    left, top, right, bottom = box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad
    if right <= left or bottom <= top:
        return False
    dx, dy = x1 - x0, y1 - y0
    low, high = 0.0, 1.0
    for p, q in ((-dx, x0 - left), (dx, right - x0), (-dy, y0 - top), (dy, bottom - y0)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def overlaps(path: Path) -> list[str]:
    """Every word on every page that a drawn line passes through."""
    found = []
    with pdfplumber.open(path) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            segments = _segments(page)
            for word in page.extract_words(keep_blank_chars=False):
                box = (word["x0"], word["top"], word["x1"], word["bottom"])
                if any(_crosses(segment, box) for segment in segments):
                    found.append(f"{path.name} page {number}: {word['text']!r} at ({box[0]:.0f}, {box[1]:.0f}) pt")
    return found


PACKS = [(keys, paper) for keys in [*((key,) for key in GAMES), tuple(GAMES)] for paper in ("letter", "a4")]


@pytest.mark.parametrize(("keys", "paper"), PACKS, ids=lambda v: "+".join(v) if isinstance(v, tuple) else v)
def test_no_text_runs_into_a_drawing_in_the_teacher_pack(keys: tuple[str, ...], paper: str, tmp_path: Path) -> None:
    options: dict[str, Any] = {"paper": paper, "sets": 2}
    run(prepare(BuildRequest(games=keys, out=tmp_path, options=options)))
    assert not overlaps(tmp_path / "teacher-pack.pdf")


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("paper", [name for name, (w, h) in PAPER_SIZES.items() if w >= 150 and h >= 200])
def test_no_text_runs_into_a_drawing_on_the_calibration_sheet(paper: str, language: str, tmp_path: Path) -> None:
    """In every language: longer steps are set smaller, never into the rulers or scales, nor off the page."""
    out = tmp_path / "calibration.pdf"
    assert main(["calibrate", "--paper", paper, "--out", str(out), "--lang", language]) == 0
    assert not overlaps(out)
    with pdfplumber.open(out) as pdf:
        width = float(pdf.pages[0].width)
        words = [w for page in pdf.pages for w in page.extract_words()]
        text = " ".join(page.extract_text() or "" for page in pdf.pages)
    assert all(0 <= float(w["x0"]) and float(w["x1"]) <= width for w in words)
    with speaking(language):
        assert _("deckgen calibration sheet") in text and _("Back of the calibration sheet") in text


def test_the_check_finds_an_overlap(tmp_path: Path) -> None:
    """A word with a line drawn through it is found: the check can fail."""
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "crossed.pdf"
    canvas = Canvas(str(path), pagesize=(200, 100))
    canvas.drawString(20, 50, "crossed")
    canvas.line(10, 53, 150, 53)
    canvas.drawString(20, 20, "clear")
    canvas.save()
    assert [hit.split(": ")[1].split(" at")[0] for hit in overlaps(path)] == ["'crossed'"]
    assert games()  # the registry the packs above are built from
