"""Helpers that read PDFs back the way a print shop would: boxes, marks, fonts, pixels."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pdfplumber
from PIL import Image
from pypdf import PdfReader

PT = 72 / 25.4  # points per mm


def run_tool(*args: str) -> str:
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


def fonts(path: Path) -> list[dict[str, str]]:
    """Rows of `pdffonts`: name and whether each font is embedded."""
    lines = run_tool("pdffonts", str(path)).splitlines()[2:]
    rows = []
    for line in lines:
        parts = line.split()
        # name, type words..., encoding, emb, sub, uni, object, id
        rows.append({"name": parts[0], "emb": parts[-5]})
    return rows


def boxes(path: Path, page: int = 1) -> dict[str, tuple[float, float, float, float]]:
    """MediaBox, TrimBox ... of a page in mm, from `pdfinfo -box`."""
    out = run_tool("pdfinfo", "-box", "-f", str(page), "-l", str(page), str(path))
    found = {}
    for line in out.splitlines():
        if "Box:" in line and line.startswith("Page"):
            label, numbers = line.split("Box:")
            name = label.split()[-1] + "Box"
            found[name] = tuple(float(n) / PT for n in numbers.split())
    return found  # type: ignore[return-value]


def mark_lines(path: Path, page: int, width_pt: float = 0.5) -> list[dict[str, float]]:
    """Straight lines drawn with the crop-mark pen, in mm with y down."""
    with pdfplumber.open(path) as pdf:
        p = pdf.pages[page - 1]
        return [
            {"x0": ln["x0"] / PT, "x1": ln["x1"] / PT, "top": ln["top"] / PT, "bottom": ln["bottom"] / PT}
            for ln in p.lines
            if abs(ln["linewidth"] - width_pt) < 1e-3
        ]


def render(path: Path, page: int, dpi: int, folder: Path) -> Image.Image:
    stem = folder / f"page{page}"
    subprocess.run(
        ["pdftoppm", "-r", str(dpi), "-png", "-singlefile", "-f", str(page), "-l", str(page), str(path), str(stem)],
        check=True,
    )
    return Image.open(stem.with_suffix(".png")).convert("L")


def page_level_lines(pdf: bytes, page: int = 1) -> list[tuple[float, float, float, float, float]]:
    """Straight two-point strokes drawn on the page itself (not inside a card's form), from its
    content stream: (x0, y0, x1, y1, width) in mm, y measured down from the top edge.

    Crop marks and cut lines are drawn this way; reading the stream directly is fast enough to
    check hundreds of layouts.
    """
    reader = PdfReader(io.BytesIO(pdf))
    sheet = reader.pages[page - 1]
    height = float(sheet.mediabox.height)
    tokens = sheet.get_contents().get_data().decode("latin-1").split()
    depth = 0
    width = 1.0
    stack: list[float] = []
    path: list[tuple[float, float]] = []
    found = []
    for token in tokens:
        try:
            stack.append(float(token))
            continue
        except ValueError:
            pass
        if token == "q":
            depth += 1
        elif token == "Q":
            depth -= 1
        elif token == "w":
            width = stack[-1]
        elif token == "m":
            path = [(stack[-2], stack[-1])]
        elif token == "l":
            path.append((stack[-2], stack[-1]))
        elif token == "S":
            if depth == 0 and len(path) == 2:
                (x0, y0), (x1, y1) = path
                found.append((x0 / PT, (height - y0) / PT, x1 / PT, (height - y1) / PT, width / PT))
            path = []
        elif token in ("n", "f", "F", "B", "b", "f*", "B*", "b*", "s", "re", "h"):
            if token not in ("re", "h"):
                path = []
        stack = []
    return found
