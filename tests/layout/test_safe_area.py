"""Printed art stays where printers and trimmers leave it alone; a folded back sits as far
from its fold as the front.

Measured from the PDFs themselves: pages are rendered by poppler and the ink found in the
pixels, and fold-over pairs are read back with pdfplumber.
"""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from PIL import Image

from deckgen.games import game
from deckgen.layout.decks import SAFE_INSIDE_TRIM, safe_distance
from deckgen.layout.faces import Face
from deckgen.layout.primitives import ink_bounds
from deckgen.printing import resolve
from deckgen.profiles import load_profiles
from deckgen.render.pdf import plan_to_pdf
from tests.gamekit import GAMES, sheet_plan
from tests.pdfcheck import PT, render

DPI = 200
PIXEL = 25.4 / DPI

#: Every profile with each game it prints, and each game alone on one-card pages with and
#: without bleed.
CASES = [
    (name, key) for name, chosen in load_profiles().items() for key in ([chosen["deck"]] if "deck" in chosen else GAMES)
]
SINGLES = [(key, bleed) for key in GAMES for bleed in ("0mm", "3mm")]


def _ink_box(image: Image.Image) -> tuple[float, float, float, float]:
    """The box (mm, y down) of every pixel darker than paper white."""
    box = image.point(lambda v: 255 if v < 245 else 0).getbbox()
    assert box is not None, "the page is blank"
    x0, y0, x1, y1 = box
    return x0 * PIXEL, y0 * PIXEL, x1 * PIXEL, y1 * PIXEL


def _check_one_card_pages(key: str, options: dict[str, str], profile: dict | None, name: str | None, tmp: Path) -> None:
    settings = resolve(game(key), profile, options, name)
    plan = sheet_plan(key, settings)
    safe = safe_distance(settings)
    assert safe == (SAFE_INSIDE_TRIM if settings.bleed else settings.margin)
    # The first card's front and back, and a card of the last set (with its set label).
    pages = plan.pages[:2]
    plan.pages = pages
    pdf = tmp / "cards.pdf"
    pdf.write_bytes(plan_to_pdf(plan, "t", None, "", settings.duplex))
    for number, page in enumerate(pages, start=1):
        tx, ty, tw, th = page.trim or (0.0, 0.0, page.width, page.height)
        x0, y0, x1, y1 = _ink_box(render(pdf, number, DPI, tmp))
        nearest = min(x0 - tx, y0 - ty, tx + tw - x1, ty + th - y1)
        # One pixel of rendering either way.
        assert nearest >= safe - PIXEL, f"{key} page {number}: ink {nearest:.2f} mm from the trim, safe area {safe} mm"


@pytest.mark.parametrize(("name", "key"), CASES)
def test_every_profile_keeps_its_art_in_the_safe_area(name: str, key: str, tmp_path: Path) -> None:
    chosen = load_profiles()[name]
    settings = resolve(game(key), chosen, {}, name)
    if settings.layout == "single":
        _check_one_card_pages(key, {}, chosen, name, tmp_path)
        return
    # On sheets the cards are cut by the person printing: art must stay on its own card.
    plan = sheet_plan(key, settings)
    for page in plan.pages[:4]:
        for placed in page.placements:
            face: Face = plan.faces[placed.face]
            bounds = ink_bounds(face.primitives)
            if bounds is not None:
                assert bounds[0] >= -1e-6 and bounds[1] >= -1e-6
                assert bounds[2] <= face.width + 1e-6 and bounds[3] <= face.height + 1e-6


@pytest.mark.parametrize(("key", "bleed"), SINGLES)
def test_one_card_pages_keep_their_art_in_the_safe_area(key: str, bleed: str, tmp_path: Path) -> None:
    options = {"layout": "single", "marks": "none", "bleed": bleed, "sets": 12}
    if game(key).has_backs:
        options["media"] = "cardstock"
    _check_one_card_pages(key, options, None, None, tmp_path)


@pytest.mark.parametrize("key", [key for key in GAMES if game(key).has_backs])
def test_a_folded_back_is_as_far_from_the_fold_as_its_front(key: str, tmp_path: Path) -> None:
    """Measured from the PDF: the nearest drawn outline on each side of every fold."""
    settings = resolve(game(key), None, {"duplex": "fold", "media": "cardstock"})
    plan = sheet_plan(key, settings)
    plan.pages = plan.pages[:1]
    path = tmp_path / "fold.pdf"
    path.write_bytes(plan_to_pdf(plan, "t", None, "", "none"))
    card_w = settings.card[0]
    page = plan.pages[0]
    folds = sorted({round(p.x + card_w, 4) for p in page.placements if p.face.endswith("-back") is False})
    with pdfplumber.open(path) as pdf:
        drawn = pdf.pages[0].rects + pdf.pages[0].curves
        for placed in page.placements:
            fold = placed.x + card_w
            if round(fold, 4) not in folds:
                continue
            top, bottom = placed.y * PT, (placed.y + settings.card[1]) * PT
            within = [d for d in drawn if d["top"] >= top - 0.1 and d["bottom"] <= bottom + 0.1]
            left = [fold * PT - d["x1"] for d in within if fold * PT - d["x1"] > 0.01 and d["x0"] > placed.x * PT]
            right = [
                d["x0"] - fold * PT for d in within if d["x0"] - fold * PT > 0.01 and d["x1"] < (fold + card_w) * PT
            ]
            assert left and right, "each half of the pair is framed"
            assert min(left) / PT == pytest.approx(min(right) / PT, abs=0.05), (
                f"front's art {min(left) / PT:.2f} mm from the fold, back's {min(right) / PT:.2f} mm"
            )
