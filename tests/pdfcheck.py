"""Helpers that read PDFs back the way a print shop would: boxes, marks, fonts, pixels."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pdfplumber
from PIL import Image

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
